"""``pyeval stats`` computed from the validated replay (issue 21, item 4): the counts come from the
engine's events, not from the record's action text, so a record the rules refuse is left out (said
on stderr), a fixed-limit hand with a half-chip small bet no longer divides by zero, and ``cbr inf``
no longer overflows."""
from __future__ import annotations

import json

import math

import pytest

from pyeval.cli import main
from pyeval.errors import HandHistoryError
from pyeval.hands_io._phh import HandHistory, loads
from pyeval.hands_io.stats import player_stats


def _nt(actions, **kw):
    base = dict(variant="NT", antes=[0, 0, 0], blinds_or_straddles=[1, 2, 0], min_bet=2,
                starting_stacks=[100, 100, 100], players=["sb", "bb", "btn"], name="t.phhs[1]")
    base.update(kw)
    return HandHistory(actions=actions, **base)


_HALF_CHIP_FL = """variant = "FT"
antes = [0, 0]
blinds_or_straddles = [0.5, 1]
small_bet = 0.5
big_bet = 1
starting_stacks = [20, 20]
actions = ["d dh p1 AsAh", "d dh p2 2c7d", "p2 cbr 1.5", "p1 cc", "d db Kd9s3c", "p1 cbr 0.5", "p2 f"]
players = ["a", "b"]
finishing_stacks = [21.5, 18.5]
"""


def test_a_fixed_limit_hand_with_a_half_chip_small_bet_is_counted_in_small_bets():
    (hh,) = loads(_HALF_CHIP_FL, "half.phh")
    st = player_stats([hh])  # main: ZeroDivisionError (int(0.5) small bets)
    i = {p: k for k, p in enumerate(st.players)}
    # b raised to 1.5 and folded to a's flop bet: -1.5 chips = -3 small bets of 0.5; a won them
    assert math.isclose(st.net_bb[i["b"]], -3.0) and math.isclose(st.net_bb[i["a"]], 3.0)
    assert st.net[i["a"]] == 1 and st.net[i["b"]] == -1  # whole chips, rounded toward zero
    assert st.pfr_hands[i["b"]] == 1 and st.vpip_hands[i["a"]] == 1 and st.postflop_aggressive[i["a"]] == 1


def test_cbr_inf_is_a_refused_hand_not_an_overflow():
    hh = _nt(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr inf", "p1 f", "p2 f"])
    with pytest.raises(HandHistoryError, match="t.phhs"):  # main: OverflowError
        player_stats([hh])
    left: list[tuple[str, str]] = []
    st = player_stats([hh, _nt(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"])], left_out=left,
                      include_unverified=True)  # the second records no finishing stacks
    assert [n for n, _ in left] == ["t.phhs[1]"] and st.hands.tolist() == [1, 1, 1]


def test_an_action_the_rules_refuse_is_not_counted():
    """The big blind 'raises' first, out of turn: the record's text would make him a preflop raiser
    (main counted it); the replay refuses the hand."""
    hh = _nt(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p2 cbr 6", "p3 f", "p1 f"])
    left: list[tuple[str, str]] = []
    st = player_stats([hh], left_out=left)
    assert st.players == () and len(left) == 1 and "not replayable" in left[0][1]


def test_a_raise_beyond_the_stack_is_not_counted_as_a_net_loss_of_a_million():
    hh = _nt(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 1000000", "p1 f", "p2 f"],
             finishing_stacks=[99, 98, 103])
    with pytest.raises(HandHistoryError):
        player_stats([hh])


def test_net_is_after_the_recorded_rake_and_before_it_and_unverified_hands_are_left_out():
    """Issue 22 items 4 and 6: the replay takes the recorded rake, so the net is after it and the
    pre-rake net adds back the winner's share; a record that does not add up is left out (with its
    reason) unless asked for, and then counts with the replay's net."""
    actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"]
    raked = _nt(actions, finishing_stacks=[99, 98, 102])
    raked.extra["_rake"] = 1
    st = player_stats([raked])
    assert dict(zip(st.players, st.net.tolist())) == {"sb": -1, "bb": -2, "btn": 2}
    assert dict(zip(st.players, st.net_before_rake.tolist())) == {"sb": -1, "bb": -2, "btn": 3}
    wrong = _nt(actions, finishing_stacks=[99, 98, 500])  # a record that does not add up
    left: list[tuple[str, str]] = []
    st = player_stats([raked, wrong], left_out=left)
    assert st.hands.tolist() == [1, 1, 1] and [r.split(":")[0] for _, r in left] == ["unverified"]
    assert "btn (p3): the record ends with 500, the replay with 103" in left[0][1]
    st = player_stats([wrong], include_unverified=True)
    assert dict(zip(st.players, st.net.tolist())) == {"sb": -1, "bb": -2, "btn": 3}
    with pytest.raises(HandHistoryError, match="unverified"):
        player_stats([wrong])


def test_stats_cli_leaves_out_an_unreplayable_hand_and_says_so(tmp_path, capsys):
    f = tmp_path / "h.phhs"
    f.write_text("[1]\n" + _HALF_CHIP_FL + "\n[2]\n" + _HALF_CHIP_FL.replace('"p2 cbr 1.5"', '"p2 cbr inf"'))
    assert main(["stats", str(f), "--no-progress"]) == 1  # a hand not replayable: a check failed
    cap = capsys.readouterr()
    assert "left out of the statistics: not replayable 1" in cap.err and "h.phhs[2]" in cap.err
    assert "hands: 1" in cap.err and "Traceback" not in cap.err
    assert main(["stats", str(f), "--no-progress", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 1 and [x["hand"].endswith("h.phhs[2]") for x in out["left_out"]] == [True]
    assert out["left_out"][0]["reason"].startswith("not replayable")

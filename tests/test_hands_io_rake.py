"""Rake and fees end to end (issue 22 item 4): the house's recorded take (``_rake`` + ``_jackpot`` +
``_fees``) is taken by the replay, main pot first; ``convert`` and ``replay`` decide through the one
check (:func:`pyeval.poker.phh.check_replay`); the PokerStars export writes ``Rake $X`` and keeps the
room's hand numbers, and re-imports to the same results."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyeval.cli import main
from pyeval.errors import IllegalActionError, IllegalHandHistoryError
from pyeval.hands_io import parse_file, parse_text, verify
from pyeval.hands_io._phh import load, loads
from pyeval.poker.phh import Replay, check_replay

DATA = Path(__file__).parent / "data"
HOLDEM = DATA / "hands_io" / "pokerstars_holdem.txt"


def _results(hands):
    """What must survive a round trip: hand number, players, stacks, the house's take."""
    return [(h.extra.get("hand"), h.players, h.starting_stacks, h.finishing_stacks, h.extra.get("_rake"))
            for h in hands]


def test_a_raked_pokerstars_hand_converts_replays_exports_and_reimports_the_same(tmp_path, capsys):
    first = [h.hand for h in parse_file(HOLDEM)]
    raked = [h for h in first if h.extra.get("_rake")]
    assert [h.extra["hand"] for h in raked] == ["200000000001", "200000000002", "200000000006"]
    phh = tmp_path / "a.phhs"
    assert main(["convert", str(HOLDEM), "-o", str(phh), "--no-progress"]) == 0
    assert "disagree with the replay: 0" in capsys.readouterr().err
    assert main(["replay", str(phh), "--no-progress"]) == 0  # main: off by exactly the rake
    assert "matches: 6  mismatches: 0" in capsys.readouterr().out
    text = tmp_path / "b.txt"
    assert main(["convert", str(phh), "--to", "pokerstars", "-o", str(text), "--no-progress"]) == 0
    written = text.read_text()
    assert "Total pot $1.03 | Rake $0.04" in written and "Hero collected $0.99 from pot" in written  # main: Rake $0
    assert "PokerStars Hand #200000000002:" in written and "Hand #1:" not in written  # main: renumbered #1, #2
    again = [h.hand for h in parse_file(text)]
    assert _results(again) == _results(first) and all(h.verification.ok for h in parse_file(text))
    back = tmp_path / "c.phhs"
    assert main(["convert", str(text), "-o", str(back), "--no-progress"]) == 0
    assert _results(load(back)) == _results(load(phh))


def test_the_side_pot_hand_takes_the_rake_from_the_main_pot():
    """Hand 2: main pot $1.05, side pot $1, rake $0.05; Alice collected $1 from each."""
    hh = next(h.hand for h in parse_file(HOLDEM) if h.hand.extra["hand"] == "200000000002")
    rnd = hh.replay()
    awards = [(e.player, e.amount, e.detail) for e in rnd.events if e.kind == "award"]
    assert [(e.amount, e.cards) for e in rnd.events if e.kind == "rake"] == [(5, (0,))]
    assert sorted(awards, key=lambda a: a[2]) == [(1, 100, 0), (1, 100, 1)] and rnd.rake == 5


def test_convert_and_replay_decide_alike_on_every_test_hand():
    """One code path: verify (convert) says ok exactly when check_replay (replay) matches, for
    every hand of the test data with finishing stacks (raked, split, tournament, cashed out, bad)."""
    seen = {True: 0, False: 0}
    for f in sorted((DATA / "hands_io").iterdir()):
        for h in parse_file(f):
            if h.hand is None or h.hand.finishing_stacks is None:
                continue
            try:
                res = check_replay(h.hand)
            except IllegalHandHistoryError:
                assert not verify(h.hand).ok
                continue
            assert verify(h.hand).ok == res.matches, h.hand.name
            assert verify(h.hand).problems == res.problems
            seen[res.matches] += 1
    assert seen[True] > 10 and seen[False] >= 2  # both outcomes were checked


@pytest.mark.parametrize("k", [1, 2, 4, 6])
def test_fractional_and_unbounded_records_agree_in_convert_as_in_replay(k):
    """pokerkit README hand 4 records fractions of a chip (1,937,923.75), hands 1, 2 and 6 unbounded
    (inf) stacks: convert compared them with the replay in the finer unit (or the finite stand-in)
    and reported disagreements that replay did not (main: 7751695 vs 1937923.75)."""
    hh = load(DATA / "pokerkit_readme.phhs")[k - 1]
    res = check_replay(hh)
    assert res.matches and (res.scale == 4) == (k == 4)
    v = verify(hh)
    assert v.ok and v.problems == ()


def test_convert_of_the_pokerkit_readme_agrees_everywhere(tmp_path, capsys):
    out = tmp_path / "o.phhs"
    assert main(["convert", str(DATA / "pokerkit_readme.phhs"), "-o", str(out), "--no-progress"]) == 0
    assert "disagree with the replay: 0" in capsys.readouterr().err


_HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 50, 100]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 QsQh", "p3 cbr 100", "p1 cc", "p2 cc",
           "d db 2c3d7h", "d db 8s", "d db 9c", "p3 sm QsQh", "p1 sm AsAh", "p2 sm KsKh"]
"""


def test_the_house_take_is_rake_jackpot_and_fees_main_pot_first():
    # main pot 150 (three players), side pot 100 (p1, p3): p1 wins both; the take is 3 + 1 + 1
    (hh,) = loads(_HAND + "_rake = 3\n_jackpot = 1\n_fees = 1\nfinishing_stacks = [245, 0, 0]\n")
    res = check_replay(hh)
    assert res.matches and res.stacks == (245, 0, 0)
    rnd = hh.replay()
    assert [(e.amount, e.cards) for e in rnd.events if e.kind == "rake"] == [(5, (0,))] and rnd.rake == 5
    (big,) = loads(_HAND + "_rake = 200\n")  # more than the main pot: the side pot pays the rest
    assert [(e.amount, e.cards) for e in big.replay().events if e.kind == "rake"] == [(150, (0,)), (50, (1,))]


def test_a_house_take_the_pots_cannot_pay_is_refused():
    (hh,) = loads(_HAND + "_rake = 251\n")
    with pytest.raises(IllegalHandHistoryError, match="a recorded rake must be 0..250"):
        hh.replay()
    (bad,) = loads(_HAND + '_jackpot = "x"\n')
    assert not verify(bad).ok and "_jackpot must be a whole number" in verify(bad).problems[0]
    (t,) = loads(_HAND + "_rake = 1\n_pyeval_tournament = true\n")
    with pytest.raises(IllegalHandHistoryError, match="a tournament takes no rake"):
        t.replay()


def test_a_fractional_record_scales_its_rake():
    (hh,) = loads(_HAND.replace("[1, 2, 0]", "[0.5, 1, 0]").replace("min_bet = 2", "min_bet = 1")
                  + "_rake = 2.5\n_total_pot = 250\nfinishing_stacks = [247.5, 0, 0]\n")
    res = check_replay(hh)
    assert res.scale == 2 and res.matches, res.problems
    (off,) = loads(_HAND + "_total_pot = 249\nfinishing_stacks = [250, 0, 0]\n")
    assert check_replay(off).problems == ("the record's total pot is 249, the replay's 250",)


def test_round_award_with_a_recorded_rake_checks_it_and_changes_nothing_on_refusal():
    (hh,) = loads(_HAND)
    rep = Replay(hh, False)
    for _ in rep.actions():
        pass
    rnd = rep.rnd
    before = rnd.snapshot()
    for bad in (251, -1, True, 2.0):
        with pytest.raises(IllegalActionError, match="recorded rake"):
            rnd.award(rake=bad)  # type: ignore[arg-type]
        assert rnd.snapshot() == before
    rnd.award(rake=7)
    assert rnd.rake == 7 and rnd.stacks == (243, 0, 0)


def test_convert_writes_the_rake_into_the_phh_that_replay_applies(tmp_path):
    text = HOLDEM.read_text().split("\n\n\n\n")[0]
    (h,) = parse_text(text, "pokerstars")
    assert h.hand.extra["_rake"] == 4 and h.hand.finishing_stacks[3] == 251
    h.hand.extra["_rake"] = 0  # forgotten: the replay pays the winner the whole pot, and says so
    res = check_replay(h.hand)
    assert not res.matches and "Hero (p4): the record ends with 251, the replay with 255 (+4)" in res.problems

"""Blinds posted outside the table's blinds (:meth:`pyeval.poker.Round.post_extra_blind`, PHH
``_live_blinds`` / ``_dead_blinds``): a player coming in posts a live big blind (his bet, with the
option a blind has, § 637a.11(g)) and/or dead money (the main pot's, no part of his bet). Who owes
one is the room's configuration under § 637a.11(d) (additional Blind Bets of the Rules Submission)."""
from __future__ import annotations

import pytest

from pyeval.errors import HandHistoryError, IllegalActionError, IllegalHandHistoryError, OutOfTurnError
from pyeval.poker import PokerRules, Round, phh
from pyeval.poker.games import STUD

RULES = PokerRules(seats=6, blinds=(1, 2), min_bet=2)


def _round(stacks: list[int] | None = None) -> Round:
    r = Round(RULES, stacks or [100, 100, 100, 100])
    r.post_forced_bets()
    return r


_HOLES = ["AsAd", "KsKd", "QsQd", "JsJd"]


@pytest.mark.regulation("637a.11(d)")
@pytest.mark.regulation("637a.11(g)")
def test_a_live_blind_is_the_posters_bet_and_he_keeps_the_option():
    r = _round()
    r.post_extra_blind(2, live=2)
    assert r.stacks == (99, 98, 98, 100) and r.bets == (1, 2, 2, 0)
    r.deal_hole_cards(_HOLES)
    assert r.actor == 2
    opts = r.betting_options()
    assert opts is not None and opts.can_check and opts.call_amount == 0 and opts.can_raise
    r.check_or_call()      # p3 checks: his live blind is his bet
    r.fold()               # p4
    r.check_or_call()      # p1 completes
    assert r.actor == 1    # the big blind still has his option
    r.bet_or_raise_to(6)
    assert r.actor == 2    # and the live poster may call or raise again
    r.check_or_call()
    assert r.stacks[2] == 94 and r.contrib[2] == 6


@pytest.mark.regulation("637a.11(d)")
def test_a_dead_blind_goes_to_the_pot_and_is_no_part_of_the_bet():
    r = _round()
    r.post_extra_blind(2, dead=1)
    assert r.stacks == (99, 98, 99, 100) and r.bets == (1, 2, 0, 0)
    assert sum(p.amount for p in r.pots()) == 4
    r.deal_hole_cards(_HOLES)
    opts = r.betting_options()
    assert opts is not None and opts.call_amount == 2 and not opts.can_check  # the dead chip does not count
    kinds = [(e.kind, e.player, e.amount) for e in r.events]
    assert ("dead_blind", 2, 1) in kinds


def test_small_and_big_blinds_posted_together_are_a_live_big_blind_and_a_dead_small_blind():
    r = _round()
    r.post_extra_blind(3, live=2, dead=1)
    r.deal_hole_cards(_HOLES)
    r.check_or_call()  # p3 calls 2
    r.bet_or_raise_to(10)  # p4 raises: 8 more than his live 2
    assert r.stacks[3] == 89 and r.contrib[3] == 11


@pytest.mark.regulation("637a.11(d)")
def test_dead_money_is_the_main_pots_and_never_a_side_pot_layer():
    # p4 posts 1 dead and 2 live, then everyone is all in for different amounts
    r = _round([100, 100, 10, 40])
    r.post_extra_blind(3, live=2, dead=1)
    r.deal_hole_cards(_HOLES)
    r.bet_or_raise_to(10)      # p3 all in for 10
    r.bet_or_raise_to(37)      # p4 all in: 37 bet (2 live + 35), 1 dead
    r.fold()
    r.fold()
    pots = r.pots()
    # p4's bet beyond p3's all-in is returned; the one pot holds both bets, the folded blinds and
    # the dead chip, which was never a layer of p4's own
    assert [(p.amount, p.eligible) for p in pots] == [(10 + 10 + 1 + 2 + 1, (2, 3))]
    assert r.stacks[3] == 40 - 1 - 10


@pytest.mark.parametrize("kwargs, err", [
    ({"player": 2, "live": 3}, IllegalActionError),   # above the amount to call
    ({"player": 2, "live": 0, "dead": 0}, IllegalActionError),
    ({"player": 2, "live": -1}, IllegalActionError),
    ({"player": 9, "live": 2}, IllegalActionError),
    ({"player": 2, "dead": 101}, IllegalActionError),   # more than his stakes, § 637a.8(b)(1)
    ({"player": 2, "live": True}, IllegalActionError),
])
def test_bad_extra_blinds_are_refused_and_change_nothing(kwargs, err):
    r = _round()
    before = (r.stacks, r.bets, r.contrib, len(r.events))
    assert not r.can_post_extra_blind(**kwargs)
    with pytest.raises(err):
        r.post_extra_blind(**kwargs)
    assert (r.stacks, r.bets, r.contrib, len(r.events)) == before


def test_an_extra_blind_is_posted_after_the_forced_bets_and_before_the_cards():
    r = Round(RULES, [100] * 4)
    with pytest.raises(OutOfTurnError):
        r.post_extra_blind(2, live=2)
    r.post_forced_bets()
    r.deal_hole_cards(_HOLES)
    with pytest.raises(OutOfTurnError):
        r.post_extra_blind(2, live=2)


def test_a_stud_game_has_no_extra_blinds():
    r = Round(PokerRules(seats=4, blinds=(), ante=1, bring_in=2, min_bet=4, variant=STUD), [100] * 3)
    r.post_forced_bets()
    with pytest.raises(IllegalActionError):
        r.post_extra_blind(1, dead=1)


_PHH = '''
variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
starting_stacks = [100, 100, 100, 100]
_live_blinds = [0, 0, 2, 0]
_dead_blinds = [0, 0, 1, 0]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "p3 cc", "p4 f", "p1 cc", "p2 cc",
           "d db AhKhQh", "p1 cbr 10", "p2 f", "p3 f"]
min_bet = 2
finishing_stacks = [105, 98, 97, 100]
'''


def test_phh_extra_blinds_replay_and_round_trip():
    (hh,) = phh.loads(_PHH)
    assert hh.extra_blinds() == ((2, 2, 1),)
    res = phh.check_replay(hh)
    assert res.matches, res
    written = phh.from_round(hh.replay())
    assert written.extra["_live_blinds"] == [0, 0, 2, 0] and written.extra["_dead_blinds"] == [0, 0, 1, 0]
    (again,) = phh.loads(phh.dumps(written))
    assert phh.check_replay(again).stacks == res.stacks


def test_phh_without_the_fields_differs_by_the_dead_chip():
    text = _PHH.replace("_dead_blinds = [0, 0, 1, 0]\n", "")
    res = phh.check_replay(phh.loads(text)[0])
    assert not res.matches and res.stacks == (104, 98, 98, 100)


def test_phh_extra_blinds_in_fractions_of_a_chip_are_scaled():
    text = _PHH.replace("[0, 0, 1, 0]", "[0, 0, 0.5, 0]").replace("[105, 98, 97, 100]", "[104.5, 98, 97.5, 100]")
    (hh,) = phh.loads(text)
    assert hh.unit_scale == 2
    assert phh.check_replay(hh).matches


@pytest.mark.parametrize("value", ["[0, 0, 1]", "[0, 0, -1, 0]", "[0, 0, 1, 0, 0]", "'x'", "[0, 0, true, 0]"])
def test_bad_phh_extra_blind_fields_are_one_clear_error(value):
    text = _PHH.replace("_dead_blinds = [0, 0, 1, 0]", f"_dead_blinds = {value}")
    (hh,) = phh.loads(text)
    with pytest.raises(HandHistoryError, match="_dead_blinds"):
        hh.in_units(hh.unit_scale).extra_blinds()


def test_a_live_blind_above_the_amount_to_call_but_short_of_a_straddle_is_refused_by_the_replay():
    text = _PHH.replace("_live_blinds = [0, 0, 2, 0]", "_live_blinds = [0, 0, 3, 0]")
    with pytest.raises(IllegalHandHistoryError, match="straddle"):
        phh.loads(text)[0].replay()


@pytest.mark.regulation("637a.11(g)")
def test_a_straddle_from_any_seat_opens_the_betting_at_its_left():
    """GGPoker's short deck: antes, a button blind, and a straddle by the player right of the button;
    the button acts first preflop and the straddler last (room configuration beside § 637a.11(e))."""
    r = Round(PokerRules(seats=5, blinds=(2,), ante=2, min_bet=2), [200] * 4, blind_posters=(3,))
    r.post_forced_bets()
    r.post_extra_blind(2, live=4)
    r.deal_hole_cards(_HOLES)
    assert r.actor == 3 and r.betting_options().call_amount == 2  # the button, who posted 2
    r.check_or_call()
    r.fold()               # p1
    r.check_or_call()      # p2 calls 4
    assert r.actor == 2    # the straddler has the option
    opts = r.betting_options()
    assert opts.can_check and opts.min_to == 8
    kinds = [(e.kind, e.player, e.amount) for e in r.events]
    assert ("straddle", 2, 4) in kinds
    written = phh.from_round(r)
    assert written.extra["_live_blinds"] == [0, 0, 4, 0] and written.blinds_or_straddles == [0, 0, 0, 2]

"""The house's take pot by pot (issue 22, decision 043): ``Round.award(rake=[...])``, PHH
``_pot_rakes`` (replayed, written by ``from_round``, scaled by ``in_units``) and its derivation by
the room readers from what each winner collected. Hands written for these tests, on the PokerStars
layout (a side pot raked in proportion, as PokerStars, 888 and Bovada take it)."""
from __future__ import annotations

import pytest

from pyeval.errors import HandHistoryError, IllegalActionError
from pyeval.hands_io import parse_text, to_pokerstars
from pyeval.hands_io._pot_rakes import pot_rakes
from pyeval.poker import PokerRules, Round, phh


def _all_in_round(take=None):
    """p1 (SB) all in for 10 preflop; p2 and p3 bet on: main pot 30, side pot 40; p1 wins the main
    pot with aces, p3 the side pot with kings over p2's queens."""
    r = Round(PokerRules(seats=3, blinds=(1, 2)), [10, 100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "QsQh", "KsKh"])
    r.check_or_call()  # p3 calls 2
    r.bet_or_raise_to(10)  # p1 all in
    r.check_or_call()
    r.check_or_call()
    r.deal_board("2c 7d 9h")
    r.bet_or_raise_to(20)  # p2
    r.check_or_call()  # p3
    r.deal_board("Js")
    r.check_or_call()
    r.check_or_call()
    r.deal_board("3c")
    r.check_or_call()
    r.check_or_call()
    while r.showdown_order():
        r.show()
    if take is not None:
        r.award(rake=take)
    return r


def test_a_rake_per_pot_is_taken_from_each_pot_before_it_is_split():
    r = _all_in_round([1, 3])
    assert [(e.amount, e.cards) for e in r.events if e.kind == "rake"] == [(1, (0,)), (3, (1,))]
    assert [(e.player, e.amount, e.detail) for e in r.events if e.kind == "award"] == [(0, 29, 0), (2, 37, 1)]
    assert list(r.stacks) == [29, 70, 107] and r.rake == 4


def test_an_int_rake_still_comes_from_the_main_pot_first():
    r = _all_in_round(4)
    assert [(e.amount, e.cards) for e in r.events if e.kind == "rake"] == [(4, (0,))]
    assert list(r.stacks) == [26, 70, 110]


@pytest.mark.parametrize("bad", [[1], [1, 2, 0], [31, 0], [0, 41], [-1, 2], [True, 0], ["1", 0], []])
def test_a_bad_rake_per_pot_is_refused_and_changes_nothing(bad):
    r = _all_in_round()
    before = (list(r.stacks), len(r.events))
    with pytest.raises(IllegalActionError, match="rake"):
        r.award(rake=bad)
    assert (list(r.stacks), len(r.events)) == before and r.can_award()
    r.award(rake=[0, 0])
    assert list(r.stacks) == [30, 70, 110]


def test_a_tournament_takes_no_rake_per_pot_either():
    r = Round(PokerRules(seats=2, blinds=(1, 2), tournament=True), [10, 10])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh"])
    r.fold()
    with pytest.raises(IllegalActionError, match="tournament takes no rake"):
        r.award(rake=[1])


def test_from_round_writes_the_take_pot_by_pot_and_the_replay_takes_the_same():
    r = _all_in_round([1, 3])
    hh = phh.from_round(r)
    assert hh.extra["_rake"] == 4 and hh.extra["_pot_rakes"] == [1, 3]
    again = phh.loads(phh.dumps(hh))[0]
    assert again.pot_takes() == [1, 3] and phh.check_replay(again).matches
    assert list(again.replay().stacks) == [29, 70, 107]
    main_first = phh.from_round(_all_in_round(4))
    assert main_first.extra["_rake"] == 4 and "_pot_rakes" not in main_first.extra  # the default division


def test_pot_rakes_must_add_up_to_the_house_take():
    hh = phh.from_round(_all_in_round([1, 3]))
    hh.extra["_pot_rakes"] = [1, 2]
    with pytest.raises(HandHistoryError, match="sums to 3, the house's take"):
        hh.replay()
    hh.extra["_pot_rakes"] = [1, "3"]
    with pytest.raises(HandHistoryError, match="_pot_rakes must be a list"):
        hh.pot_takes()


def test_pot_rakes_scale_with_a_record_in_fractions_of_a_chip():
    hh = phh.from_round(_all_in_round([1, 3]))
    assert hh.in_units(4).extra["_pot_rakes"] == [4, 12] and hh.in_units(4).pot_takes() == [4, 12]


SIDE_POT_RAKED = """\
PokerStars Hand #209900000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2021/03/02 20:15:00 ET
Table 'Atlas' 3-max Seat #2 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($5 in chips)
Seat 3: Carl ($0.35 in chips)
Carl: posts small blind $0.05
Alice: posts big blind $0.10
*** HOLE CARDS ***
Bob: raises $0.20 to $0.30
Carl: raises $0.05 to $0.35 and is all-in
Alice: calls $0.25
Bob: calls $0.05
*** FLOP *** [Qd 8c 3d]
Alice: bets $0.50
Bob: calls $0.50
*** TURN *** [Qd 8c 3d] [Jc]
Alice: checks
Bob: checks
*** RIVER *** [Qd 8c 3d Jc] [2s]
Alice: bets $1
Bob: folds
Uncalled bet ($1) returned to Alice
*** SHOW DOWN ***
Alice: shows [As Kd] (high card Ace)
Carl: shows [Qh Qs] (three of a kind, Queens)
Alice collected $0.90 from side pot
Carl collected $1 from main pot
*** SUMMARY ***
Total pot $2.05 Main pot $1. Side pot $0.90. | Rake $0.15
Board [Qd 8c 3d Jc 2s]
Seat 1: Alice (big blind) showed [As Kd] and won ($0.90) with high card Ace
Seat 2: Bob (button) folded on the River
Seat 3: Carl (small blind) showed [Qh Qs] and won ($1) with three of a kind, Queens
"""


def test_a_room_that_rakes_the_side_pot_too_is_read_pot_by_pot():
    (h,) = parse_text(SIDE_POT_RAKED, "pokerstars")
    hh = h.hand
    assert hh.extra["_rake"] == 15 and hh.extra["_pot_rakes"] == [5, 10]  # main pot $1.05 paid 5, side $1 paid 10
    assert h.verification.ok and phh.check_replay(hh).matches
    assert any("pot by pot" in n for n in h.verification.notes)
    without = phh.loads(phh.dumps(hh))[0]
    del without.extra["_pot_rakes"]  # main pot first: Carl would collect $0.90, Alice $1
    assert not phh.check_replay(without).matches


def test_the_pot_by_pot_take_exports_and_reimports_the_same():
    (h,) = parse_text(SIDE_POT_RAKED, "pokerstars")
    rnd = h.hand.replay()
    text = to_pokerstars(rnd, h.hand.players, hand_id="209900000001", currency="USD")
    assert "Carl collected $1 from main pot" in text and "Alice collected $0.90 from side pot" in text
    assert "Rake $0.15" in text
    (back,) = parse_text(text, "pokerstars")
    assert back.verification.ok and back.hand.extra["_pot_rakes"] == [5, 10]
    assert back.hand.finishing_stacks == h.hand.finishing_stacks


def test_collected_amounts_the_pots_cannot_pay_give_no_division_and_are_reported():
    text = SIDE_POT_RAKED.replace("Alice collected $0.90", "Alice collected $1.10").replace(
        "Side pot $0.90. | Rake $0.15", "Side pot $1.10. | Rake $0.15").replace("won ($0.90)", "won ($1.10)")
    (h,) = parse_text(text, "pokerstars")
    assert "_pot_rakes" not in h.hand.extra and pot_rakes(h.hand) is None
    assert not h.verification.ok  # Alice's side pot holds $1 less the rake: she cannot have collected $1.10


def test_one_pot_needs_no_division():
    (h,) = parse_text(SIDE_POT_RAKED.replace("Carl: shows [Qh Qs] (three of a kind, Queens)\n", "")
                      .replace("Carl: raises $0.05 to $0.35 and is all-in\n", "Carl: folds\n")
                      .replace("Carl collected $1 from main pot\n", ""), "pokerstars")
    assert h.hand is not None and "_pot_rakes" not in h.hand.extra


def test_the_ways_a_group_of_pots_may_pay_its_take():
    from pyeval.hands_io._pot_rakes import _divisions
    # main pot first, last pot first, in proportion (largest remainders): rooms take it each way
    assert _divisions(4, [30, 40]) == [[4, 0], [0, 4], [2, 2]]
    assert _divisions(68, [243, 857]) == [[68, 0], [0, 68], [15, 53]]
    assert _divisions(5, [3, 40]) == [[3, 2], [0, 5]]  # no pot pays more than it holds; distinct
    assert _divisions(0, [30, 40]) == [[0, 0]]

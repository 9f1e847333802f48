"""A hand given up at the showdown before its turn to show (issue 22, decision 043):
``Round.concede``, the replay of a record that lists a muck before the last bettor's show, and the
room readers' showdown when the winner never shows (PartyPoker, OnGame, The Big Game layouts).
58 Pa. Code § 637a.18(e): the last bettor shows first; a losing player may muck instead of showing."""
from __future__ import annotations

import pytest

from pyeval.errors import IllegalActionError, IllegalHandHistoryError, OutOfTurnError
from pyeval.hands_io import parse_text
from pyeval.poker import PokerRules, Round, phh


def _river(rules=None, stacks=(100, 100, 100), short_all_in=False):
    """Three players to the river; p2 bets 10 there and p3 calls (p1 folds), or, with
    ``short_all_in``, p1 is all in preflop, p2 bets 20 on the flop, p3 calls, both check after."""
    r = Round(rules or PokerRules(seats=3, blinds=(1, 2)), list(stacks))
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "QsQh", "KsKh"])
    r.check_or_call()
    if short_all_in:
        r.bet_or_raise_to(stacks[0])
        r.check_or_call()
        r.check_or_call()
    else:
        r.check_or_call()
        r.check_or_call()
    for board in ("2c 7d 9h", "Js", "3c"):
        r.deal_board(board)
        if short_all_in and board == "2c 7d 9h":
            r.bet_or_raise_to(20)
            r.check_or_call()
        elif not short_all_in and board == "3c":
            if r.actor == 0:
                r.fold()
            r.bet_or_raise_to(10)
            r.check_or_call()
        else:
            while r.actor is not None:
                r.check_or_call()
    return r


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_a_caller_who_mucks_first_gives_the_pot_to_the_bettor_unshown():
    r = _river()
    assert r.showdown_order() == (1, 2)  # the river bettor shows first
    with pytest.raises(OutOfTurnError, match="shows first"):
        r.muck(2)  # a muck in turn is the bettor's
    assert r.can_concede(2)
    r.concede(2)
    assert r.showdown_order() == () and r.mucked[2] and r.can_award()
    r.award()
    assert [e.kind for e in r.events if e.kind in ("show", "muck")] == ["muck"]  # the bettor never showed
    assert list(r.stacks) == [98, 114, 88]


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_a_hand_given_up_early_leaves_the_others_order_unchanged():
    r = _river(stacks=(10, 100, 100), short_all_in=True)
    assert r.showdown_order() == (0, 1, 2)  # no bet on the river: the first live player left of the button
    r.concede(1)
    assert r.showdown_order() == (0, 2)
    # p3 is now the last hand contending the side pot: he must show it, in turn or not
    before = (r.showdown_order(), list(r.mucked))
    assert not r.can_concede(2)
    with pytest.raises(IllegalActionError, match="last hand contending a pot"):
        r.concede(2)
    assert (r.showdown_order(), list(r.mucked)) == before
    r.show()
    r.show()
    r.award()
    assert list(r.stacks) == [30, 70, 110]


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_no_concession_where_every_hand_is_shown_or_outside_the_showdown():
    r = _river(PokerRules(seats=3, blinds=(1, 2), show_all_hands=True))
    with pytest.raises(IllegalActionError, match="every hand at showdown to be shown"):
        r.concede(2)
    assert r.showdown_order() == (1, 2)
    r2 = Round(PokerRules(seats=2, blinds=(1, 2)), [50, 50])
    r2.post_forced_bets()
    r2.deal_hole_cards(["AsAh", "KsKh"])
    with pytest.raises(OutOfTurnError, match="no hand is to be shown"):
        r2.concede(1)
    r = _river()
    with pytest.raises(OutOfTurnError, match="has no hand to show"):
        r.concede(0)  # folded on the river


RIVER_MUCK = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 KsKh", "p2 cc", "p1 cc", "d db 2c7d9h", "p1 cc", "p2 cc", "d db Js",
           "p1 cc", "p2 cc", "d db 3c", "p1 cbr 10", "p2 cc", "p2 sm"]
finishing_stacks = [112, 88]
"""


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_the_replay_follows_a_record_whose_caller_mucks_before_the_bettor_shows():
    hh = phh.loads(RIVER_MUCK)[0]
    assert phh.check_replay(hh).matches  # p1 never shows: p2 gave up his hand
    with pytest.raises(IllegalHandHistoryError, match="p1 shows first, not p2"):
        hh.replay(strict=True)  # strict mode keeps the regulation's order of the record


# a PokerStars-layout hand (written for this test): the caller mucks, the bettor collects unshown
CALLER_MUCKS = """\
PokerStars Hand #209900000002:  Hold'em No Limit ($0.05/$0.10 USD) - 2021/03/02 20:20:00 ET
Table 'Atlas' 3-max Seat #3 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Carl ($10 in chips)
Alice: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Carl: folds
Alice: calls $0.05
Bob: checks
*** FLOP *** [Qd 8c 3d]
Alice: checks
Bob: checks
*** TURN *** [Qd 8c 3d] [Jc]
Alice: checks
Bob: checks
*** RIVER *** [Qd 8c 3d Jc] [2s]
Alice: bets $0.20
Bob: calls $0.20
*** SHOW DOWN ***
Bob: mucks hand
Alice collected $0.60 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0
Board [Qd 8c 3d Jc 2s]
Seat 1: Alice (small blind) collected ($0.60)
Seat 2: Bob (big blind) mucked
Seat 3: Carl (button) folded before Flop (didn't bet)
"""


def test_a_room_hand_whose_winner_never_shows_is_read_and_matches():
    (h,) = parse_text(CALLER_MUCKS, "pokerstars")
    assert h.hand.actions[-1:] == ["p2 sm"] and h.verification.ok
    assert h.hand.finishing_stacks[:2] == [1030, 970]


def test_a_winner_unseen_against_a_hand_the_record_knows_but_that_collects_nothing():
    # a TV game's record knows every hole card; the bettor's are missing and he collects: the caller
    # (whose cards the record has) gave up his hand, as a winning hand is shown unless uncontested
    (h,) = parse_text(CALLER_MUCKS.replace("Bob: mucks hand\n", "Bob: shows [9h 9s] (a pair of Nines)\n"),
                      "pokerstars")
    assert h.hand.actions[-1:] == ["p2 sm"] and h.verification.ok

"""Records of PartyPoker, 888poker, Winamax, iPoker, WPN and OnGame that the readers once refused or
misread (issue 22, decision 048): hands written for these tests, modelled on the rooms' layouts, each
read, replayed and compared with the room's own figures; a record that contradicts itself is refused
as such."""
from __future__ import annotations

from pyeval.hands_io import ImportedHand, parse_text


def _one(text: str, fmt: str) -> ImportedHand:
    [h] = list(parse_text(text, fmt))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h


def _notes(h: ImportedHand) -> str:
    assert h.hand is not None
    return " | ".join(h.hand.extra.get("_notes", ()))


# PartyPoker: the button comes back and checks the big blind with no post written; the pot the room
# pays out says he posted both blinds (the small one dead).
PARTY_SILENT_BOTH = """\
#Game No : 9900101
***** Hand History for Game 9900101 *****
$10 USD NL Texas Hold'em - Monday, September 3, 00:26:18 ET 2012
Table Vaduz (Real Money)
Seat 3 is the button
Total number of players : 5
Seat 1: Abe ( $5.87 USD )
Seat 2: Bob ( $9.72 USD )
Seat 3: Cid ( $14.77 USD )
Seat 5: Dan ( $15.76 USD )
Seat 6: Eve ( $7.36 USD )
Dan posts small blind [$0.05 USD].
Eve posts big blind [$0.10 USD].
** Dealing down cards **
Abe folds.
Bob calls [$0.10 USD].
Cid checks.
Dan folds.
Eve checks.
** Dealing Flop ** [ Td, Qc, 6d ]
Eve checks.
Bob checks.
Cid checks.
** Dealing Turn ** [ 8s ]
Eve checks.
Bob checks.
Cid checks.
** Dealing River ** [ 5d ]
Eve bets [$0.20 USD].
Bob folds.
Cid folds.
Eve wins $0.58 USD
"""


def test_party_a_silent_post_of_both_blinds() -> None:
    h = _one(PARTY_SILENT_BOTH, "partypoker")
    assert h.hand is not None
    stacks = dict(zip(h.hand.players, h.hand.finishing_stacks or ()))
    assert stacks["Cid"] == 1477 - 15 and stacks["Eve"] == 736 - 10 + 38  # the 20 uncalled came back
    assert h.hand.extra["_rake"] == 2 and "posted both blinds (15, 5 dead)" in _notes(h)
    # with a pot the big blind alone makes, he posted the big blind alone
    h = _one(PARTY_SILENT_BOTH.replace("$0.58", "$0.54"), "partypoker")
    assert h.hand is not None and "both blinds" not in _notes(h) and "a big blind of 10" in _notes(h)


# A tournament table's folds written as they were clicked (ahead of turn), then a short all-in raise
# that reopens fixed-limit betting (the bettor raises one bet above it).
PARTY_FOLDS = """\
#Game No : 9900102
***** Hand History for Game 9900102 *****
FL Texas Hold'em  Trny:7100001 Level:4  Stakes(200/400) - Tuesday, July 17, 21:38:11 YEKST 2012
Table $50 Freeroll (2600001) Table #1 (Real Money)
Seat 6 is the button
Total number of players : 7/10
Seat 1: Ann ( 3,220 )
Seat 2: Ben ( 2,250 )
Seat 3: Cal ( 2,250 )
Seat 4: Don ( 2,250 )
Seat 5: Ed ( 5,340 )
Seat 6: Hero ( 1,390 )
Seat 7: Flo ( 8,960 )
Trny:7100001 Level:4
Stakes(200/400)
** Dealing down cards **
Dealt to Hero [  6s 6c ]
Don folds
Ben folds
Cal folds
Ed calls [200]
Hero raises [400]
Flo calls [300]
Ann calls [200]
Ed calls [200]
** Dealing Flop ** [ 3h, Ts, 9d ]
Flo checks
Ann checks
Ed bets [200]
Hero calls [200]
Flo calls [200]
Ann calls [200]
** Dealing Turn ** [ 9h ]
Flo checks
Ann checks
Ed bets [400]
Hero is all-In  [790]
Flo calls [790]
Ann folds
Ed raises [790]
Flo calls [400]
** Dealing River ** [ 4s ]
Flo checks
Ed bets [400]
Flo folds
Ed shows [ 9s, 9c ]four of a kind, Nines.
Hero shows [ 6s, 6c ]two pairs, Nines and Sixes.
Ed wins 1,200 chips from the side pot 1 with four of a kind, Nines.
Ed wins 4,770 chips from the main pot with four of a kind, Nines.
"""


def test_party_folds_out_of_turn_and_a_short_all_in_that_reopens() -> None:
    h = _one(PARTY_FOLDS, "partypoker")
    assert h.hand is not None and "folds written out of turn" in _notes(h)
    assert h.hand.extra["_pyeval_limit_short_all_in"] == "half-bet"
    # a fold before a chip-putting action is never moved over it
    text = PARTY_FOLDS.replace("Don folds\nBen folds\nCal folds\nEd calls [200]",
                               "Don folds\nBen folds\nEd calls [200]\nCal folds")
    [h2] = list(parse_text(text, "partypoker"))
    assert h2.verification is None or not h2.verification.ok


# An export renamed on some lines but not on the seats: the two names no seat has are the two
# seated players with no line of their own, in turn order; a fold by a stranger when every seated
# player has his lines carries no chips.
PARTY_RENAMED = """\
***** Hand History for Game 9900103 *****
$200 USD PL Omaha Hi-Lo - Monday, January 04, 13:33:15 EST 2016
Table Cairo (Real Money)
Seat 5 is the button
Total number of players : 3/6
Seat 4: Jack ( $60 USD )
Seat 3: Kim ( $657.64 USD )
Seat 5: Lou ( $259.22 USD )
Kim posts small blind [$1 USD].
Jack posts big blind [$2 USD].
** Dealing down cards **
Dealt to Jack [  5h Td Ac Qs ]
holdem_AA folds
playclever folds
Jack does not show cards.
Jack wins $3 USD
"""


def test_party_renamed_lines_are_read_as_the_quiet_seats() -> None:
    h = _one(PARTY_RENAMED, "partypoker")
    assert "holdem_AA as Lou, playclever as Kim" in _notes(h)
    text = PARTY_RENAMED.replace("holdem_AA folds\n", "Lou folds\nmr_x folds\n").replace("playclever folds", "Kim folds")
    h = _one(text, "partypoker")
    assert "a fold by 'mr_x'" in _notes(h)
    [bad] = list(parse_text(PARTY_RENAMED.replace("holdem_AA folds", "holdem_AA calls [$2 USD]"), "partypoker"))
    assert bad.verification is None or not bad.verification.ok


def test_party_a_stack_smaller_than_the_first_line_puts_in_is_a_record_that_does_not_add_up() -> None:
    text = PARTY_FOLDS.replace("Seat 5: Ed ( 5,340 )", "Seat 5: Ed ( 1 )")
    [h] = list(parse_text(text, "partypoker"))
    assert h.hand is None and h.error is not None
    assert "the room's figures do not add up: Ed sits with 1 chips yet his first line puts 200 in" in h.error


# 7 Card Stud: a fourth-street "double bets" (an open pair: the big bet; the up cards unprinted).
PARTY_STUD = """\
#Game No : 9900104
***** Hand History for Game 9900104 *****
FL 7 Card Stud $6 USD Buy-in Trny:6900001 Level:2  Stakes-Antes(60/120-10) - Wednesday, May 30, 14:41:43 EDT 2012
Table Regular (2600002) Table #2 (Real Money)
Seat 0 is the button
Total number of players : 3/8
Seat 1: Hero ( 2,930 )
Seat 4: Ann ( 3,955 )
Seat 8: Bo ( 2,910 )
Trny:6900001 Level:2
Stakes-Antes(60/120-10)
Hero posts ante [10]
Ann posts ante [10]
Bo posts ante [10]
** Dealing **
Dealt to Hero [  9d Qh 3h ]
Bo opens
Bo bring-ins [20]
Hero folds
Ann calls [20]
** Dealing Fourth street **
Bo opens
Bo double bets [120]
Ann raises [240]
Bo calls [120]
** Dealing Fifth street **
Bo opens
Bo bets [120]
Ann calls [120]
** Dealing Sixth street **
Bo opens
Bo checks
Ann checks
** Dealing River **
Bo opens
Bo checks
Ann bets [120]
Bo calls [120]
Ann shows [ 7s, 8h, 7c, 5d, 6h, 4d, Ad ]a straight, Four to Eight.
Bo doesn't show [ 2s, Tc, 2h, 2d, 6d, 9s, Qc ]three of a kind, Twos.
Ann wins 1,030 chips from the main pot with a straight, Four to Eight.
"""


def test_party_stud_double_bet_on_fourth_street() -> None:
    h = _one(PARTY_STUD, "partypoker")
    assert h.hand is not None and h.hand.extra["_pyeval_open_pair_big_bet"] is True

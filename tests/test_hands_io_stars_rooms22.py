"""Stars-layout rooms, what real files write (issue 22; hands written for these tests, modelled on
the real layouts): Everleaf's winner shown only by his best five, Bovada's checks across an unwritten
street, Full Tilt's summary-only and dead hands and a Matrix board finished in the summary, Absolute's
``Posts dead`` and total pot with its pots."""
from __future__ import annotations

from pyeval.hands_io import parse_text


def _one(text: str, fmt: str):
    (h,) = list(parse_text(text, fmt))
    return h


EVERLEAF = """\
Everleaf Gaming Game #108009001
***** Hand history for game #108009001 *****
Blinds 100/200 NL Hold'em - 2009/10/03 - 02:50:26
Table 3
Seat 1 is the button
Total number of players: 3
Seat 1: Ann ( 2000 )
Seat 2: Bea ( 1500 )
Seat 3: Cid ( 1500 )
Bea: posts small blind [$ 100]
Cid: posts big blind [$ 200]
** Dealing down cards **
Ann raises [$ 1000]
Bea raises [$ 1400]
Cid folds
Ann calls [$ 500]
** Dealing Flop ** [ 4d, 9d, Kc ]
** Dealing Turn ** [ 3c ]
** Dealing River ** [ 3h ]
Bea wins 3200 chips from main pot with two pairs, kings and threes [ Kd, Kc, Jd, 3c, 3h ]
"""


def test_everleaf_a_winner_shown_only_by_his_best_five():
    h = _one(EVERLEAF, "everleaf")
    assert h.verification.ok, h.verification
    assert "p1 sm KdJd" in h.hand.actions  # Bea's hole cards: her best five off the board
    assert any("best five off the board" in n for n in h.verification.notes)


BOVADA = """\
Bovada Hand #2601409001 TBL#1090318 OMAHA Pot Limit - 2012-04-24 02:59:25
Seat 1: Small Blind ($100 in chips)
Seat 2: Big Blind ($100 in chips)
Seat 3: UTG ($100 in chips)
Seat 4: Dealer ($100 in chips)
Dealer : Set dealer/Bring in spot [4]
Small Blind : Ante/Small Blind $5
Big Blind : Big blind/Bring in $10
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [Kc 2c 6h 5s]
Big Blind : Card dealt to a spot [Ah 4c 7d 5h]
UTG : Card dealt to a spot [3c 3d 6d 8s]
Dealer : Card dealt to a spot [2s Td Kh Tc]
UTG : Calls $10
Dealer : Folds
Small Blind : Folds
Big Blind : Checks
Big Blind : Checks
UTG : Bets $25
Big Blind : Folds
UTG : Return uncalled portion of bet $25
UTG : Does not show [3c 3d 6d 8s] (Pair)
UTG : Hand result $24
*** SUMMARY ***
Total Pot($25) | Rake ($1)
Board [Ad Ac 8h]
Seat 1: Small Blind Folded on the POCKET CARDS
Seat 2: Big Blind Folded on the FLOP
Seat 3: UTG $24 [Does not show]
"""


def test_bovada_the_check_closing_a_round_and_the_next_rounds_check_are_both_read():
    h = _one(BOVADA, "bovada")  # no street lines: two "Checks" in a row are two rounds' actions
    assert h.verification.ok, h.verification
    assert h.hand.actions.count("p2 cc") == 2 and "d db AdAc8h" in h.hand.actions


FT_HEAD = "Full Tilt Poker Game #31493009001: $26 Super Turbo Matrix (244669447), Match 4 - 20/40 - No Limit Hold'em - 09:25:30 EET - 2012/11/23 [02:25:30 ET - 2012/11/23]\n"
FT_MATRIX = FT_HEAD + """\
Seat 1: Ann (1,000)
Seat 4: Bea (125)
Seat 6: Cid (675)
Bea posts the big blind of 40
The button is in seat #1
*** HOLE CARDS ***
Cid folds
Ann raises to 80
Bea raises to 125, and is all in
Ann calls 45
Bea shows [5d 5s]
Ann shows [7d 7s]
*** FLOP *** [3h 9h 6s] (Total Pot: 250, 2 Players, 1 All-In)
*** TURN *** [3h 9h 6s] [Tc] (Total Pot: 250, 2 Players, 1 All-In)
*** SUMMARY ***
Total pot 250 | Rake 0
Board: [3h 9h 6s Tc 2c]
Seat 1: Ann (button) showed [7d 7s] and won (250) with a pair of Sevens
Seat 4: Bea (big blind) showed [5d 5s] and lost with a pair of Fives
Seat 6: Cid didn't bet (folded)
"""


def test_full_tilt_matrix_board_finished_in_the_summary_summary_only_and_dead_hands():
    h = _one(FT_MATRIX, "fulltilt")
    assert h.verification.ok, h.verification
    assert "d db 2c" in h.hand.actions and any("are the summary's" in n for n in h.verification.notes)
    only = _one(FT_HEAD + "*** SUMMARY ***\nTotal pot 30 | Rake 0\nSeat 1: Ann (big blind) collected (30), mucked\n",
                "fulltilt")
    assert only.hand is None and only.error.split(": ", 1)[1].startswith("a partial export")
    dead = _one(FT_HEAD + "Seat 1: Ann (500)\nSeat 2: Bea (500)\nAnn posts the small blind of 20\n"
                "Bea is sitting out\n*** SUMMARY ***\nTotal pot 0 | Rake 0\n", "fulltilt")
    assert dead.hand is None and "the room cancelled the hand: a dead hand" in dead.error


ABSOLUTE = """\
Stage #736661001: HOLDEM NORMAL $25/$50 - 2007-08-17 06:49:16 (ET)
Table: BREWERY ST (Real Money) Seat #4 is the dealer
Seat 4 - ANN ($2343 in chips)
Seat 5 - BEA ($1861.82 in chips)
Seat 1 - CID ($743 in chips)
Seat 3 - DEE ($475 in chips)
BEA - Posts small blind $15
CID - Posts big blind $25
DEE - Posts dead $40 dead $15
*** POCKET CARDS ***
DEE - Raises $25 to $50
ANN - Folds
BEA - Calls $35
CID - Calls $25
*** FLOP *** [Ac Qd Js]
BEA - Checks
CID - Checks
DEE - Bets $25
BEA - Folds
CID - Folds
DEE - returned ($25) : not called
*** SHOW DOWN ***
DEE - Does not show
DEE Collects $162 from main pot
*** SUMMARY ***
Total Pot($165:$165) | Rake ($3)
Board [Ac Qd Js]
Seat 3: DEE collected Total ($162) HI:($162) [Does not show]
"""


def test_absolute_posts_dead_with_its_total_and_a_total_pot_with_its_pots():
    h = _one(ABSOLUTE, "absolute")  # $40 in all: a live big blind of $25 and $15 dead
    assert h.verification.ok, h.verification
    assert h.hand.extra["_total_pot"] == 16500 and h.hand.extra["_dead_blinds"][h.hand.players.index("DEE")] == 1500
    cut = _one(ABSOLUTE.replace("BEA - Folds\n", "BEA - All-In\n"), "absolute")
    # all in on disconnection (decision 043): read as the room's disconnect protection, replayed by the engine
    assert cut.hand is not None and cut.hand.extra["_pyeval_disconnect_all_in"] is True
    assert any(a.endswith("cc # disconnected: all in for the chips he put in") for a in cut.hand.actions)

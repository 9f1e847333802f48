"""PokerStars records whose settlement is written otherwise (issue 22; hands written for these tests,
modelled on real layouts): files converted to PokerStars' layout by third-party tools (a walk that
returns the whole big blind; a return left in the total pot and the collected amount) and the
2020+ All-in Cash Out (decision 039)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyeval.errors import HandHistoryError
from pyeval.hands_io import parse_file
from pyeval.poker.phh_replay import cashed_out_stacks

DATA = Path(__file__).parent / "data" / "hands_io" / "pokerstars_settled.txt"


def _hands():
    return {h.hand.extra["hand"]: h for h in parse_file(DATA) if h.hand is not None}


def test_a_return_of_more_than_was_uncalled_is_cut_and_the_rest_collected():
    h = _hands()["200000000501"]  # the big blind gets "$2 back" and collects the small blind's $1
    assert h.verification.ok, h.verification
    assert h.hand.players[1] == "Ida" and h.hand.extra["_returned"] == [0, 100, 0, 0]
    assert h.hand.extra["_total_pot"] == 200 and sum(h.hand.extra["winnings"]) == 200
    assert any("only 100 was uncalled" in n for n in h.verification.notes)


def test_a_return_left_in_the_total_and_the_collected_amount_is_derived():
    h = _hands()["200000000502"]  # everyone folds to Amy's raise: no "Uncalled bet" line
    assert h.verification.ok, h.verification
    assert h.hand.extra["_total_pot"] == 580 and h.hand.extra["winnings"] == [0, 0, 580, 0]
    assert any("uncalled bet of 400 returned to Amy" in n for n in h.verification.notes)


def test_a_cash_out_is_paid_instead_of_the_pot_the_player_would_win():
    h = _hands()["200000000503"]  # Eve wins the pot but cashed out: the house keeps it, pays her $17.10
    assert h.verification.ok, h.verification
    hh = h.hand
    assert hh.extra["winnings"] == [3825, 0, 0] and hh.extra["_cashed_out"] == [1710, 0, 0]
    assert hh.finishing_stacks == [1710, 1975, 0]
    assert hh.extra["_total_pot"] == 4025 and hh.extra["_rake"] == 200
    rnd = hh.replay()
    assert rnd.stacks[0] == 3825 and cashed_out_stacks(hh, rnd, rnd.stacks)[0] == 1710


def test_a_record_whose_return_contradicts_its_result_still_disagrees():
    h = _hands()["200000000504"]  # returns $2 of $2 and collects $2: one dollar too many
    assert not h.verification.ok
    assert h.verification.problems[0].startswith("Jon (p2): the record ends with 15200, the replay with 15100")


@pytest.mark.parametrize("bad", [[1, 2], "x", [0, -1, 0], [0, 1.5, 0], [True, 0, 0]])
def test_a_bad_cash_out_field_is_refused(bad):
    hh = _hands()["200000000503"].hand
    rnd = hh.replay()
    hh.extra["_cashed_out"] = bad
    with pytest.raises(HandHistoryError, match="_cashed_out"):
        cashed_out_stacks(hh, rnd, rnd.stacks)


def _one(text: str):
    from pyeval.hands_io import parse_text
    (h,) = list(parse_text(text.strip() + "\n", "pokerstars"))
    return h


_LIVE_SB = """
PokerStars Hand #200000000510: Hold'em No Limit ($1/$2) - 2017/03/08 20:45:32
Table '#11423667' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Ben ($100 in chips)
Seat 3: Cat ($100 in chips)
Seat 4: Dan ($100 in chips)
Ben: posts small blind $1
Cat: posts big blind $2
Dan: posts small blind $1
*** HOLE CARDS ***
Dan: calls $1
Ann: folds (disconnect)
Ben: folds
Cat: checks
*** FLOP *** [Kc Jd Js]
Cat: checks
Dan: bets $4
Cat: folds
Uncalled bet ($4) returned to Dan
Dan collected $5 from pot
Dan: Table deposit $50
*** SUMMARY ***
Total pot $5 | Rake $0
Board [Kc Jd Js]
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Ben (small blind) folded before Flop
Seat 3: Cat (big blind) folded on the Flop
Seat 4: Dan collected ($5)
"""


def test_a_small_blind_the_record_calls_live_and_bovada_lines_of_a_converted_file():
    h = _one(_LIVE_SB)  # Dan's $1 and his call of $1 make $2: the post was live (else he would call $2)
    assert h.verification.ok, h.verification
    assert h.hand.extra["_live_blinds"] == [0, 0, 100, 0] and "_dead_blinds" not in h.hand.extra
    assert any("is live" in n for n in h.verification.notes)
    dead = _one(_LIVE_SB.replace("Dan: calls $1\n", "Dan: calls $2\n").replace("collected $5", "collected $6")
                .replace("Total pot $5", "Total pot $6").replace("collected ($5)", "collected ($6)"))
    assert dead.verification.ok, dead.verification  # a call of the whole big blind: the post was dead
    assert dead.hand.extra["_dead_blinds"] == [0, 0, 100, 0]


_GAPS = """
PokerStars Hand #200000000511:  Hold'em No Limit ($0.10/$0.25 USD) - 2022/08/29 23:53:18 EET [2022/08/29 16:53:18 ET]
Table 'Miriam II' 6-max Seat #3 is the button
Seat 1: Eli ($25 in chips)
Seat 2: Flo ($25 in chips)
Seat 3: Gil ($25 in chips)
Eli: posts small blind $0.10
Flo: posts big blind $0.25
*** HOLE CARDS ***
Gil: raises $0.50 to $0.75
Eli: folds
Flo: calls $0.50
*** FLOP *** [3c Jd 6d]
Flo: checks
Gil: checks
*** TURN *** [3c Jd 6d] []
Flo: checks
Gil: checks
*** RIVER *** [3c Jd 6d] [5s]
Flo: bets $1
Gil: calls $1
*** SHOW DOWN ***
Flo: shows [XX Jc]
Gil: shows [Ac Ah] (two pair, Aces and Jacks)
Gil collected $3.50 from pot
*** SUMMARY ***
Total pot $3.60 | Rake $0.10
Board [3c Jd 6d Jh 5s]
Seat 1: Eli (small blind) folded before Flop
Seat 2: Flo (big blind) showed [XX Jc] and lost
Seat 3: Gil (button) showed [Ac Ah] and won ($3.50) with two pair, Aces and Jacks
"""


def test_a_turn_card_left_out_comes_from_the_summary_and_a_one_card_show_is_no_show():
    h = _one(_GAPS)
    assert h.verification.ok, h.verification
    assert "d db Jh" in h.hand.actions
    notes = h.verification.notes
    assert any("are the summary's board" in n for n in notes) and any("shows only part" in n for n in notes)
    assert not any(a.startswith("p2 sm") and "Jc" in a for a in h.hand.actions)


_SITTING_OUT_ALL_IN = """
PokerStars Hand #200000000512: Tournament #518000001, 2000+110 Hold'em No Limit - Level II (15/30) - 2012/02/16 22:26:13 ET
Table '518000001 1' 9-max Seat #1 is the button
Seat 1: Ara (1500 in chips)
Seat 2: Bo (1500 in chips)
Seat 3: Cy (20 in chips) is sitting out
Seat 4: Di (1500 in chips)
Bo: posts small blind 15
Cy: posts big blind 20 and is all-in
*** HOLE CARDS ***
Di: calls 30
Ara: folds
Bo: calls 15
Cy: folds
*** FLOP *** [6s Qs Ac]
Bo: checks
Di: checks
*** TURN *** [6s Qs Ac] [6c]
Bo: checks
Di: checks
*** RIVER *** [6s Qs Ac 6c] [Ts]
Bo: checks
Di: checks
*** SHOW DOWN ***
Bo: shows [Kc Ad] (two pair, Aces and Sixes - King kicker)
Di: shows [8h 2h] (a pair of Sixes)
Bo collected 20 from side pot
Bo collected 60 from main pot
*** SUMMARY ***
Total pot 80 Main pot 60. Side pot 20. | Rake 0
Board [6s Qs Ac 6c Ts]
Seat 1: Ara (button) folded before Flop (didn't bet)
Seat 2: Bo (small blind) showed [Kc Ad] and won (80) with two pair, Aces and Sixes
Seat 3: Cy (big blind) folded before Flop
Seat 4: Di showed [8h 2h] and lost with a pair of Sixes
"""


def test_an_all_in_player_the_room_folds_gives_up_his_hand():
    h = _one(_SITTING_OUT_ALL_IN)  # Cy's 20 is all he has: the room folds him, he claims nothing
    assert h.verification.ok, h.verification
    # he sits out in a tournament: the engine's dealer folds him where the record does (Round.fold_away,
    # decision 037), no longer read as a muck at the showdown
    away = h.hand.extra["_pyeval_sitting_out"]
    assert away[h.hand.players.index("Cy")] and not any("is all in and folded" in n for n in h.verification.notes)
    assert h.hand.finishing_stacks[h.hand.players.index("Cy")] == 0


def test_pt2_upper_case_tournament_header_and_split_holdem():
    h = _one("""
PokerStars Game #29356803849: TOURNAMENT #169962475, $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL I (25/50) - 2009/06/14 11:45:00 ET
Table '169962475 2' 8-max
Seat 1: Ann (2500 in chips)
Seat 2: Ben (2500 in chips)
Ann: posts the ante 5
Ben: posts the ante 5
*** 3rd STREET ***
Dealt to Ann [9s 5d 5s]
Dealt to Ben [2h]
Ben: brings in for 10
Ann: folds
Ben collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
Seat 1: Ann folded on the 3rd Street
Seat 2: Ben collected (20)
""")
    assert h.verification.ok, h.verification
    assert h.hand.variant == "F7S/8" and h.hand.extra["event"] == "Tournament #169962475" and h.hand.extra["level"] == "I"
    split = _one(_GAPS.replace("Hold'em No Limit", "Split Hold'em No Limit"))
    assert split.hand is None and "game not supported: Split Hold'em" in split.error

"""The PartyPoker text reader (pyeval.hands_io.partypoker): every hand of tests/data/hands_io/partypoker.txt
(written from public descriptions of the classic export: NL/PL/FL, hold'em and Omaha, cash and a
tournament with antes, all-in for less with a side pot, an uncalled bet the record writes no line
for, a split pot with an odd cent, a hand over before the flop, a disconnected player, a player
sitting out, names with colons and brackets) reads and verifies by replay; malformed text names
the line and the file keeps going; ``pyeval convert --from partypoker``.

Differential test against pokerkit's ``PartyPokerParser``: pokerkit reads only the hands whose game
line has `` NL Texas Hold'em - `` (no-limit hold'em cash; not Omaha, not fixed or pot limit, not the
tournament line ``NL Texas Hold'em $10 USD Buy-in Trny:...``), reads no antes and no hole cards
(``Dealt to``, ``doesn't show``), and needs each hand to start ``Game #N starts.`` and end with two
blank lines. Our file keeps that layout, so the test compares the three hands both read.
"""
from __future__ import annotations

import warnings
from decimal import Decimal
from pathlib import Path

import pytest

from pyeval.cli import main
from pyeval.hands_io import FORMATS, detect_format, parse_file, parse_text, read_text
from pyeval.hands_io._model import HandParseError
from pyeval.hands_io._phh import dumps, loads

DATA = Path(__file__).parent / "data" / "hands_io"
FILE = DATA / "partypoker.txt"


def _hands():
    return {h.hand.extra["hand"]: h for h in parse_file(FILE)}


def test_every_hand_reads_and_verifies():
    text = FILE.read_text(encoding="utf-8")
    assert detect_format(text) == "partypoker" and "partypoker" in FORMATS
    hands = list(parse_file(FILE))
    assert len(hands) == 6
    for h in hands:
        assert h.error is None and h.format == "partypoker"
        assert h.verification.ok, (h.line, h.verification.problems)
        assert tuple(loads(dumps(h.hand))[0].replay().stacks) == h.verification.replayed  # PHH round trip


def test_fields_units_and_the_uncalled_bet():
    h = _hands()["14296043501"].hand
    assert h.variant == "NT" and h.players == ["Dan", "a:b", "[Hero]", "Cat"]  # names with colons and brackets
    assert h.extra["venue"] == "PartyPoker" and h.extra["table"] == "Livry" and h.extra["seat_count"] == 6
    assert h.extra["currency"] == "USD" and h.extra["currency_symbol"] == "$" and h.extra["_units_per_currency"] == 100
    assert (h.extra["year"], h.extra["month"], h.extra["day"]) == (2014, 12, 24)
    assert h.extra["time_zone_abbreviation"] == "ET" and h.extra["_button_seat"] == 3
    assert h.starting_stacks == [1020, 1000, 1050, 965] and h.blinds_or_straddles == [5, 10, 0, 0]
    assert "d dh p3 AhQh" in h.actions and h.actions[-4:] == ["p3 cbr 30", "p4 f", "p1 f", "p2 f"]  # ends preflop
    assert h.extra["_returned"] == [0, 0, 20, 0] and h.extra["winnings"] == [0, 0, 25, 0]
    assert any("uncalled bet of 20" in n for n in h.extra["_notes"])


def test_side_pot_odd_cent_omaha_limit_and_tournament():
    hs = _hands()
    side = hs["14296043502"].hand  # Bob all in for less; Ann all in for a call on the flop
    assert side.finishing_stacks == [600, 300, 600] and side.extra["winnings"] == [600, 0, 600]
    assert "p3 cc" in side.actions[side.actions.index("p2 cbr 100"):]
    split = hs["14296043503"].hand  # 35 cents split: the odd cent to the first winner left of the button
    assert split.extra["winnings"] == [0, 18, 17] and hs["14296043503"].verification.ok
    plo = hs["14296043504"].hand
    assert plo.variant == "PO" and plo.extra["currency"] == "EUR"
    assert "d dh p2 8s8d7c6c" in plo.actions  # "doesn't show [cards]": kept (pokerkit drops them)
    fl = hs["14296043505"].hand
    assert fl.variant == "FT" and (fl.small_bet, fl.big_bet) == (200, 400)
    assert fl.players == ["Bob", "Cy", "Ann"] and fl.extra["_sitting_out"] == ["Dee"]  # Bob disconnected, folded
    t = hs["7659491234"].hand
    assert t.extra["_pyeval_tournament"] is True and t.extra["level"] == "3" and t.antes == [5, 5, 5, 5]
    assert t.extra["ante_trimming_status"] is True and t.extra["_pyeval_sitting_out"] == [True, False, False, False]
    assert t.finishing_stacks == [2970, 0, 12, 5871] == list(t.replay().stacks)  # Finn all in on the ante


BAD = """Game #1 starts.
#Game No : 1
***** Hand History for Game 1 *****
$10 USD NL Texas Hold'em - Wednesday, December 24, 06:53:59 ET 2014
Table T (Real Money)
Seat 1 is the button
Seat 1: A ( $10 USD )
Seat 2: B ( $10 USD )
A posts small blind [$0.05 USD].
B posts big blind [$0.10 USD].
** Dealing down cards **
A dances
B wins $0.10 USD

"""


def test_malformed_text_names_the_line_and_the_file_keeps_going():
    good = FILE.read_text(encoding="utf-8")
    text = BAD + good + BAD.replace("Texas Hold'em", "Texas Chess")
    hands = list(parse_text(text, source="x.txt"))
    assert len(hands) == 8 and sum(h.ok for h in hands) == 6
    assert hands[0].error == "x.txt:12: unrecognised action 'dances' by 'A'"
    assert "not a PartyPoker game line" in hands[-1].error and f"x.txt:{hands[-1].line + 3}:" in hands[-1].error
    with pytest.raises(HandParseError, match="line 12"):
        read_text(BAD)


def test_a_disagreeing_amount_is_reported_not_fixed():
    """More won than the pot holds is reported (the record prints no rake: a winner paid less than
    the pot is read as raked, the rake derived and noted)."""
    text = FILE.read_text(encoding="utf-8").replace("Cy wins $29 USD", "Cy wins $40 USD")
    h = next(h for h in parse_text(text) if h.hand.extra["hand"] == "14296043505")
    assert not h.verification.ok and h.hand.extra["winnings"] == [0, 3600, 0]
    assert any("Cy (p2): the record ends with" in p for p in h.verification.problems)
    raked = FILE.read_text(encoding="utf-8").replace("Cy wins $29 USD", "Cy wins $28 USD")
    h = next(h for h in parse_text(raked) if h.hand.extra["hand"] == "14296043505")
    assert h.verification.ok and h.hand.extra["_rake"] == 100
    assert any("rake of 100 derived" in n for n in h.hand.extra["_notes"])


def test_convert_from_partypoker(tmp_path, capsys):
    out = tmp_path / "out.phhs"
    assert main(["convert", str(FILE), "--from", "partypoker", "-o", str(out)]) == 0
    assert len(loads(out.read_text())) == 6


def test_differential_against_pokerkit_partypoker_parser():
    notation = pytest.importorskip("pokerkit.notation")
    ours = _hands()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = list(notation.PartyPokerParser()(FILE.read_text(encoding="utf-8")))
    compared = 0
    for t in theirs:
        hh = ours[str(t.hand)].hand
        assert t.players == hh.players
        assert [int(Decimal(str(s)) * 100) for s in t.starting_stacks] == hh.starting_stacks
        pk = [a if " cbr " not in a else f"{a.split()[0]} cbr {int(Decimal(a.split()[2]) * 100)}" for a in t.actions]
        assert [a for a in pk if not a.startswith("d dh") and " sm" not in a] == \
            [a for a in hh.actions if not a.startswith("d dh") and " sm" not in a]
        assert [int(Decimal(str(w)) * 100) for w in t.winnings] == hh.extra["winnings"]
        compared += 1
    assert compared == 3


JOINER = """#Game No : 300000001
***** Hand History for Game 300000001 *****
$0.10/$0.25 USD NL Texas Hold'em - Sunday, September 22, 08:21:48 EDT 2013
Table Testville (Real Money)
Seat 3 is the button
Total number of players : 4/6
Seat 1: Ann ( $25 USD )
Seat 2: Ben ( $20 USD )
Seat 3: Cid ( $30 USD )
Seat 4: Dot ( $10 USD )
Eve has joined the table.
Dot posts small blind [$0.10 USD].
Eve posts big blind [$0.25 USD].
** Dealing down cards **
Ann folds
Ben folds
Cid raises [$0.75 USD]
Dot folds
Eve calls [$0.50 USD]
** Dealing Flop ** [ 6h, 2c, 3c ]
Eve checks
Cid bets [$1 USD]
Eve calls [$1 USD]
** Dealing Turn ** [ 9d ]
Eve checks
Cid checks
** Dealing River ** [ Kd ]
Eve bets [$2 USD]
Cid folds
Eve wins $3.45 USD from the main pot
"""


def test_a_player_who_joins_and_posts_with_no_seat_line_is_seated_and_checked():
    [h] = list(parse_text(JOINER, fmt="partypoker", source="join.txt"))
    assert h.error is None and h.verification.ok, h.verification.problems
    hand = h.hand
    assert hand.players == ["Dot", "Eve", "Ann", "Ben", "Cid"]  # Eve in the free seat 5, after the small blind
    assert hand.starting_stacks == [1000, 3000, 2500, 2000, 3000]  # her stack: the table's largest (noted)
    assert hand.finishing_stacks == [990, 3170, 2500, 2000, 2825] == list(hand.replay().stacks)
    assert hand.extra["_rake"] == 15 and any("Eve posts a blind with no seat line" in n for n in hand.extra["_notes"])
    # who had a seat line and left before the deal frees his seat for the joiner (a full table)
    full = JOINER.replace("4/6", "4/4").replace("Eve has joined", "Ben has left the table.\nAnn is sitting out\n"
                                                 "Eve has joined").replace("Ann folds\nBen folds\n", "")
    [h] = list(parse_text(full, fmt="partypoker", source="join.txt"))
    assert h.error is None and h.verification.ok, h.verification.problems
    assert h.hand.players == ["Dot", "Eve", "Cid"] and h.hand.extra["_sitting_out"] == ["Ann"]
    assert h.hand.finishing_stacks == [990, 3170, 2825]
    # a player with no seat line who acts without posting is the record's error, named
    [h] = list(parse_text(JOINER.replace("Ben folds", "Zed folds"), fmt="partypoker", source="join.txt"))
    assert h.hand is None and "'Zed' acts but has no seat line" in h.error


def test_the_mac_clients_glued_lines_are_read_as_two():
    glued = JOINER.replace("Eve has joined the table.\nDot posts", "Eve has joined the table.\nAnn is sitting out"
                           "Dot posts").replace("Ann folds\n", "").replace("Cid folds\nEve wins", "Cid folds.Eve wins")
    [h] = list(parse_text(glued, fmt="partypoker", source="mac.txt"))
    assert h.error is None and h.verification.ok, h.verification.problems
    assert h.hand.extra["_sitting_out"] == ["Ann"] and h.hand.extra["winnings"] == [0, 345, 0, 0]


STUD = """Game #500000001 starts.

#Game No : 500000001
***** Hand History for Game 500000001 *****
$10/$20 USD FL 7 Card Stud Hi-Lo - Monday, February 27, 09:51:26 EST 2012
Table Table  1 (Real Money)
Seat 0 is the button
Total number of players : 2/8
Seat 1: Ann ( $100 USD )
Seat 3: Bob ( $200 USD )
Ann posts ante [$1 USD]
Bob posts ante [$1 USD]
** Dealing **
Dealt to Ann [  Ah 4h 4d ]
Ann opens
Ann bring-ins [$3 USD]
Bob completes [$10 USD]
Ann raises [$17 USD]
Bob calls [$10 USD]
** Dealing Fourth street **
Dealt to Ann [  Td ]
Bob opens
Bob bets [$10 USD]
Ann folds
Bob wins $41 USD from the main pot
"""


def test_seven_card_stud_bring_in_completion_and_streets():
    [h] = list(parse_text(STUD, fmt="partypoker", source="stud.txt"))
    assert h.error is None and h.verification.ok, h.verification.problems
    hand = h.hand
    assert hand.variant == "F7S/8"  # fixed-limit stud hi-lo
    assert hand.bring_in == 300 and (hand.small_bet, hand.big_bet) == (1000, 2000)
    assert "p1 pb" in hand.actions and "p2 cbr 1000" in hand.actions and "p1 cbr 2000" in hand.actions
    assert hand.actions[:2] == ["d dh p1 Ah4h4d", "d dh p2 ??????"]  # Bob's cards are not in the record
    assert "d dh p1 Td" in hand.actions  # Ann's fourth card after her first three
    assert hand.finishing_stacks == [7900, 22000] == list(hand.replay().stacks) and hand.extra["_rake"] == 100


def test_a_dead_button_orders_the_table_from_the_small_blind():
    text = JOINER.replace("Seat 3 is the button", "Seat 6 is the button")  # seat 6: nobody (its player left)
    [h] = list(parse_text(text, fmt="partypoker", source="dead.txt"))
    assert h.error is None and h.verification.ok, h.verification.problems
    assert h.hand.players == ["Dot", "Eve", "Ann", "Ben", "Cid"] and h.hand.extra["_button_seat"] == 3
    assert any("dead button" in n for n in h.hand.extra["_notes"])


def test_a_fastforward_fold_written_again_in_turn_is_read_once_in_turn():
    text = JOINER.replace("** Dealing down cards **\n", "** Dealing down cards **\nBen Forward Folds\n")
    [h] = list(parse_text(text, fmt="partypoker", source="ff.txt"))
    assert h.error is None and h.verification.ok, h.verification.problems
    assert h.hand.actions.count("p4 f") == 1 and any("fastforward" in n for n in h.hand.extra["_notes"])


SHORT_BB = """Game #600000001 starts.

#Game No : 600000001
***** Hand History for Game 600000001 *****
$0.80 USD NL Texas Hold'em - Saturday, July 31, 13:52:16 EDT 2010
Table Test #1 (Real Money)
Seat 1 is the button
Total number of players : 3/9
Seat 3: Hero ( $1.64 USD )
Seat 5: Amy ( $0.01 USD )
Seat 1: Dan ( $1.20 USD )
Hero posts small blind [$0.01 USD].
Amy posts big blind [$0.01 USD].
** Dealing down cards **
Dealt to Hero [  8h Kc ]
Dan calls [$0.02 USD]
Hero calls [$0.01 USD]
** Dealing Flop ** [ Td, 7c, 9h ]
Hero checks
Dan checks
** Dealing Turn ** [ 3h ]
Hero checks
Dan checks
** Dealing River ** [ Jc ]
Hero bets [$0.04 USD]
Dan folds
Hero shows [ 8h, Kc ]a straight, Seven to Jack.
Amy doesn't show [ Ts, Jd ]two pairs, Jacks and Tens.
Hero wins $0.06 USD from the side pot 1 with a straight, Seven to Jack.
Hero wins $0.03 USD from the main pot with a straight, Seven to Jack.
"""


def test_a_big_blind_all_in_for_less_and_an_uncalled_bet_paid_in_the_side_pot():
    [h] = list(parse_text(SHORT_BB, fmt="partypoker", source="bb.txt"))
    assert h.error is None and h.verification.ok, h.verification.problems
    hand = h.hand
    assert hand.min_bet == 2 and hand.blinds_or_straddles == [1, 2, 0]  # the big blind: Dan's call, not Amy's cent
    assert hand.players == ["Hero", "Amy", "Dan"] and hand.extra["_returned"] == [4, 0, 0]
    assert hand.extra["winnings"] == [5, 0, 0]  # the side pot's $0.06 held Hero's $0.04 nobody called
    assert hand.finishing_stacks == [167, 0, 118] == list(hand.replay().stacks) and not hand.extra.get("_rake")


def test_a_joining_players_seat_line_with_no_stack_takes_the_tables_largest():
    text = JOINER.replace("Seat 4: Dot ( $10 USD )\n", "Seat 4: Dot ( $10 USD )\nSeat 5: Eve ( $0 USD )\n")
    [h] = list(parse_text(text, fmt="partypoker", source="zero.txt"))
    assert h.error is None and h.verification.ok, h.verification.problems
    assert h.hand.starting_stacks == [1000, 3000, 2500, 2000, 3000]
    assert h.hand.finishing_stacks == [990, 3170, 2500, 2000, 2825]
    assert any("$0 on his seat line" in n for n in h.hand.extra["_notes"])


def test_a_stud_double_bet_is_the_big_bet_in_stud_high_only():
    doubled = STUD.replace("Bob bets [$10 USD]", "Bob double bets [$20 USD]")
    [h] = list(parse_text(doubled.replace("Stud Hi-Lo", "Stud"), fmt="partypoker", source="stud.txt"))
    assert h.error is None and h.verification.ok, h.verification.problems
    assert "p2 cbr 2000" in h.hand.actions and h.hand.extra["_pyeval_open_pair_big_bet"] is True
    [h] = list(parse_text(doubled, fmt="partypoker", source="stud.txt"))  # hi-lo: no open-pair rule
    assert not h.verification.ok and "above the maximum of 1000" in h.verification.problems[0]


FL_TOURNAMENT = """Game #700000001 starts.

#Game No : 700000001
***** Hand History for Game 700000001 *****
FL Texas Hold'em  Trny:71207318 Level:4  Stakes(200/400) - Tuesday, July 17, 21:37:31 EDT 2012
Table $50 Freeroll (2685087) Table #101 (Real Money)
Seat 1 is the button
Total number of players : 3/10
Seat 1: Ann ( 2,000 )
Seat 2: Bob ( 3,000 )
Seat 3: Cid ( 2,500 )
Trny:71207318 Level:4
Stakes(200/400)
** Dealing down cards **
Ann raises [400]
Bob raises [500]
Cid folds
Ann calls [200]
** Dealing Flop ** [ 7h, Qs, 3c ]
Bob bets [200]
Ann folds
Bob does not show cards.
Bob wins 1,600 chips
"""


def test_a_fixed_limit_tournaments_stakes_are_the_bets_and_the_blinds_half_the_small_bet():
    [h] = list(parse_text(FL_TOURNAMENT, fmt="partypoker", source="fl.txt"))
    assert h.error is None and h.verification.ok, h.verification.problems
    hand = h.hand
    assert hand.variant == "FT" and (hand.small_bet, hand.big_bet) == (200, 400)
    assert hand.players == ["Bob", "Cid", "Ann"] and hand.blinds_or_straddles == [100, 200, 0]  # placed by position
    assert hand.finishing_stacks == [3800, 2300, 1400] == list(hand.replay().stacks)

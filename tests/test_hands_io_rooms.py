"""The room-reader base (issue 22 items 1-2): rooms as data, one table of game names, encodings,
chatter kept, unknown lines reported, returns a room leaves implicit. Every hand here is written for
this test, modelled on the rooms' real layouts."""
from __future__ import annotations

import codecs

import pytest

from pyeval.hands_io import FORMATS, detect_format, parse_file, parse_text
from pyeval.hands_io._phh import VARIANTS
from pyeval._text import decode
from pyeval.hands_io.export import game_label  # noqa: F401 - the exporter reads the shared table
from pyeval.hands_io.games import GAMES, game_named, room_name, structure_named
from pyeval.hands_io.rooms import ROOMS

# a 2007 tournament hand: no "Uncalled bet" line, the total pot leaves the 370 out
OLD_STARS = """PokerStars Game #12000000001: Tournament #600001, $5.00+$0.50 Hold'em No Limit - Level II (15/30) - 2007/10/20 12:01:02 ET
Table '600001 18' 9-max Seat #3 is the button
Seat 1: Alf (3275 in chips)
Seat 2: Bea (2460 in chips)
Seat 3: Cid (2090 in chips)
Seat 4: Dot (2990 in chips)
Seat 5: Eve (1450 in chips)
Dot: posts small blind 15
Eve: posts big blind 30
*** HOLE CARDS ***
Dealt to Alf [3c Qs]
Alf: folds
Bea: raises 2430 to 2460 and is all-in
Gus is connected
Cid: calls 2090 and is all-in
Dot: folds
Eve: folds
*** FLOP *** [Ah Ac 7h]
*** TURN *** [Ah Ac 7h] [Qc]
The deck is reshuffled
*** RIVER *** [Ah Ac 7h Qc] [5c]
*** SHOW DOWN ***
Bea: shows [Th Td] (two pair, Aces and Tens)
Cid: shows [7s Qh] (two pair, Aces and Queens)
Cid collected 4225 from pot
a line nobody knows
*** SUMMARY ***
Total pot 4225 | Rake 0
Board [Ah Ac 7h Qc 5c]
Seat 2: Bea showed [Th Td] and lost with two pair, Aces and Tens
Seat 3: Cid (button) showed [7s Qh] and won (4225) with two pair, Aces and Queens
"""


def test_every_stem_in_the_game_table_is_an_engine_variant_and_every_variant_has_a_name():
    stems = {g.stem for g in GAMES if g.stem is not None}
    assert stems <= set(VARIANTS)
    assert all(room_name(s) is not None for s in VARIANTS)
    assert all(g.why_not for g in GAMES if g.stem is None)


@pytest.mark.parametrize("name, stem", [
    ("Hold'em", "T"), ("HOLD'EM", "T"), ("Holdem", "T"), ("Texas Hold’em", "T"), ("Omaha Hi-Lo", "O/8"),
    ("Omaha H/L", "O/8"), ("5 Card Omaha", "5O"), ("5-Card Omaha Hi/Lo", "5O/8"), ("Seven Card Stud", "7S"),
    ("7 Card Stud Hi/Lo", "7S/8"), ("Razz", "R"), ("2-7 Triple Draw", "2L3D"), ("Badugi", "B"),
    ("Courchevel", None), ("6+ Hold'em", "6P"), ("6 Card Omaha", "6O"), ("Six Card Omaha Hi/Lo", "6O/8"),
    ("Short Deck", "S"),
])
def test_game_names_fold_the_rooms_spellings(name, stem):
    g = game_named(name)
    assert g is not None and g.stem == stem


def test_unknown_game_names_and_structures():
    assert game_named("Chinese Poker") is None
    assert structure_named("No Limit") == "N" and structure_named("pot  limit") == "P"
    assert structure_named("Limit") == "F" and structure_named("anything") is None


def test_rooms_are_the_formats():
    assert [r.name for r in ROOMS] == list(FORMATS)
    assert len(set(FORMATS)) == len(ROOMS)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252"])
def test_files_in_every_encoding_rooms_write_are_read(tmp_path, encoding):
    text = OLD_STARS.replace("Alf", "Alf€é")
    f = tmp_path / "h.txt"
    f.write_bytes(text.encode(encoding))
    (h,) = parse_file(f)
    assert h.hand is not None and "Alf€é" in h.hand.players, h.error
    assert h.verification.ok, h.verification


def test_decode_never_raises_and_names_the_encoding():
    assert decode(codecs.BOM_UTF16_LE + "x".encode("utf-16-le")) == ("x", "utf-16")
    assert decode("Ab".encode("utf-16-le") * 4)[1] == "utf-16-le"
    assert decode(b"\x80abc")[1] == "cp1252"
    assert decode(b"\x81\x8d\x8f\x90\x9d")[1] == "latin-1"  # bytes cp1252 leaves undefined
    assert decode(b"") == ("", "utf-8")


def test_an_old_hand_with_chatter_an_unknown_line_and_an_implicit_return_is_read_and_verified():
    (h,) = parse_text(OLD_STARS, source="old.txt")
    assert h.error is None, h.error
    extra = h.hand.extra
    assert extra["_room_lines"] == ["14: Gus is connected", "20: The deck is reshuffled"]
    assert extra["_unknown_lines"] == ["26: a line nobody knows"]
    assert extra["_returned"][h.hand.players.index("Bea")] == 370 and sum(extra["_returned"]) == 370
    assert any("uncalled" in n for n in extra["_notes"])
    assert h.verification.ok, h.verification


def test_an_unknown_line_that_could_carry_chips_stops_the_hand_naming_its_line():
    text = OLD_STARS.replace("a line nobody knows", "a line with 40 chips")
    (h,) = parse_text(text, source="old.txt")
    assert h.hand is None and h.error == "old.txt:26: unrecognised line 'a line with 40 chips'"


def test_a_game_the_engine_does_not_play_is_reported_per_hand():
    text = OLD_STARS.replace("Hold'em No Limit", "Courchevel Pot Limit") + "\n\n" + OLD_STARS
    a, b = parse_text(text)
    assert a.hand is None and "game not supported: Courchevel (" in a.error
    assert b.hand is not None


@pytest.mark.parametrize("words, fmt", [("Run It Once Poker Hand", "runitonce"), ("PokerMaster Hand", "pokermaster"),
                                        ("Full Tilt Hand", "fulltilt2016"), ("POKERSTARS GAME", "pokerstars")])
def test_stars_like_rooms_are_data_on_the_same_reader(words, fmt):
    text = OLD_STARS.replace("PokerStars Game", words)
    assert detect_format(text) == fmt
    (h,) = parse_text(text)
    assert h.hand is not None and h.verification.ok, (h.error, h.verification)


# a Full Tilt Matrix hand as its UTF-16 exports write it: doubled line ends, chat, the win only in the summary
FT_MATRIX = """Full Tilt Poker Game #31000000001: $26 Super Turbo Matrix (244000001), Match 4 - 15/30 - No Limit Hold'em - 09:20:06 EET - 2012/11/23 [02:20:06 ET - 2012/11/23]

Seat 1: Ann (300)

Seat 2: Bob (300)

Seat 3: Cy (300)

Ann posts the small blind of 15
Bob posts the big blind of 30
The button is in seat #3
*** HOLE CARDS ***
Dealt to Cy [Ts 3h]
Cy raises to 300, and is all in
Ann: gl all 2
Ann folds
Bob folds
Uncalled bet of 270 returned to Cy
*** SUMMARY ***
Total pot 75 | Rake 0
Seat 1: Ann (small blind) folded before the Flop
Seat 2: Bob (big blind) folded before the Flop
Seat 3: Cy (button) collected (75), mucked
"""

FT_STUD = """Full Tilt Poker Game #21000000001: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi - 12:06:20 ET - 2010/06/11
Seat 1: Kay ($20)
Seat 2: Lou ($25)
Seat 3: Max ($30)
Kay antes $0.50
Lou antes $0.50
Max antes $0.50
*** 3RD STREET ***
Dealt to Kay [9c]
Dealt to Lou [5h 3c] [Td]
Dealt to Max [2c]
Max is low with [2c]
Max brings in for $1
Kay completes it to $3
Lou folds
Max folds
Uncalled bet of $2 returned to Kay
Kay mucks
Kay wins the pot ($3.50)
*** SUMMARY ***
Total pot $3.50 | Rake $0
"""


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_full_tilt_matrix_hand_with_chat_and_the_win_only_in_the_summary(tmp_path, encoding):
    f = tmp_path / "ft.txt"
    f.write_bytes(FT_MATRIX.replace("\n", "\r\n").encode(encoding))
    (h,) = parse_file(f)
    assert h.format == "fulltilt" and h.error is None, h.error
    assert h.hand.extra["winnings"][h.hand.players.index("Cy")] == 75
    assert any("Ann: gl all 2" in x for x in h.hand.extra["_room_lines"])
    assert h.hand.extra["event"].startswith("Tournament #$26 Super Turbo Matrix") and h.verification.ok, h.verification


def test_full_tilt_stud_is_read_on_the_same_base():
    (h,) = parse_text(FT_STUD)
    assert h.error is None and h.hand.variant == "F7S" and h.hand.bring_in == 100 and h.hand.antes == [50, 50, 50]
    assert h.verification.ok, h.verification


def test_a_single_draw_without_a_draw_section_is_opened_by_the_first_discard():
    text = """PokerStars Game #35000000001:  5 Card Draw Limit ($0.10/$0.20 USD) - 2009/11/25 14:14:42 ET
Table 'Laodica IV' 6-max Seat #2 is the button
Seat 1: Fay ($1.52 in chips)
Seat 2: Gil ($2.49 in chips)
Seat 3: Hal ($2.42 in chips)
Hal: posts small blind $0.05
Fay: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Fay [Td Th 6h 4h 2s]
Gil: calls $0.10
Hal: calls $0.05
Fay: checks
Hal: discards 3 cards
Fay: discards 1 card [2s]
Dealt to Fay [Td Th 6h 4h] [Ks]
Gil: stands pat
Hal: checks
Fay: bets $0.20
Gil: folds
Hal: folds
Uncalled bet ($0.20) returned to Fay
Fay collected $0.30 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0
"""
    (h,) = parse_text(text)
    assert h.error is None, h.error
    assert any(a.endswith(" sd 2s") for a in h.hand.actions)
    assert h.verification.ok, h.verification


def test_a_big_blind_posted_to_come_in_is_live():
    text = OLD_STARS.replace("Eve: posts big blind 30\n", "Eve: posts big blind 30\nBea: posts big blind 30\n")
    (h,) = parse_text(text)
    assert h.error is None, h.error
    assert h.hand.extra["_live_blinds"] == [0, 0, 0, 30, 0] and "_dead_blinds" not in h.hand.extra
    assert h.hand.blinds_or_straddles == [15, 30, 0, 0, 0] and h.verification.ok, h.verification


STUD_COMPLETED = """PokerStars Game #35000000002:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/11/26 10:10:56 ET
Table 'Atalante II' 8-max
Seat 1: Ida ($1.56 in chips)
Seat 3: Jon ($2.23 in chips)
Seat 5: Kim ($2.10 in chips)
Ida: posts the ante $0.01
Jon: posts the ante $0.01
Kim: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ida [5h 5c 2s]
Dealt to Jon [Ad]
Dealt to Kim [6h]
Ida: bets $0.04
Jon: folds
Kim: folds
Uncalled bet ($0.04) returned to Ida
Ida collected $0.03 from pot
*** SUMMARY ***
Total pot $0.03 | Rake $0
"""


def test_a_stud_bring_in_completed_at_once_replays():
    (h,) = parse_text(STUD_COMPLETED)
    assert h.error is None, h.error
    assert any("completed at once" in n for n in h.hand.extra["_notes"])
    assert h.verification.ok, h.verification


def test_the_engine_refuses_a_completion_by_another_player_and_changes_nothing():
    (h,) = parse_text(STUD_COMPLETED.replace("Ida: bets $0.04", "Jon: bets $0.04").replace(
        "Jon: folds\n", "Ida: folds\n"))
    assert h.hand is not None and not h.verification.ok
    assert "brings in" in h.verification.problems[0]

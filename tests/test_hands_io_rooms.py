"""The room-reader base (issue 22 items 1-2): rooms as data, one table of game names, encodings,
chatter kept, unknown lines reported, returns a room leaves implicit. Every hand here is written for
this test, modelled on the rooms' real layouts."""
from __future__ import annotations

import codecs

import pytest

from pyeval.hands_io import FORMATS, detect_format, parse_file, parse_text
from pyeval.hands_io._phh import VARIANTS
from pyeval.hands_io._text import decode
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
    ("Courchevel", None), ("6+ Hold'em", None),
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

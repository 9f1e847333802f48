"""Decision 026: every room that writes PokerStars' text layout is a StarsDialect read by the one
driver (pyeval/hands_io/_stars.py); the same line policy holds for all of them (hands written for
these tests on the rooms' layouts)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyeval.hands_io import FORMATS, detect_format, parse_text
from pyeval.hands_io import absolute, bovada, cake, fulltilt, ggpoker, pokerstars, stars_like, winamax
from pyeval.hands_io._dialect import StarsDialect

from test_hands_io_new_rooms import GG_RIT, WINAMAX


def test_every_stars_layout_room_is_a_dialect_of_the_one_driver() -> None:
    dialects = [pokerstars.DIALECT, fulltilt.DIALECT, *stars_like.DIALECTS.values(), ggpoker.ROOM, winamax.ROOM,
                bovada.ROOM, absolute.ROOM, cake.ROOM]
    assert all(isinstance(d, StarsDialect) for d in dialects)
    for name in ("pokerstars", "fulltilt2016", "runitonce", "ggpoker", "winamax", "bovada", "absolute", "cake"):
        assert "read_hand" in FORMATS[name].parse.__code__.co_names  # rooms.stars_room's parse: the one driver


@pytest.mark.parametrize("text, after", [(WINAMAX, "Cal checks\n"), (GG_RIT, "*** HOLE CARDS ***\n")])
def test_a_line_without_chips_is_kept_and_the_hand_still_matches(text: str, after: str) -> None:
    """The Stars-variant rooms failed on every line they did not know; now, as for PokerStars, a line
    that carries no chips is kept as unknown and the hand is read and equals the room's figures."""
    [clean] = list(parse_text(text))
    odd = text.replace(after, after + "The dealer waves at the rail\n", 1)
    [h] = list(parse_text(odd))
    assert h.hand is not None and h.verification is not None and h.verification.ok, h.error
    assert any("The dealer waves at the rail" in u for u in h.hand.extra["_unknown_lines"])
    assert clean.hand is not None and h.hand.extra["winnings"] == clean.hand.extra["winnings"]
    bad = text.replace(after, after + "The dealer pays 5 chips\n", 1)  # a digit: it could carry chips
    [b] = list(parse_text(bad))
    assert b.hand is None and b.error is not None and "unrecognised line" in b.error


def test_an_unknown_action_of_a_seated_player_is_an_error_naming_it() -> None:
    odd = WINAMAX.replace("Cal checks\n", "Cal juggles\n", 1)
    [h] = list(parse_text(odd))
    assert h.hand is None and h.error is not None and "unrecognised action" in h.error and "'Cal'" in h.error


STARS_TOURNEY_MUCK = """\
PokerStars Game #18000000001: Tournament #90000001, $5+$0.50 Hold'em No Limit - Level I (10/20) - 2008/06/07 12:00:00 ET
Table '90000001 1' 9-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Bob (500 in chips)
Seat 3: Cid (1500 in chips)
Bob: posts small blind 10
Cid: posts big blind 20
*** HOLE CARDS ***
Dealt to Ann [Ah Ad]
Ann: raises 480 to 500
Bob: calls 490 and is all-in
Cid: calls 480
*** FLOP *** [2c 7d 9h]
Cid: checks
Ann: checks
*** TURN *** [2c 7d 9h] [Js]
Cid: checks
Ann: checks
*** RIVER *** [2c 7d 9h Js] [3s]
Cid: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [Kc Kd] (a pair of Kings)
Cid: mucks hand
Ann: shows [Ah Ad] (a pair of Aces)
Ann collected 1500 from pot
*** SUMMARY ***
Total pot 1500 | Rake 0
Board [2c 7d 9h Js 3s]
Seat 1: Ann (button) showed [Ah Ad] and won (1500) with a pair of Aces
Seat 2: Bob (small blind) showed [Kc Kd] and lost with a pair of Kings
Seat 3: Cid (big blind) mucked
"""


def test_a_tournament_muck_at_an_all_in_replays_as_the_room_played_it() -> None:
    """PokerStars (before it tabled every hand at an all-in) let Cid muck while Bob was all-in; the
    hand replays in tournament mode with the engine's setting for that room rule
    (``tournament_all_in_show`` off) and its results equal the room's."""
    [h] = list(parse_text(STARS_TOURNEY_MUCK))
    assert h.hand is not None and h.verification is not None and h.verification.ok, h.verification
    assert list(h.hand.players) == ["Bob", "Cid", "Ann"] and h.hand.extra["winnings"] == [0, 0, 1500]
    assert h.hand.extra["_pyeval_tournament"] is True and h.hand.extra["_pyeval_tournament_all_in_show"] is False
    shown = STARS_TOURNEY_MUCK.replace("Cid: mucks hand", "Cid: shows [5c 5d] (a pair of Fives)")
    [s] = list(parse_text(shown))  # every hand tabled: the default rule kept
    assert s.hand is not None and "_pyeval_tournament_all_in_show" not in s.hand.extra and s.verification.ok


_PS_HAND = (Path(__file__).parent / "data" / "hands_io" / "pokerstars_holdem.txt").read_text(encoding="utf-8")
_FIRST = _PS_HAND.split("\n\n\n\n")[0].strip() + "\n"  # Hero wins $0.99 of a $1.03 pot, rake $0.04


def test_an_archive_that_indents_every_line_is_read() -> None:
    text = "*********** # 1 **************\n" + "".join(" " + ln + "\n" for ln in _FIRST.splitlines())
    [h] = list(parse_text(text))
    [plain] = list(parse_text(_FIRST))
    assert h.hand is not None and h.verification is not None and h.verification.ok, h.error
    assert plain.hand is not None and h.hand.extra["winnings"] == plain.hand.extra["winnings"]


def test_a_hand_the_file_cuts_off_says_so() -> None:
    cut = _FIRST[:_FIRST.index("*** TURN ***")] + "*** TURN *** [Ks 7d"  # the file ends inside a line
    [h] = list(parse_text(cut))
    assert h.hand is None and h.error is not None and "the file ends mid-hand (no summary, its last line broken off)" in h.error
    glued = _FIRST[:_FIRST.index("Hero: bets $0.30")] + "Hero: betPokerStars Hand #200000000009:  Hold'em"
    [g, *_] = list(parse_text(glued + _FIRST[_FIRST.index(" No Limit ($0.01"):]))
    assert g.hand is None and g.error is not None and "the next hand starts inside one of its lines" in g.error


def test_a_hand_the_room_cancelled_is_reported_as_such() -> None:
    text = ("PokerStars Game #25900000001:  Omaha Pot Limit ($0.05/$0.10 USD) - 2009/03/15 6:20:33 ET\n"
            "Table 'Waterman' 6-max Seat #1 is the button\nSeat 1: Hero ($11.65 in chips)\n"
            "Hero: posts small blind $0.05\nVillain: is sitting out\nHand cancelled\n*** SUMMARY ***\n"
            "Seat 1: Hero (button) collected ($0)\n")
    [h] = list(parse_text(text))
    assert h.hand is None and h.error is not None and "the room cancelled the hand" in h.error


BETONLINE = """\
BetOnline Poker Game #900000001: Hold'em No Limit ($0.25/0.50) - 2011/08/07 14:59 Eastern Daylight Time
Table 'Duke (50bb)' 10-Max, Seat #9 is the button
Seat 9: Ann (55.00 in chips) - The button
Seat 7: Bob (33.00 in chips)
Seat 5: Cid (0.00 in chips) - Sitting out
Seat 3: Dee (25.00 in chips)
Seat 1: Eve (22.00 in chips) - Big Blind
Seat 0: Fay (23.50 in chips) - Small Blind
Fay: posts small blind 0.25
Eve: posts big blind 0.50
*** HOLE CARDS ***
Dealt to Dee []
Bob: folds
Ann: folds
Fay: calls 0.25
Eve: checks
*** FLOP *** [Qc 4c 8h]
Fay: checks
Eve: checks
*** TURN *** [Qc 4c 8h][Ah]
Fay: bets 0.50
Gus joins the table at seat #4
Eve: folds
Uncalled bet (0.50) returned to Fay
*** SUMMARY ***
Total pot 0.95 | Rake 0.05
Board [Qc 4c 8h Ah]
Total pot 0.95 | Rake 0.05
Board [Qc 4c 8h Ah]
Seat 9: Ann folded before Flop
Seat 7: Bob folded before Flop
Seat 1: Eve folded on the Turn
Seat 0: Fay collected (0.95)
Seat 3: Dee collected (0.00)
"""


def test_betonline_seats_out_of_order_an_idle_seat_and_a_total_after_the_rake() -> None:
    """The BetOnline network lists seats out of table order, lists a seat that is not dealt in (no
    action; "collected (0.00)"), prints the total pot after the rake, the summary's first lines
    twice, and the win only in the summary."""
    assert detect_format(BETONLINE) == "betonline"
    [h] = list(parse_text(BETONLINE))
    assert h.hand is not None and h.verification is not None and h.verification.ok, (h.error, h.verification)
    x = h.hand.extra
    assert list(h.hand.players) == ["Fay", "Eve", "Bob", "Ann"]
    assert x["winnings"] == [95, 0, 0, 0] and x["_rake"] == 5 and x["_total_pot"] == 100
    assert "Dee" in x["_sitting_out"] or any("Dee" in n for n in x["_notes"])


RIO_WALK = """\
Run It Once Poker Hand #30400000001:  Hold'em No Limit (0.05/0.10) - 2019/06/26 19:34 UTC [2019/06/26 20:34 CET]
Table ID '30200000' 6-Max Seat #2 is the button
Seat 1: Ann K (47.07 in chips)
Seat 2: Bob E (16.09 in chips)
Seat 3: Cid T (11.01 in chips)
Seat 4: Dee L (10 in chips)
Cid T: posts small blind 0.05
Dee L: posts big blind 0.10
*** HOLE CARDS ***
Dealt to Ann K [7d 2c]
Ann K: folds
Bob E: folds
Cid T: folds
*** SHOWDOWN ***
Dee L: mucks hand
Dee L collected 0.15 from pot
*** SUMMARY ***
Total pot 0.15 | Rake 0.00
Seat 1: Ann K folded before Flop
Seat 2: Bob E (button) folded before Flop
Seat 3: Cid T (small blind) folded before Flop
Seat 4: Dee L (big blind) mucked hand and won 0.15
"""


def test_run_it_once_walk_counts_the_uncalled_blind_in_the_pot_and_splash_the_pot_is_named() -> None:
    """Run It Once writes no "Uncalled bet" line in a walk: the big blind collects the whole pot and
    the total counts his uncalled part; the reader returns it (noted). Chips the house adds ("STP
    added") go to the main pot (PHH ``_house_money``, decision 037) and the totals count them."""
    [h] = list(parse_text(RIO_WALK))
    assert h.hand is not None and h.verification is not None and h.verification.ok, (h.error, h.verification)
    assert h.hand.extra["_returned"] == [0, 5, 0, 0] and h.hand.extra["_total_pot"] == 10
    stp = (RIO_WALK.replace("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nSTP added: 0.50\n")
           .replace("collected 0.15", "collected 0.65").replace("Total pot 0.15 |", "Total pot 0.65 | Main pot 0.15 | STP 0.50 |")
           .replace("won 0.15", "won 0.65"))
    [s] = list(parse_text(stp))
    assert s.hand is not None and s.hand.extra["_house_money"] == 50, s.error
    assert s.verification is not None and s.verification.ok, s.verification


@pytest.mark.parametrize("code, stacks, seed, forced", [("T", [1, 1, 3, 1], 1, 0), ("O/8", [3, 2], 0, 2),
                                                         ("T", [1, 1, 67, 44], 2, 0)])
def test_pokerstars_export_round_trips_without_the_variant_rooms_repairs(code, stacks, seed, forced) -> None:
    """The Stars-variant rooms' repairs (a blind posted below the header's, a raise over players
    all-in) are theirs: a PokerStars record pyeval wrote reads back to the same betting and stacks
    (found by hypothesis: a raise with a player still to act was made a call)."""
    from test_phh_write import _random_round, _rules

    from pyeval.hands_io import to_pokerstars
    from pyeval.hands_io._phh import from_round
    from pyeval.poker import BettingStructure

    r = _random_round(_rules(code, BettingStructure.NO_LIMIT, forced), stacks, seed)
    text = to_pokerstars(r, ["a:b", "[c] d", "e (f)", "g", "h", "i"][: r.n], hand_id=seed)
    (h,) = parse_text(text, "pokerstars")
    assert h.hand is not None and h.verification is not None and h.verification.ok, (h.verification, text)
    assert h.hand.finishing_stacks == list(r.stacks)
    bet = [a for a in h.hand.actions if not a.startswith("d ") and " sm" not in a]
    assert bet == [a for a in from_round(r).actions if not a.startswith("d ") and " sm" not in a]

"""Decision 026: every room that writes PokerStars' text layout is a StarsDialect read by the one
driver (pyeval/hands_io/_stars.py); the same line policy holds for all of them (hands written for
these tests on the rooms' layouts)."""
from __future__ import annotations

import pytest

from pyeval.hands_io import FORMATS, parse_text
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

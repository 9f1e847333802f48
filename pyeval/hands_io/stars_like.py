"""Rooms that write PokerStars' text, as data: one :class:`~pyeval.hands_io._stars.StarsDialect` each.

Each entry is what the room writes differently from PokerStars (the header's words, its chatter);
everything else is read by :mod:`pyeval.hands_io._stars`. Taken from the rooms' own files: Run It
Once Poker (2018-2020), PokerMaster and PokerBros (the exports of the PokerStars-format apps), and
the 2016 Full Tilt client (``Full Tilt Hand #`` / ``Full Tilt Rush Hand #``: PokerStars' software
under the Full Tilt name; the older ``Full Tilt Poker Game #`` files are :mod:`pyeval.hands_io.fulltilt`).
"""
from __future__ import annotations

import re

from ._stars import StarsDialect

__all__ = ["DIALECTS", "dialect"]


def dialect(venue: str, words: str, **kw: object) -> StarsDialect:
    """A Stars-like room whose hands start ``WORDS #ID: ...`` (``words`` a regular expression)."""
    return StarsDialect(venue=venue, header=re.compile(r"^\s*(?:" + words + r") #(?P<id>\d+):\s*(?P<rest>.*)$"),
                        detect=re.compile(r"^\ufeff?\s*(?:" + words + r") #"), **kw)  # type: ignore[arg-type]


#: The Stars-like rooms by format name (``pyeval convert --from NAME``).
DIALECTS: dict[str, StarsDialect] = {
    "fulltilt2016": dialect("Full Tilt Poker", r"Full Tilt (?:Rush |Zoom )?Hand"),
    "runitonce": dialect("Run It Once Poker", r"Run It Once Poker Hand"),
    "pokermaster": dialect("PokerMaster", r"PokerMaster Hand"),
    "pokerbros": dialect("PokerBros", r"PokerBros Hand"),
}

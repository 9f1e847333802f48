"""Rooms that write PokerStars' text, as data: one :class:`~pyeval.hands_io._stars.StarsDialect` each.

Each entry is what the room writes differently from PokerStars (the header's words, its chatter);
everything else is read by :mod:`pyeval.hands_io._stars`. Taken from the rooms' own files: Run It
Once Poker (2018-2020), PokerMaster and PokerBros (the exports of the PokerStars-format apps), the
BetOnline network (BetOnline, PayNoRake, Gear, ActionPoker, Sportsbetting.ag: 2011-2016), and
the 2016 Full Tilt client (``Full Tilt Hand #`` / ``Full Tilt Rush Hand #``: PokerStars' software
under the Full Tilt name; the older ``Full Tilt Poker Game #`` files are :mod:`pyeval.hands_io.fulltilt`).
"""
from __future__ import annotations

import re

from ._dialect import STARS_ACTS, StarsDialect

__all__ = ["DIALECTS", "dialect"]


def dialect(venue: str, words: str, lead: str = "", **kw: object) -> StarsDialect:
    """A Stars-like room whose hands start ``WORDS #ID: ...`` (``words`` a regular expression; ``lead``
    one a file may open with before its first hand, such as a lobby message)."""
    return StarsDialect(venue=venue, header=re.compile(r"^\s*(?:" + words + r") #(?P<id>\d+):\s*(?P<rest>.*)$"),
                        detect=re.compile(r"^\ufeff?\s*" + (f"(?:{lead}\\s*)?" if lead else "") + r"(?:" + words + r") #"),
                        summary=True, **kw)  # type: ignore[arg-type]


_BOL_NO_STRUCT = re.compile(r"^(.* Game #\d+: )(?:Tournament #(\d+): )?(Hold'em|Omaha Hi-Lo|Omaha)( [$\d][^ ]*/[^ ]+ - )")


def _betonline_line(line: str) -> str:
    """A BetOnline header that names no betting structure (tournaments: ``Game #N: Tournament #T: Hold'em
    $10.00/$20.00 - DATE``) as PokerStars writes it, read as no limit (every fixed- or pot-limit action
    is a legal no-limit action: the replay and the results are the same); other lines unchanged."""
    m = _BOL_NO_STRUCT.match(line)
    if m is None:
        return line
    tour = f"Tournament #{m[2]}, " if m[2] else ""
    return f"{m[1]}{tour}{m[3]} No Limit ({m[4].strip(' -')}) - {line[m.end():]}"


class _PokerMasterStraddle:
    """PokerMaster writes a straddle as a second ``NAME: posts big blind $8`` (the preflop betting then
    starts left of it): read as ``posts straddle``. Called on a hand's lines in order, header first."""

    def __init__(self) -> None:
        self.seen = False

    def __call__(self, line: str) -> str:
        if line.lstrip().startswith("PokerMaster Hand #"):
            self.seen = False
        elif ": posts big blind " in line:
            if self.seen:
                return line.replace(": posts big blind ", ": posts straddle ", 1)
            self.seen = True
        return line


#: The Stars-like rooms by format name (``pyeval convert --from NAME``).
DIALECTS: dict[str, StarsDialect] = {
    "fulltilt2016": dialect("Full Tilt Poker", r"Full Tilt (?:Rush |Zoom )?Hand"),
    "runitonce": dialect("Run It Once Poker", r"Run It Once Poker Hand", sections=(("SHOWDOWN", "SHOW DOWN"),),
                         spaced=("show", "muck"), derive_returns=True,
                         returns_in_collect=True, implicit_total=True,  # a walk: no "Uncalled bet" line, the BB collects it all
                         house_money=re.compile(r"^STP added: (?P<a>\S+)\s*$")),  # Splash the Pot (decision 037)
    "pokermaster": dialect("PokerMaster", r"PokerMaster Hand", prepare=_PokerMasterStraddle(),
                           chatter=(r"# \{.*\}\s*",)),  # the app's own data line (game, table, player ids)
    "pokerbros": dialect("PokerBros", r"PokerBros Hand"),
    "betonline": dialect("BetOnline", r"(?:BetOnline Poker|PayNoRake|Gear Poker|ActionPoker\.com|Sportsbetting\.ag Poker) Game",
                         lead=r"Tournament will start in a moment\.",
                         seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()\s]*\d[^()\s]*) in chips\)"
                                         r"(?P<rest>(?: - .*)?)$"),
                         player_chatter=(r"- Sitting out", r"has left the table", r"is sitting out"),
                         acts=STARS_ACTS + tuple((re.compile(p), k) for p, k in (
                             (r"^post now (?P<a>[^\s]+)\s*$", "bb"), (r"^post dead (?P<a>[^\s]+)\s*$", "missed"),
                             (r"^ante processed 0(?:\.0+)?\s*$", None),  # no ante: says nothing of who was dealt in
                             (r"^ante processed (?P<a>[^\s]+)\s*$", "ante"),
                             (r"^shows (?P<c>(?:[2-9TJQKA]|10)[cdhs](?: (?:[2-9TJQKA]|10)[cdhs])*)\s*$", "show"))),
                         spaced=("show",), idle_out=True, net_total=True, omaha_by_cards=True, board_summary=True, prepare=_betonline_line,
                         hidden_rake=True,
                         pot_lines=re.compile(r"^Total pot \S+(?: \| Rake \S+)?\s*$"), chatter=(r'\S+ said ".*"',)),
}

"""Full Tilt Poker text hand histories (2006-2014 clients): every game Full Tilt dealt, cash and tournament.

The room as data on the Stars-text reader (:mod:`pyeval.hands_io._stars`): Full Tilt wrote the same
sections as PokerStars with its own words. A header ``Full Tilt Poker Game #ID: Table NAME (6 max) -
$0.10/$0.25 - No Limit Hold'em - 20:05:55 ET - 2011/10/04`` (tournaments and Matrix/Rush events name
the event before the table; 2011-2013 headers ``(6 max, deep)``, ``CAP NL``, ``$1,000 Cap``, the ante
``$3/$6 Ante $0.50``; archives ``FullTiltPoker Game #``), seat lines ``Seat N: NAME ($25)``, action
lines without a colon (``NAME posts the small blind of $0.10``, ``NAME raises to $0.75``, ``NAME bets
$1``, ``NAME antes $0.50``, ``NAME brings in for $1``, ``NAME discards 2 cards``), ``The button is in
seat #N``, stud streets ``*** 3RD STREET ***`` ... ``*** 7TH STREET ***``, draws ``*** DRAW ***`` /
``*** FIRST DRAW ***`` ..., ``Uncalled bet of $2 returned to NAME``, ``NAME wins the pot ($9.50)``,
chat lines ``NAME: text`` (kept as the room's lines) and ``Total pot $10 | Rake $0.50``. Files are
UTF-16 or UTF-8 (the driver decodes either). The 2016 client's files (``Full Tilt Hand #``) are
PokerStars' layout: :mod:`pyeval.hands_io.stars_like`.
"""
from __future__ import annotations

import re

from ._limits import room_time
from ._model import MAX_SEAT, Act, RawHand, amount, number, split_hands
from ._dialect import StarsDialect
from ._stars import read_hand
from .games import game_named, structure_named

__all__ = ["DIALECT", "parse_hand", "split", "looks_like"]

_HEADER = re.compile(r"^\s*Full ?Tilt ?Poker Game #(?P<id>\d+): (?P<rest>.*)$")
_GAME_PART = re.compile(r"^(?:(?P<cap>[$€£]?[\d,.]+) )?(?P<struct>CAP NL|CAP PL|Cap No Limit|Cap Pot Limit|No Limit|Pot Limit|Limit|"
                        r"NL|PL|FL) (?P<game>.+)$", re.I)
_STAKES = re.compile(r"^(?P<lo>[$€£]?[\d,]+(?:\.\d+)?)/(?P<hi>[$€£]?[\d,]+(?:\.\d+)?)(?: Ante (?P<ante>[$€£]?[\d,.]+))?"
                     r"(?: [A-Z]{3})?$")
_DATE = re.compile(r"(\d{1,2}):(\d{2}):(\d{2}) (\w+) - (\d{4})/(\d{1,2})/(\d{1,2})")
_SUFFIX = re.compile(r"(?<![\w.,])(\d{1,4}(?:\.\d{1,3})?)([KMB])(?=[/ ]|$)")
_TIMES = {"K": 10**3, "M": 10**6, "B": 10**9}


def _expand(m: re.Match[str]) -> str:
    """``50K`` -> ``50000``, ``1.5M`` -> ``1500000`` (the header's stakes in thousands, millions, billions)."""
    whole, _, frac = m.group(1).partition(".")
    mult = _TIMES[m.group(2)]
    return str(int(whole) * mult + (int(frac.ljust(len(str(mult)) - 1, "0")) if frac else 0))
_AMT = r"(?P<a>[^\s,]+(?:,\d{3})*(?:\.\d+)?)"
_ALLIN = r"(?:, and is all in|, and is capped)*\s*$"
_ACTS: tuple[tuple[re.Pattern[str], str | None], ...] = tuple((re.compile(p), k) for p, k in (
    (r"^posts the small blind of " + _AMT + _ALLIN, "sb"),
    (r"^posts the big blind of " + _AMT + _ALLIN, "bb"),
    (r"^posts a dead small blind of " + _AMT + _ALLIN, "sb"),
    (r"^posts " + _AMT + _ALLIN, "bb"),
    (r"^antes " + _AMT + _ALLIN, "ante"),
    (r"^brings in for " + _AMT + _ALLIN, "bring_in"),
    (r"^completes it to " + _AMT + _ALLIN, "complete"),
    (r"^folds\s*$", "fold"),
    (r"^checks\s*$", "check"),
    (r"^calls " + _AMT + _ALLIN, "call"),
    (r"^bets " + _AMT + _ALLIN, "bet"),
    (r"^raises to " + _AMT + _ALLIN, "raise"),
    (r"^discards (?P<n>\d+) cards?(?: \[(?P<c>[^\]]*)\])?\s*$", "discard"),
    (r"^stands pat(?: on \[(?P<c>[^\]]*)\])?\s*$", "pat"),
    (r"^is dealt \d+ cards?\s*$", "info"),
    (r"^shows \[(?P<c>[^\]]*)\].*$", "show"),
    (r"^shows [^\[]*$", "info"),  # Matrix/Rush: the hand's words after its cards were shown
    (r"^mucks(?: \[(?P<c>[^\]]*)\])?\s*$", "muck"),
))

#: Full Tilt as data on the Stars-text reader.
DIALECT = StarsDialect(
    venue="Full Tilt Poker",
    header=_HEADER,
    detect=re.compile(r"^\ufeff?(?:\s*(?:\*{3,}[^\n]*|BEGIN)\n)?\s*Full ?Tilt ?Poker Game #"),  # archive banners
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*\d[^()]*)\)(?P<rest>.*)$"),
    chatter=(r"\d+ seconds left to act", r"Players agree to Run It Twice", r".+ \(Observer\): .*",
             r".+ (?:has joined the table|has left the table|sits down|stands up|is sitting out)",
             r".+ adds [$€£]?[\d,.]+", r"\*{5,} # \d+ \*{5,}", r"BEGIN", r"END",
             r"\s*\([2-9TJQKA](?:,[2-9TJQKA]){4}\)"),  # 2006: a low hand's ranks on the line after its show
    player_chatter=(r"adds .*", r"has requested TIME", r"is feeling .*"),
    sep=" ",
    chat_colon=True,
    summary=True,
    acts=_ACTS,
    collect=re.compile(r"^(?:wins|ties for) (?:the )?(?:high |low )?(?:main |side )?pot(?: #?\d+)? \((?P<a>[^)]*)\).*$"),
    uncalled=re.compile(r"^Uncalled bet of (?P<a>[^\s]+) returned to (?P<n>.*)$"),
    button=re.compile(r"^The button is in seat #(?P<seat>\d+)\s*$"),
    sections=(("3RD STREET", "3rd STREET"), ("4TH STREET", "4th STREET"), ("5TH STREET", "5th STREET"),
              ("6TH STREET", "6th STREET"), ("7TH STREET", "RIVER"), ("DRAW", "FIRST DRAW")),
    idle_out=True,  # "NAME is sitting out" after the blinds: a seated player with no action was not dealt in
    head=lambda d, raw, lines, start: _head(raw, lines, start),
)


def looks_like(text: str) -> bool:
    """True when ``text`` starts (after blank lines) like a Full Tilt Poker hand history."""
    return bool(DIALECT.detect.match(text))


def split(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of the header, the hand's lines)."""
    return split_hands(text, _HEADER)


def _game_part(raw: RawHand, part: str, start: int) -> bool:
    """Read ``part`` into ``raw.game`` when it is the header's game (``No Limit Hold'em``, ``NL Hold'em``,
    ``Limit 2-7 Triple Draw``, ``$1,000 Cap Pot Limit Omaha Hi``, ``PL Courchevel Hi``); False otherwise."""
    gm = _GAME_PART.match(part)
    if not gm:
        return False
    g = game_named(gm["game"])
    struct = structure_named(gm["struct"])
    if g is None or struct is None:
        return False
    if g.stem is None:
        raise raw.fail(f"game not supported: {g.name} ({g.why_not})", start)
    raw.game = struct + g.stem
    return True


def _stakes(raw: RawHand, stakes: str, start: int) -> None:
    sym = next((s for s in "$€£" if s in stakes), None)
    if sym or "." in stakes:
        raw.scale = 100
        raw.currency_symbol = sym
        raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "")
    sm = _STAKES.match(stakes)
    if sm is None:  # pragma: no cover - _header only passes text _STAKES matched
        raise raw.fail(f"cannot read the stakes {stakes!r}", start)
    lo, hi = amount(sm["lo"], raw.scale, raw, start), amount(sm["hi"], raw.scale, raw, start)
    if raw.game[0] == "F":
        raw.small_bet, raw.big_bet = lo, hi
        raw.small_blind, raw.big_blind = lo // 2, lo
    else:
        raw.min_bet = hi
        raw.small_blind, raw.big_blind = lo, hi


def _header(raw: RawHand, rest: str, start: int) -> None:
    """The header after ``Game #ID: ``: event or table, stakes, game, time (in any order the
    2006-2014 clients wrote them)."""
    parts = [_SUFFIX.sub(_expand, p.strip()) for p in rest.split(" - ")]  # "50K/100K", "500K/1M" (2011+)
    stakes = next((p for p in parts[1:] if _STAKES.match(p)), None)
    if not any(_game_part(raw, p, start) for p in parts[1:]) or stakes is None:
        raise raw.fail(f"unknown game or stakes in header {rest!r}", start)
    _stakes(raw, stakes, start)
    cap = next((gm["cap"] for p in parts[1:] if (gm := _GAME_PART.match(p)) and gm["cap"]), None)
    if cap:  # a Cap table ("$400 Pot Limit Omaha Hi", "$1,000 Cap ..."): each player's chips in a hand capped
        raw.table_rules["cap"] = amount(cap, raw.scale, raw, start)
    tbl = re.search(r"(?:Table|Match) (?P<t>.+?)(?: \((?:(?P<max>\d+) max|(?P<hu>heads up))(?:, [a-z]+)?\)"
                    r"| \([a-z]+\)|$)", parts[0])
    if tbl:
        raw.table = tbl["t"]
        if tbl["max"]:
            raw.seat_count = number(tbl["max"], "the table size", raw, start, 2, MAX_SEAT)
        elif tbl["hu"]:  # "(heads up, deep)"
            raw.seat_count = 2
    ev = re.match(r"^(?P<ev>.*\(\d+\)), (?:Table|Match)", parts[0])
    if ev:
        raw.tournament = ev["ev"]
    dm = _DATE.search(rest)
    if dm:
        hh, mi, ss, tz, y, mo, d = dm.groups()
        raw.time = room_time((y, mo, d, hh, mi, ss), raw.fail, start)
        raw.time_zone_abbreviation = tz


def _head(raw: RawHand, lines: list[str], start: int) -> int:
    m = _HEADER.match(lines[0])
    if not m:
        raise raw.fail("not a Full Tilt Poker hand header", start)
    raw.hand_id = m["id"]
    _header(raw, m["rest"], start)
    k = 1
    while k < len(lines) and not lines[k].strip():
        k += 1
    sm = re.match(r"^Seats: (?P<n>\d+)\s*$", lines[k]) if k < len(lines) else None  # 2013 Rush tournaments
    if not sm:
        return 1
    raw.seat_count = number(sm["n"], "the table size", raw, start + k, 2, MAX_SEAT)
    k += 1
    while k < len(lines) and not lines[k].strip():  # (a blank line either side in some files)
        k += 1
    return k


_FIVE_STUD = re.compile(r" - (?:[$€£]?[\d,.]+ )?Limit 5 Card Stud(?: Hi)? - ")
_FIVE_STUD_STREET = re.compile(r"^\*\*\* (2ND|3RD|4TH|5TH) STREET \*\*\*")
_ONE_LATER = {"2ND": "3RD", "3RD": "4TH", "4TH": "5TH", "5TH": "6TH"}


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One Full Tilt hand into a RawHand. Raises HandParseError naming the file line.

    5 Card Stud names its streets by the cards dealt (``*** 2ND STREET ***`` ... ``*** 5TH STREET ***``):
    read as the driver's stud rounds (3rd ... 6th), one name later."""
    if lines and _FIVE_STUD.search(lines[0]):
        lines = [_FIVE_STUD_STREET.sub(lambda m: f"*** {_ONE_LATER[m[1]]} STREET ***", ln) for ln in lines]
    raw = read_hand(DIALECT, lines, start, source)
    _summary_folds(raw, lines, start)
    return raw


_FOLDED_PREFLOP = re.compile(r"^Seat \d+: (?P<rest>.*) folded before the Flop\s*$")
_BETTING = ("post", "street", "fold", "check", "call", "bet", "raise")  # (after the hole cards are dealt)


def _summary_folds(raw: RawHand, lines: list[str], start: int) -> None:
    """Matrix/Rush tournaments (2012) end a hand when the last players to act before the flop fold
    without writing their fold: the summary's ``Seat N: NAME (small blind) folded before the Flop``
    supplies it (the hand ended before the flop; the bet nobody called is then derived)."""
    if any(a.kind == "street" and a.extra != "HOLE CARDS" for a in raw.acts):
        return
    folded = {a.name for a in raw.acts if a.kind == "fold"}
    names = sorted((x.name for x in raw.seats), key=len, reverse=True)
    at = max((k + 1 for k, a in enumerate(raw.acts) if a.kind in _BETTING), default=len(raw.acts))
    for no, ln in enumerate(lines, start):
        m = _FOLDED_PREFLOP.match(ln)
        nm = next((n for n in names if m and (m["rest"] == n or m["rest"].startswith(n + " ("))), None)
        if nm is not None and nm not in folded:
            raw.acts.insert(at, Act("fold", nm, 0, (), no, ""))
            at += 1
            raw.notes.append(f"{nm} folds (the summary's line {no}: the record writes no fold)")

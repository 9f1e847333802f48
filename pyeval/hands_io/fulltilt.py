"""Full Tilt Poker text hand histories (hold'em and Omaha, every structure, cash and tournament).

Read from the public descriptions of the format: a header ``Full Tilt Poker Game #ID: Table NAME
(6 max) - $0.10/$0.25 - No Limit Hold'em - 20:05:55 ET - 2011/10/04`` (tournaments name the event
before the table), seat lines ``Seat N: NAME ($25)``, action lines without a colon (``NAME
posts the small blind of $0.10``, ``NAME raises to $0.75``, ``NAME bets $1``, ``NAME calls $0.75``),
``The button is in seat #N``, ``Uncalled bet of $2 returned to NAME``, ``NAME wins the pot ($9.50)``
and ``Total pot $10 | Rake $0.50`` in the summary.
"""
from __future__ import annotations

import re

from ._limits import room_time
from ._model import (
    BRACKETS, MAX_SEAT, RawHand, amount, cards, common_action, dealt_to, finish_seats, number, read_seats, split_hands,
    uncalled_bet,
)

__all__ = ["parse_hand", "split", "looks_like"]

_HEADER = re.compile(r"^Full Tilt Poker Game #(?P<id>\d+): (?P<rest>.*)$")
_GAMES = [("No Limit Hold'em", "NT"), ("Pot Limit Hold'em", "PT"), ("Limit Hold'em", "FT"),
          ("Pot Limit Omaha Hi/Lo", "PO/8"), ("Pot Limit Omaha H/L", "PO/8"), ("Pot Limit Omaha Hi", "PO"),
          ("Pot Limit Omaha", "PO"), ("Limit Omaha Hi/Lo", "FO/8"), ("Limit Omaha H/L", "FO/8"),
          ("No Limit Omaha", "NO"), ("Limit Omaha", "FO"), ("Pot Limit 5 Card Omaha", "P5O")]
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*\d[^()]*)\)(?P<rest>.*)$")
_SECTION = re.compile(r"^\*\*\* (?P<name>[A-Z ]+?) \*\*\*\s*(?P<cards>.*)$")
_OUT = re.compile(r"sitting out")
_DATE = re.compile(r"(\d{1,2}):(\d{2}):(\d{2}) (\w+) - (\d{4})/(\d{1,2})/(\d{1,2})")
_AMT = r"(?P<a>[^\s,]+(?:,\d{3})*(?:\.\d+)?)"
_ALLIN = r"(?:, and is all in)?\s*$"
_ACTS: list[tuple[re.Pattern[str], str | None]] = [
    (re.compile(r"^posts the small blind of " + _AMT + _ALLIN), "sb"),
    (re.compile(r"^posts the big blind of " + _AMT + _ALLIN), "bb"),
    (re.compile(r"^posts a dead small blind of " + _AMT + _ALLIN), "dead"),
    (re.compile(r"^posts " + _AMT + _ALLIN), "bb"),
    (re.compile(r"^antes " + _AMT + _ALLIN), "ante"),
    (re.compile(r"^folds\s*$"), "fold"),
    (re.compile(r"^checks\s*$"), "check"),
    (re.compile(r"^calls " + _AMT + _ALLIN), "call"),
    (re.compile(r"^bets " + _AMT + _ALLIN), "bet"),
    (re.compile(r"^raises to " + _AMT + _ALLIN), "raise"),
    (re.compile(r"^shows \[(?P<c>[^\]]*)\].*$"), "show"),
    (re.compile(r"^mucks(?: \[(?P<c>[^\]]*)\])?\s*$"), "muck"),
    (re.compile(r"^wins the (?:main |side )?pot(?: #?\d+)? \((?P<a>[^)]*)\).*$"), "collect"),
    (re.compile(r"^ties for the (?:main |side )?pot(?: #?\d+)? \((?P<a>[^)]*)\).*$"), "collect"),
    (re.compile(r"^(?:is sitting out|stands up|sits down|has returned|has timed out|is disconnected|"
                r"has reconnected|has \d+ seconds left to act|has requested TIME|is feeling .*|"
                r"adds .*|has been disconnected.*|sits out|is back|doesn't show|has left the table|"
                r"said, \".*\"|: .*)\s*$"), None),
]


def looks_like(text: str) -> bool:
    """True when ``text`` starts (after blank lines) like a Full Tilt Poker hand history."""
    return bool(re.match(r"^\ufeff?\s*Full Tilt Poker Game #", text))


def split(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of the header, the hand's lines)."""
    return split_hands(text, _HEADER)


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One Full Tilt hand into a RawHand. Raises HandParseError naming the file line."""
    raw = RawHand(venue="Full Tilt Poker", source=source, line=start)
    m = _HEADER.match(lines[0])
    if not m:
        raise raw.fail("not a Full Tilt Poker hand header", start)
    raw.hand_id = m["id"]
    parts = [p.strip() for p in m["rest"].split(" - ")]
    game = None
    stakes = None
    for k, p in enumerate(parts):
        for label, code in _GAMES:
            if p == label or p.endswith(" " + label) and re.match(r"^\D?[\d.,]+ Cap ", p):
                game = code
                stakes = parts[k - 1] if k else None
                break
        if game:
            break
    if game is None or stakes is None:
        raise raw.fail(f"unknown game or stakes in header {m['rest']!r}", start)
    raw.game = game
    tbl = re.search(r"Table (?P<t>.+?)(?: \((?P<max>\d+) max\)|$)", parts[0])
    if tbl:
        raw.table = tbl["t"]
        if tbl["max"]:
            raw.seat_count = number(tbl["max"], "the table size", raw, start, 2, MAX_SEAT)
    ev = re.match(r"^(?P<ev>.*\(\d+\)), Table", parts[0])
    if ev:
        raw.tournament = ev["ev"]
    sym = next((s for s in "$€£" if s in stakes), None)
    if sym or "." in stakes:
        raw.scale = 100
        raw.currency_symbol = sym
        raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "")
    st = stakes.split("/")
    if len(st) != 2:
        raise raw.fail(f"cannot read the stakes {stakes!r}", start)
    lo, hi = amount(st[0], raw.scale, raw, start), amount(st[1].split()[0], raw.scale, raw, start)
    if game[0] == "F":
        raw.small_bet, raw.big_bet = lo, hi
    else:
        raw.min_bet = hi
    dm = _DATE.search(m["rest"])
    if dm:
        hh, mi, ss, tz, y, mo, d = dm.groups()
        raw.time = room_time((y, mo, d, hh, mi, ss), raw.fail, start)
        raw.time_zone_abbreviation = tz
    seats = read_seats(raw, lines, 1, start, _SEAT, _OUT)
    names = seats.names
    acted: set[str] = set()
    section = "pre"
    cur_bet: dict[str, int] = {}
    for j in range(seats.end, len(lines)):
        line = lines[j].rstrip()
        no = start + j
        if not line.strip():
            continue
        sec = _SECTION.match(line)
        if sec:
            label = sec["name"]
            if label == "SUMMARY":
                section = "summary"
            elif label == "SHOW DOWN":
                section = "showdown"
            elif label == "HOLE CARDS":
                section = "play"
                raw.add("street", line=no, extra=label)
            elif label in ("FLOP", "TURN", "RIVER"):
                b = BRACKETS.findall(sec["cards"])
                if not b:
                    raise raw.fail(f"{label} without cards", no)
                raw.add("street", cards=cards(b[-1], raw, no), line=no, extra=label)
                cur_bet = {}
            else:
                raise raw.fail(f"unknown section {label!r}", no)
            continue
        if section == "summary":
            if line.startswith("Total pot "):
                tm = re.match(r"^Total pot (?P<a>[^\s|]+)", line)
                if tm:
                    raw.total_pot = amount(tm["a"], raw.scale, raw, no)
                rm = re.search(r"\| Rake (?P<a>[^\s|]+)", line)
                if rm:
                    raw.rake = amount(rm["a"], raw.scale, raw, no)
            continue
        bm = re.match(r"^The button is in seat #(\d+)\s*$", line)
        if bm:
            raw.button_seat = number(bm.group(1), "the button seat", raw, no, 0, MAX_SEAT)
            continue
        if line.startswith("Dealt to "):
            who, dealt = dealt_to(raw, line, names, no)
            raw.hole[who] = dealt
            continue
        um = re.match(r"^Uncalled bet of (?P<a>[^\s]+) returned to (?P<n>.*)$", line)
        if um:
            uncalled_bet(raw, um, names, no)
            continue
        nm = next((n for n in names if line.startswith(n + " ")), None)
        if nm is None:
            if re.match(r"^.+ (?:has joined the table|has left the table|sits down|stands up|is sitting out)\s*$", line):
                continue
            raise raw.fail(f"unrecognised line {line!r}", no)
        _act(raw, nm, line[len(nm) + 1:], no, acted, cur_bet)
    finish_seats(raw, seats, acted)
    return raw


def _act(raw: RawHand, nm: str, rest: str, no: int, acted: set[str], cur_bet: dict[str, int]) -> None:
    for pat, kind in _ACTS:
        m = pat.match(rest)
        if not m:
            continue
        if kind is None:
            return
        gd = m.groupdict()
        a = amount(gd["a"], raw.scale, raw, no) if gd.get("a") else 0
        if kind != "collect":
            acted.add(nm)
        if kind in ("sb", "bb"):
            raw.add("post", nm, a, line=no, extra=kind)
            cur_bet[nm] = cur_bet.get(nm, 0) + a
        elif kind == "dead":
            raw.notes.append(f"{nm} posted a dead small blind of {a} (line {no}): PHH has no dead blinds")
            raw.add("ante", nm, a, line=no)
        elif kind == "collect":
            raw.add("collect", nm, a, line=no)
        else:
            common_action(raw, nm, kind, a, gd.get("c"), no, cur_bet)
        return
    raise raw.fail(f"unrecognised action {rest!r} by {nm!r}", no)

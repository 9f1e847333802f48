"""PartyPoker text hand histories (the classic client's export: hold'em and Omaha, every structure,
cash and tournament).

Read from public descriptions of the format. A hand starts ``Game #ID starts.`` and/or ``#Game No :
ID`` followed by ``***** Hand History for Game ID *****``; then the game line (``$10 USD NL Texas
Hold'em - Tuesday, August 21, 18:10:26 ET 2007``: for no- and pot-limit cash games the amount is
the table's buy-in, for fixed limit ``$2/$4 USD FL ...`` the bets; a tournament line names ``Trny:ID
Level:N Blinds-Antes(25/50 -5)``), ``Table NAME (Real Money)``, ``Seat N is the button``, ``Total
number of players : 5/6``, seat lines ``Seat 1: NAME ( $10.00 USD )`` (tournament chips ``( 1,500
)``), then ``NAME posts small blind [$0.05 USD].``, ``NAME posts ante [5]``, ``** Dealing down cards
**``, ``Dealt to NAME [ Ah, Kd ]``, actions whose amount is what the action *adds* (``NAME raises
[$0.30 USD]``, ``NAME calls [$0.10 USD]``, ``NAME is all-In  [$1.18 USD]``), ``** Dealing Flop ** [
5c, 4d, 2s ]``, ``NAME shows [ 7d, 2c ]a pair of Twos.`` and ``NAME wins $3.72 USD from the main pot
with ...``.

What pokerkit's reader drops and this one keeps: Omaha and the fixed- and pot-limit games, antes,
tournaments (level, blinds, event), the seat count, players sitting out, the cards of a player who
does not show, and an uncalled bet. The classic export writes no line for an uncalled bet: the
winner's amount is the called pot. The reader returns the excess of the last bet over everyone
else's contribution to its bettor (an explicit ``Uncalled bet of $X returned to NAME`` line, as
some versions write, is read instead) and notes it.
"""
from __future__ import annotations

import re

from ._limits import room_time
from ._starlike import defer_extra_blinds, derive_rake, return_implicit
from .pacific import looks_like as pacific_looks_like
from ._model import (
    BRACKETS, MAX_SEAT, RawHand, RoomSeats, amount, cards, common_action, dealt_to, finish_seats, number, read_seats,
    uncalled_bet,
)

__all__ = ["parse_hand", "split", "looks_like"]

_FIRST = re.compile(r"^(?:Game #\S+ starts\.|#Game No : \S+|\*{5} Hand History [Ff]or Game \S+ \*{5})\s*$")
_HISTORY = re.compile(r"^\*{5} Hand History [Ff]or Game (?P<id>\S+) \*{5}\s*$")
_GAMES = [("Texas Hold'em", "T"), ("Texas Holdem", "T"), ("Omaha Hi-Lo", "O/8"), ("Omaha Hi/Lo", "O/8"),
          ("Omaha Hi", "O"), ("Omaha", "O")]
_GAME_LINE = re.compile(r"^(?P<pre>.*?)\b(?P<lim>NL|PL|FL) (?P<game>Texas Hold'em|Texas Holdem|Omaha Hi-Lo|"
                        r"Omaha Hi/Lo|Omaha Hi|Omaha)\b(?P<post>.*?) - (?P<date>\w+, \w+ \d{1,2}, .*)$")
_DATE = re.compile(r"^\w+, (?P<mon>\w+) (?P<d>\d{1,2}), (?P<t>\d{1,2}:\d{2}:\d{2}) (?P<tz>\S+) (?P<y>\d{4})\s*$")
_MONTHS = {m: k for k, m in enumerate(("January", "February", "March", "April", "May", "June", "July", "August",
                                       "September", "October", "November", "December"), 1)}
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \( (?P<stack>[^()]*?) \)(?P<rest>.*)$")
_OUT = re.compile(r"sitting out")
_STREET = re.compile(r"^\*\* Dealing (?P<name>down cards|[Ff]lop|[Tt]urn|[Rr]iver) \*\*(?: :)?\s*(?P<cards>.*)$")
_AMT = r"\[\s*(?P<a>[^\]]*?)\s*\]"
_ACTS: list[tuple[re.Pattern[str], str | None]] = [
    (re.compile(r"^posts small blind " + _AMT + r"\.?\s*$"), "sb"),
    (re.compile(r"^posts big blind " + _AMT + r"\.?\s*$"), "bb"),
    (re.compile(r"^posts ante " + _AMT + r"\.?\s*$"), "ante"),
    (re.compile(r"^posts big blind \+ dead " + _AMT + r"\.?\s*$"), "both"),
    (re.compile(r"^big blind \+ dead " + _AMT + r"\.?\s*$"), "both"),
    (re.compile(r"^folds\.?\s*$"), "fold"),
    (re.compile(r"^checks\.?\s*$"), "check"),
    (re.compile(r"^calls " + _AMT + r"\.?\s*$"), "call"),
    (re.compile(r"^bets " + _AMT + r"\.?\s*$"), "bet"),
    (re.compile(r"^raises " + _AMT + r"\.?\s*$"), "raise"),
    (re.compile(r"^is all-In\s+" + _AMT + r"\.?\s*$"), "allin"),
    (re.compile(r"^shows \[(?P<c>[^\]]*)\].*$"), "show"),
    (re.compile(r"^doesn't show \[(?P<c>[^\]]*)\].*$"), "muck"),
    (re.compile(r"^(?:does not show cards|mucks)\.?\s*$"), "muck"),
    (re.compile(r"^wins (?P<a>[^\[\]]+?) from the (?:main pot|side pot(?: \d+)?)\b.*$"), "collect"),
    (re.compile(r"^wins (?P<a>[^\[\]]+?)\.?\s*$"), "collect"),
    (re.compile(r"^(?:is sitting out|has left the table|has joined the table|is disconnected\b.*|"
                r"has been reconnected\b.*|did not respond in time|will be using (?:his|her) time bank.*|"
                r"is low with .*|has \d+ seconds? left to act|is back|sits out|left the table\.?|joined the table\.?|"
                r"did not respond in time.*|not respond in time.*|time bank will be activated.*|finished in \d+.*|"
                r": .*)\s*$"), None),
]


def looks_like(text: str) -> bool:
    """True when ``text`` starts (after blank lines) like a PartyPoker hand history."""
    if pacific_looks_like(text):  # 888poker writes the same first line
        return False
    return bool(re.match(r"^\ufeff?\s*(?:Game #\S+ starts\.|#Game No : |\*{5} Hand History [Ff]or Game )", text))


def split(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of the hand's first line, the hand's lines). A hand starts
    at a ``Game # starts.``, ``#Game No :`` or ``***** Hand History`` line not following another."""
    out: list[tuple[int, list[str]]] = []
    cur: list[str] | None = None
    prev_first = False
    for no, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        first = bool(_FIRST.match(line))
        if first and not prev_first:
            cur = [line]
            out.append((no, cur))
        elif cur is not None:
            cur.append(line)
        if line.strip():
            prev_first = first
    for _, lines in out:
        while lines and not lines[-1].strip():
            lines.pop()
    return out


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One PartyPoker hand into a RawHand. Raises HandParseError naming the file line."""
    raw = RawHand(venue="PartyPoker", source=source, line=start)
    i = 0
    while i < len(lines) and (_FIRST.match(lines[i]) or not lines[i].strip()):
        hm = _HISTORY.match(lines[i]) or re.match(r"^(?:Game #|#Game No : )(?P<id>[^\s.]+)", lines[i])
        if hm:
            raw.hand_id = hm["id"]
        i += 1
    if i >= len(lines):
        raise raw.fail("a hand header without a game line", start + i)
    _game_line(raw, lines[i], start + i)
    i += 1
    while i < len(lines) and not _SEAT.match(lines[i]):  # table, button and player count, any order
        line = lines[i].rstrip()
        tm = re.match(r"^Table (?P<t>.+?) \((?:Real|Play) Money\)", line)
        bm = re.match(r"^Seat (\d+) is the button\s*$", line)
        nm = re.match(r"^Total number of players : \d+(?:/(\d+))?\s*$", line)
        if tm:
            raw.table = tm["t"]
        elif bm:
            raw.button_seat = number(bm.group(1), "the button seat", raw, start + i, 0, MAX_SEAT)
        elif nm:
            if nm.group(1):
                raw.seat_count = number(nm.group(1), "the table size", raw, start + i, 2, MAX_SEAT)
        elif line.strip():
            break
        i += 1
    seats = read_seats(raw, lines, i, start, _SEAT, _OUT)
    _actions(raw, lines, start, seats)
    return raw


def _game_line(raw: RawHand, line: str, no: int) -> None:
    m = _GAME_LINE.match(line.strip())
    if not m:
        raise raw.fail(f"not a PartyPoker game line (stakes, NL/PL/FL and the game, the date): {line!r}", no)
    code = dict(_GAMES)[m["game"]]
    raw.game = {"NL": "N", "PL": "P", "FL": "F"}[m["lim"]] + code
    dm = _DATE.match(m["date"])
    if dm and dm["mon"] in _MONTHS:
        hh, mi, ss = dm["t"].split(":")
        raw.time = room_time((dm["y"], _MONTHS[dm["mon"]], dm["d"], hh, mi, ss), raw.fail, no)
        raw.time_zone_abbreviation = dm["tz"]
    tr = re.search(r"Trny:\s*(?P<id>\S+)", m["post"])
    if tr:  # a tournament: chips, the blinds and antes of the level in the line
        raw.tournament = f"{m['pre'].strip()}{m['lim']} {m['game']}{m['post'][:tr.start()]}(Trny {tr['id']})".strip()
        lv = re.search(r"Level:\s*(\S+)", m["post"])
        if lv:
            raw.level = lv.group(1)
        ba = re.search(r"Blinds(?:-Antes)?\((?P<sb>[\d,]+)/(?P<bb>[\d,]+)(?: -?(?P<ante>[\d,]+))?\)", m["post"])
        if ba:
            raw.small_blind = amount(ba["sb"], 1, raw, no)
            raw.big_blind = amount(ba["bb"], 1, raw, no)
            raw.min_bet = raw.big_blind
        return
    bi = re.search(r"(?P<b>\S+(?: [A-Z]{3})?) Buy-in\b", m["post"])
    if bi:  # a sit & go / tournament line: chips; its id and level follow on a ``Trny:`` line
        raw.tournament = f"{m['lim']} {m['game']} {bi['b']} buy-in"
        return
    stakes = m["pre"].strip()
    sym = next((s for s in "$€£" if s in stakes), None)
    cur = re.search(r"\b([A-Z]{3})\s*$", stakes)
    raw.scale = 100
    raw.currency_symbol = sym
    raw.currency = cur.group(1) if cur else {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "")
    body = stakes[:cur.start()].strip() if cur else stakes
    if raw.game[0] == "F":
        st = body.split("/")
        if len(st) != 2:
            raise raw.fail(f"a fixed-limit game line names the small and big bet, not {stakes!r}", no)
        raw.small_bet, raw.big_bet = amount(st[0], 100, raw, no), amount(st[1], 100, raw, no)
    elif body:
        raw.notes.append(f"the table's buy-in is {body} (line {no}); the blinds are read from the posts")


class _Hand:
    """The reading of one hand's body: the seats, who acted, each player's chips on this street,
    whether the record wrote the uncalled bet."""

    def __init__(self, raw: RawHand, seats: RoomSeats) -> None:
        self.raw, self.seats, self.names = raw, seats, seats.names
        self.acted: set[str] = set()
        self.street_bet: dict[str, int] = {}
        self.returned = False

    def line(self, line: str, no: int) -> None:
        """One line after the seats."""
        raw = self.raw
        st = _STREET.match(line)
        if st:
            self.street(st["name"].lower(), st["cards"], no)
        elif line.startswith("Dealt to "):
            who, dealt = dealt_to(raw, line, self.names, no)
            raw.hole[who] = dealt
        elif _UNCALLED.match(line):
            uncalled_bet(raw, _UNCALLED.match(line), self.names, no)  # type: ignore[arg-type]
            self.returned = True
        elif line.startswith("** Summary **") or _POT_LINE.match(line):
            rm = re.search(r"Rake:? (?P<a>[^\s|]+)", line)
            if rm:
                raw.rake = amount(rm["a"], raw.scale, raw, no)
        elif not _tournament_line(raw, line, no):
            self.named(line, no)

    def street(self, label: str, text: str, no: int) -> None:
        if label == "down cards":
            self.raw.add("street", line=no, extra="HOLE CARDS")
            return
        b = BRACKETS.findall(text)
        if not b:
            raise self.raw.fail(f"the {label} without cards", no)
        self.raw.add("street", cards=cards(b[-1], self.raw, no), line=no, extra=label.upper())
        self.street_bet = {}

    def named(self, line: str, no: int) -> None:
        """A player's line (an action, a sitting-out mark), chat, or a player coming or going."""
        nm = next((n for n in self.names if line.startswith(n + " ")), None)
        if nm is not None and re.match(r"^(?:is sitting out|sits out)\.?\s*$", line[len(nm) + 1:]):
            self.seats.marked_out.add(nm)
        elif nm is not None:
            _act(self.raw, nm, line[len(nm) + 1:], no, self.acted, self.street_bet)
        elif not (_OTHERS.match(line) or any(line.startswith(n + ": ") for n in self.names)):
            raise self.raw.fail(f"unrecognised line {line!r}", no)


_UNCALLED = re.compile(r"^Uncalled bet of (?P<a>.+?) returned to (?P<n>.*)$")
_POT_LINE = re.compile(r"^(?:Creating|Main Pot|Side Pot|Board|Total pot)\b")
_OTHERS = re.compile(r"^(?:.+ (?:has joined the table|has left the table|left the table|joined the table|is sitting out|"
                     r"sits out|time bank will be activated.*|finished in \d+)\.?|>You have options.*)\s*$")


def _actions(raw: RawHand, lines: list[str], start: int, seats: RoomSeats) -> None:
    hand = _Hand(raw, seats)
    for j in range(seats.end, len(lines)):
        line = lines[j].rstrip()
        if line.strip():
            hand.line(line, start + j)
    if raw.big_blind and not any(a.kind == "post" for a in raw.acts):
        raise raw.fail("the record writes no blind posts (a tournament export): who posted them is not known")
    if not hand.returned:  # the winner's amount counts a bet nobody called
        return_implicit(raw, True)
    finish_seats(raw, seats, hand.acted)
    defer_extra_blinds(raw)
    derive_rake(raw)


def _tournament_line(raw: RawHand, line: str, no: int) -> bool:
    """``Trny: ID Level: N`` and ``Blinds(10/20)`` / ``Blinds-Antes(10/20 -2)`` (tournament hands
    whose game line names the buy-in)."""
    tm = re.match(r"^Trny:\s*(?P<id>\S+)\s+Level:\s*(?P<lv>\S+)\s*$", line)
    if tm:
        raw.tournament = tm["id"]
        raw.level = tm["lv"]
        return True
    ba = re.match(r"^(?:Blinds|Stakes)(?:-Antes)?\((?P<sb>[\d,]+)\s*/\s*(?P<bb>[\d,]+)(?:\s*-?(?P<ante>[\d,]+))?\)\s*$", line)
    if ba:
        raw.small_blind = amount(ba["sb"], 1, raw, no)
        raw.big_blind = raw.min_bet = amount(ba["bb"], 1, raw, no)
        return True
    return False


def _act(raw: RawHand, nm: str, rest: str, no: int, acted: set[str], street_bet: dict[str, int]) -> None:
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
        if kind in ("sb", "bb", "both"):
            raw.add("post", nm, a, line=no, extra=kind)
            street_bet[nm] = street_bet.get(nm, 0) + a
        elif kind in ("raise", "allin"):  # Party writes what the action adds; PHH the street total
            to = street_bet.get(nm, 0) + a
            allin_call = kind == "allin" and to <= max(street_bet.values(), default=0)  # all in for a call or less
            common_action(raw, nm, "call" if allin_call else "raise", a if allin_call else to, None, no, street_bet)
        elif kind == "collect":
            raw.add("collect", nm, a, line=no)
        else:
            common_action(raw, nm, kind, a, gd.get("c"), no, street_bet)
        return
    raise raw.fail(f"unrecognised action {rest!r} by {nm!r}", no)

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
from ._betting import untabled_all_in
from ._settle import button_before_blinds, chips_in, defer_extra_blinds, derive_rake, return_implicit
from .pacific import looks_like as pacific_looks_like
from ._model import (
    FIGURES_DO_NOT_ADD_UP, Act, BRACKETS, MAX_SEAT, RawHand, RoomSeats, Seat, amount, cards, common_action, dealt_to, finish_seats, number, read_seats,
    uncalled_bet,
)

__all__ = ["parse_hand", "split", "looks_like"]

_FIRST = re.compile(r"^(?:Game #\S+ starts\.|#Game No : \S+|\*{5} (?:Betfair Poker )?Hand History [Ff]or Game \S+ \*{5})\s*$")
_HISTORY = re.compile(r"^\*{5} (?:Betfair Poker )?Hand History [Ff]or Game (?P<id>\S+) \*{5}\s*$")
#: Lines that only mark a part of the hand (Betfair's showdown and conclusion heads, its closing line).
_MARKS = re.compile(r"^(?:\*\* (?:Showdown|Hand Conclusion) \*\*|\*+\s*Game \S+ ends\s*\*+)\s*$")
_GAMES = [("Texas Hold'em", "T"), ("Texas Holdem", "T"), ("Omaha Hi-Lo", "O/8"), ("Omaha Hi/Lo", "O/8"),
          ("Omaha Hi", "O"), ("Omaha", "O")]
_GAME_LINE = re.compile(r"^(?P<pre>.*?)\b(?P<lim>NL|PL|FL) (?P<game>Texas Hold'em|Texas Holdem|Omaha Hi-Lo|"
                        r"Omaha Hi/Lo|Omaha Hi|Omaha)\b(?P<post>.*?) - (?P<date>\w+, \w+ \d{1,2}, .*)$")
_DATE = re.compile(r"^\w+, (?P<mon>\w+) (?P<d>\d{1,2}), (?P<t>\d{1,2}:\d{2}:\d{2}) (?P<tz>\S+) (?P<y>\d{4})\s*$")
_MONTHS = {m: k for k, m in enumerate(("January", "February", "March", "April", "May", "June", "July", "August",
                                       "September", "October", "November", "December"), 1)}
_SEAT = re.compile(r"^[Ss]eat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>[^()]*?)\s*\)(?P<rest>.*)$")
_OUT = re.compile(r"sitting out")
_STREET = re.compile(r"^\*\* Dealing (?P<name>down cards|[Ff]lop|[Tt]urn|[Rr]iver) \*\*(?: :)?\s*(?P<cards>.*)$")
#: 7 Card Stud's streets: ``** Dealing **`` (third street), ``** Dealing Fourth street **`` ... ``** Dealing River **``.
_STUD_STREET = re.compile(r"^\*\* Dealing (?P<name>|Fourth street|Fifth street|Sixth street|River) ?\*\*\s*$")
_STUD_LABELS = {"": "3RD STREET", "Fourth street": "4TH STREET", "Fifth street": "5TH STREET",
                "Sixth street": "6TH STREET", "River": "7TH STREET"}
_AMT = r"\[\s*(?P<a>[^\]]*?)\s*\]"
_PAR = r"\(\s*(?P<a>[^)]*?)\s*\)"
_ACTS: list[tuple[re.Pattern[str], str | None]] = [
    (re.compile(r"^posts small blind " + _AMT + r"\.?\s*$"), "sb"),
    (re.compile(r"^posts big blind " + _AMT + r"\.?\s*$"), "bb"),
    (re.compile(r"^posts ante " + _AMT + r"\.?\s*$"), "ante"),
    (re.compile(r"^posts small blind " + _PAR + r"\.?\s*$"), "sb"),  # the 2019+ client: amounts in parentheses
    (re.compile(r"^posts big blind " + _PAR + r"\.?\s*$"), "bb"),
    (re.compile(r"^posts ante " + _PAR + r"\.?\s*$"), "ante"),
    (re.compile(r"^calls " + _PAR + r"\.?\s*$"), "call"),
    (re.compile(r"^bets " + _PAR + r"\.?\s*$"), "bet"),
    (re.compile(r"^raises \S+ to (?P<a>[^\s(]+)\s*$"), "raiseto"),
    (re.compile(r"^raises to " + _AMT + r"\.?\s*$"), "raiseto"),  # Betfair: the street total in brackets
    (re.compile(r"^(?:is all-In|goes all-in)\.?\s*$"), None),
    (re.compile(r"^balance [^,]*, .*?\bcollected (?P<a>[^,\[]+?),.*$"), "collect"),
    (re.compile(r"^Cashed out\s+balance [^,]*, .*?\bcollected (?P<a>[^,\[]+?),.*$"), "cashout"),
    (re.compile(r"^(?:balance .*|Cash-out Premium.*|opted for cash-out.*|probab\w* is.*|Cashout Amount is.*|"
                r"shows\S.* for (?:low|high)\.?)\s*$"), None),
    (re.compile(r"^posts big blind \+ dead " + _AMT + r"\.?\s*$"), "both"),
    (re.compile(r"^big blind \+ dead " + _AMT + r"\.?\s*$"), "both"),
    (re.compile(r"^bring-ins " + _AMT + r"\.?\s*$"), "bring_in"),  # stud
    (re.compile(r"^completes " + _AMT + r"\.?\s*$"), "complete"),
    (re.compile(r"^opens\.?\s*$"), None),  # stud: who acts first on the street
    (re.compile(r"^(?:Forward )?[Ff]olds\.?\s*$"), "fold"),  # (a fastforward table's fold)
    (re.compile(r"^checks\.?\s*$"), "check"),
    (re.compile(r"^calls " + _AMT + r"\.?\s*$"), "call"),
    (re.compile(r"^bets " + _AMT + r"\.?\s*$"), "bet"),
    (re.compile(r"^double bets " + _AMT + r"\.?\s*$"), "bet"),  # stud's fourth street: the big bet (an open pair)
    (re.compile(r"^raises " + _AMT + r"\.?\s*$"), "raise"),
    (re.compile(r"^is all-In\s+" + _AMT + r"\.?\s*$"), "allin"),
    (re.compile(r"^shows \[(?P<c>[^\]]*)\].*$"), "show"),
    (re.compile(r"^doesn't show \[(?P<c>[^\]]*)\].*$"), "muck"),
    (re.compile(r"^(?:does not show cards|mucks)\.?\s*$"), "muck"),
    (re.compile(r"^wins (?:Lo \()?(?P<a>[^\[\]()]+?)\)? from\s+(?:the\s+)?(?:main pot|side pot(?:\s*#?\d+)?)\b.*$"), "collect"),
    (re.compile(r"^wins (?P<a>[^\[\]]+?)\.?\s*$"), "collect"),
    (re.compile(r"^(?:is sitting out|has left the table\.?|has joined the table\.?|is disconnected\b.*|could not respond.*|"
                r"has been reconnected\b.*|did not respond in time|will be using (?:his|her) time bank.*|"
                r"is low with .*|has \d+ seconds? left to act|is back|sits out|left the table\.?|joined the table\.?|"
                r"did not respond in time.*|not respond in time.*|time bank will be activated.*|finished in \d+.*|"
                r": .*)\s*$"), None),
]


def looks_like(text: str) -> bool:
    """True when ``text`` starts (after blank lines) like a PartyPoker hand history."""
    if pacific_looks_like(text):  # 888poker writes the same first line
        return False
    return bool(re.match(r"^\ufeff?[\s\x00]*(?:Game #\S+ starts\.|#Game No : |\*{5} Hand History [Ff]or Game )", text))


def looks_like_betfair(text: str) -> bool:
    """True when ``text`` starts (after blank lines) like a Betfair Poker hand history (PartyPoker's
    layout: ``***** Betfair Poker Hand History for Game N *****``, ``PL $0.05/$0.10 Omaha - DATE``,
    ``Total number of active players : 6``, ``raises to [$0.30]`` (the street total), ``goes all-in``)."""
    return bool(re.match(r"^\ufeff?[\s\x00]*\*{5} Betfair Poker Hand History [Ff]or Game ", text))


def split(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of the hand's first line, the hand's lines). A hand starts
    at a ``Game # starts.``, ``#Game No :`` or ``***** Hand History`` line not following another."""
    out: list[tuple[int, list[str]]] = []
    cur: list[str] | None = None
    prev_first = False
    for no, line in enumerate(text.lstrip("\ufeff").replace("\x00", "").splitlines(), 1):
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
    # a hand's first line with nothing after it (the file ends as the next hand starts) is no hand
    return [(no, lines) for no, lines in out if any(ln.strip() and not _FIRST.match(ln) for ln in lines)]


def parse_hand(lines: list[str], start: int = 1, source: str = "", venue: str = "PartyPoker") -> RawHand:
    """One PartyPoker hand (or one of ``venue``'s in the same layout: Betfair) into a RawHand.
    Raises HandParseError naming the file line."""
    raw = RawHand(venue=venue, source=source, line=start)
    lines = [ln.replace("\x00", "") for ln in lines]
    # the 2012 layout without spaces: ``seat1: NAME``, ``raises[ $25 USD ]``, ``shows [..]two pairs``
    lines = [re.sub(r"(?<=[a-z])\[", " [", re.sub(r"^seat(\d+): ", r"Seat \1: ", ln)) for ln in lines]
    if any(_COMMA_CENTS.search(ln) for ln in lines):
        lines = [_COMMA_CENTS.sub(r"\1.\2", ln) for ln in lines]  # a decimal comma (``$26,02 USD``, ``0,35 €``)
    i = 0
    while i < len(lines) and (_FIRST.match(lines[i]) or not lines[i].strip()):
        hm = _HISTORY.match(lines[i]) or re.match(r"^(?:Game #|#Game No : )(?P<id>[^\s.]+)", lines[i])
        if hm:
            raw.hand_id = hm["id"]
        i += 1
    if i >= len(lines):
        raise raw.fail("a hand header without a game line", start + i)
    _game_line(raw, lines[i], start + i)
    i = _table_lines(raw, lines, i + 1, start)
    seats = read_seats(raw, lines, i, start, _SEAT, _OUT)
    _actions(raw, lines, start, seats)
    return raw


def _table_lines(raw: RawHand, lines: list[str], i: int, start: int) -> int:
    """The table, button and player-count lines after the game line (any order; the 2019+ client
    writes the button on the table line); the index of the first line after them."""
    while i < len(lines) and not _SEAT.match(lines[i]):
        line = lines[i].rstrip()
        tm = re.match(r"^Table (?P<t>.+?) \(\s*(?:Real|Play) Money\s*\)", line)
        bm = re.search(r"(?:^| -- )Seat (\d+) is the button\s*$", line)
        nm = re.match(r"^Total number of (?:active )?players : \d+(?:\s*/\s*(\d+))?\s*$", line)
        if tm:
            raw.table = tm["t"]
        if bm:
            raw.button_seat = number(bm.group(1), "the button seat", raw, start + i, 0, MAX_SEAT)
        elif nm:
            if nm.group(1):
                raw.seat_count = number(nm.group(1), "the table size", raw, start + i, 2, MAX_SEAT)
        elif line.strip() and not tm:
            break
        i += 1
    return i


#: The game names of the game line, longest first -> PHH stem ("" for Double Hold'em: not played).
_GAME_NAMES = (("Texas Hold'em", "T"), ("Texas Holdem", "T"), ("Double Hold'em", ""), ("Omaha Hi-Lo", "O/8"),
               ("Omaha Hi/Lo", "O/8"), ("Omaha Hi", "O"), ("Omaha", "O"), ("7 Card Stud Hi-Lo", "7S/8"),
               ("7 Card Stud", "7S"), ("Short Deck", "S"))
_GAME_RE = re.compile(r"\b(?P<game>" + "|".join(re.escape(g) for g, _ in _GAME_NAMES) + r")(?![\w'])")
_OLD_DATE = re.compile(r"\s*-?\s*(?P<date>(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,\s*\w+ \d{1,2}, .*)$")
_NEW_DATE = re.compile(r"\s+-\s+(?P<wd>[A-Z][a-z]{2}) (?P<mon>[A-Z][a-z]{2}) (?P<d>\d{1,2}) (?P<t>\d{1,2}:\d{2}:\d{2}) "
                       r"(?:(?P<tz>[A-Z]{2,5}) )?(?P<y>\d{4})\s*$")
_STUD_GAMES = ("7S", "7S/8")
_COMMA_CENTS = re.compile(r"(\d),(\d\d)(?!\d)(?=\s*(?:USD|EUR|GBP|€|\]|\)|$))")


def _game_line(raw: RawHand, line: str, no: int) -> None:
    """The game line, in the classic layout (``$10 USD NL Texas Hold'em - Tuesday, August 21, ...``;
    fixed limit may leave out ``FL``; sit & go and tournament lines name ``Trny:``) or the 2010+
    email/2019+ client layout (``0.50/1 Texas Hold'em Game Table (NL) - Sun Jan 20 13:58:07 EST
    2013``, ``250/500 Tourney Texas Holdem Game Table (NL) (MTT Tournament #N) (Buyin $3 + $0.3)``)."""
    t = re.sub(r"\s+", " ", line.strip())
    gm = _GAME_RE.search(t)
    if not gm:
        raise raw.fail(f"not a PartyPoker game line (stakes, NL/PL/FL and the game, the date): {line!r}", no)
    stem = dict(_GAME_NAMES)[gm["game"]]
    if not stem:
        raise raw.fail(f"game not supported: {gm['game']} (two boards) has no pyeval variant", no)
    if " Game Table (" in t:
        _new_game_line(raw, t, gm, stem, line, no)
        return
    dm = _OLD_DATE.search(t, gm.end())
    if not dm:
        raise raw.fail(f"not a PartyPoker game line (no date after the game): {line!r}", no)
    pre, post = t[:gm.start()].strip(), t[gm.end():dm.start()]
    lm = re.search(r"\b(NL|PL|FL)\s*$", pre) or re.search(r"^\s*(NL|PL|FL)\b", pre)
    if lm:
        lim = lm.group(1)
        pre = (pre[:lm.start()] + pre[lm.end():]).strip()
    elif stem in _STUD_GAMES or re.search(r"\d\s*/\s*\D{0,2}\d", pre):
        lim = "FL"  # the bets named, no structure word: fixed limit
    else:
        raise raw.fail(f"not a PartyPoker game line (no NL/PL/FL): {line!r}", no)
    pre = re.sub(r"\bfastforward\b", "", pre).strip()
    raw.game = {"NL": "N", "PL": "P", "FL": "F"}[lim] + stem
    dd = _DATE.match(re.sub(r",(?=\S)", ", ", dm["date"]))
    if dd and dd["mon"] in _MONTHS:
        hh, mi, ss = dd["t"].split(":")
        raw.time = room_time((dd["y"], _MONTHS[dd["mon"]], dd["d"], hh, mi, ss), raw.fail, no)
        raw.time_zone_abbreviation = dd["tz"]
    _old_stakes(raw, pre, post, lim, gm["game"], no)


def _old_stakes(raw: RawHand, pre: str, post: str, lim: str, game: str, no: int) -> None:
    """The classic game line's stakes: a tournament's level and blinds, or the cash table's bets or buy-in."""
    tr = re.search(r"Trny:\s*(?P<id>\S+)", post)
    if tr:  # a tournament: chips, the blinds and antes of the level in the line
        raw.tournament = f"{pre + ' ' if pre else ''}{lim} {game}{post[:tr.start()]}(Trny {tr['id']})".strip()
        lv = re.search(r"Level:\s*(\S+)", post)
        if lv:
            raw.level = lv.group(1)
        _level_stakes(raw, post, no)
        return
    bi = re.search(r"(?P<b>\S+(?: [A-Z]{3})?) Buy-in\b", post) or re.search(r"(?P<b>\S+(?: [A-Z]{3})?) Buy-in\b", pre)
    if bi:  # a sit & go / tournament line: chips; its id and level follow on a ``Trny:`` line
        raw.tournament = f"{lim} {game} {bi['b']} buy-in"
        return
    stakes = pre
    sym = next((c for c in "$€£" if c in stakes), None)
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


def _level_stakes(raw: RawHand, post: str, no: int) -> None:
    """A tournament line's ``Blinds(25/50)``/``Blinds-Antes(25/50 -5)``/``Stakes-Antes(60/120-10)``:
    the blinds (fixed limit: the big blind is the small bet), stud's bets, the level's ante."""
    ba = re.search(r"(?P<w>Blinds|Stakes)(?:-Antes)?\((?P<sb>[\d,]+)\s*/\s*(?P<bb>[\d,]+)(?:\s*-?(?P<ante>[\d,]+))?\)",
                   post)
    if not ba:
        return
    lo, hi = amount(ba["sb"], 1, raw, no), amount(ba["bb"], 1, raw, no)
    if raw.game[1:] in _STUD_GAMES:
        raw.small_bet, raw.big_bet = lo, hi
    elif raw.game[0] == "F" and ba["w"] == "Stakes":  # fixed limit's stakes are the bets; the blinds half the small bet
        raw.small_bet, raw.big_bet = lo, hi
        raw.small_blind, raw.big_blind = lo // 2, lo
        raw.min_bet = lo
    else:
        raw.small_blind = lo
        raw.big_blind = raw.min_bet = hi
        if raw.game[0] == "F":  # fixed limit: the small bet is the big blind
            raw.small_bet, raw.big_bet = raw.big_blind, 2 * raw.big_blind
    if ba["ante"]:
        raw.table_rules["party_ante"] = amount(ba["ante"], 1, raw, no)


def _new_game_line(raw: RawHand, t: str, gm: re.Match[str], stem: str, line: str, no: int) -> None:
    """``SB/BB [Tourney] GAME Game Table (NL|PL|FL) [(KIND Tournament #ID)] [(Buyin ...)] - DATE``."""
    sm = re.search(r"\((NL|PL|FL)\)", t)
    dm = _NEW_DATE.search(t)
    if not sm or not dm:
        raise raw.fail(f"not a PartyPoker game line (stakes, (NL/PL/FL), the date): {line!r}", no)
    raw.game = {"NL": "N", "PL": "P", "FL": "F"}[sm.group(1)] + stem
    mon = next((k for m, k in _MONTHS.items() if m.startswith(dm["mon"])), None)
    if mon is not None:
        hh, mi, ss = dm["t"].split(":")
        raw.time = room_time((dm["y"], mon, dm["d"], hh, mi, ss), raw.fail, no)
        raw.time_zone_abbreviation = dm["tz"]
    pre = t[:gm.start()].strip()
    tour = pre.endswith("Tourney")
    st = re.match(r"^\D{0,2}(?P<sb>[\d.,]+)\s*/\s*\D{0,2}(?P<bb>[\d.,]+)", pre)
    if tour:
        tm = re.search(r"Tournament #(\d+)", t)
        raw.tournament = tm.group(1) if tm else "?"
    else:
        raw.scale, raw.currency, raw.currency_symbol = 100, "USD", "$"
    if st:
        lo, hi = amount(st["sb"], raw.scale, raw, no), amount(st["bb"], raw.scale, raw, no)
        if raw.game[0] == "F":
            raw.small_bet, raw.big_bet = hi, 2 * hi
        raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi


class _Hand:
    """The reading of one hand's body: the seats, who acted, each player's chips on this street,
    whether the record wrote the uncalled bet."""

    def __init__(self, raw: RawHand, seats: RoomSeats) -> None:
        self.raw, self.seats, self.names = raw, seats, seats.names
        self.acted: set[str] = set()
        self.street_bet: dict[str, int] = {}
        self.returned = False
        self.left: set[str] = set()
        self.silent: str | None = None  # a player whose post the record does not write (he checks the blind)

    def line(self, line: str, no: int) -> None:
        """One line after the seats."""
        raw = self.raw
        st = _STREET.match(line)
        sd = _STUD_STREET.match(line) if raw.game[1:] in _STUD_GAMES else None
        if sd:  # stud: the cards dealt follow on Dealt to lines (the hero's only; the rest at the showdown)
            raw.add("street", line=no, extra=_STUD_LABELS[sd["name"]] if sd["name"] else "HOLE CARDS")
            self.street_bet = {}
        elif st:
            self.street(st["name"].lower(), st["cards"], no)
        elif line.startswith("Dealt to "):
            who, dealt = dealt_to(raw, line, self.names, no)
            stud = raw.game[1:] in _STUD_GAMES and who in raw.hole
            raw.hole[who] = raw.hole[who] + dealt if stud else dealt  # stud: a street's card after the earlier ones
        elif _UNCALLED.match(line):
            uncalled_bet(raw, _UNCALLED.match(line), self.names, no)  # type: ignore[arg-type]
            self.returned = True
        elif _MARKS.match(line):
            return
        elif line.startswith("** Summary **") or _POT_LINE.match(line):
            rm = re.search(r"Rake:? (?P<a>[^\s|]+)", line)
            if rm:
                raw.rake = amount(rm["a"], raw.scale, raw, no)
        elif not _tournament_line(raw, line, no):
            self.named(line, no)

    def street(self, label: str, text: str, no: int) -> None:
        if label == "down cards":
            raw = self.raw
            if raw.big_blind and not any(a.kind == "post" for a in raw.acts):  # a tournament export without them
                _posts_by_position(raw, self.seats)
                for a in raw.acts:
                    if a.kind == "post":
                        self.street_bet[a.name] = self.street_bet.get(a.name, 0) + a.amount
            raw.add("street", line=no, extra="HOLE CARDS")
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
        elif nm is not None and re.match(r"^has joined the table\.?\s*$", line[len(nm) + 1:]):
            seat = next(t for t in self.seats.seated if t.name == nm)
            if seat.stack == 0:  # the seat line of a player joining now shows no stack ($0): not in the record
                seat.stack = max(t.stack for t in self.seats.seated)
                self.raw.notes.append(f"{nm} joined the table as the hand began with $0 on his seat line: his stack "
                                      f"is not in the record (taken as the table's largest, {seat.stack})")
        elif nm is not None and line.endswith(" has left the table.") and nm not in self.acted:
            self.left.add(nm)  # before his first play: his seat is free for a player joining now
        elif nm is not None:
            self.silent_post(nm, line[len(nm) + 1:], no)
            _act(self.raw, nm, line[len(nm) + 1:], no, self.acted, self.street_bet)
        elif not (_OTHERS.match(line) or any(line.startswith(n + ": ") for n in self.names)):
            pm = re.match(r"^(?P<n>\S+) posts (?:small |big )?blind\b", line)
            if pm and not self.acted - {a.name for a in self.raw.acts if a.kind == "post"}:
                self.join(pm["n"], no)
                self.named(line, no)
                return
            am = re.match(r"^(?P<n>\S+) (?:folds|checks|calls|bets|raises|is all-In)\b", line)
            if am:
                raise self.raw.fail(f"{am['n']!r} acts but has no seat line and posted no blind (the record names a "
                                    f"player it does not seat): {line!r}", no)
            raise self.raw.fail(f"unrecognised line {line!r}", no)

    def silent_post(self, nm: str, rest: str, no: int) -> None:
        """A cash-table player who checks before the flop facing a bet he has not matched, with no
        post written: the record left his post out (a player coming back posts the big blind, or
        both blinds, in silence). Read as a big blind posted before the deal, noted; whether he
        also posted the dead small blind is settled by the pot (:meth:`silent_dead`)."""
        raw, bet = self.raw, self.street_bet
        bb = raw.big_blind or max((a.amount for a in raw.acts if a.kind == "post" and a.extra == "bb"), default=0)
        if (raw.tournament is not None or not re.match(r"^checks\.?\s*$", rest) or not bb
                or any(a.kind == "street" and a.extra != "HOLE CARDS" for a in raw.acts)):
            return
        owed = max(bet.values(), default=0) - bet.get(nm, 0)
        if owed != bb or nm in bet or self.silent is not None:
            return
        k = next((j for j, a in enumerate(raw.acts) if a.kind == "street"), len(raw.acts))
        raw.acts.insert(k, Act("post", nm, owed, (), no, "bb"))
        bet[nm] = owed
        self.silent = nm
        raw.notes.append(f"{nm} checks before the flop facing the big blind with no post written (line {no}): "
                         f"read as a big blind of {owed} posted in silence")

    def silent_dead(self) -> None:
        """The silent post of :meth:`silent_post` was both blinds (the big blind live, the small blind
        dead) when with the big blind alone the pot is smaller than what the room paid out."""
        raw = self.raw
        k = next((j for j, a in enumerate(raw.acts) if a.kind == "post" and a.name == self.silent), None)
        got = sum(a.amount for a in raw.acts if a.kind == "collect")
        sb = raw.small_blind or max((a.amount for a in raw.acts if a.kind == "post" and a.extra == "sb"), default=0)
        if k is None or not sb or got <= sum(chips_in(raw).values()):
            return
        post = raw.acts[k] = raw.acts[k]._replace(amount=raw.acts[k].amount + sb, extra="both")
        raw.notes.append(f"the pot with {self.silent}'s silent big blind is less than the room paid out: "
                         f"he posted both blinds ({post.amount}, {sb} dead)")

    def join(self, name: str, no: int) -> None:
        """A player who joined as the hand began and posts a blind with no seat line (the export
        writes none for him): seated in the first free seat after the previous poster's (the
        button's when he posts first), with a stack the record does not give: the table's
        largest, so that he is all in only where the record says; noted, and his result is what
        he put in and took."""
        raw, seated = self.raw, self.seats.seated
        prev = next((a.name for a in reversed(raw.acts) if a.kind == "post"), None)
        after = next((t.seat for t in seated if t.name == prev), raw.button_seat or 0)
        size = max(raw.seat_count or 0, max(t.seat for t in seated), 2)
        for t in [t for t in seated if t.name in self.left and not any(a.name == t.name for a in raw.acts)]:
            seated.remove(t)  # left the table before the deal: not dealt in, his seat taken by the joiner
            self.names.remove(t.name)
            raw.notes.append(f"{t.name} left the table before the deal (seat {t.seat}): not dealt in")
        taken = {t.seat for t in seated}
        free = [k for k in range(1, size + 1) if k not in taken]
        if not free:
            raise raw.fail(f"{name} posts a blind but has no seat line and the table has no free seat", no)
        seat = min(free, key=lambda k: (k - after - 1) % size)
        stack = max(t.stack for t in seated)
        seated.append(Seat(seat, name, stack, no))
        seated.sort(key=lambda t: t.seat)
        self.names.append(name)
        self.names.sort(key=len, reverse=True)
        raw.notes.append(f"{name} posts a blind with no seat line (joined as the hand began, line {no}): seated in "
                         f"free seat {seat}, his stack not in the record (taken as the table's largest, {stack})")


_UNCALLED = re.compile(r"^Uncalled bet of (?P<a>.+?) returned to (?P<n>.*)$")
_POT_LINE = re.compile(r"^(?:Creating|Main Pot|Side Pot|Board|Total pot)\b")
_OTHERS = re.compile(r"^(?:.+ (?:has joined the table|has left the table|left the table|joined the table|is sitting out|"
                     r"sits out|time bank will be activated.*|finished in \d+.*|could not respond in time.*)\.?|"
                     r">You have options.*|There was no qualifying low hand|Player .+ finished in .*|Congratulations to player .*|Board:? .*)\s*$")


def _actions(raw: RawHand, lines: list[str], start: int, seats: RoomSeats) -> None:
    """The lines after the seats into ``raw``'s acts, then :func:`_settle`."""
    hand = _Hand(raw, seats)
    body = lines[seats.end:]
    if raw.tournament is not None and not any(re.search(r" posts (?:small|big) blind", ln) for ln in body):  # placed:
        quiet = {t.name for t in seats.seated if not any(ln.startswith((t.name + " ", f"Dealt to {t.name} "))
                                                        for ln in body)}  # not the players moved in after the deal
        if quiet and len(quiet) < len(seats.seated) - 1:
            seats.marked_out.update(quiet)
            raw.notes.append(f"no line for {', '.join(sorted(quiet))}: not dealt in (moved to the table)")
    body = _renamed(raw, body, seats, start + seats.end)
    lines = lines[:seats.end] + body
    glued = re.compile(r"(?:(?<=sitting out)|(?<=[a-z]\.))(?=\S+ (?:posts|wins|is|folds|checks|calls|bets|raises|shows|"
                       r"does|doesn't)\b)")
    for j in range(seats.end, len(lines)):
        line = re.sub(r"(?<=\S) {2,}(?=\S)", " ", lines[j].rstrip())  # (some exports double the spaces)
        if _forward_fold_repeated(lines, j):
            raw.notes.append(f"line {start + j}: a fastforward fold ahead of turn, written again in turn: read there")
            continue
        for part in glued.split(line):  # the Mac client glues a line to the next (``is sitting outNAME posts``)
            if part.strip():
                hand.line(part, start + j)
    _settle(hand, body, start + seats.end)


def _settle(hand: _Hand, body: list[str], first: int) -> None:
    """After the lines: the figures checked against each other, what the record leaves implicit
    (the big blind, a return, a silent post's dead part, the order of folds, who sat out), the rake."""
    raw, seats = hand.raw, hand.seats
    raw.table_rules.pop("party_ante", None)  # the level's ante: only for placing unwritten forced bets
    _stacks_hold(raw, seats)
    _summary_bets(raw, body, first)
    if raw.min_bet is None:  # a cash game line names the buy-in: the big blind is the one posted
        _posted_big_blind(raw)
    if not hand.returned:  # the winner's amount counts a bet nobody called
        return_implicit(raw, True)
    if hand.silent is not None:
        hand.silent_dead()
    if raw.game[1:] not in _STUD_GAMES:
        _folds_in_turn(raw, seats)
    if raw.tournament is None:
        _quiet_out(raw, seats, hand.acted)
    finish_seats(raw, seats, hand.acted)
    _dead_button(raw)
    defer_extra_blinds(raw)
    button_before_blinds(raw)
    derive_rake(raw)
    untabled_all_in(raw)


_UNSEATED = re.compile(r"^(?P<n>\S+) (?:folds|checks|calls|bets|raises|is all-In|does not show|doesn't show|shows|wins)\b")


def _renamed(raw: RawHand, body: list[str], seats: RoomSeats, first: int) -> list[str]:
    """The body's lines with the names of an export that renamed some lines but not the seats (an
    anonymiser's slip) put back. Players who act under a name no seat line has and who post no
    blind (a joining player posts: :meth:`_Hand.join`) are matched, when they are as many as the
    dealt-in seated players with no line of their own after the posts, to those players in turn
    order (the seat after the big blind's first), by their first lines; folds by such names when
    every seated player has his own lines carry no chips and are kept as room lines. Both noted;
    the replay then checks the order, the chips and every result."""
    names = set(seats.names)
    body = _lengthened(raw, body, names)
    posters = {m["n"] for ln in body if (m := re.match(r"^(?P<n>\S+) posts ", ln))}
    strangers: list[str] = []
    for ln in body:
        m = _UNSEATED.match(ln)
        if (m and m["n"] not in names and m["n"] not in posters and m["n"] not in strangers
                and not any(ln.startswith(n + " ") for n in names)):
            strangers.append(m["n"])
    if not strangers:
        return body
    own = {n for n in names for ln in body if ln.startswith(n + " ") and not ln.startswith(n + " posts ")}
    quiet = [t for t in seats.seated if t.name not in own and t.name not in seats.marked_out]
    if len(quiet) == len(strangers):
        bb = next((t.seat for t in seats.seated for ln in body if ln.startswith(t.name + " posts big blind")), None)
        size = max([raw.seat_count or 0, *(t.seat for t in seats.seated)])
        if bb is None or not size:
            return body
        quiet.sort(key=lambda t: (t.seat - bb - 1) % size)
        alias = dict(zip(strangers, (t.name for t in quiet)))
        raw.notes.append("names no seat line has, read as the seated players with no line of their own in turn "
                         f"order (a renamed export): {', '.join(f'{k} as {v}' for k, v in alias.items())}")
        out = []
        for ln in body:
            m = _UNSEATED.match(ln)
            out.append(alias[m["n"]] + ln[len(m["n"]):] if m and m["n"] in alias else ln)
        return out
    out = []
    for k, ln in enumerate(body):
        m = _UNSEATED.match(ln)
        if not quiet and m and m["n"] in strangers and re.match(r"^\S+ folds\.?\s*$", ln):
            raw.notes.append(f"line {first + k}: a fold by {m['n']!r}, whom no seat line has (no chips): kept as a room line")
            continue
        out.append(ln)
    return out


def _lengthened(raw: RawHand, body: list[str], names: set[str]) -> list[str]:
    """A seated name written longer on some lines (``Dealt to Hero Name [..]``, ``Hero Name raises``
    for the seat line's ``Hero``): when exactly one seated name begins the dealt name, the longer
    name is that player on every line; noted."""
    for ln in body:
        m = re.match(r"^Dealt to (?P<n>.+?) \[", ln)
        if not m or m["n"] in names:
            continue
        short = [n for n in names if m["n"].startswith(n + " ")]
        if len(short) != 1:
            return body
        long_, nm = m["n"], short[0]
        raw.notes.append(f"{long_!r} is the seated {nm!r} written longer (an export renamed on some lines)")
        return [re.sub(r"^(Dealt to )?" + re.escape(long_) + r"(?= )", lambda q: (q[1] or "") + nm, x) for x in body]
    return body


def _stacks_hold(raw: RawHand, seats: RoomSeats) -> None:
    """Refuse a record whose seat line gives a player fewer chips than his first line puts in (an
    anonymiser's ``( 1 )`` for every stack): before that line he put nothing in, so every reading
    of its amount adds all of it; the room's own figures contradict each other."""
    stack = {t.name: t.stack for t in seats.seated}
    seen: set[str] = set()
    for a in raw.acts:
        if a.name in seen or a.name not in stack or a.kind not in ("ante", "post", "call", "bet", "raise", "bring_in"):
            continue
        seen.add(a.name)
        if a.amount > stack[a.name]:
            raise raw.fail(f"{FIGURES_DO_NOT_ADD_UP}: {a.name} sits with {stack[a.name]} chips yet his first line puts "
                           f"{a.amount} in", a.line)


def _folds_in_turn(raw: RawHand, seats: RoomSeats) -> None:
    """A run of folds the record writes in another order than the seats' (a tournament table's folds
    made ahead of turn, written as they were clicked): put in turn order, clockwise from the seat
    of the action before the run (the big blind's before the first action, the button's after a
    street's deal); noted. Folds carry no chips, so only the order changes."""
    seat = {t.name: t.seat for t in seats.seated}
    size = max([raw.seat_count or 0, *seat.values()])
    ref = raw.button_seat
    j = 0
    while j < len(raw.acts):
        a = raw.acts[j]
        if a.kind != "fold":
            if a.kind == "street" and a.extra != "HOLE CARDS":
                ref = raw.button_seat
            elif a.name in seat and a.kind in ("post", "call", "check", "bet", "raise", "complete", "bring_in"):
                ref = seat[a.name]
            j += 1
            continue
        k = j
        while k < len(raw.acts) and raw.acts[k].kind == "fold" and raw.acts[k].name in seat:
            k += 1
        run = raw.acts[j:k]
        if ref is not None and size and len(run) > 1:
            turn = sorted(run, key=lambda f: (seat[f.name] - ref - 1) % size)
            if turn != run:
                raw.acts[j:k] = turn
                raw.notes.append(f"folds written out of turn (lines {run[0].line}-{run[-1].line}): read in turn order")
        j = max(k, j + 1)


def _posted_big_blind(raw: RawHand) -> None:
    """The big blind of a cash table whose game line names the buy-in: the largest ``bb`` post (a
    big blind all in for less posts less), or the first call before the flop when it is larger."""
    bb = [a.amount for a in raw.acts if a.kind == "post" and a.extra == "bb"]
    if not bb:
        return
    raw.big_blind = raw.min_bet = max(bb)
    first = next((a for a in raw.acts if a.kind in ("call", "bet", "raise", "street") and
                  not (a.kind == "street" and a.extra == "HOLE CARDS")), None)
    if first is not None and first.kind == "call" and first.amount > raw.big_blind:
        raw.notes.append(f"the big blind posted {raw.big_blind} (all in for less): the table's big blind is "
                         f"the first call, {first.amount}")
        raw.big_blind = raw.min_bet = first.amount


def _quiet_out(raw: RawHand, seats: RoomSeats, acted: set[str]) -> None:
    """A cash table writes every dealt player's post or fold: a seated player with no line in the
    hand was not dealt in (marked sitting out, noted)."""
    played = acted | {a.name for a in raw.acts}
    quiet = {t.name for t in seats.seated if t.name not in played and t.name not in raw.hole}
    if quiet and len(quiet) < len(seats.seated) - 1:
        seats.marked_out.update(quiet)
        raw.notes.append(f"no line for {', '.join(sorted(quiet))}: not dealt in (sitting out)")


def _forward_fold_repeated(lines: list[str], j: int) -> bool:
    """True when ``lines[j]`` is ``NAME Forward Folds`` (a fastforward table's fold made ahead of
    turn) and the same street writes ``NAME folds`` again later, in turn."""
    fm = re.match(r"^(?P<n>.+?) Forward [Ff]olds\.?\s*$", lines[j].strip())
    if not fm:
        return False
    for later in lines[j + 1:]:
        if later.startswith("** Dealing"):
            return False
        if re.match(re.escape(fm["n"]) + r" [Ff]olds\.?\s*$", later.strip()):
            return True
    return False


def _dead_button(raw: RawHand) -> None:
    """The button on a seat nobody holds (a dead button: its player left): the order runs from the
    small blind, so the button is taken as the dealt seat before the small blind's poster; noted."""
    taken = sorted(t.seat for t in raw.seats)
    sb = next((a.name for a in raw.acts if a.kind == "post" and a.extra == "sb"), None)
    sb_seat = next((t.seat for t in raw.seats if t.name == sb), None)
    if raw.button_seat is None or raw.button_seat in taken or sb_seat is None or len(taken) < 3:
        return
    before = [k for k in taken if k < sb_seat] or taken
    raw.notes.append(f"the button's seat {raw.button_seat} is empty (a dead button): the order runs from the small "
                     f"blind, the button taken as seat {before[-1]}")
    raw.button_seat = before[-1]


def _posts_by_position(raw: RawHand, seats: RoomSeats) -> None:
    """A tournament export that writes no forced bets (the level's blinds and antes are on the game
    line): the antes from everyone, the small blind from the seat after the button (heads-up: the
    button), the big blind from the next, each at most the poster's stack; noted."""
    if raw.button_seat is None or raw.small_blind is None or raw.big_blind is None:
        raise raw.fail("the record writes no blind posts and no button or blinds to place them by")
    dealt = sorted((s for s in seats.seated if s.name not in seats.marked_out), key=lambda s: s.seat)
    if len(dealt) < 2:
        return
    k = next((j for j, s in enumerate(dealt) if s.seat > raw.button_seat), 0)
    order = dealt[k:] + dealt[:k]  # from the seat after the button, the button last
    sb, bb = (order[-1], order[0]) if len(order) == 2 else (order[0], order[1])
    ante = int(raw.table_rules.pop("party_ante", 0) or 0)
    if any(a.kind == "ante" for a in raw.acts):  # the antes are written, the blinds not
        ante = 0
    pre: list[tuple[str, str, int]] = [("ante", s.name, min(ante, s.stack)) for s in order if ante]
    left = {s.name: s.stack - (min(ante, s.stack) if ante else 0) for s in order}
    pre += [("post", sb.name, min(raw.small_blind, left[sb.name])), ("post", bb.name, min(raw.big_blind, left[bb.name]))]
    acts = []
    for kind, nm, a in pre:
        if a > 0:
            acts.append(Act(kind, nm, a, (), raw.line, "" if kind == "ante" else "sb" if nm == sb.name else "bb"))
    raw.acts[0:0] = acts
    raw.notes.append(f"the record writes no forced bets: placed by position (button seat {raw.button_seat}, blinds "
                     f"{raw.small_blind}/{raw.big_blind}{f', ante {ante}' if ante else ''})")


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
        if raw.game[0] == "F" and line.startswith("Stakes"):  # fixed limit's stakes: the bets
            _level_stakes(raw, line, no)
        else:
            raw.small_blind = amount(ba["sb"], 1, raw, no)
            raw.big_blind = raw.min_bet = amount(ba["bb"], 1, raw, no)
        return True
    return False


def _act(raw: RawHand, nm: str, rest: str, no: int, acted: set[str], street_bet: dict[str, int]) -> None:
    for pat, kind in _ACTS:
        m = pat.match(rest)
        if not m:
            continue
        if rest.startswith(("balance ", "Cashed out")):  # the 2019+ summary: the cards shown
            sm = re.search(r"\[(?P<c>[^\]]*)\]\s*\[[^\]]*\]\s*$", rest)
            if sm:
                common_action(raw, nm, "show", 0, sm["c"], no, street_bet)
        if kind is None:
            return
        gd = m.groupdict()
        a = amount(re.sub(r"\s*[€£]\s*", "", gd["a"]), raw.scale, raw, no) if gd.get("a") else 0
        if kind not in ("collect", "cashout"):
            acted.add(nm)
        _record(raw, nm, kind, a, gd.get("c"), no, street_bet)
        return
    if rest.startswith("posts button blind"):
        raise raw.fail("game not supported: Short Deck's button blind (every player antes, the button posts a blind) "
                       "has no PHH form", no)
    raise raw.fail(f"unrecognised action {rest!r} by {nm!r}", no)


def _record(raw: RawHand, nm: str, kind: str, a: int, shown: str | None, no: int, street_bet: dict[str, int]) -> None:
    """One action of ``kind`` (a name of :data:`_ACTS`) and its amount ``a`` as the RawHand's act."""
    if kind in ("sb", "bb", "both"):
        raw.add("post", nm, a, line=no, extra=kind)
        bb = raw.big_blind or max((x.amount for x in raw.acts if x.kind == "post" and x.extra == "bb"), default=0)
        street_bet[nm] = street_bet.get(nm, 0) + (min(a, bb) if kind == "both" and bb else a)  # the dead part is no bet
    elif kind == "raiseto":  # the 2019+ client: the street total
        common_action(raw, nm, "raise", a, None, no, street_bet)
    elif kind in ("cashout", "collect"):
        raw.add(kind, nm, a, line=no)
    elif kind == "bring_in":
        raw.bring_in = a
        raw.add("bring_in", nm, a, line=no)
        street_bet[nm] = street_bet.get(nm, 0) + a
    elif kind == "complete":
        common_action(raw, nm, kind, street_bet.get(nm, 0) + a, None, no, street_bet)
    elif kind in ("raise", "allin"):  # Party writes what the action adds; PHH the street total
        to = street_bet.get(nm, 0) + a
        allin_call = kind == "allin" and to <= max(street_bet.values(), default=0)  # all in for a call or less
        common_action(raw, nm, "call" if allin_call else "raise", a if allin_call else to, None, no, street_bet)
    else:
        common_action(raw, nm, kind, a, shown, no, street_bet)


def _summary_bets(raw: RawHand, body: list[str], first: int) -> None:
    """The 2019+ summary's ``NAME balance B, bet X`` / ``lost X``: what each player put in by the room's
    own count. When it is not what the hand's action lines add up to (a bet printed a few chips off
    the room's total), the record contradicts itself: refused as a record whose figures do not add up."""
    put = chips_in(raw)
    for a in raw.acts:
        if a.kind == "return":
            put[a.name] = put.get(a.name, 0) + a.amount
    for k, line in enumerate(body):
        m = re.match(r"^(?P<n>.+?) balance [^,]+, (?:bet|lost) (?P<a>[$€£]?\d+(?:,\d{3})*(?:\.\d+)?)", line)
        if m and m["n"] in put:
            said = amount(m["a"], raw.scale, raw, first + k)
            if said != put[m["n"]]:
                raise raw.fail(f"{FIGURES_DO_NOT_ADD_UP}: the summary has {m['n']} put in {said}, the action lines "
                               f"{put[m['n']]}", first + k)

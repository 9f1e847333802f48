"""888poker (Pacific Poker, Cassava; the 888.es/888.it/888.ro skins) text hand histories.

Layout (read from the room's exports; the PartyPoker family's bracketed amounts): ``#Game No :
418361264``, ``***** Cassava Hand History for Game 418361264 *****`` (or ``888poker``, ``888.ro``
...), the game line ``$5/$10 Blinds Fix Limit Holdem - *** 04 03 2012 15:32:21`` (day month year;
``No Limit``, ``Pot Limit``, ``Fix Limit``; ``Holdem``, ``Omaha``, ``Omaha Hi/Lo``), the table line
``Table NAME (Real Money)`` or ``Tournament #ID BUY-IN - Table #N (Real Money)``, ``Seat 6 is the
button``, ``Total number of players : 4``, seats ``Seat 2: NAME ( $10 )``, the forced bets ``NAME
posts big blind [$10]``, ``NAME posts dead blind [$1 + $2]``, ``** Dealing down cards **``,
``** Dealing flop ** [ 8s, As, 2d ]``, actions ``NAME raises [$20]`` (the street total the
raise goes to in some exports, the chips added in others: each hand is read the way its calls
agree with), ``** Summary **``, ``NAME shows [ 2c, Ts ]``, ``NAME collected [ $23.75 ]``.

The room prints no total pot, no rake and no uncalled-bet line: a bet nobody called is in its
bettor's collected amount (the reader separates the return), and the rake is what the pot holds beyond what was collected (noted as derived,
never negative).
"""
from __future__ import annotations

import re

from ._limits import room_time
from ._betting import untabled_all_in
from ._model import (
    BRACKETS, MAX_SEAT, RawHand, RoomSeats, amount, cards, common_action, finish_seats, number, read_seats, split_hands,
)
from ._settle import button_before_blinds, chips_in, defer_extra_blinds, derive_rake, return_implicit, tournament_pot

__all__ = ["parse_hand", "split", "looks_like"]

_FIRST = re.compile(r"^#Game No : \d+\s*$")
_HISTORY = re.compile(r"^\*{5} (?P<site>.+?) Hand History for Game (?P<id>\d+) \*{5}\s*$")
_GAME = re.compile(r"^(?P<stakes>.+?) Blinds (?P<struct>No Limit|Pot Limit|Fix Limit) (?P<game>Holdem|Omaha Hi/Lo|"
                   r"OmahaHL|Omaha)(?: Jackpot table)? - \*\*\*(?: (?P<d>\d\d) (?P<mo>\d\d) (?P<y>\d{4}) "
                   r"(?P<H>\d\d):(?P<M>\d\d):(?P<S>\d\d))?\s*$")
_GAMES = {"Holdem": "T", "Omaha": "O", "Omaha Hi/Lo": "O/8", "OmahaHL": "O/8"}
_STRUCT = {"No Limit": "N", "Pot Limit": "P", "Fix Limit": "F"}
_TABLE = re.compile(r"^(?:Tournament #(?P<tour>\d+)(?: .*?- | .*?(?= \d+ Max| \())?)?(?:Table #?(?P<table>.+?))?"
                    r"(?: (?P<max>\d+) Max)? \((?:Real Money|Practice Play)\)\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \( (?P<stack>[^()]*?) \)(?P<rest>.*)$")
_STREET = re.compile(r"^\*\* Dealing (?P<name>down cards|flop|turn|river) \*\*\s*(?P<cards>.*)$")
_AMT = r"\[\s*(?P<a>[^\]+]*?)\s*\]"
_ACTS: list[tuple[re.Pattern[str], str | None]] = [
    (re.compile(r"^posts (?:small blind|big blind) " + _AMT + r"\s*$"), "post"),
    (re.compile(r"^posts ante " + _AMT + r"\s*$"), "ante"),
    (re.compile(r"^posts dead blind \[\s*(?P<d>[^\]+]*?) \+ (?P<a>[^\]+]*?)\s*\]\s*$"), "dead"),
    (re.compile(r"^folds\s*$"), "fold"),
    (re.compile(r"^checks\s*$"), "check"),
    (re.compile(r"^calls " + _AMT + r"\s*$"), "call"),
    (re.compile(r"^bets " + _AMT + r"\s*$"), "bet"),
    (re.compile(r"^raises " + _AMT + r"\s*$"), "raise"),
    (re.compile(r"^shows \[(?P<c>[^\]]*)\].*$"), "show"),
    (re.compile(r"^mucks \[(?P<c>[^\]]*)\].*$"), "muck"),
    (re.compile(r"^collected \[\s*(?P<a>[^\]]*?)\s*\]\s*$"), "collect"),
    (re.compile(r"^(?:did not show his hand|does not show cards|has left the table|has joined the table|"
                r"is sitting out|sits out|is disconnected.*|has been reconnected.*|will be using .*|: .*)\s*$"), None),
]


def looks_like(text: str) -> bool:
    """True when ``text`` starts (after blank lines) like an 888poker hand history."""
    return bool(re.match(r"^\ufeff?\s*#Game No : \d+\s*\r?\n\*{5} (?:Cassava|888|Pacific)", text))


def split(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of the ``#Game No :`` line, the hand's lines)."""
    return split_hands(text, _FIRST)


def _amt(text: str, raw: RawHand, no: int) -> int:
    return amount(re.sub(r"[\s$€£]", "", text), raw.scale, raw, no)


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One 888poker hand into a RawHand. Raises HandParseError naming the file line."""
    raw = RawHand(venue="888poker", source=source, line=start)
    if len(lines) < 6:
        raise raw.fail("a hand of fewer lines than its header", start)
    hm = _HISTORY.match(lines[1])
    if not hm:
        raise raw.fail(f"expected the 'Hand History for Game' line, got {lines[1]!r}", start + 1)
    raw.hand_id, raw.venue = hm["id"], ("888poker" if hm["site"] in ("Cassava", "888poker") else hm["site"])
    lines = _local_cards(_numbers(lines))
    _game_and_table(raw, lines, start)
    i = 4
    while i < len(lines) and not _SEAT.match(lines[i]):
        bm = re.match(r"^Seat (\d+) is the button\s*$", lines[i])
        if bm:
            raw.button_seat = number(bm.group(1), "the button seat", raw, start + i, 0, MAX_SEAT)
        elif lines[i].strip() and not lines[i].startswith("Total number of players"):
            raise raw.fail(f"unrecognised line {lines[i]!r}", start + i)
        i += 1
    seats = read_seats(raw, [re.sub(r"\( (.*?) \)", lambda m: "( " + re.sub(r"[\s$€£]", "", m.group(1)) + " )", ln)
                             for ln in lines], i, start, _SEAT, re.compile("sitting out"))
    _body(raw, lines, start, seats)
    return raw


_THOUSANDS = re.compile(r"(?<=\d)[., \u00a0\u202f](?=\d{3}(?!\d))")
_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d{1,2}(?!\d))")


def _number_text(t: str) -> str:
    """Amounts as the amount parser reads them, whichever way the client wrote them: a separator
    followed by exactly three digits groups thousands (``1,090``, ``3.000 $``, ``25 000``, ``15\u00a0788``:
    888 writes at most two decimals), a comma before one or two digits is the decimal point
    (``42.797,60 $``, ``0,02$``)."""
    return _DECIMAL_COMMA.sub(".", _THOUSANDS.sub("", t))


def _numbers(lines: list[str]) -> list[str]:
    """Every amount of the hand (the game line's stakes, inside brackets and parentheses) in one
    notation (:func:`_number_text`): the English, European and Dutch clients group and point
    numbers differently, and some files mix them."""
    out = list(lines)
    gm = re.match(r"^(.*?)( Blinds .*)$", out[2])
    if gm:
        out[2] = _number_text(gm.group(1)) + gm.group(2)
    return [ln if k == 2 else re.sub(r"\[[^\]]*\]|\([^()]*\)", lambda m: _number_text(m.group(0)), ln)
            for k, ln in enumerate(out)]


_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA]|Kn|[BDEHVВДКТÂÄÊÒ])(Pik|Herz|Karo|Kreuz|[shdcpt])(?![A-Za-z0-9])")
#: Swedish knekt/dam/ess, German Bube, Dutch heer/vrouw/boer; Russian валет/дама/король/туз, also as
#: the cp1252 letters of their cp1251 bytes (a file in Windows' Cyrillic code page, read as Western)
_LOCAL_RANKS = {"Kn": "J", "B": "J", "D": "Q", "E": "A", "H": "K", "V": "Q", "В": "J", "Д": "Q", "К": "K", "Т": "A",
                "Â": "J", "Ä": "Q", "Ê": "K", "Ò": "A"}
_LOCAL_SUITS = {"Pik": "s", "Herz": "h", "Karo": "d", "Kreuz": "c"}  # German
_SPANISH_SUITS = {"p": "s", "c": "h", "d": "d", "t": "c"}  # picas, corazones, diamantes, treboles


def _local_cards(lines: list[str]) -> list[str]:
    """Cards the localised clients wrote (``Knh``, ``Dd``, ``Eh``; ``8Pik``; Dutch ``Hc``, ``Vs``;
    Russian ``Вh``; Spanish ``7p``, ``8t``) in English (``Jh``, ``Qd``, ``Ah``; ``8s``; ``Kc``, ``Qs``;
    ``Jh``; ``7s``, ``8c``), inside the brackets only. A hand is
    Spanish when one of its cards is of ``p`` or ``t`` (then ``c`` is hearts)."""
    brackets = [m.group(0) for ln in lines for m in BRACKETS.finditer(ln)]
    spanish = any(m.group(2) in ("p", "t") for b in brackets for m in _CARD_TOKEN.finditer(b))
    if not spanish and not any(m.group(1) in _LOCAL_RANKS or m.group(2) in _LOCAL_SUITS
                               for b in brackets for m in _CARD_TOKEN.finditer(b)):
        return lines

    def card(m: re.Match[str]) -> str:
        rank, suit = _LOCAL_RANKS.get(m.group(1), m.group(1)), m.group(2)
        suit = _SPANISH_SUITS.get(suit, suit) if spanish else _LOCAL_SUITS.get(suit, suit)
        return rank + suit

    return [BRACKETS.sub(lambda b: _CARD_TOKEN.sub(card, b.group(0)), ln) if ln.startswith(("Dealt to ", "** Dealing"))
            or " shows [" in ln or " mucks [" in ln else ln for ln in lines]


def _game_and_table(raw: RawHand, lines: list[str], start: int) -> None:
    """The game line (stakes, structure, game, date) and the table line."""
    gm = _GAME.match(lines[2].strip())
    if not gm:
        raise raw.fail(f"not an 888poker game line (stakes, structure, game, date): {lines[2]!r}", start + 2)
    raw.game = _STRUCT[gm["struct"]] + _GAMES[gm["game"]]
    if gm["y"]:  # some 888.ro exports write no date (``- ***``)
        raw.time = room_time((gm["y"], gm["mo"], gm["d"], gm["H"], gm["M"], gm["S"]), raw.fail, start + 2)
    tm = _TABLE.match(lines[3].strip())
    if not tm:
        raise raw.fail(f"expected the table line, got {lines[3]!r}", start + 3)
    raw.table = tm["table"] or (f"Tournament #{tm['tour']}" if tm["tour"] else None)
    if tm["max"]:
        raw.seat_count = number(tm["max"], "the table size", raw, start + 3, 2, MAX_SEAT)
    stakes = gm["stakes"]
    # the table's unit is the finest the hand uses: cents once any amount has decimals (a play-money
    # pot raked to 957.50; cash stakes in a currency)
    finer = any(re.search(r"\d\.\d", m) for ln in lines[4:] for m in re.findall(r"\[[^\]]*\]|\([^()]*\)", ln))
    if tm["tour"]:
        raw.tournament = tm["tour"]
        raw.scale = 100 if finer else 1
    elif any(c in stakes for c in "$€£") or "." in stakes or finer:
        raw.scale = 100
        sym = next((c for c in "$€£" if c in stakes), None)
        raw.currency_symbol, raw.currency = sym, {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "", "XXX")
    parts = stakes.split("/")
    if len(parts) != 2:
        raise raw.fail(f"cannot read the stakes {stakes!r}", start + 2)
    if raw.tournament is not None and re.fullmatch(r"\D*0\D*", parts[1].strip()):
        # a BLAST tournament's last hand: the game line gives the prize and no big blind, every
        # player is all in on the ante
        raw.notes.append(f"the game line's stakes {stakes!r} name no big blind: no blinds")
        return
    st = [_amt(t, raw, start + 2) for t in parts]
    raw.small_blind, raw.big_blind = st
    if raw.game[0] == "F":
        raw.small_bet, raw.big_bet = st[1], 2 * st[1]
    else:
        raw.min_bet = st[1]


def _body(raw: RawHand, lines: list[str], start: int, seats: RoomSeats) -> None:
    names = seats.names
    acted: set[str] = set()
    cur: dict[str, int] = {}
    down = any(ln.startswith("** Dealing down cards") for ln in lines[seats.end:])
    to_mode = _raise_mode(raw, lines[seats.end:], start + seats.end, names, {x.name: x.stack for x in seats.seated})
    for j in range(seats.end, len(lines)):
        line, no = lines[j].rstrip(), start + j
        if not line.strip() or line.startswith("** Summary **"):
            continue
        st = _STREET.match(line)
        if st:
            if _street(raw, st, no):
                cur = {}
            continue
        if re.match(r"^\((?:Hi|Lo): [^()]*\)\s*$", line):  # the hand a hi-lo winner made (no chips)
            raw.info.append(f"{no}: {line}")
            continue
        if line.startswith("Dealt to "):
            nm = next((n for n in names if line.startswith(f"Dealt to {n} [")), None)
            if nm is None:
                raise raw.fail(f"cards dealt to a player who is not seated: {line!r}", no)
            raw.hole[nm] = list(cards(BRACKETS.findall(line[len(nm) + 9:])[-1], raw, no))
            continue
        nm = next((n for n in names if line.startswith(n + " ")), None)
        if nm is None:
            raise raw.fail(f"unrecognised line {line!r}", no)
        if _before_the_deal(raw, seats, nm, line, no, down):
            continue
        _act(raw, nm, line[len(nm) + 1:], no, acted, cur, to_mode)
    _implicit_win(raw)
    return_implicit(raw, True)
    finish_seats(raw, seats, acted)
    defer_extra_blinds(raw)
    button_before_blinds(raw)
    tournament_pot(raw)
    derive_rake(raw)
    untabled_all_in(raw)


def _street(raw: RawHand, st: re.Match[str], no: int) -> bool:
    """A ``** Dealing ... **`` line; True for a board street (a new betting round)."""
    if st["name"] == "down cards":
        raw.add("street", line=no, extra="HOLE CARDS")
        return False
    b = BRACKETS.findall(st["cards"])
    if not b:
        raise raw.fail(f"the {st['name']} without cards", no)
    raw.add("street", cards=cards(b[-1], raw, no), line=no, extra=st["name"].upper())
    return True


def _before_the_deal(raw: RawHand, seats: RoomSeats, nm: str, line: str, no: int, down: bool) -> bool:
    """A player's line before any street: a fold before the ``Dealing down cards`` line declines the
    blind due (not dealt in: True); any other action but a post deals the hole cards first (an
    observer's export writes no such line)."""
    if any(a.kind == "street" for a in raw.acts) or re.match(r"posts |: |\S+ (?:the )?table", line[len(nm) + 1:]):
        return False
    if down and re.match(r"folds\s*$", line[len(nm) + 1:]):
        seats.marked_out.add(nm)
        raw.info.append(f"{no}: {line}")
        return True
    raw.add("street", line=no, extra="HOLE CARDS")
    return False


def _raise_mode(raw: RawHand, lines: list[str], first: int, names: list[str], stacks: dict[str, int]) -> bool | None:
    """How this hand writes ``raises [X]``: True for the total raised to, False for the chips added
    (the room's exports use both): the reading under which fewer calls differ from what the caller
    owed (a call for less only all in) and fewer raises put in more than the raiser had, less the
    raises that put in exactly what he had (all in). None when both read alike (then
    :func:`_adds` decides each raise)."""
    bad = {True: 0, False: 0}
    for mode in (True, False):
        cur: dict[str, int] = {}
        left = dict(stacks)
        for k, line in enumerate(lines):
            if _STREET.match(line) and not line.startswith("** Dealing down"):
                cur = {}
                continue
            nm = next((n for n in names if line.startswith(n + " ")), None)
            m = re.match(r"^(posts (?:small blind|big blind|ante)|calls|bets|raises) \[\s*([^\]+]*?)\s*\]\s*$",
                         line[len(nm) + 1:]) if nm else None
            if nm is None or m is None:
                continue
            a = _amt(m.group(2), raw, first + k)
            mine, top = cur.get(nm, 0), max(cur.values(), default=0)
            if m.group(1) == "calls":
                owed = top - mine
                bad[mode] += a > owed or (a < owed and a != left.get(nm, 0))
                add = a
            elif m.group(1) == "raises" and mode:
                add = max(a - mine, 0)
            else:
                add = a
            if m.group(1) == "raises":
                bad[mode] += (add > left.get(nm, 0)) - (add == left.get(nm, 0))
            if m.group(1) != "posts ante":
                cur[nm] = mine + add
            left[nm] = left.get(nm, 0) - add
    if bad[True] == bad[False]:
        return None
    return bad[True] < bad[False]


def _act(raw: RawHand, nm: str, rest: str, no: int, acted: set[str], cur: dict[str, int],
         to_mode: bool | None = None) -> None:
    for pat, kind in _ACTS:
        m = pat.match(rest)
        if not m:
            continue
        if kind is None:
            return
        gd = m.groupdict()
        a = _amt(gd["a"], raw, no) if gd.get("a") else 0
        if kind not in ("collect", "show", "muck"):
            acted.add(nm)
        if kind == "post":
            raw.add("post", nm, a, line=no, extra="bb" if "big" in rest else "sb")
            cur[nm] = cur.get(nm, 0) + a
        elif kind == "dead":  # a dead small blind with a live big blind
            raw.add("post", nm, a + _amt(gd["d"], raw, no), line=no, extra="both")
            cur[nm] = cur.get(nm, 0) + a
        elif kind == "collect":
            raw.add("collect", nm, a, line=no)
        elif kind == "raise" and (to_mode is False or to_mode is None and _adds(a, cur.get(nm, 0), cur, raw.big_blind)):
            common_action(raw, nm, "raise", cur.get(nm, 0) + a, None, no, cur)  # the chips added, not the total
        else:
            common_action(raw, nm, kind, a, gd.get("c"), no, cur)
        return
    raise raw.fail(f"unrecognised action {rest!r} by {nm!r}", no)


def _adds(a: int, mine: int, cur: dict[str, int], big_blind: int | None) -> bool:
    """(a hand whose calls do not tell) ``raises [a]`` is the chips added when, as the total, it
    would be no more than the bet, or less than a full raise that the chips added make."""
    top = max(cur.values(), default=0)
    full = top + (big_blind or 0)
    return a <= top or a < full <= mine + a


def _implicit_win(raw: RawHand) -> None:
    """A tournament hand that every player but one folded and whose record collects nothing: the
    one left takes every chip put in (a tournament takes no rake), noted."""
    if raw.tournament is None or any(a.kind == "collect" for a in raw.acts):
        return
    folded = {a.name for a in raw.acts if a.kind == "fold"}
    left = {a.name for a in raw.acts if a.kind in ("post", "call", "check", "bet", "raise")} - folded
    if len(left) == 1:
        nm = left.pop()
        raw.add("collect", nm, sum(chips_in(raw).values()), line=raw.line)
        raw.notes.append(f"the record collects nothing: {nm}, the only player left, takes the pot")

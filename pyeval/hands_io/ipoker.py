"""iPoker network XML hand histories (hold'em and Omaha, every structure, cash and tournament).

Read from the public descriptions of the format: a ``<session>`` with a ``<general>`` block
(``<gametype>Holdem NL $0.02/$0.04</gametype>``, also ``Omaha PL``, ``Holdem L``, ``LH ... Limit``,
``PL`` alone for five-card Omaha, no stakes in tournaments, which name ``<tournamentcode>``;
``<tablename>``, ``<currency>``, ``<smallblind>``, ``<bigblind>``, ``<startdate>``) and one ``<game
gamecode="...">`` per hand: its ``<general>`` lists ``<player seat= name= chips= dealer= win= bet=
/>`` (``chips`` the starting stack, ``bet`` all the player put in, ``win`` all he got back, a bet
nobody called included; ``rakeamount`` when the room writes it, otherwise the rake is the pot less
what was won, noted as derived); ``<round no="0">`` holds the forced bets, later rounds ``<cards
type="Pocket|Flop|Turn|River" player="...">S10 HK</cards>`` (suit letter first, ``X`` for a card not
seen) and ``<action no= player= type= sum= />``. The actions are replayed in the order of their
``no`` number (the export does not always write them in order). Types: 0 fold, 1 small blind, 2 big
blind, 3 call, 4 check, 5 bet, 6 raise (``sum`` the chips added), 7 all-in (chips added), 8 and 9
sitting out (the player is not dealt in), 15 ante, 23 raise to (``sum`` the new total). Amounts
may carry a currency sign and a decimal comma (``€0,02``). A game holding only the forced bets (a
partial export) is reported as such. Every player's ``bet`` figure is checked against his actions.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, NamedTuple

from ._limits import room_time
from ._betting import untabled_all_in
from ._model import MAX_SEAT, RawHand, Seat, amount, cards, number
from ._settle import chips_in, defer_extra_blinds, implicit_return, return_implicit
from ._xml import XMLRefused, close_cut, parse_xml

__all__ = ["parse_game", "split", "looks_like"]

_GAMES = [(r"^six plus hold'?em\s*(?:nl|no ?limit)\b", "N6P"), (r"^(?:texas )?hold'?em\s*(?:nl|sl|бл|no ?limit)\b", "NT"), (r"holdem\s*pl|holdem pot ?limit", "PT"),
          (r"holdem\s*(?:fl|l)\b|holdem limit|holdem fixed|^LH\b.*\blimit\b", "FT"), (r"omaha\s*hi[- /]?lo\s*pl|omaha hi-lo pot ?limit", "PO/8"),
          (r"omaha\s*pl|omaha pot ?limit", "PO"), (r"omaha\s*hi[- /]?lo\s*(?:fl|l)\b|omaha hi-lo limit", "FO/8"),
          (r"omaha\s*(?:fl|l)\b|omaha limit", "FO")]
_SUIT = {"S": "s", "H": "h", "D": "d", "C": "c"}
_STUD = ("7S", "7S/8", "5S")
_STUD_STREETS = ("Second Street", "Third Street", "Fourth Street", "Fifth Street", "Sixth Street", "Seventh Street", "River")


def looks_like(text: str) -> bool:
    """True when ``text`` is iPoker XML (a ``<session`` with ``<game gamecode=``)."""
    head = text.lstrip("\ufeff").lstrip()[:4000]
    return (head.startswith("<?xml") or head.startswith("<session")) and "<session" in head


_GAME_START = re.compile(r"<game\b")
_SESSION_GENERAL = re.compile(r"<session\b[^<>]*>\s*<general>")


def split(text: str) -> list[tuple[int, list[str]]]:
    """One entry per ``<game>``: (its line, [session general XML, game XML]).

    Linear in the file's length: one forward scan, each character looked at a bounded number of
    times (a ``<game>`` never closed is one last entry holding the rest of the file, which its
    parse reports as malformed)."""
    t = text.lstrip("\ufeff")
    general = "<general/>"
    s = t.find("<session")
    gm = _SESSION_GENERAL.match(t, s) if s >= 0 else None
    if gm:
        end = t.find("</general>", gm.end())
        if end >= 0:
            general = t[gm.end() - len("<general>"):end + len("</general>")]
    out: list[tuple[int, list[str]]] = []
    line, counted = 1, 0  # the line number at offset ``counted``, advanced as the scan moves on
    pos = 0
    while True:
        m = _GAME_START.search(t, pos)
        if m is None:
            break
        line += t.count("\n", counted, m.start())
        counted = m.start()
        end = t.find("</game>", m.end())
        stop = len(t) if end < 0 else end + len("</game>")
        out.append((line, [general, t[m.start():stop]]))
        pos = stop
    return out


#: A separator grouping thousands (``1.500`` Italian chips, ``1,250``): the room writes at most two decimals.
_GROUPED = re.compile(r"(?<=\d)[.,](?=\d{3}(?!\d))")


def _amt(text: str | None, raw: RawHand, line: int) -> int:
    t = _GROUPED.sub("", (text or "0").strip().replace("&euro;", "€"))
    if "," in t and "." not in t and re.search(r",\d{1,2}$", t):
        t = t.replace(",", ".")
    return amount(t or "0", raw.scale, raw, line)


def _cards(text: str, raw: RawHand, line: int) -> list[int]:
    out = []
    for tok in text.split():
        if tok.upper().startswith("X"):
            out.append(-1)
            continue
        if len(tok) < 2 or tok[0].upper() not in _SUIT:
            raise raw.fail(f"bad card {tok!r}", line)
        out += list(cards(tok[1:] + _SUIT[tok[0].upper()], raw, line))
    return out


def parse_game(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One ``<game>`` (with the session's ``<general>``) into a RawHand.

    Raises:
        HandParseError: XML that does not parse, or a game element missing what a hand needs;
            the line is the game's first line (plus the XML parser's own line within it).
    """
    raw = RawHand(venue="iPoker Network", source=source, line=start)
    general, game = _xml(raw, lines, start)
    raw.hand_id = game.get("gamecode")
    events = _events(raw, game, start)
    _session(raw, general, game, events, start)
    bets = _players(raw, game, events, start)
    _replay(raw, events, start)
    if raw.button_seat is None and raw.game[1:] not in _STUD:
        _button_from_blinds(raw)
    defer_extra_blinds(raw)
    for nm, w in bets.won.items():
        if w:
            raw.add("collect", nm, w, line=start)
    live = _live(raw)  # a player who reaches showdown with known cards shows them
    if len(live) > 1:
        for nm in live:
            if nm in raw.hole and -1 not in raw.hole[nm]:
                raw.add("show", nm, cards=tuple(raw.hole[nm]), line=start)
    _settle(raw, bets, start)
    untabled_all_in(raw)
    return raw


def _xml(raw: RawHand, lines: list[str], start: int) -> tuple[ET.Element, ET.Element]:
    """The session's ``<general>`` and the game, parsed safely; a game the file's end cuts short is
    read up to its last complete round (noted), or reported when it has none."""
    try:
        general = parse_xml(lines[0])
    except XMLRefused as exc:
        raise raw.fail(f"the session's <general>: {exc.reason}", start) from None
    text = lines[1]
    if "</game>" not in text:  # the file ends inside this game: read the rounds it holds
        cut = close_cut(text, "</round>", "</game>")
        if cut is None:
            raise raw.fail("the file ends mid-hand (a cut file), before any of its rounds is complete", start)
        text = cut
        raw.notes.append("the file ends inside this game: read up to its last complete round (the room's per-player "
                         "figures, written first, check that the hand was complete)")
    try:
        return general, parse_xml(text)
    except XMLRefused as exc:
        raise raw.fail(exc.reason, start + max(exc.line - 1, 0)) from None


class _Bets(NamedTuple):
    """What each player put in (``bet``) and got back (``win``) by the room's figures."""

    put: dict[str, int | None]
    won: dict[str, int]
    rake: int | None


def _events(raw: RawHand, game: ET.Element, start: int) -> list[tuple[int, int, int, ET.Element]]:
    """The cards and actions of the game in the order they happened: by round, the cards of a
    round first, then its actions by their ``no`` number (document order when it has none)."""
    out = []
    for rnd in game.findall("round"):
        r = number(rnd.get("no", "0"), "a round number", raw, start, 0, 99)
        for k, el in enumerate(rnd):
            if el.tag == "cards":
                out.append((r, 0, k, el))
            elif el.tag == "action":
                no = el.get("no")
                out.append((r, 1, number(no, "an action number", raw, start, 0, 9999) if no else k, el))
    return sorted(out, key=lambda e: e[:3])


def _session(raw: RawHand, general: ET.Element, game: ET.Element, events: list[Any], start: int) -> None:
    """Game, currency and stakes from the session's ``<general>``."""
    gt = (general.findtext("gametype") or "").strip()
    code = next((c for pat, c in _GAMES if re.search(pat, gt, flags=re.I)), None)
    if code is None and re.match(r"^(?:PL|NL|L)\b", gt):  # the game left out: Omaha by the cards dealt
        dealt = max((len((el.text or "").split()) for *_, el in events if el.tag == "cards"
                     and el.get("type") == "Pocket"), default=4)
        code = {"PL": "P", "NL": "N", "L": "F"}[gt.split()[0]] + ("5O" if dealt == 5 else "O")
    stud = re.match(r"^(7|5) Card Stud( Hi-Lo)? L\b", gt)
    if stud:
        code = "F" + stud[1] + "S" + ("/8" if stud[2] else "")
    if code is None:
        why = "has no pyeval variant" if re.search(r"six plus", gt, re.I) else "is not one pyeval reads"
        raise raw.fail(f"game type {gt!r} {why}", start)
    raw.game = code
    raw.table = general.findtext("tablename")
    tour = (general.findtext("tournamentcode") or general.findtext("tournamentname") or "").strip()
    if tour:
        raw.tournament = tour
    cur = (general.findtext("currency") or "").strip() or None
    sample = " ".join(filter(None, [gt, general.findtext("bigblind")] + [p.get("chips") or "" for p in game.iter("player")]))
    sym = next((s for s in "$€£" if s in sample), None) or ("€" if "&euro;" in sample else None)
    if not tour and (cur or sym or re.search(r"\d\.\d|\d,\d{1,2}(?!\d)", sample)):
        raw.scale = 100
        raw.currency = cur or {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "")
        raw.currency_symbol = sym
    elif tour and any(re.search(r"\d\.\d", _GROUPED.sub("", v)) for el in game.iter() for k, v in el.attrib.items()
                      if k in ("chips", "win", "bet", "sum")):
        raw.scale = 100  # tournament chips in hundredths (a rebuy tournament's odd stacks)
        raw.notes.append("tournament chips are written with hundredths: amounts are in hundredths of a chip")
    _stakes(raw, gt, general, events, start)
    date = game.findtext("general/startdate") or general.findtext("startdate")
    dm = re.match(r"(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2})", (date or "").strip())
    em = re.match(r"(\d{2})[./](\d{2})[./](\d{4}) (\d{1,2}):(\d{2}):(\d{2})", (date or "").strip())
    if dm:
        raw.time = room_time(dm.groups(), raw.fail, start)
    elif em:
        raw.time = room_time((em[3], em[2], em[1], em[4], em[5], em[6]), raw.fail, start)


def _stakes(raw: RawHand, gt: str, general: ET.Element, events: list[Any], start: int) -> None:
    """The blinds: from ``<smallblind>``/``<bigblind>``, the game type's stakes, or (tournaments,
    partial headers) the blinds posted; stud's small and big bet and bring-in."""
    sb, bb = general.findtext("smallblind"), general.findtext("bigblind")
    if bb is None:
        st = re.findall(r"(\d[\d.,]*)\s*/\s*\D{0,4}(\d[\d.,]*)", gt)
        if st:
            sb, bb = st[-1]
    posted: dict[str | None, int] = {}  # the smallest post of each kind (a blind posted with a dead one is larger)
    for *_, el in events:
        if el.tag == "action" and el.get("type") in ("1", "2", "16"):
            a = _amt(el.get("sum"), raw, start)
            posted[el.get("type")] = min(a, posted.get(el.get("type"), a))
    if raw.game[1:] in _STUD:
        _stud_stakes(raw, sb, bb, posted.get("16"), events, start)
        return
    if bb is not None:
        lo, hi = _amt(sb, raw, start), _amt(bb, raw, start)
    elif "2" in posted:
        lo, hi = posted.get("1", posted["2"] // 2), posted["2"]
    else:
        raise raw.fail(f"no blinds in {gt!r} and none posted", start)
    raw.small_blind, raw.big_blind = lo, hi
    if raw.game[0] == "F":  # the small bet is the big blind posted (the game type names blinds or bets)
        raw.small_bet = posted.get("2", hi)
        raw.big_bet = 2 * raw.small_bet
        raw.big_blind = raw.small_bet
        raw.small_blind = posted.get("1", raw.small_bet // 2)
    else:
        raw.min_bet = hi


def _stud_stakes(raw: RawHand, sb: str | None, bb: str | None, brought: int | None, events: list[Any],
                 start: int) -> None:
    """Stud's limits: the game type's small and big bet, or (tournaments) the first bet made on
    third or fourth street; the bring-in posted (or a quarter of the small bet, noted)."""
    if bb is not None:
        raw.small_bet, raw.big_bet = _amt(sb, raw, start), _amt(bb, raw, start)
    else:
        first = next((_amt(el.get("sum"), raw, start) for r, _, _, el in events if el.tag == "action"
                      and el.get("type") in ("5", "23") and r <= 3), None)
        later = next((_amt(el.get("sum"), raw, start) for r, _, _, el in events if el.tag == "action"
                      and el.get("type") == "5" and r > 3), None)
        if first is None and later is not None:  # the first bet on fifth street or later: a big bet
            first = later // 2
            raw.notes.append(f"the small bet is not in the record: taken as half the first big bet, {later}")
        allin = [_amt(el.get("sum"), raw, start) for r, _, _, el in events if el.tag == "action" and el.get("type") == "7"]
        calls = [el for r, _, _, el in events if el.tag == "action" and el.get("type") in ("3", "5", "6", "23")]
        if first is None and brought is None and len(allin) == 1 and not calls:
            first = allin[0]  # everyone folds to it (it comes back): any limits give the same chips
            raw.notes.append(f"the limits are not in the record and do not matter to the hand (one all-in of {first} "
                             "that nobody calls): the small bet taken as that all-in")
        if first is None and brought is None:
            raise raw.fail("a stud hand without stakes, bets or bring-in: its limits are unknown", start)
        if first is None:  # nobody bet: the limits do not matter to the hand (the usual 4 bring-ins)
            raw.notes.append("the small bet is not in the record: taken as four bring-ins")
        raw.small_bet = first if first is not None else 4 * (brought or 0)
        raw.big_bet = 2 * raw.small_bet
    raw.bring_in = brought
    if raw.bring_in is None:  # completed without a bring-in: the record does not give its size
        raw.bring_in = max(1, raw.small_bet // 4)
        raw.notes.append(f"no bring-in in the record: taken as {raw.bring_in}, a quarter of the small bet")


def _players(raw: RawHand, game: ET.Element, events: list[Any], start: int) -> _Bets:
    """The seats of the players dealt in (a player with no cards and no action but sitting out,
    types 8 and 9, sat out), the button, and the room's per-player figures."""
    players = game.findall("general/players/player")
    if not players and not events:
        raise raw.fail("a partial export: the game is empty", start)
    if not players:
        raise raw.fail("no players in the game", start)
    active = {el.get("player") for *_, el in events if (el.tag == "cards" and el.get("type") == "Pocket")
              or (el.tag == "action" and el.get("type") not in ("8", "9"))}
    if not any(el.tag == "cards" for *_, el in events) and not any(r > 0 for r, *_ in events):
        raise raw.fail("a partial export: the game holds the forced bets only (no cards, no actions)", start)
    seats: list[Seat] = []
    put: dict[str, int | None] = {}
    won: dict[str, int] = {}
    rake: int | None = None
    for p in players:
        nm = p.get("name")
        if nm is None or p.get("seat") is None:
            raise raw.fail("a player without name or seat", start)
        seat = number(p.get("seat"), "a player's seat", raw, start, 0, MAX_SEAT)
        if p.get("dealer") == "1":
            raw.button_seat = seat
        if nm not in active:
            raw.sitting_out.append(nm)
            continue
        seats.append(Seat(seat, nm, _amt(p.get("chips"), raw, start), start))
        won[nm] = _amt(p.get("win"), raw, start)
        put[nm] = _amt(p.get("bet"), raw, start) if p.get("bet") is not None else None
        if p.get("rakeamount"):
            rake = (rake or 0) + _amt(p.get("rakeamount"), raw, start)
    raw.seats = seats
    return _Bets(put, won, rake)


def _button_from_blinds(raw: RawHand) -> None:
    """No ``dealer="1"`` (some tournament exports): the button is the seat before the small blind's
    (heads-up: the small blind's own), or two seats before the big blind's; noted."""
    order = sorted(s.seat for s in raw.seats)
    by_name = {s.name: s.seat for s in raw.seats}
    sb = next((by_name[a.name] for a in raw.acts if a.kind == "post" and a.extra == "sb"), None)
    bb = next((by_name[a.name] for a in raw.acts if a.kind == "post" and a.extra == "bb"), None)
    if sb is not None:
        k = order.index(sb)
        raw.button_seat = sb if len(order) == 2 else order[k - 1]
    elif bb is not None and len(order) > 2:
        raw.button_seat = order[order.index(bb) - 2]
    else:
        return
    raw.notes.append(f"the record marks no dealer: the button is taken as seat {raw.button_seat}, from the blinds")


class _Deal:
    """Where the deal stands while the events are replayed: the street begun, the bets on it."""

    def __init__(self) -> None:
        self.cur_bet: dict[str, int] = {}
        self.dealt = False
        self.street = ""

    def begin(self, raw: RawHand, start: int) -> None:
        """The hole cards' round, at the first card or voluntary action."""
        if not self.dealt:
            self.dealt = True
            raw.add("street", line=start, extra="HOLE CARDS")


def _replay(raw: RawHand, events: list[Any], start: int) -> None:
    """The cards and actions, in order, as the RawHand's acts."""
    names = {s.name for s in raw.seats}
    deal = _Deal()
    for r, _, _, el in events:
        if el.tag == "cards":
            _cards_el(raw, el, r, names, deal, start)
            continue
        t = el.get("type")
        if t in ("8", "9"):  # sitting out
            continue
        nm = el.get("player", "")
        if nm not in names:
            raise raw.fail(f"an action by an unknown player {nm!r}", start)
        if t not in ("1", "2", "15"):
            deal.begin(raw, start)
        if (el.get("sum") or "").strip() == "DP":  # all in on disconnection: the room's disconnect protection
            raw.add("disconnect", nm, line=start)
            continue
        _action(raw, nm, t, _amt(el.get("sum"), raw, start), deal.cur_bet, start)


def _cards_el(raw: RawHand, el: ET.Element, r: int, names: set[str], deal: _Deal, start: int) -> None:
    """A ``<cards>`` element: a player's pocket or stud cards, or the board's."""
    kind = el.get("type", "")
    cs = _cards(el.text or "", raw, start)
    stud = kind in _STUD_STREETS and raw.game[1:] in _STUD
    if kind in ("Flop", "Turn", "River") and not stud:
        deal.begin(raw, start)
        raw.add("street", cards=tuple(cs), line=start, extra=kind)
        deal.cur_bet.clear()
        return
    if kind != "Pocket" and not stud:
        raise raw.fail(f"unknown cards type {kind!r} in round {r}", start)
    nm = el.get("player", "")
    if nm not in names:
        raise raw.fail(f"cards for an unknown player {nm!r}", start)
    if kind == "Pocket":
        if any(c >= 0 for c in cs):
            raw.hole[nm] = cs
        return
    if kind != deal.street:  # a stud street: each player's cards of it, dealt in seat order
        deal.street = kind
        deal.dealt = True
        raw.add("street", line=start, extra=kind)
        deal.cur_bet.clear()
    raw.hole.setdefault(nm, []).extend(cs)


def _action(raw: RawHand, nm: str, t: str | None, a: int, cur_bet: dict[str, int], start: int) -> None:
    """One ``<action>`` of type ``t`` (see the module docstring) and its chips ``a``."""
    if t in ("1", "2"):
        both = t == "2" and raw.big_blind and raw.small_blind and a == raw.big_blind + raw.small_blind
        raw.add("post", nm, a, line=start, extra="both" if both else "sb" if t == "1" else "bb")
        cur_bet[nm] = cur_bet.get(nm, 0) + (a if not both else raw.big_blind or a)
    elif t == "15":
        raw.add("ante", nm, a, line=start)
    elif t == "16":  # the stud bring-in
        raw.add("bring_in", nm, a, line=start)
        cur_bet[nm] = a
    elif t == "0":
        raw.add("fold", nm, line=start)
    elif t == "4":
        raw.add("check", nm, line=start)
    elif t == "3":
        raw.add("call", nm, a, line=start)
        cur_bet[nm] = cur_bet.get(nm, 0) + a
    elif t in ("5", "6", "7", "23"):
        to = a if t == "23" else cur_bet.get(nm, 0) + a
        if to <= max(cur_bet.values(), default=0):  # an all-in that only calls
            raw.add("call", nm, to - cur_bet.get(nm, 0), line=start)
        else:
            raw.add("bet" if t == "5" and not any(cur_bet.values()) else "raise", nm, to, line=start)
        cur_bet[nm] = to
    else:
        raise raw.fail(f"unknown action type {t!r}", start)


def _settle(raw: RawHand, bets: _Bets, start: int) -> None:
    """The room's per-player ``bet`` figures against the actions, the bet nobody called (counted
    in its bettor's ``win``), the total pot and the rake (written, or derived: noted)."""
    chips = chips_in(raw)
    imp = implicit_return(raw)
    for nm, b in bets.put.items():  # the figure counts the bet nobody called, or (some exports) not
        ret = imp[1] if imp is not None and imp[0] == nm else 0
        if b is not None and b not in (chips.get(nm, 0), chips.get(nm, 0) - ret):  # the room's slip (an
            # ante counted twice, a stud raise): the actions decide, the replay checks them against the wins
            raw.notes.append(f"{nm}'s actions put in {chips.get(nm, 0)}, the room's bet figure says {b}: read by the "
                             "actions (the room's win figures check them)")
    if imp is not None and any(a.kind == "collect" and a.name != imp[0] for a in raw.acts):
        # another player won the pot, and the bettor's win figure is the bet nobody called to the letter: the return
        k = next((q for q, a in enumerate(raw.acts) if a.kind == "collect" and a.name == imp[0] and a.amount == imp[1]),
                 None)
        if k is not None:
            del raw.acts[k]
    return_implicit(raw, True)
    if all(b is not None for b in bets.put.values()):  # the pot: the room's figures, as checked
        raw.total_pot = sum(chips_in(raw).values())
    got = sum(a.amount for a in raw.acts if a.kind == "collect")
    if bets.rake is not None:
        raw.rake = bets.rake
    elif raw.total_pot is not None and got and raw.total_pot - got >= 0:
        raw.rake = raw.total_pot - got
        if raw.rake:
            raw.notes.append(f"rake of {raw.rake} derived (the room writes none): the pot less what was won")


def _live(raw: RawHand) -> list[str]:
    folded = {a.name for a in raw.acts if a.kind == "fold"}
    return [s.name for s in raw.seats if s.name not in folded]

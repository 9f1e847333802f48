"""Merge Gaming Network (Carbon Poker, Lock, Tropicana ...) XML hand histories, 2008-2015.

Read from the layout of the room's exports: a ``<description type="Holdem" stakes="No Limit
($0.25/$0.50)"/>`` line (``type`` the game, ``Tournament`` appended in tournaments; ``stakes`` the
structure and the blinds, or the small and big bet of a limit game), then one ``<game id=
starttime= numholecards= gametype= [multigametype=] data="DATE|TABLE|TABLE ID|HAND ID|TOURNAMENT">``
per hand: ``<players dealer=SEAT>`` with ``<player seat= nickname= balance= dealtin=>`` (seats from
0; ``dealtin="false"`` sat out), then ``<round id=...>`` elements (``BLINDS``, ``BRING_IN``,
``PREFLOP``, ``POSTFLOP`` ... ``THIRD_STREET`` ... ``PRE_FIRST_DRAW``, ``FIRST_DRAW``,
``POST_FIRST_DRAW`` ..., ``SHOWDOWN``, ``END_OF_GAME``) holding ``<event type= player=SEAT amount=>``
(amounts are the chips a player adds, except ``RAISE`` and ``COMPLETE``, which name the total the
player raises to in the files since 2011 and the chips added in the older ones: the reader takes
the reading under which every call matches what was owed), ``<cards type= cards="Ah,8s"
player=>`` (``HOLE`` the hero's cards, ``DRAW_DRAWN_CARDS`` a stud player's cards so far with
``null`` for a card face down, or the hero's hand after a draw, ``COMMUNITY`` the board so far,
``SHOWN``/``MUCKED`` at showdown) and ``<winner amount= uncalled= player= pottype=>`` (``uncalled
="true"``: a bet nobody called, returned).

The room writes no rake and no total pot: the rake is derived (the chips put in less what was
paid out, noted) and each hand is judged by its replay against the winners the room names. HORSE
hands name their game by ``multigametype``. Half-pot-limit and ace-to-five games have no pyeval
variant (a per-hand "game not supported").
"""
from __future__ import annotations

import copy

import re
import xml.etree.ElementTree as ET
from typing import NamedTuple

from ._betting import untabled_all_in
from ._limits import room_time
from ._model import FIGURES_DO_NOT_ADD_UP, RawHand, Seat, amount, cards, number
from ._settle import chips_in, defer_extra_blinds, return_implicit
from ._xml import XMLRefused, parse_xml

__all__ = ["looks_like", "parse_hand", "split"]

#: The description's game names (``Tournament`` taken off) -> PHH stem, or None with the reason.
_GAMES: dict[str, str | None] = {"holdem": "T", "omaha": "O", "omaha h/l8": "O/8", "7-stud": "7S",
                                 "7-stud h/l8": "7S/8", "razz": "R", "2-7 lowball": "2L3D", "5-draw": "5D",
                                 "badugi": "B", "a-5 lowball": None, "horse": ""}
#: A HORSE hand's ``multigametype`` (cash and tournament codes) -> PHH stem.
_MULTI = {21: "T", 23: "T", 35: "O/8", 37: "O/8", 39: "7S", 41: "7S", 43: "7S/8", 45: "7S/8", 47: "R", 49: "R"}
_STRUCTURES = (("half pot limit", ""), ("no limit", "N"), ("pot limit", "P"), ("limit", "F"))
_STUD_ROUNDS = ("BRING_IN", "THIRD_STREET", "FOURTH_STREET", "FIFTH_STREET", "SIXTH_STREET", "SEVENTH_STREET")
_BOARD_ROUNDS = ("POSTFLOP", "POSTTURN", "POSTRIVER")
_DRAW_ROUNDS = ("FIRST_DRAW", "SECOND_DRAW", "THIRD_DRAW", "DRAW")
_INFO_EVENTS = {"CHAT", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT", "SIT_OUT", "SIT_IN", "TIMEOUT"}


def looks_like(text: str) -> bool:
    """True when ``text`` starts with Merge's ``<description type=`` line."""
    head = text.lstrip("\ufeff").lstrip()
    if head.startswith("<?xml"):
        head = head[head.find("?>") + 2:].lstrip()
    return head.startswith("<description type=")


_DESC = re.compile(r"<description\b[^<>]*?/?>")
_GAME = re.compile(r"<game\b")


def split(text: str) -> list[tuple[int, list[str]]]:
    """One entry per ``<game>``: (its line, [the description before it, the game's XML]); a game the
    file's end cuts short is its last entry (reported when read). Linear in the file's length."""
    t = text.lstrip("\ufeff")
    out: list[tuple[int, list[str]]] = []
    desc, line, counted, pos = "<description/>", 1, 0, 0
    while True:
        m = _GAME.search(t, pos)
        if m is None:
            break
        d = None
        for d in _DESC.finditer(t, pos, m.start()):
            pass
        if d is not None:
            desc = d.group(0) if d.group(0).endswith("/>") else d.group(0)[:-1] + "/>"
        line += t.count("\n", counted, m.start())
        counted = m.start()
        end = t.find("</game>", m.end())
        stop = len(t) if end < 0 else end + len("</game>")
        out.append((line, [desc, t[m.start():stop]]))
        pos = stop
    return out


class _Ev(NamedTuple):
    """One betting event: its round, kind, seat and amount (in the hand's units)."""

    rnd: str
    kind: str
    seat: int
    amt: int


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One ``<game>`` (with the file's description) into a RawHand.

    Raises:
        HandParseError: XML that does not parse or declares entities, a cut or cancelled game, a
            game pyeval does not play, or an event the layout does not explain.
    """
    raw = RawHand(venue="Merge Gaming Network", source=source, line=start)
    if "</game>" not in lines[1]:
        raise raw.fail("the file ends mid-hand (a cut file): the hand is not complete", start)
    try:
        desc, game = parse_xml(lines[0]), parse_xml(lines[1])
    except XMLRefused as exc:
        raise raw.fail(exc.reason, start + max(exc.line - 1, 0)) from None
    if any(r.get("id") == "GAME_CANCELLED" for r in game.iter("round")):
        raise raw.fail("the room cancelled the hand (GAME_CANCELLED): no hand was played", start)
    _header(raw, desc, game, start)
    seats = _seats(raw, game, start)
    _Reader(raw, game, seats, start).run()
    untabled_all_in(raw)
    return raw


def _header(raw: RawHand, desc: ET.Element, game: ET.Element, start: int) -> None:
    """Game, structure, hand number, table, time, tournament and units."""
    stakes = (game.get("stakes") or desc.get("stakes") or "").strip()
    data = (game.get("data") or "").split("|")
    kind = (desc.get("type") or "").strip()
    tour = kind.lower().endswith("tournament") or (len(data) >= 5 and data[4].strip() == "true"
                                                   and not re.search(r"[$€£]\s*\d", stakes))  # (cash stakes: not one)
    raw.game = _game_code(raw, kind, stakes, game, start)
    raw.hand_id = game.get("id")
    if len(data) >= 2:
        raw.table = data[1].strip() or None
    raw.tournament = (data[2].strip() if len(data) >= 3 else "") or "?" if tour else None
    amounts = [v for el in game.iter() for k, v in el.attrib.items() if k in ("balance", "amount")]
    if not tour and game.get("realmoney") != "false":
        raw.scale, raw.currency, raw.currency_symbol = 100, "USD", "$"
    elif any(re.search(r"\.\d*[1-9]", a) for a in amounts):
        raw.scale = 100
        raw.notes.append("chips are written with hundredths: amounts are in hundredths of a chip")
    blinds = re.findall(r"(\d[\d,]*(?:\.\d+)?)", stakes)
    if len(blinds) >= 2:
        lo, hi = amount(blinds[-2], raw.scale, raw, start), amount(blinds[-1], raw.scale, raw, start)
        if raw.game[0] == "F":
            raw.small_bet, raw.big_bet = lo, hi
        else:
            raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi
    t = (game.get("starttime") or "").strip()
    m = re.match(r"(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$", t) or re.match(
        r"(\d{4})/(\d{2})/(\d{2}) (\d{1,2}):(\d{2}):(\d{2})", t)
    if m:
        raw.time = room_time(m.groups(), raw.fail, start)


def _game_code(raw: RawHand, kind: str, stakes: str, game: ET.Element, start: int) -> str:
    """The PHH code of the description's game and stakes (a HORSE hand's own game by its
    ``multigametype``), or the per-hand "game not supported" with the reason."""
    name = re.sub(r"\s*tournament$", "", kind, flags=re.IGNORECASE).lower()
    if name not in _GAMES:
        raise raw.fail(f"game not supported: {kind!r} is not a game pyeval knows", start)
    stem = _GAMES[name]
    if stem == "":  # HORSE: the hand's own game
        code = game.get("multigametype")
        stem = _MULTI.get(int(code)) if code and code.isdigit() else None
        if stem is None:
            raise raw.fail(f"a HORSE hand of unknown multigametype {code!r}", start)
    if stem is None:
        raise raw.fail(f"game not supported: {kind} (ace-to-five triple draw has no pyeval variant)", start)
    struct = next((c for s, c in _STRUCTURES if stakes.lower().startswith(s)), None)
    if struct is None:
        raise raw.fail(f"no betting structure in the stakes {stakes!r}", start)
    if not struct:
        raise raw.fail(f"game not supported: {kind} {stakes} (half pot limit has no pyeval structure)", start)
    return struct + stem


def _seats(raw: RawHand, game: ET.Element, start: int) -> dict[int, str]:
    """Seat number -> name of every player listed (dealt in or not); the button."""
    players = game.find("players")
    if players is None:
        raise raw.fail("no <players> in the hand", start)
    dealer = players.get("dealer")
    if dealer is not None and dealer.strip().lstrip("-").isdigit() and int(dealer) >= 0:
        raw.button_seat = number(dealer, "the dealer seat", raw, start, 0, 98) + 1
    names: dict[int, str] = {}
    for p in players.findall("player"):
        nm, seat = p.get("nickname"), p.get("seat")
        if nm is None or seat is None:
            raise raw.fail("a player without nickname or seat", start)
        s = number(seat, "a seat", raw, start, 0, 98)
        names[s] = nm
        if p.get("dealtin") == "false":
            raw.sitting_out.append(nm)
            continue
        raw.seats.append(Seat(s + 1, nm, amount(p.get("balance") or "0", raw.scale, raw, start), start))
    return names


class _Reader:
    """The rounds of one hand, in order, as the RawHand's acts."""

    def __init__(self, raw: RawHand, game: ET.Element, names: dict[int, str], start: int) -> None:
        self.raw, self.game, self.names, self.start = raw, game, names, start
        self.stud = raw.game[1:] in ("7S", "7S/8", "R")
        self.draw = raw.game[1:] in ("2L3D", "5D", "B")
        self.cur: dict[str, int] = {}
        self.board: list[int] = []
        self.street_open = False
        self.hole: dict[str, list[int]] = {}
        self.hand: list[int] = []  # the hero's hand in a draw game, before the next draw
        self.raise_to = True
        self.showdown: list[tuple[str, str]] = []  # SHOW/MUCK events, in order
        self.shown: dict[str, list[int]] = {}  # SHOWN/MUCKED cards
        self.pending_draw: tuple[str, list[int]] | None = None  # the hero's hand after this draw

    def _phantom(self, e: ET.Element, k: str) -> bool:
        """An event that carries nothing: an ALL_IN without an amount (a mark on a player already all
        in), a CHECK by a seat not dealt in that holds no chips."""
        if k == "ALL_IN" and e.get("amount") is None:
            return True
        nm = self.names.get(number(e.get("player"), "an event's seat", self.raw, self.start, 0, 98))
        return k == "CHECK" and nm in self.raw.sitting_out and not self._balance(int(e.get("player") or 0))

    def who(self, seat: str | None) -> str:
        raw = self.raw
        s = number(seat, "an event's seat", raw, self.start, 0, 98)
        if s not in self.names:  # a player the hand's list leaves out (seen in 2011-2012 files)
            nm = f"Seat {s + 1}"
            self.names[s] = nm
            put = sum(amount(e.get("amount") or "0", raw.scale, raw, self.start) for e in self.game.iter("event")
                      if e.get("player") == seat)
            stack = max([x.stack for x in raw.seats] + [0]) + put
            raw.seats.append(Seat(s + 1, nm, stack, self.start))
            raw.notes.append(f"seat {s + 1} acts but is not in the hand's player list: named {nm!r}, stack taken "
                             f"as {stack} (the room does not give it)")
        nm = self.names[s]
        if nm in raw.sitting_out:
            raw.sitting_out.remove(nm)
            stack = self._balance(s)
            raw.seats.append(Seat(s + 1, nm, stack, self.start))
        return nm

    def _balance(self, s: int) -> int:
        for p in self.game.iter("player"):
            if p.get("seat") == str(s):
                return amount(p.get("balance") or "0", self.raw.scale, self.raw, self.start)
        return 0  # pragma: no cover - names come from the player list

    def run(self) -> None:
        raw = self.raw
        events = [(r.get("id") or "", e) for r in self.game.iter("round") for e in r if e.tag == "event"]
        self.raise_to = self._raise_mode(events)
        if not self.raise_to:
            raw.notes.append("RAISE and COMPLETE amounts read as the chips added (the room's layout before 2011)")
        for r in self.game.iter("round"):
            self.round(r)
        self.settle()

    def _raise_mode(self, events: list[tuple[str, ET.Element]]) -> bool:
        """True when RAISE/COMPLETE amounts are totals: the reading under which fewer calls differ
        from what the caller owed (ties: the hand's date, totals since 2011)."""
        bad = {True: 0, False: 0}
        for mode in (True, False):
            cur: dict[str | None, int] = {}
            rnd = ""
            for rid, e in events:
                if rid != rnd and rid not in ("BLINDS", "BRING_IN", "PREFLOP", "PRE_FIRST_DRAW", "THIRD_STREET"):
                    cur = {}
                rnd = rid
                k, p = e.get("type"), e.get("player")
                a = amount(e.get("amount") or "0", self.raw.scale, self.raw, self.start)
                top = max(cur.values(), default=0)
                if k == "CALL":
                    if a > top - cur.get(p, 0):
                        bad[mode] += 1
                    cur[p] = cur.get(p, 0) + a
                elif k in ("RAISE", "COMPLETE"):
                    cur[p] = a if mode else cur.get(p, 0) + a
                elif k in ("BET", "ALL_IN", "SMALL_BLIND", "BIG_BLIND", "BRING_IN", "INITIAL_BLIND"):
                    cur[p] = cur.get(p, 0) + a
        if bad[True] != bad[False]:
            return bad[True] < bad[False]
        return self.raw.time is None or self.raw.time.year >= 2011

    def open_street(self, label: str, new: tuple[int, ...] = ()) -> None:
        self.raw.add("street", cards=new, line=self.start, extra=label)
        if label != "HOLE CARDS":  # the blinds count towards the first round's bets
            self.cur = {}

    def round(self, r: ET.Element) -> None:
        rid = r.get("id") or ""
        for c in r.findall("cards"):
            self.cards_el(c, rid)
        self.street_of(r, rid)
        for e in r:
            if e.tag == "event":
                self.event(e, rid)
            elif e.tag == "winner":
                self.winner(e)

    def street_of(self, r: ET.Element, rid: str) -> None:
        """The street a round opens: the deal (the first betting round), a board round with its new
        cards (the COMMUNITY element holds the board so far), a stud street or a draw."""
        if rid in ("PREFLOP", "PRE_FIRST_DRAW", "BRING_IN", "THIRD_STREET"):
            if not self.street_open:
                self.street_open = True
                self.open_street("HOLE CARDS")
        elif rid in _BOARD_ROUNDS:
            comm = [c for c in r.findall("cards") if c.get("type") == "COMMUNITY"]
            full = self.card_list(comm[-1].get("cards"), False) if comm else []
            new = full[len(self.board):]
            if not new:
                raise self.raw.fail(f"the {rid} round without its board cards", self.start)
            self.board = full
            self.open_street(rid, tuple(new))
        elif (self.stud and rid in _STUD_ROUNDS[2:]) or (self.draw and rid in _DRAW_ROUNDS):
            self.open_street(rid)

    def card_list(self, text: str | None, nulls: bool) -> list[int]:
        out: list[int] = []
        for tok in (text or "").split(","):
            tok = tok.strip()
            if tok in ("null", "", "xx", "XX"):
                if nulls:
                    out.append(-1)
                continue
            out += list(cards(tok, self.raw, self.start))
        return out

    def cards_el(self, c: ET.Element, rid: str) -> None:
        kind = c.get("type")
        if kind == "COMMUNITY":
            return
        nm = self.who(c.get("player"))
        cs = self.card_list(c.get("cards"), True)
        if self.draw and kind in ("HOLE", "DRAW_DRAWN_CARDS"):
            if kind == "HOLE" and not self.hole.get(nm):
                self.hole[nm] = cs
                self.hand = list(cs)
            elif kind == "DRAW_DRAWN_CARDS" and rid in _DRAW_ROUNDS:
                self.pending_draw = (nm, cs)
            return
        if kind in ("SHOWN", "MUCKED"):
            self.shown[nm] = cs
            if self.stud:
                self._merge(nm, cs)
            return
        self._merge(nm, cs)

    def _merge(self, nm: str, cs: list[int]) -> None:
        have = self.hole.setdefault(nm, [])
        for i, c in enumerate(cs):
            if i < len(have):
                if have[i] < 0:
                    have[i] = c
            else:
                have.append(c)

    def event(self, e: ET.Element, rid: str) -> None:
        raw, k = self.raw, e.get("type") or ""
        if k in _INFO_EVENTS or self._phantom(e, k):
            raw.info.append(f"{self.start}: {k} seat {e.get('player')}")
            return
        nm = self.who(e.get("player"))
        a = amount(e.get("amount") or "0", raw.scale, raw, self.start)
        if k == "ALL_IN" and rid == "BLINDS":  # a blind posted all in
            k = "BIG_BLIND" if any(x.kind == "post" for x in raw.acts) else "SMALL_BLIND"
        if k in ("SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "ANTE", "BRING_IN"):
            self.forced(nm, k, a)
        elif k in ("FOLD", "CHECK", "CALL", "BET", "RAISE", "COMPLETE", "ALL_IN"):
            self.betting(nm, k, a)
        elif k == "DRAW":
            self.discard(nm, e)
        elif k in ("SHOW", "MUCK"):
            self.showdown.append((k, nm))
        elif k == "RETURN_BLIND":
            raw.add("return", nm, a, line=self.start)
        else:
            raise raw.fail(f"unknown event type {k!r}", self.start)

    def forced(self, nm: str, k: str, a: int) -> None:
        """A blind (a blind posted to come in is a big blind), an ante or the bring-in."""
        if k == "ANTE":
            self.raw.add("ante", nm, a, line=self.start)
            return
        if k == "BRING_IN":
            self.raw.add("bring_in", nm, a, line=self.start)
        else:
            self.raw.add("post", nm, a, line=self.start, extra="sb" if k == "SMALL_BLIND" else "bb")
        self.cur[nm] = self.cur.get(nm, 0) + a

    def betting(self, nm: str, k: str, a: int) -> None:
        """A fold, check or call, or a bet, raise, completion or all-in (the chips added, except
        RAISE and COMPLETE read as totals when the hand's calls say so)."""
        raw, cur = self.raw, self.cur
        mine, top = cur.get(nm, 0), max(cur.values(), default=0)
        if k in ("FOLD", "CHECK"):
            raw.add(k.lower(), nm, line=self.start)
            return
        if k == "CALL":
            raw.add("call", nm, a, line=self.start)
            cur[nm] = mine + a
            return
        to = a if k in ("RAISE", "COMPLETE") and self.raise_to else mine + a
        if to <= top:  # an all-in that only calls
            raw.add("call", nm, to - mine, line=self.start)
        else:
            act = "complete" if k == "COMPLETE" else "bet" if k == "BET" or (k == "ALL_IN" and not top) else "raise"
            raw.add(act, nm, to, line=self.start)
        cur[nm] = to

    def discard(self, nm: str, e: ET.Element) -> None:
        raw = self.raw
        n = number(e.get("text"), "the number of cards drawn", raw, self.start, 0, 5)
        pd = self.pending_draw
        if pd is not None and pd[0] == nm and self.hand:  # the hero: the cards out are the hand less the new one
            new = pd[1]
            out = [c for c in self.hand if c not in new]
            came = [c for c in new if c not in self.hand]
            if len(out) == n == len(came):
                raw.add("discard", nm, n, tuple(out), line=self.start)
                if n:
                    raw.add("drawn", nm, cards=tuple(came), line=self.start)
                self.hand = list(new)
                return
        raw.add("discard", nm, n, line=self.start)

    def winner(self, w: ET.Element) -> None:
        raw = self.raw
        nm = self.who(w.get("player"))
        a = amount(w.get("amount") or "0", raw.scale, raw, self.start)
        raw.add("return" if w.get("uncalled") == "true" else "collect", nm, a, line=self.start)

    def settle(self) -> None:
        raw = self.raw
        self.shows()
        raw.hole = {nm: cs for nm, cs in self.hole.items() if any(c >= 0 for c in cs)}
        # settle acts belong after the betting: move the collects and returns to the end
        tail = [a for a in raw.acts if a.kind in ("collect", "return", "show")]
        raw.acts = [a for a in raw.acts if a.kind not in ("collect", "return", "show")] + tail
        self.balances_after_forced_bets()
        self.all_in_folds()
        defer_extra_blinds(raw)
        return_implicit(raw, True)  # a bet nobody called that the room pays as won (no uncalled="true")
        put = sum(chips_in(raw).values())
        got = sum(a.amount for a in raw.acts if a.kind == "collect")
        if not got and len([v for v in chips_in(raw).values() if v]) > 1:  # (a game that stops mid-round)
            raise raw.fail(f"{FIGURES_DO_NOT_ADD_UP}: nobody collects the pot of {put} (the room writes no "
                           "total pot and no winner)", self.start)
        raw.total_pot = put
        if put - got >= 0:
            raw.rake = put - got
            if raw.rake:
                raw.notes.append(f"rake of {raw.rake} derived (the room writes none): the chips put in less what was "
                                 "paid out; the hand is judged by its replay")
        self.stakes()

    def all_in_folds(self) -> None:
        """A FOLD by a player his forced bets or bets put all in (a tournament player away, all in on
        the ante) gives up his hand: read as a muck at the showdown, noted (his chips stay in the pots)."""
        raw = self.raw
        stacks = {x.name: x.stack for x in raw.seats}
        for k, a in enumerate(raw.acts):
            if a.kind != "fold" or not stacks.get(a.name):
                continue
            part = copy.copy(raw)
            part.acts = raw.acts[:k]
            if chips_in(part).get(a.name, 0) >= stacks[a.name]:
                raw.acts[k] = a._replace(kind="muck")
                raw.notes.append(f"{a.name} is all in and folded: read as giving up his hand at the showdown")

    def shows(self) -> None:
        """The hands shown (SHOW with its SHOWN cards; a hand shown at an all-in without a SHOW), and
        the cards of a mucked hand the room wrote (kept, not shown)."""
        raw, shown = self.raw, self.shown
        for k, nm in self.showdown:
            if k == "SHOW" and nm in shown and -1 not in shown[nm]:
                raw.add("show", nm, cards=tuple(shown[nm]), line=self.start)
            elif k == "MUCK" and nm in shown:
                self._merge(nm, shown[nm])
        mucked = {n for k, n in self.showdown if k == "MUCK"}
        for nm, cs in shown.items():  # a player shown without a SHOW event (all-in)
            if not any(a.kind == "show" and a.name == nm for a in raw.acts) and -1 not in cs and nm not in mucked:
                raw.add("show", nm, cards=tuple(cs), line=self.start)

    def stakes(self) -> None:
        """Stakes the description leaves out (tournaments): the limits, the bring-in, the blinds posted."""
        raw = self.raw
        if raw.game[0] == "F" and raw.small_bet is None:
            self.limits()
        if self.stud and raw.bring_in is None:
            raw.bring_in = next((a.amount for a in raw.acts if a.kind == "bring_in"), None) or max(1, (raw.small_bet or 4) // 4)
        bb = [a.amount for a in raw.acts if a.kind == "post" and a.extra == "bb"]
        sb = [a.amount for a in raw.acts if a.kind == "post" and a.extra == "sb"]
        if raw.game[0] != "F" and raw.min_bet is None:
            raw.min_bet = raw.big_blind = min(bb) if bb else None
            raw.small_blind = min(sb) if sb else None
        elif raw.game[0] != "F" and bb and sb and raw.min_bet and max(bb) < raw.min_bet and raw.small_blind and \
                max(sb) < raw.small_blind:  # (a file whose one description names other stakes than its games')
            raw.notes.append(f"the blinds posted ({max(sb)}/{max(bb)}) are below the description's: the posted ones used")
            raw.min_bet = raw.big_blind = max(bb)
            raw.small_blind = max(sb)

    def balances_after_forced_bets(self) -> None:
        """Some exports write each balance after the blinds and antes were taken: when a player puts
        in more than his balance, every balance gets its forced bets back (noted)."""
        raw = self.raw
        put = chips_in(raw)
        for a in raw.acts:
            if a.kind == "return":
                put[a.name] = put.get(a.name, 0) + a.amount
        if not any(put.get(s.name, 0) > s.stack for s in raw.seats):
            return
        forced: dict[str, int] = {}
        for a in raw.acts:
            if a.kind in ("post", "ante"):
                forced[a.name] = forced.get(a.name, 0) + a.amount
        for s in raw.seats:
            s.stack += forced.get(s.name, 0)
        raw.notes.append("the balances are written after the blinds and antes (a player puts in more than his "
                         "balance): each stack is the balance plus its forced bets")

    def limits(self) -> None:
        """A limit tournament's bets (its stakes name none): the big blind, or in stud the first
        completion or bet on third or fourth street (half the first bet later), or four bring-ins."""
        raw = self.raw
        bb = [a.amount for a in raw.acts if a.kind == "post" and a.extra == "bb"]
        if bb and not self.stud:
            raw.small_bet = min(bb)
        else:
            streets = 0
            first = later = None
            for a in raw.acts:
                if a.kind == "street":
                    streets += 1
                elif a.kind in ("complete", "bet") and first is None and later is None:
                    if streets <= 2:
                        first = a.amount
                    else:
                        later = a.amount
            bring = next((a.amount for a in raw.acts if a.kind == "bring_in"), None)
            if first is None and later is not None:
                first = later // 2
            if first is None:
                if bring is None:
                    raise raw.fail("a limit hand without stakes, blinds, bets or bring-in: its limits are unknown",
                                   self.start)
                first = 4 * bring
                raw.notes.append("the small bet is not in the record: taken as four bring-ins")
            raw.small_bet = first
        raw.big_bet = 2 * raw.small_bet
        if self.stud:
            raw.bring_in = next((a.amount for a in raw.acts if a.kind == "bring_in"), None) or max(1, raw.small_bet // 4)

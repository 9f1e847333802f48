"""Everest Poker XML hand histories (2010-2012).

Read from the layout of the room's files: a ``<SESSION tableName= type="ring|tournament" money="$"
game="hold-em|omaha-hi" gametype="no-limit|pot-limit|fixed-limit"/>`` line, then one ``<HAND id=
time=(Unix seconds) blinds="$0.50/$1" stakes="$0.50/$1">`` per hand holding ``<SEAT position= name=
balance=>`` (amounts are whole cents, or chips), ``<DEALER position=>``, ``<BLIND position= amount=
penalty=>`` (``<XBLIND>``: a blind not posted, the player sits out), ``<ANTE>``, one ``<HOLE position=>`` per card dealt (``--`` face down), ``<FOLD>``,
``<BET position= amount=>`` (the chips added: a call, bet or raise by the street's bets),
``<COMMUNITY>`` (the cards dealt; five at once after an all-in), ``<PUSH position= amount=>`` (a bet
nobody called, returned), ``<SWEEP rake= tax=>POT</SWEEP>`` (a pot gathered, with its rake),
``<SHOW position=>Ah, Kd</SHOW>``, ``<XSHOW>`` (a hand not shown) and ``<WIN position= amount=>``.

The room writes no total pot: the hand is judged by its replay against the ``WIN`` amounts; the
rake is the ``SWEEP`` elements' ``rake`` and ``tax``.
"""
from __future__ import annotations

import datetime as _dt
import re
import xml.etree.ElementTree as ET

from ._model import RawHand, Seat, amount, cards, number
from ._model import card_text as card_list
from ._settle import chips_in, defer_extra_blinds
from ._xml import XMLRefused, parse_xml

__all__ = ["looks_like", "parse_hand", "split"]

_GAMES = {"hold-em": "T", "omaha-hi": "O", "omaha-hi-lo": "O/8"}
_LIMITS = {"no-limit": "N", "pot-limit": "P", "fixed-limit": "F"}
_SESSION = re.compile(r"<SESSION\b[^<>]*/>")
_HAND = re.compile(r"<HAND\b")


def looks_like(text: str) -> bool:
    """True when ``text`` starts with Everest's ``<SESSION`` line."""
    return text.lstrip("\ufeff").lstrip().startswith("<SESSION ")


def split(text: str) -> list[tuple[int, list[str]]]:
    """One entry per ``<HAND>``: (its line, [the session line before it, the hand's XML])."""
    t = text.lstrip("\ufeff")
    out: list[tuple[int, list[str]]] = []
    session, line, counted, pos = "<SESSION/>", 1, 0, 0
    while True:
        m = _HAND.search(t, pos)
        if m is None:
            break
        for s in _SESSION.finditer(t, pos, m.start()):
            session = s.group(0)
        line += t.count("\n", counted, m.start())
        counted = m.start()
        end = t.find("</HAND>", m.end())
        stop = len(t) if end < 0 else end + len("</HAND>")
        out.append((line, [session, t[m.start():stop]]))
        pos = stop
    return out


def _int(raw: RawHand, text: str | None, what: str, line: int) -> int:
    return number(re.sub(r"[\s,]", "", text or "0"), what, raw, line)


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One ``<HAND>`` (with its session line) into a RawHand.

    Raises:
        HandParseError: XML that does not parse or declares entities, a cut hand, a game pyeval
            does not play, or an element the layout does not explain.
    """
    raw = RawHand(venue="Everest Poker", source=source, line=start)
    if "</HAND>" not in lines[1]:
        raise raw.fail("the file ends mid-hand (a cut file): the hand is not complete", start)
    try:
        session, hand = parse_xml(lines[0]), parse_xml(lines[1])
    except XMLRefused as exc:
        raise raw.fail(exc.reason, start + max(exc.line - 1, 0)) from None
    _header(raw, session, hand, start)
    _Play(raw, start).run(hand)
    return raw


def _header(raw: RawHand, session: ET.Element, hand: ET.Element, start: int) -> None:
    stem = _GAMES.get(session.get("game") or "")
    lim = _LIMITS.get(session.get("gametype") or "")
    if stem is None or lim is None:
        raise raw.fail(f"game not supported: {session.get('game')!r} {session.get('gametype')!r} is not one the "
                       "Everest reader knows", start)
    raw.game = lim + stem
    raw.hand_id, raw.table = hand.get("id"), session.get("tableName")
    if session.get("type") == "tournament":
        raw.tournament = session.get("id") or "?"
    else:
        raw.scale = 100
        raw.currency_symbol = session.get("money") or None
        raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(raw.currency_symbol or "", "USD")
    for attr in ("blinds", "stakes"):
        parts = [_stake(raw, p, start) for p in (hand.get(attr) or "").split("/")]
        if len(parts) == 2 and attr == "blinds":
            raw.small_blind, raw.big_blind = parts
            raw.min_bet = parts[1]
        elif len(parts) == 2 and lim == "F":
            raw.small_bet, raw.big_bet = parts
    t = hand.get("time") or ""
    if t.isdigit() and len(t) <= 11:
        raw.time = _dt.datetime.fromtimestamp(int(t), _dt.UTC).replace(tzinfo=None)
        raw.time_zone_abbreviation = "UTC"


def _stake(raw: RawHand, text: str, start: int) -> int:
    """``$0.50``, ``0,01 €``, ``1 750`` as whole cents (cash) or chips."""
    t = re.sub(r"[^\d.,]", "", text)
    t = re.sub(r",(?=\d\d$)", ".", t).replace(",", "")
    return amount(t or "0", raw.scale, raw, start)


class _Play:
    """The elements of one hand, in order, as the RawHand's acts."""

    def __init__(self, raw: RawHand, start: int) -> None:
        self.raw, self.start = raw, start
        self.names: dict[str, str] = {}
        self.cur: dict[str, int] = {}
        self.board: list[int] = []
        self.dealt = False
        self.rake = 0
        self.held: set[str] = set()

    def who(self, el: ET.Element) -> str:
        p = el.get("position") or ""
        if p not in self.names:
            raise self.raw.fail(f"a {el.tag} for position {p!r}, where nobody sits", self.start)
        return self.names[p]

    def run(self, hand: ET.Element) -> None:
        handlers = {"SEAT": self.seat, "DEALER": self.dealer, "XBLIND": self.no_blind, "BLIND": self.blind,
                    "ANTE": self.ante, "HOLE": self.hole, "FOLD": self.action, "BET": self.action, "CHECK": self.action,
                    "COMMUNITY": self.community, "PUSH": self.push, "SWEEP": self.sweep, "SHOW": self.show,
                    "WIN": self.win, "XSHOW": self.skip, "CHAT": self.skip, "PRIZE": self.skip}
        for el in hand:
            handler = handlers.get(el.tag)
            if handler is None:
                raise self.raw.fail(f"unknown element <{el.tag}>", self.start)
            handler(el)
        self.settle()

    def skip(self, el: ET.Element) -> None:
        """An element that carries no chips (chat, a hand not shown, a tournament prize)."""

    def seat(self, el: ET.Element) -> None:
        raw, start = self.raw, self.start
        nm = el.get("name") or ""
        self.names[el.get("position") or ""] = nm
        raw.seats.append(Seat(_int(raw, el.get("position"), "a position", start) + 1, nm,
                              _int(raw, el.get("balance"), "a balance", start), start))

    def dealer(self, el: ET.Element) -> None:
        self.raw.button_seat = _int(self.raw, el.get("position"), "the dealer position", self.start) + 1

    def no_blind(self, el: ET.Element) -> None:  # a blind not posted: the player sits this hand out
        self.raw.info.append(f"{self.start}: position {el.get('position')} posts no blind (sits out)")

    def ante(self, el: ET.Element) -> None:
        self.raw.add("ante", self.who(el), _int(self.raw, el.get("amount"), "an ante", self.start), line=self.start)

    def hole(self, el: ET.Element) -> None:
        c = (el.text or "").strip()
        nm = self.who(el)
        self.held.add(nm)
        self.raw.hole.setdefault(nm, []).extend([] if c in ("--", "") else cards(c, self.raw, self.start))

    def push(self, el: ET.Element) -> None:
        self.raw.add("return", self.who(el), _int(self.raw, el.get("amount"), "a return", self.start), line=self.start)

    def sweep(self, el: ET.Element) -> None:
        raw = self.raw
        self.rake += _int(raw, el.get("rake"), "the rake", self.start) + _int(raw, el.get("tax"), "the tax", self.start)

    def show(self, el: ET.Element) -> None:
        raw = self.raw
        cs = cards(el.text or "", raw, self.start)
        nm = self.who(el)
        if not any(a.kind == "show" and a.name == nm for a in raw.acts):
            raw.hole[nm] = list(cs)
            raw.add("show", nm, cards=cs, line=self.start)

    def win(self, el: ET.Element) -> None:
        self.raw.add("collect", self.who(el), _int(self.raw, el.get("amount"), "a win", self.start), line=self.start)

    def blind(self, el: ET.Element) -> None:
        raw = self.raw
        nm = self.who(el)
        a = _int(raw, el.get("amount"), "a blind", self.start)
        posts = sum(1 for x in raw.acts if x.kind == "post")
        raw.add("post", nm, a, line=self.start, extra="sb" if posts == 0 and el.get("penalty") != "1" else "bb")
        self.cur[nm] = self.cur.get(nm, 0) + a

    def action(self, el: ET.Element) -> None:
        raw = self.raw
        nm = self.who(el)
        if not self.dealt:
            raw.add("street", line=self.start, extra="HOLE CARDS")
            self.dealt = True
        if el.tag == "FOLD":
            raw.add("fold", nm, line=self.start)
            return
        a = _int(raw, el.get("amount"), "a bet", self.start)
        mine, top = self.cur.get(nm, 0), max(self.cur.values(), default=0)
        if el.tag == "CHECK" or a == 0:
            raw.add("check", nm, line=self.start)
            return
        to = mine + a
        if to <= top:
            raw.add("call", nm, a, line=self.start)
        else:
            raw.add("raise" if top else "bet", nm, to, line=self.start)
        self.cur[nm] = to

    def community(self, el: ET.Element) -> None:
        raw = self.raw
        new = list(cards(el.text or "", raw, self.start))
        if not self.dealt:
            raw.add("street", line=self.start, extra="HOLE CARDS")
            self.dealt = True
        while new:  # the flop, turn and river; all five at once after an all-in
            have = len(self.board)
            if have not in (0, 3, 4):
                raise raw.fail(f"more board cards than hold'em deals: {card_list(self.board + new)}", self.start)
            size, label = (3, "FLOP") if have == 0 else (1, "TURN") if have == 3 else (1, "RIVER")
            part, new = new[:size], new[size:]
            self.board += part
            raw.add("street", cards=tuple(part), line=self.start, extra=label)
            self.cur = {}

    def new_level(self) -> None:
        """A fixed-limit tournament hand whose big blind (or twice its small blind) is above the small
        bet its ``stakes`` give was dealt at the next level (the header keeps the last one's): that big
        blind is the small bet, the big bet twice it, noted."""
        raw = self.raw
        posts = {a.extra: a.amount for a in reversed(raw.acts) if a.kind == "post" and a.extra in ("sb", "bb")}
        bb = max(posts.get("bb", 0), 2 * posts.get("sb", 0))  # (a blind all in for less tells nothing)
        if raw.game[:1] != "F" or raw.tournament is None or not raw.small_bet or bb <= 100 * raw.small_bet:
            return  # (the header's tournament stakes are in chips, the amounts in hundredths of a chip)
        raw.notes.append(f"the big blind posted ({bb}) is above the header's small bet ({100 * raw.small_bet}): a new level, "
                         f"its bets {bb}/{2 * bb}")
        raw.small_bet, raw.big_bet = bb, 2 * bb
        raw.small_blind, raw.big_blind = bb // 2, bb
        raw.min_bet = bb

    def settle(self) -> None:
        raw = self.raw
        if raw.hole or any(a.kind == "street" for a in raw.acts):
            held = set(self.held)  # a seat dealt no HOLE element sat out
            raw.sitting_out = [x.name for x in raw.seats if x.name not in held]
            raw.seats = [x for x in raw.seats if x.name in held]
        tail = [a for a in raw.acts if a.kind in ("collect", "show")]
        raw.acts = [a for a in raw.acts if a.kind not in ("collect", "show")] + tail
        self.new_level()
        defer_extra_blinds(raw)
        raw.rake = self.rake
        raw.total_pot = sum(chips_in(raw).values())
        won = sum(a.amount for a in raw.acts if a.kind == "collect")
        if raw.total_pot != won + self.rake:
            raw.notes.append(f"the pot built by the actions is {raw.total_pot}, the wins and the rake {won + self.rake}")

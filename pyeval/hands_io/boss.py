"""Boss Media (the Boss network and its skins, Espacejeux, 2005-2017) XML hand histories, an XML
grammar of their own read through the safe parser (:mod:`pyeval.hands_io._xml`; issue 22, decision 038).

Layout (read from the network's exports)::

    <ROOT>
    <HISTORY ID="2274477045" TABLE="Table 50BB TH 210" GAME="GAME_THM" GAMEKIND="GAMEKIND_CASH"
             TABLECURRENCY="USD" LIMIT="NL" STAKES="0.05/0.10" DATE="1280219334" TABLETOURNEYID="">
    <PLAYER NAME="Hero" SEAT="4" AMOUNT="7.95" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
    <ACTION TYPE="HAND_BLINDS" PLAYER="Hero" KIND="HAND_BB" VALUE="0.10"></ACTION>   (HAND_SB, HAND_BB,
                      HAND_AB: a big blind with a dead small blind, HAND_DSB: a dead small blind)
    <ACTION TYPE="HAND_ANTE" PLAYER="Hero" VALUE="75.00"></ACTION>
    <ACTION TYPE="HAND_DEAL" PLAYER="Hero"><CARD LINK="34"></CARD><CARD LINK="b"></CARD></ACTION>
    <ACTION TYPE="ACTION_RAISE" PLAYER="Hero" VALUE="0.35"></ACTION>  (BET, RAISE, CALL, ALLIN: the
                      street total, but a 2013 CALL may be the chips it adds; FOLD, CHECK)
    <ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT="0.20"><CARD LINK="36"></CARD>...</ACTION>
    <SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.57" RAKE="0.03">
    <RESULT PLAYER="Villain" WIN="0.57" HAND="$(STR_BY_DEFAULT)"><CARD LINK="8"></CARD>...</RESULT>
    </SHOWDOWN></HISTORY>

A card ``LINK`` is ``13 * suit + rank`` with rank 0 the ace, 1 the deuce ... 12 the king (``b``: a
card not shown). Which suit letter each of the four suits is the record does not say: pyeval writes
them ``c d h s`` in that order (the hand ranks, flushes included, are the same under any naming). The
board action lists the whole board so far. The showdown's ``POT`` is after the rake; the pot is
``POT + RAKE``, the bet nobody called left out (its return is not written: derived). The button is
the ``DEALER="Y"`` seat, else the seat before the (first) small blind's or, with none, the (first) big
blind's; a dealer who posts the small blind with three or more dealt in (the heads-up blinds kept as a
player comes in) is not where the betting order puts the button: the seat before the small blind's.
A seat dealt in with ``AMOUNT="0.00"`` that then puts chips in is a record whose figures do not add up. Games read: hold'em, Omaha (high,
hi-lo; ``GAME_OMATU``, 2009, is dealt and shown as Omaha) and five-card draw (``GAME_FCD``)::

    <ACTION TYPE="HAND_BOARD" POT="8.00" ...></ACTION>             (no cards: the draw begins)
    <ACTION TYPE="CHANGECARD" PLAYER="Hero" COUNT="3"><CARD LINK="0"></CARD>...</ACTION>

``CHANGECARD`` gives how many cards a player changes (0: he stands pat) and his five cards after
the draw, in the places of the cards they replace (``b``: not shown): the cards gone from his hand
are his discards, the new ones what he drew. Any other game is refused per hand.
"""
from __future__ import annotations

import datetime as _dt
import re
import xml.etree.ElementTree as ET

from ._limits import MAX_CHIPS
from ._model import (
    FIGURES_DO_NOT_ADD_UP,
    MAX_SEAT,
    RawHand,
    Seat,
    amount,
    cards,
    number,
)
from ._repairs import board_sizes
from ._settle import chips_in, return_implicit
from ._xml import XMLRefused, parse_xml

__all__ = ["looks_like", "split", "parse_hand"]

#: ``GAME_OMATU``: an Omaha table of 2009 (four hole cards, hands of two of them and three of the board)
_GAMES = {"GAME_THM": "T", "GAME_OMA": "O", "GAME_OMATU": "O", "GAME_OMAHL": "O/8", "GAME_FCD": "5D"}
_LIMITS = {"NL": "N", "PL": "P", "FL": "F"}
_STREETS = {3: "FLOP", 4: "TURN", 5: "RIVER"}
_RANKS = "A23456789TJQK"


def looks_like(text: str) -> bool:
    """True when the file's first hand is a Boss ``<HISTORY ID=".." ... GAMEKIND="GAMEKIND_..">``."""
    head = text[:4000]
    return "<HISTORY ID=" in head and 'GAMEKIND="GAMEKIND_' in head


def split(text: str) -> list[tuple[int, list[str]]]:
    """One hand per ``<HISTORY`` element: (its 1-based line, its lines up to the one closing it)."""
    out: list[tuple[int, list[str]]] = []
    cur: list[str] | None = None
    for no, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        if "<HISTORY " in line:
            cur = [line[line.index("<HISTORY "):]]
            out.append((no, cur))
        elif cur is not None:
            cur.append(line)
        if cur is not None and "</HISTORY>" in line:
            cur[-1] = cur[-1][:cur[-1].index("</HISTORY>") + len("</HISTORY>")]
            cur = None
    return out


def _card(raw: RawHand, link: str | None) -> int | None:
    """One ``LINK`` as a card (None for ``b``, a card not shown)."""
    if link == "b":
        return None
    k = number(link, "a card LINK", raw, raw.line, 0, 51)
    return cards(_RANKS[k % 13] + "cdhs"[k // 13], raw, raw.line)[0]


def _cards(raw: RawHand, el: ET.Element) -> list[int | None]:
    return [_card(raw, c.get("LINK")) for c in el.iter("CARD")]


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One ``<HISTORY>`` into a RawHand (see the module docstring). Raises HandParseError naming the
    hand's line for a record it cannot read."""
    raw = RawHand(venue="Boss", source=source, line=start)
    text = "\n".join(lines)
    if "</HISTORY>" not in text:
        raise raw.fail("the file ends mid-hand: the hand's </HISTORY> is missing")
    try:
        h = parse_xml(text)
    except XMLRefused as exc:
        raise raw.fail(f"the hand's XML is not read: {exc.reason}", start + max(exc.line - 1, 0)) from None
    _head(raw, h)
    _Hand(raw, h).read()
    gap = (raw.total_pot or 0) - sum(chips_in(raw).values())
    if gap > 0 and raw.seats and not any(a.kind == "ante" for a in raw.acts) and gap % len(raw.seats) == 0:
        # older tournament files write no ante: the pot holds one of the same size from everyone, taken
        # before the stacks the record gives (the next hand's stacks show it)
        ante = gap // len(raw.seats)
        raw = RawHand(venue="Boss", source=source, line=start)
        _head(raw, h)
        _Hand(raw, h).read(ante)
        raw.notes.append(f"antes of {ante} not written (the stacks are after them): every player's, from the pot "
                         "less the chips the actions put in")
    return raw


def _head(raw: RawHand, h: ET.Element) -> None:
    """The game, stakes, currency, date and table of the ``HISTORY`` element."""
    game, limit = h.get("GAME", ""), h.get("LIMIT", "")
    if game not in _GAMES or limit not in _LIMITS:
        raise raw.fail(f"game not supported by the Boss reader yet: {game[:30]} {limit[:10]}")
    raw.game = _LIMITS[limit] + _GAMES[game]
    raw.hand_id, raw.table = h.get("ID", "")[:40] or None, (h.get("TABLE") or "")[:80] or None
    if h.get("GAMEKIND") == "GAMEKIND_TOURNAMENT":
        raw.tournament = (h.get("TABLETOURNEYID") or "unknown")[:40]
        raw.table_rules["tournament_all_in_show"] = False  # the record lets an all-in hand go unshown
    else:
        raw.scale, raw.currency = 100, (h.get("TABLECURRENCY") or "")[:3] or None
    m = re.fullmatch(r"(\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)", h.get("STAKES", ""))
    if not m:
        raise raw.fail(f"stakes not read: {h.get('STAKES', '')[:40]!r}")
    lo, hi = amount(m[1], raw.scale, raw, raw.line), amount(m[2], raw.scale, raw, raw.line)
    if raw.game[0] == "F":
        raw.small_bet, raw.big_bet = lo, hi
    else:
        raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi
    date = h.get("DATE", "")
    if date.isdigit() and len(date) <= 10:  # seconds since 1970, UTC
        raw.time = _dt.datetime(1970, 1, 1) + _dt.timedelta(seconds=int(date))
        raw.time_zone_abbreviation = "UTC"


class _Hand:
    """The players and actions of one hand, read in document order."""

    def __init__(self, raw: RawHand, h: ET.Element) -> None:
        self.raw, self.h = raw, h
        self.board: list[int] = []
        self.cur: dict[str, int] = {}
        self.folded: set[str] = set()
        self.dealt = False
        self.draw = raw.game[1:] == "5D"
        self.hands: dict[str, list[int | None]] = {}  # (draw) each player's cards as the record last gave them

    def amt(self, el: ET.Element, key: str = "VALUE") -> int:
        return amount(el.get(key) or "0", self.raw.scale, self.raw, self.raw.line)

    def read(self, ante: int = 0) -> None:
        """The seats, then the acts (``ante``: an ante the record does not write, posted by everyone)."""
        raw = self.raw
        dealt_in = {a.get("PLAYER") for a in self.h.iter("ACTION") if a.get("TYPE") == "HAND_DEAL"}
        button = None
        for p in self.h.iter("PLAYER"):
            nm = p.get("NAME") or ""
            if not nm or p.get("STATE") == "STATE_RESERVED":
                continue
            seat = number(p.get("SEAT"), "a seat", raw, raw.line, 1, MAX_SEAT)
            if p.get("DEALER") == "Y":
                button = seat
            if nm not in dealt_in or not self.amt(p, "AMOUNT") + ante:  # no chips: dealt a hand he folds
                raw.sitting_out.append(nm)
                continue
            raw.seats.append(Seat(seat, nm, self.amt(p, "AMOUNT") + ante, raw.line))  # AMOUNT: after the ante
        if len({s.name for s in raw.seats}) != len(raw.seats):
            raise raw.fail("two seats have the same player name")
        self.left = {s.name: s.stack for s in raw.seats}
        for s in raw.seats if ante else ():
            raw.add("ante", s.name, min(ante, s.stack))
            self.left[s.name] -= min(ante, s.stack)
        for a in self.h.iter("ACTION"):
            self.action(a)
        sb = next((a.name for a in raw.acts if a.kind == "post" and a.extra == "sb"), None)
        if button is not None and len(raw.seats) > 2 and sb is not None and sb == next(
                (s.name for s in raw.seats if s.seat == button), None):
            # the dealer posts the small blind with three or more dealt in (the heads-up blinds kept as
            # a player comes in): the betting order puts the button in the seat before the small blind
            raw.notes.append(f"the dealer (seat {button}) posts the small blind: the button read as the seat "
                             "before it")
            button = None
        raw.button_seat = button if button is not None else self.button()
        self.settle()

    def button(self) -> int:
        """The seat before the small blind's (heads-up: the small blind's), else before the big blind's."""
        seats = sorted(s.seat for s in self.raw.seats)
        by_name = {s.name: s.seat for s in self.raw.seats}
        posts: dict[str, int | None] = {}
        for a in self.raw.acts:  # (the first of each kind: a second small blind is a player coming in)
            if a.kind == "post":
                posts.setdefault(a.extra, by_name.get(a.name))
        first = posts.get("sb") or posts.get("bb")
        if first is None or first not in seats:
            raise self.raw.fail("no blinds: the button cannot be placed")
        if len(seats) == 2 and posts.get("sb") == first:
            return first
        return seats[seats.index(first) - 1]

    def who(self, a: ET.Element) -> str:
        nm = a.get("PLAYER") or ""
        if nm not in {s.name for s in self.raw.seats}:
            if nm in self.raw.sitting_out and a.get("TYPE") in ("ACTION_ALLIN", "ACTION_BET", "ACTION_RAISE",
                                                                 "ACTION_CALL") and self.amt(a) > 0:
                # dealt in with AMOUNT="0.00", then puts chips in: no reading of the record's amounts lets it
                raise self.raw.fail(f"{FIGURES_DO_NOT_ADD_UP}: {nm[:40]} sits with 0 chips yet puts "
                                    f"{a.get('VALUE', '')[:20]} in")
            raise self.raw.fail(f"an action by a player not dealt in: {nm[:40]!r}")
        return nm

    def action(self, a: ET.Element) -> None:
        raw, t = self.raw, a.get("TYPE", "")
        if a.get("PLAYER") in raw.sitting_out and t in ("HAND_DEAL", "ACTION_FOLD"):
            return
        if t == "HAND_BOARD":
            self.street(a)
        elif t == "CHANGECARD":
            self.change(self.who(a), a)
        elif t == "HAND_DEAL":
            nm = self.who(a)
            cs = _cards(raw, a)
            self.hands[nm] = cs
            if cs and None not in cs:
                raw.hole[nm] = [c for c in cs if c is not None]
        elif t in ("HAND_BLINDS", "HAND_ANTE"):
            self.forced(self.who(a), a)
        elif t.startswith("ACTION_"):
            if not self.dealt:
                self.dealt = True
                raw.add("street", extra="HOLE CARDS")
            self.betting(self.who(a), t[7:], a)
        else:
            raise raw.fail(f"an action pyeval does not read: {t[:40]!r}")

    def forced(self, nm: str, a: ET.Element) -> None:
        v = min(self.amt(a), self.left[nm])
        self.left[nm] -= v
        if a.get("TYPE") == "HAND_ANTE":
            self.raw.add("ante", nm, v)
            return
        kind = {"HAND_SB": "sb", "HAND_BB": "bb", "HAND_AB": "both", "HAND_DSB": "dead"}.get(a.get("KIND", ""))
        if kind is None:
            raise self.raw.fail(f"a blind pyeval does not read: {a.get('KIND', '')[:30]!r}")
        self.raw.add("post", nm, v, extra=kind)
        if kind != "dead":
            self.cur[nm] = self.cur.get(nm, 0) + (min(v, self.raw.big_blind or v) if kind == "both" else v)

    def betting(self, nm: str, kind: str, a: ET.Element) -> None:
        raw, own, top = self.raw, self.cur.get(nm, 0), max(self.cur.values(), default=0)
        if kind == "FOLD":
            self.folded.add(nm)
            raw.add("fold", nm)
        elif kind == "CHECK":
            raw.add("check", nm)
        elif kind in ("CALL", "BET", "RAISE", "ALLIN"):
            to = min(self.amt(a), own + self.left[nm])  # the street total (an all-in: at most his stack)
            need = min(top - own, self.left[nm])
            if kind == "CALL" and own and to != own + need and self.amt(a) == need:
                to = own + need  # (2013 files) a call written as the chips it adds, not the street total
            if to <= own and kind != "CALL":
                raise raw.fail(f"{nm} {kind.lower()}s to {to} with {own} in")
            if kind == "CALL" or (kind == "ALLIN" and to <= top):
                raw.add("call", nm, max(to - own, 0))
            else:
                raw.add("raise" if top else "bet", nm, to)
            self.left[nm] -= max(to - own, 0)
            self.cur[nm] = max(to, own)
        else:
            raise raw.fail(f"an action pyeval does not read: ACTION_{kind[:30]}")

    def change(self, nm: str, a: ET.Element) -> None:
        """(Five-card draw) ``CHANGECARD``: ``COUNT`` cards changed and the hand after the draw; the
        cards that left the hand are the discards, the cards that came into it the draw."""
        raw = self.raw
        if not self.draw or not any(x.kind == "street" and x.extra == "DRAW" for x in raw.acts):
            raise raw.fail(f"{nm} changes cards outside a draw")
        n = number(a.get("COUNT"), "the number of cards changed", raw, raw.line, 0, 5)
        old, new = self.hands.get(nm, []), _cards(raw, a)
        if None in old or None in new or not new:  # (another player's cards: not shown)
            raw.add("discard", nm, n)
            return
        out = [c for c in old if c not in new]
        came = [c for c in new if c not in old]
        if len(new) != len(old) or len(out) != n or len(came) != n:
            raise raw.fail(f"{nm} changes {n} cards, but his hand before and after the draw differ by {len(out)}")
        raw.add("discard", nm, n, tuple(c for c in out if c is not None))
        if came:
            raw.add("drawn", nm, cards=tuple(c for c in came if c is not None))
        self.hands[nm] = new

    def street(self, a: ET.Element) -> None:
        """The board so far: its cards beyond the last board are the new street's (or streets', when
        the record skipped one after an all-in); in five-card draw, a board of no cards begins the draw."""
        raw = self.raw
        cs = _cards(raw, a)
        if self.draw:
            if cs or any(x.kind == "street" and x.extra == "DRAW" for x in raw.acts):
                raise raw.fail("five-card draw has one draw and no board")
            raw.add("street", extra="DRAW")
            self.cur = {}
            return
        known = [c for c in cs if c is not None]
        if len(known) != len(cs) or known[:len(self.board)] != self.board or len(known) not in _STREETS:
            raise raw.fail(f"a board of {len(cs)} cards that does not follow the board so far")
        if not self.board and raw.tournament is not None and a.get("POT"):
            self.pot_before_flop(self.amt(a, "POT"))
        for size in board_sizes(len(self.board), len(known)):
            self.board += known[len(self.board):len(self.board) + size]
            raw.add("street", cards=tuple(self.board[-size:]), extra=_STREETS[len(self.board)])
        self.cur = {}

    def pot_before_flop(self, pot: int) -> None:
        """(Tournaments: no rake) the flop's ``POT`` is the pot so far; below the chips the actions
        put in, with no bet left uncalled (the two largest shares equal), no reading of the record
        gives both: its figures do not add up."""
        put = sorted((s.stack - self.left[s.name] for s in self.raw.seats), reverse=True)
        if len(put) > 1 and put[0] == put[1] and pot < sum(put):
            raise self.raw.fail(f"{FIGURES_DO_NOT_ADD_UP}: the pot at the flop is {pot}, but the actions before it "
                                f"put {sum(put)} in, every bet called")

    def settle(self) -> None:
        """The showdown: hands shown, what each player won; the pot is ``POT + RAKE`` (the bet nobody
        called, which the record does not return, left out)."""
        raw = self.raw
        sd = self.h.find("SHOWDOWN")
        if sd is None:
            raise raw.fail("the hand has no SHOWDOWN: no result to check")
        return_implicit(raw, False)
        raw.rake = self.amt(sd, "RAKE")
        raw.total_pot = self.amt(sd, "POT") + raw.rake
        for r in sd.iter("RESULT"):
            nm = r.get("PLAYER") or ""
            if nm not in {s.name for s in raw.seats}:
                continue
            cs = _cards(raw, r)
            if cs and None not in cs and nm not in self.folded:
                raw.add("show", nm, cards=tuple(c for c in cs if c is not None))
            win = self.amt(r, "WIN")
            if win:
                raw.add("collect", nm, win)
        if raw.total_pot > MAX_CHIPS:
            raise raw.fail("the total pot exceeds pyeval's chip limit")

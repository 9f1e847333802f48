"""The Big Game (PokerStars' 2009 TV cash game): the hand files of its web replayer, a grammar of its
own (issue 22, decisions 033 and 038).

A file holds ``URL: ...`` lines and, one per line, ``LoadHand({Hand:{Title:"d1h1",NumberOfSeats:6,
BigBlind:400,SmallBlind:200,Ante:600,Dealer:4,Players:[{Name:..,Seat:..,Stack:..,Cards:["da","dj"]},
...]},Plays:[{Seat:1,Action:"Calls"},{Seat:0,Action:"Deal",value:["sq","d2","s3"]},...]})``: a
JavaScript object (keys unquoted), cards suit first. The record leaves the forced bets implicit: the
dealer posts the ``Ante`` alone (a button ante), the next two players the blinds (empty seats
skipped) unless the first play is by the second player after the dealer: then the first posts the big
blind alone. ``Straddles`` is a straddle. ``Calls`` and ``All-In`` carry no amount (taken from the
betting); ``Bets`` and ``Raises To`` are the street total; ``Takes Back`` is an uncalled bet's return;
``Wins`` is what a player collected, counting the uncalled chips when no ``Takes Back`` was written
(they go back to the bettor). The board cards dealt when no betting is left (one player or none with
chips behind) come in any grouping: they are the board's missing cards once, or ``k`` times when the
board is run ``k`` times (PHH ``_boards``; each run's ``Wins`` are added up per player). Cards the
show dealt after the hand was won (``Deal`` after ``Wins``) are kept as information. No rake: when
the ``Wins`` are not the pot the plays make, the room's figures do not add up: the hand is read with
them and its ``_total_pot`` is that pot, so the check reports it. Everyone's cards are known.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ._limits import MAX_CHIPS, check_text
from ._model import RawHand, Seat, cards

__all__ = ["looks_like", "split", "parse_hand"]

_HAND = re.compile(r"^\s*LoadHand\(\s*(?P<obj>\{.*\})\s*\);?\s*$")
_KEY = re.compile(r"([{,]\s*)([A-Za-z_]\w*)\s*:")
_STREETS = ("FLOP", "TURN", "RIVER")


def looks_like(text: str) -> bool:
    """True when the first line is a ``URL:`` of the Big Game's site or a ``LoadHand({`` line."""
    first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0]
    return first.startswith("LoadHand(") or bool(re.match(r"URL: https?://thebiggame\.pokerstars\.net/", first))


def split(text: str) -> list[tuple[int, list[str]]]:
    """One hand per ``LoadHand(`` line: (its 1-based line, [the line])."""
    return [(no, [ln]) for no, ln in enumerate(text.lstrip("\ufeff").splitlines(), 1) if ln.lstrip().startswith("LoadHand(")]


def _load(raw: RawHand, line: str) -> dict[str, Any]:
    m = _HAND.match(line)
    if not m:
        raise raw.fail("not a `LoadHand({...})` line")
    try:
        obj = json.loads(_KEY.sub(r'\1"\2":', m["obj"]))
    except (ValueError, RecursionError):
        raise raw.fail("the hand's object is not readable (a JavaScript object with plain keys)") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("Hand"), dict) or not isinstance(obj.get("Plays"), list):
        raise raw.fail("the hand's object has no Hand or Plays")
    return obj


def _int(raw: RawHand, v: Any, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_CHIPS:
        raise raw.fail(f"{what} is not a chip count: {str(v)[:40]!r}")
    return v


def _cards(raw: RawHand, v: Any) -> tuple[int, ...]:
    if not isinstance(v, list) or not all(isinstance(c, str) and len(c) == 2 for c in v):
        raise raw.fail(f"bad cards {str(v)[:40]!r}")
    return cards(" ".join(c[1].upper() + c[0] for c in v), raw, raw.line)


class _Bets:
    """Chips put in per player, on this street and in all, and chips left."""

    def __init__(self, raw: RawHand, seats: list[Seat]) -> None:
        self.raw = raw
        self.left = {s.name: s.stack for s in seats}
        self.put = {s.name: 0 for s in seats}
        self.cur: dict[str, int] = {}
        self.folded: set[str] = set()
        self.dead = {s.name: 0 for s in seats}  # antes: in the pot, never returned
        self.capped: dict[str, int] = {}  # all in for more than anyone can call: the rest he keeps

    def chips(self, nm: str, a: int) -> None:
        a = min(a, self.left[nm])  # a forced bet larger than the stack is posted all in
        self.left[nm] -= a
        self.put[nm] += a
        self.cur[nm] = self.cur.get(nm, 0) + a

    def to(self, nm: str, total: int, allin: bool = False) -> None:
        own, top = self.cur.get(nm, 0), max(self.cur.values(), default=0)
        if total <= own or total - own > self.left[nm]:
            raise self.raw.fail(f"{nm} bets to {total} with {own} in and {self.left[nm]} left")
        self.chips(nm, total - own)
        if allin and total <= top:
            self.raw.add("call", nm, total - own)
        else:
            self.raw.add("raise" if top else "bet", nm, total)


def _players(raw: RawHand, obj: dict[str, Any]) -> None:
    """The players dealt in (seats, stacks, cards); empty seats skipped, players sitting out listed."""
    h, start = obj["Hand"], raw.line
    players = h.get("Players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise raw.fail("no Players")
    acting = {q.get("Seat") for q in obj["Plays"] if isinstance(q, dict)}
    for p in players:
        nm = p.get("Name")
        if nm == "" and not p.get("Stack") and not p.get("Cards"):
            continue  # an empty seat
        if not p.get("Cards") and p.get("Seat") not in acting and isinstance(nm, str):
            raw.sitting_out.append(nm)  # no cards and no play: not dealt in
            continue
        if not isinstance(nm, str) or not nm.strip():
            raise raw.fail("a player without a name")
        raw.seats.append(Seat(_int(raw, p.get("Seat"), "Seat"), nm, _int(raw, p.get("Stack"), "Stack"), start))
        if p.get("Cards"):
            raw.hole[nm] = list(_cards(raw, p["Cards"]))


def _blinds(order: list[Seat], plays: list[Any], sb: int, bb: int) -> list[tuple[Seat, int, str]]:
    """The blinds the record leaves implicit: heads-up the dealer posts the small blind; else the
    two players after the dealer, unless the first play (a straddle or the first to act) is the
    second player after the dealer's: then the first posts the big blind alone (no small blind)."""
    if len(order) == 2:
        return [(order[-1], sb, "sb"), (order[0], bb, "bb")]
    first = next((q.get("Seat") for q in plays if isinstance(q, dict) and q.get("Action") != "Deal"), None)
    if first == order[1].seat:
        return [(order[0], bb, "bb")]
    return [(order[0], sb, "sb"), (order[1], bb, "bb")]


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One ``LoadHand`` line into a RawHand (see the module docstring). Raises HandParseError naming
    the line for a record it cannot read or that does not add up."""
    raw = RawHand(venue="TheBigGame", source=source, line=start, game="NT", scale=1)
    check_text(lines, start, raw.fail)
    obj = _load(raw, lines[0])
    h = obj["Hand"]
    raw.hand_id = str(h.get("Title", ""))[:40] or None
    raw.small_blind, raw.big_blind = _int(raw, h.get("SmallBlind"), "SmallBlind"), _int(raw, h.get("BigBlind"), "BigBlind")
    raw.min_bet = raw.big_blind  # a straddle does not raise the smallest bet after the flop
    ante = _int(raw, h.get("Ante", 0), "Ante")
    raw.button_seat = _int(raw, h.get("Dealer"), "Dealer")
    raw.seat_count = _int(raw, h.get("NumberOfSeats"), "NumberOfSeats")
    _players(raw, obj)
    plays = obj["Plays"]
    seats = sorted(raw.seats, key=lambda s: s.seat)
    by_seat = {s.seat: s.name for s in seats}
    if len(by_seat) != len(seats) or raw.button_seat not in by_seat or len(seats) < 2:
        raise raw.fail("the seats or the dealer's seat are not a table")
    k = [s.seat for s in seats].index(raw.button_seat)
    order = seats[k + 1:] + seats[:k + 1]  # first seat after the dealer ... the dealer
    blinds = _blinds(order, plays, raw.small_blind, raw.big_blind)
    plays = _straddle_first(plays)
    bets = _Bets(raw, seats)
    if ante:
        dealer = order[-1].name
        a = min(ante, bets.left[dealer])
        bets.chips(dealer, a)
        bets.cur[dealer] -= a
        bets.dead[dealer] += a
        raw.add("ante", dealer, a)
    for s, amt, kind in blinds:
        bets.chips(s.name, amt)
        raw.add("post", s.name, min(amt, s.stack), extra=kind)
    turns = _Turns(raw, [s.name for s in order], bets)
    turns.start(blinds[-1][0].name)
    _plays(raw, plays, by_seat, bets, turns)
    return raw


def _straddle_first(plays: list[Any]) -> list[Any]:
    """The plays with a ``Straddles`` that only folds precede put first: the straddle is a forced bet
    placed before the cards, which the replayer logs when the straddler's turn comes (a straddle on
    the button after the first players folded); the folds before it were made out of turn."""
    for k, q in enumerate(plays):
        if not isinstance(q, dict) or q.get("Action") != "Folds":
            if k and isinstance(q, dict) and q.get("Action") == "Straddles":
                return [q, *plays[:k], *plays[k + 1:]]
            break
    return plays


class _Turns:
    """Whose turn it is, in the order the replay plays (58 Pa. Code § 637a.11(g)): preflop from the
    left of the last forced bet (a straddle's too), later from the left of the dealer, round by round
    until every live player with chips has acted and matched. The replayer's log is not always in
    that order: a fold logged before the player's turn is binding and taken at his turn (``pending``);
    a call logged before it stands if, at his turn, he owes what he owed then, and is void if the
    action changed before his turn (a raise: his play at his turn is the one that counts; ``calls``);
    a play the log skips is read as the only one that puts no chips in and lets the log go on
    (:meth:`catch_up`)."""

    def __init__(self, raw: RawHand, seq: list[str], bets: _Bets) -> None:
        self.raw, self.seq, self.bets = raw, seq, bets  # seq: the seats from the dealer's left, dealer last
        self.pending: list[str] = []
        self.calls: dict[str, int] = {}  # calls out of turn: what the caller owed then
        self.call: Callable[[str], None] = lambda nm: None  # makes a call (set by the plays' reader)
        self.pos, self.need = 0, set(seq)

    def start(self, last: str) -> None:
        """A betting round whose first turn is left of ``last``."""
        self.pos = self.seq.index(last)
        self.need = {n for n in self.seq if n not in self.bets.folded}

    def owes(self, n: str) -> int:
        return max(self.bets.cur.values(), default=0) - self.bets.cur.get(n, 0)

    def turn(self) -> str | None:
        """The player to act, or None when the betting round (or the hand) is over."""
        bets, k = self.bets, len(self.seq)
        live = [n for n in self.seq if n not in bets.folded]
        able = [n for n in live if bets.left[n] > 0]
        nxt = (self.seq[(self.pos + i) % k] for i in range(1, k + 1))
        t = next((n for n in nxt if n in self.need and n in able), None)
        if len(live) < 2 or t is None or (len(able) == 1 and self.owes(t) <= 0):
            return None
        return t

    def acted(self, nm: str, raised: bool) -> None:
        self.pos = self.seq.index(nm)
        if raised:
            self.need = {n for n in self.seq if n != nm and n not in self.bets.folded}
        else:
            self.need.discard(nm)

    def catch_up(self, nm: str | None, infer: bool = True, end: bool = False) -> None:
        """Takes the turns before ``nm``'s (None: up to the round's close): a pending fold is made;
        with ``infer``, a skipped player who owes nothing checks (the log goes on to the next play
        or card, so no chip went in) and, at the hand's end (``end``: the record writes its wins),
        one who owes a bet folds (the pot went to the others without his chips). Noted."""
        while (t := self.turn()) is not None and t != nm:
            if t in self.pending:
                self.pending.remove(t)
                self.fold(t)
            elif t in self.calls:
                if self.calls.pop(t) != self.owes(t):
                    self.raw.notes.append(f"{t}'s call out of turn is void: the action changed before his turn")
                    return
                self.call(t)
            elif not infer or (self.owes(t) > 0 and not end):
                return
            else:
                self.raw.notes.append(f"{t}'s play the record skips is read as a {'fold' if self.owes(t) > 0 else 'check'}")
                if self.owes(t) > 0:
                    self.fold(t)
                else:
                    self.raw.add("check", t)
                    self.acted(t, False)

    def close(self, end: bool = False) -> None:
        """The round's close (before a card or the wins): the skipped turns taken, and a fold still
        pending made where the record has it (out of turn: the replay reports it)."""
        self.catch_up(None, end=end)
        while self.pending:
            self.fold(self.pending.pop(0))
        for nm in list(self.calls):
            del self.calls[nm]
            self.call(nm)

    def fold(self, t: str) -> None:
        self.bets.folded.add(t)
        self.raw.add("fold", t)
        self.acted(t, False)


class _Plays:
    """The plays of one hand read in order (deals, forced straddles, betting, returns and wins)."""

    def __init__(self, raw: RawHand, by_seat: dict[int, str], bets: _Bets, turns: _Turns) -> None:
        self.raw, self.by_seat, self.bets, self.turns = raw, by_seat, bets, turns
        turns.call = lambda nm: self.made(nm, "Calls", None)
        self.dealt = self.won = False
        self.boards = 0
        self.board: list[int] = []
        self.rest: list[int] = []  # board cards dealt after the betting (one run or more)
        self.wins: dict[str, int] = {}
        self.back: dict[str, int] = {}

    def deal(self, v: Any) -> None:
        raw = self.raw
        if self.won:
            raw.info.append(f"{raw.line}: cards shown after the hand was won: {v}")
            return
        if self.dealt:
            self.turns.close()
        if self.dealt and self.runout():  # no betting is left: the rest of the board, run once or more
            self.rest.extend(_cards(raw, v))
            return
        if self.boards >= 3:
            raise raw.fail("a board card after the river while players could still bet")
        self.bets.cur = {}
        self.board.extend(c := _cards(raw, v))
        self.boards += 1
        raw.add("street", cards=c, extra=_STREETS[self.boards - 1])
        self.turns.start(self.turns.seq[-1])

    def runout(self) -> bool:
        """True when at most one player in the hand has chips behind and none owes a call."""
        bets = self.bets
        live = [n for n in bets.left if n not in bets.folded]
        top = max(bets.cur.values(), default=0)
        return len(live) > 1 and sum(bets.left[n] > 0 for n in live) <= 1 and all(
            bets.cur.get(n, 0) >= top or bets.left[n] == 0 for n in live)

    def runs(self) -> None:
        """The board cards dealt with no betting left, in order: the board's remaining cards once
        (``k = 1``) or ``k`` times (the board run ``k`` times: PHH ``_boards``); run 1's streets
        are dealt as streets."""
        raw, rest = self.raw, self.rest
        need = 5 - len(self.board)
        if not rest:
            return
        if need <= 0 or len(rest) % need:
            raise raw.fail(f"{len(rest)} board card(s) dealt after the betting are not whole runs of the "
                           f"{need} card(s) the board lacks")
        at = 0
        for name in _STREETS[self.boards:]:
            size = 3 if name == "FLOP" else 1
            raw.add("street", cards=tuple(rest[at:at + size]), extra=name)
            at += size
        if len(rest) > need:
            raw.boards = [tuple(self.board) + tuple(rest[i:i + need]) for i in range(0, len(rest), need)]

    def play(self, p: Any) -> None:
        raw, bets = self.raw, self.bets
        if not isinstance(p, dict):
            raise raw.fail("a play that is not an object")
        act, v = p.get("Action"), p.get("value")
        if act == "Deal":
            self.deal(v)
            return
        nm = self.by_seat.get(p.get("Seat"))  # type: ignore[arg-type]
        if nm is None:
            raise raw.fail(f"a play by an empty seat: {str(p)[:60]!r}")
        if act == "Straddles" and not self.dealt:
            a = _int(raw, v, "a straddle")
            bets.chips(nm, a)
            raw.add("post", nm, a, extra="straddle")
            self.turns.start(nm)
        elif act == "Wins":
            if not self.won:
                self.turns.close(end=True)
            self.won = True
            self.wins[nm] = self.wins.get(nm, 0) + _int(raw, v, "a win")
        elif act == "Takes Back":
            self.back[nm] = self.back.get(nm, 0) + _int(raw, v, "a return")
        else:
            if not self.dealt:
                self.dealt = True
                raw.add("street", extra="HOLE CARDS")
            self.betting(nm, act, v)

    def betting(self, nm: str, act: Any, v: Any) -> None:
        turns = self.turns
        turns.catch_up(nm, infer=act != "Folds")
        if nm in turns.calls:  # his call out of turn was void (the action changed): this play counts
            if turns.calls.pop(nm) != turns.owes(nm):
                self.raw.notes.append(f"{nm}'s call out of turn is void: the action changed before his turn")
        elif act in ("Folds", "Calls") and nm not in self.bets.folded and turns.turn() not in (None, nm):
            if act == "Folds":
                turns.pending.append(nm)  # a fold out of turn: binding, made when his turn comes
            else:
                turns.calls[nm] = turns.owes(nm)
            return
        self.made(nm, act, v)

    def made(self, nm: str, act: Any, v: Any) -> None:
        """``nm``'s play made at his turn."""
        top = max(self.bets.cur.values(), default=0)
        self.act(nm, act, v)
        self.turns.acted(nm, max(self.bets.cur.values(), default=0) > top)

    def act(self, nm: str, act: Any, v: Any) -> None:
        raw, bets = self.raw, self.bets
        own, top = bets.cur.get(nm, 0), max(bets.cur.values(), default=0)
        if act == "Folds":
            bets.folded.add(nm)
            raw.add("fold", nm)
        elif act == "Checks":
            raw.add("check", nm)
        elif act == "Calls":
            owe = min(top - own, bets.left[nm])
            if owe <= 0:
                raise raw.fail(f"{nm} calls but owes nothing")
            bets.chips(nm, owe)
            raw.add("call", nm, owe)
        elif act in ("Bets", "Raises To", "Straddles"):  # a straddle after the first action: a raise
            bets.to(nm, _int(raw, v, "a bet"))
        elif act == "All-In":
            self.all_in(nm, own, top)
        else:
            raise raw.fail(f"an action pyeval does not read: {str(act)[:40]!r}")

    def all_in(self, nm: str, own: int, top: int) -> None:
        bets = self.bets
        others = [n for n in bets.left if n != nm and n not in bets.folded]
        if own + bets.left[nm] > top and others and all(bets.left[n] == 0 for n in others):
            bets.capped[nm] = own + bets.left[nm] - top  # nobody can call more: the rest stays his
            bets.chips(nm, top - own)
            self.raw.add("call", nm, top - own)
        else:
            bets.to(nm, own + bets.left[nm], allin=True)


def _plays(raw: RawHand, plays: list[Any], by_seat: dict[int, str], bets: _Bets, turns: _Turns) -> None:
    reader = _Plays(raw, by_seat, bets, turns)
    for p in plays:
        reader.play(p)
    reader.runs()
    _unshown_duplicates(raw, bets, reader.board + reader.rest)
    _settle(raw, bets, reader.wins, reader.back)


def _unshown_duplicates(raw: RawHand, bets: _Bets, board: list[int]) -> None:
    """A card the record deals twice (the show's camera read a hand wrongly) is taken out of the
    hole cards of every player holding it who never shows (he folded, or won with nobody left to
    show to): those cards decide nothing, and the replay deals him unknown cards. A card twice among
    the board and the hands that are shown is left for the replay to refuse. Noted."""
    standing = [n for n in bets.put if n not in bets.folded]
    shown = set(standing) if len(standing) > 1 else set()
    seen: dict[int, int] = {}
    for c in [*board, *(c for cs in raw.hole.values() for c in cs)]:
        seen[c] = seen.get(c, 0) + 1
    for n in [n for n, cs in raw.hole.items() if n not in shown and any(seen[c] > 1 for c in cs)]:
        del raw.hole[n]
        raw.notes.append(f"{n}'s cards, never shown, repeat a card dealt elsewhere: read as unknown")


def _returns(raw: RawHand, bets: _Bets, wins: dict[str, int], back: dict[str, int]) -> tuple[int, dict[str, int]]:
    """The pot (the chips put in less what went back) and the returns: the room's ``Takes Back``, else
    the bet nobody called (then ``Wins`` may count it: taken off the bettor's win)."""
    put = bets.put
    live = {n: put[n] - bets.dead[n] for n in put}
    top = sorted(live, key=lambda n: live[n], reverse=True)
    excess = max(0, live[top[0]] - live[top[1]])
    total_in = sum(put.values())
    if back:  # an all-in nobody could call in full kept its rest (``capped``): not put in, not returned
        returns = {n: a - bets.capped.get(n, 0) for n, a in back.items()}
        pot = total_in - sum(returns.values())
        if sum(wins.values()) == pot and back != ({top[0]: excess} if excess else bets.capped):
            raise raw.fail(f"the record takes back {back}, but the uncalled bet is {excess} to {top[0]}")
        return pot, returns
    if excess and sum(wins.values()) == total_in and wins.get(top[0], 0) >= excess:
        wins[top[0]] -= excess  # ``Wins`` counts the chips nobody called when no ``Takes Back`` says so
    return total_in - excess, ({top[0]: excess} if excess else {})


def _showdown(raw: RawHand, standing: list[str], wins: dict[str, int]) -> None:
    """Who shows: a player whose cards the record lacks mucks them (the replay checks he lost). When
    such a player wins, nobody contested his hand at the table: every other player who wins nothing
    gave his hand up (mucked) although the hole cameras give his cards (decision 043's reading of a
    winner nobody saw; noted)."""
    unseen_win = any(n not in raw.hole and wins.get(n, 0) > 0 for n in standing)
    for n in standing:
        if n in raw.hole and not (unseen_win and not wins.get(n, 0)):
            raw.add("show", n, cards=tuple(raw.hole[n]))
        else:
            if n in raw.hole:
                raw.notes.append(f"{n} gives up his hand: the winner's cards are never seen")
            raw.add("muck", n)


def _settle(raw: RawHand, bets: _Bets, wins: dict[str, int], back: dict[str, int]) -> None:
    """Returns, showdown and wins. When the room's ``Wins`` are not the pot (see :func:`_returns`), its
    figures do not add up: the hand is read with the room's figures and its total pot set to the pot
    of its plays, so the check reports it (the replay cannot agree with both)."""
    if not wins:
        raise raw.fail("the record says nobody won the pot")
    pot, returns = _returns(raw, bets, wins, back)
    for n, a in returns.items():
        if a > 0:
            raw.add("return", n, a)
    if sum(wins.values()) != pot:
        raw.total_pot = pot  # the pot the room's plays make: the check finds the room's wins are not it
        raw.notes.append(f"the room's wins ({sum(wins.values())}) are not the pot its plays make ({pot})")
    standing = [n for n in bets.put if n not in bets.folded]
    if len(standing) > 1:
        _showdown(raw, standing, wins)
    for n, a in wins.items():
        if a:
            raw.add("collect", n, a)
    raw.rake = 0

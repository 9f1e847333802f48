"""The ACPC protocol (Annual Computer Poker Competition): dealer log lines and match states.

Two line forms are read:

- the dealer's log: ``STATE:HAND:BETTING:CARDS:RESULTS:PLAYERS`` (the players by position,
  ``|``-separated; ``RESULTS`` each position's net chips);
- the match-state protocol as the server sends it to one seat: ``MATCHSTATE:POSITION:HAND:BETTING:CARDS``
  (cards the seat did not see are empty). Only each hand's last, finished state is kept.

``BETTING`` is the actions per betting round separated by ``/``: ``c`` check/call, ``f`` fold,
``rN`` raise to ``N`` chips committed *in the whole hand* (no limit; limit writes ``r`` alone).
``CARDS`` is the hole cards by position, ``|``-separated, then each street's board after ``/``.
The game definition is not in the lines: :class:`ACPCGame` gives it, read from the ACPC ``.game``
file by :func:`load_game` (``pyeval convert --from acpc --game FILE``; default: the competition's
heads-up no-limit game, blinds 100/50 with the big blind in position 0, stacks 20,000). In the
competition games position 0 is the first seat left of the button, so positions map to PHH ``p1``,
``p2``, ... in order, and the last position holds the button.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .._files import read_input
from ._limits import MAX_CHIPS
from ._model import HandParseError, RawHand, Seat, cards, number

__all__ = ["ACPCGame", "NO_LIMIT_2P", "LIMIT_2P", "LIMIT_3P", "parse_line", "parse_game", "load_game", "split",
           "looks_like"]


@dataclass(frozen=True)
class ACPCGame:
    """An ACPC game definition (the parts a log does not carry; :func:`parse_game` reads it from
    the ACPC ``.game`` format).

    ``blinds``: forced bet of each position (chips; its length is the number of players);
    ``structure``: ``"N"`` (no limit) or ``"F"`` (limit); ``stack``: every position's starting stack
    (limit games: 2**31-1, the server's "no stack"); ``raise_sizes``: limit bet size per round;
    ``board_cards``: board cards dealt before each round after the first; ``rounds``: betting
    rounds; ``first_player``: the position (0-based) that acts first in each round;
    ``max_raises``: the most raises per round as pyeval counts them (the blinds and an opening
    bet are not raises), None for no cap; ``hole_cards``: hole cards per player.
    """

    blinds: tuple[int, ...] = (100, 50)
    structure: str = "N"
    stack: int = 20000
    raise_sizes: tuple[int, ...] = ()
    board_cards: tuple[int, ...] = (3, 1, 1)
    rounds: int = 4
    first_player: tuple[int, ...] = (1, 0, 0, 0)
    max_raises: int | None = None
    hole_cards: int = 2


NO_LIMIT_2P = ACPCGame()
LIMIT_2P = ACPCGame(blinds=(10, 5), structure="F", stack=2**31 - 1, raise_sizes=(10, 10, 20, 20), max_raises=3)
LIMIT_3P = ACPCGame(blinds=(5, 10, 0), structure="F", stack=2**31 - 1, raise_sizes=(10, 10, 20, 20),
                    first_player=(2, 0, 0, 0), max_raises=3)
#: The ACPC server's stack in a game definition without one (limit games): INT32_MAX.
NO_STACK = 2**31 - 1
_GAME_KEYS = ("stack", "blind", "raisesize", "numplayers", "numrounds", "firstplayer", "maxraises", "numsuits",
              "numranks", "numholecards", "numboardcards")


def _game_values(text: str, source: str) -> tuple[str | None, dict[str, list[int]]]:
    """The structure word and the ``key = numbers`` lines of a ``.game`` text (keys lower-cased)."""
    structure: str | None = None
    values: dict[str, list[int]] = {}
    for no, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        word = line.split("#", 1)[0].strip()
        low = word.lower()
        if not word or low in ("gamedef", "end gamedef"):
            continue
        if low in ("limit", "nolimit"):
            structure = "F" if low == "limit" else "N"
            continue
        key, eq, rest = word.partition("=")
        key = key.strip().lower()
        if not eq or key not in _GAME_KEYS:
            raise HandParseError(f"not an ACPC game definition line: {word[:60]!r}", no, source)
        try:
            values[key] = [int(x) for x in rest.split()]
        except ValueError:
            raise HandParseError(f"{key} takes whole numbers, got {rest.strip()[:60]!r}", no, source) from None
        if not values[key] or any(not 0 <= v <= MAX_CHIPS for v in values[key]):
            raise HandParseError(f"{key} takes whole numbers 0..2**63-1, got {rest.strip()[:60]!r}", no, source)
    return structure, values


def parse_game(text: str, source: str = "") -> ACPCGame:
    """An ACPC game definition (the ``.game`` format of the ACPC dealer): ``GAMEDEF``, ``limit`` or
    ``nolimit``, then ``numPlayers``, ``numRounds``, ``stack`` (no limit; per player), ``blind``
    (per position), ``raiseSize`` (limit; per round), ``firstPlayer`` (1-based, per round),
    ``maxRaises`` (per round), ``numSuits``, ``numRanks``, ``numHoleCards``, ``numBoardCards`` (per
    round) and ``END GAMEDEF``; keys in any case, ``#`` comments.

    pyeval reads the games its engine deals: hold'em's deck (4 suits, 13 ranks, 2 hole cards, no
    board before the first round), equal stacks, limit bets of one size for the first two rounds and
    another for the rest, and a raise cap that is the same in every round as pyeval counts raises
    (ACPC counts every ``r``, so a cap of 4 after the first round, where the first ``r`` is a bet,
    is pyeval's 3).

    Raises:
        HandParseError: a line that is not part of the format, missing or inconsistent values, or a
            game pyeval's engine does not deal (named).
    """
    structure, v = _game_values(text, source)

    def fail(msg: str) -> HandParseError:
        return HandParseError(f"ACPC game definition: {msg}", 0, source)

    if structure is None:
        raise fail("no 'limit' or 'nolimit' line")
    n = v.get("numplayers", [0])[0]
    rounds = v.get("numrounds", [0])[0]
    if not 2 <= n <= 10 or not 1 <= rounds <= 4:
        raise fail(f"numPlayers must be 2..10 and numRounds 1..4, got {n} and {rounds}")

    def per(key: str, count: int, default: list[int] | None = None) -> list[int]:
        got = v.get(key, default)
        if got is None or len(got) < count:
            raise fail(f"{key} needs {count} values, got {got}")
        return got[:count]

    blinds = per("blind", n)
    first = [p - 1 for p in per("firstplayer", rounds, [1] * rounds)]
    board = per("numboardcards", rounds, [0, 3, 1, 1][:rounds])
    if any(not 0 <= p < n for p in first):
        raise fail(f"firstPlayer must be 1..{n}, got {[p + 1 for p in first]}")
    if (v.get("numsuits", [4])[0], v.get("numranks", [13])[0], v.get("numholecards", [2])[0], board[0]) != (4, 13, 2, 0):
        raise fail("pyeval reads hold'em games only (numSuits 4, numRanks 13, numHoleCards 2, no board in round 1)")
    stacks = v.get("stack", [NO_STACK] * n)[:n] if structure == "N" else [NO_STACK] * n
    if len(set(stacks)) != 1:
        raise fail(f"the stacks must be equal, got {stacks}")
    sizes = per("raisesize", rounds) if structure == "F" else []
    if sizes and (len(set(sizes[:2])) != 1 or len(set(sizes[2:])) > 1):
        raise fail(f"limit bets must be one size for rounds 1-2 and one for the rest, got {sizes}")
    cap = _raise_cap(per("maxraises", rounds) if "maxraises" in v else None, any(blinds), fail)
    return ACPCGame(blinds=tuple(blinds), structure=structure, stack=stacks[0], raise_sizes=tuple(sizes),
                    board_cards=tuple(board[1:]), rounds=rounds, first_player=tuple(first), max_raises=cap)


def _raise_cap(caps: list[int] | None, blinds: bool, fail: Callable[[str], HandParseError]) -> int | None:
    """pyeval's one raise cap from ACPC's per round (which counts every ``r``: after the first
    round, or without blinds, the first ``r`` is an opening bet, which pyeval does not count)."""
    if caps is None:
        return None
    mine = {c - (0 if r == 0 and blinds else 1) for r, c in enumerate(caps)}
    if len(mine) != 1 or min(mine) < 0:
        raise fail(f"maxRaises {caps} is not one cap in every round as pyeval counts raises")
    return mine.pop()


def load_game(path: str | Path) -> ACPCGame:
    """:func:`parse_game` of a ``.game`` file (UTF-8, bounded size). Raises HandParseError."""
    p = Path(path)
    data = read_input(p, what="ACPC game definition", error=HandParseError)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise HandParseError(f"cannot read {p}: {exc}") from None
    return parse_game(text, str(p))


_STATE = re.compile(r"^STATE:(?P<hand>\d+):(?P<bet>[^:]*):(?P<cards>[^:]*):(?P<res>[^:]*):(?P<players>[^:]*)\s*$")
_MATCH = re.compile(r"^MATCHSTATE:(?P<pos>\d+):(?P<hand>\d+):(?P<bet>[^:]*):(?P<cards>[^:]*)\s*$")


def looks_like(text: str) -> bool:
    """True when the first non-comment line is an ACPC ``STATE`` or ``MATCHSTATE`` line."""
    for line in text.lstrip("\ufeff").splitlines():
        if line.strip() and not line.startswith("#"):
            return bool(_STATE.match(line) or _MATCH.match(line))
    return False


def split(text: str) -> list[tuple[int, list[str]]]:
    """One entry per hand: dealer lines each; match states grouped by hand (the last line kept)."""
    out: list[tuple[int, list[str]]] = []
    last: dict[tuple[str, str], int] = {}
    for no, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        if not line.strip() or line.startswith("#") or line.startswith("SCORE"):
            continue
        m = _MATCH.match(line)
        if m:
            key = (m["pos"], m["hand"])
            if key in last:
                out[last[key]] = (no, [line])
            else:
                last[key] = len(out)
                out.append((no, [line]))
            continue
        out.append((no, [line]))
    return out


class _Betting:
    """The betting of one ACPC line as it is read: what each position has committed, who folded."""

    def __init__(self, raw: RawHand, game: ACPCGame, players: list[str], no: int) -> None:
        self.raw, self.game, self.players, self.no = raw, game, players, no
        n = len(players)
        self.committed = [game.blinds[i] for i in range(n)]
        self.folded = [False] * n
        self.street_start = [0] * n  # the blinds count toward the first round's bets
        self.bet_to = max(game.blinds)

    def next_actor(self, actor: int) -> int:
        """``actor`` or the next position that can act (not folded, not all-in)."""
        n = len(self.players)
        for _ in range(n):
            if not self.folded[actor] and self.committed[actor] < self.game.stack:
                break
            actor = (actor + 1) % n
        return actor

    def round(self, r: int, acts: str) -> None:
        """One betting round's actions (``cr200f``...), the first actor from the game definition."""
        actor = self.game.first_player[min(r, len(self.game.first_player) - 1)]
        k = 0
        while k < len(acts):
            actor = self.next_actor(actor)
            c = acts[k]
            k += 1
            p = self.players[actor]
            if c == "c":
                add = min(self.bet_to, self.game.stack) - self.committed[actor]
                self.raw.add("call" if add else "check", p, add, line=self.no)
                self.committed[actor] += add
            elif c == "f":
                self.folded[actor] = True
                self.raw.add("fold", p, line=self.no)
            elif c == "r":
                k = self.raise_to(r, acts, k, actor)
            else:
                raise self.raw.fail(f"unknown ACPC action {c!r} in {acts!r}", self.no)
            actor = (actor + 1) % len(self.players)

    def raise_to(self, r: int, acts: str, k: int, actor: int) -> int:
        """A raise at ``acts[k-1]`` (``rN``, or ``r`` in a limit game); returns the next index."""
        raw, game, no = self.raw, self.game, self.no
        j = k
        while j < len(acts) and acts[j].isdigit():
            j += 1
        if j > k:
            to = number(acts[k:j], "a raise amount", raw, no)
            k = j
        elif game.structure == "F":
            to = self.bet_to + game.raise_sizes[min(r, len(game.raise_sizes) - 1)]
        else:
            raise raw.fail(f"a no-limit raise without an amount in {acts!r}", no)
        if to <= self.bet_to or to > game.stack:
            raise raw.fail(f"raise to {to} in {acts!r} is not above {self.bet_to} and within the stack", no)
        start = self.street_start[actor]
        raw.add("raise" if r == 0 or self.bet_to > start else "bet", self.players[actor], to - start, line=no)
        self.committed[actor] = to
        self.bet_to = to
        return k


def _table(raw: RawHand, g: re.Match[str], is_state: bool, game: ACPCGame, no: int) -> list[str]:
    """The game, limits, seats and button of a line; returns the players by position."""
    n = len(game.blinds)
    if is_state:
        players = g["players"].split("|")
        if len(players) != n:
            raise raw.fail(f"{len(players)} players for a {n}-player game", no)
    else:
        players = [f"position {i}" for i in range(n)]
    raw.game = game.structure + "T"
    if game.structure == "F":
        raw.small_bet, raw.big_bet = game.raise_sizes[0], game.raise_sizes[-1]
    else:
        raw.min_bet = max(game.blinds)
    raw.seats = [Seat(i + 1, p, game.stack, no) for i, p in enumerate(players)]
    raw.button_seat = n
    raw.seat_count = n
    if game.max_raises is not None:
        raw.table_rules["max_raises"] = game.max_raises
    return players


def _cards(raw: RawHand, g: re.Match[str], game: ACPCGame, players: list[str], no: int) -> list[tuple[int, ...]]:
    """The hole cards (into ``raw.hole``) and the boards of each round after the first."""
    parts = g["cards"].split("/")
    holes = parts[0].split("|")
    if len(holes) != len(players):
        raise raw.fail(f"{len(holes)} hole-card groups for {len(players)} players", no)
    for p, h in zip(players, holes):
        if h:
            cs = cards(h, raw, no)
            if len(cs) != game.hole_cards:
                raise raw.fail(f"{p} holds {len(cs)} cards, the game deals {game.hole_cards}", no)
            raw.hole[p] = list(cs)
    boards = [cards(b, raw, no) for b in parts[1:]]
    for k, (b, want) in enumerate(zip(boards, game.board_cards)):
        if len(b) != want:
            raise raw.fail(f"board of round {k + 2} has {len(b)} cards, the game deals {want}", no)
    return boards


def _blinds(raw: RawHand, game: ACPCGame, players: list[str], no: int) -> None:
    """The forced bets, smallest first (position order is posting order among equals)."""
    for i in sorted(range(len(players)), key=lambda i: game.blinds[i] if game.blinds[i] else 10**18):
        if game.blinds[i]:
            raw.add("post", players[i], game.blinds[i], line=no, extra="sb" if game.blinds[i] < max(game.blinds) else "bb")


def _results(raw: RawHand, res_text: str, players: list[str], committed: list[int], no: int) -> None:
    """What each position collected: its net result (the log's) plus what it put in."""
    res = [number(x, "a result", raw, no, -MAX_CHIPS) for x in res_text.split("|")]
    if len(res) != len(players):
        raise raw.fail(f"{len(res)} results for {len(players)} players", no)
    for i, p in enumerate(players):
        got = res[i] + committed[i]
        if got:
            raw.add("collect", p, got, line=no)


def parse_line(line: str, no: int = 1, source: str = "", game: ACPCGame = NO_LIMIT_2P) -> RawHand:
    """One ACPC line (a finished hand) into a RawHand, under the game definition ``game`` (blinds,
    limits, stacks, the first player of each round, cards per round). Raises HandParseError naming
    the line."""
    raw = RawHand(venue="ACPC", source=source, line=no)
    m = _STATE.match(line)
    g = m or _MATCH.match(line)
    if not g:
        raise raw.fail(f"not an ACPC STATE or MATCHSTATE line: {line[:60]!r}", no)
    raw.hand_id = g["hand"]
    n = len(game.blinds)
    players = _table(raw, g, m is not None, game, no)
    boards = _cards(raw, g, game, players, no)
    _blinds(raw, game, players, no)
    rounds = g["bet"].split("/")
    if len(rounds) > game.rounds:
        raise raw.fail(f"{len(rounds)} betting rounds, the game has {game.rounds}", no)
    raw.add("street", line=no, extra="preflop")
    bet = _Betting(raw, game, players, no)
    for r, acts in enumerate(rounds):
        if r > 0:
            if r - 1 >= len(boards):
                raise raw.fail(f"betting round {r + 1} without its board cards", no)
            raw.add("street", cards=boards[r - 1], line=no, extra=f"round {r + 1}")
            bet.street_start = list(bet.committed)
            bet.bet_to = max(bet.committed)
        bet.round(r, acts)
    for r in range(len(rounds), len(boards) + 1):
        raw.add("street", cards=boards[r - 1], line=no, extra=f"round {r + 1}")
    live = [i for i in range(n) if not bet.folded[i]]
    for i in live if len(live) > 1 else ():  # the showdown: every live hand the line shows
        if players[i] in raw.hole:
            raw.add("show", players[i], cards=tuple(raw.hole[players[i]]), line=no)
    if m:
        _results(raw, m["res"], players, bet.committed, no)
    else:
        raw.results_known = False  # a match state carries no results
    return raw

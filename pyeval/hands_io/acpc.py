"""The ACPC protocol (Annual Computer Poker Competition): dealer log lines and match states.

Two line forms are read:

- the dealer's log: ``STATE:HAND:BETTING:CARDS:RESULTS:PLAYERS`` (the players by position,
  ``|``-separated; ``RESULTS`` each position's net chips);
- the match-state protocol as the server sends it to one seat: ``MATCHSTATE:POSITION:HAND:BETTING:CARDS``
  (cards the seat did not see are empty). Only each hand's last, finished state is kept.

``BETTING`` is the actions per betting round separated by ``/``: ``c`` check/call, ``f`` fold,
``rN`` raise to ``N`` chips committed *in the whole hand* (no limit; limit writes ``r`` alone).
``CARDS`` is the hole cards by position, ``|``-separated, then each street's board after ``/``.
The game definition is not in the lines: :class:`ACPCGame` gives it (defaults: the competition's
heads-up no-limit game, blinds 100/50 with the big blind in position 0, stacks 20,000). In the
competition games position 0 is the first seat left of the button, so positions map to PHH ``p1``,
``p2``, ... in order, and the last position holds the button.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ._limits import MAX_CHIPS
from ._model import RawHand, Seat, cards, number

__all__ = ["ACPCGame", "NO_LIMIT_2P", "LIMIT_2P", "LIMIT_3P", "parse_line", "split", "looks_like"]


@dataclass(frozen=True)
class ACPCGame:
    """An ACPC game definition (the parts a log does not carry).

    ``blinds``: forced bet of each position (chips); ``structure``: ``"N"`` or ``"F"``;
    ``stack``: every position's starting stack; ``raise_sizes``: limit bet size per round;
    ``board_cards``: board cards dealt before each round after the first.
    """

    blinds: tuple[int, ...] = (100, 50)
    structure: str = "N"
    stack: int = 20000
    raise_sizes: tuple[int, ...] = ()
    board_cards: tuple[int, ...] = (3, 1, 1)


NO_LIMIT_2P = ACPCGame()
LIMIT_2P = ACPCGame(blinds=(10, 5), structure="F", stack=2**31 - 1, raise_sizes=(10, 10, 20, 20))
LIMIT_3P = ACPCGame(blinds=(5, 10, 0), structure="F", stack=2**31 - 1, raise_sizes=(10, 10, 20, 20))

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


def parse_line(line: str, no: int = 1, source: str = "", game: ACPCGame = NO_LIMIT_2P) -> RawHand:
    """One ACPC line (a finished hand) into a RawHand. Raises HandParseError naming the line."""
    raw = RawHand(venue="ACPC", source=source, line=no)
    m = _STATE.match(line)
    mm = _MATCH.match(line) if not m else None
    if not m and not mm:
        raise raw.fail(f"not an ACPC STATE or MATCHSTATE line: {line[:60]!r}", no)
    g = m or mm
    assert g is not None
    raw.hand_id = g["hand"]
    n = len(game.blinds)
    if m:
        players = m["players"].split("|")
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
    parts = g["cards"].split("/")
    holes = parts[0].split("|")
    if len(holes) != n:
        raise raw.fail(f"{len(holes)} hole-card groups for {n} players", no)
    for p, h in zip(players, holes):
        if h:
            cs = cards(h, raw, no)
            if len(cs) != 2:
                raise raw.fail(f"{p} holds {len(cs)} cards", no)
            raw.hole[p] = list(cs)
    boards = [cards(b, raw, no) for b in parts[1:]]
    for k, (b, want) in enumerate(zip(boards, game.board_cards)):
        if len(b) != want:
            raise raw.fail(f"board of round {k + 2} has {len(b)} cards, the game deals {want}", no)
    # forced bets: position order is posting order
    order = sorted(range(n), key=lambda i: game.blinds[i] if game.blinds[i] else 10**18)
    for i in order:
        if game.blinds[i]:
            raw.add("post", players[i], game.blinds[i], line=no, extra="sb" if game.blinds[i] < max(game.blinds) else "bb")
    committed = [game.blinds[i] for i in range(n)]
    folded = [False] * n
    rounds = g["bet"].split("/")
    street_start = [0] * n  # the blinds count toward the first round's bets
    raw.add("street", line=no, extra="preflop")
    bet_to = max(game.blinds)
    # first to act: preflop the seat after the big blind; later rounds the first live seat
    bb = max(range(n), key=lambda i: game.blinds[i])
    for r, acts in enumerate(rounds):
        if r > 0:
            if r - 1 >= len(boards):
                raise raw.fail(f"betting round {r + 1} without its board cards", no)
            raw.add("street", cards=boards[r - 1], line=no, extra=f"round {r + 1}")
            street_start = list(committed)
            bet_to = max(committed)
            actor = 0
        else:
            actor = (bb + 1) % n
        k = 0
        while k < len(acts):
            for _ in range(n):  # skip folded and all-in seats
                if not folded[actor] and committed[actor] < game.stack:
                    break
                actor = (actor + 1) % n
            c = acts[k]
            k += 1
            p = players[actor]
            if c == "c":
                add = min(bet_to, game.stack) - committed[actor]
                raw.add("call" if add else "check", p, add, line=no)
                committed[actor] += add
            elif c == "f":
                folded[actor] = True
                raw.add("fold", p, line=no)
            elif c == "r":
                j = k
                while j < len(acts) and acts[j].isdigit():
                    j += 1
                if j > k:
                    to = number(acts[k:j], "a raise amount", raw, no)
                    k = j
                elif game.structure == "F":
                    to = bet_to + game.raise_sizes[min(r, len(game.raise_sizes) - 1)]
                else:
                    raise raw.fail(f"a no-limit raise without an amount in {acts!r}", no)
                if to <= bet_to or to > game.stack:
                    raise raw.fail(f"raise to {to} in {acts!r} is not above {bet_to} and within the stack", no)
                raw.add("raise" if r == 0 or bet_to > street_start[actor] else "bet", p, to - street_start[actor], line=no)
                committed[actor] = to
                bet_to = to
            else:
                raise raw.fail(f"unknown ACPC action {c!r} in {acts!r}", no)
            actor = (actor + 1) % n
    for r in range(len(rounds), len(boards) + 1):
        if r - 1 < len(boards):
            raw.add("street", cards=boards[r - 1], line=no, extra=f"round {r + 1}")
    live = [i for i in range(n) if not folded[i]]
    if len(live) > 1:
        for i in live:
            if players[i] in raw.hole:
                raw.add("show", players[i], cards=tuple(raw.hole[players[i]]), line=no)
    if not m:
        raw.results_known = False  # a match state carries no results
    if m:
        res = [number(x, "a result", raw, no, -MAX_CHIPS) for x in m["res"].split("|")]
        if len(res) != n:
            raise raw.fail(f"{len(res)} results for {n} players", no)
        # what each collected: net result plus what was put in (the log records only the net)
        for i, p in enumerate(players):
            got = res[i] + committed[i]
            if got:
                raw.add("collect", p, got, line=no)
    return raw

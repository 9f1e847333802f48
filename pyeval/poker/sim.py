"""Hold'em showdown simulation at scale: every seat to showdown on random deals, in streams.

``pyeval.simulate(HoldemShowdown(players), rounds, ...)`` (:func:`pyeval.simulation.simulate`,
the one runner of every game) deals ``rounds`` independent rounds of Texas Hold'em for ``players`` seats with
the C batch path (:func:`pyeval.poker.batch.holdem_showdowns` on a :class:`~pyeval.shoe.BatchDealer`: one uniform shuffle per
round, dealt as 58 Pa. Code § 637a.11(f), (h)-(j), every seat's seven cards evaluated as
§ 637a.11(k)), nobody folds, and counts

* per seat: rounds won alone, rounds tied for the best hand, and the seat's equity (its share of
  the pot, a tie for the best hand split evenly), with standard errors;
* the hand category of every seat's best five at showdown and of the winning hand.

Totals are plain counts (:class:`HoldemSimStats`) that add exactly, so a run follows
:mod:`pyeval.parallel`'s scheme: stream ``k`` is the seed's generator jumped ``k`` times and plays
its share of the rounds (:func:`pyeval.parallel.split`), in chunks of :data:`CHUNK` rounds per C
call; the result depends on ``(players, rounds, seed, streams)`` only -- never on the executor, the
number of workers or the order the streams finish. Adding :func:`run_stream` results for streams
``0..k-1`` (on any machines) gives exactly the run with ``streams=k``.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import CheckpointError, PyevalError, SimulationError
from ..hands.high import MAX_VALUE, HandCategory, hand_category
from .batch import holdem_showdowns
from ..parallel import DEFAULT_STREAMS, check_seed, check_stop
from ..shoe import BatchDealer
from ..simulation import MAX_ROUNDS, PotShares, mean_and_stderr

__all__ = ["HoldemShowdown", "run_stream", "HoldemSimStats", "HoldemSimResult", "SeatResult", "CategoryFrequency",
           "register", "run_cli", "format_table",
           "CHUNK", "MAX_ROUNDS"]

#: Rounds dealt and evaluated per C call within a stream (part of what fixes a stream's draws).
CHUNK = 1 << 16

_CATEGORIES = tuple(HandCategory)  # ROYAL_FLUSH counted apart from other straight flushes


@functools.cache
def _category_of() -> npt.NDArray[np.intp]:
    """Hand value (0..7462) -> category index (ROYAL_FLUSH for 7462); entry 0 is never used. Built
    on first use, so that ``import`` (and every ``pyeval`` command) stays quick."""
    return np.array([0] + [int(hand_category(v, royal=True)) for v in range(1, MAX_VALUE + 1)], dtype=np.intp)


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise SimulationError(f"players must be an int 2..10 (58 Pa. Code § 637a.11(b)), got {players!r}")
    return players


def _check_rounds(rounds: object, low: int = 1) -> int:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not low <= rounds <= MAX_ROUNDS:
        raise SimulationError(f"rounds must be an int {low}..10**12, got {rounds!r}")
    return rounds


@dataclass(frozen=True, eq=False)
class HoldemSimStats:
    """The mergeable totals of a Hold'em showdown simulation (``a + b`` adds two runs exactly).

    Attributes:
        players: seats per round (2..10). rounds: rounds dealt.
        winner_sets: ``int64`` (2**players,): rounds counted by the bitmask of the seats holding the
            best hand (bit ``i`` = seat ``i``; seat 0 is left of the button, seat ``players-1`` the
            button). Every win, tie and equity figure is derived from it exactly.
        values: ``int64`` (players, 7463): ``values[i, v]`` = rounds in which seat ``i`` held hand
            value ``v`` (1..7462; column 0 is always 0).
        best_values: ``int64`` (7463,): rounds by the value of the winning hand.
    """

    players: int
    rounds: int
    winner_sets: npt.NDArray[np.int64]
    values: npt.NDArray[np.int64]
    best_values: npt.NDArray[np.int64]

    @classmethod
    def zero(cls, players: int) -> HoldemSimStats:
        """Empty totals for ``players`` seats."""
        p = _check_players(players)
        return cls(p, 0, np.zeros(1 << p, np.int64), np.zeros((p, MAX_VALUE + 1), np.int64),
                   np.zeros(MAX_VALUE + 1, np.int64))

    def __add__(self, other: HoldemSimStats) -> HoldemSimStats:
        if not isinstance(other, HoldemSimStats):
            return NotImplemented
        if other.players != self.players:
            raise SimulationError(f"cannot add totals for {self.players} and {other.players} players")
        return HoldemSimStats(self.players, self.rounds + other.rounds, self.winner_sets + other.winner_sets,
                              self.values + other.values, self.best_values + other.best_values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HoldemSimStats):
            return NotImplemented
        return (self.players == other.players and self.rounds == other.rounds
                and np.array_equal(self.winner_sets, other.winner_sets)
                and np.array_equal(self.values, other.values)
                and np.array_equal(self.best_values, other.best_values))

    __hash__ = None  # type: ignore[assignment]  # mutable arrays inside: not hashable

    def split_counts(self) -> list[list[int]]:
        """``out[i][k]``: rounds in which seat ``i`` was one of exactly ``k`` seats holding the best
        hand (``k`` = 1: won alone; ``k`` > 1: a ``k``-way tie)."""
        out = [[0] * (self.players + 1) for _ in range(self.players)]
        for mask, count in enumerate(self.winner_sets.tolist()):
            if count:
                k = mask.bit_count()
                for i in range(self.players):
                    if mask >> i & 1:
                        out[i][k] += count
        return out


def run_stream(players: int, rounds: int, seed: int, stream: int,
               progress: Callable[[int], None] | None = None) -> HoldemSimStats:
    """Totals of stream ``stream`` of ``seed`` playing ``rounds`` rounds (``rounds`` may be 0).

    The stream's rounds are dealt in C calls of :data:`CHUNK` rounds from one generator, so the
    totals depend only on the arguments. ``progress(n)`` is called after each call with the rounds
    it dealt.

    Raises: SimulationError (players, rounds), SeedError (seed, stream).
    """
    p = _check_players(players)
    n = _check_rounds(rounds, 0)
    dealer = BatchDealer(check_seed(seed), stream)
    m = min(CHUNK, max(n, 1))
    values = np.empty((m, p), np.uint16)
    winners = np.empty(m, np.uint16)
    best = np.empty(m, np.uint16)
    index = np.empty((m, p), np.int32)
    offsets = np.arange(p, dtype=np.int32) * (MAX_VALUE + 1)
    winner_sets = np.zeros(1 << p, np.int64)
    seat_values = np.zeros(p * (MAX_VALUE + 1), np.int64)
    best_values = np.zeros(MAX_VALUE + 1, np.int64)
    done = 0
    while done < n:
        check_stop()  # a thread pool's run stopped by Ctrl-C ends here
        c = min(CHUNK, n - done)
        v, w, b, ix = values[:c], winners[:c], best[:c], index[:c]
        holdem_showdowns(c, p, dealer=dealer, values_out=v, winners_out=w)
        winner_sets += np.bincount(w, minlength=1 << p)
        np.add(v, offsets, out=ix)
        seat_values += np.bincount(ix.ravel(), minlength=p * (MAX_VALUE + 1))
        np.copyto(b, v[:, 0])
        for i in range(1, p):
            np.maximum(b, v[:, i], out=b)
        best_values += np.bincount(b, minlength=MAX_VALUE + 1)
        done += c
        if progress is not None:
            progress(c)
    return HoldemSimStats(p, n, winner_sets, seat_values.reshape(p, MAX_VALUE + 1), best_values)


@dataclass(frozen=True)
class SeatResult(PotShares):
    """One seat over a simulation: ``seat``, ``wins`` (rounds won alone), ``ties`` (rounds sharing the
    best hand), and the :class:`~pyeval.simulation.PotShares` figures ``win`` / ``tie`` (their
    shares of the rounds), ``equity`` (mean share of the pot, ties split evenly), as ``Fraction``,
    with their standard errors."""

    seat: int
    wins: int
    ties: int


@dataclass(frozen=True)
class CategoryFrequency:
    """A hand category's ``count``, ``frequency`` (``count / total``, float) and ``stderr`` of the
    frequency."""

    count: int
    frequency: float
    stderr: float


def _binomial(count: int, total: int) -> CategoryFrequency:
    return CategoryFrequency(count, *mean_and_stderr(count, count, total))


def _categories(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Counts by hand value (7463,) -> counts by category (exact int64 sums)."""
    out = np.zeros(len(_CATEGORIES), np.int64)
    np.add.at(out, _category_of()[1:], counts[1:])
    return out


@dataclass(frozen=True)
class HoldemSimResult:
    """What :func:`simulate` returns.

    Attributes:
        players, rounds, seed, streams: the run (the seed is reported even when drawn fresh).
        stats: the mergeable totals (:class:`HoldemSimStats`).
        seats: :class:`SeatResult` per seat (seat 0 left of the button, the last the button).
        categories: per seat, ``{category name: CategoryFrequency}`` of the seat's best five at
            showdown over the rounds (binomial standard error: rounds are independent).
        all_hands: the same over every seat's hand (``rounds * players`` hands); its ``stderr`` is
            an upper bound (seats of one round share the board: the seat-level error bounds it).
        winning: ``{category name: CategoryFrequency}`` of the winning hand, per round.
        splits: ``{k: rounds}`` in which ``k`` seats shared the best hand.
    """

    players: int
    rounds: int
    seed: int
    streams: int
    stats: HoldemSimStats
    seats: tuple[SeatResult, ...]
    categories: tuple[dict[str, CategoryFrequency], ...]
    all_hands: dict[str, CategoryFrequency]
    winning: dict[str, CategoryFrequency]
    splits: dict[int, int]

    @classmethod
    def from_stats(cls, stats: HoldemSimStats, seed: int, streams: int) -> HoldemSimResult:
        """Derive every figure from mergeable totals (e.g. the sum of :func:`run_stream` results)."""
        n, p = stats.rounds, stats.players
        seats = []
        for i, row in enumerate(stats.split_counts()):
            wins, ties = row[1], sum(row[2:])
            share = sum((Fraction(c, k) for k, c in enumerate(row) if k), Fraction(0))
            share_sq = sum((Fraction(c, k * k) for k, c in enumerate(row) if k), Fraction(0))
            seats.append(SeatResult.from_sums(n, wins, ties, share, share_sq, seat=i, wins=wins, ties=ties))
        names = [c.name for c in _CATEGORIES]
        per_seat = [_categories(stats.values[i]) for i in range(p)]
        pooled = sum(per_seat, np.zeros(len(names), np.int64))
        categories = tuple({names[c]: _binomial(int(counts[c]), n) for c in range(len(names))}
                           for counts in per_seat)
        all_hands = {}
        for c, name in enumerate(names):
            f = int(pooled[c]) / (n * p) if n else 0.0  # its stderr: an upper bound, over n rounds
            all_hands[name] = CategoryFrequency(int(pooled[c]), f, mean_and_stderr(f * n, f * n, n)[1])
        best = _categories(stats.best_values)
        winning = {names[c]: _binomial(int(best[c]), n) for c in range(len(names))}
        splits: dict[int, int] = {}
        for mask, count in enumerate(stats.winner_sets.tolist()):
            if count:
                splits[mask.bit_count()] = splits.get(mask.bit_count(), 0) + count
        return cls(p, n, seed, streams, stats, tuple(seats), categories, all_hands, winning,
                   dict(sorted(splits.items())))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (fractions as ``"num/den"`` strings beside floats)."""
        def freq(d: dict[str, CategoryFrequency]) -> dict[str, dict[str, float | int]]:
            return {k: {"count": v.count, "frequency": v.frequency, "stderr": v.stderr} for k, v in d.items()}

        return {
            "game": "holdem", "players": self.players, "rounds": self.rounds, "seed": self.seed,
            "streams": self.streams,
            "seats": [{"seat": s.seat, "wins": s.wins, "ties": s.ties, "win": float(s.win), "tie": float(s.tie),
                       "equity": float(s.equity), "equity_exact": str(s.equity), "win_stderr": s.win_stderr,
                       "tie_stderr": s.tie_stderr, "equity_stderr": s.equity_stderr} for s in self.seats],
            "categories": [freq(d) for d in self.categories],
            "all_hands": freq(self.all_hands),
            "winning": freq(self.winning),
            "splits": {str(k): v for k, v in self.splits.items()},
        }


@dataclass(frozen=True)
class HoldemShowdown:
    """The Hold'em showdown game for :func:`pyeval.simulate`: ``players`` seats (2..10, § 637a.11(b)),
    every seat to showdown on each random deal.

    Each round is one uniform shuffle dealt and evaluated in C as 58 Pa. Code § 637a.11(f),
    (h)-(k) (hole cards from the seat left of the button, burns before the flop, turn and river);
    the best hand wins and equal best hands split the pot evenly. The result is a
    :class:`HoldemSimResult` (per-seat win / tie / equity with standard errors, category
    frequencies at showdown, the mergeable :class:`HoldemSimStats`).

    Raises (from :meth:`check`): SimulationError for a bad player count.
    """

    players: int = 2

    def check(self) -> None:
        """Raise SimulationError unless ``players`` is an int 2..10."""
        _check_players(self.players)

    def run_stream(self, seed: int, stream: int, rounds: int,
                   progress: Callable[[int], None] | None) -> HoldemSimStats:
        """:func:`run_stream` of this game."""
        return run_stream(self.players, rounds, seed, stream, progress)

    def merge(self, parts: Sequence[HoldemSimStats]) -> HoldemSimStats:
        """The sum of the streams' totals."""
        return sum(parts, HoldemSimStats.zero(self.players))

    def dump_part(self, part: HoldemSimStats) -> dict[str, Any]:
        """One stream's totals as checkpoint data: ``{"type": "HoldemSimStats", "players", "rounds",
        "winner_sets", "values", "best_values"}`` (the arrays as lists of ints)."""
        return {"type": "HoldemSimStats", "players": part.players, "rounds": part.rounds,
                "winner_sets": part.winner_sets.tolist(), "values": part.values.tolist(),
                "best_values": part.best_values.tolist()}

    def load_part(self, data: object, rounds: int) -> HoldemSimStats:
        """:meth:`dump_part` data back to the totals of one stream of ``rounds`` rounds, checked: this
        game's player count, the arrays' shapes, counts 0..rounds, and every array adding up to
        ``rounds`` (each round has one winning set, one value per seat, one best value).

        Raises: CheckpointError."""
        p = self.players
        keys = {"type", "players", "rounds", "winner_sets", "values", "best_values"}
        if not isinstance(data, dict) or set(data) != keys or data["type"] != "HoldemSimStats":
            raise CheckpointError("the result is not a HoldemSimStats")
        if data["players"] != p or data["rounds"] != rounds or type(data["players"]) is not int \
                or type(data["rounds"]) is not int:
            raise CheckpointError(f"the result is for {str(data['players'])[:10]} players and {str(data['rounds'])[:20]} "
                                  f"rounds; this stream plays {p} players, {rounds} rounds")

        def counts(v: object, n: int) -> npt.NDArray[np.int64]:
            if not isinstance(v, list) or len(v) != n or any(type(x) is not int or not 0 <= x <= rounds for x in v):
                raise CheckpointError(f"the result has a table that is not {n} counts 0..{rounds}")
            if sum(v) != rounds or v[0]:  # every round counted once; index 0 is never a set or value
                raise CheckpointError(f"the result has a table whose counts do not add up to its {rounds} rounds")
            return np.array(v, np.int64)

        rows = data["values"]
        if not isinstance(rows, list) or len(rows) != p:
            raise CheckpointError(f"the result's values are not {p} rows")
        return HoldemSimStats(p, rounds, counts(data["winner_sets"], 1 << p),
                              np.stack([counts(r, MAX_VALUE + 1) for r in rows]), counts(data["best_values"], MAX_VALUE + 1))

    def result(self, totals: HoldemSimStats, rounds: int, seed: int, streams: int) -> HoldemSimResult:
        """Every figure, from the merged totals."""
        if totals.rounds != rounds:  # pragma: no cover - split() shares out every round
            raise PyevalError(f"internal error: {totals.rounds} rounds simulated, {rounds} asked")
        return HoldemSimResult.from_stats(totals, seed, streams)


# ---- command line: pyeval simulate holdem ------------------------------------------------------

#: ``--streams`` default of the command line: every simulation's (:data:`pyeval.parallel.DEFAULT_STREAMS`).
CLI_STREAMS = DEFAULT_STREAMS


def register(subparsers: Any) -> None:
    """Add ``holdem`` under ``pyeval simulate`` (:func:`pyeval.cli.add_command`)."""
    from ..cli import add_command, add_simulation_options

    p = add_command(
        subparsers, "holdem", run_cli, group="simulate",
        help="Texas Hold'em showdowns: every seat to showdown on random deals",
        description="Deal random rounds of Texas Hold'em in C (58 Pa. Code § 637a.11), every seat to "
                    "showdown, and print each seat's win / tie / equity and the hand categories at "
                    "showdown with standard errors.")
    p.add_argument("--players", type=int, default=2, help="seats, 2..10 (default 2)")
    add_simulation_options(p, streams=CLI_STREAMS)


def format_table(res: HoldemSimResult) -> str:
    """The command line's text report of a result."""
    lines = [f"Hold'em showdowns: {res.players} players, {res.rounds:,} rounds, seed {res.seed}, "
             f"{res.streams} stream{'s' if res.streams != 1 else ''}",
             f"{'seat':>4s} {'win %':>9s} {'tie %':>9s} {'equity %':>9s} {'+/- (se)':>9s}"]
    for s in res.seats:
        tag = " (button)" if s.seat == res.players - 1 else ""
        lines.append(f"{s.seat:4d} {100 * float(s.win):9.4f} {100 * float(s.tie):9.4f} "
                     f"{100 * float(s.equity):9.4f} {100 * s.equity_stderr:9.4f}{tag}")
    lines.append("")
    lines.append(f"{'category at showdown':22s} {'all hands %':>12s} {'+/- (se<=)':>10s} {'winning hand %':>15s} "
                 f"{'+/- (se)':>9s}")
    for name, f in res.all_hands.items():
        w = res.winning[name]
        lines.append(f"{HandCategory[name].label:22s} {100 * f.frequency:12.5f} {100 * f.stderr:10.5f} "
                     f"{100 * w.frequency:15.5f} {100 * w.stderr:9.5f}")
    lines.append("")
    lines.append("pot split k ways: " + ", ".join(f"{k}: {100 * c / res.rounds:.4f}%" for k, c in res.splits.items()))
    return "\n".join(lines)


def run_cli(args: Any) -> int:
    """Run ``pyeval simulate holdem`` from parsed ``args``; print the report; return 0."""
    from ..cli import emit, run_simulation

    res = run_simulation(args, HoldemShowdown(args.players))
    emit(args, res.to_dict(), format_table(res))
    return 0

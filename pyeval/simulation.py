"""One simulation runner for every game: :func:`simulate` (``pyeval.simulate``).

``simulate(game, rounds, *, seed=None, streams=32, executor=None, progress=None, checkpoint=None)`` runs any game
configuration that follows :class:`SimGame`:

* :class:`pyeval.poker.sim.HoldemShowdown` -- random Hold'em deals with every seat to showdown;
* :class:`pyeval.headsup.sim.HeadsUpSim` -- World Poker Tour Heads-Up Hold'em with the basic strategy;
* :class:`pyeval.crisscross.sim.CrissCrossSim` -- Criss-Cross Poker with the basic strategy.

The scheme (:mod:`pyeval.parallel`): the seed follows pyeval's one seed policy
(:func:`pyeval.shoe.rng.resolve_seed`: ``None`` draws a fresh 256-bit seed, reported in the
result); the rounds are split over ``streams`` independent streams of it; each stream's totals
are exact integer sums, so the result depends only on ``(game, rounds, seed, streams)``, never on
the executor or the order streams finish. ``progress(n)`` is told the rounds just finished (an
increment, never a running total). Results have ``to_dict()`` (plain JSON-ready data).

:func:`mean_and_stderr` is the one standard-error helper of the simulations (and of equity's Monte
Carlo); :class:`PotShares` the win / tie / equity figures that the showdown simulation and equity
report, derived from their sums in one place.
"""
from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any, Protocol, TypeVar

from .checkpoint import open_checkpoint, run_digest
from .errors import CheckpointError, RunInterrupted, SimulationError
from .parallel import DEFAULT_STREAMS, check_stop, check_streams, run_streams, split
from .shoe.rng import resolve_seed

__all__ = ["SimGame", "SimResult", "simulate", "mean_and_stderr", "ratio_and_stderr", "frequency", "PotShares",
           "in_chunks", "MAX_ROUNDS", "Convergence", "convergence", "headline"]

#: Most rounds one run may simulate.
MAX_ROUNDS = 10**12

S = TypeVar("S")
R_co = TypeVar("R_co", covariant=True)


class SimResult(Protocol):
    """What every simulation returns: its figures, and :meth:`to_dict` for JSON."""

    rounds: int
    seed: int

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data."""


class SimGame(Protocol[S, R_co]):
    """A game configuration :func:`simulate` can run: frozen, validated, picklable plain data.

    ``S`` is the type of one stream's mergeable totals, ``R_co`` the result.
    """

    def check(self) -> None:
        """Raise a pyeval error naming what is wrong with the configuration (before any work)."""

    def run_stream(self, seed: int, stream: int, rounds: int, progress: Callable[[int], None] | None) -> S:
        """The totals of stream ``stream`` of ``seed`` over ``rounds`` rounds, calling
        ``progress(n)`` with the rounds just finished (when not None)."""

    def merge(self, parts: Sequence[S]) -> S:
        """The sum of streams' totals (exact)."""

    def dump_part(self, part: S) -> Any:
        """One stream's totals as plain JSON data (for a checkpoint; never pickle)."""

    def load_part(self, data: Any, rounds: int) -> S:
        """:meth:`dump_part` data back to one stream's totals of ``rounds`` rounds, checked against
        the game's result type and size; raise CheckpointError for anything else."""

    def result(self, totals: S, rounds: int, seed: int, streams: int) -> R_co:
        """Every figure, derived from the merged totals."""


def _stream_task(game: SimGame[S, Any], seed: int, stream: int, rounds: int) -> S:
    return game.run_stream(seed, stream, rounds, None)


def simulate(game: SimGame[Any, R_co], rounds: int, *, seed: int | None = None, streams: int | None = None,
             executor: Executor | None = None, progress: Callable[[int], None] | None = None,
             checkpoint: str | os.PathLike[str] | None = None, report: Callable[[str], None] | None = None) -> R_co:
    """Simulate ``rounds`` rounds of ``game``.

    Args:
        game: a game configuration (:class:`SimGame`), e.g. ``HoldemShowdown(players=6)``.
        rounds: 1..:data:`MAX_ROUNDS`.
        seed: int 0..2**256-1, or None for a fresh 256-bit seed (reported in the result).
        streams: independent streams of the seed, 1..65536 (:mod:`pyeval.parallel`); default
            :data:`pyeval.parallel.DEFAULT_STREAMS` (32) for every game, as for equity.
        executor: any ``concurrent.futures.Executor`` running one task per stream (processes,
            threads -- the C calls release the GIL -- or Dask's ``Client.get_executor()``); None
            runs here, one stream after another.
        progress: called with the rounds just finished (after each C call when run here, after
            each stream with an executor).
        checkpoint: a file keeping each finished stream (:mod:`pyeval.checkpoint`): call again
            with the same arguments to resume (``seed=None`` takes the file's seed); the result is
            exactly the uninterrupted run's.
        report: called with one-line messages about the run: what a checkpoint resumed, and on
            Ctrl-C what it saved (the command line prints them on stderr).
    Returns:
        The game's result (with ``to_dict()``).
    Raises:
        SimulationError: ``rounds`` or ``executor`` invalid. SeedError: a bad seed or stream count.
        The game's own errors for a bad configuration (e.g. TableRulesError, WagerNotAllowedError).
        CheckpointError: a checkpoint of another run, or unreadable. RunInterrupted (a
        ``KeyboardInterrupt``): Ctrl-C; its ``partial`` is the game's result for the streams that
        finished (None when none did), the workers are stopped.
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise SimulationError(f"rounds must be an int 1..10**12, got {rounds!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise SimulationError(f"executor must be a concurrent.futures.Executor or None, got {executor!r}")
    game.check()
    k = check_streams(DEFAULT_STREAMS if streams is None else streams)
    counts = split(rounds, k)
    used = sum(1 for n in counts if n)
    ck = None
    if checkpoint is not None:  # finished streams are kept in the file; a resumed run plays the rest

        def load(j: int, data: Any) -> Any:
            if not counts[j]:
                raise CheckpointError("this stream plays no rounds in this run")
            return game.load_part(data, counts[j])

        ck = open_checkpoint(checkpoint, {"game": type(game).__name__, "config": run_digest(game),
                                          "rounds": rounds, "streams": k}, seed, dump=game.dump_part, load=load)
        s = ck.seed
        if ck.resumed and report is not None:
            got = sum(counts[j] for j in ck.resumed)
            report(f"resumed {ck.path}: {len(ck.resumed)} of {used} streams ({got:,} of {rounds:,} rounds) were "
                   f"done with seed {s}; playing the other {used - len(ck.resumed)}")
    else:
        s = resolve_seed(seed)
    try:
        if executor is None and ck is None:  # here, one stream after another, progress after each C call
            parts = run_streams(lambda j, n: game.run_stream(s, j, n, progress), counts, None)
        else:
            parts = run_streams(partial(_stream_task, game, s), counts, executor, progress,
                                done=ck.done if ck else None, on_done=ck.save if ck else None)
    except RunInterrupted as stop:  # Ctrl-C: the finished streams' result is the partial result
        got_parts = list(stop.partial.values())  # type: ignore[attr-defined]
        part = game.result(game.merge(got_parts), stop.done, s, k) if stop.done else None
        if ck is not None and report is not None:
            saved = sum(counts[j] for j in ck.done)  # what the file holds (a stream finished during the write is not)
            report(f"{len(ck.done)} of {used} streams ({saved:,} of {rounds:,} rounds, seed {s}) are saved in "
                   f"{ck.path}" + ("" if ck.done else " (no stream had finished)"))
        raise RunInterrupted(part, stop.done, stop.total) from None
    return game.result(game.merge(parts), rounds, s, k)


def in_chunks(rounds: int, chunk: int, play: Callable[[int], object],
              progress: Callable[[int], None] | None) -> None:
    """Play ``rounds`` rounds as ``play(n)`` calls of at most ``chunk`` rounds each (a stream's draws
    depend on the chunk size, so it is part of the game's definition), telling ``progress`` after each."""
    done = 0
    while done < rounds:
        n = min(chunk, rounds - done)
        check_stop()  # a thread pool's run stopped by Ctrl-C ends here (pyeval.parallel.check_stop)
        play(n)
        done += n
        if progress is not None:
            progress(n)


def mean_and_stderr(total: float, total_sq: float, n: int) -> tuple[float, float]:
    """Mean of ``n`` observations and its standard error, from their sum and sum of squares.

    A frequency is the case of 0/1 observations: ``mean_and_stderr(count, count, n)`` gives
    ``count / n`` and the binomial ``sqrt(p (1 - p) / n)``. ``n = 0`` gives ``(0.0, 0.0)``.
    """
    if not n:
        return 0.0, 0.0
    mean = total / n
    return mean, math.sqrt(max(total_sq / n - mean * mean, 0.0) / n)


def ratio_and_stderr(x: float, y: float, xx: float, xy: float, yy: float, n: int) -> tuple[float, float]:
    """The ratio ``sum(x) / sum(y)`` of ``n`` paired observations (e.g. the house's win over the
    amount staked: the element of risk) and its standard error by the delta method, from the sums
    ``x``, ``y``, ``x*x``, ``x*y`` and ``y*y``: ``se = sqrt(var(x - R y) / n) / mean(y)``. ``y = 0``
    gives ``(0.0, 0.0)``."""
    if not n or not y:
        return 0.0, 0.0
    r = x / y
    var = max(xx / n - 2 * r * xy / n + r * r * yy / n, 0.0)
    return r, math.sqrt(var / n) / (y / n)


def frequency(count: int, n: int) -> dict[str, float | int]:
    """``{"count", "frequency", "std_error"}`` of an event seen ``count`` times in ``n`` rounds (the
    binomial standard error, :func:`mean_and_stderr`): how every simulated frequency is reported."""
    f, se = mean_and_stderr(count, count, n)
    return {"count": int(count), "frequency": f, "std_error": se}


_P = TypeVar("_P", bound="PotShares")


@dataclass(frozen=True)
class PotShares:
    """A hand's (or seat's) figures over many deals: ``win`` (held the best hand alone), ``tie``
    (shared the best hand) and ``equity`` (mean share of the pot, a tie among k giving each 1/k), as
    ``Fraction``, and their standard errors (float; 0.0 for an exact enumeration).

    The base of :class:`pyeval.equity.PlayerEquity` and :class:`pyeval.poker.sim.SeatResult`, which
    add what the figures belong to; :meth:`from_sums` derives them from a sample's sums.
    """

    win: Fraction
    tie: Fraction
    equity: Fraction
    win_stderr: float
    tie_stderr: float
    equity_stderr: float

    @classmethod
    def from_sums(cls: type[_P], n: int, wins: int, ties: int, share: Fraction, share_sq: Fraction, /,
                  **extra: Any) -> _P:
        """The figures of ``n`` independent deals from their sums: ``wins`` and ``ties`` (deals won
        alone, deals shared), ``share`` and ``share_sq`` (the pot shares and their squares, summed);
        ``extra`` are the subclass's own fields. ``n = 0`` gives zeros."""
        if not n:
            zero = Fraction(0)
            return cls(win=zero, tie=zero, equity=zero, win_stderr=0.0, tie_stderr=0.0, equity_stderr=0.0,
                       **extra)
        return cls(win=Fraction(wins, n), tie=Fraction(ties, n), equity=share / n,
                   win_stderr=mean_and_stderr(wins, wins, n)[1], tie_stderr=mean_and_stderr(ties, ties, n)[1],
                   equity_stderr=mean_and_stderr(float(share), float(share_sq), n)[1], **extra)


@dataclass(frozen=True)
class Convergence:
    """How a simulation's estimates settled: after the first ``j`` streams (``rounds[j-1]`` rounds
    in all), each followed figure's estimate and standard error.

    ``game``: the game's name; ``seed``; ``label``: what the figures are (e.g. ``"house edge per
    ante"``); ``names``: one per followed figure (a seat's equity, the game's house edge, ...);
    ``rounds``: int64 (k,); ``estimate``, ``stderr``: float64 (k, len(names)); the last row is the
    whole run's result. Drawn by :func:`pyeval.plot.convergence_figure`.
    """

    game: str
    seed: int
    label: str
    names: tuple[str, ...]
    rounds: Any
    estimate: Any
    stderr: Any

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data: the points of every followed figure."""
        return {"game": self.game, "seed": self.seed, "label": self.label, "figures": list(self.names),
                "rounds": self.rounds.tolist(), "estimate": self.estimate.tolist(), "stderr": self.stderr.tolist()}


_GAME_NAMES = {"HoldemShowdown": "Hold'em showdowns", "HeadsUpSim": "Heads-Up Hold'em", "CrissCrossSim": "Criss-Cross Poker"}


def headline(result: Any) -> tuple[str, dict[str, tuple[float, float]]]:
    """The figures a convergence plot follows for a simulation ``result``: ``(label, {name: (value,
    standard error)})`` -- each seat's equity (hold'em showdowns), the game's house edge with its
    the house edge of the main wagers (the house games' ``main`` figures).

    Raises:
        SimulationError: a result of a game this does not know.
    """
    d = result.to_dict()
    if "seats" in d:
        return "equity", {f"seat {s['seat']}": (s["equity"], s["equity_stderr"]) for s in d["seats"]}  # as the report numbers them
    main = d.get("main")
    if isinstance(main, dict) and "house_edge" in main:  # the house games' one layout (docs/simulation.md)
        return "house edge (per initial wager)", {"game": (main["house_edge"], main["std_error"])}
    raise SimulationError(f"no convergence figures for a {type(result).__name__}")


def convergence(game: SimGame[Any, R_co], rounds: int, *, seed: int | None = None, streams: int = 64,
                executor: Executor | None = None,
                progress: Callable[[int], None] | None = None) -> tuple[R_co, Convergence]:
    """:func:`simulate` of ``game`` that also keeps how the estimate settled: the result is exactly
    ``simulate(game, rounds, seed=s, streams=streams)`` (``s`` the seed used), and the
    :class:`Convergence` has one point per stream (the running estimate over streams 1..j).

    Raises:
        The errors of :func:`simulate`; SimulationError for a game :func:`headline` does not know.
        RunInterrupted: Ctrl-C (as :func:`simulate`).
    """
    import numpy as np

    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise SimulationError(f"rounds must be an int 1..10**12, got {rounds!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise SimulationError(f"executor must be a concurrent.futures.Executor or None, got {executor!r}")
    game.check()
    k = check_streams(streams)
    counts = split(rounds, k)
    s = resolve_seed(seed)
    parts = run_streams(partial(_stream_task, game, s), counts, executor, progress)
    used = [n for n in counts if n > 0]
    points: list[tuple[int, dict[str, tuple[float, float]]]] = []
    label = ""
    for j in range(1, len(parts) + 1):
        n = sum(used[:j])
        label, figs = headline(game.result(game.merge(parts[:j]), n, s, k))
        points.append((n, figs))
    names = tuple(points[-1][1])
    est = np.array([[p[1][m][0] for m in names] for p in points], dtype=np.float64)
    se = np.array([[p[1][m][1] for m in names] for p in points], dtype=np.float64)
    result = game.result(game.merge(parts), rounds, s, k)
    name = _GAME_NAMES.get(type(game).__name__, type(game).__name__)
    return result, Convergence(name, s, label, names, np.array([p[0] for p in points], dtype=np.int64), est, se)

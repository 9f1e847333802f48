"""One simulation runner for every game: :func:`simulate` (``pyeval.simulate``).

``simulate(game, rounds, *, seed=None, streams=1, executor=None, progress=None)`` runs any game
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

:func:`mean_and_stderr` is the one standard-error helper of the simulations.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from functools import partial
from typing import Any, Protocol, TypeVar

from .errors import SimulationError
from .parallel import check_streams, run_streams, split
from .shoe.rng import resolve_seed

__all__ = ["SimGame", "SimResult", "simulate", "mean_and_stderr", "in_chunks", "MAX_ROUNDS"]

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

    def result(self, totals: S, rounds: int, seed: int, streams: int) -> R_co:
        """Every figure, derived from the merged totals."""


def _stream_task(game: SimGame[S, Any], seed: int, stream: int, rounds: int) -> S:
    return game.run_stream(seed, stream, rounds, None)


def simulate(game: SimGame[Any, R_co], rounds: int, *, seed: int | None = None, streams: int = 1,
             executor: Executor | None = None, progress: Callable[[int], None] | None = None) -> R_co:
    """Simulate ``rounds`` rounds of ``game``.

    Args:
        game: a game configuration (:class:`SimGame`), e.g. ``HoldemShowdown(players=6)``.
        rounds: 1..:data:`MAX_ROUNDS`.
        seed: int 0..2**256-1, or None for a fresh 256-bit seed (reported in the result).
        streams: independent streams of the seed, 1..65536 (:mod:`pyeval.parallel`).
        executor: any ``concurrent.futures.Executor`` running one task per stream (processes,
            threads -- the C calls release the GIL -- or Dask's ``Client.get_executor()``); None
            runs here, one stream after another.
        progress: called with the rounds just finished (after each C call when run here, after
            each stream with an executor).
    Returns:
        The game's result (with ``to_dict()``).
    Raises:
        SimulationError: ``rounds`` or ``executor`` invalid. SeedError: a bad seed or stream count.
        The game's own errors for a bad configuration (e.g. TableRulesError, WagerNotAllowedError).
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise SimulationError(f"rounds must be an int 1..10**12, got {rounds!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise SimulationError(f"executor must be a concurrent.futures.Executor or None, got {executor!r}")
    game.check()
    s = resolve_seed(seed)
    k = check_streams(streams)
    counts = split(rounds, k)
    if executor is None:
        parts = [game.run_stream(s, j, n, progress) for j, n in enumerate(counts) if n]
    else:
        parts = run_streams(partial(_stream_task, game, s), counts, executor, progress)
    return game.result(game.merge(parts), rounds, s, k)


def in_chunks(rounds: int, chunk: int, play: Callable[[int], object],
              progress: Callable[[int], None] | None) -> None:
    """Play ``rounds`` rounds as ``play(n)`` calls of at most ``chunk`` rounds each (a stream's draws
    depend on the chunk size, so it is part of the game's definition), telling ``progress`` after each."""
    done = 0
    while done < rounds:
        n = min(chunk, rounds - done)
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

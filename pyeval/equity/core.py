"""Hold'em equity of 2..10 hands or ranges: exact enumeration or Monte Carlo, in C.

:func:`equity` returns, per player, the probability of winning alone (``win``), of sharing the
best hand (``tie``), and the expected share of the pot (``equity``: a tie among k players gives each
1/k), with standard errors for Monte Carlo. The C kernels (``csrc/pe_equity.h``) evaluate by the
evaluator's key sums: the board's key is summed once and each player's two hole-card keys added.

Runs are reproducible and mergeable (:mod:`pyeval.parallel`): Monte Carlo trials are split over
``streams`` independent streams of the seed, each returns integer sums (:class:`EquityStats`), and
the result is their sum -- the same for any executor or number of workers.
"""
from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache, partial
from typing import Any, Union

import numpy as np

from .._batch import check_threads, run_threads
from .._bindings import Status, check, ffi, lib
from ..cards import format_cards, to_cards
from ..errors import DuplicateCardError, EquityError, PyevalError, RunInterrupted
from ..parallel import DEFAULT_STREAMS as PARALLEL_DEFAULT_STREAMS
from ..parallel import (
    check_interrupt, check_seed, check_stop, check_streams, completed, deferred_sigint, default_executor, rng_from_state,
    rng_state, run_streams, split, stop_running, stream_rng, submit_stoppable,
)
from ..simulation import PotShares
from .ranges import Range, parse_range

__all__ = ["equity", "EquityResult", "PlayerEquity", "EquityStats", "run_stream", "SHARE_UNIT",
           "DEFAULT_TRIALS", "DEFAULT_STREAMS", "EXACT_MAX_EVALUATIONS", "ADAPTIVE_TRIAL_CAP"]

#: Pot shares are counted in units of 1/2520 pot (2520 = lcm(1..10): exact for any tie).
SHARE_UNIT = 2520
#: Monte Carlo trials when none of ``trials``, ``target_stderr``, ``time_budget`` is given.
DEFAULT_TRIALS = 1_000_000
#: Streams of a Monte Carlo run unless ``streams`` is given (independent of the worker count).
DEFAULT_STREAMS = PARALLEL_DEFAULT_STREAMS  # every Monte Carlo run and simulation (pyeval.parallel)
#: ``exact=None`` enumerates when the evaluations of the exact run -- board classes (``pe_eq_exact_cost``:
#: rank classes and flush boards) of the distinct suit-canonical deals x players -- are at most
#: this: about 0.05 s on one core at the measured 8-9 ns a class and player (``QQ+,AKs`` vs ``JJ-99``:
#: 1.9e6, 0.017 s; ``TT+, AK`` vs ``22+``: 1.4e7, 0.11 s, sampled), near the 0.03 s of the default
#: 1,000,000-trial Monte Carlo run.
EXACT_AUTO_LIMIT = 6_000_000
#: ``exact=None`` counts the canonical deals of at most this many deals (product of the range
#: sizes); more, and it samples.
_AUTO_PLAN_DEALS = 20_000
#: ``exact=True`` refuses (EquityError naming the estimate) above this many hand evaluations
#: (compatible deals x boards x players, before the suit isomorphism saves its 3-20x).
EXACT_MAX_EVALUATIONS = 100_000_000_000
#: An adaptive run (``target_stderr`` / ``time_budget``) without ``trials`` stops at this many trials.
ADAPTIVE_TRIAL_CAP = 2_000_000_000
#: ``executor=None`` uses a process per core from this many trials on.
PARALLEL_FROM = 50_000_000
_CHUNK = 1 << 22  # trials per C call (keeps Ctrl-C and progress responsive)
_EXACT_CHUNK = 4096  # hand tuples per C call

PlayerLike = Union[str, Range, Sequence[int]]


@dataclass(frozen=True)
class EquityStats:
    """Mergeable sums of a run: ``trials`` boards; per player ``win`` (alone best), ``tie`` (shared
    best), ``share`` (pot shares in units of 1/:data:`SHARE_UNIT`) and ``share_sq`` (sum of squared
    per-trial shares; 0 for exact enumeration). ``a + b`` adds two runs of the same players."""

    trials: int
    win: tuple[int, ...]
    tie: tuple[int, ...]
    share: tuple[int, ...]
    share_sq: tuple[int, ...]

    @classmethod
    def zero(cls, players: int) -> EquityStats:
        """Empty sums for ``players`` players: the identity of ``+``."""
        z = (0,) * players
        return cls(0, z, z, z, z)

    @classmethod
    def _from_c(cls, acc: Any, players: int) -> EquityStats:
        return cls(int(acc.trials), tuple(acc.win[0:players]), tuple(acc.tie[0:players]),
                   tuple(acc.share[0:players]), tuple(acc.share_sq[0:players]))

    def __add__(self, other: EquityStats) -> EquityStats:
        if not isinstance(other, EquityStats) or len(other.win) != len(self.win):
            return NotImplemented
        def add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(x + y for x, y in zip(a, b))
        return EquityStats(self.trials + other.trials, add(self.win, other.win), add(self.tie, other.tie),
                           add(self.share, other.share), add(self.share_sq, other.share_sq))


@dataclass(frozen=True)
class PlayerEquity(PotShares):
    """One player's result: ``hand`` (the hand or range as given), ``combos`` (combinations in the
    range after card removal by the board and dead cards), and the
    :class:`~pyeval.simulation.PotShares` figures ``win``, ``tie``, ``equity`` (``Fraction``: exact
    for an enumeration, the sample's exact ratio for Monte Carlo) with their standard errors
    ``win_stderr``, ``tie_stderr``, ``equity_stderr`` (float, 0.0 when exact)."""

    hand: str
    combos: int


@dataclass(frozen=True)
class EquityResult:
    """What :func:`equity` returns: ``players`` (:class:`PlayerEquity`, in the order given),
    ``board`` and ``dead`` (card ints), ``exact`` (True: every board enumerated), ``boards`` (boards
    evaluated: per hand tuple times tuples, or Monte Carlo trials), ``seed`` and ``streams`` (Monte
    Carlo), ``stats`` (the mergeable sums; None for an exact run over ranges with unequal weights),
    ``seconds`` (wall time; not compared: ``==`` tells whether two results are the same)."""

    players: tuple[PlayerEquity, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    exact: bool
    boards: int
    seed: int | None
    streams: int | None
    stats: EquityStats | None
    seconds: float = field(compare=False)  # wall time: two runs of the same spot are equal results

    @property
    def method(self) -> str:
        """``"exact"`` (every board enumerated) or ``"monte-carlo"`` (sampled)."""
        return "exact" if self.exact else "monte-carlo"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (fractions as ``"num/den"`` strings beside floats)."""
        return {
            "method": self.method, "board": format_cards(self.board), "dead": format_cards(self.dead),
            "exact": self.exact,
            "boards": self.boards, "seed": self.seed, "streams": self.streams, "seconds": self.seconds,
            "players": [{"hand": p.hand, "combos": p.combos, "win": float(p.win), "tie": float(p.tie),
                         "equity": float(p.equity), "equity_exact": str(p.equity) if self.exact else None,
                         "win_stderr": p.win_stderr, "tie_stderr": p.tie_stderr,
                         "equity_stderr": p.equity_stderr} for p in self.players],
        }


# ---- inputs ---------------------------------------------------------------------------------


def _to_range(p: object, i: int) -> Range:
    if isinstance(p, Range):
        return p
    if isinstance(p, str):
        return _parse_cached(p)
    if isinstance(p, (tuple, list)) and len(p) == 2 and all(isinstance(c, (int, str)) for c in p):
        cards = _card_list(p)
        if len(cards) == 2:
            return Range.from_combos([(cards[0], cards[1])])
    raise EquityError(f"player {i + 1}: expected a hand or range as text ('AhKh', 'TT+, AKs'), two "
                      f"card ints, or a Range; got {p!r}")


@lru_cache(maxsize=4096)
def _parse_cached(text: str) -> Range:
    """parse_range, once per text (a Range is immutable)."""
    return parse_range(text)


def _card_list(v: object) -> tuple[int, ...]:
    """to_cards, also taking a list of card strings (["Ah", "Kh"])."""
    if isinstance(v, (tuple, list)) and v and all(isinstance(c, str) for c in v):
        return to_cards(" ".join(v))
    return to_cards(v)  # type: ignore[arg-type]


def _cards(v: object, what: str) -> tuple[int, ...]:
    if v is None:
        return ()
    try:
        return _card_list(v)
    except PyevalError as exc:
        raise type(exc)(f"{what}: {exc}") from None


def _prepare(players: Sequence[PlayerLike], board: object, dead: object) -> tuple[list[Range], tuple[int, ...], tuple[int, ...]]:
    if isinstance(players, (str, Range)) or not isinstance(players, Sequence):
        raise EquityError("players must be a list of hands or ranges, e.g. ['AhKh', 'QsQd']")
    if not 2 <= len(players) <= 10:
        raise EquityError(f"equity needs 2 to 10 players, got {len(players)}")
    b = _cards(board, "board")
    d = _cards(dead, "dead")
    if len(b) not in (0, 3, 4, 5):
        raise EquityError(f"the board has 0, 3, 4 or 5 cards, got {len(b)}")
    if len(set(b + d)) != len(b) + len(d):
        raise DuplicateCardError(f"a card is both on the board and dead (or named twice): "
                                 f"board {format_cards(b)}, dead {format_cards(d)}")
    ranges = []
    for i, p in enumerate(players):
        r = _to_range(p, i)
        kept = r.without(b + d)
        if not len(kept):
            raise EquityError(f"player {i + 1} ({r.text}): every combination uses a board or dead card")
        ranges.append(kept)
    if 52 - 2 * len(ranges) - len(d) < 5:
        raise EquityError(f"not enough cards: {len(ranges)} players and {len(d)} dead cards leave no full board")
    return ranges, b, d


def _tuples(ranges: list[Range]) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every compatible deal of the ranges (no card shared): (hole cards, product of weights)."""
    p = len(ranges)

    def rec(i: int, used: int, cards: tuple[int, ...], w: Fraction) -> Iterator[tuple[tuple[int, ...], Fraction]]:
        if i == p:
            yield cards, w
            return
        for (a, b), wc in zip(ranges[i].combos, ranges[i].weights):
            bits = (1 << a) | (1 << b)
            if not used & bits:
                yield from rec(i + 1, used | bits, cards + (a, b), w * wc)

    yield from rec(0, 0, (), Fraction(1))


def _check_dealable(ranges: list[Range]) -> None:
    if next(_tuples(ranges), None) is None:
        raise EquityError("the ranges cannot all be dealt at once: every combination of them shares a card")


#: Equity's overrides of the binding layer's status -> exception table: a bad argument or too few
#: cards left is an EquityError here (the Python checks normally catch both first).
_ERRORS: Mapping[int, type[PyevalError]] = {Status.ERR_ARG: EquityError, Status.SHOE_EXHAUSTED: EquityError}


# ---- exact ----------------------------------------------------------------------------------


def _exact_rows(rows: Any, mult: Any, players: int, board: tuple[int, ...], dead: tuple[int, ...],
                part: int = 0, parts: int = 1) -> EquityStats:
    """One C call: the deals ``rows`` (uint8, shape (n, 2 * players)), deal i counted ``mult[i]`` times;
    only part ``part`` of ``parts`` of the boards (``pe_eq_exact_part``: the parts add up to the whole)."""
    acc = ffi.new("pe_eq_stats *")
    st = lib.pe_eq_exact_part(ffi.from_buffer("uint8_t[]", rows), ffi.from_buffer("uint64_t[]", mult), len(rows),
                              players, bytes(board), len(board), bytes(dead), len(dead), part, parts, acc)
    check(st, "exact enumeration", _ERRORS)
    return EquityStats._from_c(acc, players)


def _canonical(holes: bytes, players: int, board: tuple[int, ...], dead: tuple[int, ...]) -> tuple[Any, Any]:
    """The distinct suit-canonical deals among ``holes`` (pe_eq_canon) and how many deals each stands for."""
    n = len(holes) // (2 * players)
    canon = np.empty((n, 2 * players), dtype=np.uint8)
    st = lib.pe_eq_canon(ffi.from_buffer(holes), n, players, bytes(board), len(board), bytes(dead), len(dead),
                         ffi.from_buffer("uint8_t[]", canon, require_writable=True))
    check(st, "exact enumeration", _ERRORS)
    rows, counts = np.unique(canon, axis=0, return_counts=True)
    return np.ascontiguousarray(rows), counts.astype(np.uint64)


def _plan(ranges: list[Range], board: tuple[int, ...], dead: tuple[int, ...]) -> tuple[list[tuple[Fraction, Any, Any]], int]:
    """The work of an exact run: every compatible deal, grouped by weight and reduced to its distinct
    suit-canonical forms, as ``[(weight, rows, multiplicities)]``, and the number of deals."""
    p = len(ranges)
    groups: dict[Fraction, bytearray] = {}
    count = 0
    for cards, w in _tuples(ranges):
        groups.setdefault(w, bytearray()).extend(cards)
        count += 1
    if not count:
        raise EquityError("the ranges cannot all be dealt at once: every combination of them shares a card")
    return [(w, *_canonical(bytes(buf), p, board, dead)) for w, buf in groups.items()], count


def _exact_cost(rows: Any, players: int, board: tuple[int, ...], dead: tuple[int, ...]) -> int:
    """The board classes the exact run evaluates for the deals ``rows`` (``pe_eq_exact_cost``)."""
    out = ffi.new("uint64_t *")
    st = lib.pe_eq_exact_cost(ffi.from_buffer("uint8_t[]", rows), len(rows), players, bytes(board), len(board),
                              bytes(dead), len(dead), out)
    check(st, "exact enumeration", _ERRORS)
    return int(out[0])


def _auto_exact(ranges: list[Range], board: tuple[int, ...], dead: tuple[int, ...],
                per_board: int) -> tuple[bool, tuple[list[tuple[Fraction, Any, Any]], int] | None]:
    """``exact=None``: enumerate when the exact run's evaluations, counted -- the board classes of
    the distinct suit-canonical deals x players -- are at most :data:`EXACT_AUTO_LIMIT` (at most
    deals x boards x players, which decides alone when it is that small). Counting costs a pass
    over the deals, made only for up to :data:`_AUTO_PLAN_DEALS` deals; the plan made is returned
    for the exact run to use."""
    p = len(ranges)
    deals = math.prod(len(r) for r in ranges)
    if deals * per_board * p <= EXACT_AUTO_LIMIT:
        return True, None
    if deals > _AUTO_PLAN_DEALS:
        return False, None
    plan = _plan(ranges, board, dead)
    classes = sum(_exact_cost(rows, p, board, dead) for _, rows, _ in plan[0])
    return classes * p <= EXACT_AUTO_LIMIT, plan


def _exact_cheap(players: Sequence[PlayerLike], board: object = (), dead: object = ()) -> bool:
    """Whether ``equity(players, board, dead)`` without Monte Carlo options enumerates (the rule of
    ``exact=None``: see :data:`EXACT_AUTO_LIMIT`). Raises: as :func:`equity` for bad players or cards."""
    ranges, b, d = _prepare(players, board, dead)
    return _auto_exact(ranges, b, d, int(lib.pe_eq_board_count(len(ranges), len(b), len(d))))[0]


def _exact(ranges: list[Range], board: tuple[int, ...], dead: tuple[int, ...],
           progress: Callable[[int], None] | None, threads: int = 1,
           plan: tuple[list[tuple[Fraction, Any, Any]], int] | None = None) -> tuple[list[tuple[Fraction, EquityStats]], int]:
    """Stats per weight group and the number of hand tuples.

    Deals of equal weight are reduced to their distinct suit-canonical forms (a suit permutation
    fixing the board and dead cards changes no outcome), each enumerated once and counted with its
    multiplicity; the boards are counted by the rank classes of ``pe_eq_exact_w``. With fewer deals
    than threads (one hand against one hand is one deal), each deal's boards are split into one part
    a thread (``pe_eq_exact_part``). The integer sums are exactly those of the plain enumeration of
    every deal and board, whatever the threads."""
    p = len(ranges)
    canon, count = plan if plan is not None else _plan(ranges, board, dead)
    per = int(lib.pe_eq_board_count(p, len(board), len(dead)))
    rows_total = sum(len(rows) for _, rows, _ in canon)
    parts = threads if 1 < threads and rows_total < 2 * threads else 1
    jobs: list[tuple[Fraction, Any, Any, int]] = []
    for w, rows, counts in canon:
        step = max(1, min(_EXACT_CHUNK, -(-len(rows) // max(1, 4 * threads))))
        jobs += [(w, rows[i:i + step], counts[i:i + step], part) for i in range(0, len(rows), step)
                 for part in range(parts)]

    def run(w: Fraction, rows: Any, counts: Any, part: int) -> tuple[Fraction, EquityStats]:
        st = _exact_rows(rows, counts, p, board, dead, part, parts)
        if progress is not None:
            done = int(counts.sum()) * per
            progress(done * (part + 1) // parts - done * part // parts)
        return w, st

    if threads <= 1:
        return [run(*j) for j in jobs], count
    done = run_threads(run, jobs)
    return [(done[i][0], _fold_parts([st for _, st in done[i:i + parts]])) for i in range(0, len(done), parts)], count


def _fold_parts(parts: list[EquityStats]) -> EquityStats:
    """The sums of one C call's parts (``pe_eq_exact_part``): a part may hold a flush correction of a
    board class another part counted, so its sums are right modulo 2**64 only; the whole run's are
    below 2**64 (:data:`EXACT_MAX_EVALUATIONS` bounds them), so their sum modulo 2**64 is exact."""
    m = (1 << 64) - 1
    s = sum(parts[1:], parts[0])
    def fold(t: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(v & m for v in t)
    return EquityStats(s.trials & m, fold(s.win), fold(s.tie), fold(s.share), fold(s.share_sq))


# ---- Monte Carlo ------------------------------------------------------------------------------


def _mc_spec(ranges: list[Range], board: tuple[int, ...], dead: tuple[int, ...]) -> tuple[Any, ...]:
    """Plain (picklable) data for the C sampler: combos, offsets, integer cumulative weights."""
    combos = bytearray()
    offsets = [0]
    cumw: list[int] = []
    for r in ranges:
        den = math.lcm(*(w.denominator for w in r.weights))
        ints = [int(w * den) for w in r.weights]
        g = math.gcd(*ints)  # the primitive integer weights: what pe_eq_spot derives in C too
        total = 0
        for (a, b), w in zip(r.combos, ints):
            combos += bytes((a, b))
            total += w // g
            cumw.append(total)
        if total >= 2**62:
            raise EquityError(f"range {r.text!r}: weights need too fine a common denominator ({den})")
        offsets.append(len(cumw))
    return bytes(combos), tuple(offsets), tuple(cumw), len(ranges), bytes(board), bytes(dead)


def _sample(spec: tuple[Any, ...], rng: Any, n: int) -> EquityStats:
    combos, offsets, cumw, p, board, dead = spec
    acc = ffi.new("pe_eq_stats *")
    st = lib.pe_eq_sample(combos, offsets, cumw, p, board, len(board), dead, len(dead), rng, n, acc)
    check(st, "Monte Carlo", _ERRORS)
    return EquityStats._from_c(acc, p)


def _sample_chunks(spec: tuple[Any, ...], rng: Any, n: int, progress: Callable[[int], None] | None) -> EquityStats:
    total = EquityStats.zero(spec[3])
    done = 0
    while done < n:
        check_stop()  # a thread pool's run stopped by Ctrl-C ends here (pyeval.parallel.check_stop)
        k = min(_CHUNK, n - done)
        total = total + _sample(spec, rng, k)
        done += k
        if progress is not None:
            progress(k)
    return total


def _mc_stream(spec: tuple[Any, ...], seed: int, stream: int, n: int,
               progress: Callable[[int], None] | None = None) -> EquityStats:
    return _sample_chunks(spec, stream_rng(seed, stream), n, progress)


def _mc_continue(spec: tuple[Any, ...], state: tuple[int, int, int, int],
                 n: int) -> tuple[EquityStats, tuple[int, int, int, int]]:
    rng = rng_from_state(state)
    stats = _sample_chunks(spec, rng, n, None)
    return stats, rng_state(rng)


def run_stream(players: Sequence[PlayerLike], trials: int, seed: int, stream: int, *, board: object = (),
               dead: object = ()) -> EquityStats:
    """The sums of one Monte Carlo stream: ``trials`` trials on stream ``stream`` of ``seed``.

    ``equity(players, trials=N, seed=s, streams=k).stats`` equals the sum over ``j`` of
    ``run_stream(players, pyeval.parallel.split(N, k)[j], s, j)``: a run can be split across machines
    by stream and merged by adding the :class:`EquityStats`.
    Raises: as :func:`equity`.
    """
    ranges, b, d = _prepare(players, board, dead)
    _check_dealable(ranges)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 0:
        raise EquityError(f"trials must be an int >= 0, got {trials!r}")
    if isinstance(stream, bool) or not isinstance(stream, int) or not 0 <= stream < 1 << 20:
        raise EquityError(f"stream must be an int 0..2**20-1, got {stream!r}")
    return _mc_stream(_mc_spec(ranges, b, d), check_seed(seed), stream, trials)


# ---- results --------------------------------------------------------------------------------


def _players_mc(ranges: list[Range], s: EquityStats) -> tuple[PlayerEquity, ...]:
    U = SHARE_UNIT
    return tuple(PlayerEquity.from_sums(s.trials, s.win[i], s.tie[i], Fraction(s.share[i], U),
                                        Fraction(s.share_sq[i], U * U), hand=r.text, combos=len(r))
                 for i, r in enumerate(ranges))


def _players_exact(ranges: list[Range], groups: list[tuple[Fraction, EquityStats]]) -> tuple[PlayerEquity, ...]:
    total = sum(w * s.trials for w, s in groups)
    out = []
    for i, r in enumerate(ranges):
        win = sum((w * s.win[i] for w, s in groups), Fraction(0)) / total
        tie = sum((w * s.tie[i] for w, s in groups), Fraction(0)) / total
        eq = sum((w * s.share[i] for w, s in groups), Fraction(0)) / (total * SHARE_UNIT)
        out.append(PlayerEquity(win=win, tie=tie, equity=eq, win_stderr=0.0, tie_stderr=0.0, equity_stderr=0.0,
                                hand=r.text, combos=len(r)))
    return tuple(out)


def _check_count(v: object, what: str, lo: float) -> None:
    if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not v >= lo
                          or (isinstance(v, float) and not math.isfinite(v))):
        raise EquityError(f"{what} must be a number >= {lo}, got {v!r}")


def equity(players: Sequence[PlayerLike], board: object = (), dead: object = (), exact: bool | None = None,
           seed: int | None = None, *, trials: int | None = None, target_stderr: float | None = None,
           time_budget: float | None = None, streams: int | None = None, executor: Executor | None = None,
           workers: int | None = None, progress: Callable[[int], None] | None = None,
           threads: int = 1) -> EquityResult:
    """Hold'em equity of 2..10 players' hands or ranges, with an optional board and dead cards.

    Args:
        players: per player, a hand or range: text (``"AhKh"``, ``"TT+, AKs, A2s-A5s:0.5"``; see
            :mod:`pyeval.equity.ranges`), two card ints (``(51, 47)``), or a :class:`Range`.
            Overlapping ranges are dealt with card removal: only deals where no card is held twice
            count, each with the product of its combinations' weights.
        board: 0, 3, 4 or 5 known board cards (text or card ints). dead: cards out of play.
        exact: True enumerates every remaining board for every compatible deal of the ranges
            (deals and boards equal up to a suit permutation are enumerated once and counted with
            their multiplicity: the exact ``Fraction`` results are those of the plain enumeration);
            refused with EquityError when deals x boards x players exceeds
            :data:`EXACT_MAX_EVALUATIONS` (e.g. three random hands: about 1e16). False samples
            (Monte Carlo); None (default) enumerates when no Monte Carlo option is given and the
            work is cheap: board classes of the distinct suit-canonical deals x players <=
            :data:`EXACT_AUTO_LIMIT` (``AKs`` vs ``QQ``: 2 deals, about 83,000 evaluations; see
            ``pyeval equity --grid`` uses the same rule per class), else samples.
            :attr:`EquityResult.method` says which ran.
        seed: Monte Carlo seed 0..2**256-1; None draws one (reported in the result).
        trials: Monte Carlo trials (default :data:`DEFAULT_TRIALS`, or the cap of an adaptive run).
        target_stderr: stop once every player's equity standard error is at most this (> 0;
            checked after rounds of trials whose sizes depend only on the arguments: reproducible),
            or at ``trials`` (default :data:`ADAPTIVE_TRIAL_CAP`) trials.
        time_budget: stop after about this many seconds (not reproducible: the trial count depends
            on the machine).
        streams: independent streams of the seed (default :data:`DEFAULT_STREAMS`); the result
            depends on (seed, streams, trials) only, never on the executor or workers.
        executor: any ``concurrent.futures.Executor`` running one task per stream (a process pool,
            a thread pool -- the C call releases the GIL -- or Dask's ``Client.get_executor()``).
            None: in this process, or a process per core (``workers``) from
            :data:`PARALLEL_FROM` trials (or a time budget of 2 s) on.
        workers: processes of the default executor (1: always in this process).
        progress: called with the number of boards or trials just finished.
        threads: exact enumeration on this many threads of one shared pool (the C calls release
            the GIL; 0: every core): the deals are spread over them, and with fewer deals than
            threads (a hand against a hand) each deal's boards are split; the sums do not depend on
            it. Monte Carlo ignores it (see ``executor``).
    Returns:
        :class:`EquityResult` (per player win / tie / equity as ``Fraction``, standard errors).
    Raises:
        RangeError (bad range text, naming the token), InvalidCardError / DuplicateCardError (bad
        or repeated cards), EquityError (player count, board size, a range emptied by card removal,
        ranges that cannot be dealt together, bad options), SeedError (bad seed or streams).
    """
    t0 = time.perf_counter()
    nthreads = _check_options(exact, seed, trials, target_stderr, time_budget, streams, executor, workers, threads)
    if executor is None and progress is None and target_stderr is None and time_budget is None:
        from .fast import fast_equity  # small spots: one C call (a call a thread; pyeval/equity/fast.py)

        fast = fast_equity(players, board, dead, exact, seed, trials, streams, t0, nthreads)
        if fast is not None:
            return fast
    ranges, b, d = _prepare(players, board, dead)
    per_board = int(lib.pe_eq_board_count(len(ranges), len(b), len(d)))
    mc_asked = trials is not None or target_stderr is not None or time_budget is not None
    plan = None
    if exact is None:
        exact, plan = (False, None) if mc_asked else _auto_exact(ranges, b, d, per_board)
    if exact:
        return _equity_exact(ranges, b, d, per_board, progress, nthreads, plan, t0)
    _check_dealable(ranges)
    return _equity_mc(ranges, b, d, _MCOptions(seed, trials, target_stderr, time_budget, streams, executor, workers),
                      progress, t0)


def _check_options(exact: object, seed: object, trials: object, target_stderr: object, time_budget: object,
                   streams: object, executor: object, workers: object, threads: object) -> int:
    """:func:`equity`'s option checks (EquityError, SeedError); returns the thread count."""
    _check_count(trials, "trials", 1)
    _check_count(target_stderr, "target_stderr", 0)
    if target_stderr is not None and not target_stderr > 0:  # type: ignore[operator]
        raise EquityError(f"target_stderr must be > 0 (an exact answer needs exact=True, --exact on the command "
                          f"line), got {target_stderr!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise EquityError(f"executor must be a concurrent.futures.Executor (something with .submit), "
                          f"got {executor!r}")
    nthreads = check_threads(threads, EquityError)
    _check_count(time_budget, "time_budget", 0)
    if trials is not None and not isinstance(trials, int):
        raise EquityError(f"trials must be an int, got {trials!r}")
    if exact not in (None, True, False):
        raise EquityError(f"exact must be True, False or None, got {exact!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise EquityError(f"workers must be an int >= 1, got {workers!r}")
    if exact is True and (trials is not None or target_stderr is not None or time_budget is not None):
        raise EquityError("trials, target_stderr and time_budget (--trials, --target-stderr, --time-budget) are "
                          "Monte Carlo options; exact=True (--exact) enumerates every board: give one or the other")
    if seed is not None:  # checked whichever method runs: a bad seed is a mistake either way
        check_seed(seed)
    if streams is not None:
        check_streams(streams)
    return nthreads


def _equity_exact(ranges: list[Range], b: tuple[int, ...], d: tuple[int, ...], per_board: int,
                  progress: Callable[[int], None] | None, nthreads: int,
                  plan: tuple[list[tuple[Fraction, Any, Any]], int] | None, t0: float) -> EquityResult:
    """:func:`equity`'s exact run: refused above :data:`EXACT_MAX_EVALUATIONS`, else every deal and board."""
    p = len(ranges)
    deals = math.prod(len(r) for r in ranges)
    if deals * per_board * p > EXACT_MAX_EVALUATIONS and deals <= 1_000_000:
        deals = sum(1 for _ in _tuples(ranges))  # card removal between the ranges
    if deals * per_board * p > EXACT_MAX_EVALUATIONS:
        raise EquityError(
            f"exact enumeration would evaluate about {deals * per_board * p:.2g} hands ({deals:,} hand "
            f"deals x {per_board:,} boards x {p} players; suit isomorphism and rank classes save 10-100x of "
            f"that), more than the {EXACT_MAX_EVALUATIONS:.0e} pyeval enumerates: use Monte Carlo (exact=False, "
            "e.g. with target_stderr=0.001; on the command line --monte-carlo --target-stderr 0.001)")
    groups, count = _exact(ranges, b, d, progress, nthreads, plan)
    stats = None
    if len({w for w, _ in groups}) == 1:
        stats = sum((s for _, s in groups), EquityStats.zero(p))
    return EquityResult(_players_exact(ranges, groups), b, d, True, count * per_board, None, None, stats,
                        time.perf_counter() - t0)


@dataclass(frozen=True)
class _MCOptions:
    """:func:`equity`'s Monte Carlo options, as given."""

    seed: int | None
    trials: int | None
    target_stderr: float | None
    time_budget: float | None
    streams: int | None
    executor: Executor | None
    workers: int | None


def _equity_mc(ranges: list[Range], b: tuple[int, ...], d: tuple[int, ...], o: _MCOptions,
               progress: Callable[[int], None] | None, t0: float) -> EquityResult:
    """:func:`equity`'s Monte Carlo run: fixed trials over the streams, or adaptive rounds; Ctrl-C
    raises RunInterrupted with the result of the trials finished."""
    p = len(ranges)
    seed = check_seed(o.seed)
    k = check_streams(DEFAULT_STREAMS if o.streams is None else o.streams)
    spec = _mc_spec(ranges, b, d)
    adaptive = o.target_stderr is not None or o.time_budget is not None
    cap = o.trials if o.trials is not None else (ADAPTIVE_TRIAL_CAP if adaptive else DEFAULT_TRIALS)
    asked = o.trials if o.trials is not None else (None if adaptive else cap)  # not the adaptive cap
    big = (asked is not None and asked >= PARALLEL_FROM) or (o.time_budget is not None and o.time_budget >= 2)
    executor, own = o.executor, None
    if executor is None and o.workers != 1 and (os.cpu_count() or 1) > 1 and big:
        executor = own = default_executor(o.workers)
    stats = EquityStats.zero(p)
    try:
        if adaptive:
            stats = _adaptive(spec, seed, k, cap, o.target_stderr, o.time_budget, executor, progress, t0, ranges)
        else:
            stats = _mc_fixed(spec, seed, k, cap, executor, progress)
    except KeyboardInterrupt as stop:  # Ctrl-C: report what the finished streams (or rounds) add up to
        _interrupted(stop, stats, ranges, b, d, seed, k, cap, t0)
    finally:
        if own is not None:
            own.shutdown()
    return EquityResult(_players_mc(ranges, stats), b, d, False, stats.trials, seed, k, stats,
                        time.perf_counter() - t0)


def _mc_fixed(spec: tuple[Any, ...], seed: int, k: int, cap: int, executor: Executor | None,
              progress: Callable[[int], None] | None) -> EquityStats:
    """``cap`` trials split over ``k`` streams, in this process or as tasks of ``executor``. Ctrl-C
    in this process raises RunInterrupted carrying the sums of the streams finished."""
    if executor is None:
        stats = EquityStats.zero(spec[3])
        try:
            for j, n in enumerate(split(cap, k)):
                if n:
                    stats = stats + _mc_stream(spec, seed, j, n, progress)
        except KeyboardInterrupt as stop:  # the streams finished so far are the partial result
            if isinstance(stop, RunInterrupted):
                raise
            raise RunInterrupted(stats, stats.trials, cap) from None
        return stats
    parts = run_streams(partial(_mc_stream, spec, seed), split(cap, k), executor, progress)
    return sum(parts, EquityStats.zero(spec[3]))


def _interrupted(stop: KeyboardInterrupt, stats: EquityStats, ranges: list[Range], b: tuple[int, ...],
                 d: tuple[int, ...], seed: int, k: int, cap: int, t0: float) -> None:
    """Raises RunInterrupted carrying the result of the streams (or rounds) finished before Ctrl-C."""
    p = len(ranges)
    if isinstance(stop, RunInterrupted):
        got = stop.partial
        stats = got if isinstance(got, EquityStats) else sum(got.values(), EquityStats.zero(p))  # type: ignore[attr-defined]
    partial_result = None if not stats.trials else EquityResult(
        _players_mc(ranges, stats), b, d, False, stats.trials, seed, k, stats, time.perf_counter() - t0)
    raise RunInterrupted(partial_result, stats.trials, cap or 0) from None


def _adaptive_round(executor: Executor, stop: threading.Event, futs: list[Future[Any]], spec: tuple[Any, ...],
                    work: list[tuple[Any, int]]) -> list[Any]:
    """One round of :func:`_adaptive` on ``executor``: each ``(state, trials)`` continued as a task
    (appended to ``futs``, so a Ctrl-C handler can stop them), the results in order."""
    with deferred_sigint(stop) as hit:  # Ctrl-C raised at safe points (pyeval.parallel)
        for state, n in work:
            check_interrupt(hit)
            futs.append(submit_stoppable(executor, stop, _mc_continue, spec, state, n))
        for _ in completed(futs, hit):
            pass
    return [f.result() for f in futs]


def _adaptive(spec: tuple[Any, ...], seed: int, k: int, cap: int | None, target: float | None,
              budget: float | None, executor: Executor | None, progress: Callable[[int], None] | None,
              t0: float, ranges: list[Range]) -> EquityStats:
    """Rounds of trials (1M, 2M, 4M, ... up to 64M per round, split over the streams), each stream
    continuing its generator, until the target standard error, the time budget or the cap."""
    states = [rng_state(stream_rng(seed, j)) for j in range(k)]
    stats = EquityStats.zero(spec[3])
    stop = threading.Event()  # a thread pool's tasks stop at their next chunk on Ctrl-C
    futs: list[Future[Any]] = []
    size = 1 << 20
    while True:
        n = size if cap is None else min(size, cap - stats.trials)
        counts = split(n, k)
        jobs = [j for j in range(k) if counts[j]]
        try:
            if executor is None:
                results = [_mc_continue(spec, states[j], counts[j]) for j in jobs]
            else:
                futs = []
                results = _adaptive_round(executor, stop, futs, spec, [(states[j], counts[j]) for j in jobs])
        except KeyboardInterrupt:  # the rounds finished so far are the partial result
            if executor is not None:
                stop_running(executor, stop, futs)
            raise RunInterrupted(stats, stats.trials, cap or 0) from None
        for j, (s, st) in zip(jobs, results):
            stats = stats + s
            states[j] = st
        if progress is not None:
            progress(n)
        if cap is not None and stats.trials >= cap:
            break
        if target is not None and max(pl.equity_stderr for pl in _players_mc(ranges, stats)) <= target:
            break
        if budget is not None and time.perf_counter() - t0 >= budget:
            break
        size = min(size * 2, 1 << 26)
    return stats


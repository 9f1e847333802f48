"""Per-call hold'em equity: one small spot, one C call, floats back.

For engines that ask for equity millions of times with small inputs (a hand against a hand or a
range, two or three hands on any board), :func:`hand_vs_range`, :func:`equities` and
:func:`all_hands_vs_range` are ``METH_FASTCALL`` functions of the compiled module
``pyeval._eqfast``: they read card ints or card text directly, make one call of the C kernel
``pe_eq_spot`` (``csrc/pe_equity.h``: integer counts in C, one conversion to float at the end; the
GIL is released) and never build a ``Fraction``. Ranges given as text or :class:`Range` are parsed
once and kept packed (:func:`pack`). Ask :func:`pyeval.equity.equity` for exact ``Fraction``
results, standard errors and the mergeable sums; both give the same numbers:

* exact (``trials=None``): every compatible deal of the hands or ranges and every board, weighted as
  :func:`~pyeval.equity.equity` weights them; ``hand_vs_range(h, v, b) ==
  float(equity([h, v], b, exact=True).players[0].equity)``.
* Monte Carlo (``trials=N``): ``equity([h, v], b, trials=N, seed=s, streams=k)``'s draws exactly
  (the same seeded streams, the same sums), so ``hand_vs_range(h, v, b, trials=N, seed=s)`` is that
  call's first equity as a float. ``seed=None`` draws a fresh seed from the OS each call.

Anything the C side does not read itself (a list of card strings, numpy arrays, more than three
players, an exact spot above :data:`SPOT_MAX_WORK` hand evaluations, range weights finer than
2**24 steps) or finds wrong (bad or duplicate cards, a range emptied by the board) is handed to the
general path of :mod:`pyeval.equity.core`, which computes it or raises the same error
:func:`~pyeval.equity.equity` raises (RangeError, InvalidCardError, DuplicateCardError,
CardTypeError, EquityError, SeedError).

>>> from pyeval.equity import hand_vs_range, equities
>>> round(hand_vs_range("AhKh", "QsQd", "2c7d9s"), 4)
0.2394
>>> equities(["AhKh", "QsQd"], board="2c7d9sTh3c")
(0.0, 1.0)
"""
from __future__ import annotations

import os
import struct
import time
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .. import _eqfast
from .._bindings import ffi, lib
from ..errors import EquityError, PyevalError
from ..parallel import check_seed, check_streams
from ..shoe.rng import seed_words
from .core import (
    DEFAULT_STREAMS, DEFAULT_TRIALS, SHARE_UNIT, EquityResult, EquityStats, PlayerEquity, PlayerLike, _cards,
    _to_range, equity, run_stream,
)
from .ranges import Range

__all__ = ["hand_vs_range", "equities", "all_hands_vs_range", "pack", "SPOT_MAX_WORK"]

#: Exact spots up to this many hand evaluations (deals x boards x players, before the board
#: isomorphism) run in one C call; bigger ones take :func:`~pyeval.equity.equity`'s path, which
#: also reduces the deals by suit isomorphism and can use threads (e.g. a hand against a random
#: range preflop: 1,225 deals x 1,370,754 boards).
SPOT_MAX_WORK = 20_000_000

#: Hands and ranges given as text, parsed once: text -> packed bytes (or None).
_PACK_CACHE = 4096


def pack(player: object) -> bytes | None:
    """A hand or range packed for ``pe_eq_spot``: its combinations' cards (two bytes each) then their
    integer weights (native uint32, the primitive integers proportional to the ``Fraction`` weights);
    None when the weights need more than 2**24 steps (the general path then runs).

    Raises: as :func:`pyeval.equity.equity` for a bad player (RangeError, EquityError, card errors).
    """
    if isinstance(player, str):
        return _pack_text(player)
    if isinstance(player, Range):
        return player._packed
    return _to_range(player, 0)._packed


@lru_cache(maxsize=_PACK_CACHE)
def _pack_text(text: str) -> bytes | None:
    return _to_range(text, 0)._packed


def _cards_bytes(obj: object, what: str) -> bytes:
    return bytes(_cards(obj, what))


def _seed_bytes(seed: object) -> bytes:
    """The four native words of a seed; None: 32 fresh bytes from the OS (the seed policy's fresh
    256-bit seed, never reported by these float-returning functions)."""
    if seed is None:
        return os.urandom(32)
    return struct.pack("=4Q", *seed_words(check_seed(seed)))


def _players(hands: object) -> list[PlayerLike]:
    if isinstance(hands, (str, Range)) or not isinstance(hands, Sequence):
        raise EquityError("hands must be a list of hands or ranges, e.g. ['AhKh', 'QsQd']")
    return list(hands)


def _slow_equities(hands: Sequence[PlayerLike], board: object = (), dead: object = (), trials: int | None = None,
                   seed: int | None = None, streams: int | None = None) -> tuple[float, ...]:
    exact = trials is None
    if exact and (seed is not None or streams is not None):
        raise EquityError("seed and streams are Monte Carlo options: give trials=N with them")
    r = equity(_players(hands), board, dead, exact=exact, seed=seed, trials=trials,
               streams=None if exact else (DEFAULT_STREAMS if streams is None else streams))
    return tuple(float(p.equity) for p in r.players)


def _slow_hand_vs_range(hand: PlayerLike, villain: PlayerLike, board: object = (), dead: object = (),
                        trials: int | None = None, seed: int | None = None, streams: int | None = None) -> float:
    return _slow_equities([hand, villain], board, dead, trials, seed, streams)[0]


def _slow_all_hands(hero: PlayerLike, villain: PlayerLike, board: object = (), dead: object = (),
                    trials: int | None = None, seed: int | None = None) -> dict[tuple[int, int], float]:
    exact = trials is None
    if exact and seed is not None:
        raise EquityError("seed is a Monte Carlo option: give trials=N with it")
    b, d = _cards(board, "board"), _cards(dead, "dead")
    gone = set(b) | set(d)
    hr, vr = _to_range(hero, 0), _to_range(villain, 1)
    if not exact:
        s = check_seed(seed) if seed is not None else int.from_bytes(_seed_bytes(None), "little")
    out: dict[tuple[int, int], float] = {}
    index = 0
    for a, c in hr.combos:
        if a in gone or c in gone:
            continue
        index += 1
        held = gone | {a, c}
        if not any(x not in held and y not in held for x, y in vr.combos):
            continue  # every villain hand is blocked by this one
        if exact:
            out[(a, c)] = float(equity([(a, c), vr], b, d, exact=True).players[0].equity)
        else:
            st = run_stream([(a, c), vr], trials, s, index - 1, board=b, dead=d)  # type: ignore[arg-type]
            out[(a, c)] = st.share[0] / (SHARE_UNIT * st.trials)
    return out


_SLOW: dict[str, Any] = {"hand_vs_range": _slow_hand_vs_range, "equities": _slow_equities,
                         "all_hands_vs_range": _slow_all_hands}


def _slow(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return _SLOW[name](*args, **kwargs)


_eqfast.bind(int(ffi.cast("uintptr_t", ffi.addressof(lib, "pe_eq_spot"))), lib.pe_eq_spot_abi(),
             ffi.sizeof("pe_eq_spot_out"), pack, _cards_bytes, _slow, _seed_bytes, SPOT_MAX_WORK, DEFAULT_STREAMS)
_eqfast.bind_threads(int(ffi.cast("uintptr_t", ffi.addressof(lib, "pe_eq_spot_threads"))))

hand_vs_range = _eqfast.hand_vs_range
equities = _eqfast.equities
all_hands_vs_range = _eqfast.all_hands_vs_range


# ---- the fast path of equity() ------------------------------------------------------------------

#: Monte Carlo runs of up to this many trials take the one-call path in :func:`equity` (the general
#: path calls C in chunks of this size to stay responsive to Ctrl-C).
_FAST_MC_TRIALS = 1 << 22


def _run_spot(packed: tuple[bytes, ...], b: bytes, d: bytes, mc: tuple[bytes, int, int] | None,
              threads: int) -> tuple[Any, ...] | None:
    """The C run of :func:`fast_equity`, one ``_eqfast._spot`` call: Monte Carlo (``mc``: seed bytes,
    streams, trials) on one thread (None with more threads: the general path runs); exact on one
    thread (``pe_eq_spot``) or split over ``threads`` (``pe_eq_spot_threads``, csrc/pe_pool.c: the GIL
    released once, a persistent C pool and the calling thread take the enumeration's units of work
    from a shared counter, the sums added modulo 2**64, the one-thread sums). The call is bounded by
    :data:`SPOT_MAX_WORK`; Ctrl-C is seen when it returns, as on one thread. The sums, or None when
    the C side declines (the general path then runs)."""
    if threads > 1 and mc:
        return None
    seed, k, n = mc if mc else (None, 0, 0)
    got = _eqfast._spot(packed, b, d, seed, k, n, SPOT_MAX_WORK, threads)
    return None if got[0] != 0 else got[1:]


def fast_equity(players: object, board: object, dead: object, exact: object, seed: object, trials: object,
                streams: object, t0: float, threads: int = 1) -> EquityResult | None:
    """:func:`pyeval.equity.equity` in one ``pe_eq_spot`` call, for a spot it fits: 2..10 players,
    exact (``exact=True`` or ``None`` without Monte Carlo options, at most :data:`SPOT_MAX_WORK`
    evaluations, equal weights within each range; with ``threads`` > 1 split over threads in the
    same call) or Monte Carlo with ``trials`` up to :data:`_FAST_MC_TRIALS` (one thread). The caller
    has ruled out executors, progress and adaptive runs. None: not such a spot, or anything wrong
    (the general path then runs and reports it). The result is the general path's, field for field
    (``seconds`` aside)."""
    try:
        if isinstance(players, (str, Range)) or not isinstance(players, Sequence) or not 2 <= len(players) <= 10:
            return None
        ranges = [_to_range(p, i) for i, p in enumerate(players)]
        packs = [r._packed for r in ranges]
        b, d = _cards(board, "board"), _cards(dead, "dead")
        if len(b) not in (0, 3, 4, 5):
            return None
        mc = exact is False or (exact is None and trials is not None)
        if exact is True and trials is not None or exact not in (None, True, False):
            return None
        if mc:
            n = DEFAULT_TRIALS if trials is None else trials
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= _FAST_MC_TRIALS:
                return None
            s = check_seed(seed)
            k = check_streams(DEFAULT_STREAMS if streams is None else streams)
        elif any(len(set(r.weights)) > 1 for r in ranges):
            return None  # weighted exact: the general path (its stats are None, its groups per weight)
    except PyevalError:
        return None
    packed = tuple(q for q in packs if q is not None)
    if len(packed) != len(packs):
        return None
    got = _run_spot(packed, bytes(b), bytes(d), (_seed_bytes(s), k, n) if mc else None, threads)  # type: ignore[arg-type]
    if got is None:
        return None
    deals, boards, total, combos, win, tie, share, share_sq = got
    p = len(ranges)
    if mc:
        stats = EquityStats(total, win, tie, share, share_sq)
        U = SHARE_UNIT
        out = tuple(PlayerEquity.from_sums(total, win[i], tie[i], Fraction(share[i], U), Fraction(share_sq[i], U * U),
                                           hand=r.text, combos=combos[i]) for i, r in enumerate(ranges))
        return EquityResult(out, b, d, False, total, s, k, stats, time.perf_counter() - t0)
    stats = EquityStats(total, win, tie, share, (0,) * p)
    out = tuple(PlayerEquity(win=Fraction(win[i], total), tie=Fraction(tie[i], total),
                             equity=Fraction(share[i], total * SHARE_UNIT), win_stderr=0.0, tie_stderr=0.0,
                             equity_stderr=0.0, hand=r.text, combos=combos[i]) for i, r in enumerate(ranges))
    return EquityResult(out, b, d, True, deals * boards, None, None, stats, time.perf_counter() - t0)

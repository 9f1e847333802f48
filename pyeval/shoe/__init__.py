"""The shoe: seeded or OS-secure shuffles, cuts, burns, dealing, the discard rack, batch deals.

A :class:`Shoe` holds 1..8 standard 52-card decks (card ids stay 0..51, ``rank * 4 + suit``; the
deck each physical card came from is kept apart). All state lives in one C struct owned by the
shoe; every method validates first and, on bad input, raises a :class:`~pyeval.errors.PyevalError`
and changes nothing.

Random source (the algorithms are documented and cited in ``csrc/pe_shoe.h``):

* seeded (default): xoshiro256** (256-bit state > log2(52!) = 225.6 bits) seeded from a 256-bit
  ``seed`` through SplitMix64; ``stream=k`` (or :meth:`Shoe.jump`) selects the k-th of
  non-overlapping parallel streams (2**128 draws apart). Same seed and stream, same cards, on every
  platform. ``seed=None`` draws a 256-bit seed from the OS and records it in :attr:`Shoe.seed`, so
  any shoe can be replayed. The seed/stream policy is :mod:`pyeval.shoe.rng` (one for all of pyeval).
* ``secure=True`` (live tables): every draw comes from the operating system's CSPRNG
  (``getrandom(2)``, read in 256-byte blocks); no seed is accepted and nothing in Python's
  ``random`` module affects it.
* bounded ints by Lemire's unbiased method; Fisher-Yates with j uniform in [0, i].

Simulation backends use :func:`deal_batch` (or a :class:`BatchDealer`; Hold'em showdowns in bulk: :func:`pyeval.poker.batch.holdem_showdowns`),
which run entirely in C with the GIL released.

The shoe is the mechanism only. Game procedures live with their games and the house layer:
dealing procedures as data in :mod:`pyeval.house.dealing` (the games' own in
``pyeval.headsup.dealing`` / ``pyeval.crisscross.dealing``), the stub-count policy of 58 Pa. Code
§ 674a.9(d)-(f) in :mod:`pyeval.house.stub`. Their old names here (``pyeval.shoe.HOLDEM_DEAL``,
``pyeval.shoe.check_stub``, ...) still import, with a ``DeprecationWarning`` naming the new place.

The package's modules: :mod:`~pyeval.shoe.rng` (random sources, the seed/stream policy),
:mod:`~pyeval.shoe.core` (:class:`Shoe`), :mod:`~pyeval.shoe.shuffles` (shuffle procedures),
:mod:`~pyeval.shoe.batch` (batch dealing). Every public name is importable from ``pyeval.shoe``.
"""
from __future__ import annotations

import warnings
from typing import Any

from . import rng
from .batch import BatchDealer, DealerState, deal_batch
from .core import DEFAULT_MIN_CUT, MAX_DECKS, RackEntry, RackKind, Shoe, ShoeSnapshot
from .rng import MAX_SEED, MAX_STREAM, check_stream, resolve_seed
from .shuffles import HAND_SHUFFLE, BoxCut, CustomShuffle, Riffle, ShuffleProcedure, Uniform, StripCut

#: Names that moved out of the shoe (issue 24): old name -> the module that has it now.
MOVED: dict[str, str] = {
    **dict.fromkeys(("DEALER", "HOLDEM_DEAL", "DealEvent", "DealFaults", "DealingProcedure", "DealPlan", "DealStep",
                     "DealtRound", "PlannedCard", "SeatOrder", "StepKind", "deal_procedure", "plan_deal"),
                    "pyeval.house.dealing"),
    **dict.fromkeys(("AutomatedShuffler", "ShufflerReport", "StubCheck", "StubCountPolicy", "StubOutcome", "check_stub",
                     "judge_stub_count"), "pyeval.house.stub"),
    "WPT_HEADS_UP_DEAL": "pyeval.headsup.dealing",
    "CRISS_CROSS_HAND_DEAL": "pyeval.crisscross.dealing",
    **dict.fromkeys(("holdem_showdowns", "Showdowns"), "pyeval.poker.batch"),
}


def __getattr__(name: str) -> Any:
    """The deprecation path of the names that moved out of the shoe (:data:`MOVED`)."""
    where = MOVED.get(name)
    if where is None:
        raise AttributeError(f"module 'pyeval.shoe' has no attribute {name!r}")
    warnings.warn(f"pyeval.shoe.{name} moved to {where}.{name} (the shoe keeps the mechanism; game procedures "
                  "live with their games and the house layer); import it from there", DeprecationWarning, stacklevel=2)
    import importlib

    return getattr(importlib.import_module(where), name)


__all__ = [
    "Shoe", "ShoeSnapshot", "RackKind", "RackEntry",
    "ShuffleProcedure", "Uniform", "Riffle", "StripCut", "BoxCut", "CustomShuffle", "HAND_SHUFFLE",
    "BatchDealer", "DealerState", "deal_batch",
    "MAX_DECKS", "MAX_SEED", "MAX_STREAM", "DEFAULT_MIN_CUT", "resolve_seed", "check_stream", "rng", "MOVED",
]

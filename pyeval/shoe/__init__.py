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

Dealing procedures as data (:data:`HOLDEM_DEAL`, :data:`WPT_HEADS_UP_DEAL`,
:data:`CRISS_CROSS_HAND_DEAL`) are applied with :func:`deal_procedure`; stub counts and misdeals
(58 Pa. Code § 674a.9(d)-(f)) with :func:`check_stub` and :class:`AutomatedShuffler`. Simulation
backends use :func:`deal_batch` / :func:`holdem_showdowns` (or a :class:`BatchDealer`), which run
entirely in C with the GIL released.

The package's modules: :mod:`~pyeval.shoe.rng` (random sources, the seed/stream policy),
:mod:`~pyeval.shoe.core` (:class:`Shoe`), :mod:`~pyeval.shoe.shuffles` (shuffle procedures),
:mod:`~pyeval.shoe.batch` (batch dealing), :mod:`~pyeval.shoe.procedures` (dealing procedures),
:mod:`~pyeval.shoe.stub` (stub counts). Every public name is importable from ``pyeval.shoe``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import rng
from .._lazy import attach
from .batch import BatchDealer, DealerState, Showdowns, deal_batch, holdem_showdowns
from .core import DEFAULT_MIN_CUT, MAX_DECKS, RackEntry, RackKind, Shoe, ShoeSnapshot
from .rng import MAX_SEED, MAX_STREAM, check_stream, resolve_seed
from .shuffles import HAND_SHUFFLE, BoxCut, CustomShuffle, Riffle, ShuffleProcedure, StripCut, Uniform

if TYPE_CHECKING:
    from .procedures import (
        CRISS_CROSS_HAND_DEAL,
        DEALER,
        HOLDEM_DEAL,
        WPT_HEADS_UP_DEAL,
        DealEvent,
        DealFaults,
        DealingProcedure,
        DealPlan,
        DealStep,
        DealtRound,
        PlannedCard,
        SeatOrder,
        StepKind,
        deal_procedure,
        plan_deal,
    )
    from .stub import (
        AutomatedShuffler,
        ShufflerReport,
        StubCheck,
        StubCountPolicy,
        StubOutcome,
        check_stub,
        judge_stub_count,
    )

# Dealing procedures and stub counts load on first use (``import pyeval`` stays quick: issue 20 item 4).
_LAZY = {
    **dict.fromkeys(("CRISS_CROSS_HAND_DEAL", "DEALER", "HOLDEM_DEAL", "WPT_HEADS_UP_DEAL", "DealEvent", "DealFaults",
                     "DealingProcedure", "DealPlan", "DealStep", "DealtRound", "PlannedCard", "SeatOrder", "StepKind",
                     "deal_procedure", "plan_deal"), "procedures"),
    **dict.fromkeys(("AutomatedShuffler", "ShufflerReport", "StubCheck", "StubCountPolicy", "StubOutcome", "check_stub",
                     "judge_stub_count"), "stub"),
}
__getattr__, __dir__ = attach(__name__, _LAZY, ("procedures", "stub"))

__all__ = [
    "Shoe", "ShoeSnapshot", "RackKind", "RackEntry",
    "ShuffleProcedure", "Uniform", "Riffle", "StripCut", "BoxCut", "CustomShuffle", "HAND_SHUFFLE",
    "AutomatedShuffler", "ShufflerReport",
    "SeatOrder", "StepKind", "DealStep", "DealingProcedure", "DealEvent", "DealtRound", "DealFaults",
    "HOLDEM_DEAL", "WPT_HEADS_UP_DEAL", "CRISS_CROSS_HAND_DEAL", "DEALER", "deal_procedure",
    "DealPlan", "PlannedCard", "plan_deal",
    "StubOutcome", "StubCheck", "StubCountPolicy", "check_stub", "judge_stub_count",
    "BatchDealer", "DealerState", "Showdowns", "deal_batch", "holdem_showdowns",
    "MAX_DECKS", "MAX_SEED", "MAX_STREAM", "DEFAULT_MIN_CUT", "resolve_seed", "check_stream", "rng",
]

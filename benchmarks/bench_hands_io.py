"""Issue 16: short-deck evaluation (C batch, single calls, pokerkit's ShortDeckHoldemHand beside it)
and hand-history import (PokerStars text to verified PHH).

Run: ``pytest benchmarks/bench_hands_io.py`` (pokerkit is skipped when missing). Quote ratios
measured in one run: the machine is shared. Rates go through the ``record`` fixture
(benchmarks/conftest.py), so ``--benchmark-disable`` (each body run once, no stats) works too.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import pyeval
from pyeval.hands import SHORT_DECK, evaluate_short_deck, evaluate_short_deck_batch
from pyeval.hands_io import parse_text

N_BATCH = 1_000_000
N_PEER = 2_000
RNG = np.random.default_rng(16)
DECK = np.array(SHORT_DECK, dtype=np.uint8)
HAND7 = np.ascontiguousarray(DECK[np.argsort(RNG.random((N_BATCH, 36)), axis=1)[:, :7]])
TEXT = (Path(__file__).resolve().parent.parent / "tests" / "data" / "hands_io" / "pokerstars_holdem.txt").read_text()


def test_short_deck_batch_7(benchmark, record):
    out = benchmark(evaluate_short_deck_batch, HAND7)
    assert out.shape == (N_BATCH,)
    record(benchmark, N_BATCH)


def test_short_deck_single_7(benchmark, record):
    hands = [tuple(int(c) for c in row) for row in HAND7[:N_PEER]]

    def run():
        for h in hands:
            evaluate_short_deck(h)

    benchmark(run)
    record(benchmark, N_PEER)


def test_pokerkit_short_deck_7(benchmark, record):
    pk = pytest.importorskip("pokerkit")
    hands = ["".join(pyeval.CARD_TEXT[c] for c in row) for row in HAND7[:N_PEER]]

    def run():
        for h in hands:
            pk.ShortDeckHoldemHand.from_game(h)

    benchmark(run)
    record(benchmark, N_PEER)


def test_import_pokerstars_verified(benchmark, record):
    text = "\n\n\n".join([TEXT] * 20)  # 120 hands

    def run():
        return [h for h in parse_text(text) if h.ok]

    ok = benchmark(run)
    assert len(ok) == 120
    record(benchmark, 120)

"""Shoe throughput: batched shuffles and deals against numpy and the standard library.

Run: ``pytest benchmarks/bench_shoe.py`` (the summary prints items/s and pyeval's ratio to each
peer measured in the same run). Floors (issue 3, this machine): >= 10 M full 52-card shuffles/s
through the batch API; >= 5 M two-player Hold'em rounds/s shuffled, dealt and evaluated in one C
call. Output buffers are allocated outside the timed region for every contender.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import pyeval
from pyeval.shoe import BatchDealer, Shoe
from pyeval.poker.batch import holdem_showdowns

N_SHUFFLES = 1_000_000
N_NUMPY = 200_000
N_PY = 5_000
N_ROUNDS = 1_000_000


# ---- full 52-card shuffles --------------------------------------------------------------------------
@pytest.mark.benchmark(group="52-card shuffles")
def test_pyeval_deal_batch_52(benchmark, record):
    dealer = BatchDealer(seed=1)
    out = np.empty((N_SHUFFLES, 52), np.uint8)
    record(benchmark, N_SHUFFLES)
    benchmark(dealer.deal, N_SHUFFLES, 52, out)


@pytest.mark.benchmark(group="52-card shuffles")
def test_numpy_generator_permuted_batch(benchmark, record):
    rng = np.random.default_rng(1)
    base = np.broadcast_to(np.arange(52, dtype=np.uint8), (N_NUMPY, 52))
    out = np.empty((N_NUMPY, 52), np.uint8)
    record(benchmark, N_NUMPY)
    benchmark(lambda: rng.permuted(base, axis=1, out=out))


@pytest.mark.benchmark(group="52-card shuffles")
def test_numpy_argsort_random_keys(benchmark, record):
    rng = np.random.default_rng(1)
    record(benchmark, N_NUMPY)
    benchmark(lambda: np.argsort(rng.random((N_NUMPY, 52)), axis=1))


@pytest.mark.benchmark(group="52-card shuffles")
def test_random_shuffle(benchmark, record):
    deck = list(range(52))
    rng = random.Random(1)

    def run():
        for _ in range(N_PY):
            rng.shuffle(deck)

    record(benchmark, N_PY)
    benchmark(run)


@pytest.mark.benchmark(group="52-card shuffles")
def test_pyeval_shoe_shuffle_single(benchmark, record):
    """One Shoe.shuffle() call per deck (the table API, not the batch path)."""
    shoe = Shoe(seed=1)

    def run():
        for _ in range(N_PY):
            shoe.shuffle()

    record(benchmark, N_PY)
    benchmark(run)


# ---- 7-card hold'em deals into evaluation ---------------------------------------------------------
@pytest.mark.benchmark(group="7-card deal + evaluate")
def test_pyeval_deal_batch_7_then_evaluate_batch(benchmark, record):
    dealer = BatchDealer(seed=2)
    hands = np.empty((N_SHUFFLES, 7), np.uint8)
    values = np.empty(N_SHUFFLES, np.uint16)

    def run():
        dealer.deal(N_SHUFFLES, 7, hands)
        pyeval.evaluate_batch(hands, values)

    record(benchmark, N_SHUFFLES)
    benchmark(run)


@pytest.mark.benchmark(group="7-card deal + evaluate")
def test_numpy_argsort_deal_then_pyeval_evaluate_batch(benchmark, record):
    rng = np.random.default_rng(2)
    n = N_NUMPY
    values = np.empty(n, np.uint16)

    def run():
        hands = np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)
        pyeval.evaluate_batch(hands, values)

    record(benchmark, n)
    benchmark(run)


@pytest.mark.benchmark(group="7-card deal + evaluate")
def test_random_sample_then_pyeval_evaluate(benchmark, record):
    rng = random.Random(2)
    deck = range(52)
    ev = pyeval.evaluate

    def run():
        for _ in range(N_PY):
            ev(rng.sample(deck, 7))

    record(benchmark, N_PY)
    benchmark(run)


# ---- Hold'em rounds: shuffle + deal + evaluate in one C call ---------------------------------------
@pytest.mark.benchmark(group="2-player hold'em rounds")
def test_pyeval_holdem_showdowns_2p(benchmark, record):
    dealer = BatchDealer(seed=3)
    values = np.empty((N_ROUNDS, 2), np.uint16)
    winners = np.empty(N_ROUNDS, np.uint16)
    record(benchmark, N_ROUNDS)
    benchmark(lambda: holdem_showdowns(N_ROUNDS, 2, values_out=values, winners_out=winners, dealer=dealer))


@pytest.mark.benchmark(group="2-player hold'em rounds")
def test_pyeval_deal_batch_then_evaluate_batch_2p(benchmark, record):
    """The same rounds composed from two batch calls (deal 9 cards, evaluate two 7-card views)."""
    dealer = BatchDealer(seed=4)
    cards = np.empty((N_ROUNDS, 9), np.uint8)
    seven = np.empty((2, N_ROUNDS, 7), np.uint8)
    v = np.empty((2, N_ROUNDS), np.uint16)

    def run():
        dealer.deal(N_ROUNDS, 9, cards)
        seven[0, :, :2] = cards[:, 0:2]
        seven[1, :, :2] = cards[:, 2:4]
        seven[:, :, 2:] = cards[:, 4:]
        pyeval.evaluate_batch(seven[0], v[0])
        pyeval.evaluate_batch(seven[1], v[1])
        return v[0] > v[1]

    record(benchmark, N_ROUNDS)
    benchmark(run)


# ---- single calls (the table API): the cost of the per-object lock shows here ------------------------
N_SINGLE = 20_000


@pytest.mark.benchmark(group="single shoe calls")
def test_pyeval_shoe_deal_one_single(benchmark, record):
    """Shuffle once, then 52 ``deal_one()`` calls, per deck."""
    shoe = Shoe(seed=5)
    decks = N_SINGLE // 52

    def run():
        for _ in range(decks):
            shoe.shuffle()
            for _ in range(52):
                shoe.deal_one()

    record(benchmark, decks * 53)
    benchmark(run)


@pytest.mark.benchmark(group="single shoe calls")
def test_pyeval_shoe_burn_deal2_single(benchmark, record):
    """Burn-and-deal-two pairs of calls (a Hold'em street's shape), reshuffling each deck."""
    shoe = Shoe(seed=6)
    decks = N_SINGLE // 17

    def run():
        for _ in range(decks):
            shoe.shuffle()
            for _ in range(17):
                shoe.burn()
                shoe.deal(2)

    record(benchmark, decks * 35)
    benchmark(run)


@pytest.mark.benchmark(group="single shoe calls")
def test_pyeval_batch_dealer_one_row_single(benchmark, record):
    """``BatchDealer.deal(1, 7)`` calls: a one-row batch, all overhead."""
    dealer = BatchDealer(seed=7)
    out = np.empty((1, 7), np.uint8)

    def run():
        for _ in range(N_SINGLE):
            dealer.deal(1, 7, out)

    record(benchmark, N_SINGLE)
    benchmark(run)

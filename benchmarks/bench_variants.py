"""Variant evaluators (issue 8): Omaha high, ace-to-five and deuce-to-seven lows, Badugi.

Run: ``pytest benchmarks/bench_variants.py`` (peers ``pip install phevaluator pokerkit``; each skipped
when missing). pyeval's batch calls evaluate ``N_BATCH`` random hands per call; its single calls and
the peers (which have no batch call) loop over ``N_PEER`` hands. Every peer gets its natural input
type, prepared outside the timed region; the summary prints hands/s and pyeval's ratio to each peer.

Floors (issue 8, this machine): 4-card Omaha high batch >= 20,000,000 hands/s; each low evaluator
(ace-to-five, deuce-to-seven, Badugi) batch >= 100,000,000 hands/s.
"""
from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval.hands import (
    evaluate_badugi, evaluate_badugi_batch, evaluate_low_27, evaluate_low_a5, evaluate_low_batch, evaluate_omaha,
    evaluate_omaha_batch,
)

N_BATCH = 1_000_000
N_PEER = 2_000
N_SINGLE = 20_000
RNG = np.random.default_rng(2026)
DEALS = np.argsort(RNG.random((N_BATCH, 52)), axis=1)[:, :9].astype(np.uint8)
HOLE4 = np.ascontiguousarray(DEALS[:, :4])
BOARD5 = np.ascontiguousarray(DEALS[:, 4:9])
HAND4 = np.ascontiguousarray(DEALS[:, :4])
HAND5 = np.ascontiguousarray(DEALS[:, :5])
HAND7 = np.ascontiguousarray(DEALS[:, :7])


def _tuples(arr: np.ndarray, n: int) -> list[tuple[int, ...]]:
    return [tuple(int(c) for c in row) for row in arr[:n]]


def _pokerkit_cards(arr: np.ndarray, n: int) -> list[list]:
    pk = pytest.importorskip("pokerkit")
    return [list(pk.Card.parse(pyeval.format_cards(row).replace(" ", ""))) for row in _tuples(arr, n)]


# ---------------------------------------------------------------------------- Omaha high, 4 hole cards
@pytest.mark.benchmark(group="omaha high 4-card")
def test_pyeval_omaha_batch(benchmark, record):
    record(benchmark, N_BATCH)
    benchmark(evaluate_omaha_batch, HOLE4, BOARD5)


@pytest.mark.benchmark(group="omaha high 4-card")
def test_pyeval_omaha_single(benchmark, record):
    hole, board = _tuples(HOLE4, N_SINGLE), _tuples(BOARD5, N_SINGLE)
    record(benchmark, N_SINGLE)
    benchmark(lambda: [evaluate_omaha(hole=h, board=b) for h, b in zip(hole, board)])


@pytest.mark.benchmark(group="omaha high 4-card")
def test_phevaluator_omaha(benchmark, record):
    ph = pytest.importorskip("phevaluator")
    f = ph.evaluate_omaha_cards  # board first, then the four hole cards; same card ints as pyeval
    rows = [b + h for h, b in zip(_tuples(HOLE4, N_PEER), _tuples(BOARD5, N_PEER))]
    record(benchmark, N_PEER)
    benchmark(lambda: [f(*r) for r in rows])


@pytest.mark.benchmark(group="omaha high 4-card")
def test_pokerkit_omaha(benchmark, record):
    pk = pytest.importorskip("pokerkit")
    f = pk.OmahaHoldemHand.from_game
    pairs = list(zip(_pokerkit_cards(HOLE4, N_PEER), _pokerkit_cards(BOARD5, N_PEER)))
    record(benchmark, N_PEER)
    benchmark(lambda: [f(h, b) for h, b in pairs])


# ---------------------------------------------------------------------------- ace-to-five low
@pytest.mark.benchmark(group="ace-to-five low 5-card")
def test_pyeval_a5_batch_5(benchmark, record):
    record(benchmark, N_BATCH)
    benchmark(evaluate_low_batch, HAND5, kind="a5")


@pytest.mark.benchmark(group="ace-to-five low 5-card")
def test_pyeval_a5_single_5(benchmark, record):
    hands = _tuples(HAND5, N_SINGLE)
    record(benchmark, N_SINGLE)
    benchmark(lambda: [evaluate_low_a5(h) for h in hands])


@pytest.mark.benchmark(group="ace-to-five low 5-card")
def test_pokerkit_a5_5(benchmark, record):
    pk = pytest.importorskip("pokerkit")
    f = pk.RegularLowHand  # a five-card hand: the constructor, no combinations to search
    hands = _pokerkit_cards(HAND5, N_PEER)
    record(benchmark, N_PEER)
    benchmark(lambda: [f(h) for h in hands])


@pytest.mark.benchmark(group="ace-to-five low 7-card (razz)")
def test_pyeval_a5_batch_7(benchmark, record):
    record(benchmark, N_BATCH)
    benchmark(evaluate_low_batch, HAND7, kind="a5")


@pytest.mark.benchmark(group="ace-to-five low 7-card (razz)")
def test_pyeval_a5_8_batch_7(benchmark, record):
    record(benchmark, N_BATCH)
    benchmark(evaluate_low_batch, HAND7, kind="a5_8")


@pytest.mark.benchmark(group="ace-to-five low 7-card (razz)")
def test_pokerkit_a5_7(benchmark, record):
    pk = pytest.importorskip("pokerkit")
    f = pk.RegularLowHand.from_game
    hands = _pokerkit_cards(HAND7, N_PEER)
    record(benchmark, N_PEER)
    benchmark(lambda: [f(h) for h in hands])


# ---------------------------------------------------------------------------- deuce-to-seven low
@pytest.mark.benchmark(group="deuce-to-seven low 5-card")
def test_pyeval_27_batch(benchmark, record):
    record(benchmark, N_BATCH)
    benchmark(evaluate_low_batch, HAND5, kind="27")


@pytest.mark.benchmark(group="deuce-to-seven low 5-card")
def test_pyeval_27_single(benchmark, record):
    hands = _tuples(HAND5, N_SINGLE)
    record(benchmark, N_SINGLE)
    benchmark(lambda: [evaluate_low_27(h) for h in hands])


@pytest.mark.benchmark(group="deuce-to-seven low 5-card")
def test_pokerkit_27(benchmark, record):
    pk = pytest.importorskip("pokerkit")
    f = pk.StandardLowHand
    hands = _pokerkit_cards(HAND5, N_PEER)
    record(benchmark, N_PEER)
    benchmark(lambda: [f(h) for h in hands])


# ---------------------------------------------------------------------------- Badugi
@pytest.mark.benchmark(group="badugi 4-card")
def test_pyeval_badugi_batch(benchmark, record):
    record(benchmark, N_BATCH)
    benchmark(evaluate_badugi_batch, HAND4)


@pytest.mark.benchmark(group="badugi 4-card")
def test_pyeval_badugi_single(benchmark, record):
    hands = _tuples(HAND4, N_SINGLE)
    record(benchmark, N_SINGLE)
    benchmark(lambda: [evaluate_badugi(h) for h in hands])


@pytest.mark.benchmark(group="badugi 4-card")
def test_pokerkit_badugi(benchmark, record):
    pk = pytest.importorskip("pokerkit")
    f = pk.BadugiHand.from_game  # the best badugi of the four cards (the constructor wants a badugi)
    hands = _pokerkit_cards(HAND4, N_PEER)
    record(benchmark, N_PEER)
    benchmark(lambda: [f(h) for h in hands])

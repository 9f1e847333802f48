"""The batch kernels (scalar blocks and the AVX-512 16-row kernel where the CPU has it) give the
single-call values on every row, flush-heavy rows included, and name the first bad row wherever it
sits in a 16- or 32-row block."""
from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval._bindings import lib


def single(h: np.ndarray) -> np.ndarray:
    k = h.shape[1]
    return np.array([lib.pe_eval_n(bytes(r), k) for r in h], dtype=np.int64)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_equals_single_calls(k: int) -> None:
    h = np.ascontiguousarray(pyeval.deal_batch(40_000, k, seed=k), dtype=np.uint8)
    assert np.array_equal(pyeval.evaluate_batch(h), single(h))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_flush_heavy_rows(k: int) -> None:
    rng = np.random.default_rng(k)
    rows = []
    for _ in range(4_000):  # k-2..k cards of one suit: flushes in most rows of every block
        suit = int(rng.integers(4))
        same = rng.choice(13, size=int(rng.integers(k - 2, k + 1)), replace=False) * 4 + suit
        rest = rng.choice([c for c in range(52) if c % 4 != suit], size=k - len(same), replace=False)
        rows.append(rng.permutation(np.concatenate([same, rest])))
    h = np.array(rows, dtype=np.uint8)
    assert np.array_equal(pyeval.evaluate_batch(h), single(h))


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("at", [0, 1, 15, 16, 17, 31, 32, 63, 999, 1008])
@pytest.mark.parametrize("kind", ["dup", 52, 63, 255])
def test_first_bad_row_is_named(k: int, at: int, kind: object) -> None:
    h = np.ascontiguousarray(pyeval.deal_batch(1_009, k, seed=3), dtype=np.uint8)
    if kind == "dup":
        h[at, k - 1] = h[at, 0]
        err: type[Exception] = pyeval.DuplicateCardError
    else:
        h[at, 2] = kind
        err = pyeval.InvalidCardError
    if at + 20 < 1_009:
        h[at + 20, 0] = 77  # a later bad row must not be the one named
    with pytest.raises(err, match=f"row {at}:"):
        pyeval.evaluate_batch(h)


@pytest.mark.parametrize("n", [0, 1, 15, 16, 17, 31, 33, 1_000])
def test_lengths_around_the_block(n: int) -> None:
    h = np.ascontiguousarray(pyeval.deal_batch(n, 7, seed=n), dtype=np.uint8).reshape(n, 7)
    assert np.array_equal(pyeval.evaluate_batch(h), single(h) if n else np.zeros(0))

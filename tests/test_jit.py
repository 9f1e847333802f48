"""pyeval.jit: the C evaluator from numba nopython code (skips without numba)."""
from __future__ import annotations

import doctest

import numpy as np
import pytest

numba = pytest.importorskip("numba")

import pyeval  # noqa: E402
from pyeval import jit  # noqa: E402


@numba.njit(nogil=True)
def _loop7(hands):  # type: ignore[no-untyped-def]
    out = np.empty(hands.shape[0], np.int32)
    for i in range(hands.shape[0]):
        h = hands[i]
        out[i] = jit.eval7(h[0], h[1], h[2], h[3], h[4], h[5], h[6])
    return out


@numba.njit(nogil=True)
def _loop5_6(h5, h6):  # type: ignore[no-untyped-def]
    a = np.empty(h5.shape[0], np.int32)
    b = np.empty(h6.shape[0], np.int32)
    for i in range(h5.shape[0]):
        a[i] = jit.eval5(h5[i, 0], h5[i, 1], h5[i, 2], h5[i, 3], h5[i, 4])
    for i in range(h6.shape[0]):
        b[i] = jit.eval6(h6[i, 0], h6[i, 1], h6[i, 2], h6[i, 3], h6[i, 4], h6[i, 5])
    return a, b


@numba.njit(nogil=True)
def _batch_in_njit(hands, out):  # type: ignore[no-untyped-def]
    return jit.eval_batch(hands, out)


def test_doctests() -> None:
    failures, tried = doctest.testmod(jit)
    assert tried >= 5 and failures == 0


def test_single_hands_in_nopython_equal_evaluate_batch() -> None:
    hands = np.ascontiguousarray(pyeval.deal_batch(20_000, 7, seed=5), dtype=np.uint8)
    assert np.array_equal(_loop7(hands), pyeval.evaluate_batch(hands).astype(np.int32))
    h5 = np.ascontiguousarray(pyeval.deal_batch(5_000, 5, seed=6), dtype=np.uint8)
    h6 = np.ascontiguousarray(pyeval.deal_batch(5_000, 6, seed=7), dtype=np.uint8)
    a, b = _loop5_6(h5, h6)
    assert np.array_equal(a, pyeval.evaluate_batch(h5)) and np.array_equal(b, pyeval.evaluate_batch(h6))


def test_batch_in_nopython() -> None:
    hands = np.ascontiguousarray(pyeval.deal_batch(10_000, 6, seed=8), dtype=np.uint8)
    out = np.zeros(10_000, np.uint16)
    assert _batch_in_njit(hands, out) == 0
    assert np.array_equal(out, pyeval.evaluate_batch(hands))


@pytest.mark.parametrize("cards, status", [
    ((51, 51, 43, 39, 35, 0, 1), -2), ((52, 47, 43, 39, 35, 0, 1), -1), ((-1, 47, 43, 39, 35, 0, 1), -1),
    ((1 << 40, 47, 43, 39, 35, 0, 1), -1),
])
def test_bad_cards_give_negative_status(cards: tuple[int, ...], status: int) -> None:
    assert jit.eval7(*cards) == status


def test_batch_statuses_and_types() -> None:
    assert jit.eval_batch(np.zeros((2, 4), np.uint8), np.zeros(2, np.uint16)) == -3
    assert jit.eval_batch(np.full((2, 7), 60, np.uint8), np.zeros(2, np.uint16)) == -1
    assert jit.eval_batch(np.zeros((3, 7), np.uint8), np.zeros(2, np.uint16)) == -4
    with pytest.raises(TypeError):
        jit.eval_batch(np.zeros((2, 7), np.int64), np.zeros(2, np.uint16))
    with pytest.raises(TypeError):
        jit.eval_batch(np.zeros((2, 14), np.uint8)[:, ::2], np.zeros(2, np.uint16))

"""``out=`` arrays must be aligned before they reach C (issue 21: UBSan found misaligned stores in
seven batch kernels and the enumeration when ``out`` viewed a buffer at an odd byte offset).

Every batch or enumeration function that writes into a caller's array refuses a misaligned one
with a CardTypeError saying so, and writes nothing into it; an aligned array of the same shape is
accepted and filled."""
from __future__ import annotations

import numpy as np
import pytest

import pyeval
from pyeval import hands, shoe
from pyeval.enumeration import value_histogram
from pyeval.errors import CardTypeError
from pyeval.poker.batch import holdem_showdowns


def _misaligned(dtype: type, shape: tuple[int, ...]) -> tuple[np.ndarray, bytearray]:
    """A writable C-contiguous array of ``dtype`` and ``shape`` viewing a buffer at offset 1."""
    item = np.dtype(dtype).itemsize
    buf = bytearray(int(np.prod(shape)) * item + item)
    arr = np.ndarray(shape, dtype=dtype, buffer=buf, offset=1)
    assert arr.flags.c_contiguous and arr.flags.writeable and not arr.flags.aligned
    return arr, buf


def _aligned(dtype: type, shape: tuple[int, ...]) -> np.ndarray:
    return np.zeros(shape, dtype=dtype)


N = 4
_HI7 = np.array([[0, 5, 10, 15, 20, 25, 30]] * N, dtype=np.uint8)
_SD5 = np.array([[48, 44, 40, 36, 32]] * N, dtype=np.uint8)
_LOW5 = np.array([[0, 5, 10, 15, 20]] * N, dtype=np.uint8)
_BADUGI = np.array([[0, 5, 10, 15]] * N, dtype=np.uint8)
_OMAHA_H = np.array([[0, 5, 10, 15]] * N, dtype=np.uint8)
_OMAHA_B = np.array([[20, 25, 30, 35, 40]] * N, dtype=np.uint8)

#: name -> (call with out, out dtype, out shape): every function that writes into a caller's array
CASES = {
    "evaluate_batch": (lambda out: pyeval.evaluate_batch(_HI7, out), np.uint16, (N,)),
    "evaluate_short_deck_batch": (lambda out: hands.evaluate_short_deck_batch(_SD5, out), np.uint16, (N,)),
    "evaluate_low_batch a5": (lambda out: hands.evaluate_low_batch(_LOW5, out), np.uint16, (N,)),
    "evaluate_low_batch 27": (lambda out: hands.evaluate_low_batch(_LOW5, out, kind="27"), np.uint16, (N,)),
    "evaluate_badugi_batch": (lambda out: hands.evaluate_badugi_batch(_BADUGI, out), np.uint16, (N,)),
    "evaluate_omaha_batch": (lambda out: hands.evaluate_omaha_batch(hole=_OMAHA_H, board=_OMAHA_B, out=out), np.uint16, (N,)),
    "BatchDealer.holdem_showdowns values_out": (
        lambda out: holdem_showdowns(N, 3, dealer=shoe.BatchDealer(seed=1), values_out=out), np.uint16, (N, 3)),
    "BatchDealer.holdem_showdowns winners_out": (
        lambda out: holdem_showdowns(N, 3, dealer=shoe.BatchDealer(seed=1), winners_out=out), np.uint16, (N,)),
    "value_histogram": (lambda out: value_histogram(5, "Ah Kh Qh", out=out), np.uint64, (7463,)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_misaligned_out_array_is_refused_before_c_and_left_untouched(name):
    call, dtype, shape = CASES[name]
    out, buf = _misaligned(dtype, shape)
    before = bytes(buf)
    with pytest.raises(CardTypeError, match="aligned"):
        call(out)
    assert bytes(buf) == before


def test_numba_eval_batch_returns_a_status_for_a_misaligned_out_and_writes_nothing():
    jit = pytest.importorskip("pyeval.jit")
    out, buf = _misaligned(np.uint16, (N,))
    before = bytes(buf)
    assert jit.eval_batch(_HI7, out) == -5
    assert bytes(buf) == before
    good = _aligned(np.uint16, (N,))
    assert jit.eval_batch(_HI7, good) == 0 and good.all()


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_aligned_out_array_of_the_same_shape_is_filled(name):
    call, dtype, shape = CASES[name]
    out = _aligned(dtype, shape)
    call(out)
    assert out.any()

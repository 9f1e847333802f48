"""The batch kernels (scalar blocks, and NEON, AVX2 or AVX-512 where the CPU has it) give the
single-call values on every row, flush-heavy rows included, and name the first bad row wherever it
sits in a 16- or 32-row block. Every test runs once per kernel (the ``batch_kernel`` fixture of
conftest.py, as ``PYEVAL_BATCH_KERNEL`` would choose it); the kernels also agree row for row."""
from __future__ import annotations

import itertools
import subprocess
import sys

import numpy as np
import pytest

import pyeval
from pyeval._bindings import lib
from pyeval.hands.high import batch_kernel as current_kernel

from conftest import available_batch_kernels, forced_batch_kernel, pyeval_subprocess


def single(h: np.ndarray) -> np.ndarray:
    k = h.shape[1]
    return np.array([lib.pe_eval_n(bytes(r), k) for r in h], dtype=np.int64)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_equals_single_calls(k: int, batch_kernel: str) -> None:
    h = np.ascontiguousarray(pyeval.deal_batch(40_000, k, seed=k), dtype=np.uint8)
    assert np.array_equal(pyeval.evaluate_batch(h), single(h))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_flush_heavy_rows(k: int, batch_kernel: str) -> None:
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
def test_first_bad_row_is_named(k: int, at: int, kind: object, batch_kernel: str) -> None:
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


@pytest.mark.parametrize("k", [5, 6, 7])
def test_a_repeat_at_every_pair_of_positions(k: int, batch_kernel: str) -> None:
    """The SIMD kernels compare card positions pairwise (AVX2: registers of two positions and their
    halves swapped): a repeat is found at every pair of positions and wherever the row sits in its
    block, and a row with card 0 and no repeat is valid."""
    h = np.ascontiguousarray(pyeval.deal_batch(64, k, seed=k), dtype=np.uint8)
    for n, (i, j) in enumerate(itertools.combinations(range(k), 2)):
        at = (5 * n) % 48
        bad = h.copy()
        bad[at, j] = bad[at, i]
        with pytest.raises(pyeval.DuplicateCardError, match=f"row {at}:"):
            pyeval.evaluate_batch(bad)
    rows = np.flatnonzero((h != 0).all(axis=1))  # rows without card 0 (the value of a masked-off byte)
    for j in range(k):
        zero = h.copy()
        zero[rows, j] = 0
        assert np.array_equal(pyeval.evaluate_batch(zero), single(zero))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_an_invalid_byte_at_every_position(k: int, batch_kernel: str) -> None:
    """The portable kernel finds bytes >= 52 through its pair tables (a pair's first or second card,
    an odd row's last card): every position, wherever the row sits in its block, and rows with
    several invalid bytes (all of a row, all of a block), are refused with the row named."""
    h = np.ascontiguousarray(pyeval.deal_batch(64, k, seed=20 + k), dtype=np.uint8)
    for n, (j, byte) in enumerate(itertools.product(range(k), [52, 63, 128, 255])):
        at = (7 * n) % 48
        bad = h.copy()
        bad[at, j] = byte
        with pytest.raises(pyeval.InvalidCardError, match=f"row {at}:"):
            pyeval.evaluate_batch(bad)
    for rows in (slice(17, 18), slice(16, 32)):
        bad = h.copy()
        bad[rows] = 255
        with pytest.raises(pyeval.InvalidCardError, match=f"row {rows.start}:"):
            pyeval.evaluate_batch(bad)


@pytest.mark.parametrize("n", [0, 1, 15, 16, 17, 31, 33, 1_000])
def test_lengths_around_the_block(n: int, batch_kernel: str) -> None:
    h = np.ascontiguousarray(pyeval.deal_batch(n, 7, seed=n), dtype=np.uint8).reshape(n, 7)
    assert np.array_equal(pyeval.evaluate_batch(h), single(h) if n else np.zeros(0))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_kernels_agree(k: int) -> None:
    """Every kernel this CPU has gives the same values on the same rows (odd length: a tail)."""
    h = np.ascontiguousarray(pyeval.deal_batch(300_001, k, seed=10 + k), dtype=np.uint8)
    outs = []
    for name in available_batch_kernels():
        with forced_batch_kernel(name):
            assert current_kernel() == name
            outs.append(pyeval.evaluate_batch(h))
    assert all(np.array_equal(outs[0], o) for o in outs[1:])


def test_environment_variable_picks_the_kernel() -> None:
    """PYEVAL_BATCH_KERNEL is read once at import: "scalar" forces the portable kernel, an unknown
    name warns and leaves the best kernel."""
    code = "from pyeval.hands.high import batch_kernel; print(batch_kernel())"
    kw = pyeval_subprocess()
    env = dict(kw.pop("env"))  # type: ignore[arg-type]
    best = available_batch_kernels()[-1]
    for value, want in (("scalar", "scalar"), ("", best), ("avx512", best), ("nonsense", best)):
        env["PYEVAL_BATCH_KERNEL"] = value
        r = subprocess.run([sys.executable, "-W", "always", "-c", code], env=env, capture_output=True,
                           text=True, check=True, **kw)  # type: ignore[arg-type]
        assert r.stdout.strip() == want, (value, r.stdout, r.stderr)
        assert ("PYEVAL_BATCH_KERNEL='nonsense' ignored" in r.stderr) == (value == "nonsense")

"""Every batch evaluator has one shape (pyeval._batch): ``f(hands, [board,] out=None, *, threads=1,
[kind=...])``. ``out=`` and ``threads=N`` give exactly what ``threads=1`` gives (and the same first bad
row); a bad ``out=`` is refused before anything is written."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval import _batch
from pyeval.errors import CardTypeError, DuplicateCardError, ThreadCountError
from pyeval.hands import (
    SHORT_DECK_KINDS, evaluate_badugi_batch, evaluate_low_batch, evaluate_omaha_batch, evaluate_short_deck_batch,
)


@dataclass(frozen=True)
class Batch:
    """One batch evaluator: its function, its kinds (None: it takes no ``kind``), the cards of a row
    for a kind (hole and board split at ``split``), and the deck it deals from."""

    name: str
    fn: Callable[..., np.ndarray]
    kinds: tuple[str | None, ...]
    row_cards: Callable[[str | None], tuple[int, ...]]  # allowed row lengths
    split: int | None = None  # hole cards before the board (Omaha)
    deck: tuple[int, ...] = tuple(range(52))

    def args(self, rows: np.ndarray) -> tuple[np.ndarray, ...]:
        return (rows,) if self.split is None else ()

    def kwargs(self, rows: np.ndarray) -> dict[str, np.ndarray]:
        """Omaha's hole and board, which are keyword-only (they cannot be swapped)."""
        return {} if self.split is None else {"hole": rows[:, :self.split], "board": rows[:, self.split:]}

    def call(self, rows: np.ndarray, kind: str | None, *more: object, **kw: object) -> np.ndarray:
        if kind is not None:
            kw["kind"] = kind
        if self.split is not None and more:  # out, given by position elsewhere, is a keyword here
            (kw["out"],) = more
            more = ()
        return self.fn(*self.args(rows), *more, **self.kwargs(rows), **kw)


BATCHES = [
    Batch("high", pyeval.evaluate_batch, (None,), lambda kind: (5, 6, 7)),
    Batch("low", evaluate_low_batch, ("a5", "a5_8", "27"), lambda kind: (5,) if kind == "27" else (5, 6, 7)),
    Batch("badugi", evaluate_badugi_batch, (None,), lambda kind: (4,)),
    Batch("omaha", evaluate_omaha_batch, ("high", "low8"), lambda kind: (9,), split=4),
    Batch("short_deck", evaluate_short_deck_batch, SHORT_DECK_KINDS, lambda kind: (5, 6, 7),
          deck=tuple(range(16, 52))),
]
IDS = [b.name for b in BATCHES]


def deal(b: Batch, kind: str | None, n: int, k_index: int, seed: int) -> np.ndarray:
    lengths = b.row_cards(kind)
    k = lengths[k_index % len(lengths)]
    rng = np.random.default_rng(seed)
    deck = np.array(b.deck, dtype=np.uint8)
    return np.ascontiguousarray(deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]])


@pytest.mark.parametrize("b", BATCHES, ids=IDS)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(0, 300), k_index=st.integers(0, 2),
       kind_index=st.integers(0, 2), threads=st.sampled_from([0, 1, 2, 3, 5]), min_rows=st.integers(1, 64))
def test_out_and_threads_give_what_one_thread_gives(b, seed, n, k_index, kind_index, threads, min_rows):
    kind = b.kinds[kind_index % len(b.kinds)]
    rows = deal(b, kind, n, k_index, seed)
    want = b.call(rows, kind)
    assert want.dtype == np.uint16 and want.shape == (n,)
    with mock.patch.object(_batch, "MIN_ROWS_PER_THREAD", min_rows):  # split small batches into blocks
        out = np.full(n, 0xFFFF, dtype=np.uint16)
        got = b.call(rows, kind, out, threads=threads)
        assert got is out
        assert np.array_equal(out, want)
        assert np.array_equal(b.call(rows, kind, threads=threads), want)
        assert np.array_equal(b.call(rows, kind, out=np.empty(n, np.uint16), threads=threads), want)


@pytest.mark.parametrize("b", BATCHES, ids=IDS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 200), data=st.data(),
       threads=st.sampled_from([0, 2, 4]), min_rows=st.integers(1, 16))
def test_threads_name_the_same_first_bad_row(b, seed, n, data, threads, min_rows):
    kind = b.kinds[0]
    rows = deal(b, kind, n, 0, seed)
    bad = sorted(data.draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=3)))
    rows[bad, 1] = rows[bad, 0]  # a card twice
    with pytest.raises(DuplicateCardError) as one:
        b.call(rows, kind)
    assert f"row {bad[0]}:" in str(one.value)
    with mock.patch.object(_batch, "MIN_ROWS_PER_THREAD", min_rows):
        with pytest.raises(DuplicateCardError) as many:
            b.call(rows, kind, np.zeros(n, np.uint16), threads=threads)
    assert str(many.value) == str(one.value)


def _bad_outs(n: int) -> list[object]:
    read_only = np.full(n, 7, np.uint16)
    read_only.setflags(write=False)
    return [np.full(n, 7, np.int32), np.full(n, 7, np.uint32), np.full(n + 1, 7, np.uint16),
            np.full((n, 1), 7, np.uint16), np.full(2 * n, 7, np.uint16)[::2], read_only, [7] * n, "a5"]


@pytest.mark.parametrize("b", BATCHES, ids=IDS)
def test_a_bad_out_is_refused_and_nothing_is_written(b):
    n = 40
    for kind in b.kinds:
        rows = deal(b, kind, n, 0, 3)
        for out in _bad_outs(n):
            before = np.array(out, dtype=object) if not isinstance(out, np.ndarray) else out.copy()
            with pytest.raises(CardTypeError, match="out must be a writable C-contiguous uint16 array"):
                b.call(rows, kind, out)
            after = np.array(out, dtype=object) if not isinstance(out, np.ndarray) else out
            assert np.array_equal(after, before)
            if isinstance(out, np.ndarray) and out.base is not None:  # a strided view: its base too
                assert (out.base == 7).all()


@pytest.mark.parametrize("b", BATCHES, ids=IDS)
def test_threads_and_kind_are_checked(b):
    rows = deal(b, b.kinds[0], 10, 0, 4)
    for threads in (-1, 1.5, True, "2", None):
        with pytest.raises(ThreadCountError, match="threads"):
            b.call(rows, b.kinds[0], threads=threads)
    if b.kinds != (None,):
        for kind in ("razz", 1, None, True):
            with pytest.raises(CardTypeError, match="kind must be one of"):
                b.fn(*b.args(rows), **b.kwargs(rows), kind=kind)
    else:
        with pytest.raises(TypeError):
            b.fn(*b.args(rows), **b.kwargs(rows), kind="high")


def test_the_old_spellings_are_gone():
    """Released never: the kind is a keyword now (a positional one lands on ``out`` and is refused)."""
    rows = deal(BATCHES[1], "a5", 5, 0, 5)
    with pytest.raises(CardTypeError, match="out must be"):
        evaluate_low_batch(rows, "a5")
    hole, board = rows[:, :4], deal(BATCHES[1], "a5", 5, 0, 6)[:, :5]
    with pytest.raises(TypeError):
        evaluate_omaha_batch(hole=hole, board=board, low8=True)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        evaluate_short_deck_batch(rows, trips_beat_straight=True)  # type: ignore[call-arg]

"""Shared input checks of the batch evaluators (``pyeval.evaluate_batch``, ``pyeval.hands``)."""
from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from ._bindings import ERR_CARD, ERR_DUP
from .cards import CARD_TEXT
from .errors import CardTypeError, DuplicateCardError, InvalidCardError

T = TypeVar("T")

_CPUS = os.cpu_count() or 1  # read once: os.cpu_count() costs microseconds per call
_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def cpu_count() -> int:
    """The number of CPUs, read once at import."""
    return _CPUS


def check_threads(threads: object, error: type[Exception] = CardTypeError) -> int:
    """``threads`` as a worker count: an int >= 0, 0 meaning :func:`cpu_count`. Raises ``error``."""
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise error(f"threads must be an int >= 0, got {threads!r}")
    return threads or _CPUS


def run_threads(fn: Callable[..., T], args: Sequence[tuple[Any, ...]]) -> list[T]:
    """``[fn(*a) for a in args]``, the calls spread over one persistent thread pool (created on
    first use with :func:`cpu_count` workers, shared by every batch call; the C calls release the
    GIL). Results in the order of ``args``; the first exception is re-raised, and on any exception
    (Ctrl-C too) the calls not yet started are cancelled: the pool's threads would otherwise run
    them all before the interpreter could exit."""
    global _POOL
    if len(args) <= 1:
        return [fn(*a) for a in args]
    if _POOL is None:
        with _POOL_LOCK:
            if _POOL is None:
                _POOL = ThreadPoolExecutor(max(2, _CPUS), thread_name_prefix="pyeval")
    futs = [_POOL.submit(fn, *a) for a in args]
    try:
        return [f.result() for f in futs]
    except BaseException:
        for f in futs:
            f.cancel()
        raise


def card_matrix(hands: npt.ArrayLike, name: str = "hands", row_label: str = "row",
                check_k: Callable[[int], None] | None = None) -> npt.NDArray[np.uint8]:
    """``hands`` as a C-contiguous ``uint8`` array of shape ``(n, k)``, converted at most once.

    Raises:
        CardTypeError: not an integer array, or not two-dimensional. Whatever ``check_k`` raises
        for the row length. InvalidCardError: a card outside 0..51 (only possible in a wider dtype;
        ``uint8`` input is range-checked in C), naming the first such row.
    """
    arr = np.asarray(hands)
    if arr.dtype != np.uint8:
        if arr.size == 0 and arr.dtype == np.float64:  # np.asarray([]) of an empty list
            arr = arr.astype(np.uint8)
        elif arr.dtype.kind not in "iu":  # not timedelta64 (numpy counts it an integer type), bool, float
            raise CardTypeError(f"{name} must be an integer array of card ints 0..51, got dtype {arr.dtype}")
    if arr.ndim != 2:
        raise CardTypeError(f"{name} must have shape (n, k), got shape {arr.shape}")
    if check_k is not None:
        check_k(arr.shape[1])
    if arr.dtype != np.uint8:
        bad_rows = np.flatnonzero(((arr < 0) | (arr > 51)).any(axis=1))
        if bad_rows.size:
            row = int(bad_rows[0])
            c = next(int(x) for x in arr[row] if not 0 <= x <= 51)
            raise InvalidCardError(f"{row_label} {row}: invalid card {c}: card ints are 0..51")
        arr = arr.astype(np.uint8)
    return np.ascontiguousarray(arr)


def raise_row_error(status: int, cards: list[int], row: int) -> None:
    """Raise the pyeval error for a C batch status on row ``row`` holding ``cards``."""
    if status == ERR_CARD:
        c = next(c for c in cards if c > 51)
        raise InvalidCardError(f"row {row}: invalid card {c}: card ints are 0..51")
    if status == ERR_DUP:
        c = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise DuplicateCardError(f"row {row}: duplicate card {CARD_TEXT[c]} ({c})")
    raise CardTypeError(f"row {row}: invalid input (status {status})")  # pragma: no cover

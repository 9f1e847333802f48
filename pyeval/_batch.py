"""What every batch evaluator shares (``pyeval.evaluate_batch`` and the batches of ``pyeval.hands``):
input checks, the ``out=`` check, running C over row blocks on threads, and the error for a bad row.

Every batch evaluator has one shape, ``f(hands, [board,] out=None, *, threads=1, [kind=...])``:
``out`` is checked by :func:`check_out` before anything runs, ``threads`` by :func:`check_threads`,
``kind`` by :func:`check_kind`, and :func:`run_rows` runs the C loop over blocks of rows."""
from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import numpy as np
import numpy.typing as npt

from ._bindings import ERR_ARG, ERR_CARD, ERR_DUP, check, ffi
from .cards import CARD_TEXT
from .errors import CardTypeError, InvalidCardError, PyevalError, ThreadCountError

if TYPE_CHECKING:  # imported on the first threaded call: concurrent.futures brings in logging (import time)
    from concurrent.futures import ThreadPoolExecutor

T = TypeVar("T")

_CPUS = os.cpu_count() or 1  # read once: os.cpu_count() costs microseconds per call
_POOL: ThreadPoolExecutor | None = None
_POOL_PID = 0  # the process that made _POOL: a forked child has none of its threads
_POOL_LOCK = threading.Lock()


def _forget_pool() -> None:
    """In a forked child (``os.register_at_fork``): the parent's pool has no threads here, and its
    lock may have been held by a parent thread that does not exist here; start from nothing."""
    global _POOL, _POOL_PID, _POOL_LOCK
    _POOL, _POOL_PID, _POOL_LOCK = None, 0, threading.Lock()


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_forget_pool)
#: Each thread of a batch gets at least this many rows (fewer rows run on the calling thread).
MIN_ROWS_PER_THREAD = 32768
#: A threaded batch is cut into up to this many blocks a thread (each of at least
#: MIN_ROWS_PER_THREAD rows), taken in turn by the threads as they finish (see run_rows).
BLOCKS_PER_THREAD = 4
#: Row errors: the defaults of :data:`pyeval._bindings.DEFAULT_ERRORS`, but an invalid argument
#: (never expected from a batch whose arguments were checked) is a CardTypeError.
ROW_ERRORS: Mapping[int, type[PyevalError]] = {ERR_ARG: CardTypeError}


def cpu_count() -> int:
    """The number of CPUs, read once at import."""
    return _CPUS


def check_threads(threads: object, error: type[Exception] = ThreadCountError) -> int:
    """``threads`` as a worker count: an int >= 0, 0 meaning :func:`cpu_count`. Raises ``error``."""
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise error(f"threads must be an int >= 0, got {threads!r}")
    return threads or _CPUS


def run_threads(fn: Callable[..., T], args: Sequence[tuple[Any, ...]]) -> list[T]:
    """``[fn(*a) for a in args]``, the calls spread over one persistent thread pool (created on
    first use with :func:`cpu_count` workers, shared by every batch call; the C calls release the
    GIL). Results in the order of ``args``; the first exception is re-raised, and on any exception
    (Ctrl-C too) the calls not yet started are cancelled: the pool's threads would otherwise run
    them all before the interpreter could exit.

    Processes: a forked child gets a new pool on its first threaded call (an ``os.register_at_fork``
    hook drops the parent's, and a process-id check catches a fork that bypassed the hook), so a
    child never waits on threads that exist only in its parent."""
    if len(args) <= 1:
        return [fn(*a) for a in args]
    pool = _pool()
    futs = [pool.submit(fn, *a) for a in args]
    try:
        return [f.result() for f in futs]
    except BaseException:
        for f in futs:
            f.cancel()
        raise


def _pool() -> ThreadPoolExecutor:
    """The persistent pool of :func:`run_threads` (made on first use, again in a forked child)."""
    global _POOL, _POOL_PID
    pool, pid = _POOL, os.getpid()
    if pool is None or _POOL_PID != pid:
        with _POOL_LOCK:
            if _POOL is None or _POOL_PID != pid:
                from concurrent.futures import ThreadPoolExecutor
                _POOL, _POOL_PID = ThreadPoolExecutor(max(2, _CPUS), thread_name_prefix="pyeval"), pid
            pool = _POOL
    return pool


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


def check_out(out: object, n: int) -> npt.NDArray[np.uint16]:
    """The array a batch of ``n`` rows writes into: a new ``uint16`` array when ``out`` is None,
    else ``out`` itself once checked (checked before anything runs, so a bad ``out`` is never
    written to).

    Raises:
        CardTypeError: ``out`` is not a writable, aligned, C-contiguous ``uint16`` array of shape
        ``(n,)`` (an array viewing a buffer at an odd byte offset is not aligned: C stores two-byte
        values only at even addresses).
    """
    if out is None:
        return np.empty(n, dtype=np.uint16)
    if not (isinstance(out, np.ndarray) and out.dtype == np.uint16 and out.shape == (n,)
            and out.flags.c_contiguous and out.flags.writeable):
        raise CardTypeError(f"out must be a writable C-contiguous uint16 array of shape ({n},)")
    check_aligned(out, "out")
    return out


def check_aligned(arr: npt.NDArray[Any], name: str) -> None:
    """Refuse an array whose address is not a multiple of its item size (``arr.flags.aligned``):
    e.g. ``np.frombuffer(buf, np.uint16, offset=1)``. C writes through typed pointers, which must
    be aligned (a misaligned store is undefined behaviour, found by UBSan).

    Raises:
        CardTypeError: naming ``name`` and how to get an aligned array.
    """
    if not arr.flags.aligned:
        raise CardTypeError(f"{name} must be an aligned array (its address a multiple of {arr.dtype.itemsize} "
                            f"bytes), got one at an odd offset; pass np.empty(...) or a copy")


def check_kind(kind: object, kinds: Mapping[str, int]) -> int:
    """The C code of a batch's ``kind`` (a str, one of ``kinds``). Raises CardTypeError otherwise."""
    code = kinds.get(kind) if isinstance(kind, str) else None
    if code is None:
        raise CardTypeError(f"kind must be one of {', '.join(map(repr, kinds))}, got {kind!r}")
    return code


def row_blocks(fn: Callable[..., int], cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16],
               *args: object) -> Callable[[int, int], tuple[int, int]]:
    """``run(lo, hi)`` for :func:`run_rows` over a C batch of one card matrix, ``fn(cards, rows,
    *args, out, bad_row)``: it passes rows ``lo..hi`` of ``cards`` (C-contiguous ``(n, k)``) and of
    ``out`` as pointers offset into the checked buffers and ``hi - lo`` rows, so C sees an
    ordinary smaller batch."""
    k = cards.shape[1]
    cbuf = ffi.from_buffer("uint8_t[]", cards)
    obuf = ffi.from_buffer("uint16_t[]", out, require_writable=True)

    def run(lo: int, hi: int) -> tuple[int, int]:
        bad = ffi.new("size_t *")
        return int(fn(cbuf + lo * k, hi - lo, *args, obuf + lo, bad)), lo + int(bad[0])
    return run


def run_rows(run: Callable[[int, int], tuple[int, int]], n: int, threads: int) -> tuple[int, int]:
    """Run a C batch over rows ``0..n`` in blocks: ``run(lo, hi)`` evaluates rows ``lo..hi`` and
    returns ``(status, bad row)`` (the row counted from 0 of the whole batch). With ``threads`` > 1
    (already checked by :func:`check_threads`) up to that many threads (the calling thread and
    ``threads - 1`` of the persistent pool, :func:`run_threads`; the C calls release the GIL) take
    blocks of at least :data:`MIN_ROWS_PER_THREAD` rows, up to :data:`BLOCKS_PER_THREAD` a thread,
    in row order from a shared counter until none is left: a thread slowed by other processes on
    its core takes fewer blocks instead of holding up the batch. Returns the first failure in row
    order (the first bad row), or ``(0, 0)``; after a failure no further block is started."""
    nthreads = min(threads, max(1, n // MIN_ROWS_PER_THREAD))
    if nthreads <= 1:
        st, row = run(0, n)
        return (st, row) if st else (0, 0)
    nblocks = min(nthreads * BLOCKS_PER_THREAD, n // MIN_ROWS_PER_THREAD)
    bounds = [n * i // nblocks for i in range(nblocks + 1)]
    results: list[tuple[int, int]] = [(0, 0)] * nblocks
    take = itertools.count().__next__  # one atomic step under the GIL: each block is taken once
    stop = [nblocks]  # lowered to the failing block: blocks after it are not started

    def work() -> None:
        while (i := take()) < stop[0]:
            results[i] = res = run(bounds[i], bounds[i + 1])
            if res[0]:
                stop[0] = min(stop[0], i)

    _run_with_caller(work, stop, nthreads)
    for st, row in results:  # blocks in row order: the first failure is the first bad row
        if st:
            return st, row
    return 0, 0


#: A batch on C threads is cut into C calls of this many rows (each releases the GIL once); Ctrl-C is
#: seen between them (a call takes ~10 ms on two threads).
C_THREADS_CALL_ROWS = 1 << 23


def run_rows_c(fn: Callable[..., int], cards: npt.NDArray[np.uint8], out: npt.NDArray[np.uint16], n: int,
               threads: int, *args: object) -> tuple[int, int]:
    """:func:`run_rows` with the threads in C: ``fn(cards, rows, *args, out, bad_row, threads,
    min_rows)`` (``pe_eval_batch_threads``, csrc/pe_pool.c) runs the rows on its persistent pool of
    threads (the calling thread works too), blocks of at least :data:`MIN_ROWS_PER_THREAD` rows taken
    from a shared counter, long first and short last (csrc/pe_pool.c's guided schedule); calls of :data:`C_THREADS_CALL_ROWS` rows, in row order, so Ctrl-C is
    seen between them. Returns the first failure ``(status, bad row)`` or ``(0, 0)``: the same as one
    thread."""
    k = cards.shape[1]
    cbuf = ffi.from_buffer("uint8_t[]", cards)
    obuf = ffi.from_buffer("uint16_t[]", out, require_writable=True)
    bad = ffi.new("size_t *")
    for lo in range(0, n, C_THREADS_CALL_ROWS):
        hi = min(n, lo + C_THREADS_CALL_ROWS)
        st = int(fn(cbuf + lo * k, hi - lo, *args, obuf + lo, bad, threads, MIN_ROWS_PER_THREAD))
        if st:
            return st, lo + int(bad[0])
    return 0, 0


def _run_with_caller(work: Callable[[], None], stop: list[int], nthreads: int) -> None:
    """``work()`` on ``nthreads - 1`` pool threads and on the calling thread at once (the caller
    would otherwise sleep while the pool works); returns once every call has returned. On an
    exception in the caller (Ctrl-C too) ``stop[0] = -1`` keeps the pool's calls from starting
    another block; the exception is raised once they have returned."""
    from concurrent.futures import wait

    futs = [_pool().submit(work) for _ in range(nthreads - 1)]
    try:
        work()
    except BaseException:
        stop[0] = -1
        wait(futs)
        raise
    for f in futs:
        f.result()


def card_message(status: int, cards: list[int]) -> str:
    """What is wrong with ``cards``, for the C status ``status``: the bad or repeated card."""
    if status == ERR_CARD:
        c = next(c for c in cards if c > 51)
        return f"invalid card {c}: card ints are 0..51"
    if status == ERR_DUP:
        c = next(c for i, c in enumerate(cards) if c in cards[:i])
        return f"duplicate card {CARD_TEXT[c]} ({c})"
    return f"invalid input (status {status})"  # pragma: no cover


def raise_row_error(status: int, cards: list[int], row: int) -> NoReturn:
    """Raise the pyeval error for a C batch status on row ``row`` holding ``cards``: the class from
    :func:`pyeval._bindings.check` (:data:`ROW_ERRORS`), the message naming the row and the card."""
    check(status, f"row {row}", ROW_ERRORS, message=f"row {row}: {card_message(status, cards)}")
    raise CardTypeError(f"row {row}: no error (status {status})")  # pragma: no cover - status < 0

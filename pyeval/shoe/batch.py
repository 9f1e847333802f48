"""Batch dealing for simulation: shuffle, deal (and evaluate) many rounds in one C call, GIL released.

A :class:`BatchDealer` is one reproducible stream of rows. Its state is the generator's four words
and the 52-card deck it carries from row to row and from call to call, so the rows depend only on
the seed, the stream and the sequence of rows asked for: dealing 500 rows and then 500 more gives
exactly the 1,000 rows of one call with the same ``cards_per_deal`` (for :meth:`BatchDealer.deal`
and :func:`pyeval.poker.batch.holdem_showdowns` alike). :meth:`BatchDealer.state` / :meth:`BatchDealer.from_state`
(or pickle) save and resume a stream exactly, for checkpointed simulations.

Threads: a dealer may be shared (each call holds its lock in C; other threads wait and get the next
rows, never the same ones), but sharing serialises the calls: give each thread its own ``stream``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .._batch import check_aligned
from ..errors import CardTypeError, SeedError, ShoeArgumentError, ShoeTypeError
from ._common import ERR_BUSY, check_int, ffi, lib, raise_status, retry
from ._common import call as _call
from .rng import SeededSource, check_seed, check_stream, init_rng

__all__ = ["BatchDealer", "DealerState", "deal_batch"]

#: Most bytes one batch call may allocate for its results (a bad ``n`` gives ShoeArgumentError, not
#: numpy's ValueError or MemoryError).
MAX_BATCH_BYTES = 1 << 40

_check_int = check_int
_raise_status = raise_status


def _check_out(out: object, dtype: type, shape: tuple[int, ...], name: str) -> None:
    if not (isinstance(out, np.ndarray) and out.dtype == dtype and out.shape == shape
            and out.flags.c_contiguous and out.flags.writeable):
        got = (f"{out.dtype} array of shape {out.shape}" if isinstance(out, np.ndarray)
               else type(out).__name__)
        raise CardTypeError(f"{name} must be a writable C-contiguous {np.dtype(dtype).name} array of "
                            f"shape {shape}, got {got}")
    check_aligned(out, name)


def _rows(n: object, row_bytes: int, what: str) -> int:
    rows = check_int(n, what, 0)
    if rows * row_bytes > MAX_BATCH_BYTES:
        raise ShoeArgumentError(f"{what}={rows} rows of {row_bytes} bytes exceed the batch limit of "
                                f"{MAX_BATCH_BYTES:,} bytes: deal in chunks (the stream does not depend on "
                                "the chunk size)")
    return rows


def _empty(shape: tuple[int, ...], dtype: type) -> Any:
    try:
        return np.empty(shape, dtype=dtype)
    except (MemoryError, ValueError) as exc:
        raise ShoeArgumentError(f"cannot allocate a {shape} {np.dtype(dtype).name} result: {exc}; deal in "
                                "chunks (the stream does not depend on the chunk size)") from None


@dataclass(frozen=True)
class DealerState:
    """The exact state of a seeded :class:`BatchDealer` (plain ints: ``dataclasses.asdict`` gives a
    JSON-ready dict), for checkpoint and resume.

    Attributes:
        seed, stream: as given to (or drawn by) the dealer. rng_state: the generator's four 64-bit
        words. deck: the 52-card deck carried to the next row (a permutation of 0..51).
    """

    seed: int | None
    stream: int
    rng_state: tuple[int, int, int, int]
    deck: tuple[int, ...]


class BatchDealer(SeededSource):
    """A random source for batch deals that keeps its state between calls (so a long simulation can
    run in chunks and stay one reproducible stream; see the module docstring for what is invariant).

    Args:
        seed: an int 0..2**256-1, or None for a fresh 256-bit seed from the OS (see
            :attr:`BatchDealer.seed`).
        stream: the non-overlapping stream of the seed to use (0..2**20); give each worker thread or
            process its own stream.
        secure: draw from the operating system's CSPRNG instead (no seed, no streams, no state).

    Safe to share between threads (calls are serialised). ``copy.copy``/``copy.deepcopy`` give an
    independent dealer (a seeded one continues the same stream; a secure one reads its own OS words).
    A seeded dealer pickles exactly; pickling a secure one raises ShoeTypeError.
    Raises:
        SeedError, EntropyError.
    """

    __slots__ = ("_d", "_seed", "_stream")

    def __init__(self, seed: int | None = None, stream: int = 0, *, secure: bool = False) -> None:
        s = None if seed is None else check_seed(seed)
        self._stream = check_stream(stream)
        if not isinstance(secure, bool):
            raise ShoeTypeError(f"secure must be True or False, got {secure!r}")
        self._d = ffi.new("pe_dealer *")
        lib.pe_dealer_init(self._d)
        self._seed = init_rng(ffi.addressof(self._d[0], "rng"), s, self._stream, secure)

    def _rng(self) -> Any:
        return self._d.rng

    def deal(self, n: int, cards_per_deal: int,
             out: npt.NDArray[np.uint8] | None = None) -> npt.NDArray[np.uint8]:
        """Shuffle and deal ``n`` decks in one C call; see :func:`deal_batch`. The deck carries over to
        the next call, so consecutive calls continue one stream."""
        k = cards_per_deal
        if type(k) is not int or not 1 <= k <= 52:  # exact ints skip the general check (hot loop)
            k = check_int(cards_per_deal, "cards_per_deal", 1, 52)
        rows = n
        if type(rows) is not int or rows < 0 or rows * k > MAX_BATCH_BYTES:
            rows = _rows(n, k, "n")
        if out is None:
            out = _empty((rows, k), np.uint8)
        else:
            _check_out(out, np.uint8, (rows, k), "out")
        buf = ffi.from_buffer("uint8_t[]", out, require_writable=True)
        st = lib.pe_dealer_deal(self._d, rows, k, buf)
        if st:
            if st == ERR_BUSY:
                st = retry(lib.pe_dealer_deal, self._d, rows, k, buf)
            if st:
                raise_status(st, "deal_batch")
        return out

    def jump(self) -> None:
        """Advance to the next non-overlapping stream (2**128 draws on). SeedError if secure."""
        if _call(lib.pe_dealer_jump, self._d) != 0:
            raise SeedError("a secure random source has no streams to jump between")
        self._stream += 1

    # ---- checkpoint and resume ---------------------------------------------------------------------
    def state(self) -> DealerState:
        """The exact state, to resume the stream later with :meth:`from_state`.

        Raises:
            SeedError: a secure dealer (its OS source has no state to save).
        """
        words = ffi.new("uint64_t[4]")
        deck = ffi.new("uint8_t[52]")
        st = _call(lib.pe_dealer_get_state, self._d, words, deck)
        if st:
            raise SeedError("a secure dealer draws from the OS and has no state to save")
        return DealerState(self._seed, self._stream, (int(words[0]), int(words[1]), int(words[2]), int(words[3])),
                           tuple(bytes(ffi.buffer(deck, 52))))

    @classmethod
    def from_state(cls, state: DealerState) -> BatchDealer:
        """A dealer that continues exactly where the one ``state`` was taken from stood.

        Raises:
            ShoeTypeError: not a DealerState. SeedError: bad generator words (four ints 0..2**64-1,
            not all zero), seed or stream. ShoeArgumentError: a deck that is not a permutation of 0..51.
        """
        if not isinstance(state, DealerState):
            raise ShoeTypeError(f"from_state takes a DealerState, got {type(state).__name__}")
        words = tuple(state.rng_state)
        if len(words) != 4 or any(isinstance(w, bool) or not isinstance(w, int) or not 0 <= w < 1 << 64
                                  for w in words) or not any(words):
            raise SeedError("rng_state must be four 64-bit words, not all zero")
        deck = [check_int(c, "deck card", 0, 51) for c in state.deck]
        if sorted(deck) != list(range(52)):
            raise ShoeArgumentError("the dealer's deck must be a permutation of 0..51")
        dealer = cls(0)  # its state is set below (no jumps needed)
        dealer._seed = None if state.seed is None else check_seed(state.seed)
        dealer._stream = check_stream(state.stream)
        if lib.pe_dealer_set_state(dealer._d, list(words), bytes(deck)) != 0:  # pragma: no cover - checked
            raise SeedError("the dealer state could not be set")
        return dealer

    def __copy__(self) -> BatchDealer:
        other = type(self).__new__(type(self))
        other._d = ffi.new("pe_dealer *")
        _call(lib.pe_dealer_copy, other._d, self._d)
        other._seed, other._stream = self._seed, self._stream
        return other

    def copy(self) -> BatchDealer:
        """An independent dealer: a seeded one continues the same stream (same rows as this one from
        here); a secure one reads its own words from the OS."""
        return self.__copy__()

    def __deepcopy__(self, memo: dict[int, Any]) -> BatchDealer:
        return self.__copy__()

    def __reduce__(self) -> tuple[Any, ...]:
        if self.secure:
            raise ShoeTypeError("a secure BatchDealer cannot be pickled: its OS random source stays in this "
                                "process (create a new secure dealer in the other process)")
        return (BatchDealer.from_state, (self.state(),))

    def __repr__(self) -> str:
        mode = "secure" if self.secure else f"seed={self._seed}, stream={self._stream}"
        return f"BatchDealer({mode})"


def deal_batch(n: int, cards_per_deal: int, seed: int | None = None, stream: int = 0,
               out: npt.NDArray[np.uint8] | None = None, *, secure: bool = False) -> npt.NDArray[np.uint8]:
    """Shuffle and deal ``n`` independent decks in one C call (GIL released).

    Row ``r`` holds the first ``cards_per_deal`` cards of an independent uniform shuffle of one
    52-card deck (partial Fisher-Yates; ``cards_per_deal=52`` is a full shuffle), ready for
    :func:`pyeval.evaluate_batch` (e.g. ``cards_per_deal=7``). A seed and stream give the same
    array on every platform. (With ``cards_per_deal < 52`` the deck carries over from row to row;
    a :class:`BatchDealer` carries it over between calls too, so its rows do not depend on how they
    are split into calls.)

    Args:
        n: number of deals (rows), >= 0. cards_per_deal: 1..52.
        seed: int 0..2**256-1, or None for a fresh seed. stream: 0..2**20, the parallel stream.
        out: optional writable C-contiguous ``uint8`` array of shape ``(n, cards_per_deal)``.
        secure: draw from the OS CSPRNG (no seed or stream then).
    Returns:
        ``uint8`` array of shape ``(n, cards_per_deal)``, card ints 0..51, distinct within a row.
    Raises:
        ShoeArgumentError / ShoeTypeError: bad ``n`` or ``cards_per_deal`` (or a result too large to
        allocate: over 2**40 bytes, or refused by the OS). CardTypeError: a bad ``out`` (wrong dtype,
        shape, layout, or read-only). SeedError: a bad seed or stream.
    """
    return BatchDealer(seed, stream, secure=secure).deal(n, cards_per_deal, out)


# The mechanism the game procedures built on a dealer use (pyeval.poker.batch): output checks and one
# locked C call on the dealer's stream.
check_out = _check_out
empty_rows = _empty
rows_for = _rows


def dealer_call(dealer: BatchDealer, fn: str, what: str, *args: Any) -> None:
    """``lib.<fn>(dealer, *args)`` under the dealer's lock (retried while another thread holds it);
    an argument ``(ctype, array)`` is passed as a writable buffer, ``None`` as NULL.
    Raises: the pyeval error of a failed status (``what`` names the call)."""
    c_args = [ffi.NULL if a is None else ffi.from_buffer(a[0], a[1], require_writable=True) if isinstance(a, tuple)
              else a for a in args]
    st = _call(getattr(lib, fn), dealer._d, *c_args)
    if st:
        raise_status(st, what)

"""Batch dealing for simulation: shuffle, deal (and evaluate) many rounds in one C call, GIL released."""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..errors import CardTypeError, SeedError, ShoeTypeError
from ._common import check_int, ffi, lib, raise_status
from .rng import check_seed, check_stream, init_rng

__all__ = ["BatchDealer", "Showdowns", "deal_batch", "holdem_showdowns"]

_check_int = check_int
_raise_status = raise_status


class Showdowns(NamedTuple):
    """Result of :func:`holdem_showdowns` for ``n`` rounds of ``p`` players.

    Attributes:
        values: ``uint16`` (n, p): each seat's hand value 1..7462 (higher is stronger); seat 0 is
            left of the button, seat p-1 the button.
        winners: ``uint16`` (n,): bitmask of the seats holding the best value (ties set several).
        cards: ``uint8`` (n, 2p + 5) or None: hole cards seat by seat, then the five board cards.
    """

    values: npt.NDArray[np.uint16]
    winners: npt.NDArray[np.uint16]
    cards: npt.NDArray[np.uint8] | None


def _check_out(out: object, dtype: type, shape: tuple[int, ...], name: str) -> None:
    if not (isinstance(out, np.ndarray) and out.dtype == dtype and out.shape == shape
            and out.flags.c_contiguous and out.flags.writeable):
        raise CardTypeError(f"{name} must be a writable C-contiguous {np.dtype(dtype).name} array of "
                            f"shape {shape}")


class BatchDealer:
    """A random source for batch deals that keeps its state between calls (so a long simulation can
    run in chunks and stay one reproducible stream).

    Args:
        seed: an int 0..2**256-1, or None for a fresh seed from ``os.urandom`` (see :attr:`BatchDealer.seed`).
        stream: the non-overlapping stream of the seed to use (0..2**20); give each worker thread or
            process its own stream.
        secure: draw from the operating system's CSPRNG instead (no seed, no streams).
    Raises:
        SeedError, EntropyError.
    """

    __slots__ = ("_rng", "_seed", "_stream")

    def __init__(self, seed: int | None = None, stream: int = 0, *, secure: bool = False) -> None:
        s = None if seed is None else check_seed(seed)
        self._stream = check_stream(stream)
        if not isinstance(secure, bool):
            raise ShoeTypeError(f"secure must be True or False, got {secure!r}")
        self._rng = ffi.new("pe_rng *")
        self._seed = init_rng(self._rng, s, self._stream, secure)

    @property
    def seed(self) -> int | None:
        """The seed in use (None in secure mode)."""
        return self._seed

    @property
    def stream(self) -> int:
        """The stream number (jumps from the seeded state)."""
        return self._stream

    def deal(self, n: int, cards_per_deal: int,
             out: npt.NDArray[np.uint8] | None = None) -> npt.NDArray[np.uint8]:
        """Shuffle and deal ``n`` decks in one C call; see :func:`deal_batch`."""
        rows = _check_int(n, "n", 0)
        k = _check_int(cards_per_deal, "cards_per_deal", 1, 52)
        if out is None:
            out = np.empty((rows, k), dtype=np.uint8)
        else:
            _check_out(out, np.uint8, (rows, k), "out")
        st = lib.pe_shoe_deal_batch(self._rng, rows, k, ffi.from_buffer("uint8_t[]", out, require_writable=True))
        if st:
            _raise_status(st, "deal_batch")
        return out

    def holdem_showdowns(self, n: int, players: int = 2, *, burns: bool = True, cards: bool = False,
                         values_out: npt.NDArray[np.uint16] | None = None,
                         winners_out: npt.NDArray[np.uint16] | None = None) -> Showdowns:
        """Shuffle, deal and evaluate ``n`` rounds of Hold'em in one C call; see
        :func:`holdem_showdowns`."""
        rows = _check_int(n, "n", 0)
        p = _check_int(players, "players", 2, 10)
        if values_out is None:
            values_out = np.empty((rows, p), dtype=np.uint16)
        else:
            _check_out(values_out, np.uint16, (rows, p), "values_out")
        if winners_out is None:
            winners_out = np.empty(rows, dtype=np.uint16)
        else:
            _check_out(winners_out, np.uint16, (rows,), "winners_out")
        card_arr = np.empty((rows, 2 * p + 5), dtype=np.uint8) if cards else None
        st = lib.pe_shoe_holdem_showdowns(
            self._rng, rows, p, 1 if burns else 0, ffi.from_buffer("uint16_t[]", values_out, require_writable=True),
            ffi.from_buffer("uint16_t[]", winners_out, require_writable=True),
            ffi.NULL if card_arr is None else ffi.from_buffer("uint8_t[]", card_arr, require_writable=True))
        if st:
            _raise_status(st, "holdem_showdowns")
        return Showdowns(values_out, winners_out, card_arr)

    def jump(self) -> None:
        """Advance to the next non-overlapping stream (2**128 draws on). SeedError if secure."""
        if lib.pe_rng_jump(self._rng) != 0:
            raise SeedError("a secure random source has no streams to jump between")
        self._stream += 1


def deal_batch(n: int, cards_per_deal: int, seed: int | None = None, stream: int = 0,
               out: npt.NDArray[np.uint8] | None = None, *, secure: bool = False) -> npt.NDArray[np.uint8]:
    """Shuffle and deal ``n`` independent decks in one C call (GIL released).

    Row ``r`` holds the first ``cards_per_deal`` cards of an independent uniform shuffle of one
    52-card deck (partial Fisher-Yates; ``cards_per_deal=52`` is a full shuffle), ready for
    :func:`pyeval.evaluate_batch` (e.g. ``cards_per_deal=7``). A seed and stream give the same
    array on every platform. (With ``cards_per_deal < 52`` the deck carries over from row to row
    within one call, so splitting a batch into several calls gives different, equally valid rows.)

    Args:
        n: number of deals (rows), >= 0. cards_per_deal: 1..52.
        seed: int 0..2**256-1, or None for a fresh seed. stream: 0..2**20, the parallel stream.
        out: optional writable C-contiguous ``uint8`` array of shape ``(n, cards_per_deal)``.
        secure: draw from the OS CSPRNG (no seed or stream then).
    Returns:
        ``uint8`` array of shape ``(n, cards_per_deal)``, card ints 0..51, distinct within a row.
    Raises:
        ShoeArgumentError / ShoeTypeError: bad ``n`` or ``cards_per_deal``. CardTypeError: a bad
        ``out``. SeedError: a bad seed or stream.
    """
    return BatchDealer(seed, stream, secure=secure).deal(n, cards_per_deal, out)


def holdem_showdowns(n: int, players: int = 2, seed: int | None = None, stream: int = 0, *,
                     burns: bool = True, cards: bool = False, secure: bool = False) -> Showdowns:
    """Shuffle, deal and evaluate ``n`` rounds of Hold'em in one C call (GIL released).

    Each round is an independent uniform shuffle of one deck dealt as 58 Pa. Code § 637a.11(f):
    hole cards one at a time from the seat left of the button (seat 0) around to the button (seat
    ``players - 1``), twice; then, with ``burns``, a burn before the flop, the turn and the river
    (§ 637a.11(h)-(j)). Every seat's seven cards are evaluated (§ 637a.11(k)).

    Args:
        n: rounds, >= 0. players: 2..10 (§ 637a.11(b)).
        seed, stream, secure: as :func:`deal_batch`.
        burns: deal the three burn cards (they change which cards land where, not the odds).
        cards: also return the cards dealt.
    Returns:
        :class:`Showdowns` (values ``uint16`` (n, players), winners ``uint16`` (n,) bitmask,
        cards ``uint8`` (n, 2 * players + 5) or None).
    Raises:
        ShoeArgumentError / ShoeTypeError: bad ``n`` or ``players``. SeedError.
    """
    return BatchDealer(seed, stream, secure=secure).holdem_showdowns(n, players, burns=burns, cards=cards)

"""The shoe: seeded or OS-secure shuffles, cuts, burns, dealing, the discard rack, batch deals.

A :class:`Shoe` holds 1..8 standard 52-card decks (card ids stay 0..51, ``rank * 4 + suit``; the
deck each physical card came from is kept apart). All state lives in one C struct owned by the
shoe; every method validates first and, on bad input, raises a :class:`~pyeval.errors.PyevalError`
and changes nothing.

Random source (the algorithms are documented and cited in ``csrc/pe_shoe.h``):

* seeded (default): xoshiro256** (256-bit state > log2(52!) = 225.6 bits) seeded from a 256-bit
  ``seed`` through SplitMix64; ``stream=k`` (or :meth:`Shoe.jump`) selects the k-th of
  non-overlapping parallel streams (2**128 draws apart). Same seed and stream, same cards, on every
  platform. ``seed=None`` draws a 256-bit seed from ``os.urandom`` and records it in
  :attr:`Shoe.seed`, so any shoe can be replayed.
* ``secure=True`` (live tables): every draw comes from the operating system's CSPRNG
  (``getrandom(2)``, read in 256-byte blocks); no seed is accepted and nothing in Python's
  ``random`` module affects it.
* bounded ints by Lemire's unbiased method; Fisher-Yates with j uniform in [0, i].

Dealing procedures as data (:data:`HOLDEM_DEAL`, :data:`WPT_HEADS_UP_DEAL`,
:data:`CRISS_CROSS_HAND_DEAL`) are applied with :func:`deal_procedure`; stub counts and misdeals
(58 Pa. Code § 674a.9(d)-(f)) with :func:`check_stub` and :class:`AutomatedShuffler`. Simulation
backends use :func:`deal_batch` / :func:`holdem_showdowns` (or a :class:`BatchDealer`), which run
entirely in C with the GIL released.
"""
from __future__ import annotations

import enum
import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Union

import numpy as np
import numpy.typing as npt

from ._ffi import ERR_ARG, ERR_CARD, ERR_COUNT, ERR_DUP, ffi, lib
from .cards import CARD_TEXT, check_card
from .errors import (
    CardTypeError,
    DuplicateCardError,
    EntropyError,
    InvalidCardError,
    NativeBuildError,
    SeedError,
    ShoeArgumentError,
    ShoeExhaustedError,
    ShoeTypeError,
)

__all__ = [
    "Shoe", "ShoeSnapshot", "RackKind", "RackEntry",
    "ShuffleProcedure", "Uniform", "Riffle", "StripCut", "BoxCut", "CustomShuffle", "HAND_SHUFFLE",
    "AutomatedShuffler", "ShufflerReport",
    "SeatOrder", "StepKind", "DealStep", "DealingProcedure", "DealEvent", "DealtRound", "DealFaults",
    "HOLDEM_DEAL", "WPT_HEADS_UP_DEAL", "CRISS_CROSS_HAND_DEAL", "deal_procedure",
    "StubOutcome", "StubCheck", "StubCountPolicy", "check_stub",
    "BatchDealer", "Showdowns", "deal_batch", "holdem_showdowns",
    "MAX_DECKS", "MAX_SEED", "DEFAULT_MIN_CUT",
]

if lib.pe_shoe_abi() != 1:  # pragma: no cover - only with a stale build
    raise NativeBuildError("pyeval._native shoe ABI mismatch: rebuild the package")

MAX_DECKS = 8
#: Seeds are ints in 0..MAX_SEED (256 bits).
MAX_SEED = (1 << 256) - 1
#: Streams selectable by ``stream=`` (each is 2**128 draws of the generator apart).
MAX_STREAM = 1 << 20
#: Default minimum cut depth, in cards from either end. The certificate holder's rules set it; the
#: cut rules (e.g. 58 Pa. Code § 674a.5) are not in the texts pyeval was built from.
DEFAULT_MIN_CUT = 10

_ERR_EXHAUSTED = lib.PE_SHOE_ERR_EXHAUSTED
_ERR_ENTROPY = lib.PE_SHOE_ERR_ENTROPY
_ERR_STATE = lib.PE_SHOE_ERR_STATE
_ERR_SECURE = lib.PE_SHOE_ERR_SECURE
_SHOE_BYTES = ffi.sizeof("pe_shoe")


def _check_int(value: object, what: str, lo: int, hi: int | None = None) -> int:
    """``value`` as an int in [lo, hi], else ShoeTypeError / ShoeArgumentError naming ``what``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise ShoeTypeError(f"{what} must be an int, got {value!r} ({type(value).__name__})")
    v = value.__index__()  # type: ignore[attr-defined]
    if v < lo or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise ShoeArgumentError(f"{what} must be {rng}, got {v}")
    return int(v)


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not hasattr(seed, "__index__"):
        raise SeedError(f"seed must be an int 0..2**256-1 or None, got {seed!r} ({type(seed).__name__})")
    v = int(seed.__index__())  # type: ignore[attr-defined]
    if not 0 <= v <= MAX_SEED:
        raise SeedError(f"seed must be an int 0..2**256-1, got {v}")
    return v


def _check_stream(stream: object) -> int:
    if isinstance(stream, bool) or not hasattr(stream, "__index__"):
        raise SeedError(f"stream must be an int 0..{MAX_STREAM}, got {stream!r}")
    v = int(stream.__index__())  # type: ignore[attr-defined]
    if not 0 <= v <= MAX_STREAM:
        raise SeedError(f"stream must be an int 0..{MAX_STREAM}, got {v}")
    return v


def _seed_words(seed: int) -> list[int]:
    return [(seed >> (64 * i)) & 0xFFFFFFFFFFFFFFFF for i in range(4)]


def _init_rng(rng: object, seed: int | None, stream: int, secure: bool) -> int | None:
    """Seed a ``pe_rng *``; returns the seed used (None in secure mode)."""
    if secure:
        if seed is not None:
            raise SeedError("a secure shoe draws from the operating system's random source: no seed "
                            "may be given (use secure=False for a reproducible shoe)")
        if stream:
            raise SeedError("streams select parts of a seeded generator; a secure shoe has none")
        if lib.pe_rng_seed_secure(rng) != 0:
            raise EntropyError("the operating system's random source (getrandom/urandom) failed")
        return None
    s = int.from_bytes(os.urandom(32), "little") if seed is None else seed
    lib.pe_rng_seed(rng, _seed_words(s))
    for _ in range(stream):
        lib.pe_rng_jump(rng)
    return s


def _raise_status(st: int, what: str) -> None:
    if st == _ERR_EXHAUSTED:
        raise ShoeExhaustedError(what)
    if st == _ERR_ENTROPY:
        raise EntropyError(f"{what}: the operating system's random source failed")
    if st == ERR_CARD:
        raise InvalidCardError(f"{what}: a card outside 0..51")
    if st == ERR_DUP:
        raise DuplicateCardError(what)
    raise ShoeArgumentError(f"{what} (status {st})")


class RackKind(enum.IntEnum):
    """How a card reached the discard rack."""

    DISCARD = 0  #: cards from the layout (hands, board), as the dealer picks them up
    BURN = 1     #: a burn card, face down (58 Pa. Code § 637a.11(h)-(j), § 677a.11(c),(e))
    STUB = 2     #: the undealt stub, unexposed (58 Pa. Code § 674a.9(c),(e))

    @property
    def face_down(self) -> bool:
        """Burns and the stub go to the rack without being exposed."""
        return self is not RackKind.DISCARD


class RackEntry(NamedTuple):
    """One card on the discard rack, in the order racked."""

    card: int
    kind: RackKind


@dataclass(frozen=True)
class ShoeSnapshot:
    """The complete state of a :class:`Shoe`, for replay and reconstruction (58 Pa. Code
    § 677a.11(j)). Plain ints and tuples: ``dataclasses.asdict`` gives a JSON-ready dict.

    Attributes:
        decks: 1..8. cards: the shoe's cards top first (dealt ones included), ids 0..51.
        deck_of: the deck index of each card. dealt: how many have come off the top.
        rack: the discard rack in order, as (card, kind) pairs with kind a :class:`RackKind` value.
        rng_state: the generator's four 64-bit state words, or None for a secure shoe.
        seed, stream: as given to (or drawn by) the shoe; secure: the random source.
        min_cut: the minimum cut depth.
    """

    decks: int
    cards: tuple[int, ...]
    deck_of: tuple[int, ...]
    dealt: int
    rack: tuple[tuple[int, int], ...]
    rng_state: tuple[int, int, int, int] | None
    seed: int | None
    stream: int
    secure: bool
    min_cut: int


class Shoe:
    """A dealing shoe (or a hand-held deck) of ``decks`` standard 52-card decks.

    Args:
        decks: number of decks, 1..8.
        seed: an int 0..2**256-1 for a reproducible shoe, or None (a fresh 256-bit seed from
            ``os.urandom``, readable afterwards as :attr:`seed`). Refused when ``secure``.
        secure: draw every random number from the operating system's CSPRNG (live tables).
        min_cut: minimum cut depth in cards from either end, for :meth:`cut` (the certificate
            holder's rules set it).
        stream: select the ``stream``-th non-overlapping stream of the seed (0..2**20).

    The cards start in new-deck order (2c..As per deck); call :meth:`shuffle` before dealing.
    Raises:
        ShoeArgumentError / ShoeTypeError: bad ``decks`` or ``min_cut``. SeedError: a bad seed or
        stream, or a seed in secure mode. EntropyError: the OS random source failed.
    """

    __slots__ = ("_s", "_seed", "_stream", "_min_cut", "_buf")

    def __init__(self, decks: int = 1, seed: int | None = None, secure: bool = False, *,
                 min_cut: int = DEFAULT_MIN_CUT, stream: int = 0) -> None:
        d = _check_int(decks, "decks", 1, MAX_DECKS)
        self._min_cut = _check_int(min_cut, "min_cut", 0, 52 * d // 2)
        if not isinstance(secure, bool):
            raise ShoeTypeError(f"secure must be True or False, got {secure!r}")
        s = None if seed is None else _check_seed(seed)
        self._stream = _check_stream(stream)
        self._s = ffi.new("pe_shoe *")
        self._buf = ffi.new("uint8_t[416]")
        self._seed = _init_rng(ffi.addressof(self._s[0], "rng"), s, self._stream, secure)
        lib.pe_shoe_init(self._s, d)

    # ---- construction ------------------------------------------------------------------------
    @classmethod
    def from_order(cls, cards: Iterable[int], *, decks: int | None = None, seed: int | None = None,
                   secure: bool = False, min_cut: int = 0, stream: int = 0) -> Shoe:
        """A shoe whose cards come off in exactly the given order (replays, tests).

        Args:
            cards: card ints 0..51, the first is dealt first. Fewer than a full shoe is allowed
                (a partial stub); each card may appear at most ``decks`` times.
            decks: 1..8; default: the fewest decks that hold these cards.
            seed, secure, stream: the random source for any later shuffle or random cut.
            min_cut: minimum cut depth (default 0: any cut position is allowed).
        Raises:
            InvalidCardError / CardTypeError: a bad card. DuplicateCardError: a card more often than
            ``decks`` times. ShoeArgumentError: too many cards or a bad ``decks``.
        """
        if isinstance(cards, (str, bytes)):
            raise CardTypeError("from_order takes card ints 0..51 (use parse_cards for text)")
        cs = [check_card(c) for c in cards]
        most = max(Counter(cs).values(), default=1)
        d = max(1, most, -(-len(cs) // 52)) if decks is None else _check_int(decks, "decks", 1, MAX_DECKS)
        if d > MAX_DECKS or len(cs) > 52 * d:
            raise ShoeArgumentError(f"{len(cs)} cards do not fit in a shoe of {d} deck(s)")
        if most > d:
            c = next(c for c, k in Counter(cs).items() if k == most)
            raise DuplicateCardError(f"card {CARD_TEXT[c]} ({c}) appears {most} times in a {d}-deck shoe")
        shoe = cls(d, seed, secure, min_cut=min(_check_int(min_cut, "min_cut", 0), 26 * d), stream=stream)
        st = lib.pe_shoe_load(shoe._s, bytes(cs), len(cs), d)
        if st:  # pragma: no cover - validated above
            _raise_status(st, "from_order")
        return shoe

    @classmethod
    def restore(cls, snapshot: ShoeSnapshot) -> Shoe:
        """Rebuild a shoe exactly as it was when ``snapshot`` was taken (cards, position, rack and
        the generator's state, so the same cards follow).

        Raises:
            ShoeArgumentError: an inconsistent snapshot (rack cards not dealt, bad positions).
        """
        if not isinstance(snapshot, ShoeSnapshot):
            raise ShoeTypeError(f"restore takes a ShoeSnapshot, got {type(snapshot).__name__}")
        sn = snapshot
        shoe = cls.from_order(sn.cards, decks=sn.decks, min_cut=sn.min_cut, secure=sn.secure,
                              seed=None if sn.secure else (sn.seed or 0))
        if len(sn.deck_of) != len(sn.cards) or any(not 0 <= d < sn.decks for d in sn.deck_of):
            raise ShoeArgumentError("snapshot deck_of does not match its cards")
        if len(set(zip(sn.cards, sn.deck_of))) != len(sn.cards):
            raise ShoeArgumentError("snapshot holds the same physical card twice")
        dealt = _check_int(sn.dealt, "snapshot dealt", 0, len(sn.cards))
        rack = [(check_card(c), RackKind(k)) for c, k in sn.rack]
        if Counter(c for c, _ in rack) - Counter(sn.cards[:dealt]):
            raise ShoeArgumentError("snapshot rack holds cards that were not dealt")
        s = shoe._s
        for i, d in enumerate(sn.deck_of):
            s.deck_of[i] = d
        s.pos = dealt
        for i, (c, k) in enumerate(rack):
            s.rack[i] = c
            s.rack_kind[i] = int(k)
        s.rack_n = len(rack)
        if not sn.secure:
            if sn.rng_state is None or len(sn.rng_state) != 4 or lib.pe_rng_set_state(
                    ffi.addressof(s[0], "rng"), [_check_int(w, "rng word", 0, (1 << 64) - 1)
                                                 for w in sn.rng_state]) != 0:
                raise ShoeArgumentError("snapshot rng_state must be four 64-bit words, not all zero")
        shoe._seed, shoe._stream = sn.seed, sn.stream
        return shoe

    def snapshot(self) -> ShoeSnapshot:
        """The shoe's complete state (see :class:`ShoeSnapshot`); :meth:`restore` rebuilds it."""
        s = self._s
        n = s.size
        state = None
        if not s.rng.secure:
            w = ffi.new("uint64_t[4]")
            lib.pe_rng_get_state(ffi.addressof(s[0], "rng"), w)
            state = (int(w[0]), int(w[1]), int(w[2]), int(w[3]))
        return ShoeSnapshot(
            decks=int(s.decks), cards=tuple(bytes(ffi.buffer(s.cards, n))),
            deck_of=tuple(bytes(ffi.buffer(s.deck_of, n))), dealt=int(s.pos),
            rack=tuple((e.card, int(e.kind)) for e in self.rack), rng_state=state, seed=self._seed,
            stream=self._stream, secure=bool(s.rng.secure), min_cut=self._min_cut)

    def copy(self) -> Shoe:
        """An independent copy: same cards, rack and generator state (so the same future cards)."""
        other = Shoe.__new__(Shoe)
        other._s = ffi.new("pe_shoe *")
        ffi.memmove(other._s, self._s, _SHOE_BYTES)
        other._buf = ffi.new("uint8_t[416]")
        other._seed, other._stream, other._min_cut = self._seed, self._stream, self._min_cut
        return other

    # ---- properties ----------------------------------------------------------------------------
    @property
    def decks(self) -> int:
        """Number of decks (1..8)."""
        return int(self._s.decks)

    @property
    def size(self) -> int:
        """Cards in the shoe's complement (52 * decks unless built from a partial order or a card
        was lost with :meth:`remove_card`)."""
        return int(self._s.size)

    @property
    def remaining(self) -> int:
        """Cards not yet taken off the top (the stub's size)."""
        return int(self._s.size - self._s.pos)

    @property
    def dealt(self) -> int:
        """Cards taken off the top since the last shuffle (dealt, burned, or racked as stub)."""
        return int(self._s.pos)

    @property
    def seed(self) -> int | None:
        """The seed (given, or drawn from ``os.urandom``); None for a secure shoe."""
        return self._seed

    @property
    def stream(self) -> int:
        """Number of jumps from the seeded state (the parallel stream selected)."""
        return self._stream

    @property
    def secure(self) -> bool:
        """True when draws come from the operating system's CSPRNG."""
        return bool(self._s.rng.secure)

    @property
    def min_cut(self) -> int:
        """Minimum cut depth in cards from either end."""
        return self._min_cut

    @property
    def discards(self) -> tuple[int, ...]:
        """The discard rack, first racked first (burns, discarded hands, stub), as card ints."""
        return tuple(bytes(ffi.buffer(self._s.rack, self._s.rack_n)))

    @property
    def rack(self) -> tuple[RackEntry, ...]:
        """The discard rack with how each card got there (:class:`RackKind`), in order."""
        n = self._s.rack_n
        kinds = bytes(ffi.buffer(self._s.rack_kind, n))
        return tuple(RackEntry(c, RackKind(k)) for c, k in zip(bytes(ffi.buffer(self._s.rack, n)), kinds))

    def stub(self) -> tuple[int, ...]:
        """The undealt cards, top (next to be dealt) first."""
        s = self._s
        return tuple(bytes(ffi.buffer(s.cards, s.size))[s.pos:])

    def stub_count(self) -> int:
        """The number of cards in the stub, as the dealer counts them face down
        (58 Pa. Code § 674a.9(d))."""
        return self.remaining

    def dealt_cards(self) -> tuple[int, ...]:
        """The cards taken off the top since the last shuffle, in the order they came off."""
        s = self._s
        return tuple(bytes(ffi.buffer(s.cards, s.pos)))

    def order(self) -> tuple[int, ...]:
        """All cards of the shoe top first, dealt ones included (the order the shuffle produced)."""
        return tuple(bytes(ffi.buffer(self._s.cards, self._s.size)))

    def deck_indices(self) -> tuple[int, ...]:
        """The deck index (0..decks-1) of each card of :meth:`order`."""
        return tuple(bytes(ffi.buffer(self._s.deck_of, self._s.size)))

    def __len__(self) -> int:
        return self.remaining

    def __repr__(self) -> str:
        mode = "secure" if self.secure else f"seed={self._seed}"
        return f"Shoe(decks={self.decks}, remaining={self.remaining}, rack={self._s.rack_n}, {mode})"

    # ---- random source -------------------------------------------------------------------------
    def jump(self) -> None:
        """Advance the generator 2**128 draws: the next non-overlapping stream.

        Raises:
            SeedError: a secure shoe (it has no streams).
        """
        if lib.pe_rng_jump(ffi.addressof(self._s[0], "rng")) != 0:
            raise SeedError("a secure shoe has no streams to jump between")
        self._stream += 1

    def randbelow(self, n: int) -> int:
        """A uniform int in [0, n) from this shoe's random source (Lemire's unbiased method).

        For custom procedures, e.g. choosing the first button by a dealt card (§ 637a.11(c)(1)).
        Raises:
            ShoeArgumentError: ``n`` < 1.
        """
        b = _check_int(n, "n", 1, (1 << 64) - 1)
        out = ffi.new("uint64_t[1]")
        st = lib.pe_rng_bounded(ffi.addressof(self._s[0], "rng"), b, out, 1)
        if st:
            _raise_status(st, "randbelow")
        return int(out[0])

    # ---- shuffle and cut -----------------------------------------------------------------------
    def shuffle(self, procedure: ShuffleProcedure | Sequence[ShuffleProcedure] | None = None) -> None:
        """Gather every card (dealt, burned, racked) back into the shoe and shuffle.

        Args:
            procedure: a :class:`ShuffleProcedure` or a sequence of them, applied in order.
                Default :class:`Uniform` (an ideal shuffle: every order equally likely).
                :data:`HAND_SHUFFLE` models a dealer's hand shuffle.
        Raises:
            ShoeTypeError / ShoeArgumentError: a bad procedure (checked before anything changes).
        """
        procs = _procedures(procedure)
        for p in procs:
            p.validate(self.size)
        saved = self._save()
        try:
            lib.pe_shoe_gather(self._s)
            for p in procs:
                p.apply(self)
        except BaseException:
            self._load(saved)
            raise

    def cut(self, position: int | None = None) -> int:
        """Cut the undealt cards: the top ``position`` cards go to the bottom.

        Args:
            position: cards moved from top to bottom, in ``min_cut .. remaining - min_cut``;
                None: uniform at random in that range.
        Returns:
            The cut position used.
        Raises:
            ShoeArgumentError: a position outside the allowed range (or too few cards to cut).
        """
        m = self.remaining
        lo, hi = self._min_cut, m - self._min_cut
        if hi < lo or m == 0:
            raise ShoeArgumentError(f"cannot cut {m} card(s) with a minimum cut depth of {lo}")
        if position is None:
            where = ffi.new("int *")
            st = lib.pe_shoe_cut_random(self._s, lo, where)
            if st:
                _raise_status(st, "cut")
            return int(where[0])
        p = _check_int(position, "cut position", lo, hi)
        lib.pe_shoe_cut(self._s, p)
        return p

    # ---- dealing -------------------------------------------------------------------------------
    def deal(self, k: int = 1) -> tuple[int, ...]:
        """Take ``k`` cards off the top, in order.

        Returns:
            A tuple of ``k`` card ints 0..51, the first dealt first.
        Raises:
            ShoeExhaustedError: fewer than ``k`` cards remain (nothing is dealt).
            ShoeArgumentError / ShoeTypeError: ``k`` negative or not an int.
        """
        if type(k) is not int:
            k = _check_int(k, "number of cards to deal", 0)
        if k < 0:
            raise ShoeArgumentError(f"number of cards to deal must be >= 0, got {k}")
        st = lib.pe_shoe_deal(self._s, k, self._buf) if k <= 416 else _ERR_EXHAUSTED
        if st:
            _raise_status(st, f"cannot deal {k} card(s): {self.remaining} remain in the shoe")
        return tuple(bytes(ffi.buffer(self._buf, k)))

    def deal_one(self) -> int:
        """Take the top card. Raises ShoeExhaustedError when the shoe is empty."""
        if lib.pe_shoe_deal(self._s, 1, self._buf):
            raise ShoeExhaustedError("cannot deal a card: the shoe is empty")
        return int(self._buf[0])

    def burn(self) -> int:
        """Burn the top card: it goes face down to the discard rack (58 Pa. Code § 637a.11(h)-(j),
        § 677a.11(c),(e)).

        Returns:
            The burned card (known to the simulation, not shown at the table).
        Raises:
            ShoeExhaustedError: the shoe is empty.
        """
        if lib.pe_shoe_burn(self._s, self._buf):
            raise ShoeExhaustedError("cannot burn a card: the shoe is empty")
        return int(self._buf[0])

    def discard(self, cards: Iterable[int]) -> None:
        """Put cards from the layout on the discard rack, in the order given (the order in which the
        dealer picks them up, so the round can be reconstructed: 58 Pa. Code § 677a.11(j)).

        Raises:
            InvalidCardError / CardTypeError: a bad card. ShoeArgumentError: a card that was not
            dealt from this shoe, or is already on the rack (nothing is racked then).
        """
        if isinstance(cards, (str, bytes)):
            raise CardTypeError("discard takes card ints 0..51")
        cs = [check_card(c) for c in cards]
        st = lib.pe_shoe_discard(self._s, bytes(cs), len(cs))
        if st == _ERR_STATE:
            out = Counter(self.dealt_cards()) - Counter(self.discards)
            bad = next(c for c in cs if (out.__setitem__(c, out[c] - 1) or out[c] < 0))
            raise ShoeArgumentError(f"card {CARD_TEXT[bad]} ({bad}) was not dealt from this shoe or is "
                                    "already on the discard rack")
        if st:  # pragma: no cover - validated above
            _raise_status(st, "discard")

    def stub_to_rack(self) -> int:
        """Place the stub in the discard rack without exposing it (58 Pa. Code § 674a.9(c),(e)).

        Returns:
            The number of cards moved.
        """
        return int(lib.pe_shoe_stub_to_rack(self._s))

    def remove_card(self, card: int) -> None:
        """Fault model: a card is lost from the undealt cards (dropped, missing). The shoe then holds
        one card fewer; the automated shuffler and stub counts detect it (§ 674a.9(d),(f)).

        Raises:
            InvalidCardError: a bad card. ShoeArgumentError: the card is not in the stub.
        """
        c = check_card(card)
        if lib.pe_shoe_remove_card(self._s, c):
            raise ShoeArgumentError(f"card {CARD_TEXT[c]} ({c}) is not among the undealt cards")

    # ---- internals -----------------------------------------------------------------------------
    def _save(self) -> object:
        saved = ffi.new("pe_shoe *")
        ffi.memmove(saved, self._s, _SHOE_BYTES)
        return saved

    def _load(self, saved: object) -> None:
        ffi.memmove(self._s, saved, _SHOE_BYTES)

    def _rng(self) -> object:
        return ffi.addressof(self._s[0], "rng")


# ------------------------------------------------------------------------------------------------
# Shuffle procedures


class ShuffleProcedure:
    """A pluggable shuffle step. Subclasses implement :meth:`apply` on the shoe's undealt cards
    (after :meth:`Shoe.shuffle` gathered them) and may override :meth:`validate`."""

    def validate(self, size: int) -> None:
        """Raise ShoeArgumentError if this step cannot apply to ``size`` cards (before any change)."""

    def apply(self, shoe: Shoe) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True)
class Uniform(ShuffleProcedure):
    """An ideal shuffle (Fisher-Yates, j uniform in [0, i]): all orders equally likely. It also
    models an automated shuffling device."""

    def apply(self, shoe: Shoe) -> None:
        st = lib.pe_shoe_shuffle(shoe._s)
        if st:
            _raise_status(st, "shuffle")


@dataclass(frozen=True)
class Riffle(ShuffleProcedure):
    """``times`` riffle shuffles in the Gilbert-Shannon-Reeds model: cut at a Binomial(n, 1/2)
    depth, then drop cards from the two packets with probability proportional to their sizes
    (Bayer & Diaconis, "Trailing the dovetail shuffle to its lair", Ann. Appl. Probab. 1992)."""

    times: int = 1

    def validate(self, size: int) -> None:
        _check_int(self.times, "riffle times", 0, 1000)

    def apply(self, shoe: Shoe) -> None:
        st = lib.pe_shoe_riffle(shoe._s, self.times)
        if st:
            _raise_status(st, "riffle")


@dataclass(frozen=True)
class _Packets(ShuffleProcedure):
    packets: int = 4
    sizes: tuple[int, ...] | None = None

    def validate(self, size: int) -> None:
        name = type(self).__name__
        if self.sizes is None:
            _check_int(self.packets, f"{name} packets", 1, max(size, 1))
            if size == 0:
                raise ShoeArgumentError(f"{name}: no cards to cut")
            return
        sz = [_check_int(x, f"{name} packet size", 1) for x in self.sizes]
        if sum(sz) != size:
            raise ShoeArgumentError(f"{name} packet sizes sum to {sum(sz)}, the shoe holds {size} cards")

    def apply(self, shoe: Shoe) -> None:
        if self.sizes is None:
            st = lib.pe_shoe_packets(shoe._s, self.packets, ffi.NULL)
        else:
            st = lib.pe_shoe_packets(shoe._s, len(self.sizes), ffi.new("uint16_t[]", list(self.sizes)))
        if st:
            _raise_status(st, type(self).__name__)


@dataclass(frozen=True)
class StripCut(_Packets):
    """A strip cut: packets pulled off the top one after another, each dropped on the last, so
    their order is reversed. ``sizes`` (top packet first) fixes the packets; otherwise ``packets``
    packets with every split equally likely."""

    packets: int = 6


@dataclass(frozen=True)
class BoxCut(_Packets):
    """A box cut: the deck cut into a few packets restacked in reverse order (top packet to the
    bottom). Same mechanics as :class:`StripCut` with fewer, larger packets by default."""

    packets: int = 4


@dataclass(frozen=True)
class CustomShuffle(ShuffleProcedure):
    """A shuffle step written in Python: ``func(order, randbelow)`` receives the undealt cards (top
    first) and a function returning uniform ints in [0, n) from the shoe's random source, and
    returns a permutation of ``range(len(order))``: new position i takes old position ``perm[i]``.
    """

    func: Callable[[tuple[int, ...], Callable[[int], int]], Sequence[int]]

    def apply(self, shoe: Shoe) -> None:
        perm = [int(x) for x in self.func(shoe.stub(), shoe.randbelow)]
        st = lib.pe_shoe_permute(shoe._s, ffi.new("uint16_t[]", perm), len(perm)) \
            if all(0 <= x < 65536 for x in perm) else ERR_ARG
        if st:
            raise ShoeArgumentError(f"CustomShuffle must return a permutation of range({shoe.remaining})")


#: A dealer's hand shuffle: riffle, riffle, strip cut, riffle, box cut.
HAND_SHUFFLE: tuple[ShuffleProcedure, ...] = (Riffle(2), StripCut(), Riffle(1), BoxCut())


def _procedures(procedure: object) -> list[ShuffleProcedure]:
    if procedure is None:
        return [Uniform()]
    if isinstance(procedure, ShuffleProcedure):
        return [procedure]
    if isinstance(procedure, Sequence) and not isinstance(procedure, (str, bytes)):
        procs = list(procedure)
        for p in procs:
            if not isinstance(p, ShuffleProcedure):
                raise ShoeTypeError(f"shuffle procedures must be ShuffleProcedure objects, got {p!r}")
        return procs
    raise ShoeTypeError(f"procedure must be a ShuffleProcedure or a sequence of them, got {procedure!r}")

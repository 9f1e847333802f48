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
import functools
import operator
import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Union

import numpy as np
import numpy.typing as npt

from ._ffi import ERR_ARG, ERR_CARD, ERR_DUP, ffi, lib
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
    "DealPlan", "PlannedCard", "plan_deal",
    "StubOutcome", "StubCheck", "StubCountPolicy", "check_stub", "judge_stub_count",
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
    if st == _ERR_SECURE:
        raise SeedError(f"{what}: not available for a secure random source")
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
            ``os.urandom``, readable afterwards as :attr:`Shoe.seed`). Refused when ``secure``.
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

    def __init__(self, decks: int = 1, seed: int | None = None, secure: bool = False,
                 min_cut: int = DEFAULT_MIN_CUT, *, stream: int = 0) -> None:
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
        try:
            rack = [(check_card(c), RackKind(k)) for c, k in sn.rack]
        except (ValueError, TypeError) as exc:
            raise ShoeArgumentError(f"snapshot rack entries must be (card, RackKind) pairs: {exc}") from None
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
        if procedure is None:  # fast path: the C call is atomic; undo only the gather on failure
            s = self._s
            pos, rack_n = s.pos, s.rack_n
            s.pos = s.rack_n = 0
            st = lib.pe_shoe_shuffle(s)
            if st:
                s.pos, s.rack_n = pos, rack_n
                _raise_status(st, "shuffle")
            return
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
            outstanding = Counter(self.dealt_cards()) - Counter(self.discards)
            bad = cs[0]
            for c in cs:
                outstanding[c] -= 1
                if outstanding[c] < 0:
                    bad = c
                    break
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

    def reshuffle_rack(self) -> int:
        """Draw games, when the stub runs short: take the discard rack (discards, burns) back under the
        stub and shuffle the stub (the standard card-room rule for § 637a.13, § 637a.20 and § 637a.21;
        which cards the house racks first is the game's choice). Cards still in play stay dealt.

        Returns:
            The number of cards taken back from the rack.
        Raises:
            EntropyError: the random source failed (the cards are back in the stub, unshuffled).
        """
        moved = int(lib.pe_shoe_rack_to_stub(self._s))
        if moved < 0:  # pragma: no cover - every racked card was dealt from this shoe
            _raise_status(moved, "reshuffle the discard rack")
        st = lib.pe_shoe_shuffle(self._s)
        if st:
            _raise_status(st, "reshuffle the stub")
        return moved

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


# ------------------------------------------------------------------------------------------------
# Batch API (simulation): everything in C, GIL released, numpy buffers in and out.


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
        s = None if seed is None else _check_seed(seed)
        self._stream = _check_stream(stream)
        if not isinstance(secure, bool):
            raise ShoeTypeError(f"secure must be True or False, got {secure!r}")
        self._rng = ffi.new("pe_rng *")
        self._seed = _init_rng(self._rng, s, self._stream, secure)

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


# ------------------------------------------------------------------------------------------------
# Dealing procedures as data


class SeatOrder(enum.Enum):
    """Where the deal starts. Seats are numbered 1, 2, ... clockwise from the dealer's left
    (seat 1 is the player farthest to the dealer's left)."""

    LEFT_OF_BUTTON = "left_of_button"          #: first the seat left of the button, button last
    FROM_DEALERS_LEFT = "from_dealers_left"    #: first the player farthest to the dealer's left


class StepKind(enum.Enum):
    """One kind of dealer step."""

    HOLE_ROUND = "hole_round"      #: one card face down to each seat in order (and the dealer)
    BURN = "burn"                  #: the top card to the discard rack, face down
    COMMUNITY = "community"        #: community cards to labelled positions
    STUB_TO_RACK = "stub_to_rack"  #: the stub to the discard rack unexposed


@dataclass(frozen=True)
class DealStep:
    """One step of a dealing procedure.

    Attributes:
        kind: what the dealer does. stage: the street it belongs to ("preflop", "flop", ...), so
            a game can deal stage by stage between betting rounds. labels: community positions
            (COMMUNITY only), one card each, in dealing order. face_up: community cards dealt face
            up. dealer: a HOLE_ROUND that also gives the dealer's hand a card, after the players.
        source: the regulation this step implements.
    """

    kind: StepKind
    stage: str
    labels: tuple[str, ...] = ()
    face_up: bool = False
    dealer: bool = False
    source: str = ""


@dataclass(frozen=True)
class DealingProcedure:
    """A game's dealing order as data: a seat order and a sequence of :class:`DealStep`.

    Use :func:`deal_procedure` to apply it to a :class:`Shoe`.
    """

    name: str
    order: SeatOrder
    steps: tuple[DealStep, ...]
    sources: tuple[str, ...] = ()
    notes: str = ""

    def __post_init__(self) -> None:
        if not self.steps or not all(isinstance(s, DealStep) for s in self.steps):
            raise ShoeArgumentError("a dealing procedure needs a non-empty tuple of DealStep")
        labels = [lab for s in self.steps for lab in s.labels]
        if len(set(labels)) != len(labels):
            raise ShoeArgumentError(f"{self.name}: community position labels must be distinct")

    @property
    def stages(self) -> tuple[str, ...]:
        """The stages in dealing order (each once)."""
        return tuple(dict.fromkeys(s.stage for s in self.steps))

    @property
    def hole_cards(self) -> int:
        """Cards each player receives."""
        return sum(1 for s in self.steps if s.kind is StepKind.HOLE_ROUND)

    def cards_needed(self, players: int, stages: Iterable[str] | None = None) -> int:
        """Cards taken off the top for ``players`` players (stub handling excluded)."""
        want = set(self.stages if stages is None else stages)
        n = 0
        for s in self.steps:
            if s.stage not in want:
                continue
            if s.kind is StepKind.HOLE_ROUND:
                n += players + (1 if s.dealer else 0)
            elif s.kind is StepKind.BURN:
                n += 1
            elif s.kind is StepKind.COMMUNITY:
                n += len(s.labels)
        return n


_637F = "58 Pa. Code § 637a.11(f)"
#: Hold'em Poker: two rounds of hole cards face down from the seat left of the button, the button
#: last (§ 637a.11(f)); burn, flop of three face up (§ 637a.11(h)); burn, turn (§ 637a.11(i));
#: burn, river (§ 637a.11(j)).
HOLDEM_DEAL = DealingProcedure(
    name="Hold'em Poker",
    order=SeatOrder.LEFT_OF_BUTTON,
    steps=(
        DealStep(StepKind.HOLE_ROUND, "preflop", source=_637F),
        DealStep(StepKind.HOLE_ROUND, "preflop", source=_637F),
        DealStep(StepKind.BURN, "flop", source="58 Pa. Code § 637a.11(h)"),
        DealStep(StepKind.COMMUNITY, "flop", ("flop1", "flop2", "flop3"), face_up=True,
                 source="58 Pa. Code § 637a.11(h)"),
        DealStep(StepKind.BURN, "turn", source="58 Pa. Code § 637a.11(i)"),
        DealStep(StepKind.COMMUNITY, "turn", ("turn",), face_up=True, source="58 Pa. Code § 637a.11(i)"),
        DealStep(StepKind.BURN, "river", source="58 Pa. Code § 637a.11(j)"),
        DealStep(StepKind.COMMUNITY, "river", ("river",), face_up=True, source="58 Pa. Code § 637a.11(j)"),
    ),
    sources=("58 Pa. Code § 637a.11(f)", "58 Pa. Code § 637a.11(h)-(j)"),
)

#: World Poker Tour Heads-Up Hold 'Em: two hole cards to each player and the dealer, then a burn and
#: the three-card flop (§ 677a.11(c)), a burn and the turn and river together (§ 677a.11(e)).
#: The order of the hole cards comes from § 677a.8-.10, which pyeval does not have: one card at a
#: time from the player farthest to the dealer's left, clockwise, the dealer last, twice (the
#: common order; declare another DealingProcedure if the Rules Submission differs).
WPT_HEADS_UP_DEAL = DealingProcedure(
    name="World Poker Tour Heads-Up Hold 'Em",
    order=SeatOrder.FROM_DEALERS_LEFT,
    steps=(
        DealStep(StepKind.HOLE_ROUND, "hole", dealer=True, source="58 Pa. Code § 677a.8-.10 (not available)"),
        DealStep(StepKind.HOLE_ROUND, "hole", dealer=True, source="58 Pa. Code § 677a.8-.10 (not available)"),
        DealStep(StepKind.BURN, "flop", source="58 Pa. Code § 677a.11(c)"),
        DealStep(StepKind.COMMUNITY, "flop", ("flop1", "flop2", "flop3"), face_up=True,
                 source="58 Pa. Code § 677a.11(c)"),
        DealStep(StepKind.BURN, "turn_river", source="58 Pa. Code § 677a.11(e)"),
        DealStep(StepKind.COMMUNITY, "turn_river", ("turn", "river"), face_up=True,
                 source="58 Pa. Code § 677a.11(e)"),
    ),
    sources=("58 Pa. Code § 677a.11(c)", "58 Pa. Code § 677a.11(e)"),
    notes="hole-card order assumed (§ 677a.8-.10 not available)",
)

#: Criss-Cross Poker dealt from the hand (§ 674a.9(b)): five community cards face down in a cross
#: (the box farthest from the dealer, the three of the second row, the box nearest the dealer),
#: then one card at a time to each player with both Antes, from the player farthest to the dealer's
#: left clockwise, until each has two; the stub then goes to the rack unexposed (§ 674a.9(c)).
#: The column (Down) is column_far, center, column_near; the row (Across) is row_first, center,
#: row_last.
CRISS_CROSS_HAND_DEAL = DealingProcedure(
    name="Criss-Cross Poker (dealt from the hand)",
    order=SeatOrder.FROM_DEALERS_LEFT,
    steps=(
        DealStep(StepKind.COMMUNITY, "cross", ("column_far", "row_first", "center", "row_last", "column_near"),
                 source="58 Pa. Code § 674a.9(b)"),
        DealStep(StepKind.HOLE_ROUND, "hole", source="58 Pa. Code § 674a.9(b)"),
        DealStep(StepKind.HOLE_ROUND, "hole", source="58 Pa. Code § 674a.9(b)"),
        DealStep(StepKind.STUB_TO_RACK, "stub", source="58 Pa. Code § 674a.9(c)"),
    ),
    sources=("58 Pa. Code § 674a.9(b)", "58 Pa. Code § 674a.9(c)"),
)

DEALER = "dealer"


class DealEvent(NamedTuple):
    """One card leaving the shoe: ``to`` is a seat number, ``"dealer"``, ``"burn"``, a community
    position label, or ``"stub"``."""

    stage: str
    kind: StepKind
    to: Union[int, str]
    card: int


@dataclass(frozen=True)
class DealFaults:
    """Dealer errors and missing cards to inject (for § 674a.9(d)-(f) tests and drills).

    Attributes:
        missing_cards: cards lost from the deck before the deal (taken out of the stub).
        extra_card_to: seats given one card too many (at the end of the last hole round).
        short_card_to: seats skipped in the last hole round (one card too few).
        community_extra: extra cards dealt to the community area (labelled "extra1", ...).
        community_short: community positions left empty (the last ones of the procedure).
    """

    missing_cards: tuple[int, ...] = ()
    extra_card_to: tuple[int, ...] = ()
    short_card_to: tuple[int, ...] = ()
    community_extra: int = 0
    community_short: int = 0


@dataclass(frozen=True)
class DealtRound:
    """The cards of one round as dealt: who got which card, in order.

    Attributes:
        procedure: the procedure's name. seats: the seat order used (first dealt first).
        hands: seat -> hole cards (in the order received). dealer_hand: the dealer's cards.
        community: (position label, card) pairs in dealing order. burns: burned cards in order.
        events: every card that left the shoe, in order. stub_check: the stub count's outcome
        when one was made (:func:`check_stub`), else None. stub_racked: cards moved to the rack.
    """

    procedure: str
    seats: tuple[int, ...]
    hands: dict[int, tuple[int, ...]]
    dealer_hand: tuple[int, ...]
    community: tuple[tuple[str, int], ...]
    burns: tuple[int, ...]
    events: tuple[DealEvent, ...]
    stub_check: StubCheck | None = None
    stub_racked: int = 0

    @property
    def board(self) -> tuple[int, ...]:
        """The community cards in dealing order."""
        return tuple(c for _, c in self.community)

    def at(self, label: str) -> int:
        """The community card at position ``label``. Raises ShoeArgumentError if none."""
        for lab, c in self.community:
            if lab == label:
                return c
        raise ShoeArgumentError(f"no community card at {label!r}")


def _seat_order(order: SeatOrder, seats: Sequence[int], button: int | None) -> tuple[int, ...]:
    ordered = sorted(seats)
    if order is SeatOrder.FROM_DEALERS_LEFT:
        return tuple(ordered)
    if button is None:
        raise ShoeArgumentError("this procedure deals from the seat left of the button: give button=")
    b = _check_int(button, "button", 1)
    after = [s for s in ordered if s > b]
    return tuple(after + [s for s in ordered if s <= b])


class PlannedCard(NamedTuple):
    """One entry of a :class:`DealPlan`: a card leaving the shoe (``kind`` HOLE_ROUND, BURN or
    COMMUNITY; ``to`` a seat, ``"dealer"``, ``"burn"`` or a community label), or the stub step
    (``kind`` STUB_TO_RACK, ``to`` ``"stub"``), in dealing order."""

    stage: str
    kind: StepKind
    to: Union[int, str]


def _getter(idx: Sequence[int]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    if len(idx) > 1:
        return operator.itemgetter(*idx)  # type: ignore[return-value]
    if len(idx) == 1:
        i = idx[0]
        return lambda cards: (cards[i],)
    return lambda cards: ()


@dataclass(frozen=True, eq=False)
class DealPlan:
    """Where every card of one deal goes, worked out from a :class:`DealingProcedure` before any
    card moves: the single description of a procedure's card order that :func:`deal_procedure`
    follows card by card and that a game procedure can apply at once to the cards it took off the
    top (:meth:`place`). Build with :func:`plan_deal` (cached per procedure, seats and faults).

    Attributes:
        procedure: the procedure's name. seats: the seat order (first dealt first).
        steps: :class:`PlannedCard` entries in dealing order (the stub step included).
        need: cards taken off the top (burns included). hole_cards, community_cards: what a
        correct deal gives each seat and the community area (for :func:`judge_stub_count`).
        community_labels: the community positions in dealing order.
    """

    procedure: str
    seats: tuple[int, ...]
    steps: tuple[PlannedCard, ...]
    need: int
    hole_cards: int
    community_cards: int
    community_labels: tuple[str, ...]
    _community: Callable[[Sequence[int]], tuple[int, ...]] = field(repr=False)
    _hands: tuple[tuple[int, Callable[[Sequence[int]], tuple[int, ...]]], ...] = field(repr=False)
    _dealer: Callable[[Sequence[int]], tuple[int, ...]] = field(repr=False)

    def place(self, cards: Sequence[int]) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...], tuple[int, ...]]:
        """Lay out ``cards`` (the ``need`` cards as they came off the top, burns included) by the
        plan. Returns ``(hands, community, dealer_hand)``: seat -> hole cards in the order
        received, the community cards in dealing order (labels: :attr:`community_labels`), and the
        dealer's cards. No validation: the caller took exactly ``need`` cards."""
        return ({s: g(cards) for s, g in self._hands}, self._community(cards), self._dealer(cards))


def plan_deal(procedure: DealingProcedure, seats: Iterable[int], *, button: int | None = None,
              stages: Iterable[str] | None = None, faults: DealFaults | None = None) -> DealPlan:
    """Work out where every card of a deal goes (see :class:`DealPlan`), without touching a shoe.

    Args: as :func:`deal_procedure` (``faults.missing_cards`` concern the shoe and are ignored).
    Raises:
        ShoeTypeError: not a DealingProcedure. ShoeArgumentError: bad seats, button, stages or
        faults.
    """
    seat_t = tuple(seats)
    st = None if stages is None else tuple(stages)
    if (all(type(x) is int for x in seat_t) and (button is None or type(button) is int)
            and (st is None or all(type(x) is str for x in st))
            and isinstance(procedure, DealingProcedure) and (faults is None or isinstance(faults, DealFaults))):
        try:
            return _plan_cached(procedure, seat_t, button, st, faults)
        except TypeError:  # unhashable contents of faults: plan without the cache
            pass
    return _plan(procedure, seat_t, button, st, faults)


def _plan(procedure: DealingProcedure, seats: tuple[int, ...], button: int | None,
          stages: tuple[str, ...] | None, faults: DealFaults | None) -> DealPlan:
    if not isinstance(procedure, DealingProcedure):
        raise ShoeTypeError(f"procedure must be a DealingProcedure, got {type(procedure).__name__}")
    seat_list = [_check_int(s, "seat", 1) for s in seats]
    if not seat_list or len(set(seat_list)) != len(seat_list):
        raise ShoeArgumentError(f"seats must be distinct seat numbers >= 1, got {seat_list}")
    order = _seat_order(procedure.order, seat_list, button)
    want = procedure.stages if stages is None else stages
    unknown = [s for s in want if s not in procedure.stages]
    if unknown:
        raise ShoeArgumentError(f"{procedure.name} has no stage {unknown[0]!r} (stages: {procedure.stages})")
    f = faults or DealFaults()
    for s in (*f.extra_card_to, *f.short_card_to):
        if s not in order:
            raise ShoeArgumentError(f"fault names seat {s}, which is not in the round")
    extra = _check_int(f.community_extra, "community_extra", 0, 52)
    short = _check_int(f.community_short, "community_short", 0, 52)

    hole_steps = [i for i, s in enumerate(procedure.steps) if s.kind is StepKind.HOLE_ROUND and s.stage in want]
    last_hole = hole_steps[-1] if hole_steps else -1
    comm_labels = [lab for s in procedure.steps if s.stage in want and s.kind is StepKind.COMMUNITY for lab in s.labels]
    dropped = set(comm_labels[len(comm_labels) - short:]) if short else set()
    last_comm = max((i for i, s in enumerate(procedure.steps)
                     if s.kind is StepKind.COMMUNITY and s.stage in want), default=-1)
    out: list[PlannedCard] = []
    for i, step in enumerate(procedure.steps):
        if step.stage not in want:
            continue
        if step.kind is StepKind.HOLE_ROUND:
            for s in order:
                if not (i == last_hole and s in f.short_card_to):
                    out.append(PlannedCard(step.stage, step.kind, s))
            if i == last_hole:
                out.extend(PlannedCard(step.stage, step.kind, s) for s in f.extra_card_to)
            if step.dealer:
                out.append(PlannedCard(step.stage, step.kind, DEALER))
        elif step.kind is StepKind.BURN:
            out.append(PlannedCard(step.stage, step.kind, "burn"))
        elif step.kind is StepKind.COMMUNITY:
            labels = [lab for lab in step.labels if lab not in dropped]
            if i == last_comm:
                labels += [f"extra{k + 1}" for k in range(extra)]
            out.extend(PlannedCard(step.stage, step.kind, lab) for lab in labels)
        elif step.kind is StepKind.STUB_TO_RACK:
            out.append(PlannedCard(step.stage, step.kind, "stub"))
    cards = [p for p in out if p.kind is not StepKind.STUB_TO_RACK]
    comm = [(i, p.to) for i, p in enumerate(cards) if p.kind is StepKind.COMMUNITY]
    hands = tuple((s, _getter([i for i, p in enumerate(cards) if p.kind is StepKind.HOLE_ROUND and p.to == s]))
                  for s in order)
    dealer = [i for i, p in enumerate(cards) if p.kind is StepKind.HOLE_ROUND and p.to == DEALER]
    return DealPlan(procedure.name, order, tuple(out), len(cards), procedure.hole_cards,
                    sum(len(s.labels) for s in procedure.steps if s.kind is StepKind.COMMUNITY),
                    tuple(str(lab) for _, lab in comm), _getter([i for i, _ in comm]), hands, _getter(dealer))


_plan_cached = functools.lru_cache(maxsize=256)(_plan)


def deal_procedure(shoe: Shoe, procedure: DealingProcedure, seats: Iterable[int], *,
                   button: int | None = None, stages: Iterable[str] | None = None,
                   faults: DealFaults | None = None, count_stub: bool = False,
                   previous: DealtRound | None = None) -> DealtRound:
    """Apply a dealing procedure to a shoe for the given seats.

    Args:
        shoe: the shoe, shuffled (and cut) already.
        procedure: e.g. :data:`HOLDEM_DEAL` (58 Pa. Code § 637a.11(f),(h)-(j)),
            :data:`WPT_HEADS_UP_DEAL` (§ 677a.11(c),(e)), :data:`CRISS_CROSS_HAND_DEAL`
            (§ 674a.9(b),(c)).
        seats: the seats in the round (ints >= 1, numbered clockwise from the dealer's left; for
            Criss-Cross, those who placed both Antes).
        button: the button's seat (procedures that start left of the button).
        stages: deal only these stages (e.g. ``["flop"]`` after the pre-flop betting); default all.
        faults: dealer errors / missing cards to inject (:class:`DealFaults`).
        count_stub: count the stub before it goes to the rack (§ 674a.9(d)); the stub is racked
            only when the count is correct (§ 674a.9(e)) and the outcome is in ``stub_check``.
        previous: the round so far, to continue (its hands, board and events are carried over).
    Returns:
        :class:`DealtRound`. The cards go where :func:`plan_deal` says, one at a time.
    Raises:
        ShoeArgumentError / ShoeTypeError: bad seats, button, stages or faults.
        ShoeExhaustedError: not enough cards (checked first: nothing is dealt then).
    """
    plan = plan_deal(procedure, seats, button=button, stages=stages, faults=faults)
    order = plan.seats
    f = faults or DealFaults()
    missing = [check_card(c) for c in f.missing_cards]
    need = plan.need
    stub_pending = Counter(shoe.stub())
    if Counter(missing) - stub_pending:
        raise ShoeArgumentError("a missing card given in faults is not in the stub")
    if need > shoe.remaining - len(missing):
        raise ShoeExhaustedError(f"{procedure.name} needs {need} cards for {len(order)} seat(s); "
                                 f"{shoe.remaining - len(missing)} remain")
    if previous is not None and not isinstance(previous, DealtRound):
        raise ShoeTypeError("previous must be a DealtRound")

    for c in missing:
        shoe.remove_card(c)
    hands = {s: list(previous.hands.get(s, ())) if previous else [] for s in order}
    dealer_hand = list(previous.dealer_hand) if previous else []
    community = list(previous.community) if previous else []
    burns = list(previous.burns) if previous else []
    events = list(previous.events) if previous else []
    stub_check, racked = (previous.stub_check, previous.stub_racked) if previous else (None, 0)
    for stage, kind, to in plan.steps:
        if kind is StepKind.BURN:
            c = shoe.burn()
            burns.append(c)
        elif kind is StepKind.STUB_TO_RACK:
            if count_stub:
                stub_check = check_stub(shoe, {s: tuple(h) for s, h in hands.items()},
                                        [c for _, c in community], hole_cards=plan.hole_cards,
                                        community_cards=plan.community_cards)
            if stub_check is None or stub_check.outcome is StubOutcome.CORRECT:
                stub = shoe.stub()
                racked += shoe.stub_to_rack()
                events.extend(DealEvent(stage, kind, "stub", c) for c in stub)
            continue
        else:
            c = shoe.deal_one()
            if kind is StepKind.COMMUNITY:
                community.append((str(to), c))
            elif to == DEALER:
                dealer_hand.append(c)
            else:
                hands[to].append(c)  # type: ignore[index]
        events.append(DealEvent(stage, kind, to, c))
    return DealtRound(procedure.name, order, {s: tuple(h) for s, h in hands.items()}, tuple(dealer_hand),
                      tuple(community), tuple(burns), tuple(events), stub_check, racked)


# ------------------------------------------------------------------------------------------------
# Stub counts, misdeals and the automated shuffler (58 Pa. Code § 674a.9(d)-(f))


class StubOutcome(enum.Enum):
    """What § 674a.9(e)-(f) prescribe after a stub count."""

    CORRECT = "correct"            #: 52 cards: the stub goes to the rack unexposed (§ 674a.9(e))
    MISDEAL = "misdeal"            #: misdealt, 52 cards present: hands void, wagers returned
    DECK_REMOVED = "deck_removed"  #: not misdealt (cards missing): void, returned, deck removed


@dataclass(frozen=True)
class StubCheck:
    """The result of counting the stub (58 Pa. Code § 674a.9(d)-(f)).

    Attributes:
        outcome: :class:`StubOutcome`. stub_count: cards counted in the stub.
        indicated: the deck size the count indicates (stub + the cards a correct deal puts out).
        present: cards actually present (stub + cards on the layout + burns since the shuffle).
        expected: 52 per deck. misdealt: a player with more or fewer than the hole cards, or the
        community area with more or fewer than its cards. reason: a sentence for the record.
    """

    outcome: StubOutcome
    stub_count: int
    indicated: int
    present: int
    expected: int
    misdealt: bool
    reason: str

    @property
    def hands_void(self) -> bool:
        """All hands are void (§ 674a.9(f))."""
        return self.outcome is not StubOutcome.CORRECT

    @property
    def wagers_returned(self) -> bool:
        """All wagers go back to the players (§ 674a.9(f))."""
        return self.outcome is not StubOutcome.CORRECT

    @property
    def remove_deck(self) -> bool:
        """The entire deck must be removed from the table (§ 674a.9(f), not misdealt)."""
        return self.outcome is StubOutcome.DECK_REMOVED

    @property
    def stub_to_rack(self) -> bool:
        """The stub goes to the discard rack unexposed (§ 674a.9(e))."""
        return self.outcome is StubOutcome.CORRECT


def check_stub(shoe: Shoe, hands: Mapping[int, Sequence[int]], community: Sequence[int], *,
               hole_cards: int = 2, community_cards: int = 5) -> StubCheck:
    """Count the stub and decide per 58 Pa. Code § 674a.9(d)-(f) (see :func:`judge_stub_count`).

    Args:
        shoe: the shoe after the deal (the stub not yet racked).
        hands: seat -> the cards that player holds. community: the cards in the community area.
    Returns:
        :class:`StubCheck`. The shoe is not changed.
    """
    return judge_stub_count(shoe.stub_count(), [len(h) for h in hands.values()], len(community),
                            hole_cards=hole_cards, community_cards=community_cards,
                            burned=sum(1 for e in shoe.rack if e.kind is RackKind.BURN), decks=shoe.decks,
                            seats=list(hands))


def judge_stub_count(stub: int, hand_sizes: Sequence[int], community: int, *, hole_cards: int = 2,
                     community_cards: int = 5, burned: int = 0, decks: int = 1,
                     seats: Sequence[int] | None = None) -> StubCheck:
    """Decide a stub count per 58 Pa. Code § 674a.9(d)-(f) from the counts alone (any card source).

    The dealer counts the stub face down; the count indicates a full deck when stub + (hole cards x
    players) + community cards = 52 per deck (§ 674a.9(e)). Otherwise the dealer decides whether
    the cards were misdealt (a player with more or fewer than ``hole_cards``, or the community area
    with more or fewer than ``community_cards``): misdealt with 52 cards present -> hands void and
    wagers returned; not misdealt -> also remove the deck (§ 674a.9(f)). When cards were both
    misdealt and missing, the rule's misdeal branch (which requires 52 cards) does not hold, so the
    deck is removed as well (``misdealt`` is then True in the result).

    Args:
        stub: cards counted in the stub. hand_sizes: cards each player in the round holds.
        community: cards in the community area. burned: burn cards since the shuffle.
        decks: decks in play (52 cards each). seats: the seat of each hand size, for the reason.
    Returns:
        :class:`StubCheck`.
    Raises:
        ShoeArgumentError / ShoeTypeError: a count that is not an int >= 0.
    """
    hc = _check_int(hole_cards, "hole_cards", 0)
    cc = _check_int(community_cards, "community_cards", 0)
    layout = sum(hand_sizes) + community
    expected = 52 * decks
    indicated = stub + hc * len(hand_sizes) + cc
    present = stub + layout + burned
    bad = [s for s, n in zip(seats if seats is not None else range(1, len(hand_sizes) + 1), hand_sizes) if n != hc]
    misdealt = bool(bad) or community != cc
    if indicated == expected:
        return StubCheck(StubOutcome.CORRECT, stub, indicated, present, expected, misdealt,
                         f"stub of {stub} indicates {expected} cards: stub to the discard rack (§ 674a.9(e))")
    if misdealt and present == expected:
        what = (f"seat(s) {', '.join(map(str, bad))} with other than {hc} cards" if bad
                else f"{community} community cards instead of {cc}")
        return StubCheck(StubOutcome.MISDEAL, stub, indicated, present, expected, True,
                         f"misdeal ({what}), {expected} cards present: all hands void, wagers returned "
                         "(§ 674a.9(f))")
    return StubCheck(StubOutcome.DECK_REMOVED, stub, indicated, present, expected, misdealt,
                     f"count indicates {indicated} of {expected} cards and {present} are present: all hands "
                     "void, wagers returned, the deck removed from the table (§ 674a.9(f))")


@dataclass
class StubCountPolicy:
    """When the stub must be counted (58 Pa. Code § 674a.9(d)): at least once every ``every`` rounds,
    unless an automated shuffler that counts the cards after each shuffle is in use.

    Call :meth:`count_due` before racking the stub and :meth:`record_round` after each round.
    """

    every: int = 5
    counting_shuffler: bool = False
    rounds_since_count: int = 0

    def __post_init__(self) -> None:
        _check_int(self.every, "every", 1)

    def count_due(self) -> bool:
        """True when this round's stub must be counted (``every - 1`` rounds without a count)."""
        return not self.counting_shuffler and self.rounds_since_count >= self.every - 1

    def record_round(self, counted: bool) -> None:
        """Note a finished round. Raises ShoeArgumentError if a due count was skipped."""
        if not counted and self.count_due():
            raise ShoeArgumentError(f"the stub must be counted at least once every {self.every} rounds "
                                    "(58 Pa. Code § 674a.9(d))")
        self.rounds_since_count = 0 if counted else self.rounds_since_count + 1


@dataclass(frozen=True)
class ShufflerReport:
    """What a card-counting automated shuffler shows after a shuffle (58 Pa. Code § 674a.9(d)).

    Attributes:
        counted: cards counted in the deck. expected: 52 per deck.
    """

    counted: int
    expected: int

    @property
    def complete(self) -> bool:
        """Whether all 52 cards (per deck) are present."""
        return self.counted == self.expected


@dataclass(frozen=True)
class AutomatedShuffler:
    """An automated card shuffling device: shuffles uniformly (or by ``procedure``) and, when
    ``counts_cards``, reports whether 52 cards are present after each shuffle — the device that
    makes the stub counts of 58 Pa. Code § 674a.9(d) unnecessary. Inject a missing card with
    :meth:`Shoe.remove_card` to see it reported.
    """

    counts_cards: bool = True
    procedure: ShuffleProcedure = field(default_factory=Uniform)

    def shuffle(self, shoe: Shoe) -> ShufflerReport | None:
        """Gather and shuffle ``shoe``; the count report, or None for a non-counting device."""
        shoe.shuffle(self.procedure)
        return ShufflerReport(shoe.size, 52 * shoe.decks) if self.counts_cards else None

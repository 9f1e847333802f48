"""The shoe: a dealing shoe (or hand-held deck) of 1..8 decks with its random source and discard rack.

All state lives in one C struct owned by the :class:`Shoe`; every method validates first and, on
bad input, raises a :class:`~pyeval.errors.PyevalError` and changes nothing.
"""
from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from ..cards import CARD_TEXT, check_card
from ..errors import (
    CardTypeError,
    DuplicateCardError,
    SeedError,
    ShoeArgumentError,
    ShoeExhaustedError,
    ShoeTypeError,
)
from ._common import ERR_EXHAUSTED, ERR_STATE, check_int, ffi, lib, raise_status
from .rng import check_seed, check_stream, init_rng
from .shuffles import _procedures

if TYPE_CHECKING:
    from .shuffles import ShuffleProcedure

__all__ = ["Shoe", "ShoeSnapshot", "RackKind", "RackEntry", "MAX_DECKS", "DEFAULT_MIN_CUT"]

MAX_DECKS = 8
#: Default minimum cut depth, in cards from either end. The certificate holder's rules set it; the
#: cut rules (e.g. 58 Pa. Code § 674a.5) are not in the texts pyeval was built from.
DEFAULT_MIN_CUT = 10

_SHOE_BYTES = ffi.sizeof("pe_shoe")
_check_int = check_int
_raise_status = raise_status
_ERR_EXHAUSTED = ERR_EXHAUSTED
_ERR_STATE = ERR_STATE


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
        s = None if seed is None else check_seed(seed)
        self._stream = check_stream(stream)
        self._s = ffi.new("pe_shoe *")
        self._buf = ffi.new("uint8_t[416]")
        self._seed = init_rng(ffi.addressof(self._s[0], "rng"), s, self._stream, secure)
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

    def gather(self) -> None:
        """Bring every card back into the shoe (dealt, burned, racked), in the order it was in, without
        shuffling: the dealer collecting the cards before a shuffle or a count."""
        lib.pe_shoe_gather(self._s)

    def set_order(self, cards: Iterable[int]) -> None:
        """Gather every card and stack the shoe in exactly this order, top first (a preset order from an
        automated shuffler, a replay, a test). The cards must be exactly the shoe's cards (:meth:`order`
        as a multiset): nothing is created or lost.

        Raises:
            InvalidCardError / CardTypeError: a bad card. ShoeArgumentError: not the shoe's cards
            (nothing changes then).
        """
        if isinstance(cards, (str, bytes)):
            raise CardTypeError("set_order takes card ints 0..51")
        cs = [check_card(c) for c in cards]
        if Counter(cs) != Counter(self.order()):
            raise ShoeArgumentError(f"set_order needs exactly the shoe's {self.size} cards, each as often as "
                                    "the shoe holds it")
        st = lib.pe_shoe_load(self._s, bytes(cs), len(cs), self.decks)
        if st:  # pragma: no cover - validated above
            _raise_status(st, "set_order")

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

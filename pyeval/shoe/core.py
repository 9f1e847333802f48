"""The shoe: a dealing shoe (or hand-held deck) of 1..8 decks with its random source and discard rack.

All state lives in one C struct owned by the :class:`Shoe`; every method validates first and, on
bad input, raises a :class:`~pyeval.errors.PyevalError` and changes nothing.

Threads: a :class:`Shoe` may be shared by threads. Each C call takes the struct's lock word (an
atomic exchange in C; a call that finds it taken changes nothing, and Python retries after a short
sleep), so two calls never interleave; a change made of several steps (a shuffle procedure,
:func:`~pyeval.house.dealing.deal_procedure`, an explicit cut, :meth:`Shoe.reshuffle_rack`) is made on a
private copy and committed at once if no other call changed the shoe meanwhile (else redone).
Reads of several fields (:meth:`Shoe.stub`, :attr:`Shoe.rack`, :meth:`Shoe.snapshot`, ...) read one
consistent copy.
"""
from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ..cards import CARD_TEXT, check_card
from ..errors import (
    CardTypeError,
    DuplicateCardError,
    SeedError,
    ShoeArgumentError,
    ShoeExhaustedError,
    ShoeTypeError,
    UnshuffledShoeWarning,
)
from .._bindings import _fastcall
from ._common import ERR_BUSY, ERR_EXHAUSTED, ERR_STATE, check_int, ffi, handle, lib, raise_status, retry
from ._common import call as _call
from .rng import SeededSource, check_seed, check_stream, init_rng
from .shuffles import _procedures
from .state import RackEntry, RackKind, ShoeSnapshot, write_snapshot
from .state import rack_of as _rack_of

if TYPE_CHECKING:
    from .shuffles import ShuffleProcedure

__all__ = ["Shoe", "ShoeSnapshot", "RackKind", "RackEntry", "MAX_DECKS", "DEFAULT_MIN_CUT"]

MAX_DECKS = 8
#: Default minimum cut depth, in cards from either end. The certificate holder's rules set it; the
#: cut rules (e.g. 58 Pa. Code § 674a.5) are not in the texts pyeval was built from.
DEFAULT_MIN_CUT = 10

_check_int = check_int
_raise_status = raise_status
_c_deal = _fastcall.shoe_deal  # (pe_shoe_deal, pe_shoe_burn_deal_packed, pe_shoe_shuffle_all by address)
_c_burn_deal = _fastcall.shoe_burn_deal
_c_shuffle = _fastcall.shoe_shuffle
_T = TypeVar("_T")


class Shoe(SeededSource):
    """A dealing shoe (or a hand-held deck) of ``decks`` standard 52-card decks.

    Args:
        decks: number of decks, 1..8.
        seed: an int 0..2**256-1 for a reproducible shoe, or None (a fresh 256-bit seed from the OS,
            readable afterwards as :attr:`Shoe.seed`; :mod:`pyeval.shoe.rng`). Refused when ``secure``.
        secure: draw every random number from the operating system's CSPRNG (live tables).
        min_cut: minimum cut depth in cards from either end, for :meth:`cut` (the certificate
            holder's rules set it).
        stream: select the ``stream``-th non-overlapping stream of the seed (0..2**20).
        ordered: True to deal the new-deck order on purpose (tests, demonstrations): no
            :class:`~pyeval.UnshuffledShoeWarning`.

    The cards start in new-deck order (2c..As per deck); call :meth:`shuffle` before dealing
    (dealing follows the shuffle and cut, 58 Pa. Code § 674a.9(a)(1)-(2)). Unlike treys' ``Deck()``,
    a new shoe is not shuffled: the first card dealt, burned or taken from a shoe that was never
    shuffled (nor stacked with :meth:`set_order` / :meth:`from_order`) warns once with
    :class:`~pyeval.UnshuffledShoeWarning`, unless ``ordered=True`` asks for new-deck order on purpose.

    A shoe is safe to share between threads (see the module docstring). :meth:`copy`,
    ``copy.copy`` and ``copy.deepcopy`` give an independent shoe with the same cards; a seeded
    shoe's copy also has the same generator state (same future cards), a secure shoe's copy reads
    its own words from the OS (its future shuffles are independent). A seeded shoe pickles exactly;
    pickling a secure shoe raises ShoeTypeError (a live stub order and OS randomness are not written
    out). A forked child's secure shoe reads new OS words before its next draw.

    Raises:
        ShoeArgumentError / ShoeTypeError: bad ``decks`` or ``min_cut``. SeedError: a bad seed or
        stream, or a seed in secure mode. EntropyError: the OS random source failed.
    """

    __slots__ = ("_s", "_h", "_seed", "_stream", "_min_cut", "_fresh")

    def __init__(self, decks: int = 1, seed: int | None = None, secure: bool = False,
                 min_cut: int = DEFAULT_MIN_CUT, *, stream: int = 0, ordered: bool = False) -> None:
        if not isinstance(ordered, bool):
            raise ShoeTypeError(f"ordered must be True or False, got {ordered!r}")
        #: True until the shoe is shuffled or stacked (or when ordered=True): the first deal warns.
        self._fresh = not ordered
        d = _check_int(decks, "decks", 1, MAX_DECKS)
        self._min_cut = _check_int(min_cut, "min_cut", 0, 52 * d // 2)
        if not isinstance(secure, bool):
            raise ShoeTypeError(f"secure must be True or False, got {secure!r}")
        s = None if seed is None else check_seed(seed)
        self._stream = check_stream(stream)
        self._s = ffi.new("pe_shoe *")
        self._h = handle(self._s)  # the same struct, for pyeval._fastcall's shoe calls
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
        shoe = cls.__new__(cls)
        Shoe.__init__(shoe, d, seed, secure, min_cut=min(_check_int(min_cut, "min_cut", 0), 26 * d), stream=stream)
        st = lib.pe_shoe_load(shoe._s, bytes(cs), len(cs), d)
        if st:  # pragma: no cover - validated above
            _raise_status(st, "from_order")
        shoe._fresh = False  # an order given on purpose
        return shoe

    @classmethod
    def restore(cls, snapshot: ShoeSnapshot) -> Shoe:
        """Rebuild a shoe exactly as it was when ``snapshot`` was taken (cards, position, rack and
        the generator's state, so the same cards follow). A secure snapshot gives a secure shoe
        with the same cards and a fresh OS source.

        Raises:
            ShoeTypeError: not a ShoeSnapshot. ShoeArgumentError: an inconsistent snapshot (rack
            cards not dealt, bad positions, bad generator words).
        """
        if not isinstance(snapshot, ShoeSnapshot):
            raise ShoeTypeError(f"restore takes a ShoeSnapshot, got {type(snapshot).__name__}")
        sn = snapshot
        shoe = cls.from_order(sn.cards, decks=sn.decks, min_cut=sn.min_cut, secure=bool(sn.secure),
                              seed=None if sn.secure else (sn.seed or 0))
        write_snapshot(shoe._s, sn)  # a new object no other thread can see yet
        shoe._seed = sn.seed
        shoe._stream = check_stream(sn.stream)
        return shoe

    def snapshot(self) -> ShoeSnapshot:
        """The shoe's complete state (see :class:`ShoeSnapshot`); :meth:`restore` rebuilds it."""
        s = self._view()
        n = s.size
        state = None
        if not s.rng.secure:
            w = ffi.new("uint64_t[4]")
            lib.pe_rng_get_state(ffi.addressof(s[0], "rng"), w)
            state = (int(w[0]), int(w[1]), int(w[2]), int(w[3]))
        return ShoeSnapshot(
            decks=int(s.decks), cards=tuple(bytes(ffi.buffer(s.cards, n))),
            deck_of=tuple(bytes(ffi.buffer(s.deck_of, n))), dealt=int(s.pos),
            rack=tuple((e.card, int(e.kind)) for e in _rack_of(s)), rng_state=state, seed=self._seed,
            stream=self._stream, secure=bool(s.rng.secure), min_cut=self._min_cut)

    def copy(self) -> Shoe:
        """An independent copy: same cards and rack. A seeded shoe's copy has the same generator
        state (so the same future cards); a secure shoe's copy draws its own words from the OS (the
        buffered words of this shoe are never duplicated). Subclasses' extra attributes are copied
        with ``copy.copy`` (so e.g. a :class:`~pyeval.crisscross.deck.ShufflerDeck`'s preset list is
        its own)."""
        import copy as _copy

        other = type(self).__new__(type(self))
        other._s = ffi.new("pe_shoe *")
        other._h = handle(other._s)
        _call(lib.pe_shoe_copy, other._s, self._s)
        other._seed, other._stream, other._min_cut = self._seed, self._stream, self._min_cut
        other._fresh = self._fresh
        for name, value in self._extra_state().items():
            setattr(other, name, _copy.copy(value))
        return other

    def __copy__(self) -> Shoe:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Shoe:
        import copy as _copy

        other = self.copy()
        for name, value in self._extra_state().items():
            setattr(other, name, _copy.deepcopy(value, memo))
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        if self.secure:
            raise ShoeTypeError("a secure shoe cannot be pickled: its undealt order and OS random source "
                                "stay in this process (pickle a seeded shoe, or take a snapshot() for the "
                                "record)")
        return (_rebuild, (type(self), self.snapshot()), self._extra_state() or None)

    def __setstate__(self, state: dict[str, Any] | None) -> None:
        for name, value in (state or {}).items():
            setattr(self, name, value)

    def _extra_state(self) -> dict[str, Any]:
        """Slots that subclasses add (copied and pickled along with the shoe)."""
        out: dict[str, Any] = {}
        for klass in type(self).__mro__:
            if klass is Shoe or klass is object:
                continue
            for name in getattr(klass, "__slots__", ()):
                if name not in ("__weakref__", "__dict__") and hasattr(self, name):
                    out[name] = getattr(self, name)
        if hasattr(self, "__dict__"):
            out.update(self.__dict__)
        return out

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
        n = lib.pe_shoe_remaining(self._s)
        if n < 0:
            n = _call(lib.pe_shoe_remaining, self._s)
        return int(n)

    @property
    def dealt(self) -> int:
        """Cards taken off the top since the last shuffle (dealt, burned, or racked as stub)."""
        return int(self._s.pos)

    def _rng(self) -> Any:
        return self._s.rng

    @property
    def min_cut(self) -> int:
        """Minimum cut depth in cards from either end."""
        return self._min_cut

    @property
    def discards(self) -> tuple[int, ...]:
        """The discard rack, first racked first (burns, discarded hands, stub), as card ints."""
        s = self._view()
        return tuple(bytes(ffi.buffer(s.rack, s.rack_n)))

    @property
    def rack(self) -> tuple[RackEntry, ...]:
        """The discard rack with how each card got there (:class:`RackKind`), in order."""
        return _rack_of(self._view())

    def stub(self) -> tuple[int, ...]:
        """The undealt cards, top (next to be dealt) first."""
        s = self._view()
        return tuple(bytes(ffi.buffer(s.cards, s.size))[s.pos:])

    def stub_count(self) -> int:
        """The number of cards in the stub, as the dealer counts them face down
        (58 Pa. Code § 674a.9(d))."""
        return self.remaining

    def dealt_cards(self) -> tuple[int, ...]:
        """The cards taken off the top since the last shuffle, in the order they came off."""
        s = self._view()
        return tuple(bytes(ffi.buffer(s.cards, s.pos)))

    def order(self) -> tuple[int, ...]:
        """All cards of the shoe top first, dealt ones included (the order the shuffle produced)."""
        s = self._view()
        return tuple(bytes(ffi.buffer(s.cards, s.size)))

    def deck_indices(self) -> tuple[int, ...]:
        """The deck index (0..decks-1) of each card of :meth:`order`."""
        s = self._view()
        return tuple(bytes(ffi.buffer(s.deck_of, s.size)))

    def __len__(self) -> int:
        return self.remaining

    def __repr__(self) -> str:
        mode = "secure" if self.secure else f"seed={self._seed}"
        s = self._view()
        return f"Shoe(decks={s.decks}, remaining={s.size - s.pos}, rack={s.rack_n}, {mode})"

    # ---- random source -------------------------------------------------------------------------
    def jump(self) -> None:
        """Advance the generator 2**128 draws: the next non-overlapping stream.

        Raises:
            SeedError: a secure shoe (it has no streams).
        """
        if _call(lib.pe_shoe_jump, self._s) != 0:
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
        st = _call(lib.pe_shoe_randbelow, self._s, b, out, 1)
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
        if procedure is None:  # one C call: gather and shuffle, undone in C on failure
            st = _c_shuffle(self._h)
            if st:
                if st == ERR_BUSY:
                    st = retry(_c_shuffle, self._h)
                if st:
                    _raise_status(st, "shuffle")
            self._fresh = False
            return
        procs = _procedures(procedure)
        for p in procs:
            p.validate(self.size)

        def run(shoe: Shoe) -> None:
            lib.pe_shoe_gather(shoe._s)
            for p in procs:
                p.apply(shoe)

        self._atomically(run)
        self._fresh = False

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
        if position is not None and (isinstance(position, bool) or not hasattr(position, "__index__")):
            _check_int(position, "cut position", 0)  # raises ShoeTypeError

        def run(shoe: Shoe) -> int:
            m = shoe.remaining
            lo, hi = self._min_cut, m - self._min_cut
            if hi < lo or m == 0:
                raise ShoeArgumentError(f"cannot cut {m} card(s) with a minimum cut depth of {lo}")
            if position is None:
                where = ffi.new("int *")
                st = lib.pe_shoe_cut_random(shoe._s, lo, where)
                if st:
                    _raise_status(st, "cut")
                return int(where[0])
            p = _check_int(position, "cut position", lo, hi)
            lib.pe_shoe_cut(shoe._s, p)
            return p

        return self._atomically(run)

    # ---- dealing -------------------------------------------------------------------------------
    def deal(self, k: int = 1) -> tuple[int, ...]:
        """Take ``k`` cards off the top, in order.

        Returns:
            A tuple of ``k`` card ints 0..51, the first dealt first.
        Raises:
            ShoeExhaustedError: fewer than ``k`` cards remain (nothing is dealt).
            ShoeArgumentError / ShoeTypeError: ``k`` negative or not an int.
        """
        if self._fresh:
            self._warn_unshuffled()
        if type(k) is not int:
            k = _check_int(k, "number of cards to deal", 0)
        if 0 <= k <= 416:  # one C call
            got = _c_deal(self._h, k)
            if type(got) is tuple:
                return got
            if got == ERR_BUSY:
                got = retry(_c_deal, self._h, k)
            if isinstance(got, int):
                _raise_status(got, f"cannot deal {k} card(s): {self.remaining} remain in the shoe")
            return got
        if k < 0:
            raise ShoeArgumentError(f"number of cards to deal must be >= 0, got {k}")
        _raise_status(ERR_EXHAUSTED, f"cannot deal {k} card(s): {self.remaining} remain in the shoe")

    def deal_one(self) -> int:
        """Take the top card. Raises ShoeExhaustedError when the shoe is empty."""
        if self._fresh:
            self._warn_unshuffled()
        c = lib.pe_shoe_deal_one(self._s)
        if c < 0:
            if c == ERR_BUSY:
                c = retry(lib.pe_shoe_deal_one, self._s)
            if c < 0:
                _raise_status(c, "cannot deal a card: the shoe is empty")
        return c

    def burn(self) -> int:
        """Burn the top card: it goes face down to the discard rack (58 Pa. Code § 637a.11(h)-(j),
        § 677a.11(c),(e)).

        Returns:
            The burned card (known to the simulation, not shown at the table).
        Raises:
            ShoeExhaustedError: the shoe is empty.
        """
        if self._fresh:
            self._warn_unshuffled()
        c = lib.pe_shoe_burn_one(self._s)
        if c < 0:
            if c == ERR_BUSY:
                c = retry(lib.pe_shoe_burn_one, self._s)
            if c < 0:
                _raise_status(c, "cannot burn a card: the shoe is empty")
        return c

    def _burn_and_deal(self, k: int) -> tuple[int, ...]:
        """:meth:`burn` then :meth:`deal` ``(k)`` as one step, ``k`` 0..6 (a board street, § 637a.11(h)-(j)):
        the burn first, then the ``k`` cards, as a tuple of ``1 + k`` card ints. One C call, all or
        nothing: ShoeExhaustedError (nothing burned or dealt) when fewer than ``1 + k`` cards remain.
        For pyeval's poker rounds (the hold'em dealer's fast path), not public."""
        if self._fresh:
            self._warn_unshuffled()
        got = _c_burn_deal(self._h, k)
        if type(got) is tuple:
            return got
        if got == ERR_BUSY:
            got = retry(_c_burn_deal, self._h, k)
        if isinstance(got, int):
            _raise_status(got, f"cannot burn and deal {k} card(s): {self.remaining} remain in the shoe")
        return got

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
        st = _call(lib.pe_shoe_discard, self._s, bytes(cs), len(cs))
        if st == ERR_STATE:
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
        return _call(lib.pe_shoe_stub_to_rack, self._s)

    def reshuffle_rack(self) -> int:
        """Draw games, when the stub runs short: take the discard rack (discards, burns) back under the
        stub and shuffle the stub (the standard card-room rule for § 637a.13, § 637a.20 and § 637a.21;
        which cards the house racks first is the game's choice). Cards still in play stay dealt.

        Returns:
            The number of cards taken back from the rack.
        Raises:
            EntropyError: the random source failed (nothing changes then).
        """
        def run(shoe: Shoe) -> int:
            moved = int(lib.pe_shoe_rack_to_stub(shoe._s))
            if moved < 0:  # pragma: no cover - every racked card was dealt from this shoe
                _raise_status(moved, "reshuffle the discard rack")
            st = lib.pe_shoe_shuffle(shoe._s)
            if st:
                _raise_status(st, "reshuffle the stub")
            return moved

        return self._atomically(run)

    def take(self, cards: Iterable[int], *, burns: int = 0) -> tuple[int, ...]:
        """Deal these particular cards (an explicit deal or a replay from a shoe in play), so that
        cards in play are never left in the stub to be dealt again. In the order given, each card
        is taken from the undealt cards (the first copy from the top in a multi-deck shoe) and comes
        off as if dealt; the rest of the stub keeps its order. The first ``burns`` cards go to the
        discard rack face down, as burns.

        Returns:
            The cards taken, in order.
        Raises:
            InvalidCardError / CardTypeError: a bad card. ShoeArgumentError: a card that is not
            among the undealt cards (already dealt, or not in this shoe), or a bad ``burns``.
            ShoeExhaustedError: more cards than remain. Nothing changes on an error.
        """
        if isinstance(cards, (str, bytes)):
            raise CardTypeError("take takes card ints 0..51 (use parse_cards for text)")
        if not isinstance(cards, Iterable):
            raise CardTypeError(f"take takes a sequence of card ints 0..51, got {cards!r}")
        cs = [check_card(c) for c in cards]
        b = _check_int(burns, "burns", 0, len(cs))
        st = _call(lib.pe_shoe_take, self._s, bytes(cs), len(cs), b)
        if st == ERR_STATE:
            stub = Counter(self.stub())
            bad = cs[0]
            for c in cs:
                stub[c] -= 1
                if stub[c] < 0:
                    bad = c
                    break
            raise ShoeArgumentError(f"card {CARD_TEXT[bad]} ({bad}) is not among the undealt cards")
        if st:
            _raise_status(st, f"cannot take {len(cs)} card(s): {self.remaining} remain in the shoe")
        return tuple(cs)

    def gather(self) -> None:
        """Bring every card back into the shoe (dealt, burned, racked), in the order it was in, without
        shuffling: the dealer collecting the cards before a shuffle or a count."""
        _call(lib.pe_shoe_gather, self._s)

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

        def run(shoe: Shoe) -> None:
            if Counter(cs) != Counter(shoe.order()):
                raise ShoeArgumentError(f"set_order needs exactly the shoe's {shoe.size} cards, each as often "
                                        "as the shoe holds it")
            st = lib.pe_shoe_load(shoe._s, bytes(cs), len(cs), shoe.decks)
            if st:  # pragma: no cover - validated above
                _raise_status(st, "set_order")

        self._atomically(run)
        self._fresh = False

    def remove_card(self, card: int) -> None:
        """Fault model: a card is lost from the undealt cards (dropped, missing). The shoe then holds
        one card fewer; the automated shuffler and stub counts detect it (§ 674a.9(d),(f)).

        Raises:
            InvalidCardError: a bad card. ShoeArgumentError: the card is not in the stub.
        """
        c = check_card(card)
        if _call(lib.pe_shoe_remove_card, self._s, c):
            raise ShoeArgumentError(f"card {CARD_TEXT[c]} ({c}) is not among the undealt cards")

    # ---- internals -----------------------------------------------------------------------------
    def _warn_unshuffled(self) -> None:
        """The once-per-shoe warning for dealing from a never-shuffled shoe (see the class docs)."""
        self._fresh = False
        warnings.warn(
            "dealing from a shoe that was never shuffled: the cards come in new-deck order (2c, 2d, ...). "
            "Call shoe.shuffle() first, or make the shoe with Shoe(ordered=True) to deal that order on purpose",
            UnshuffledShoeWarning, stacklevel=3)

    def _view(self) -> Any:
        """A private copy of the C struct, taken in one locked call: a consistent view to read."""
        v = ffi.new("pe_shoe *")
        _call(lib.pe_shoe_copy, v, self._s)
        return v

    def _private(self) -> Shoe:
        """A private plain :class:`Shoe` holding a copy of this one (for :meth:`_atomically`)."""
        tmp = Shoe.__new__(Shoe)
        tmp._s = self._view()
        tmp._h = handle(tmp._s)
        tmp._seed, tmp._stream, tmp._min_cut = self._seed, self._stream, self._min_cut
        tmp._fresh = False  # private work copies never warn
        return tmp

    def _atomically(self, fn: Callable[[Shoe], _T]) -> _T:
        """Run ``fn`` on a private copy and commit the result at once, unless another call changed this
        shoe meanwhile: then run it again on a fresh copy. An exception in ``fn`` changes nothing."""
        while True:
            tmp = self._private()
            version = int(tmp._s.version)
            result = fn(tmp)
            st = lib.pe_shoe_commit(self._s, tmp._s, version)
            if st == 0:
                return result
            if st != ERR_BUSY:  # pragma: no cover - the private copy is always consistent
                _raise_status(st, "commit")
            retry(lambda: 0)  # a short back-off before redoing the work


def _rebuild(cls: type[Shoe], snapshot: ShoeSnapshot) -> Shoe:
    """Unpickle: a shoe of class ``cls`` exactly as ``snapshot`` (the subclass state follows)."""
    shoe = Shoe.restore(snapshot)
    if cls is Shoe:
        return shoe
    out = cls.__new__(cls)
    out._s, out._h, out._seed, out._stream, out._min_cut = shoe._s, shoe._h, shoe._seed, shoe._stream, shoe._min_cut
    out._fresh = False
    return out

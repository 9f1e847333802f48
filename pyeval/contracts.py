"""The contracts every game of pyeval follows: poker (58 Pa. Code chapter 637a, :mod:`pyeval.poker`),
World Poker Tour Heads-Up Hold'em (chapter 677a, :mod:`pyeval.headsup`) and Criss-Cross Poker
(chapter 674a, :mod:`pyeval.crisscross`).

One design for the ideas the three games share (see ``docs/decisions/001-one-architecture-for-every-game.md``):

* **Cards** come from a :class:`CardSource` (``burn()``, ``deal(k)``): a
  :class:`pyeval.shoe.Shoe`, a replayed order, or a test double. A table that shuffles and counts
  its own deck (criss-cross, § 674a.9) needs a :class:`Deck`.
* **Players** are named by one number per game in every method parameter (``player``) and every
  record field (``player``). At the house-banked tables (heads-up, criss-cross) that number is the
  seat position 1..N the regulation numbers (position 1 farthest to the dealer's left); in a poker
  :class:`~pyeval.poker.Round` it is the round index 0..n-1 (0 left of the button), which
  :class:`~pyeval.poker.Table` maps from its seat numbers. **Messages** name a player one way
  (issue 21): by the seat the player sits in (``"seat 3"``, :func:`player_name`); a poker round
  that no table started has no seats, and names round index ``i`` as the PHH does, ``"p{i+1}"``.
* **The record** of a round is a list of :class:`Event`: one type with a typed ``kind``
  (:class:`EventKind`), the player it concerns (None for the dealer), an amount in chips, the cards,
  and a game-specific ``detail``.
* **What is legal** is asked one way (the verify/can/do triad of pokerkit): for every step
  ``x`` of a round there is ``can_x(...) -> bool``, which never raises; ``x(...)``, which does the
  step or raises a :class:`~pyeval.errors.PyevalError` naming the rule and changes nothing; and
  ``legal_actions() -> frozenset[Action]`` lists every step legal now. An :class:`Action`'s value is
  the name of its method (``getattr(rnd, action.value)``, ``getattr(rnd, "can_" + action.value)``).
* **State is read through copies** (``docs/decisions/010-read-only-rounds-and-tables.md``): every public
  attribute of a round or table is a read-only property; one that holds a sequence, mapping or set
  returns a snapshot (a tuple, a ``MappingProxyType`` over a copy, a frozenset; an event record a
  fresh list), so changing what a caller got can never reach the engine. The engine itself works on
  private slots; :func:`read_only`, :func:`tuple_copy`, :func:`list_copy`, :func:`mapping_copy` and
  :func:`set_copy` make the properties.
* **Rules** are per-game classes with distinct names (``PokerRules``, ``HeadsUpRules``,
  ``CrissCrossRules``) under one protocol, :class:`GameRules`; **paytables** (``HeadsUpPaytable``,
  ``CrissCrossPaytable``) under :class:`Paytable`; how a wager ended is one :class:`Outcome`.
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from fractions import Fraction
from operator import attrgetter
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, Protocol, runtime_checkable

from .errors import PyevalError

__all__ = ["CardSource", "Deck", "EventKind", "Event", "Action", "Outcome", "GameRules", "Paytable",
           "GameRound", "passes", "player_name", "read_only", "tuple_copy", "list_copy", "mapping_copy",
           "set_copy"]


@runtime_checkable
class CardSource(Protocol):
    """Where a round's cards come from: :class:`pyeval.shoe.Shoe` or anything with these methods."""

    def burn(self) -> int:
        """Take the top card off, face down, and return it."""

    def deal(self, k: int) -> tuple[int, ...]:
        """Take the top ``k`` cards off and return them in order."""


@runtime_checkable
class Deck(CardSource, Protocol):
    """A card source that is a whole deck the table shuffles and counts (Criss-Cross, § 674a.9)."""

    def shuffle(self) -> None:
        """Gather every card back and shuffle (the automated shuffler, § 674a.9(a)(1))."""

    @property
    def remaining(self) -> int:
        """Number of cards left in the stub (not dealt), counted face down."""

    def stub_to_rack(self) -> int:
        """Put the stub in the discard rack without exposing it; returns the number of cards."""

    @property
    def size(self) -> int:
        """Cards physically in this deck (52 when complete)."""


class EventKind(enum.StrEnum):
    """What an :class:`Event` records. A ``StrEnum``: ``event.kind == "fold"`` holds for the fold."""

    # wagers and forced bets
    ANTE = "ante"
    BLIND = "blind"
    DEAD_BLIND = "dead_blind"  # poker: chips posted to come in that go to the pot, no part of a bet
    HOUSE_MONEY = "house_money"  # poker: chips the house adds to the main pot (a room's promotion)
    STRADDLE = "straddle"
    BRING_IN = "bring_in"
    WAGERS = "wagers"  # house games: a player's wagers before the deal (detail: the amounts)
    NO_MORE_BETS = "no_more_bets"
    # cards
    HOLE = "hole"
    DEAL = "deal"  # house games: every hand of the deal (detail: game-specific layout)
    BURN = "burn"
    BOARD = "board"
    FLOP = "flop"
    TURN_RIVER = "turn_river"
    DISCARD = "discard"
    RESHUFFLE = "reshuffle"
    COUNT_STUB = "count_stub"
    DISCARD_STUB = "discard_stub"
    REVEAL = "reveal"
    EXPOSE_DEALER = "expose_dealer"
    # player actions
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    SIT_OUT = "sit_out"  # poker, tournament mode: the dealer folds the hand of a player away from the table
    DISCONNECT = "disconnect"  # poker, disconnect protection: played all in, his chips set aside (amount)
    # the end of the round
    RETURN = "return"  # an uncalled bet returned
    SHOW = "show"
    MUCK = "muck"
    RAKE = "rake"  # the house's chips taken from a pot before it is split (cards: the pot index)
    RUN_IT = "run_it"  # the dealer will deal the rest of the board ``amount`` times (poker)
    AWARD = "award"
    SETTLE = "settle"
    COLLECT = "collect"  # heads-up: the Ante and Odds collected at a fold (§ 677a.11(f))


class Event(NamedTuple):
    """One entry of a round's ordered record; the record replays the round.

    Fields:
        kind: an :class:`EventKind`.
        player: the player it concerns (see the module doc for the numbering), None for the dealer.
        amount: chips: posted, bet to, called, returned, awarded or wagered (0 when none).
        cards: the cards dealt, burned, shown, discarded or turned (``()`` when none).
        detail: what else the game records (a street, a settlement, a stub count; None when nothing).
    """

    kind: EventKind
    player: int | None = None
    amount: int = 0
    cards: tuple[int, ...] = ()
    detail: object = None


class Action(enum.StrEnum):
    """A step of a round; the value is the name of the method that does it (and ``can_`` + value
    the query). Each game uses the subset it has (``legal_actions()``)."""

    # poker (pyeval.poker.Round)
    POST_FORCED_BETS = "post_forced_bets"
    POST_STRADDLE = "post_straddle"
    DEAL_HOLE_CARDS = "deal_hole_cards"
    POST_BRING_IN = "post_bring_in"
    CHECK_OR_CALL = "check_or_call"
    BET_OR_RAISE_TO = "bet_or_raise_to"
    DEAL_BOARD = "deal_board"
    RUN_IT = "run_it"
    DISCARD = "discard"
    SHOW = "show"
    MUCK = "muck"
    RAKE = "rake"  # the house's chips taken from a pot before it is split (cards: the pot index)
    AWARD = "award"
    # house games (heads-up, criss-cross)
    PLACE_WAGERS = "place_wagers"
    NO_MORE_BETS = "no_more_bets"
    DEAL = "deal"
    COUNT_STUB = "count_stub"
    DISCARD_STUB = "discard_stub"
    CHECK = "check"
    RAISE_WAGER = "raise_wager"
    BET = "bet"
    BURN_AND_FLOP = "burn_and_flop"
    BURN_TURN_AND_RIVER = "burn_turn_and_river"
    REVEAL = "reveal"
    EXPOSE_DEALER = "expose_dealer"
    SETTLE = "settle"
    # every game
    FOLD = "fold"


class Outcome(enum.Enum):
    """How one wager ended at a house-banked table."""

    WIN = "win"
    PUSH = "push"
    LOSE = "lose"
    #: heads-up: the Odds wager paid on a losing straight or better (§ 677a.11(h)(2)(iii)(B))
    BAD_BEAT = "bad beat"
    #: criss-cross: the round was void and the wager returned (§ 674a.9(f))
    RETURNED = "returned"


@runtime_checkable
class GameRules(Protocol):
    """A table's posted rules: a frozen dataclass validated on creation (a bad field raises
    :class:`~pyeval.errors.TableRulesError` naming it), immutable afterwards."""

    #: the game's name, as the command line spells it (``"poker"``, ``"heads-up"``, ``"criss-cross"``)
    GAME: ClassVar[str]

    @property
    def max_players(self) -> int:
        """The most players a round at this table may have."""


@runtime_checkable
class Paytable(Protocol):
    """A paytable: named lines with exact odds (``Fraction``; ``3/2`` pays 3 for 2)."""

    name: str

    def payouts(self) -> Mapping[str, Fraction]:
        """Every line's label and odds, in the table's order."""


@runtime_checkable
class GameRound(Protocol):
    """One round of any game: its record and the legality query."""

    @property
    def events(self) -> list[Event]:
        """The record so far, in order."""

    def legal_actions(self) -> frozenset[Action]:
        """Every step legal now (a dealer step, or some player's)."""

    @property
    def complete(self) -> bool:
        """True once the round is over (settled, awarded or void)."""


def passes(check: Callable[..., object], *args: object) -> bool:
    """Whether ``check(*args)`` returns without raising a pyeval error: how every ``can_x()`` asks
    the same check its step ``x()`` makes, so the two never disagree."""
    try:
        check(*args)
    except PyevalError:
        return False
    return True


#: The one chip limit of pyeval (2**63 - 1, the largest signed 64-bit int): no stack, forced bet,
#: bet or amount is larger, in a game's rules and rounds (:mod:`pyeval.poker`), in a PHH record
#: (:mod:`pyeval.poker.phh`) or in a hand a room reader imports (:mod:`pyeval.hands_io`), so a file
#: one of them accepts is never refused by another for its size.
MAX_CHIPS = 2**63 - 1


def player_name(player: int | None) -> str:
    """How every message names the player in seat ``player``: ``"seat 3"`` (``"the dealer"`` for None)."""
    return "the dealer" if player is None else f"seat {player}"


def read_only(slot: str, doc: str) -> Any:
    """A read-only property for the value in the private ``slot`` as it is (an int, enum, tuple or
    frozen object: nothing a caller could change in place)."""
    return property(attrgetter(slot), doc=doc)


def tuple_copy(slot: str, doc: str) -> Any:
    """A read-only property returning the list (or other sequence) in ``slot`` as a new tuple."""
    get = attrgetter(slot)
    return property(lambda self: tuple(get(self)), doc=doc)


def list_copy(slot: str, doc: str) -> Any:
    """A read-only property returning a new list of the items in ``slot`` (an event record)."""
    get = attrgetter(slot)
    return property(lambda self: list(get(self)), doc=doc)


def mapping_copy(slot: str, doc: str) -> Any:
    """A read-only property returning the dict in ``slot`` as a ``MappingProxyType`` over a copy:
    item assignment raises, and the value does not follow later steps."""
    get = attrgetter(slot)
    return property(lambda self: MappingProxyType(dict(get(self))), doc=doc)


def set_copy(slot: str, doc: str) -> Any:
    """A read-only property returning the set in ``slot`` as a frozenset."""
    get = attrgetter(slot)
    return property(lambda self: frozenset(get(self)), doc=doc)

"""The state of one poker round, shared by its parts (:mod:`pyeval.poker.round` and the part modules).

:class:`RoundState` holds every field of a :class:`~pyeval.poker.round.Round` (one ``__slots__``
for the whole round) with a self-explaining name; the step methods live in the part modules
(:mod:`.forced_bets`, :mod:`.dealing`, :mod:`.betting`, :mod:`.stud`, :mod:`.draw`,
:mod:`.showdown`, :mod:`.chip_placement`), each a mixin on this class. Also here: the round's
record and query types and the card helpers every part uses.
"""
from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Union

from ..cards import CARD_TEXT, check_card, parse_cards
from operator import attrgetter

from .._bindings import _fastcall
from ..contracts import CardSource, Event, EventKind, mapping_copy
from ..errors import CardCountError, CardTypeError, DuplicateCardError, IllegalActionError, InvalidCardError
from .games import StreetSpec, Variant
from .rules import R_DEAL, PokerRules

if TYPE_CHECKING:
    from .pots import Pot

__all__ = ["CardSource", "CardsInput", "Event", "EventKind", "Street", "Phase", "BettingOptions", "RoundState"]

CardsInput = Union[str, Sequence[int]]
#: The hold'em fast paths (:mod:`pyeval.poker.fast`, the inlined next-actor search) for rounds made
#: from now on; False sends every step down the general path (the tests compare both ways).
FAST_PATHS = True
#: _ORDER[n][s]: the round indices clockwise from s, for n players.
_ORDER = [[tuple((s + k) % n for k in range(n)) for s in range(n)] if n else [] for n in range(11)]


class Street(enum.IntEnum):
    """The four betting rounds."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3


class Phase(enum.Enum):
    """What the round is waiting for (see :attr:`Round.phase`)."""

    FORCED_BETS = "forced bets"
    HOLE_CARDS = "hole cards"  # a straddle may also be posted now, if offered
    BETTING = "betting"
    BRING_IN = "bring-in"  # stud: the lowest (razz: highest) up card posts the bring-in
    BOARD = "board"  # the dealer deals the next street (showdown may also be due)
    DRAW = "draw"  # draw games: players discard (or stand pat) in turn
    SHOWDOWN = "showdown"
    AWARD = "award"
    COMPLETE = "complete"


class BettingOptions(NamedTuple):
    """What the player to act may do now in the betting round (all chip amounts are totals for this
    betting round); :meth:`Round.betting_options`."""

    player: int
    can_fold: bool
    can_check: bool
    call_amount: int  # chips added by calling (0 when checking is possible)
    can_raise: bool
    min_to: int  # smallest bet/raise-to (an all-in for less may be below it)
    max_to: int


def _illegal(msg: str, rule: str) -> IllegalActionError:
    return IllegalActionError(msg, rule)



#: every field of a round (:class:`RoundState`'s ``__slots__``), in one order: the C fast paths
#: (:mod:`pyeval.poker.fast`) reach slot ``_SLOTS[i]`` by its index ``i``
_SLOTS = (
    "_rules", "_n", "_source", "_stacks", "_starting_stacks", "_bets", "_contrib", "_folded", "_mucked",
    "_hole", "_board", "_burns", "_record", "_forced_bets_due", "_straddled", "_hole_dealt", "_street",
    "_bet_to", "_min_raise", "_raises", "_full_raises", "_acted", "_acted_at_raise", "_acted_at_bet", "_full_bet_to",
    "_checked", "_actor",
    "_last_aggressor", "_n_able_to_act", "_n_contending", "_betting_closed", "_showdown_queue", "_awarded",
    "_blind_posters", "_preflop_first", "_values", "_winnings", "_variant", "_last_street",
    "_bring_in_due", "_draw_queue", "_draw_discards", "_low_values", "_streets", "_dead_ante",
    "_has_draws", "_holdem_showdown", "_is_stud", "_first_up_cards",
    "_fixed_bet_sizes", "_dead_cards", "_showing_ranks", "_dealt", "_runs", "_run_street", "_run_boards",
    "_dead_antes", "_sitting_out", "_seats", "_plain", "_plain_nl",
    "_double_bet", "_lead_open", "_house_money", "_set_aside",
)


def read_only(slot: str, doc: str) -> Any:
    """A round's public read-only attribute for the value in ``slot`` as it is (an int, bool, None,
    tuple or frozen object): :func:`pyeval.contracts.read_only`'s contract, read by a C descriptor
    straight from the slot (``_fastcall.holdem_view``); setting or deleting it raises AttributeError."""
    return _fastcall.holdem_view(slot[1:], _SLOTS.index(slot), False, attrgetter(slot), doc)


def tuple_copy(slot: str, doc: str) -> Any:
    """A round's public read-only attribute for the list in ``slot``, as a new tuple
    (:func:`pyeval.contracts.tuple_copy`'s contract, read in C as :func:`read_only`)."""
    get = attrgetter(slot)
    return _fastcall.holdem_view(slot[1:], _SLOTS.index(slot), True, lambda self: tuple(get(self)), doc)


class RoundState:
    """Every field of one round (see :class:`~pyeval.poker.round.Round` for the public ones).

    Players are round indices ``0..n-1`` (``0`` left of the button, ``n-1`` the button).
    """

    __slots__ = _SLOTS

    _rules: PokerRules
    _n: int  # players in the round
    _source: CardSource | None
    _stacks: list[int]  # chips in front of each player now
    _starting_stacks: tuple[int, ...]
    _bets: list[int]  # chips each player has bet in the current betting round
    _contrib: list[int]  # chips each player has put in the pot this round (antes, blinds, bets)
    _folded: list[bool]
    _mucked: list[bool]
    _hole: list[tuple[int, ...]]  # each player's cards (stud: down and up); -1 = a card nobody saw
    _board: list[int]
    _burns: list[int | None]
    _record: list[tuple[str, int | None, int, tuple[int, ...]]]  # the events, as plain tuples
    _forced_bets_due: bool
    _straddled: bool
    _hole_dealt: bool
    _street: int  # index into the variant's streets (0 = the first betting round)
    _bet_to: int  # the amount to call this betting round (a total, not an increment)
    _min_raise: int  # the smallest full raise increment now
    _raises: int  # raises made this betting round (for the posted cap)
    _full_raises: int  # full bets and raises this betting round (each reopens the betting)
    _acted: list[bool]
    _acted_at_raise: list[int]  # full_raises when each player last acted (-1: not yet)
    _acted_at_bet: list[int]  # bet_to when each player last acted (ShortAllIns.CUMULATIVE)
    _full_bet_to: int  # the bet level set by the last full bet or raise (or the blinds) this betting round
    _checked: list[bool]
    _actor: int | None  # the player to act, or None
    _last_aggressor: int  # the last to bet or raise (or the round's lead): shows first
    _n_able_to_act: int  # players neither folded nor all-in
    _n_contending: int  # players neither folded nor mucked
    _betting_closed: bool  # no further betting this round
    _showdown_queue: list[int]  # players still to show or muck, in order
    _awarded: bool
    _blind_posters: tuple[int | None, ...]  # round index posting each blind, None = a dead blind
    _preflop_first: int
    _values: list[int]
    _winnings: list[int]
    _variant: Variant
    _last_street: int
    _bring_in_due: bool
    _draw_queue: list[int]  # players still to discard in this draw, in turn
    _draw_discards: dict[int, tuple[int, ...]]  # this draw's discards, by player
    _low_values: list[int]
    _streets: tuple[StreetSpec, ...]
    _dead_ante: int  # dead antes (a big-blind ante; all antes when not trimmed): dead money of the main pot
    _dead_antes: list[int]  # each player's part of _dead_ante
    _sitting_out: frozenset[int]  # tournament mode: players away from the table, folded at their first turn
    _seats: tuple[int, ...] | None  # the seat each round index sits in (a Table's round), else None
    _has_draws: bool
    _holdem_showdown: bool  # two hole cards + five board, high only: the 7-card kernel
    _is_stud: bool
    _first_up_cards: list[tuple[int, ...]]  # stud: the first street's up cards (bring-in)
    _fixed_bet_sizes: tuple[int, ...] | None  # fixed limit: the bet size of each street
    _double_bet: bool  # fixed-limit stud: this round may be bet at the small or the big bet (an open pair)
    _lead_open: int  # stud: while the record has this length, the record names who leads (unknown up cards); else -1
    _house_money: int  # chips the house added to the main pot (no player's; also in _dead_ante)
    _set_aside: list[int] | None  # chips out of play until the betting ends (a cap, a disconnection), or None
    _dead_cards: list[int]  # draw games: replaced discards and folded hands a draw may reshuffle
    _showing_ranks: list[int]  # stud: each player's up cards as a showing-hand signature
    _runs: int  # how many times the rest of the board is dealt (run it twice: 2)
    _run_street: int  # the street each further run starts from (after run_it)
    _run_boards: list[tuple[int, ...]]  # the full boards of the runs completed before the current one
    _dealt: set[int]  # every known card dealt or burned this round (not the draws' replacements)
    _plain: bool  # the fast paths apply (pyeval.poker.fast): hold'em, one run, nobody sitting out, a Shoe
    _plain_nl: bool  # and the betting fast paths: a plain round at a plain no-limit table (EngineConstants)

    # The public state: read-only properties over the private slots above (the engine's hot paths
    # use the slots). A sequence comes back as a tuple, a snapshot that does not follow later steps.
    rules: PokerRules = read_only("_rules", "The table's :class:`~pyeval.poker.PokerRules`.")
    n: int = read_only("_n", "The number of players in the round.")
    source: CardSource | None = read_only("_source", "Where cards come from (a shoe), or None.")
    variant: Variant = read_only("_variant", "The game played (``rules.variant``).")
    stacks: tuple[int, ...] = tuple_copy("_stacks", "Chips behind each player now, by round index.")
    starting_stacks: tuple[int, ...] = read_only("_starting_stacks", "Each player's table stakes when the round began.")
    bets: tuple[int, ...] = tuple_copy("_bets", "Chips each player has bet in the current betting round.")
    contrib: tuple[int, ...] = tuple_copy("_contrib", "Chips each player has put in the pot this round (antes, blinds, bets).")
    folded: tuple[bool, ...] = tuple_copy("_folded", "Whether each player has folded.")
    mucked: tuple[bool, ...] = tuple_copy("_mucked", "Whether each player has mucked at the showdown.")
    hole: tuple[tuple[int, ...], ...] = tuple_copy(
        "_hole", "Each player's cards (stud: down and up cards); -1 stands for a card nobody saw.")
    board: tuple[int, ...] = tuple_copy("_board", "The community cards dealt so far (of the current run).")
    burns: tuple[int | None, ...] = tuple_copy("_burns", "The burned cards, in order (None: a burn nobody saw).")
    street: int = read_only("_street", "Index of the betting round in the variant's streets (0 = the first).")
    bet_to: int = read_only("_bet_to", "The amount to call this betting round (a total, not an increment).")
    min_raise: int = read_only("_min_raise", "The smallest full raise increment now.")
    raises: int = read_only("_raises", "Raises made this betting round (for a posted cap).")
    full_raises: int = read_only("_full_raises", "Full bets and raises this betting round (each reopens the betting).")
    full_bet_to: int = read_only("_full_bet_to", "The bet level set by the last full bet or raise (or the blinds).")
    acted: tuple[bool, ...] = tuple_copy("_acted", "Whether each player has acted in this betting round.")
    acted_at_raise: tuple[int, ...] = tuple_copy(
        "_acted_at_raise", "``full_raises`` when each player last acted this betting round (-1: not yet).")
    acted_at_bet: tuple[int, ...] = tuple_copy("_acted_at_bet", "``bet_to`` when each player last acted.")
    checked: tuple[bool, ...] = tuple_copy("_checked", "Whether each player has checked in this betting round.")
    actor: int | None = read_only("_actor", "The player to act, or None.")
    last_aggressor: int = read_only("_last_aggressor", "The last to bet or raise (or the round's lead): shows first.")
    n_able_to_act: int = read_only("_n_able_to_act", "Players neither folded nor all-in.")
    n_contending: int = read_only("_n_contending", "Players neither folded nor mucked.")
    betting_closed: bool = read_only("_betting_closed", "True when no further betting is possible this round.")
    showdown_queue: tuple[int, ...] = tuple_copy("_showdown_queue", "Players still to show or muck, in order.")
    awarded: bool = read_only("_awarded", "True once the pots are awarded.")
    values: tuple[int, ...] = tuple_copy("_values", "Each player's hand value at the showdown (0: not shown).")
    low_values: tuple[int, ...] = tuple_copy("_low_values", "Each player's low hand value (split-pot games; 0: none).")
    winnings: tuple[int, ...] = tuple_copy("_winnings", "Chips each player was awarded (all 0 before the award).")
    # What the hand-history code (PHH replay and writing, the exporters) asks of a round (issue 24):
    hole_dealt: bool = read_only("_hole_dealt", "True once the hole cards are dealt.")
    runs: int = read_only("_runs", "How many times the rest of the board is dealt (1; 2 after ``run_it(2)``).")
    blind_posters: tuple[int | None, ...] = read_only(
        "_blind_posters", "Round index posting each of ``rules.blinds`` in order (None: a dead blind nobody posts).")
    draw_queue: tuple[int, ...] = tuple_copy("_draw_queue", "Players still to discard or stand pat in this draw, in turn.")
    draw_discards: Mapping[int, tuple[int, ...]] = mapping_copy(
        "_draw_discards", "This draw's discards so far, by round index (pending until the draw is dealt).")
    streets: tuple[StreetSpec, ...] = read_only("_streets", "The variant's streets, in order (``variant.streets``).")
    last_street: int = read_only("_last_street", "Index of the last street (``len(streets) - 1``).")

    def _name_of(self, i: int) -> str:
        """How every message names round index ``i`` (issue 21, :mod:`pyeval.contracts`): the seat he
        sits in (``"seat 7"``) in a round a :class:`~pyeval.poker.Table` started, else the PHH's name
        of the index, ``"p{i+1}"``."""
        if self._seats is not None and 0 <= i < len(self._seats):
            return f"seat {self._seats[i]}"
        return f"p{i + 1}"

    def _check_index(self, player: object) -> None:
        """``player`` (a method's argument) is a round index of this round, else IllegalActionError
        (never an IndexError, nor a negative index counted from the end)."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self._n:
            at = f" (the seats {', '.join(map(str, self._seats))})" if self._seats is not None else ""
            raise IllegalActionError(f"no player at round index {player!r}: the players of this round are round "
                                     f"indices 0..{self._n - 1}{at}", "58 Pa. Code § 637a.11(b)")

    def _big_blind(self) -> int:
        """Round index of the player who posts the last blind (always posted; 0 with no blinds)."""
        bb = self._blind_posters[-1] if self._blind_posters else 0
        assert bb is not None
        return bb

    if TYPE_CHECKING:  # step methods one part calls in another (defined in the part modules)
        @property
        def phase(self) -> Phase: ...
        def _pots(self, live: list[bool]) -> tuple[Pot, ...]: ...
        def _first_from(self, start: int) -> int | None: ...
        def _turn(self, player: int | None, what: str) -> int: ...
        def _may_raise(self, a: int) -> bool: ...
        def _raise_bounds(self, a: int) -> tuple[int, int]: ...
        def _cover(self, a: int) -> int: ...
        def _after_action(self, a: int) -> None: ...
        def _street_done(self) -> None: ...
        def _fold_sitting_out(self) -> None: ...
        def _queue_showdown(self) -> None: ...
        def _open_draw(self) -> None: ...
        def _next_street(self) -> StreetSpec | None: ...
        def _draw_with_reshuffle(self, want: list[int], holes: list[tuple[int, ...] | None],
                                 events: list[tuple[str, int | None, int, tuple[int, ...]]]) -> list[int]: ...
        def _community_card_due(self, spec: StreetSpec) -> bool: ...
        def _showing_leader(self) -> int: ...
        def _divide(self, pot: Pot, k: int, values: list[int], lows: list[int], split: bool,
                    odd: tuple[Any, bool, int | None]) -> dict[int, int]: ...
        def _odd_rules(self) -> tuple[Any, bool, int | None]: ...
        def _fast_street(self) -> bool: ...
        def _fast_hole(self) -> None: ...
        def _fast_runout(self) -> bool: ...
        def _nl_raise(self, a: int, to: int) -> bool: ...
        def _fast_award(self) -> bool: ...
        def check_or_call(self, player: int | None = None) -> None: ...
        def bet_or_raise_to(self, to: int, player: int | None = None) -> None: ...
        def post_forced_bets(self) -> None: ...
        def fold(self, player: int | None = None) -> None: ...
        def deal_hole_cards(self, cards: Sequence[CardsInput] | None = None) -> None: ...
        def post_bring_in(self, player: int | None = None) -> None: ...
        def deal_board(self, cards: CardsInput | None = None, burn: int | None = None,
                       hole: Sequence[CardsInput | None] | None = None) -> None: ...
        def show(self, player: int | None = None) -> None: ...
        def award(self) -> None: ...


def _as_cards(c: CardsInput) -> tuple[int, ...]:
    """Card text or ints; ``-1`` stands for a card nobody saw (replays of hands never shown)."""
    if isinstance(c, str):
        return parse_cards(c)
    return tuple(-1 if x == -1 and not isinstance(x, bool) else check_card(x) for x in c)


def _check_new(groups: Sequence[Sequence[int]], seen_groups: Sequence[Sequence[int]]) -> None:
    seen: set[int] = set()
    for g in seen_groups:
        seen.update(g)
    for g in groups:
        for c in g:
            if c < 0:
                continue
            if c in seen:
                raise _illegal(f"card {CARD_TEXT[c]} is already dealt", R_DEAL)
            seen.add(c)



_CARD_SET = frozenset(range(52))
_INT_TYPE = frozenset({int})


def _from_source(cards: Any, k: int, seen: set[int]) -> tuple[int, ...]:
    """Validate ``k`` cards a card source produced: card ints 0..51, distinct, and none already in
    play (``seen``: every card of the round dealt, burned or discarded so far; not changed). Returns
    them as a tuple of ints; raises before anything is changed.

    Raises:
        CardTypeError: not a sequence of ints. CardCountError: not ``k`` cards. InvalidCardError:
        an int outside 0..51. DuplicateCardError: a card twice, or one already in play.
    """
    if type(cards) is tuple and len(cards) == k:  # the common case, checked by set operations in C
        distinct = set(cards)
        if len(distinct) == k and distinct <= _CARD_SET and distinct.isdisjoint(seen) \
                and set(map(type, cards)) <= _INT_TYPE:
            return cards
    try:
        got: tuple[Any, ...] = tuple(cards)
    except TypeError:
        raise CardTypeError(f"the card source returned {cards!r}, not card ints 0..51") from None
    if len(got) != k:
        raise CardCountError(f"the card source returned {len(got)} card(s), {k} asked for")
    out: list[int] = []
    for c in got:
        if isinstance(c, bool) or not hasattr(c, "__index__"):
            raise CardTypeError(f"the card source returned {c!r}, not a card int 0..51")
        i = c.__index__()
        if not 0 <= i < 52:
            raise InvalidCardError(f"the card source returned card {i}: card ints are 0..51")
        if i in seen or i in out:
            raise DuplicateCardError(f"the card source returned {CARD_TEXT[i]} ({i}), already in play this round")
        out.append(i)
    return tuple(out)

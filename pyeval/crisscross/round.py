"""A Criss-Cross Poker table and its rounds, step by step (58 Pa. Code chapter 674a).

The deal follows 58 Pa. Code § 674a.9 exactly: the automated shuffler (§ 674a.9(a)(1)), "no more
bets" before any card (§ 674a.9(a)(3)), five community cards face down in a cross -- the box
farthest from the dealer, the three boxes of the second row, the box closest to the dealer --
then one card at a time to each player with both Antes, from the player farthest to the dealer's
left clockwise, until each has two (§ 674a.9(b)); the stub to the discard rack unexposed
(§ 674a.9(c)), or counted when a count is due (§ 674a.9(d)-(f)).

Everything around the deal -- the wagers, the three decisions, the order in which the community
cards are turned, and settlement -- follows public descriptions of the game and the table's
:class:`~pyeval.crisscross.rules.CrissCrossRules` (configuration, not Pennsylvania text; the
chapter's sections on wagers, completion of the round and payout odds are not in our hands).

Seats are positions ``1..rules.positions`` numbered clockwise from the position farthest to the
dealer's left, so § 674a.9(b)'s dealing order is ascending position. Amounts are ints in the
table's smallest unit. Every step checks that it is legal now (:meth:`CrissCrossRound.legal_steps`)
and a rejected step raises a :class:`~pyeval.errors.PyevalError` and changes nothing.
"""
from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .._bindings import _fastcall
from .._house import winnings
from ..evaluate import MAX_VALUE
from ..errors import (
    DeckOutOfPlayError,
    IllegalActionError,
    OutOfTurnError,
    StubCountDueError,
    WagerNotAllowedError,
)
from ..shoe import (
    CRISS_CROSS_HAND_DEAL, DealFaults, DealPlan, StubCountPolicy, StubOutcome, judge_stub_count, plan_deal,
)
from .deck import DECK_SIZE, CardSource, ShufflerDeck
from .rules import CrissCrossRules, Paytable
from .strategy import basic_strategy

__all__ = [
    "Box", "ROW", "COLUMN", "COMMUNITY_DEAL_ORDER", "Wager", "Outcome", "Phase", "Step",
    "StubCountOutcome", "Misdeal", "Event", "WagerResult", "RoundRecord", "CrissCrossTable",
    "CrissCrossRound", "play_round",
]

R9A = "58 Pa. Code § 674a.9(a)"
R9B = "58 Pa. Code § 674a.9(b)"
R9C = "58 Pa. Code § 674a.9(c)"
R9D = "58 Pa. Code § 674a.9(d)"
R9F = "58 Pa. Code § 674a.9(f)"
CONFIG = "table configuration (public description of the game)"
_eval = _fastcall.evaluate  # pyeval.evaluate's C builtin; the cards here are checked and distinct


class Box(enum.IntEnum):
    """The five community-card boxes of the cross, seen from the dealer (§ 674a.9(b))."""

    FAR = 0        #: the box farthest from the dealer
    ROW_LEFT = 1   #: second row, dealer's left
    CENTRE = 2     #: second row, centre (shared by the row and the column)
    ROW_RIGHT = 3  #: second row, dealer's right
    NEAR = 4       #: the box closest to the dealer


#: The shoe's names for the boxes (:data:`pyeval.shoe.CRISS_CROSS_HAND_DEAL`'s community labels).
BOX_LABELS = {Box.FAR: "column_far", Box.ROW_LEFT: "row_first", Box.CENTRE: "center",
              Box.ROW_RIGHT: "row_last", Box.NEAR: "column_near"}
_BOX_OF_LABEL = {lab: b for b, lab in BOX_LABELS.items()}
#: Order the community cards come off the deck (§ 674a.9(b): farthest box, the second row, the
#: closest box; the row is dealt from the dealer's left, our reading of the unstated order): taken
#: from the shoe's dealing procedure, the one definition of the cross deal.
COMMUNITY_DEAL_ORDER = tuple(_BOX_OF_LABEL[lab] for step in CRISS_CROSS_HAND_DEAL.steps for lab in step.labels)
# Round.community is indexed by Box: the boxes must come off the deck in Box order.
assert COMMUNITY_DEAL_ORDER == tuple(Box), COMMUNITY_DEAL_ORDER
ROW = (Box.ROW_LEFT, Box.CENTRE, Box.ROW_RIGHT)    #: the Across hand's community cards
COLUMN = (Box.FAR, Box.CENTRE, Box.NEAR)           #: the Down hand's community cards


class Wager(enum.IntEnum):
    """A player's wagers (indices match ``PE_CC_W_*`` in csrc/pe_crisscross.h)."""

    ANTE_ACROSS = 0
    ANTE_DOWN = 1
    ACROSS = 2
    DOWN = 3
    MIDDLE = 4
    BONUS = 5


class Outcome(enum.Enum):
    """How one wager ended."""

    WIN = "win"
    PUSH = "push"
    LOSE = "lose"
    RETURNED = "returned"  #: the round was void and the wager returned (§ 674a.9(f))


class Phase(enum.Enum):
    """The step of the round that is due now (§ 674a.9 for the deal and the stub)."""

    BETTING = "betting"
    DEAL = "deal"
    STUB = "stub"
    ACROSS_DECISION = "across decision"
    ACROSS_REVEAL = "across reveal"
    DOWN_DECISION = "down decision"
    DOWN_REVEAL = "down reveal"
    MIDDLE_DECISION = "middle decision"
    MIDDLE_REVEAL = "middle reveal"
    SETTLEMENT = "settlement"
    COMPLETE = "complete"
    VOID = "void"


class Step(enum.Enum):
    """The explicit steps of a round."""

    PLACE_WAGERS = "place wagers"
    NO_MORE_BETS = "no more bets"
    DEAL = "deal"
    COUNT_STUB = "count stub"
    DISCARD_STUB = "discard stub"
    BET = "bet"
    FOLD = "fold"
    REVEAL = "reveal"
    SETTLE = "settle"


class StubCountOutcome(enum.Enum):
    """What a stub count found (§ 674a.9(e)-(f)), as the shoe's :func:`~pyeval.shoe.judge_stub_count`
    decides it; ``MISDEAL_DECK_INCORRECT`` is its ``DECK_REMOVED`` with ``misdealt`` set."""

    CORRECT = "correct"  #: § 674a.9(e): 52 cards; the stub goes to the discard rack unexposed
    MISDEAL = "misdeal"  #: § 674a.9(f): misdealt but 52 cards present; hands void, wagers returned
    DECK_INCORRECT = "deck incorrect"  #: § 674a.9(f): not misdealt; void, returned, deck removed
    #: misdealt AND the deck is not 52 cards: not addressed by § 674a.9(f); table policy (our
    #: default): void, wagers returned, deck removed as for DECK_INCORRECT.
    MISDEAL_DECK_INCORRECT = "misdeal, deck incorrect"


@dataclass(frozen=True, slots=True)
class Misdeal:
    """Fault injection for tests: the dealer gives one card too many (``extra=True``) or too few
    to ``seat`` (a position) or, with ``seat=None``, to the community-card area."""

    seat: int | None
    extra: bool = True


class Event(NamedTuple):
    """One entry of a round's ordered record: the step, the seat it concerns (or None for the
    dealer) and what happened."""

    step: Step
    seat: int | None
    detail: object


class WagerResult(NamedTuple):
    """Settlement of one wager. ``net`` is the player's result (win > 0, push or returned 0,
    loss = -staked); ``paid`` is what goes back to the player (staked + net, never negative)."""

    seat: int
    wager: Wager
    staked: int
    outcome: Outcome
    net: int
    line: str | None = None  # the paytable line that paid or pushed

    @property
    def paid(self) -> int:
        """Chips handed back to the player for this wager (stake plus net; 0 when lost)."""
        return self.staked + self.net


_new = tuple.__new__
# Enum members as module constants for the hot paths (member access through the class costs
# ~0.1 us on CPython 3.11).
_P_ACROSS_DECISION = Phase.ACROSS_DECISION
_P_ACROSS_REVEAL = Phase.ACROSS_REVEAL
_P_BETTING = Phase.BETTING
_P_COMPLETE = Phase.COMPLETE
_P_DEAL = Phase.DEAL
_P_DOWN_DECISION = Phase.DOWN_DECISION
_P_DOWN_REVEAL = Phase.DOWN_REVEAL
_P_MIDDLE_DECISION = Phase.MIDDLE_DECISION
_P_MIDDLE_REVEAL = Phase.MIDDLE_REVEAL
_P_SETTLEMENT = Phase.SETTLEMENT
_P_STUB = Phase.STUB
_P_VOID = Phase.VOID
_S_BET = Step.BET
_S_COUNT_STUB = Step.COUNT_STUB
_S_DEAL = Step.DEAL
_S_DISCARD_STUB = Step.DISCARD_STUB
_S_FOLD = Step.FOLD
_S_NO_MORE_BETS = Step.NO_MORE_BETS
_S_PLACE_WAGERS = Step.PLACE_WAGERS
_S_REVEAL = Step.REVEAL
_S_SETTLE = Step.SETTLE


class RoundRecord(NamedTuple):
    """Everything about a finished round (complete or void), in dealing and action order."""

    number: int
    community: tuple[int, ...]       # indexed by Box when 5 cards were dealt
    hole: Mapping[int, tuple[int, ...]]
    wagers: Mapping[int, tuple[int, int, int]]   # seat -> (ante across, ante down, bonus)
    multiples: Mapping[int, tuple[int | None, ...]]  # seat -> per decision: multiple, 0 fold, None
    stub_count: int | None
    stub_outcome: StubCountOutcome | None
    results: tuple[WagerResult, ...]
    void_reason: str | None
    deck_removed: bool
    events: tuple[Event, ...]

    @property
    def house_net(self) -> int:
        """The house's result for the round (minus the sum of the players' nets)."""
        return -sum(r.net for r in self.results)


class _Seat:
    __slots__ = ("ante", "ante_down", "bonus", "hole", "multiples", "folded")

    def __init__(self, ante: int, bonus: int, ante_down: int | None = None) -> None:
        self.ante = ante  # the Ante Across (both Antes when they are equal)
        self.ante_down = ante if ante_down is None else ante_down
        self.bonus = bonus
        self.hole: tuple[int, ...] = ()
        self.multiples: list[int | None] = [None, None, None]
        self.folded = False


class CrissCrossTable:
    """A Criss-Cross Poker table: its rules, its deck, and the § 674a.9(d)-(f) state.

    Args:
        rules: the table's :class:`CrissCrossRules` (default: the documented defaults).
        deck: a :class:`CardSource`; default a :class:`ShufflerDeck` with ``seed``.
        seed: int seed for the default deck (None: the OS's secure random source).

    State: ``rounds_since_count`` counts finished rounds since the stub was last counted;
    ``deck_removed`` is True once § 674a.9(f) took the deck off the table (no round can start
    until :meth:`replace_deck`).
    """

    def __init__(self, rules: CrissCrossRules | None = None, deck: CardSource | None = None, *,
                 seed: int | None = None) -> None:
        self.rules = rules if rules is not None else CrissCrossRules()
        if not isinstance(self.rules, CrissCrossRules):
            raise WagerNotAllowedError(f"rules must be CrissCrossRules, got {type(rules).__name__}")
        self.deck: CardSource = deck if deck is not None else ShufflerDeck(seed)
        _one_deck(self.deck)
        #: when the stub must be counted (the shoe's § 674a.9(d) policy)
        self.stub_policy = StubCountPolicy(every=self.rules.stub_count_interval,
                                           counting_shuffler=self.rules.shuffler_counts_cards)
        self.rounds_played = 0
        self.deck_removed = False
        self.round: CrissCrossRound | None = None
        self._pay = (_compile(self.rules.main_paytable), _compile(self.rules.ante_paytable),
                     _compile(self.rules.bonus_paytable))

    @property
    def rounds_since_count(self) -> int:
        """Finished rounds since the stub was last counted (:attr:`stub_policy`)."""
        return self.stub_policy.rounds_since_count

    @property
    def stub_count_due(self) -> bool:
        """True when the round now being played (or the next one) must count the stub: the
        shuffler does not count the cards and ``stub_count_interval - 1`` rounds have passed
        without a count, so this round completes the interval (§ 674a.9(d))."""
        return self.stub_policy.count_due()

    def new_round(self) -> CrissCrossRound:
        """Open a round for wagers.

        Raises:
            DeckOutOfPlayError: the deck was removed under § 674a.9(f) and not replaced.
            OutOfTurnError: a round is still in progress.
        """
        if self.deck_removed:
            raise DeckOutOfPlayError("the deck was removed from the table (an incorrect card count); "
                                     "replace it before dealing", R9F)
        if self.round is not None and self.round.phase not in (_P_COMPLETE, _P_VOID):
            raise OutOfTurnError(f"round {self.round.number} is still in progress "
                                 f"({self.round.phase.value})")
        self.round = CrissCrossRound(self, self.rounds_played + 1)
        return self.round

    def replace_deck(self, deck: CardSource) -> None:
        """Bring a new deck to the table between rounds; the stub-count interval starts again.

        Raises:
            OutOfTurnError: a round is in progress. IllegalActionError: not a CardSource.
        """
        if self.round is not None and self.round.phase not in (_P_COMPLETE, _P_VOID):
            raise OutOfTurnError("the deck can only be replaced between rounds")
        if not isinstance(deck, CardSource):
            raise IllegalActionError(f"deck must be a CardSource, got {type(deck).__name__}")
        _one_deck(deck)
        self.deck = deck
        self.deck_removed = False
        self.stub_policy.rounds_since_count = 0

    def _finish(self, counted: bool, deck_removed: bool) -> None:
        self.rounds_played += 1
        self.stub_policy.record_round(counted)
        if deck_removed:
            self.deck_removed = True


def _one_deck(deck: object) -> None:
    """Refuse, when the table is set up, a card source holding more than one deck: § 674a.9(d)-(f)
    count the stub against a single 52-card deck."""
    size = getattr(deck, "size", None)
    if isinstance(size, int) and size > DECK_SIZE:
        raise IllegalActionError(f"a Criss-Cross table deals one {DECK_SIZE}-card deck; this card source holds "
                                 f"{size} cards", "58 Pa. Code § 674a.9(d)-(f)")


@functools.lru_cache(maxsize=64)
def _cross_plan(order: tuple[int, ...], misdeal: Misdeal | None) -> DealPlan:
    """The shoe's plan of the § 674a.9(b) cross deal for these seats, with an injected misdeal
    as the shoe's :class:`~pyeval.shoe.DealFaults` (an extra or missing last hole card, or an
    extra or missing community card)."""
    faults = None
    if misdeal is not None:
        if misdeal.seat is None:
            faults = DealFaults(community_extra=1) if misdeal.extra else DealFaults(community_short=1)
        else:
            faults = (DealFaults(extra_card_to=(misdeal.seat,)) if misdeal.extra
                      else DealFaults(short_card_to=(misdeal.seat,)))
    return plan_deal(CRISS_CROSS_HAND_DEAL, order, faults=faults)


#: The shoe's stub-count outcome (and whether the layout was misdealt) -> this table's outcome.
_OUTCOME = {
    (StubOutcome.CORRECT, False): StubCountOutcome.CORRECT,
    (StubOutcome.CORRECT, True): StubCountOutcome.CORRECT,  # a lost card hides the misdeal
    (StubOutcome.MISDEAL, True): StubCountOutcome.MISDEAL,
    (StubOutcome.DECK_REMOVED, False): StubCountOutcome.DECK_INCORRECT,
    (StubOutcome.DECK_REMOVED, True): StubCountOutcome.MISDEAL_DECK_INCORRECT,
}


@functools.lru_cache(maxsize=32)
def _compile(p: Paytable) -> list[tuple[int, int, str | None]]:
    """value -> (num, den, label) of its line; den 0 marks a losing hand."""
    out: list[tuple[int, int, str | None]] = [(0, 0, None)] * (MAX_VALUE + 1)
    for v in range(1, MAX_VALUE + 1):
        ln = p.line_for(v)
        if ln is not None:
            out[v] = (ln.odds.numerator, ln.odds.denominator, ln.label)
    return out


_DECISION_PHASES = (_P_ACROSS_DECISION, _P_DOWN_DECISION, _P_MIDDLE_DECISION)
_REVEAL_PHASES = (_P_ACROSS_REVEAL, _P_DOWN_REVEAL, _P_MIDDLE_REVEAL)
_REVEAL_BOXES = ((Box.ROW_LEFT, Box.ROW_RIGHT), (Box.FAR, Box.NEAR), (Box.CENTRE,))
_DECISION_NAMES = ("Across", "Down", "Middle")
_ACROSS_REVEAL, _DOWN_REVEAL, _MIDDLE_REVEAL = _REVEAL_PHASES
_ACROSS_DECISION, _DOWN_DECISION, _MIDDLE_DECISION = _DECISION_PHASES
_REVEAL_GET = (lambda c: (c[1], c[3]), lambda c: (c[0], c[4]), lambda c: (c[2],))
assert _REVEAL_BOXES == ((1, 3), (0, 4), (2,))


class CrissCrossRound:
    """One round at a :class:`CrissCrossTable`; create it with ``table.new_round()``.

    Steps, in order (each raises and changes nothing when not legal now):
    :meth:`place_wagers` (any number of seats) -> :meth:`no_more_bets` -> :meth:`deal` ->
    :meth:`count_stub` or :meth:`discard_stub` -> for each decision (Across, Down, Middle):
    :meth:`bet` / :meth:`fold` by each live seat in order, then :meth:`reveal` -> :meth:`settle`.
    """

    __slots__ = ("table", "number", "phase", "seats", "community", "revealed", "dealer_hand",
                 "stub_count", "stub_outcome", "misdealt", "events", "record", "_order", "_pending",
                 "_plan")

    def __init__(self, table: CrissCrossTable, number: int) -> None:
        self.table = table
        self.number = number
        self.phase = _P_BETTING
        self.seats: dict[int, _Seat] = {}
        self.community: tuple[int, ...] = ()
        self.revealed: tuple[Box, ...] = ()
        self.dealer_hand: str | None = None
        self.stub_count: int | None = None
        self.stub_outcome: StubCountOutcome | None = None
        self.misdealt = False
        self.events: list[Event] = []
        self.record: RoundRecord | None = None
        self._order: list[int] = []    # seats dealt in, dealing order
        self._pending: list[int] = []  # seats still to act at the current decision
        self._plan: DealPlan | None = None  # the shoe's plan of the cross deal, once dealt

    # ---- queries ---------------------------------------------------------------------------
    def legal_steps(self) -> tuple[Step, ...]:
        """The steps legal now."""
        ph = self.phase
        if ph is _P_BETTING:
            return (_S_PLACE_WAGERS, _S_NO_MORE_BETS) if self.seats else (_S_PLACE_WAGERS,)
        if ph is _P_DEAL:
            return (_S_DEAL,)
        if ph is _P_STUB:
            return (_S_COUNT_STUB,) if self.table.stub_count_due else (_S_COUNT_STUB, _S_DISCARD_STUB)
        if ph in _DECISION_PHASES:
            return (_S_BET, _S_FOLD)
        if ph in _REVEAL_PHASES:
            return (_S_REVEAL,)
        if ph is _P_SETTLEMENT:
            return (_S_SETTLE,)
        return ()

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is due, or None outside a decision."""
        return self._pending[0] if self.phase in _DECISION_PHASES and self._pending else None

    @property
    def decision(self) -> int | None:
        """0 (Across), 1 (Down), 2 (Middle) during a decision, else None."""
        return _DECISION_PHASES.index(self.phase) if self.phase in _DECISION_PHASES else None

    def legal_multiples(self) -> tuple[int, ...]:
        """Bet multiples allowed at the current decision (empty outside a decision)."""
        d = self.decision
        return () if d is None else self.table.rules.multiples(d)

    def visible_community(self) -> dict[Box, int]:
        """The community cards turned so far, by box."""
        return {b: self.community[b] for b in sorted(self.revealed)}

    def hole(self, seat: int) -> tuple[int, ...]:
        """A seat's hole cards (empty before the deal)."""
        s = self.seats.get(seat)
        return s.hole if s else ()

    def _need(self, phase: Phase, step: Step) -> None:
        if self.phase is not phase:
            if self.phase is _P_STUB and step is not _S_COUNT_STUB and self.table.stub_count_due:
                raise StubCountDueError(f"{step.value}: the stub must be counted first (at least "
                                        "once every "
                                        f"{self.table.rules.stub_count_interval} rounds)", R9D)
            raise OutOfTurnError(f"{step.value} is not legal in the {self.phase.value} phase; "
                                 f"legal now: {[s.value for s in self.legal_steps()] or 'nothing'}")

    # ---- betting -----------------------------------------------------------------------------
    def place_wagers(self, seat: int, ante_across: int, ante_down: int, bonus: int = 0) -> None:
        """Place the two required Antes (equal, unless ``rules.equal_antes`` is off) and the
        optional Five Card Bonus for ``seat``.

        Raises:
            OutOfTurnError: not in the betting phase (after "no more bets", § 674a.9(a)(3)).
            WagerNotAllowedError: an unknown seat, a seat already wagered, unequal Antes, an
                amount outside the table limits or off the Ante step, or a Bonus not offered.
        """
        if self.phase is not _P_BETTING:
            self._need(_P_BETTING, _S_PLACE_WAGERS)
        r = self.table.rules
        if type(seat) is not int or not 1 <= seat <= r.positions:
            raise WagerNotAllowedError(f"seat must be a position 1..{r.positions}, got {seat!r}",
                                       "58 Pa. Code § 674a.2(a); " + CONFIG)
        if seat in self.seats:
            raise WagerNotAllowedError(f"seat {seat} has already placed its wagers", CONFIG)
        if type(ante_across) is not int or type(ante_down) is not int or type(bonus) is not int:
            raise WagerNotAllowedError(f"wagers must be int amounts, got ante_across={ante_across!r}, "
                                       f"ante_down={ante_down!r}, bonus={bonus!r}", CONFIG)
        if ante_across != ante_down and r.equal_antes:
            raise WagerNotAllowedError(f"the two Antes must be equal, got {ante_across} and "
                                       f"{ante_down}", CONFIG + "; the setting equal_antes")
        for ante in {ante_across, ante_down}:
            if not r.min_ante <= ante <= r.max_ante or ante % r.ante_step:
                raise WagerNotAllowedError(f"Ante {ante} outside the table limits "
                                           f"{r.min_ante}..{r.max_ante} (step {r.ante_step})", CONFIG)
        if bonus:
            if not r.bonus_offered:
                raise WagerNotAllowedError("this table does not offer the Five Card Bonus", CONFIG)
            if not r.min_bonus <= bonus <= r.max_bonus:
                raise WagerNotAllowedError(f"Five Card Bonus {bonus} outside the table limits "
                                           f"{r.min_bonus}..{r.max_bonus}", CONFIG)
        self.seats[seat] = _Seat(ante_across, bonus, ante_down)
        self.events.append(_new(Event, (_S_PLACE_WAGERS, seat, (ante_across, ante_down, bonus))))

    def no_more_bets(self) -> None:
        """The dealer announces "no more bets" before dealing any card (§ 674a.9(a)(3)).

        Raises:
            OutOfTurnError: not in the betting phase. IllegalActionError: no seat has wagered.
        """
        if self.phase is not _P_BETTING:
            self._need(_P_BETTING, _S_NO_MORE_BETS)
        if not self.seats:
            raise IllegalActionError("no player has placed the two required Antes", R9B)
        self.phase = _P_DEAL
        self.events.append(_new(Event, (_S_NO_MORE_BETS, None, None)))

    # ---- the deal (§ 674a.9(a)-(b)) ------------------------------------------------------------
    def deal(self, hand: str = "right", *, misdeal: Misdeal | None = None) -> None:
        """Shuffle with the automated shuffler and deal the cross and the hole cards.

        § 674a.9(a)(1)-(2): the deck comes from the automated shuffler and the dealer keeps it in
        ``hand`` ("left" or "right") for the whole round. § 674a.9(b): five community cards face
        down (:data:`COMMUNITY_DEAL_ORDER`), then one card at a time to each seat with both Antes,
        ascending position (farthest to the dealer's left first), until each has two.

        Args:
            misdeal: fault injection for tests (:class:`Misdeal`).

        A deck that cannot be dealt from -- a counting shuffler that does not find 52 cards, or
        too few cards for the seats -- voids the round before any card is dealt: every wager is
        returned (:attr:`record`, phase ``VOID``) and the deck is removed from the table, which
        then takes a new one (:meth:`CrissCrossTable.replace_deck`).
        Raises:
            OutOfTurnError: not after "no more bets". IllegalActionError: a bad ``hand`` or
            ``misdeal``.
        """
        if self.phase is not _P_DEAL:
            self._need(_P_DEAL, _S_DEAL)
        if hand not in ("left", "right"):
            raise IllegalActionError(f"hand must be 'left' or 'right', got {hand!r}", R9A + "(2)")
        order = sorted(self.seats)
        if misdeal is not None and (not isinstance(misdeal, Misdeal) or
                                    (misdeal.seat is not None and misdeal.seat not in self.seats)):
            raise IllegalActionError(f"misdeal must be a Misdeal naming a seat with wagers or None "
                                     f"(the community area), got {misdeal!r}")
        deck = self.table.deck
        rules = self.table.rules
        plan = _cross_plan(tuple(order), misdeal)
        need = plan.need
        short = None
        if rules.shuffler_counts_cards and deck.size != DECK_SIZE:
            short = (f"the automated shuffler indicates {deck.size} cards, not {DECK_SIZE}: every wager "
                     f"returned and the deck removed (table policy, as {R9F} for an incorrect count; "
                     "§ 674a.5 is not in our hands)")
        elif deck.size < need:
            short = (f"the deck holds {deck.size} cards, {need} are needed: every wager returned and the deck "
                     f"removed (table policy, as {R9F} for an incorrect count)")
        if short is not None:  # nothing is dealt: the round is void and the table waits for a new deck
            self._order = order
            self.events.append(_new(Event, (_S_DEAL, None, short)))
            self._void(short, counted=False, deck_removed=True)
            return
        deck.shuffle()
        cards = deck.deal(need)
        if len(cards) != need or len(set(cards)) != need or min(cards) < 0 or max(cards) > 51:
            raise IllegalActionError(f"the card source dealt invalid cards {cards!r}")
        # from here on the deal has happened: record it
        hands, community, _ = plan.place(cards)
        self.dealer_hand = hand
        self.community = community
        seats = self.seats
        for s in order:
            seats[s].hole = hands[s]
        self._order = order
        self._plan = plan
        self.misdealt = misdeal is not None
        self.phase = _P_STUB
        self.events.append(_new(Event, (_S_DEAL, None, (hand, self.community, tuple(
            (s, seats[s].hole) for s in order)))))

    # ---- the stub (§ 674a.9(c)-(f)) -----------------------------------------------------------
    def discard_stub(self) -> None:
        """Place the stub in the discard rack without exposing it (§ 674a.9(c)).

        Raises:
            StubCountDueError: a stub count is due this round (§ 674a.9(d)).
            OutOfTurnError: not right after the deal.
        """
        if self.phase is _P_STUB and self.table.stub_count_due:
            raise StubCountDueError("the stub must be counted this round, not discarded uncounted "
                                    f"(at least once every {self.table.rules.stub_count_interval}"
                                    " rounds)", R9D)
        if self.phase is not _P_STUB:
            self._need(_P_STUB, _S_DISCARD_STUB)
        n = self.table.deck.stub_to_rack()
        self.events.append(_new(Event, (_S_DISCARD_STUB, None, n)))
        if self.misdealt:
            # Found on the layout without a count: § 674a.13 (irregularities) is not in our
            # hands; table policy: void the hands and return every wager.
            self._void("misdeal on the layout (table policy: § 674a.13 is not in our hands)",
                       counted=False, deck_removed=False)
            return
        self._start_decision(0)

    def count_stub(self) -> StubCountOutcome:
        """Count the stub face down on the layout and act on the result (§ 674a.9(d)-(f)).

        The count is correct when stub + the 5 + 2 per seat cards a correct deal puts out make
        52: the stub goes to the discard rack unexposed (§ 674a.9(e)). Otherwise the dealer
        checks for a misdeal: misdealt with 52 cards present -> every hand void and every wager
        returned; not misdealt -> void, returned, and the deck is removed from the table
        (§ 674a.9(f)); the table then refuses to deal until :meth:`CrissCrossTable.replace_deck`.

        Returns:
            the :class:`StubCountOutcome`.
        Raises:
            OutOfTurnError: not right after the deal.
        """
        self._need(_P_STUB, _S_COUNT_STUB)
        deck = self.table.deck
        plan = self._plan
        assert plan is not None
        counted = deck.remaining
        expected = DECK_SIZE - plan.community_cards - plan.hole_cards * len(self._order)
        check = judge_stub_count(counted, [len(self.seats[s].hole) for s in self._order],
                                 len(self.community), hole_cards=plan.hole_cards,
                                 community_cards=plan.community_cards, seats=self._order)
        on_layout = check.present - counted
        outcome = _OUTCOME[check.outcome, check.misdealt]
        self.stub_count = counted
        self.stub_outcome = outcome
        self.events.append(_new(Event, (_S_COUNT_STUB, None, (counted, outcome))))
        if outcome is StubCountOutcome.CORRECT:
            n = deck.stub_to_rack()
            self.events.append(_new(Event, (_S_DISCARD_STUB, None, n)))
            if check.misdealt:  # a misdeal that a lost card hides from the count
                self._void("misdeal on the layout (table policy: § 674a.13 is not in our hands)",
                           counted=True, deck_removed=False)
            else:
                self._start_decision(0)
        elif outcome is StubCountOutcome.MISDEAL:
            self._void(f"misdeal with {DECK_SIZE} cards present ({R9F})", counted=True,
                       deck_removed=False)
        elif outcome is StubCountOutcome.DECK_INCORRECT:
            self._void(f"stub count {counted}, expected {expected}, not misdealt: deck removed "
                       f"({R9F})", counted=True, deck_removed=True)
        else:
            self._void(f"misdeal and {counted + on_layout} cards present: deck removed (table "
                       f"policy; {R9F} does not address it)", counted=True, deck_removed=True)
        return outcome

    # ---- decisions ---------------------------------------------------------------------------
    def _start_decision(self, d: int) -> None:
        seats = self.seats
        self._pending[:] = [s for s in self._order if not seats[s].folded]
        self.phase = _DECISION_PHASES[d]
        if not self._pending:  # everyone folded: the dealer still turns the cards (Bonus)
            self.phase = _REVEAL_PHASES[d]

    def _check_turn(self, seat: int, step: Step) -> int:
        ph = self.phase
        if ph not in _DECISION_PHASES:
            self._need(_P_ACROSS_DECISION, step)
        d = _DECISION_PHASES.index(ph)
        if seat != self._pending[0]:
            raise OutOfTurnError(f"{step.value} by seat {seat!r}: seat {self._pending[0]} acts first "
                                 f"at the {_DECISION_NAMES[d]} decision", CONFIG)
        return d

    def bet(self, seat: int, multiple: int) -> None:
        """``seat`` makes the Across, Down or Middle bet of ``multiple`` x its Ante.

        Raises:
            OutOfTurnError: not a decision, or not this seat's turn (seats act in dealing order).
            WagerNotAllowedError: a multiple the table does not allow at this decision.
        """
        d = self._check_turn(seat, _S_BET)
        allowed = self.table.rules.multiples(d)
        if multiple not in allowed or type(multiple) is not int:
            raise WagerNotAllowedError(f"{_DECISION_NAMES[d]} bet of {multiple!r}x the Ante is not "
                                       f"allowed; allowed multiples {allowed}", CONFIG)
        self.seats[seat].multiples[d] = multiple
        self.events.append(_new(Event, (_S_BET, seat, (d, multiple))))
        pending = self._pending
        pending.pop(0)
        if not pending:
            self.phase = _REVEAL_PHASES[d]

    def fold(self, seat: int) -> None:
        """``seat`` folds, forfeiting the Antes and any bets made (its Bonus stays in action).

        Raises:
            OutOfTurnError: not a decision, or not this seat's turn.
        """
        d = self._check_turn(seat, _S_FOLD)
        s = self.seats[seat]
        s.multiples[d] = 0
        s.folded = True
        self.events.append(_new(Event, (_S_FOLD, seat, d)))
        pending = self._pending
        pending.pop(0)
        if not pending:
            self.phase = _REVEAL_PHASES[d]

    def reveal(self) -> tuple[int, ...]:
        """Turn the next community cards: the row's two outer cards, then the column's two outer
        cards, then the centre (configuration). Returns the cards turned.

        Raises:
            OutOfTurnError: decisions are still pending or nothing is left to turn.
        """
        ph = self.phase
        i = 0 if ph is _ACROSS_REVEAL else 1 if ph is _DOWN_REVEAL else 2 if ph is _MIDDLE_REVEAL else None
        if i is None:
            self._need(_P_ACROSS_REVEAL, _S_REVEAL)
        boxes = _REVEAL_BOXES[i]  # type: ignore[index]
        cards = _REVEAL_GET[i](self.community)  # type: ignore[index]
        self.revealed += boxes
        self.events.append(_new(Event, (_S_REVEAL, None, (boxes, cards))))
        if i == 2:
            self.phase = _P_SETTLEMENT
        else:
            self._start_decision(i + 1)  # type: ignore[operator]
        return cards

    # ---- settlement --------------------------------------------------------------------------
    def settle(self) -> RoundRecord:
        """Settle every wager of every seat and close the round.

        Antes: each on its own hand by the Ante rule; Across and Down bets on their own hand and
        the Middle bet on the better of the two, by the main paytable; the Five Card Bonus on the
        five community cards, folded or not (all configuration). Winnings are
        ``staked * odds`` rounded down to the table unit. Returns the :class:`RoundRecord`.

        Raises:
            OutOfTurnError: the centre card is not turned yet.
        """
        if self.phase is not _P_SETTLEMENT:
            self._need(_P_SETTLEMENT, _S_SETTLE)
        t = self.table
        main, ante_pt, bonus_pt = t._pay
        c = self.community
        row = (c[1], c[2], c[3])
        col = (c[0], c[2], c[4])
        board_v = _eval(c)
        out: list[WagerResult] = []
        add = out.append
        for seat in self._order:
            s = self.seats[seat]
            a = s.ante
            ad = s.ante_down
            units = (a, ad, a if a < ad else ad)  # each bet's Ante: Across, Down, the smaller for the Middle
            if s.folded:
                add(_new(WagerResult, (seat, _W_ANTE_ACROSS, a, _LOSE, -a, None)))
                add(_new(WagerResult, (seat, _W_ANTE_DOWN, ad, _LOSE, -ad, None)))
                for d, m in enumerate(s.multiples):
                    if m:
                        add(_new(WagerResult, (seat, _W_BETS[d], m * units[d], _LOSE, -m * units[d], None)))
            else:
                av = _eval(s.hole + row)
                dv = _eval(s.hole + col)
                m0, m1, m2 = s.multiples
                add(_pay(seat, _W_ANTE_ACROSS, a, ante_pt, av))
                add(_pay(seat, _W_ANTE_DOWN, ad, ante_pt, dv))
                add(_pay(seat, _W_ACROSS, m0 * a, main, av))  # type: ignore[operator]
                add(_pay(seat, _W_DOWN, m1 * ad, main, dv))  # type: ignore[operator]
                add(_pay(seat, _W_MIDDLE, m2 * units[2], main, av if av > dv else dv))  # type: ignore[operator]
            if s.bonus:
                add(_pay(seat, _W_BONUS, s.bonus, bonus_pt, board_v))
        self.events.append(_new(Event, (_S_SETTLE, None, len(out))))
        self.phase = _P_COMPLETE
        return self._close(tuple(out), None, counted=self.stub_count is not None, deck_removed=False)

    def _void(self, reason: str, *, counted: bool, deck_removed: bool) -> None:
        out = []
        for seat in self._order:
            s = self.seats[seat]
            out.append(WagerResult(seat, Wager.ANTE_ACROSS, s.ante, Outcome.RETURNED, 0))
            out.append(WagerResult(seat, Wager.ANTE_DOWN, s.ante_down, Outcome.RETURNED, 0))
            if s.bonus:
                out.append(WagerResult(seat, Wager.BONUS, s.bonus, Outcome.RETURNED, 0))
        self.phase = _P_VOID
        self._close(tuple(out), reason, counted=counted, deck_removed=deck_removed)

    def _close(self, results: tuple[WagerResult, ...], void_reason: str | None, *, counted: bool,
               deck_removed: bool) -> RoundRecord:
        self.table._finish(counted, deck_removed)
        seats = self.seats
        order = self._order
        self.record = _new(RoundRecord, (  # the fields in RoundRecord's order
            self.number, self.community,
            {s: seats[s].hole for s in order},
            {s: (seats[s].ante, seats[s].ante_down, seats[s].bonus) for s in order},
            {s: tuple(seats[s].multiples) for s in order},
            self.stub_count, self.stub_outcome, results, void_reason, deck_removed, tuple(self.events)))
        return self.record


def _pay(seat: int, wager: Wager, staked: int, table: list[tuple[int, int, str | None]],
         value: int) -> WagerResult:
    num, den, label = table[value]
    if not den:
        return _new(WagerResult, (seat, wager, staked, _LOSE, -staked, None))
    if not num:
        return _new(WagerResult, (seat, wager, staked, _PUSH, 0, label))
    return _new(WagerResult, (seat, wager, staked, _WIN, winnings(staked, num, den), label))


_WIN, _PUSH, _LOSE = Outcome.WIN, Outcome.PUSH, Outcome.LOSE
_W_ANTE_ACROSS, _W_ANTE_DOWN, _W_ACROSS, _W_DOWN, _W_MIDDLE, _W_BONUS = Wager
_W_BETS = (_W_ACROSS, _W_DOWN, _W_MIDDLE)


Strategy = Callable[[int, Sequence[int], Sequence[int], Sequence[int]], int]


def play_round(table: CrissCrossTable, wagers: Mapping[int, tuple[int, int]],
               strategy: Strategy = basic_strategy, *, count_stub: bool | None = None) -> RoundRecord:
    """Drive one round automatically: ``wagers`` maps seat -> (ante, bonus); every seat plays
    ``strategy(decision, hole, row_outer, column_outer) -> multiple (0 = fold)``; the stub is
    counted when due (or always, with ``count_stub=True``). Returns the round's record (void
    rounds included)."""
    rnd = table.new_round()
    place = rnd.place_wagers
    for seat, (ante, bonus) in wagers.items():
        place(seat, ante, ante, bonus)
    rnd.no_more_bets()
    rnd.deal()
    if rnd.phase is _P_VOID:  # the deck could not be dealt from
        assert rnd.record is not None
        return rnd.record
    if count_stub or table.stub_count_due:
        rnd.count_stub()
    else:
        rnd.discard_stub()
    if rnd.phase is _P_VOID:
        assert rnd.record is not None
        return rnd.record
    c = rnd.community
    seats, pending, bet, fold, reveal = rnd.seats, rnd._pending, rnd.bet, rnd.fold, rnd.reveal
    events = rnd.events
    rules = table.rules
    row_o, col_o = (c[1], c[3]), (c[0], c[4])
    for d, known, allowed, phase in ((0, ((), ()), rules.across_multiples, _ACROSS_DECISION),
                                     (1, (row_o, ()), rules.down_multiples, _DOWN_DECISION),
                                     (2, (row_o, col_o), rules.middle_multiples, _MIDDLE_DECISION)):
        while pending:  # the seats still in, in dealing order (emptied as they act)
            seat = pending[0]
            s = seats[seat]
            m = strategy(d, s.hole, *known)
            if not (rnd.phase is phase and pending and pending[0] == seat):
                bet(seat, m) if m else fold(seat)  # the strategy moved the round on: checked path
            elif m:
                if type(m) is int and m in allowed:  # bet() exactly, without re-checking the turn
                    s.multiples[d] = m
                    events.append(_new(Event, (_S_BET, seat, (d, m))))
                    pending.pop(0)
                    if not pending:
                        rnd.phase = _REVEAL_PHASES[d]
                else:
                    bet(seat, m)  # raises WagerNotAllowedError
            else:
                fold(seat)
        reveal()
    return rnd.settle()

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

from ..evaluate import MAX_VALUE
from ..evaluate import evaluate as _eval
from ..errors import (
    DeckOutOfPlayError,
    IllegalActionError,
    OutOfTurnError,
    StubCountDueError,
    WagerNotAllowedError,
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


class Box(enum.IntEnum):
    """The five community-card boxes of the cross, seen from the dealer (§ 674a.9(b))."""

    FAR = 0        #: the box farthest from the dealer
    ROW_LEFT = 1   #: second row, dealer's left
    CENTRE = 2     #: second row, centre (shared by the row and the column)
    ROW_RIGHT = 3  #: second row, dealer's right
    NEAR = 4       #: the box closest to the dealer


#: Order the community cards come off the deck (§ 674a.9(b): farthest box, the second row, the
#: closest box; the row is dealt from the dealer's left, our reading of the unstated order).
COMMUNITY_DEAL_ORDER = (Box.FAR, Box.ROW_LEFT, Box.CENTRE, Box.ROW_RIGHT, Box.NEAR)
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
    WIN = "win"
    PUSH = "push"
    LOSE = "lose"
    RETURNED = "returned"  #: the round was void and the wager returned (§ 674a.9(f))


class Phase(enum.Enum):
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
    """What a stub count found (§ 674a.9(e)-(f))."""

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
        return self.staked + self.net


_new = tuple.__new__


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
    __slots__ = ("ante", "bonus", "hole", "multiples", "folded")

    def __init__(self, ante: int, bonus: int) -> None:
        self.ante = ante
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
        self.rounds_since_count = 0
        self.rounds_played = 0
        self.deck_removed = False
        self.round: CrissCrossRound | None = None
        self._pay = (_compile(self.rules.main_paytable), _compile(self.rules.ante_paytable),
                     _compile(self.rules.bonus_paytable))

    @property
    def stub_count_due(self) -> bool:
        """True when the round now being played (or the next one) must count the stub: the
        shuffler does not count the cards and ``stub_count_interval - 1`` rounds have passed
        without a count, so this round completes the interval (§ 674a.9(d))."""
        return (not self.rules.shuffler_counts_cards
                and self.rounds_since_count >= self.rules.stub_count_interval - 1)

    def new_round(self) -> CrissCrossRound:
        """Open a round for wagers.

        Raises:
            DeckOutOfPlayError: the deck was removed under § 674a.9(f) and not replaced.
            OutOfTurnError: a round is still in progress.
        """
        if self.deck_removed:
            raise DeckOutOfPlayError("the deck was removed from the table after an incorrect stub "
                                     "count; replace it before dealing", R9F)
        if self.round is not None and self.round.phase not in (Phase.COMPLETE, Phase.VOID):
            raise OutOfTurnError(f"round {self.round.number} is still in progress "
                                 f"({self.round.phase.value})")
        self.round = CrissCrossRound(self, self.rounds_played + 1)
        return self.round

    def replace_deck(self, deck: CardSource) -> None:
        """Bring a new deck to the table between rounds; the stub-count interval starts again.

        Raises:
            OutOfTurnError: a round is in progress. IllegalActionError: not a CardSource.
        """
        if self.round is not None and self.round.phase not in (Phase.COMPLETE, Phase.VOID):
            raise OutOfTurnError("the deck can only be replaced between rounds")
        if not isinstance(deck, CardSource):
            raise IllegalActionError(f"deck must be a CardSource, got {type(deck).__name__}")
        self.deck = deck
        self.deck_removed = False
        self.rounds_since_count = 0

    def _finish(self, counted: bool, deck_removed: bool) -> None:
        self.rounds_played += 1
        self.rounds_since_count = 0 if counted else self.rounds_since_count + 1
        if deck_removed:
            self.deck_removed = True


@functools.lru_cache(maxsize=32)
def _compile(p: Paytable) -> list[tuple[int, int, str | None]]:
    """value -> (num, den, label) of its line; den 0 marks a losing hand."""
    out: list[tuple[int, int, str | None]] = [(0, 0, None)] * (MAX_VALUE + 1)
    for v in range(1, MAX_VALUE + 1):
        ln = p.line_for(v)
        if ln is not None:
            out[v] = (ln.odds.numerator, ln.odds.denominator, ln.label)
    return out


_DECISION_PHASES = (Phase.ACROSS_DECISION, Phase.DOWN_DECISION, Phase.MIDDLE_DECISION)
_REVEAL_PHASES = (Phase.ACROSS_REVEAL, Phase.DOWN_REVEAL, Phase.MIDDLE_REVEAL)
_REVEAL_BOXES = ((Box.ROW_LEFT, Box.ROW_RIGHT), (Box.FAR, Box.NEAR), (Box.CENTRE,))
_DECISION_NAMES = ("Across", "Down", "Middle")


class CrissCrossRound:
    """One round at a :class:`CrissCrossTable`; create it with ``table.new_round()``.

    Steps, in order (each raises and changes nothing when not legal now):
    :meth:`place_wagers` (any number of seats) -> :meth:`no_more_bets` -> :meth:`deal` ->
    :meth:`count_stub` or :meth:`discard_stub` -> for each decision (Across, Down, Middle):
    :meth:`bet` / :meth:`fold` by each live seat in order, then :meth:`reveal` -> :meth:`settle`.
    """

    __slots__ = ("table", "number", "phase", "seats", "community", "revealed", "dealer_hand",
                 "stub_count", "stub_outcome", "misdealt", "events", "record", "_order", "_pending")

    def __init__(self, table: CrissCrossTable, number: int) -> None:
        self.table = table
        self.number = number
        self.phase = Phase.BETTING
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

    # ---- queries ---------------------------------------------------------------------------
    def legal_steps(self) -> tuple[Step, ...]:
        """The steps legal now."""
        ph = self.phase
        if ph is Phase.BETTING:
            return (Step.PLACE_WAGERS, Step.NO_MORE_BETS) if self.seats else (Step.PLACE_WAGERS,)
        if ph is Phase.DEAL:
            return (Step.DEAL,)
        if ph is Phase.STUB:
            return (Step.COUNT_STUB,) if self.table.stub_count_due else (Step.COUNT_STUB, Step.DISCARD_STUB)
        if ph in _DECISION_PHASES:
            return (Step.BET, Step.FOLD)
        if ph in _REVEAL_PHASES:
            return (Step.REVEAL,)
        if ph is Phase.SETTLEMENT:
            return (Step.SETTLE,)
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
            if self.phase is Phase.STUB and step is not Step.COUNT_STUB and self.table.stub_count_due:
                raise StubCountDueError(f"{step.value}: the stub must be counted first (at least "
                                        "once every "
                                        f"{self.table.rules.stub_count_interval} rounds)", R9D)
            raise OutOfTurnError(f"{step.value} is not legal in the {self.phase.value} phase; "
                                 f"legal now: {[s.value for s in self.legal_steps()] or 'nothing'}")

    # ---- betting -----------------------------------------------------------------------------
    def place_wagers(self, seat: int, ante_across: int, ante_down: int, bonus: int = 0) -> None:
        """Place the two required, equal Antes and the optional Five Card Bonus for ``seat``.

        Raises:
            OutOfTurnError: not in the betting phase (after "no more bets", § 674a.9(a)(3)).
            WagerNotAllowedError: an unknown seat, a seat already wagered, unequal Antes, an
                amount outside the table limits or off the Ante step, or a Bonus not offered.
        """
        self._need(Phase.BETTING, Step.PLACE_WAGERS)
        r = self.table.rules
        if type(seat) is not int or not 1 <= seat <= r.positions:
            raise WagerNotAllowedError(f"seat must be a position 1..{r.positions}, got {seat!r}",
                                       "58 Pa. Code § 674a.2(a); " + CONFIG)
        if seat in self.seats:
            raise WagerNotAllowedError(f"seat {seat} has already placed its wagers", CONFIG)
        if type(ante_across) is not int or type(ante_down) is not int or type(bonus) is not int:
            raise WagerNotAllowedError(f"wagers must be int amounts, got ante_across={ante_across!r}, "
                                       f"ante_down={ante_down!r}, bonus={bonus!r}", CONFIG)
        if ante_across != ante_down:
            raise WagerNotAllowedError(f"the two Antes must be equal, got {ante_across} and "
                                       f"{ante_down}", CONFIG)
        if not r.min_ante <= ante_across <= r.max_ante or ante_across % r.ante_step:
            raise WagerNotAllowedError(f"Ante {ante_across} outside the table limits "
                                       f"{r.min_ante}..{r.max_ante} (step {r.ante_step})", CONFIG)
        if bonus:
            if not r.bonus_offered:
                raise WagerNotAllowedError("this table does not offer the Five Card Bonus", CONFIG)
            if not r.min_bonus <= bonus <= r.max_bonus:
                raise WagerNotAllowedError(f"Five Card Bonus {bonus} outside the table limits "
                                           f"{r.min_bonus}..{r.max_bonus}", CONFIG)
        self.seats[seat] = _Seat(ante_across, bonus)
        self.events.append(_new(Event, (Step.PLACE_WAGERS, seat, (ante_across, ante_down, bonus))))

    def no_more_bets(self) -> None:
        """The dealer announces "no more bets" before dealing any card (§ 674a.9(a)(3)).

        Raises:
            OutOfTurnError: not in the betting phase. IllegalActionError: no seat has wagered.
        """
        self._need(Phase.BETTING, Step.NO_MORE_BETS)
        if not self.seats:
            raise IllegalActionError("no player has placed the two required Antes", R9B)
        self.phase = Phase.DEAL
        self.events.append(_new(Event, (Step.NO_MORE_BETS, None, None)))

    # ---- the deal (§ 674a.9(a)-(b)) ------------------------------------------------------------
    def deal(self, hand: str = "right", *, misdeal: Misdeal | None = None) -> None:
        """Shuffle with the automated shuffler and deal the cross and the hole cards.

        § 674a.9(a)(1)-(2): the deck comes from the automated shuffler and the dealer keeps it in
        ``hand`` ("left" or "right") for the whole round. § 674a.9(b): five community cards face
        down (:data:`COMMUNITY_DEAL_ORDER`), then one card at a time to each seat with both Antes,
        ascending position (farthest to the dealer's left first), until each has two.

        Args:
            misdeal: fault injection for tests (:class:`Misdeal`).
        Raises:
            OutOfTurnError: not after "no more bets". IllegalActionError: a bad ``hand`` or
            ``misdeal``. DeckOutOfPlayError: the shuffler counts cards and does not find 52.
        """
        self._need(Phase.DEAL, Step.DEAL)
        if hand not in ("left", "right"):
            raise IllegalActionError(f"hand must be 'left' or 'right', got {hand!r}", R9A + "(2)")
        order = sorted(self.seats)
        if misdeal is not None and (not isinstance(misdeal, Misdeal) or
                                    (misdeal.seat is not None and misdeal.seat not in self.seats)):
            raise IllegalActionError(f"misdeal must be a Misdeal naming a seat with wagers or None "
                                     f"(the community area), got {misdeal!r}")
        deck = self.table.deck
        rules = self.table.rules
        if rules.shuffler_counts_cards and deck.size != DECK_SIZE:
            raise DeckOutOfPlayError(f"the automated shuffler indicates {deck.size} cards, not "
                                     f"{DECK_SIZE}: replace the deck (table policy; § 674a.5 "
                                     "is not in our hands)", R9D)
        n_comm = 5
        counts: dict[int, int] = {}
        if misdeal is not None:
            counts = dict.fromkeys(order, 2)
            delta = 1 if misdeal.extra else -1
            if misdeal.seat is None:
                n_comm += delta
            else:
                counts[misdeal.seat] += delta
        need = n_comm + (sum(counts.values()) if counts else 2 * len(order))
        if deck.size < need:
            raise DeckOutOfPlayError(f"the deck holds {deck.size} cards, {need} are needed")
        deck.shuffle()
        cards = deck.deal(need)
        if len(cards) != need or len(set(cards)) != need or min(cards) < 0 or max(cards) > 51:
            raise IllegalActionError(f"the card source dealt invalid cards {cards!r}")
        # from here on the deal has happened: record it
        self.dealer_hand = hand
        self.community = tuple(cards[:n_comm])
        pos = n_comm
        seats = self.seats
        if misdeal is None:  # one card at a time, clockwise: seat j gets cards 5+j and 5+m+j
            m = len(order)
            for j, s in enumerate(order):
                seats[s].hole = (cards[5 + j], cards[5 + m + j])
        else:
            holes: dict[int, list[int]] = {s: [] for s in order}
            for pass_no in range(3):  # one card at a time, clockwise, until each has its cards
                for s in order:
                    if pass_no < counts[s]:
                        holes[s].append(cards[pos])
                        pos += 1
            for s in order:
                seats[s].hole = tuple(holes[s])
        self._order = order
        self.misdealt = misdeal is not None
        self.phase = Phase.STUB
        self.events.append(_new(Event, (Step.DEAL, None, (hand, self.community, tuple(
            (s, seats[s].hole) for s in order)))))

    # ---- the stub (§ 674a.9(c)-(f)) -----------------------------------------------------------
    def discard_stub(self) -> None:
        """Place the stub in the discard rack without exposing it (§ 674a.9(c)).

        Raises:
            StubCountDueError: a stub count is due this round (§ 674a.9(d)).
            OutOfTurnError: not right after the deal.
        """
        if self.phase is Phase.STUB and self.table.stub_count_due:
            raise StubCountDueError("the stub must be counted this round, not discarded uncounted "
                                    f"(at least once every {self.table.rules.stub_count_interval}"
                                    " rounds)", R9D)
        self._need(Phase.STUB, Step.DISCARD_STUB)
        n = self.table.deck.stub_to_rack()
        self.events.append(_new(Event, (Step.DISCARD_STUB, None, n)))
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
        self._need(Phase.STUB, Step.COUNT_STUB)
        deck = self.table.deck
        counted = deck.remaining
        expected = DECK_SIZE - 5 - 2 * len(self._order)
        on_layout = len(self.community) + sum(len(self.seats[s].hole) for s in self._order)
        if counted == expected:
            outcome = StubCountOutcome.CORRECT
        elif self.misdealt:
            outcome = (StubCountOutcome.MISDEAL if counted + on_layout == DECK_SIZE
                       else StubCountOutcome.MISDEAL_DECK_INCORRECT)
        else:
            outcome = StubCountOutcome.DECK_INCORRECT
        self.stub_count = counted
        self.stub_outcome = outcome
        self.events.append(_new(Event, (Step.COUNT_STUB, None, (counted, outcome))))
        if outcome is StubCountOutcome.CORRECT:
            n = deck.stub_to_rack()
            self.events.append(_new(Event, (Step.DISCARD_STUB, None, n)))
            if self.misdealt:  # a misdeal that a lost card hides from the count
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
            self._need(Phase.ACROSS_DECISION, step)
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
        d = self._check_turn(seat, Step.BET)
        allowed = self.table.rules.multiples(d)
        if multiple not in allowed or type(multiple) is not int:
            raise WagerNotAllowedError(f"{_DECISION_NAMES[d]} bet of {multiple!r}x the Ante is not "
                                       f"allowed; allowed multiples {allowed}", CONFIG)
        self.seats[seat].multiples[d] = multiple
        self.events.append(_new(Event, (Step.BET, seat, (d, multiple))))
        pending = self._pending
        pending.pop(0)
        if not pending:
            self.phase = _REVEAL_PHASES[d]

    def fold(self, seat: int) -> None:
        """``seat`` folds, forfeiting the Antes and any bets made (its Bonus stays in action).

        Raises:
            OutOfTurnError: not a decision, or not this seat's turn.
        """
        d = self._check_turn(seat, Step.FOLD)
        s = self.seats[seat]
        s.multiples[d] = 0
        s.folded = True
        self.events.append(_new(Event, (Step.FOLD, seat, d)))
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
        if ph not in _REVEAL_PHASES:
            self._need(Phase.ACROSS_REVEAL, Step.REVEAL)
        i = _REVEAL_PHASES.index(ph)
        boxes = _REVEAL_BOXES[i]
        c = self.community
        cards = tuple([c[b] for b in boxes])
        self.revealed += boxes
        self.events.append(_new(Event, (Step.REVEAL, None, (boxes, cards))))
        if i == 2:
            self.phase = Phase.SETTLEMENT
        else:
            self._start_decision(i + 1)
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
        self._need(Phase.SETTLEMENT, Step.SETTLE)
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
            if s.folded:
                add(_new(WagerResult, (seat, Wager.ANTE_ACROSS, a, Outcome.LOSE, -a, None)))
                add(_new(WagerResult, (seat, Wager.ANTE_DOWN, a, Outcome.LOSE, -a, None)))
                for d, m in enumerate(s.multiples):
                    if m:
                        add(_new(WagerResult, (seat, Wager(2 + d), m * a, Outcome.LOSE, -m * a, None)))
            else:
                av = _eval(s.hole + row)
                dv = _eval(s.hole + col)
                m0, m1, m2 = s.multiples
                add(_pay(seat, Wager.ANTE_ACROSS, a, ante_pt, av))
                add(_pay(seat, Wager.ANTE_DOWN, a, ante_pt, dv))
                add(_pay(seat, Wager.ACROSS, m0 * a, main, av))  # type: ignore[operator]
                add(_pay(seat, Wager.DOWN, m1 * a, main, dv))  # type: ignore[operator]
                add(_pay(seat, Wager.MIDDLE, m2 * a, main, av if av > dv else dv))  # type: ignore[operator]
            if s.bonus:
                add(_pay(seat, Wager.BONUS, s.bonus, bonus_pt, board_v))
        self.events.append(_new(Event, (Step.SETTLE, None, len(out))))
        self.phase = Phase.COMPLETE
        return self._close(tuple(out), None, counted=self.stub_count is not None, deck_removed=False)

    def _void(self, reason: str, *, counted: bool, deck_removed: bool) -> None:
        out = []
        for seat in self._order:
            s = self.seats[seat]
            out.append(WagerResult(seat, Wager.ANTE_ACROSS, s.ante, Outcome.RETURNED, 0))
            out.append(WagerResult(seat, Wager.ANTE_DOWN, s.ante, Outcome.RETURNED, 0))
            if s.bonus:
                out.append(WagerResult(seat, Wager.BONUS, s.bonus, Outcome.RETURNED, 0))
        self.phase = Phase.VOID
        self._close(tuple(out), reason, counted=counted, deck_removed=deck_removed)

    def _close(self, results: tuple[WagerResult, ...], void_reason: str | None, *, counted: bool,
               deck_removed: bool) -> RoundRecord:
        self.table._finish(counted, deck_removed)
        seats = self.seats
        self.record = RoundRecord(
            number=self.number, community=self.community,
            hole={s: seats[s].hole for s in self._order},
            wagers={s: (seats[s].ante, seats[s].ante, seats[s].bonus) for s in self._order},
            multiples={s: tuple(seats[s].multiples) for s in self._order},
            stub_count=self.stub_count, stub_outcome=self.stub_outcome, results=results,
            void_reason=void_reason, deck_removed=deck_removed, events=tuple(self.events))
        return self.record


def _pay(seat: int, wager: Wager, staked: int, table: list[tuple[int, int, str | None]],
         value: int) -> WagerResult:
    num, den, label = table[value]
    if not den:
        return _new(WagerResult, (seat, wager, staked, _LOSE, -staked, None))
    if not num:
        return _new(WagerResult, (seat, wager, staked, _PUSH, 0, label))
    return _new(WagerResult, (seat, wager, staked, _WIN, staked * num // den, label))


_WIN, _PUSH, _LOSE = Outcome.WIN, Outcome.PUSH, Outcome.LOSE


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
    if count_stub or table.stub_count_due:
        rnd.count_stub()
    else:
        rnd.discard_stub()
    if rnd.phase is Phase.VOID:
        assert rnd.record is not None
        return rnd.record
    c = rnd.community
    seats, pending, bet, fold, reveal = rnd.seats, rnd._pending, rnd.bet, rnd.fold, rnd.reveal
    row_o, col_o = (c[1], c[3]), (c[0], c[4])
    for d, known in enumerate((((), ()), (row_o, ()), (row_o, col_o))):
        while pending:  # the seats still in, in dealing order (emptied as they act)
            seat = pending[0]
            m = strategy(d, seats[seat].hole, *known)
            if m:
                bet(seat, m)
            else:
                fold(seat)
        reveal()
    return rnd.settle()

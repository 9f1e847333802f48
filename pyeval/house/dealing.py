"""Dealing procedures as data: who gets which card in what order, applied to a shoe card by card.

The house layer's dealing engine (moved from ``pyeval.shoe.procedures``; the shoe keeps the
mechanism it drives: shuffle, cut, burn, deal, the stub count). A game declares its procedure as a
:class:`DealingProcedure` beside its rules (``pyeval.headsup.dealing.WPT_HEADS_UP_DEAL``,
``pyeval.crisscross.dealing.CRISS_CROSS_HAND_DEAL``); :data:`HOLDEM_DEAL` is Hold'em's deal for
tables dealt through this engine (the poker ``Round`` deals by its own steps). A stub step counts
the stub by the policy of :mod:`pyeval.house.stub` (58 Pa. Code § 674a.9(d)-(f)).
"""
from __future__ import annotations

import enum
import functools
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Union

from ..cards import check_card
from ..errors import ShoeArgumentError, ShoeExhaustedError, ShoeTypeError
from ..shoe._common import check_int
from ..shoe.core import Shoe
from .stub import StubCheck, StubOutcome, check_stub

__all__ = ["SeatOrder", "StepKind", "DealStep", "DealingProcedure", "DealEvent", "DealtRound", "DealFaults",
           "HOLDEM_DEAL", "DEALER", "deal_procedure",
           "DealPlan", "PlannedCard", "plan_deal"]

_check_int = check_int


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
HOLDEM_DEAL: DealingProcedure = DealingProcedure(
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

DEALER: str = "dealer"


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
        return operator.itemgetter(*idx)
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
    if previous is not None and not isinstance(previous, DealtRound):
        raise ShoeTypeError("previous must be a DealtRound")
    if isinstance(shoe, Shoe):  # every card of the deal in one change, even with other threads dealing
        return shoe._atomically(lambda sh: _deal(sh, plan, procedure, faults, count_stub, previous))
    return _deal(shoe, plan, procedure, faults, count_stub, previous)


def _deal(shoe: Shoe, plan: DealPlan, procedure: DealingProcedure, faults: DealFaults | None, count_stub: bool,
          previous: DealtRound | None) -> DealtRound:
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

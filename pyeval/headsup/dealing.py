"""Cards for a heads-up round: the game's dealing procedure as data (:data:`WPT_HEADS_UP_DEAL`,
58 Pa. Code § 677a.11(c), (e)), a fixed-order card source (:class:`SequenceSource`, for tests,
replays and differential checks) and the check of what any card source dealt (§ 677a.8-10)."""
from __future__ import annotations

import operator
from collections.abc import Iterable

from ..cards import CARD_TEXT
from ..errors import CardCountError, CardTypeError, DuplicateCardError, IllegalActionError, InvalidCardError
from ..house.dealing import DealingProcedure, DealStep, SeatOrder, StepKind

__all__ = ["SequenceSource", "WPT_HEADS_UP_DEAL"]

#: World Poker Tour Heads-Up Hold 'Em: two hole cards to each player and the dealer, then a burn and
#: the three-card flop (§ 677a.11(c)), a burn and the turn and river together (§ 677a.11(e)).
#: The order of the hole cards comes from § 677a.8-.10, which pyeval does not have: one card at a
#: time from the player farthest to the dealer's left, clockwise, the dealer last, twice (the
#: common order; declare another DealingProcedure if the Rules Submission differs).
WPT_HEADS_UP_DEAL: DealingProcedure = DealingProcedure(
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

_DECK = frozenset(range(52))


class SequenceSource:
    """A card source that deals a fixed order (top first): for tests, replays and differential checks.

    Raises:
        IllegalActionError: on burn/deal when the order has too few cards left.
    """

    __slots__ = ("cards", "pos")

    def __init__(self, cards: Iterable[int]) -> None:
        self.cards = tuple(cards)
        self.pos = 0

    def burn(self) -> int:
        return self.deal(1)[0]

    def deal(self, k: int) -> tuple[int, ...]:
        p = self.pos
        if p + k > len(self.cards):
            raise IllegalActionError(f"the card order has {len(self.cards) - p} cards left, {k} asked for")
        self.pos = p + k
        return self.cards[p:p + k]


def _check_drawn(cards: object, k: int, used: set[int]) -> tuple[int, ...]:
    """Validate cards a source produced: ``k`` ints 0..51, distinct and not already on the table.
    Adds them to ``used`` when they are valid; raises (leaving ``used`` as it was) when not."""
    if type(cards) is tuple and len(cards) == k:
        cs = set(cards)
        if len(cs) == k and cs <= _DECK and cs.isdisjoint(used) and type(sum(cards)) is int:
            used |= cs
            return cards
    try:
        cards = tuple(operator.index(c) if not isinstance(c, bool) else c for c in cards)  # type: ignore[attr-defined]
    except TypeError:
        raise CardTypeError(f"the card source returned {cards!r}, not card ints 0..51") from None
    if len(cards) != k:
        raise CardCountError(f"the card source returned {len(cards)} cards, {k} asked for")
    seen: set[int] = set()
    for c in cards:
        if isinstance(c, bool):
            raise CardTypeError(f"the card source returned {c!r}, not a card int 0..51")
        if not 0 <= c <= 51:
            raise InvalidCardError(f"the card source returned card {c}: card ints are 0..51")
        if c in used or c in seen:
            raise DuplicateCardError(f"the card source returned {CARD_TEXT[c]} ({c}), already on the table")
        seen.add(c)
    used |= seen
    return cards

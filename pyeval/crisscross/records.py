"""The names and records of a Criss-Cross Poker round (58 Pa. Code chapter 674a): the boxes of the
cross (§ 674a.9(b)), the wagers, the phases, stub-count outcomes (§ 674a.9(e)-(f)), injected
misdeals, and the settled results of a round (:class:`RoundRecord`)."""
from __future__ import annotations

import enum
import operator
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ..contracts import Event, Outcome
from .dealing import CRISS_CROSS_HAND_DEAL

__all__ = ["Box", "BOX_LABELS", "COMMUNITY_DEAL_ORDER", "ROW", "COLUMN", "CrissCrossWager", "CrissCrossPhase",
           "StubCountOutcome", "Misdeal", "CrissCrossWagerResult", "RoundRecord",
           "CrissCrossSeat"]


class Box(enum.IntEnum):
    """The five community-card boxes of the cross, seen from the dealer (§ 674a.9(b))."""

    FAR = 0        #: the box farthest from the dealer
    ROW_LEFT = 1   #: second row, dealer's left
    CENTRE = 2     #: second row, centre (shared by the row and the column)
    ROW_RIGHT = 3  #: second row, dealer's right
    NEAR = 4       #: the box closest to the dealer


#: The dealing procedure's names for the boxes (:data:`pyeval.crisscross.dealing.CRISS_CROSS_HAND_DEAL`'s community labels).
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


class CrissCrossWager(enum.IntEnum):
    """A player's wagers (indices match ``PE_CC_W_*`` in csrc/pe_crisscross.h)."""

    ANTE_ACROSS = 0
    ANTE_DOWN = 1
    ACROSS = 2
    DOWN = 3
    MIDDLE = 4
    BONUS = 5


class CrissCrossPhase(enum.Enum):
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


class StubCountOutcome(enum.Enum):
    """What a stub count found (§ 674a.9(e)-(f)), as the house layer's :func:`~pyeval.house.stub.judge_stub_count`
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
    to ``player`` (a position) or, with ``player=None``, to the community-card area."""

    player: int | None
    extra: bool = True


class CrissCrossWagerResult(NamedTuple):
    """Settlement of one wager. ``net`` is the player's result (win > 0, push or returned 0,
    loss = -staked); ``paid`` is what goes back to the player (staked + net, never negative)."""

    player: int
    wager: CrissCrossWager
    staked: int
    outcome: Outcome
    net: int
    line: str | None = None  # the paytable line that paid or pushed

    @property
    def paid(self) -> int:
        """Chips handed back to the player for this wager (stake plus net; 0 when lost)."""
        return self.staked + self.net


class CrissCrossSeat(NamedTuple):
    """A player's wagers and play in a round, as :attr:`CrissCrossRound.players` shows them (a
    snapshot): the Antes, the Bonus, the hole cards, the multiple bet at each decision (None: not
    yet, 0: folded there) and whether the player folded."""

    ante: int  # the Ante Across (both Antes when they are equal)
    ante_down: int
    bonus: int
    hole: tuple[int, ...]
    multiples: tuple[int | None, ...]
    folded: bool


class _Seat:
    """The seat a round works on (mutable; :attr:`CrissCrossRound.players` shows :meth:`view`)."""

    __slots__ = ("ante", "ante_down", "bonus", "hole", "multiples", "folded")

    def __init__(self, ante: int, bonus: int, ante_down: int | None = None) -> None:
        self.ante = ante  # the Ante Across (both Antes when they are equal)
        self.ante_down = ante if ante_down is None else ante_down
        self.bonus = bonus
        self.hole: tuple[int, ...] = ()
        self.multiples: list[int | None] = [None, None, None]
        self.folded = False

    def view(self) -> CrissCrossSeat:
        return CrissCrossSeat(self.ante, self.ante_down, self.bonus, self.hole, tuple(self.multiples), self.folded)


_NET = operator.itemgetter(4)  # CrissCrossWagerResult.net, read in C


class RoundRecord(NamedTuple):
    """Everything about a finished round (complete or void), in dealing and action order."""

    number: int
    community: tuple[int, ...]       # indexed by Box when 5 cards were dealt
    hole: Mapping[int, tuple[int, ...]]
    wagers: Mapping[int, tuple[int, int, int]]   # player -> (ante across, ante down, bonus)
    multiples: Mapping[int, tuple[int | None, ...]]  # player -> per decision: multiple, 0 fold, None
    stub_count: int | None
    stub_outcome: StubCountOutcome | None
    results: tuple[CrissCrossWagerResult, ...]
    void_reason: str | None
    deck_removed: bool
    events: tuple[Event, ...]

    @property
    def house_net(self) -> int:
        """The house's result for the round (minus the sum of the players' nets)."""
        return -sum(map(_NET, self.results))  # type: ignore[no-any-return]



"""Criss-Cross Poker's dealing procedure as data (58 Pa. Code § 674a.9(b)-(c)), for the house
layer's dealing engine (:func:`pyeval.house.dealing.deal_procedure`; moved from
``pyeval.shoe.procedures``)."""
from __future__ import annotations

from ..house.dealing import DealingProcedure, DealStep, SeatOrder, StepKind

__all__ = ["CRISS_CROSS_HAND_DEAL"]

#: Criss-Cross Poker dealt from the hand (§ 674a.9(b)): five community cards face down in a cross
#: (the box farthest from the dealer, the three of the second row, the box nearest the dealer),
#: then one card at a time to each player with both Antes, from the player farthest to the dealer's
#: left clockwise, until each has two; the stub then goes to the rack unexposed (§ 674a.9(c)).
#: The column (Down) is column_far, center, column_near; the row (Across) is row_first, center,
#: row_last.
CRISS_CROSS_HAND_DEAL: DealingProcedure = DealingProcedure(
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

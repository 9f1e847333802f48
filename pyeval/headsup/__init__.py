"""World Poker Tour Heads-Up Hold 'Em (58 Pa. Code chapter 677a), the house-banked game.

* :mod:`.rules`: :class:`HeadsUpRules` and :class:`Paytable` (exact odds, declared rounding).
* :mod:`.paytables`: EXAMPLE paytables from public descriptions; a live table must be configured
  with the certificate holder's approved paytables.
* :mod:`.round`: :class:`HeadsUpRound`, the round as explicit steps (§ 677a.11).
* :mod:`.settle`: per-player, per-wager settlement (§ 677a.11(f), (h), (i)).
* :mod:`.strategy`: a documented basic strategy.
* :mod:`.sim`: the C simulation path and exact Trips Plus / Pocket Bonus analyses.
"""
from .paytables import EXAMPLE_PAYTABLES, example_rules
from .round import (
    Action, CardSource, Decision, Event, HeadsUpRound, Phase, SequenceSource, Street, play_round,
)
from .rules import (
    DealingProcedure, Paytable, PaytableKind, RaiseAmounts, Rounding, HeadsUpRules, Wager, parse_odds, pocket_class,
)
from .settle import Outcome, PlayerSettlement, RoundSettlement, WagerResult
from .strategy import basic_strategy

__all__ = [
    "HeadsUpRules", "Paytable", "PaytableKind", "Rounding", "RaiseAmounts", "DealingProcedure", "Wager", "parse_odds",
    "pocket_class", "EXAMPLE_PAYTABLES", "example_rules", "HeadsUpRound", "Phase", "Action", "Street",
    "Decision", "Event", "CardSource", "SequenceSource", "play_round", "Outcome", "WagerResult",
    "PlayerSettlement", "RoundSettlement", "basic_strategy",
]

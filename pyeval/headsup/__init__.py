"""World Poker Tour Heads-Up Hold 'Em (58 Pa. Code chapter 677a), the house-banked game.

* :mod:`.rules`: :class:`HeadsUpRules` and :class:`HeadsUpPaytable` (exact odds, declared rounding).
* :mod:`.paytables`: EXAMPLE paytables from public descriptions; a live table must be configured
  with the certificate holder's approved paytables.
* :mod:`.round`: :class:`HeadsUpRound`, the round as explicit steps (§ 677a.11).
* :mod:`.settle`: per-player, per-wager settlement (§ 677a.11(f), (h), (i)).
* :mod:`.strategy`: a documented basic strategy.
* :mod:`.sim`: the C simulation path and exact Trips Plus / Pocket Bonus analyses.
"""
from .paytables import EXAMPLE_PAYTABLES, example_rules
from .round import (
    Action, CardSource, Decision, Event, HeadsUpRound, HeadsUpPhase, SequenceSource, HeadsUpStreet, play_round,
)
from .rules import (
    DealingMethod, HeadsUpPaytable, PaytableKind, RaiseAmounts, Rounding, HeadsUpRules, HeadsUpWager, parse_odds,
    pocket_class,
)
from .settle import Outcome, PlayerSettlement, RoundSettlement, HeadsUpWagerResult
from .strategy import basic_strategy

__all__ = [
    "HeadsUpRules", "HeadsUpPaytable", "PaytableKind", "RaiseAmounts",  # Rounding: importable, documented in pyeval.house
    "DealingMethod", "HeadsUpWager", "parse_odds",
    "pocket_class", "EXAMPLE_PAYTABLES", "example_rules", "HeadsUpRound", "HeadsUpPhase", "Action", "HeadsUpStreet",
    "Decision", "Event", "CardSource", "SequenceSource", "play_round", "Outcome", "HeadsUpWagerResult",
    "PlayerSettlement", "RoundSettlement", "basic_strategy",
]

"""Hold'em Poker as a house-dealt table game: 58 Pa. Code § 637a.11 and § 637a.8.

:class:`TableRules` (the posted rules, as data), :class:`Table` (seats and stacks across rounds),
:class:`Round` (one round, step by step), side pots (:func:`side_pots`) and PHH records
(:mod:`pyeval.poker.phh`). See ``docs/holdem.md``.
"""
from .pots import Pot, side_pots, split_pot
from .round import CardSource, Event, LegalActions, Phase, Round, Ruling, Street
from .table import Absence, AbsenceSafeguard, ReturnReport, Table
from .rules import BettingStructure, ButtonPlacement, HeadsUpOrder, OddChipRule, TableRules

__all__ = [
    "TableRules", "Table", "Absence", "AbsenceSafeguard", "ReturnReport", "BettingStructure", "ButtonPlacement", "HeadsUpOrder", "OddChipRule",
    "Round", "Phase", "Street", "Event", "LegalActions", "Ruling", "CardSource",
    "Pot", "side_pots", "split_pot",
]

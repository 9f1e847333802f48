"""The poker engine of 58 Pa. Code chapter 637a: Hold'em (§ 637a.11, § 637a.8) and every other
poker game of the chapter (Omaha, stud, razz, draw, Badugi: :mod:`.games`), played by one engine.

* :mod:`.rules`: :class:`PokerRules` (the posted rules, as data) and :class:`EngineConstants`.
* :mod:`.games`: the games as data (:class:`~pyeval.poker.games.Variant`, ``VARIANTS``).
* :mod:`.table`: :class:`Table` (seats and stacks across rounds, the button, absences).
* :mod:`.round`: :class:`Round`, one round step by step; its state is :mod:`.state` and its steps
  live in the parts :mod:`.forced_bets`, :mod:`.dealing`, :mod:`.betting`, :mod:`.stud`,
  :mod:`.draw`, :mod:`.showdown` and :mod:`.chip_placement` (rulings as pure functions).
* :mod:`.pots`: side pots (:func:`side_pots`) and odd chips; :mod:`.phh`: PHH hand histories;
  :mod:`.sim`: the C showdown simulation. See ``docs/holdem.md`` and ``docs/variants.md``.
"""
from .chip_placement import Facing, rule_chip_placement
from .pots import Pot, side_pots, split_pot
from .round import BettingOptions, CardSource, Event, Phase, Round, Ruling, Street
from .rules import (
    BettingStructure, ButtonPlacement, EngineConstants, HeadsUpOrder, HighCardWins, LimitShortAllIn, OddChipRule,
    PokerRules, ShortAllIns, StreetOpener,
)
from .table import Absence, AbsenceSafeguard, MinimumBetAgreement, ReturnReport, Table
from .view import TableView

__all__ = [
    "PokerRules", "EngineConstants", "Table", "Absence", "AbsenceSafeguard", "ReturnReport", "MinimumBetAgreement", "BettingStructure",
    "ButtonPlacement", "HeadsUpOrder", "OddChipRule", "ShortAllIns", "LimitShortAllIn", "StreetOpener", "HighCardWins",
    "Round", "Phase", "Street", "Event", "BettingOptions", "Ruling", "Facing", "rule_chip_placement", "CardSource",
    "Pot", "side_pots", "split_pot", "TableView",
]

"""The one place :mod:`pyeval.hands_io` imports pyeval's PHH support from.

The engine is moving (``pyeval.holdem`` -> ``pyeval.poker``); when it does, only these lines change.
"""
from __future__ import annotations

from ..holdem.phh import HandHistory, dumps, dumps_many, from_round, iter_paths, load, loads
from ..holdem.round import Round
from ..holdem.rules import BettingStructure, TableRules

__all__ = ["HandHistory", "dumps", "dumps_many", "from_round", "iter_paths", "load", "loads", "Round",
           "BettingStructure", "TableRules"]

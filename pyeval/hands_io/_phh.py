"""The one place :mod:`pyeval.hands_io` imports pyeval's PHH support and engine from.

When the engine moves again, only these lines change.
"""
from __future__ import annotations

from ..poker.games import ALL_VARIANTS as VARIANTS
from ..poker.phh import (
    HOUSE_FIELDS, HandHistory, check_replay, dumps, dumps_many, from_round, iter_paths, load, loads, replay_checked,
    stop_reason,
)
from ..poker.phh_write import DISCONNECTED
from ..poker.round import Round
from ..poker.rules import BettingStructure, PokerRules

__all__ = ["DISCONNECTED", "HOUSE_FIELDS", "check_replay", "replay_checked", "HandHistory", "dumps", "dumps_many", "from_round", "iter_paths", "load", "loads", "stop_reason",
           "Round", "BettingStructure", "PokerRules", "VARIANTS"]

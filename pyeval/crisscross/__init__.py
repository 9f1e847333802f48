"""Criss-Cross Poker (58 Pa. Code chapter 674a): the cross deal of § 674a.9 and the whole round.

See :mod:`pyeval.crisscross.round` for the procedure, :mod:`pyeval.crisscross.rules` for the
table configuration (what is Pennsylvania text and what is not), :mod:`pyeval.crisscross.sim` for
the C fast path and the exact Five Card Bonus analysis.
"""
from .deck import CardSource, ShufflerDeck
from .round import (
    COLUMN, COMMUNITY_DEAL_ORDER, ROW, Box, CrissCrossRound, CrissCrossTable, Event, Misdeal, Outcome,
    Phase, RoundRecord, Step, StubCountOutcome, Wager, WagerResult, play_round,
)
from .rules import (
    DEFAULT_ANTE_PAYTABLE, DEFAULT_BONUS_PAYTABLE, DEFAULT_MAIN_PAYTABLE, DEFAULT_SOURCES,
    CrissCrossRules, Paytable, PaytableLine,
)
from .strategy import basic_strategy

__all__ = [
    "CardSource", "ShufflerDeck", "COLUMN", "COMMUNITY_DEAL_ORDER", "ROW", "Box", "CrissCrossRound",
    "CrissCrossTable", "Event", "Misdeal", "Outcome", "Phase", "RoundRecord", "Step",
    "StubCountOutcome", "Wager", "WagerResult", "play_round", "DEFAULT_ANTE_PAYTABLE",
    "DEFAULT_BONUS_PAYTABLE", "DEFAULT_MAIN_PAYTABLE", "DEFAULT_SOURCES", "CrissCrossRules",
    "Paytable", "PaytableLine", "basic_strategy",
]

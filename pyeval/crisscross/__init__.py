"""Criss-Cross Poker (58 Pa. Code chapter 674a): the cross deal of § 674a.9 and the whole round.

See :mod:`pyeval.crisscross.round` for the procedure, :mod:`pyeval.crisscross.rules` for the
table configuration (what is Pennsylvania text and what is not), :mod:`pyeval.crisscross.sim` for
the C fast path and the exact Five Card Bonus analysis.
"""
from ..contracts import Action, Deck
from .deck import ShufflerDeck
from .round import (
    COLUMN, COMMUNITY_DEAL_ORDER, ROW, Box, CrissCrossRound, CrissCrossTable, Event, Misdeal, Outcome,
    CrissCrossPhase, RoundRecord, StubCountOutcome, CrissCrossWager, CrissCrossWagerResult, play_round,
)
from .rules import (
    DEFAULT_ANTE_PAYTABLE, DEFAULT_BONUS_PAYTABLE, DEFAULT_MAIN_PAYTABLE, DEFAULT_SOURCES,
    CrissCrossRules, CrissCrossPaytable, PaytableLine,
)
from .strategy import basic_strategy

__all__ = [
    "Deck", "Action", "ShufflerDeck", "COLUMN", "COMMUNITY_DEAL_ORDER", "ROW", "Box", "CrissCrossRound",
    "CrissCrossTable", "Event", "Misdeal", "Outcome", "CrissCrossPhase", "RoundRecord",
    "StubCountOutcome", "CrissCrossWager", "CrissCrossWagerResult", "play_round", "DEFAULT_ANTE_PAYTABLE",
    "DEFAULT_BONUS_PAYTABLE", "DEFAULT_MAIN_PAYTABLE", "DEFAULT_SOURCES", "CrissCrossRules",
    "CrissCrossPaytable", "PaytableLine", "basic_strategy",
]

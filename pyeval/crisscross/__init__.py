"""Criss-Cross Poker (58 Pa. Code chapter 674a): the cross deal of § 674a.9 and the whole round.

See :mod:`pyeval.crisscross.round` for the procedure (the table across rounds in
:mod:`pyeval.crisscross.table`; the boxes, wagers and records in :mod:`pyeval.crisscross.records`),
:mod:`pyeval.crisscross.rules` for the table configuration (what is Pennsylvania text and what is not), :mod:`pyeval.crisscross.sim` for
the C fast path and the exact Five Card Bonus analysis.
"""
from ..contracts import Action, Deck, Event, Outcome
from .deck import ShufflerDeck
from .records import (
    COLUMN, COMMUNITY_DEAL_ORDER, ROW, Box, CrissCrossPhase, CrissCrossSeat, CrissCrossWager, CrissCrossWagerResult, Misdeal,
    RoundRecord, StubCountOutcome,
)
from .round import CrissCrossRound
from .rules import (
    DEFAULT_ANTE_PAYTABLE, DEFAULT_BONUS_PAYTABLE, DEFAULT_MAIN_PAYTABLE, DEFAULT_SOURCES,
    CrissCrossRules, CrissCrossPaytable, PaytableLine,
)
from .strategy import basic_strategy
from .table import CrissCrossTable, play_round

__all__ = [
    "Deck", "Action", "ShufflerDeck", "COLUMN", "COMMUNITY_DEAL_ORDER", "ROW", "Box", "CrissCrossRound",
    "CrissCrossTable", "CrissCrossSeat", "Event", "Misdeal", "Outcome", "CrissCrossPhase", "RoundRecord",
    "StubCountOutcome", "CrissCrossWager", "CrissCrossWagerResult", "play_round", "DEFAULT_ANTE_PAYTABLE",
    "DEFAULT_BONUS_PAYTABLE", "DEFAULT_MAIN_PAYTABLE", "DEFAULT_SOURCES", "CrissCrossRules",
    "CrissCrossPaytable", "basic_strategy",  # PaytableLine: importable here, documented in pyeval.house
]

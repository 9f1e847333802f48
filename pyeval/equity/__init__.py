"""Hold'em equity (exact and Monte Carlo, in C) and hand ranges.

>>> from pyeval.equity import equity
>>> r = equity(["AhKh", "QsQd"])          # every one of the 1,712,304 boards
>>> [float(p.equity) for p in r.players]  # doctest: +SKIP
[0.46214..., 0.53785...]
"""
from .core import (
    DEFAULT_STREAMS, DEFAULT_TRIALS, SHARE_UNIT, EquityResult, EquityStats, PlayerEquity, equity, run_stream,
)
from .fast import all_hands_vs_range, equities, hand_vs_range
from .ranges import Range, parse_range

__all__ = ["equity", "EquityResult", "EquityStats", "PlayerEquity", "run_stream", "Range", "parse_range",
           "SHARE_UNIT", "DEFAULT_TRIALS", "DEFAULT_STREAMS", "hand_vs_range", "equities", "all_hands_vs_range"]

"""pyeval: C-accelerated poker hand evaluation and dealing, and regulated casino game procedures.

Cards are ints 0..51 (``rank * 4 + suit``, ``2c`` = 0, ``As`` = 51); hand values are 1..7462,
higher is stronger. The game procedures live in subpackages: :mod:`pyeval.poker` (Hold'em Poker,
58 Pa. Code § 637a.11), :mod:`pyeval.headsup` (World Poker Tour Heads-Up Hold'em, § 677a.11) and
:mod:`pyeval.crisscross` (Criss-Cross Poker, chapter 674a); equity in :mod:`pyeval.equity`. See README.md and docs/architecture.md.
"""
from ._version import __version__
from .cards import CARD_TEXT, RANKS, SUITS, card, format_card, format_cards, parse_cards
from .errors import (
    CardCountError,
    CardTypeError,
    ChipTypeError,
    DeckOutOfPlayError,
    DuplicateCardError,
    EntropyError,
    EquityError,
    HandHistoryError,
    HandValueError,
    IllegalActionError,
    IllegalHandHistoryError,
    InvalidCardError,
    NativeBuildError,
    OutOfTurnError,
    PaytableError,
    PyevalError,
    RangeError,
    SeedError,
    ShoeArgumentError,
    SimulationError,
    ShoeError,
    ShoeExhaustedError,
    ShoeTypeError,
    StubCountDueError,
    TableRulesError,
    TournamentChipsError,
    WagerNotAllowedError,
)
from .hands.high import (
    CATEGORY_RANGES,
    MAX_VALUE,
    HandCategory,
    best_five,
    census,
    evaluate,
    evaluate_batch,
    from_cactus_kev,
    hand_category,
    to_cactus_kev,
)
from .hands.registry import describe  # every hand type's words, kind= (the registry is the one list)
from .strength import class_percentile, describe_badugi, describe_low, percentile
from .poker.sim import HoldemShowdown, HoldemSimResult, HoldemSimStats
from .simulation import simulate
from .equity import EquityResult, EquityStats, PlayerEquity, Range, equity, parse_range
from .shoe import (
    CRISS_CROSS_HAND_DEAL,
    HAND_SHUFFLE,
    HOLDEM_DEAL,
    WPT_HEADS_UP_DEAL,
    AutomatedShuffler,
    BatchDealer,
    BoxCut,
    DealFaults,
    Riffle,
    Shoe,
    StripCut,
    StubCountPolicy,
    StubOutcome,
    Uniform,
    check_stub,
    deal_batch,
    deal_procedure,
    holdem_showdowns,
)

__all__ = [
    "__version__", "CARD_TEXT", "RANKS", "SUITS", "card", "format_card", "format_cards", "parse_cards",
    # errors
    "PyevalError", "InvalidCardError", "DuplicateCardError", "CardCountError", "CardTypeError", "ChipTypeError",
    "HandValueError", "NativeBuildError", "TableRulesError", "IllegalActionError", "OutOfTurnError",
    "TournamentChipsError",
    "HandHistoryError", "IllegalHandHistoryError", "WagerNotAllowedError", "StubCountDueError", "DeckOutOfPlayError",
    "PaytableError", "ShoeError", "ShoeExhaustedError", "ShoeArgumentError", "ShoeTypeError",
    "SeedError", "EntropyError", "RangeError", "EquityError", "SimulationError",
    # evaluation
    "HandCategory", "CATEGORY_RANGES", "MAX_VALUE", "evaluate", "evaluate_batch", "best_five",
    "hand_category", "describe", "to_cactus_kev", "from_cactus_kev", "census",
    "percentile", "class_percentile", "describe_low", "describe_badugi",
    # the shoe
    "Shoe", "Uniform", "Riffle", "StripCut", "BoxCut", "HAND_SHUFFLE", "AutomatedShuffler",
    "DealFaults", "HOLDEM_DEAL", "WPT_HEADS_UP_DEAL", "CRISS_CROSS_HAND_DEAL", "deal_procedure",
    "StubOutcome", "StubCountPolicy", "check_stub", "BatchDealer", "deal_batch", "holdem_showdowns",
    # equity
    "equity", "EquityResult", "PlayerEquity", "EquityStats", "Range", "parse_range",
    # simulation
    "simulate", "HoldemShowdown", "HoldemSimResult", "HoldemSimStats",
]

"""pyeval: C-accelerated poker hand evaluation and dealing, and regulated casino game procedures.

Cards are ints 0..51 (``rank * 4 + suit``, ``2c`` = 0, ``As`` = 51); hand values are 1..7462,
higher is stronger. See README.md and docs/architecture.md.
"""
from ._version import __version__
from .cards import CARD_TEXT, RANKS, SUITS, card, format_card, format_cards, parse_cards
from .errors import (
    CardCountError,
    CardTypeError,
    DuplicateCardError,
    HandValueError,
    InvalidCardError,
    NativeBuildError,
    PyevalError,
)
from .evaluate import (
    CATEGORY_RANGES,
    MAX_VALUE,
    HandCategory,
    best_five,
    describe,
    evaluate,
    evaluate_batch,
    from_cactus_kev,
    hand_category,
    to_cactus_kev,
)

__all__ = [
    "__version__", "CARD_TEXT", "RANKS", "SUITS", "card", "format_card", "format_cards", "parse_cards",
    "PyevalError", "InvalidCardError", "DuplicateCardError", "CardCountError", "CardTypeError",
    "HandValueError", "NativeBuildError",
    "HandCategory", "CATEGORY_RANGES", "MAX_VALUE", "evaluate", "evaluate_batch", "best_five",
    "hand_category", "describe", "to_cactus_kev", "from_cactus_kev",
]

"""The hand types of the poker games of 58 Pa. Code chapter 637a: the high hand, Omaha (two hole cards
and three board cards), the ace-to-five and deuce-to-seven lows, Badugi, the short deck.

* :mod:`.high`: the high hand (:func:`pyeval.evaluate`, :func:`pyeval.evaluate_batch`, categories;
  re-exported by :mod:`pyeval`);
* :mod:`.evaluators`: Omaha, the lows and Badugi (single hands and batches, in C with the GIL released);
* :mod:`.shortdeck`: the short-deck (6+) high hand;
* :mod:`.registry`: :data:`HAND_TYPES`, every hand type (``high`` included) by name, which the poker
  engine (:mod:`pyeval.poker`) looks up at showdown and :class:`pyeval.poker.games.Variant` names.

Every batch evaluator has one shape: ``(hands, [board,] out=None, *, threads=1, [kind=...])``."""
from typing import TYPE_CHECKING

from .._lazy import attach
from .high import (
    CATEGORY_RANGES, MAX_VALUE, HandCategory, best_five, census, class_to_string, describe, evaluate, evaluate_batch,
    evaluate_cactus_kev, from_cactus_kev, hand_category, handtype, rank_class, to_cactus_kev,
)

# Omaha, the lows, Badugi, the short deck and the hand-type registry load on first use (``import
# pyeval`` loads the high hand only: issue 20 item 4).
_LAZY = {
    **dict.fromkeys(("BADUGI_CLASSES", "LOW_27_CLASSES", "LOW_A5_8_MIN", "LOW_A5_CLASSES", "badugi_size",
                     "evaluate_badugi", "evaluate_badugi_batch", "evaluate_low_27", "evaluate_low_a5",
                     "evaluate_low_a5_8", "evaluate_low_batch", "evaluate_omaha", "evaluate_omaha_batch",
                     "evaluate_omaha_low8"), "evaluators"),
    **dict.fromkeys(("HAND_TYPES", "HandType", "hand_type"), "registry"),
    **dict.fromkeys(("SHORT_DECK_KINDS", "SHORT_DECK", "SHORT_DECK_CLASSES", "ShortDeckEquity", "describe_short_deck",
                     "evaluate_short_deck", "evaluate_short_deck_batch", "short_deck_category",
                     "short_deck_equity"), "shortdeck"),
}
__getattr__, __dir__ = attach(__name__, _LAZY, ("evaluators", "registry", "shortdeck"))

if TYPE_CHECKING:
    from .evaluators import (
        BADUGI_CLASSES, LOW_27_CLASSES, LOW_A5_8_MIN, LOW_A5_CLASSES, badugi_size, evaluate_badugi,
        evaluate_badugi_batch, evaluate_low_27, evaluate_low_a5, evaluate_low_a5_8, evaluate_low_batch,
        evaluate_omaha, evaluate_omaha_batch, evaluate_omaha_low8,
    )
    from .registry import HAND_TYPES, HandType, hand_type
    from .shortdeck import (
        SHORT_DECK_KINDS, SHORT_DECK, SHORT_DECK_CLASSES, ShortDeckEquity, describe_short_deck, evaluate_short_deck,
        evaluate_short_deck_batch, short_deck_category, short_deck_equity,
    )

__all__ = [
    "HandCategory", "CATEGORY_RANGES", "MAX_VALUE", "evaluate", "evaluate_batch", "best_five",
    "hand_category", "describe", "to_cactus_kev", "from_cactus_kev", "evaluate_cactus_kev", "census",
    "handtype", "rank_class", "class_to_string",
    "HAND_TYPES", "HandType", "hand_type",
    "SHORT_DECK_KINDS", "SHORT_DECK", "SHORT_DECK_CLASSES", "ShortDeckEquity", "describe_short_deck", "evaluate_short_deck",
    "evaluate_short_deck_batch", "short_deck_category", "short_deck_equity",
    "evaluate_omaha", "evaluate_omaha_low8", "evaluate_omaha_batch", "evaluate_low_a5", "evaluate_low_a5_8",
    "evaluate_low_27", "evaluate_low_batch", "evaluate_badugi", "evaluate_badugi_batch", "badugi_size",
    "LOW_A5_CLASSES", "LOW_A5_8_MIN", "LOW_27_CLASSES", "BADUGI_CLASSES",
]

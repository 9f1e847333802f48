"""The hand types of the poker games of 58 Pa. Code chapter 637a beyond the high hand: Omaha (two hole
cards and three board cards), the ace-to-five and deuce-to-seven lows, Badugi.

* :mod:`.evaluators`: the evaluators (single hands and batches, in C with the GIL released);
* :mod:`.registry`: :data:`HAND_TYPES`, every hand type (``high`` included) by name, which the poker
  engine (:mod:`pyeval.poker`) looks up at showdown and :class:`pyeval.poker.games.Variant` names.

The high hand itself is :func:`pyeval.evaluate` (:mod:`pyeval.evaluate`)."""
from .evaluators import (
    BADUGI_CLASSES, LOW_27_CLASSES, LOW_A5_8_MIN, LOW_A5_CLASSES, badugi_size, evaluate_badugi,
    evaluate_badugi_batch, evaluate_low_27, evaluate_low_a5, evaluate_low_a5_8, evaluate_low_batch,
    evaluate_omaha, evaluate_omaha_batch, evaluate_omaha_low8,
)
from .registry import HAND_TYPES, HandType, hand_type
from .shortdeck import (
    SHORT_DECK, SHORT_DECK_CLASSES, ShortDeckEquity, describe_short_deck, evaluate_short_deck,
    evaluate_short_deck_batch, short_deck_category, short_deck_equity,
)

__all__ = [
    "HAND_TYPES", "HandType", "hand_type",
    "SHORT_DECK", "SHORT_DECK_CLASSES", "ShortDeckEquity", "describe_short_deck", "evaluate_short_deck",
    "evaluate_short_deck_batch", "short_deck_category", "short_deck_equity",
    "evaluate_omaha", "evaluate_omaha_low8", "evaluate_omaha_batch", "evaluate_low_a5", "evaluate_low_a5_8",
    "evaluate_low_27", "evaluate_low_batch", "evaluate_badugi", "evaluate_badugi_batch", "badugi_size",
    "LOW_A5_CLASSES", "LOW_A5_8_MIN", "LOW_27_CLASSES", "BADUGI_CLASSES",
]

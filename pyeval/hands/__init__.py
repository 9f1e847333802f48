"""The other poker games of 58 Pa. Code chapter 637a: their hand evaluators (:mod:`.hands`) and the
games as data (:mod:`.games`) played by the generalised engine in :mod:`pyeval.poker`."""
from .evaluators import (
    BADUGI_CLASSES, LOW_27_CLASSES, LOW_A5_8_MIN, LOW_A5_CLASSES, badugi_size, evaluate_badugi,
    evaluate_badugi_batch, evaluate_low_27, evaluate_low_a5, evaluate_low_a5_8, evaluate_low_batch,
    evaluate_omaha, evaluate_omaha_batch, evaluate_omaha_low8,
)
from .shortdeck import (
    SHORT_DECK, SHORT_DECK_CLASSES, ShortDeckEquity, describe_short_deck, evaluate_short_deck,
    evaluate_short_deck_batch, short_deck_category, short_deck_equity,
)

__all__ = [
    "SHORT_DECK", "SHORT_DECK_CLASSES", "ShortDeckEquity", "describe_short_deck", "evaluate_short_deck",
    "evaluate_short_deck_batch", "short_deck_category", "short_deck_equity",
    "evaluate_omaha", "evaluate_omaha_low8", "evaluate_omaha_batch", "evaluate_low_a5", "evaluate_low_a5_8",
    "evaluate_low_27", "evaluate_low_batch", "evaluate_badugi", "evaluate_badugi_batch", "badugi_size",
    "LOW_A5_CLASSES", "LOW_A5_8_MIN", "LOW_27_CLASSES", "BADUGI_CLASSES",
]

"""pyeval: C-accelerated poker hand evaluation and dealing, and regulated casino game procedures.

Cards are ints 0..51 (``rank * 4 + suit``, ``2c`` = 0, ``As`` = 51); hand values are 1..7462,
higher is stronger. The game procedures live in subpackages: :mod:`pyeval.poker` (Hold'em Poker,
58 Pa. Code § 637a.11), :mod:`pyeval.headsup` (World Poker Tour Heads-Up Hold'em, § 677a.11) and
:mod:`pyeval.crisscross` (Criss-Cross Poker, chapter 674a); equity in :mod:`pyeval.equity`. See README.md and docs/architecture.md.
"""
import sys
import types
from typing import TYPE_CHECKING

from ._lazy import attach
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
    HouseArgumentError,
    SimulationError,
    ShoeError,
    ShoeExhaustedError,
    ShoeTypeError,
    StubCountDueError,
    TableRulesError,
    ThreadCountError,
    TournamentChipsError,
    UnshuffledShoeWarning,
    WagerNotAllowedError,
)
from .hands.high import (
    CATEGORY_RANGES,
    MAX_VALUE,
    HandCategory,
    best_five,
    census,
    class_to_string,
    evaluate,
    evaluate_batch,
    evaluate_cactus_kev,
    from_cactus_kev,
    hand_category,
    handtype,
    rank_class,
    to_cactus_kev,
)
from .shoe import BatchDealer, BoxCut, HAND_SHUFFLE, Riffle, Shoe, StripCut, Uniform, deal_batch

# Loaded on first use (PEP 562): ``import pyeval`` brings in the evaluator, the cards and the shoe
# only; the games, equity, hand histories, simulation, the parallel layer and the command line come
# with the first attribute that needs them (issue 20 item 4; tests/test_import_time.py).
#: public name -> the module that defines it
_LAZY: dict[str, str] = {
    **dict.fromkeys(("class_percentile", "describe_badugi", "describe_low", "percentile"), "strength"),
    **dict.fromkeys(("HoldemShowdown", "HoldemSimResult", "HoldemSimStats"), "poker.sim"),
    "simulate": "simulation",
    "build_info": "_info",  # names the kernel and CPU features (pyeval --version)
    "describe": "hands.registry",  # every hand type's words, kind= (the registry is the one list)
    **dict.fromkeys(("HOLDEM_DEAL", "DealFaults", "deal_procedure"), "house.dealing"),
    **dict.fromkeys(("AutomatedShuffler", "StubCountPolicy", "StubOutcome", "check_stub"), "house.stub"),
    "WPT_HEADS_UP_DEAL": "headsup.dealing",
    "CRISS_CROSS_HAND_DEAL": "crisscross.dealing",
    **dict.fromkeys(("holdem_showdowns", "Showdowns"), "poker.batch"),  # a game procedure (issue 24)
    **dict.fromkeys(("EquityResult", "EquityStats", "PlayerEquity", "Range", "equity", "parse_range"), "equity"),
}
#: subpackages and modules reachable as attributes of ``pyeval`` (``pyeval.poker.Round``)
_SUBMODULES = frozenset((
    "checkpoint", "cli", "contracts", "crisscross", "enumeration", "equity", "hands", "hands_io", "headsup",
    "house", "parallel", "poker", "shoe", "simulation", "strength", "cards", "errors",
))  # not pyeval.jit: it needs numba, and dir()-walkers (pydoc's help(pyeval)) must not fail without it

if TYPE_CHECKING:  # what mypy and the API reference see: every lazy name, typed
    from . import (
        checkpoint, cli, contracts, crisscross, enumeration, hands, hands_io, headsup, house, parallel, poker, simulation,
        strength,
    )
    from .equity import EquityResult, EquityStats, PlayerEquity, Range, equity, parse_range  # the function
    from .poker.sim import HoldemShowdown, HoldemSimResult, HoldemSimStats
    from .crisscross.dealing import CRISS_CROSS_HAND_DEAL
    from .headsup.dealing import WPT_HEADS_UP_DEAL
    from .poker.batch import Showdowns, holdem_showdowns
    from .house.dealing import HOLDEM_DEAL, DealFaults, deal_procedure
    from .house.stub import AutomatedShuffler, StubCountPolicy, StubOutcome, check_stub
    from ._info import build_info
    from .hands.registry import describe
    from .simulation import simulate
    from .strength import class_percentile, describe_badugi, describe_low, percentile


__getattr__, __dir__ = attach(__name__, _LAZY, _SUBMODULES)


class _Package(types.ModuleType):
    """``pyeval``'s module type: ``pyeval.equity`` is the function :func:`pyeval.equity.equity`, as it
    was when everything was imported eagerly, even when the subpackage ``pyeval.equity`` is first
    imported by other code (the import system then sets the parent's attribute to the subpackage)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "equity" and isinstance(value, types.ModuleType):
            value = getattr(value, "equity", value)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package



__all__ = [
    "build_info",
    "__version__", "CARD_TEXT", "RANKS", "SUITS", "card", "format_card", "format_cards", "parse_cards",
    # errors
    "PyevalError", "InvalidCardError", "DuplicateCardError", "CardCountError", "CardTypeError", "ChipTypeError",
    "HandValueError", "NativeBuildError", "TableRulesError", "IllegalActionError", "OutOfTurnError",
    "TournamentChipsError", "UnshuffledShoeWarning",
    "HandHistoryError", "IllegalHandHistoryError", "WagerNotAllowedError", "StubCountDueError", "DeckOutOfPlayError",
    "PaytableError", "ShoeError", "ShoeExhaustedError", "ShoeArgumentError", "HouseArgumentError", "ShoeTypeError",
    "SeedError", "EntropyError", "RangeError", "EquityError", "SimulationError", "ThreadCountError",
    # evaluation
    "HandCategory", "CATEGORY_RANGES", "MAX_VALUE", "evaluate", "evaluate_batch", "best_five",
    "hand_category", "describe", "to_cactus_kev", "from_cactus_kev", "evaluate_cactus_kev", "census",
    "handtype", "rank_class", "class_to_string",
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

"""The layer under the house-banked games (WPT Heads-Up Hold 'Em, Criss-Cross Poker, and the next).

What every house-banked game shares, so a new one is data plus its own procedure
(docs/extending.md, docs/decisions/022-house-layer.md):

* :mod:`.odds`: exact odds (:func:`parse_odds`, :func:`format_odds`), whole-chip
  :func:`winnings`, :func:`check_int` for a table's integer settings.
* :mod:`.paytable`: the one paytable model, :class:`LinePaytable` of :class:`PaytableLine`
  objects (a category table is its special case, :func:`category_scale`), and the declared
  payout :class:`Rounding`.
* :mod:`.settle`: :func:`settle_line`, one wager on the line its hand falls on.
* :mod:`.sim`: :class:`HouseSim`, the base of the games' C simulations (the C structs filled from
  field maps; streams, merging, checkpoints), :func:`play_rounds` (the audit path: every round of
  a seeded simulation, one by one) and :func:`sim_layout` (the one JSON layout).
* :mod:`.stub`: the stub-count policy of a table dealt from one deck (58 Pa. Code § 674a.9(d)).

Argument mistakes raise :class:`~pyeval.HouseArgumentError`; bad table rules
:class:`~pyeval.TableRulesError` (a bad paytable :class:`~pyeval.PaytableError`, its subclass).
The C side's one payout helper is ``pe_house_pay`` in ``csrc/pe_house.h``.
"""
from typing import TYPE_CHECKING

from .._lazy import attach
from ..errors import HouseArgumentError
from .odds import MAX_ODDS_TERM, OddsLike, check_int, format_odds, parse_odds, winnings
from .paytable import MAX_LINES, LinePaytable, PaidLine, PaytableLine, Rounding, category_scale
from .settle import settle_line

if TYPE_CHECKING:
    from .sim import HouseSim, fill_struct, play_rounds, sim_layout

# The simulation base loads on first use (it brings the parallel runner); so do the dealing engine
# and the stub policy (pyeval.house.dealing, pyeval.house.stub).
__getattr__, __dir__ = attach(__name__, dict.fromkeys(("HouseSim", "fill_struct", "play_rounds", "sim_layout"), "sim"),
                              ("sim", "dealing", "stub"))

__all__ = [
    "HouseArgumentError", "MAX_ODDS_TERM", "OddsLike", "check_int", "format_odds", "parse_odds", "winnings",
    "MAX_LINES", "LinePaytable", "PaidLine", "PaytableLine", "Rounding", "category_scale", "settle_line",
    "HouseSim", "fill_struct", "play_rounds", "sim_layout",
]

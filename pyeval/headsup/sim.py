"""The fast simulation path (C) and the exact Trips Plus and Pocket Bonus analyses.

* :class:`HeadsUpSim` for ``pyeval.simulate(HeadsUpSim(rules), rounds, ...)`` (the one runner,
  :func:`pyeval.simulation.simulate`): ``rounds`` single-player rounds of World Poker Tour Heads-Up Hold 'Em played
  in C with the documented basic strategy (:mod:`pyeval.headsup.strategy`), settled exactly as
  :func:`pyeval.headsup.settle.settle_player` does (58 Pa. Code § 677a.11(f), (h), (i)), with
  per-wager house edge, standard error and the hit frequency of every paytable line.
* :func:`play_batch`: the same rounds one by one (cards, decisions, per-wager nets), for checking
  against the Python procedure.
* :func:`trips_plus_exact` / :func:`pocket_bonus_exact`: the house edge of a Trips Plus paytable
  over all 133,784,560 seven-card hands and of a Pocket Bonus paytable over all 1,326 x 1,225
  player and dealer two-card hands, counted in C and combined with the paytable exactly
  (``fractions.Fraction``).

Cards for each round are the first eleven of a fresh uniform shuffle drawn by the shoe's C random
source (xoshiro256**, :mod:`pyeval.shoe`), so a seed reproduces a simulation exactly.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

from .._bindings import check, ffi, lib
from ..errors import TableRulesError, WagerNotAllowedError
from ..hands.high import HandCategory
from ..house.sim import HouseSim, play_rounds, ratios, sim_layout
from ..simulation import frequency, mean_and_stderr, ratio_and_stderr
from .rules import (
    AA_WITH_DEALER_AA, FLOP_CAP, POCKET_CLASSES, PREFLOP_CAP, WIN, HeadsUpPaytable, HeadsUpRules, HeadsUpWager,
    PaytableKind, RaiseAmounts, Rounding,
)

__all__ = ["HeadsUpSim", "play_batch", "HeadsUpSimResult", "HeadsUpWagerStats", "SimRound", "trips_plus_exact",
           "pocket_bonus_exact", "ExactAnalysis"]

_CATS = tuple(c.name for c in HandCategory)
_WAGERS = (HeadsUpWager.ANTE, HeadsUpWager.ODDS, HeadsUpWager.RAISE, HeadsUpWager.POCKET_BONUS, HeadsUpWager.TRIPS_PLUS)  # C order
#: C outcome code -> name (code 0, "wager not made", is never looked up).
_OUTCOMES: dict[int, str] = {1: "win", 2: "push", 3: "lose", 4: "bad beat"}
_CHUNK = 1 << 17


def _amounts(rules: HeadsUpRules, ante: int | None, pocket_bonus: int | None, trips_plus: int | None) -> tuple[int, int, int]:
    """The wagers per round (defaults: the smallest amounts every line pays in whole chips), checked."""
    if not isinstance(rules, HeadsUpRules):
        raise TableRulesError(f"rules must be a HeadsUpRules, got {type(rules).__name__}")
    unit_ante = math.lcm(rules.whole_chip_unit(HeadsUpWager.ANTE), rules.whole_chip_unit(HeadsUpWager.ODDS))
    if ante is None:
        ante = unit_ante
    if pocket_bonus is None:
        pocket_bonus = rules.whole_chip_unit(HeadsUpWager.POCKET_BONUS) if rules.pocket_bonus else 0
    if trips_plus is None:
        trips_plus = rules.whole_chip_unit(HeadsUpWager.TRIPS_PLUS) if rules.trips_plus else 0
    for name, v, lo in (("ante", ante, 1), ("pocket_bonus", pocket_bonus, 0), ("trips_plus", trips_plus, 0)):
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= 2**20:
            raise WagerNotAllowedError(f"{name} must be an int {lo}..{2**20} chips, got {v!r}")
    if pocket_bonus and rules.pocket_bonus is None:
        raise WagerNotAllowedError("this table does not offer the Pocket Bonus wager")
    if trips_plus and rules.trips_plus is None:
        raise WagerNotAllowedError("this table does not offer the Trips Plus wager")
    if rules.rounding is Rounding.EXACT:
        _check_whole_chips(rules, ante, pocket_bonus, trips_plus)
    return ante, pocket_bonus, trips_plus


def _check_whole_chips(rules: HeadsUpRules, ante: int, pocket_bonus: int, trips_plus: int) -> None:
    """Under ``Rounding.EXACT``, refuse an amount some line of its paytables would not pay in whole chips."""
    for w, amt in ((HeadsUpWager.ANTE, ante), (HeadsUpWager.ODDS, ante), (HeadsUpWager.POCKET_BONUS, pocket_bonus),
                   (HeadsUpWager.TRIPS_PLUS, trips_plus)):
        if amt % rules.whole_chip_unit(w):
            raise WagerNotAllowedError(f"{w.value} {amt} is not a multiple of {rules.whole_chip_unit(w)} "
                                       "(the table's rounding rule is EXACT)")


def _fields(rules: HeadsUpRules, ante: int, pocket_bonus: int, trips_plus: int) -> dict[str, object]:
    """The C configuration (``pe_hu_config``) as a field map: the paytables as per-class arrays,
    the wagers and the strategy's Raise multiples."""
    ar = rules.ante_raise.ratio(WIN)
    assert ar is not None  # HeadsUpRules requires the WIN line
    up_to = rules.raise_amounts is RaiseAmounts.UP_TO  # the strategy raises the largest amount allowed
    f: dict[str, object] = {"ante_num": ar[0], "ante_den": ar[1]}
    for prefix, pt, classes in (("odds", rules.odds, _CATS), ("bad", rules.bad_beat, _CATS),
                                ("trips", rules.trips_plus, _CATS), ("pocket", rules.pocket_bonus, POCKET_CLASSES)):
        f[f"{prefix}_num"], f[f"{prefix}_den"] = ratios(pt, classes)
    f.update(rounding=lib.PE_HU_ROUND_UP if rules.rounding is Rounding.UP else lib.PE_HU_ROUND_DOWN,
             preflop_mult=PREFLOP_CAP if up_to else max(rules.preflop_raise_multiples),
             flop_mult=FLOP_CAP if up_to else max(rules.flop_raise_multiples),
             ante=ante, pocket_wager=pocket_bonus, trips_wager=trips_plus, payout_cap=rules.payout_cap or 0)
    return f


class SimRound(NamedTuple):
    """One simulated round: ``cards`` (11 ints in shoe order: player, dealer, player, dealer, burn,
    flop x3, burn, turn, river), ``raise_street`` (0/1/2, or -1 folded), ``player_value``,
    ``dealer_value``, ``net`` and ``outcome`` (dicts by :class:`HeadsUpWager`, only wagers made)."""

    cards: tuple[int, ...]
    raise_street: int
    player_value: int
    dealer_value: int
    net: dict[HeadsUpWager, int]
    outcome: dict[HeadsUpWager, str]


def play_batch(rules: HeadsUpRules, rounds: int, seed: int, *, ante: int | None = None,
               pocket_bonus: int | None = None, trips_plus: int | None = None) -> list[SimRound]:
    """Play ``rounds`` rounds through the C simulation path and return each one (see :class:`SimRound`):
    :func:`pyeval.house.play_rounds` of :class:`HeadsUpSim`.

    The rounds are exactly the first ``rounds`` that :class:`HeadsUpSim` plays with the same seed
    (one stream).
    Raises: SeedError for a bad seed; TableRulesError / WagerNotAllowedError for a bad table or wager;
    HouseArgumentError for a bad ``rounds``.
    """
    return play_rounds(HeadsUpSim(rules, ante, pocket_bonus, trips_plus), rounds, seed)


@dataclass(frozen=True)
class HeadsUpWagerStats:
    """One wager over a simulation: ``amount`` (chips per round when made), ``staked`` and ``net``
    (player's total, chips), ``house_edge`` (house's mean win per round as a fraction of ``amount``;
    for the Raise, of the Ante), ``std_error`` (of ``house_edge``), the frequency of each outcome
    per round (``outcomes``) with its binomial standard error (``outcomes_std_error``), and
    ``placed`` (rounds the wager was made)."""

    amount: int
    staked: int
    net: int
    house_edge: float
    std_error: float
    outcomes: dict[str, float]
    outcomes_std_error: dict[str, float] = field(default_factory=dict)
    placed: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The wager in the house games' one JSON layout (:func:`pyeval.house.sim.sim_layout`)."""
        return {"amount": self.amount, "placed": self.placed, "staked": self.staked, "net": self.net,
                "house_edge": self.house_edge, "std_error": self.std_error,
                "outcomes": {k: {"frequency": f, "std_error": self.outcomes_std_error.get(k, 0.0)}
                             for k, f in self.outcomes.items()}}


@dataclass(frozen=True)
class HeadsUpSimResult:
    """What :func:`simulate` returns. ``house_edge`` / ``std_error``: the game (Ante + Odds + Raise)
    per Ante; ``element_of_risk`` / ``element_of_risk_std_error``: the house's win over everything
    staked on those three. ``wagers``: :class:`HeadsUpWagerStats` by wager name. ``lines``: for
    each paytable, each line's hit frequency (per round), its standard error and count.
    ``raise_streets``: share of rounds raised pre-flop, after the flop, at the end, folded (standard
    errors in ``raise_streets_std_error``). ``to_dict()`` is the house games' one JSON layout
    (docs/simulation.md)."""

    rounds: int
    seed: int
    streams: int
    table: str
    house_edge: float
    std_error: float
    element_of_risk: float
    wagers: dict[str, HeadsUpWagerStats]
    lines: dict[str, dict[str, dict[str, Any]]]
    raise_streets: dict[str, float]
    exact: dict[str, dict[str, Any]] = field(default_factory=dict)
    element_of_risk_std_error: float = 0.0
    raise_streets_std_error: dict[str, float] = field(default_factory=dict)
    raise_street_counts: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data in the house games' one layout (:func:`pyeval.house.sim.sim_layout`)."""
        n = self.rounds
        freqs: dict[str, dict[str, dict[str, Any]]] = {
            "raise_street": {k: {"count": self.raise_street_counts.get(k, 0), "frequency": f, "std_error": self.raise_streets_std_error.get(k, 0.0)}
                             for k, f in self.raise_streets.items()}}
        for table, lines in self.lines.items():
            freqs[f"{table}_lines"] = {c: dict(d) for c, d in lines.items()}
        main = {"wagers": ["ante", "odds", "raise"], "house_edge": self.house_edge, "std_error": self.std_error,
                "element_of_risk": self.element_of_risk, "element_of_risk_std_error": self.element_of_risk_std_error}
        return sim_layout("heads-up", self.table, n, self.seed, self.streams, main,
                          {k: v.to_dict() for k, v in self.wagers.items()}, freqs, self.exact)


@dataclass(frozen=True)
class HeadsUpSim(HouseSim[HeadsUpSimResult]):
    """World Poker Tour Heads-Up Hold 'Em for :func:`pyeval.simulate`: single-player rounds in C
    with the basic strategy at the table ``rules`` (a :class:`pyeval.house.HouseSim`: its
    paytables go to C as per-class arrays from a field map).

    ``ante``, ``pocket_bonus``, ``trips_plus``: chips per round (default: the smallest amounts every
    paytable line pays in whole chips, so rounding never distorts the figures; 0 = the optional
    wager is not made). The result is a :class:`HeadsUpSimResult`.

    Raises (from :meth:`check`): TableRulesError (bad rules), WagerNotAllowedError (bad wager).
    """

    rules: HeadsUpRules
    ante: int | None = None
    pocket_bonus: int | None = None
    trips_plus: int | None = None

    CONFIG: ClassVar[str] = "pe_hu_config"
    STATS: ClassVar[str] = "pe_hu_stats"
    ROUND: ClassVar[str] = "pe_hu_round"
    SIMULATE: ClassVar[str] = "pe_hu_simulate"
    PLAY_BATCH: ClassVar[str] = "pe_hu_play_batch"
    CHECK_CONFIG: ClassVar[str] = "pe_hu_check_config"
    CHUNK: ClassVar[int] = _CHUNK

    def _amounts(self) -> tuple[int, int, int]:
        return _amounts(self.rules, self.ante, self.pocket_bonus, self.trips_plus)

    def fields(self) -> Mapping[str, object]:
        """The ``pe_hu_config`` field map (raises the table's and the wagers' errors)."""
        return _fields(self.rules, *self._amounts())

    def summarise(self, totals: Any, rounds: int, seed: int, streams: int) -> HeadsUpSimResult:
        """Every figure, from the merged ``pe_hu_stats``."""
        return _result(self.rules, totals, rounds, seed, streams, *self._amounts())

    def round_record(self, r: Any) -> SimRound:
        """One ``pe_hu_round`` as a :class:`SimRound`."""
        made = [w for k, w in enumerate(_WAGERS) if r.outcome[k]]
        return SimRound(tuple(r.cards), r.raise_street, r.player_value, r.dealer_value,
                        {w: r.net[_WAGERS.index(w)] for w in made},
                        {w: _OUTCOMES[r.outcome[_WAGERS.index(w)]] for w in made})


def _result(rules: HeadsUpRules, acc: Any, n: int, seed: int, streams: int, ante: int, pb: int,
            tp: int) -> HeadsUpSimResult:
    wagers: dict[str, HeadsUpWagerStats] = {}
    for k, w in enumerate(_WAGERS):
        amount = {HeadsUpWager.POCKET_BONUS: pb, HeadsUpWager.TRIPS_PLUS: tp}.get(w, ante)
        if not amount:
            continue
        mean, se = mean_and_stderr(acc.net[k], acc.net_sq[k], n)
        made = sum(acc.outcomes[k][j] for j in range(1, 5))
        shown = [j for j in range(1, 5) if made and (j != 4 or w is HeadsUpWager.ODDS)
                 and (j != 2 or w not in (HeadsUpWager.POCKET_BONUS, HeadsUpWager.TRIPS_PLUS))]
        wagers[w.value] = HeadsUpWagerStats(
            amount, int(acc.staked[k]), int(acc.net[k]), -mean / amount, se / amount,
            {_OUTCOMES[j]: acc.outcomes[k][j] / n for j in shown},
            {_OUTCOMES[j]: float(frequency(acc.outcomes[k][j], n)["std_error"]) for j in shown}, int(made))
    mean, se = mean_and_stderr(acc.main_net, acc.main_sq, n)
    staked_main = acc.staked[0] + acc.staked[1] + acc.staked[2]
    eor, eor_se = ratio_and_stderr(-acc.main_net, staked_main, acc.main_sq, -acc.main_cross, acc.main_staked_sq, n)
    lines: dict[str, dict[str, dict[str, Any]]] = {}

    def line(name: str, pt: HeadsUpPaytable | None, hits: Any, classes: tuple[str, ...]) -> None:
        if pt is None:
            return
        d = {}
        for i, c in enumerate(classes):
            f = pt.odds(c)
            if f is not None:
                d[c] = {"odds": f"{f.numerator} to {f.denominator}", **frequency(hits[i], n)}
        lines[name] = d

    line("odds", rules.odds, acc.odds_hits, _CATS)
    line("bad_beat", rules.bad_beat, acc.bad_hits, _CATS)
    if pb:
        hits = list(acc.pocket_hits)
        line("pocket_bonus", rules.pocket_bonus, hits, POCKET_CLASSES)
    if tp:
        line("trips_plus", rules.trips_plus, acc.trips_hits, _CATS)
    names = ("preflop", "flop", "river", "fold")
    streets = {name: acc.raise_street[i] / n for i, name in enumerate(names)}
    streets_se = {name: float(frequency(acc.raise_street[i], n)["std_error"]) for i, name in enumerate(names)}
    return HeadsUpSimResult(n, seed, streams, rules.name, -mean / ante, se / ante, eor, wagers, lines, streets,
                            element_of_risk_std_error=eor_se, raise_streets_std_error=streets_se,
                            raise_street_counts={name: int(acc.raise_street[i]) for i, name in enumerate(names)})


class ExactAnalysis(NamedTuple):
    """An exact analysis of one optional wager: ``paytable`` (its name), ``total`` (equally likely
    cases), ``counts`` (cases per hand class; ``"LOSE"`` for losing cases), ``expected`` (player's
    expected net per 1 chip wagered, a ``Fraction``), ``house_edge`` (``-expected``) and
    ``house_edge_percent`` (float, for display)."""

    paytable: str
    total: int
    counts: dict[str, int]
    expected: Fraction
    house_edge: Fraction
    house_edge_percent: float


def _exact(pt: HeadsUpPaytable, counts: dict[str, int], lose: int) -> ExactAnalysis:
    total = sum(counts.values()) + lose
    pays = pt.payouts()
    ev = Fraction(sum(c * pays[k] for k, c in counts.items()) - lose, total)
    return ExactAnalysis(pt.name, total, {**counts, "LOSE": lose}, ev, -ev, float(-ev * 100))


def trips_plus_exact(paytable: HeadsUpPaytable) -> ExactAnalysis:
    """Exact house edge of a Trips Plus paytable (§ 677a.12(e)) over all 133,784,560 seven-card hands.

    Raises: TableRulesError when ``paytable`` is not a Trips Plus table.
    """
    if not isinstance(paytable, HeadsUpPaytable) or paytable.kind is not PaytableKind.TRIPS_PLUS:
        raise TableRulesError("trips_plus_exact needs a HeadsUpPaytable of kind TRIPS_PLUS")
    c = ffi.new("uint64_t[10]")
    check(lib.pe_hu_trips_exact(c), "pe_hu_trips_exact")
    counts = {_CATS[i]: int(c[i]) for i in range(HandCategory.THREE_OF_A_KIND, 10)}
    return _exact(paytable, counts, sum(int(c[i]) for i in range(3)))


def pocket_bonus_exact(paytable: HeadsUpPaytable) -> ExactAnalysis:
    """Exact house edge of a Pocket Bonus paytable (§ 677a.12(d)) over all 1,326 player hands and,
    for the dealer-also-holds-aces line, all 1,225 dealer hands (1,624,350 equally likely pairs).

    Raises: TableRulesError when ``paytable`` is not a Pocket Bonus table.
    """
    if not isinstance(paytable, HeadsUpPaytable) or paytable.kind is not PaytableKind.POCKET_BONUS:
        raise TableRulesError("pocket_bonus_exact needs a HeadsUpPaytable of kind POCKET_BONUS")
    c = ffi.new("uint64_t[21]")
    check(lib.pe_hu_pocket_exact(c), "pe_hu_pocket_exact")
    counts = {k: int(c[i]) for i, k in enumerate(POCKET_CLASSES)}
    if paytable.odds(AA_WITH_DEALER_AA) is None:
        counts["AA"] += counts.pop(AA_WITH_DEALER_AA)
    return _exact(paytable, counts, int(c[20]))

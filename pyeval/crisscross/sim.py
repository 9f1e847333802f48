"""Criss-Cross Poker in C: fast single-player simulation with the documented basic strategy
(:mod:`pyeval.crisscross.strategy`) for ``pyeval.simulate(CrissCrossSim(...), rounds, ...)`` and the
exact analysis of the Five Card Bonus.

The simulation draws each round's seven cards -- the cross in § 674a.9(b)'s dealing order (58 Pa.
Code § 674a.9(b)) then the two hole cards -- from the shoe's random source (``csrc/pe_shoe.h``:
xoshiro256** seeded by SplitMix64, unbiased partial Fisher-Yates), 1,024 rounds per batch, and
settles them against the table's paytables in C (``csrc/pe_crisscross.c``). Amounts are ints in
units of the Ante; rates are exact :class:`fractions.Fraction` values.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, ClassVar

from .._bindings import check, ffi, lib
from ..errors import HouseArgumentError
from ..house.sim import HouseSim, fill_struct, play_rounds, sim_layout
from ..simulation import frequency, mean_and_stderr, ratio_and_stderr
from .records import CrissCrossWager
from .rules import CrissCrossRules, CrissCrossPaytable

__all__ = ["CrissCrossSim", "CrissCrossSimResult", "CrissCrossWagerStats", "BonusAnalysis", "simulate_rounds",
           "bonus_exact", "CHUNK"]

#: Rounds dealt per batch (the C path's deck restarts in new-deck order at each batch).
CHUNK = 1024
_N_BOARDS = comb(52, 5)


def _fields(rules: CrissCrossRules, ante: int, bonus: int) -> dict[str, object]:
    """The C configuration (``pe_cc_config``) as a field map: the three line paytables and the wagers.

    Raises:
        HouseArgumentError: a wager out of range, multiples the basic strategy cannot bet, or a
        paytable the C path cannot take.
    """
    if type(ante) is not int or not 1 <= ante <= 2**38:
        raise HouseArgumentError(f"ante must be an int 1..2**38, got {ante!r}")
    if type(bonus) is not int or not 0 <= bonus <= 2**40:
        raise HouseArgumentError(f"bonus must be an int 0..2**40, got {bonus!r}")
    for name in ("across_multiples", "down_multiples", "middle_multiples"):
        if not {1, 3} <= set(getattr(rules, name)):
            raise HouseArgumentError(f"the basic strategy bets 1x and 3x; {name} is "
                                     f"{getattr(rules, name)}")
    return {"main_pt": rules.main_paytable, "ante_pt": rules.ante_paytable, "bonus_pt": rules.bonus_paytable,
            "ante": ante, "bonus_wager": bonus}


@dataclass(frozen=True, slots=True)
class CrissCrossWagerStats:
    """One wager over a simulation: times placed, total staked and the player's total net (ints in
    the table unit), and counts of wins, pushes and losses."""

    wager: CrissCrossWager
    placed: int
    staked: int
    net: int
    wins: int
    pushes: int
    losses: int
    net_sq: float = 0.0  # sum over rounds of the player's net squared (for standard errors)

    @property
    def house_edge(self) -> Fraction:
        """The house's win per unit staked on this wager in this sample (a simulated ratio; its
        standard error is :meth:`per_round`'s, per amount wagered)."""
        return Fraction(-self.net, self.staked) if self.staked else Fraction(0)

    def per_round(self, amount: int, rounds: int) -> tuple[float, float]:
        """The house's mean win per round as a share of ``amount`` (the chips one unit of the wager
        is: the Ante, or the Bonus wager) and its standard error, over ``rounds`` rounds."""
        mean, se = mean_and_stderr(-self.net, self.net_sq, rounds)
        return (mean / amount, se / amount) if amount else (0.0, 0.0)

    @property
    def hit_frequency(self) -> Fraction:
        """Fraction of placements that won."""
        return Fraction(self.wins, self.placed) if self.placed else Fraction(0)


@dataclass(frozen=True, slots=True)
class CrissCrossSimResult:
    """Totals of a simulation. ``folds[d]``: folds at the Across, Down, Middle decision."""

    rounds: int
    seed: int
    streams: int
    ante: int
    bonus: int
    folds: tuple[int, int, int]
    wagers: tuple[CrissCrossWagerStats, ...]
    main_sq: float = 0.0  # sums over rounds for the main game's standard errors: net^2,
    main_staked_sq: float = 0.0  # staked^2
    main_cross: float = 0.0  # and net x staked
    table: str = "Criss-Cross Poker"

    @property
    def game_net(self) -> int:
        """Player's net on the main game (Antes, Across, Down, Middle)."""
        return sum(w.net for w in self.wagers if w.wager is not CrissCrossWager.BONUS)

    @property
    def house_edge_per_ante(self) -> Fraction:
        """House win on the main game per unit of the two Antes (the usual house edge), in this
        sample (a simulated ratio: standard error :attr:`house_edge_std_error`)."""
        return Fraction(-self.game_net, 2 * self.ante * self.rounds) if self.rounds else Fraction(0)

    @property
    def house_edge_std_error(self) -> float:
        """Standard error of :attr:`house_edge_per_ante`."""
        return mean_and_stderr(-self.game_net, self.main_sq, self.rounds)[1] / (2 * self.ante)

    @property
    def element_of_risk(self) -> Fraction:
        """House win on the main game per unit of everything staked on it (in this sample)."""
        staked = sum(w.staked for w in self.wagers if w.wager is not CrissCrossWager.BONUS)
        return Fraction(-self.game_net, staked) if staked else Fraction(0)

    @property
    def element_of_risk_std_error(self) -> float:
        """Standard error of :attr:`element_of_risk` (delta method, :func:`pyeval.simulation.ratio_and_stderr`)."""
        staked = sum(w.staked for w in self.wagers if w.wager is not CrissCrossWager.BONUS)
        return ratio_and_stderr(-self.game_net, staked, self.main_sq, -self.main_cross, self.main_staked_sq,
                                self.rounds)[1]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data in the house games' one layout (:func:`pyeval.house.sim.sim_layout`;
        docs/simulation.md). Every figure is simulated and has its standard error."""
        n = self.rounds
        wagers: dict[str, dict[str, Any]] = {}
        for w in self.wagers:
            amount = self.bonus if w.wager is CrissCrossWager.BONUS else self.ante
            edge, se = w.per_round(amount, n)
            wagers[w.wager.name.lower()] = {
                "amount": amount, "placed": w.placed, "staked": w.staked, "net": w.net, "house_edge": edge,
                "std_error": se, "outcomes": {k: {"frequency": f["frequency"], "std_error": f["std_error"]}
                                              for k, f in (("win", frequency(w.wins, n)), ("push", frequency(w.pushes, n)),
                                                           ("lose", frequency(w.losses, n)))}}
        main = {"wagers": ["ante_across", "ante_down", "across", "down", "middle"],
                "house_edge": float(self.house_edge_per_ante), "std_error": self.house_edge_std_error,
                "element_of_risk": float(self.element_of_risk), "element_of_risk_std_error": self.element_of_risk_std_error}
        folds = {k: frequency(c, n) for k, c in zip(("across", "down", "middle"), self.folds)}
        return sim_layout("criss-cross", self.table, n, self.seed, self.streams, main, wagers, {"fold": folds})


@dataclass(frozen=True)
class CrissCrossSim(HouseSim[CrissCrossSimResult]):
    """Criss-Cross Poker for :func:`pyeval.simulate`: single-player rounds in C with the basic
    strategy (a :class:`pyeval.house.HouseSim`). ``rules``: the table's rules (paytables), default
    the documented defaults; ``ante``: each Ante, in table units; ``bonus``: the Five Card Bonus
    wager (0: not placed). The result is a :class:`CrissCrossSimResult`.

    Raises (from :meth:`check`): HouseArgumentError for a bad wager or paytable.
    """

    rules: CrissCrossRules | None = None
    ante: int = 1
    bonus: int = 1

    CONFIG: ClassVar[str] = "pe_cc_config"
    STATS: ClassVar[str] = "pe_cc_stats"
    ROUND: ClassVar[str] = "pe_cc_round"
    SIMULATE: ClassVar[str] = "pe_cc_simulate"
    PLAY_BATCH: ClassVar[str] = "pe_cc_play_batch"
    CHUNK: ClassVar[int] = CHUNK * 256

    @property
    def table(self) -> CrissCrossRules:
        """The rules played (the defaults when ``rules`` is None)."""
        return self.rules if self.rules is not None else CrissCrossRules()

    def fields(self) -> Mapping[str, object]:
        """The ``pe_cc_config`` field map (raises HouseArgumentError)."""
        return _fields(self.table, self.ante, self.bonus)

    def summarise(self, st: Any, rounds: int, seed: int, streams: int) -> CrissCrossSimResult:
        """Every figure, from the merged ``pe_cc_stats``."""
        wagers = tuple(CrissCrossWagerStats(CrissCrossWager(w), st.wins[w] + st.pushes[w] + st.losses[w],
                                            st.staked[w], st.net[w], st.wins[w], st.pushes[w], st.losses[w],
                                            st.net_sq[w])
                       for w in range(6))
        return CrissCrossSimResult(rounds, seed, streams, self.ante, self.bonus,
                                   (st.folds[0], st.folds[1], st.folds[2]), wagers, st.main_sq, st.main_staked_sq,
                                   st.main_cross)

    def round_record(self, r: Any) -> dict[str, object]:
        """One ``pe_cc_round`` as a dict (see :func:`simulate_rounds`)."""
        return {"cards": tuple(r.cards), "multiples": tuple(None if m < 0 else m for m in r.multiples),
                "values": (r.across_value, r.down_value, r.board_value),
                "staked": tuple(r.staked), "net": tuple(r.net)}


def _stream_stats(rules: CrissCrossRules, ante: int, bonus: int, seed: int, stream: int, rounds: int,
                  progress: Callable[[int], None] | None = None) -> bytes:
    """One stream's totals (the raw ``pe_cc_stats``): :meth:`HouseSim.run_stream`."""
    return CrissCrossSim(rules, ante, bonus).run_stream(seed, stream, rounds, progress)


def simulate_rounds(rounds: int, seed: int, *, rules: CrissCrossRules | None = None, ante: int = 1,
                    bonus: int = 1) -> list[dict[str, object]]:
    """Every round :class:`CrissCrossSim` plays (same seed, one stream) as a dict: ``cards`` (the seven
    cards in dealing order: the cross then the hole cards), ``multiples`` (per decision; 0 fold,
    None not reached), ``values`` (Across, Down, board), ``staked`` and ``net`` (per
    :class:`CrissCrossWager`): :func:`pyeval.house.play_rounds`. For tests and audits.

    Raises: HouseArgumentError (``rounds`` not 0..1,000,000, a bad wager), SeedError."""
    return play_rounds(CrissCrossSim(rules, ante, bonus), rounds, seed, limit=10**6)


@dataclass(frozen=True, slots=True)
class BonusAnalysis:
    """Exact Five Card Bonus over all 2,598,960 boards: ``counts[i]`` boards on paytable line i,
    ``losing`` boards below the last line."""

    paytable: CrissCrossPaytable
    counts: tuple[int, ...]
    losing: int

    @property
    def expected_return(self) -> Fraction:
        """Player's expected net per unit wagered (negative: the house's edge)."""
        win = sum((c * ln.odds for c, ln in zip(self.counts, self.paytable.lines)), Fraction(0))
        return (win - self.losing) / _N_BOARDS

    @property
    def house_edge(self) -> Fraction:
        """The house edge of the Five Card Bonus paytable, an exact fraction of the wager."""
        return -self.expected_return

    @property
    def hit_frequency(self) -> Fraction:
        """Probability that the wager wins (a push line does not count as a win)."""
        return Fraction(sum(c for c, ln in zip(self.counts, self.paytable.lines) if ln.odds), _N_BOARDS)

    def probability(self, line: int) -> Fraction:
        """Exact probability that a board pays paytable line ``line`` (over 2,598,960 boards)."""
        return Fraction(self.counts[line], _N_BOARDS)


def bonus_exact(paytable: CrissCrossPaytable | None = None) -> BonusAnalysis:
    """Enumerate every five-card board (in C) and count the boards on each line of the Five Card
    Bonus paytable (default: the table default). Raises HouseArgumentError for a paytable the C
    path cannot take."""
    pt = paytable if paytable is not None else CrissCrossRules().bonus_paytable
    if not isinstance(pt, CrissCrossPaytable):
        raise HouseArgumentError(f"paytable must be a CrissCrossPaytable, got {type(pt).__name__}")
    cfg = fill_struct("pe_cc_config", {"bonus_pt": pt})
    cpt = ffi.addressof(cfg, "bonus_pt")
    counts = ffi.new("uint64_t[17]")
    check(lib.pe_cc_bonus_exact(cpt, counts), "pe_cc_bonus_exact")
    n = len(pt.lines)
    return BonusAnalysis(pt, tuple(int(counts[i]) for i in range(n)), int(counts[n]))

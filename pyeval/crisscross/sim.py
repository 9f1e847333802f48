"""Criss-Cross Poker in C: fast single-player simulation with the documented basic strategy
(:mod:`pyeval.crisscross.strategy`) and the exact analysis of the Five Card Bonus.

The simulation draws each round's seven cards -- the cross in § 674a.9(b)'s dealing order (58 Pa.
Code § 674a.9(b)) then the two hole cards -- from the shoe's random source (``csrc/pe_shoe.h``:
xoshiro256** seeded by SplitMix64, unbiased partial Fisher-Yates), 1,024 rounds per batch, and
settles them against the table's paytables in C (``csrc/pe_crisscross.c``). Amounts are ints in
units of the Ante; rates are exact :class:`fractions.Fraction` values.
"""
from __future__ import annotations

import os

from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from fractions import Fraction
from math import comb

from .._bindings import check, ffi, lib
from ..errors import RunInterrupted, SeedError, ShoeArgumentError
from ..checkpoint import open_checkpoint, run_digest
from ..parallel import add_cdata, check_streams, run_streams, split, stream_rng
from ..shoe.rng import seeded_rng
from .round import Wager
from .rules import CrissCrossRules, Paytable

__all__ = ["SimulationResult", "WagerStats", "BonusAnalysis", "simulate", "simulate_rounds",
           "bonus_exact", "CHUNK"]

#: Rounds dealt per batch (the C path's deck restarts in new-deck order at each batch).
CHUNK = 1024
_N_BOARDS = comb(52, 5)


def _fill_paytable(dst: object, p: Paytable) -> None:
    dst.n = len(p.lines)  # type: ignore[attr-defined]
    for i, ln in enumerate(p.lines):
        if ln.odds.numerator >= 2**31 or ln.odds.denominator >= 2**31:
            raise ShoeArgumentError(f"paytable line {ln.label!r}: odds {ln.odds} too large for the "
                                    "C path (numerator and denominator must be < 2**31)")
        dst.min_value[i] = ln.min_value  # type: ignore[attr-defined]
        dst.num[i] = ln.odds.numerator  # type: ignore[attr-defined]
        dst.den[i] = ln.odds.denominator  # type: ignore[attr-defined]


def _config(rules: CrissCrossRules, ante: int, bonus: int) -> object:
    if type(ante) is not int or not 1 <= ante <= 2**38:
        raise ShoeArgumentError(f"ante must be an int 1..2**38, got {ante!r}")
    if type(bonus) is not int or not 0 <= bonus <= 2**40:
        raise ShoeArgumentError(f"bonus must be an int 0..2**40, got {bonus!r}")
    for name in ("across_multiples", "down_multiples", "middle_multiples"):
        if not {1, 3} <= set(getattr(rules, name)):
            raise ShoeArgumentError(f"the basic strategy bets 1x and 3x; {name} is "
                                    f"{getattr(rules, name)}")
    cfg = ffi.new("pe_cc_config *")
    _fill_paytable(cfg.main_pt, rules.main_paytable)
    _fill_paytable(cfg.ante_pt, rules.ante_paytable)
    _fill_paytable(cfg.bonus_pt, rules.bonus_paytable)
    cfg.ante = ante
    cfg.bonus_wager = bonus
    return cfg


def _rng(seed: int) -> object:
    return seeded_rng(seed)  # pyeval's one seed policy (:mod:`pyeval.shoe.rng`): SeedError when bad


@dataclass(frozen=True, slots=True)
class WagerStats:
    """One wager over a simulation: times placed, total staked and the player's total net (ints in
    the table unit), and counts of wins, pushes and losses."""

    wager: Wager
    placed: int
    staked: int
    net: int
    wins: int
    pushes: int
    losses: int

    @property
    def house_edge(self) -> Fraction:
        """The house's win per unit staked on this wager (exact for the sample)."""
        return Fraction(-self.net, self.staked) if self.staked else Fraction(0)

    @property
    def hit_frequency(self) -> Fraction:
        """Fraction of placements that won."""
        return Fraction(self.wins, self.placed) if self.placed else Fraction(0)


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """Totals of a simulation. ``folds[d]``: folds at the Across, Down, Middle decision."""

    rounds: int
    ante: int
    bonus: int
    folds: tuple[int, int, int]
    wagers: tuple[WagerStats, ...]

    @property
    def game_net(self) -> int:
        """Player's net on the main game (Antes, Across, Down, Middle)."""
        return sum(w.net for w in self.wagers if w.wager is not Wager.BONUS)

    @property
    def house_edge_per_ante(self) -> Fraction:
        """House win on the main game per unit of the two Antes (the usual house edge)."""
        return Fraction(-self.game_net, 2 * self.ante * self.rounds) if self.rounds else Fraction(0)

    @property
    def element_of_risk(self) -> Fraction:
        """House win on the main game per unit of everything staked on it."""
        staked = sum(w.staked for w in self.wagers if w.wager is not Wager.BONUS)
        return Fraction(-self.game_net, staked) if staked else Fraction(0)

    def as_dict(self) -> dict[str, object]:
        """Plain JSON-ready dict (rates as floats beside exact "num/den" strings)."""
        return {
            "rounds": self.rounds, "ante": self.ante, "bonus": self.bonus,
            "folds": dict(zip(("across", "down", "middle"), self.folds)),
            "house_edge_per_ante": float(self.house_edge_per_ante),
            "element_of_risk": float(self.element_of_risk),
            "wagers": {w.wager.name.lower(): {
                "placed": w.placed, "staked": w.staked, "net": w.net, "wins": w.wins,
                "pushes": w.pushes, "losses": w.losses, "house_edge": float(w.house_edge),
                "house_edge_exact": str(w.house_edge), "hit_frequency": float(w.hit_frequency)}
                for w in self.wagers},
        }


def simulate(rounds: int, seed: int, *, rules: CrissCrossRules | None = None, ante: int = 1,
             bonus: int = 1, progress: Callable[[int], None] | None = None, streams: int = 1,
             executor: Executor | None = None, checkpoint: str | os.PathLike[str] | None = None) -> SimulationResult:
    """Play ``rounds`` single-player rounds in C with the basic strategy.

    Args:
        rounds: number of rounds (>= 0). seed: int 0..2**256-1 (same seed, same rounds).
        rules: the table's rules (paytables); default the documented defaults.
        ante: each Ante, in table units; bonus: the Five Card Bonus wager (0: not placed).
        progress: called with the number of rounds finished after each block (each stream, with
            an executor).
        streams: independent streams of the seed (:mod:`pyeval.parallel`): stream ``k`` is the
            seed's generator jumped ``k`` times and plays its share of the rounds
            (:func:`pyeval.parallel.split`); totals are summed. ``streams=1`` is the plain run.
            The result depends on (seed, streams, rounds) only, never on the executor.
        executor: any ``concurrent.futures.Executor`` running one task per stream (processes,
            threads, Dask's ``Client.get_executor()``); None runs here.
        checkpoint: a file keeping each finished stream (:mod:`pyeval.checkpoint`): run again with
            the same arguments to resume; the totals equal an uninterrupted run's exactly.
    Raises:
        SeedError: a bad seed or stream count. ShoeArgumentError: a bad count, wager or paytable.
        CheckpointError: a checkpoint of another run, or unreadable.
    """
    if type(rounds) is not int or not 1 <= rounds <= 10**12:
        raise ShoeArgumentError(f"rounds must be an int 1..10**12, got {rounds!r}")
    rules = rules if rules is not None else CrissCrossRules()
    _config(rules, ante, bonus)
    _rng(seed)
    k = check_streams(streams)
    counts = split(rounds, k)
    ck = None
    if checkpoint is not None:  # finished streams are kept in the file; a resumed run plays the rest
        ck = open_checkpoint(checkpoint, {"game": "crisscross", "config": run_digest(rules, ante, bonus),
                                          "rounds": rounds, "streams": k}, seed)
        seed = ck.seed
    try:
        if executor is None and ck is None:  # here, with progress after each block of each stream
            parts = run_streams(lambda j, n: _stream_stats(rules, ante, bonus, seed, j, n, progress), counts, None)
        else:
            parts = run_streams(partial(_stream_stats, rules, ante, bonus, seed), counts, executor, progress,
                                done=ck.done if ck else None, on_done=ck.save if ck else None)
    except RunInterrupted as stop:  # Ctrl-C: the finished streams' totals are the partial result
        done_result = _totals(list(stop.partial.values()), stop.done, ante, bonus) if stop.done else None  # type: ignore[attr-defined]
        raise RunInterrupted(done_result, stop.done, stop.total) from None
    return _totals(parts, rounds, ante, bonus)


def _totals(parts: list[bytes], rounds: int, ante: int, bonus: int) -> SimulationResult:
    """The result of ``rounds`` rounds from the streams' raw ``pe_cc_stats``."""
    st = ffi.new("pe_cc_stats *")
    for b in parts:
        add_cdata(st, ffi.from_buffer("pe_cc_stats *", bytearray(b)))
    wagers = tuple(WagerStats(Wager(w), st.wins[w] + st.pushes[w] + st.losses[w], st.staked[w],
                              st.net[w], st.wins[w], st.pushes[w], st.losses[w]) for w in range(6))
    return SimulationResult(rounds, ante, bonus, (st.folds[0], st.folds[1], st.folds[2]), wagers)


def _stream_stats(rules: CrissCrossRules, ante: int, bonus: int, seed: int, stream: int, rounds: int,
                  progress: Callable[[int], None] | None = None) -> bytes:
    """One stream's totals (the raw ``pe_cc_stats``), played in blocks of ``CHUNK * 256`` rounds."""
    cfg = _config(rules, ante, bonus)
    rng = _rng(seed) if stream == 0 else stream_rng(seed, stream)
    st = ffi.new("pe_cc_stats *")
    block = CHUNK * 256
    done = 0
    while done < rounds:
        n = min(block, rounds - done)
        check(lib.pe_cc_simulate(cfg, rng, n, st), "pe_cc_simulate")
        done += n
        if progress is not None:
            progress(n)
    return bytes(ffi.buffer(st))


def simulate_rounds(rounds: int, seed: int, *, rules: CrissCrossRules | None = None, ante: int = 1,
                    bonus: int = 1) -> list[dict[str, object]]:
    """Every round of :func:`simulate` (same seed, same rounds) as a dict: ``cards`` (the seven
    cards in dealing order: the cross then the hole cards), ``multiples`` (per decision; 0 fold,
    None not reached), ``staked`` and ``net`` (per :class:`Wager`). For tests and audits."""
    if type(rounds) is not int or not 0 <= rounds <= 10**6:
        raise ShoeArgumentError(f"rounds must be an int 0..1000000, got {rounds!r}")
    rules = rules if rules is not None else CrissCrossRules()
    cfg = _config(rules, ante, bonus)
    rng = _rng(seed)
    out = ffi.new("pe_cc_round[]", max(rounds, 1))
    check(lib.pe_cc_play_batch(cfg, rng, rounds, out), "pe_cc_play_batch")
    res: list[dict[str, object]] = []
    for i in range(rounds):
        r = out[i]
        res.append({"cards": tuple(r.cards), "multiples": tuple(None if m < 0 else m for m in r.multiples),
                    "values": (r.across_value, r.down_value, r.board_value),
                    "staked": tuple(r.staked), "net": tuple(r.net)})
    return res


@dataclass(frozen=True, slots=True)
class BonusAnalysis:
    """Exact Five Card Bonus over all 2,598,960 boards: ``counts[i]`` boards on paytable line i,
    ``losing`` boards below the last line."""

    paytable: Paytable
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


def bonus_exact(paytable: Paytable | None = None) -> BonusAnalysis:
    """Enumerate every five-card board (in C) and count the boards on each line of the Five Card
    Bonus paytable (default: the table default). Raises ShoeArgumentError for a paytable the C
    path cannot take."""
    pt = paytable if paytable is not None else CrissCrossRules().bonus_paytable
    if not isinstance(pt, Paytable):
        raise ShoeArgumentError(f"paytable must be a Paytable, got {type(pt).__name__}")
    cpt = ffi.new("pe_cc_paytable *")
    _fill_paytable(cpt, pt)
    counts = ffi.new("uint64_t[17]")
    check(lib.pe_cc_bonus_exact(cpt, counts), "pe_cc_bonus_exact")
    n = len(pt.lines)
    return BonusAnalysis(pt, tuple(int(counts[i]) for i in range(n)), int(counts[n]))

#!/usr/bin/env python3
"""Measure the house edge the basic strategies give on the example / default paytables.

WPT Heads-Up Hold 'Em: :func:`pyeval.headsup.sim.simulate` on
:func:`pyeval.headsup.paytables.example_rules` without the optional wagers (Ante + Odds + Raise per
Ante, with the simulation's own standard error). Criss-Cross Poker:
:func:`pyeval.crisscross.sim.simulate` on the default rules without the Five Card Bonus (main game
per unit of the two Antes); its result carries no standard error, so the rounds are played as
``--batches`` independent seeds and the standard error is that of the batch means.

Usage: ``python tools/strategy_edges.py [--rounds N] [--batches K] [--seed S]``.
"""
from __future__ import annotations

import argparse
import math
import statistics


def main() -> None:
    from pyeval import simulate
    from pyeval.crisscross.sim import CrissCrossSim
    from pyeval.headsup.paytables import example_rules
    from pyeval.headsup.sim import HeadsUpSim

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=16_000_000, help="rounds per game (default 16M)")
    ap.add_argument("--batches", type=int, default=16, help="Criss-Cross seeds (default 16)")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    hu = simulate(HeadsUpSim(example_rules(), pocket_bonus=0, trips_plus=0), a.rounds, seed=a.seed)
    print(f"heads-up: {a.rounds:,} rounds, seed {a.seed}: house edge per Ante "
          f"{hu.house_edge:.4%} +- {hu.std_error:.4%}; raise streets "
          + ", ".join(f"{k} {v:.1%}" for k, v in hu.raise_streets.items()))
    per = a.rounds // a.batches
    edges = [float(simulate(CrissCrossSim(bonus=0), per, seed=a.seed + k).house_edge_per_ante) for k in range(a.batches)]
    se = statistics.stdev(edges) / math.sqrt(len(edges)) if len(edges) > 1 else float("nan")
    print(f"criss-cross: {a.batches} x {per:,} rounds, seeds {a.seed}..{a.seed + a.batches - 1}: "
          f"house edge per Ante {statistics.fmean(edges):.4%} +- {se:.4%}")


if __name__ == "__main__":
    main()

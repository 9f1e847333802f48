"""``pyeval simulate heads-up``: simulate World Poker Tour Heads-Up Hold 'Em in C.

Plays single-player rounds with the documented basic strategy on a table built from the EXAMPLE
paytables (:mod:`pyeval.headsup.paytables`; not Pennsylvania text: a live table uses the
certificate holder's approved paytables) and prints the per-wager house edge with its standard
error, the hit frequency of every paytable line, and the exact Trips Plus and Pocket Bonus edges.
"""
from __future__ import annotations

import argparse
import json
from typing import Any

from .paytables import EXAMPLE_PAYTABLES, example_rules
from .rules import PaytableKind
from .sim import HeadsUpSim, pocket_bonus_exact, trips_plus_exact

__all__ = ["register", "run"]


def _choices(kind: PaytableKind) -> list[str]:
    return [k for k, v in EXAMPLE_PAYTABLES.items() if v.kind is kind]


def register(subparsers: Any) -> None:
    """Add ``heads-up`` under ``pyeval simulate`` (:func:`pyeval.cli.add_command`)."""
    from ..cli import add_command, add_simulation_options

    p = add_command(
        subparsers, "heads-up", run, group="simulate",
        help="World Poker Tour Heads-Up Hold 'Em (58 Pa. Code ch. 677a), single player, basic strategy",
        description="Simulate single-player rounds of World Poker Tour Heads-Up Hold 'Em in C with the "
                    "documented basic strategy and EXAMPLE paytables from public descriptions (not "
                    "Pennsylvania text); also prints the exact Trips Plus and Pocket Bonus house edges.")
    p.add_argument("--trips", choices=_choices(PaytableKind.TRIPS_PLUS), default="trips-50-40-30-8-6-5-3",
                   help="example Trips Plus paytable")
    add_simulation_options(p)


def run(args: argparse.Namespace) -> int:
    """Run the simulation described by ``args``; print the report; return 0."""
    from ..cli import run_simulation

    rules = example_rules(trips_plus=EXAMPLE_PAYTABLES[args.trips])
    res = run_simulation(args, HeadsUpSim(rules))
    analyses = []
    if rules.trips_plus is not None:
        analyses.append(("trips_plus", trips_plus_exact(rules.trips_plus)))
    if rules.pocket_bonus is not None:
        analyses.append(("pocket_bonus", pocket_bonus_exact(rules.pocket_bonus)))
    exact: dict[str, dict[str, Any]] = {}
    for name, an in analyses:
        exact[name] = {"paytable": an.paytable, "cases": an.total, "house_edge": str(an.house_edge),
                       "house_edge_percent": an.house_edge_percent}
    data = res.to_dict()
    data["exact"] = exact
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    print(f"World Poker Tour Heads-Up Hold 'Em: {res.rounds:,} rounds, seed {res.seed}, basic strategy")
    print("EXAMPLE paytables (public descriptions, not PA text):")
    for pt in (rules.ante_raise, rules.odds, rules.bad_beat, rules.pocket_bonus, rules.trips_plus):
        if pt is not None:
            print(f"  {pt.kind.section}: {pt.name}")
    print(f"\nGame (Ante + Odds + Raise): house edge {100 * res.house_edge:.3f}% of the Ante "
          f"(standard error {100 * res.std_error:.3f}%), element of risk {100 * res.element_of_risk:.3f}%")
    print("amount: chips wagered per round (the smallest each paytable pays in whole chips); house edge:")
    print("the house's mean win per round as a share of the amount (for the Raise, of the Ante)")
    print(f"{'wager':14s} {'amount':>6s} {'house edge':>11s} {'std err':>9s}   outcomes")
    for name, w in res.wagers.items():
        outs = ", ".join(f"{k} {100 * v:.2f}%" for k, v in w.outcomes.items())
        print(f"{name:14s} {w.amount:6d} {100 * w.house_edge:10.3f}% {100 * w.std_error:8.3f}%   {outs}")
    print("Raise: " + ", ".join(f"{k} {100 * v:.2f}%" for k, v in res.raise_streets.items()))
    for table, lines in res.lines.items():
        print(f"\n{table} lines: hit frequency per round (count)")
        for cls, d in lines.items():
            print(f"  {cls:18s} {d['odds']:>11s}  {100 * d['frequency']:9.5f}%  ({d['count']:,})")
    print()
    for name, e in exact.items():
        made = res.wagers.get(name)
        sim = f"; simulated {100 * made.house_edge:.3f}% +/- {100 * made.std_error:.3f}%" if made else ""
        print(f"exact {name}: house edge {e['house_edge']} = {e['house_edge_percent']:.4f}% "
              f"over {e['cases']:,} cases{sim}")
    return 0

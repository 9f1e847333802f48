"""``pyeval simulate criss-cross --rounds N --seed S [--json]``: the C simulation path with the
documented basic strategy (:mod:`pyeval.crisscross.strategy`), per-wager house edge and hit
frequencies, and the exact Five Card Bonus over all 2,598,960 boards."""
from __future__ import annotations

import argparse
import json
from typing import Any

from .records import CrissCrossWager
from .rules import CrissCrossRules
from .sim import CrissCrossSim, bonus_exact

_NAMES = {CrissCrossWager.ANTE_ACROSS: "Ante Across", CrissCrossWager.ANTE_DOWN: "Ante Down",
          CrissCrossWager.ACROSS: "Across bet", CrissCrossWager.DOWN: "Down bet",
          CrissCrossWager.MIDDLE: "Middle bet", CrissCrossWager.BONUS: "Five Card Bonus"}


def register(subparsers: Any) -> None:
    """Add ``criss-cross`` under ``pyeval simulate`` (:func:`pyeval.cli.add_command`)."""
    from ..cli import add_command, add_simulation_options

    p = add_command(
        subparsers, "criss-cross", run, group="simulate",
        help="Criss-Cross Poker (58 Pa. Code ch. 674a), single player, basic strategy",
        description="Simulate single-player rounds of Criss-Cross Poker in C with the documented basic "
                    "strategy and the table's default paytables (configuration from public "
                    "descriptions, not Pennsylvania text); also prints the exact Five Card Bonus.")
    p.add_argument("--ante", type=int, default=1, help="each Ante in table units (default 1)")
    p.add_argument("--bonus", type=int, default=1, help="Five Card Bonus wager, 0 for none (default 1)")
    add_simulation_options(p)


def run(args: argparse.Namespace) -> int:
    """Run the simulation described by ``args``; print the report; return 0."""
    from ..cli import run_simulation

    rules = CrissCrossRules(min_ante=1)
    res = run_simulation(args, CrissCrossSim(rules, args.ante, args.bonus))
    exact = bonus_exact(rules.bonus_paytable)
    if args.json:
        out = res.to_dict()
        out["exact"] = {"five_card_bonus": {
            "paytable": "five card bonus", "cases": 2_598_960, "house_edge": str(exact.house_edge),
            "house_edge_percent": float(exact.house_edge * 100), "hit_frequency": str(exact.hit_frequency),
            "lines": {ln.label: {"odds": str(ln.odds), "boards": c}
                      for ln, c in zip(exact.paytable.lines, exact.counts)},
            "losing_boards": exact.losing}}
        print(json.dumps(out, indent=2))
        return 0
    print(f"Criss-Cross Poker: {res.rounds:,} rounds, seed {res.seed}, {res.streams} stream{'s' if res.streams != 1 else ''}, "
          f"Ante {res.ante} x 2, Bonus {res.bonus} (basic strategy; paytables are table configuration)")
    print(f"folds: Across {res.folds[0]:,}  Down {res.folds[1]:,}  Middle {res.folds[2]:,}")
    print("house edge: the house's mean win per round as a share of the wager's unit (the Ante, or the Bonus)")
    print(f"{'wager':<16}{'placed':>12}{'staked':>14}{'player net':>14}{'house edge':>12}{'std err':>9}"
          f"{'win':>9}{'push':>9}")
    for w in res.wagers:
        if not w.placed:
            continue
        edge, se = w.per_round(res.bonus if w.wager is CrissCrossWager.BONUS else res.ante, res.rounds)
        print(f"{_NAMES[w.wager]:<16}{w.placed:>12,}{w.staked:>14,}{w.net:>14,}"
              f"{edge:>11.3%} {se:>8.3%}{w.wins / w.placed:>8.3%} {w.pushes / w.placed:>8.3%}")
    print(f"main game house edge per Ante unit: {float(res.house_edge_per_ante):.3%} (standard error "
          f"{res.house_edge_std_error:.3%}); element of risk {float(res.element_of_risk):.3%} "
          f"(standard error {res.element_of_risk_std_error:.3%})")
    print(f"Five Card Bonus, exact over all 2,598,960 boards: house edge {exact.house_edge} = "
          f"{float(exact.house_edge):.4%}, hits {float(exact.hit_frequency):.4%}")
    return 0

"""``pyeval simulate criss-cross --rounds N --seed S [--json]``: the C simulation path with the
documented basic strategy (:mod:`pyeval.crisscross.strategy`), per-wager house edge and hit
frequencies, and the exact Five Card Bonus over all 2,598,960 boards."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .round import Wager
from .rules import CrissCrossRules
from ..errors import RunInterrupted
from ..parallel import add_cli_options, cli_executor
from .sim import bonus_exact, simulate

_NAMES = {Wager.ANTE_ACROSS: "Ante Across", Wager.ANTE_DOWN: "Ante Down", Wager.ACROSS: "Across bet",
          Wager.DOWN: "Down bet", Wager.MIDDLE: "Middle bet", Wager.BONUS: "Five Card Bonus"}


def register(subparsers: Any) -> None:
    """Add ``criss-cross`` under the shared ``pyeval simulate`` parser."""
    from ..cli import simulate_subparsers

    p = simulate_subparsers(subparsers).add_parser(
        "criss-cross", help="Criss-Cross Poker (58 Pa. Code ch. 674a), single player, basic strategy",
        description="Simulate single-player rounds of Criss-Cross Poker in C with the documented basic "
                    "strategy and the table's default paytables (configuration from public "
                    "descriptions, not Pennsylvania text); also prints the exact Five Card Bonus.")
    p.add_argument("--rounds", type=int, default=1_000_000, help="rounds to play (default 1,000,000)")
    p.add_argument("--seed", type=int, default=0, help="seed 0..2**256-1 (default 0): same seed, same rounds")
    p.add_argument("--ante", type=int, default=1, help="each Ante in table units (default 1)")
    p.add_argument("--bonus", type=int, default=1, help="Five Card Bonus wager, 0 for none (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_cli_options(p, 1, checkpoint=True)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the simulation described by ``args``; print the report; return status."""
    rules = CrissCrossRules(min_ante=1)
    bar: Any = None
    if not args.no_progress and not args.json and sys.stderr.isatty():
        from tqdm import tqdm
        bar = tqdm(total=args.rounds, unit="round", unit_scale=True, file=sys.stderr)
    elif not args.no_progress and args.rounds >= 10_000_000:
        from tqdm import tqdm
        bar = tqdm(total=args.rounds, unit="round", unit_scale=True, file=sys.stderr, mininterval=1.0)
    status = 0
    try:
        with cli_executor(args.workers, args.scheduler) as ex:
            res = simulate(args.rounds, args.seed, rules=rules, ante=args.ante, bonus=args.bonus,
                           progress=bar.update if bar is not None else None, streams=args.streams, executor=ex,
                           checkpoint=args.checkpoint)
    except RunInterrupted as stop:  # Ctrl-C: the workers are stopped; report the finished streams
        if stop.partial is None:
            raise
        res, status = stop.partial, 130  # type: ignore[assignment]
        print(f"pyeval: interrupted: {stop.done:,} of {stop.total:,} rounds done; the report below is for "
              "those", file=sys.stderr)
    finally:
        if bar is not None:
            bar.close()
    exact = bonus_exact(rules.bonus_paytable)
    if args.json:
        out = res.as_dict()
        out["seed"] = args.seed
        out["five_card_bonus_exact"] = {
            "boards": 2_598_960, "house_edge": float(exact.house_edge),
            "house_edge_exact": str(exact.house_edge), "hit_frequency": float(exact.hit_frequency),
            "lines": {ln.label: {"odds": str(ln.odds), "boards": c}
                      for ln, c in zip(exact.paytable.lines, exact.counts)},
            "losing_boards": exact.losing}
        print(json.dumps(out, indent=2))
        return status
    print(f"Criss-Cross Poker: {res.rounds:,} rounds, seed {args.seed}, Ante {res.ante} x 2, "
          f"Bonus {res.bonus} (basic strategy; paytables are table configuration)")
    print(f"folds: Across {res.folds[0]:,}  Down {res.folds[1]:,}  Middle {res.folds[2]:,}")
    print(f"{'wager':<16}{'placed':>12}{'staked':>14}{'player net':>14}{'house edge':>12}"
          f"{'win':>9}{'push':>9}")
    for w in res.wagers:
        if not w.placed:
            continue
        print(f"{_NAMES[w.wager]:<16}{w.placed:>12,}{w.staked:>14,}{w.net:>14,}"
              f"{float(w.house_edge):>11.3%} {w.wins / w.placed:>8.3%} {w.pushes / w.placed:>8.3%}")
    print(f"main game house edge per Ante unit: {float(res.house_edge_per_ante):.3%}  "
          f"(element of risk {float(res.element_of_risk):.3%})")
    print(f"Five Card Bonus, exact over all 2,598,960 boards: house edge {exact.house_edge} = "
          f"{float(exact.house_edge):.4%}, hits {float(exact.hit_frequency):.4%}")
    return status

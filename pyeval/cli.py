"""The ``pyeval`` command.

``pyeval eval "As Ks Qs Js Ts 9h 9d"`` evaluates and describes hands. Other subcommands live in
their feature's module, each exposing ``register(subparsers)`` that adds its parser and sets
``func`` (returning an exit code); they are listed in ``_SUBCOMMAND_MODULES``.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from typing import Any

from . import __version__
from .cards import format_cards, parse_cards
from .errors import CardCountError, PyevalError
from .evaluate import best_five, describe, evaluate, hand_category

#: Modules that add subcommands (each has ``register(subparsers) -> None``).
_SUBCOMMAND_MODULES: list[str] = ["pyeval.poker.cli", "pyeval.crisscross.cli", "pyeval.headsup.cli", "pyeval.equity.cli",
                                   "pyeval.poker.sim", "pyeval.hands_io.cli"]


def simulate_subparsers(subparsers: Any) -> Any:
    """The shared ``pyeval simulate`` parser's sub-subcommands (created on first use).

    Every game's simulation registers under it (``pyeval simulate criss-cross``, ``pyeval
    simulate heads-up``, ...): ``simulate_subparsers(subparsers).add_parser("my-game", ...)``.
    """
    sim = subparsers.choices.get("simulate")
    if sim is None:
        sim = subparsers.add_parser("simulate", help="simulate many rounds of a game in C",
                                    description="Simulate many rounds of a table game with a "
                                                "documented basic strategy.")
        sim.set_defaults(_simulate_games=sim.add_subparsers(dest="game", metavar="GAME", required=True))
    return sim.get_default("_simulate_games")


def _cmd_eval(args: argparse.Namespace) -> int:
    rows = []
    for text in args.hands:
        cards = parse_cards(text)
        if not 5 <= len(cards) <= 7:
            raise CardCountError(
                f"{text!r} has {len(cards)} card(s); a hand has 5-7 cards, and each argument is one "
                'hand: quote it, e.g. pyeval eval "As Kd Qh Jc Tc"'
            )
        value = evaluate(cards)
        five = best_five(cards)
        rows.append({"cards": format_cards(cards), "value": value, "description": describe(value),
                     "category": hand_category(value, royal=True).name, "best_five": format_cards(five)})
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for r in rows:
        print(f"{r['cards']}: {r['description']} | best five {r['best_five']} | value {r['value']} ({r['category']})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The ``pyeval`` argument parser, with every registered subcommand."""
    p = argparse.ArgumentParser(prog="pyeval", description="Poker hand evaluation and casino game procedures.")
    p.add_argument("--version", action="version", version=f"pyeval {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    e = sub.add_parser("eval", help="evaluate and describe 5-7 card hands given as text")
    e.add_argument("hands", nargs="+", help='one quoted argument per hand, e.g. "As Ks Qs Js Ts 9h 9d"')
    e.add_argument("--json", action="store_true", help="print the results as JSON")
    e.set_defaults(func=_cmd_eval)
    for name in _SUBCOMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pyeval`` console script; returns the exit code (2 on a pyeval error)."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except PyevalError as exc:
        print(f"pyeval: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:  # Ctrl-C: workers already stopped (pyeval.parallel); no traceback
        print(f"pyeval: {exc or 'interrupted'}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())

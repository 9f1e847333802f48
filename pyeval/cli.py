"""The ``pyeval`` command.

``pyeval eval "As Ks Qs Js Ts 9h 9d"`` evaluates and describes hands. Other subcommands live in
their feature's module, each exposing ``register(subparsers)`` that adds its parser and sets
``func`` (returning an exit code); they are listed in ``_SUBCOMMAND_MODULES``.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from . import __version__
from .cards import format_cards, parse_cards
from .errors import PyevalError
from .evaluate import best_five, describe, evaluate, hand_category

#: Modules that add subcommands (each has ``register(subparsers) -> None``).
_SUBCOMMAND_MODULES: list[str] = ["pyeval.holdem.cli", "pyeval.crisscross.cli", "pyeval.headsup.cli", "pyeval.equity.cli",
                                   "pyeval.holdem_sim"]


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
    for text in args.hands:
        cards = parse_cards(text)
        value = evaluate(cards)
        print(f"{format_cards(cards)}: {describe(value)} | best five {format_cards(best_five(cards))}"
              f" | value {value} ({hand_category(value, royal=True).name})")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pyeval", description="Poker hand evaluation and casino game procedures.")
    p.add_argument("--version", action="version", version=f"pyeval {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    e = sub.add_parser("eval", help="evaluate and describe 5-7 card hands given as text")
    e.add_argument("hands", nargs="+", help='a hand as text, e.g. "As Ks Qs Js Ts 9h 9d"')
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


if __name__ == "__main__":
    sys.exit(main())

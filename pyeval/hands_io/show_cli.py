"""``pyeval show FILE [--hand ID | --index N | --all]``: a recorded hand street by street.

Registered by ``pyeval.cli`` (``register(subparsers)``). The file is any format
:mod:`pyeval.hands_io` reads (any room of ``pyeval convert --from``, detected) or PHH
(``.phh``/``.phhs``). The table is drawn by :func:`pyeval.hands_io.show.render_hand`; ``--json``
prints :meth:`~pyeval.hands_io.show.HandView.to_dict` of each hand shown.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..cli import ExitCode, add_command, count_arg
from ..errors import HandHistoryError, PyevalError
from . import FORMATS, parse_file
from ._phh import HandHistory, load
from ._verify import verify
from .show import hand_view, render_hand


def register(subparsers: Any) -> None:
    """Add ``show`` to the ``pyeval`` parser."""
    p = add_command(
        subparsers, "show", run_show, help="show a recorded hand street by street (PHH or any room format pyeval reads)",
        description="Replay a hand of the file through pyeval's engine and print it street by street: the players "
                    "with their cards and results, then each action with the chips put in, the pot and the stack "
                    "after it, the board, the awards and the rake. Without --hand/--index/--all the file's first hand. "
                    "Each hand shown is checked against the replay as `convert` checks it; one that disagrees is "
                    "shown with the replay's figures and a warning. Exit status: 0 every hand shown verifies, 1 a "
                    "hand could not be read or does not verify, 2 the file could not be read.")
    p.add_argument("file", metavar="FILE", help="a hand-history file (PHH or a room's text/XML)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--hand", metavar="ID", help="the hand whose number (the room's, or PHH's `hand` field) is ID")
    which.add_argument("--index", type=count_arg(1), metavar="N", help="the file's N-th hand (1 = the first)")
    which.add_argument("--all", action="store_true", help="every hand of the file")
    p.add_argument("--from", dest="fmt", choices=sorted(FORMATS) + ["phh"], default=None,
                   help="input format (default: detected; .phh/.phhs files are PHH)")
    p.add_argument("--no-color", action="store_true", help="no colours (also when NO_COLOR is set or not a terminal)")


def _read(path: Path, fmt: str | None) -> list[tuple[str, HandHistory | None, str | None]]:
    """``(hand id, record, error)`` of every hand of ``path``."""
    if not path.is_file():
        raise HandHistoryError(f"{path}: no such file" if not path.exists() else f"{path}: not a regular file")
    if fmt == "phh" or (fmt is None and path.suffix in (".phh", ".phhs")):
        return [(str(hh.extra.get("hand", "")), hh, None) for hh in load(path)]
    out: list[tuple[str, HandHistory | None, str | None]] = []
    for h in parse_file(path, None if fmt in (None, "phh") else fmt, check=False):
        hid = str(h.hand.extra.get("hand", "")) if h.hand is not None else ""
        out.append((hid, h.hand, h.error))
    return out


def _choose(args: argparse.Namespace, hands: list[tuple[str, HandHistory | None, str | None]]
            ) -> list[tuple[str, HandHistory | None, str | None]]:
    """The hands ``--hand``/``--index``/``--all`` pick (the first without them)."""
    if not hands:
        raise HandHistoryError(f"{args.file}: no hands in it")
    if args.hand is not None:
        chosen = [h for h in hands if h[0] == args.hand.lstrip("#")]
        if not chosen:
            ids = [h[0] for h in hands if h[0]]
            raise HandHistoryError(f"{args.file}: no hand {args.hand}" + (
                f" (its hands: {', '.join(ids[:5])}{', ...' if len(ids) > 5 else ''})" if ids else
                " (its hands carry no numbers: use --index N)"))
    elif args.index is not None:
        if args.index > len(hands):
            raise HandHistoryError(f"{args.file}: --index {args.index}, but the file has {len(hands)} hand(s)")
        chosen = [hands[args.index - 1]]
    else:
        chosen = hands if args.all else hands[:1]
    return chosen


def run_show(args: argparse.Namespace) -> int:
    """Print the chosen hands, each checked against the replay as ``convert`` does; a hand that cannot
    be read or replayed, or that disagrees with the replay, is one line on stderr (exit 1)."""
    hands = _read(Path(args.file), args.fmt)
    chosen = _choose(args, hands)
    from rich.console import Console
    from rich.markup import escape

    # a pipe or a file gets 120 columns (rich's default of 80 wraps a hand's rows)
    console = Console(no_color=args.no_color or None, highlight=False, width=None if sys.stdout.isatty() else 120)
    status = ExitCode.OK
    data: list[dict[str, Any]] = []
    for i, (hid, hh, error) in enumerate(chosen):
        if hh is None:
            print(f"pyeval: {error}", file=sys.stderr)
            status = ExitCode.FAILED
            continue
        # the check `convert` and `replay` make (:func:`pyeval.hands_io.verify`), not a second one
        check = verify(hh)
        try:
            view = hand_view(hh, record=check.ok)
        except PyevalError as exc:
            print(f"pyeval: {hh.name or args.file}: cannot replay: {exc}", file=sys.stderr)
            status = ExitCode.FAILED
            continue
        if not check.ok:
            print(f"pyeval: warning: {hh.name or args.file}: the record disagrees with the replay: "
                  + "; ".join(check.problems) + " (the figures shown are the replay's)", file=sys.stderr)
            status = ExitCode.FAILED
        if args.json:
            data.append(view.to_dict() | {"verified": check.ok, "problems": list(check.problems),
                                          "figures": "record" if check.ok else "replay"})
            continue
        if i:
            console.print()
        render_hand(view, console)
        if not check.ok:
            console.print("[bold red]does not verify:[/] the record disagrees with the replay (figures shown: the "
                          "replay's): " + escape("; ".join(check.problems)))
    if args.json:
        print(json.dumps(data if args.all else (data[0] if data else None), indent=2))
    if len(chosen) == 1 and len(hands) > 1 and args.hand is None and args.index is None and not args.json:
        print(f"(hand 1 of {len(hands)} in the file: --hand ID, --index N or --all for others)", file=sys.stderr)
    return status

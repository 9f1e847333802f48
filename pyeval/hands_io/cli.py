"""``pyeval convert IN... --to phh|pokerstars`` and ``pyeval stats FILES...``.

Registered by ``pyeval.cli`` (``register(subparsers)``, through :func:`pyeval.cli.add_command`).
Inputs are room hand histories (any format of :data:`pyeval.hands_io.FORMATS`, detected per file) or
PHH files (``.phh``/``.phhs``); folders are searched. The hands read are counted on a progress bar
by the toolkit's one policy (:func:`pyeval.cli.progress_bar`: on a terminal, off with ``--json`` or
``--no-progress``).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..cli import add_command, progress_bar
from ..errors import HandHistoryError, PyevalError
from . import FORMATS, ImportedHand, iter_sources, parse_file, verify
from ._phh import HandHistory, dumps_many, load
from .export import hand_history_to_pokerstars
from .stats import player_stats

def register(subparsers: Any) -> None:
    """Add ``convert`` and ``stats`` to the ``pyeval`` parser."""
    c = add_command(
        subparsers, "convert", run_convert, json_option=False, help="convert room hand histories (PokerStars, Full Tilt, iPoker, ACPC) to PHH, or PHH to PokerStars text",
        description="Read each hand, replay it through pyeval's engine and check the recorded pot and winnings; "
                    "write the hands as PHH (.phhs) or PokerStars-style text. Hands that cannot be read, or whose "
                    "record disagrees with the replay, are reported on stderr with the reason (never changed). "
                    "Exit status: 0 every hand read and agreed, 1 some did not, 2 an input could not be read at all.")
    c.add_argument("inputs", nargs="+", metavar="IN", help="a hand-history file or a folder of them")
    c.add_argument("--to", choices=["phh", "pokerstars"], default="phh", help="output format (default phh)")
    c.add_argument("--from", dest="fmt", choices=sorted(FORMATS) + ["phh"], default=None,
                   help="input format (default: detected per file; .phh/.phhs files are PHH)")
    c.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    c.add_argument("--no-check", action="store_true", help="do not replay the hands through the engine")
    c.add_argument("--skip-bad", action="store_true", help="leave hands that disagree with the replay out of the output")
    c.add_argument("--show", type=int, default=20, metavar="N", help="report at most N bad hands (default 20)")
    c.add_argument("--no-progress", action="store_true", help="no progress bar")
    s = add_command(
        subparsers, "stats", run_stats, help="player statistics (VPIP, PFR, 3-bet, AF, WTSD, W$SD, net, bb/100) over hand histories",
        description="Statistics per player name over every hand of the files (room histories or PHH).")
    s.add_argument("inputs", nargs="+", metavar="FILE", help="hand-history files or folders")
    s.add_argument("--from", dest="fmt", choices=sorted(FORMATS) + ["phh"], default=None, help="input format")
    s.add_argument("--top", type=int, default=None, metavar="N", help="only the N players with the most hands")
    s.add_argument("--no-progress", action="store_true", help="no progress bar")


def _is_phh(path: Path, fmt: str | None) -> bool:
    return fmt == "phh" or (fmt is None and path.suffix in (".phh", ".phhs"))


def _hands(paths: list[Path], fmt: str | None, check: bool) -> Iterator[ImportedHand]:
    for p in paths:
        if _is_phh(p, fmt):
            for hh in load(p):
                yield ImportedHand(p.name, 0, "phh", hh, None, verify(hh) if check else None)
        else:
            yield from parse_file(p, None if fmt in (None, "phh") else fmt, check=check)


def _read(args: argparse.Namespace, paths: list[Path], check: bool) -> Iterator[ImportedHand]:
    """Every hand of the files, counted on the toolkit's progress bar (the total is unknown)."""
    with progress_bar(args, None, " hands") as progress:
        tick: Callable[[int], None] = progress if progress is not None else (lambda n: None)
        for h in _hands(paths, args.fmt, check):
            tick(1)
            yield h


def run_convert(args: argparse.Namespace) -> int:
    """Convert every input; report bad hands on stderr; return the exit code."""
    paths = list(iter_sources(args.inputs))
    if not paths:
        raise HandHistoryError(f"no files under {' '.join(args.inputs)}")
    good: list[HandHistory] = []
    texts: list[str] = []
    n = unreadable = disagree = 0
    reports: list[str] = []
    for h in _read(args, paths, not args.no_check):
        n += 1
        if h.hand is None:
            unreadable += 1
            reports.append(f"unreadable: {h.error}")
            continue
        bad = h.verification is not None and not h.verification.ok
        if bad:
            disagree += 1
            assert h.verification is not None
            reports.append(f"disagrees: {h.hand.name}: " + "; ".join(h.verification.problems))
            if args.skip_bad:
                continue
        if args.to == "phh":
            good.append(h.hand)
        else:
            try:
                texts.append(hand_history_to_pokerstars(h.hand, hand_id=len(texts) + 1))
            except PyevalError as exc:
                reports.append(f"not written: {h.hand.name}: {exc}")
                unreadable += 1
    out = dumps_many(good) if args.to == "phh" else "\n\n".join(texts)
    if args.output:
        Path(args.output).write_text(out, encoding="utf-8")
    else:
        sys.stdout.write(out)
    for r in reports[: args.show]:
        print(r, file=sys.stderr)
    if len(reports) > args.show:
        print(f"... and {len(reports) - args.show} more", file=sys.stderr)
    print(f"hands: {n}  converted: {len(good) if args.to == 'phh' else len(texts)}  unreadable: {unreadable}  "
          f"disagree with the replay: {disagree}", file=sys.stderr)
    return 1 if unreadable or disagree else 0


def run_stats(args: argparse.Namespace) -> int:
    """Print player statistics over every readable hand; unreadable hands are counted on stderr."""
    paths = list(iter_sources(args.inputs))
    if not paths:
        raise HandHistoryError(f"no files under {' '.join(args.inputs)}")
    hands: list[HandHistory] = []
    skipped = 0
    for h in _read(args, paths, False):
        if h.hand is None:
            skipped += 1
        else:
            hands.append(h.hand)
    st = player_stats(hands)
    if args.json:
        rows = st.rows()
        print(json.dumps(rows[: args.top] if args.top else rows, indent=2))
    else:
        print(st.table(args.top))
    print(f"hands: {len(hands)}" + (f"  unreadable (left out): {skipped}" if skipped else ""), file=sys.stderr)
    return 0

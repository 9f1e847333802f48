"""``pyeval replay PATH...``: replay PHH hand histories and check their finishing stacks."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import HandHistoryError
from . import phh


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand to the ``pyeval`` parser."""
    p = subparsers.add_parser(
        "replay", help="replay PHH hand histories (.phh/.phhs files or folders) and check finishing_stacks",
        description="Play every hand through pyeval's Hold'em engine (58 Pa. Code § 637a.11, § 637a.8) and "
                    "compare each final stack with the recorded finishing_stacks, to the chip. Exit status: "
                    "0 all match, 1 a mismatch, 2 a history that breaks the rules or cannot be read.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="a .phh/.phhs file, or a folder searched for them")
    p.add_argument("--show", type=int, default=10, metavar="N", help="list at most N mismatches (default 10)")
    p.add_argument("--progress", action="store_true", help="show a progress bar (tqdm) per file")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Replay every hand in ``args.paths``; print a summary; return the exit code."""
    hands = 0
    matches = 0
    fractional = 0
    no_record = 0
    mismatches: list[phh.ReplayResult] = []
    files = list(phh.iter_paths(args.paths))
    if not files:
        raise HandHistoryError(f"no .phh or .phhs files under {' '.join(args.paths)}")
    it: Any = files
    if args.progress:
        from tqdm import tqdm
        it = tqdm(files, unit="file")
    for path in it:
        for hh in phh.load(path):
            res = phh.check_replay(hh)  # HandHistoryError propagates: one-line error from pyeval.cli
            hands += 1
            if res.expected is None:
                no_record += 1
            elif res.matches:
                matches += 1
                fractional += res.scale != 1
            else:
                mismatches.append(res)
    print(f"files: {len(files)}  hands: {hands}  matches: {matches}  mismatches: {len(mismatches)}"
          + (f"  without finishing_stacks: {no_record}" if no_record else ""))
    if fractional:
        print(f"note: {fractional} matching hands record fractions of a chip (a split pot's odd chip halved); "
              "they were replayed in that finer unit")
    for res in mismatches[: args.show]:
        seat = res.first_diff
        assert seat is not None
        exp = res.expected[seat - 1] if res.expected else None
        print(f"mismatch {res.name}: first differing seat p{seat}: replayed {res.stacks[seat - 1]}"
              f" vs recorded {exp} (units of 1/{res.scale} chip)" if res.scale != 1 else
              f"mismatch {res.name}: first differing seat p{seat}: replayed {res.stacks[seat - 1]} vs recorded {exp}")
    if len(mismatches) > args.show:
        print(f"... and {len(mismatches) - args.show} more")
    sys.stdout.flush()
    return 1 if mismatches else 0

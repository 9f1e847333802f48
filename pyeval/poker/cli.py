"""``pyeval replay PATH...``: replay PHH hand histories and check their finishing stacks."""
from __future__ import annotations

import argparse
from typing import Any

from ..errors import HandHistoryError
from . import phh


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand to the ``pyeval`` parser (:func:`pyeval.cli.add_command`)."""
    from ..cli import add_command

    p = add_command(
        subparsers, "replay", run, json_option=False,
        help="replay PHH hand histories (.phh/.phhs files or folders) and check finishing_stacks",
        description="Play every hand through pyeval's poker engine (58 Pa. Code § 637a.11, § 637a.8) and "
                    "compare each final stack with the recorded finishing_stacks, to the chip. Exit status: "
                    "0 all match, 1 a mismatch, 2 a history that breaks the rules or cannot be read.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="a .phh/.phhs file, or a folder searched for them")
    p.add_argument("--show", type=int, default=10, metavar="N", help="list at most N mismatches (default 10)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    """Replay every hand in ``args.paths``; print a summary; return the exit code (1 on a mismatch)."""
    from ..cli import ExitCode, progress_bar

    hands = matches = fractional = no_record = 0
    mismatches: list[phh.ReplayResult] = []
    files = list(phh.iter_paths(args.paths))
    if not files:
        raise HandHistoryError(f"no .phh or .phhs files under {' '.join(args.paths)}")
    with progress_bar(args, len(files), " files") as progress:
        for path in files:
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
            if progress is not None:
                progress(1)
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
    return ExitCode.FAILED if mismatches else ExitCode.OK

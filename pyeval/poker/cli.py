"""``pyeval replay PATH...``: replay PHH hand histories and check their finishing stacks.

The check is :func:`pyeval.poker.phh.check_replay`, the one ``pyeval convert`` makes too: the replay
takes the house's recorded take (``_rake`` + ``_jackpot`` + ``_fees``) from the pots, and a record
that states something else the replay does not give (``_total_pot``) is a mismatch, said in words.

Every file and every hand is checked, and each failure reported on its own line (on stderr,
``pyeval: error: FILE[HAND]: ...``) while the run goes on; a summary follows on stdout. Exit
status: 0 every hand replays and matches; 1 a check failed (a finishing stack differs, or a record
breaks the rules or stops before the hand is settled); 2 input that cannot be read (a missing,
non-UTF-8 or malformed file, an unsupported table); 130 interrupted (Ctrl-C; the summary counts
the files and hands checked, and says how many were not reached). ``--fail-fast`` stops at the first failure.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..cli import ExitCode, progress_bar
from .._text import decode
from ..errors import HandHistoryError, PyevalError
from . import phh

#: Exit codes of ``pyeval replay``.
EXIT_OK, EXIT_FAILED, EXIT_UNREADABLE, EXIT_INTERRUPTED = (ExitCode.OK, ExitCode.FAILED, ExitCode.USAGE,
                                                        ExitCode.INTERRUPTED)


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand to the ``pyeval`` parser (:func:`pyeval.cli.add_command`)."""
    from ..cli import add_command, count_arg

    p = add_command(
        subparsers, "replay", run, json_option=False, help="replay PHH hand histories (.phh/.phhs files or folders) and check finishing_stacks",
        description="Play every hand through pyeval's poker engine (58 Pa. Code § 637a.11, § 637a.8) and "
                    "compare each final stack with the recorded finishing_stacks, to the chip, after the house's "
                    "recorded take (_rake + _jackpot + _fees, taken from the pots main pot first); the recorded "
                    "_total_pot is checked too (the same check as pyeval convert). Every file and "
                    "hand is checked and each failure reported on one line. Exit status: 0 all match, 1 a "
                    "check failed (a mismatch, a record that breaks the rules, stops early or has a hand that cannot "
                    "be read), 2 a file that cannot be read at all, 130 interrupted.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="a .phh/.phhs file, or a folder searched for them")
    p.add_argument("--show", type=count_arg(0), default=10, metavar="N", help="list at most N mismatches and N errors (default 10)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--fail-fast", action="store_true", help="stop at the first hand or file that fails")
    p.add_argument("--strict", action="store_true",
                   help="require the § 637a.18(e) showdown order even when every hand is all-in and tabled at once")


def _files(paths: list[str], errors: list[tuple[int, str]]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        try:
            files.extend(phh.iter_paths([raw]))
        except HandHistoryError as exc:
            errors.append((EXIT_UNREADABLE, str(exc)))
    return files


def _fail(code: int, message: str) -> int:
    """``--fail-fast``: the one-line error of the first failure, and its exit code."""
    print(f"pyeval: error: {message}", file=sys.stderr)
    return code


class _Tally:
    """What a replay has done so far: the counts of the summary."""

    def __init__(self, files: list[Path], errors: list[tuple[int, str]]) -> None:
        self.files = files
        self.errors = errors  # (exit code, one-line message), in order
        self.reached = 0  # files opened (the last may have stopped part-way)
        self.hands = self.matches = self.fractional = self.no_record = 0
        self.mismatches: list[phh.ReplayResult] = []
        self.per_file: dict[str, list[int]] = {}  # file -> [hands, matches, mismatches, errors], with a failure
        self.part_way: tuple[Path, int, int] | None = None  # (file, hands checked, hands in it) when cut short


def _room_text_hint(path: Path, exc: HandHistoryError) -> HandHistoryError:
    """``exc``, or, when the file that is not TOML is a room's hand history, an error that says so and
    names the command that reads it."""
    if "TOML" not in str(exc):
        return exc
    from ..hands_io import detect_format  # the room readers (imported on use: they import the PHH model)

    try:
        fmt = detect_format(decode(path.read_bytes())[0])
    except (PyevalError, OSError):
        return exc
    return HandHistoryError(f"{path}: this is a {fmt} hand history, not PHH (TOML): read it with "
                            f"`pyeval convert {path} -o hands.phhs` (which also replays every hand), then "
                            "replay hands.phhs")


def _replay_file(args: argparse.Namespace, t: _Tally, path: Path) -> int | None:
    """Replay one file into ``t``; returns an exit code to stop with now (``--fail-fast``), else None.
    A Ctrl-C propagates, with the counts of the hands finished so far in ``t``."""
    try:
        hhs = phh.load(path)
    except HandHistoryError as exc:
        exc = _room_text_hint(path, exc)
        t.reached += 1
        if args.fail_fast:
            return _fail(EXIT_UNREADABLE, str(exc))
        t.errors.append((EXIT_UNREADABLE, str(exc)))
        t.per_file[str(path)] = [0, 0, 0, 1]
        return None
    t.reached += 1
    stats = [0, 0, 0, 0]
    try:
        for done, hh in enumerate(hhs):
            t.part_way = (path, done, len(hhs))
            try:
                res = phh.check_replay(hh, strict=args.strict)
            except HandHistoryError as exc:
                code = EXIT_FAILED  # a hand that cannot be read or replayed: a check failed, as in show/convert/stats
                if args.fail_fast:
                    return _fail(code, str(exc))
                t.errors.append((code, str(exc)))
                stats[3] += 1
            except Exception as exc:  # a fault of pyeval itself: reported, and the run goes on
                msg = f"{hh.name}: internal error (please report): {type(exc).__name__}: {exc}"
                if args.fail_fast:
                    return _fail(EXIT_FAILED, msg)
                t.errors.append((EXIT_FAILED, msg))
                stats[3] += 1
            else:
                if res.expected is None and not res.problems:
                    t.no_record += 1
                elif res.matches:
                    t.matches += 1
                    stats[1] += 1
                    t.fractional += res.scale != 1
                else:
                    t.mismatches.append(res)
                    stats[2] += 1
            t.hands += 1
            stats[0] += 1
            if args.fail_fast and t.mismatches:
                t.part_way = (path, done + 1, len(hhs)) if done + 1 < len(hhs) else None
                return None
        t.part_way = None
    finally:
        if stats[2] or stats[3]:
            t.per_file[str(path)] = stats
    return None


def run(args: argparse.Namespace) -> int:
    """Replay every hand in ``args.paths``; report failures and a summary; return the exit code."""
    errors: list[tuple[int, str]] = []
    files = _files(list(args.paths), errors)
    if errors and args.fail_fast:
        return _fail(*errors[0])
    if not files and not errors:
        raise HandHistoryError(f"no .phh or .phhs files under {' '.join(args.paths)}")
    t = _Tally(files, errors)
    interrupted = False
    try:
        with progress_bar(args, len(files), " files") as progress:
            for path in files:
                code = _replay_file(args, t, path)
                if code is not None:
                    return code
                if progress is not None:
                    progress(1)
                if args.fail_fast and t.mismatches:
                    break
    except KeyboardInterrupt:  # Ctrl-C: report what was replayed so far
        interrupted = True
    _report(args, t)
    if interrupted:
        left = len(files) - t.reached
        print(f"pyeval: interrupted: the counts cover the {t.hands} hands checked; {left} of {len(files)} "
              f"files not reached", file=sys.stderr)
        return EXIT_INTERRUPTED
    worst: int = max((c for c, _ in errors), default=EXIT_OK)
    return max(worst, EXIT_FAILED if t.mismatches else EXIT_OK)


def _report(args: argparse.Namespace, t: _Tally) -> None:
    """The errors (stderr), the summary, the files with a failure and the mismatches (stdout)."""
    for _, msg in t.errors[: args.show]:
        print(f"pyeval: error: {msg}", file=sys.stderr)
    if len(t.errors) > args.show:
        print(f"pyeval: ... and {len(t.errors) - args.show} more errors", file=sys.stderr)
    sys.stderr.flush()
    n = len(t.files)
    files = f"{n}" if t.reached == n else f"{t.reached} of {n} checked (not reached: {n - t.reached})"
    print(f"files: {files}  hands: {t.hands}  matches: {t.matches}  mismatches: {len(t.mismatches)}"
          f"  errors: {len(t.errors)}" + (f"  without finishing_stacks: {t.no_record}" if t.no_record else "")
          + (f"  files with a failure: {len(t.per_file)}" if t.per_file else ""))
    if t.part_way is not None:
        path, done, total = t.part_way
        print(f"stopped part-way through {path}: {done} of its {total} hands checked, {total - done} not reached")
    for i, (name, (h, m, x, e)) in enumerate(t.per_file.items()):
        if i == args.show:
            print(f"... and {len(t.per_file) - args.show} more files with a failure")
            break
        print(f"file {name}: hands {h}  matches {m}  mismatches {x}  errors {e}")
    if t.fractional:
        print(f"note: {t.fractional} matching hand{'s' if t.fractional != 1 else ''} record{'s' if t.fractional == 1 else ''} fractions of a chip (a split pot's odd chip halved); "
              "they were replayed in that finer unit")
    for res in t.mismatches[: args.show]:
        seat = res.first_diff
        if seat is None or res.problems:  # convert's and stats' wording (record_problems), one for all commands
            print(f"mismatch {res.name}: {'; '.join(res.problems)}")
            continue
        exp = res.expected[seat - 1] if res.expected else None
        print(f"mismatch {res.name}: first differing seat p{seat}: replayed {res.stacks[seat - 1]}"
              f" vs recorded {exp} (units of 1/{res.scale} chip)" if res.scale != 1 else
              f"mismatch {res.name}: first differing seat p{seat}: replayed {res.stacks[seat - 1]} vs recorded {exp}")
    if len(t.mismatches) > args.show:
        print(f"... and {len(t.mismatches) - args.show} more")
    sys.stdout.flush()

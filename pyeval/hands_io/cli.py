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

from .._files import check_writable, write_atomic
from ..cli import add_command, count_arg, progress_bar
from ..errors import HandHistoryError, PyevalError
from . import FORMATS, NOT_A_HAND_HISTORY, HandParseError, ImportedHand, iter_sources, parse_file, verify
from ._phh import HandHistory, dumps_many, load
from .acpc import load_game
from .export import hand_history_to_pokerstars, room_hand_id
from .stats import NOT_REPLAYABLE, stats_by_unit, without_duplicates

def register(subparsers: Any) -> None:
    """Add ``convert`` and ``stats`` to the ``pyeval`` parser."""
    c = add_command(
        subparsers, "convert", run_convert, json_option=False, help="convert room hand histories (see --from) to PHH, or PHH to PokerStars text",
        description="Read each hand, replay it through pyeval's engine and check the recorded pot and winnings; "
                    "write the hands as PHH (.phhs) or PokerStars-style text. Hands that cannot be read, or whose "
                    "record disagrees with the replay, are reported on stderr with the reason (never changed). "
                    "Exit status: 0 every hand read and agreed, 1 some did not, 2 an input could not be read at all.")
    c.add_argument("inputs", nargs="+", metavar="IN", help="a hand-history file or a folder of them")
    c.add_argument("--to", choices=["phh", "pokerstars"], default="phh", help="output format (default phh)")
    c.add_argument("--from", dest="fmt", choices=sorted(FORMATS) + ["phh"], default=None,
                   help="input format (default: detected per file; .phh/.phhs files are PHH)")
    c.add_argument("--game", metavar="FILE", default=None,
                   help="ACPC logs: the game definition (.game file: limit/nolimit, blinds, raise sizes, players, "
                        "rounds, first player per round); default the heads-up no-limit competition game")
    c.add_argument("-o", "--output", metavar="FILE",
                   help="write here instead of stdout (- is stdout); a regular file is replaced whole and atomically "
                        "(a temporary file renamed over it), a character device such as /dev/null is written directly")
    c.add_argument("--no-check", action="store_true", help="do not replay the hands through the engine")
    c.add_argument("--skip-bad", action="store_true", help="leave hands that disagree with the replay out of the output")
    c.add_argument("--show", type=count_arg(0), default=20, metavar="N", help="report at most N bad hands (default 20)")
    c.add_argument("--no-progress", action="store_true", help="no progress bar")
    s = add_command(
        subparsers, "stats", run_stats, help="player statistics (VPIP, PFR, 3-bet, AF, WTSD, W$SD, net, bb/100) over hand histories",
        description="Statistics per player name over every hand of the files (room histories or PHH). "
                    "Exit status: 0 every hand counted (or left out only as unverified), 1 a hand could not "
                    "be read or replayed (left out and said), 2 an input could not be read at all. "
                    "bb/100 is the average over a player's hands of each hand's net divided by that hand's own "
                    "big blind (the small bet in fixed limit and stud), times 100: over several stakes it can have "
                    "the opposite sign to the net.")
    s.add_argument("inputs", nargs="+", metavar="FILE", help="hand-history files or folders")
    s.add_argument("--from", dest="fmt", choices=sorted(FORMATS) + ["phh"], default=None, help="input format")
    s.add_argument("--game", metavar="FILE", default=None, help="ACPC logs: the game definition (.game file)")
    s.add_argument("--top", type=count_arg(1), default=None, metavar="N", help="only the N players with the most hands")
    s.add_argument("--graph", action="store_true", help="also print each player's winnings over his hands as a sparkline")
    s.add_argument("--plot", metavar="FILE", default=None,
                   help="also draw the winnings graph (net, before rake, all-in adjusted) in FILE.png/.svg/.pdf "
                        "(needs the plot extra: pip install \"pyeval-poker[plot]\")")
    s.add_argument("--include-unverified", action="store_true",
                   help="also count hands whose record disagrees with the replay or states no results "
                        "(default: verified hands only; the others are counted and their reasons said)")
    s.add_argument("--no-progress", action="store_true", help="no progress bar")


def _is_phh(path: Path, fmt: str | None) -> bool:
    return fmt == "phh" or (fmt is None and path.suffix in (".phh", ".phhs"))


def _hands(p: Path, fmt: str | None, check: bool, named: tuple[str, ...],
           options: dict[str, Any] | None = None) -> Iterator[ImportedHand]:
    """Every hand of the file ``p``. A file not read at all is one ImportedHand without a hand and
    with format ``""``, or ``"skip"`` when it is no hand history and was found in a folder (not one
    of the files ``named`` on the command line)."""
    try:
        if _is_phh(p, fmt):
            for hh in load(p):
                yield ImportedHand(str(p), 0, "phh", hh, None, verify(hh) if check else None)
        else:
            count = 0
            for h in parse_file(p, None if fmt in (None, "phh") else fmt, check=check, **(options or {})):
                count += 1
                yield h
            if not count:  # e.g. --from naming another format than the file's
                yield ImportedHand(str(p), 0, "", None, f"{p}: no {fmt} hand history in it")
    except HandHistoryError as exc:  # a whole file unread (no hand history, not UTF-8, bad TOML): go on
        skip = (isinstance(exc, HandParseError) and exc.reason.startswith(NOT_A_HAND_HISTORY)
                and str(p) not in named)
        yield ImportedHand(str(p), 0, "skip" if skip else "", None, str(exc))


def _read(args: argparse.Namespace, paths: list[Path], check: bool) -> Iterator[ImportedHand]:
    """Every hand of the files, counted on the toolkit's progress bar (the total is unknown)."""
    named = _named(args.inputs)
    options: dict[str, Any] = {}
    if getattr(args, "game", None):
        if args.fmt not in (None, "acpc"):
            raise HandHistoryError(f"--game is an ACPC game definition: use it with --from acpc, not --from {args.fmt}")
        options["acpc_game"] = load_game(args.game)
    with progress_bar(args, None, " hands") as progress:
        tick: Callable[[int], None] = progress if progress is not None else (lambda n: None)
        for p in paths:
            for h in _hands(p, args.fmt, check, named, options):
                tick(1)
                yield h


def run_convert(args: argparse.Namespace) -> int:
    """Convert every input; report bad hands on stderr; return the exit code."""
    paths = list(iter_sources(args.inputs))
    if not paths:
        raise HandHistoryError(f"no files under {' '.join(args.inputs)}")
    args.output = _check_output(args.output)
    good: list[HandHistory] = []
    texts: list[str] = []
    kept: list[HandHistory] = []
    n = unreadable = disagree = files_unread = 0
    reports: list[str] = []
    for h in _read(args, paths, not args.no_check):
        n += 1
        if h.format == "skip":  # a README in a folder of hand histories: said, no failure
            n -= 1
            reports.append(f"skipped (not a hand history): {h.source}")
            continue
        if h.hand is None and not h.format:  # the whole file
            files_unread += 1
            reports.append(f"unreadable file: {h.error}")
            continue
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
        kept.append(h.hand)
        if args.to == "phh":
            good.append(h.hand)
        elif not _append_text(h.hand, texts, reports):
            unreadable += 1
    if len(kept) > len(without_duplicates(kept)[0]):  # written as read, but said (issue: duplicates)
        reports.insert(0, f"duplicate hands read: {len(kept) - len(without_duplicates(kept)[0])} "
                          "(the same venue and hand number, or the same record, more than once)")
    converted = len(good) if args.to == "phh" else len(texts)
    out = (dumps_many(good) if args.to == "phh" else "\n\n".join(texts)) if converted else ""
    if args.output is not None and converted:  # all at once (a temporary file renamed over it) or not at all
        write_atomic(args.output, out, what="output", error=HandHistoryError)
    elif args.output is not None:
        reports.insert(0, f"nothing converted: {args.output} not written" + (" (left as it was)" if Path(args.output).exists() else ""))
    else:
        sys.stdout.write(out)
    for r in reports[: args.show]:
        print(r, file=sys.stderr)
    if len(reports) > args.show:
        print(f"... and {len(reports) - args.show} more", file=sys.stderr)
    print(f"hands: {n - files_unread}  converted: {converted}  unreadable hands: "
          f"{unreadable}  disagree with the replay: {disagree}"
          + (f"  files not read: {files_unread}" if files_unread else ""), file=sys.stderr)
    return 2 if files_unread else 1 if unreadable or disagree else 0


def _report_left_out(left_out: list[tuple[str, str]]) -> None:
    """The hands left out of the statistics: how many for each reason, then the first 20 by name."""
    if not left_out:
        return
    why: dict[str, int] = {}
    for _, reason in left_out:
        kind = reason.split(":", 1)[0]
        why[kind] = why.get(kind, 0) + 1
    print("pyeval: left out of the statistics: " + ", ".join(f"{k} {v}" for k, v in why.items())
          + " (--include-unverified counts the unverified ones)", file=sys.stderr)
    for name, reason in left_out[:20]:
        print(f"pyeval: left out: {name}: {reason}", file=sys.stderr)
    if len(left_out) > 20:
        print(f"pyeval: ... and {len(left_out) - 20} more left out", file=sys.stderr)


def _append_text(hh: HandHistory, texts: list[str], reports: list[str]) -> bool:
    """Add ``hh`` as PokerStars text to ``texts`` under the room's hand number (else #1, #2 ... in
    order); False, said in ``reports``, when it cannot be written."""
    try:
        hid = room_hand_id(hh)  # the room's own text ("OM123", "123-45-678", ACPC's "0")
        texts.append(hand_history_to_pokerstars(hh, hand_id=hid if hid is not None else len(texts) + 1))
    except PyevalError as exc:
        reports.append(f"not written: {hh.name}: {exc}")
        return False
    return True


def _named(inputs: list[str]) -> tuple[str, ...]:
    """The files named on the command line (as :func:`iter_sources` yields them), not folders."""
    return tuple(str(Path(a)) for a in inputs if not Path(a).is_dir())


def _check_output(name: str | None) -> str | None:
    """``-o FILE`` checked before the work, not after it (:func:`check_writable`); None for stdout
    (no ``-o``, or ``-o -`` by the usual convention)."""
    if name is None or name == "-":
        return None
    path = Path(name)
    if name and path.is_dir():
        raise HandHistoryError(f"-o {path}: is a folder; name a file in it, e.g. {path / 'hands.phhs'}")
    check_writable(name, what="output (-o)", error=HandHistoryError)
    return name


def _stats_inputs(args: argparse.Namespace, paths: list[Path], say: Callable[[str], None]
                  ) -> tuple[list[HandHistory], list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """``pyeval stats``'s reading: the hands read, the unreadable hands of files that were read
    (``{"source", "line", "error"}``), the files not read at all (``{"file", "error"}``) and the files
    that are no hand history; each said through ``say`` as it comes."""
    hands: list[HandHistory] = []
    not_hands: list[str] = []
    unreadable: list[dict[str, Any]] = []
    unread: list[dict[str, Any]] = []
    for h in _read(args, paths, False):
        if h.format == "skip":
            not_hands.append(h.source)
            say(f"pyeval: skipped (not a hand history): {h.source}")
        elif h.hand is None and not h.format:  # a whole file unread: said, not silently left out
            unread.append({"file": h.source, "error": h.error})
            say(f"pyeval: unreadable file left out: {h.error}")
        elif h.hand is None:
            unreadable.append({"source": h.source, "line": h.line, "error": h.error})
        else:
            hands.append(h.hand)
    return hands, unreadable, unread, not_hands


def run_stats(args: argparse.Namespace) -> int:
    """Print player statistics over every readable hand; unreadable hands are counted on stderr (in
    the JSON object under ``--json``). Exit 2 when a file was not read at all, or when no hand of the
    input could be read; 1 when a hand could not be read or replayed; else 0."""
    paths = list(iter_sources(args.inputs))
    if not paths:
        raise HandHistoryError(f"no files under {' '.join(args.inputs)}")
    if args.plot:
        from ..plot import check_output

        check_output(args.plot)  # before the work

    def say(line: str) -> None:  # under --json every message is in the JSON object instead
        if not args.json:
            print(line, file=sys.stderr)

    read, unreadable, unread, not_hands = _stats_inputs(args, paths, say)
    skipped, files_unread = len(unreadable), len(unread)
    hands, duplicates = without_duplicates(read)  # a hand read twice is counted once (and said)
    left_out: list[tuple[str, str]] = []
    tables = stats_by_unit(hands, left_out=left_out, include_unverified=args.include_unverified)
    left_out += duplicates
    if args.json:  # one object with the errors in it too (a stable shape: CHANGELOG, branch fix-fork)
        rows = [r for st in tables.values() for r in (st.rows()[: args.top] if args.top else st.rows())]
        print(json.dumps({"players": rows, "hands": len(read) - len(left_out),
                          "left_out": [{"hand": n, "reason": r} for n, r in left_out],
                          "unreadable": unreadable, "files_not_read": unread, "not_hand_histories": not_hands},
                         indent=2))
    else:
        _report_left_out(left_out)
        print("\n\n".join(st.table(args.top) for st in tables.values()))
    if args.graph or args.plot:
        from .graph import graph_report

        players = [p for st in tables.values() for p in (st.players[: args.top] if args.top else st.players)]
        graph_report(hands, players, args.graph and not args.json, args.plot)
    counted = len(read) - len(left_out)
    say(f"hands: {counted}" + (f"  unreadable (left out): {skipped}" if skipped else "")
          + (f"  left out: {len(left_out)}" if left_out else "")
          + (f"  files not read: {files_unread}" if files_unread else ""))
    if files_unread or (not read and skipped):  # nothing counted because nothing could be read: bad input
        return 2
    # a hand that cannot be read or replayed fails a check, as in replay, show and convert (exit 1)
    return 1 if skipped or any(r.startswith(NOT_REPLAYABLE) for _, r in left_out) else 0

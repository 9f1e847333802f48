"""The ``pyeval`` command and the toolkit every subcommand uses.

``pyeval eval "As Ks Qs Js Ts 9h 9d"`` evaluates and describes hands. Other subcommands live in
their feature's module; **to add one**, append the module to :data:`SUBCOMMANDS` and give it
``register(subparsers)`` that calls :func:`add_command` (``group="simulate"`` puts it under
``pyeval simulate``). The toolkit gives every command the same behaviour:

* exit codes (:class:`ExitCode`): 0 ok, 1 a check failed (e.g. a replay mismatch), 2 usage or bad
  input (argparse errors and every :class:`~pyeval.errors.PyevalError`), 130 interrupted (Ctrl-C);
* errors as one line on stderr, ``pyeval: error: ...`` -- or, under ``--json``, one JSON object
  ``{"error": ..., "type": ...}`` -- never a traceback;
* a failing stdout (disk full) is one line on stderr and code 2 (the output is incomplete), never a
  traceback; a pipe closed early by its reader (``| head``) is silent, with code 141 (128 + SIGPIPE,
  what a shell reports for a Unix filter ended by a closed pipe: never 0, the output is incomplete);
* one progress-bar policy (:func:`progress_bar`): tqdm on stderr, shown only when stderr is a
  terminal and neither ``--json`` nor ``--no-progress`` is given, fed the units just finished;
* simulations share their options (:func:`add_simulation_options`) and runner
  (:func:`run_simulation`, over :func:`pyeval.simulate`).
"""
from __future__ import annotations

import argparse
import decimal
import enum
import importlib
import io
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from ._info import build_info_text
from .cards import format_cards, parse_cards
from .errors import CardCountError, PyevalError, RunInterrupted
from .hands.high import best_five, describe, evaluate, hand_category

__all__ = ["ExitCode", "SUBCOMMANDS", "add_command", "add_simulation_options", "count_arg", "rounds_arg", "note",
           "progress_bar", "run_simulation",
           "emit", "build_parser", "main", "simulate_subparsers"]

#: Modules that add subcommands (each has ``register(subparsers) -> None``, using :func:`add_command`).
SUBCOMMANDS: list[str] = ["pyeval.poker.cli", "pyeval.crisscross.cli", "pyeval.headsup.cli", "pyeval.equity.cli",
                          "pyeval.poker.sim", "pyeval.hands_io.cli",
                          "pyeval.hands_io.show_cli"]

R = TypeVar("R")


class ExitCode(enum.IntEnum):
    """The ``pyeval`` command's exit codes."""

    OK = 0
    FAILED = 1  # the command ran and a check it makes failed
    USAGE = 2  # bad arguments or input (one-line error)
    INTERRUPTED = 130  # Ctrl-C
    CLOSED_PIPE = 141  # stdout's reader went away (``| head``): 128 + SIGPIPE, silent


def simulate_subparsers(subparsers: Any) -> Any:
    """The shared ``pyeval simulate`` parser's sub-subcommands (created on first use)."""
    sim = subparsers.choices.get("simulate")
    if sim is None:
        sim = subparsers.add_parser("simulate", help="simulate many rounds of a game in C",
                                    description="Simulate many rounds of a table game with a "
                                                "documented basic strategy.")
        sim.set_defaults(_simulate_games=sim.add_subparsers(dest="game", metavar="GAME", required=True))
    return sim.get_default("_simulate_games")


def add_command(subparsers: Any, name: str, func: Callable[[argparse.Namespace], int], *, help: str,
                description: str, group: str | None = None, json_option: bool = True) -> argparse.ArgumentParser:
    """Add the subcommand ``name`` (under ``pyeval <group>`` when ``group`` is given, e.g. ``"simulate"``).

    ``func(args)`` runs it and returns an exit code; raise a PyevalError for bad input (the toolkit
    prints it as one line and exits 2). Every command gets ``--json`` unless ``json_option=False``.
    """
    if group == "simulate":
        subparsers = simulate_subparsers(subparsers)
    elif group is not None:
        raise ValueError(f"unknown command group {group!r}")
    p: argparse.ArgumentParser = subparsers.add_parser(name, help=help, description=description)
    if json_option:
        p.add_argument("--json", action="store_true", help="print JSON (errors too) instead of text")
    p.set_defaults(func=func)
    return p


def count_arg(minimum: int = 0) -> Callable[[str], int]:
    """An argparse ``type=`` for a whole number >= ``minimum`` (``--show N``, ``--top N``): anything
    else is a usage error naming the option (exit 2), never a silent slice of a negative count."""
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if v < minimum:
            raise argparse.ArgumentTypeError(f"expected a number >= {minimum}, got {v}")
        return v

    parse.__name__ = "count"
    return parse


def rounds_arg(text: str) -> int:
    """An argparse ``type=`` for a count of rounds or trials: a whole number written ``1000000``,
    ``1_000_000`` or ``1e6`` (integral values only: ``1.5e0`` or ``1e-3`` is a usage error)."""
    t = text.strip().replace("_", "")
    try:
        v = decimal.Decimal(t)
    except decimal.InvalidOperation:
        raise argparse.ArgumentTypeError(f"expected a whole number such as 1000000 or 1e6, got {text!r}") from None
    if not v.is_finite() or v != v.to_integral_value():
        raise argparse.ArgumentTypeError(f"expected a whole number such as 1000000 or 1e6, got {text!r}")
    if abs(v) > 10**30:
        raise argparse.ArgumentTypeError(f"at most 1e30 (the largest count pyeval takes), got {text!r}")
    return int(v)


rounds_arg.__name__ = "rounds"


def add_simulation_options(p: argparse.ArgumentParser, *, streams: int | None = None, rounds: int = 1_000_000) -> None:
    """``--rounds``, ``--seed``, ``--no-progress`` and the stream/worker options of every simulation
    (``--streams`` defaults to :data:`pyeval.parallel.DEFAULT_STREAMS` for every game)."""
    from .parallel import DEFAULT_STREAMS, add_cli_options

    p.add_argument("--rounds", type=rounds_arg, default=rounds, help=f"rounds to play (default {rounds:,}; 1e6 is 1,000,000)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed 0..2**256-1 (default: a fresh one, printed): same seed, same rounds")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--plot", metavar="FILE", default=None,
                   help="also draw the running estimate with its 95%% band over rounds (.png/.svg/.pdf; one point "
                        "per stream, at least 32 streams; needs the plot extra: pip install \"pyeval-poker[plot]\")")
    add_cli_options(p, DEFAULT_STREAMS if streams is None else streams, checkpoint=True)


def note(message: str) -> None:
    """Print ``pyeval: message`` on stderr: what a command did or could not do, beside its output."""
    print(f"pyeval: {message}", file=sys.stderr)


def _simulation_notes(args: argparse.Namespace) -> None:
    """Say when ``--workers`` or ``--checkpoint`` cannot take effect with the streams of the run."""
    streams, rounds = args.streams, args.rounds
    busy = min(streams, rounds) if isinstance(streams, int) and isinstance(rounds, int) and rounds > 0 else None
    if busy is None:
        return
    workers = args.workers
    if workers is not None and workers > 1:
        if args.scheduler == "serial":
            note(f"--workers {workers} has no effect with --scheduler serial (one stream after another here)")
        elif workers > busy:
            note(f"--workers {workers}: this run has {busy} stream{'s' if busy != 1 else ''} with rounds to play, "
                 f"so at most {busy} worker{'s' if busy != 1 else ''} can be busy; give --streams {workers} or more "
                 "to use them all")
    if args.checkpoint is not None and busy == 1:
        note(f"--checkpoint {args.checkpoint}: a run of 1 stream is saved only when it ends; give --streams N "
             "(e.g. 32) to save progress during the run")


@contextmanager
def progress_bar(args: argparse.Namespace, total: int | None, unit: str = " rounds") -> Iterator[Callable[[int], None] | None]:
    """The one progress-bar policy: a tqdm bar on stderr when stderr is a terminal and neither
    ``--json`` nor ``--no-progress`` was given; yields its ``update`` (fed the units just finished)
    or None."""
    if getattr(args, "json", False) or getattr(args, "no_progress", False) or not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm

    bar = tqdm(total=total, unit=unit, unit_scale=True, file=sys.stderr, leave=False)
    try:
        yield bar.update
    finally:
        bar.close()


def run_simulation(args: argparse.Namespace, game: Any) -> Any:
    """:func:`pyeval.simulate` of ``game`` with the options of :func:`add_simulation_options`, a
    progress bar by the toolkit's policy and the executor of ``--workers`` / ``--scheduler``.

    Says on stderr when ``--workers`` or ``--checkpoint`` cannot take effect, what a checkpoint
    resumed, and on Ctrl-C what was saved and how to resume."""
    from .parallel import cli_executor
    from .simulation import simulate

    _simulation_notes(args)
    if getattr(args, "plot", None):
        return _simulation_plot(args, game)
    try:
        with progress_bar(args, args.rounds) as progress, cli_executor(args.workers, args.scheduler) as ex:
            return simulate(game, args.rounds, seed=args.seed, streams=args.streams, executor=ex, progress=progress,
                            checkpoint=args.checkpoint, report=note)
    except RunInterrupted as stop:  # Ctrl-C: report the finished streams, exit 130 (main reads the status)
        if args.checkpoint is not None:
            note(f"to resume, run the same command again: {_command_line(args)}")
        if stop.partial is None:
            raise
        note(f"interrupted: {stop.done:,} of {stop.total:,} rounds done; the report below is for those")
        args.exit_status = ExitCode.INTERRUPTED
        return stop.partial


def _command_line(args: argparse.Namespace) -> str:
    """The command as it was typed (``pyeval ...``), quoted for a shell."""
    import shlex

    argv = getattr(args, "argv", None)
    return "pyeval " + " ".join(shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:]))


#: Streams of a ``--plot`` run at least (one convergence point per stream).
PLOT_STREAMS = 32


def _simulation_plot(args: argparse.Namespace, game: Any) -> Any:
    """``--plot FILE``: the run with its convergence kept (:func:`pyeval.simulation.convergence`, at
    least :data:`PLOT_STREAMS` streams), the figure written to FILE; the result is returned."""
    from .parallel import cli_executor
    from .plot import check_output, convergence_figure, save_figure
    from .simulation import convergence

    if args.checkpoint:
        raise PyevalError("--plot and --checkpoint cannot be combined (a plotted run keeps every stream's totals)")
    check_output(args.plot)  # before the work: a bad name or no matplotlib is said at once
    streams = max(args.streams, PLOT_STREAMS)
    with progress_bar(args, args.rounds) as progress, cli_executor(args.workers, args.scheduler) as ex:
        result, conv = convergence(game, args.rounds, seed=args.seed, streams=streams, executor=ex, progress=progress)
    save_figure(convergence_figure(conv), args.plot)
    print(f"pyeval: convergence over {len(conv.rounds)} streams drawn in {args.plot}", file=sys.stderr)
    return result


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    """Print ``data`` as JSON under ``--json``, else ``text``."""
    print(json.dumps(data, indent=2) if getattr(args, "json", False) else text)


def _cmd_eval(args: argparse.Namespace) -> int:
    rows = []
    for text in args.hands:
        cards = parse_cards(text)
        if not 5 <= len(cards) <= 52:
            joined = " ".join(args.hands)
            try:  # one hand typed without quotes: every argument short, together 5-52 distinct cards
                whole = (len(args.hands) > 1 and all(len(parse_cards(a)) < 5 for a in args.hands)
                         and 5 <= len(parse_cards(joined)) <= 52)
            except PyevalError:
                whole = False
            raise CardCountError(
                f"{text!r} has {len(cards)} card(s); a hand has 5-52 cards (the best five count), and each argument is one "
                f'hand: quote it, e.g. pyeval eval "{joined if whole else "As Kd Qh Jc Tc"}"'
            )
        value = evaluate(cards)
        five = best_five(cards)
        rows.append({"cards": format_cards(cards), "value": value, "description": describe(value),
                     "category": hand_category(value, royal=True).name, "best_five": format_cards(five)})
    emit(args, rows, "\n".join(f"{r['cards']}: {r['description']} | best five {r['best_five']} | value "
                               f"{r['value']} ({r['category']})" for r in rows))
    return ExitCode.OK


class _VersionAction(argparse.Action):
    """``--version``: :func:`pyeval._info.build_info_text` on one line (argparse's own version action
    wraps it to the terminal's width)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(build_info_text())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The ``pyeval`` argument parser, with every registered subcommand."""
    p = argparse.ArgumentParser(prog="pyeval", description="Poker hand evaluation and casino game procedures.")
    p.add_argument("--version", action=_VersionAction, nargs=0, help="show the version, the batch kernel and the CPU features, and exit")
    sub = p.add_subparsers(dest="command", required=True)
    e = add_command(sub, "eval", _cmd_eval, help="evaluate and describe 5-52 card hands given as text (the best five count)",
                    description="Evaluate and describe 5-52 card hands given as text (the best five cards count).")
    e.add_argument("hands", nargs="+", help='one quoted argument per hand, e.g. "As Ks Qs Js Ts 9h 9d"')
    for name in SUBCOMMANDS:
        importlib.import_module(name).register(sub)
    return p


def _error(args: argparse.Namespace | None, exc: BaseException) -> None:
    try:
        if args is not None and getattr(args, "json", False):
            print(json.dumps({"error": str(exc), "type": type(exc).__name__}), file=sys.stderr)
        else:
            print(f"pyeval: error: {exc}", file=sys.stderr)
    except OSError:  # stderr is gone too (``2>&1 | head``): the exit code alone says it
        _silence_stdout(sys.stderr)


class StdoutFailed(Exception):
    """Writing the command's output to stdout failed (disk full, a closed pipe): ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"cannot write the output: {reason}")


class StdoutClosed(StdoutFailed):
    """stdout's reader went away (``pyeval ... | head``): the command stops silently."""


class _GuardedStdout:
    """``sys.stdout`` during a command: a failing write or flush (``/dev/full``, a pipe whose reader
    went away) becomes one :class:`StdoutFailed`, told apart from every other ``OSError``."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _call(self, name: str, *a: Any, on: Any = None) -> Any:
        try:
            return getattr(self._stream if on is None else on, name)(*a)
        except OSError as exc:
            if isinstance(exc, BrokenPipeError):
                raise StdoutClosed("the reader closed the pipe") from None
            raise StdoutFailed(exc.strerror or str(exc)) from None

    def write(self, text: str) -> int:
        raw = getattr(self._stream, "buffer", None)
        if not isinstance(raw, io.RawIOBase):
            return int(self._call("write", text))
        # Unbuffered stdout (python -u, PYTHONUNBUFFERED): the text layer hands the text to one
        # write(2), which may take only part of it (a full pipe) and the rest would be dropped
        # silently, so a reader that then closes the pipe is never noticed. Write it all here.
        self._call("flush")
        view = memoryview(text.encode(self._stream.encoding, self._stream.errors or "strict"))
        while view:
            view = view[int(self._call("write", view, on=raw) or 0):]
        return len(text)

    def writelines(self, lines: Any) -> None:
        self._call("writelines", lines)

    def flush(self) -> None:
        self._call("flush")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _silence_stdout(stream: Any) -> None:
    """After a failed write, point the process's stdout at devnull so the interpreter's final flush of
    what is still buffered cannot fail a second time (a traceback at exit)."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture): nothing to do
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pyeval`` console script; returns the exit code (:class:`ExitCode`).

    A failure to write stdout (disk full) is one line on stderr and exit code 2 in every command: the
    output is incomplete, so it is never a success. A reader that closes the pipe early
    (``pyeval ... | head``) ends the command silently with exit code 141 (128 + SIGPIPE)."""
    args: argparse.Namespace | None = None
    real = sys.stdout
    sys.stdout = _GuardedStdout(real)
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as exc:  # argparse: --help/--version (0) or a usage error (2), already printed
            return int(exc.code or 0) if isinstance(exc.code, int) else ExitCode.USAGE
        args.argv = list(argv) if argv is not None else sys.argv[1:]
        code = int(args.func(args))
        sys.stdout.flush()
        return int(getattr(args, "exit_status", code))  # 130 after a reported Ctrl-C
    except PyevalError as exc:
        _error(args, exc)
        return ExitCode.USAGE
    except StdoutClosed:  # ``| head`` read what it wanted: the usual CLI convention is silence
        _silence_stdout(real)
        return ExitCode.CLOSED_PIPE
    except StdoutFailed as exc:
        _silence_stdout(real)
        _error(args, exc)
        return ExitCode.USAGE
    except BrokenPipeError:  # stderr's reader went away (``2>&1 | head``): the same failure as stdout's
        _silence_stdout(sys.stderr)
        _silence_stdout(real)
        return ExitCode.USAGE
    except KeyboardInterrupt:
        print("pyeval: interrupted", file=sys.stderr)
        return ExitCode.INTERRUPTED
    finally:
        if isinstance(sys.stdout, _GuardedStdout):
            sys.stdout = real


if __name__ == "__main__":
    sys.exit(main())

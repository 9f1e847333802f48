"""Simulations that say what they do (issue 21, items 4 and 5): Ctrl-C stops ``--scheduler threads``,
one stream default for every game, notes when ``--workers`` or ``--checkpoint`` cannot take effect,
interrupt and resume messages, ``--rounds 1e6``, standard errors for every simulated figure and one
JSON layout for the house games."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap

import pytest
from conftest import pyeval_subprocess

from pyeval.cli import main

# ---- Ctrl-C under --scheduler threads (readiness handshake, then SIGINT) -------------------------

_CHILD = textwrap.dedent("""
    import importlib, signal, sys
    import pyeval.cli
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        sys.exit("SIGINT is not Python's default handler in the child")
    mod = importlib.import_module(sys.argv[1])
    real = mod.check_stop
    told = []

    def check_stop():
        if not told:  # the first chunk of a stream is about to run on a worker thread
            told.append(1)
            print("READY", file=sys.stderr, flush=True)
        real()

    mod.check_stop = check_stop
    sys.exit(pyeval.cli.main(sys.argv[2:]))
""")


def _interrupt_when_running(module: str, argv: list[str]) -> tuple[int, str, str]:
    """Start ``pyeval argv`` in a child that prints READY when a stream runs; then send SIGINT."""
    def sigint_default() -> None:  # a test runner may ignore SIGINT, and a child inherits SIG_IGN
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    p = subprocess.Popen([sys.executable, "-c", _CHILD, module, *argv], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, preexec_fn=sigint_default, **pyeval_subprocess())
    assert p.stderr is not None
    first = p.stderr.readline()
    assert first == "READY\n", first + p.stderr.read()
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=120)  # a bound for a hung child, not a measurement
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        pytest.fail("Ctrl-C did not stop the threads")
    return p.returncode, out, err


@pytest.mark.parametrize("module, argv", [
    ("pyeval.simulation", ["simulate", "heads-up", "--rounds", "1e11", "--streams", "2"]),
    ("pyeval.simulation", ["simulate", "criss-cross", "--rounds", "1e11", "--streams", "2"]),
    ("pyeval.poker.sim", ["simulate", "holdem", "--rounds", "1e11", "--streams", "2"]),
    ("pyeval.equity.core", ["equity", "AhKh", "QQ", "--monte-carlo", "--trials", "100000000000", "--streams", "2"]),
    ("pyeval.equity.core", ["equity", "AhKh", "QQ", "--monte-carlo", "--target-stderr", "1e-9", "--streams", "2"]),
], ids=["heads-up", "criss-cross", "holdem", "equity", "equity-adaptive"])
def test_ctrl_c_stops_the_threads_scheduler(module, argv):
    """The fault: with --scheduler threads, Ctrl-C left the threads running until the process was killed."""
    code, _, err = _interrupt_when_running(module, argv + ["--scheduler", "threads", "--workers", "2",
                                                           "--seed", "1", "--no-progress"])
    assert code == 130 and "interrupted" in err and "Traceback" not in err, err


def test_ctrl_c_with_a_checkpoint_says_what_was_saved_and_how_to_resume(tmp_path):
    ck = tmp_path / "run.ckpt"
    argv = ["simulate", "criss-cross", "--rounds", "1e11", "--streams", "4", "--seed", "1", "--no-progress",
            "--checkpoint", str(ck)]
    code, _, err = _interrupt_when_running("pyeval.simulation", argv + ["--scheduler", "threads", "--workers", "2"])
    assert code == 130, err
    assert f"0 of 4 streams (0 of 100,000,000,000 rounds, seed 1) are saved in {ck}" in err, err
    assert "to resume, run the same command again: pyeval simulate criss-cross" in err and f"--checkpoint {ck}" in err


def test_a_resume_says_what_it_resumed(tmp_path, capsys):
    ck = tmp_path / "run.ckpt"
    argv = ["simulate", "heads-up", "--rounds", "4000", "--streams", "4", "--seed", "2", "--json",
            "--checkpoint", str(ck)]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == first
    assert f"pyeval: resumed {ck}: 4 of 4 streams (4,000 of 4,000 rounds) were done with seed 2; playing the other 0" in err


# ---- stream defaults and notes ------------------------------------------------------------------


@pytest.mark.parametrize("game", ["heads-up", "criss-cross", "holdem"])
def test_every_game_has_the_same_stream_default(game, capsys):
    """The fault: heads-up and criss-cross defaulted to 1 stream (holdem 8, equity 32), so --workers 2
    started one worker and --checkpoint saved nothing before the end, without a word."""
    from pyeval.equity.core import DEFAULT_STREAMS
    from pyeval.parallel import DEFAULT_STREAMS as SIM

    assert main(["simulate", game, "--rounds", "1000", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["streams"] == SIM == DEFAULT_STREAMS == 32


def test_notes_when_workers_or_checkpoint_cannot_take_effect(tmp_path, capsys):
    assert main(["simulate", "criss-cross", "--rounds", "1000", "--seed", "1", "--streams", "1",
                 "--workers", "2", "--scheduler", "threads", "--checkpoint", str(tmp_path / "c.ckpt")]) == 0
    err = capsys.readouterr().err
    assert "--workers 2: this run has 1 stream with rounds to play, so at most 1 worker can be busy" in err
    assert "a run of 1 stream is saved only when it ends" in err
    assert main(["simulate", "criss-cross", "--rounds", "1000", "--seed", "1", "--workers", "2",
                 "--scheduler", "serial"]) == 0
    assert "--workers 2 has no effect with --scheduler serial" in capsys.readouterr().err
    assert main(["simulate", "criss-cross", "--rounds", "1000", "--seed", "1", "--workers", "2",
                 "--scheduler", "threads"]) == 0
    assert capsys.readouterr().err == ""  # 32 streams: both workers busy, nothing to say


# ---- --rounds 1e6 -------------------------------------------------------------------------------


@pytest.mark.parametrize("text, rounds", [("1e3", 1000), ("2E3", 2000), ("1_000", 1000), ("1000", 1000)])
def test_rounds_accepts_whole_numbers_in_any_usual_form(text, rounds, capsys):
    assert main(["simulate", "criss-cross", "--rounds", text, "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] == rounds


@pytest.mark.parametrize("text", ["1.5", "1e-3", "nan", "inf", "ten", "1e400"])
def test_rounds_refuses_what_is_not_a_whole_number(text, capsys):
    assert main(["simulate", "heads-up", "--rounds", text]) == 2
    assert "--rounds" in capsys.readouterr().err


# ---- standard errors and one JSON layout --------------------------------------------------------

LAYOUT = {"game", "table", "rounds", "seed", "streams", "main", "wagers", "frequencies", "exact"}


def _simulated_figures(d: dict) -> None:
    """Every float is a simulated figure with a standard error beside it (``x`` / ``x_std_error``,
    ``house_edge`` / ``std_error``, ``frequency`` / ``std_error``)."""
    for k, v in d.items():
        if isinstance(v, dict):
            _simulated_figures(v)
        elif isinstance(v, float) and not k.endswith("std_error"):
            assert f"{k}_std_error" in d or (k in ("house_edge", "frequency") and "std_error" in d), (k, d)
        assert "exact" not in k, k


@pytest.mark.parametrize("game", ["heads-up", "criss-cross"])
def test_the_house_games_share_one_json_layout(game, capsys):
    assert main(["simulate", game, "--rounds", "3000", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == LAYOUT and data["game"] == game
    assert set(data["main"]) == {"wagers", "house_edge", "std_error", "element_of_risk", "element_of_risk_std_error"}
    for w in data["wagers"].values():
        assert set(w) == {"amount", "placed", "staked", "net", "house_edge", "std_error", "outcomes"}
        assert all(set(o) == {"frequency", "std_error"} for o in w["outcomes"].values())
    for group in data["frequencies"].values():
        assert all({"count", "frequency", "std_error"} <= set(f) for f in group.values())
    _simulated_figures({k: v for k, v in data.items() if k != "exact"})


def test_criss_cross_reports_standard_errors_and_nothing_simulated_as_exact(capsys):
    """The fault: criss-cross gave no standard errors and labelled a simulated ratio house_edge_exact."""
    from pyeval import simulate
    from pyeval.crisscross.sim import CrissCrossSim

    res = simulate(CrissCrossSim(), 20_000, seed=3)
    assert res.house_edge_std_error > 0 and res.element_of_risk_std_error > 0
    assert main(["simulate", "criss-cross", "--rounds", "20000", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "house_edge_exact" not in json.dumps({k: v for k, v in data.items() if k != "exact"})
    assert data["main"]["std_error"] == pytest.approx(res.house_edge_std_error)
    assert main(["simulate", "criss-cross", "--rounds", "20000", "--seed", "3", "--no-progress"]) == 0
    assert "std err" in capsys.readouterr().out


def test_criss_cross_standard_error_matches_the_rounds_one_by_one():
    """The C sums of squares against the rounds played one by one (one stream)."""
    import math

    from pyeval import simulate
    from pyeval.crisscross.records import CrissCrossWager
    from pyeval.crisscross.sim import CrissCrossSim, simulate_rounds

    rounds = simulate_rounds(5000, 8, ante=2, bonus=1)
    res = simulate(CrissCrossSim(ante=2, bonus=1), 5000, seed=8, streams=1)
    main_nets = [sum(r["net"][w] for w in CrissCrossWager if w is not CrissCrossWager.BONUS) for r in rounds]
    n = len(main_nets)
    mean = sum(main_nets) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in main_nets) / n / n) / 4  # per Ante unit: two Antes of 2
    assert res.house_edge_std_error == pytest.approx(se, rel=1e-9)
    bonus = [r["net"][CrissCrossWager.BONUS] for r in rounds]
    bm = sum(bonus) / n
    assert res.wagers[CrissCrossWager.BONUS].per_round(1, n)[1] == pytest.approx(
        math.sqrt(sum((x - bm) ** 2 for x in bonus) / n / n), rel=1e-9)

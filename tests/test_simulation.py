"""The one simulation runner (pyeval.simulate) for every game, and the CLI toolkit's behaviour."""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest

import pyeval
from pyeval import HoldemShowdown, simulate
from pyeval.cli import ExitCode, main
from pyeval.crisscross.sim import CrissCrossSim
from pyeval.errors import SeedError, SimulationError
from pyeval.headsup import example_rules
from pyeval.headsup.sim import HeadsUpSim
from pyeval.simulation import mean_and_stderr

GAMES = [HoldemShowdown(3), HeadsUpSim(example_rules()), CrissCrossSim()]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: type(g).__name__)
def test_every_game_runs_through_one_signature(game) -> None:
    seen: list[int] = []
    r = simulate(game, 5_001, seed=11, streams=3, progress=seen.append)
    assert sum(seen) == 5_001 and all(n > 0 for n in seen)  # increments: the rounds just finished
    d = r.to_dict()
    assert d["rounds"] == 5_001 and d["seed"] == 11 and d["streams"] == 3
    json.dumps(d)
    assert simulate(game, 5_001, seed=11, streams=3).to_dict() == d  # same run, same result
    fresh = simulate(game, 10)
    assert 0 <= fresh.seed < 2**256 and fresh.seed != simulate(game, 10).seed  # None: fresh seeds, reported
    with pytest.raises(SimulationError):
        simulate(game, 0, seed=1)
    with pytest.raises(SeedError):
        simulate(game, 10, seed=-1)
    with pytest.raises(SeedError):
        simulate(game, 10, seed=1, streams=0)


def test_mean_and_stderr_is_the_one_helper() -> None:
    assert mean_and_stderr(0, 0, 0) == (0.0, 0.0)
    m, se = mean_and_stderr(30, 30, 100)  # a frequency: binomial
    assert m == 0.3 and math.isclose(se, math.sqrt(0.3 * 0.7 / 100))
    xs = [1.0, -2.0, 3.0, 0.5]
    m, se = mean_and_stderr(sum(xs), sum(x * x for x in xs), len(xs))
    var = sum((x - m) ** 2 for x in xs) / len(xs)
    assert math.isclose(se, math.sqrt(var / len(xs)))


def test_exit_codes_and_one_line_errors(capsys) -> None:
    assert main(["simulate", "holdem", "--players", "12", "--rounds", "10"]) == ExitCode.USAGE
    assert capsys.readouterr().err.strip().count("\n") == 0
    assert main(["simulate", "holdem", "--players", "12", "--rounds", "10", "--json"]) == ExitCode.USAGE
    err = json.loads(capsys.readouterr().err)
    assert err["type"] == "SimulationError" and "players" in err["error"]
    assert main(["no-such-command"]) == ExitCode.USAGE
    assert main(["--version"]) == ExitCode.OK


def test_interrupt_exits_130(monkeypatch, capsys) -> None:
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("pyeval.simulation.simulate", interrupted)
    assert main(["simulate", "criss-cross", "--rounds", "10", "--seed", "1"]) == ExitCode.INTERRUPTED
    assert "interrupted" in capsys.readouterr().err


def test_a_closed_pipe_is_silent_and_exit_141() -> None:
    """``pyeval ... | head``: the reader took what it wanted; no message, no traceback, and exit code 141
    (128 + SIGPIPE, as a shell reports for a Unix filter; never 0: the output is incomplete)."""
    code = ("import sys, pyeval.cli\n"
            "sys.exit(pyeval.cli.main(['eval'] + ['As Ks Qs Js Ts'] * 20000))")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None
    p.stdout.read(10)
    p.stdout.close()  # the reader goes away, like `| head -c 10`
    err = p.stderr.read().decode() if p.stderr is not None else ""
    assert p.wait(timeout=60) == ExitCode.CLOSED_PIPE == 141
    assert err == ""


class _ClosedPipe:
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_simulate_into_a_closed_pipe_is_silent_and_exit_141(monkeypatch, capsys) -> None:
    """``pyeval simulate ... | head``: the report's writes fail with a closed pipe."""
    monkeypatch.setattr("sys.stdout", _ClosedPipe())
    assert main(["simulate", "criss-cross", "--rounds", "2000", "--seed", "1", "--no-progress"]) == 141
    assert capsys.readouterr().err == ""


def test_a_full_disk_is_still_one_line_and_exit_2() -> None:
    code = "import sys, pyeval.cli\nsys.exit(pyeval.cli.main(['eval', 'As Ks Qs Js Ts']))"
    with open(os.devnull if not os.path.exists("/dev/full") else "/dev/full", "w") as full:
        if full.name == os.devnull:
            pytest.skip("no /dev/full")
        out = subprocess.run([sys.executable, "-c", code], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.startswith("pyeval: error: cannot write the output:"), out.stderr


def test_every_subcommand_is_registered_the_same_way() -> None:
    from pyeval.cli import SUBCOMMANDS, build_parser

    assert len(SUBCOMMANDS) >= 4
    parser = build_parser()
    top = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    games = top["simulate"].get_default("_simulate_games").choices
    for p in [top["eval"], top["equity"], *games.values()]:
        assert p.get_default("func") is not None
        assert any("--json" in a.option_strings for a in p._actions)
    assert set(games) >= {"holdem", "heads-up", "criss-cross"}
    assert pyeval.simulate is simulate


@pytest.mark.parametrize("game", ["heads-up", "criss-cross", "holdem"])
def test_simulate_without_seed_draws_a_fresh_one_prints_it_and_it_reproduces(game, capsys) -> None:
    """New-user trial item 4: no --seed is a fresh 256-bit seed (pyeval.shoe.rng.resolve_seed), not
    seed 0; the first line prints it and --seed with it reproduces the report exactly."""
    seeds, reports = [], []
    for _ in range(2):
        assert main(["simulate", game, "--rounds", "3000", "--no-progress"]) == 0
        out = capsys.readouterr().out
        seed = int(out.splitlines()[0].split("seed ")[1].split(",")[0].split()[0])
        seeds.append(seed)
        reports.append(out)
    assert seeds[0] != seeds[1] and max(seeds).bit_length() > 64  # fresh, and 256 bits (P(<2**64) nil)
    assert main(["simulate", game, "--rounds", "3000", "--no-progress", "--seed", str(seeds[0])]) == 0
    assert capsys.readouterr().out == reports[0]
    assert main(["simulate", game, "--rounds", "3000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] not in (0, None, *seeds)


def test_a_closed_pipe_on_stderr_too_is_exit_141() -> None:
    """``pyeval ... 2>&1 | head -1``: stdout and stderr are one pipe whose reader went away: silent,
    as for stdout alone (never 1, "a check failed")."""
    code = ("import sys, pyeval.cli\n"
            "sys.exit(pyeval.cli.main(['eval'] + ['As Ks Qs Js Ts'] * 20000))")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert p.stdout is not None
    p.stdout.read(10)
    p.stdout.close()
    assert p.wait(timeout=60) == 141

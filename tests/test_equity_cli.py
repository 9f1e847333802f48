"""``pyeval equity`` (pyeval.equity.cli)."""
from __future__ import annotations

import importlib
import json

import pytest

from pyeval.cli import main


def test_exact_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QsQd"]) == 0
    out = capsys.readouterr().out
    assert "exact, 1,712,304 boards" in out and "46.2145" in out and "53.7855" in out


def test_monte_carlo_json_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "AKs, QQ", "random", "--board", "Qh 7c 2d", "--trials", "50000", "--seed", "4",
            "--json", "--streams", "4"]
    assert main(argv) == 0
    a = json.loads(capsys.readouterr().out)
    assert main(argv + ["--workers", "2", "--scheduler", "threads"]) == 0
    b = json.loads(capsys.readouterr().out)
    assert a["exact"] is False and a["boards"] == 50000 and a["seed"] == 4
    strip = lambda d: [{k: v for k, v in p.items()} for p in d["players"]]  # noqa: E731
    assert strip(a) == strip(b)


def test_bad_range_names_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKx", "QsQd"]) == 2
    assert "'AhKx'" in capsys.readouterr().err


def test_unknown_scheduler(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QsQd", "--trials", "10", "--scheduler", "nope"]) == 2
    assert "unknown scheduler" in capsys.readouterr().err


def test_default_method_is_exact_when_enumeration_is_cheap(capsys: pytest.CaptureFixture[str]) -> None:
    """New-user trial item 3: AKs vs QQ has 24 deals but 2 up to suits, 2 x 1,712,304 boards x 2
    players to evaluate: enumerated by default (it sampled), and the output names the method."""
    assert main(["equity", "AKs", "QQ"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "method: exact, 41,095,296 boards" in first and "chosen: cheap to enumerate" in first
    assert main(["equity", "AKs", "QQ", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "exact" and data["exact"] is True and data["seed"] is None
    assert data["players"][0]["equity_exact"] == "1051321/2283072"  # every board: 46.0485%


def test_default_method_is_monte_carlo_when_enumeration_is_dear(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "TT+, AK", "22+", "--seed", "1"]) == 0  # 257 canonical deals: ~9e8 evaluations
    first = capsys.readouterr().out.splitlines()[0]
    assert "method: Monte Carlo, 1,000,000 trials, seed 1" in first and "--exact enumerates" in first
    assert main(["equity", "TT+, AK", "22+", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["method"] == "monte-carlo"


def test_flags_force_either_method(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["equity", "AKs", "QQ", "--monte-carlo", "--trials", "20000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "monte-carlo" and data["boards"] == 20000
    assert main(["equity", "AKs", "QQ", "--monte-carlo"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "method: Monte Carlo" in first and "chosen" not in first  # asked for, not chosen
    monkeypatch.setattr(importlib.import_module("pyeval.equity.core"), "EXACT_AUTO_LIMIT", 1000)  # everything is dear now
    assert main(["equity", "AKs", "QQ", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["method"] == "monte-carlo"
    assert main(["equity", "AKs", "QQ", "--exact"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "method: exact, 41,095,296 boards" in first and "chosen" not in first


@pytest.mark.parametrize("argv, words", [
    (["--exact", "--trials", "10"], ["Monte Carlo options", "--exact"]),
    (["--exact", "--target-stderr", "0.01"], ["Monte Carlo options"]),
    (["--seed", "-1"], ["seed must be an int 0..2**256-1"]),  # refused even when enumeration runs
    (["--streams", "0"], ["streams must be an int 1..65536"]),
    (["--target-stderr", "0"], ["--exact"]),
])
def test_option_mistakes_are_one_line_naming_the_options(argv: list[str], words: list[str],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """New-user trial: options that cannot apply were ignored silently (a bad --seed when the run
    enumerates, --trials with --exact), and remedies named only the Python arguments."""
    assert main(["equity", "AhKh", "QsQd", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyeval: error: ") and err.count("\n") == 1 and "Traceback" not in err
    assert all(w in err for w in words), err


def test_refused_exact_enumeration_names_the_command_line_remedy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "random", "random", "random", "--exact"]) == 2
    assert "--monte-carlo --target-stderr 0.001" in capsys.readouterr().err


def test_auto_picks_exact_for_cheap_ranges_and_the_grid_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """`pyeval equity QQ+,AKs JJ-99`: 396 deals but about 1.9e6 class evaluations counted, so exact
    (it used to sample); the --grid text after an exact main result says exact, not Monte Carlo."""
    from pyeval.cli import main

    assert main(["equity", "QQ+,AKs", "JJ-99", "--grid", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "method: exact" in out and "chosen: cheap to enumerate" in out
    assert out.count("equity % per class (exact)") == 2 and "Monte Carlo" not in out
    assert main(["equity", "QQ+,AKs", "JJ-99", "--monte-carlo", "--trials", "2000", "--grid", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "method: Monte Carlo" in out and out.count("equity % per class (Monte Carlo)") == 2

"""``pyeval equity`` (pyeval.equity.cli)."""
from __future__ import annotations

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

"""``pyeval simulate criss-cross`` (pyeval/crisscross/cli.py)."""
from __future__ import annotations

import argparse
import json

import pytest

from pyeval.cli import build_parser, main, simulate_subparsers


def test_simulate_criss_cross_json(capsys):
    assert main(["simulate", "criss-cross", "--rounds", "5000", "--seed", "3", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["rounds"] == 5000 and first["seed"] == 3
    assert first["exact"]["five_card_bonus"]["house_edge"] == "86189/649740"
    assert sum(f["frequency"] for f in first["wagers"]["bonus"]["outcomes"].values()) == pytest.approx(1)
    assert first["wagers"]["bonus"]["placed"] == 5000
    assert main(["simulate", "criss-cross", "--rounds", "5000", "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first


def test_simulate_criss_cross_table(capsys):
    assert main(["simulate", "criss-cross", "--rounds", "2000", "--seed", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Middle bet" in out and "2,598,960" in out


def test_bad_input_is_a_pyeval_error(capsys):
    assert main(["simulate", "criss-cross", "--rounds", "10", "--ante", "0", "--no-progress"]) == 2
    assert "pyeval: error" in capsys.readouterr().err


def test_simulate_is_one_shared_parser():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers()
    a = simulate_subparsers(sub)
    assert simulate_subparsers(sub) is a
    assert "criss-cross" in build_parser()._subparsers._group_actions[0].choices["simulate"] \
        .get_default("_simulate_games").choices

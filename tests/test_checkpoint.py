"""Checkpoint and resume of long simulations (issue 14, simulations at scale): a run interrupted and
resumed from its checkpoint gives exactly the totals of an uninterrupted run."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import pyeval_subprocess

from pyeval import simulate
from pyeval.checkpoint import open_checkpoint
from pyeval.crisscross.sim import CrissCrossSim
from pyeval.errors import CheckpointError, RunInterrupted
from pyeval.headsup.paytables import example_rules
from pyeval.headsup.sim import HeadsUpSim
from pyeval.poker.sim import HoldemShowdown


def hu_simulate(rules, rounds, seed, **kw):
    return simulate(HeadsUpSim(rules), rounds, seed=seed, **kw)


def cc_simulate(rounds, seed, **kw):
    return simulate(CrissCrossSim(), rounds, seed=seed, **kw)


def holdem_simulate(players, rounds, seed, **kw):
    return simulate(HoldemShowdown(players), rounds, seed=seed, **kw)

ROOT = Path(__file__).resolve().parent.parent


class _StopAfter:
    """A progress callback that presses Ctrl-C after ``k`` streams."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.calls = 0

    def __call__(self, n: int) -> None:
        self.calls += 1
        if self.calls == self.k:
            raise KeyboardInterrupt


RUNS = {
    "headsup": (lambda **kw: hu_simulate(example_rules(), 48_000, 7, streams=8, **kw).to_dict()),
    "crisscross": (lambda **kw: cc_simulate(48_000, 7, streams=8, **kw).to_dict()),
    "holdem": (lambda **kw: holdem_simulate(3, 48_000, 7, streams=8, **kw).to_dict()),
}


@pytest.mark.parametrize("game", sorted(RUNS))
def test_interrupted_and_resumed_run_has_identical_totals(game, tmp_path):
    run = RUNS[game]
    whole = run()
    ck = tmp_path / "run.ckpt"
    with pytest.raises(RunInterrupted):
        run(checkpoint=ck, progress=_StopAfter(3))  # streams 0 and 1 finish (the third call stops)
    saved = json.loads(ck.read_text())
    assert sorted(saved["streams_done"]) in (["0", "1"], ["0", "1", "2"])
    with pytest.raises(RunInterrupted):
        run(checkpoint=ck, progress=_StopAfter(3))  # resumed once more, interrupted again
    assert len(json.loads(ck.read_text())["streams_done"]) > len(saved["streams_done"])
    assert run(checkpoint=ck) == whole
    assert run(checkpoint=ck) == whole  # a finished checkpoint just adds up again


def test_resume_without_a_seed_uses_the_checkpoints_seed(tmp_path):
    ck = tmp_path / "r.ckpt"
    rules = example_rules()
    with pytest.raises(RunInterrupted):
        hu_simulate(rules, 40_000, None, streams=4, checkpoint=ck, progress=_StopAfter(2))
    seed = int(json.loads(ck.read_text())["seed"])
    resumed = hu_simulate(rules, 40_000, None, streams=4, checkpoint=ck)
    assert resumed.to_dict() == hu_simulate(rules, 40_000, seed, streams=4).to_dict()


def test_a_checkpoint_of_another_run_is_refused(tmp_path):
    ck = tmp_path / "r.ckpt"
    hu_simulate(example_rules(), 4_000, 3, streams=2, checkpoint=ck)
    with pytest.raises(CheckpointError, match="another run: rounds 4000 there, 5000 here; resume it with"):
        hu_simulate(example_rules(), 5_000, 3, streams=2, checkpoint=ck)  # says what differs, in words
    with pytest.raises(CheckpointError, match="another run: streams 2 there, 4 here;"):
        hu_simulate(example_rules(), 4_000, 3, streams=4, checkpoint=ck)
    with pytest.raises(CheckpointError, match="seed"):
        hu_simulate(example_rules(), 4_000, 4, streams=2, checkpoint=ck)
    with pytest.raises(CheckpointError, match="another run"):
        cc_simulate(4_000, 3, streams=2, checkpoint=ck)


@pytest.mark.parametrize("text", ["", "not json", '{"format": "x"}', "[1, 2]"])
def test_unreadable_checkpoints_are_refused(tmp_path, text):
    ck = tmp_path / "bad.ckpt"
    ck.write_text(text)
    with pytest.raises(CheckpointError):
        hu_simulate(example_rules(), 4_000, 3, streams=2, checkpoint=ck)


def test_cli_checkpoint_resume_after_ctrl_c(tmp_path):
    """pyeval simulate holdem --checkpoint FILE: Ctrl-C (exit 130), then the same command finishes
    with the totals of an uninterrupted run."""
    ck = tmp_path / "cli.ckpt"
    cmd = [sys.executable, "-m", "pyeval", "simulate", "holdem", "--players", "3", "--rounds", "3000000",
           "--seed", "11", "--streams", "64", "--json", "--no-progress"]
    proc = subprocess.Popen(cmd + ["--checkpoint", str(ck)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **pyeval_subprocess())
    end = time.monotonic() + 60
    while time.monotonic() < end and (not ck.exists() or len(json.loads(ck.read_text() or "{}")
                                                              .get("streams_done", {})) < 2):
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err
    done = len(json.loads(ck.read_text())["streams_done"])
    assert 2 <= done < 64
    resumed = subprocess.run(cmd + ["--checkpoint", str(ck)], capture_output=True, text=True, timeout=300,
                             **pyeval_subprocess())
    whole = subprocess.run(cmd, capture_output=True, text=True, timeout=300, **pyeval_subprocess())
    assert resumed.returncode == whole.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout) == json.loads(whole.stdout)

"""Multi-process runs stop cleanly (issue 14 item 14, the process side): workers stop with their
parent even when it is killed with SIGKILL, and Ctrl-C ends a run with what is done so far
reported and exit status 130, never a traceback and never a worker left running."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import pyeval_subprocess

from pyeval.errors import RunInterrupted
from pyeval.parallel import run_streams

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists() or os.name != "posix",
                                reason="needs POSIX signals and /proc to list a process's children")

# long enough that no run finishes on its own during the test; each stream a fraction of a second
EQUITY = [sys.executable, "-m", "pyeval", "equity", "AsKs", "QdQh", "--monte-carlo", "--trials", "4000000000",
          "--streams", "64", "--seed", "1", "--no-progress"]  # started with **pyeval_subprocess(); 4e9 trials: no run finishes on its own


def _children(pid: int) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(d))
    return out


def _running(pids: list[int]) -> list[int]:
    alive = []
    for p in pids:
        try:
            with open(f"/proc/{p}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.append(p)
    return alive


def _wait_for_workers(proc: subprocess.Popen, n: int, timeout: float = 60) -> list[int]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        kids = _children(proc.pid)
        if len(kids) >= n:
            return kids
        time.sleep(0.1)
    pytest.fail(f"the run did not start {n} workers")


def _gone_within(pids: list[int], seconds: float) -> list[int]:
    end = time.monotonic() + seconds
    while time.monotonic() < end and _running(pids):
        time.sleep(0.1)
    return _running(pids)


def test_item14_workers_stop_when_the_parent_is_killed():
    """SIGKILL leaves the parent no chance to clean up: the workers notice on their own."""
    proc = subprocess.Popen(EQUITY + ["--workers", "2"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, **pyeval_subprocess())
    try:
        workers = _wait_for_workers(proc, 2)
        time.sleep(1)  # the workers are busy in C
    finally:
        proc.kill()
        proc.wait()
    left = _gone_within(workers, 10)
    for p in left:  # do not leave them behind even when the test fails
        os.kill(p, signal.SIGKILL)
    assert not left, f"workers {left} kept running after their parent was killed"


#: The ``pyeval`` command with a readiness handshake: the progress callback of ``pyeval equity``
#: prints READY on stdout when the first streams are finished, so the test signals after that line,
#: never after a fixed sleep (issue 24: a fixed 4 s wait failed on a loaded machine).
_READY_CHILD = """
import contextlib, importlib, sys
from pyeval.cli import main
equity_cli = importlib.import_module("pyeval.equity.cli")  # (pyeval.equity is also a function's name)

@contextlib.contextmanager
def ready_progress(args, total, unit=" rounds"):
    said = []
    def update(n):
        if not said:
            said.append(n)
            print("READY", flush=True)
    yield update

equity_cli.progress_bar = ready_progress
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("workers", [1, 2])
def test_item14_ctrl_c_reports_what_is_done_and_exits_130(workers):
    cmd = [sys.executable, "-c", _READY_CHILD] + EQUITY[3:] + ["--workers", str(workers)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **pyeval_subprocess())
    try:
        kids = _wait_for_workers(proc, 2) if workers > 1 else []
        assert proc.stdout is not None
        ready = proc.stdout.readline()  # blocks until some streams are done (the handshake)
        assert ready == "READY\n", ready
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 130, (out, err)
    assert "Traceback" not in err and "interrupted" in err
    if "trials done" in err:  # finished streams reached the result before Ctrl-C: it is printed
        assert "equity %" in out and "Monte Carlo" in out
    assert not _gone_within(kids, 10)


def test_item14_run_streams_keeps_finished_streams_on_ctrl_c():
    """In-process: a KeyboardInterrupt in the third stream leaves the first two as the partial."""
    def task(stream: int, n: int) -> int:
        if stream == 2:
            raise KeyboardInterrupt
        return stream * 100 + n

    with pytest.raises(RunInterrupted) as info:
        run_streams(task, [5, 5, 5, 5], None)
    stop = info.value
    assert stop.partial == {0: 5, 1: 105} and stop.done == 10 and stop.total == 20
    assert isinstance(stop, KeyboardInterrupt)


def test_item14_equity_ctrl_c_partial_result_in_process():
    from pyeval.equity import equity
    calls = []

    def progress(n: int) -> None:
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(RunInterrupted) as info:
        equity(["AsKs", "QdQh"], trials=80_000, streams=8, seed=5, workers=1, progress=progress)
    part = info.value.partial
    # streams 0 and 1 finished (the third progress call ends stream 2 before it is added); they are
    # exactly the run of two streams of 10,000 trials
    full = equity(["AsKs", "QdQh"], trials=20_000, streams=2, seed=5, workers=1)
    assert info.value.done == part.boards == 20_000 and info.value.total == 80_000
    assert part.stats == full.stats and part.players == full.players


@pytest.mark.parametrize("game", ["headsup", "crisscross", "holdem"])
def test_item14_simulation_ctrl_c_partial_is_the_finished_streams(game):
    """Ctrl-C after two of eight streams: the partial result is exactly the run of those streams."""
    from pyeval import simulate
    from pyeval.crisscross.sim import CrissCrossSim
    from pyeval.headsup.paytables import example_rules
    from pyeval.headsup.sim import HeadsUpSim
    from pyeval.poker.sim import HoldemShowdown

    game = {"headsup": HeadsUpSim(example_rules()), "crisscross": CrissCrossSim(), "holdem": HoldemShowdown(3)}[game]

    def run(n, k, **kw):
        return simulate(game, n, seed=3, streams=k, **kw).to_dict()

    calls = []
    last = [0]

    def progress(done: int) -> None:  # the rounds just finished
        calls.append(done)
        if sum(calls) >= 16_000:
            raise KeyboardInterrupt

    with pytest.raises(RunInterrupted) as info:
        run(64_000, 8, progress=progress)
    stop = info.value
    assert stop.total == 64_000 and 0 < stop.done < 64_000 and stop.done % 8_000 == 0
    part = stop.partial.to_dict()
    same = run(stop.done, stop.done // 8_000)  # streams 0..j-1 of 8,000 rounds each
    for d in (part, same):  # the partial result names the run's stream count
        d.pop("streams", None)
    assert part == same


def test_ctrl_c_in_threaded_work_cancels_the_calls_not_started():
    """New-user trial: Ctrl-C in an exact equity run (threads) left the pool's queue running to the
    end before the interpreter could exit (and a second Ctrl-C printed a traceback from the join)."""
    import threading

    from pyeval._batch import run_threads

    ran: list[int] = []
    lock = threading.Lock()

    def job(i: int) -> int:
        if i == 0:
            raise KeyboardInterrupt  # stands for the Ctrl-C the waiting main thread receives
        time.sleep(0.02)
        with lock:
            ran.append(i)
        return i

    with pytest.raises(KeyboardInterrupt):
        run_threads(job, [(i,) for i in range(200)])
    time.sleep(0.3)  # the calls already running finish
    settled = len(ran)
    time.sleep(0.5)  # uncancelled, the 2 threads would run 199 x 0.02 s of calls: ~2 s
    assert len(ran) == settled < 20, f"{len(ran)} of 199 queued calls ran after the interrupt"
    assert run_threads(lambda i: i * 2, [(i,) for i in range(5)]) == [0, 2, 4, 6, 8]  # the pool still works

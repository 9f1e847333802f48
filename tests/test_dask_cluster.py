"""Simulations on a real Dask cluster of worker processes (issue 14, simulations at scale): the
result is the serial run's, exactly, even when a worker process dies in the middle of the run."""
from __future__ import annotations

import os
import signal

import pytest

distributed = pytest.importorskip("distributed")

from pyeval import simulate as _simulate  # noqa: E402
from pyeval.headsup.paytables import example_rules  # noqa: E402
from pyeval.headsup.sim import HeadsUpSim  # noqa: E402


def simulate(rules, rounds, seed, **kw):
    return _simulate(HeadsUpSim(rules), rounds, seed=seed, **kw)


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=50) as cluster, distributed.Client(cluster) as c:
        yield c


def test_local_cluster_of_processes_gives_the_serial_result(client):
    rules = example_rules()
    here = simulate(rules, 60_000, 21, streams=6).to_dict()
    assert simulate(rules, 60_000, 21, streams=6, executor=client.get_executor()).to_dict() == here


def test_a_worker_killed_mid_run_loses_nothing(client):
    """SIGKILL one worker process as the first stream comes back: Dask runs its tasks again on the
    other worker (or on the one its nanny restarts), and the totals equal the serial run's."""
    rules = example_rules()
    streams, rounds = 12, 240_000
    here = simulate(rules, rounds, 33, streams=streams).to_dict()
    pids = list(client.run(os.getpid).values())
    killed = []

    def progress(done: int) -> None:
        if not killed:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    there = simulate(rules, rounds, 33, streams=streams, executor=client.get_executor(), progress=progress)
    assert killed and there.to_dict() == here
    assert pids[0] not in client.run(os.getpid).values()  # that process really died

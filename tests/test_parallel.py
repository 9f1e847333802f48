"""Simulation at scale (pyeval.parallel): streams, mergeable sums, any Executor, Dask (optional)."""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from pyeval.equity import core
from pyeval._bindings import ffi, lib
from pyeval.equity import EquityStats, equity, run_stream
from pyeval.errors import SeedError
from pyeval.parallel import add_cdata, check_seed, check_streams, rng_from_state, rng_state, split, stream_rng

PLAYERS = ["AKs, QQ", "random"]


def test_split_shares_the_trials() -> None:
    assert split(10, 3) == [4, 3, 3]
    assert split(2, 4) == [1, 1, 0, 0]
    assert sum(split(1_000_003, 32)) == 1_000_003


def test_streams_are_jumps_of_the_seed() -> None:
    a, b = stream_rng(5, 2), stream_rng(5, 0)
    lib.pe_rng_jump(b)
    lib.pe_rng_jump(b)
    assert rng_state(a) == rng_state(b)
    assert rng_state(stream_rng(5, 1)) != rng_state(stream_rng(5, 0))
    assert rng_state(rng_from_state(rng_state(a))) == rng_state(a)
    with pytest.raises(SeedError):
        rng_from_state((0, 0, 0, 0))


def test_seed_and_stream_checks() -> None:
    assert 0 <= check_seed(None) < 2**256
    for bad in (-1, 2**256, 1.0, True, "1"):
        with pytest.raises(SeedError):
            check_seed(bad)
    with pytest.raises(SeedError):
        check_streams(0)


def test_add_cdata_adds_every_field() -> None:
    a, b = ffi.new("pe_eq_stats *"), ffi.new("pe_eq_stats *")
    a.trials, b.trials, a.win[3], b.win[3], b.share_sq[9] = 1, 2, 5, 6, 7
    add_cdata(a, b)
    assert (a.trials, a.win[3], a.share_sq[9]) == (3, 11, 7)


def test_split_runs_merge_to_the_whole_run() -> None:
    """N trials split into k streams, each run on its own and added, give exactly the one run."""
    n, k = 300_001, 5
    whole = equity(PLAYERS, trials=n, seed=99, streams=k, workers=1).stats
    parts = [run_stream(PLAYERS, c, 99, j) for j, c in enumerate(split(n, k))]
    assert sum(parts, EquityStats.zero(2)) == whole
    assert whole.trials == n


def test_chunking_inside_a_stream_does_not_change_the_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stream run in many small C calls draws exactly what one call draws (no wasted words)."""
    one = run_stream(["AhKh", "QsQd", "7c7d"], 50_000, 3, 1)
    monkeypatch.setattr(core, "_CHUNK", 977)
    assert run_stream(["AhKh", "QsQd", "7c7d"], 50_000, 3, 1) == one
    ranged = run_stream(PLAYERS, 20_000, 3, 0)
    monkeypatch.setattr(core, "_CHUNK", 1 << 22)
    assert run_stream(PLAYERS, 20_000, 3, 0) == ranged


def test_same_seed_same_result_regardless_of_workers() -> None:
    kw = dict(trials=400_000, seed=2024, streams=8)
    here = equity(PLAYERS, workers=1, **kw).stats
    with ThreadPoolExecutor(3) as ex:
        threads = equity(PLAYERS, executor=ex, **kw).stats
    with ProcessPoolExecutor(2) as ex:
        procs = equity(PLAYERS, executor=ex, **kw).stats
    with ProcessPoolExecutor(1) as ex:
        one = equity(PLAYERS, executor=ex, **kw).stats
    assert here == threads == procs == one


def test_adaptive_run_is_the_same_on_an_executor() -> None:
    kw = dict(target_stderr=0.0008, seed=8, streams=4)
    with ThreadPoolExecutor(2) as ex:
        assert equity(PLAYERS, executor=ex, **kw).stats == equity(PLAYERS, workers=1, **kw).stats


def test_dask_distributed_local_cluster() -> None:
    """The same run on Dask's distributed scheduler (how a run goes past one machine)."""
    distributed = pytest.importorskip("distributed")
    kw = dict(trials=200_000, seed=77, streams=6)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        r = equity(PLAYERS, executor=client.get_executor(), **kw)
    assert r.stats == equity(PLAYERS, workers=1, **kw).stats


def test_heads_up_simulation_streams_and_executors() -> None:
    """pyeval.simulate(HeadsUpSim(...)): split runs merge exactly; workers do not change the result."""
    from pyeval.headsup.paytables import example_rules
    from pyeval import simulate
    from pyeval.headsup.sim import HeadsUpSim

    rules = example_rules()
    here = simulate(HeadsUpSim(rules), 150_001, seed=9, streams=3).to_dict()
    with ProcessPoolExecutor(2) as ex:
        assert simulate(HeadsUpSim(rules), 150_001, seed=9, streams=3, executor=ex).to_dict() == here
    with ThreadPoolExecutor(2) as ex:
        assert simulate(HeadsUpSim(rules), 150_001, seed=9, streams=3, executor=ex).to_dict() == here
    assert simulate(HeadsUpSim(rules), 150_001, seed=9, streams=1).to_dict() != here  # a different run, same seed


def test_criss_cross_simulation_split_merges_exactly() -> None:
    """pyeval.simulate(CrissCrossSim(...)): stream k's totals are independent of the others, so three
    streams equal the sum of the one-stream runs of their generators."""
    from pyeval import simulate
    from pyeval.crisscross.sim import CrissCrossSim, _stream_stats
    from pyeval.crisscross.rules import CrissCrossRules

    whole = simulate(CrissCrossSim(), 90_000, seed=4, streams=3)
    with ThreadPoolExecutor(2) as ex:
        assert simulate(CrissCrossSim(), 90_000, seed=4, streams=3, executor=ex).to_dict() == whole.to_dict()
    acc = ffi.new("pe_cc_stats *")
    for j, n in enumerate(split(90_000, 3)):
        add_cdata(acc, ffi.from_buffer("pe_cc_stats *", bytearray(_stream_stats(CrissCrossRules(), 1, 1, 4, j, n))))
    assert [int(acc.net[w]) for w in range(6)] == [w.net for w in whole.wagers]
    with pytest.raises(SeedError):
        simulate(CrissCrossSim(), 10, seed=4, streams=0)


def test_an_unreachable_dask_scheduler_is_one_error_line(monkeypatch, capsys):
    """New-user trial: a mistyped --scheduler address ended in a traceback (OSError) after 30 s."""
    distributed = pytest.importorskip("distributed")

    def refuse(address, *a, **k):
        raise OSError(f"Timed out trying to connect to {address} after 30 s")

    monkeypatch.setattr(distributed, "Client", refuse)
    from pyeval.cli import main

    assert main(["equity", "AhKh", "QsQd", "--trials", "1000", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyeval: error: cannot reach the Dask scheduler at tcp://127.0.0.1:1: Timed out")
    assert "Traceback" not in err

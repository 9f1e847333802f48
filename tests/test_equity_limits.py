"""Equity options that must fail fast with a pyeval error (issue 14 item 14, issue 15), and threads."""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from pyeval import EquityError, RangeError, equity, parse_range
from pyeval.equity import core


def test_target_stderr_zero_is_refused() -> None:
    with pytest.raises(EquityError, match="target_stderr"):
        equity(["AhKh", "QsQd"], target_stderr=0)


def test_adaptive_run_has_a_trial_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "ADAPTIVE_TRIAL_CAP", 3_000_000)
    r = equity(["AhKh", "QsQd"], target_stderr=1e-12, seed=1, workers=1)
    assert r.boards == 3_000_000


@pytest.mark.parametrize("weight", ["1e-9999999", "1e999999999", "9" * 40, "1/" + "7" * 30, "0x1", "nan", "inf"])
def test_huge_or_bad_weights_are_rejected_fast(weight: str) -> None:
    t0 = time.perf_counter()
    with pytest.raises(RangeError, match="weight"):
        parse_range(f"AKs:{weight}")
    assert time.perf_counter() - t0 < 0.5


@pytest.mark.parametrize("weight, value", [("0.5", "1/2"), ("1/3", "1/3"), ("5e-3", "1/200"), (".25", "1/4")])
def test_ordinary_weights_still_parse(weight: str, value: str) -> None:
    assert str(parse_range(f"AKs:{weight}").weights[0]) == value


@pytest.mark.parametrize("executor", ["x", 3, object()])
def test_executor_must_be_an_executor(executor: object) -> None:
    with pytest.raises(EquityError, match="executor"):
        equity(["AhKh", "QsQd"], executor=executor)  # type: ignore[arg-type]


@pytest.mark.parametrize("threads", [-1, "2", 1.5, True])
def test_threads_must_be_an_int(threads: object) -> None:
    with pytest.raises(EquityError, match="threads"):
        equity(["AhKh", "QsQd"], threads=threads)  # type: ignore[arg-type]


def test_infeasible_exact_names_the_estimate() -> None:
    t0 = time.perf_counter()
    with pytest.raises(EquityError, match=r"about 9\.6e\+15 hands"):
        equity(["random", "random", "random"], exact=True)
    assert time.perf_counter() - t0 < 2


def test_ten_player_exact() -> None:
    hands = ["AhKh", "QsQd", "7c7d", "JsTs", "2c3c", "9h9d", "AcQc", "5s4s", "KdJd", "8h8s"]
    r = equity(hands, exact=True)
    assert r.exact and r.boards == 201_376  # C(32, 5)
    assert sum(p.equity for p in r.players) == 1


def test_exact_threads_do_not_change_the_result() -> None:
    texts = ["AKs,QQ+,T9s", "JJ-99,AQs,KQo"]
    a = equity(texts, board="Ah 7h 2c", exact=True, threads=1)
    b = equity(texts, board="Ah 7h 2c", exact=True, threads=0)
    c = equity(texts, board="Ah 7h 2c", exact=True, threads=3)
    assert a.players == b.players == c.players and a.stats == b.stats == c.stats


def test_executor_object_is_accepted() -> None:
    with ThreadPoolExecutor(2) as ex:
        r = equity(["AhKh", "QsQd"], trials=20_000, seed=3, executor=ex)
    assert r.boards == 20_000

"""Threads in C (csrc/pe_pool.c, decision 031): ``evaluate_batch(threads=)`` and exact equity spots run
their parts on a persistent C pool in one call. The results and errors do not depend on the thread
count, concurrent callers share the pool safely, and a forked child re-creates the pool instead of
waiting on its parent's workers.

Waits on children have a generous limit (HANG_GUARD): a guard that turns a deadlock into a failure,
never a measure of speed.
"""
from __future__ import annotations

import math
import os
import threading
import time
import traceback
from collections.abc import Callable

import numpy as np
import pytest

import pyeval
from pyeval._batch import MIN_ROWS_PER_THREAD
from pyeval._bindings import lib
from pyeval.errors import DuplicateCardError, InvalidCardError

HANG_GUARD = 120.0  # seconds: a hang guard, not a speed assertion
ROWS = 4 * MIN_ROWS_PER_THREAD + 1234  # enough rows for 4 blocks of the C pool, and an odd tail
THREADS = (1, 2, 3, 5)
SPOTS = [
    (["AhKh", "QsQd"], ""),          # one deal, preflop: the units of one enumeration are split
    (["AhKh", "QsQd"], "2c7h9s"),    # flop
    (["AhKh", "QsQd"], "2c7h9s4h"),  # turn
    (["AhKh", "QsQd", "7c7d"], ""),
    (["AsKs", "8d8c", "JhTh", "5c5d"], "Qs7s2d"),
    (["AKs,QQ+", "JJ-99,AQs"], ""),  # ranges: many deals
]


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    return np.ascontiguousarray(pyeval.deal_batch(ROWS, 7, seed=31), dtype=np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_same_on_any_thread_count(k: int) -> None:
    h = np.ascontiguousarray(pyeval.deal_batch(ROWS, k, seed=k), dtype=np.uint8)
    want = pyeval.evaluate_batch(h, threads=1)
    for t in THREADS[1:] + (0, 64, 200):
        out = np.zeros(ROWS, np.uint16)
        assert pyeval.evaluate_batch(h, out, threads=t) is out
        assert np.array_equal(out, want), t
    assert lib.pe_pool_workers() >= 1  # the C pool ran them


@pytest.mark.parametrize("bad_rows", [[0], [ROWS - 1], [MIN_ROWS_PER_THREAD * 3 + 5, MIN_ROWS_PER_THREAD + 7],
                                      [MIN_ROWS_PER_THREAD * 2, MIN_ROWS_PER_THREAD * 2 + 1]])
def test_batch_first_bad_row_on_any_thread_count(hands: np.ndarray, bad_rows: list[int]) -> None:
    """Bad rows in several blocks: every thread count names the first one, with the same error."""
    h = hands.copy()
    for i, row in enumerate(bad_rows):
        if i % 2:
            h[row, 6] = 60
        else:
            h[row, 6] = h[row, 0]
    seen = set()
    for t in THREADS:
        with pytest.raises((DuplicateCardError, InvalidCardError)) as e:
            pyeval.evaluate_batch(h, threads=t)
        seen.add((type(e.value), str(e.value)))
    assert len(seen) == 1
    assert f"row {min(bad_rows)}:" in seen.pop()[1]


@pytest.mark.parametrize("threads", [2, 3, 7])
def test_batch_guided_blocks_first_bad_row(threads: int) -> None:
    """The guided schedule's blocks (long first, down to MIN_ROWS_PER_THREAD rows at the end): rows
    filled with values, then one bad row at a time anywhere (the first rows, a short block near the
    end, the last row): the values of one thread, and the error names that row."""
    n = 20 * MIN_ROWS_PER_THREAD + 4321
    h = np.ascontiguousarray(pyeval.deal_batch(n, 7, seed=threads), dtype=np.uint8)
    want = pyeval.evaluate_batch(h, threads=1)
    out = np.zeros(n, np.uint16)
    pyeval.evaluate_batch(h, out, threads=threads)
    assert np.array_equal(out, want)
    rng = np.random.default_rng(threads)
    for row in [0, 15, 16, n - 1, n - MIN_ROWS_PER_THREAD - 3, *rng.integers(0, n, 4).tolist()]:
        bad = h.copy()
        bad[row, 3] = bad[row, 5]
        with pytest.raises(DuplicateCardError) as e:
            pyeval.evaluate_batch(bad, threads=threads)
        assert f"row {row}:" in str(e.value)


@pytest.mark.parametrize("players,board", SPOTS)
def test_exact_equity_same_on_any_thread_count(players: list[str], board: str) -> None:
    want = pyeval.equity(players, board=board, exact=True, threads=1)
    for t in THREADS[1:]:
        got = pyeval.equity(players, board=board, exact=True, threads=t)
        assert got == want, t
        assert [(p.win, p.tie, p.equity) for p in got.players] == [(p.win, p.tie, p.equity) for p in want.players]


def _random_spot(rng: np.random.Generator) -> tuple[list[str], str]:
    """2 or 3 players on no board (hands), a flop or a turn (ranges of random hands that may share
    cards: card removal), sized so the work passes the pool's threshold (PE_EQ_THREADS_MIN_WORK)."""
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    order = [deck[i] for i in rng.permutation(52)]
    nboard, np_ = int(rng.choice([0, 3, 3, 4])), int(rng.integers(2, 4))
    board, rest = order[:nboard], order[nboard:]
    if nboard == 0:
        return [rest[2 * i] + rest[2 * i + 1] for i in range(np_)], ""
    boards = math.comb(52 - 2 * np_ - nboard, 5 - nboard)
    n = math.ceil((2 * 65536 / (boards * np_)) ** (1 / np_))  # combinations a player: twice the threshold
    players = []
    for _ in range(np_):
        picks = rng.choice(len(rest) // 2, size=min(n, len(rest) // 2), replace=False)
        players.append(", ".join(rest[2 * i] + rest[2 * i + 1] for i in picks))
    return players, "".join(board)


@pytest.mark.parametrize("seed", range(8))
def test_exact_equity_random_spots_same_on_any_thread_count(seed: int) -> None:
    """Random spots (hands and small overlapping ranges, preflop to turn): the split walk (units
    handed whole to the plain walk, decision 041) gives the one-thread sums on 2 and 3 threads."""
    players, board = _random_spot(np.random.default_rng(seed))
    try:
        want = pyeval.equity(players, board=board, exact=True, threads=1)
    except pyeval.PyevalError:
        pytest.skip("no compatible deal")
    for t in (2, 3):
        got = pyeval.equity(players, board=board, exact=True, threads=t)
        assert [(p.win, p.tie, p.equity) for p in got.players] == [(p.win, p.tie, p.equity) for p in want.players], t


def test_concurrent_callers_share_the_pool(hands: np.ndarray) -> None:
    """Calls from several Python threads at once (the GIL released in C): one holds the pool, the
    others run their parts on their own thread; every result is the one-thread result."""
    want = pyeval.evaluate_batch(hands)
    eq_want = pyeval.equity(["AhKh", "QsQd"], exact=True)
    errors: list[str] = []

    def caller() -> None:
        try:
            for _ in range(3):
                assert np.array_equal(pyeval.evaluate_batch(hands, threads=2), want)
                assert pyeval.equity(["AhKh", "QsQd"], exact=True, threads=2) == eq_want
        except BaseException:
            errors.append(traceback.format_exc())

    ts = [threading.Thread(target=caller) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(HANG_GUARD)
    assert not any(t.is_alive() for t in ts), "a caller hung"
    assert errors == []


def _in_fork(fn: Callable[[], bytes]) -> bytes:
    """``fn()`` in a child made by ``os.fork()``: its bytes, or its traceback as a failure."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 0
        try:
            out = fn()
        except BaseException:
            out, code = traceback.format_exc().encode(), 1
        with os.fdopen(w, "wb") as f:
            f.write(out)
        os._exit(code)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        out = f.read()  # the child closes its end on exit
    deadline = time.monotonic() + HANG_GUARD
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:  # pragma: no cover - a hang
            os.kill(pid, 9)
            pytest.fail("the child hung")
        time.sleep(0.01)
    assert os.waitstatus_to_exitcode(status) == 0, out.decode(errors="replace")
    return out


def _threaded_work(hands: np.ndarray) -> bytes:
    before = lib.pe_pool_workers()
    values = pyeval.evaluate_batch(hands, threads=2)
    eq = pyeval.equity(["AhKh", "QsQd"], exact=True, threads=2)
    after = lib.pe_pool_workers()
    return repr((before, after >= 1)).encode() + values.tobytes() + repr(eq.players).encode()


pytestmark_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="POSIX fork")


@pytestmark_fork
@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # Python 3.12+: a process with threads forks
def test_forked_child_re_creates_the_pool(hands: np.ndarray) -> None:
    """The parent's workers do not exist in a child: it starts with none (the atfork handler) and
    makes its own on its first threaded call; a grandchild too."""
    parent = pyeval.evaluate_batch(hands, threads=2)
    eq = pyeval.equity(["AhKh", "QsQd"], exact=True, threads=2)
    assert lib.pe_pool_workers() >= 1
    expected = repr((0, True)).encode() + parent.tobytes() + repr(eq.players).encode()
    assert _in_fork(lambda: _threaded_work(hands)) == expected
    assert _in_fork(lambda: _in_fork(lambda: _threaded_work(hands))) == expected


@pytestmark_fork
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_fork_while_another_thread_runs_a_threaded_call(hands: np.ndarray) -> None:
    """A fork while a parent thread is inside a pooled call (the pool busy, workers mid-job): the
    child's pool is idle and empty, and its threaded calls finish with the right values."""
    want = pyeval.evaluate_batch(hands).tobytes()
    stop = threading.Event()

    def busy() -> None:
        while not stop.is_set():
            pyeval.evaluate_batch(hands, threads=2)

    t = threading.Thread(target=busy)
    t.start()
    try:
        for _ in range(5):
            assert _in_fork(lambda: pyeval.evaluate_batch(hands, threads=2).tobytes()) == want
    finally:
        stop.set()
        t.join(HANG_GUARD)

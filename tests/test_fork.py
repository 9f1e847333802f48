"""Processes: a forked child, a forkserver worker and a spawned worker all evaluate and compute equity
on threads after their parent did, and agree with it (docs/architecture.md, "Threads and processes").

Every wait has a generous time limit (HANG_GUARD): it is a guard that turns a deadlock into a
failure instead of a stuck test run, never a measure of speed.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import select
import sys
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

import pyeval
from pyeval import BatchDealer, Shoe
from pyeval.errors import ShoeError

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "fork"), reason="POSIX fork"),
    # Python 3.12+ warns when a process with threads forks: the point of these tests
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]

HANG_GUARD = 120.0  # seconds: a hang guard, not a speed assertion

HANDS = np.random.default_rng(20).integers(0, 52, size=(70_000, 7)).astype(np.uint8)
HANDS = HANDS[np.array([len(set(r)) == 7 for r in HANDS])]  # rows of 7 distinct cards


def _work() -> bytes:
    """What every child runs: threaded batch evaluation and threaded exact equity, as bytes."""
    values = pyeval.evaluate_batch(HANDS, threads=2)
    eq = pyeval.equity(["AhKh", "QsQd"], board="2c7d9h", exact=True, threads=2)
    return values.tobytes() + repr([(p.win, p.tie, p.equity) for p in eq.players]).encode()


def _in_fork(fn: Callable[[], bytes]) -> bytes:
    """``fn()`` run in a child made by ``os.fork()``; its bytes (or its traceback, as a failure)."""
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
    chunks, deadline = [], time.monotonic() + HANG_GUARD
    with os.fdopen(r, "rb") as f:
        while True:
            ready, _, _ = select.select([f], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                pytest.fail(f"the forked child did not finish within {HANG_GUARD} s (a hang)")
            chunk = os.read(f.fileno(), 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    out = b"".join(chunks)
    assert os.waitstatus_to_exitcode(status) == 0, out.decode(errors="replace")
    return out


def test_fork_after_threaded_batch_evaluation() -> None:
    parent = pyeval.evaluate_batch(HANDS, threads=2)  # the pool now has threads in this process
    assert _in_fork(lambda: pyeval.evaluate_batch(HANDS, threads=2).tobytes()) == parent.tobytes()


def test_fork_after_threaded_exact_equity() -> None:
    expected = _work()  # threaded exact equity ran here first
    assert _in_fork(_work) == expected
    assert _in_fork(lambda: _in_fork(_work)) == expected  # and in a grandchild


def test_fork_after_a_process_pool() -> None:
    with ProcessPoolExecutor(2) as ex:
        sim = pyeval.equity(["AhKh", "QsQd"], exact=False, trials=4000, seed=7, streams=4, executor=ex)
    expected = _work()
    assert _in_fork(_work) == expected
    again = _in_fork(lambda: repr(pyeval.equity(["AhKh", "QsQd"], exact=False, trials=4000, seed=7,
                                                streams=4).players).encode())
    assert again == repr(sim.players).encode()


def test_fork_while_the_pool_lock_is_held() -> None:
    """A parent thread inside the pool's creation lock when the process forks: the child's lock is new."""
    from pyeval import _batch
    with _batch._POOL_LOCK:
        out = _in_fork(lambda: pyeval.evaluate_batch(HANDS, threads=2).tobytes())
    assert out == pyeval.evaluate_batch(HANDS).tobytes()


def _mp_worker(q: mp.Queue[bytes]) -> None:  # module level: spawn and forkserver import it by name
    q.put(_work())


@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_multiprocessing_start_methods(method: str) -> None:
    if method not in mp.get_all_start_methods():
        pytest.skip(f"no {method} start method here")
    expected = _work()  # the parent used the thread pool first
    ctx = mp.get_context(method)
    q: mp.Queue[bytes] = ctx.Queue()
    p = ctx.Process(target=_mp_worker, args=(q,))
    p.start()
    try:
        got = q.get(timeout=HANG_GUARD)
    finally:
        p.join(timeout=HANG_GUARD)
        if p.is_alive():  # pragma: no cover - a hang
            p.kill()
            p.join()
    assert p.exitcode == 0
    assert got == expected


# ---- locks held by a thread of the parent at the fork (issue 21): the child must not wait on them ----

def test_child_takes_over_a_shoe_lock_its_parent_held() -> None:
    """The lock word of a shoe that a parent thread was in a call on when the process forked: the
    child's first call takes it over (the shoe is whole) and deals; the parent's is left as it was."""
    shoe = Shoe(seed=3)
    shoe.shuffle()
    twin = shoe.copy()
    expected = bytes(twin.deal(5))
    shoe._s.busy = 1  # as a thread of this process inside a call would leave it
    try:
        assert _in_fork(lambda: bytes(shoe.deal(5))) == expected
        assert _in_fork(lambda: _in_fork(lambda: bytes(shoe.deal(5)))) == expected  # a grandchild too
    finally:
        shoe._s.busy = 0
    assert bytes(shoe.deal(5)) == expected


def test_child_refuses_a_shoe_a_fork_cut_in_half() -> None:
    """A parent thread forked in the middle of committing a stub: the child's copy holds a card twice.
    The child refuses the shoe, every call, with a clear error (never deals a card twice)."""
    shoe = Shoe(seed=3)
    shoe.shuffle()
    saved = (shoe._s.cards[0], shoe._s.deck_of[0])
    shoe._s.busy = 1
    shoe._s.cards[0], shoe._s.deck_of[0] = shoe._s.cards[1], shoe._s.deck_of[1]

    def child() -> bytes:
        msgs = []
        for _ in range(2):
            with pytest.raises(ShoeError) as e:
                shoe.deal(1)
            msgs.append(str(e.value))
        return "|".join(msgs).encode()

    try:
        out = _in_fork(child).decode()
    finally:
        shoe._s.cards[0], shoe._s.deck_of[0] = saved
        shoe._s.busy = 0
    assert "state" in out
    assert len(shoe.deal(52)) == 52  # the parent's shoe (repaired above) was never touched


def test_child_deals_while_a_parent_thread_is_inside_the_dealer() -> None:
    """A real thread of the parent inside a long BatchDealer call when the process forks."""
    dealer = BatchDealer(seed=11)
    twin = dealer.copy()
    started = threading.Event()

    def long_call() -> None:
        started.set()
        dealer.deal(3_000_000, 7)

    t = threading.Thread(target=long_call)
    t.start()
    started.wait()
    deadline = time.monotonic() + HANG_GUARD
    while dealer._d.busy == 0 and t.is_alive() and time.monotonic() < deadline:
        time.sleep(0.0005)
    if not dealer._d.busy:  # pragma: no cover - the call ended before we could fork (a fast machine)
        t.join()
        pytest.skip("the dealer call ended before the fork")
    def child() -> bytes:
        try:
            return dealer.deal(4, 5).tobytes()
        except ShoeError as e:  # the fork landed inside a card swap: the deck is not whole
            return b"refused: " + str(e).encode()

    try:
        out = _in_fork(child)
    finally:
        t.join(timeout=HANG_GUARD)
    # the child's dealer was cut mid-call. Its carried deck is some permutation and the call deals
    # (the usual case), or the fork landed between the two writes of a swap and the child refuses
    # clearly; never a crash, a hang or a repeated card
    if out.startswith(b"refused: "):
        assert b"not allowed in the shoe's state" in out, out
    else:
        rows = np.frombuffer(out, dtype=np.uint8).reshape(4, 5)
        assert all(len(set(r.tolist())) == 5 and max(r) < 52 for r in rows), rows
    assert twin.deal(3_000_000, 7).shape == (3_000_000, 7)


def test_threads_still_wait_for_each_other_in_one_process() -> None:
    """The takeover is only for a holder left behind by a fork: in one process a held lock waits."""
    from pyeval._bindings import lib
    from pyeval.shoe._common import ERR_BUSY
    shoe = Shoe(seed=1)
    shoe.shuffle()
    shoe._s.busy = 1
    try:
        assert lib.pe_shoe_deal_one(shoe._s) == ERR_BUSY
    finally:
        shoe._s.busy = 0
    assert 0 <= shoe.deal(1)[0] < 52


if sys.platform == "win32":  # pragma: no cover
    pytest.skip("no fork on Windows", allow_module_level=True)

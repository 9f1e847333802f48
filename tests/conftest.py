"""Shared fixtures. ``shared_dir`` locates ``../shared`` (regulation texts, real hand histories).

Tests that need it skip with a reason when it is absent (a user's clone); with
``PYEVAL_REQUIRE_SHARED=1`` (set by ``.ci/run``) its absence is a failure instead.
"""
from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# CI runs hypothesis derandomized (HYPOTHESIS_PROFILE=ci in .ci/run): same examples every run.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("default", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

#: The default run draws a third of a long property test's examples (issue 24: the default run
#: stays under four CPU-minutes); CI (HYPOTHESIS_PROFILE=ci, .ci/run) and any other profile draw all.
EXAMPLE_SHARE = 3 if os.environ.get("HYPOTHESIS_PROFILE", "default") == "default" else 1


def examples(n: int) -> int:
    """``max_examples`` for a long property test: ``n`` under CI, ``n // 3`` (at least 100) by default."""
    return n if EXAMPLE_SHARE == 1 else max(100, n // EXAMPLE_SHARE)

ROOT = Path(__file__).resolve().parent.parent


#: One short no-limit hold'em PHH hand (three players, a flop, folds), shared by the replay and CLI tests.
SMALL_HAND = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 7h8h', 'p3 cbr 6', 'p1 cc', 'p2 f', 'd db 2c9dJc', 'p1 cbr 10', 'p3 f']
finishing_stacks = [108, 98, 94]
"""


def pyeval_subprocess() -> dict[str, object]:
    """Keyword arguments for ``subprocess.run([sys.executable, "-m", "pyeval...", ...])``.

    The child runs in a neutral folder with ``PYTHONPATH`` naming where this test process imported
    pyeval from, so it runs the same pyeval (a checkout built in place, or an installed wheel/sdist)
    and never a ``pyeval/`` folder without compiled modules in the current folder (``python -m``
    puts the current folder first on ``sys.path``; that is how the tests of an unpacked sdist run).
    """
    import tempfile

    import pyeval

    home = str(Path(pyeval.__file__).resolve().parent.parent)
    path = os.pathsep.join([home, *filter(None, [os.environ.get("PYTHONPATH")])])
    return {"cwd": tempfile.gettempdir(), "env": {**os.environ, "PYTHONPATH": path}}


@contextlib.contextmanager
def forced_batch_kernel(name: str) -> Iterator[None]:
    """Run :func:`pyeval.evaluate_batch` on the batch kernel ``name`` ("scalar" or "avx512"), as
    ``PYEVAL_BATCH_KERNEL=name`` would at import; skips when this CPU lacks it."""
    from pyeval.hands import high

    cap = high.BATCH_KERNELS.index(name)
    saved = high._MAX_KERNEL
    high._MAX_KERNEL = cap
    try:
        if high.batch_kernel() != name:
            pytest.skip(f"this CPU has no {name} batch kernel")
        yield
    finally:
        high._MAX_KERNEL = saved


def available_batch_kernels() -> list[str]:
    """The batch kernels this CPU runs (always "scalar")."""
    from pyeval._bindings import lib
    from pyeval.hands import high

    return [n for i, n in enumerate(high.BATCH_KERNELS) if lib.pe_eval_batch_kernel(i) == i]


@pytest.fixture(params=["scalar", "neon", "avx2", "avx512"])
def batch_kernel(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each batch kernel in turn (the test runs once per kernel; skipped where the CPU lacks it)."""
    with forced_batch_kernel(request.param):
        yield request.param


def _find_shared() -> Path | None:
    env = os.environ.get("PYEVAL_SHARED")
    candidates = [Path(env)] if env else []
    candidates.append(ROOT.parent / "shared")
    for c in candidates:
        if (c / "seeds").is_dir():
            return c
    return None


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """Path of ../shared; skips (or fails under PYEVAL_REQUIRE_SHARED=1) when it is missing."""
    found = _find_shared()
    if found is None:
        msg = ("../shared (regulation texts and real hand histories) is not beside this clone; "
               "set PYEVAL_SHARED=/path/to/shared to run these tests")
        if os.environ.get("PYEVAL_REQUIRE_SHARED") == "1":
            pytest.fail(msg)
        pytest.skip(msg)
    return found


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` run only when asked for (``pytest -m slow``), not in the default run."""
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with pytest -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(params=["fast", "general"])
def engine_paths(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Runs a poker-engine test twice: with the fused fast steps of ``pyeval.poker.fast`` (the default)
    and with the general steps only (``pyeval.poker.state.FAST_PATHS = False``), so that a
    regulation test guards both implementations of its clause (docs/decisions/032)."""
    from pyeval.poker import state as poker_state

    monkeypatch.setattr(poker_state, "FAST_PATHS", request.param == "fast")
    return str(request.param)

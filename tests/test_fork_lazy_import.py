"""A fork while another thread is inside a lazy import (``pyeval/_lazy.py``) gives a child that can use
that name: the before-fork hook waits for the import to finish (docs/decisions/019-import-time.md).

Deterministic: the lazily imported module blocks until the fork has begun (a before-fork hook of the
test, which runs ahead of pyeval's), so without the hook the fork always lands inside the import. The
waits have a generous limit (HANG_GUARD) that turns a hang into a failure, never a speed measure.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "register_at_fork"), reason="POSIX fork"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]

HANG_GUARD = 60  # seconds: a hang guard, not a speed assertion
ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import os, signal, sys, threading, warnings
warnings.simplefilter("ignore", DeprecationWarning)  # 3.12+: fork with threads
import gate, lazypkg
fork_began = threading.Event()
os.register_at_fork(before=fork_began.set)  # registered after pyeval's hook, so it runs first
reader = threading.Thread(target=lambda: lazypkg.thing)
reader.start()
assert gate.started.wait(GUARD)  # the reader is inside the lazy import now
threading.Thread(target=lambda: (fork_began.wait(GUARD), gate.release.set())).start()
pid = os.fork()
if pid == 0:
    signal.alarm(GUARD)  # a hung child dies (SIGALRM) instead of hanging the test
    os._exit(0 if lazypkg.thing == 42 else 3)
_, status = os.waitpid(pid, 0)
reader.join()
print("child", os.waitstatus_to_exitcode(status))
"""


def test_a_fork_during_a_lazy_import_gives_a_child_that_can_use_the_name(tmp_path: Path) -> None:
    (tmp_path / "gate.py").write_text(
        "import threading\nstarted = threading.Event()\nrelease = threading.Event()\n")
    pkg = tmp_path / "lazypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from pyeval._lazy import attach\n__getattr__, __dir__ = attach(__name__, {'thing': 'slow'})\n")
    (pkg / "slow.py").write_text(textwrap.dedent(f"""
        import gate
        gate.started.set()
        assert gate.release.wait({HANG_GUARD})  # set only once the fork has begun
        thing = 42
    """))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(tmp_path), str(ROOT)))}
    out = subprocess.run([sys.executable, "-c", SCRIPT.replace("GUARD", str(HANG_GUARD))], env=env,
                         capture_output=True, text=True, timeout=3 * HANG_GUARD, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["child", "0"], out.stdout + out.stderr

"""The development build is incremental (issue 24 item 6): changing one C unit recompiles that unit
only; a changed header recompiles the units that include it; a changed macro the units that name it
(``pyeval/_build_incremental.py``, used by ``setup.py``'s ``build_ext``). Built on a tiny throwaway
project in a temporary folder, never on the checkout's own modules."""
from __future__ import annotations

import json
import os
import time
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not (shutil.which("cc") or shutil.which("gcc")) or os.name != "posix",
                                reason="needs a C compiler")

SETUP = """
import json, os, sys
sys.path.insert(0, {tools!r})
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from _build_incremental import incremental

base = incremental(build_ext)

class logged(base):
    def build_extension(self, ext):
        super().build_extension(ext)
        with open("compiled.json", "w") as f:
            json.dump(sorted(os.path.basename(s) for s in self.compiled), f)

setup(name="t", version="0", cmdclass={{"build_ext": logged}}, script_args=["-q", "build_ext", "--inplace"],
      ext_modules=[Extension("m", ["a.c", "b.c"], define_macros=[("A_VALUE", os.environ.get("A_VALUE", "1"))])])
"""


def _build(folder: Path, **env: str) -> list[str]:
    (folder / "compiled.json").unlink(missing_ok=True)
    subprocess.run([sys.executable, "setup.py"], cwd=folder, check=True, capture_output=True,
                   env={**os.environ, **env})
    done = folder / "compiled.json"
    return json.loads(done.read_text()) if done.exists() else []  # no file: the module was up to date


def _touch(p: Path) -> None:
    """Make ``p`` newer than everything built so far, and everything older than what the next build
    writes (no sleeping): every file is dated 20 s back and ``p`` 10 s back. (Dating ``p`` into the
    future instead made an object compiled within that margin look older than its source.)"""
    now = time.time()
    for q in p.parent.rglob("*"):
        if q.is_file():
            os.utime(q, (now - 20, now - 20))
    os.utime(p, (now - 10, now - 10))


def test_one_changed_unit_recompiles_one(tmp_path: Path) -> None:
    (tmp_path / "h.h").write_text("#define B_TWICE(x) (2 * (x))\n")
    (tmp_path / "a.c").write_text("int a(void) { return A_VALUE; }\n")
    (tmp_path / "b.c").write_text('#include "h.h"\nint b(void) { return B_TWICE(3); }\n')
    (tmp_path / "setup.py").write_text(SETUP.format(tools=str(ROOT / "pyeval")))
    assert _build(tmp_path) == ["a.c", "b.c"]  # first build: every unit
    assert sysconfig.get_config_var("EXT_SUFFIX")
    _touch(tmp_path / "a.c")
    assert _build(tmp_path) == ["a.c"]
    _touch(tmp_path / "h.h")
    assert _build(tmp_path) == ["b.c"]  # only the unit that includes the header
    assert _build(tmp_path, A_VALUE="2") == ["a.c"]  # a macro only a.c names
    _touch(tmp_path / "b.c")
    assert _build(tmp_path, A_VALUE="2") == ["b.c"]

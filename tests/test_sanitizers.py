"""Compile the C sources with AddressSanitizer + UndefinedBehaviorSanitizer and run C workloads.

Every ``tests/c/test_*.c`` is linked with all of ``csrc/*.c`` and must print ``ok`` and exit 0
with no sanitizer report. Skips when no C compiler with sanitizer support is available.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HARNESSES = sorted((ROOT / "tests" / "c").glob("test_*.c"))
CC = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
FLAGS = ["-std=gnu11", "-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
         "-fno-omit-frame-pointer", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function"]


def _sanitizers_work(tmp: Path) -> bool:
    src = tmp / "probe.c"
    src.write_text("int main(void){return 0;}\n")
    r = subprocess.run([CC, *FLAGS, str(src), "-o", str(tmp / "probe")], capture_output=True)
    return r.returncode == 0 and subprocess.run([str(tmp / "probe")]).returncode == 0


@pytest.mark.parametrize("harness", HARNESSES, ids=[h.stem for h in HARNESSES])
def test_c_under_sanitizers(harness: Path, tmp_path: Path):
    if CC is None or not _sanitizers_work(tmp_path):
        if os.environ.get("PYEVAL_REQUIRE_SANITIZERS") == "1":
            pytest.fail("no C compiler with AddressSanitizer/UBSan support")
        pytest.skip("no C compiler with AddressSanitizer/UBSan support")
    exe = tmp_path / harness.stem
    sources = [str(p) for p in sorted((ROOT / "csrc").glob("*.c"))]
    build = subprocess.run([CC, *FLAGS, "-I", str(ROOT / "csrc"), str(harness), *sources, "-o", str(exe), "-lm"],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    run = subprocess.run([str(exe)], capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stdout + run.stderr

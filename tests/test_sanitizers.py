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

#: each compiles every C source under the sanitizers (minutes of CPU in all): run by .ci/run's -m slow step
pytestmark = pytest.mark.slow
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


@pytest.mark.parametrize("harness", ["test_shoe_threads.c", "test_pool.c"])
def test_shoe_threads_under_thread_sanitizer(tmp_path: Path, harness: str):
    """``tests/c/test_shoe_threads.c`` (four threads on one shoe and one dealer) and
    ``tests/c/test_pool.c`` (the C pool's threaded calls, several callers at once; no fork) under
    ThreadSanitizer: the lock words and the pool's atomics must order every access (no data race
    report)."""
    tsan = ["-std=gnu11", "-O1", "-g", "-fsanitize=thread", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function"]
    probe = tmp_path / "probe.c"
    probe.write_text("int main(void){return 0;}\n")
    if CC is None or subprocess.run([CC, *tsan, str(probe), "-o", str(tmp_path / "probe")],
                                    capture_output=True).returncode != 0 or \
            subprocess.run([str(tmp_path / "probe")], capture_output=True).returncode != 0:
        if os.environ.get("PYEVAL_REQUIRE_SANITIZERS") == "1":
            pytest.fail("no C compiler with ThreadSanitizer support")
        pytest.skip("no C compiler with ThreadSanitizer support")
    exe = tmp_path / "shoe_threads_tsan"
    sources = [str(p) for p in sorted((ROOT / "csrc").glob("*.c"))]
    build = subprocess.run([CC, *tsan, "-I", str(ROOT / "csrc"), str(ROOT / "tests" / "c" / harness),
                            *sources, "-o", str(exe), "-lm", "-pthread"], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600,
                         env=dict(os.environ, TSAN_OPTIONS="halt_on_error=1", PE_TEST_NO_FORK="1"))
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stdout + run.stderr


def _fastcall_sources() -> list[str]:
    """The C sources of ``pyeval._fastcall``, as setup.py lists them (one list to keep)."""
    import re

    m = re.search(r'"pyeval\._fastcall",.*?sources=\[([^\]]*)\]', (ROOT / "setup.py").read_text(), re.S)
    assert m, "setup.py no longer lists pyeval._fastcall's sources as this test reads them"
    return [str(ROOT / src) for src in re.findall(r'"([^"]+)"', m[1])]


def test_python_api_under_sanitizers(tmp_path: Path):
    """Build pyeval's compiled modules with ASan + UBSan and drive every C path from Python.

    The package is copied to a temporary folder with sanitized builds of ``_native`` and
    ``_fastcall``; ``tests/asan_workload.py`` then runs with libasan preloaded. Leak detection is off
    (CPython itself keeps memory until exit); any memory error or undefined behaviour aborts.
    """
    import shutil
    import sys
    import sysconfig

    if CC is None or not _sanitizers_work(tmp_path) or sys.platform != "linux":
        if os.environ.get("PYEVAL_REQUIRE_SANITIZERS") == "1":
            pytest.fail("no C compiler with AddressSanitizer/UBSan support")
        pytest.skip("needs Linux and a C compiler with AddressSanitizer/UBSan")
    libasan = subprocess.run([CC, "-print-file-name=libasan.so"], capture_output=True, text=True).stdout.strip()
    if not os.path.isabs(libasan):
        pytest.skip("cannot locate libasan.so to preload")
    build = tmp_path / "build"
    shutil.copytree(ROOT / "csrc", build / "csrc")  # cffi compiles relative to its tmpdir
    shutil.copytree(ROOT / "pyeval", build / "pyeval",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    env = dict(os.environ, PYEVAL_SANITIZE="1")
    compile_native = ("import runpy, sys; sys.path.insert(0, {pkg!r}); "
                      "ns = runpy.run_path({script!r}); ns['ffibuilder'].compile(tmpdir={out!r})")
    r = subprocess.run([sys.executable, "-c", compile_native.format(
        pkg=str(ROOT / "pyeval"), script=str(ROOT / "pyeval" / "_build.py"), out=str(build))],
        capture_output=True, text=True, env=env, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-3000:]
    sys.path.insert(0, str(ROOT / "pyeval"))
    try:
        from _build_hash import source_hash
    finally:
        sys.path.pop(0)
    fast = subprocess.run(
        [CC, "-shared", "-fPIC", *FLAGS, "-Wno-error", f"-I{sysconfig.get_paths()['include']}",
         f"-I{ROOT / 'csrc'}", f'-DPE_SOURCE_HASH="{source_hash(ROOT / "csrc")}"',
         *_fastcall_sources(), "-o", str(build / "pyeval" / "_fastcall.abi3.so")],
        capture_output=True, text=True)
    assert fast.returncode == 0, fast.stderr
    eq = subprocess.run(  # the per-call equity module (argument reading; the kernel is _native's)
        [CC, "-shared", "-fPIC", *FLAGS, "-Wno-error", f"-I{sysconfig.get_paths()['include']}",
         f"-I{ROOT / 'csrc'}", str(ROOT / "csrc" / "python" / "pe_eqfast.c"),
         "-o", str(build / "pyeval" / "_eqfast.abi3.so")], capture_output=True, text=True)
    assert eq.returncode == 0, eq.stderr
    for so in (build / "pyeval").glob("*.so"):
        assert b"__asan_" in so.read_bytes(), f"{so.name} is not instrumented"
    assert len(list((build / "pyeval").glob("*.so"))) == 3
    run_env = dict(os.environ, LD_PRELOAD=libasan, PYTHONPATH=str(build),
                   ASAN_OPTIONS="detect_leaks=0:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "asan_workload.py")], cwd=tmp_path,
                         capture_output=True, text=True, env=run_env, timeout=900)
    assert run.returncode == 0 and run.stdout.startswith("ok"), (run.stdout + run.stderr)[-5000:]

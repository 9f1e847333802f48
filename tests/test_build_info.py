"""``pyeval.build_info()`` and ``pyeval --version`` name the code that runs (issue 25 item 6)."""
from __future__ import annotations

import platform
import subprocess
import sys
from pathlib import Path

import pytest

import pyeval
from pyeval.hands.high import batch_kernel

from conftest import available_batch_kernels, pyeval_subprocess


def test_build_info_names_the_kernel_features_and_compiler():
    b = pyeval.build_info()
    assert b["version"] == pyeval.__version__
    assert b["batch_kernel"] == batch_kernel() and b["batch_kernel"] in b["batch_kernels"]
    # the kernels this CPU can run, not every kernel pyeval has (no NEON on x86, no AVX on ARM)
    assert b["batch_kernels"] == available_batch_kernels() and b["batch_kernels"][0] == "scalar"
    assert ("neon" in b["batch_kernels"]) == ("neon" in b["cpu_features"])
    assert set(b["cpu_features"]) <= {"popcnt", "bmi2", "avx2", "avx512", "neon"}
    assert b["compiler"].split()[0] in {"gcc", "clang", "msvc", "unknown"}
    assert b["machine"] == platform.machine()
    # the AVX-512 kernel runs exactly when the CPU has every feature it needs and nothing caps it
    uncapped = b["batch_kernel_env"] in (None, "", "avx512")
    assert (b["batch_kernel"] == "avx512") == ("avx512" in b["cpu_features"] and uncapped)
    # AVX2 runs where the CPU has it but no AVX-512, or AVX-512 is capped off
    assert (b["batch_kernel"] == "avx2") == ("avx2" in b["cpu_features"] and b["batch_kernel_env"] not in ("scalar", "neon")
                                             and not ("avx512" in b["cpu_features"] and uncapped))
    # NEON runs on every aarch64 CPU unless capped to scalar (and never elsewhere)
    assert (b["batch_kernel"] == "neon") == ("neon" in b["cpu_features"] and b["batch_kernel_env"] != "scalar")


@pytest.mark.skipif(not Path("/proc/cpuinfo").exists() or platform.machine() != "x86_64", reason="Linux x86-64 only")
def test_cpu_features_agree_with_the_kernel_of_this_machine():
    flags = set()
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("flags"):
            flags = set(line.split(":", 1)[1].split())
            break
    b = pyeval.build_info()
    assert ("avx2" in b["cpu_features"]) == ("avx2" in flags)
    need = {"avx512f", "avx512bw", "avx512vl", "avx512vbmi", "avx512_vpopcntdq", "avx512_bitalg"}
    assert ("avx512" in b["cpu_features"]) == need.issubset(flags)


def test_version_line_and_the_scalar_cap(monkeypatch):
    monkeypatch.setenv("PYEVAL_BATCH_KERNEL", "scalar")  # pyeval_subprocess() copies this environment
    r = subprocess.run([sys.executable, "-m", "pyeval", "--version"], capture_output=True, text=True,
                       **pyeval_subprocess())
    assert r.returncode == 0 and r.stdout.startswith(f"pyeval {pyeval.__version__} (batch kernel scalar;")
    assert "built with" in r.stdout
    code = "import pyeval, json; print(json.dumps(pyeval.build_info()))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, **pyeval_subprocess())
    import json
    b = json.loads(r.stdout)
    assert b["batch_kernel"] == "scalar" and b["batch_kernel_env"] == "scalar"


def test_an_unknown_kernel_name_warns_by_the_variable_and_keeps_the_best(monkeypatch):
    monkeypatch.setenv("PYEVAL_BATCH_KERNEL", "bogus")
    code = "import pyeval; print(pyeval.build_info()['batch_kernel'])"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, **pyeval_subprocess())
    assert r.returncode == 0 and r.stdout.strip() == pyeval.build_info()["batch_kernels"][-1]
    # The warning names the environment variable, with no pyeval source line quoted under it.
    assert r.stderr.startswith("PYEVAL_BATCH_KERNEL:0: RuntimeWarning: PYEVAL_BATCH_KERNEL='bogus' ignored")
    assert "_MAX_KERNEL" not in r.stderr and "warn" not in r.stderr.split("RuntimeWarning", 1)[1]

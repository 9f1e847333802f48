"""What ran: :func:`build_info` names pyeval's version, the batch kernel in use, the CPU features the
C library saw and the compiler that built it (``pyeval --version`` prints it; the benchmarks print it
in their header), so that a figure can always be traced to the code path that produced it.
"""
from __future__ import annotations

import os
import platform
from typing import Any

from ._bindings import ffi, lib
from ._version import __version__

__all__ = ["build_info", "build_info_text"]

_FEATURES = (("popcnt", "PE_CPU_POPCNT"), ("bmi2", "PE_CPU_BMI2"), ("avx2", "PE_CPU_AVX2"),
             ("avx512", "PE_CPU_AVX512"), ("neon", "PE_CPU_NEON"))


def build_info() -> dict[str, Any]:
    """pyeval's build and the code paths it takes on this machine, as plain data:

    ``version``; ``batch_kernel``: the kernel :func:`pyeval.evaluate_batch` runs (``"scalar"``,
    ``"neon"`` on aarch64, ``"avx2"`` or ``"avx512"``; ``PYEVAL_BATCH_KERNEL`` can cap it); ``batch_kernels``: the kernels this build
    can run on this CPU, in tier order (what ``PYEVAL_BATCH_KERNEL`` can choose among); ``batch_kernel_env``: that variable's value (None when unset); ``cpu_features``: the
    features the C library detected and uses (``popcnt``, ``bmi2``, ``avx2``, ``avx512`` = AVX-512
    F/BW/VL/VBMI/VPOPCNTDQ/BITALG, ``neon``); ``compiler``: what built the C library; ``machine``,
    ``python``: ``platform.machine()`` and the Python version.
    """
    from .hands.high import BATCH_KERNELS, batch_kernel

    bits = int(lib.pe_cpu_features())
    return {
        "version": __version__,
        "batch_kernel": batch_kernel(),
        "batch_kernels": [n for i, n in enumerate(BATCH_KERNELS) if int(lib.pe_eval_batch_kernel(i)) == i],
        "batch_kernel_env": os.environ.get("PYEVAL_BATCH_KERNEL"),
        "cpu_features": [name for name, const in _FEATURES if bits & int(getattr(lib, const))],
        "compiler": ffi.string(lib.pe_build_compiler()).decode("ascii", "replace"),
        "machine": platform.machine(),
        "python": platform.python_version(),
    }


def build_info_text() -> str:
    """:func:`build_info` on one line (``pyeval --version``)."""
    b = build_info()
    return (f"pyeval {b['version']} (batch kernel {b['batch_kernel']}; CPU features "
            f"{' '.join(b['cpu_features']) or 'none'}; {b['machine']}; built with {b['compiler']}; "
            f"Python {b['python']})")

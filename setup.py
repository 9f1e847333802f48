"""Build: the cffi module ``pyeval._native`` (API mode) from ``csrc/``, plus the tiny limited-API
module ``pyeval._fastcall`` (the single-hand fast path of ``pyeval.evaluate``; see
docs/architecture.md). Metadata lives in pyproject.toml."""
import sys
from pathlib import Path

from setuptools import Extension, setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "pyeval"))
from _build_hash import source_hash  # noqa: E402

_root = Path(__file__).resolve().parent
_hash = source_hash(_root / "csrc")

_args = [] if sys.platform == "win32" else ["-O3", "-std=gnu11"]

setup(
    cffi_modules=["pyeval/_build.py:ffibuilder"],
    ext_modules=[
        Extension(
            "pyeval._fastcall",
            sources=["csrc/python/pe_fastcall.c"],
            include_dirs=["csrc"],
            # every C source: the module embeds the hash of csrc/, so it must rebuild with any of them
            depends=sorted(str(p.relative_to(_root)) for p in _root.glob("csrc/**/*") if p.suffix in {".c", ".h", ".cdef"}),
            extra_compile_args=_args,
            define_macros=[("Py_LIMITED_API", "0x030B0000"), ("PE_SOURCE_HASH", f'"{_hash}"')],
            py_limited_api=True,
        )
    ],
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
)

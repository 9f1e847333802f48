"""Build: the cffi module ``pyeval._native`` (API mode) from ``csrc/``, plus the tiny limited-API
module ``pyeval._fastcall`` (the single-hand fast path of ``pyeval.evaluate``; see
docs/architecture.md). Metadata lives in pyproject.toml; compiler and linker flags in
``pyeval/_build.py`` (shared by both modules)."""
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext as _build_ext
from setuptools.command.build_py import build_py as _build_py

sys.path.insert(0, str(Path(__file__).resolve().parent / "pyeval"))
from _build import compile_args, link_args  # noqa: E402
from _build_hash import source_hash  # noqa: E402
from _build_incremental import incremental  # noqa: E402  (a changed .c recompiles that unit only)

_root = Path(__file__).resolve().parent
_hash = source_hash(_root / "csrc")


#: Build inputs that live in the package folder but are not part of an installed pyeval: the cffi
#: build script, and the source hash (used at import only in a source checkout, next to csrc/).
BUILD_ONLY = {("pyeval", "_build"), ("pyeval", "_build_hash"), ("pyeval", "_build_incremental")}


class build_py(_build_py):
    """Keeps the build inputs (:data:`BUILD_ONLY`) out of the wheel; the sdist still has them."""

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if (m[0], m[1]) not in BUILD_ONLY]


setup(
    cffi_modules=["pyeval/_build.py:ffibuilder"],
    cmdclass={"build_py": build_py, "build_ext": incremental(_build_ext)},
    ext_modules=[
        Extension(
            "pyeval._fastcall",
            # the kernels and their tables: the evaluator, and Omaha (evaluate_omaha's fast path)
            sources=["csrc/python/pe_fastcall.c", "csrc/python/pe_fastcall_headsup.c", "csrc/pe_eval_tables.c", "csrc/pe_omaha.c", "csrc/pe_variants_tables.c"],
            include_dirs=["csrc"],
            # every C source: the module embeds the hash of csrc/, so it must rebuild with any of them
            depends=sorted(str(p.relative_to(_root)) for p in _root.glob("csrc/**/*") if p.suffix in {".c", ".h", ".cdef"}),
            extra_compile_args=compile_args(warnings=False),
            # needs_libc: the module calls nothing from libc, but auditwheel (and the loader's symbol
            # versioning) want it linked like every other extension
            extra_link_args=link_args(needs_libc=True),
            define_macros=[("Py_LIMITED_API", "0x030B0000"), ("PE_SOURCE_HASH", f'"{_hash}"')],
            py_limited_api=True,
        ),
        Extension(  # the per-call equity fast path: argument reading only; the kernel is pe_native's
            "pyeval._eqfast",
            sources=["csrc/python/pe_eqfast.c"],
            include_dirs=["csrc"],
            depends=["csrc/pe_equity.h", "csrc/pe_eval.h", "csrc/pe_shoe.h", "csrc/pe_rng.h"],
            extra_compile_args=compile_args(warnings=False),
            extra_link_args=link_args(needs_libc=True),
            define_macros=[("Py_LIMITED_API", "0x030B0000")],
            py_limited_api=True,
        ),
    ],
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
)

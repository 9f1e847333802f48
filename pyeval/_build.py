"""cffi build script (API mode): compiles every ``csrc/*.c`` into one module, ``pyeval._native``.

Used by ``setup.py`` through ``cffi_modules``. Declarations come from the ``csrc/*.cdef`` files
(cdef-only copies of the public headers; ``tests/test_build.py`` checks they agree).

Build input only: ``setup.py`` keeps this file out of the wheel.

Environment:
  PYEVAL_NATIVE_ARCH=1   compile with ``-march=native`` (faster, not portable)
  PYEVAL_SANITIZE=1      compile with AddressSanitizer + UBSan (needs LD_PRELOAD of libasan)
  PYEVAL_DEBUG=1         keep debug information and symbols (modules are stripped otherwise)
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
sys.path.insert(0, str(ROOT / "pyeval"))
from _build_hash import source_hash  # noqa: E402  (no package import: it would need _native)
from _version import __version__  # noqa: E402

sys.path.pop(0)


def compile_args(warnings: bool = True) -> list[str]:
    """Compiler flags for both extension modules (also used by ``setup.py``)."""
    if sys.platform == "win32":
        return ["/O2", "/std:c11"]
    args = ["-O3", "-std=gnu11"]
    if warnings:
        args += ["-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-unused-function"]
    if os.environ.get("PYEVAL_NATIVE_ARCH") == "1":
        args.append("-march=native")
    if os.environ.get("PYEVAL_SANITIZE") == "1":
        args += ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-O1"]
    elif os.environ.get("PYEVAL_DEBUG") != "1":
        args.append("-g0")  # Python's CFLAGS carry -g; release modules ship without debug info
    return args


def link_args(needs_libc: bool = False) -> list[str]:
    """Linker flags: stripped modules unless ``PYEVAL_DEBUG=1`` or ``PYEVAL_SANITIZE=1``; on Linux,
    ``needs_libc`` records libc as needed even by a module that calls nothing from it (auditwheel
    cannot classify a module that links no libc)."""
    if sys.platform == "win32":
        return []
    if os.environ.get("PYEVAL_SANITIZE") == "1":
        return ["-fsanitize=address,undefined"]
    args = []
    if sys.platform.startswith("linux"):
        if needs_libc:
            args += ["-Wl,--no-as-needed", "-lc"]
        if os.environ.get("PYEVAL_DEBUG") != "1":
            args.append("-Wl,--strip-all")
    elif sys.platform == "darwin" and os.environ.get("PYEVAL_DEBUG") != "1":
        args += ["-Wl,-S", "-Wl,-x"]  # no debug notes, no local symbols
    return args


ffibuilder = FFI()
ffibuilder.cdef("const char *pe_native_hash(void);\nconst char *pe_native_version(void);")
for cdef in sorted(CSRC.glob("*.cdef")):
    ffibuilder.cdef(cdef.read_text())

_headers = "\n".join(f'#include "{h.name}"' for h in sorted(CSRC.glob("pe_*.h")) if "internal" not in h.name and "tables" not in h.name)
ffibuilder.set_source(
    "pyeval._native",
    f"""{_headers}
static const char pe__hash[] = "{source_hash(CSRC)}";
static const char pe__version[] = "{__version__}";
const char *pe_native_hash(void) {{ return pe__hash; }}
const char *pe_native_version(void) {{ return pe__version; }}
""",
    sources=[str(p.relative_to(ROOT)) for p in sorted(CSRC.glob("*.c"))],
    include_dirs=[str(CSRC.relative_to(ROOT))],
    extra_compile_args=compile_args(),
    extra_link_args=link_args(),
    libraries=["bcrypt"] if sys.platform == "win32" else ["m", "pthread"],  # bcrypt: BCryptGenRandom (pe_compat.h)
    py_limited_api=True,
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)

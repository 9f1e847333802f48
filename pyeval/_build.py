"""cffi build script (API mode): compiles every ``csrc/*.c`` into one module, ``pyeval._native``.

Used by ``setup.py`` through ``cffi_modules``. Declarations come from the ``csrc/*.cdef`` files
(cdef-only copies of the public headers; ``tests/test_build.py`` checks they agree).

Environment:
  PYEVAL_NATIVE_ARCH=1   compile with ``-march=native`` (faster, not portable)
  PYEVAL_SANITIZE=1      compile with AddressSanitizer + UBSan (needs LD_PRELOAD of libasan)
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


def _compile_args() -> list[str]:
    if sys.platform == "win32":
        return ["/O2"]
    args = ["-O3", "-std=gnu11", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-unused-function"]
    if os.environ.get("PYEVAL_NATIVE_ARCH") == "1":
        args.append("-march=native")
    if os.environ.get("PYEVAL_SANITIZE") == "1":
        args += ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-O1"]
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
    extra_compile_args=_compile_args(),
    extra_link_args=["-fsanitize=address,undefined"] if os.environ.get("PYEVAL_SANITIZE") == "1" else [],
    libraries=[] if sys.platform == "win32" else ["m"],
    py_limited_api=True,
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)

"""Hash of the C sources, shared by the build script and the import-time staleness check."""
from __future__ import annotations

import hashlib
from pathlib import Path


def source_hash(csrc: Path) -> str:
    """SHA-256 over ``csrc``'s ``*.c``, ``*.h`` and ``*.cdef`` files (names and contents)."""
    h = hashlib.sha256()
    for path in sorted(csrc.glob("*")) + sorted(csrc.glob("python/*")):
        if path.suffix in {".c", ".h", ".cdef"}:
            h.update(path.relative_to(csrc).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()

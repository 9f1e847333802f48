#!/usr/bin/env python3
"""Check that an sdist holds everything its own tests need, and no build products.

Usage: ``python tools/check_sdist.py [SDIST.tar.gz]``; without an argument it builds one with
``python -m build --sdist`` (the ``build`` package) into a temporary folder first.

In a git checkout the reference is ``git ls-files``: every tracked file must be in the sdist except
the repository-only ones below (CI and release configuration). Outside git (e.g. in an unpacked
sdist) a fixed list of must-have files and folders is checked instead. Exit status 0 when
complete; otherwise the missing or unwanted files are printed.
"""
from __future__ import annotations

import argparse
import fnmatch
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Tracked files that belong to the repository, not to the source distribution.
REPO_ONLY = [".github/*", ".gitignore", ".gitattributes", ".ci/*", ".readthedocs.yaml"]
#: Must-have entries when there is no git to ask (a trailing / means "a non-empty folder").
REQUIRED = [
    "pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "CHANGELOG.md", "CONTRIBUTING.md",
    "pyeval/__init__.py", "pyeval/py.typed", "pyeval/_build.py", "csrc/pe_compat.h", "csrc/python/",
    "tests/conftest.py", "tests/reference.py", "tests/c/", "docs/architecture.md", "docs/reference/conf.py",
    "tools/gen_tables.py", "tools/check_portability.sh", "benchmarks/conftest.py",
]
#: Never in an sdist: compiled modules and build folders.
UNWANTED = ["*.so", "*.pyd", "*.dylib", "*.o", "*.pyc", "build/*", "dist/*",
            "docs/reference/_build/*", "docs/reference/api/*"]


def build_sdist(out: Path) -> Path:
    cmd = [sys.executable, "-m", "build", "--sdist", "--outdir", str(out)]
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    (sdist,) = out.glob("*.tar.gz")
    return sdist


def sdist_members(sdist: Path) -> set[str]:
    with tarfile.open(sdist) as tar:
        names = [m.name for m in tar.getmembers() if m.isfile()]
    prefix = names[0].split("/", 1)[0] + "/"
    return {n[len(prefix):] for n in names if n.startswith(prefix)}


def tracked_files() -> list[str] | None:
    try:
        r = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    files = [f for f in r.stdout.decode().split("\0") if f]
    return [f for f in files if (ROOT / f).is_file()] or None  # deleted but not committed: skip


def problems(members: set[str], tracked: list[str] | None) -> list[str]:
    out = []
    if tracked is not None:
        for f in tracked:
            if not any(fnmatch.fnmatch(f, pat) for pat in REPO_ONLY) and f not in members:
                out.append(f"missing: {f}")
    else:
        for req in REQUIRED:
            ok = any(m.startswith(req) for m in members) if req.endswith("/") else req in members
            if not ok:
                out.append(f"missing: {req}")
    for m in sorted(members):
        if any(fnmatch.fnmatch(m, pat) for pat in UNWANTED):
            out.append(f"unwanted: {m}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sdist", nargs="?", type=Path, help="the .tar.gz to check (default: build one)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        sdist = args.sdist or build_sdist(Path(tmp))
        members = sdist_members(sdist)
        found = problems(members, tracked_files())
    for line in found:
        print(line)
    if found:
        print(f"{sdist.name}: {len(found)} problem(s); fix MANIFEST.in", file=sys.stderr)
        return 1
    print(f"{sdist.name}: {len(members)} files, complete")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The sdist check (tools/check_sdist.py) finds what an incomplete sdist lacks and what must not be in
one. CI builds the real sdist and runs the script on it."""
from __future__ import annotations

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
check = runpy.run_path(str(ROOT / "tools" / "check_sdist.py"))


def test_against_git_every_tracked_file_but_repo_only_ones_is_required():
    tracked = ["pyproject.toml", "tests/conftest.py", "tests/reference.py", "docs/architecture.md", ".github/x.yml"]
    members = {"pyproject.toml", "docs/architecture.md"}
    found = check["problems"](members, tracked)
    assert found == ["missing: tests/conftest.py", "missing: tests/reference.py"]


def test_without_git_the_fixed_list_is_required():
    complete = set(check["REQUIRED"]) | {r + "x.c" for r in check["REQUIRED"] if r.endswith("/")}
    complete = {m for m in complete if not m.endswith("/")}
    assert check["problems"](complete, None) == []
    assert check["problems"](complete - {"tests/conftest.py"}, None) == ["missing: tests/conftest.py"]


def test_build_products_are_refused():
    found = check["problems"]({"pyeval/_native.abi3.so", "build/lib/x.py", "README.md"}, ["README.md"])
    assert found == ["unwanted: build/lib/x.py", "unwanted: pyeval/_native.abi3.so"]

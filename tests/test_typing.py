"""The package type-checks: ``mypy --strict pyeval`` is clean (skipped when mypy is not installed).

The ``test`` extra installs mypy, so CI runs this over the whole package.
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The command, as run from the repository root (also the one to run by hand).
MYPY_ARGS = ["--strict", "pyeval"]  # third-party modules without types: [tool.mypy] in pyproject.toml


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install -e .[test])")
@pytest.mark.skipif(not (ROOT / "pyeval" / "__init__.py").is_file(), reason="needs the source tree")
def test_mypy_is_clean() -> None:
    proc = subprocess.run([sys.executable, "-m", "mypy", *MYPY_ARGS], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    assert proc.returncode == 0, f"mypy {' '.join(MYPY_ARGS)} found errors:\n{proc.stdout}{proc.stderr}"

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


def _editable_checkout() -> Path | None:
    """The checkout pyeval is installed from in editable mode (``pip install -e``), else None."""
    import json
    from importlib.metadata import distributions

    # every metadata folder of the name: a checkout also holds a pyeval_poker.egg-info of its own
    for dist in distributions(name="pyeval-poker"):
        info = json.loads(dist.read_text("direct_url.json") or "{}")
        url = info.get("url", "")
        if info.get("dir_info", {}).get("editable") and url.startswith("file://"):
            return Path(url.removeprefix("file://"))
    return None


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install -e .[test])")
@pytest.mark.skipif(_editable_checkout() is None, reason="pyeval is not installed in editable mode")
@pytest.mark.slow  # an editable install into a fresh environment; .ci/run runs -m slow
def test_editable_install_is_visible_to_mypy(tmp_path: Path) -> None:
    """After ``pip install -e .`` (the README's test command), mypy run from any other folder finds
    pyeval and its types (pyproject.toml's package-dir makes setuptools use a static path entry)."""
    user = tmp_path / "user.py"
    user.write_text("import pyeval\n\nv: int = pyeval.evaluate('As Ks Qs Js Ts')\nw: str = pyeval.evaluate('As Ks Qs Js Ts')\n")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", str(user)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=900)
    out = proc.stdout + proc.stderr
    assert "Cannot find implementation or library stub" not in out, out
    # the wrong annotation is caught, so mypy really read pyeval's types
    assert proc.returncode == 1 and 'user.py:4: error: Incompatible types in assignment' in out, out

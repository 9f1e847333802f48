"""The README's Python examples run as doctests, so the README cannot drift from the code."""
from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)


def test_readme_examples():
    """The blocks read as one session: names defined in one block are used in the next."""
    assert BLOCKS, "no python examples found in README.md"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    globs: dict = {}
    for index, block in enumerate(BLOCKS):
        test = parser.get_doctest(block, globs, f"README block {index}", str(README), 0)
        runner.run(test, clear_globs=False)
        globs = test.globs
    assert runner.failures == 0, "a README python example failed (see output above)"


def test_readme_opens_with_the_two_commands():
    text = README.read_text()
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    assert "pip install . && pyeval" in blocks[0]
    assert 'pip install -e ".[test]" && python3 -m pytest -n auto' in blocks[1]


def test_readme_names_exist():
    """Every ``pyeval.name`` the README mentions in prose resolves (a module or an attribute)."""
    import importlib

    names = set(re.findall(r"`(pyeval(?:\.[A-Za-z_]\w*)+)", README.read_text()))
    assert names
    optional = []  # names of modules that need an optional extra that is not installed (pyeval.jit: numba)
    for dotted in sorted(names):
        parts = dotted.split(".")
        obj = importlib.import_module("pyeval")
        for i, part in enumerate(parts[1:], start=2):
            try:
                obj = importlib.import_module(".".join(parts[:i]))
            except ImportError as exc:
                cause = exc if isinstance(exc, ModuleNotFoundError) else exc.__cause__
                missing = getattr(cause, "name", None) if isinstance(cause, ModuleNotFoundError) else None
                if missing and missing.split(".")[0] != "pyeval":  # a third-party module of an extra is missing
                    optional.append(f"{dotted} (needs {missing})")
                    break
                assert hasattr(obj, part), f"README mentions {dotted}, but {'.'.join(parts[:i])} does not exist"
                obj = getattr(obj, part)
    if optional:  # everything else resolved; these need an extra (issue 24: skip cleanly, never fail)
        pytest.skip("optional extras not installed: " + ", ".join(optional))


def test_readme_names_skip_cleanly_without_numba():
    """Without the optional numba (as a user without the extra has it), the names check skips
    instead of failing on ``pyeval.jit`` (issue 24 item 6)."""
    import subprocess
    import sys

    from conftest import pyeval_subprocess

    code = ("import sys; sys.modules['numba'] = None; import pytest; "
            f"sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', {__file__!r} + '::test_readme_names_exist']))")
    kw = pyeval_subprocess()
    kw["env"] = {**kw["env"], "PYTHONPATH": f"{Path(__file__).parent}:{kw['env']['PYTHONPATH']}"}  # type: ignore[index]
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, **kw)
    assert got.returncode == 0 and "1 skipped" in got.stdout, got.stdout + got.stderr

"""The README's Python examples run as doctests, so the README cannot drift from the code."""
from __future__ import annotations

import doctest
import re
from pathlib import Path

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
    assert 'pip install -e ".[test]" && python3 -m pytest' in blocks[1]


def test_readme_names_exist():
    """Every ``pyeval.name`` the README mentions in prose resolves (a module or an attribute)."""
    import importlib

    names = set(re.findall(r"`(pyeval(?:\.[A-Za-z_]\w*)+)", README.read_text()))
    assert names
    for dotted in sorted(names):
        parts = dotted.split(".")
        obj = importlib.import_module("pyeval")
        for i, part in enumerate(parts[1:], start=2):
            try:
                obj = importlib.import_module(".".join(parts[:i]))
            except ImportError:
                assert hasattr(obj, part), f"README mentions {dotted}, but {'.'.join(parts[:i])} does not exist"
                obj = getattr(obj, part)

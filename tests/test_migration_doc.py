"""docs/migration.md's examples run: the "before" blocks against treys, phevaluator, eval7 and
pokerkit (test dependencies), the "after" blocks against pyeval, in one session as they read."""
from __future__ import annotations

import doctest
import re
import warnings
from pathlib import Path

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "migration.md"
BLOCKS = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), flags=re.S)


def test_every_example_of_the_migration_guide_runs() -> None:
    assert len(BLOCKS) >= 12, "the guide lost its examples"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    globs: dict[str, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # eval7's range parser on new pyparsing
        for index, block in enumerate(BLOCKS):
            test = parser.get_doctest(block, globs, f"migration.md block {index}", str(GUIDE), 0)
            runner.run(test, clear_globs=False)
            globs = test.globs
    assert runner.failures == 0, "an example of docs/migration.md failed (see output above)"


def test_the_guide_covers_each_library_and_the_readme_links_it() -> None:
    text = GUIDE.read_text()
    for lib in ("treys", "phevaluator", "eval7", "pokerkit"):
        assert f"## From {lib}" in text
    assert "docs/migration.md" in (GUIDE.parent.parent / "README.md").read_text()

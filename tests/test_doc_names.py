"""Docs and docstrings name only modules and files that exist (issue 24 item 4): ``pyeval.holdem``
lingered in docs/holdem.md and three docstrings two issues after it became ``pyeval.poker``.

Every dotted ``pyeval.x.y`` in the docs (README.md, CONTRIBUTING.md, docs/*.md, the API reference
sources) and in the package's source (docstrings and comments included) must be a module, or a
name a module defines; every repository path (``pyeval/...py``, ``tests/...``, ``docs/...md``,
``tools/...``, ``csrc/...``) must exist. History is exempt: CHANGELOG.md and the decision records
(``docs/decisions/``) name what was. Static: nothing is imported.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOTTED = re.compile(r"(?<![\w/.-])pyeval(?:\.[A-Za-z_]\w*)+")
PATH = re.compile(r"(?<![\w/.-])(?:pyeval|tests|tools|docs|csrc|benchmarks)/[\w./-]*\w\.(?:py|pyi|md|c|h|cdef|toml|rst|sh)\b")


#: Files named before they reached this branch (each with where it is). A file that appears must be
#: deleted from here (the test fails), so the list only shrinks.
PENDING: dict[str, str] = {}


def _sources() -> list[Path]:
    docs = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md")),
            *sorted((ROOT / "docs" / "reference").glob("**/*.rst"))]
    code = sorted((ROOT / "pyeval").rglob("*.py")) + sorted((ROOT / "pyeval").rglob("*.pyi"))
    return [p for p in docs + code if p.is_file() and "_build" not in p.parts and "api" not in p.parts]


def _module_file(dotted: str) -> Path | None:
    rel = Path(*dotted.split("."))
    for cand in (ROOT / rel.with_suffix(".py"), ROOT / rel / "__init__.py", ROOT / rel.with_suffix(".pyi")):
        if cand.is_file():
            return cand
    return None


def _defines(module: Path, name: str) -> bool:
    if module.name == "__init__.py" and ((module.parent / f"{name}.py").is_file() or (module.parent / name).is_dir()):
        return True
    return re.search(rf"\b{re.escape(name)}\b", module.read_text()) is not None


def resolves(dotted: str) -> bool:
    """``pyeval.a.b.c``: the longest prefix that is a module, and the next name defined in it."""
    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        module = _module_file(".".join(parts[:k]))
        if module is not None:
            return k == len(parts) or _defines(module, parts[k])
    return False


def _stale(path: Path) -> list[str]:
    text = path.read_text()
    out = []
    for m in DOTTED.finditer(text):
        name = m.group(0).rstrip(".")
        if not resolves(name):
            out.append(f"{name} (line {text.count(chr(10), 0, m.start()) + 1})")
    for m in PATH.finditer(text):
        if not (ROOT / m.group(0)).exists() and m.group(0) not in PENDING:
            out.append(f"{m.group(0)} (line {text.count(chr(10), 0, m.start()) + 1})")
    return out


def test_pending_files_are_still_missing() -> None:
    arrived = [p for p in PENDING if (ROOT / p).exists()]
    assert not arrived, f"these exist now: delete them from PENDING: {arrived}"


def test_the_check_sees_a_stale_name() -> None:
    assert not resolves("pyeval.holdem") and not resolves("pyeval.holdem.phh.HandHistory")
    assert resolves("pyeval.poker.phh.HandHistory") and resolves("pyeval.hands.registry")
    assert resolves("pyeval.describe") and not resolves("pyeval.hands.registry.NO_SUCH_NAME")


@pytest.mark.parametrize("path", _sources(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_docs_and_docstrings_name_what_exists(path: Path) -> None:
    stale = _stale(path)
    assert not stale, f"{path.relative_to(ROOT)} names what does not exist: {stale}"

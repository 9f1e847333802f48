"""Install hints name the distribution, ``pyeval-poker`` (issue 20 item 8): ``pip install "pyeval[numba]"``
installs the unrelated ``pyeval`` project from the index."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: ``pyeval[extra]`` not preceded by a word character or a dash (``pyeval-poker[extra]`` is right)
WRONG = re.compile(r"(?<![\w-])pyeval\[[A-Za-z]")
SUFFIXES = {".py", ".pyi", ".md", ".rst", ".txt", ".toml", ".cfg", ".ini", ".yml", ".yaml", ".sh", ".c", ".h", ""}


def _text_files() -> list[Path]:
    skip = {".git", "build", "dist", "_build", ".hypothesis", ".pytest_cache", ".benchmarks", "__pycache__"}
    out = []
    for p in ROOT.rglob("*"):
        rel = p.relative_to(ROOT).parts
        if (p.is_file() and p.suffix in SUFFIXES and not skip & set(rel)
                and not any(part.endswith(".egg-info") for part in rel)  # an editable install's copy of an old README
                and p != Path(__file__).resolve() and p.stat().st_size < 2_000_000):
            out.append(p)
    return out


def test_no_install_hint_names_the_wrong_distribution() -> None:
    bad = []
    for p in _text_files():
        try:
            text = p.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if WRONG.search(line) and not (p.name == "CHANGELOG.md" and "pyeval-poker[" in line):  # the fix, quoting the old hint
                bad.append(f"{p.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not bad, "install hints must say pyeval-poker[...]:\n" + "\n".join(bad)


def test_the_pattern_catches_the_old_hint() -> None:
    assert WRONG.search('pip install "pyeval[numba]"')
    assert WRONG.search("pip install 'pyeval[numba]'")
    assert not WRONG.search('pip install "pyeval-poker[numba]"')
    assert not WRONG.search('r\'"-m",\\s*"pyeval[".]\'')


def test_the_jit_hint_names_the_distribution() -> None:
    source = (ROOT / "pyeval" / "jit.py").read_text()
    assert "pip install 'pyeval-poker[numba]'" in source

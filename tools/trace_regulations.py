#!/usr/bin/env python3
"""Traceability: every subsection of the seed regulations -> where pyeval implements and tests it.

Reads the regulation texts in ``../shared/seeds/`` (or ``--seeds DIR``), lists their subsections
(e.g. ``677a.11(h)(2)(iii)(B)``), and finds the citations of each in the code (``pyeval/``,
``csrc/``: docstrings and comments) and in the tests (``tests/``: citations, or test names such as
``test_677a_11_h_2_iii_b``). A citation of a subsection also covers its ancestors; a subsection is
covered by a citation of itself or of any of its descendants.

    python tools/trace_regulations.py            # the matrix, as Markdown
    python tools/trace_regulations.py --missing  # only what is not cited; exit 1 if anything is
"""
from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"]
SECTION = re.compile(r"§\s*(6\d\da\.\d+)\.?\s")
LABEL = re.compile(r"^\s*\(([a-zA-Z]+|\d+)\)\s", re.M)
# A citation in code: "§ 637a.8(b)(5)" or "637a.8(b)(5)"; in a test name: "637a_8_b_5".
CITE = re.compile(r"(6\d\da)\.(\d+)((?:\([a-zA-Z0-9]+\))*)")
TEST_NAME = re.compile(r"test_(6\d\da)_(\d+)((?:_[a-zA-Z0-9]+)*)")


def _kind(token: str) -> str:
    if token.isdigit():
        return "digit"
    if token.isupper():
        return "upper"
    return "lower"


def subsections(text: str) -> tuple[str, list[tuple[str, ...]]]:
    """The section number and the path of every labelled subsection, in order.

    Nesting follows the Pennsylvania Code's outline: (a) > (1) > (i) > (A). A lower-case roman
    numeral is read as level 3 only right after a level-2 number or in sequence after another
    roman at that level; otherwise it is the next level-1 letter (so (h) is followed by (i)).
    """
    m = SECTION.search(text)
    if not m:
        raise ValueError("no section number found")
    paths: list[tuple[str, ...]] = []
    path: list[str] = []
    for label in LABEL.findall(text):
        kind = _kind(label)
        if kind == "digit":
            path = path[:1] + [label]
        elif kind == "upper":
            path = path[:3] + [label]
        else:
            roman_next = (
                (len(path) == 2 and label == "i")
                or (len(path) >= 3 and path[2] in ROMAN and ROMAN.index(path[2]) + 1 < len(ROMAN)
                    and label == ROMAN[ROMAN.index(path[2]) + 1])
            )
            if roman_next and len(path) >= 2:
                path = path[:2] + [label]
            else:
                path = [label]
        paths.append(tuple(path))
    return m.group(1), paths


def fmt(section: str, path: Iterable[str]) -> str:
    return section + "".join(f"({p})" for p in path)


@dataclass
class Entry:
    label: str
    code: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)


def citations(files: Iterable[Path], root: Path) -> dict[str, list[str]]:
    """Map each cited subsection label to the ``file:line`` places that cite it."""
    found: dict[str, list[str]] = {}
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(lines, 1):
            labels = [f"{a}.{b}{c}" for a, b, c in CITE.findall(line)]
            for a, b, rest in TEST_NAME.findall(line):
                parts = [p for p in rest.split("_") if p]
                labels.append(f"{a}.{b}" + "".join(f"({p})" for p in parts))
            for label in labels:
                found.setdefault(label.lower(), []).append(f"{path.relative_to(root)}:{n}")
    return found


def _sources(root: Path, kind: str) -> list[Path]:
    if kind == "code":
        return sorted([*root.glob("pyeval/**/*.py"), *root.glob("csrc/**/*.[ch]")])
    own = root / "tests" / "test_regulations.py"  # names subsections to test the parser, not rules
    return [p for p in sorted(root.glob("tests/**/*.py")) + sorted(root.glob("tests/**/*.c")) if p != own]


def trace(seeds: Path, root: Path = ROOT) -> list[Entry]:
    code = citations(_sources(root, "code"), root)
    tests = citations(_sources(root, "tests"), root)
    entries = []
    for seed in sorted(seeds.glob("0*.txt")):
        section, paths = subsections(seed.read_text(encoding="utf-8"))
        for path in paths:
            label = fmt(section, path)
            key = label.lower()
            e = Entry(label)
            for cited, places in code.items():
                if cited == key or cited.startswith(key + "("):
                    e.code.extend(places)
            for cited, places in tests.items():
                if cited == key or cited.startswith(key + "("):
                    e.tests.extend(places)
            entries.append(e)
    return entries


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    ap.add_argument("--missing", action="store_true", help="list only uncited subsections; exit 1 if any")
    args = ap.parse_args(argv)
    entries = trace(args.seeds)
    if args.missing:
        missing = [e for e in entries if not e.code or not e.tests]
        for e in missing:
            print(f"{e.label}: {'no code citation' if not e.code else ''} {'no test' if not e.tests else ''}".strip())
        return 1 if missing else 0
    print("| subsection | cited in code | tested in |")
    print("|---|---|---|")
    for e in entries:
        code = ", ".join(sorted(set(p.split(":")[0] for p in e.code))) or "**none**"
        tests = ", ".join(sorted(set(p.split(":")[0] for p in e.tests))) or "**none**"
        print(f"| § {e.label} | {code} | {tests} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

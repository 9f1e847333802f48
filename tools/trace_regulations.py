#!/usr/bin/env python3
"""Traceability: every subsection of the seed regulations -> where pyeval implements and tests it.

Reads the regulation texts in ``../shared/seeds/`` (or ``--seeds DIR``) and lists their subsections
(e.g. ``677a.11(h)(2)(iii)(B)``). *Implemented*: a citation of the subsection in the code
(``pyeval/``, ``csrc/``: docstrings, comments and rule strings such as ``"58 Pa. Code § 637a.8(d)"``).
*Tested*: a test that names the subsection in its ``regulation`` marker::

    @pytest.mark.regulation("637a.8(i)", "637a.8(e)(1)")
    def test_single_oversized_chip_with_nothing_to_call_is_a_bet(): ...

Test names are never parsed: the marker is the exact list of clauses a test checks; an optional
``part="betting"`` (or ``"dealing"``, ...) says which part of a clause with several the test checks
(``--streets`` lists the tests of the betting part of each street's clause). A subsection is
covered by a citation or marker of itself or of one of its descendants (a heading such as
``637a.8(b)`` by its paragraphs). A label that names no subsection of a seed section (``637a.8(l)``)
is a *false label* and is reported; clauses of sections that are not among the seeds
(``637a.18(e)``, ``677a.7``) are kept as they are.

    python tools/trace_regulations.py            # the matrix, as Markdown, with the tests by name
    python tools/trace_regulations.py --streets  # which test checks the betting of each street
    python tools/trace_regulations.py --check    # exit 1 unless every operative clause is
                                                 # implemented and tested and no label is false
"""
from __future__ import annotations

import argparse
import ast
import re
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"]
SECTION = re.compile(r"§\s*(6\d\da\.\d+)\.?\s")
LABEL = re.compile(r"^\s*\(([a-zA-Z]+|\d+)\)\s", re.M)
# A citation in code: "§ 637a.8(b)(5)" or "637a.8(b)(5)".
CITE = re.compile(r"(6\d\da)\.(\d+)((?:\([a-zA-Z0-9]+\))*)")
MARKER = "regulation"
#: The betting round of each street of Hold'em and the clause that governs it (§ 637a.11).
STREETS = {"preflop": "637a.11(g)", "flop": "637a.11(h)", "turn": "637a.11(i)", "river": "637a.11(j)"}


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
    """One subsection: where the code cites it and which tests (``file::name``) check it."""

    label: str
    code: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)


def code_citations(files: Iterable[Path], root: Path) -> dict[str, list[str]]:
    """Map each subsection label cited in the code to the ``file:line`` places that cite it."""
    found: dict[str, list[str]] = {}
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(lines, 1):
            for a, b, c in CITE.findall(line):
                found.setdefault(f"{a}.{b}{c}".lower(), []).append(f"{path.relative_to(root)}:{n}")
    return found


def _marker_args(dec: ast.expr) -> list[str] | None:
    """The string arguments of a ``pytest.mark.regulation(...)`` (or ``mark.regulation``) decorator;
    with ``part="x"``, each label is returned as ``label#x``."""
    if not isinstance(dec, ast.Call):
        return None
    f = dec.func
    if not (isinstance(f, ast.Attribute) and f.attr == MARKER and isinstance(f.value, ast.Attribute)
            and f.value.attr == "mark"):
        return None
    out = []
    for a in dec.args:
        if not (isinstance(a, ast.Constant) and isinstance(a.value, str)):
            raise ValueError(f"line {dec.lineno}: regulation() takes clause labels as string literals")
        out.append(a.value)
    for kw in dec.keywords:
        if kw.arg != "part" or not (isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str)):
            raise ValueError(f"line {dec.lineno}: regulation() takes only part='...' as a keyword")
        out = [f"{x}#{kw.value.value}" for x in out]
    return out


def marked_tests(files: Iterable[Path], root: Path) -> dict[str, list[str]]:
    """Map each test (``file::name``, classes as ``file::Class::name``) to the clause labels its
    ``regulation`` marker names (on the test, its class, or the module's ``pytestmark``)."""
    out: dict[str, list[str]] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rel = str(path.relative_to(root))
        module_labels: list[str] = []
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                                    for t in node.targets):
                values = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
                for v in values:
                    module_labels += _marker_args(v) or []

        def visit(body: list[ast.stmt], prefix: str, inherited: list[str]) -> None:
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    labels = list(inherited)
                    for dec in node.decorator_list:
                        labels += _marker_args(dec) or []
                    name = f"{prefix}::{node.name}"
                    if isinstance(node, ast.ClassDef):
                        visit(node.body, name, labels)
                    elif node.name.startswith("test") and labels:
                        out[name] = labels
        visit(tree.body, rel, module_labels)
    return out


def _sources(root: Path, kind: str) -> list[Path]:
    if kind == "code":
        return sorted([*root.glob("pyeval/**/*.py"), *root.glob("csrc/**/*.[ch]")])
    return sorted(root.glob("tests/**/test_*.py"))


@dataclass
class Trace:
    """The whole matrix: the entries in seed order, the markers read, and the false labels."""

    entries: list[Entry]
    markers: dict[str, list[str]]
    false_labels: list[str]  # "where: label" for labels naming no subsection of a seed section


def _normal(label: str) -> str:
    label = label.split("#")[0].strip()
    for prefix in ("58 Pa. Code", "§"):
        if label.startswith(prefix):
            label = label[len(prefix):].strip()
    return label


def build(seeds: Path, root: Path = ROOT) -> Trace:
    """Read the seeds, the code's citations and the tests' markers."""
    code = code_citations(_sources(root, "code"), root)
    markers = marked_tests(_sources(root, "tests"), root)
    known: set[str] = set()
    sections: set[str] = set()
    ordered: list[str] = []
    for seed in sorted(seeds.glob("0*.txt")):
        section, paths = subsections(seed.read_text(encoding="utf-8"))
        sections.add(section)
        for p in paths:
            label = fmt(section, p)
            known.add(label.lower())
            ordered.append(label)
    false: list[str] = []
    tested: dict[str, list[str]] = {}
    for test, labels in markers.items():
        for raw in labels:
            label = _normal(raw)
            m = CITE.fullmatch(label)
            if m is None:
                false.append(f"{test}: {raw!r} is not a clause label such as '637a.8(b)(4)'")
                continue
            if f"{m.group(1)}.{m.group(2)}" in sections and label.lower() not in known:
                false.append(f"{test}: {raw!r} names no subsection of § {m.group(1)}.{m.group(2)}")
                continue
            tested.setdefault(label.lower(), []).append(test)
    for cited, places in code.items():
        m = CITE.fullmatch(cited)
        if m and f"{m.group(1)}.{m.group(2)}" in sections and cited not in known \
                and not any(k.startswith(cited + "(") for k in known):
            false.extend(f"{p}: cites {cited}, which names no subsection" for p in places)
    entries = []
    for label in ordered:
        key = label.lower()
        e = Entry(label)
        for cited, places in code.items():
            if cited == key or cited.startswith(key + "("):
                e.code.extend(places)
        for cited, tests in tested.items():
            if cited == key or cited.startswith(key + "("):
                e.tests.extend(t for t in tests if t not in e.tests)
        entries.append(e)
    return Trace(entries, markers, false)


def trace(seeds: Path, root: Path = ROOT) -> list[Entry]:
    """The entries of :func:`build` (every subsection, in seed order)."""
    return build(seeds, root).entries


def street_tests(t: Trace) -> dict[str, list[str]]:
    """For each Hold'em street, the tests whose marker names that street's clause exactly with
    ``part="betting"``."""
    out: dict[str, list[str]] = {}
    for street, clause in STREETS.items():
        out[street] = sorted(test for test, labels in t.markers.items()
                             if any(x.endswith("#betting") and _normal(x).lower() == clause for x in labels))
    return out


def not_software(root: Path = ROOT) -> dict[str, str]:
    """Subsections ``docs/regulations.toml`` scopes out of software (physical conduct), with reasons."""
    scope = tomllib.loads((root / "docs" / "regulations.toml").read_text(encoding="utf-8"))
    return dict(scope.get("not_software", {}))


def problems(t: Trace, root: Path = ROOT) -> list[str]:
    """Every reason the trace is not complete: an operative clause not implemented or not tested,
    a false label, a street whose betting no test checks."""
    scoped = not_software(root)
    out = []
    for e in t.entries:
        if e.label in scoped:
            continue
        if not e.code:
            out.append(f"§ {e.label}: not cited in the code")
        if not e.tests:
            out.append(f"§ {e.label}: no test names it in a regulation marker")
    out += [f"false label: {x}" for x in t.false_labels]
    out += [f"no test checks the {s} betting round ({STREETS[s]})" for s, ts in street_tests(t).items() if not ts]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=Path, default=ROOT.parent / "shared" / "seeds")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", "--missing", action="store_true",
                      help="list what is not implemented-and-tested or falsely labelled; exit 1 if anything is")
    mode.add_argument("--streets", action="store_true", help="which test checks the betting of each street")
    args = ap.parse_args(argv)
    t = build(args.seeds)
    if args.check:
        found = problems(t)
        for p in found:
            print(p)
        if not found:
            n = sum(1 for e in t.entries if e.label not in not_software())
            print(f"all {n} operative clauses implemented and tested; no false labels")
        return 1 if found else 0
    if args.streets:
        print("| street | clause | tested by |")
        print("|---|---|---|")
        for street, tests in street_tests(t).items():
            print(f"| {street} | § {STREETS[street]} | {', '.join(tests) or '**none**'} |")
        return 0
    scoped = not_software()
    print("| subsection | cited in code | tested by |")
    print("|---|---|---|")
    for e in t.entries:
        code = ", ".join(sorted(set(p.split(":")[0] for p in e.code))) or "**none**"
        tests = ", ".join(e.tests) or ("(not software: " + scoped[e.label] + ")" if e.label in scoped else "**none**")
        print(f"| § {e.label} | {code} | {tests} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

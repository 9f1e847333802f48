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
                                                 # implemented and tested, no label is false, and
                                                 # every clause has a mutant its tests kill
    python tools/trace_regulations.py --check --mutants quick   # a sample of the mutants
    python tools/trace_regulations.py --check --record          # all mutants; record the results
    python tools/trace_regulations.py --report docs/compliance.md   # the compliance report

``--check`` runs each mutant of ``tools/mutants.toml`` against the tests marked for its clause
(``tools/regulation_mutants.py``: a temporary copy of the package, never the working tree) and
reports the clauses none of whose mutants is killed; ``--mutants none`` checks the markers only.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
import tempfile
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
    tested: dict[str, list[str]] = field(default_factory=dict)  # label (lower case) -> tests marked


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
    return Trace(entries, markers, false, tested)


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


RESULTS = ROOT / "docs" / "mutation_results.toml"


def _mutants_module():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        import regulation_mutants
    finally:
        sys.path.pop(0)
    return regulation_mutants


def conventions(root: Path = ROOT) -> dict[str, str]:
    """Clauses whose procedure is a labelled table setting (``docs/regulations.toml``
    ``[conventions]``): clause -> the setting, its default and where the choice comes from."""
    scope = tomllib.loads((root / "docs" / "regulations.toml").read_text(encoding="utf-8"))
    return dict(scope.get("conventions", {}))


def operative(t: Trace, root: Path = ROOT) -> list[str]:
    """The operative clauses: every subsection but those scoped out of software."""
    scoped = not_software(root)
    return [e.label for e in t.entries if e.label not in scoped]


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and ``os.replace``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _killer(detail: str) -> str:
    m = re.search(r"FAILED (\S+::\S+)", detail)
    return m.group(1).split("[")[0] if m else ""


def run_mutants(t: Trace, which: str, sample: int, root: Path = ROOT) -> list:  # type: ignore[type-arg]
    """Run the mutants (``which``: ``full`` or ``quick``, a random ``sample`` of them) against the
    tests marked for their clauses; returns the :class:`regulation_mutants.Result` list."""
    rm = _mutants_module()
    mutants = rm.load(root / "tools" / "mutants.toml")
    if which == "quick":
        mutants = rm.sample(mutants, sample)
    return [rm.run(m, rm.tests_for(m.clause, t.tested), root) for m in mutants]


def results_text(results: list) -> str:  # type: ignore[type-arg]
    """``docs/mutation_results.toml``: one table per mutant (clause, what, status, the test that killed it)."""
    lines = ["# Written by `python tools/trace_regulations.py --check --record` (every mutant of",
             "# tools/mutants.toml run against the tests marked for its clause). Do not edit by hand.", ""]
    for r in results:
        lines += ["[[result]]", f"clause = {json.dumps(r.mutant.clause)}", f"what = {json.dumps(r.mutant.what)}",
                  f"status = {json.dumps(r.status)}", f"killed_by = {json.dumps(_killer(r.detail))}", ""]
    return "\n".join(lines)


def recorded(root: Path = ROOT) -> list[dict[str, str]]:
    """The results recorded by the last full run (``docs/mutation_results.toml``), or []."""
    path = root / "docs" / "mutation_results.toml"
    if not path.is_file():
        return []
    return list(tomllib.loads(path.read_text(encoding="utf-8")).get("result", []))


def report(t: Trace, root: Path = ROOT) -> str:
    """The compliance report (Markdown): every clause of the seeds with its status (implemented /
    convention with its setting / outside software with the reason), the code citing it, the tests
    marked for it, its mutants and the test that killed each (from the last recorded full run), and
    the mutation score per section."""
    rm = _mutants_module()
    mutants = rm.load(root / "tools" / "mutants.toml")
    runs = {(r["clause"], r["what"]): r for r in recorded(root)}
    scoped, conv = not_software(root), conventions(root)
    out = ["# Compliance with the seed regulations", "",
           "Generated by `python tools/trace_regulations.py --report docs/compliance.md` from the seed texts",
           "(`../shared/seeds/`), the code's citations, the tests' `regulation` markers, the mutants of",
           "`tools/mutants.toml` and the results of the last full mutation run",
           "(`python tools/trace_regulations.py --check --record`, `docs/mutation_results.toml`).",
           "`tests/test_regulation_mutants.py` checks that this page is current, runs a sample of the",
           "mutants in the default test run and all of them under `-m slow`.", "",
           "A mutant is a deliberately wrong implementation of the clause (a flipped comparison, a changed",
           "constant, a dropped branch); it is *killed* when a test marked for the clause fails on it.",
           "A heading is guarded by the mutants of its paragraphs.", "",
           "## Mutation score per section", "", "| section | mutants killed | clauses guarded |", "|---|---|---|"]
    ops = operative(t, root)
    for sec in sorted({e.label.split("(")[0] for e in t.entries}, key=lambda x: [x[:3], float(x.split(".")[1])]):
        ms = [m for m in mutants if m.clause.split("(")[0] == sec]
        killed = [m for m in ms if runs.get((m.clause, m.what), {}).get("status") == "killed"]
        clauses = sorted({c for c in ops if c.split("(")[0] == sec})
        guarded = [c for c in clauses if any(rm.covers(c, m.clause) for m in killed)]
        out.append(f"| § {sec} | {len(killed)}/{len(ms)} | {len(guarded)}/{len(clauses)} |")
    out += ["", "## Clauses", "", "| clause | status | implemented in | tests marked | mutants (killed by) |",
            "|---|---|---|---|---|"]
    seen: set[str] = set()
    for e in t.entries:
        if e.label in seen:  # a label the outline repeats (the text's own cross-reference)
            continue
        seen.add(e.label)
        if e.label in scoped:
            out.append(f"| § {e.label} | outside software: {scoped[e.label]} | | | |")
            continue
        status = f"convention: {conv[e.label]}" if e.label in conv else "implemented"
        code = ", ".join(sorted({p.split(":")[0] for p in e.code}))
        tests = "<br>".join(e.tests)
        mine = [m for m in mutants if m.clause == e.label]
        cells = []
        for m in mine:
            r = runs.get((m.clause, m.what))
            state = "not run" if r is None else (f"killed by {r['killed_by']}" if r["status"] == "killed" else r["status"])
            cells.append(f"{m.what} ({m.file}): {state}")
        if not mine:
            cells.append("guarded by its paragraphs' mutants")
        out.append(f"| § {e.label} | {status} | {code} | {tests} | {'<br>'.join(cells)} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=Path, default=None,
                    help="the seed texts (default $PYEVAL_SHARED/seeds or ../shared/seeds)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", "--missing", action="store_true",
                      help="list what is not implemented-and-tested, falsely labelled, or not guarded by a killed "
                           "mutant; exit 1 if anything is")
    mode.add_argument("--streets", action="store_true", help="which test checks the betting of each street")
    mode.add_argument("--report", type=Path, metavar="PATH", help="write the compliance report (Markdown) to PATH")
    ap.add_argument("--mutants", choices=("full", "quick", "none"), default="full",
                    help="with --check: run every mutant (default), a sample, or none")
    ap.add_argument("--sample", type=int, default=4, help="mutants run by --mutants quick (default 4)")
    ap.add_argument("--record", action="store_true",
                    help="with --check --mutants full: write the results to docs/mutation_results.toml")
    args = ap.parse_args(argv)
    seeds = args.seeds
    if seeds is None:
        env = os.environ.get("PYEVAL_SHARED")
        seeds = Path(env) / "seeds" if env else ROOT.parent / "shared" / "seeds"
    if not seeds.is_dir() or not any(seeds.iterdir()):
        # Without the texts there is nothing to trace: say so, rather than pass on zero clauses.
        print(f"trace_regulations: no regulation texts at {seeds} (set PYEVAL_SHARED or --seeds)", file=sys.stderr)
        return 2
    t = build(seeds)
    if args.report:
        write_atomic(args.report, report(t))
        print(f"wrote {args.report}")
        return 0
    if args.check:
        found = problems(t)
        rm = _mutants_module()
        mutants = rm.load(ROOT / "tools" / "mutants.toml")
        found += [f"mutant list: {p}" for p in rm.problems(mutants)]
        ops = operative(t)
        found += [f"§ {c}: no mutant in tools/mutants.toml" for c in rm.unguarded(ops, mutants)]
        results = []
        if args.mutants != "none" and not found:
            results = run_mutants(t, args.mutants, args.sample)
            for r in results:
                line = f"{r.status:8s} § {r.mutant.clause}: {r.mutant.what} ({r.mutant.file}:{r.mutant.line()})"
                print(line + (f" -- {r.detail}" if r.status != "killed" else ""))
            found += [f"§ {r.mutant.clause}: mutant survives: {r.mutant.what}" for r in results if r.status == "survived"]
            found += [f"§ {r.mutant.clause}: mutant could not run: {r.detail}" for r in results if r.status == "error"]
            if args.mutants == "full":
                found += [f"§ {c}: no mutant of it or its paragraphs is killed" for c in rm.unguarded(ops, mutants, results)]
                for sec, (k, n) in rm.scores(results).items():
                    print(f"mutation score § {sec}: {k}/{n} killed")
                if args.record:
                    write_atomic(RESULTS, results_text(results))
        for p in found:
            print(p)
        if not found:
            ran = f"; {sum(r.status == 'killed' for r in results)}/{len(results)} mutants killed" if results else ""
            print(f"all {len(ops)} operative clauses implemented and tested; no false labels{ran}")
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

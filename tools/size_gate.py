"""Size gates that follow concepts (issue 24 item 5; docs/decisions/014-function-size-gate.md).

A function may not grow past three limits:

* ``PLR0915`` — ruff: more than 50 statements (``[tool.ruff.lint.pylint] max-statements``);
* ``C901``    — ruff: cyclomatic complexity above 10 (``[tool.ruff.lint.mccabe] max-complexity``);
* ``LEN100``  — this script: more than 100 lines from ``def`` to its last line.

The functions over a limit today are listed in ``tools/size_baseline.txt`` (one line each:
``path::qualified.name RULE value``). The gate fails when

* a function not in the baseline goes over a limit (split it along its concepts), or
* a baselined function grows (its value is above the recorded one), or
* a baselined function is back under the limit, or gone (delete its line: the baseline only shrinks).

``python tools/size_gate.py`` checks (exit 1 with the list on failure); ``--write`` rewrites the
baseline from the code (for a reviewed shrink; a new entry in a diff is the thing to refuse).
Run by ``.ci/run`` and by ``tests/test_size_gate.py``. Needs ruff (the ``test`` extra).
"""
from __future__ import annotations

import argparse
import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "tools" / "size_baseline.txt"
MAX_LINES = 100
RUFF_RULES = "PLR0915,C901"
_VALUE = re.compile(r"\((\d+) > \d+\)")

Key = tuple[str, str, str]  # (path, qualified function name, rule)


def _functions(path: Path) -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function of a module with its qualified name (``Class.method``, ``outer.inner``)."""
    out: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                out.append((name, child))
                walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                walk(child, prefix + child.name + ".")
            else:
                walk(child, prefix)

    walk(ast.parse(path.read_text(), str(path)), "")
    return out


def measure(package: str = "pyeval") -> dict[Key, int]:
    """Every (path, function, rule) over a limit now, with its value."""
    found: dict[Key, int] = {}
    defs: dict[str, dict[int, str]] = {}
    for p in sorted((ROOT / package).rglob("*.py")):
        rel = p.relative_to(ROOT).as_posix()
        funcs = _functions(p)
        defs[rel] = {f.lineno: name for name, f in funcs}
        for name, f in funcs:
            n = (f.end_lineno or f.lineno) - f.lineno + 1
            if n > MAX_LINES:
                found[(rel, name, "LEN100")] = n
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--select", RUFF_RULES,
                           "--output-format", "json", "--exit-zero", package],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    for d in json.loads(proc.stdout):
        rel = Path(d["filename"]).resolve().relative_to(ROOT).as_posix()
        line = d["location"]["row"]
        name = defs.get(rel, {}).get(line)
        if name is None:  # a decorated def: ruff reports the def line, ast the same; else the nearest def above
            above = [ln for ln in defs.get(rel, {}) if ln <= line]
            name = defs[rel][max(above)] if above else f"<line {line}>"
        m = _VALUE.search(d["message"])
        found[(rel, name, d["code"])] = int(m.group(1)) if m else 0
    return found


def read_baseline(path: Path = BASELINE) -> dict[Key, int]:
    out: dict[Key, int] = {}
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where, rule, value = line.split()
        file, name = where.split("::")
        out[(file, name, rule)] = int(value)
    return out


def problems(now: dict[Key, int], base: dict[Key, int]) -> list[str]:
    out = []
    for k, v in sorted(now.items()):
        if k not in base:
            out.append(f"{k[0]}::{k[1]} {k[2]} {v}: over the limit and not in the baseline: split it along its concepts")
        elif v > base[k]:
            out.append(f"{k[0]}::{k[1]} {k[2]} {v}: grew (baseline {base[k]}): make it smaller, not bigger")
    for k, v in sorted(base.items()):
        if k not in now:
            out.append(f"{k[0]}::{k[1]} {k[2]} {v}: no longer over the limit: delete its baseline line "
                       "(the baseline only shrinks)")
    return out


def write_baseline(now: dict[Key, int], path: Path = BASELINE) -> None:
    head = ("# Functions over a size limit (tools/size_gate.py): path::function RULE value.\n"
            "# This list may only shrink: split a function and delete its line; never add one.\n")
    body = "".join(f"{f}::{n} {r} {v}\n" for (f, n, r), v in sorted(now.items()))
    tmp = path.with_suffix(".tmp")
    tmp.write_text(head + body)
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="rewrite the baseline from the code")
    args = ap.parse_args(argv)
    now = measure()
    if args.write:
        write_baseline(now)
        print(f"{BASELINE.relative_to(ROOT)}: {len(now)} entries")
        return 0
    bad = problems(now, read_baseline())
    for b in bad:
        print(b)
    if not bad:
        print(f"size gate: {len(now)} baselined functions, none grew, no new ones")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""Mutation check of the regulation markers: a wrong implementation of a clause must fail its tests.

``tools/mutants.toml`` lists, for every operative clause of the seed regulations, one or more
mutants of the code that implements it (a flipped comparison, a changed constant, a dropped
branch), each as a file, an exact snippet of it and its replacement::

    [[mutant]]
    clause = "637a.8(i)"
    file = "pyeval/poker/chip_placement.py"
    original = "if single_chip and bet_to:"
    replacement = "if single_chip and call:"
    what = "a single chip in the big blind's option is a raise again"

Each mutant runs in a child process against a temporary copy of the package (every file a symlink
to the working tree but the mutated one, a real file with the replacement applied; the working
tree is never edited): ``pytest`` runs the tests whose ``regulation`` marker names the clause (or
one of its paragraphs, as ``tools/trace_regulations.py`` reads markers). The mutant is *killed*
when a test fails, *survives* when they all pass. A clause is *guarded* when at least one of its
own mutants, or of its paragraphs' (a heading such as ``637a.8(b)``), is killed.

Used by ``tools/trace_regulations.py --check`` (``--mutants quick|full|none``) and by
``tests/test_regulation_mutants.py`` (a quick sample in the default run, every mutant under
``-m slow``).
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "tools" / "mutants.toml"
#: a mutant's tests get this long (seconds of wall time) before it counts as killed by a hang
TIMEOUT = 300


@dataclass(frozen=True)
class Mutant:
    """One mutant: the clause it breaks, the file, the exact snippet (found once) and its replacement."""

    clause: str
    file: str
    original: str
    replacement: str
    what: str = ""

    @property
    def key(self) -> str:
        """A short stable name: ``clause@file:line``."""
        return f"{self.clause}@{self.file}:{self.line()}"

    def line(self, root: Path = ROOT) -> int:
        text = (root / self.file).read_text(encoding="utf-8")
        at = text.find(self.original)
        return text.count("\n", 0, at) + 1 if at >= 0 else 0


@dataclass(frozen=True)
class Result:
    """The outcome of one mutant: ``killed``, ``survived`` or ``error`` (the tests could not run, or
    the snippet is not in the file exactly once), with the tests run and pytest's last line."""

    mutant: Mutant
    status: str
    tests: tuple[str, ...]
    detail: str = ""


def load(path: Path = MUTANTS) -> list[Mutant]:
    """The mutants listed in ``path`` (``[[mutant]]`` tables), in order."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for i, m in enumerate(data.get("mutant", [])):
        missing = {"clause", "file", "original", "replacement"} - set(m)
        if missing:
            raise ValueError(f"{path}: mutant {i} lacks {sorted(missing)}")
        out.append(Mutant(m["clause"], m["file"], m["original"], m["replacement"], m.get("what", "")))
    return out


def problems(mutants: Iterable[Mutant], root: Path = ROOT) -> list[str]:
    """Static faults of a mutant list: a snippet not found exactly once, or a no-op replacement."""
    out = []
    for m in mutants:
        path = root / m.file
        if not path.is_file():
            out.append(f"{m.clause}: {m.file} does not exist")
            continue
        n = path.read_text(encoding="utf-8").count(m.original)
        if n != 1:
            out.append(f"{m.clause}: the snippet {m.original!r} occurs {n} times in {m.file} (must be once)")
        if m.original == m.replacement:
            out.append(f"{m.clause}: the mutant of {m.file} changes nothing")
    return out


def covers(clause: str, label: str) -> bool:
    """True when ``label`` is ``clause`` or one of its paragraphs (``637a.8(b)`` covers ``637a.8(b)(5)(i)``)."""
    clause, label = clause.lower(), label.lower()
    return label == clause or label.startswith(clause + "(")


def tests_for(clause: str, tested: Mapping[str, Sequence[str]]) -> list[str]:
    """The tests (``file::name``) whose marker names ``clause`` or one of its paragraphs;
    ``tested`` maps each label to its tests (the trace's reading of the markers)."""
    out: list[str] = []
    for label, tests in tested.items():
        if covers(clause, label):
            out.extend(t for t in tests if t not in out)
    return sorted(out)


def _mutated_tree(m: Mutant, root: Path, into: Path) -> None:
    """A copy of ``pyeval/`` in ``into``: symlinks to the working tree, the mutated file real."""
    src = root / "pyeval"
    target = (root / m.file).resolve()
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        rel = Path(dirpath).relative_to(root)
        (into / rel).mkdir(parents=True, exist_ok=True)
        for name in filenames:
            f = Path(dirpath) / name
            if f.resolve() == target:
                text = f.read_text(encoding="utf-8")
                if text.count(m.original) != 1:
                    raise ValueError(f"the snippet {m.original!r} is not in {m.file} exactly once")
                (into / rel / name).write_text(text.replace(m.original, m.replacement), encoding="utf-8")
            else:
                (into / rel / name).symlink_to(f)


def run(m: Mutant, tests: Sequence[str], root: Path = ROOT, timeout: float = TIMEOUT) -> Result:
    """Run ``tests`` against mutant ``m`` in a child process; never touches the working tree."""
    if not tests:
        return Result(m, "error", (), "no test is marked for the clause")
    if not m.file.startswith("pyeval/"):
        return Result(m, "error", tuple(tests), "only pyeval/ modules can be mutated")
    with tempfile.TemporaryDirectory(prefix="pyeval-mutant-") as tmp:
        try:
            _mutated_tree(m, root, Path(tmp))
        except ValueError as exc:
            return Result(m, "error", tuple(tests), str(exc))
        boot = ("import sys; sys.path.insert(0, sys.argv[1]); import pyeval; "
                "assert pyeval.__file__.startswith(sys.argv[1]), pyeval.__file__; "
                "import pytest; sys.exit(pytest.main(sys.argv[2:]))")
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "HYPOTHESIS_PROFILE": "ci"}
        env.pop("PYTEST_XDIST_WORKER", None)
        cmd = [sys.executable, "-c", boot, tmp, "-q", "-x", "-p", "no:cacheprovider", "-p", "no:xdist",
               "-W", "ignore::DeprecationWarning", *tests]
        try:
            proc = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return Result(m, "killed", tuple(tests), f"the tests did not finish in {timeout:.0f} s")
    lines = proc.stdout.strip().splitlines()
    last = (lines or [""])[-1]
    if proc.returncode == 0:
        return Result(m, "survived", tuple(tests), last)
    if proc.returncode == 1:
        failed = next((ln for ln in lines if ln.startswith("FAILED ")), "")
        return Result(m, "killed", tuple(tests), f"{last}; {failed}" if failed else last)
    return Result(m, "error", tuple(tests), f"pytest exit {proc.returncode}: {last or proc.stderr[-300:]}")


def sample(mutants: Sequence[Mutant], k: int, seed: int | None = None) -> list[Mutant]:
    """``k`` mutants drawn at random (``seed``: default a fresh one; ``PYEVAL_MUTANT_SEED`` fixes it)."""
    if seed is None:
        env = os.environ.get("PYEVAL_MUTANT_SEED")
        seed = int(env) if env else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    return rng.sample(list(mutants), min(k, len(mutants)))


def section(clause: str) -> str:
    """The section of a clause label: ``637a.8(b)(5)`` -> ``637a.8``."""
    return clause.split("(")[0]


def scores(results: Iterable[Result]) -> dict[str, tuple[int, int]]:
    """Per section: (mutants killed, mutants run)."""
    out: dict[str, tuple[int, int]] = {}
    for r in results:
        k, n = out.get(section(r.mutant.clause), (0, 0))
        out[section(r.mutant.clause)] = (k + (r.status == "killed"), n + 1)
    return dict(sorted(out.items()))


def unguarded(operative: Iterable[str], mutants: Iterable[Mutant], results: Iterable[Result] | None = None) -> list[str]:
    """The operative clauses with no mutant of their own or of a paragraph (with ``results``: none
    killed)."""
    listed = list(mutants)
    killed = None if results is None else {r.mutant for r in results if r.status == "killed"}
    out = []
    for c in operative:
        mine = [m for m in listed if covers(c, m.clause)]
        if not mine or (killed is not None and not any(m in killed for m in mine)):
            out.append(c)
    return out

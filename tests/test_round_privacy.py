"""Nothing outside the round engine reads a poker round's private state (issue 24 item 1).

The hand-history code (``pyeval/poker/phh*.py``, ``pyeval/hands_io/``) and every module outside
``pyeval/poker/`` use :class:`pyeval.poker.Round`'s public read-only queries (``runs``,
``sitting_out``, ``blind_posters``, ``next_street()``, ``draw_discards`` ...). An AST scan fails on
``x._name`` where ``_name`` is a private field or method of ``Round`` (``self._name`` in a class of
its own is that class's business), and on importing a private name from ``pyeval.poker``.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyeval.poker.round import Round

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "pyeval"
#: modules inside pyeval/poker/ that are clients of the round, not parts of it
POKER_CLIENTS = {"phh.py", "phh_replay.py", "phh_write.py", "cli.py", "sim.py"}


def _round_private_names() -> frozenset[str]:
    names: set[str] = set()
    for cls in Round.__mro__:
        names.update(getattr(cls, "__slots__", ()))
        names.update(vars(cls))
    return frozenset(n for n in names if n.startswith("_") and not n.startswith("__"))


PRIVATE = _round_private_names()


def _imports_poker(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and "poker" in (node.module or "").split("."):
            return True
        if isinstance(node, ast.Import) and any("poker" in a.name.split(".") for a in node.names):
            return True
    return False


def _client_modules() -> list[Path]:
    """The modules that can hold a Round: the hand-history code (``pyeval/hands_io/``, the PHH
    modules of ``pyeval/poker/``, the poker CLI and simulation) and every module importing from
    ``pyeval.poker``. (Other modules' ``self._table._rules`` are their own classes' business.)"""
    out = []
    for p in sorted(PKG.rglob("*.py")):
        rel = p.relative_to(PKG).parts
        if rel[0] == "poker":
            if rel[-1] in POKER_CLIENTS:
                out.append(p)
        elif rel[0] == "hands_io" or _imports_poker(ast.parse(p.read_text())):
            out.append(p)
    return out


def _violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    rel = path.relative_to(ROOT).as_posix()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE:
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            found.append(f"{rel}:{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and rel.split("/")[1] != "poker":
            mod = node.module or ""
            target = mod if node.level == 0 else "pyeval." + mod  # relative imports from outside resolve under pyeval
            if "poker" in target.split("."):
                for alias in node.names:
                    if alias.name.startswith("_"):
                        found.append(f"{rel}:{node.lineno}: imports {alias.name} from {mod or '.'}")
    return found


def test_the_scan_sees_a_round_private_access(tmp_path: Path) -> None:
    """The scan itself: a planted read of ``rnd._runs`` and a private import are both found."""
    p = PKG / "hands_io" / "_planted_for_the_scan.py"
    p.write_text("from ..poker.round import _default_plan\n\ndef f(rnd):\n    return rnd._runs\n")
    try:
        got = _violations(p)
    finally:
        p.unlink()
    assert any("._runs" in g for g in got) and any("_default_plan" in g for g in got), got


@pytest.mark.parametrize("path", _client_modules(), ids=lambda p: p.relative_to(PKG).as_posix())
def test_no_private_round_state_is_read_outside_the_engine(path: Path) -> None:
    assert not _violations(path), "use Round's public queries instead: " + "; ".join(_violations(path))

"""The function size gate (issue 24 item 5): no function grows past 50 statements, complexity 10 or
100 lines unless it is in ``tools/size_baseline.txt``, which only shrinks (tools/size_gate.py)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import size_gate  # noqa: E402

pytestmark = pytest.mark.skipif(importlib.util.find_spec("ruff") is None,
                                reason="ruff is not installed (the test extra has it)")


def test_no_function_grows_past_the_size_limits() -> None:
    bad = size_gate.problems(size_gate.measure(), size_gate.read_baseline())
    assert not bad, "\n".join(bad)


def test_the_gate_refuses_a_new_entry_a_growth_and_a_stale_line() -> None:
    base = {("a.py", "f", "C901"): 12, ("a.py", "g", "PLR0915"): 60}
    now = {("a.py", "f", "C901"): 13, ("b.py", "h", "LEN100"): 101}
    got = size_gate.problems(now, base)
    assert any("b.py::h" in g and "not in the baseline" in g for g in got)
    assert any("a.py::f" in g and "grew" in g for g in got)
    assert any("a.py::g" in g and "delete its baseline line" in g for g in got)
    assert size_gate.problems(base, base) == []


def test_the_length_rule_measures_def_to_last_line(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text("class C:\n    def f(self):\n" + "        x = 1\n" * 100 + "\ndef g():\n    pass\n")
    funcs = dict(size_gate._functions(src))
    f = funcs["C.f"]
    assert (f.end_lineno or 0) - f.lineno + 1 == 101 and "g" in funcs

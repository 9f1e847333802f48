"""The basic strategies' generated tables are exactly what tools/gen_strategy_tables.py produces,
and the Python and C copies agree."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from pyeval.headsup import _tables
from pyeval.headsup.strategy import PREFLOP_MIN_EQUITY, preflop_raises

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow  # regenerates the strategy tables; .ci/run runs -m slow
def test_strategy_tables_have_not_drifted():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_strategy_tables.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_c_and_python_tables_hold_the_same_numbers():
    text = (ROOT / "csrc" / "pe_headsup_tables.h").read_text()
    body = text[text.index("PE_HU_PREFLOP_EQUITY[169]"):]
    nums = tuple(int(x) for x in re.findall(r"\b\d+\b", body[body.index("{"):body.index("}")]))
    assert nums == _tables.PREFLOP_EQUITY and len(nums) == 169


def test_preflop_table_orders_known_hands():
    # class index: pairs on the diagonal, suited at [hi][lo], offsuit at [lo][hi] (2 = 0 .. A = 12)
    eq = _tables.PREFLOP_EQUITY
    aa, aks, ako, o72 = eq[12 * 14], eq[12 * 13 + 11], eq[11 * 13 + 12], eq[0 * 13 + 5]
    assert aa > aks > ako > 60_000 > 40_000 > o72
    assert 84_000 < aa < 86_000  # AA wins about 85% against a random hand


def test_preflop_raises_uses_the_threshold():
    c = lambda r, s: 4 * r + s  # noqa: E731
    assert preflop_raises(c(12, 0), c(0, 1))          # any ace
    assert not preflop_raises(c(5, 0), c(0, 1))       # 72 offsuit
    assert preflop_raises(c(2, 0), c(2, 1))           # 44
    assert not preflop_raises(c(1, 0), c(1, 1))       # 33 (53.6% < 54%)
    assert _tables.PREFLOP_EQUITY[1 * 14] < PREFLOP_MIN_EQUITY <= _tables.PREFLOP_EQUITY[2 * 14]

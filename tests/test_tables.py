"""The committed lookup tables are exactly what the generator produces, and fit the cache budget."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pyeval._bindings import lib

ROOT = Path(__file__).resolve().parent.parent


def test_tables_have_not_drifted(tmp_path):
    out = tmp_path / "pe_eval_tables.h"
    subprocess.run([sys.executable, str(ROOT / "tools" / "gen_tables.py"), "--output", str(out)],
                   check=True, capture_output=True)
    committed = (ROOT / "csrc" / "pe_eval_tables.h").read_text()
    assert out.read_text() == committed, "csrc/pe_eval_tables.h is stale: run python tools/gen_tables.py"


def test_hot_tables_fit_256_kib():
    assert lib.pe_eval_table_bytes() <= 256 * 1024

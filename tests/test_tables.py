"""The committed lookup tables are exactly what the generator produces, and fit the cache budget."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pyeval._bindings import lib

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow  # regenerates the tables in Python (~1 CPU-minute); .ci/run runs -m slow
def test_tables_have_not_drifted(tmp_path):
    """Both generated files (definitions and the private header of ``extern`` declarations)."""
    subprocess.run([sys.executable, str(ROOT / "tools" / "gen_tables.py"), "--outdir", str(tmp_path)],
                   check=True, capture_output=True)
    for name in ("pe_eval_tables.h", "pe_eval_tables.c"):
        committed = (ROOT / "csrc" / name).read_text()
        assert (tmp_path / name).read_text() == committed, f"csrc/{name} is stale: run python tools/gen_tables.py"


def test_hot_tables_fit_256_kib():
    assert lib.pe_eval_table_bytes() <= 256 * 1024

"""csrc/pe_variants_tables.h is exactly what tools/gen_variant_tables.py produces."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_variant_tables_have_not_drifted(tmp_path):
    """Both generated files (definitions and the private header of ``extern`` declarations)."""
    subprocess.run([sys.executable, str(ROOT / "tools" / "gen_variant_tables.py"), "--outdir", str(tmp_path)],
                   check=True, capture_output=True)
    for name in ("pe_variants_tables.h", "pe_variants_tables.c"):
        committed = (ROOT / "csrc" / name).read_text()
        assert (tmp_path / name).read_text() == committed, f"csrc/{name} is stale: run python tools/gen_variant_tables.py"

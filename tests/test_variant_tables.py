"""csrc/pe_variants_tables.h is exactly what tools/gen_variant_tables.py produces."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_variant_tables_have_not_drifted(tmp_path):
    out = tmp_path / "pe_variants_tables.h"
    subprocess.run([sys.executable, str(ROOT / "tools" / "gen_variant_tables.py"), "--output", str(out)],
                   check=True, capture_output=True)
    committed = (ROOT / "csrc" / "pe_variants_tables.h").read_text()
    assert out.read_text() == committed, "csrc/pe_variants_tables.h is stale: run python tools/gen_variant_tables.py"

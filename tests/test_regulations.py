"""Traceability of the seed regulations: every subsection is implemented (cited in the code) and
tested, or listed in docs/regulations.toml as outside software or as a known gap."""
from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import trace_regulations as tr  # noqa: E402

sys.path.pop(0)
SCOPE = tomllib.loads((ROOT / "docs" / "regulations.toml").read_text())


def test_parser_reads_the_outline(shared_dir):
    text = (next((shared_dir / "seeds").glob("000_*.txt"))).read_text(encoding="utf-8")
    section, paths = tr.subsections(text)
    labels = {tr.fmt(section, p) for p in paths}
    assert section == "677a.11"
    assert {"677a.11(h)(2)(iii)(B)", "677a.11(i)(2)(ii)", "677a.11(j)", "677a.11(a)(1)"} <= labels
    text = (next((shared_dir / "seeds").glob("001_*.txt"))).read_text(encoding="utf-8")
    section, paths = tr.subsections(text)
    labels = [tr.fmt(section, p) for p in paths]
    # (i) after (h) is a letter, (i) after (c)(1) a roman numeral
    assert "637a.11(i)" in labels and "637a.11(c)(1)(i)" in labels and "637a.11(c)(1)(ii)" in labels


def test_every_subsection_is_implemented_and_tested_or_scoped(shared_dir):
    entries = tr.trace(shared_dir / "seeds", ROOT)
    assert len(entries) > 60
    scoped = set(SCOPE["not_software"]) | set(SCOPE["gaps"])
    uncovered = {e.label for e in entries if not e.code or not e.tests}
    assert uncovered <= scoped, f"not cited in code and tests, and not scoped: {sorted(uncovered - scoped)}"


def test_listed_gaps_are_still_gaps(shared_dir):
    """A gap that has been implemented, cited and tested must leave the list (keeps it honest)."""
    entries = {e.label: e for e in tr.trace(shared_dir / "seeds", ROOT)}
    closed = [g for g in SCOPE["gaps"] if g in entries and entries[g].code and entries[g].tests]
    assert not closed, f"implemented and tested, remove from docs/regulations.toml [gaps]: {closed}"
    unknown = [g for g in [*SCOPE["gaps"], *SCOPE["not_software"]] if g not in entries]
    assert not unknown, f"not a subsection of the seeds: {unknown}"

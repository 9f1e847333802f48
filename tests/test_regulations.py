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


def test_trace_reports_every_operative_clause_implemented_and_tested_without_false_labels(shared_dir, capsys):
    """The tool itself, as a user runs it: ``--check`` exits 0 and says so."""
    t = tr.build(shared_dir / "seeds", ROOT)
    assert tr.problems(t, ROOT) == []
    assert tr.main(["--seeds", str(shared_dir / "seeds"), "--check", "--mutants", "none"]) == 0
    out = capsys.readouterr().out
    assert "operative clauses implemented and tested; no false labels" in out
    operative = [e for e in t.entries if e.label not in SCOPE["not_software"]]
    assert len(operative) == 74 and all(e.code and e.tests for e in operative)


def test_trace_names_the_test_of_the_betting_of_each_street(shared_dir, capsys):
    t = tr.build(shared_dir / "seeds", ROOT)
    streets = tr.street_tests(t)
    every = "tests/test_poker_conventions.py::test_637a_11_g_h_i_j_betting_of_every_street"
    assert all(every in tests for tests in streets.values()), streets
    dealing = "tests/test_shoe_deal.py::test_637a_11_h_to_j_stage_by_stage_between_betting_rounds"
    assert not any(dealing in tests for tests in streets.values())  # a dealing test checks no betting
    tr.main(["--seeds", str(shared_dir / "seeds"), "--streets"])
    assert "| turn | § 637a.11(i) | " in capsys.readouterr().out


def test_trace_reads_markers_not_names_and_reports_false_labels(shared_dir, tmp_path):
    """Labels come from the ``regulation`` marker only: a test named like a clause but unmarked
    covers nothing (the old name parser read test_637a_11_d_e_blinds_and_straddle as
    "637a.11(d)(e)(blinds)"); a marker naming no subsection of a seed section is a false label,
    and so is a code citation of one."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "pyeval").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "regulations.toml").write_text("[not_software]\n[gaps]\n")
    (tmp_path / "pyeval" / "x.py").write_text('"""58 Pa. Code § 637a.11(d) and § 637a.8(l)."""\n')
    (tmp_path / "tests" / "test_x.py").write_text(
        "import pytest\n\n"
        "def test_637a_11_d_e_blinds_and_straddle():\n    pass\n\n"
        "@pytest.mark.regulation('637a.11(d)', '637a.11(z)', '637a.18(e)', 'blinds')\n"
        "def test_marked():\n    pass\n\n"
        "class TestGroup:\n"
        "    pytestmark = None\n\n"
        "    @pytest.mark.regulation('677a.11(j)', part='record')\n"
        "    def test_inner(self):\n        pass\n")
    t = tr.build(shared_dir / "seeds", tmp_path)
    entries = {e.label: e for e in t.entries}
    assert entries["637a.11(d)"].tests == ["tests/test_x.py::test_marked"]
    assert entries["637a.11(e)"].tests == []  # the unmarked test's name is not read
    assert entries["677a.11(j)"].tests == ["tests/test_x.py::TestGroup::test_inner"]
    assert not any("blinds)" in e.label for e in t.entries)
    false = "\n".join(t.false_labels)
    assert "'637a.11(z)' names no subsection" in false and "'blinds' is not a clause label" in false
    assert "cites 637a.8(l)" in false and "637a.18(e)" not in false  # another section: kept as it is
    assert any(p.startswith("false label") for p in tr.problems(t, tmp_path))


def test_listed_gaps_are_still_gaps(shared_dir):
    """A gap that has been implemented, cited and tested must leave the list (keeps it honest)."""
    entries = {e.label: e for e in tr.trace(shared_dir / "seeds", ROOT)}
    closed = [g for g in SCOPE["gaps"] if g in entries and entries[g].code and entries[g].tests]
    assert not closed, f"implemented and tested, remove from docs/regulations.toml [gaps]: {closed}"
    unknown = [g for g in [*SCOPE["gaps"], *SCOPE["not_software"]] if g not in entries]
    assert not unknown, f"not a subsection of the seeds: {unknown}"

"""``pyeval replay`` and PHH reading/writing (pyeval.poker.phh, pyeval.poker.cli)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pyeval.cli import main
from pyeval.errors import HandHistoryError
from pyeval.poker import phh
from conftest import SMALL_HAND, pyeval_subprocess


HAND = SMALL_HAND


def test_replay_all_shared_hands(shared_dir: Path, capsys: pytest.CaptureFixture[str]):
    """Every hand of the shared real hand histories matches its finishing_stacks to the chip."""
    code = main(["replay", str(shared_dir / "data" / "phh")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "hands: 7713  matches: 7713  mismatches: 0" in out


def test_replay_mismatch_exits_nonzero(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    good = tmp_path / "good.phh"
    good.write_text(HAND)
    assert main(["replay", str(good)]) == 0
    bad = tmp_path / "bad.phhs"
    bad.write_text("[1]\n" + HAND + "\n[2]\n" + HAND.replace("[108, 98, 94]", "[108, 99, 93]"))
    assert main(["replay", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "mismatches: 1" in out and "bad.phhs[2]: p2: the record ends with 99, the replay with 98 (-1)" in out


def test_replay_rule_breaking_history_is_one_line_error(tmp_path: Path):
    bad = tmp_path / "illegal.phh"
    bad.write_text(HAND.replace("'p3 cbr 6'", "'p3 cbr 3'"))  # below the minimum raise
    proc = subprocess.run([sys.executable, "-m", "pyeval.cli", "replay", str(bad)], capture_output=True, text=True,
                          **pyeval_subprocess())
    assert proc.returncode == 1  # issue 14 item 13: 1 = a failed check, 2 = unreadable input
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "illegal.phh" in lines[0] and "637a.8(k)" in lines[0] and "'p3 cbr 3'" in lines[0]


def test_phh_round_trip():
    hh = phh.loads(HAND, "h")[0]
    rnd = hh.replay()
    assert rnd.stacks == (108, 98, 94)
    again = phh.loads(phh.dumps(phh.from_round(rnd)), "again")[0]
    assert again.actions == hh.actions and again.finishing_stacks == hh.finishing_stacks
    many = phh.loads(phh.dumps_many([hh, again]), "many")
    assert [h.name for h in many] == ["many[1]", "many[2]"]
    assert all(phh.check_replay(h).matches for h in many)


def test_phh_fractional_record_replayed_in_finer_unit():
    # a split pot whose odd chip the record halved: replayed in half chips, exactly
    text = HAND.replace("[108, 98, 94]", "[108.5, 97.5, 94]")
    hh = phh.loads(text, "f")[0]
    assert hh.unit_scale == 2
    res = phh.check_replay(hh)
    assert res.scale == 2 and not res.matches and res.first_diff == 1


def test_phh_errors():
    with pytest.raises(HandHistoryError, match="not valid TOML"):
        phh.loads("variant = ", "x")
    with pytest.raises(HandHistoryError, match="missing PHH field"):
        phh.loads("variant = 'NT'", "x")
    with pytest.raises(HandHistoryError, match="not supported"):
        phh.loads(HAND.replace("'NT'", "'NZZ'"), "x")[0].replay()
    with pytest.raises(HandHistoryError, match="shows"):
        phh.loads(HAND.replace("'p3 f']", "'p3 cc', 'd db 3c', 'p1 cc', 'p3 cc', 'd db 4c', 'p1 cc', 'p3 cc', "
                               "'p1 sm KdKc']"), "x")[0].replay()


def test_replay_all_shared_mixed_hands(shared_dir: Path, capsys: pytest.CaptureFixture[str]):
    """The 42 real mixed-game hands (FT, NT, PO, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D) replay to the chip."""
    code = main(["replay", str(shared_dir / "data" / "phh-mixed")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "hands: 42  matches: 42  mismatches: 0" in out

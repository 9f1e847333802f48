"""``pyeval show`` checks each hand it shows against the replay (the check ``convert`` makes): a hand
that disagrees is shown with the replay's figures, a warning on stderr (a field under ``--json``) and
exit status 1; the "pots awarded" row's pot column is the size of the pot awarded."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyeval.cli import main

HAND = """PokerStars Hand #700000000001: Hold'em No Limit ($0.25/$0.50 USD) - 2021/03/04 10:11:12 ET
Table 'Fornax' 6-max Seat #1 is the button
Seat 1: Dora ($20 in chips)
Seat 2: Emil ($40 in chips)
Seat 3: Fay ($30 in chips)
Emil: posts small blind $0.25
Fay: posts big blind $0.50
*** HOLE CARDS ***
Dealt to Fay [9c 9d]
Dora: raises $1 to $1.50
Emil: folds
Fay: calls $1
*** FLOP *** [Qc 6h 2s]
Fay: checks
Dora: bets $2
Fay: folds
Uncalled bet ($2) returned to Dora
Dora collected $3.10 from pot
Dora: doesn't show hand
*** SUMMARY ***
Total pot $3.25 | Rake $0.15
Board [Qc 6h 2s]
Seat 1: Dora (button) collected ($3.10)
Seat 2: Emil (small blind) folded before Flop
Seat 3: Fay (big blind) folded on the Flop
"""

PHH = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [1000, 1000]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 300", "p1 cc", "d db 2c3d4h", "p1 cc", "p2 cc",
           "d db 7s", "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "p1 sm AcAd", "p2 sm KcKd"]
players = ["Gus", "Hal"]
finishing_stacks = [%s, 700]
hand = "5"
"""


def _write(tmp_path: Path, name: str, text: str) -> str:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return str(f)


def test_a_verified_hand_is_shown_with_exit_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", _write(tmp_path, "ok.txt", HAND), "--no-color"]) == 0
    assert "disagrees" not in capsys.readouterr().err


def test_a_collected_amount_the_replay_disagrees_with_is_flagged(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    wrong = HAND.replace("collected $3.10 from pot", "collected $3.50 from pot").replace(
        "collected ($3.10)", "collected ($3.50)")
    path = _write(tmp_path, "wrong.txt", wrong)
    assert main(["convert", "--no-progress", path]) == 1  # convert flags it: show must too
    capsys.readouterr()
    assert main(["show", path, "--no-color"]) == 1
    out, err = capsys.readouterr()
    assert "disagrees with the replay" in err and "Dora" in err and "replay's" in err
    assert "does not verify" in out
    assert "awarded: Dora $3.10" in out and "$3.50" not in out  # the replay's figures, not the record's
    assert main(["show", path, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verified"] is False and data["figures"] == "replay"
    assert any("Dora" in p for p in data["problems"])


def test_a_phh_finishing_stack_that_disagrees_is_flagged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", _write(tmp_path, "good.phh", PHH % 1300), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verified"] is True
    path = _write(tmp_path, "bad.phh", PHH % 1400)
    assert main(["show", path, "--no-color"]) == 1
    assert "Gus" in capsys.readouterr().err
    assert main(["show", path, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["verified"] is False


def test_a_truncated_hand_is_flagged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cut = HAND[: HAND.index("Fay: folds")]  # stops with Fay to act
    assert main(["show", _write(tmp_path, "cut.txt", cut), "--no-color"]) == 1
    assert "disagrees with the replay" in capsys.readouterr().err


def test_pots_awarded_row_shows_the_pot_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", _write(tmp_path, "ok.txt", HAND), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    (award,) = [r for r in rows if r["action"] == "pots awarded"]
    assert award["pot"] == 325  # the pot awarded, not the $0.15 rake left in it

"""``pyeval simulate heads-up`` (pyeval.headsup.cli)."""
from __future__ import annotations

import json

from pyeval.cli import main


def test_simulate_heads_up_json(capsys):
    assert main(["simulate", "heads-up", "--rounds", "20000", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 20000 and data["seed"] == 3
    assert set(data["wagers"]) == {"ante", "odds", "raise", "pocket_bonus", "trips_plus"}
    assert set(data["frequencies"]) == {"raise_street", "odds_lines", "bad_beat_lines", "pocket_bonus_lines",
                                        "trips_plus_lines"}
    assert data["exact"]["trips_plus"]["house_edge"] == "48987/2572780"
    assert abs(sum(f["frequency"] for f in data["frequencies"]["raise_street"].values()) - 1) < 1e-12


def test_simulate_heads_up_text_is_reproducible(capsys):
    assert main(["simulate", "heads-up", "--rounds", "5000", "--seed", "9", "--no-progress"]) == 0
    a = capsys.readouterr().out
    assert main(["simulate", "heads-up", "--rounds", "5000", "--seed", "9", "--no-progress",
                 "--trips", "trips-50-40-30-8-6-5-3"]) == 0
    assert capsys.readouterr().out == a
    assert "exact trips_plus" in a and "house edge" in a and "EXAMPLE paytables" in a

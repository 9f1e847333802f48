"""The house-banked games give exactly the seeded outputs recorded before they moved onto the house
layer (``pyeval/house/``, issue 24 item 3): simulations, audit rounds, procedure rounds, records,
replays and exact analyses. The file is written by ``tools/record_house_golden.py``."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "house_golden.json"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("record_house_golden", ROOT / "tools" / "record_house_golden.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("record_house_golden", mod)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", ["headsup", "crisscross"])
def test_seeded_outputs_equal_the_recording(recorded: dict[str, Any], game: str) -> None:
    tool = _tool()
    now = json.loads(json.dumps(getattr(tool, game)(), sort_keys=True))
    bad: list[str] = []
    tool._diff(recorded[game], now, game, bad.append)
    assert not bad, "\n".join(bad[:20])
    assert recorded[game] == now


def test_the_recording_covers_every_path(recorded: dict[str, Any]) -> None:
    hu, cc = recorded["headsup"], recorded["crisscross"]
    assert len(hu["sim"]) == 24 and len(cc["sim"]) == 18
    assert all(r["replay_equal"] for rs in hu["rounds"].values() for r in rs)
    assert {len(v) for v in hu["play_batch"].values()} == {40}
    assert any(r["record"][8] is None and r["record"][7] for r in cc["rounds"]["default"])  # settled, not void

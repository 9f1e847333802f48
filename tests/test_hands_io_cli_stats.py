"""``pyeval convert`` and ``pyeval stats``, and the player statistics they print (pyeval.hands_io.stats)."""
from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pyeval.cli import main
from pyeval.hands_io import parse_file, read_text
from pyeval.hands_io._phh import HandHistory, load, loads
from pyeval.hands_io.stats import player_stats
from conftest import pyeval_subprocess

DATA = Path(__file__).parent / "data" / "hands_io"


def test_convert_writes_phh_and_reports_bad_hands(tmp_path, capsys):
    out = tmp_path / "out.phhs"
    rc = main(["convert", str(DATA / "pokerstars_malformed.txt"), "-o", str(out)])
    err = capsys.readouterr().err
    assert rc == 1
    assert "unreadable: pokerstars_malformed.txt:52: unrecognised action 'dances a jig' by 'Hero'" in err
    assert "disagrees: pokerstars_malformed.txt:101: ali:baba (p2)" in err
    assert "hands: 6  converted: 3  unreadable: 3  disagree with the replay: 1" in err
    hands = load(out)
    assert [h.extra["hand"] for h in hands] == ["200000000003", "200000000099", "200000000004"]


def test_convert_clean_input_exit_zero_and_skip_bad(tmp_path, capsys):
    out = tmp_path / "o.phhs"
    assert main(["convert", str(DATA / "pokerstars_holdem.txt"), str(DATA / "acpc_nolimit.log"), "-o", str(out)]) == 0
    assert len(load(out)) == 11
    assert main(["convert", str(DATA / "pokerstars_games.txt"), "--skip-bad", "-o", str(out)]) == 1
    assert len(load(out)) == 9  # the cash-out left out (the board run twice replays)
    capsys.readouterr()


def test_convert_phh_to_pokerstars_round_trips(tmp_path, capsys):
    phhs = tmp_path / "a.phhs"
    main(["convert", str(DATA / "pokerstars_holdem.txt"), "-o", str(phhs)])
    ps = tmp_path / "b.txt"
    assert main(["convert", str(phhs), "--to", "pokerstars", "-o", str(ps)]) == 0
    again = read_text(ps.read_text())
    first = load(phhs)
    for a, b in zip(first, again):
        assert b.players == a.players and b.starting_stacks == a.starting_stacks
        assert b.extra["seats"] == a.extra["seats"] and b.extra.get("currency") == a.extra.get("currency")
        assert [x for x in b.actions if " sm" not in x] == [x for x in a.actions if " sm" not in x]
    capsys.readouterr()


def test_convert_progress_bar_and_installed_command(tmp_path):
    big = tmp_path / "big.txt"
    one = (DATA / "pokerstars_holdem.txt").read_text()
    big.write_text((one + "\n\n\n") * 40)
    r = subprocess.run([sys.executable, "-m", "pyeval", "convert", str(big), "--progress", "-o", str(tmp_path / "x.phhs")],
                       capture_output=True, text=True, **pyeval_subprocess())
    assert r.returncode == 0, r.stderr
    assert "hands: 240  converted: 240" in r.stderr
    assert "B/s" in r.stderr or "it/s" in r.stderr or "%" in r.stderr  # tqdm's bar
    r = subprocess.run([sys.executable, "-m", "pyeval", "stats", str(DATA)], capture_output=True, text=True,
                       **pyeval_subprocess())
    assert r.returncode == 0 and "VPIP" in r.stdout


def test_convert_errors(capsys):
    assert main(["convert", str(DATA / "nope.txt")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def _one(text_actions, **kw):
    base = dict(variant="NT", antes=[0, 0, 0], blinds_or_straddles=[1, 2, 0], min_bet=2,
                starting_stacks=[100, 100, 100], players=["sb", "bb", "btn"])
    base.update(kw)
    return HandHistory(actions=text_actions, **base)


def test_stats_counts_by_hand():
    # btn opens, sb 3-bets, bb folds, btn calls; flop: sb bets, btn raises, sb calls; turn: check, check;
    # river: sb bets, btn calls; showdown: btn wins
    h1 = _one(["d dh p1 2c2d", "d dh p2 ????", "d dh p3 AsAh",
               "p3 cbr 6", "p1 cbr 18", "p2 f", "p3 cc",
               "d db 9c8d3h", "p1 cbr 20", "p3 cbr 60", "p1 cc",
               "d db Kd", "p1 cc", "p3 cc", "d db 4s", "p1 cbr 10", "p3 cc", "p1 sm 2c2d", "p3 sm AsAh"])
    # everyone folds to the big blind: nobody is voluntary
    h2 = _one(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"])
    # the small blind limps, the big blind checks: sb voluntary, bb not; the flop is checked and bb bets
    h3 = _one(["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc",
               "d db 2h3h4h", "p1 cc", "p2 cbr 2", "p1 f"])
    st = player_stats([h1, h2, h3])
    i = {p: k for k, p in enumerate(st.players)}
    sb, bb, btn = i["sb"], i["bb"], i["btn"]
    assert st.hands.tolist() == [3, 3, 3]
    assert st.vpip_hands[sb] == 2 and st.vpip_hands[bb] == 0 and st.vpip_hands[btn] == 1
    assert st.pfr_hands[sb] == 1 and st.pfr_hands[btn] == 1 and st.pfr_hands[bb] == 0
    assert st.three_bets[sb] == 1 and st.three_bet_chances[sb] == 1
    assert st.three_bet_chances[bb] == 0  # the big blind faced the open and the 3-bet: a 4-bet spot
    assert st.three_bet_chances[btn] == 0  # the opener never faced a single raise
    assert st.postflop_aggressive[sb] == 2 and st.postflop_calls[sb] == 1
    assert st.postflop_aggressive[btn] == 1 and st.postflop_calls[btn] == 1
    assert st.postflop_aggressive[bb] == 1 and st.postflop_calls[bb] == 0
    assert st.saw_flop[sb] == 2 and st.saw_flop[btn] == 1 and st.saw_flop[bb] == 1
    assert st.showdowns[sb] == 1 and st.showdowns[btn] == 1 and st.showdowns_won[btn] == 1
    # net from the replay: h1 btn wins 18+60+10 from sb and 2 from bb; h2 bb wins sb's 1; h3 bb wins 2
    assert st.net[btn] == 90 and st.net[sb] == -88 - 1 - 2 and st.net[bb] == -2 + 1 + 2
    assert math.isclose(st.bb_per_100[btn], 100 * (90 / 2) / 3)
    assert st.vpip.dtype == np.float64 and math.isclose(st.vpip[sb], 2 / 3)
    assert math.isnan(st.af[bb])  # no calls: the ratio is undefined
    rows = {r["player"]: r for r in st.rows()}
    assert rows["btn"]["net"] == 90 and rows["bb"]["af"] is None
    assert "VPIP" in st.table().splitlines()[0]


def test_stats_cli_json(capsys):
    assert main(["stats", str(DATA / "pokerstars_holdem.txt"), "--json", "--top", "2"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["player"] for r in rows] == ["Hero", "ali:baba"]
    assert rows[0]["hands"] == 3 and rows[0]["net"] == 51


def test_stats_over_imported_hands_match_records():
    hands = [h.hand for h in parse_file(DATA / "pokerstars_holdem.txt")]
    st = player_stats(hands)
    total = {p: 0 for p in st.players}
    for hh in hands:
        for p, a, b in zip(hh.players, hh.starting_stacks, hh.finishing_stacks):
            total[p] += b - a
    assert {p: int(st.net[k]) for k, p in enumerate(st.players)} == total


def test_stats_bad_record():
    hh = loads("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
               "starting_stacks = [10, 10]\nactions = ['p1 cbr x']\nplayers = ['a', 'b']\n")[0]
    with pytest.raises(Exception, match="bad amount"):
        player_stats([hh])

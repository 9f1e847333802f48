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
from pyeval.errors import HandHistoryError
from pyeval.hands_io.stats import money_kind, player_stats, stats_by_unit
from conftest import pyeval_subprocess

DATA = Path(__file__).parent / "data" / "hands_io"


def test_convert_writes_phh_and_reports_bad_hands(tmp_path, capsys):
    out = tmp_path / "out.phhs"
    rc = main(["convert", str(DATA / "pokerstars_malformed.txt"), "-o", str(out)])
    err = capsys.readouterr().err
    assert rc == 1
    bad = DATA / "pokerstars_malformed.txt"  # named by its path as given
    assert f"unreadable: {bad}:52: unrecognised action 'dances a jig' by 'Hero'" in err
    assert f"disagrees: {bad}:101: ali:baba (p2)" in err
    assert "hands: 6  converted: 3  unreadable hands: 3  disagree with the replay: 1" in err
    hands = load(out)
    assert [h.extra["hand"] for h in hands] == ["200000000003", "200000000099", "200000000004"]


def test_convert_clean_input_exit_zero_and_skip_bad(tmp_path, capsys):
    out = tmp_path / "o.phhs"
    assert main(["convert", str(DATA / "pokerstars_holdem.txt"), str(DATA / "acpc_nolimit.log"), "-o", str(out)]) == 0
    assert len(load(out)) == 11
    assert main(["convert", str(DATA / "pokerstars_games.txt"), "--skip-bad", "-o", str(out)]) == 0
    assert len(load(out)) == 10  # the cash-out and the board run twice replay and agree
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


def test_convert_progress_bar_follows_the_toolkit_policy(tmp_path, capsys, monkeypatch):
    """The bar counts hands on a terminal (pyeval.cli.progress_bar), and --no-progress hides it."""
    big = tmp_path / "big.txt"
    one = (DATA / "pokerstars_holdem.txt").read_text()
    big.write_text((one + "\n\n\n") * 40)
    out = str(tmp_path / "x.phhs")
    capsys.readouterr()
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["convert", str(big), "-o", out]) == 0
    err = capsys.readouterr().err
    assert "hands: 240  converted: 240" in err and "hands/s" in err  # tqdm's bar, in hands
    assert main(["convert", str(big), "-o", out, "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert "hands: 240  converted: 240" in err and "hands/s" not in err


def test_convert_without_a_terminal_has_no_bar_and_installed_command(tmp_path):
    big = tmp_path / "big.txt"
    one = (DATA / "pokerstars_holdem.txt").read_text()
    big.write_text((one + "\n\n\n") * 40)
    r = subprocess.run([sys.executable, "-m", "pyeval", "convert", str(big), "-o", str(tmp_path / "x.phhs")],
                       capture_output=True, text=True, **pyeval_subprocess())
    assert r.returncode == 0, r.stderr
    assert "hands: 240  converted: 240" in r.stderr and "hands/s" not in r.stderr
    r = subprocess.run([sys.executable, "-m", "pyeval", "stats", str(DATA)], capture_output=True, text=True,
                       **pyeval_subprocess())
    # the folder holds deliberately unreadable hands: left out and said, exit 1 (as convert says it)
    assert r.returncode == 1 and "VPIP" in r.stdout and "unreadable (left out)" in r.stderr


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
    st = player_stats([h1, h2, h3], include_unverified=True)  # no finishing stacks recorded
    with pytest.raises(HandHistoryError, match="unverified: the record states no finishing_stacks"):
        player_stats([h1])  # by default only hands whose record the replay confirms
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
    assert st.table().splitlines()[0] == "net and pre-rake net in chips:" and "VPIP" in st.table().splitlines()[1]


def test_stats_cli_json(capsys):
    assert main(["stats", str(DATA / "pokerstars_holdem.txt"), "--json", "--top", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"players", "hands", "left_out", "unreadable", "files_not_read", "not_hand_histories"}
    rows = out["players"]  # the top 2 of each kind of money, never added together
    assert [(r["player"], r["unit"]) for r in rows] == [("Hero", "USD cents"), ("ali:baba", "USD cents"),
                                                        ("Anna", "tournament chips"), ("Ben", "tournament chips")]
    assert rows[0]["hands"] == 3 and rows[0]["net"] == 51 and rows[0]["net_before_rake"] == 55


def test_stats_cli_json_carries_the_errors_too(tmp_path, capsys):
    """``--json``: an unread file and a left-out hand are in the JSON object, nothing on stderr; a
    missing file is one JSON error of type HandHistoryError (not a parse error: nothing was read)."""
    trunc = tmp_path / "trunc.phhs"
    trunc.write_text("[0]\nvariant = 'NT'\nantes = [0, 0\n")
    assert main(["stats", "--json", "--no-progress", str(trunc)]) == 2
    cap = capsys.readouterr()
    out = json.loads(cap.out)
    assert cap.err == "" and out["players"] == [] and out["hands"] == 0
    assert [f["file"] for f in out["files_not_read"]] == [str(trunc)] and "not valid TOML" in out["files_not_read"][0]["error"]
    assert main(["stats", "--json", str(tmp_path / "nope.phhs")]) == 2
    err = json.loads(capsys.readouterr().err)
    assert err["type"] == "HandHistoryError" and "no such file or folder" in err["error"]


def test_stats_over_imported_hands_match_records():
    hands = [h.hand for h in parse_file(DATA / "pokerstars_holdem.txt")]
    with pytest.raises(HandHistoryError, match="USD cents and tournament chips cannot be added together"):
        player_stats(hands)
    tables = stats_by_unit(hands)
    assert list(tables) == ["USD cents", "tournament chips"]
    for unit, st in tables.items():
        total = {p: 0 for p in st.players}
        for hh in hands:
            if money_kind(hh)[0] == unit:
                for p, a, b in zip(hh.players, hh.starting_stacks, hh.finishing_stacks):
                    total[p] += b - a
        assert {p: int(st.net[k]) for k, p in enumerate(st.players)} == total


def test_stats_bad_record():
    hh = loads("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
               "starting_stacks = [10, 10]\nactions = ['p1 cbr x']\nplayers = ['a', 'b']\n")[0]
    with pytest.raises(Exception, match="bad amount"):
        player_stats([hh])


# ---------------------------------------------------------------------- new-user trial: mistakes
def test_convert_output_to_a_folder_or_a_missing_folder_is_one_line_before_any_work(tmp_path, capsys):
    """-o a folder, or in a folder that does not exist: one error line and exit 2 (a traceback
    after the whole conversion before)."""
    src = str(DATA / "pokerstars_holdem.txt")
    assert main(["convert", src, "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyeval: error: -o ") and "is a folder" in err and "Traceback" not in err
    assert main(["convert", src, "-o", str(tmp_path / "no" / "such" / "o.phhs")]) == 2
    err = capsys.readouterr().err
    assert f"no such folder: {tmp_path / 'no' / 'such'}" in err and err.count("\n") == 1


@pytest.mark.parametrize("argv", [["convert", "--show", "-3"], ["stats", "--top", "0"], ["stats", "--top", "-1"],
                                  ["convert", "--show", "x"]])
def test_negative_or_zero_counts_are_usage_errors(argv, capsys):
    """--show -3 sliced the report list from the end; --top -1 printed no player at all."""
    assert main([*argv, str(DATA / "pokerstars_holdem.txt")]) == 2
    assert "expected a" in capsys.readouterr().err


def test_a_file_that_is_no_hand_history_is_named_and_the_others_still_convert(tmp_path, capsys):
    """A folder with a README among the hand histories (as ../shared/data/phh-mixed has): the whole
    run stopped with 'line 1: not a hand history ...' naming no file. Now a file found in a folder
    that is no hand history is skipped with a note; a broken one is named and the run goes on."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "hh.txt").write_text((DATA / "pokerstars_holdem.txt").read_text())
    (tmp_path / "a" / "README.txt").write_text("my notes\n")
    out = tmp_path / "o.phhs"
    assert main(["convert", str(tmp_path / "a"), "-o", str(out)]) == 0  # the README is no failure
    err = capsys.readouterr().err
    assert f"skipped (not a hand history): {tmp_path / 'a' / 'README.txt'}" in err
    assert "hands: 6  converted: 6  unreadable hands: 0  disagree with the replay: 0\n" in err
    (tmp_path / "a" / "broken.phh").write_text("variant = [[")
    assert main(["convert", str(tmp_path / "a"), "-o", str(out)]) == 2  # a file not read at all
    err = capsys.readouterr().err
    assert f"unreadable file: {tmp_path / 'a' / 'broken.phh'}: not valid TOML" in err
    assert "hands: 6  converted: 6  unreadable hands: 0  disagree with the replay: 0  files not read: 1" in err
    assert len(load(out)) == 6
    assert main(["stats", str(tmp_path / "a")]) == 2
    out_text, err = capsys.readouterr()
    assert "README.txt" in err and "broken.phh" in err and "files not read: 1" in err and "hands: 6" in err
    assert "player" in out_text
    # named on the command line, the same README is an input that could not be read
    assert main(["convert", str(tmp_path / "a" / "README.txt"), str(tmp_path / "a" / "hh.txt")]) == 2
    err = capsys.readouterr().err
    assert f"unreadable file: {tmp_path / 'a' / 'README.txt'}:1: not a hand history pyeval reads" in err


def test_a_file_read_as_the_wrong_format_is_not_a_silent_success(capsys):
    """--from ipoker on a PokerStars file found no hand and exited 0 ('hands: 0  converted: 0')."""
    assert main(["convert", str(DATA / "pokerstars_holdem.txt"), "--from", "ipoker"]) == 2
    err = capsys.readouterr().err
    assert f"unreadable file: {DATA / 'pokerstars_holdem.txt'}: no ipoker hand history in it" in err


def test_room_hands_are_named_by_their_path_so_same_names_in_two_folders_stay_apart(tmp_path, capsys):
    bad = (DATA / "pokerstars_malformed.txt").read_text()
    for d in ("x", "y"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "hh.txt").write_text(bad)
    main(["convert", str(tmp_path / "x"), str(tmp_path / "y"), "-o", str(tmp_path / "o.phhs")])
    err = capsys.readouterr().err
    assert f"{tmp_path / 'x' / 'hh.txt'}:52:" in err and f"{tmp_path / 'y' / 'hh.txt'}:52:" in err


def test_stats_with_no_readable_hand_is_bad_input(tmp_path, capsys):
    """Every hand of the input unreadable: nothing was counted, so the exit is 2 (bad input), not 0
    with an empty table."""
    p = tmp_path / "bad.txt"
    p.write_text("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 00:00:00 ET\n"
                 "Table 'T' 6-max Seat #1 is the button\n"
                 "Seat 1: a ($1e400 in chips)\nSeat 2: b ($2 in chips)\n", encoding="utf-8")
    assert main(["stats", str(p)]) == 2
    assert "hands: 0" in capsys.readouterr().err

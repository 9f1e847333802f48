"""A new user's findings (branch fix-stats): ``stats --graph`` units, duplicate hands, the closed-pipe
exit code, and the wording for a cut-off room record."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import pyeval_subprocess

from pyeval.cli import main
from pyeval.errors import IllegalHandHistoryError
from pyeval.hands_io import parse_file
from pyeval.hands_io._phh import check_replay, loads
from pyeval.hands_io.graph import sparkline, winnings_series

DATA = Path(__file__).parent / "data" / "hands_io"
STARS = DATA / "pokerstars_holdem.txt"


def _table_net(out: str) -> dict[str, str]:
    rows = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 11 and parts[1].isdigit():
            rows[parts[0]] = parts[-3]  # the net column, in the currency (USD)
    return rows


def test_graph_line_gives_currency_amounts_as_the_table_does(capsys):
    assert main(["stats", str(STARS), "--graph"]) in (0, 1)
    out = capsys.readouterr().out
    net = _table_net(out)
    assert net
    hands = [h.hand for h in parse_file(STARS) if h.hand is not None]
    series = winnings_series(hands)
    checked = 0
    for line in out.split("\n\n")[-1].splitlines():
        if " over " not in line:
            continue
        name = line.split()[0]
        if name not in net or name not in series.net:  # a name with a space: read from the table above
            continue
        checked += 1
        shown = float(line.split("  ")[-1].split()[0].replace(",", ""))
        assert shown == pytest.approx(float(net[name].replace(",", "")))  # was 100x the table's USD
        # the sparkline starts from 0: his net before his first hand
        assert sparkline(np.concatenate(([0.0], series.net[name]))) in line
    assert checked >= 10


def test_stats_counts_a_duplicate_hand_once_and_says_so(capsys):
    assert main(["stats", str(STARS), "--json"]) == 0
    once = json.loads(capsys.readouterr().out)
    assert main(["stats", str(STARS), str(STARS), "--json"]) == 0
    twice = json.loads(capsys.readouterr().out)
    assert twice["hands"] == once["hands"] == 6
    assert twice["players"] == once["players"]  # not doubled
    dups = [x for x in twice["left_out"] if x["reason"].startswith("duplicate:")]
    assert len(dups) == 6 and "PokerStars hand 200000000001" in dups[0]["reason"]
    assert main(["stats", str(STARS), str(STARS)]) == 0
    err = capsys.readouterr().err
    assert "duplicate 6" in err and "hands: 6" in err


def test_phh_hands_without_a_venue_are_duplicates_only_when_the_whole_record_is(tmp_path, capsys):
    one = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
           'starting_stacks = [100, 100]\nactions = ["d dh p1 AhKh", "d dh p2 2c3d", "p2 f"]\nhand = 1\n')
    other = one.replace("p2 2c3d", "p2 4c5d")  # hand number 1 again, in another file: a different hand
    a, b = tmp_path / "a.phh", tmp_path / "b.phh"
    a.write_text(one)
    b.write_text(other)
    assert main(["stats", str(a), str(b), "--json", "--include-unverified"]) == 0
    assert json.loads(capsys.readouterr().out)["left_out"] == []
    assert main(["stats", str(a), str(a), "--json", "--include-unverified"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["hands"] == 1 and [x["reason"].split(":")[0] for x in got["left_out"]] == ["duplicate"]
    assert got["left_out"][0]["reason"].startswith("duplicate: the same record")


def test_convert_warns_about_duplicates_and_writes_what_it_reads(tmp_path, capsys):
    out = tmp_path / "o.phhs"
    assert main(["convert", str(STARS), str(STARS), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "duplicate hands read: 6" in err and "converted: 12" in err
    assert main(["convert", str(STARS), "-o", str(out)]) == 0
    assert "duplicate" not in capsys.readouterr().err


@pytest.mark.parametrize("unbuffered", [True, False])
def test_a_closed_stdout_pipe_exits_141_silently(tmp_path, unbuffered):
    # far more output than a pipe holds, so the writer must meet the closed pipe
    kw = pyeval_subprocess()
    env = {k: v for k, v in dict(kw["env"]).items() if k != "PYTHONUNBUFFERED"}  # type: ignore[call-overload]
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"  # one write(2) of a long text is short: it used to be dropped (exit 0)
    p = subprocess.Popen([sys.executable, "-m", "pyeval", "convert", *[str(STARS)] * 60, "--to", "pokerstars"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, **{**pyeval_subprocess(), "env": env})
    assert p.stdout is not None and p.stderr is not None
    assert p.stdout.read(50)
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait() == 141
    assert b"Traceback" not in err and b"Broken pipe" not in err


CUT = STARS.read_text().splitlines()[:13]  # the first hand, stopped with ali:baba to call a raise


def test_a_cut_off_room_record_is_not_blamed_on_finishing_stacks(tmp_path, capsys):
    f = tmp_path / "cut.txt"
    f.write_text("\n".join(CUT) + "\n")
    main(["stats", str(f), "--json"])
    reason = json.loads(capsys.readouterr().out)["left_out"][0]["reason"]
    assert "(ali:baba) to act (hand cut off or actions missing)" in reason
    assert "finishing_stacks" not in reason


def test_a_phh_record_that_stops_early_keeps_the_finishing_stacks_wording():
    hh = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
               'starting_stacks = [100, 100]\nactions = ["d dh p1 AhKh", "d dh p2 2c3d"]\n'
               'finishing_stacks = [100, 100]\n')[0]
    with pytest.raises(IllegalHandHistoryError, match="to act, but it records finishing_stacks"):
        check_replay(hh)


def test_hands_with_one_venue_and_number_but_other_plays_are_not_duplicates():
    """Files converted from PHH number their hands per file: the same venue and hand number with other
    players, stacks or actions is another hand; the same record twice is a duplicate."""
    from pyeval.hands_io.stats import without_duplicates
    from pyeval.poker.phh import HandHistory

    def hand(actions: list[str]) -> HandHistory:
        return HandHistory(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2], starting_stacks=[100, 100],
                           actions=actions, min_bet=2, players=["a", "b"],
                           extra={"venue": "PokerStars", "hand": 1})

    one = hand(["d dh p1 AsKs", "d dh p2 ????", "p2 f"])
    other = hand(["d dh p1 2c3d", "d dh p2 ????", "p2 f"])
    kept, dups = without_duplicates([one, other, one])
    assert kept == [one, other] and len(dups) == 1

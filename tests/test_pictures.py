"""Issue 23: ``pyeval show``, the range grid, the winnings graph and simulation convergence.

The data behind each picture is checked exactly against independent computations (hand-worked rows,
an enumeration of rivers with the plain evaluator, the per-stream results), and each figure is
rendered once with matplotlib's Agg canvas (no display) and checked for its axes, labels and series.
"""
from __future__ import annotations

import io
import json
import re
import sys
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

import pyeval
from pyeval.cli import main
from pyeval.errors import PlotError
from pyeval.equity.grid import GRID_RANKS, cell_of, format_grid, range_grid
from pyeval.hands_io import parse_file
from pyeval.hands_io.graph import hand_results, sparkline, winnings_series
from pyeval.hands_io.show import hand_view
from pyeval.poker.phh import loads

DATA = Path(__file__).parent / "data" / "hands_io"
ROOM_FILES = ["pokerstars_holdem.txt", "pokerstars_games.txt", "fulltilt.txt", "ipoker.xml", "partypoker.txt",
              "acpc_nolimit.log"]

ALL_IN = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 300, 500]
players = ["Ann", "Bob", "Cy"]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 7c2d", "p3 f", "p1 cbr 40", "p2 cc", "d db 2c3c4d",
           "p1 cc", "p2 cc", "d db 5s", "p1 cc", "p2 cbr 260", "p1 cc", "d db 9h", "p1 sm AsAh", "p2 sm KsKh"]
"""


def _hand(text: str = ALL_IN):
    return loads(text)[0]


# ---- pyeval show ---------------------------------------------------------------------------------

def test_show_rows_of_a_hand_worked_by_hand():
    v = hand_view(_hand())
    rows = [(r.street, None if r.player is None else v.players[r.player].name, r.action, r.amount, r.pot, r.stack)
            for r in v.rows]
    assert rows == [
        ("preflop", "Ann", "posts small blind", 5, 5, 995),
        ("preflop", "Bob", "posts big blind", 10, 15, 290),
        ("preflop", "Cy", "folds", 0, 15, 500),
        ("preflop", "Ann", "raises to 40", 35, 50, 960),
        ("preflop", "Bob", "calls 30", 30, 80, 260),
        ("flop", None, "flop", 0, 80, None),
        ("flop", "Ann", "checks", 0, 80, 960),
        ("flop", "Bob", "checks", 0, 80, 260),
        ("turn", None, "turn", 0, 80, None),
        ("turn", "Ann", "checks", 0, 80, 960),
        ("turn", "Bob", "bets 260", 260, 340, 0),
        ("turn", "Ann", "calls 260", 260, 600, 700),
        ("river", None, "river", 0, 600, None),
        ("river", "Ann", "shows", 0, 600, 700),
        ("river", "Bob", "shows", 0, 600, 0),
        ("showdown", None, "pots awarded", 0, 600, None),  # the pot awarded, not what is left
    ]
    assert [r.cards for r in v.rows if r.player is None][:3] == ["2c 3c 4d", "5s", "9h"]
    assert [r.all_in for r in v.rows].count(True) == 1  # Bob's bet
    assert v.board == "2c 3c 4d 5s 9h" and v.awards == ((0, 600),)
    assert [(p.name, p.cards, p.starting, p.finishing, p.won) for p in v.players] == [
        ("Ann", "As Ah", 1000, 1300, 600), ("Bob", "Ks Kh", 300, 0, 0), ("Cy", "7c 2d", 500, 500, 0)]


STUD = """
variant = "F7S"
antes = [5, 5, 5]
bring_in = 5
small_bet = 20
big_bet = 40
starting_stacks = [500, 500, 500]
players = ["Ann", "Bob", "Cy"]
actions = ["d dh p1 QhJhAh", "d dh p2 9s3s2c", "d dh p3 Tc4cKd", "p2 pb", "p3 f", "p1 cc",
           "d dh p1 7s", "d dh p2 8d", "p1 cc", "p2 cbr 20", "p1 f"]
"""
DRAW = """
variant = "F2L3D"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
small_bet = 10
big_bet = 20
starting_stacks = [500, 500, 500]
players = ["Ann", "Bob", "Cy"]
actions = ["d dh p1 8s7d5c3h2s", "d dh p2 KsKd9c4h2d", "d dh p3 QsQdJc9h8c", "p3 f", "p1 cc", "p2 cc",
           "p1 sd", "p2 sd KsKd", "d dh p2 7c6h", "p1 cc", "p2 cbr 10", "p1 f"]
"""


def _street_of(v, action):
    return next(r.street for r in v.rows if r.action == action)


def test_show_files_the_first_card_of_a_street_under_that_street():
    """The engine counts a round only once its cards are all dealt: the first card of 4th street
    (and a draw's discards and replacements) still used to be shown under the round before."""
    v = hand_view(_hand(STUD))
    assert [(r.street, v.players[r.player].name, r.cards) for r in v.rows if r.action == "dealt" and
            r.street != "3rd street"] == [("4th street", "Ann", "7s"), ("4th street", "Bob", "8d")]
    assert _street_of(v, "checks") == "4th street"
    v = hand_view(_hand(DRAW))
    assert [(r.street, r.action) for r in v.rows if r.street == "after draw 1"][:4] == [
        ("after draw 1", "stands pat"), ("after draw 1", "discards 2"), ("after draw 1", "dealt"),
        ("after draw 1", "checks")]
    assert [r.street for r in v.rows].count("before the draw") == 8  # 2 blinds, 3 dealt, fold, call, check


@pytest.mark.parametrize("name", ROOM_FILES)
def test_show_every_hand_of_every_room_format(name, capsys):
    """Each format pyeval reads shows every hand; the rows add up: each player's finishing stack is
    his start less what the rows say he put in plus what was returned to him and what he won."""
    for h in parse_file(DATA / name, check=False):
        if h.hand is None:
            continue
        v = hand_view(h.hand)
        for p in v.players:
            put = sum(r.amount for r in v.rows if r.player == p.index)
            last = [r.stack for r in v.rows if r.player == p.index and r.stack is not None]
            if last:
                assert last[-1] >= 0
            replay_won = dict(v.awards).get(p.index, 0)
            assert p.finishing - p.starting <= replay_won  # never more than he was paid
            assert put >= 0
    assert main(["show", str(DATA / name), "--all", "--json"]) in (0, 1)
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, list) and data and all("rows" in d for d in data)


def test_show_cli_text_names_and_selection(capsys):
    path = str(DATA / "pokerstars_holdem.txt")
    assert main(["show", path, "--no-color"]) == 0
    out, err = capsys.readouterr()
    assert "[bracket]" in out and "ali:baba" in out  # names are not read as markup
    assert "raises to $0.06" in out and "rake $0.04" in out and "flop" in out
    assert "\x1b[" not in out  # no colour codes when not a terminal
    assert "hand 1 of" in err
    first_id = next(parse_file(path, check=False)).hand.extra["hand"]
    assert main(["show", path, "--hand", str(first_id), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["title"].find(str(first_id)) >= 0
    assert main(["show", path, "--hand", "999"]) == 2
    err = capsys.readouterr().err
    assert "no hand 999" in err and "Traceback" not in err
    assert main(["show", path, "--index", "99"]) == 2
    assert "has " in capsys.readouterr().err


def test_show_phh_file_and_bad_file(tmp_path, capsys):
    f = tmp_path / "h.phh"
    f.write_text(ALL_IN)
    assert main(["show", str(f), "--no-color"]) == 0
    assert "Ann" in capsys.readouterr().out
    assert main(["show", str(tmp_path)]) == 2  # a folder
    assert "not a regular file" in capsys.readouterr().err


# ---- range grid ------------------------------------------------------------------------------------

def test_grid_cells_partition_every_combination_exactly():
    seen: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a, b in combinations(range(52), 2):
        seen.setdefault(cell_of(a, b), []).append((a, b))
    assert len(seen) == 169
    for (i, j), combos in seen.items():
        assert len(combos) == (6 if i == j else 4 if i < j else 12)
        for a, b in combos:
            ranks = sorted((a // 4, b // 4), reverse=True)
            assert GRID_RANKS[min(i, j)] == pyeval.format_cards([a])[0] or GRID_RANKS[min(i, j)] == pyeval.format_cards([b])[0]
            assert (12 - ranks[0], 12 - ranks[1]) == (min(i, j), max(i, j))
            assert (a % 4 == b % 4) == (i < j)


def test_grid_weights():
    g = range_grid("TT+, AKs:0.5, AhQh, KQo")
    assert g.names[0][1] == "AKs" and g.names[1][0] == "AKo" and g.names[0][0] == "AA"
    assert g.weight[0, 1] == 0.5 and g.combos[0, 1] == 4
    assert g.weight[0, 2] == 0.25 and g.combos[0, 2] == 1
    assert g.weight[2, 1] == 1.0 and g.combos[2, 1] == 12  # KQo: row Q, column K
    assert [g.weight[i, i] for i in range(13)] == [1.0] * 5 + [0.0] * 8
    assert int(g.combos.sum()) == 5 * 6 + 4 + 1 + 12
    assert np.all(range_grid("random").weight == 1.0)
    # card removal by the board: one ace gone leaves 3 of AA's 6 combinations
    g = range_grid("AA", board="Ah 7c 2d")
    assert g.weight[0, 0] == 0.5 and g.combos[0, 0] == 3


def test_grid_equity_matches_the_equity_of_each_cell():
    g = range_grid("AA, KQs", ["QQ"], board="2c 7d 9h")
    assert g.exact and g.against == ("QQ",)
    aa = pyeval.equity(["AA", "QQ"], board="2c 7d 9h", exact=True).players[0].equity
    kqs = pyeval.equity(["KQs", "QQ"], board="2c 7d 9h", exact=True).players[0].equity
    assert g.equity is not None
    assert g.equity[0, 0] == float(aa) and g.equity[1, 2] == float(kqs)
    assert np.isnan(g.equity[5, 5]) and int(np.isfinite(g.equity).sum()) == 2


def test_format_grid_text():
    g = range_grid("AKs, QQ", ["JJ"], board="2c 7d 9h")
    text = format_grid(g).splitlines()
    assert len(text) == 14 and text[1].split()[0:2] == ["·", "AKs█"]
    eq = format_grid(g, "equity").splitlines()
    assert len(eq) == 15 and eq[1].split() == list(GRID_RANKS)
    with pytest.raises(ValueError):
        format_grid(range_grid("AA"), "equity")


def test_equity_cli_grid_text(capsys):
    assert main(["equity", "AA", "KK", "--board", "2c 7d 9h", "--grid", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "AA █" in out and "KK █" in out and "equity % per class (exact)" in out


# ---- winnings graph ------------------------------------------------------------------------------

def _river_equity(hero: tuple[int, int], villain: tuple[int, int], board: list[int]) -> Fraction:
    """Hero's pot share over every river, counted with the plain 7-card evaluator."""
    used = {*hero, *villain, *board}
    share = Fraction(0)
    rivers = [c for c in range(52) if c not in used]
    for r in rivers:
        a = pyeval.evaluate([*hero, *board, r])
        b = pyeval.evaluate([*villain, *board, r])
        share += 1 if a > b else Fraction(1, 2) if a == b else 0
    return share / len(rivers)


def test_all_in_adjusted_result_equals_an_enumeration_of_the_rivers():
    res = hand_results(_hand())
    ann, bob, cy = res
    assert (ann.net, bob.net, cy.net) == (300, -300, 0)
    assert ann.all_in and bob.all_in and not cy.all_in
    eq = _river_equity(pyeval.parse_cards("AsAh"), pyeval.parse_cards("KsKh"), list(pyeval.parse_cards("2c3c4d5s")))
    assert ann.expected == 600 * eq - 300 and bob.expected == 600 * (1 - eq) - 300
    assert cy.expected == 0


def test_rake_is_taken_as_the_room_paid():
    hands = [h.hand for h in parse_file(DATA / "pokerstars_holdem.txt", check=False) if h.hand is not None]
    for hh in hands:
        res = hand_results(hh)
        rake = int(hh.extra.get("_rake", 0) or 0) + int(hh.extra.get("_jackpot", 0) or 0)
        assert sum(r.net for r in res) == -rake  # the table loses exactly the rake
        assert sum(r.net_before_rake for r in res) == 0
        won = hh.extra.get("winnings")
        if won and not hh.extra.get("_boards"):
            for r, w, s in zip(res, won, hh.starting_stacks):
                assert r.net <= w  # never more than the room paid him


def test_winnings_series_is_the_cumulative_sum_per_player():
    hands = [_hand(), _hand(ALL_IN.replace('"Cy"', '"Dee"'))]
    s = winnings_series(hands)
    assert s.players[:2] == ("Ann", "Bob") and list(s.hands["Ann"]) == [0, 1] and list(s.hands["Dee"]) == [1]
    assert list(s.net["Ann"]) == [300.0, 600.0]
    assert s.all_ins["Ann"] == 2 and s.all_ins["Dee"] == 0
    one = float(hand_results(hands[0])[0].expected)
    assert s.all_in_adjusted["Ann"][1] == pytest.approx(2 * one, rel=1e-12)
    bad = loads(ALL_IN.replace('"p1 cbr 40"', '"p1 cbr 12"'))[0]  # an illegal raise: left out, said
    s = winnings_series([bad, hands[0]])
    assert s.skipped and s.skipped[0][0] == 0 and list(s.hands["Ann"]) == [1]


def test_sparkline():
    assert sparkline([]) == ""
    assert sparkline([0, 7]) == "▁█"
    assert sparkline([1, 1, 1]) == "▄▄▄"
    assert sparkline(list(range(8))) == "▁▂▃▄▅▆▇█"
    assert len(sparkline(list(range(1000)), width=40)) == 40


def test_stats_graph_text(capsys):
    assert main(["stats", str(DATA / "pokerstars_holdem.txt"), "--graph", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"Hero\s+[▁▂▃▄▅▆▇█]+\s+[+-]", out)


# ---- convergence -----------------------------------------------------------------------------------

def test_convergence_points_are_the_running_results_of_the_streams():
    from pyeval.headsup.paytables import example_rules
    from pyeval.headsup.sim import HeadsUpSim
    from pyeval.parallel import split
    from pyeval.simulation import convergence, headline, simulate

    game = HeadsUpSim(example_rules())
    result, conv = convergence(game, 4000, seed=7, streams=8)
    assert result.to_dict() == simulate(game, 4000, seed=7, streams=8).to_dict()
    counts = split(4000, 8)
    assert list(conv.rounds) == list(np.cumsum(counts))
    first = game.result(game.run_stream(7, 0, counts[0], None), counts[0], 7, 8)
    _, figs = headline(first)
    assert (conv.estimate[0, 0], conv.stderr[0, 0]) == figs["game"]
    _, figs = headline(result)
    assert (conv.estimate[-1, 0], conv.stderr[-1, 0]) == figs["game"]


def test_convergence_of_holdem_follows_every_seat():
    from pyeval.poker.sim import HoldemShowdown
    from pyeval.simulation import convergence

    _, conv = convergence(HoldemShowdown(players=3), 3000, seed=1, streams=4)
    assert conv.names == ("seat 0", "seat 1", "seat 2") and conv.estimate.shape == (4, 3)  # the report's numbers
    assert conv.estimate[-1].sum() == pytest.approx(1.0)


# ---- figures -------------------------------------------------------------------------------------

def _render(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def test_figures_render_with_their_axes_and_series():
    pytest.importorskip("matplotlib")
    from pyeval.headsup.paytables import example_rules
    from pyeval.headsup.sim import HeadsUpSim
    from pyeval.plot import convergence_figure, range_grid_figure, winnings_figure
    from pyeval.simulation import convergence

    s = winnings_series([_hand(), _hand(), _hand()])
    fig = winnings_figure(s)
    ax = fig.axes[0]
    assert ax.get_xlabel() == "hands played" and ax.get_ylabel().startswith("cumulative net")
    assert len([ln for ln in ax.get_lines() if len(ln.get_xdata()) == 3]) == 3 * 3  # 3 players x 3 lines
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["net (after rake)", "before rake", "all-in adjusted"]
    assert _render(fig).startswith(b"\x89PNG")

    grids = [range_grid("AA, KQs", ["QQ"], board="2c 7d 9h"), range_grid("QQ", ["AA, KQs"], board="2c 7d 9h")]
    fig = range_grid_figure(grids)
    images = [a for a in fig.axes if a.get_images()]
    assert len(images) == 4 and images[0].get_title().startswith("AA, KQs")
    assert [t.get_text() for t in images[0].get_xticklabels()] == list(GRID_RANKS)
    assert len(images[0].texts) == 169
    assert _render(fig).startswith(b"\x89PNG")

    _, conv = convergence(HeadsUpSim(example_rules()), 2000, seed=3, streams=8)
    fig = convergence_figure(conv)
    ax = fig.axes[0]
    assert ax.get_xlabel() == "rounds" and "house edge" in ax.get_ylabel()
    assert len(ax.collections) == 1 and len(ax.get_lines()[0].get_xdata()) == 8  # band + 8 points
    assert _render(fig).startswith(b"\x89PNG")


def test_without_matplotlib_the_error_says_how_to_install(monkeypatch, tmp_path, capsys):
    from pyeval.plot import winnings_figure

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(PlotError, match=r'pip install "pyeval-poker\[plot\]"'):
        winnings_figure(winnings_series([_hand()]))
    out = tmp_path / "w.png"
    assert main(["stats", str(DATA / "pokerstars_holdem.txt"), "--plot", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "pyeval-poker[plot]" in err and "Traceback" not in err and not out.exists()


def test_picture_files_are_checked_first_and_written_atomically(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from pyeval.plot import save_figure, winnings_figure

    assert main(["stats", str(DATA / "pokerstars_holdem.txt"), "--plot", str(tmp_path / "w.txt"),
                 "--no-progress"]) == 2
    assert ".png" in capsys.readouterr().err
    target = tmp_path / "w.png"
    target.write_bytes(b"old")
    fig = winnings_figure(winnings_series([_hand()]))

    def broken(*a, **k):
        raise OSError(28, "No space left on device")

    fig.savefig = broken
    with pytest.raises(PlotError, match="No space left"):
        save_figure(fig, target)
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["w.png"]


def test_command_line_pictures(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    out = tmp_path / "conv.svg"
    assert main(["simulate", "heads-up", "--rounds", "3000", "--seed", "1", "--plot", str(out), "--no-progress"]) == 0
    assert out.read_text().lstrip().startswith("<?xml") and "streams drawn" in capsys.readouterr().err
    grid = tmp_path / "grid.png"
    assert main(["equity", "AA", "KK", "--board", "2c 7d 9h", "--grid", str(grid), "--no-progress"]) == 0
    assert grid.read_bytes().startswith(b"\x89PNG")
    win = tmp_path / "win.png"
    assert main(["stats", str(DATA / "pokerstars_holdem.txt"), "--plot", str(win), "--no-progress"]) == 0
    assert win.read_bytes().startswith(b"\x89PNG")

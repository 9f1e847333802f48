"""Equity (pyeval.equity.core): known answers, exact == slow reference, exact == Monte Carlo within
error, ranges with card removal and weights, ties, seeds and errors."""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from pyeval.cards import parse_cards
from pyeval.equity import Range, equity, parse_range
from pyeval.errors import DuplicateCardError, EquityError, InvalidCardError, RangeError, SeedError
from pyeval.hands.high import evaluate_batch
from reference import ref_key


def reference_exact(hands: list[tuple[int, int]], board: tuple[int, ...] = (), dead: tuple[int, ...] = ()):
    """Slow oracle: every board completion judged by the pure-Python reference ranking.
    Returns (boards, win counts, tie counts, equity fractions)."""
    used = set(board) | set(dead) | {c for h in hands for c in h}
    rest = [c for c in range(52) if c not in used]
    p = len(hands)
    win, tie, share, n = [0] * p, [0] * p, [Fraction(0)] * p, 0
    for extra in itertools.combinations(rest, 5 - len(board)):
        b = tuple(board) + extra
        keys = [ref_key(h + b) for h in hands]
        best = max(keys)
        winners = [i for i in range(p) if keys[i] == best]
        for i in winners:
            share[i] += Fraction(1, len(winners))
            if len(winners) == 1:
                win[i] += 1
            else:
                tie[i] += 1
        n += 1
    return n, win, tie, [s / n for s in share]


def hand(text: str) -> tuple[int, int]:
    a, b = parse_cards(text)
    return (a, b)


def test_ahkh_vs_qsqd_preflop_exact() -> None:
    """The issue's known answer: 46.214% / 53.786% over all 1,712,304 boards, ties shared."""
    r = equity(["AhKh", "QsQd"])
    assert r.exact and r.boards == 1_712_304 == r.stats.trials
    a, q = r.players
    assert a.equity == Fraction(197833, 428076) and q.equity == Fraction(230243, 428076)
    assert a.equity + q.equity == 1
    assert round(float(a.equity) * 100, 3) == 46.214 and round(float(q.equity) * 100, 3) == 53.786
    assert (r.stats.win, r.stats.tie) == ((787966, 917606), (6732, 6732))
    assert a.equity == (Fraction(787966) + Fraction(6732, 2)) / 1_712_304


def test_ahkh_vs_qsqd_against_the_batch_evaluator() -> None:
    """Cross-check of the enumeration with an independent path: every board built with numpy and
    scored by evaluate_batch."""
    h1, h2 = hand("AhKh"), hand("QsQd")
    rest = np.array([c for c in range(52) if c not in h1 + h2], dtype=np.uint8)
    idx = np.array(list(itertools.combinations(range(48), 5)), dtype=np.uint8)
    boards = rest[idx]
    rows1 = np.concatenate([np.tile(np.array(h1, np.uint8), (len(boards), 1)), boards], axis=1)
    rows2 = np.concatenate([np.tile(np.array(h2, np.uint8), (len(boards), 1)), boards], axis=1)
    v1, v2 = evaluate_batch(rows1).astype(int), evaluate_batch(rows2).astype(int)
    r = equity([h1, h2], exact=True)
    assert r.stats.win == (int((v1 > v2).sum()), int((v2 > v1).sum()))
    assert r.stats.tie[0] == int((v1 == v2).sum())


SPOTS = [
    (["AhKh", "QsQd", "7c7d"], "2h 3h 9s", ""),
    (["AsKs", "JdTd", "9c9h", "2c3c"], "Kc Qd 4s 8c", ""),
    (["5h5d", "AcKd", "QhJh"], "Th 9h 2s", "8h 3c"),
    (["AcAd", "AhAs"], "Kc Qc Jc 2d", ""),          # a split pot unless a club flush arrives
    (["2c3d", "4h5s", "6c7d"], "Ah Ks Qd Jc Th", ""),  # board plays: everyone ties
    (["AhKh", "QsQd"], "2c 7d 9s Jh", "3s 4s"),
]


@pytest.mark.parametrize("hands, board, dead", SPOTS)
def test_exact_matches_slow_reference(hands: list[str], board: str, dead: str) -> None:
    hs = [hand(h) for h in hands]
    b, d = parse_cards(board), parse_cards(dead)
    n, win, tie, eq = reference_exact(hs, b, d)
    r = equity(hands, board=board, dead=dead)
    assert r.exact and r.boards == n
    assert [p.equity for p in r.players] == eq
    assert list(r.stats.win) == win and list(r.stats.tie) == tie
    assert sum(p.equity for p in r.players) == 1


def test_board_plays_is_a_full_tie() -> None:
    r = equity(["2c3d", "4h5s", "6c7d"], board="Ah Ks Qd Jc Th")
    assert all(p.equity == Fraction(1, 3) and p.tie == 1 and p.win == 0 for p in r.players)


@pytest.mark.parametrize("hands, board", [
    (["AhKh", "QsQd"], ""),
    (["AhKh", "QsQd", "7c7d", "JcTc"], ""),
    (["AsKs", "JdTd", "9c9h"], "Kc Qd 4s"),
])
def test_exact_equals_monte_carlo_within_error(hands: list[str], board: str) -> None:
    ex = equity(hands, board=board, exact=True)
    mc = equity(hands, board=board, trials=1_000_000, seed=7)
    assert not mc.exact and mc.boards == 1_000_000 and mc.seed == 7
    for e, m in zip(ex.players, mc.players):
        assert 0 < m.equity_stderr < 0.002
        assert abs(float(m.equity - e.equity)) < 5 * m.equity_stderr
        assert abs(float(m.win - e.win)) < 5 * m.win_stderr + 1e-9


def reference_range_exact(ranges: list[Range], board: tuple[int, ...]) -> list[Fraction]:
    """Weighted average of the reference equities over every compatible deal of the ranges."""
    total, acc = Fraction(0), [Fraction(0)] * len(ranges)
    for deal in itertools.product(*[list(zip(r.combos, r.weights)) for r in ranges]):
        cards = [c for (combo, _) in deal for c in combo]
        if len(set(cards) | set(board)) != len(cards) + len(board):
            continue
        w = math.prod(wc for _, wc in deal)
        _, _, _, eq = reference_exact([combo for combo, _ in deal], board)
        total += w
        acc = [a + w * e for a, e in zip(acc, eq)]
    return [a / total for a in acc]


def test_overlapping_ranges_card_removal_against_reference() -> None:
    """Ranges that share cards with each other: only deals without a shared card count, weighted."""
    board = parse_cards("Ah 7d 2c Kd")
    texts = ["AA, AKs:0.5, KdQd", "AsKs, KK:1/3, QQ"]
    ranges = [parse_range(t).without(board) for t in texts]
    want = reference_range_exact(ranges, board)
    r = equity(texts, board=board)
    assert r.exact
    assert [p.equity for p in r.players] == want


def test_card_removal_blocks_combos() -> None:
    """AA against AhKh: only the three aces without the Ah can be dealt."""
    r = equity(["AA", "AhKh"])
    assert r.exact and r.boards == 3 * 1_712_304
    single = [equity([c, "AhKh"]).players[0].equity for c in ("AsAd", "AsAc", "AdAc")]
    assert r.players[0].equity == sum(single) / 3
    assert r.players[0].combos == 6  # before card removal between players


def test_range_monte_carlo_matches_exact() -> None:
    texts = ["AKs, QQ:0.5", "AA, KQs"]
    ex = equity(texts, exact=True)
    mc = equity(texts, exact=False, trials=1_000_000, seed=3)
    for e, m in zip(ex.players, mc.players):
        assert abs(float(m.equity - e.equity)) < 5 * m.equity_stderr


def test_river_board_monte_carlo_has_no_variance() -> None:
    r = equity(["AhKh", "QsQd"], board="2c 7d 9s Jh Kc", trials=1000, seed=1)
    assert r.players[0].equity == 1 and r.players[0].equity_stderr == 0


def test_same_seed_same_result_and_seed_is_reported() -> None:
    a = equity(["AKs", "random"], trials=200_000, seed=11)
    b = equity(["AKs", "random"], trials=200_000, seed=11)
    c = equity(["AKs", "random"], trials=200_000, seed=12)
    assert a.stats == b.stats and a.stats != c.stats
    d = equity(["AKs", "random"], trials=200_000)
    assert d.seed is not None and equity(["AKs", "random"], trials=200_000, seed=d.seed).stats == d.stats


def test_target_stderr_stops_when_reached() -> None:
    r = equity(["AhKh", "QsQd"], target_stderr=0.001, seed=5)
    assert max(p.equity_stderr for p in r.players) <= 0.001
    assert r.stats == equity(["AhKh", "QsQd"], target_stderr=0.001, seed=5).stats


def test_trials_cap_adaptive_run() -> None:
    r = equity(["AhKh", "QsQd"], target_stderr=1e-9, trials=300_000, seed=5)
    assert r.boards == 300_000


@pytest.mark.parametrize("players, kw, err", [
    (["AhKh"], {}, EquityError),
    (["AA"] * 11, {}, EquityError),
    ("AhKh", {}, EquityError),
    (["AhKh", "AhQd"], {}, EquityError),            # fixed hands sharing a card: no deal
    (["AA", "AA", "AA"], {}, EquityError),           # ranges that cannot be dealt together
    (["AhKh", "QsQd"], {"board": "2c 3c"}, EquityError),
    (["AhKh", "QsQd"], {"board": "Ah 3c 4d"}, EquityError),  # a hand emptied by the board
    (["AhKh", "QsQd"], {"board": "2c 3c 4d", "dead": "2c"}, DuplicateCardError),
    (["AhKh", "QsQd"], {"board": "2c 3c Xd"}, InvalidCardError),
    (["AhKx", "QsQd"], {}, RangeError),
    (["AhKh", 7], {}, EquityError),
    (["AhKh", "QsQd"], {"trials": 0}, EquityError),
    (["AhKh", "QsQd"], {"trials": 1.5}, EquityError),
    (["AhKh", "QsQd"], {"exact": "yes"}, EquityError),
    (["AhKh", "QsQd"], {"exact": False, "seed": -1}, SeedError),
    (["AhKh", "QsQd"], {"exact": False, "streams": 0}, SeedError),
    (["AhKh", "QsQd"], {"workers": 0}, EquityError),
])
def test_bad_input_raises_a_clear_error(players, kw, err) -> None:
    with pytest.raises(err):
        equity(players, **kw)


def test_hand_as_ints_and_range_objects() -> None:
    a = equity([(51, 47), parse_range("QsQd")])
    assert a.players[0].equity == Fraction(197833, 428076) or a.players[0].equity > 0
    assert a.players[0].hand == "AsKs"


def test_to_dict_is_plain() -> None:
    import json

    d = equity(["AhKh", "QsQd"]).to_dict()
    json.dumps(d)
    assert d["players"][0]["equity_exact"] == "197833/428076"


def test_auto_method_counts_the_work_of_the_exact_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """exact=None: AKs vs QQ is 24 deals (8.2e7 board evaluations) but 2 distinct up to suits, each
    counted by its board classes (pe_eq_exact_cost): enumerated; a dear spot samples. The limit is on
    board classes of the canonical deals x players, counted."""
    from pyeval.equity import core

    r = equity(["AKs", "QQ"])
    assert r.exact and r.method == "exact" and r.boards == 24 * 1_712_304
    assert [p.equity for p in r.players] == [p.equity for p in equity(["AKs", "QQ"], exact=True).players]
    assert equity(["TT+, AK", "22+"], trials=1000, seed=1).method == "monte-carlo"
    big = equity(["TT+, AK", "22+"], seed=1, workers=1)  # 257 canonical deals: about 1.4e7 class evaluations
    assert not big.exact and big.method == "monte-carlo" and big.to_dict()["method"] == "monte-carlo"
    assert equity(["QQ+,AKs", "JJ-99"]).exact  # 396 deals, 30-odd up to suits: cheap once counted
    ranges, b, d = core._prepare(["AKs", "QQ"], (), ())
    plan, _ = core._plan(ranges, b, d)
    classes = sum(core._exact_cost(rows, 2, b, d) for _, rows, _ in plan)
    assert len(plan[0][1]) == 2 and 2 * 5 * 13 < classes < 2 * 1_712_304  # rank classes and flush boards
    monkeypatch.setattr(core, "EXACT_AUTO_LIMIT", 2 * classes)  # exactly AKs vs QQ's counted work
    assert equity(["AKs", "QQ"]).exact
    monkeypatch.setattr(core, "EXACT_AUTO_LIMIT", 2 * classes - 1)
    assert equity(["AKs", "QQ"], workers=1).method == "monte-carlo"


def test_equal_results_compare_equal_whatever_their_wall_time() -> None:
    """The user trial: exact results on one and two threads were ``!=`` only through ``seconds``."""
    import dataclasses

    from pyeval.equity import equity as run

    a = run(["AhKh", "QsQd"], board="2c7d9h", exact=True, threads=1)
    b = run(["AhKh", "QsQd"], board="2c7d9h", exact=True, threads=2)
    assert a == b and dataclasses.replace(a, seconds=a.seconds + 1.0) == a
    assert dataclasses.replace(a, boards=a.boards + 1) != a  # the other fields still count

"""Short-deck (6+) evaluator: tables without drift, every 5-card hand (and, marked slow, every 7-card
hand) ordered exactly as the slow reference orders them, both category orders, pokerkit agreement,
errors, and exact equity."""
from __future__ import annotations

import itertools
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from shortdeck_reference import best_key, int_key, key5, keys5_np

from pyeval import HandCategory
from pyeval.errors import CardCountError, CardTypeError, DuplicateCardError, EquityError, HandValueError, InvalidCardError
from pyeval.hands import (
    SHORT_DECK_KINDS,
    SHORT_DECK,
    SHORT_DECK_CLASSES,
    describe_short_deck,
    evaluate_short_deck,
    evaluate_short_deck_batch,
    short_deck_category,
    short_deck_equity,
)

ROOT = Path(__file__).resolve().parent.parent
ALL5 = np.array(list(itertools.combinations(SHORT_DECK, 5)), dtype=np.uint8)


def test_tables_have_not_drifted(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "tools" / "gen_shortdeck_tables.py"), "--outdir", str(tmp_path)],
                   check=True, capture_output=True)
    for name in ("pe_shortdeck_tables.h", "pe_shortdeck_tables.c"):
        assert (tmp_path / name).read_text() == (ROOT / "csrc" / name).read_text(), f"csrc/{name} is stale"


def _value_of_key(kind):
    """The dense value of each reference key: rank among the distinct keys of all 5-card hands."""
    keys = np.unique(keys5_np(ALL5, kind))
    assert len(keys) == SHORT_DECK_CLASSES
    return keys


@pytest.mark.slow  # exhaustive against the slow reference (~10 s each); .ci/run runs -m slow
@pytest.mark.parametrize("kind", [0, 1])
def test_every_five_card_hand_against_the_reference(kind):
    """All C(36, 5) = 376,992 hands: the C value is the rank of the reference key (pure Python)."""
    got = evaluate_short_deck_batch(ALL5, kind=SHORT_DECK_KINDS[kind])
    keys = np.array([int_key(key5(tuple(int(c) for c in row), kind)) for row in ALL5], dtype=np.int64)
    distinct = np.unique(keys)
    assert len(distinct) == SHORT_DECK_CLASSES
    assert np.array_equal(got, np.searchsorted(distinct, keys) + 1)
    assert np.array_equal(keys, keys5_np(ALL5, kind))  # the vectorised reference is the same reference


def _check_sevens(hands: np.ndarray, kind: int) -> None:
    distinct = _value_of_key(kind)
    best = np.full(len(hands), -1, dtype=np.int64)
    for sub in itertools.combinations(range(hands.shape[1]), 5):
        best = np.maximum(best, keys5_np(hands[:, list(sub)], kind))
    want = np.searchsorted(distinct, best) + 1
    assert np.array_equal(evaluate_short_deck_batch(hands, kind=SHORT_DECK_KINDS[kind]), want)


@pytest.mark.parametrize("kind", [0, 1])
@pytest.mark.parametrize("k", [6, 7])
def test_random_six_and_seven_card_hands(kind, k):
    rng = np.random.default_rng(16 + k + kind)
    deck = np.array(SHORT_DECK, dtype=np.uint8)
    hands = np.array([rng.choice(deck, k, replace=False) for _ in range(40000)], dtype=np.uint8)
    _check_sevens(hands, kind)


@pytest.mark.parametrize("kind", [0, 1])
def test_every_seven_card_rank_multiset_and_flush(kind):
    """Every rank multiset of 7 cards (suits spread so no flush) and every flush suit pattern."""
    rows = []
    for ms in itertools.combinations_with_replacement(range(4, 13), 7):
        if max(ms.count(r) for r in ms) > 4:
            continue
        seen: dict[int, int] = {}
        row = []
        for j, r in enumerate(ms):
            s = (seen.get(r, 0) + j) % 4
            while r * 4 + s in row:
                s = (s + 1) % 4
            seen[r] = seen.get(r, 0) + 1
            row.append(r * 4 + s)
        rows.append(row)
    for ranks in itertools.combinations(range(4, 13), 5):  # five of one suit plus two others
        rows.append([r * 4 for r in ranks] + [ranks[0] * 4 + 1, ranks[1] * 4 + 2])
    _check_sevens(np.array(rows, dtype=np.uint8), kind)


@pytest.mark.slow
@pytest.mark.parametrize("kind", [0, 1])
def test_every_seven_card_hand_against_the_reference(kind):
    """All C(36, 7) = 8,347,680 hands, in blocks, against the best of 21 reference subsets."""
    it = itertools.combinations(SHORT_DECK, 7)
    while True:
        block = np.array(list(itertools.islice(it, 400000)), dtype=np.uint8)
        if not len(block):
            break
        _check_sevens(block, kind)


def test_rules_of_the_short_deck():
    v = evaluate_short_deck
    assert v("As 6d 7h 8c 9s") < v("6s 7d 8h 9c Ts")  # A-6-7-8-9 is the lowest straight
    assert short_deck_category(v("As 6d 7h 8c 9s")) is HandCategory.STRAIGHT
    assert describe_short_deck(v("As 6d 7h 8c 9s")) == "Straight, Nine high"
    assert short_deck_category(v("As 6s 7s 8s 9s")) is HandCategory.STRAIGHT_FLUSH
    assert v("Ah Kh 9h 8h 6h") > v("Ac Ad As Kc Kd")  # a flush beats a full house
    assert v("Ac Ad As Kc Kd") > v("Tc Jd Qh Kc Ad")  # a full house beats a straight
    assert v("Tc Jd Qh Kc Ad") > v("Ac Ad As Kc Qd")  # classic order: straight over trips
    assert v("Tc Jd Qh Kc Ad", kind="trips_over_straight") < v("6c 6d 6s Kc Qd", kind="trips_over_straight")
    assert v("As Ks Qs Js Ts") == SHORT_DECK_CLASSES and describe_short_deck(SHORT_DECK_CLASSES) == "Royal Flush"
    assert describe_short_deck(1) == "High Card, Jack"  # J-9-8-7-6 (T-9-8-7-6 would be a straight)
    assert describe_short_deck(v("Kc Kd 6h 6s Ad")) == "Two Pair, Kings and Sixes"
    assert evaluate_short_deck([51, 47, 43, 39, 35, 16, 17]) == v("As Ks Qs Js Ts")


def test_agrees_with_pokerkit():
    pk = pytest.importorskip("pokerkit")
    rng = random.Random(6)
    for _ in range(3000):
        a, b = (rng.sample(SHORT_DECK, 7) for _ in range(2))

        ha = pk.ShortDeckHoldemHand.from_game("".join(__import__("pyeval").CARD_TEXT[c] for c in a))
        hb = pk.ShortDeckHoldemHand.from_game("".join(__import__("pyeval").CARD_TEXT[c] for c in b))

        ours = (evaluate_short_deck(a) > evaluate_short_deck(b)) - (evaluate_short_deck(a) < evaluate_short_deck(b))
        theirs = (ha > hb) - (ha < hb)
        assert ours == theirs, (a, b)


def test_errors():
    with pytest.raises(InvalidCardError, match="5c is not in the short deck"):
        evaluate_short_deck("5c 6d 7h 8c 9s")
    with pytest.raises(CardCountError):
        evaluate_short_deck("As Ks Qs Js")
    with pytest.raises(DuplicateCardError):
        evaluate_short_deck([51, 51, 47, 43, 39])
    with pytest.raises(InvalidCardError, match="row 1: 2c is not in the short deck"):
        evaluate_short_deck_batch([[16, 17, 18, 19, 20], [0, 21, 22, 23, 24]])
    with pytest.raises(DuplicateCardError, match="row 0"):
        evaluate_short_deck_batch([[16, 16, 18, 19, 20]])
    with pytest.raises(CardCountError):
        evaluate_short_deck_batch(np.zeros((2, 4), dtype=np.uint8))
    for bad in (0, SHORT_DECK_CLASSES + 1, True, 1.5):
        with pytest.raises(HandValueError):
            describe_short_deck(bad)
    with pytest.raises(TypeError):
        evaluate_short_deck("As Ks Qs Js Ts", trips_beat_straight=True)  # the old spelling is gone
    for bad_kind in (1, True, "classic", None):
        with pytest.raises(CardTypeError, match="kind must be one of"):
            evaluate_short_deck("As Ks Qs Js Ts", kind=bad_kind)


def test_equity_exact_against_brute_force():
    hands, board = ["AsAh", "KdKc"], "6c 7d 8h 9s"
    e = short_deck_equity(hands, board)
    used = {16, 21, 26, 31} | {51, 50, 45, 44}
    left = [c for c in SHORT_DECK if c not in used]
    a = b = t = 0
    from pyeval import parse_cards
    ha, hb, bd = parse_cards("AsAh"), parse_cards("KdKc"), parse_cards(board)
    for river in left:
        ka, kb = best_key(ha + bd + (river,)), best_key(hb + bd + (river,))
        a, b, t = a + (ka > kb), b + (kb > ka), t + (ka == kb)
    assert e.boards == len(left) == 28
    assert e.wins == (a, b) and e.ties == (t, t)
    assert e.equity[0] == pytest.approx((a + t / 2) / 28)
    pre = short_deck_equity(["AsAh", "KdKc", "7c6c"])
    assert sum(pre.equity) == pytest.approx(1.0) and pre.boards == 142506


def test_equity_errors():
    with pytest.raises(EquityError, match="not in the short deck"):
        short_deck_equity(["As2h", "KdKc"])
    with pytest.raises(EquityError, match="used twice"):
        short_deck_equity(["AsAh", "AsKc"])
    with pytest.raises(EquityError, match="2..9 hands"):
        short_deck_equity(["AsAh"])
    with pytest.raises(EquityError, match="0, 3, 4 or 5"):
        short_deck_equity(["AsAh", "KsKh"], "6c 7c")

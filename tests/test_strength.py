"""describe() for low and Badugi values, and hand-strength percentiles (pyeval.strength)."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import pyeval
from pyeval import CARD_TEXT, HandCategory, census, describe, evaluate, parse_cards
from pyeval.errors import CardCountError, CardTypeError, HandValueError
from pyeval.hands import (
    BADUGI_CLASSES,
    LOW_27_CLASSES,
    LOW_A5_8_MIN,
    LOW_A5_CLASSES,
    evaluate_badugi,
    evaluate_low_27,
    evaluate_low_a5,
    evaluate_low_a5_8,
)
from pyeval.strength import class_percentile, describe_badugi, describe_low, percentile, value_frequencies

LOW = "A23456789TJQK"


def test_the_wheel_is_no_longer_a_flush():
    v = evaluate_low_a5("As 2d 3h 4c 5s")
    assert describe(v) == "Flush, Queen high"  # a high value of 6175: the old, wrong reading
    assert describe(v, kind="a5") == "Five-low: 5-4-3-2-A (the wheel)"
    assert describe_low(evaluate_low_a5_8("9s Td Jh Qc Ks"), "a5_8") == "No qualifying low"
    assert describe_low(evaluate_low_a5_8("8s 7d 4h 2c As"), "a5_8") == "Eight-low: 8-7-4-2-A"
    assert describe_low(evaluate_low_27("As 5d 4h 3c 2s"), "27") == "Ace-high: A-5-4-3-2"
    assert describe_low(evaluate_low_27("7s 5d 4h 3c 2s"), "27") == "Seven-low: 7-5-4-3-2"
    assert describe_low(evaluate_low_27("7s 5s 4s 3s 2s"), "27") == "Flush: 7-5-4-3-2"
    assert describe_low(evaluate_low_27("6s 5d 4h 3c 2s"), "27") == "Straight, Six high: 6-5-4-3-2"
    assert describe(evaluate_badugi("As 2d 3h 4c"), kind="badugi") == "Four-card badugi: 4-3-2-A"
    assert describe(evaluate_badugi("Kc 7d 2h 7h"), kind="badugi") == "Three-card hand: K-7-2"
    assert describe(evaluate("As Ks Qs Js Ts")) == "Royal Flush"


def _cards_a5(text: str) -> list[int]:
    ranks = [LOW.index(ch) for ch in text.split(": ")[-1].split(" ")[0].split("-")]
    seen: dict[int, int] = {}
    out = []
    for r in ranks:
        out.append(((r - 1) % 13) * 4 + seen.get(r, 0))
        seen[r] = seen.get(r, 0) + 1
    return out


def test_every_ace_to_five_value_reads_back():
    texts = set()
    for v in range(1, LOW_A5_CLASSES + 1):
        t = describe_low(v, "a5")
        texts.add(t)
        assert evaluate_low_a5(_cards_a5(t)) == v, (v, t)
    assert len(texts) == LOW_A5_CLASSES
    for v in range(LOW_A5_8_MIN, LOW_A5_CLASSES + 1):
        assert describe_low(v, "a5_8") == describe_low(v, "a5")


def test_every_deuce_to_seven_value_reads_back():
    texts = set()
    for v in range(1, LOW_27_CLASSES + 1):
        t = describe_low(v, "27")
        texts.add(t)
        ranks = ["23456789TJQKA".index(ch) for ch in t.split(": ")[-1].split("-")]
        flush = t.startswith(("Flush", "Straight Flush"))
        seen: dict[int, int] = {}
        cards = []
        for j, r in enumerate(ranks):
            s = 0 if flush else (seen.get(r, 0) + j) % 4
            while r * 4 + s in cards:
                s = (s + 1) % 4
            seen[r] = seen.get(r, 0) + 1
            cards.append(r * 4 + s)
        if not flush and len({c & 3 for c in cards}) == 1:
            cards[0] ^= 1
        assert evaluate_low_27(cards) == v, (v, t)
    assert len(texts) == LOW_27_CLASSES


def test_every_badugi_value_reads_back():
    texts = set()
    for v in range(1, BADUGI_CLASSES + 1):
        t = describe_badugi(v)
        texts.add(t)
        ranks = [LOW.index(ch) for ch in t.split(": ")[1].split("-")]
        played = [((r - 1) % 13) * 4 + s for s, r in enumerate(ranks)]
        # pad with the played cards' ranks in other played suits (never a better hand)
        pad = [((ranks[0] - 1) % 13) * 4 + s for s in range(4) if ((ranks[0] - 1) % 13) * 4 + s not in played]
        assert evaluate_badugi((played + pad)[:4]) == v, (v, t)
    assert len(texts) == BADUGI_CLASSES


def test_describe_errors():
    with pytest.raises(HandValueError):
        describe_low(0, "a5")
    with pytest.raises(HandValueError):
        describe_low(LOW_A5_8_MIN - 1, "a5_8")
    with pytest.raises(HandValueError):
        describe_low(LOW_27_CLASSES + 1, "27")
    with pytest.raises(HandValueError):
        describe_badugi(BADUGI_CLASSES + 1)
    with pytest.raises(CardTypeError):
        describe_low(5, "razz")
    with pytest.raises(CardTypeError):
        describe(5, kind="omaha-low")


@pytest.mark.parametrize("k", [5, 6])
def test_frequencies_match_the_census(k):
    f = value_frequencies(k)
    counts, classes = census(k)
    assert f.dtype == np.uint64 and f.shape == (7463,) and f[0] == 0
    assert int(f.sum()) == sum(counts.values())
    assert int((f > 0).sum()) == classes
    for cat, (lo, hi) in pyeval.CATEGORY_RANGES.items():
        want = counts[cat] + (counts[HandCategory.ROYAL_FLUSH] if cat is HandCategory.STRAIGHT_FLUSH else 0)
        assert int(f[lo:hi + 1].sum()) == want


def test_five_card_frequencies_by_brute_force_on_a_slice():
    """Every five-card hand holding the ace of spades, evaluated one by one, is counted."""
    f = value_frequencies(5)
    sub = np.zeros(7463, dtype=np.int64)
    for rest in itertools.combinations(range(51), 4):
        sub[evaluate((51,) + rest)] += 1
    assert (sub <= f.astype(np.int64)).all() and sub.sum() == 249900


@pytest.mark.slow
def test_seven_card_frequencies_match_the_census():
    f = value_frequencies(7)
    counts, classes = census(7)
    assert int(f.sum()) == 133784560 and int((f > 0).sum()) == classes == 4824


def test_percentile():
    assert percentile(1) == pytest.approx(value_frequencies(5)[1] / 2 / 2598960)
    assert percentile(7462) > 0.999999
    aces = evaluate("As Ad 7h 4c 2s")
    assert 0.89 < percentile(aces) < 0.90  # a pair of aces beats 89% of five-card hands
    ps = [percentile(v) for v in range(1, 7463)]
    assert all(a < b for a, b in zip(ps, ps[1:]))  # every class has hands: strictly increasing
    assert percentile(aces, cards=6) < percentile(aces)  # more cards, stronger field
    assert class_percentile(7462) == pytest.approx(1 / 7462) and class_percentile(1) == 1.0
    with pytest.raises(HandValueError):
        percentile(0)
    with pytest.raises(CardCountError):
        percentile(5, cards=4)
    assert CARD_TEXT[parse_cards("As")[0]] == "As"

"""Range notation (pyeval.equity.ranges): every notation, weights, and errors naming the token."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyeval.cards import RANKS, card, parse_cards
from pyeval.equity import Range, parse_range
from pyeval.errors import PyevalError, RangeError


def classes(r: Range) -> set[str]:
    """Hand classes (AKs, AKo, QQ) present in a range."""
    out = set()
    for a, b in r.combos:
        hi, lo = RANKS[a // 4], RANKS[b // 4]
        out.add(hi + lo if hi == lo else hi + lo + ("s" if a % 4 == b % 4 else "o"))
    return out


@pytest.mark.parametrize("text, n, cls", [
    ("QQ", 6, {"QQ"}),
    ("TT+", 30, {"TT", "JJ", "QQ", "KK", "AA"}),
    ("99-66", 24, {"99", "88", "77", "66"}),
    ("66-99", 24, {"99", "88", "77", "66"}),
    ("AKs", 4, {"AKs"}),
    ("AKo", 12, {"AKo"}),
    ("AK", 16, {"AKs", "AKo"}),
    ("A2s+", 48, {f"A{r}s" for r in "23456789TJQK"}),
    ("KTo+", 36, {"KTo", "KJo", "KQo"}),
    ("A2s-A5s", 16, {"A2s", "A3s", "A4s", "A5s"}),
    ("A5s-A2s", 16, {"A2s", "A3s", "A4s", "A5s"}),
    ("K9-KJ", 48, {"K9s", "K9o", "KTs", "KTo", "KJs", "KJo"}),
    ("random", 1326, None),
    ("any", 1326, None),
    ("akS", 4, {"AKs"}),
])
def test_notation_expands_to_its_combinations(text: str, n: int, cls: set[str] | None) -> None:
    r = parse_range(text)
    assert len(r) == n == len(set(r.combos))
    assert all(a > b for a, b in r.combos)
    if cls is not None:
        assert classes(r) == cls


def test_explicit_combo_and_list() -> None:
    r = parse_range("AhKh, Qs Qd ,7c2d")
    assert r.combos == ((card("Ah"), card("Kh")), (card("Qs"), card("Qd")), (card("7c"), card("2d")))
    assert r.weights == (1, 1, 1)


def test_suited_and_offsuit_partition_the_unsuited_class() -> None:
    assert set(parse_range("AKs").combos) | set(parse_range("AKo").combos) == set(parse_range("AK").combos)
    assert not set(parse_range("AKs").combos) & set(parse_range("AKo").combos)


def test_weights_and_the_last_mention_wins() -> None:
    r = parse_range("AKs:0.5, QQ:1/3, AhKh")
    w = dict(zip(r.combos, r.weights))
    ahkh = (card("Ah"), card("Kh"))
    assert w[ahkh] == 1  # named again without a weight
    assert w[(card("As"), card("Ks"))] == Fraction(1, 2)
    assert w[(card("Qs"), card("Qd"))] == Fraction(1, 3)
    assert len(r) == 10


def test_without_removes_blocked_combinations() -> None:
    r = parse_range("AA").without(parse_cards("Ah"))
    assert len(r) == 3 and all(card("Ah") not in c for c in r.combos)


@pytest.mark.parametrize("text, token", [
    ("AKs, AKx", "AKx"),
    ("ZZ", "ZZ"),
    ("A", "A"),
    ("AKs-QJs", "AKs-QJs"),
    ("AKs-AQo", "AKs-AQo"),
    ("KAs", "KAs"),
    ("QQs", "QQs"),
    ("AKs:2", "AKs:2"),
    ("AKs:0", "AKs:0"),
    ("AKs:x", "AKs:x"),
    ("AhAh", "AhAh"),
    ("AKs,,QQ", ""),
    ("TT++", "TT++"),
])
def test_bad_token_is_named(text: str, token: str) -> None:
    with pytest.raises(RangeError) as e:
        parse_range(text)
    assert e.value.token == token
    assert repr(token) in str(e.value)
    assert isinstance(e.value, PyevalError) and isinstance(e.value, ValueError)


def test_not_text() -> None:
    with pytest.raises(RangeError):
        parse_range(42)  # type: ignore[arg-type]


@given(st.sampled_from(RANKS), st.sampled_from(RANKS))
def test_pair_plus_counts(r1: str, r2: str) -> None:
    hi, lo = max(RANKS.index(r1), RANKS.index(r2)), min(RANKS.index(r1), RANKS.index(r2))
    assert len(parse_range(f"{RANKS[lo]}{RANKS[lo]}+")) == 6 * (13 - lo)
    if hi != lo:
        assert len(parse_range(f"{RANKS[hi]}{RANKS[lo]}s+")) == 4 * (hi - lo)
        assert len(parse_range(f"{RANKS[hi]}{RANKS[lo]}o")) == 12


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_range_says_what_to_give(text: str) -> None:
    """New-user trial: pyeval equity "" QsQd said "empty range token '' in '' (a stray comma?)"."""
    with pytest.raises(RangeError, match=r"an empty range: give a hand \('AhKh'\)"):
        parse_range(text)
    with pytest.raises(RangeError, match="stray comma"):
        parse_range("AKs,,QQ")

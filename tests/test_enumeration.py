"""pyeval.enumeration: histograms equal a brute-force evaluation of every listed hand; doctests."""
from __future__ import annotations

import doctest
import itertools
import random

import numpy as np
import pytest

import pyeval.enumeration as en
from pyeval import CardCountError, CardTypeError, DuplicateCardError, HandCategory, InvalidCardError, census
from pyeval import evaluate_batch


def brute(k: int, fixed: tuple[int, ...], dead: tuple[int, ...]) -> np.ndarray:
    rest = [c for c in range(52) if c not in fixed and c not in dead]
    rows = np.array([fixed + combo for combo in itertools.combinations(rest, k - len(fixed))], dtype=np.uint8)
    return np.bincount(evaluate_batch(rows.reshape(-1, k)), minlength=7463).astype(np.uint64)


def test_doctests() -> None:
    failures, tried = doctest.testmod(en)
    assert tried >= 6 and failures == 0


@pytest.mark.parametrize("seed", range(12))
def test_histogram_equals_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    k = rng.choice([5, 6, 7])
    nfixed = rng.randint(max(0, k - 4), k)
    cards = rng.sample(range(52), nfixed + rng.randint(0, 6))
    fixed, dead = tuple(cards[:nfixed]), tuple(cards[nfixed:])
    want = brute(k, fixed, dead)
    got = en.value_histogram(k, fixed, dead)
    assert got.dtype == np.uint64 and got.shape == (7463,)
    assert np.array_equal(got, want)
    assert int(got.sum()) == en.hand_count(k, fixed, dead)


def test_flush_heavy_spots_equal_brute_force() -> None:
    # four and three cards of one suit fixed: the last-card rank grouping must not merge flushes
    for fixed in [(51, 47, 43, 39), (50, 46, 42, 2, 7), (48, 44, 40)]:
        for k in (6, 7):
            if len(fixed) <= k and k - len(fixed) <= 4:
                assert np.array_equal(en.value_histogram(k, fixed), brute(k, fixed, ()))


def test_census_from_histogram() -> None:
    counts, classes = census(6)
    h = en.value_histogram(6)
    assert int(np.count_nonzero(h)) == classes
    cat = en.category_histogram(6)
    assert [int(cat[c]) for c in HandCategory] == [counts[c] for c in HandCategory]


def test_out_accumulates() -> None:
    out = np.zeros(7463, dtype=np.uint64)
    en.value_histogram(5, "As Ks Qs", out=out)
    en.value_histogram(5, "As Ks Qs", out=out)
    assert int(out.sum()) == 2 * en.hand_count(5, "As Ks Qs") == 2 * 1176


@pytest.mark.parametrize("args, err", [
    ((4,), CardCountError), ((8,), CardCountError), (("7",), CardTypeError), ((True,), CardTypeError),
    ((5, "As Ks Qs Js Ts 9s"), CardCountError), ((5, "As As"), DuplicateCardError),
    ((5, "As", "As"), DuplicateCardError), ((5, [52]), InvalidCardError), ((5, "Xx"), InvalidCardError),
    ((7, (), tuple(range(46))), CardCountError),
])
def test_bad_arguments(args: tuple, err: type) -> None:
    with pytest.raises(err):
        en.value_histogram(*args)


def test_bad_out() -> None:
    for out in [np.zeros(7463, np.int64), np.zeros(7462, np.uint64), [0] * 7463]:
        with pytest.raises(CardTypeError):
            en.value_histogram(5, out=out)  # type: ignore[arg-type]

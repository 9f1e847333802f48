"""Statistical tests of the shoe's shuffles, with fixed seeds so they are deterministic.

Chi-square statistics are compared with the critical value at significance 1e-6 (Wilson-Hilferty
approximation), so a correct generator passes with these seeds and a biased one (e.g. modulo
reduction, j drawn from [0, n) instead of [0, i]) fails by a wide margin.
"""
from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np
import pytest

from pyeval.shoe import BatchDealer, Riffle, Shoe, deal_batch

Z_1E6 = 4.753424  # upper 1e-6 quantile of the standard normal


def chi2_critical(df: int, z: float = Z_1E6) -> float:
    """Wilson-Hilferty approximation of the chi-square upper quantile."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3


def chi2(observed: np.ndarray, expected: np.ndarray) -> float:
    return float(((observed - expected) ** 2 / expected).sum())


def test_chi2_helper_detects_a_biased_table() -> None:
    # the test statistic must be able to fail: a table with one cell 30% over
    obs = np.full((52, 52), 200.0)
    obs[0, 0] = 260.0
    obs[0, 1] = 140.0
    assert chi2(obs, np.full((52, 52), 200.0)) > 30
    assert chi2_critical(1) > 20 and chi2_critical(2601) > 2601


def applied(shoe: Shoe, procedure: object = None) -> tuple[int, ...]:
    """Shuffle and return the permutation applied: position i took the card from old position p[i]
    (shuffles compose, so testing the resulting order alone would hide a biased step)."""
    start = shoe.order()
    where = {c: i for i, c in enumerate(start)}
    shoe.shuffle(procedure)  # type: ignore[arg-type]
    return tuple(where[c] for c in shoe.order())


def test_uniform_shoe_shuffle_card_by_position() -> None:
    shoe = Shoe(seed=20240601)
    n = 52 * 150
    table = np.zeros((52, 52))
    for _ in range(n):
        table[np.arange(52), list(applied(shoe))] += 1
    assert chi2(table, np.full((52, 52), n / 52)) < chi2_critical(51 * 51)


def test_batch_full_shuffle_card_by_position() -> None:
    n = 52 * 2000
    rows = deal_batch(n, 52, seed=77)
    table = np.zeros((52, 52))
    for pos in range(52):
        table[pos] += np.bincount(rows[:, pos], minlength=52)
    assert (np.sort(rows, axis=1) == np.arange(52)).all()
    assert chi2(table, np.full((52, 52), n / 52)) < chi2_critical(51 * 51)


def test_batch_partial_deals_by_position_and_row_to_row_independence() -> None:
    n = 52 * 52 * 40
    rows = deal_batch(n, 7, seed=78)
    table = np.zeros((7, 52))
    for pos in range(7):
        table[pos] = np.bincount(rows[:, pos], minlength=52)
    assert chi2(table, np.full((7, 52), n / 52)) < chi2_critical(7 * 51)
    # the deck carries over between rows: the next row's first card must not depend on this row's
    pairs = np.zeros((52, 52))
    np.add.at(pairs, (rows[:-1, 0], rows[1:, 0]), 1)
    assert chi2(pairs, np.full((52, 52), (n - 1) / 52 / 52)) < chi2_critical(51 * 51)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_every_order_of_a_small_deck_equally_likely(n: int) -> None:
    shoe = Shoe.from_order(range(n), seed=n)
    perms = math.factorial(n)
    draws = perms * 400
    counts = Counter()
    for _ in range(draws):
        counts[applied(shoe)] += 1
    assert len(counts) == perms
    obs = np.array([counts[p] for p in itertools.permutations(range(n))], dtype=float)
    assert chi2(obs, np.full(perms, 400.0)) < chi2_critical(perms - 1)


def test_jumped_streams_are_independent() -> None:
    n = 52 * 52 * 20
    a = deal_batch(n, 1, seed=5, stream=0)[:, 0]
    b = deal_batch(n, 1, seed=5, stream=1)[:, 0]
    assert not np.array_equal(a, b)
    pairs = np.zeros((52, 52))
    np.add.at(pairs, (a, b), 1)
    assert chi2(pairs, np.full((52, 52), n / 52 / 52)) < chi2_critical(51 * 51)
    # a dealer jumped once is stream 1
    d = BatchDealer(seed=5)
    d.jump()
    assert np.array_equal(d.deal(n, 1)[:, 0], b)


def test_streams_do_not_overlap_in_their_first_draws() -> None:
    a = deal_batch(20000, 52, seed=9, stream=0)
    b = deal_batch(20000, 52, seed=9, stream=1)
    rows_a = {r.tobytes() for r in a}
    assert not any(r.tobytes() in rows_a for r in b)


# ---- Gilbert-Shannon-Reeds riffles against their theory -----------------------------------------
def eulerian(n: int) -> list[int]:
    """A(n, r) for r = 1..n: permutations of n with r rising sequences (r - 1 descents)."""
    row = [1]
    for m in range(2, n + 1):
        new = [0] * m
        for k in range(m):
            left = row[k - 1] if 0 < k <= len(row) else 0
            here = row[k] if k < len(row) else 0
            new[k] = (k + 1) * here + (m - k) * left
        row = new
    return row


def gsr_rising_distribution(n: int, k: int) -> list[float]:
    """P(r rising sequences) after k GSR riffles of n cards (Bayer & Diaconis 1992):
    A(n, r) * C(n + 2**k - r, n) / 2**(k n)."""
    a = 2 ** k
    probs = [eulerian(n)[r - 1] * math.comb(n + a - r, n) for r in range(1, n + 1)]
    total = a ** n
    return [p / total for p in probs]


def rising_sequences(order: tuple[int, ...]) -> int:
    pos = {c: i for i, c in enumerate(order)}
    return 1 + sum(1 for v in range(len(order) - 1) if pos[v + 1] < pos[v])


def test_eulerian_and_theory_sum_to_one() -> None:
    assert eulerian(4) == [1, 11, 11, 1]
    assert sum(eulerian(7)) == math.factorial(7)
    for k in (1, 3, 7):
        assert math.isclose(sum(gsr_rising_distribution(52, k)), 1.0, rel_tol=1e-12)


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_gsr_rising_sequences_after_k_riffles(k: int) -> None:
    n_trials = 4000
    shoe = Shoe(seed=1000 + k)
    counts = Counter()
    for _ in range(n_trials):
        counts[rising_sequences(applied(shoe, Riffle(k)))] += 1
    assert max(counts) <= 2 ** k
    probs = gsr_rising_distribution(52, k)
    # pool the tail cells with expected count < 5
    exp, obs = [], []
    acc_e = acc_o = 0.0
    for r in range(1, 53):
        acc_e += probs[r - 1] * n_trials
        acc_o += counts.get(r, 0)
        if acc_e >= 5:
            exp.append(acc_e)
            obs.append(acc_o)
            acc_e = acc_o = 0.0
    if acc_e:
        exp[-1] += acc_e
        obs[-1] += acc_o
    df = max(len(exp) - 1, 1)
    assert chi2(np.array(obs), np.array(exp)) < chi2_critical(df)


def test_gsr_exact_permutation_probabilities_small_deck() -> None:
    # For n = 4 cards and k = 2 riffles every permutation has probability C(n + 4 - r, n) / 4**n.
    n, k, trials = 4, 2, 60000
    shoe = Shoe.from_order(range(n), seed=31337, min_cut=0)
    counts = Counter()
    for _ in range(trials):
        counts[applied(shoe, Riffle(k))] += 1
    perms = list(itertools.permutations(range(n)))
    exp = np.array([math.comb(n + 2 ** k - rising_sequences(p), n) / 4 ** n * trials for p in perms])
    obs = np.array([counts[p] for p in perms], dtype=float)
    assert math.isclose(exp.sum(), trials)
    assert chi2(obs, exp) < chi2_critical(len(perms) - 1)

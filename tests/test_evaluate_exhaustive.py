"""Exhaustive checks: every 5-card hand against the reference (each batch kernel); 5-, 6- and
7-card censuses in C; every 6- and every 7-card hand by each batch kernel (slow)."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from pyeval import HandCategory, evaluate_batch, hand_category
from pyeval.hands.high import census
from conftest import available_batch_kernels, forced_batch_kernel
from reference import ref_key5, DENSE

H = HandCategory


def test_all_5_card_hands_match_reference(batch_kernel):
    """All 2,598,960 five-card hands: the C value equals the reference's dense class."""
    combos = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    assert len(combos) == 2_598_960
    got = evaluate_batch(combos)
    # The reference value of a 5-card hand depends only on (sorted ranks, flush); compute it once
    # per distinct pattern with the reference evaluator on a representative hand, then compare all.
    ranks = np.sort(combos // 4, axis=1)[:, ::-1].astype(np.int64)
    flush = (combos % 4 == (combos[:, :1] % 4)).all(axis=1)
    pattern = (ranks * (13 ** np.arange(5))).sum(axis=1) * 2 + flush
    uniq, first, inverse = np.unique(pattern, return_index=True, return_inverse=True)
    assert len(uniq) == 7462
    ref = np.array([DENSE[ref_key5(combos[i].tolist())] for i in first], dtype=np.uint16)
    assert np.array_equal(got, ref[inverse.ravel()])


def test_5_card_census():
    counts, classes = census(5)
    assert classes == 7462
    assert counts == {H.HIGH_CARD: 1_302_540, H.PAIR: 1_098_240, H.TWO_PAIR: 123_552,
                      H.THREE_OF_A_KIND: 54_912, H.STRAIGHT: 10_200, H.FLUSH: 5_108,
                      H.FULL_HOUSE: 3_744, H.FOUR_OF_A_KIND: 624, H.STRAIGHT_FLUSH: 36,
                      H.ROYAL_FLUSH: 4}


def test_6_card_census():
    counts, classes = census(6)
    assert classes == 6075 and sum(counts.values()) == 20_358_520
    assert counts == {H.HIGH_CARD: 6_612_900, H.PAIR: 9_730_740, H.TWO_PAIR: 2_532_816,
                      H.THREE_OF_A_KIND: 732_160, H.STRAIGHT: 361_620, H.FLUSH: 205_792,
                      H.FULL_HOUSE: 165_984, H.FOUR_OF_A_KIND: 14_664, H.STRAIGHT_FLUSH: 1_656,
                      H.ROYAL_FLUSH: 188}


def test_all_7_card_hands_census():
    """All 133,784,560 seven-card hands give exactly 4,824 classes and the known category counts."""
    counts, classes = census(7)
    assert classes == 4824 and sum(counts.values()) == 133_784_560
    assert counts == {H.HIGH_CARD: 23_294_460, H.PAIR: 58_627_800, H.TWO_PAIR: 31_433_400,
                      H.THREE_OF_A_KIND: 6_461_620, H.STRAIGHT: 6_180_020, H.FLUSH: 4_047_644,
                      H.FULL_HOUSE: 3_473_184, H.FOUR_OF_A_KIND: 224_848,
                      H.STRAIGHT_FLUSH: 37_260, H.ROYAL_FLUSH: 4_324}


@pytest.mark.slow
def test_all_7_card_hands_same_on_every_kernel():
    """All 133,784,560 seven-card hands, in chunks of a fixed lowest pair of cards: every batch
    kernel this CPU has gives the same values, with the category counts of the census."""
    kernels = available_batch_kernels()
    fives = {m: np.array(list(itertools.combinations(range(m), 5)), dtype=np.uint8) for m in range(5, 51)}
    counts = np.zeros(MAX_CATEGORY + 1, np.int64)
    rows = 0
    for a in range(52):
        for b in range(a + 1, 47):
            rest = fives[51 - b] + np.uint8(b + 1)  # 5 cards above b
            h = np.empty((len(rest), 7), np.uint8)
            h[:, 0], h[:, 1], h[:, 2:] = a, b, rest
            outs = []
            for kernel in kernels:
                with forced_batch_kernel(kernel):
                    outs.append(evaluate_batch(h))
            assert all(np.array_equal(outs[0], o) for o in outs[1:]), (a, b)
            counts += np.bincount(CATEGORY_OF[outs[0]], minlength=MAX_CATEGORY + 1)
            rows += len(h)
    assert rows == 133_784_560
    assert {H(i): int(n) for i, n in enumerate(counts)} == census(7)[0]


@pytest.mark.slow
def test_all_6_card_hands_same_on_every_kernel():
    """All 20,358,520 six-card hands, in chunks of a fixed lowest card: every batch kernel this CPU
    has gives the same values, with the category counts of the census."""
    kernels = available_batch_kernels()
    fives = {m: np.array(list(itertools.combinations(range(m), 5)), dtype=np.uint8) for m in range(5, 52)}
    counts = np.zeros(MAX_CATEGORY + 1, np.int64)
    rows = 0
    for a in range(47):
        h = np.empty((len(fives[51 - a]), 6), np.uint8)
        h[:, 0], h[:, 1:] = a, fives[51 - a] + np.uint8(a + 1)  # 5 cards above a
        outs = []
        for kernel in kernels:
            with forced_batch_kernel(kernel):
                outs.append(evaluate_batch(h))
        assert all(np.array_equal(outs[0], o) for o in outs[1:]), a
        counts += np.bincount(CATEGORY_OF[outs[0]], minlength=MAX_CATEGORY + 1)
        rows += len(h)
    assert rows == 20_358_520
    assert {H(i): int(n) for i, n in enumerate(counts)} == census(6)[0]


MAX_CATEGORY = int(H.ROYAL_FLUSH)
CATEGORY_OF = np.array([0] + [int(hand_category(v, royal=True)) for v in range(1, 7463)], np.int64)

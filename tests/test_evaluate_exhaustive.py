"""Exhaustive checks: every 5-card hand against the reference; 5-, 6- and 7-card censuses in C."""
from __future__ import annotations

import itertools

import numpy as np

from pyeval import HandCategory, evaluate_batch
from pyeval.hands.high import census
from reference import ref_key5, DENSE

H = HandCategory


def test_all_5_card_hands_match_reference():
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

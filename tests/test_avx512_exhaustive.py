"""The AVX-512 batch kernel (csrc/pe_eval_avx512.c) on every 6- and 7-card hand, row for row against
the scalar kernel (itself checked against the census and the reference). Marked slow (.ci/run runs
it); skipped, with the reason, on a CPU without the AVX-512 subset the kernel needs."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from conftest import forced_batch_kernel

from pyeval import HandCategory, evaluate_batch, hand_category

H = HandCategory
CATEGORY_OF = np.array([0] + [int(hand_category(v, royal=True)) for v in range(1, 7463)], np.int64)
CENSUS = {6: {H.HIGH_CARD: 6_612_900, H.PAIR: 9_730_740, H.TWO_PAIR: 2_532_816, H.THREE_OF_A_KIND: 732_160,
              H.STRAIGHT: 361_620, H.FLUSH: 205_792, H.FULL_HOUSE: 165_984, H.FOUR_OF_A_KIND: 14_664,
              H.STRAIGHT_FLUSH: 1_656, H.ROYAL_FLUSH: 188},
          7: {H.HIGH_CARD: 23_294_460, H.PAIR: 58_627_800, H.TWO_PAIR: 31_433_400, H.THREE_OF_A_KIND: 6_461_620,
              H.STRAIGHT: 6_180_020, H.FLUSH: 4_047_644, H.FULL_HOUSE: 3_473_184, H.FOUR_OF_A_KIND: 224_848,
              H.STRAIGHT_FLUSH: 37_260, H.ROYAL_FLUSH: 4_324}}


@pytest.mark.slow
@pytest.mark.parametrize("k", [6, 7])
def test_every_hand_avx512_equals_scalar(k: int) -> None:
    """All C(52, k) hands in chunks of a fixed lowest pair of cards, each chunk padded (repeating
    its rows) to whole 16-row blocks so that the AVX-512 kernel, not the scalar tail, evaluates
    every hand: its values equal the scalar ones, and the category counts are the census'."""
    with forced_batch_kernel("avx512"):  # skips here when the CPU lacks it
        pass
    rest_k = k - 2
    rests = {m: np.array(list(itertools.combinations(range(m), rest_k)), dtype=np.uint8) for m in range(rest_k, 51)}
    counts = np.zeros(int(H.ROYAL_FLUSH) + 1, np.int64)
    rows = 0
    for a in range(52):
        for b in range(a + 1, 52 - rest_k):
            rest = rests[51 - b] + np.uint8(b + 1)  # the other cards, above b
            h = np.empty((len(rest), k), np.uint8)
            h[:, 0], h[:, 1], h[:, 2:] = a, b, rest
            with forced_batch_kernel("scalar"):
                want = evaluate_batch(h)
            with forced_batch_kernel("avx512"):
                got = evaluate_batch(np.resize(h, (-(-len(h) // 16) * 16, k)))[:len(h)]
            if not np.array_equal(got, want):
                i = int(np.flatnonzero(got != want)[0])
                pytest.fail(f"row {h[i].tolist()}: avx512 {got[i]}, scalar {want[i]}")
            counts += np.bincount(CATEGORY_OF[got], minlength=len(counts))
            rows += len(h)
    assert rows == {6: 20_358_520, 7: 133_784_560}[k]
    assert {H(i): int(n) for i, n in enumerate(counts) if n} == CENSUS[k]

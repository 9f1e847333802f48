#!/usr/bin/env python3
"""Generate ``csrc/pe_variants_tables.{h,c}``: lookup tables of the Omaha, low and Badugi evaluators.

Run ``python tools/gen_variant_tables.py`` to rewrite them, or ``--check`` to fail if a committed
file differs (``tests/test_variant_tables.py`` does that). Definitions go to the ``.c`` file,
``extern`` declarations to the private header (as ``tools/gen_tables.py``).

Conventions (see ``docs/decisions/006-variant-evaluators.md``): every value is *higher is better*.

* ``PE_OMAHA_NF``: the non-flush five-card value (1..7462, as ``pe_eval``) of two hole ranks plus
  three board ranks, indexed ``PE_OMAHA_PIDX[r1 * 13 + r2] + PE_OMAHA_TIDX[(a * 13 + b) * 13 + c]``
  (ranks 0..12 = 2..A; ``PIDX`` is pre-multiplied by the 455 triples). ``PE_OMAHA_PIDX2`` is the
  pair index 0..90 within a board's row of the caller-owned table that ``pe_omaha_tables_init``
  builds from ``PE_OMAHA_NF`` (6188 five-rank boards x 91 pairs, board-major), and
  ``PE_OMAHA_BOARD_OF_HIGH[h]`` the row of the board whose five ranks have the non-flush value ``h``.
* Low ranks: ace = 0, deuce = 1, ..., king = 12 (``PE_LOW_BIT[card]`` is the card's one-hot low-rank
  bit, 0 for bytes 52..255 so that any byte indexes it before validation, ``PE_LOW_RANK_KEY[low rank]`` the evaluator's rank key of the same rank).
* ``PE_LOW_A5_OF_HIGH[h]``: for the five-card rank multiset whose non-flush high value is ``h`` (the
  evaluator's key sum of the cards, ignoring suits), its ace-to-five low value 1..6175
  (6175 = 5-4-3-2-A). Straights and flushes do not count; pairs count against.
* ``PE_LOW_A5_MASK[m]``: the ace-to-five value of the five lowest ranks of a low-rank mask with at
  least five bits (0 otherwise).
* ``PE_LOW_27_OF_HIGH[h]``: deuce-to-seven value 1..7462 (7462 = 7-5-4-3-2 offsuit) of a five-card
  hand whose high value is ``h``: aces are high only (A-5-4-3-2 is ace high, not a straight),
  straights and flushes count against.
* Badugi values 1..1092 (1092 = A-2-3-4; more cards beat fewer, then the lower highest card, and so
  on) are ranked here by low-rank mask (``badugi_mask``, generator only).
* ``PE_BADUGI_SORTED[part * 1820 + ms]``: Badugi value of four cards sorted by card int, where ``ms``
  is the colex index of their (high) rank multiset, ``PE_BADUGI_MS[i][r]`` summed over the sorted
  ranks, and ``part = PE_BADUGI_PART[s0 | s1 << 2 | s2 << 4 | s3 << 6]`` (0..14) which of them share a
  suit. Entries no real hand reaches (one rank twice in one suit) are 0.
"""
from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_tables import (  # noqa: E402
    FLUSH, HIGH_CARD, RANK_KEYS, STRAIGHT, STRAIGHT_FLUSH, c_array, five_card_key, rank_multisets,
    render_pair, run_generator,
)

OUT = Path(__file__).resolve().parent.parent / "csrc"  # pe_variants_tables.h and pe_variants_tables.c
PAIRS = list(itertools.combinations_with_replacement(range(13), 2))  # 91
TRIPLES = list(itertools.combinations_with_replacement(range(13), 3))  # 455


def high_values() -> dict[tuple[int, tuple[int, ...]], int]:
    keys = {five_card_key(r, False) for r in rank_multisets(5)}
    keys |= {five_card_key(r, True) for r in itertools.combinations(range(13), 5)}
    return {k: i + 1 for i, k in enumerate(sorted(keys))}


def a5_badness(low_ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Sort key of a five-card ace-to-five low (low ranks, ace = 0): smaller is better."""
    counts: dict[int, int] = {}
    for r in low_ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    cat = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}[shape]
    return cat, tuple(r for r, n in groups for _ in range(n))


def build() -> dict[str, list[int]]:
    value_of = high_values()
    plain5 = {r: value_of[five_card_key(r, False)] for r in rank_multisets(5)}

    # Omaha non-flush: pair x triple.
    nf = []
    for p in PAIRS:
        for t in TRIPLES:
            ms = tuple(sorted(p + t))
            nf.append(plain5.get(ms, 0))
    pidx = [0] * 169
    for i, (a, b) in enumerate(PAIRS):
        pidx[a * 13 + b] = pidx[b * 13 + a] = i * len(TRIPLES)
    pidx2 = [0] * 169
    for i, (a, b) in enumerate(PAIRS):
        pidx2[a * 13 + b] = pidx2[b * 13 + a] = i
    board_of_high = [0] * 7463
    for ms in rank_multisets(5):
        board_of_high[plain5[ms]] = sum(math.comb(r + i, i + 1) for i, r in enumerate(ms))
    tidx = [0] * 2197
    for i, t in enumerate(TRIPLES):
        for a, b, c in itertools.permutations(t):
            tidx[(a * 13 + b) * 13 + c] = i

    # Ace-to-five.
    lows = sorted(rank_multisets(5), key=a5_badness)  # best first
    a5_value = {ms: len(lows) - i for i, ms in enumerate(lows)}
    a5_of_high = [0] * 7463
    for ms in rank_multisets(5):  # ms in high ranks (the evaluator's keys); the low ranks are r + 1 mod 13
        a5_of_high[plain5[ms]] = a5_value[tuple(sorted((r + 1) % 13 for r in ms))]
    a5_mask = [0] * 8192
    for m in range(8192):
        bits = [r for r in range(13) if m >> r & 1]
        if len(bits) >= 5:
            a5_mask[m] = a5_value[tuple(bits[:5])]
    qual = [a5_value[c] for c in itertools.combinations(range(8), 5)]
    a5_8_min = min(qual)
    assert len(qual) == 56 and a5_8_min == len(lows) - 55 and max(qual) == len(lows)

    # Deuce-to-seven.
    def key27(k: tuple[int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
        cat, ranks = k
        if ranks == (3, 2, 1, 0, 12):  # the wheel: ace high, no straight
            return (FLUSH if cat == STRAIGHT_FLUSH else HIGH_CARD, (12, 3, 2, 1, 0))
        return k
    order27 = sorted(value_of, key=key27)  # weakest high hand first = best low first
    l27_of_high = [0] * 7463
    for i, k in enumerate(order27):
        l27_of_high[value_of[k]] = len(order27) - i

    # Badugi.
    bad = sorted((m for m in range(1, 8192) if bin(m).count("1") <= 4),
                 key=lambda m: (-bin(m).count("1"), sorted((r for r in range(13) if m >> r & 1), reverse=True)))
    badugi_mask = [0] * 8192
    for i, m in enumerate(bad):
        badugi_mask[m] = len(bad) - i
    # Sorted four-card hands: rank multiset (colex index) x suit partition (restricted growth string).
    def rgs(suits: tuple[int, ...]) -> tuple[int, ...]:
        lab: dict[int, int] = {}
        return tuple(lab.setdefault(s, len(lab)) for s in suits)
    parts = sorted({rgs(s) for s in itertools.product(range(4), repeat=4)})
    assert len(parts) == 15
    part_of = [parts.index(rgs(tuple(i >> (2 * j) & 3 for j in range(4)))) for i in range(256)]
    binom = [[math.comb(r + i, i + 1) for r in range(13)] for i in range(4)]
    multisets = list(itertools.combinations_with_replacement(range(13), 4))
    sorted_tab = [0] * (15 * len(multisets))
    for ms in multisets:
        idx = sum(binom[i][r] for i, r in enumerate(ms))
        for pi, part in enumerate(parts):
            if any(ms[i] == ms[j] and part[i] == part[j] for i in range(4) for j in range(i + 1, 4)):
                continue  # the same card twice
            best = 0
            for sub in range(1, 16):
                idxs = [i for i in range(4) if sub >> i & 1]
                if len({ms[i] for i in idxs}) == len(idxs) == len({part[i] for i in idxs}):
                    best = max(best, badugi_mask[sum(1 << ((ms[i] + 1) % 13) for i in idxs)])
            sorted_tab[pi * len(multisets) + idx] = best
    assert sorted(sum(binom[i][r] for i, r in enumerate(ms)) for ms in multisets) == list(range(len(multisets)))
    low_rank_key = [RANK_KEYS[(r + 12) % 13] for r in range(13)]
    low_bit = [1 << (((c >> 2) + 1) % 13) for c in range(52)] + [0] * 204  # every byte indexes safely
    return {"nf": nf, "pidx": pidx, "pidx2": pidx2, "board_of_high": board_of_high, "tidx": tidx, "a5_of_high": a5_of_high, "a5_mask": a5_mask,
            "a5_8_min": [a5_8_min], "a5_classes": [len(lows)], "l27_of_high": l27_of_high,
            "badugi_mask": badugi_mask, "badugi_classes": [len(bad)], "badugi_sorted": sorted_tab,
            "badugi_part": part_of, "badugi_ms": [x for row in binom for x in row],
            "low_rank_key": low_rank_key, "low_bit": low_bit}


def render() -> dict[str, str]:
    t = build()
    return render_pair("pe_variants_tables", "gen_variant_tables.py", "test_variant_tables.py", [
        f"#define PE_LOW_A5_CLASSES_ {t['a5_classes'][0]}",
        f"#define PE_LOW_A5_8_MIN_ {t['a5_8_min'][0]}",
        f"#define PE_BADUGI_CLASSES_ {t['badugi_classes'][0]}",
        c_array("uint32_t", "PE_OMAHA_PIDX", t["pidx"], 13),
        c_array("uint8_t", "PE_OMAHA_PIDX2", t["pidx2"], 13),
        c_array("uint16_t", "PE_OMAHA_BOARD_OF_HIGH", t["board_of_high"], 16),
        c_array("uint16_t", "PE_OMAHA_TIDX", t["tidx"], 13),
        c_array("uint16_t", "PE_OMAHA_NF", t["nf"], 16),
        c_array("uint32_t", "PE_LOW_RANK_KEY", t["low_rank_key"], 13),
        c_array("uint16_t", "PE_LOW_BIT", t["low_bit"], 8),
        c_array("uint16_t", "PE_LOW_A5_OF_HIGH", t["a5_of_high"], 16),
        c_array("uint16_t", "PE_LOW_A5_MASK", t["a5_mask"], 16),
        c_array("uint16_t", "PE_LOW_27_OF_HIGH", t["l27_of_high"], 16),
        c_array("uint16_t", "PE_BADUGI_SORTED", t["badugi_sorted"], 16),
        c_array("uint8_t", "PE_BADUGI_PART", t["badugi_part"], 16),
        c_array("uint16_t", "PE_BADUGI_MS", t["badugi_ms"], 13),
    ])


def main(argv: list[str] | None = None) -> int:
    return run_generator(render, OUT, __doc__.splitlines()[0], argv)


if __name__ == "__main__":
    raise SystemExit(main())

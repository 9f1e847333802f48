"""Slow, obvious references for short-deck hold'em hands (tests only).

``key5`` ranks five cards by reading the hand the way a dealer does: count ranks, look for a flush
and a straight (A-6-7-8-9 the lowest), pick the category, break ties by the groups' ranks. Two hands
compare by their keys; the C evaluator must order every hand the same way. ``keys5_np`` is the same
logic vectorised with numpy, for the exhaustive 7-card check (the best of 21 five-card subsets).
"""
from __future__ import annotations

import itertools
from collections import Counter

import numpy as np

# category order by kind (0: straight over trips, 1: trips over straight); names as pyeval.HandCategory
HC, PAIR, TWO, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SF = range(9)
ORDER = ({HC: 0, PAIR: 1, TWO: 2, TRIPS: 3, STRAIGHT: 4, FULL: 5, FLUSH: 6, QUADS: 7, SF: 8},
         {HC: 0, PAIR: 1, TWO: 2, STRAIGHT: 3, TRIPS: 4, FULL: 5, FLUSH: 6, QUADS: 7, SF: 8})


def category5(cards) -> tuple[int, tuple[int, ...]]:
    """(HandCategory number, tiebreak ranks high to low) of five short-deck cards (ints 16..51)."""
    ranks = [c >> 2 for c in cards]
    suits = {c & 3 for c in cards}
    flush = len(suits) == 1
    cnt = Counter(ranks)
    distinct = sorted(cnt, reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [12, 7, 6, 5, 4]:  # A 9 8 7 6: the ace plays low, nine high
            straight_top = 7
    if straight_top is not None:
        return (SF if flush else STRAIGHT), (straight_top,)
    groups = sorted(cnt.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    tb = tuple(r for r, _ in groups)
    if flush:
        return FLUSH, tuple(sorted(ranks, reverse=True))
    shape = tuple(sorted(cnt.values(), reverse=True))
    cat = {(4, 1): QUADS, (3, 2): FULL, (3, 1, 1): TRIPS, (2, 2, 1): TWO, (2, 1, 1, 1): PAIR}.get(shape, HC)
    return cat, tb


def key5(cards, kind: int = 0) -> tuple[int, tuple[int, ...]]:
    cat, tb = category5(cards)
    return ORDER[kind][cat], tb


def best_key(cards, kind: int = 0) -> tuple[int, tuple[int, ...]]:
    """Best key over the five-card subsets of 5..7 cards."""
    return max(key5(s, kind) for s in itertools.combinations(cards, 5))


def int_key(key: tuple[int, tuple[int, ...]]) -> int:
    cat, tb = key
    k = cat
    for r in tb + (0,) * (5 - len(tb)):
        k = k * 16 + r
    return k


def keys5_np(hands: np.ndarray, kind: int = 0) -> np.ndarray:
    """``int_key(key5(row))`` for every row of an (n, 5) uint8 array, vectorised."""
    h = hands.astype(np.int64)
    ranks = h >> 2
    suits = h & 3
    n = h.shape[0]
    flush = (suits == suits[:, :1]).all(axis=1)
    counts = np.zeros((n, 13), dtype=np.int64)
    for j in range(5):
        np.add.at(counts, (np.arange(n), ranks[:, j]), 1)
    # group order: by count then rank, descending; encode (count, rank) as count * 16 + rank
    code = counts * 16 + np.arange(13)[None, :]
    code = np.where(counts > 0, code, -1)
    order = np.sort(code, axis=1)[:, ::-1][:, :5]
    grp_rank = np.where(order >= 0, order & 15, 0)
    grp_cnt = np.where(order >= 0, order >> 4, 0)
    distinct = (counts > 0).sum(axis=1)
    srt = np.sort(ranks, axis=1)[:, ::-1]
    top = np.where(distinct == 5, np.where(srt[:, 0] - srt[:, 4] == 4, srt[:, 0], -1), -1)
    wheel = (distinct == 5) & (srt[:, 0] == 12) & (srt[:, 1] == 7) & (srt[:, 2] == 6) & (srt[:, 3] == 5) & (srt[:, 4] == 4)
    top = np.where(wheel, 7, top)
    straight = top >= 0
    c0, c1 = grp_cnt[:, 0], grp_cnt[:, 1]
    cat = np.full(n, HC)
    cat = np.where(c0 == 2, PAIR, cat)
    cat = np.where((c0 == 2) & (c1 == 2), TWO, cat)
    cat = np.where(c0 == 3, TRIPS, cat)
    cat = np.where((c0 == 3) & (c1 == 2), FULL, cat)
    cat = np.where(c0 == 4, QUADS, cat)
    cat = np.where(flush, FLUSH, cat)
    cat = np.where(straight, np.where(flush, SF, STRAIGHT), cat)
    order_map = np.array([ORDER[kind][c] for c in range(9)])
    tb = np.where(straight[:, None], np.concatenate([top[:, None], np.zeros((n, 4), dtype=np.int64)], axis=1),
                  np.where(flush[:, None], srt, grp_rank))
    k = order_map[cat]
    for j in range(5):
        k = k * 16 + tb[:, j]
    return k

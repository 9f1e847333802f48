"""Exact equity with suit isomorphism (pe_eq_exact_w: irrelevant suits on the board; pe_eq_canon:
suit-canonical deals) gives exactly the sums of the plain enumeration of every deal and board."""
from __future__ import annotations

import random

import numpy as np
import pytest

from pyeval._bindings import ffi, lib
from pyeval.equity import core


def sums(fn, holes: bytes, players: int, board: bytes, dead: bytes) -> tuple:
    acc = ffi.new("pe_eq_stats *")
    assert fn(holes, len(holes) // (2 * players), players, board, len(board), dead, len(dead), acc) == 0
    return (acc.trials, list(acc.win[0:players]), list(acc.tie[0:players]), list(acc.share[0:players]))


def iso(holes: bytes, players: int, board: bytes, dead: bytes) -> tuple:
    acc = ffi.new("pe_eq_stats *")
    n = len(holes) // (2 * players)
    mult = np.arange(1, n + 1, dtype=np.uint64)
    st = lib.pe_eq_exact_w(holes, ffi.from_buffer("uint64_t[]", mult), n, players, board, len(board), dead,
                           len(dead), acc)
    assert st == 0
    return (acc.trials, list(acc.win[0:players]), list(acc.tie[0:players]), list(acc.share[0:players]))


def spot(rng: random.Random) -> tuple[bytes, int, bytes, bytes]:
    players = rng.choice([2, 2, 3, 4, 6])
    nboard = rng.choice([3, 3, 4, 5]) if players > 2 else rng.choice([0, 3, 4])
    if rng.random() < 0.5:  # suited holes and flushy boards: the isomorphism's hard cases
        suit = rng.randrange(4)
        pool = [c for c in range(52) if c % 4 == suit]
        rest = [c for c in range(52) if c % 4 != suit]
        rng.shuffle(pool)
        rng.shuffle(rest)
        cards = pool[:7] + rest
    else:
        cards = rng.sample(range(52), 52)
    nd = rng.choice([0, 0, 1, 3])
    holes, board, dead = cards[:2 * players], cards[2 * players:2 * players + nboard], \
        cards[2 * players + nboard:2 * players + nboard + nd]
    rng.shuffle(holes)
    return bytes(holes), players, bytes(board), bytes(dead)


@pytest.mark.parametrize("seed", range(40))
def test_isomorphic_equals_plain(seed: int) -> None:
    rng = random.Random(seed)
    holes, p, board, dead = spot(rng)
    if p == 2 and not board and seed % 4:  # preflop heads-up is 1.7M boards: a few of them only
        board = bytes(c for c in range(52) if c not in holes + dead)[:3]
    assert sums(lib.pe_eq_exact, holes, p, board, dead) == sums(lib.pe_eq_exact_plain, holes, p, board, dead)


def test_multiplicity_weights_each_tuple() -> None:
    rng = random.Random(5)
    tuples = []
    board = bytes([0, 17, 34])
    while len(tuples) < 4:
        c = rng.sample([x for x in range(52) if x not in board], 4)
        tuples.append(bytes(c))
    got = iso(b"".join(tuples), 2, board, b"")
    want = [0, [0, 0], [0, 0], [0, 0]]
    for i, t in enumerate(tuples):
        s = sums(lib.pe_eq_exact_plain, t, 2, board, b"")
        want[0] += (i + 1) * s[0]
        for j in (1, 2, 3):
            want[j] = [a + (i + 1) * b for a, b in zip(want[j], s[j])]
    assert got == tuple(want)


@pytest.mark.parametrize("seed", range(10))
def test_canonical_deals_have_equal_sums(seed: int) -> None:
    rng = random.Random(100 + seed)
    holes, p, board, dead = spot(rng)
    if not board:
        board = bytes(c for c in range(52) if c not in holes + dead)[:4]
    out = ffi.new(f"uint8_t[{len(holes)}]")
    assert lib.pe_eq_canon(holes, 1, p, board, len(board), dead, len(dead), out) == 0
    canon = bytes(out)
    assert sorted(canon) != [] and len(set(canon)) == len(canon)
    assert not set(canon) & set(board + dead)
    assert sums(lib.pe_eq_exact_plain, canon, p, board, dead) == sums(lib.pe_eq_exact_plain, holes, p, board, dead)


def test_range_exact_equals_plain_enumeration() -> None:
    ranges, b, d = core._prepare(["AKs,QQ+,T9s", "JJ-99,AQs,KQo"], "Ah 7h 2c", ())
    groups, count = core._exact(ranges, b, d, None)
    got = sum((s for _, s in groups), core.EquityStats.zero(2))
    holes = b"".join(bytes(c) for c, _ in core._tuples(ranges))
    plain = sums(lib.pe_eq_exact_plain, holes, 2, bytes(b), b"")
    assert (got.trials, list(got.win), list(got.tie), list(got.share)) == plain
    assert count == len(holes) // 4


def test_bit_select_agrees_with_pdep() -> None:
    assert lib.pe_eq_selftest() == 0


@pytest.mark.parametrize("texts", [
    ["AKs:0.25,QQ,72o:0.5", "JJ,AQs:0.75"],        # weighted ranges: the alias tables
    ["AKs,QQ+", "JJ-99,AQs", "KQs,T9s"],          # three uniform ranges: one word per trial
    ["AhKh", "JJ-99,AQs:0.3"],                    # a fixed hand against a weighted range
])
def test_range_monte_carlo_within_error_of_exact(texts: list[str]) -> None:
    from pyeval import equity
    ex = equity(texts, exact=True)
    mc = equity(texts, exact=False, trials=400_000, seed=9)
    for pe, pm in zip(ex.players, mc.players):
        assert abs(float(pm.equity) - float(pe.equity)) < 5 * pm.equity_stderr + 1e-9

"""Exact equity by rank classes (pe_eq_exact_w / pe_eq_exact_part / pe_eq_spot_part: boards counted by
their rank multiset, flush boards corrected one by one) gives exactly the integer sums of the plain
enumeration of every board (pe_eq_exact_plain), and of a slow Python reference on small spots; the
parts of a split run add up to the whole run whatever the number of parts."""
from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyeval
from pyeval._bindings import Status
from pyeval.cards import to_cards
from pyeval._bindings import ffi, lib  # noqa: E402
from tests.reference import ref_value

Sums = tuple[int, list[int], list[int], list[int]]


def sums(holes: bytes, p: int, board: bytes, dead: bytes, part: int | None = None, parts: int = 1) -> Sums:
    acc = ffi.new("pe_eq_stats *")
    n = len(holes) // (2 * p)
    if part is None:
        st_ = lib.pe_eq_exact_plain(holes, n, p, board, len(board), dead, len(dead), acc)
    else:
        st_ = lib.pe_eq_exact_part(holes, ffi.NULL, n, p, board, len(board), dead, len(dead), part, parts, acc)
    assert st_ == 0
    return acc.trials, list(acc.win[0:p]), list(acc.tie[0:p]), list(acc.share[0:p])


M = (1 << 64) - 1


def add(a: Sums, b: Sums) -> Sums:
    """Sums of parts, added modulo 2**64 (a part's own sums are right modulo 2**64 only)."""
    return ((a[0] + b[0]) & M, [(x + y) & M for x, y in zip(a[1], b[1])], [(x + y) & M for x, y in zip(a[2], b[2])],
            [(x + y) & M for x, y in zip(a[3], b[3])])


def python_reference(holes: Sequence[int], p: int, board: Sequence[int], dead: Sequence[int]) -> Sums:
    """Every completion of the board, every player's seven cards valued by tests/reference.py."""
    deck = [c for c in range(52) if c not in set(holes) | set(board) | set(dead)]
    n, win, tie, share = 0, [0] * p, [0] * p, [0] * p
    for more in itertools.combinations(deck, 5 - len(board)):
        v = [ref_value([holes[2 * i], holes[2 * i + 1], *board, *more]) for i in range(p)]
        best = max(v)
        winners = [i for i in range(p) if v[i] == best]
        n += 1
        for i in winners:
            if len(winners) == 1:
                win[i] += 1
            else:
                tie[i] += 1
            share[i] += 2520 // len(winners)
    return n, win, tie, share


@st.composite
def spots(draw: st.DrawFn, boards: Sequence[int] = (0, 3, 4, 5)) -> tuple[bytes, int, bytes, bytes]:
    """Random deals biased toward flushes: with probability 1/2 most cards come from one or two suits."""
    p = draw(st.integers(2, 4))
    nboard = draw(st.sampled_from(boards))
    nd = draw(st.sampled_from([0, 0, 1, 4]))
    suits = draw(st.sets(st.integers(0, 3), min_size=1, max_size=2))
    flushy = draw(st.booleans())
    pool = [c for c in range(52) if c % 4 in suits] if flushy else []
    rest = [c for c in range(52) if c not in pool]
    cards = draw(st.permutations(pool)) + draw(st.permutations(rest))
    cards = cards[:2 * p + nboard + nd]
    order = draw(st.permutations(range(len(cards))))
    cards = [cards[i] for i in order]
    return bytes(cards[:2 * p]), p, bytes(cards[2 * p:2 * p + nboard]), bytes(cards[2 * p + nboard:])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots(boards=(3, 4, 5)))
def test_rank_classes_equal_the_plain_enumeration(spot: tuple[bytes, int, bytes, bytes]) -> None:
    holes, p, board, dead = spot
    assert sums(holes, p, board, dead, 0, 1) == sums(holes, p, board, dead)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots(boards=(0,)))
def test_rank_classes_equal_the_plain_enumeration_preflop(spot: tuple[bytes, int, bytes, bytes]) -> None:
    holes, p, board, dead = spot
    assert sums(holes, p, board, dead, 0, 1) == sums(holes, p, board, dead)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots(boards=(4, 5)))
def test_rank_classes_equal_a_python_reference(spot: tuple[bytes, int, bytes, bytes]) -> None:
    holes, p, board, dead = spot
    assert sums(holes, p, board, dead, 0, 1) == python_reference(holes, p, board, dead)


@pytest.mark.parametrize("hands", ["AhKh QhJh", "AhKh QsQd", "2c3c 4c5c", "AsAh KdKc", "7h6h 5h4h 3h2h"])
def test_suited_holes_on_every_flop_class(hands: str) -> None:
    """Suited hands and straight flushes: the flush corrections' hard cases, on flops of their suits."""
    holes = bytes(to_cards(hands))
    p = len(holes) // 2
    left = [c for c in range(52) if c not in holes]
    for board in ([c for c in left if c % 4 == holes[0] % 4][:3], left[-3:], left[:2] + left[-1:]):
        assert sums(holes, p, bytes(board), b"", 0, 1) == sums(holes, p, bytes(board), b"")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots(boards=(0, 3, 4, 5)), st.integers(2, 5))
def test_parts_add_up_to_the_whole(spot: tuple[bytes, int, bytes, bytes], parts: int) -> None:
    holes, p, board, dead = spot
    whole = sums(holes, p, board, dead, 0, 1)
    total: Sums = (0, [0] * p, [0] * p, [0] * p)
    for i in range(parts):
        total = add(total, sums(holes, p, board, dead, i, parts))
    assert total == whole


def test_part_arguments_are_checked() -> None:
    acc = ffi.new("pe_eq_stats *")
    h = bytes(to_cards("AhKh QsQd"))
    assert lib.pe_eq_exact_part(h, ffi.NULL, 1, 2, b"", 0, b"", 0, 0, 0, acc) == Status.ERR_ARG
    assert lib.pe_eq_exact_part(h, ffi.NULL, 1, 2, b"", 0, b"", 0, 2, 2, acc) == Status.ERR_ARG
    out = ffi.new("pe_eq_spot_out *")
    assert lib.pe_eq_spot_part(h, [0, 1, 2], ffi.NULL, 2, b"", 0, b"", 0, 10**9, 3, 3, out) == Status.ERR_ARG
    two = bytes(to_cards("AhKh QsQd QcQh"))  # unequal weights in the second range: one part only
    assert lib.pe_eq_spot_part(two, [0, 1, 3], [1, 1, 2], 2, b"", 0, b"", 0, 10**9, 0, 2, out) == Status.ERR_ARG
    assert lib.pe_eq_spot_part(two, [0, 1, 3], [1, 1, 2], 2, b"", 0, b"", 0, 10**9, 0, 1, out) == 0


@pytest.mark.parametrize("players,board", [
    (["AhKh", "QsQd"], ()),
    (["AKs,QQ+", "JJ-99,AQs"], ()),
    (["AhKh", "7c7d", "QsJs"], "2c7h9s"),
    (["TT+,AQs", "KQs,JTs,99"], "Ah 7h 2c"),
])
@pytest.mark.parametrize("threads", [2, 3])
def test_threads_give_the_one_thread_result(players: list[str], board: object, threads: int) -> None:
    one = pyeval.equity(players, board, exact=True)
    many = pyeval.equity(players, board, exact=True, threads=threads)
    assert (many.players, many.stats, many.boards, many.exact) == (one.players, one.stats, one.boards, one.exact)


def count_reference(holes: bytes, p: int, board: bytes, dead: bytes) -> int:
    """pe_eq_exact_cost's count by brute force: the distinct rank multisets of the new cards, plus,
    per suit s, the distinct (new cards of s, ranks of the other new cards) over the boards holding
    three or more of s on which some player holds five of s."""
    deck = [c for c in range(52) if c not in set(holes) | set(board) | set(dead)]
    ranks, flush = set(), set()
    for more in itertools.combinations(deck, 5 - len(board)):
        ranks.add(tuple(sorted(c >> 2 for c in more)))
        for s in range(4):
            on_board = sum(1 for c in (*board, *more) if c % 4 == s)
            if on_board >= 3 and any(sum(1 for c in holes[2 * i:2 * i + 2] if c % 4 == s) + on_board >= 5
                                     for i in range(p)):
                flush.add((s, tuple(sorted(c for c in more if c % 4 == s)),
                           tuple(sorted(c >> 2 for c in more if c % 4 != s))))
    return len(ranks) + len(flush)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spots(boards=(3, 4, 5)))
def test_cost_counts_the_board_classes(spot: tuple[bytes, int, bytes, bytes]) -> None:
    holes, p, board, dead = spot
    out = ffi.new("uint64_t *")
    assert lib.pe_eq_exact_cost(holes, 1, p, board, len(board), dead, len(dead), out) == 0
    want = count_reference(holes, p, board, dead) if len(board) < 5 else 1
    assert out[0] == want

"""Tests of pyeval.shoe: the random source, shuffles, cuts, burns, dealing and the discard rack.

A slow pure-Python reference (SplitMix64, xoshiro256**, Lemire, Fisher-Yates) is the oracle for the
C: same seed -> same cards on every platform.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.errors import (
    CardTypeError,
    DuplicateCardError,
    InvalidCardError,
    PyevalError,
    SeedError,
    ShoeArgumentError,
    ShoeExhaustedError,
    ShoeTypeError,
)
from pyeval.shoe import (
    HAND_SHUFFLE,
    BoxCut,
    CustomShuffle,
    RackKind,
    Riffle,
    Shoe,
    StripCut,
    Uniform,
)

M64 = (1 << 64) - 1


# ---- the reference generator (slow oracle) ---------------------------------------------------
def splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & M64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return x, z ^ (z >> 31)


def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & M64


class RefRng:
    def __init__(self, seed: int) -> None:
        x, self.s = 0, []
        for i in range(4):
            x ^= (seed >> (64 * i)) & M64
            x, out = splitmix64(x)
            self.s.append(out)

    def next(self) -> int:
        s = self.s
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def bounded(self, n: int) -> int:
        m = self.next() * n
        lo = m & M64
        if lo < n:
            t = (1 << 64) % n
            while lo < t:
                m = self.next() * n
                lo = m & M64
        return m >> 64


def ref_shuffle(seed: int, n: int = 52) -> list[int]:
    r = RefRng(seed)
    a = list(range(n))
    for i in range(n - 1, 0, -1):
        j = r.bounded(i + 1)
        a[i], a[j] = a[j], a[i]
    return a


# ---- known answers ----------------------------------------------------------------------------
def test_splitmix64_reference_vector() -> None:
    # SplitMix64 from seed 1234567: the published reference outputs.
    x, outs = 1234567, []
    for _ in range(5):
        x, z = splitmix64(x)
        outs.append(z)
    assert outs == [6457827717110365317, 3203168211198807973, 9817491932198370423,
                    4593380528125082431, 16408922859458223821]


@pytest.mark.parametrize("seed", [0, 1, 42, 2**64 - 1, 2**64, 2**256 - 1, 0xDEADBEEF << 100])
def test_seeded_shuffle_matches_reference(seed: int) -> None:
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    assert shoe.order() == tuple(ref_shuffle(seed))
    assert shoe.deal(52) == tuple(ref_shuffle(seed))


def test_two_deck_shuffle_matches_reference() -> None:
    shoe = Shoe(decks=2, seed=7)
    shoe.shuffle()
    assert shoe.order() == tuple(c % 52 for c in ref_shuffle(7, 104))
    assert shoe.deck_indices() == tuple(c // 52 for c in ref_shuffle(7, 104))


def test_same_seed_same_cards_and_rounds() -> None:
    a, b = Shoe(seed=99), Shoe(seed=99)
    for _ in range(5):
        a.shuffle()
        b.shuffle()
        assert a.deal(9) == b.deal(9)
        assert a.burn() == b.burn()
    assert Shoe(seed=1).seed == 1


def test_unseeded_shoe_records_its_seed() -> None:
    a = Shoe()
    assert a.seed is not None and 0 <= a.seed < 2**256
    b = Shoe(seed=a.seed)
    a.shuffle()
    b.shuffle()
    assert a.order() == b.order()


# ---- dealing, burning, the rack ----------------------------------------------------------------
def test_from_order_deals_in_the_given_order() -> None:
    order = [51, 50, 0, 1, 2, 3, 4]
    shoe = Shoe.from_order(order)
    assert shoe.remaining == 7 and shoe.size == 7 and shoe.decks == 1
    assert shoe.deal(2) == (51, 50)
    assert shoe.burn() == 0
    assert shoe.deal_one() == 1
    assert shoe.stub() == (2, 3, 4)
    assert shoe.dealt == 4 and shoe.remaining == 3
    assert shoe.discards == (0,)
    assert shoe.rack[0].kind is RackKind.BURN and shoe.rack[0].kind.face_down


def test_new_shoe_is_in_new_deck_order_and_full() -> None:
    shoe = Shoe(decks=3, seed=1)
    assert shoe.remaining == 156 and shoe.dealt == 0
    assert shoe.order() == tuple(range(52)) * 3
    shoe.shuffle()
    assert Counter(shoe.order()) == Counter({c: 3 for c in range(52)})
    assert shoe.order() != tuple(range(52)) * 3


def test_shuffle_gathers_dealt_burned_and_racked_cards() -> None:
    shoe = Shoe(seed=3)
    shoe.shuffle()
    hand = shoe.deal(2)
    shoe.burn()
    shoe.discard(hand)
    shoe.stub_to_rack()
    assert shoe.remaining == 0 and len(shoe.discards) == 52
    shoe.shuffle()
    assert shoe.remaining == 52 and shoe.discards == () and sorted(shoe.order()) == list(range(52))


@pytest.mark.regulation("677a.11(j)")
def test_discard_rack_is_ordered_for_reconstruction_677a_11_j() -> None:
    shoe = Shoe.from_order(range(20))
    p1, p2 = shoe.deal(2), shoe.deal(2)
    b = shoe.burn()
    flop = shoe.deal(3)
    shoe.discard(p2)
    shoe.discard(flop)
    shoe.discard(p1)
    assert shoe.discards == (b, *p2, *flop, *p1)
    assert [e.kind for e in shoe.rack] == [RackKind.BURN] + [RackKind.DISCARD] * 7


def test_discard_refuses_cards_not_dealt_and_changes_nothing() -> None:
    shoe = Shoe.from_order(range(10))
    dealt = shoe.deal(3)
    before = shoe.snapshot()
    with pytest.raises(ShoeArgumentError, match="not dealt"):
        shoe.discard([dealt[0], 7])
    with pytest.raises(ShoeArgumentError):
        shoe.discard([dealt[0], dealt[0]])
    with pytest.raises(InvalidCardError):
        shoe.discard([52])
    assert shoe.snapshot() == before
    shoe.discard(dealt)
    with pytest.raises(ShoeArgumentError, match="already"):
        shoe.discard([dealt[1]])


def test_dealing_past_the_end_raises_and_changes_nothing() -> None:
    shoe = Shoe(seed=5)
    shoe.shuffle()
    shoe.deal(50)
    before = shoe.snapshot()
    with pytest.raises(ShoeExhaustedError) as info:
        shoe.deal(3)
    assert isinstance(info.value, PyevalError) and isinstance(info.value, ValueError)
    assert "2 remain" in str(info.value)
    assert shoe.snapshot() == before
    assert shoe.deal(2) == before.cards[50:]
    with pytest.raises(ShoeExhaustedError):
        shoe.burn()
    with pytest.raises(ShoeExhaustedError):
        shoe.deal_one()
    assert shoe.deal(0) == ()


@pytest.mark.parametrize("k, exc", [(-1, ShoeArgumentError), (1.5, ShoeTypeError), ("2", ShoeTypeError),
                                    (True, ShoeTypeError), (10**6, ShoeExhaustedError)])
def test_bad_deal_counts_leave_the_shoe_unchanged(k: object, exc: type) -> None:
    shoe = Shoe(seed=2)
    shoe.shuffle()
    shoe.deal(5)
    before = shoe.snapshot()
    with pytest.raises(exc):
        shoe.deal(k)  # type: ignore[arg-type]
    assert shoe.snapshot() == before


@pytest.mark.parametrize("kwargs, exc", [
    ({"seed": -1}, SeedError), ({"seed": 2**256}, SeedError), ({"seed": 1.0}, SeedError),
    ({"seed": "1"}, SeedError), ({"seed": True}, SeedError), ({"secure": True, "seed": 1}, SeedError),
    ({"stream": -1}, SeedError), ({"secure": True, "stream": 1}, SeedError),
    ({"decks": 0}, ShoeArgumentError), ({"decks": 9}, ShoeArgumentError), ({"decks": 2.0}, ShoeTypeError),
    ({"min_cut": -1}, ShoeArgumentError), ({"secure": 1}, ShoeTypeError),
])
def test_bad_construction_arguments(kwargs: dict, exc: type) -> None:
    with pytest.raises(exc):
        Shoe(**kwargs)


def test_from_order_validates_cards() -> None:
    with pytest.raises(InvalidCardError):
        Shoe.from_order([0, 52])
    with pytest.raises(DuplicateCardError):
        Shoe.from_order([3, 3], decks=1)
    with pytest.raises(CardTypeError):
        Shoe.from_order("As Kd")  # type: ignore[arg-type]
    two = Shoe.from_order([3, 3])  # a second deck is implied
    assert two.decks == 2 and two.deck_indices() == (0, 1)
    with pytest.raises(ShoeArgumentError):
        Shoe.from_order(list(range(52)) * 9)


# ---- secure mode ---------------------------------------------------------------------------------
def test_secure_shoe_refuses_seeds_and_ignores_python_random() -> None:
    a = Shoe(secure=True)
    assert a.secure and a.seed is None
    with pytest.raises(SeedError):
        a.jump()
    random.seed(1)
    a.shuffle()
    first = a.order()
    random.seed(1)
    a.shuffle()
    assert sorted(a.order()) == list(range(52))
    # two secure shuffles agreeing would be a 1 in 52! event
    assert a.order() != first
    snap = a.snapshot()
    assert snap.rng_state is None and snap.secure


# ---- streams ------------------------------------------------------------------------------------
def test_stream_selection_equals_jumps() -> None:
    a = Shoe(seed=11, stream=2)
    b = Shoe(seed=11)
    b.jump()
    b.jump()
    assert b.stream == 2
    a.shuffle()
    b.shuffle()
    assert a.order() == b.order()
    c = Shoe(seed=11)
    c.shuffle()
    assert c.order() != a.order()


# ---- properties (hypothesis) ---------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**256 - 1), decks=st.integers(1, 8), k=st.integers(0, 60))
def test_shuffle_is_a_permutation_and_deal_follows_the_order(seed: int, decks: int, k: int) -> None:
    shoe = Shoe(decks, seed=seed)
    shoe.shuffle()
    order = shoe.order()
    assert Counter(order) == Counter({c: decks for c in range(52)})
    assert len(set(zip(order, shoe.deck_indices()))) == 52 * decks
    k = min(k, 52 * decks)
    assert shoe.deal(k) == order[:k]
    assert shoe.stub() == order[k:]


@settings(max_examples=40, deadline=None)
@given(order=st.permutations(range(52)), cut=st.integers(10, 42))
def test_cut_moves_the_top_to_the_bottom(order: list[int], cut: int) -> None:
    shoe = Shoe.from_order(order, min_cut=10)
    assert shoe.cut(cut) == cut
    assert shoe.stub() == tuple(order[cut:] + order[:cut])


def test_cut_respects_the_minimum_depth() -> None:
    shoe = Shoe(seed=4, min_cut=10)
    shoe.shuffle()
    before = shoe.snapshot()
    for bad in (0, 9, 43, 52, -1):
        with pytest.raises(ShoeArgumentError):
            shoe.cut(bad)
    assert shoe.snapshot() == before
    seen = set()
    for _ in range(400):
        seen.add(shoe.cut())
    assert min(seen) == 10 and max(seen) == 42  # every depth in range reached, none outside
    assert sorted(shoe.order()) == list(range(52))


def test_snapshot_restore_replays_the_future() -> None:
    shoe = Shoe(decks=2, seed=8)
    shoe.shuffle(HAND_SHUFFLE)
    shoe.deal(7)
    shoe.burn()
    shoe.discard(shoe.dealt_cards()[:2])
    snap = shoe.snapshot()
    again = Shoe.restore(snap)
    assert again.snapshot() == snap
    assert again.deal(5) == shoe.deal(5)
    again.shuffle()
    shoe.shuffle()
    assert again.order() == shoe.order()
    copy = shoe.copy()
    assert copy.deal(10) == shoe.deal(10)


def test_restore_rejects_inconsistent_snapshots() -> None:
    import dataclasses

    snap = Shoe.from_order(range(10), seed=1).snapshot()
    with pytest.raises(ShoeArgumentError):
        Shoe.restore(dataclasses.replace(snap, rack=((3, 1),)))
    with pytest.raises(ShoeArgumentError):
        Shoe.restore(dataclasses.replace(snap, dealt=11))
    with pytest.raises(ShoeArgumentError):
        Shoe.restore(dataclasses.replace(snap, rng_state=(0, 0, 0, 0)))


# ---- shuffle procedures ---------------------------------------------------------------------------
def test_strip_and_box_cuts_reverse_packets() -> None:
    order = list(range(12))
    shoe = Shoe.from_order(order)
    shoe.shuffle(StripCut(sizes=(2, 3, 7)))
    assert shoe.order() == tuple(order[5:] + order[2:5] + order[:2])
    shoe = Shoe.from_order(order)
    shoe.shuffle(BoxCut(sizes=(4, 4, 4)))
    assert shoe.order() == tuple(order[8:] + order[4:8] + order[:4])


def test_random_packets_are_permutations() -> None:
    shoe = Shoe(seed=6)
    for proc in (StripCut(), BoxCut(packets=3), StripCut(packets=52), BoxCut(packets=1)):
        shoe.shuffle(proc)
        assert sorted(shoe.order()) == list(range(52))


def test_one_packet_keeps_the_order() -> None:
    shoe = Shoe.from_order(range(52))
    shoe.shuffle(BoxCut(packets=1))
    assert shoe.order() == tuple(range(52))


def test_custom_shuffle_procedure() -> None:
    shoe = Shoe.from_order(range(6))
    shoe.shuffle(CustomShuffle(lambda order, rb: list(reversed(range(len(order))))))
    assert shoe.order() == (5, 4, 3, 2, 1, 0)
    before = shoe.snapshot()
    with pytest.raises(ShoeArgumentError):
        shoe.shuffle(CustomShuffle(lambda order, rb: [0, 0, 1, 2, 3, 4]))
    assert shoe.snapshot() == before


def test_bad_procedures_change_nothing() -> None:
    shoe = Shoe(seed=1)
    shoe.shuffle()
    shoe.deal(4)
    before = shoe.snapshot()
    for bad in ("riffle", [Riffle(1), "x"], Riffle(-1), StripCut(packets=0), StripCut(sizes=(10, 10)),
                BoxCut(packets=53)):
        with pytest.raises((ShoeArgumentError, ShoeTypeError)):
            shoe.shuffle(bad)  # type: ignore[arg-type]
    assert shoe.snapshot() == before


def test_uniform_and_hand_shuffles_run() -> None:
    shoe = Shoe(decks=6, seed=12)
    for proc in (None, Uniform(), HAND_SHUFFLE, [Riffle(7)]):
        shoe.shuffle(proc)
        assert Counter(shoe.order()) == Counter({c: 6 for c in range(52)})


# ---- any sequence of operations: errors change nothing, successes keep the books straight -------
_OPS = st.lists(st.tuples(st.sampled_from(["deal", "burn", "cut", "discard", "shuffle", "stub", "riffle"]),
                          st.integers(-3, 60)), max_size=25)


@settings(max_examples=80, deadline=None)
@given(ops=_OPS, decks=st.integers(1, 2), seed=st.integers(0, 2**64))
def test_operations_are_atomic_and_cards_are_conserved(ops: list, decks: int, seed: int) -> None:
    shoe = Shoe(decks, seed=seed)
    shoe.shuffle()
    for op, x in ops:
        before = shoe.snapshot()
        try:
            if op == "deal":
                got = shoe.deal(x)
                assert got == before.cards[before.dealt:before.dealt + x]
            elif op == "burn":
                shoe.burn()
            elif op == "cut":
                shoe.cut(x)
            elif op == "discard":
                dealt = shoe.dealt_cards()
                shoe.discard(dealt[x:x + 2] if x >= 0 else [x])
            elif op == "shuffle":
                shoe.shuffle(StripCut(packets=x))
            elif op == "stub":
                shoe.stub_to_rack()
            else:
                shoe.shuffle(Riffle(x))
        except PyevalError:
            assert shoe.snapshot() == before
        # every physical card is in the shoe exactly once; the rack only holds dealt cards
        assert Counter(shoe.order()) == Counter({c: decks for c in range(52)})
        assert not Counter(shoe.discards) - Counter(shoe.dealt_cards())
        assert shoe.remaining + shoe.dealt == 52 * decks


def test_randbelow_and_jump_on_a_shoe() -> None:
    shoe = Shoe(seed=1)
    draws = [shoe.randbelow(6) for _ in range(600)]
    assert set(draws) == set(range(6))
    with pytest.raises(ShoeArgumentError):
        shoe.randbelow(0)
    a, b = Shoe(seed=1), Shoe(seed=1, stream=1)
    a.jump()
    assert [a.randbelow(1000) for _ in range(5)] == [b.randbelow(1000) for _ in range(5)]


def test_restore_rejects_bad_rack_kinds() -> None:
    import dataclasses

    shoe = Shoe.from_order(range(10), seed=1)
    shoe.deal(2)
    snap = shoe.snapshot()
    with pytest.raises(ShoeArgumentError):
        Shoe.restore(dataclasses.replace(snap, rack=((0, 7),)))
    with pytest.raises(ShoeTypeError):
        Shoe.restore("not a snapshot")  # type: ignore[arg-type]
    ok = Shoe.restore(dataclasses.replace(snap, rack=((1, int(RackKind.DISCARD)),)))
    assert ok.discards == (1,)


def test_reshuffle_rack_returns_discards_and_burns_under_the_stub():
    # Draw games (§ 637a.13, .20, .21): the stub runs short, the rack goes back and is shuffled.
    s = Shoe(seed=5)
    s.shuffle()
    hands = s.deal(40)
    burned = s.burn()
    s.discard(hands[:20])
    before_stub = s.stub()
    assert s.reshuffle_rack() == 21
    assert s.discards == () and s.remaining == 11 + 21
    assert s.dealt_cards() == hands[20:]  # cards in play stay dealt, in order
    assert Counter(s.stub()) == Counter(before_stub + hands[:20] + (burned,))
    assert s.stub() != before_stub + hands[:20] + (burned,)  # shuffled
    assert s.reshuffle_rack() == 0  # an empty rack: nothing moves
    # same seed, same cards after the reshuffle
    t = Shoe(seed=5)
    t.shuffle()
    t.deal(40)
    t.burn()
    t.discard(hands[:20])
    t.reshuffle_rack()
    t.reshuffle_rack()
    assert t.stub() == s.stub()

"""The one seed/stream policy (pyeval.shoe.rng) and the Shoe methods other modules use."""
from __future__ import annotations

import numpy as np
import pytest

from pyeval.crisscross.deck import ShufflerDeck
from pyeval.crisscross.sim import CrissCrossSim
from pyeval.crisscross.rules import CrissCrossRules
from pyeval.errors import CardCountError, SeedError, ShoeArgumentError
from pyeval.headsup.sim import HeadsUpSim
from pyeval.simulation import simulate
from pyeval.headsup.paytables import example_rules
from pyeval.parallel import check_seed, stream_rng
from pyeval.shoe import BatchDealer, Shoe, resolve_seed
from pyeval.shoe.rng import MAX_SEED, check_stream, seeded_rng


@pytest.mark.parametrize("bad", [-1, MAX_SEED + 1, 1.0, "1", True, b"\x01", [1]])
def test_bad_seeds_raise_seed_error_everywhere(bad: object) -> None:
    for make in (lambda: resolve_seed(bad), lambda: check_seed(bad), lambda: Shoe(seed=bad),
                 lambda: BatchDealer(bad), lambda: seeded_rng(bad),
                 lambda: simulate(HeadsUpSim(example_rules()), 10, seed=bad),
                 lambda: simulate(CrissCrossSim(CrissCrossRules(min_ante=1)), 10, seed=bad)):
        with pytest.raises(SeedError):
            make()


@pytest.mark.parametrize("bad", [-1, 2**20 + 1, 1.5, True, None])
def test_bad_streams_raise_seed_error(bad: object) -> None:
    with pytest.raises(SeedError):
        check_stream(bad)
    with pytest.raises(SeedError):
        Shoe(seed=1, stream=bad)  # type: ignore[arg-type]


def test_none_means_a_fresh_256_bit_seed_everywhere() -> None:
    """None is a fresh 256-bit seed from the OS, recorded; heads-up once drew only 64 bits."""
    seeds = [resolve_seed(None) for _ in range(40)] + [Shoe().seed for _ in range(20)]  # type: ignore[misc]
    seeds += [BatchDealer().seed for _ in range(20)]  # type: ignore[misc]
    seeds += [simulate(HeadsUpSim(example_rules()), 10).seed for _ in range(10)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= s <= MAX_SEED for s in seeds)
    assert max(seeds).bit_length() > 200  # 90 draws of 256 bits: P(all < 2**200) is nil
    assert max(simulate(HeadsUpSim(example_rules()), 10).seed for _ in range(8)).bit_length() > 64


def test_numpy_ints_are_seeds_and_streams_agree() -> None:
    a = Shoe(seed=np.uint64(7), stream=np.int8(2))
    b = Shoe(seed=7, stream=2)
    a.shuffle()
    b.shuffle()
    assert a.order() == b.order()
    r1, r2 = stream_rng(7, 2), seeded_rng(7, 2)
    assert list(r1.s) == list(r2.s)


def test_gather_and_set_order() -> None:
    shoe = Shoe(seed=3)
    shoe.shuffle()
    first = shoe.order()
    shoe.deal(5)
    shoe.burn()
    shoe.gather()
    assert shoe.remaining == 52 and shoe.discards == () and shoe.order() == first
    want = tuple(reversed(range(52)))
    shoe.set_order(want)
    assert shoe.deal(3) == want[:3]
    with pytest.raises(ShoeArgumentError):
        shoe.set_order(list(range(51)) + [0])  # a card twice, one lost: refused
    assert shoe.dealt == 3  # nothing changed


def test_shuffler_deck_uses_the_shoe_methods() -> None:
    deck = ShufflerDeck(seed=1)
    deck.preset([tuple(range(52))])
    deck.shuffle()
    assert deck.deal(2) == (0, 1)
    deck.stub_to_rack()
    assert deck.racked() == deck.discards == tuple(range(2, 52))
    deck.lose_card(10)
    assert deck.size == 51 and 10 not in deck.order()
    with pytest.raises(ShoeArgumentError):
        deck.lose_card(10)  # already gone: refused, nothing changes
    assert deck.size == 51
    with pytest.raises(CardCountError):
        deck.preset([tuple(range(52))])
    with pytest.raises(ShoeArgumentError):  # 51 distinct cards, but 10 is not in the deck
        deck.preset([tuple(c for c in range(52) if c != 11)])

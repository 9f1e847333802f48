"""Criss-Cross Poker C path: differential test against the Python procedure, exact Five Card Bonus."""
from __future__ import annotations

from fractions import Fraction

import pytest

from pyeval.crisscross import CrissCrossRules, CrissCrossTable, ShufflerDeck, CrissCrossWager, play_round
from pyeval import simulate
from pyeval.crisscross.sim import CrissCrossSim, bonus_exact, simulate_rounds
from pyeval.errors import PyevalError, SeedError

RULES = CrissCrossRules(min_ante=1)


@pytest.mark.parametrize("seed", [0, 1, 2024, 2**63 + 5])
def test_python_procedure_matches_c_path_on_the_same_seeds(seed):
    rounds = simulate_rounds(1500, seed, ante=1, bonus=1)  # spans two 1,024-round batches
    deck = ShufflerDeck(seed=0)
    deck.preset(list(r["cards"]) + [c for c in range(52) if c not in r["cards"]] for r in rounds)
    t = CrissCrossTable(RULES, deck)
    for r in rounds:
        rec = play_round(t, {1: (1, 1)})
        # the Python deal puts the same seven cards in the same places (§ 674a.9(b))
        assert rec.community + rec.hole[1] == r["cards"]
        assert rec.multiples[1] == tuple(None if m is None else m for m in r["multiples"])
        py = {x.wager: x.net for x in rec.results}
        staked = {x.wager: x.staked for x in rec.results}
        for w in CrissCrossWager:
            assert py.get(w, 0) == r["net"][w], (w, r)
            assert staked.get(w, 0) == r["staked"][w], (w, r)


def test_simulate_totals_agree_with_round_by_round():
    rounds = simulate_rounds(3000, 77, ante=2, bonus=1)
    res = simulate(CrissCrossSim(ante=2, bonus=1), 3000, seed=77, streams=1)  # simulate_rounds is one stream
    for w in CrissCrossWager:
        assert res.wagers[w].net == sum(r["net"][w] for r in rounds)
        assert res.wagers[w].staked == sum(r["staked"][w] for r in rounds)
        assert res.wagers[w].wins == sum(1 for r in rounds if r["staked"][w] and r["net"][w] > 0)
    assert res.folds[0] == sum(1 for r in rounds if r["multiples"][0] == 0)
    assert simulate(CrissCrossSim(ante=2, bonus=1), 3000, seed=77, streams=1) == res  # same seed, same rounds
    assert simulate(CrissCrossSim(ante=2, bonus=1), 3000, seed=78) != res


def test_simulation_is_sane_over_many_rounds():
    res = simulate(CrissCrossSim(), 200_000, seed=5)
    # the Bonus's exact house edge is 13.27%; 200k samples land within a few points of it
    assert abs(float(res.wagers[CrissCrossWager.BONUS].house_edge) - 0.1327) < 0.03
    d = res.to_dict()
    assert d["rounds"] == 200_000 and set(d["wagers"]) == {w.name.lower() for w in CrissCrossWager}


def test_five_card_bonus_exact_over_all_boards():
    a = bonus_exact()
    # the five-card census: royal 4, straight flush 36, quads 624, full house 3744, flush 5108,
    # straight 10200, trips 54912, two pair 123552, pairs of sixes..aces 9/13 of 1,098,240
    assert a.counts == (4, 36, 624, 3744, 5108, 10200, 54912, 123552, 760320)
    assert sum(a.counts) + a.losing == 2_598_960
    win = 4 * 250 + 36 * 50 + 624 * 25 + 3744 * 9 + 5108 * 6 + 10200 * 4 + 54912 * 3 + 123552 * 2 + 760320
    assert a.expected_return == Fraction(win - a.losing, 2_598_960)
    assert a.house_edge == Fraction(86189, 649740)
    assert a.hit_frequency == Fraction(sum(a.counts), 2_598_960)


def test_c_path_rejects_bad_input():
    with pytest.raises(SeedError):
        simulate(CrissCrossSim(), 10, seed=-1)
    with pytest.raises(PyevalError):
        simulate(CrissCrossSim(), -1, seed=1)
    with pytest.raises(PyevalError):
        simulate(CrissCrossSim(ante=0), 10, seed=1)
    with pytest.raises(PyevalError):
        simulate(CrissCrossSim(CrissCrossRules(middle_multiples=(1, 2))), 10, seed=1)

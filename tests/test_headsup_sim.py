"""The C simulation path and exact analyses of WPT Heads-Up Hold 'Em (pyeval.headsup.sim)."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

from pyeval.errors import SeedError, SimulationError, TableRulesError, WagerNotAllowedError
from pyeval.headsup.paytables import (
    POCKET_BONUS_HOLDEM_BONUS_LADDER, TRIPS_PLUS_50_40_30_8_6_5_3, example_rules,
)
from pyeval.headsup.round import HeadsUpRound, SequenceSource
from pyeval.headsup.rules import HeadsUpPaytable, PaytableKind, RaiseAmounts, Rounding, HeadsUpWager
from pyeval import simulate
from pyeval.headsup.sim import HeadsUpSim, play_batch, pocket_bonus_exact, trips_plus_exact
from pyeval.headsup.strategy import basic_strategy


def _python_round(rules, cards, ante, pb, tp):
    rnd = HeadsUpRound(rules)
    rnd.place_wagers(1, ante, ante, pb, tp)
    res = rnd.run(SequenceSource(cards), basic_strategy).player(1)
    street = rnd.raised[1][0] if 1 in rnd.raised else -1
    return res, int(street)


@pytest.mark.parametrize("overrides,wagers", [
    ({}, (None, None, None)),
    ({"rounding": Rounding.DOWN}, (5, 3, 7)),          # odd amounts: 3 to 2 floors
    ({"rounding": Rounding.UP}, (5, 3, 7)),
    ({"payout_cap": 40}, (10, 5, 5)),
    ({"preflop_raise_multiples": (1, 2), "flop_raise_multiples": (1,),
      "raise_amounts": RaiseAmounts.WHOLE_MULTIPLES}, (10, 0, 5)),
])
def test_differential_python_procedure_equals_c_simulation(overrides, wagers):
    """The same seeded rounds through HeadsUpRound + basic_strategy and through C settle identically."""
    rules = example_rules(ante_min=1, **overrides)
    ante, pb, tp = wagers
    rounds = play_batch(rules, 3000, seed=20240601, ante=ante, pocket_bonus=pb, trips_plus=tp)
    for r in rounds:
        amt = ante if ante is not None else 2
        p_pb = pb if pb is not None else 1
        p_tp = tp if tp is not None else 1
        res, street = _python_round(rules, r.cards, amt, p_pb, p_tp)
        assert street == r.raise_street
        assert res.player_value == r.player_value and res.dealer_value == r.dealer_value
        assert {x.wager: x.net for x in res.results} == r.net, r.cards
        assert {x.wager: x.outcome.value for x in res.results} == r.outcome, r.cards


def test_differential_covers_every_branch():
    rounds = play_batch(example_rules(), 20000, seed=7)
    seen = {(w, o) for r in rounds for w, o in r.outcome.items()}
    for w in (HeadsUpWager.ANTE, HeadsUpWager.ODDS, HeadsUpWager.RAISE):
        assert {(w, "win"), (w, "push"), (w, "lose")} <= seen
    assert (HeadsUpWager.ODDS, "bad beat") in seen
    assert {r.raise_street for r in rounds} == {-1, 0, 1, 2}


def test_trips_plus_exact_known_counts_and_edge():
    ex = trips_plus_exact(TRIPS_PLUS_50_40_30_8_6_5_3)
    assert ex.total == math.comb(52, 7) == 133_784_560
    # the classic seven-card category counts
    assert ex.counts == {"THREE_OF_A_KIND": 6_461_620, "STRAIGHT": 6_180_020, "FLUSH": 4_047_644,
                         "FULL_HOUSE": 3_473_184, "FOUR_OF_A_KIND": 224_848, "STRAIGHT_FLUSH": 37_260,
                         "ROYAL_FLUSH": 4_324, "LOSE": 23_294_460 + 58_627_800 + 31_433_400}
    expected = (Fraction(50 * 4324 + 40 * 37260 + 30 * 224848 + 8 * 3473184 + 6 * 4047644 + 5 * 6180020
                         + 3 * 6461620 - (23_294_460 + 58_627_800 + 31_433_400), 133_784_560))
    assert ex.expected == expected and ex.house_edge == -expected
    assert round(ex.house_edge_percent, 2) == 1.90


def test_pocket_bonus_exact_counts_and_edge():
    ex = pocket_bonus_exact(POCKET_BONUS_HOLDEM_BONUS_LADDER)
    assert ex.total == 1326 * 1225
    assert ex.counts["AA_WITH_DEALER_AA"] == 6          # 6 player AA x the 1 remaining dealer AA
    assert ex.counts["AA"] == 6 * 1225 - 6
    assert ex.counts["KK"] == 6 * 1225 and ex.counts["AKs"] == 4 * 1225 and ex.counts["AKo"] == 12 * 1225
    pays = sum(c * POCKET_BONUS_HOLDEM_BONUS_LADDER.payouts()[k] for k, c in ex.counts.items() if k != "LOSE")
    assert ex.expected == (pays - ex.counts["LOSE"]) / Fraction(ex.total)
    lines = dict(POCKET_BONUS_HOLDEM_BONUS_LADDER.payouts())
    del lines["AA_WITH_DEALER_AA"]
    ex2 = pocket_bonus_exact(HeadsUpPaytable(PaytableKind.POCKET_BONUS, lines, name="no dealer line"))
    assert ex2.counts["AA"] == 6 * 1225 and "AA_WITH_DEALER_AA" not in ex2.counts


def test_simulation_agrees_with_exact_analyses_within_standard_error():
    rules = example_rules()
    sim = simulate(HeadsUpSim(rules), 3_000_000, seed=12345)
    for name, ex in (("trips_plus", trips_plus_exact(rules.trips_plus)),
                     ("pocket_bonus", pocket_bonus_exact(rules.pocket_bonus))):
        w = sim.wagers[name]
        assert abs(w.house_edge - float(ex.house_edge)) < 4 * w.std_error, (name, w, ex)
    # hit frequencies of the Trips Plus lines against exact probabilities
    ex = trips_plus_exact(rules.trips_plus)
    for cls in ("THREE_OF_A_KIND", "STRAIGHT", "FLUSH", "FULL_HOUSE"):
        p = ex.counts[cls] / ex.total
        f = sim.lines["trips_plus"][cls]["frequency"]
        assert abs(f - p) < 4 * math.sqrt(p * (1 - p) / sim.rounds)


def test_simulation_is_reproducible_and_chunking_independent():
    rules = example_rules()
    a = simulate(HeadsUpSim(rules), 300_001, seed=99)
    b = simulate(HeadsUpSim(rules), 300_001, seed=99)
    assert a == b
    rounds = play_batch(rules, 5000, seed=99)
    c = simulate(HeadsUpSim(rules), 5000, seed=99, streams=1)  # play_batch is one stream
    assert c.wagers["odds"].net == sum(r.net[HeadsUpWager.ODDS] for r in rounds)
    assert c.wagers["trips_plus"].net == sum(r.net[HeadsUpWager.TRIPS_PLUS] for r in rounds)
    assert set(a.to_dict()) >= {"rounds", "seed", "game", "wagers", "frequencies"}


def test_simulation_rejects_bad_input():
    rules = example_rules(pocket_bonus=None)
    with pytest.raises(SimulationError):  # the one runner's check, the same for every game
        simulate(HeadsUpSim(rules), 0, seed=1)
    with pytest.raises(SeedError):  # pyeval's one seed policy (pyeval.shoe.rng), not a table error
        simulate(HeadsUpSim(rules), 10, seed=-1)
    with pytest.raises(WagerNotAllowedError, match="Pocket Bonus"):
        simulate(HeadsUpSim(rules, pocket_bonus=5), 10, seed=1)
    with pytest.raises(WagerNotAllowedError):
        simulate(HeadsUpSim(example_rules(rounding=Rounding.EXACT), ante=5), 10, seed=1)
    with pytest.raises(TableRulesError):
        trips_plus_exact(POCKET_BONUS_HOLDEM_BONUS_LADDER)

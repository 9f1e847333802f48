"""Writing rounds of every variant as PHH (pyeval.poker.phh.from_round, dumps) and reading them back.

Round trips: random legal rounds of every game under every betting structure are written, read and
replayed, and must give the same finishing stacks and the same record; writing the replay again
gives the same text (a fixed point). The 42 real mixed-game hands of ``../shared/data/phh-mixed``
(§ 637a.10 stud, § 637a.12 Omaha, § 637a.20 triple draw, ... as the engine plays them) survive
read -> replay -> write -> read -> replay with their finishing stacks.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_poker_variants import _play

from pyeval.poker import BettingStructure, HeadsUpOrder, Round, PokerRules, phh
from pyeval.shoe import Shoe
from pyeval.poker.games import D27_TRIPLE, STUD, VARIANTS

FL, PL, NL = BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT
_SKIP = ("burn", "reshuffle")  # dealer steps PHH does not record; the replay deals no burn cards


def _rules(code: str, structure: BettingStructure, forced: int) -> PokerRules:
    """A table of ``code``: stud with antes and a bring-in; else blinds with (forced) no ante, an
    ante, a big-blind ante or a straddle."""
    v = VARIANTS[code]
    cap = 4 if structure is FL else None
    if v.stud:
        return PokerRules(seats=7, blinds=(), ante=1 + forced % 2, bring_in=2, min_bet=4, structure=structure,
                          max_raises=cap, variant=v)
    extra: dict[str, int] = [{}, {"ante": 1}, {"bb_ante": 2}, {"straddle": 4}][forced % 4]
    return PokerRules(seats=7, blinds=(1, 2), min_bet=2, structure=structure, max_raises=cap, variant=v,
                      heads_up=HeadsUpOrder.BUTTON_SMALL_BLIND, **extra)


def _random_round(rules: PokerRules, stacks: list[int], seed: int) -> Round:
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    r = Round(rules, stacks, shoe)
    r.post_forced_bets()
    rng = random.Random(seed)
    if rules.straddle is not None and r.can_post_straddle() and rng.random() < 0.5:
        r.post_straddle()
    r.deal_hole_cards()
    _play(r, shoe, rng)
    return r


def _events(r: Round) -> list[tuple[object, ...]]:
    """The record to compare; a straddle is read back from ``blinds_or_straddles`` as a third blind."""
    return [("blind" if e.kind == "straddle" else e.kind, *e[1:]) for e in r.events if e.kind not in _SKIP]


def _round_trip(r: Round) -> tuple[phh.HandHistory, Round]:
    text = phh.dumps(phh.from_round(r))
    (hh,) = phh.loads(text, "written")
    again = hh.replay()
    assert phh.dumps(phh.from_round(again)) == text  # write -> read -> write is a fixed point
    return hh, again


@pytest.mark.parametrize("structure", [FL, PL, NL], ids=["F", "P", "N"])
@pytest.mark.parametrize("code", sorted(VARIANTS))
@settings(max_examples=40, deadline=None)
@given(stacks=st.lists(st.integers(1, 150), min_size=2, max_size=6), seed=st.integers(0, 2**32),
       forced=st.integers(0, 3))
def test_random_rounds_of_every_variant_round_trip(code, structure, stacks, seed, forced):
    rules = _rules(code, structure, forced)
    r = _random_round(rules, stacks, seed)
    assert r.complete
    hh, again = _round_trip(r)
    assert hh.variant == {FL: "F", PL: "P", NL: "N"}[structure] + code
    assert again.complete and again.stacks == r.stacks
    assert hh.finishing_stacks == list(r.stacks)
    assert _events(again) == _events(r)  # the same actions, cards and forced bets, in order
    assert phh.check_replay(hh).matches


def test_variant_codes_of_the_phh_standard():
    want = {("T", FL): "FT", ("T", NL): "NT", ("O", PL): "PO", ("O/8", FL): "FO/8", ("7S", FL): "F7S",
            ("7S/8", FL): "F7S/8", ("R", FL): "FR", ("2L1D", NL): "N2L1D", ("2L3D", FL): "F2L3D",
            ("B", FL): "FB"}
    for (code, structure), text in want.items():
        assert phh.variant_code(_rules(code, structure, 0)) == text


@pytest.mark.regulation("637a.10")
def test_637a_10_stud_record_fields_and_bring_in():
    rules = PokerRules(seats=8, blinds=(), ante=1, bring_in=2, min_bet=5, structure=FL, variant=STUD)
    r = Round(rules, [100, 100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["KdKc2h", "AdAc2c", "9d9c5s"])  # up cards 2h, 2c, 5s: p2 brings in (clubs lowest)
    r.post_bring_in()
    r.bet_or_raise_to(5)  # p3 completes
    r.fold()
    r.fold()
    r.award()
    hh = phh.from_round(r)
    assert (hh.variant, hh.antes, hh.blinds_or_straddles, hh.bring_in) == ("F7S", [1, 1, 1], [0, 0, 0], 2)
    assert (hh.small_bet, hh.big_bet, hh.min_bet) == (5, 10, None)
    assert hh.actions == ["d dh p1 KdKc2h", "d dh p2 AdAc2c", "d dh p3 9d9c5s", "p2 pb", "p3 cbr 5",
                          "p1 f", "p2 f"]
    assert hh.finishing_stacks == list(r.stacks) == [99, 97, 104]
    assert "bring_in = 2\n" in phh.dumps(hh)


@pytest.mark.regulation("637a.20")
def test_637a_20_draw_record_stand_pat_and_unknown_discards():
    text = """variant = 'F2L3D'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50, 50]
actions = ['d dh p1 ??????????', 'd dh p2 7c5d4h3s2c', 'd dh p3 ??????????', 'p3 f', 'p1 cc', 'p2 cc',
  'p1 sd ????', 'p2 sd', 'd dh p1 ????', 'p1 cc', 'p2 cc', 'p1 sd ??', 'p2 sd', 'd dh p1 ??',
  'p1 cc', 'p2 cc', 'p1 sd', 'p2 sd', 'p1 cc', 'p2 cc', 'p1 sm']
finishing_stacks = [48, 52, 50]
"""
    (hh,) = phh.loads(text, "draw")
    rnd = hh.replay()
    out = phh.from_round(rnd)
    assert out.actions == hh.actions  # '????' hole cards, 'sd ????' discards, a bare 'sd' stands pat
    assert out.finishing_stacks == list(rnd.stacks) == [48, 52, 50]
    assert out.variant == "F2L3D" and rnd.rules.variant is D27_TRIPLE


def test_big_blind_ante_and_straddle_written_where_read():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, bb_ante=2, straddle=4)
    r = Round(rules, [50, 50, 50, 50])
    r.post_forced_bets()
    r.post_straddle()
    r.deal_hole_cards(["AcAd", "KcKd", "QcQd", "JcJd"])
    while r.actor is not None:
        r.fold()
    r.award()
    hh = phh.from_round(r)
    assert hh.antes == [0, 2, 0, 0] and hh.blinds_or_straddles == [1, 2, 4, 0]
    hh2, again = _round_trip(r)
    assert again.stacks == r.stacks and hh2.table_rules().bb_ante == 2


def test_unfinished_round_has_no_finishing_stacks():
    r = Round(_rules("7S/8", FL, 0), [30, 30, 30])
    r.post_forced_bets()
    r.deal_hole_cards(["AcAd2c", "KcKd3c", "QcQd4c"])
    hh = phh.from_round(r)
    assert hh.finishing_stacks is None and len(hh.actions) == 3
    assert phh.loads(phh.dumps(hh))[0].actions == hh.actions


def test_phh_mixed_hands_survive_write_and_replay(shared_dir):
    hands = [h for p in phh.iter_paths([shared_dir / "data" / "phh-mixed"]) for h in phh.load(p)]
    assert len(hands) == 42
    codes = set()
    for hh in hands:
        first = hh.replay()
        assert phh.check_replay(hh).matches, hh.name
        written = phh.from_round(first, hh.players)
        codes.add(written.variant)
        assert written.variant == hh.variant
        text = phh.dumps(written)
        (back,) = phh.loads(text, hh.name)
        second = back.replay()
        assert second.complete and list(second.stacks) == list(first.stacks) == hh.finishing_stacks, hh.name
        assert _events(second) == _events(first), hh.name
        assert phh.dumps(phh.from_round(second, hh.players)) == text, hh.name
    assert codes == {"FT", "NT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"}

"""Issue 14 item 10: PHH write -> read -> replay holds for every table the rules accept.

Regression tests for the four failing families of the audit (heads-up with one blind, an ante
together with a big-blind ante, three blinds with a big-blind ante, a non-default odd-chip rule),
a hypothesis property over random tables and random complete rounds, ``extra`` fields written by a
real TOML writer (``tomli-w``), and a run-it-twice record refused instead of silently cut.
"""
from __future__ import annotations

from fractions import Fraction

import random
import tomllib

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pyeval.cards import CARD_TEXT
from pyeval.errors import HandHistoryError, TableRulesError
from pyeval.poker import BettingStructure, HeadsUpOrder, OddChipRule, PokerRules, Round, phh
from pyeval.poker.rules import LimitShortAllIn, ShortAllIns, StreetOpener
from pyeval.shoe import Shoe
from pyeval.poker.games import VARIANTS
from conftest import examples

FL, PL, NL = BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT
_SKIP = ("burn", "reshuffle")  # dealer steps PHH does not record


def _events(r: Round) -> list[tuple[object, ...]]:
    """The record to compare; a straddle may be read back as a third blind (the same chips)."""
    return [("blind" if e.kind == "straddle" else e.kind, *e[1:]) for e in r.events if e.kind not in _SKIP]


def _play(r: Round, rng: random.Random) -> None:
    """Random legal steps to the end of the round (players fold, call, raise; hands shown or mucked)."""
    for _ in range(1000):
        if r.complete:
            return
        if r.actor is not None:
            la = r.betting_options()
            assert la is not None
            x = rng.random()
            # (a pot-limit table whose minimum raise exceeds the pot reports can_raise with
            # min_to > max_to: an engine fault noted in the report, avoided here)
            if x < 0.12 and not la.can_check:
                r.fold()
            elif x < 0.8 or not la.can_raise or la.min_to > la.max_to:
                r.check_or_call()
            else:
                r.bet_or_raise_to(rng.randint(la.min_to, la.max_to))
        elif r.bring_in_player() is not None:
            r.post_bring_in()
        elif r.showdown_order():
            if rng.random() < 0.3 and r.can_muck():
                r.muck()
            else:
                r.show()
        elif r._draw_queue:
            p = r._draw_queue[0]  # any number of cards: a short stub is completed by a reshuffle
            r.discard(rng.sample(r.hole[p], rng.randint(0, len(r.hole[p]))))
        elif r.can_deal_board():
            r.deal_board()
        else:
            r.award()
    raise AssertionError("the round did not end")


def _random_round(rules: PokerRules, stacks: list[int], seed: int, straddle: bool = True) -> Round:
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    r = Round(rules, stacks, shoe)
    r.post_forced_bets()
    rng = random.Random(seed)
    if straddle and rules.straddle is not None and r.can_post_straddle():
        r.post_straddle()
    r.deal_hole_cards()
    _play(r, rng)
    return r


def _assert_round_trip(r: Round) -> phh.HandHistory:
    """Write, read, replay: the same stacks, the same record, the same settings; writing again
    gives the same text."""
    assert r.complete
    text = phh.dumps(phh.from_round(r))
    (hh,) = phh.loads(text, "written")
    again = hh.replay()
    assert again.complete and again.stacks == r.stacks, text
    assert _events(again) == _events(r), text
    assert phh.check_replay(hh).matches
    assert phh.dumps(phh.from_round(again)) == text
    read = hh.table_rules()
    for f in ("odd_chip", "suit_order", "max_raises", "max_bet", "check_raise", "show_all_hands", "ante",
              "bb_ante", "structure", "variant", "min_bet", "bring_in", "short_all_ins", "limit_short_all_in",
              "turn_river_opener", "chip_value"):
        assert getattr(read, f) == getattr(r.rules, f), f
    if r.n == 2:
        assert read.heads_up is r.rules.heads_up
    return hh


@pytest.mark.parametrize("order", list(HeadsUpOrder))
def test_issue14_10_heads_up_with_one_blind_round_trips(order):
    rules = PokerRules(seats=2, blinds=(2,), min_bet=2, heads_up=order)
    for seed in range(30):
        _assert_round_trip(_random_round(rules, [40, 40], seed))


def test_issue14_10_ante_with_big_blind_ante_round_trips():
    rules = PokerRules(seats=6, blinds=(1, 2), ante=1, bb_ante=3, min_bet=2)
    r = _random_round(rules, [50, 50, 50, 50], 7)
    hh = _assert_round_trip(r)
    assert hh.antes == [1, 4, 1, 1]  # the big blind's ante plus the big-blind ante
    for seed in range(30):
        _assert_round_trip(_random_round(rules, [30, 60, 5, 40], seed))


def test_issue14_10_three_blinds_with_big_blind_ante_round_trips():
    rules = PokerRules(seats=6, blinds=(1, 2, 4), bb_ante=4, min_bet=4)
    r = _random_round(rules, [50, 50, 50, 50], 3)
    hh = _assert_round_trip(r)
    assert hh.antes == [0, 0, 4, 0] and hh.blinds_or_straddles == [1, 2, 4, 0]
    assert hh.table_rules().blinds == (1, 2, 4) and hh.table_rules().straddle is None
    for seed in range(30):
        _assert_round_trip(_random_round(rules, [30, 60, 5, 40, 9], seed))


@pytest.mark.regulation("637a.11(k)")
@pytest.mark.parametrize("rule", [OddChipRule.HIGH_CARD_BY_SUIT, OddChipRule.ALL_TO_FIRST_LEFT_OF_BUTTON])
def test_issue14_10_637a_11_k_non_default_odd_chip_rule_round_trips(rule):
    # quarter-dollar chips: two odd units are $0.50, within § 637a.11(k)'s $1 for one player
    rules = PokerRules(seats=6, blinds=(1, 2), ante=1, min_bet=2, odd_chip=rule, suit_order="shdc",
                       chip_value=Fraction(1, 4))
    # two players fold after their ante; three all-in hands play the board: 38 chips split three
    # ways leave two odd chips, which the rule gives out (a chip is $0.25, so one player may take both)
    r = Round(rules, [12, 12, 12, 12, 12])
    r.post_forced_bets()
    r.deal_hole_cards(["2c3d", "2d3h", "2h3c", "4s5s", "6s7s"])
    r.bet_or_raise_to(11)
    r.fold()
    r.fold()
    r.check_or_call()
    r.check_or_call()
    streets = iter(["TsJhQd", "Kc", "Ah"])
    while not r.complete:
        if r.showdown_order():
            r.show()
        elif r.can_deal_board():
            r.deal_board(next(streets))
        else:
            r.award()
    assert sorted(r.stacks[:3]) == ([12, 12, 14] if rule is OddChipRule.ALL_TO_FIRST_LEFT_OF_BUTTON else [12, 13, 13])
    hh = _assert_round_trip(r)
    assert hh.extra["_pyeval_odd_chip"] == rule.value and hh.extra["_pyeval_suit_order"] == "shdc"
    assert hh.extra["_pyeval_chip_value"] == "1/4" and hh.table_rules().chip_value == Fraction(1, 4)
    text = phh.dumps(hh)
    assert "_pyeval_odd_chip" in text and tomllib.loads(text)["_pyeval_odd_chip"] == rule.value


def test_issue14_10_table_conventions_round_trip():
    """Issue 13's labelled conventions (short all-ins, fixed-limit completion, turn/river opener,
    chip value) are settings PHH has no field for: written as _pyeval_ fields and read back."""
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, short_all_ins=ShortAllIns.CUMULATIVE,
                       turn_river_opener=StreetOpener.AS_PREFLOP, chip_value="1/4")
    hh = _assert_round_trip(_random_round(rules, [40, 40, 40, 40], 5))
    assert hh.extra == {"_pyeval_short_all_ins": "cumulative", "_pyeval_turn_river_opener": "as-preflop",
                        "_pyeval_chip_value": "1/4"}
    for seed in range(30):
        _assert_round_trip(_random_round(rules, [40, 9, 40, 25, 3], seed))


def test_issue14_10_default_tables_write_no_pyeval_fields():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2)
    hh = phh.from_round(_random_round(rules, [20, 20, 20], 1))
    assert not hh.extra and "_pyeval" not in phh.dumps(hh)


def test_issue14_10_unknown_pyeval_field_is_refused_not_ignored():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2)
    hh = phh.from_round(_random_round(rules, [20, 20, 20], 1))
    hh.extra["_pyeval_odd_chips"] = "left-of-button"
    with pytest.raises(HandHistoryError, match="unknown pyeval field '_pyeval_odd_chips'"):
        hh.table_rules()
    hh.extra = {"_pyeval_odd_chip": "to-the-dealer"}
    with pytest.raises(HandHistoryError, match="_pyeval_odd_chip must be one of"):
        hh.table_rules()


# ---------------------------------------------------------------------- the property
_ORDERS = ["cdhs", "shdc", "dchs", "hscd"]


@st.composite
def _tables(draw: st.DrawFn) -> tuple[PokerRules, list[int]]:
    code = draw(st.sampled_from(sorted(VARIANTS)))
    v = VARIANTS[code]
    structure = draw(st.sampled_from([FL, PL, NL]))
    n = draw(st.integers(2, 6))
    common = dict(seats=draw(st.integers(n, 10)), structure=structure, variant=v,
                  min_bet=draw(st.integers(1, 6)), odd_chip=draw(st.sampled_from(list(OddChipRule))),
                  suit_order=draw(st.sampled_from(_ORDERS)), check_raise=draw(st.booleans()),
                  show_all_hands=draw(st.booleans()), max_raises=draw(st.none() | st.integers(0, 4)),
                  ante=draw(st.integers(0, 3)), short_all_ins=draw(st.sampled_from(list(ShortAllIns))),
                  limit_short_all_in=draw(st.sampled_from(list(LimitShortAllIn))),
                  turn_river_opener=draw(st.sampled_from(list(StreetOpener))),
                  chip_value=draw(st.sampled_from([1, "1/2", "1/4", "0.01"])))
    if structure is FL:
        common["big_bet"] = draw(st.none() | st.integers(common["min_bet"], 12))
    else:
        common["max_bet"] = draw(st.none() | st.integers(common["min_bet"], 40))
    if v.stud:
        rules_kw = dict(blinds=(), bring_in=draw(st.integers(1, 3)))
    else:
        k = draw(st.integers(1, min(3, n)))
        rules_kw = dict(blinds=tuple(draw(st.lists(st.integers(1, 8), min_size=k, max_size=k))),
                        bb_ante=draw(st.sampled_from([0, 0, 1, 3])),
                        heads_up=draw(st.sampled_from(list(HeadsUpOrder))),
                        straddle=draw(st.none() | st.integers(1, 16)) if n > k + 1 else None)
    try:
        rules = PokerRules(**common, **rules_kw)
    except TableRulesError:
        assume(False)
    stacks = draw(st.lists(st.integers(1, 120), min_size=n, max_size=n))
    return rules, stacks


@settings(max_examples=examples(300), deadline=None)
@given(table=_tables(), seed=st.integers(0, 2**32 - 1), straddle=st.booleans())
def test_issue14_10_round_trip_holds_for_random_tables_and_rounds(table, seed, straddle):
    rules, stacks = table
    r = _random_round(rules, stacks, seed, straddle)
    _assert_round_trip(r)


@pytest.mark.slow
@settings(max_examples=examples(20_000), deadline=None)
@given(table=_tables(), seed=st.integers(0, 2**32 - 1), straddle=st.booleans())
def test_issue14_10_round_trip_holds_for_random_tables_and_rounds_at_scale(table, seed, straddle):
    """The property above over 20,000 random tables and rounds (``-m slow``)."""
    rules, stacks = table
    _assert_round_trip(_random_round(rules, stacks, seed, straddle))


# ---------------------------------------------------------------------- extra fields and TOML
def test_issue14_10_extra_keys_written_by_a_real_toml_writer():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2)
    hh = phh.from_round(_random_round(rules, [20, 20, 20], 1))
    crafted = {"x = 1\nfinishing_stacks": [0, 0, 60], "a key with spaces": "v", "ctl\x01\x7f": "w\n'q\"",
               "_nested": {"deep": [1, 2, {"k": "v"}]}}
    hh.extra = dict(crafted)
    text = phh.dumps(hh)
    (back,) = phh.loads(text, "back")
    assert back.extra == crafted
    assert back.finishing_stacks == hh.finishing_stacks  # the crafted key stayed an extra field
    many = phh.loads(phh.dumps_many([hh, back]), "many")
    assert [h.extra for h in many] == [crafted, crafted]
    assert all(phh.check_replay(h).matches for h in many)


def test_issue14_10_extra_cannot_shadow_a_standard_field():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2)
    hh = phh.from_round(_random_round(rules, [20, 20, 20], 1))
    hh.extra = {"finishing_stacks": [0, 0, 60]}
    with pytest.raises(HandHistoryError, match="would replace the standard field"):
        phh.dumps(hh)
    hh.extra = {"when": object()}
    with pytest.raises(HandHistoryError, match="cannot write"):
        phh.dumps(hh)


def test_issue16_4_run_it_twice_record_replays_each_run():
    """Issue 14 item 10 refused this record (never cut to the first run); issue 16 item 4 replays
    it: six ``d db`` after an all-in preflop are two runs of flop, turn, river."""
    text = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'p2 cbr 50', 'p1 cc', 'p1 sm AsAh', 'p2 sm KsKh',
  'd db 2c9dJc', 'd db 3d', 'd db 4d', 'd db Kc8h7h', 'd db Kd', 'd db 2h']
finishing_stacks = [50, 50]
"""
    (hh,) = phh.loads(text, "rit")
    assert phh.check_replay(hh).matches
    rnd = hh.replay()
    assert [e.amount for e in rnd.events if e.kind == "run_it"] == [2]
    assert [" ".join(CARD_TEXT[c] for c in b) for b in rnd.run_boards] == ["2c 9d Jc 3d 4d", "Kc 8h 7h Kd 2h"]
    assert rnd.stacks == (50, 50)  # AA wins run 1, four kings run 2
    # a seventh board deal makes no whole runs: refused, never cut
    bad = text.replace("'d db 2h']", "'d db 2h', 'd db 5s']")
    with pytest.raises(HandHistoryError, match="after the river"):
        phh.loads(bad, "rit")[0].replay()

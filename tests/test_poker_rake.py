"""Rake (issue 16 item 5; 58 Pa. Code § 637a.17 is not in hand: configuration): a percentage of each
pot with a cap per hand, no flop no drop, recorded per hand, PHH round trip, PokerStars export."""
from __future__ import annotations

import pytest

from pyeval.errors import TableRulesError
from pyeval.hands_io import parse_text, to_pokerstars
from pyeval.poker import PokerRules, Round, phh


def _round(rules, stacks, holes, board, actions):
    """Play ``actions`` (``f``, ``c``, or a raise-to amount) in turn; the board is dealt when due."""
    r = Round(rules, stacks)
    r.post_forced_bets()
    r.deal_hole_cards(holes)

    def deal():
        k = len(r.board)
        r.deal_board(" ".join(board[:3] if k == 0 else board[k:k + 1]))

    for a in actions:
        while r.can_deal_board():
            deal()
        if a == "f":
            r.fold()
        elif a == "c":
            r.check_or_call()
        else:
            r.bet_or_raise_to(int(a))
    while r.can_deal_board() or r.showdown_order():
        if r.showdown_order():
            r.show()
        else:
            deal()
    if r.can_award():
        r.award()
    assert r.complete
    return r


BOARD = ["2c", "7d", "9h", "Js", "3c"]


def test_percentage_with_cap_per_hand():
    rules = PokerRules(seats=3, blinds=(1, 2), rake_bps=500, rake_cap=3)
    # everyone calls 20 preflop: a 60-chip pot; 5% is 3, the cap is 3
    r = _round(rules, [100, 100, 100], ["AsAh", "KsKh", "QsQh"], BOARD, ["20", "c", "c"] + ["c"] * 9)
    assert r.rake == 3 and sorted(r.stacks) == [80, 80, 137]
    assert [tuple(e)[:4] for e in r.events if e.kind == "rake"] == [("rake", None, 3, (0,))]
    assert sum(r.stacks) + r.rake == 300


def test_rake_is_rounded_down_per_pot_and_capped_across_pots():
    rules = PokerRules(seats=3, blinds=(1, 2), rake_bps=1000, rake_cap=5)
    # p0 all-in for 30: main pot 90 (rake 9), side pot 40 (rake 4); the cap of 5 is shared in
    # proportion: 9*5//13 = 3 and 4*5//13 = 1, the chip left from the main pot: 4 and 1 (the main
    # pot's players no longer pay the whole cap)
    r = _round(rules, [30, 100, 100], ["AsAh", "KsKh", "QsQh"], BOARD, ["50", "c", "c"] + ["c", "c"] * 3)
    rakes = [tuple(e)[:4] for e in r.events if e.kind == "rake"]
    assert rakes == [("rake", None, 4, (0,)), ("rake", None, 1, (1,))]
    assert sum(r.stacks) == 225 and r.rake == 5
    uncapped = _round(PokerRules(seats=3, blinds=(1, 2), rake_bps=1000), [30, 100, 100], ["AsAh", "KsKh", "QsQh"], BOARD,
                      ["50", "c", "c"] + ["c", "c"] * 3)
    assert [e.amount for e in uncapped.events if e.kind == "rake"] == [9, 4]  # 10% of 90 and of 40


def test_no_flop_no_drop():
    r = _round(PokerRules(seats=3, blinds=(1, 2), rake_bps=1000), [100, 100, 100], ["AsAh", "KsKh", "QsQh"], BOARD,
               ["10", "f", "f"])
    assert r.rake == 0 and sum(r.stacks) == 300
    r = _round(PokerRules(seats=3, blinds=(1, 2), rake_bps=2000, rake_no_flop_no_drop=False), [100, 100, 100],
               ["AsAh", "KsKh", "QsQh"], BOARD, ["10", "f", "f"])
    assert r.rake == 1 and sum(r.stacks) == 299  # 20% of the 5 left after the uncalled 8 came back


def test_split_pot_after_rake_keeps_the_odd_chip_rule():
    # a board straight plays for both: the pot of 41 after a rake of 4 splits 19/18 + odd chip left of the button
    rules = PokerRules(seats=2, blinds=(1, 2), rake_bps=1000)
    r = _round(rules, [100, 100], ["2s3h", "2h3s"], ["Tc", "Jd", "Qh", "Ks", "Ac"], ["c", "c"] + ["c", "c"] * 3)
    assert r.rake == 0  # 10% of 4 rounds down to 0
    r = _round(rules, [100, 100], ["2s3h", "2h3s"], ["Tc", "Jd", "Qh", "Ks", "Ac"], ["21", "c"] + ["c", "c"] * 3)
    assert r.rake == 4 and sorted(r.winnings) == [19, 19]  # 42 - 4 = 38, split
    assert sum(r.stacks) == 196
    r = _round(rules, [100, 100], ["2s3h", "2h3s"], ["Tc", "Jd", "Qh", "Ks", "Ac"], ["25", "c"] + ["c", "c"] * 3)
    assert r.rake == 5 and r.winnings == (23, 22)  # 45 after the rake: the odd chip left of the button


def test_rules_validation():
    for bad in ({"rake_bps": -1}, {"rake_bps": 10001}, {"rake_cap": -1}, {"rake_no_flop_no_drop": 1}):
        with pytest.raises(TableRulesError):
            PokerRules(**bad)


def test_phh_round_trip_and_export():
    rules = PokerRules(seats=3, blinds=(1, 2), rake_bps=500, rake_cap=3)
    r = _round(rules, [100, 100, 100], ["AsAh", "KsKh", "QsQh"], BOARD, ["20", "c", "c"] + ["c"] * 9)
    hh = phh.from_round(r)
    assert hh.extra["_pyeval_rake_bps"] == 500 and hh.extra["_pyeval_rake_cap"] == 3
    (back,) = phh.loads(phh.dumps(hh))
    again = back.replay()
    assert again.stacks == r.stacks and again.rake == 3
    assert phh.check_replay(back).matches
    text = to_pokerstars(r, ["a", "b", "c"])
    assert "Total pot 60 | Rake 3" in text
    (h,) = parse_text(text)
    assert h.hand.extra["_rake"] == 3 and h.verification.ok  # the recorded rake explains the difference

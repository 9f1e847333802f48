"""Tournament mode (issue 16 item 5; configuration: tournament play is not in the 58 Pa. Code texts in
hand, § 637a.17 poker revenue neither): ante trimming with pokerkit's meaning of
``ante_trimming_status``, chips that are not cash, players sitting out who are dealt in, post and
are folded, PHH round trips of each, and PokerStars tournament hands replayed in tournament mode."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.errors import IllegalActionError, IllegalHandHistoryError, TableRulesError, TournamentChipsError
from pyeval.hands_io import parse_text, to_pokerstars
from pyeval.poker import AbsenceSafeguard, OddChipRule, PokerRules, Round, Table, phh
from pyeval.poker.rules import R_TOURNAMENT
from pyeval.shoe import Shoe

BOARD = ("2c7d9s", "3h", "4d")


def _finish(r: Round) -> Round:
    """Check or call every turn, deal the board (explicit cards), show in order, award."""
    while not r.complete:
        if r.actor is not None:
            r.check_or_call()
        elif r.showdown_queue:
            r.show()
        elif r.can_deal_board():
            r.deal_board(BOARD[max(len(r.board) - 2, 0)])
        else:
            r.award()
    return r


def _kinds(r: Round) -> list[tuple[str, int | None, int]]:
    return [(str(e.kind), e.player, e.amount) for e in r.events]


# ---------------------------------------------------------------------- ante trimming
def test_ante_trimming_short_ante_contends_only_for_the_antes_matched():
    rules = PokerRules(seats=4, blinds=(10, 20), ante=5, min_bet=20, tournament=True)
    r = Round(rules, [3, 200, 300, 400])
    r.post_forced_bets()
    assert ("ante", 0, 3) in _kinds(r)  # all-in for less on the ante
    r.deal_hole_cards(["AsAh", "KsKh", "QsQh", "JsJh"])
    r.check_or_call(); r.check_or_call(); r.check_or_call()  # noqa: E702
    assert [(p.amount, p.eligible) for p in r.pots()] == [(12, (0, 1, 2, 3)), (66, (1, 2, 3))]
    _finish(r)
    assert r.winnings == (12, 66, 0, 0) and sum(r.stacks) == 903


@pytest.mark.regulation("637a.8(b)(5)(i)")
def test_637a_8_b_5_i_untrimmed_antes_all_in_for_3_on_a_5_ante_wins_12_not_18():
    """Untrimmed antes are dead money, but § 637a.8(b)(5)(i) still holds: the player all-in for 3 on
    a 5 ante is eligible for 3 of each ante (12), not all 18 (pokerkit's status false gives 18)."""
    rules = PokerRules(seats=4, blinds=(10, 20), ante=5, min_bet=20, tournament=True, ante_trimming=False)
    r = Round(rules, [3, 200, 300, 400])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh", "QsQh", "JsJh"])
    r.check_or_call(); r.check_or_call(); r.check_or_call()  # noqa: E702
    assert [(p.amount, p.eligible) for p in r.pots()] == [(12, (0, 1, 2, 3)), (66, (1, 2, 3))]
    _finish(r)
    assert r.winnings == (12, 66, 0, 0) and sum(r.stacks) == 903
    assert not any(e.kind == "return" for e in r.events)  # nothing is trimmed: the 2 over stay dead money


def test_ante_trimming_returns_an_ante_nobody_can_match():
    rules = PokerRules(seats=2, blinds=(10, 20), ante=10, min_bet=20, tournament=True)
    r = Round(rules, [1000, 4])
    r.post_forced_bets()
    # player 1 antes 4 (all-in): player 0's ante is trimmed to 4, the 6 over returned at once
    assert _kinds(r)[:3] == [("ante", 0, 10), ("ante", 1, 4), ("return", 0, 6)]
    assert r.contrib == (14, 4) and r.stacks == (986, 0)
    r.deal_hole_cards(["AsAh", "KsKh"])
    _finish(r)
    assert r.stacks == (1004, 0)


def test_side_pots_from_several_short_antes():
    rules = PokerRules(seats=5, blinds=(10, 20), ante=5, min_bet=20, odd_chip=OddChipRule.ALL_TO_FIRST_LEFT_OF_BUTTON)
    r = Round(rules, [2, 4, 100, 100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh", "QsQh", "JsJh", "Td8h"])
    for _ in range(3):
        r.check_or_call()
    # the antes make two side pots below the bets: 2 x 5, 2 more x 4, then the bets
    assert [(p.amount, p.eligible) for p in r.pots()] == [(10, (0, 1, 2, 3, 4)), (8, (1, 2, 3, 4)),
                                                          (63, (2, 3, 4))]
    _finish(r)
    assert r.winnings[:2] == (10, 8) and sum(r.stacks) == 306


def test_big_blind_ante_is_dead_money_with_or_without_trimming():
    for trimming in (True, False):
        rules = PokerRules(seats=3, blinds=(10, 20), bb_ante=20, min_bet=20, ante_trimming=trimming)
        r = Round(rules, [500, 30, 500])  # the big blind antes 20 and is all-in for 10 of his blind
        r.post_forced_bets()
        r.deal_hole_cards(["AsAh", "KsKh", "QsQh"])
        r.check_or_call(); r.check_or_call()  # noqa: E702
        assert [(p.amount, p.eligible) for p in r.pots()] == [(50, (0, 1, 2)), (20, (0, 2))]


@settings(max_examples=40, deadline=None)
@given(stacks=st.lists(st.integers(1, 40), min_size=3, max_size=6), ante=st.integers(1, 8),
       trimming=st.booleans(), seed=st.integers(0, 2**32), script=st.lists(st.sampled_from("ffccr"), max_size=30))
def test_ante_trimming_conserves_chips_and_pokerkit_agrees(stacks, ante, trimming, seed, script):
    """Every chip posted is paid out, and pokerkit replays the PHH record (its ``ante_trimming_status``
    written by pyeval) to the same finishing stacks. The blinds are posted in full (a blind all-in
    for less is a separate difference: pyeval keeps the full blind as the amount to call)."""
    stacks = [max(stacks[0], ante + 2), max(stacks[1], ante + 3), *stacks[2:]]
    rules = PokerRules(seats=6, blinds=(1, 2), ante=ante, min_bet=2, ante_trimming=trimming, tournament=True,
                       odd_chip=OddChipRule.ALL_TO_FIRST_LEFT_OF_BUTTON)
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    r = Round(rules, stacks, shoe)
    r.run_dealer()
    moves = iter(script)
    while not r.complete:
        if r.actor is None:
            r.run_dealer()
            continue
        m = next(moves, "c")
        bo = r.betting_options()
        assert bo is not None
        # a raise some opponent can call beyond the current bet (pokerkit refuses others: docs/holdem.md)
        callable_raise = any(r.bets[i] + r.stacks[i] > r.bet_to for i in range(r.n) if i != bo.player and not r.folded[i])
        if m == "r" and bo.can_raise and callable_raise:
            r.bet_or_raise_to(bo.max_to)
        elif m == "f" and not bo.can_check:
            r.fold()
        else:
            r.check_or_call()
        assert sum(r.stacks) + r.pot_total == sum(stacks)
    assert sum(r.stacks) == sum(stacks) and sum(r.winnings) == r.pot_total
    assert all(s >= 0 for s in r.stacks)
    # § 637a.8(b)(5)(i), trimmed or not: nobody wins more than he could have been matched for
    c = r.contrib
    assert all(r.winnings[i] <= sum(min(cj, c[i]) for cj in c) for i in range(r.n)), (c, r.winnings)
    text = phh.dumps(phh.from_round(r))
    assert f"ante_trimming_status = {'true' if trimming else 'false'}" in text
    assert phh.loads(text)[0].replay().stacks == r.stacks
    winners: dict[object, set[int | None]] = {}
    for e in r.events:
        if e.kind == "award":
            winners.setdefault(e.detail, set()).add(e.player)
    if any(len(w) > 1 for w in winners.values()):
        return  # a split pot: pokerkit merges pots and places odd chips its own way (docs/holdem.md)
    if not trimming and min(stacks) < ante:
        return  # pokerkit (status false) lets a player all-in on a short ante win every ante: § 637a.8(b)(5)(i) does not
    notation = pytest.importorskip("pokerkit.notation")
    state = list(notation.HandHistory.loads(text))[-1]
    assert tuple(state.stacks) == r.stacks, text


def test_ante_trimming_phh_round_trip_and_pokerkit_default():
    rules = PokerRules(seats=3, blinds=(1, 2), ante=5, min_bet=2, ante_trimming=False)
    r = Round(rules, [3, 50, 50])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh", "QsQh"])
    _finish(r)
    hh = phh.from_round(r)
    assert hh.extra["ante_trimming_status"] is False
    back = phh.loads(phh.dumps(hh))[0]
    assert back.table_rules().ante_trimming is False and back.replay().stacks == r.stacks
    del back.extra["ante_trimming_status"]  # absent: pokerkit's default, dead antes
    assert back.table_rules().ante_trimming is False
    back.extra["ante_trimming_status"] = "yes"
    with pytest.raises(Exception, match="ante_trimming_status must be true or false"):
        back.table_rules()


# ---------------------------------------------------------------------- chips not convertible
@pytest.mark.parametrize("kwargs, what", [({"rake_bps": 500}, "no rake"), ({"rake_cap": 3}, "no rake"),
                                          ({"chip_value": "0.25"}, "no cash")])
def test_tournament_rules_refuse_cash_settings(kwargs, what):
    with pytest.raises(TableRulesError, match=what) as exc:
        PokerRules(tournament=True, **kwargs)
    assert R_TOURNAMENT in str(exc.value)


def test_tournament_odd_chips_have_no_dollar_cap():
    assert PokerRules(tournament=True).odd_units_per_player is None
    assert PokerRules().odd_units_per_player == 1 and PokerRules().chips_convertible
    assert not PokerRules(tournament=True).chips_convertible


def _table() -> Table:
    t = Table(PokerRules(seats=4, blinds=(1, 2), min_bet=2, tournament=True), {1: 100, 2: 100, 3: 100},
              shoe=Shoe(seed=4))
    t.place_button()
    return t


def _table_state(t: Table) -> object:
    return copy.deepcopy({k: v for k, v in vars(t).items() if k not in ("shoe", "_shoe", "_round")})


def test_tournament_player_cannot_leave_with_chips_and_nothing_changes():
    t = _table()
    before = _table_state(t)
    with pytest.raises(TournamentChipsError, match="tournament chips are not cash") as exc:
        t.leave(2)
    assert exc.value.rule == R_TOURNAMENT and isinstance(exc.value, IllegalActionError)
    assert _table_state(t) == before
    t._stacks[2] = 0  # eliminated: he leaves with nothing
    assert t.leave(2) == 0 and 2 not in t.stacks


def test_tournament_round_cannot_be_written_as_money_and_nothing_changes():
    t = _table()
    r = t.start_round()
    r.run_dealer()
    _finish(r)
    snap = r.snapshot()
    with pytest.raises(TournamentChipsError, match="writing the chips as USD"):
        to_pokerstars(r, currency="USD")
    assert r.snapshot() == snap
    assert to_pokerstars(r).startswith("PokerStars Hand #1: Tournament #1, Freeroll Hold'em No Limit - Level I (1/2)")


def test_tournament_board_is_run_once_and_nothing_changes():
    r = Round(PokerRules(seats=2, blinds=(1, 2), min_bet=2, tournament=True), [20, 20])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh"])
    r.bet_or_raise_to(20)
    r.check_or_call()
    snap = r.snapshot()
    assert not r.can_run_it(2)
    with pytest.raises(IllegalActionError, match="run once only"):
        r.run_it(2)
    assert r.snapshot() == snap


def test_tournament_all_in_hands_are_tabled():
    for tournament in (True, False):
        r = Round(PokerRules(seats=3, blinds=(1, 2), min_bet=2, tournament=tournament), [20, 40, 40])
        r.post_forced_bets()
        r.deal_hole_cards(["AsAh", "KsKh", "QsQh"])
        r.bet_or_raise_to(20)
        r.check_or_call()
        r.check_or_call()
        for b in BOARD:
            if r.actor is not None:
                r.check_or_call(); r.check_or_call()  # noqa: E702
            r.deal_board(b)
        r.check_or_call(); r.check_or_call()  # noqa: E702
        assert r.showdown_order()
        if tournament:
            snap = r.snapshot()
            assert not r.can_muck()
            with pytest.raises(IllegalActionError, match="tabled"):
                r.muck()
            assert r.snapshot() == snap
        else:
            assert r.can_muck() or r.showdown_order()[0] != 0


def _all_in_at_showdown(**kw) -> Round:
    r = Round(PokerRules(seats=3, blinds=(1, 2), min_bet=2, tournament=True, **kw), [20, 40, 40])
    r.post_forced_bets()
    r.deal_hole_cards(["2s8h", "KsKh", "QsQh"])
    r.bet_or_raise_to(20)
    r.check_or_call()
    r.check_or_call()
    for b in BOARD:
        if r.actor is not None:
            r.check_or_call(); r.check_or_call()  # noqa: E702
        r.deal_board(b)
    r.check_or_call(); r.check_or_call()  # noqa: E702
    return r


def test_a_tables_tournament_all_in_show_rule_is_its_own():
    """``tournament_all_in_show=False``: a room whose tournament records let a hand be mucked at an
    all-in (PokerStars) is replayed under its own rule; the default tables every hand."""
    assert PokerRules().tournament_all_in_show is True
    assert not _all_in_at_showdown().can_muck()
    r = _all_in_at_showdown(tournament_all_in_show=False)
    first = r.showdown_order()[0]
    r.show(first)
    assert r.can_muck()  # the next hand is not needed: the cash-game showdown (§ 637a.18(e))
    r.muck()
    with pytest.raises(TableRulesError, match="tournament_all_in_show"):
        PokerRules(tournament=True, tournament_all_in_show=1)  # type: ignore[arg-type]


def test_tournament_all_in_show_phh_field_round_trips():
    r = _all_in_at_showdown(tournament_all_in_show=False)
    while r.showdown_order():
        if r.can_muck():
            r.muck()
        else:
            r.show(r.showdown_order()[0])
    r.award()
    hh = phh.from_round(r)
    assert hh.extra["_pyeval_tournament_all_in_show"] is False
    (back,) = phh.loads(phh.dumps(hh))
    assert back.table_rules().tournament_all_in_show is False and phh.check_replay(back).matches
    del back.extra["_pyeval_tournament_all_in_show"]  # the default tables every hand: the muck is refused
    with pytest.raises(IllegalHandHistoryError, match="tabled"):
        back.replay(strict=True)


def test_cash_table_still_cashes_out():
    t = Table(PokerRules(seats=4, blinds=(1, 2), min_bet=2), {1: 100, 2: 100})
    assert t.leave(2) == 100
    PokerRules(rake_bps=500).check_convertible("cash out")  # a cash table: nothing to refuse


# ---------------------------------------------------------------------- sitting out
def test_sitting_out_player_posts_and_is_folded_at_his_first_turn():
    rules = PokerRules(seats=4, blinds=(10, 20), ante=5, min_bet=20, tournament=True)
    r = Round(rules, [500, 500, 500, 500], sitting_out=[0, 2])  # the small blind and the player under the gun
    r.post_forced_bets()
    assert ("blind", 0, 10) in _kinds(r) and ("ante", 2, 5) in _kinds(r)
    r.deal_hole_cards(["AsAh", "KsKh", "QsQh", "JsJh"])
    # player 2 is first to act: the dealer folds him at once; the turn passes to player 3
    assert _kinds(r)[-2:] == [("sit_out", 2, 0), ("fold", 2, 0)] and r.actor == 3
    r.bet_or_raise_to(60)
    assert _kinds(r)[-2:] == [("sit_out", 0, 0), ("fold", 0, 0)] and r.actor == 1  # the small blind's turn
    r.fold()
    r.award()
    assert r.stacks == (485, 475, 495, 545) and r.sitting_out == (0, 2)


def test_sitting_out_is_refused_in_cash_games():
    with pytest.raises(IllegalActionError, match="not dealt in"):
        Round(PokerRules(seats=3, blinds=(1, 2)), [50, 50, 50], sitting_out=[1])
    with pytest.raises(IllegalActionError, match="round indices"):
        Round(PokerRules(seats=3, blinds=(1, 2), tournament=True), [50, 50, 50], sitting_out=[3])


@pytest.mark.regulation("637a.8(a)", "637a.8(b)(4)")
def test_637a_8_a_b_4_tournament_table_deals_neither_a_player_away_nor_a_short_stack():
    """Tournament chips are named in § 637a.8(b)(4), and § 637a.8(a) deals only to players seated at
    the table: tournament mode keeps both (a Round built from an online record may still sit a
    player out, see test_sitting_out_player_posts_and_is_folded_at_his_first_turn)."""
    for tournament in (False, True):
        t = Table(PokerRules(seats=4, blinds=(5, 10), min_bet=10, tournament=tournament), {1: 100, 2: 100, 3: 100, 4: 3})
        t.place_button()
        t.step_away(1, AbsenceSafeguard.COVER)
        assert set(t.dealt_in()) == {2, 3}  # seat 1 away, seat 4 short of the 20 needed
        r = t.start_round()
        assert r.sitting_out == () and set(t.seats_in_round) == {2, 3}
    t = Table(PokerRules(seats=3, blinds=(5, 10), min_bet=10, min_table_stakes=50, tournament=True),
              {1: 40, 2: 100, 3: 100})
    t.place_button()
    assert set(t.dealt_in()) == {2, 3}  # the explicit min_table_stakes is honoured too


def test_sitting_out_phh_round_trip():
    rules = PokerRules(seats=4, blinds=(10, 20), ante=5, min_bet=20, tournament=True)
    r = Round(rules, [500, 500, 500, 500], sitting_out=[0, 2])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh", "QsQh", "JsJh"])
    r.bet_or_raise_to(60)
    r.check_or_call()
    _finish(r)
    hh = phh.from_round(r)
    assert hh.extra["_pyeval_sitting_out"] == [True, False, True, False] and hh.extra["_pyeval_tournament"] is True
    assert "p3 f" in hh.actions and "p1 f" in hh.actions  # the dealer's folds, as plain folds
    text = phh.dumps(hh)
    back = phh.loads(text)[0].replay()
    assert back.stacks == r.stacks and back.events == r.events
    notation = pytest.importorskip("pokerkit.notation")
    assert tuple(list(notation.HandHistory.loads(text))[-1].stacks) == r.stacks  # other readers: plain folds
    bad = phh.loads(text.replace('"p3 f"', '"p3 cc"'))[0]
    with pytest.raises(IllegalHandHistoryError, match="sits out"):
        bad.replay()


# ---------------------------------------------------------------------- PokerStars tournament hands
PS_TOURNAMENT = """PokerStars Hand #200000000050: Tournament #3000000002, $5+$0.50 USD Hold'em No Limit - Level X (100/200) - 2020/06/01 12:00:00 ET
Table '3000000002 4' 6-max Seat #4 is the button
Seat 1: Gus [away] (3000 in chips) is sitting out
Seat 2: Hal (850 in chips)
Seat 3: Finn (15 in chips)
Seat 4: Eve (5000 in chips)
Gus [away]: posts the ante 25
Hal: posts the ante 25
Finn: posts the ante 15 and is all-in
Eve: posts the ante 25
Gus [away]: posts small blind 100
Hal: posts big blind 200
*** HOLE CARDS ***
Dealt to Eve [Ah Kh]
Eve: raises 400 to 600
Gus [away]: folds
Hal: raises 225 to 825 and is all-in
Eve: calls 225
Finn: shows [7c 7d]
Hal: shows [Qs Qd]
Eve: shows [Ah Kh]
*** FLOP *** [Ac 9d 4s]
*** TURN *** [Ac 9d 4s] [Ts]
*** RIVER *** [Ac 9d 4s Ts] [7h]
*** SHOW DOWN ***
Eve collected 1780 from side pot
Finn collected 60 from main pot
*** SUMMARY ***
Total pot 1840 Main pot 60. Side pot 1780. | Rake 0
Board [Ac 9d 4s Ts 7h]
Seat 1: Gus [away] (small blind) folded before Flop
Seat 2: Hal (big blind) showed [Qs Qd] and lost with a pair of Queens
Seat 3: Finn showed [7c 7d] and won (60) with three of a kind, Sevens
Seat 4: Eve (button) showed [Ah Kh] and won (1780) with a pair of Aces
"""


def test_pokerstars_tournament_import_replays_in_tournament_mode():
    (h,) = parse_text(PS_TOURNAMENT)
    hh = h.hand
    assert h.verification.ok, h.verification.problems
    assert hh.extra["_pyeval_tournament"] is True and hh.extra["ante_trimming_status"] is True
    assert hh.players == ["Gus [away]", "Hal", "Finn", "Eve"]
    assert hh.extra["_pyeval_sitting_out"] == [True, False, False, False]
    rnd = hh.replay()
    assert rnd.rules.tournament and rnd.sitting_out == (0,)
    assert ("sit_out", 0, 0) in _kinds(rnd)
    assert list(rnd.stacks) == [2875, 0, 60, 5930] == hh.finishing_stacks
    from pyeval.hands_io.steps import steps
    assert list(steps(hh))[-1].table.stacks == (2875, 0, 60, 5930)  # stepping through it too
    # PHH round trip of the imported hand, and pokerkit reads the same stacks
    text = phh.dumps(hh)
    assert phh.loads(text)[0].replay().stacks == rnd.stacks
    notation = pytest.importorskip("pokerkit.notation")
    assert tuple(list(notation.HandHistory.loads(text))[-1].stacks) == rnd.stacks
    # and back out as PokerStars text, read again: still a tournament hand that verifies
    (again,) = parse_text(to_pokerstars(rnd, hh.players))
    assert again.verification.ok and again.hand.extra["_pyeval_tournament"] is True
    assert again.hand.extra["_pyeval_sitting_out"] == [True, False, False, False]


def test_pokerstars_tournament_player_back_in_time_is_not_sitting_out():
    text = PS_TOURNAMENT.replace("Gus [away]: folds\nHal: raises", "Gus [away]: calls 500\nHal: raises")
    (h,) = parse_text(text)
    assert "_pyeval_sitting_out" not in h.hand.extra  # he came back and played his hand


def test_pokerstars_tournament_with_rake_is_reported():
    (h,) = parse_text(PS_TOURNAMENT.replace("Eve collected 1780", "Eve collected 1770").replace(
        "| Rake 0", "| Rake 10"))
    assert not h.verification.ok
    assert any("no rake" in p for p in h.verification.problems)


# ---------------------------------------------------------------------- Full Tilt tournament hands
FT_TOURNAMENT = """Full Tilt Poker Game #33728900001: $5 + $0.50 Sit & Go (234567890), Table 1 - 100/200 Ante 25 - No Limit Hold'em - 12:00:00 ET - 2011/10/04
Seat 1: Gus [away] (3,000), is sitting out
Seat 2: Hal (850)
Seat 3: Finn (15)
Seat 4: Eve (5,000)
Gus [away] antes 25
Hal antes 25
Finn antes 15, and is all in
Eve antes 25
Gus [away] posts the small blind of 100
Hal posts the big blind of 200
The button is in seat #4
*** HOLE CARDS ***
Dealt to Eve [Ah Kh]
Eve raises to 600
Gus [away] folds
Hal raises to 825, and is all in
Eve calls 225
Finn shows [7c 7d]
Hal shows [Qs Qd]
Eve shows [Ah Kh]
*** FLOP *** [Ac 9d 4s]
*** TURN *** [Ac 9d 4s] [Ts]
*** RIVER *** [Ac 9d 4s Ts] [7h]
*** SHOW DOWN ***
Eve wins the side pot (1,780) with a pair of Aces
Finn wins the main pot (60) with three of a kind, Sevens
*** SUMMARY ***
Total pot 1,840 Main pot 60. Side pot 1,780. | Rake 0
"""


def test_fulltilt_tournament_sitting_out_player_is_dealt_in_and_folded():
    (h,) = parse_text(FT_TOURNAMENT)
    hh = h.hand
    assert h.verification.ok, h.verification.problems
    assert hh.extra["_pyeval_tournament"] is True and hh.extra["event"] == "Tournament #$5 + $0.50 Sit & Go (234567890)"
    assert hh.players == ["Gus [away]", "Hal", "Finn", "Eve"]
    assert hh.extra["_pyeval_sitting_out"] == [True, False, False, False]
    rnd = hh.replay()
    assert rnd.sitting_out == (0,) and ("sit_out", 0, 0) in _kinds(rnd)
    assert list(rnd.stacks) == [2875, 0, 60, 5930] == hh.finishing_stacks
    assert phh.loads(phh.dumps(hh))[0].replay().stacks == rnd.stacks
    back = FT_TOURNAMENT.replace("Gus [away] folds\nHal raises", "Gus [away] calls 500\nHal raises")
    back = back.replace("Eve calls 225", "Eve calls 225\nGus [away] folds")
    (h2,) = parse_text(back)
    assert "_pyeval_sitting_out" not in h2.hand.extra  # he came back and played his hand


# ---------------------------------------------------------------------- all in on the ante: no blind of 0
@pytest.mark.parametrize("stacks", [[5, 500, 500, 500], [500, 3, 500, 500], [4, 500]])
def test_a_blind_all_in_on_the_ante_posts_no_blind(stacks):
    rules = PokerRules(seats=len(stacks), blinds=(10, 20), ante=5, min_bet=20, tournament=True)
    r = Round(rules, stacks)
    r.post_forced_bets()
    assert all(e.amount for e in r.events if e.kind == "blind")  # nothing posts a blind of 0
    assert r.bet_to == 20
    r.deal_hole_cards(["AsAh", "KsKh", "QsQh", "JsJh"][:len(stacks)])
    _finish(r)
    names = [f"n{i}" for i in range(len(stacks))]
    text = to_pokerstars(r, names)
    assert " 0 and is all-in" not in text and "blind 0" not in text
    (h,) = parse_text(text)
    assert h.verification.ok, h.verification.problems
    assert h.hand.replay().stacks == r.stacks
    back = phh.loads(phh.dumps(phh.from_round(r)))[0].replay()
    assert back.stacks == r.stacks and back.events == r.events


def test_a_pokerstars_tournament_hand_where_an_all_in_player_mucks_replays_under_the_rooms_rule():
    """PokerStars' tournaments let an all-in hand be mucked at the showdown: its reader sets
    ``tournament_all_in_show = False`` (decision 029); the default would refuse the muck."""
    from pyeval.hands_io import verify
    from test_hands_io_rooms import OLD_STARS

    text = (OLD_STARS.replace("Bea: shows [Th Td] (two pair, Aces and Tens)\nCid: shows [7s Qh] (two pair, Aces and "
                              "Queens)\nCid collected 4225 from pot",
                              "Bea: shows [7s Qh] (two pair, Aces and Queens)\nCid: mucks hand\nBea collected 4225 from pot")
            .replace("Seat 2: Bea showed [Th Td] and lost with two pair, Aces and Tens",
                     "Seat 2: Bea showed [7s Qh] and won (4225) with two pair, Aces and Queens")
            .replace("Seat 3: Cid (button) showed [7s Qh] and won (4225) with two pair, Aces and Queens",
                     "Seat 3: Cid (button) mucked [Th Td]"))
    (h,) = parse_text(text)
    assert h.error is None and h.verification.ok, h.verification
    assert h.hand is not None and h.hand.extra["_pyeval_tournament_all_in_show"] is False
    del h.hand.extra["_pyeval_tournament_all_in_show"]
    again = verify(h.hand)
    assert not again.ok and "tabled" in again.problems[0]

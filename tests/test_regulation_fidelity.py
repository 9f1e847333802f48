"""Issue 26: the deviations a clause-by-clause review found, each a named scenario citing its clause
and failing on the old behaviour, and the smaller items (labels, rake cap, short deck, heads-up
record, agreed minimum at the legal floor)."""
from __future__ import annotations

import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval import Shoe
from pyeval import poker as pk
from pyeval.errors import IllegalActionError
from pyeval.headsup.round import HeadsUpRound, HeadsUpStreet, SequenceSource
from pyeval.headsup.rules import HeadsUpWager
from pyeval.poker import HeadsUpOrder, PokerRules, Round, Table, phh
from pyeval.poker.games import SHORT_DECK, ShortDeckSource

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_headsup_round import ANTE, RULES as HU_RULES, order  # noqa: E402
from test_poker_run_it import _pokerkit_runs  # noqa: E402

sys.path.pop(0)


# ---- § 637a.8(i): the big blind's or straddler's option ----------------------------------------------
@pytest.mark.regulation("637a.8(i)")
def test_637a_8_i_single_oversized_chip_in_the_big_blinds_option_is_a_check_with_change():
    """Everyone calls the big blind of 2; in his option he pushes out one 25 chip: the clause makes a
    single chip a call of the preceding bet (here nothing more: a check), the 25 handed back."""
    r = Round(PokerRules(seats=3, blinds=(1, 2), min_bet=2), [500, 500, 500])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh", "7h8h"])
    r.check_or_call()  # button calls 2
    r.check_or_call()  # small blind completes
    assert r.actor == 1 and r.betting_options().call_amount == 0  # the big blind's option
    ruling = r.rule_chip_placement(25, single_chip=True)
    assert (ruling.action, ruling.to, ruling.change, ruling.owed) == ("check", None, 25, 0)
    r.apply_ruling(ruling)
    assert r.stacks == (498, 498, 498) and r.bet_to == 2
    # announced, the same chip is a raise (the clause's "unless a raise has been verbally announced")
    r2 = Round(PokerRules(seats=3, blinds=(1, 2), min_bet=2), [500, 500, 500])
    r2.post_forced_bets()
    r2.deal_hole_cards(["AsAh", "KsKh", "7h8h"])
    r2.check_or_call()
    r2.check_or_call()
    assert r2.rule_chip_placement(25, single_chip=True, announced_raise=True)[:2] == ("raise", 27)


@pytest.mark.regulation("637a.8(i)")
def test_637a_8_i_single_oversized_chip_in_the_straddlers_option_is_a_check_with_change():
    r = Round(PokerRules(seats=4, blinds=(1, 2), straddle=4, min_bet=2), [500, 500, 500, 500])
    r.post_forced_bets()
    r.post_straddle()
    r.deal_hole_cards(["AsAh", "KsKh", "7h8h", "2c3d"])
    for _ in range(3):
        r.check_or_call()
    assert r.actor == 2 and r.bets[2] == 4 and r.betting_options().call_amount == 0
    ruling = r.rule_chip_placement(25, single_chip=True)
    assert (ruling.action, ruling.change) == ("check", 25)


# ---- § 637a.11(c)(2): three-handed to heads-up -----------------------------------------------------
@pytest.mark.regulation("637a.11(c)(2)")
def test_637a_11_c_2_button_moves_when_a_three_handed_table_goes_heads_up():
    """Seats 1, 2, 3; button 3. Seat 1 leaves: the next round's button is seat 2 (it used to stay on
    seat 3, which the moving-button rule chose to spare seat 2 a second big blind)."""
    for heads_up in HeadsUpOrder:
        t = Table(PokerRules(seats=6, heads_up=heads_up), {1: 100, 2: 100, 3: 100}, shoe=Shoe(seed=1))
        t.place_button()
        rnd = t.start_round()
        assert t.button == 3
        rnd.run_dealer()
        while not rnd.complete:
            rnd.fold() if rnd.actor is not None else rnd.run_dealer()
        t.end_round()
        t.leave(1)
        t.start_round()
        assert t.button == 2, heads_up


# ---- § 637a.11(k): run it k >= 3 times -------------------------------------------------------------
@pytest.mark.regulation("637a.11(k)")
def test_637a_11_k_a_200_chip_pot_run_three_times_splits_67_67_66():
    """The review's example: a 200-chip pot run three times, run 1 won by aces, runs 2 and 3 by
    kings. The parts are 67/67/66 (one odd chip to each of runs 1 and 2), never 68/66/66, which gave
    run 1's winner 2 odd chips ($2) over the $1 cap."""
    r = Round(PokerRules(seats=3, blinds=(1, 2), min_bet=2), [100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh"])
    r.bet_or_raise_to(100)
    r.check_or_call()
    assert r.pot_total == 200
    r.run_it(3)
    for cards in ("2c7d9s", "Jc", "3h", "2d7h9c", "Kc", "4c", "2h3s9d", "Kd", "5c"):
        r.deal_board(cards)
    r.run_dealer()
    awards = [(e.player, e.amount) for e in r.events if e.kind == "award"]
    assert awards == [(0, 67), (1, 67), (1, 66)]
    assert r.stacks == (67, 133)


@pytest.mark.regulation("637a.11(k)")
def test_637a_11_k_pokerkit_example_seed_262145_five_players_three_runs():
    """The differential example pyeval and pokerkit disagree on (issue 26): stacks (0, 81, 50, 3, 79)
    in pyeval, (0, 82, 50, 2, 79) in pokerkit. Run 1 of the 24-chip side pot is 8 chips tied three
    ways (players 1, 3, 4): 2 odd chips. With every odd chip to the first winner left of the button,
    pokerkit gives both to player 1, $2 of odd chips; § 637a.11(k) caps the excess at $1 (a chip is
    $1 here), so the second goes on to player 3. pyeval is right; the differential test now runs with
    cent chips, where the cap is 100 odd chips and never binds."""
    seed, players, times = 262145, 5, 3
    rng = random.Random(seed)
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    rules = PokerRules(seats=9, blinds=(1, 2), min_bet=2, odd_chip=pk.OddChipRule.ALL_TO_FIRST_LEFT_OF_BUTTON,
                       heads_up=HeadsUpOrder.BUTTON_SMALL_BLIND)
    r = Round(rules, [rng.randint(3, 60) for _ in range(players)], shoe)
    r.post_forced_bets()
    r.deal_hole_cards()
    while r.actor is not None:
        opts = r.betting_options()
        assert opts is not None
        if opts.can_raise and r.n_able_to_act > 1 and rng.random() < 0.5:
            r.bet_or_raise_to(opts.max_to)
        elif rng.random() < 0.85 or not opts.call_amount:
            r.check_or_call()
        else:
            r.fold()
    r.run_it(times)
    r.run_dealer()
    assert r.stacks == (0, 81, 50, 3, 79)
    run1_side = [(e.player, e.amount) for e in r.events if e.kind == "award" and e.detail == 1][:3]
    assert run1_side == [(1, 3), (3, 3), (4, 2)]  # no winner more than one odd chip ($1)
    pytest.importorskip("pokerkit")
    assert _pokerkit_runs(r) == (0, 82, 50, 2, 79)  # pokerkit: both odd chips to player 1


# ---- smaller items ---------------------------------------------------------------------------------
@pytest.mark.regulation("637a.8(c)", "637a.8(k)")
def test_637a_8_c_out_of_limit_announcement_is_labelled_a_house_rule():
    """§ 637a.8(c) binds an announcement within the limits; one outside them is brought to the limit
    by the house's rule, and the ruling says so (it used to cite the regulation for it)."""
    r = Round(PokerRules(seats=3, blinds=(1, 2), min_bet=2, max_bet=10), [500, 500, 500])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh", "7h8h"])
    high = r.rule_chip_placement(50, announced_to=50)
    assert high[:2] == ("raise", 12) and "house rule" in high.note and "637a.8(c)" not in high.note
    low = r.rule_chip_placement(3, announced_to=3)
    assert low[:2] == ("raise", 4) and "house rule" in low.note
    within = r.rule_chip_placement(8, announced_to=8)
    assert within[:2] == ("raise", 8) and "637a.8(c)" in within.note and "house rule" not in within.note


def test_short_deck_table_with_a_52_card_shoe_is_refused_before_any_chip_moves():
    """It used to deal 2..5s that a short-deck hand cannot score, and stop at the award with chips
    in the pot. A Table is refused at start_round, nothing changed."""
    rules = PokerRules(seats=6, blinds=(1, 2), variant=SHORT_DECK)
    with pytest.raises(IllegalActionError, match="36-card deck"):
        Round(rules, [100, 100], Shoe(seed=1))
    t = Table(rules, {1: 100, 2: 100}, shoe=Shoe(seed=1, ordered=True))  # the button card: order is not the point here
    t.place_button()
    with pytest.raises(IllegalActionError, match="36-card deck"):
        t.start_round()
    assert not t.in_round and t.stacks == {1: 100, 2: 100}

    class Plain:  # any other source dealing low cards is refused at the deal, before the cards are held
        def deal(self, k: int) -> tuple[int, ...]:
            return tuple(range(k))

        def burn(self) -> int:
            return 51

    r = Round(rules, [100, 100], Plain())
    r.post_forced_bets()
    before = r.snapshot()
    with pytest.raises(IllegalActionError, match="36-card deck"):
        r.deal_hole_cards()
    assert r.snapshot() == before
    ok = Round(rules, [100, 100], ShortDeckSource(Shoe(seed=1, ordered=True)))
    ok.run_dealer()  # the right source deals


@pytest.mark.regulation("677a.11(f)", "677a.11(i)")
def test_677a_11_f_heads_up_fold_with_an_optional_wager_records_ante_and_odds_once():
    """The fold's collect event holds the Ante and Odds (§ 677a.11(f)); the later settle event of the
    hand tucked under the Pocket Bonus holds only the (i) wager; the settlement lists all three."""
    rnd = HeadsUpRound(HU_RULES)
    rnd.place_wagers(1, ANTE, ANTE, 5, 0)
    src = SequenceSource(order(["7c 7d"], "Ah Ad", "Ks Qs 2c 3d 9h"))
    rnd.deal(src)
    for street in (HeadsUpStreet.PREFLOP, HeadsUpStreet.FLOP, HeadsUpStreet.RIVER):
        if street is HeadsUpStreet.FLOP:
            rnd.burn_and_flop(src)
        elif street is HeadsUpStreet.RIVER:
            rnd.burn_turn_and_river(src)
        rnd.decide(0)
    rnd.expose_dealer()
    rnd.settle()
    wagers = [r.wager for e in rnd.events if e.kind == "collect" for r in e.detail]
    wagers += [r.wager for e in rnd.events if e.kind == "settle" for r in e.detail.results]
    assert wagers.count(HeadsUpWager.ANTE) == 1 and wagers.count(HeadsUpWager.ODDS) == 1
    settle = [e for e in rnd.events if e.kind == "settle"]
    assert [r.wager for r in settle[0].detail.results] == [HeadsUpWager.POCKET_BONUS]
    assert settle[0].amount == 15
    collect = sum(e.amount for e in rnd.events if e.kind == "collect")
    assert collect == 2 * ANTE and rnd.settlement.players[0].net == 15 - 2 * ANTE


@pytest.mark.regulation("637a.8(k)", "637a.8(b)(4)")
def test_637a_8_k_agreed_minimum_works_when_the_posted_stakes_sit_at_the_legal_floor():
    """min_table_stakes at the floor (blind 10 + minimum bet 10 = 20): agreeing a minimum of 15 used
    to be refused (the posted stakes fell below the new floor); the stakes needed rise with it
    (§ 637a.8(b)(4): one bet at the minimum in force)."""
    rules = PokerRules(seats=4, blinds=(5, 10), min_bet=10, min_table_stakes=20, max_min_bet_increase=10)
    t = Table(rules, {1: 100, 2: 100, 3: 22})
    t.agree_minimum_bet(15, [1, 2, 3])
    assert t.rules.min_bet == 15 and t.rules.required_stakes == 25
    t.place_button()
    assert set(t.dealt_in()) == {1, 2}  # 22 no longer covers the blind and one bet of 15
    t.restore_posted_minimum()
    assert t.rules.required_stakes == 20 and set(t.dealt_in()) == {1, 2, 3}


@pytest.mark.regulation("637a.8(b)(5)(i)")
def test_637a_8_b_5_i_phh_record_with_an_ante_and_no_trimming_field_keeps_the_clause():
    """The PHH reader reads a record with an ante and no ``ante_trimming_status`` as untrimmed
    (pokerkit's default): the all-in player on a short ante still wins only what he matched."""
    rules = PokerRules(seats=4, blinds=(10, 20), ante=5, min_bet=20, ante_trimming=False)
    r = Round(rules, [3, 200, 300, 400])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh", "QsQh", "JsJh"])
    for _ in range(3):
        r.check_or_call()
    while not r.complete:
        if r.actor is not None:
            r.check_or_call()
        else:
            r.run_dealer() if r.source is not None else (r.deal_board({0: "2c7d9s", 3: "3h", 4: "4d"}[len(r.board)])
                                                         if r.can_deal_board() else (r.show() if r.showdown_queue else r.award()))
    text = phh.dumps(phh.from_round(r)).replace("ante_trimming_status = false\n", "")
    assert "ante_trimming_status" not in text
    back = phh.loads(text)[0].replay()
    assert back.rules.ante_trimming is False and back.winnings[0] == 12 and back.stacks == r.stacks


def test_a_run_it_pot_cut_follows_the_odd_chip_rule_and_its_cap():
    """The cut of a pot into runs is split_pot among the runs: one odd chip per run by default; all to
    run 1 up to the $1 cap with ALL_TO_FIRST; uncapped with cent chips."""
    assert pk.pots.split_pot(202, range(3)) == {0: 68, 1: 67, 2: 67}
    assert pk.pots.split_pot(200, range(3), odd_to_first=True, max_odd_per_winner=1) == {0: 67, 1: 67, 2: 66}
    assert pk.pots.split_pot(200, range(3), odd_to_first=True, max_odd_per_winner=100) == {0: 68, 1: 66, 2: 66}
    assert PokerRules(chip_value=Fraction(1, 100)).odd_units_per_player == 100


@pytest.mark.regulation("637a.11(b)")
def test_637a_11_b_each_player_dealt_in_places_the_posted_ante():
    """§ 637a.11(b): each participating player may be required to place the posted Ante: every
    player dealt in posts it (a short stack what he has, all-in) before any card."""
    r = Round(PokerRules(seats=4, blinds=(1, 2), ante=3, min_bet=2), [100, 2, 100, 100])
    r.post_forced_bets()
    antes = {e.player: e.amount for e in r.events if e.kind == "ante"}
    assert antes == {0: 3, 1: 2, 2: 3, 3: 3}
    assert r.contrib == (4, 2, 3, 3)  # player 1, all-in on the ante, posts no blind


@pytest.mark.regulation("637a.8(b)(5)(ii)")
@pytest.mark.usefixtures("engine_paths")
def test_637a_8_b_5_ii_the_dealer_deals_all_in_players_every_remaining_card():
    """Two players all-in before the flop: the dealer's steps still deal them the whole board (a
    burn and the flop, turn and river) and the hands are scored on it."""
    shoe = Shoe(seed=3)
    shoe.shuffle()
    r = Round(PokerRules(seats=3, blinds=(1, 2), min_bet=2), [50, 100, 100], shoe)
    r.run_dealer()
    r.fold()  # the button
    r.bet_or_raise_to(50)  # the small blind all-in
    r.check_or_call()  # the big blind calls
    assert r.actor is None and r.board == ()
    r.run_dealer()
    assert r.complete and len(r.board) == 5 and sum(1 for e in r.events if e.kind == "burn") == 3
    assert sum(r.winnings) == 100 == r.pot_total  # the button folded before posting anything


@pytest.mark.regulation("637a.8(b)(1)")
def test_637a_8_b_1_a_bet_is_limited_to_the_table_stakes_in_front_of_the_player():
    r = Round(PokerRules(seats=3, blinds=(1, 2), min_bet=2), [50, 100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAh", "KsKh", "7h8h"])
    before = r.snapshot()
    with pytest.raises(IllegalActionError, match=r"only the table stakes.*637a\.8\(b\)\(1\)"):
        r.bet_or_raise_to(101)  # the button has 100
    assert r.snapshot() == before
    r.bet_or_raise_to(100)  # all of them
    assert r.stacks[2] == 0


@pytest.mark.regulation("637a.8(b)(6)(i)")
def test_637a_8_b_6_i_stakes_that_grew_while_away_are_not_verified():
    """The floorperson verifies the stakes have not changed: more chips than recorded (with nothing
    won in play) fail the check as much as fewer (the check used to accept any growth)."""
    t = Table(PokerRules(seats=4, blinds=(1, 2), min_bet=2), {1: 100, 2: 100, 3: 100})
    t.step_away(3)
    assert not t.return_to_table(3, counted=150).verified
    t.step_away(3)
    assert not t.return_to_table(3, counted=60).verified
    t.step_away(3)
    assert t.return_to_table(3, counted=100).verified


# ---- opt-in modes keep the seed clauses: differential and property checks ---------------------------
@settings(max_examples=60, deadline=None)
@given(stacks=st.dictionaries(st.integers(1, 6), st.integers(1, 60), min_size=2, max_size=6),
       away=st.sets(st.integers(1, 6), max_size=3), mts=st.one_of(st.none(), st.integers(0, 40)))
@pytest.mark.regulation("637a.8(a)", "637a.8(b)(4)")
def test_tournament_mode_deals_in_exactly_as_the_cash_table(stacks, away, mts):
    """Differential: for any seating, absences and posted min_table_stakes, a tournament table deals
    in the same seats as a cash table -- those seated at the table (§ 637a.8(a)) with the required
    stakes (§ 637a.8(b)(4)), placed by the same button rule."""
    kw = {"seats": 6, "blinds": (5, 10), "min_bet": 10}
    least = PokerRules(**kw).forced_bets_and_one_bet
    if mts is not None:
        kw["min_table_stakes"] = least + mts
    dealt = []
    for tournament in (False, True):
        t = Table(PokerRules(tournament=tournament, **kw), dict(stacks))
        for s in away & set(stacks):
            t.step_away(s)
        t.place_button()
        dealt.append(t.dealt_in())
        need = t.rules.required_stakes
        assert all(stacks[s] >= need and s not in away for s in dealt[-1])
    assert dealt[0] == dealt[1]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), times=st.integers(2, 6),
       to_first=st.booleans())
@pytest.mark.regulation("637a.11(k)")
def test_run_it_k_times_never_gives_one_run_more_than_a_dollar_of_odd_chips(seed, players, times, to_first):
    """Property of the run-it mode against § 637a.11(k): every pot (after rake) is cut into runs whose
    parts differ from an equal share by less than $1 each (one odd chip with $1 chips)."""
    rng = random.Random(seed)
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, odd_chip=(pk.OddChipRule.ALL_TO_FIRST_LEFT_OF_BUTTON
                                                                    if to_first else pk.OddChipRule.LEFT_OF_BUTTON))
    r = Round(rules, [rng.randint(5, 80) for _ in range(players)], shoe)
    r.run_dealer()
    while r.actor is not None:
        o = r.betting_options()
        assert o is not None
        r.bet_or_raise_to(o.max_to) if o.can_raise else r.check_or_call()
    if not r.can_run_it(times):
        return
    pots = r.pots()
    r.run_it(times)
    r.run_dealer()
    for k, pot in enumerate(pots):
        parts = [e.amount for e in r.events if e.kind == "award" and e.detail == k]
        assert sum(parts) == pot.amount
        # one run's part is at most an equal share and one odd chip, so is each award from it
        assert max(parts) <= pot.amount // times + 1, (pot, parts)

"""Decision 037: betting rules real rooms deal under, as table configuration with the defaults kept:
fixed-limit short all-ins (``LimitShortAllIn.HALF_BET_AS_FULL``, ``COMPLETE``), stud's open-pair
big bet (``PokerRules.open_pair_big_bet``), a stud leader the record names when up cards are
unknown, and each room's house rules (``pyeval.hands_io._house_rules``). Every hand here is written
for this file (modelled on the rooms' layouts)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from pyeval.errors import IllegalActionError, OutOfTurnError, TableRulesError
from pyeval.hands_io import parse_text
from pyeval.hands_io._house_rules import HOUSE_RULES, SETTINGS, house_rules
from pyeval.poker import BettingStructure, LimitShortAllIn, PokerRules, Round, phh
from pyeval.poker.rules import OddChipRule
from pyeval.poker.games import RAZZ, STUD

FL = BettingStructure.FIXED_LIMIT


def _flop_round(rule: LimitShortAllIn, stacks: list[int]) -> Round:
    """Fixed limit 10/20, four players, everyone calls the big blind: the flop is dealt, p0 to act."""
    rules = PokerRules(seats=9, blinds=(5, 10), min_bet=10, structure=FL, limit_short_all_in=rule)
    r = Round(rules, stacks)
    r.post_forced_bets()
    r.deal_hole_cards(["2c3d", "AhQc", "KsKd", "7h7d"])
    for _ in range(4):
        r.check_or_call()
    r.deal_board("2h5h8c")
    return r


# ------------------------------------------------------------- fixed limit: short all-ins
@pytest.mark.regulation("637a.8(b)(5)(iii)", "637a.8(k)")
def test_half_bet_as_full_keeps_the_bets_on_the_limit_steps():
    """HALF_BET_AS_FULL (Bovada, iPoker): an all-in of half a bet or more counts as the full bet or
    raise it fell short of; the next raise is one bet above that, and a player who checked may raise."""
    r = _flop_round(LimitShortAllIn.HALF_BET_AS_FULL, [200, 16, 200, 200])
    r.check_or_call(0)
    r.bet_or_raise_to(6, 1)  # all in for 6 of a 10 bet: counts as the bet of 10
    opts = r.betting_options()
    assert opts is not None and (opts.min_to, opts.max_to) == (20, 20)
    r.check_or_call(2)
    r.check_or_call(3)
    assert r.actor == 0 and r.can_bet_or_raise_to(20)  # he checked: the betting is open to him again
    r.bet_or_raise_to(20, 0)
    # under half a bet: call it, or complete to one bet above the last full bet; not reopened
    r = _flop_round(LimitShortAllIn.HALF_BET_AS_FULL, [200, 200, 24, 200])
    r.bet_or_raise_to(10, 0)
    r.check_or_call(1)
    r.bet_or_raise_to(14, 2)
    opts = r.betting_options()
    assert opts is not None and (opts.min_to, opts.max_to) == (20, 20)
    r.check_or_call(3)
    assert r.actor == 0 and not r.can_bet_or_raise_to()


@pytest.mark.regulation("637a.8(b)(5)(iii)", "637a.8(k)")
def test_complete_lets_a_player_who_acted_complete_a_short_all_in():
    """COMPLETE (PokerStars): a raise to 20, an all-in to 25; everyone facing it, the raiser too, may
    call it or complete it to 30, nothing else. Under the default the raiser may only call."""
    r = _flop_round(LimitShortAllIn.COMPLETE, [200, 200, 35, 200])
    r.bet_or_raise_to(10, 0)
    r.bet_or_raise_to(20, 1)
    r.bet_or_raise_to(25, 2)  # all in: 5 short of a full raise
    opts = r.betting_options()
    assert opts is not None and (opts.min_to, opts.max_to) == (30, 30)
    r.check_or_call(3)
    r.check_or_call(0)
    assert r.actor == 1 and r.can_bet_or_raise_to(30) and not r.can_bet_or_raise_to(45)
    r.bet_or_raise_to(30, 1)  # a full raise: the betting is open again
    r.bet_or_raise_to(40, 3)
    assert r.raises == 3
    default = _flop_round(LimitShortAllIn.RAISE_FROM_ALL_IN, [200, 200, 35, 200])
    for p, to in ((0, 10), (1, 20), (2, 25)):
        default.bet_or_raise_to(to, p)
    default.check_or_call(3)
    default.check_or_call(0)
    assert default.actor == 1 and not default.can_bet_or_raise_to()
    with pytest.raises(IllegalActionError, match="not reopened"):
        default.bet_or_raise_to(30, 1)


@settings(max_examples=40, deadline=None)
@given(rule=st.sampled_from(list(LimitShortAllIn)), allin=st.integers(11, 29), who=st.integers(0, 3))
def test_fixed_limit_short_all_in_keeps_chips_and_limit_steps(rule: LimitShortAllIn, allin: int, who: int) -> None:
    """Whatever the short all-in rule: a bet of 10, an all-in for less than a full raise, everyone
    then raises whenever allowed at the one amount allowed; chips are kept, every full raise lands at
    most one bet above the bet it raised, and the round closes."""
    stacks = [300, 300, 300, 300]
    stacks[(who + 1) % 4] = allin + 10  # his blind 10 already posted
    r = _flop_round(rule, stacks)
    r.bet_or_raise_to(10, 0)
    for _ in range(40):
        if r.actor is None:
            break
        opts = r.betting_options()
        assert opts is not None
        if opts.can_raise and r.raises < 4:
            before = r.bet_to
            r.bet_or_raise_to(opts.min_to)
            assert opts.min_to <= before + 10 + 10  # never more than a step above the last full bet
        else:
            r.check_or_call()
    assert r.actor is None
    assert sum(r.stacks) + r.pot_total == sum(stacks)


# ------------------------------------------------------------- stud: an open pair on fourth street
def _stud(open_pair: bool = True, variant=STUD, stacks=(100, 100, 100)) -> Round:
    rules = PokerRules(seats=8, blinds=(), ante=1, bring_in=2, min_bet=5, structure=FL, variant=variant,
                       open_pair_big_bet=open_pair)
    r = Round(rules, list(stacks))
    r.post_forced_bets()
    r.deal_hole_cards(["2c3d9h", "4c5dKc", "6c7d4s"])
    r.post_bring_in()  # 4s
    r.check_or_call(0)
    r.check_or_call(1)
    return r


@pytest.mark.regulation("637a.8(k)")
def test_open_pair_on_fourth_street_allows_the_big_bet():
    """With an open pair showing on fourth street a bet or raise may be the small or the big bet;
    once one is the big bet the rest of the round is. Nothing in between."""
    r = _stud()
    r.deal_board(hole=["9d", "Ad", "Ks"])  # 9h 9d: an open pair, and it leads
    opts = r.betting_options()
    assert opts is not None and r.actor == 0 and (opts.min_to, opts.max_to) == (5, 10)
    with pytest.raises(IllegalActionError, match="small bet"):
        r.bet_or_raise_to(7, 0)
    r.bet_or_raise_to(5, 0)  # the small bet
    opts = r.betting_options()
    assert opts is not None and (opts.min_to, opts.max_to) == (10, 15)
    r.bet_or_raise_to(15, 1)  # raised by the big bet: big bets from here on
    opts = r.betting_options()
    assert opts is not None and (opts.min_to, opts.max_to) == (25, 25)
    r.check_or_call(2)
    r.check_or_call(0)
    r.deal_board(hole=["2h", "Ah", "3s"])  # fifth street: the big bet only
    opts = r.betting_options()
    assert opts is not None and (opts.min_to, opts.max_to) == (10, 10)


@pytest.mark.regulation("637a.8(k)")
def test_open_pair_big_bet_is_off_by_default_and_needs_a_pair():
    for r, cards in ((_stud(open_pair=False), ["9d", "Ad", "Ks"]), (_stud(), ["Td", "Ad", "Ks"])):
        r.deal_board(hole=cards)
        opts = r.betting_options()
        assert opts is not None and (opts.min_to, opts.max_to) == (5, 5)
        with pytest.raises(IllegalActionError, match="above the maximum"):
            r.bet_or_raise_to(10)
    with pytest.raises(TableRulesError, match="stud"):
        PokerRules(seats=6, blinds=(1, 2), min_bet=2, open_pair_big_bet=True)
    with pytest.raises(TableRulesError, match="bool"):
        PokerRules(seats=8, blinds=(), ante=1, bring_in=2, min_bet=5, structure=FL, variant=RAZZ,
                   open_pair_big_bet=1)  # type: ignore[arg-type]


# ------------------------------------------------------------- stud: the leader, up cards unknown
_UNKNOWN_UP = """
variant = "F7S"
antes = [1, 1, 1]
blinds_or_straddles = [0, 0, 0]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100, 100]
actions = ["d dh p1 ??????", "d dh p2 ??????", "d dh p3 ??????", "p3 pb", "p1 cc", "p2 cc",
           "d dh p1 ??", "d dh p2 ??", "d dh p3 ??", "p2 cc", "p3 cbr 5", "p1 f", "p2 f"]
finishing_stacks = [97, 97, 106]
"""


def test_the_record_names_the_stud_leader_when_up_cards_are_unknown():
    """Up cards nobody saw: the best showing hand cannot be told, so the record's first actor of
    the round leads (here p2, though the engine's guess, all tied, is p1); once anyone acted,
    the order is the table's again."""
    hh = phh.loads(_UNKNOWN_UP)[0]
    rnd = hh.replay()
    assert rnd.complete and rnd.stacks == (97, 97, 106)
    wrong = phh.loads(_UNKNOWN_UP.replace('"p2 cc", "p3 cbr 5", "p1 f", "p2 f"',
                                          '"p2 cc", "p1 cbr 5", "p2 f", "p3 f"'))[0]
    with pytest.raises(Exception, match="turn"):  # p3 acts after p2, not p1
        wrong.replay()


def test_known_up_cards_keep_the_showing_hand_leader():
    r = _stud()
    r.deal_board(hole=["9d", "Ad", "Ks"])
    assert r.actor == 0 and not r.can_check_or_call(1) and not r.can_fold(2)
    with pytest.raises(OutOfTurnError):
        r.check_or_call(1)


# ------------------------------------------------------------- PHH and the rooms
def test_new_settings_round_trip_through_phh():
    for rules in (PokerRules(seats=8, blinds=(), ante=1, bring_in=2, min_bet=5, structure=FL, variant=STUD,
                             open_pair_big_bet=True, limit_short_all_in=LimitShortAllIn.COMPLETE),
                  PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=FL,
                             limit_short_all_in=LimitShortAllIn.HALF_BET_AS_FULL)):
        r = Round(rules, [50, 50, 50])
        r.post_forced_bets()
        r.deal_hole_cards(["2c3d9h", "4c5dKc", "6c7d4s"] if rules.variant is STUD else ["2c3d", "4c5d", "6c7d"])
        hh = phh.from_round(r)
        text = phh.dumps(hh)
        assert "_pyeval_limit_short_all_in" in text
        read = phh.loads(text)[0].table_rules()
        assert (read.open_pair_big_bet, read.limit_short_all_in) == (rules.open_pair_big_bet, rules.limit_short_all_in)
    bad = phh.loads(_UNKNOWN_UP + '_pyeval_limit_short_all_in = "sometimes"\n')[0]
    with pytest.raises(Exception, match="complete"):
        bad.table_rules()


def test_house_rules_are_per_room_and_game():
    assert house_rules("PokerStars", "F7S") == {"_pyeval_limit_short_all_in": "complete",
                                                "_pyeval_open_pair_big_bet": True}
    assert house_rules("PokerStars", "FT") == {"_pyeval_limit_short_all_in": "complete"}
    assert house_rules("PokerStars", "NT") == {} == house_rules("no such room", "F7S")
    assert house_rules("Bovada", "F7S/8") == {"_pyeval_limit_short_all_in": "half-bet-as-full"}  # stud high only
    assert house_rules("Winamax", "NT") == {"_pyeval_odd_chip": "high-card-by-suit"} == house_rules("Winamax", "FO/8")
    for venue, entries in HOUSE_RULES.items():  # every entry is a valid table setting
        for games, name, value in entries:
            assert games in ("F", "F7S", "N", "P") and isinstance(value, SETTINGS[name]), venue


_STARS_STUD = """PokerStars Game #11111111111:  7 Card Stud Limit ($0.04/$0.08 USD) - 2011/04/18 2:21:35 CET [2011/04/17 20:21:35 ET]
Table 'Testing I' 8-max
Seat 1: alice ($1 in chips)
Seat 2: bob ($1 in chips)
alice: posts the ante $0.01
bob: posts the ante $0.01
*** 3rd STREET ***
Dealt to alice [Qh]
Dealt to bob [2d]
bob: brings in for $0.02
alice: calls $0.02
*** 4th STREET ***
Dealt to alice [Qh] [Qs]
Dealt to bob [2d] [3h]
Pair on board - a double bet is allowed
alice: bets $0.08
bob: calls $0.08
*** 5th STREET ***
Dealt to alice [Qh Qs] [7c]
Dealt to bob [2d 3h] [Ac]
alice: bets $0.08
bob: folds
Uncalled bet ($0.08) returned to alice
alice collected $0.22 from pot
alice: doesn't show hand
*** SUMMARY ***
Total pot $0.22 | Rake $0
Seat 1: alice collected ($0.22)
Seat 2: bob folded on the 5th Street
"""


def test_a_pokerstars_stud_hand_with_the_double_bet_replays():
    (h,) = list(parse_text(_STARS_STUD, "pokerstars"))
    assert h.hand is not None and h.hand.extra["_pyeval_open_pair_big_bet"] is True
    assert h.verification is not None and h.verification.ok, h.verification
    no_pair = _STARS_STUD.replace("[Qh] [Qs]", "[Qh] [Js]").replace("[Qh Qs] [7c]", "[Qh Js] [7c]")
    (h2,) = list(parse_text(no_pair, "pokerstars"))
    assert h2.verification is not None and not h2.verification.ok  # no pair: the big bet is refused


# ------------------------------------------------------------- chips the house adds to the pot
def _nl(stacks: list[int], structure: BettingStructure = BettingStructure.NO_LIMIT) -> Round:
    r = Round(PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=structure), stacks)
    r.post_forced_bets()
    return r


def test_house_money_goes_to_the_main_pot_and_counts_in_a_pot_limit_bet():
    r = _nl([100, 100, 100], BettingStructure.POT_LIMIT)
    assert not r.can_add_house_money(0) and not r.can_add_house_money(-5)
    r.add_house_money(20)
    assert r.pot_total == 23 and r.events[-1].kind == "house_money" and r.events[-1].player is None
    r.deal_hole_cards(["AsAd", "2c7d", "3h8s"])
    opts = r.betting_options()  # pot-limit: 2 to call, then the pot of 1 + 2 + 20 + 2
    assert opts is not None and opts.max_to == 2 + 25
    r.fold(2)
    r.fold(0)
    r.award()
    assert r.stacks == (99, 121, 100)  # the big blind takes the blinds and the house's 20


def test_house_money_is_shared_like_dead_money_and_survives_phh():
    r = _nl([10, 100, 100])
    r.add_house_money(9)
    r.deal_hole_cards(["AsAd", "AhAc", "2c7d"])
    r.bet_or_raise_to(10, 2)  # p2 raises; p0 is all in for 10 and p1 calls
    r.check_or_call(0)
    r.check_or_call(1)
    boards = ["2h5h8c", "9d", "Kc"]
    while not r.complete:
        if r.actor is not None:
            r.check_or_call()
        elif boards and r.can_deal_board():
            r.deal_board(boards.pop(0))
        elif r.showdown_queue:
            r.show()
        else:
            r.award()
    # the main pot (3 x 10 + the house's 9) is split by the two aces; p2's 7 and 2 lose it all
    assert r.stacks == (19 + 1, 90 + 19, 90) or r.stacks == (19, 90 + 20, 90)
    hh = phh.from_round(r)
    assert hh.extra["_house_money"] == 9
    back = phh.loads(phh.dumps(hh))[0].replay()
    assert back.stacks == r.stacks
    with pytest.raises(Exception, match="_house_money"):
        phh.loads(phh.dumps(hh).replace("_house_money = 9", "_house_money = -9"))[0].replay()


_GG_CASH_DROP = """Poker Hand #RC11111111: Hold'em No Limit ($0.01/$0.02) - 2021/04/12 07:43:21
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: ann ($2 in chips)
Seat 2: bea ($2 in chips)
Seat 3: cid ($2 in chips)
Cash Drop to Pot : total $0.2
bea: posts small blind $0.01
cid: posts big blind $0.02
*** HOLE CARDS ***
Dealt to ann
Dealt to bea
Dealt to cid
ann: raises $0.04 to $0.06
bea: folds
cid: folds
Uncalled bet ($0.04) returned to ann
*** SHOWDOWN ***
ann collected $0.25 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0 | Jackpot $0 | Bingo $0
Seat 1: ann (button) won ($0.25)
Seat 2: bea (small blind) folded before Flop
Seat 3: cid (big blind) folded before Flop
"""


def test_a_ggpoker_cash_drop_hand_replays():
    (h,) = list(parse_text(_GG_CASH_DROP, "ggpoker"))
    assert h.hand is not None and h.hand.extra["_house_money"] == 20, h.error
    assert h.verification is not None and h.verification.ok, h.verification


def test_the_export_states_table_rules_the_room_reader_would_not_apply():
    """A fixed-limit round under pyeval's default short all-in rule exported as PokerStars text says so
    (PokerStars' house rule is COMPLETE), and the importer replays it under the stated rule."""
    from pyeval.hands_io import to_pokerstars
    from pyeval.hands_io._house_rules import read_rules_line, rules_line

    r = _flop_round(LimitShortAllIn.RAISE_FROM_ALL_IN, [200, 200, 35, 200])
    for p, to in ((0, 10), (1, 20), (2, 25), (3, 35)):  # 35: one bet above the all-in (not COMPLETE's 30)
        r.bet_or_raise_to(to, p)
    for p in (0, 1):
        r.fold(p)
    r.deal_board("9d")
    r.deal_board("Kc")
    r.show()
    r.show()
    r.award()
    text = to_pokerstars(r, ["a", "b", "c", "d"])
    assert "pyeval table rules: limit_short_all_in=raise-from-all-in\n" in text
    (h,) = list(parse_text(text, "pokerstars"))
    assert h.verification is not None and h.verification.ok, (h.verification, text)
    (bad,) = list(parse_text(text.replace("=raise-from-all-in", "=sometimes"), "pokerstars"))
    assert bad.hand is None and "a table rule pyeval does not read" in (bad.error or "")
    stars = PokerRules(seats=9, blinds=(5, 10), min_bet=10, structure=FL, limit_short_all_in=LimitShortAllIn.COMPLETE)
    assert rules_line(stars, "PokerStars", "FT") is None  # the room's own rule: nothing to state
    assert read_rules_line("open_pair_big_bet=true", ValueError, 1) == {"open_pair_big_bet": True}
    assert read_rules_line("odd_chip=high-card-by-suit", ValueError, 1) == {"odd_chip": "high-card-by-suit"}
    odd = PokerRules(seats=9, blinds=(5, 10), min_bet=10, odd_chip=OddChipRule.HIGH_CARD_BY_SUIT)
    assert rules_line(odd, "PokerStars", "NT") == "pyeval table rules: odd_chip=high-card-by-suit"
    assert rules_line(odd, "Winamax", "NT") is None  # Winamax's own rule


# ------------------------------------------------------------- tournament: a player away, all in on his blind
_AWAY_ALL_IN = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [30, 60, 0]
min_bet = 60
starting_stacks = [815, 50, 2135]
actions = ["d dh p1 ????", "d dh p2 3h4s", "d dh p3 ????", "p3 cbr 120", "p1 f", "p2 f"]
finishing_stacks = [785, 0, 2215]
_pyeval_tournament = true
_pyeval_sitting_out = [false, true, false]
"""


def test_the_dealer_folds_a_player_away_all_in_on_his_blind():
    """He has no turn (all in on the big blind), so the room's record folds him where his turn would
    be; his 50 stay in the pot for the raiser, who gets his uncalled 70 back."""
    rnd = phh.loads(_AWAY_ALL_IN)[0].replay()
    assert rnd.complete and rnd.stacks == (785, 0, 2215)
    assert [e.kind for e in rnd.events if e.player == 1][-2:] == ["sit_out", "fold"]
    r = Round(PokerRules(seats=6, blinds=(30, 60), min_bet=60, tournament=True), [815, 50, 2135], sitting_out=[1])
    r.post_forced_bets()
    assert not r.can_fold_away(1)  # no cards yet
    r.deal_hole_cards(["2c3d", "3h4s", "AhAd"])
    assert not r.can_fold_away(0) and not r.can_fold_away(2)  # not away
    present = phh.loads(_AWAY_ALL_IN.replace("[false, true, false]", "[false, false, false]"))[0]
    with pytest.raises(Exception, match="fold"):
        present.replay()  # a player at the table all in has no fold


# ------------------------------------------------------------- a table of antes alone
def test_a_table_of_antes_alone_opens_left_of_the_button():
    """No blinds (a room's all-in-ante levels): only with an ante; the first player left of the
    button opens the first round with a bet of at least the minimum, or checks."""
    with pytest.raises(TableRulesError, match="needs an ante"):
        PokerRules(seats=6, blinds=(), min_bet=2)
    with pytest.raises(TableRulesError, match="needs a blind"):
        PokerRules(seats=6, blinds=(), ante=1, min_bet=2, bb_ante=1)
    rules = PokerRules(seats=6, blinds=(), ante=5, min_bet=10)
    r = Round(rules, [100, 100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["AsAd", "2c7d", "3h8s"])
    assert r.actor == 0 and r.can_check_or_call() and not r.can_bet_or_raise_to(9)
    for _ in range(3):
        r.check_or_call()
    assert r.actor is None and r.pot_total == 15
    hh = phh.from_round(r)
    assert hh.blinds_or_straddles == [0, 0, 0] and hh.antes == [5, 5, 5]
    assert phh.loads(phh.dumps(hh))[0].table_rules().blinds == ()


_ANTES_ONLY = """
variant = "NT"
antes = [10, 10]
blinds_or_straddles = [0, 0]
min_bet = 1
starting_stacks = [10, 10]
actions = ["d dh p1 Ah5s", "d dh p2 KcQd", "d db 2d4sQc", "d db Jd", "d db Ts", "p1 sm Ah5s", "p2 sm KcQd"]
finishing_stacks = [0, 20]
ante_trimming_status = true
"""


def test_an_all_in_ante_hand_replays():
    rnd = phh.loads(_ANTES_ONLY)[0].replay()
    assert rnd.complete and rnd.stacks == (0, 20)
    with pytest.raises(Exception, match="no blinds"):
        phh.loads(_ANTES_ONLY.replace("antes = [10, 10]", "antes = [0, 0]"))[0].replay()

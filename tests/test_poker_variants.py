"""The variant-driven round engine (pyeval.poker.Round with pyeval.poker.games): named scenarios
with hand-computed stacks, and hypothesis properties for every variant.

Sources: 58 Pa. Code § 637a.10 (Seven-card Stud), § 637a.12 (Omaha), § 637a.13 (Five-card Draw),
§ 637a.14 (Five-card Stud), § 637a.20 (Triple Draw), § 637a.21 (Badugi), § 637a.7(d) (high-low split
pots), § 637a.11(k) (odd chips). Their texts are not in our hands (``../shared/rules/poker.md``):
the engine follows the standard casino rules, every house choice a ``PokerRules`` field.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.cards import parse_cards
from pyeval.errors import IllegalActionError, OutOfTurnError, PyevalError
from pyeval.poker import BettingStructure, Round, PokerRules
from pyeval.shoe import Shoe
from pyeval.poker.games import (
    BADUGI,
    D27_SINGLE,
    D27_TRIPLE,
    OMAHA_HILO,
    RAZZ,
    STUD,
    STUD_HILO,
    VARIANTS,
)

FL, PL, NL = BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT


def _stud_rules(variant=STUD, **kw) -> PokerRules:
    return PokerRules(seats=8, blinds=(), ante=1, bring_in=2, min_bet=5, structure=FL, variant=variant, **kw)


def _check_down(r: Round) -> None:
    """Everyone checks or calls, every hand is shown, the pots are awarded (no more cards due)."""
    while not r.complete:
        if r.actor is not None:
            r.check_or_call()
        elif r.showdown_queue:
            r.show()
        else:
            r.award()


# ---------------------------------------------------------------------------- stud: bring-in
@pytest.mark.regulation("637a.10")
def test_637a_10_bring_in_lowest_up_card_suit_order_breaks_ties():
    r = Round(_stud_rules(), [100, 100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["KdKc2h", "AdAc2c", "9d9c5s"])  # two down, one up: 2h, 2c, 5s
    assert r.bring_in_player() == 1  # deuces tie; clubs are the lowest suit of "cdhs"
    with pytest.raises(OutOfTurnError):
        r.post_bring_in(0)
    r.post_bring_in()
    assert r.stacks == (99, 97, 99) and r.actor == 2
    # another declared suit order: hearts lowest
    r2 = Round(_stud_rules(suit_order="hcds"), [100, 100, 100])
    r2.post_forced_bets()
    r2.deal_hole_cards(["KdKc2h", "AdAc2c", "9d9c5s"])
    assert r2.bring_in_player() == 0


@pytest.mark.regulation("637a.10")
def test_637a_10_razz_bring_in_highest_up_card_aces_low():
    r = Round(_stud_rules(RAZZ), [100, 100, 100, 100])
    r.post_forced_bets()
    # up cards: As (an ace is low in razz), Kc, Kh, 9d: the kings tie, hearts above clubs
    r.deal_hole_cards(["2c3cAs", "4c5cKc", "6c7cKh", "8c8d9d"])
    assert r.bring_in_player() == 2
    r.post_bring_in()
    assert r.actor == 3 and r.stacks == (99, 99, 97, 99)


@pytest.mark.regulation("637a.10")
def test_637a_10_later_streets_led_by_best_showing_hand():
    r = Round(_stud_rules(), [100, 100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["2c3d9h", "4c5dKc", "6c7d4s"])
    r.post_bring_in()  # 4s is the lowest up card
    assert r.stacks[2] == 97
    r.check_or_call(0)  # calls the bring-in of 2
    r.check_or_call(1)
    assert r.actor is None
    r.deal_board(hole=["9d", "Ad", "Ks"])  # up: 9h 9d (a pair) / Kc Ad / 4s Ks
    assert r.actor == 0  # the pair of nines leads, though ace-king is higher
    r.check_or_call(0)
    r.check_or_call(1)
    r.check_or_call(2)
    r.deal_board(hole=["2h", "Ah", "3s"])  # up: 9 9 2 / K A A (a pair of aces) / 4 K 3
    assert r.actor == 1


@pytest.mark.regulation("637a.10")
def test_637a_10_razz_later_streets_led_by_best_low_showing():
    r = Round(_stud_rules(RAZZ), [100, 100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["KcKd3h", "QcQd2s", "JcJd6s"])
    r.post_bring_in()  # 6s is the highest up card
    assert r.stacks == (99, 99, 97)
    r.check_or_call(0)
    r.check_or_call(1)
    r.deal_board(hole=["Ad", "5d", "6c"])  # up: 3h Ad (3-A) / 2s 5d (5-2) / 6s 6c (a pair)
    assert r.actor == 0  # three-ace is the best low showing
    for p in (0, 1, 2):
        r.check_or_call(p)
    r.deal_board(hole=["8s", "3d", "2d"])  # 8-3-A / 5-3-2 / a pair of sixes
    assert r.actor == 1


# ---------------------------------------------------------------------------- draws
@pytest.mark.regulation("637a.13")
def test_637a_13_single_draw_stand_pat_and_draw_27_low():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=NL, variant=D27_SINGLE)
    r = Round(rules, [100, 100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["7c5dKhKs2h", "8h6h4h3d2d", "9c7d6s5cAh"])
    r.check_or_call(2)
    r.check_or_call(0)
    r.check_or_call(1)  # pot 6
    with pytest.raises(OutOfTurnError):  # nobody has discarded yet
        r.deal_board(hole=["4s3c", (), "Qd"])
    with pytest.raises(OutOfTurnError):
        r.discard("8h", player=1)  # the first player left of the button discards first
    with pytest.raises(IllegalActionError):
        r.discard("As", player=0)  # a card he does not hold
    r.discard("KhKs", player=0)
    r.discard((), player=1)  # stands pat
    r.discard("Ah", player=2)
    r.deal_board(hole=["4s3c", (), "Qd"])
    assert r.hole[0] == parse_cards("7c5d2h4s3c")  # the cards kept, then the draw
    assert r.hole[1] == parse_cards("8h6h4h3d2d")
    _check_down(r)
    # 7-5-4-3-2 (the best deuce-to-seven low) beats 8-6-4-3-2 and a queen-high
    assert r.stacks == (104, 98, 98)


@pytest.mark.regulation("637a.20")
def test_637a_20_triple_draw_several_draws():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=FL, variant=D27_TRIPLE)
    r = Round(rules, [50, 50, 50])
    r.post_forced_bets()
    r.deal_hole_cards(["KcKdQc7h2s", "8c6d5h4s3c", "JhJs9c4d3h"])
    r.check_or_call(2)
    r.check_or_call(0)
    r.check_or_call(1)  # pot 6
    for p, cards in ((0, "KcKd"), (1, ""), (2, "JhJs")):
        r.discard(cards, player=p)
    r.deal_board(hole=["Qd5c", (), "As6s"])  # p0: Qc7h2s Qd5c; p2: 9c4d3h As6s (an ace is high)
    r.bet_or_raise_to(2, 0)
    r.check_or_call(1)
    r.check_or_call(2)  # pot 12
    for p, cards in ((0, "QcQd"), (1, ""), (2, "As")):
        r.discard(cards, player=p)
    r.deal_board(hole=["4c3d", (), "Ks"])
    for p in (0, 1, 2):
        r.check_or_call(p)
    for p in (0, 1, 2):
        r.discard((), player=p)  # the third draw: everyone stands pat
    r.deal_board(hole=[(), (), ()])
    assert [e.kind for e in r.events].count("discard") == 9
    r.bet_or_raise_to(4, 0)
    r.check_or_call(1)
    r.fold(2)  # pot 20
    _check_down(r)
    # p0 7-5-4-3-2 beats p1 8-6-5-4-3
    assert r.stacks == (50 - 8 + 20, 42, 46)


@pytest.mark.regulation("637a.21")
def test_637a_21_badugi_draw_and_showdown():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=FL, variant=BADUGI)
    r = Round(rules, [30, 30])
    r.post_forced_bets()
    r.deal_hole_cards(["AcAd5h7s", "2c3d4hKh"])
    r.check_or_call()
    r.check_or_call()
    for cards in ("Ad", "Kh"):
        r.discard(cards)
    r.deal_board(hole=["9d", "Qs"])  # p0: A-5-7-9 badugi; p1: 2-3-4-Q badugi
    for _ in range(2):
        while r.actor is not None:
            r.check_or_call()
        for _ in range(2):
            r.discard(())
        r.deal_board(hole=[(), ()])
    _check_down(r)
    # a queen-high badugi loses to a nine-high badugi
    assert r.stacks == (32, 28)


@pytest.mark.regulation("637a.20")
def test_637a_20_reshuffle_when_the_stub_runs_short():
    # six players draw five cards each, three times: 30 dealt, a stub of 22; the first draw of 30
    # cards needs the discards of the players already served
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=FL, variant=D27_TRIPLE)
    shoe = Shoe(seed=11)
    shoe.shuffle()
    r = Round(rules, [40] * 6, shoe)
    r.post_forced_bets()
    r.deal_hole_cards()
    r.fold(2)  # his five cards are dead and may be reshuffled
    while r.actor is not None:
        r.check_or_call()
    for _ in range(3):
        while r._draw_queue:
            r.discard(r.hole[r._draw_queue[0]])  # everyone draws five
        dead_now = list(r._dead_cards)
        r.deal_board()
        while r.actor is not None:
            r.check_or_call()
    kinds = [e.kind for e in r.events]
    assert kinds.count("reshuffle") >= 2
    first = next(e for e in r.events if e.kind == "reshuffle")
    assert first.amount == len(dead_now) or first.amount > 0
    live_cards = [c for i in range(6) if not r.folded[i] for c in r.hole[i]]
    assert len(live_cards) == len(set(live_cards)) == 25  # no card in two hands
    r.run_dealer()
    assert r.complete and sum(r.stacks) == 240


@pytest.mark.regulation("637a.20")
def test_637a_20_reshuffle_impossible_changes_nothing():
    # ten players hold 50 cards: a draw of five cards each cannot be served, even with a reshuffle
    rules = PokerRules(seats=10, blinds=(1, 2), min_bet=2, structure=FL, variant=D27_TRIPLE)
    shoe = Shoe(seed=3)
    shoe.shuffle()
    r = Round(rules, [40] * 10, shoe)
    r.post_forced_bets()
    r.deal_hole_cards()
    while r.actor is not None:
        r.check_or_call()
    while r._draw_queue:
        r.discard(r.hole[r._draw_queue[0]])
    before, shoe_before = r.snapshot(), shoe.snapshot()
    with pytest.raises(PyevalError):
        r.deal_board()
    assert r.snapshot() == before and shoe.snapshot() == shoe_before


# ---------------------------------------------------------------------------- high-low split pots
def _omaha8(stacks: list[int], holes: list[str], **kw) -> Round:
    r = Round(PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=PL, variant=OMAHA_HILO, **kw), stacks)
    r.post_forced_bets()
    r.deal_hole_cards(holes)
    return r


def _omaha8_to_river(r: Round, board: list[str]) -> None:
    for cards in board:
        while r.actor is not None:
            r.check_or_call()
        r.deal_board(cards)
    _check_down(r)


@pytest.mark.regulation("637a.7(d)")
def test_637a_7_d_split_pot_odd_chip_to_the_high_half():
    r = _omaha8([100, 100, 100], ["7c7dTsJs", "AsKsQdJd", "2c3c9h9d"])
    r.check_or_call(2)
    r.fold(0)  # his small blind stays in the pot: 5
    _omaha8_to_river(r, ["4h5s8c", "Kd", "Kh"])
    # high: p1's three kings; low: p2's 8-5-4-3-2. 5 halves to 3 (high) + 2 (low).
    assert r.stacks == (99, 101, 100)
    assert r.winnings == (0, 3, 2)


@pytest.mark.regulation("637a.7(d)")
def test_637a_7_d_each_half_splits_its_own_odd_chips():
    r = _omaha8([100, 100, 100, 100], ["7c7dTsJs", "AsKsQdJd", "2c3c9h9d", "2d3dThJh"])
    r.check_or_call(2)
    r.check_or_call(3)
    r.fold(0)  # pot 7
    _omaha8_to_river(r, ["4h5s8c", "Kd", "Kh"])
    # high half 4 to p1; low half 3 split by p2 and p3 (the same 8-5-4-3-2): the odd unit to p2,
    # the first left of the button
    assert r.winnings == (0, 4, 2, 1)
    assert r.stacks == (99, 102, 100, 99)


@pytest.mark.regulation("637a.7(d)")
def test_637a_7_d_scoop_when_no_low_qualifies():
    r = _omaha8([100, 100, 100], ["7c7dTsJs", "AsKsQdJd", "2c3c4d4s"])
    r.check_or_call(2)
    r.fold(0)
    _omaha8_to_river(r, ["9s Tc Jc", "Kd", "Kh"])  # no three board cards of eight or lower
    assert r.winnings == (0, 5, 0)
    assert r.stacks == (99, 103, 98)


@pytest.mark.regulation("637a.10")
def test_637a_10_stud_high_low_split():
    r = Round(_stud_rules(STUD_HILO), [100, 100])
    r.post_forced_bets()
    r.deal_hole_cards(["AcAd9s", "2c3d5h"])  # 5h is the lowest up card
    r.post_bring_in()
    r.check_or_call()  # p0 calls the bring-in: pot 2 antes + 4 = 6
    assert r.actor is None
    for cards in (["Ah", "4h"], ["Ks", "7c"], ["Kd", "Qc"], ["2d", "Jd"]):
        r.deal_board(hole=cards)
        while r.actor is not None:
            r.check_or_call()
    _check_down(r)
    # p0: aces full of kings, no low; p1: 7-5-4-3-2 low (and no better high): 3 + 3
    assert r.stacks == (100, 100)


# ---------------------------------------------------------------------------- properties
def _rules_for(code: str) -> PokerRules:
    v = VARIANTS[code]
    if v.stud:
        return PokerRules(seats=7, blinds=(), ante=1, bring_in=1, min_bet=2, structure=FL, max_raises=4, variant=v)
    structure = NL if code in ("T", "5D", "2L1D") else PL if "O" in code else FL
    return PokerRules(seats=7, blinds=(1, 2), min_bet=2, structure=structure, variant=v,
                      max_raises=4 if structure is FL else None)


def _try_rejected(r: Round, shoe: Shoe, x: int) -> None:
    """Illegal steps raise a PyevalError and change nothing, round and shoe alike."""
    before, shoe_before = r.snapshot(), shoe.snapshot()
    attempts = [lambda: r.check_or_call((r.actor + 1) % r.n if r.actor is not None else 0),
                lambda: r.deal_board() if not r.can_deal_board() else r.add_chips(0, 1),
                lambda: r.award() if not r.can_award() else r.add_chips(0, 1),
                lambda: r.post_bring_in() if r.bring_in_player() is None else r.add_chips(0, 1)]
    if r.actor is not None:
        la = r.betting_options()
        attempts.append(lambda: r.bet_or_raise_to(la.max_to + 1 + x % 7))
    if r._draw_queue:
        p = r._draw_queue[0]
        absent = next(c for c in range(52) if c not in r.hole[p])
        attempts.append(lambda: r.discard([absent]))
    for attempt in attempts:
        with pytest.raises(PyevalError):
            attempt()
        assert r.snapshot() == before
        assert shoe.snapshot() == shoe_before


def _play(r: Round, shoe: Shoe, rng: random.Random) -> None:
    steps = 0
    while not r.complete:
        steps += 1
        assert steps < 500
        if rng.random() < 0.1:
            _try_rejected(r, shoe, rng.randrange(100))
        if r.actor is not None:
            la = r.betting_options()
            assert la.can_raise == (r._raise_block(la.player) is None)
            x = rng.random()
            if x < 0.12 and not la.can_check:
                r.fold()
            elif x < 0.8 or not la.can_raise:
                r.check_or_call()
            else:
                r.bet_or_raise_to(rng.randint(la.min_to, la.max_to))
        elif r._bring_in_due:
            r.post_bring_in()
        elif r.showdown_queue:
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


def _replay(rules: PokerRules, stacks: list[int], r: Round) -> Round:
    """Play the round again from its event record alone (explicit cards, no shoe)."""
    again = Round(rules, stacks)
    again.post_forced_bets()
    evs = [e for e in r.events if e.kind not in ("ante", "blind", "burn", "return", "award", "reshuffle")]
    again.deal_hole_cards([e.cards for e in evs[:r.n]])
    i = r.n
    while i < len(evs):
        e = evs[i]
        if e.kind in ("board", "hole"):  # one street: its board, or each player's new cards
            spec = rules.variant.streets[again.street + 1]
            if spec.board:
                again.deal_board(e.cards)
                i += 1
                continue
            hole: list[tuple[int, ...]] = [()] * r.n
            while i < len(evs) and evs[i].kind == "hole" and not hole[evs[i].player]:
                hole[evs[i].player] = evs[i].cards
                i += 1
            again.deal_board(hole=hole)
            continue
        if e.kind in ("show", "muck") and again.showdown_queue:
            (again.show if e.kind == "show" else again.muck)(e.player)
        elif again.can_deal_board() and not (e.kind == "discard" and again._draw_queue):
            again.deal_board(hole=[()] * r.n)  # a draw where every player stood pat
            continue
        elif e.kind == "bring_in":
            again.post_bring_in(e.player)
        elif e.kind == "fold":
            again.fold(e.player)
        elif e.kind in ("check", "call"):
            again.check_or_call(e.player)
        elif e.kind in ("bet", "raise"):
            again.bet_or_raise_to(e.amount, e.player)
        elif e.kind == "discard":
            again.discard(e.cards, e.player)
        else:  # pragma: no cover - every kind is handled above
            raise AssertionError(f"unexpected event {e}")
        i += 1
    while again.can_deal_board():
        again.deal_board(hole=[()] * r.n)
    again.award()
    return again


@pytest.mark.parametrize("code", sorted(VARIANTS))
@settings(max_examples=60, deadline=None)
@given(stacks=st.lists(st.integers(1, 120), min_size=2, max_size=6), seed=st.integers(0, 2**32))
def test_property_every_variant_conserves_chips_and_replays(code, stacks, seed):
    rules = _rules_for(code)
    shoe = Shoe(seed=seed)
    shoe.shuffle()
    r = Round(rules, stacks, shoe)
    r.post_forced_bets()
    r.deal_hole_cards()
    _play(r, shoe, random.Random(seed))
    assert r.complete
    assert sum(r.stacks) == sum(stacks)  # chips conserved to the chip
    assert min(r.stacks) >= 0
    assert sum(r.winnings) == sum(r.contrib)
    for p in r.pots():
        assert all(not r.folded[i] and not r.mucked[i] for i in p.eligible)
    live = [i for i in range(r.n) if not (r.folded[i] or r.mucked[i])]
    if len(live) >= 2:  # a showdown: every live hand holds the variant's cards
        assert all(len(r.hole[i]) == rules.variant.hole_cards for i in live)
        assert len(r.board) == sum(s.board for s in rules.variant.streets)
    again = _replay(rules, stacks, r)
    assert again.stacks == r.stacks
    assert [e for e in again.events if e.kind != "burn"] == [e for e in r.events if e.kind not in ("burn", "reshuffle")]

"""Regression tests for the poker-engine faults of issue 14 (items 6, 7, 8, 11, 12): each failed on
the code before the fix."""
from __future__ import annotations

import pytest

from pyeval import Shoe, evaluate, parse_cards
from pyeval.errors import (
    CardCountError,
    DuplicateCardError,
    IllegalActionError,
    InvalidCardError,
    OutOfTurnError,
    PyevalError,
    ShoeExhaustedError,
    TableRulesError,
)
from pyeval.poker import BettingStructure, PokerRules, Round
from pyeval.poker.games import OMAHA, OMAHA5, RAZZ, STUD, STUD_HILO, FIVE_CARD_DRAW
from pyeval.poker.state import RoundState

FL = BettingStructure.FIXED_LIMIT
_SOURCE = RoundState.__slots__.index("_source")


class ListSource:
    """A card source dealing a fixed list, whatever it holds (duplicates, bad ints): a broken shoe."""

    def __init__(self, cards):
        self.cards = list(cards)

    def burn(self):
        return self.cards.pop(0)

    def deal(self, k):
        out = tuple(self.cards[:k])
        del self.cards[:k]
        return out


def _round_state(r: Round) -> tuple:
    """The round's own state (the card source left out: a rejected deal may have consumed it)."""
    s = r.snapshot()
    return s[:_SOURCE] + s[_SOURCE + 1:]


def _play_out(r: Round) -> None:
    r.run_dealer()
    while not r.complete:
        if r.actor is not None:
            r.check_or_call()
        r.run_dealer()


# ---- item 6: the award is atomic, no pot without eligible players ------------------------------------
def _short_third_blind() -> Round:
    r = Round(PokerRules(seats=9, blinds=(2, 4, 5), bb_ante=6), [20, 20, 3, 20, 11])
    r.post_forced_bets()
    r.deal_hole_cards(["As Ks", "Qs Js", "Ts 9s", "8s 7s", "6s 5s"])
    while r.actor is not None:
        r.fold()
    return r


def test_item6_no_pot_without_an_eligible_player():
    r = _short_third_blind()
    assert all(p.eligible for p in r.pots())
    assert sum(p.amount for p in r.pots()) == r.pot_total


def test_item6_award_pays_once_and_conserves_chips():
    r = _short_third_blind()
    total = sum(r.starting_stacks)
    r.award()
    assert sum(r.stacks) == total  # 74 chips before, 74 after
    assert r.stacks[2] == 3 + 2 + 2  # the only live hand takes the dead ante and the folded blinds
    before = r.snapshot()
    with pytest.raises(OutOfTurnError):
        r.award()  # a second award is refused
    assert r.snapshot() == before and sum(r.stacks) == total


def test_item6_failed_award_changes_nothing():
    """An award that cannot be made (an unknown board card in a replay) raises and pays nothing."""
    r = Round(PokerRules(seats=6), [50, 50, 50])
    r.post_forced_bets()
    r.deal_hole_cards(["As Ks", "Qs Js", "Ts 9s"])
    while not r.complete and r.phase.value != "award":
        if r.actor is not None:
            r.check_or_call()
        elif r.can_deal_board():
            r.deal_board([-1] * (3 if not r.board else 1))
        else:
            r.show()
    before = r.snapshot()
    with pytest.raises(IllegalActionError, match="unknown"):
        r.award()
    assert r.snapshot() == before and not r.complete
    assert sum(r.stacks) + r.pot_total == 150


# ---- item 7: every card from a card source is validated; never award on an evaluator error ---------
@pytest.mark.parametrize("cards, exc", [
    ([0, 0, 1, 2], DuplicateCardError),        # a card twice
    ([0, 1, 96, 2], InvalidCardError),         # ints 96..99
    ([0, 1, -3, 2], InvalidCardError),
    ([0, 1, 2.0, 3], PyevalError),             # not an int
])
def test_item7_bad_hole_cards_from_the_source_are_refused(cards, exc):
    r = Round(PokerRules(seats=6), [50, 50], ListSource(cards + list(range(10, 30))))
    r.post_forced_bets()
    before = _round_state(r)
    with pytest.raises(exc):
        r.deal_hole_cards()
    assert _round_state(r) == before


def test_item7_short_deal_from_the_source_is_refused():
    class Short(ListSource):
        def deal(self, k):
            return super().deal(k - 1)

    r = Round(PokerRules(seats=6), [50, 50], Short(range(52)))
    r.post_forced_bets()
    with pytest.raises(CardCountError):
        r.deal_hole_cards()


@pytest.mark.parametrize("board", [[96, 97, 98, 99, 30], [20, 21, 22, 0, 30], [20, 21, 20, 23, 30]])
def test_item7_bad_board_from_the_source_is_never_scored(board):
    """A source returning ints 96..99 or cards already dealt: refused at the deal, never a split pot."""
    r = Round(PokerRules(seats=6), [50, 50], ListSource([0, 1, 2, 3, 40, *board[:3], 41, board[3], 42, board[4]]))
    r.run_dealer()
    r.check_or_call()
    r.check_or_call()
    with pytest.raises((InvalidCardError, DuplicateCardError)):
        while not r.complete:
            r.check_or_call() if r.actor is not None else r.run_dealer()
    assert not r.complete and sum(r.stacks) + r.pot_total == 100


def test_item7_omaha_bad_source_raises_a_pyeval_error():
    r = Round(PokerRules(seats=6, variant=OMAHA), [50, 50], ListSource(list(range(8)) + [40, 300, 301, 302] + list(range(20, 30))))
    with pytest.raises(PyevalError):
        _play_out(r)
    assert not r.complete


def test_item7_unknown_hole_cards_never_split_the_pot():
    r = Round(PokerRules(seats=6, variant=OMAHA), [50, 50])
    r.post_forced_bets()
    r.deal_hole_cards([[-1, -1, -1, -1], "As Ks Qs Js"])
    r.check_or_call()
    r.check_or_call()
    for cards in ("2c 3d 4h", "5s", "9d"):
        r.deal_board(cards)
        r.check_or_call()
        r.check_or_call()
    while r.can_show():
        try:
            r.show()
        except IllegalActionError:
            break
    before = r.snapshot()
    with pytest.raises(PyevalError):
        r.award()
    assert r.snapshot() == before


# ---- item 8: games that need more than one deck --------------------------------------------------------
@pytest.mark.parametrize("variant, most", [(STUD, 8), (RAZZ, 8), (STUD_HILO, 8), (OMAHA5, 8)])
def test_item8_tables_needing_more_than_52_cards_are_refused(variant, most):
    kw = dict(blinds=(), ante=1, bring_in=2) if variant.stud else {}
    PokerRules(seats=most, min_bet=5, structure=FL, variant=variant, **kw)
    for seats in range(most + 1, 11):
        with pytest.raises(TableRulesError, match="52"):
            PokerRules(seats=seats, min_bet=5, structure=FL, variant=variant, **kw)


@pytest.mark.parametrize("variant", [STUD, RAZZ, STUD_HILO])
def test_item8_stud_last_card_as_a_community_card(variant):
    """Eight players to seventh street: 48 cards are out, 4 remain; the dealer burns one and turns
    one face up in the center for every hand (the standard rule)."""
    rules = PokerRules(seats=8, blinds=(), ante=1, bring_in=2, min_bet=5, structure=FL, variant=variant)
    shoe = Shoe(seed=5)
    shoe.shuffle()
    r = Round(rules, [200] * 8, shoe)
    _play_out(r)
    assert len(r.board) == 1 and len(r.burns) == 1 and all(len(h) == 6 for h in r.hole)
    assert sum(r.stacks) == 1600 and shoe.remaining == 2
    assert len({c for h in r.hole for c in h} | set(r.board) | set(r.burns)) == 50  # no card twice
    if variant is STUD:
        assert r.values == tuple([evaluate(tuple(h) + tuple(r.board)) for h in r.hole])


def test_item8_community_card_only_when_the_deck_is_short():
    rules = PokerRules(seats=8, blinds=(), ante=1, bring_in=2, min_bet=5, structure=FL, variant=STUD)
    shoe = Shoe(seed=5)
    shoe.shuffle()
    r = Round(rules, [200] * 7, shoe)  # 7 players: 42 + 7 = 49 cards, every player gets a seventh card
    _play_out(r)
    assert r.board == () and all(len(h) == 7 for h in r.hole)


def test_item8_explicit_community_card_in_a_replay():
    rules = PokerRules(seats=8, blinds=(), ante=1, bring_in=2, min_bet=5, structure=FL, variant=STUD)
    deck = list(range(52))
    r = Round(rules, [200] * 8)
    r.post_forced_bets()
    r.deal_hole_cards([deck[3 * i:3 * i + 3] for i in range(8)])
    pos = 24
    r.post_bring_in()
    while r.street < 3:
        while r.actor is not None:
            r.check_or_call()
        r.deal_board(hole=[[deck[pos + i]] for i in range(8)])
        pos += 8
    while r.actor is not None:
        r.check_or_call()
    with pytest.raises(IllegalActionError, match="community"):
        r.deal_board(hole=[[48], [49], [50], [51], [], [], [], []])
    r.deal_board("As", burn=48)
    assert r.board == (51,)


def test_item8_a_failed_deal_burns_nothing():
    """A shoe too short for the flop: the burn card stays in the shoe and the round is unchanged."""
    order = parse_cards("As Ks Qs Js 2c 3c")
    shoe = Shoe.from_order(order)
    r = Round(PokerRules(seats=6), [50, 50], shoe)
    r.run_dealer()
    r.check_or_call()
    r.check_or_call()
    before = (r.snapshot(), shoe.remaining, shoe.discards)
    with pytest.raises(ShoeExhaustedError):
        r.deal_board()
    assert (r.snapshot(), shoe.remaining, shoe.discards) == before


# ---- item 11: explicit cards in a round with a shoe ---------------------------------------------------
def test_item11_explicit_street_with_a_shoe_is_never_dealt_again():
    """The explicit cards come out of the shoe (Shoe.take, the shoe helper's part) or are refused;
    either way no card is dealt twice (the board used to read 9c 8c 7c 9c Td)."""
    shoe = Shoe(seed=11)
    shoe.shuffle()
    r = Round(PokerRules(seats=6), [50, 50], shoe)
    r.post_forced_bets()
    r.deal_hole_cards()
    r.check_or_call()
    r.check_or_call()
    flop = shoe.stub()[1:4]  # the cards the shoe would deal after the burn: explicit now
    r.deal_board(flop)
    before = r.snapshot()
    with pytest.raises(IllegalActionError):
        r.deal_board([r.hole[0][0]])  # a card already dealt: refused, nothing changes
    assert r.snapshot() == before
    _play_out(r)
    cards = [c for h in r.hole for c in h] + list(r.board) + [c for c in r.burns if c is not None]
    assert len(cards) == len(set(cards))


def test_item11_explicit_cards_with_a_source_that_cannot_take_them_are_refused():
    r = Round(PokerRules(seats=6), [50, 50], ListSource(range(52)))
    r.post_forced_bets()
    before = _round_state(r)
    with pytest.raises(IllegalActionError, match="card source"):
        r.deal_hole_cards(["As Ks", "Qs Js"])
    assert _round_state(r) == before


# ---- item 12: snapshots are deep ---------------------------------------------------------------------
def test_item12_snapshot_sees_the_card_source():
    shoe = Shoe(seed=12)
    shoe.shuffle()
    r = Round(PokerRules(seats=6), [50, 50], shoe)
    before = r.snapshot()
    shoe.deal(1)  # the round's card source changed
    assert r.snapshot() != before


def test_item12_snapshot_is_not_shared_with_the_round():
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=FL, variant=FIVE_CARD_DRAW)
    shoe = Shoe(seed=3)
    shoe.shuffle()
    r = Round(rules, [50, 50], shoe)
    r.run_dealer()
    r.check_or_call()
    r.check_or_call()
    idx = RoundState.__slots__.index("_draw_discards")
    snap = r.snapshot()
    r.discard(r.hole[0][:2])
    assert snap[idx] == ()  # the snapshot kept the state as it was
    assert r.snapshot()[idx] != ()
    # every value in a snapshot is immutable: it cannot change after it was taken
    hashable = [v for v in snap if not hasattr(v, "__dict__")]
    hash(tuple(hashable))


# ---- item 7: the high-card button draw validates its cards too ------------------------------------------
def test_item7_high_card_button_refuses_bad_cards_and_never_loops_forever():
    from pyeval.poker import ButtonPlacement, Table

    rules = PokerRules(seats=6, button_placement=ButtonPlacement.HIGH_CARD)

    class Same:  # a broken source: always the same card, so the tie never breaks
        def deal(self, k):
            return (51,) * k

        def burn(self):
            return 51

    t = Table(rules, {1: 100, 2: 100})
    with pytest.raises(IllegalActionError, match="equal cards"):
        t.place_button(Same())
    assert t.button is None
    with pytest.raises(InvalidCardError):
        t.place_button(ListSource([96, 97]))
    with pytest.raises(CardCountError):
        t.place_button(ListSource([5]))


def test_discard_unknown_count_is_validated():
    """Found by the state machine: discard_unknown(None) raised a builtin TypeError and
    discard_unknown(-1) recorded a discard of -1 cards."""
    from pyeval.errors import CardTypeError

    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2, structure=FL, variant=FIVE_CARD_DRAW)
    r = Round(rules, [50, 50])
    r.post_forced_bets()
    r.deal_hole_cards([[-1] * 5, [-1] * 5])
    r.check_or_call()
    r.check_or_call()
    before = r.snapshot()
    for bad in (None, -1, True, 1.0):
        with pytest.raises(CardTypeError):
            r.discard_unknown(bad)
    assert r.snapshot() == before
    r.discard_unknown(2)
    assert len(r.hole[0]) == 3

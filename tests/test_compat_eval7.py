"""pyeval.compat.eval7 against the installed eval7 (a test dependency): the same packed values on
every hand class and on random hands of 0..10 cards (10**4 by default, 10**6 under -m slow), the
same ranges and equities; eval7's README examples; and where eval7 is wrong (two flushes in one
hand of 10 or more cards) pyeval is right, checked against the slow reference."""
from __future__ import annotations

import pickle
import random

import eval7
import pytest
from compat_hands import CARD_TEXT, DEFAULT_HANDS, SLOW_HANDS, one_hand_per_class, random_hands
from reference import ref_value

import pyeval
import pyeval.compat.eval7 as e7

OURS = [e7.Card(t) for t in CARD_TEXT]
THEIRS = [eval7.Card(t) for t in CARD_TEXT]


def test_readme_examples() -> None:
    hand = [e7.Card(s) for s in ("As", "2c", "3d", "5s", "4c")]
    assert e7.evaluate(hand) == 67305472 and e7.handtype(67305472) == "Straight"
    hand = [e7.Card(s) for s in ("5c", "9s", "8d", "5d", "Ac", "Qc", "3d")]  # the dealt hand of the README
    assert e7.evaluate(hand) == 17025648 and e7.handtype(17025648) == "Pair"
    # eval7's Card docstring evaluates a map of Cards; eval7 itself then fails (it takes len() of
    # the argument), pyeval takes any iterable
    with pytest.raises(TypeError):
        eval7.evaluate(map(eval7.Card, ("As", "4d", "4c", "3s", "2d")))
    assert e7.evaluate(map(e7.Card, ("As", "4d", "4c", "3s", "2d"))) == \
        eval7.evaluate(list(map(eval7.Card, ("As", "4d", "4c", "3s", "2d"))))
    deck = e7.Deck()
    deck.shuffle()
    assert len(deck.deal(7)) == 7 and len(deck) == 45
    hr = e7.HandRange("AQs+, 0.4(AsKs)")
    assert [(tuple(map(str, h)), w) for h, w in hr.hands] == \
        [(tuple(map(str, h)), w) for h, w in eval7.HandRange("AQs+, 0.4(AsKs)").hands]
    assert hr.hands[-1] == ((e7.Card("As"), e7.Card("Ks")), 0.4) and len(hr) == 9
    assert len(e7.HandRange("AJ+, ATs, KQ+, 33-JJ, 0.8(QQ+, KJs)")) == 144


def test_every_hand_class_and_type_name() -> None:
    for hand in one_hand_per_class().values():
        v = e7.evaluate([OURS[c] for c in hand])
        assert v == eval7.evaluate([THEIRS[c] for c in hand])
        assert e7.handtype(v) == eval7.handtype(v)


@pytest.mark.parametrize("n", [DEFAULT_HANDS, pytest.param(SLOW_HANDS, marks=pytest.mark.slow)])
@pytest.mark.parametrize("k", [7, 6, 5])
def test_random_hands(n: int, k: int) -> None:
    rows = random_hands(n, k, seed=70 + k).tolist()
    assert [e7.evaluate([OURS[c] for c in h]) for h in rows] == [eval7.evaluate([THEIRS[c] for c in h]) for h in rows]


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 8, 9])
def test_fewer_than_five_and_up_to_nine_cards_as_eval7(k: int) -> None:
    rows = random_hands(3000 if k < 8 else 500, k, seed=80 + k).tolist()
    assert [e7.evaluate([OURS[c] for c in h]) for h in rows] == [eval7.evaluate([THEIRS[c] for c in h]) for h in rows]


def test_eval7_misjudges_two_flushes_pyeval_is_right() -> None:
    # Ten cards: a queen-high club flush and a king-high diamond flush. eval7 takes the first suit
    # it looks at with five cards (clubs) and answers the queen-high flush: wrong. The best five
    # cards are the king-high diamond flush, which pyeval (and the slow reference) find.
    text = "Qc Jc 5c 4c 3c Kd 9d 8d 4d 3d".split()
    theirs = eval7.evaluate([eval7.Card(t) for t in text])
    ours = e7.evaluate([e7.Card(t) for t in text])
    best = max(e7.evaluate([e7.Card(t) for t in text if t[1] == s]) for s in "cd")
    assert eval7.handtype(theirs) == "Flush" and theirs == e7.evaluate([e7.Card(t) for t in text[:5]])
    assert ours == best == e7.evaluate([e7.Card(t) for t in text[5:]]) > theirs
    # A straight flush in hearts beside a plain flush in spades: eval7 answers the flush.
    text = "As Ks 9s 7s 2s 9h 8h 7h 6h 5h".split()
    theirs = eval7.evaluate([eval7.Card(t) for t in text])
    ours = e7.evaluate([e7.Card(t) for t in text])
    assert eval7.handtype(theirs) == "Flush" and e7.handtype(ours) == "Straight Flush"


@pytest.mark.parametrize("k", [10, 11, 13, 17])
def test_many_cards_pyeval_matches_the_reference_and_eval7_where_eval7_is_right(k: int) -> None:
    rows = random_hands(4000 // k**2, k, seed=90 + k).tolist()
    wrong = 0
    for h in rows:
        ours = e7.evaluate([OURS[c] for c in h])
        assert e7.handtype(ours) and ours == _packed_reference(h)
        theirs = eval7.evaluate([THEIRS[c] for c in h])
        wrong += theirs != ours
    assert wrong <= len(rows) // 4  # eval7 is right on most; where not, the reference sides with pyeval


def _packed_reference(cards: list[int]) -> int:
    """eval7's packing of the reference's best value (the reference picks the best five of any count)."""
    best = ref_value(cards)
    return e7._E7[best]


def test_duplicate_and_foreign_cards_raise() -> None:
    with pytest.raises(pyeval.DuplicateCardError):  # eval7 ORs the masks and answers for 4 cards
        e7.evaluate([e7.Card("As")] * 2 + [e7.Card(t) for t in ("Kd", "Qd", "Jd")])
    with pytest.raises(pyeval.DuplicateCardError):
        e7.evaluate([e7.Card("As")] * 9)
    with pytest.raises(pyeval.CardTypeError):
        e7.evaluate([eval7.Card("As")] * 5)
    with pytest.raises(ValueError):
        e7.Card("Ax")
    with pytest.raises(ValueError):
        e7.Deck().deal(53)


def test_card_and_deck_are_eval7s() -> None:
    for ours, theirs in zip(OURS, THEIRS):
        assert (ours.rank, ours.suit, ours.mask, str(ours), repr(ours)) == \
            (theirs.rank, theirs.suit, theirs.mask, str(theirs), repr(theirs))
        assert pickle.loads(pickle.dumps(ours)) is ours and e7.Card(str(ours)) is ours
    for i in range(52):
        for j in range(52):
            for op in ("__lt__", "__le__", "__gt__", "__ge__"):
                assert getattr(OURS[i], op)(OURS[j]) == getattr(THEIRS[i], op)(THEIRS[j])
    assert [str(c) for c in e7.Deck().cards] == [str(c) for c in eval7.Deck().cards]
    d = e7.Deck()
    assert d.peek(3) == d.cards[:3] and d[0] is OURS[0] and len(d.sample(5)) == 5 and len(d) == 52


RANGES = ["AA", "AKo", "AK", "AQ+", "AQo+", "55+", "88-JJ", "JJ-88", "A7o-ATo", "AsKd", "KdAs", "2c2d", "KQs+",
          "T6s+", "40%(ATs+), AKo", "0.6(AA, AK)", "A7-AT", "AKs-AQs", "T9s-T6s", "Ak", "aa", " AA , 0.5( KK ) ",
          ".5(AA)", "AT+,KQ", "A2-A4", "AsKs, AsKs", "AJ+, ATs, KQ+, 33-JJ, 0.8(QQ+, KJs)", "22+, A2+, K2+, Q2+"]


@pytest.mark.parametrize("text", RANGES)
def test_hand_ranges_list_eval7s_hands(text: str) -> None:
    ours, theirs = e7.HandRange(text), eval7.HandRange(text)
    assert [(tuple(map(str, h)), w) for h, w in ours] == [(tuple(map(str, h)), w) for h, w in theirs]
    assert ours.tokens == theirs.tokens and len(ours) == len(theirs) and ours.string == text


@pytest.mark.parametrize("text", ["AAo", "sKd", "AK-QJ", "0.5(AA", "AA,", ",AA", "AA,,KK", "0.5()"])
def test_bad_ranges_raise(text: str) -> None:
    with pytest.raises(e7.RangeStringError):
        e7.HandRange(text)


def test_a_tag_is_ignored() -> None:  # eval7 0.1.11 crashes on a tag (UnboundLocalError)
    assert e7.HandRange("#UTG#, AA").hands == e7.HandRange("AA").hands


def _theirs(cards: list[e7.Card]) -> list[eval7.Card]:
    return [THEIRS[c._i] for c in cards]


def test_hand_vs_range_exact_on_the_river() -> None:
    rng = random.Random(5)
    for text in ["AA", "AsAd", "AA, A3o, 32s", "22+, AJ+, KQs", "0.5(KK), T9s"]:
        for _ in range(8):
            cards = rng.sample(OURS, 7)
            hero, board = cards[:2], cards[2:]
            if not e7._combos(e7.HandRange(text), {c._i for c in cards}):
                with pytest.raises(ZeroDivisionError):  # eval7: 0 / 0 combinations
                    eval7.py_hand_vs_range_exact(_theirs(hero), eval7.HandRange(text), _theirs(board))
                with pytest.raises(pyeval.EquityError):
                    e7.py_hand_vs_range_exact(hero, e7.HandRange(text), board)
                continue
            ours = e7.py_hand_vs_range_exact(hero, e7.HandRange(text), board)
            theirs = eval7.py_hand_vs_range_exact(_theirs(hero), eval7.HandRange(text), _theirs(board))
            assert ours == pytest.approx(theirs, abs=1e-6)  # eval7 computes in single precision


def test_hand_vs_range_exact_examples_of_eval7s_tests() -> None:
    board = [e7.Card(t) for t in ("Kh", "Jd", "8c", "5d", "2s")]
    for hand, villain, expected in ((("Ac", "Ah"), "AA", 0.5), (("Ac", "Ah"), "AsAd", 0.5),
                                    (("As", "Ad"), "AA, A3o, 32s", 0.95)):
        assert e7.py_hand_vs_range_exact([e7.Card(t) for t in hand], e7.HandRange(villain), board) == \
            pytest.approx(expected, abs=1e-6)


def test_monte_carlo_agrees_with_the_exact_answer() -> None:
    hero = [e7.Card("As"), e7.Card("Ks")]
    board = [e7.Card(t) for t in ("Qs", "7d", "2c")]
    villain = e7.HandRange("QQ, JJ, AQs")
    exact = pyeval.equity(["AsKs", "QQ, JJ, AQs"], board="Qs 7d 2c", exact=True).players[0].equity
    for f, mod, args in ((e7.py_hand_vs_range_monte_carlo, e7, (hero, villain, board)),
                         (eval7.py_hand_vs_range_monte_carlo, eval7,
                          (_theirs(hero), eval7.HandRange("QQ, JJ, AQs"), _theirs(board)))):
        est = f(*args, 20_000)  # type: ignore[operator]
        assert abs(est - float(exact)) < 0.02, mod  # standard error ~0.003


def test_all_hands_vs_range() -> None:
    board = [e7.Card(t) for t in ("Kh", "Jd", "8c", "5d", "2s")]
    hero, villain = e7.HandRange("AA, KQs, 87s"), e7.HandRange("KK, JJ, AK")
    ours = e7.py_all_hands_vs_range(hero, villain, board, 1000)
    theirs = eval7.py_all_hands_vs_range(eval7.HandRange("AA, KQs, 87s"), eval7.HandRange("KK, JJ, AK"),
                                         _theirs(board), 1000)
    theirs_by_text = {tuple(map(str, h)): v for h, v in theirs.items()}
    # eval7 answers 0.0 for KhQh and 8c7c although the Kh and the 8c are on the board: those
    # hands cannot be dealt, and pyeval leaves them out
    assert theirs_by_text.pop(("Kh", "Qh")) == theirs_by_text.pop(("8c", "7c")) == 0.0
    assert {tuple(map(str, h)): v for h, v in ours.items()} == pytest.approx(theirs_by_text, abs=1e-6)
    # a hand villain's range cannot face is left out, as eval7 leaves it out
    only = e7.py_all_hands_vs_range(e7.HandRange("AsKs"), e7.HandRange("AsKs"), board[:3], 100)
    assert only == {}


def test_monte_carlo_counts_a_combination_listed_twice_twice_as_eval7() -> None:
    # "AA, AsAd" lists AsAd twice: eval7 deals it twice as often; so does the compat module
    hero = [e7.Card("Kc"), e7.Card("Kd")]
    board = [e7.Card(t) for t in ("Ks", "7d", "2c", "9h", "3s")]
    villain = e7.HandRange("AA, AsAd, QQ")
    exact = e7.py_hand_vs_range_exact(hero, villain, board)
    assert exact == pytest.approx(eval7.py_hand_vs_range_exact(_theirs(hero), eval7.HandRange("AA, AsAd, QQ"),
                                                               _theirs(board)), abs=1e-6)
    assert abs(e7.py_hand_vs_range_monte_carlo(hero, villain, board, 40_000) - exact) < 0.01


def test_all_hands_vs_range_on_the_flop_samples_as_eval7() -> None:
    board = [e7.Card(t) for t in ("Kh", "Jd", "8c")]
    ours = e7.py_all_hands_vs_range(e7.HandRange("AA, KQs"), e7.HandRange("KK, JJ, AK"), board, 20_000)
    theirs = eval7.py_all_hands_vs_range(eval7.HandRange("AA, KQs"), eval7.HandRange("KK, JJ, AK"),
                                         _theirs(board), 20_000)
    theirs_by_text = {tuple(map(str, h)): v for h, v in theirs.items()}
    assert theirs_by_text.pop(("Kh", "Qh")) is not None  # holds the board's Kh: pyeval leaves it out
    mine = {tuple(map(str, h)): v for h, v in ours.items()}
    assert list(mine) == list(theirs_by_text)  # same hands, in eval7's order
    for hand, v in mine.items():
        assert abs(v - theirs_by_text[hand]) < 0.03, hand  # two samples of 20,000: stderr ~0.005
    with pytest.raises(pyeval.EquityError):
        e7.py_all_hands_vs_range(e7.HandRange("AA"), e7.HandRange("KK"), board, 0)

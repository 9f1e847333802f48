"""The per-call entries engines use (issue 20 items 3 and 5): ``evaluate`` of 5 to 52 cards (the best
five of 8+ in C, checked against the slow reference of tests/reference.py), every input form equal to
the int form, ``evaluate_cactus_kev`` and the C ``to/from_cactus_kev``, keyword-only Omaha, the hand-type
names engines print, and the never-shuffled shoe's warning. Bad input of every kind is a pyeval error
(the C fast path hands it to the Python path, which raises), never a crash. No timing here: speed is
measured by benchmarks/bench_percall.py and guarded by benchmarks/ratio_guard.py."""
from __future__ import annotations

import array
import collections
import itertools
import random
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval import (
    CardCountError, CardTypeError, DuplicateCardError, HandValueError, InvalidCardError, PyevalError, Shoe,
    UnshuffledShoeWarning, best_five, class_to_string, evaluate, evaluate_batch, evaluate_cactus_kev,
    from_cactus_kev, handtype, rank_class, to_cactus_kev,
)
from pyeval.hands import evaluate_omaha, evaluate_omaha_batch, evaluate_omaha_low8
from pyeval.hands.evaluators import _py_evaluate_omaha, _py_evaluate_omaha_low8
from pyeval.hands.high import _py_evaluate, _py_evaluate_cactus_kev
from reference import ref_value

TEXT = [r + s for r in "23456789TJQKA" for s in "cdhs"]

# --- 8 to 52 cards: the best five, against the slow reference ----------------------------------------

many = st.lists(st.integers(0, 51), min_size=8, max_size=17, unique=True)
# few ranks (quads, full houses, several pairs) or few suits (one or two flushes, straight flushes)
crowded = st.one_of(
    st.lists(st.integers(0, 51), min_size=8, max_size=17, unique=True).filter(lambda h: len({c >> 2 for c in h}) <= 6),
    st.builds(lambda ranks, suits, k, seed: random.Random(seed).sample([r * 4 + s for r in ranks for s in suits],
                                                                      min(k, len(ranks) * len(suits))),
              st.sets(st.integers(0, 12), min_size=5, max_size=13), st.sets(st.integers(0, 3), min_size=1, max_size=2),
              st.integers(8, 17), st.integers(0, 2**32)).filter(lambda h: len(h) >= 8),
)


@settings(max_examples=40)
@given(st.one_of(many, crowded))
def test_eight_to_seventeen_cards_are_the_best_five_of_the_reference(cards):
    """A bot's 8-17-card hand: the value is the reference's best five-card hand (every subset)."""
    want = ref_value(cards)
    assert evaluate(cards) == want == _py_evaluate(cards)
    assert evaluate_batch(np.array([cards], np.uint8)).tolist() == [want]
    assert ref_value(best_five(cards)) == want and set(best_five(cards)) <= set(cards)


@pytest.mark.parametrize("text", [
    "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h",          # thirteen hearts: the royal flush
    "Ah 2h 3h 4h 5h 7h 9h Jh Kh",                      # more than seven suited cards: the wheel straight flush
    "Ah Kh Qh Jh 9h As Ks Qs Js 9s",                   # two five-card flushes
    "As Ad Ac Ah Ks Kd Kc Qs Qd Jc",                   # quads beat the full houses in the same cards
    "2c 2d 2h 3c 3d 3h 4c 4d 4h 5s",                    # trips over trips: the full house 4s over 3s
    "2c 3d 4h 5s 6c 7d 8h 9s Tc",                       # a straight of nine ranks: ten high
    "Ac 2d 3h 4s 8c 9d Jh Qs",                          # the wheel with three more cards
    "Ac Ad Kc Kd Qc Qd Jc Jd 9s",                       # four pairs: the two best with the best other card
    "2c 3c 4c 5c 7d 8d 9d Td Qh Kh As",                 # no flush of five in any suit, no straight: ace high
])
def test_chosen_large_hands(text):
    cards = pyeval.parse_cards(text)
    assert evaluate(text) == ref_value(cards) == evaluate(cards)


def test_every_card_of_the_deck_and_big_batches():
    assert evaluate(range(52)) == pyeval.MAX_VALUE
    rng = np.random.default_rng(20)
    for k in (8, 9, 12, 17, 30, 52):
        rows = np.argsort(rng.random((200, 52)), axis=1)[:, :k].astype(np.uint8)
        got = evaluate_batch(rows)
        assert got.tolist() == [evaluate(r) for r in rows.tolist()]
    rows = np.argsort(rng.random((40, 52)), axis=1)[:, :9].astype(np.uint8)
    assert evaluate_batch(rows).tolist() == [ref_value(r) for r in rows.tolist()]
    rows[17, 3] = rows[17, 5]
    with pytest.raises(DuplicateCardError, match="row 17"):
        evaluate_batch(rows)
    with pytest.raises(CardCountError):
        evaluate_batch(np.zeros((3, 53), np.uint8))
    with pytest.raises(CardCountError):  # census stays 5..7
        pyeval.census(8)


@pytest.mark.slow
def test_many_large_hands_against_the_c_five_card_subsets():
    """10^4 random 8..17-card hands: the best-five path against every five-card subset in C."""
    from pyeval._bindings import lib

    rng = random.Random(7)
    for _ in range(10_000):
        h = rng.sample(range(52), rng.randint(8, 17))
        assert evaluate(h) == max(lib.pe_eval5(*c) for c in itertools.combinations(h, 5))


# --- every input form equals the int form ----------------------------------------------------------

def forms(cards: list[int]):
    text = [TEXT[c] for c in cards]
    yield tuple(cards)
    yield list(cards)
    yield " ".join(text)
    yield "".join(text)
    yield ", ".join(text).lower()
    yield " ".join(t.replace("T", "10") for t in text)
    yield text
    yield tuple(text)
    yield [c if i % 2 else TEXT[c] for i, c in enumerate(cards)]  # phevaluator's mixed int/str input
    for dtype in (np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64):
        yield np.array(cards, dtype)
    yield np.array(cards, np.int64).repeat(2)[::2]  # not contiguous
    yield np.array(text)
    yield array.array("b", cards)
    yield collections.deque(cards)
    yield iter(cards)
    yield (c for c in cards)
    yield [np.int64(c) for c in cards]


@settings(max_examples=60)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=12, unique=True))
def test_every_form_equals_the_int_form(cards):
    want = evaluate(tuple(cards))
    for form, again in zip(forms(cards), forms(cards)):  # iterators are used up: a second copy
        assert evaluate(form) == want, form
        assert evaluate_cactus_kev(again) == pyeval.MAX_VALUE + 1 - want
    assert evaluate(*cards) == want == evaluate(*[TEXT[c] for c in cards])  # separate arguments
    assert evaluate_cactus_kev(*cards) == to_cactus_kev(want) and from_cactus_kev(to_cactus_kev(want)) == want


@settings(max_examples=60)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=11, unique=True), st.integers(4, 6))
def test_omaha_forms_equal_the_int_form(cards, nh):
    hole, board = cards[:nh], cards[nh:nh + 5]
    if not 3 <= len(board) <= 5:
        return
    want = _py_evaluate_omaha(hole=tuple(hole), board=tuple(board))
    low = _py_evaluate_omaha_low8(hole=tuple(hole), board=tuple(board))
    for h, b in zip(forms(hole), forms(board)):
        assert evaluate_omaha(hole=h, board=b) == want
    for h, b in zip(forms(hole), forms(board)):
        assert evaluate_omaha(board=b, hole=h) == want  # keyword order is free
    assert evaluate_omaha_low8(hole=" ".join(TEXT[c] for c in hole), board=board) == low


def test_omaha_is_keyword_only():
    hole, board = "As Ad Kc Qh", "2s 3s 4s Js Td"
    with pytest.raises(CardTypeError, match=r"hole=\.\.\., board=.*board cards first"):
        evaluate_omaha(hole, board)  # type: ignore[misc]
    with pytest.raises(CardTypeError, match="keyword"):
        evaluate_omaha_low8(hole, board)  # type: ignore[misc]
    with pytest.raises(CardTypeError, match="keyword"):
        evaluate_omaha_batch(np.zeros((1, 4), np.uint8), np.zeros((1, 5), np.uint8))
    with pytest.raises(CardTypeError, match="both hole= and board="):
        evaluate_omaha(hole=hole)
    with pytest.raises(TypeError):
        evaluate_omaha(hole=hole, board=board, extra=1)  # type: ignore[call-arg]
    assert evaluate_omaha(hole=hole, board=board) == _py_evaluate_omaha(hole=hole, board=board)


# --- bad input: a pyeval error, the same from C and from Python -------------------------------------

BAD = [
    ((), CardCountError), ([0, 1, 2, 3], CardCountError), ("As Ks Qs Js", CardCountError),
    ([0, 1, 2, 3, 3], DuplicateCardError), ("As Ks Qs Js As", DuplicateCardError),
    (["As", "Ks", "Qs", "Js", "AS"], DuplicateCardError), (np.array([1, 2, 3, 4, 4]), DuplicateCardError),
    ([0, 1, 2, 3, 52], InvalidCardError), ([0, 1, 2, 3, -1], InvalidCardError), ([0, 1, 2, 3, 2**70], InvalidCardError),
    ("As Ks Qs Js Xs", InvalidCardError), ("As Ks Qs Js T", InvalidCardError), ("As Ks Qs Js Ts,", InvalidCardError),
    (["As", "Ks", "Qs", "Js", "Ts9h"], InvalidCardError), (np.array([0, 1, 2, 3, 60]), InvalidCardError),
    (np.array([0, 1, 2, 3, -1], np.int8), InvalidCardError), (np.array([0, 1, 2, 3, 2**63], np.uint64), InvalidCardError),
    (None, CardTypeError), (12345, CardTypeError), (b"AsKsQsJsTs", CardTypeError), (bytearray(5), CardTypeError),
    ([0, 1, 2, 3, 4.0], CardTypeError), ([0, 1, 2, 3, None], CardTypeError), ([0, 1, 2, 3, True], CardTypeError),
    (np.array([0.0, 1, 2, 3, 4]), CardTypeError), (np.array([True, False, True, False, True]), CardTypeError),
    (np.array(5), CardTypeError), (np.zeros((2, 5), np.int64), CardTypeError), ([[0, 1], [2, 3, 4]], CardTypeError),
    (list(range(52)) + [0], DuplicateCardError),
]


@pytest.mark.parametrize("cards, err", BAD)
def test_bad_input_is_a_pyeval_error_from_both_paths(cards, err):
    for f in (evaluate, _py_evaluate, evaluate_cactus_kev, _py_evaluate_cactus_kev):
        with pytest.raises(err):
            f(cards)
    if isinstance(cards, list) and len(cards) > 1 and not isinstance(cards[0], list):
        with pytest.raises(err):
            evaluate(*cards)  # the same cards as separate arguments


junk = st.one_of(
    st.integers(-3, 60), st.text(alphabet="AKQJT98765432cdhsx10, ", max_size=4), st.floats(), st.none(),
    st.booleans(), st.binary(max_size=2),
)


@settings(max_examples=300)
@given(st.one_of(st.lists(junk, max_size=9), st.text(alphabet="AKQJT98765432cdhsCDHSx10, \t", max_size=30)))
def test_fast_and_python_paths_agree_on_anything(cards):
    def outcome(f, *args):
        try:
            return f(*args)
        except PyevalError as exc:
            return type(exc), str(exc)

    assert outcome(evaluate, cards) == outcome(_py_evaluate, cards)
    if isinstance(cards, list):
        assert outcome(evaluate, *cards) == outcome(_py_evaluate, *cards)
        hole, board = cards[:4], cards[4:]
        assert outcome(lambda: evaluate_omaha(hole=hole, board=board)) == outcome(
            lambda: _py_evaluate_omaha(hole=hole, board=board))


@pytest.mark.parametrize("value", [0, 7463, -1, 10**30, True, 1.5, "5", None])
def test_cactus_kev_conversions_refuse_non_values(value):
    for f in (to_cactus_kev, from_cactus_kev, handtype, rank_class):
        with pytest.raises(HandValueError):
            f(value)


def test_cactus_kev_conversions():
    assert [to_cactus_kev(v) for v in (1, 7462, np.int64(100))] == [7462, 1, 7363]
    assert all(from_cactus_kev(to_cactus_kev(v)) == v for v in range(1, 7463))
    assert evaluate_cactus_kev("As Ks Qs Js Ts") == 1 and evaluate_cactus_kev("7c 5d 4h 3s 2c") == 7462


# --- hand-type names engines print -----------------------------------------------------------------

def test_hand_type_names_per_category():
    for cat, (lo, hi) in pyeval.CATEGORY_RANGES.items():
        for v in (lo, hi):
            assert handtype(v) == pyeval.hands.high.EVAL7_HANDTYPES[cat]
            assert class_to_string(rank_class(v)) == pyeval.hand_category(v, royal=True).label
    assert rank_class(7462) == 0 and class_to_string(0) == "Royal Flush" and handtype(7462) == "Straight Flush"
    assert rank_class(1) == 9 and class_to_string(9) == "High Card"
    for bad in (-1, 10, True, "1"):
        with pytest.raises(HandValueError):
            class_to_string(bad)


def test_hand_type_names_match_eval7_and_treys():
    eval7 = pytest.importorskip("eval7")
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    rng = random.Random(3)
    hands = [rng.sample(range(52), 7) for _ in range(3000)]
    hands += [pyeval.parse_cards(t) for t in ("As Ks Qs Js Ts 2d 3c", "9s Ks Qs Js Ts 2d 3c", "As Ad Ac Ah 2c 3d 4h",
                                              "As Ad Ac 2h 2c 5d 7h", "5s 4d 3c 2h Ac Kd 9h", "As 8s 4s 3s 2s Kd Qd")]
    for h in hands:
        v = evaluate(h)
        assert handtype(v) == eval7.handtype(eval7.evaluate([eval7.Card(TEXT[c]) for c in h]))
        rank = ev.evaluate([treys.Card.new(TEXT[c]) for c in h[:2]], [treys.Card.new(TEXT[c]) for c in h[2:]])
        assert rank == to_cactus_kev(v) == evaluate_cactus_kev(h)
        assert rank_class(v) == ev.get_rank_class(rank) and class_to_string(rank_class(v)) == ev.class_to_string(
            ev.get_rank_class(rank))


# --- the never-shuffled shoe -----------------------------------------------------------------------

def test_dealing_a_never_shuffled_shoe_warns_once():
    shoe = Shoe(seed=1)
    with pytest.warns(UnshuffledShoeWarning, match="never shuffled"):
        assert shoe.deal(2) == (0, 1)  # new-deck order, as before: existing callers keep working
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        shoe.deal(2)  # once per shoe
    for act in (lambda s: s.deal_one(), lambda s: s.burn(), lambda s: s.copy().deal(1)):
        with pytest.warns(UnshuffledShoeWarning):
            act(Shoe(seed=2))
    assert issubclass(UnshuffledShoeWarning, UserWarning) and pyeval.UnshuffledShoeWarning is UnshuffledShoeWarning


def test_no_warning_when_shuffled_or_ordered_on_purpose():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Shoe(seed=1, ordered=True).deal(3) == (0, 1, 2)
        s = Shoe(seed=1)
        s.shuffle()
        s.deal(3)
        s.copy().deal(1)
        s2 = Shoe(seed=1)
        s2.shuffle(pyeval.HAND_SHUFFLE)
        s2.deal_one()
        s3 = Shoe(seed=1)
        s3.set_order(range(51, -1, -1))
        assert s3.deal(1) == (51,)
        assert Shoe.from_order([5, 6, 7]).deal(3) == (5, 6, 7)
        import pickle
        s4 = pickle.loads(pickle.dumps(s))
        s4.deal(1)
    with pytest.raises(pyeval.ShoeTypeError):
        Shoe(ordered=1)  # type: ignore[arg-type]

"""Evaluator: single calls, batch, best_five, categories, describe; against the reference oracle."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyeval
from pyeval import (
    CardCountError,
    CardTypeError,
    ThreadCountError,
    DuplicateCardError,
    HandCategory,
    HandValueError,
    InvalidCardError,
    best_five,
    describe,
    evaluate,
    evaluate_batch,
    hand_category,
    parse_cards,
)
from conftest import examples, available_batch_kernels, forced_batch_kernel
from reference import ref_key, ref_value

hands = st.integers(5, 7).flatmap(lambda k: st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True))
hands7 = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


def ev(text: str) -> int:
    return evaluate(parse_cards(text))


# --- agreement with the reference -------------------------------------------------------------

@settings(max_examples=examples(3000), deadline=None)
@given(hands)
def test_matches_reference(cards):
    assert evaluate(cards) == ref_value(cards)


@settings(max_examples=examples(1000), deadline=None)
@given(hands, hands)
def test_order_matches_reference(a, b):
    ka, kb = ref_key(a), ref_key(b)
    va, vb = evaluate(a), evaluate(b)
    assert (va > vb) == (ka > kb) and (va == vb) == (ka == kb)


@settings(max_examples=examples(500), deadline=None)
@given(hands, st.randoms(use_true_random=False))
def test_order_invariant(cards, rnd):
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert evaluate(shuffled) == evaluate(cards) == evaluate(tuple(cards)) == evaluate(pyeval.format_cards(cards))


@settings(max_examples=examples(500), deadline=None)
@given(hands)
def test_best_five_makes_the_hand(cards):
    five = best_five(cards)
    assert len(five) == 5 and set(five) <= set(cards)
    assert evaluate(five) == evaluate(cards)


@settings(max_examples=examples(500), deadline=None)
@given(hands)
def test_describe_and_category_agree(cards):
    v = evaluate(cards)
    cat = hand_category(v)
    assert cat == HandCategory(ref_key(cards)[0])
    text = describe(v)
    if hand_category(v, royal=True) == HandCategory.ROYAL_FLUSH:
        assert text == "Royal Flush"
    else:
        assert text.startswith(cat.label) or (cat == HandCategory.PAIR and text.startswith("Pair of"))


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(hands7, min_size=1, max_size=50))  # drawn as 7 cards, not filtered (health check)
def test_batch_matches_single(rows):
    arr = np.array(rows, dtype=np.uint8)
    want = [evaluate(r) for r in rows]
    for kernel in available_batch_kernels():  # every batch kernel (16+ rows reach AVX-512)
        with forced_batch_kernel(kernel):
            out = evaluate_batch(arr)
        assert out.dtype == np.uint16 and out.shape == (len(rows),)
        assert out.tolist() == want, kernel


def test_batch_random_against_reference():
    rng = np.random.default_rng(20261129)
    for k in (5, 6, 7):
        arr = np.argsort(rng.random((3000, 52)), axis=1)[:, :k].astype(np.uint8)
        got = evaluate_batch(arr)
        assert got.tolist() == [ref_value(row.tolist()) for row in arr]


def test_batch_threads_and_dtypes():
    rng = np.random.default_rng(7)
    arr = np.argsort(rng.random((100_000, 52)), axis=1)[:, :7]
    base = evaluate_batch(arr.astype(np.uint8))
    for dtype in (np.int64, np.int32, np.uint16, np.int8):
        assert np.array_equal(evaluate_batch(arr.astype(dtype)), base)
    assert np.array_equal(evaluate_batch(arr.astype(np.uint8), threads=2), base)
    assert np.array_equal(evaluate_batch(arr.astype(np.uint8), threads=0), base)
    out = np.zeros(len(arr), np.uint16)
    assert evaluate_batch(arr.astype(np.uint8), out) is out and np.array_equal(out, base)
    assert evaluate_batch(np.asfortranarray(arr)).tolist() == base.tolist()
    assert evaluate_batch(arr[:3].tolist()).tolist() == base[:3].tolist()
    assert evaluate_batch(np.zeros((0, 7), np.uint8)).shape == (0,)


# --- named edge cases -------------------------------------------------------------------------

def test_wheel_is_lowest_straight():
    wheel, six_high = ev("As 2d 3h 4s 5c"), ev("2d 3h 4s 5c 6d")
    assert hand_category(wheel) == HandCategory.STRAIGHT == hand_category(six_high)
    assert wheel < six_high
    assert describe(wheel) == "Straight, Five high"


def test_steel_wheel():
    v = ev("Ah 2h 3h 4h 5h")
    assert hand_category(v) == HandCategory.STRAIGHT_FLUSH and describe(v) == "Straight Flush, Five high"
    assert v == 7453 and v < ev("2h 3h 4h 5h 6h")


def test_no_wraparound_straight():
    assert hand_category(ev("Qs Kd Ah 2c 3d")) == HandCategory.HIGH_CARD
    assert hand_category(ev("Jh Qs Kd Ah 2c 3d 9s")) == HandCategory.HIGH_CARD


def test_extremes_and_cactus_kev():
    assert ev("As Ks Qs Js Ts") == 7462 == pyeval.MAX_VALUE
    assert hand_category(7462, royal=True) == HandCategory.ROYAL_FLUSH
    assert hand_category(7462) == HandCategory.STRAIGHT_FLUSH
    assert ev("7s 5d 4h 3c 2d") == 1
    assert pyeval.to_cactus_kev(7462) == 1 and pyeval.to_cactus_kev(1) == 7462
    assert pyeval.from_cactus_kev(pyeval.to_cactus_kev(4000)) == 4000


def test_three_pairs_plays_best_two_with_best_kicker():
    # K K 9 9 4 4 2: the best two pairs play (kings and nines) and the best remaining card, a four
    assert ev("Kh Kd 9s 9c 4h 4d 2c") == ev("Kh Kd 9s 9c 4h")
    assert describe(ev("Kh Kd 9s 9c 4h 4d 2c")) == "Two Pair, Kings and Nines"
    assert ev("Kh Kd 9s 9c 4h 4d Ac") > ev("Kh Kd 9s 9c 4h 4d 2c")


def test_two_trips_make_a_full_house():
    v = ev("8h 8d 8s 3c 3d 3h Ks")
    assert describe(v) == "Full House, Eights over Threes"


def test_quads_with_trips_kicker():
    v = ev("9h 9d 9s 9c Kd Kh Ks")
    assert describe(v, kickers=True) == "Four of a Kind, Nines, K"
    assert v == ev("9h 9d 9s 9c Kd")


def test_six_and_seven_suited_cards():
    six = ev("Ah Jh 9h 7h 4h 2h Kc")
    assert hand_category(six) == HandCategory.FLUSH and six == ev("Ah Jh 9h 7h 4h")
    seven = ev("Ah Jh 9h 7h 4h 2h 3h")
    assert seven == ev("Ah Jh 9h 7h 4h")
    sf = ev("2s 3s 4s 5s 6s 7s 8s")
    assert describe(sf) == "Straight Flush, Eight high"


def test_board_plays_split():
    board = "As Ks Qs Js Ts"
    assert ev(board + " 2c 3d") == ev(board + " 9h 9d") == 7462
    board2 = "Ac Ad Kh Kd Qs"
    assert ev(board2 + " 2c 3d") == ev(board2 + " Jh 4d")


def test_counterfeited_two_pair():
    # hole 7-6 makes two pair on 7 6 2; the board pairs twice higher, counterfeiting it
    hero = ev("7h 6h 7d 6s 2c Kd Kc")
    villain = ev("As 3s 7d 6s 2c Kd Kc")
    # the board K K gives hero kings and sevens; villain has no second pair: kings, A-7-6 kickers
    assert describe(hero) == "Two Pair, Kings and Sevens"
    assert describe(villain) == "Pair of Kings"
    board = "Qd Qc 5s 5h 9c"
    assert ev("4h 4d " + board) == ev("2s 3s " + board)  # both play Q Q 5 5 9


def test_describe_examples():
    assert describe(ev("Kh Kd 4s 4c 9h")) == "Two Pair, Kings and Fours"
    assert describe(ev("Jh Jd As 9c 4h")) == "Pair of Jacks"
    assert describe(ev("Jh Jd As 9c 4h"), kickers=True) == "Pair of Jacks, A-9-4"
    assert describe(ev("Ah Qd 9s 7c 4h")) == "High Card, Ace"
    assert describe(ev("Ah Qh 9h 7h 4h")) == "Flush, Ace high"
    assert describe(ev("7h 7d 7s Ac 4h")) == "Three of a Kind, Sevens"
    assert describe(ev("Ah Ad As Ac 4h")) == "Four of a Kind, Aces"
    assert describe(ev("9h Td Js Qc Kh")) == "Straight, King high"


def test_describe_distinguishes_every_class_with_kickers():
    texts = {describe(v, kickers=True) for v in range(1, 7463)}
    assert len(texts) == 7462


def test_best_five_picks_the_five():
    assert best_five(parse_cards("As Ks Qs Js Ts 9h 9d")) == parse_cards("As Ks Qs Js Ts")
    five = best_five("2c 7d 7h 7s Kd Kh 3c")
    assert sorted(five) == sorted(parse_cards("7d 7h 7s Kd Kh"))


def test_category_ranges_cover_all_values():
    seen = [hand_category(v) for v in range(1, 7463)]
    assert seen == sorted(seen)
    for cat, (lo, hi) in pyeval.CATEGORY_RANGES.items():
        assert hand_category(lo) == cat == hand_category(hi)


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("cards, err", [
    ([0, 1, 2, 3], CardCountError),
    ([0], CardCountError),
    ([], CardCountError),
    ([0, 1, 2, 3, 52], InvalidCardError),
    ([0, 1, 2, 3, -1], InvalidCardError),
    ([0, 1, 2, 3, 2**70], InvalidCardError),
    ([0, 1, 2, 3, 3], DuplicateCardError),
    ([0, 1, 2, 3, 4.0], CardTypeError),
    ([0, 1, 2, 3, "x"], InvalidCardError),  # a string in the list is one card's text
    ([0, 1, 2, 3, b"As"], CardTypeError),
    ("As Ks Qs Js", CardCountError),
    ("As Ks Qs Js Xs", InvalidCardError),
    ("As Ks Qs Js As", DuplicateCardError),
    (None, CardTypeError),
    (12345, CardTypeError),
])
def test_evaluate_rejects(cards, err):
    with pytest.raises(err):
        evaluate(cards)
    with pytest.raises(err):
        best_five(cards)


def test_errors_name_the_card():
    with pytest.raises(InvalidCardError, match="52"):
        evaluate([0, 1, 2, 3, 52])
    with pytest.raises(DuplicateCardError, match="2d"):
        evaluate([0, 1, 1, 3, 4])
    assert issubclass(InvalidCardError, ValueError) and issubclass(DuplicateCardError, ValueError)
    assert issubclass(CardTypeError, TypeError)


def test_batch_rejects_and_names_the_row():
    good = np.array([[0, 1, 2, 3, 4, 5, 6]] * 5, np.uint8)
    bad = good.copy()
    bad[3, 6] = 60
    with pytest.raises(InvalidCardError, match="row 3: invalid card 60"):
        evaluate_batch(bad)
    dup = good.copy()
    dup[2, 6] = 0
    with pytest.raises(DuplicateCardError, match="row 2: duplicate card 2c"):
        evaluate_batch(dup)
    neg = good.astype(np.int64)
    neg[4, 0] = -5
    with pytest.raises(InvalidCardError, match="row 4"):
        evaluate_batch(neg)
    with pytest.raises(CardTypeError):
        evaluate_batch(good.astype(np.float64))
    with pytest.raises(CardTypeError):
        evaluate_batch(good[0])
    with pytest.raises(CardCountError):
        evaluate_batch(good[:, :4])
    with pytest.raises(DuplicateCardError, match="row 0"):  # 8-card rows are evaluated (best five)
        evaluate_batch(np.zeros((2, 8), np.uint8))
    with pytest.raises(CardCountError):
        evaluate_batch(np.zeros((2, 53), np.uint8))
    with pytest.raises(CardTypeError):
        evaluate_batch(good, out=np.zeros(5, np.int32))
    with pytest.raises(CardTypeError):
        evaluate_batch(good, out=np.zeros(4, np.uint16))
    with pytest.raises(ThreadCountError):
        evaluate_batch(good, threads=-1)
    with pytest.raises(CardTypeError):
        evaluate_batch([["As"] * 7])


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.lists(st.integers(0, 255), min_size=7, max_size=7), min_size=1, max_size=40))
def test_batch_any_bytes_is_safe(rows):
    """Arbitrary bytes never crash: either the reference value per row, or an error naming a bad row."""
    arr = np.array(rows, np.uint8)
    valid = [all(c < 52 for c in r) and len(set(r)) == 7 for r in rows]
    for kernel in available_batch_kernels():
        with forced_batch_kernel(kernel):
            if all(valid):
                assert evaluate_batch(arr).tolist() == [ref_value(r) for r in rows]
            else:
                first = valid.index(False)
                with pytest.raises((InvalidCardError, DuplicateCardError), match=f"row {first}:"):
                    evaluate_batch(arr)


@pytest.mark.parametrize("value", [0, 7463, -1, 10**9])
def test_value_range_checked(value):
    with pytest.raises(HandValueError):
        hand_category(value)
    with pytest.raises(HandValueError):
        describe(value)


def test_every_pair_of_hole_cards_on_a_fixed_board():
    """All 1,081 hole-card pairs on one board: C batch equals the reference, hand by hand."""
    board = parse_cards("Kd 9h 9c 4s 2d")
    rest = [c for c in range(52) if c not in board]
    rows = [list(board) + [a, b] for a, b in itertools.combinations(rest, 2)]
    assert evaluate_batch(np.array(rows, np.uint8)).tolist() == [ref_value(r) for r in rows]


@settings(max_examples=examples(1000), deadline=None)
@given(st.one_of(hands, st.lists(st.integers(-3, 60), min_size=3, max_size=9)),
       st.sampled_from([tuple, list]))
def test_fast_path_and_python_path_agree(cards, kind):
    """pyeval.evaluate (the C fast path) and the cffi/Python path give the same value or error."""
    from pyeval.hands.high import _py_evaluate

    def outcome(f):
        try:
            return f(kind(cards))
        except pyeval.PyevalError as exc:
            return type(exc), str(exc)

    assert outcome(evaluate) == outcome(_py_evaluate)


def test_fast_path_falls_back_for_other_sequences():
    import array

    assert evaluate(np.array([51, 47, 43, 39, 35])) == 7462
    assert evaluate(array.array("b", [51, 47, 43, 39, 35])) == 7462
    assert evaluate(range(0, 20, 4)) == evaluate([0, 4, 8, 12, 16])
    with pytest.raises(CardTypeError):
        evaluate((True, 1, 2, 3, 4))
    with pytest.raises(CardCountError):  # no cards at all (evaluate(*cards) takes separate cards too)
        evaluate()


# --- category boundaries: defined once in C (csrc/pe_eval.h), exported ----------------------------

def test_category_boundaries_come_from_c_and_match_the_reference():
    """``CATEGORY_RANGES`` is built from ``PE_CAT_*_LOW`` / ``PE_EVAL_CLASSES``; it equals the ranges
    of the slow reference's dense classes (tests/reference.py shares nothing with pyeval)."""
    from pyeval._bindings import lib
    from pyeval.hands.high import PAIR_RANK_STEP
    from reference import DENSE

    lows = [lib.PE_CAT_HIGH_CARD_LOW, lib.PE_CAT_PAIR_LOW, lib.PE_CAT_TWO_PAIR_LOW, lib.PE_CAT_THREE_OF_A_KIND_LOW,
            lib.PE_CAT_STRAIGHT_LOW, lib.PE_CAT_FLUSH_LOW, lib.PE_CAT_FULL_HOUSE_LOW,
            lib.PE_CAT_FOUR_OF_A_KIND_LOW, lib.PE_CAT_STRAIGHT_FLUSH_LOW]
    assert [lo for lo, _ in pyeval.CATEGORY_RANGES.values()] == lows
    assert pyeval.MAX_VALUE == lib.PE_EVAL_CLASSES == len(DENSE)
    want: dict[HandCategory, tuple[int, int]] = {}
    pair_low: dict[int, int] = {}
    for key, v in DENSE.items():
        cat = HandCategory(key[0])
        lo, hi = want.get(cat, (v, v))
        want[cat] = (min(lo, v), max(hi, v))
        if cat == HandCategory.PAIR:
            pair_low[key[1]] = min(pair_low.get(key[1], v), v)
    assert pyeval.CATEGORY_RANGES == dict(sorted(want.items()))
    assert pair_low == {r: lib.PE_CAT_PAIR_LOW + PAIR_RANK_STEP * r for r in range(13)}
    for cat, (lo, hi) in pyeval.CATEGORY_RANGES.items():  # the C describe table agrees at every edge
        assert hand_category(lo) == hand_category(hi) == cat
        assert lib.pe_class_info(lo) >> 20 == cat and lib.pe_class_info(hi) >> 20 in (cat, HandCategory.ROYAL_FLUSH)


#: The published number of five-card hands of each category (royal flushes among straight flushes).
FIVE_CARD_HANDS = {HandCategory.HIGH_CARD: 1_302_540, HandCategory.PAIR: 1_098_240, HandCategory.TWO_PAIR: 123_552,
                   HandCategory.THREE_OF_A_KIND: 54_912, HandCategory.STRAIGHT: 10_200, HandCategory.FLUSH: 5_108,
                   HandCategory.FULL_HOUSE: 3_744, HandCategory.FOUR_OF_A_KIND: 624, HandCategory.STRAIGHT_FLUSH: 40}


@pytest.mark.parametrize("k", [5, 6])
def test_category_boundaries_match_the_census(k):
    """Counting every k-card hand by value (C enumeration) within each exported range gives the C
    census's category counts (which use the generated describe table) and, for five cards, the
    published frequencies; every value of a range occurs for five cards."""
    from pyeval.enumeration import value_histogram

    hist = value_histogram(k)
    counts, _ = pyeval.census(k)
    counts[HandCategory.STRAIGHT_FLUSH] += counts.pop(HandCategory.ROYAL_FLUSH)
    by_range = {cat: int(hist[lo:hi + 1].sum()) for cat, (lo, hi) in pyeval.CATEGORY_RANGES.items()}
    assert by_range == counts
    assert sum(by_range.values()) == int(hist.sum())
    if k == 5:
        assert by_range == FIVE_CARD_HANDS
        assert all((hist[lo:hi + 1] > 0).all() for lo, hi in pyeval.CATEGORY_RANGES.values())


def test_the_high_hand_module_is_not_shadowed_by_the_function():
    """``pyeval.evaluate`` is the function; the module is ``pyeval.hands.high`` (issue 12)."""
    import importlib
    import types

    mod = importlib.import_module("pyeval.hands.high")
    assert isinstance(mod, types.ModuleType)
    assert callable(pyeval.evaluate) and not isinstance(pyeval.evaluate, types.ModuleType)
    assert pyeval.evaluate is mod.evaluate and pyeval.evaluate_batch is mod.evaluate_batch
    assert pyeval.CATEGORY_RANGES is mod.CATEGORY_RANGES and pyeval.hands.evaluate is pyeval.evaluate
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("pyeval.evaluate")

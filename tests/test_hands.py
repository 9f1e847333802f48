"""The variant evaluators (pyeval.hands) against slow references (tests/hands_reference.py).

Exhaustive: every five-card hand for ace-to-five and deuce-to-seven, every rank multiset of six and
seven cards for ace-to-five, every four-card Badugi hand. Omaha: brute force over random deals.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pyeval.hands import (
    BADUGI_CLASSES, LOW_27_CLASSES, LOW_A5_8_MIN, LOW_A5_CLASSES, badugi_size, evaluate_badugi,
    evaluate_badugi_batch, evaluate_low_27, evaluate_low_a5, evaluate_low_a5_8, evaluate_low_batch,
    evaluate_omaha, evaluate_omaha_batch, evaluate_omaha_low8,
)
from pyeval.errors import CardCountError, CardTypeError, DuplicateCardError, InvalidCardError

import hands_reference as ref


def _all_hands(k: int) -> np.ndarray:
    return np.array(list(itertools.combinations(range(52), k)), dtype=np.uint8)


@pytest.fixture(scope="module")
def five_card_hands() -> np.ndarray:
    return _all_hands(5)


def _check_dense_order(values: np.ndarray, keys: list, classes: int, smaller_key_better: bool) -> None:
    """values (one per hand) must order the hands exactly as the reference keys, densely 1..classes."""
    by_key: dict = {}
    for v, k in zip(values.tolist(), keys):
        assert by_key.setdefault(k, v) == v, f"hands of one reference class got values {by_key[k]} and {v}"
    ordered = sorted(by_key, reverse=not smaller_key_better)  # best first
    got = [by_key[k] for k in ordered]
    assert got == list(range(classes, classes - len(got), -1)), "values are not dense and ordered as the reference"
    assert len(got) == classes


def _check_unique(vals: np.ndarray, first: np.ndarray, inverse: np.ndarray, keys: list, classes: int) -> None:
    """Every hand has the value of its reference class, and class values are dense and ordered."""
    assert np.array_equal(vals, vals[first][inverse]), "hands of one reference class differ"
    _check_dense_order(vals[first], keys, classes, True)


def test_a5_every_five_card_hand(five_card_hands):
    vals = evaluate_low_batch(five_card_hands, kind="a5")
    # The reference depends on ranks only, so compute it once per rank multiset.
    # The reference depends on ranks only: compute it once per rank multiset (np.unique).
    code = (np.sort(five_card_hands >> 2, axis=1).astype(np.int64) * 13 ** np.arange(5)).sum(axis=1)
    _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    keys = [ref.a5_key(tuple(five_card_hands[i].tolist())) for i in first]
    _check_unique(vals, first, inverse, keys, LOW_A5_CLASSES)
    q = evaluate_low_batch(five_card_hands, kind="a5_8")
    qualifies = np.array([ref.a5_8_qualifies(k) for k in keys])[inverse]
    assert np.array_equal(q, np.where(qualifies, vals, 0))
    assert int(q[q > 0].min()) == LOW_A5_8_MIN


def test_27_every_five_card_hand(five_card_hands):
    vals = evaluate_low_batch(five_card_hands, kind="27")
    flush = (five_card_hands & 3).min(axis=1) == (five_card_hands & 3).max(axis=1)
    code = (np.sort(five_card_hands >> 2, axis=1).astype(np.int64) * 13 ** np.arange(5)).sum(axis=1) * 2 + flush
    _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    keys = [ref.d27_key(tuple(five_card_hands[i].tolist())) for i in first]
    _check_unique(vals, first, inverse, keys, LOW_27_CLASSES)
    assert vals.max() == LOW_27_CLASSES


@pytest.mark.parametrize("k", [6, pytest.param(7, marks=pytest.mark.slow)])  # 7: every multiset, ~4 s
def test_a5_every_rank_multiset(k):
    hands = []
    for ms in itertools.combinations_with_replacement(range(13), k):
        if max(ms.count(r) for r in ms) > 4:
            continue
        seen: dict[int, int] = {}
        cards = []
        for r in ms:  # give repeated ranks different suits, rotated so flushes do not matter
            s = seen.get(r, 0)
            seen[r] = s + 1
            cards.append(r * 4 + s)
        hands.append(cards)
    arr = np.array(hands, dtype=np.uint8)
    rng = np.random.default_rng(k)
    arr = np.take_along_axis(arr, rng.permuted(np.tile(np.arange(k), (len(arr), 1)), axis=1), axis=1)
    vals = evaluate_low_batch(arr, kind="a5")
    # Map each best five-card key to its value through the five-card evaluator.
    for row, v in zip(arr.tolist(), vals.tolist()):
        best = min(itertools.combinations(row, 5), key=ref.a5_key)
        assert evaluate_low_a5(best) == v, row
    q = evaluate_low_batch(arr, kind="a5_8")
    assert np.array_equal(q, np.where(vals >= LOW_A5_8_MIN, vals, 0))


def test_badugi_every_four_card_hand():
    hands = _all_hands(4)
    vals = evaluate_badugi_batch(hands)
    # Badugi is blind to which suit is which: relabel suits in order of first appearance and
    # compute the reference once per (ranks, suit pattern) class.
    suits = hands & 3
    code = np.zeros(len(hands), dtype=np.int64)
    lab = np.full((len(hands), 4), -1)
    nxt = np.zeros(len(hands), dtype=np.int64)
    for i in range(4):
        s = suits[:, i]
        known = np.full(len(hands), -1)
        for j in range(i):
            known = np.where((known < 0) & (suits[:, j] == s), lab[:, j], known)
        lab[:, i] = np.where(known >= 0, known, nxt)
        nxt = np.where(known >= 0, nxt, nxt + 1)
        code = code * 52 + (hands[:, i] >> 2) * 4 + lab[:, i]
    _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    keys = [ref.badugi_key(tuple(hands[i].tolist())) for i in first]
    _check_unique(vals, first, inverse, keys, BADUGI_CLASSES)
    for v, k in zip(vals[first].tolist(), keys):
        assert badugi_size(v) == -k[0]


@pytest.mark.parametrize("nh,nb", [(4, 5), (5, 5), (6, 5), (4, 3), (4, 4), (5, 4)])
def test_omaha_against_brute_force(nh, nb):
    from pyeval import evaluate
    rng = random.Random(nh * 10 + nb)
    holes, boards = [], []
    for _ in range(400):
        d = rng.sample(range(52), nh + nb)
        holes.append(d[:nh])
        boards.append(d[nh:])
    high = evaluate_omaha_batch(hole=holes, board=boards)
    low = evaluate_omaha_batch(hole=holes, board=boards, kind="low8")
    for h, b, hv, lv in zip(holes, boards, high.tolist(), low.tolist()):
        want = max(evaluate(list(x) + list(y)) for x in itertools.combinations(h, 2) for y in itertools.combinations(b, 3))
        assert hv == want == evaluate_omaha(hole=h, board=b)
        lk = ref.omaha_low8_key(tuple(h), tuple(b))
        if lk is None:
            assert lv == 0 == evaluate_omaha_low8(hole=h, board=b)
        else:
            best = min((x + y for x in itertools.combinations(h, 2) for y in itertools.combinations(b, 3)), key=ref.a5_key)
            assert lv == evaluate_low_a5(best) == evaluate_omaha_low8(hole=h, board=b)


def test_known_values():
    assert evaluate_low_a5("As 2d 3c 4h 5s") == LOW_A5_CLASSES  # the wheel is the best ace-to-five low
    assert evaluate_low_a5("Kc Kd Kh Ks Qs") == 1
    assert evaluate_low_a5_8("9s 2d 3c 4h 5s 9h Th") == 0  # no five distinct ranks 8 or lower
    assert evaluate_low_27("7s 5d 4c 3h 2s") == LOW_27_CLASSES
    assert evaluate_low_27("As 5d 4c 3h 2s") < evaluate_low_27("Ks Qd Jc Th 8s")  # ace high in 2-7
    assert evaluate_low_27("7s 6s 5s 4s 2s") < evaluate_low_27("8s 7d 6c 4h 2s")  # flush counts against
    assert evaluate_badugi("As 2d 3c 4h") == BADUGI_CLASSES
    assert badugi_size(evaluate_badugi("Ks Kd 2s 3c")) == 3
    # Omaha: four spades in the hole and a flush board still need exactly two hole cards.
    assert evaluate_omaha(hole="As Ks Qs Js", board="2s 3s 4s 8d 9c") > evaluate_omaha(hole="Ah Kd Qc Jd", board="2s 3s 4s 8d 9c")
    from pyeval import evaluate
    assert evaluate_omaha(hole="As Ad Ac Ah", board="2s 5h 8d 9c Jc") == evaluate("As Ad Jc 9c 8d")  # one pair only


def test_bad_input_is_rejected():
    with pytest.raises(CardCountError):
        evaluate_low_27("As 2d 3c 4h 5s 6s")
    with pytest.raises(DuplicateCardError):
        evaluate_low_a5([0, 0, 1, 2, 3])
    with pytest.raises(InvalidCardError):
        evaluate_badugi([0, 1, 2, 52])
    with pytest.raises(DuplicateCardError):
        evaluate_omaha(hole="As Ks Qs Js", board="As 3s 4s 8d 9c")
    with pytest.raises(CardCountError):
        evaluate_omaha(hole="As Ks Qs", board="2s 3s 4s 8d 9c")
    with pytest.raises(DuplicateCardError, match="row 1"):
        evaluate_low_batch([[0, 1, 2, 3, 4], [5, 5, 6, 7, 8]])
    with pytest.raises(InvalidCardError, match="row 0"):
        evaluate_badugi_batch(np.array([[0, 1, 2, 60]], dtype=np.uint8))
    with pytest.raises(DuplicateCardError, match="row 0"):
        evaluate_omaha_batch(hole=[[0, 1, 2, 3]], board=[[3, 10, 11, 12, 13]])
    with pytest.raises(CardTypeError):
        evaluate_low_batch([[0, 1, 2, 3, 4]], kind="razz")


@pytest.mark.parametrize("nh", [4, 5, 6])
def test_omaha_flush_heavy_boards_against_brute_force(nh):
    """Deals from two suits only: most boards allow a flush, exercising the suit-counter shortcut."""
    from pyeval import evaluate
    rng = random.Random(100 + nh)
    deck = [c for c in range(52) if c & 3 in (0, 3)]
    holes, boards = [], []
    for _ in range(300):
        d = rng.sample(deck, nh + 5)
        holes.append(d[:nh])
        boards.append(d[nh:])
    high = evaluate_omaha_batch(hole=holes, board=boards)
    for h, b, hv in zip(holes, boards, high.tolist()):
        want = max(evaluate(list(x) + list(y)) for x in itertools.combinations(h, 2) for y in itertools.combinations(b, 3))
        assert hv == want == evaluate_omaha(hole=h, board=b)


def _deals(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("kind,k", [("a5", 5), ("a5", 6), ("a5", 7), ("a5_8", 5), ("a5_8", 6), ("a5_8", 7), ("27", 5)])
def test_low_batch_matches_single_calls(kind, k):
    single = {"a5": evaluate_low_a5, "a5_8": evaluate_low_a5_8, "27": evaluate_low_27}[kind]
    hands = _deals(3000, k, k)
    vals = evaluate_low_batch(hands, kind=kind)
    assert vals.tolist() == [single(h) for h in hands.tolist()]


def test_badugi_and_omaha_batches_match_single_calls():
    hands = _deals(3000, 9, 9)
    assert evaluate_badugi_batch(hands[:, :4]).tolist() == [evaluate_badugi(h) for h in hands[:, :4].tolist()]
    for nh in (4, 5, 6):
        h, b = hands[:, :nh], hands[:, nh:nh + 5] if nh < 5 else hands[:, nh:]
        if b.shape[1] < 3:
            continue
        assert evaluate_omaha_batch(hole=h, board=b).tolist() == [evaluate_omaha(hole=x, board=y) for x, y in zip(h.tolist(), b.tolist())]
        assert evaluate_omaha_batch(hole=h, board=b, kind="low8").tolist() == [
            evaluate_omaha_low8(hole=x, board=y) for x, y in zip(h.tolist(), b.tolist())]


@pytest.mark.parametrize("bad,error", [((5, 5), DuplicateCardError), ((52, 53), InvalidCardError),
                                       ((60, 60), InvalidCardError), ((255, 0), InvalidCardError)])
def test_batches_name_the_first_bad_row_behind_many_good_ones(bad, error):
    """The fused check (one-hot bit sums with a poison bit) must catch duplicates, bytes past 51, and
    pairs of them, in every kernel, after many valid rows (including queued duplicate-rank rows)."""
    good = _deals(600, 9, 1)
    good[:200, 1] = good[:200, 0] ^ 1  # same rank, other suit: a pair in the first cards (queued A-5 rows)
    for k, run in [(5, lambda a: evaluate_low_batch(a, kind="a5")), (6, lambda a: evaluate_low_batch(a, kind="a5")),
                   (7, lambda a: evaluate_low_batch(a, kind="a5_8")), (5, lambda a: evaluate_low_batch(a, kind="27")),
                   (4, evaluate_badugi_batch), (9, lambda a: evaluate_omaha_batch(hole=a[:, :4], board=a[:, 4:])),
                   (9, lambda a: evaluate_omaha_batch(hole=a[:, :4], board=a[:, 4:], kind="low8"))]:
        arr = good[:, :k].copy()
        # make the pair rows valid: card 1 must differ from every other card of the row
        ok = np.array([len(set(r)) == k for r in arr.tolist()])
        arr = arr[ok]
        run(arr)
        row = len(arr) - 50
        arr[row, 1:3] = bad
        with pytest.raises(error, match=f"row {row}"):
            run(arr)


@pytest.mark.parametrize("cards,error", [((0, 0, 1, 2, 3), DuplicateCardError), ([0, 1, 2, 3, 60], InvalidCardError),
                                         ((0, 1, 2, 3, -1), InvalidCardError), ((True, 5, 9, 14, 22), CardTypeError),
                                         ((0, 1), CardCountError), ((0.0, 5, 9, 14, 22), CardTypeError)])
def test_single_calls_reject_what_the_fast_path_skips(cards, error):
    """Single calls take a fast path for plain distinct ints 0..51; anything else gets the precise error."""
    with pytest.raises(error):
        evaluate_low_a5(cards)
    with pytest.raises((error, CardCountError)):
        evaluate_omaha(hole=cards, board=(40, 41, 42, 43, 44))
    with pytest.raises((error, CardCountError)):
        evaluate_omaha(hole=(40, 41, 42, 43), board=cards)
    assert evaluate_low_a5([12, 0, 1, 2, 3]) == evaluate_low_a5("5c 2c 2d 2h 2s")
    assert evaluate_low_a5(np.array([12, 0, 1, 2, 3])) == evaluate_low_a5((12, 0, 1, 2, 3))


def test_junk_bytes_are_rejected_by_every_batch():
    """Arbitrary bytes (every value 0..255) never reach a lookup: each batch either evaluates or names
    the first bad row, and that row really is bad."""
    rng = np.random.default_rng(8)
    junk = rng.integers(0, 256, size=(4000, 9), dtype=np.uint8)
    junk[::3] = _deals(4000, 9, 8)[::3]  # some valid rows in between
    runs = [(k, lambda a, kind=kind: evaluate_low_batch(a, kind=kind)) for kind, k in
            [("a5", 5), ("a5", 6), ("a5", 7), ("a5_8", 7), ("27", 5)]]
    runs += [(4, evaluate_badugi_batch), (9, lambda a: evaluate_omaha_batch(hole=a[:, :4], board=a[:, 4:])),
             (9, lambda a: evaluate_omaha_batch(hole=a[:, :4], board=a[:, 4:], kind="low8"))]
    for k, run in runs:
        arr = np.ascontiguousarray(junk[:, :k])
        bad_rows = [i for i, r in enumerate(arr.tolist()) if max(r) > 51 or len(set(r)) < k]
        with pytest.raises((InvalidCardError, DuplicateCardError), match=f"row {bad_rows[0]}:"):
            run(arr)
        assert len(run(arr[[i for i in range(len(arr)) if i not in set(bad_rows)]])) == len(arr) - len(bad_rows)


def test_the_registry_values_hands_as_the_public_evaluators_do() -> None:
    import random

    from pyeval import evaluate
    from pyeval.errors import HandValueError, TableRulesError
    from pyeval.hands import HAND_TYPES, evaluate_short_deck, hand_type
    from pyeval.poker.games import StreetSpec, Variant

    rng = random.Random(12)
    public = {"high": lambda h, b: evaluate(h + b), "omaha": lambda h, b: evaluate_omaha(hole=h, board=b),
              "omaha_low8": lambda h, b: evaluate_omaha_low8(hole=h, board=b),
              "a5": lambda h, b: evaluate_low_a5(h), "a5_8": lambda h, b: evaluate_low_a5_8(h),
              "27": lambda h, b: evaluate_low_27(h), "badugi": lambda h, b: evaluate_badugi(h),
              "short_deck": lambda h, b: evaluate_short_deck(h + b),
              "short_deck_trips": lambda h, b: evaluate_short_deck(h + b, kind="trips_over_straight"),
              # the slow reference's best five (tests/test_hands_a6.py checks the order in full)
              "a6": lambda h, b: HAND_TYPES["a6"].value(bytes(max(itertools.combinations(h, 5),
                                                                     key=lambda f: (-ref.a6_key(f)[0], tuple(-x for x in ref.a6_key(f)[1])))), b"")}
    assert set(HAND_TYPES) == set(public)
    for name, t in HAND_TYPES.items():
        for _ in range(300):
            cards = rng.sample(range(16, 52) if name.startswith("short_deck") else range(52), 9)
            if name in ("omaha", "omaha_low8"):
                hole, board = tuple(cards[:4]), tuple(cards[4:9])
            elif name in ("high", "short_deck", "short_deck_trips"):
                hole, board = tuple(cards[:2]), tuple(cards[2:7])
            elif name == "badugi":
                hole, board = tuple(cards[:4]), ()
            else:
                hole, board = tuple(cards[:7] if name != "27" else cards[:5]), ()
            assert t.value(bytes(hole), bytes(board)) == public[name](hole, board), name
    assert hand_type("omaha") is HAND_TYPES["omaha"] and HAND_TYPES["a5_8"].qualifies
    with pytest.raises(HandValueError):
        hand_type("pineapple")
    with pytest.raises(TableRulesError, match="registered hand types"):
        Variant("Pineapple", "X", (StreetSpec(down=3),), hands=("pineapple",))

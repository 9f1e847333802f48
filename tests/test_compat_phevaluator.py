"""pyeval.compat.phevaluator against the installed phevaluator (a test dependency): same ranks on
random hands (10**4 by default, 10**6 under -m slow), every hand class, the README examples."""
from __future__ import annotations

import pickle

import phevaluator
import pytest
from compat_hands import CARD_TEXT, DEFAULT_HANDS, SLOW_HANDS, one_hand_per_class, random_hands

import pyeval
import pyeval.compat.phevaluator as ph


def test_readme_examples() -> None:
    # phevaluator's README (python/README.md): "Player 2 has a stronger hand", ranks 292 and 236
    p1 = ph.evaluate_cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c")
    p2 = ph.evaluate_cards("9c", "4c", "4s", "9d", "4h", "2c", "9h")
    assert (p1, p2) == (292, 236) == (phevaluator.evaluate_cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c"),
                                      phevaluator.evaluate_cards("9c", "4c", "4s", "9d", "4h", "2c", "9h"))
    # the docstring examples of evaluate_cards and evaluate_omaha_cards
    assert ph.evaluate_cards("Ac", "Ad", "Ah", "As", "Kc") == ph.evaluate_cards("Ac", "Ad", "Ah", "As", "Kd") \
        == ph.evaluate_cards("Ac", "Ad", "Ah", "As", "Kc", "Qh") == 11
    assert ph.evaluate_5cards("Ac", "Ad", "Ah", "As", "Kc") == phevaluator.evaluate_5cards("Ac", "Ad", "Ah", "As", "Kc")
    r1 = ph.evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc")
    r2 = ph.evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ad", "Kd", "Qd", "Jd")
    assert r1 == r2 == phevaluator.evaluate_omaha_cards("3c", "9c", "3h", "9h", "6h", "Ac", "Kc", "Qc", "Jc")


def test_every_hand_class_has_the_same_rank() -> None:
    for value, hand in one_hand_per_class().items():
        assert ph.evaluate_cards(*hand) == phevaluator.evaluate_cards(*hand) == 7463 - value


@pytest.mark.parametrize("n", [DEFAULT_HANDS, pytest.param(SLOW_HANDS, marks=pytest.mark.slow)])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_from_ints(n: int, k: int) -> None:
    hands = random_hands(n, k, seed=k).tolist()
    assert [ph.evaluate_cards(*h) for h in hands] == [phevaluator.evaluate_cards(*h) for h in hands]


@pytest.mark.parametrize("n", [DEFAULT_HANDS, pytest.param(SLOW_HANDS, marks=pytest.mark.slow)])
def test_random_omaha_hands(n: int) -> None:
    hands = random_hands(n, 9, seed=9).tolist()
    assert [ph.evaluate_omaha_cards(*h) for h in hands] == [phevaluator.evaluate_omaha_cards(*h) for h in hands]
    assert [ph.evaluate_plo4_cards(*h) for h in hands[:100]] == [phevaluator.evaluate_plo4_cards(*h)
                                                                  for h in hands[:100]]


def test_text_upper_case_suits_card_objects_and_mixtures() -> None:
    for i, h in enumerate(random_hands(2000, 7, seed=11).tolist()):
        forms = [CARD_TEXT[c] if i % 3 == 0 else ph.Card(c) if i % 3 == 1 else c for c in h]
        forms[0] = CARD_TEXT[h[0]][0] + CARD_TEXT[h[0]][1].upper()
        theirs = [phevaluator.Card(int(f)) if isinstance(f, ph.Card) else f for f in forms]
        assert ph.evaluate_cards(*forms) == phevaluator.evaluate_cards(*theirs)
        board_first = forms[:5] + [CARD_TEXT[c] for c in random_hands(1, 52, seed=i).tolist()[0]
                                   if c not in h][:4]
        theirs = [phevaluator.Card(int(f)) if isinstance(f, ph.Card) else f for f in board_first]
        assert ph.evaluate_omaha_cards(*board_first) == phevaluator.evaluate_omaha_cards(*theirs)


def test_plo5_and_plo6_need_no_special_build() -> None:
    h = random_hands(1, 11, seed=3).tolist()[0]
    board, hole = h[:5], h[5:]
    assert ph.evaluate_plo5_cards(*board, *hole[:5]) == 7463 - pyeval.hands.evaluate_omaha(hole=hole[:5], board=board)
    assert ph.evaluate_plo6_cards(*board, *hole) == 7463 - pyeval.hands.evaluate_omaha(hole=hole, board=board)


def test_card_matches_phevaluator_card() -> None:
    for i in range(52):
        ours, theirs = ph.Card(CARD_TEXT[i].upper()), phevaluator.Card(CARD_TEXT[i].upper())
        assert (ours.id_, int(ours), str(ours), repr(ours)) == (theirs.id_, int(theirs), str(theirs), repr(theirs))
        assert (ours.describe_rank(), ours.describe_suit(), ours.describe_card()) == \
            (theirs.describe_rank(), theirs.describe_suit(), theirs.describe_card())
        assert ours == i == ours.id_ and ours == CARD_TEXT[i].upper() and ours == ph.Card(ours)
        assert hash(ours) == hash(theirs) and pickle.loads(pickle.dumps(ours)) == ours
    with pytest.raises(TypeError):
        ph.Card(0).x = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        ph.Card(0.0)  # type: ignore[arg-type]


def test_where_phevaluator_answers_for_impossible_hands_pyeval_raises() -> None:
    # phevaluator ranks a hand holding the ace of spades twice; that hand cannot be dealt.
    assert isinstance(phevaluator.evaluate_cards(51, 51, 50, 49, 48), int)
    with pytest.raises(pyeval.DuplicateCardError):
        ph.evaluate_cards(51, 51, 50, 49, 48)
    with pytest.raises(pyeval.DuplicateCardError):
        ph.evaluate_cards("As", "As", "Ah", "Ad", "Ac")
    # a card past the deck: phevaluator ranks it anyway, the same as a card before the deck
    assert phevaluator.evaluate_cards(52, 1, 2, 3, 4) == phevaluator.evaluate_cards(-1, 1, 2, 3, 4)
    for bad in (52, -1):
        with pytest.raises(pyeval.InvalidCardError):
            ph.evaluate_cards(bad, 1, 2, 3, 4)
    with pytest.raises(ValueError):  # the count, as phevaluator (CardCountError is a ValueError)
        ph.evaluate_cards("As", "Ks", "Qs", "Js")
    with pytest.raises(ValueError):
        ph.evaluate_cards(1, 2, 3, 4)
    with pytest.raises(ValueError):
        ph.evaluate_omaha_cards(*range(8))
    with pytest.raises(ValueError):
        ph.evaluate_cards("Xs", "Ks", "Qs", "Js", "Ts")
    with pytest.raises(TypeError):
        ph.evaluate_cards(1.0, 2, 3, 4, 5)  # type: ignore[arg-type]


def test_docstring_examples() -> None:
    import doctest
    failed, tried = doctest.testmod(ph)
    assert tried >= 1 and failed == 0

"""Card encoding, parsing and formatting."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyeval import (
    CARD_TEXT,
    CardTypeError,
    DuplicateCardError,
    InvalidCardError,
    card,
    format_card,
    format_cards,
    parse_cards,
)


def test_encoding_matches_phevaluator():
    assert card("2c") == 0 and card("2d") == 1 and card("2h") == 2 and card("2s") == 3
    assert card("3c") == 4 and card("Ac") == 48 and card("As") == 51
    assert CARD_TEXT[51] == "As" and CARD_TEXT[0] == "2c" and len(CARD_TEXT) == 52


@pytest.mark.parametrize("text", ["As Kd", "AsKd", "as kd", "AS KD", "As,Kd", " As  Kd ", "as, KD"])
def test_parse_forms(text):
    assert parse_cards(text) == (51, 45)


def test_ten_as_10_or_t():
    assert parse_cards("10h") == parse_cards("Th") == parse_cards("th") == (card("Th"),)
    assert parse_cards("10h10s") == parse_cards("Th Ts")
    assert format_cards(parse_cards("10h 9c")) == "Th 9c"


def test_empty_text():
    assert parse_cards("") == () and parse_cards("   ") == ()


@pytest.mark.parametrize("text, culprit", [("As Xd", "Xd"), ("As K", "K"), ("Asz", "z"), ("1s", "1s"),
                                           ("As Kx", "Kx"), ("11s", "11")])
def test_invalid_names_culprit(text, culprit):
    with pytest.raises(InvalidCardError, match=culprit):
        parse_cards(text)


def test_duplicates():
    with pytest.raises(DuplicateCardError, match="As"):
        parse_cards("As Kd as")
    assert parse_cards("As As", allow_duplicates=True) == (51, 51)


def test_types():
    with pytest.raises(CardTypeError):
        parse_cards(123)  # type: ignore[arg-type]
    with pytest.raises(CardTypeError):
        card(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        format_card(52)
    with pytest.raises(InvalidCardError):
        format_cards([0, -1])
    with pytest.raises(CardTypeError):
        format_cards([True])


@given(st.lists(st.integers(0, 51), unique=True))
def test_round_trip(cards):
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(format_cards(cards).replace(" ", "")) == tuple(cards)
    assert parse_cards(format_cards(cards).lower()) == tuple(cards)


@given(st.integers(0, 51))
def test_single_card(c):
    assert card(format_card(c)) == c

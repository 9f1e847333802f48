"""treys' API on pyeval: ``from pyeval.compat.treys import Card, Deck, Evaluator`` in place of
``from treys import Card, Deck, Evaluator``.

Same names, card ints and numbers as treys 0.1.x:

- cards are treys' bit-packed ints (``Card.new("Ah")`` is ``268471337``: rank bit, suit bit, rank
  and prime, as Cactus Kev's evaluator), so stored cards, ``Card.get_rank_int`` and the pretty
  printers keep working;
- ``Evaluator().evaluate(hand, board)`` is 1..7462, **lower is stronger** (1 = royal flush):
  ``7463 - pyeval.evaluate(hand + board)``; ``get_rank_class``, ``class_to_string``,
  ``get_five_card_rank_percentage`` and ``hand_summary`` as treys';
- ``PLOEvaluator().evaluate(hand, board)``: Omaha (two hole cards with three board cards);
- ``Deck(seed)`` is **shuffled on creation** by Python's ``random.Random(seed)`` over the same
  card order as treys, so one seed deals the same cards in both; ``draw(n)`` returns a list.

Differences: a card twice raises :class:`pyeval.DuplicateCardError`, an int that is not a treys
card :class:`pyeval.InvalidCardError`, a hand of other than 5..7 cards
:class:`pyeval.CardCountError` (treys: ``KeyError``), and ``get_rank_class`` of a rank outside
1..7462 :class:`pyeval.HandValueError` (treys calls 0 a royal flush). Pretty strings are not coloured.
"""
from __future__ import annotations

import bisect
import random
from collections.abc import Sequence

from ..cards import CARD_TEXT
from ..errors import CardCountError, HandValueError, InvalidCardError
from ..hands.evaluators import evaluate_omaha
from ..hands.high import CATEGORY_RANGES, MAX_VALUE, HandCategory, evaluate as _evaluate

__all__ = ["Card", "Deck", "Evaluator", "PLOEvaluator", "LookupTable"]

_WORST = MAX_VALUE + 1  # treys rank = 7463 - pyeval value


class Card:
    """treys' card helpers: static methods over treys' card ints (bits ``xxxbbbbb bbbbbbbb cdhsrrrr
    xxpppppp``: rank bit b, suit bit cdhs, rank r 0..12, rank prime p)."""

    STR_RANKS: str = "23456789TJQKA"
    INT_RANKS: range = range(13)
    PRIMES: list[int] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
    CHAR_RANK_TO_INT_RANK: dict[str, int] = {r: i for i, r in enumerate(STR_RANKS)}
    CHAR_SUIT_TO_INT_SUIT: dict[str, int] = {"s": 1, "h": 2, "d": 4, "c": 8}
    INT_SUIT_TO_CHAR_SUIT: str = "xshxdxxxc"
    PRETTY_SUITS: dict[int, str] = {1: "\u2660", 2: "\u2665", 4: "\u2666", 8: "\u2663"}

    @staticmethod
    def new(string: str) -> int:
        """treys' int of card text ``"Ah"`` (rank upper case, suit lower case).

        Raises:
            InvalidCardError (a ValueError): not a card.
        """
        try:
            return _TREYS_OF_TEXT[string]
        except (KeyError, TypeError):
            raise InvalidCardError(f"invalid card {string!r}: rank 23456789TJQKA then suit shdc, e.g. 'Ah'") from None

    @staticmethod
    def int_to_str(card_int: int) -> str:
        """``"Ah"`` of a treys card int."""
        return Card.STR_RANKS[Card.get_rank_int(card_int)] + Card.INT_SUIT_TO_CHAR_SUIT[Card.get_suit_int(card_int)]

    @staticmethod
    def get_rank_int(card_int: int) -> int:
        """Rank 0..12 (2..A)."""
        return (card_int >> 8) & 0xF

    @staticmethod
    def get_suit_int(card_int: int) -> int:
        """Suit bit: 1 spades, 2 hearts, 4 diamonds, 8 clubs."""
        return (card_int >> 12) & 0xF

    @staticmethod
    def get_bitrank_int(card_int: int) -> int:
        """``1 << rank``."""
        return (card_int >> 16) & 0x1FFF

    @staticmethod
    def get_prime(card_int: int) -> int:
        """The rank's prime (2 for a deuce .. 41 for an ace)."""
        return card_int & 0x3F

    @staticmethod
    def hand_to_binary(card_strs: Sequence[str]) -> list[int]:
        """treys ints of card texts."""
        return [Card.new(c) for c in card_strs]

    @staticmethod
    def prime_product_from_hand(card_ints: Sequence[int]) -> int:
        """Product of the cards' rank primes."""
        product = 1
        for c in card_ints:
            product *= c & 0xFF
        return product

    @staticmethod
    def prime_product_from_rankbits(rankbits: int) -> int:
        """Product of the primes of the ranks whose bit is set."""
        product = 1
        for i in Card.INT_RANKS:
            if rankbits >> i & 1:
                product *= Card.PRIMES[i]
        return product

    @staticmethod
    def int_to_binary(card_int: int) -> str:
        """The low 32 bits, least significant first reversed into groups of four (treys' debug form)."""
        bits = format(card_int & 0xFFFFFFFF, "032b")
        return "\t".join(bits[i:i + 4] for i in range(0, 32, 4))

    @staticmethod
    def int_to_pretty_str(card_int: int) -> str:
        """``"[A\u2665]"``."""
        return f"[{Card.STR_RANKS[Card.get_rank_int(card_int)]}{Card.PRETTY_SUITS[Card.get_suit_int(card_int)]}]"

    @staticmethod
    def print_pretty_card(card_int: int) -> None:
        """Print :meth:`int_to_pretty_str`."""
        print(Card.int_to_pretty_str(card_int))

    @staticmethod
    def ints_to_pretty_str(card_ints: Sequence[int]) -> str:
        """``" [A\u2665],[K\u2660] "``, as treys."""
        return " " + ",".join(Card.int_to_pretty_str(c) for c in card_ints) + " "

    @staticmethod
    def print_pretty_cards(card_ints: Sequence[int]) -> None:
        """Print :meth:`ints_to_pretty_str`."""
        print(Card.ints_to_pretty_str(card_ints))


def _treys_int(text: str) -> int:
    r = Card.CHAR_RANK_TO_INT_RANK[text[0]]
    return 1 << r << 16 | Card.CHAR_SUIT_TO_INT_SUIT[text[1]] << 12 | r << 8 | Card.PRIMES[r]


_TREYS_OF_TEXT = {t: _treys_int(t) for t in CARD_TEXT}
#: pyeval's card int of each treys card int.
_PYEVAL_OF_TREYS = {_TREYS_OF_TEXT[t]: i for i, t in enumerate(CARD_TEXT)}
_to_pyeval = _PYEVAL_OF_TREYS.__getitem__


def _ids(cards: Sequence[int]) -> list[int]:
    try:
        return list(map(_to_pyeval, cards))
    except (KeyError, TypeError):
        bad = next(c for c in cards if c not in _PYEVAL_OF_TREYS)
        raise InvalidCardError(f"{bad!r} is not a treys card int (Card.new('Ah'))") from None


class LookupTable:
    """treys' rank boundaries: the weakest rank (largest number) of each class, and the class names."""

    MAX_ROYAL_FLUSH: int = 1
    MAX_STRAIGHT_FLUSH: int = _WORST - CATEGORY_RANGES[HandCategory.STRAIGHT_FLUSH][0]
    MAX_FOUR_OF_A_KIND: int = _WORST - CATEGORY_RANGES[HandCategory.FOUR_OF_A_KIND][0]
    MAX_FULL_HOUSE: int = _WORST - CATEGORY_RANGES[HandCategory.FULL_HOUSE][0]
    MAX_FLUSH: int = _WORST - CATEGORY_RANGES[HandCategory.FLUSH][0]
    MAX_STRAIGHT: int = _WORST - CATEGORY_RANGES[HandCategory.STRAIGHT][0]
    MAX_THREE_OF_A_KIND: int = _WORST - CATEGORY_RANGES[HandCategory.THREE_OF_A_KIND][0]
    MAX_TWO_PAIR: int = _WORST - CATEGORY_RANGES[HandCategory.TWO_PAIR][0]
    MAX_PAIR: int = _WORST - CATEGORY_RANGES[HandCategory.PAIR][0]
    MAX_HIGH_CARD: int = MAX_VALUE
    #: weakest rank of a class -> the class (0 royal flush .. 9 high card)
    MAX_TO_RANK_CLASS: dict[int, int] = {
        m: k for k, m in enumerate((MAX_ROYAL_FLUSH, MAX_STRAIGHT_FLUSH, MAX_FOUR_OF_A_KIND, MAX_FULL_HOUSE,
                                    MAX_FLUSH, MAX_STRAIGHT, MAX_THREE_OF_A_KIND, MAX_TWO_PAIR, MAX_PAIR,
                                    MAX_HIGH_CARD))}
    RANK_CLASS_TO_STRING: dict[int, str] = {
        k: c.label for k, c in enumerate(reversed(HandCategory))}


_CLASS_MAXES = sorted(LookupTable.MAX_TO_RANK_CLASS)


class Evaluator:
    """treys' evaluator: ranks 1..7462, lower is stronger (1 = royal flush)."""

    HAND_LENGTH = 2
    BOARD_LENGTH = 5

    def evaluate(self, hand: Sequence[int], board: Sequence[int]) -> int:
        """Rank of the best five of ``hand`` + ``board`` (5..7 treys card ints in all).

        Raises:
            CardCountError, InvalidCardError, DuplicateCardError (ValueError).
        """
        try:
            return _WORST - _evaluate([*map(_to_pyeval, hand), *map(_to_pyeval, board)])
        except (KeyError, TypeError):
            return _WORST - _evaluate(_ids([*hand, *board]))

    def get_rank_class(self, hr: int) -> int:
        """Class of a rank: 0 royal flush, 1 straight flush, ... 9 high card.

        Raises:
            HandValueError: ``hr`` outside 1..7462.
        """
        if isinstance(hr, bool) or not isinstance(hr, int) or not 1 <= hr <= MAX_VALUE:
            raise HandValueError(f"a treys hand rank is an int 1..{MAX_VALUE}, got {hr!r}")
        return LookupTable.MAX_TO_RANK_CLASS[_CLASS_MAXES[bisect.bisect_left(_CLASS_MAXES, hr)]]

    def class_to_string(self, class_int: int) -> str:
        """``"Royal Flush"``, ``"Straight Flush"``, ... ``"High Card"``."""
        return LookupTable.RANK_CLASS_TO_STRING[class_int]

    def get_five_card_rank_percentage(self, hand_rank: int) -> float:
        """``hand_rank / 7462``: 0.0 strongest .. 1.0 weakest."""
        return float(hand_rank) / float(MAX_VALUE)

    def hand_summary(self, board: Sequence[int], hands: Sequence[Sequence[int]]) -> None:
        """Print, street by street (flop, turn, river), each player's hand class and who leads, as treys.

        Raises:
            CardCountError: a board of other than 5 cards or a hand of other than
            ``HAND_LENGTH`` cards.
        """
        if len(board) != self.BOARD_LENGTH:
            raise CardCountError("Invalid board length")
        if any(len(h) != self.HAND_LENGTH for h in hands):
            raise CardCountError("Invalid hand length")
        line = "=" * 10
        for i, stage in enumerate(("FLOP", "TURN", "RIVER")):
            print(f"{line} {stage} {line}")
            ranks = [self.evaluate(list(h), list(board[:i + 3])) for h in hands]
            for p, rank in enumerate(ranks):
                name = self.class_to_string(self.get_rank_class(rank))
                print(f"Player {p + 1} hand = {name}, percentage rank among all hands = "
                      f"{1.0 - self.get_five_card_rank_percentage(rank)}")
            best = min(ranks)
            winners = [p for p, r in enumerate(ranks) if r == best]
            if stage != "RIVER":
                if len(winners) == 1:
                    print(f"Player {winners[0] + 1} hand is currently winning.\n")
                else:
                    print(f"Players {[w + 1 for w in winners]} are tied for the lead.\n")
            else:
                result = self.class_to_string(self.get_rank_class(best))
                print()
                print(f"{line} HAND OVER {line}")
                if len(winners) == 1:
                    print(f"Player {winners[0] + 1} is the winner with a {result}\n")
                else:
                    print(f"Players {[w + 1 for w in winners]} tied for the win with a {result}\n")


class PLOEvaluator(Evaluator):
    """treys' Omaha evaluator: exactly two of the 4 (5 or 6) hole cards with exactly three board cards."""

    HAND_LENGTH = 4

    def evaluate(self, hand: Sequence[int], board: Sequence[int]) -> int:
        """Omaha rank 1..7462 (lower is stronger) of ``hand`` (4..6 treys ints) on ``board`` (3..5)."""
        return _WORST - evaluate_omaha(hole=_ids(hand), board=_ids(board))


class Deck:
    """treys' deck: shuffled on creation; ``draw(n)`` takes cards from the end of ``cards``.

    Args:
        seed: for ``random.Random``: the same seed deals the same cards as treys' ``Deck(seed)``.
    """

    _FULL_DECK: list[int] = [_TREYS_OF_TEXT[r + s] for r in Card.STR_RANKS for s in Card.CHAR_SUIT_TO_INT_SUIT]

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)
        self.shuffle()

    def shuffle(self) -> None:
        """A fresh full deck, shuffled."""
        self.cards = Deck.GetFullDeck()
        self._random.shuffle(self.cards)

    def draw(self, n: int = 1) -> list[int]:
        """Take ``n`` cards (a list, also for ``n = 1``)."""
        return [self.cards.pop() for _ in range(n)]

    def __str__(self) -> str:
        return Card.ints_to_pretty_str(self.cards)

    @staticmethod
    def GetFullDeck() -> list[int]:  # noqa: N802 - treys' name
        """The 52 treys card ints, ranks ascending, suits s h d c within a rank."""
        return list(Deck._FULL_DECK)

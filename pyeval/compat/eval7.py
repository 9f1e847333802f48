"""eval7's API on pyeval: ``import pyeval.compat.eval7 as eval7`` in place of ``import eval7``.

Same names, card objects and numbers as eval7 0.1.x:

- ``Card("As")``: one of 52 shared card objects with eval7's ``rank`` (0..12, 2..A), ``suit``
  (0..3, ``c d h s``) and ``mask`` (``1 << (13 * suit + rank)``); ``str`` ``"As"``, ``repr``
  ``Card("As")``. Cards are interned, so ``Card("As") is Card("As")``.
- ``evaluate(cards)``: eval7's packed value, **higher is stronger**: the hand type in bits 24..27
  (0 high card .. 8 straight flush) and the ranks that decide it, 4 bits each from bit 16 down
  (``evaluate(map(Card, "As 2c 3d 5s 4c".split()))`` is ``67305472``, a five-high straight). Any
  number of cards: 5..7 by :func:`pyeval.evaluate`; 8 or more by the best five of every
  five-card subset (eval7 itself misjudges some hands of 11 or more cards; see
  ``tests/test_compat_eval7.py``); fewer than five by their pairs, trips and high cards, as eval7.
- ``handtype(value)``: ``"High Card"``, ``"Pair"``, ``"Two Pair"``, ``"Trips"``, ``"Straight"``,
  ``"Flush"``, ``"Full House"``, ``"Quads"``, ``"Straight Flush"``.
- ``Deck()``: 52 cards in eval7's order (2c 2d 2h 2s 3c ...), **not** shuffled until
  ``shuffle()``; ``deal(n)``, ``peek(n)``, ``sample(n)`` as eval7 (``ValueError`` past the end).
- ``HandRange("AQs+, 0.4(AsKs)")``: eval7's range strings, ``hands`` as eval7 lists them
  (``((Card, Card), weight)`` in the same order), ``tokens``, ``string``, ``len`` and iteration.
- ``py_hand_vs_range_exact(hand, villain, board)`` (a complete board),
  ``py_hand_vs_range_monte_carlo(hand, villain, board, iterations)`` and
  ``py_all_hands_vs_range(hero, villain, board, iterations)``: hero's equity (float) against
  villain's combinations, weights ignored as eval7 does, each combination equally likely.

Differences, all on input eval7 accepts silently: a card given twice raises
:class:`pyeval.DuplicateCardError` (eval7 answers for a hand it cannot be); a card that is not a
``Card`` of this module raises :class:`pyeval.CardTypeError`.
"""
from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from .._bindings import lib
from ..cards import CARD_TEXT, RANKS, SUITS, check_distinct
from ..equity import Range, all_hands_vs_range, hand_vs_range
from ..errors import CardCountError, CardTypeError, EquityError, InvalidCardError, RangeError
from ..hands.high import MAX_VALUE, evaluate as _evaluate, evaluate_batch

__all__ = [
    "Card", "Deck", "evaluate", "handtype", "HandRange", "RangeStringError", "ranks", "suits",
    "py_hand_vs_range_exact", "py_hand_vs_range_monte_carlo", "py_all_hands_vs_range",
]

#: eval7's rank and suit characters.
ranks = tuple(RANKS)
suits = tuple(SUITS)

_HANDTYPE_SHIFT = 24
_HANDTYPES = ("High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads",
              "Straight Flush")
#: Which of the five ranks of pyeval's class description (``pe_class_info``: the five cards,
#: grouped by count then rank) eval7 packs, per hand type; a royal flush is a straight flush.
_PACKED = ((0, 1, 2, 3, 4), (0, 2, 3, 4), (0, 2, 4), (0, 3, 4), (0,), (0, 1, 2, 3, 4), (0, 3), (0, 4), (0,),
           (0,))


def _packed_value(value: int) -> int:
    info = lib.pe_class_info(value)
    cat = info >> 20
    r = [(info >> (16 - 4 * i)) & 15 for i in range(5)]
    out = min(cat, 8) << _HANDTYPE_SHIFT
    for k, i in enumerate(_PACKED[cat]):
        out |= r[i] << (16 - 4 * k)
    return out


#: eval7's value of each pyeval value 1..7462 (index 0 unused).
_E7: tuple[int, ...] = (0, *(_packed_value(v) for v in range(1, MAX_VALUE + 1)))


class Card:
    """One of the 52 cards, by text (``Card("As")``); eval7's ``rank``, ``suit`` and ``mask``.

    Raises:
        InvalidCardError (a ValueError): text that is not rank ``23456789TJQKA`` then suit
        ``cdhs``.
    """

    __slots__ = ("_i", "rank", "suit", "mask")
    _i: int
    rank: int
    suit: int
    mask: int

    def __new__(cls, card_string: str) -> Card:
        try:
            return _BY_TEXT[card_string[:2]]
        except (KeyError, TypeError):
            raise InvalidCardError(f"invalid card {card_string!r}: eval7 cards are rank 23456789TJQKA then "
                                   f"suit cdhs, e.g. 'As'") from None

    @classmethod
    def _make(cls, i: int) -> Card:
        c = object.__new__(cls)
        rank, suit = divmod(i, 4)
        for k, v in (("_i", i), ("rank", rank), ("suit", suit), ("mask", 1 << (13 * suit + rank))):
            object.__setattr__(c, k, v)
        return c

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card objects are read-only")

    def __str__(self) -> str:
        return CARD_TEXT[self._i]

    def __repr__(self) -> str:
        return f'Card("{CARD_TEXT[self._i]}")'

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return Card, (CARD_TEXT[self._i],)

    # eval7's ordering, kept as it is: a card is "greater" when its rank or its suit is greater.
    def _gt(self, other: object) -> bool:
        if not isinstance(other, Card):
            raise TypeError(f"Cannot compare {self!r} and {other!r}")
        return self.rank > other.rank or self.suit > other.suit

    def __gt__(self, other: object) -> bool:
        return self._gt(other)

    def __ge__(self, other: object) -> bool:
        return self._gt(other) or self is other

    def __lt__(self, other: object) -> bool:
        return not (self._gt(other) or self is other)

    def __le__(self, other: object) -> bool:
        return not self._gt(other)


_CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(52))
_BY_TEXT = {CARD_TEXT[i]: c for i, c in enumerate(_CARDS)}


def _ids(cards: Iterable[Card]) -> list[int]:
    try:
        return [c._i for c in cards]
    except AttributeError:
        raise CardTypeError("eval7 cards are pyeval.compat.eval7.Card objects (Card('As'))") from None


def evaluate(cards: Iterable[Card]) -> int:
    """eval7's value of the best hand among ``cards`` (any number of distinct ``Card``), higher is
    stronger; see the module docstring for the packing.

    Raises:
        CardTypeError (not Cards), DuplicateCardError (a card twice).
    """
    try:
        ids = [c._i for c in cards]
    except AttributeError:
        raise CardTypeError("eval7 cards are pyeval.compat.eval7.Card objects (Card('As'))") from None
    try:
        return _E7[_evaluate(ids)]  # 5..7 cards
    except CardCountError:
        check_distinct(ids)
        return _best_of_many(ids) if ids else 0


def _best_of_many(ids: list[int]) -> int:
    """Fewer than 5 cards: eval7 packs the groups (count, then rank, high first) as it packs a
    five-card hand. 8 or more: the best of every five-card subset, evaluated in one C batch."""
    n = len(ids)
    if n >= 8:
        rows = np.asarray(ids, dtype=np.uint8)[_subsets(n)]
        return _E7[int(evaluate_batch(rows).max())]
    counts = [0] * 13
    for i in ids:
        counts[i >> 2] += 1
    groups = sorted(((c, r) for r, c in enumerate(counts) if c), reverse=True)
    cat = {4: 7, 3: 3}.get(groups[0][0], 0)
    if groups[0][0] == 2:
        cat = 2 if len(groups) > 1 and groups[1][0] == 2 else 1
    out = cat << _HANDTYPE_SHIFT
    for k, (_, r) in enumerate(groups):
        out |= r << (16 - 4 * k)
    return out


@lru_cache(maxsize=None)
def _subsets(n: int) -> npt.NDArray[np.intp]:
    return np.array(list(itertools.combinations(range(n), 5)), dtype=np.intp)


class _HandTypes(dict[int, str]):
    """eval7 value -> hand-type name: every value of a 5..7-card hand is a key (one C dict look-up
    per call, as cheap as eval7's compiled ``handtype``); others are named from their top bits."""

    def __missing__(self, value: int) -> str:
        return _HANDTYPES[min(value >> _HANDTYPE_SHIFT, 8)]


_NAMES = _HandTypes({v: _HANDTYPES[min(v >> _HANDTYPE_SHIFT, 8)] for v in _E7[1:]})
#: ``handtype(value)``: eval7's hand-type name of a value from :func:`evaluate` (``"Pair"``,
#: ``"Trips"``, ``"Quads"`` ...), a bound ``dict.__getitem__``. Raises TypeError for a non-int.
handtype: Callable[[int], str] = _NAMES.__getitem__


class Deck:
    """eval7's deck: 52 ``Card`` in order 2c 2d 2h 2s 3c ... As; shuffled only by ``shuffle()``
    (Python's ``random``, as eval7)."""

    def __init__(self) -> None:
        self.cards: list[Card] = list(_CARDS)

    def __repr__(self) -> str:
        return f"Deck({self.cards})"

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, i: int) -> Card:
        return self.cards[i]

    def shuffle(self) -> None:
        """Put the remaining cards in a random order."""
        random.shuffle(self.cards)

    def _check(self, n: int) -> None:
        if n > len(self.cards):
            raise ValueError("Insufficient cards in deck")

    def deal(self, n: int) -> list[Card]:
        """Remove the top ``n`` cards and return them. Raises ValueError past the end."""
        self._check(n)
        dealt = self.cards[:n]
        del self.cards[:n]
        return dealt

    def peek(self, n: int) -> list[Card]:
        """The top ``n`` cards, left in the deck."""
        self._check(n)
        return self.cards[:n]

    def sample(self, n: int) -> list[Card]:
        """``n`` random cards of the deck, left in it."""
        self._check(n)
        return random.sample(self.cards, n)


# ---- ranges -------------------------------------------------------------------------------------

class RangeStringError(RangeError):
    """A range string eval7's grammar does not accept (a :class:`pyeval.RangeError`)."""


_GROUP = re.compile(r"\s*(?:(\d*\.?\d+)(%?)\s*\(([^()]*)\)|([^,()]*))\s*(?:,|$)")
_TOKEN = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)(?:-([2-9TJQKA])([2-9TJQKA])([so]?))?$", re.I)
_HAND = re.compile(r"([2-9TJQKA])([cdhs])([2-9TJQKA])([cdhs])$", re.I)


def _r(ch: str) -> int:
    return RANKS.index(ch.upper())


def _expand(tok: str) -> list[str]:
    """Hand-type names of one token (``"AQ+"`` -> AQo, AQs, AKo, AKs), ascending as eval7."""
    h = _HAND.match(tok)
    if h:
        a, b = (h[1].upper() + h[2].lower()), (h[3].upper() + h[4].lower())
        if (_r(a[0]), SUITS.index(a[1])) < (_r(b[0]), SUITS.index(b[1])):
            a, b = b, a
        if a == b:
            raise RangeStringError(f"Failed to parse string: {tok!r} names one card twice")
        return [a + b]
    m = _TOKEN.match(tok)
    if not m:
        raise RangeStringError(f"Failed to parse string: {tok!r}")
    hi, lo, kind, plus, hi2, lo2, kind2 = m.groups()
    hi_r, lo_r = sorted((_r(hi), _r(lo)), reverse=True)
    kind, kind2 = kind.lower(), (kind2 or "").lower()
    if hi_r == lo_r:
        if kind or kind2:
            raise RangeStringError("Pairs cannot have suitedness")
        if hi2 is not None:
            if _r(hi2) != _r(lo2):
                raise RangeStringError(f"Failed to parse string: {tok!r}")
            a, b = sorted((hi_r, _r(hi2)))
            return [RANKS[x] * 2 for x in range(a, b + 1)]
        return [RANKS[x] * 2 for x in range(hi_r, 13 if plus else hi_r + 1)]
    if hi2 is not None:
        h2, l2 = sorted((_r(hi2), _r(lo2)), reverse=True)
        if h2 != hi_r or kind2 != kind or h2 == l2:
            raise RangeStringError(f"Failed to parse string: {tok!r}")
        kickers = range(min(lo_r, l2), max(lo_r, l2) + 1)
    else:
        kickers = range(lo_r, hi_r if plus else lo_r + 1)
    kinds = (kind,) if kind else ("o", "s")
    return [RANKS[hi_r] + RANKS[k] + s for k in kickers for s in kinds]


def _hands(name: str) -> list[tuple[Card, Card]]:
    if len(name) == 4:
        return [(Card(name[:2]), Card(name[2:]))]
    hi, lo = _r(name[0]), _r(name[1])
    if hi == lo:
        return [(_CARDS[hi * 4 + s2], _CARDS[hi * 4 + s1]) for s1 in range(4) for s2 in range(s1 + 1, 4)]
    if name[2] == "s":
        return [(_CARDS[hi * 4 + s], _CARDS[lo * 4 + s]) for s in range(4)]
    return [(_CARDS[hi * 4 + s1], _CARDS[lo * 4 + s2]) for s1 in range(4) for s2 in range(4) if s1 != s2]


def _tokens(s: str) -> list[tuple[str, float]]:
    if not isinstance(s, str):
        raise RangeStringError(f"a range string is text, got {type(s).__name__}")
    out: list[tuple[str, float]] = []
    if s.rstrip().endswith(","):
        raise RangeStringError(f"Failed to parse string: {s!r} ends with a comma")
    pos = 0
    while pos < len(s):
        m = _GROUP.match(s, pos)
        if not m or m.end() == pos:
            raise RangeStringError(f"Failed to parse string at {s[pos:pos + 20]!r}")
        pos = m.end()
        num, pct, inner, plain = m.groups()
        weight = 1.0 if num is None else float(num) / (100 if pct else 1)
        for tok in (plain,) if num is None else inner.split(","):
            tok = tok.strip()
            if tok.startswith("#") and tok.endswith("#") and len(tok) > 1:
                continue  # a tag: ignored, as eval7's grammar says
            if not tok:
                raise RangeStringError(f"Failed to parse string: an empty entry in {s!r}")
            out += [(name, weight) for name in _expand(tok)]
    return out


class HandRange:
    """eval7's weighted range: ``HandRange("JJ+, AT+, 80%(A8s+)")``.

    Attributes:
        string: the text. tokens: ``(hand type, weight)`` pairs (``("AKs", 1.0)``).
        hands: ``((Card, Card), weight)`` pairs, one per combination, in eval7's order.
    Raises:
        RangeStringError: text outside eval7's range grammar.
    """

    def __init__(self, s: str) -> None:
        self.string = s
        self.tokens = _tokens(s)
        self.hands: list[tuple[tuple[Card, Card], float]] = [
            (h, w) for name, w in self.tokens for h in _hands(name)]

    def __iter__(self) -> Iterator[tuple[tuple[Card, Card], float]]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)


# ---- equity ---------------------------------------------------------------------------------------
# eval7 deals each of villain's combinations equally often (a combination listed twice counts
# twice) and ignores the weights. On a complete board the answer is a count, done here with one
# evaluation per combination; otherwise pyeval's per-call equity (pyeval.equity.hand_vs_range,
# all_hands_vs_range: one C call each) samples villain's combinations in proportion to those counts.

def _combos(villain: Iterable[tuple[Sequence[Card], float]], dead: set[int]) -> list[tuple[int, int]]:
    """Villain's combinations as card-int pairs, weights dropped, those touching ``dead`` removed."""
    out = []
    try:
        for (x, y), _weight in villain:
            a, b = x._i, y._i
            if a not in dead and b not in dead:
                out.append((a, b))
    except AttributeError:
        raise CardTypeError("a range holds pairs of pyeval.compat.eval7.Card objects (see HandRange)") from None
    return out


def _as_range(combos: list[tuple[int, int]]) -> Range:
    """pyeval's Range of the combinations, each weighted by how often it is listed."""
    counts = Counter((a, b) if a > b else (b, a) for a, b in combos)
    top = max(counts.values())
    return Range(tuple(counts), tuple(Fraction(n, top) for n in counts.values()), "eval7 range")


def _count(hero: list[int], combos: list[tuple[int, int]], board: list[int]) -> float:
    """Hero's share against every combination on a complete board: (wins + ties / 2) / combinations."""
    mine = _evaluate(hero + board)
    wins = ties = 0
    if len(combos) < 32:
        for a, b in combos:
            v = _evaluate([a, b, *board])
            if mine > v:
                wins += 1
            elif mine == v:
                ties += 1
    else:
        rows = np.empty((len(combos), 7), np.uint8)
        rows[:, :2] = combos
        rows[:, 2:] = board
        theirs = evaluate_batch(rows)
        wins, ties = int((theirs < mine).sum()), int((theirs == mine).sum())
    return (wins + 0.5 * ties) / len(combos)


def _nonempty(combos: list[tuple[int, int]]) -> list[tuple[int, int]]:
    if not combos:
        raise EquityError("villain's range is empty once the board and hero's cards are removed")
    return combos


def _trials(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise EquityError(f"iterations must be an int >= 1, got {n!r}")
    return n


def py_hand_vs_range_exact(py_hand: Sequence[Card], py_villain: Iterable[tuple[Sequence[Card], float]],
                           py_board: Sequence[Card]) -> float:
    """Hero's equity against each of villain's combinations once, on a complete board of 5 cards.

    Raises:
        EquityError: board not 5 cards, or villain's range empty after card removal.
        DuplicateCardError: a card both in hero's hand and on the board.
    """
    hero, board = _ids(py_hand), _ids(py_board)
    if len(board) != 5:
        raise EquityError(f"py_hand_vs_range_exact needs the complete board of 5 cards, got {len(board)}")
    return _count(hero, _nonempty(_combos(py_villain, {*hero, *board})), board)


def py_hand_vs_range_monte_carlo(py_hand: Sequence[Card], py_villain: Iterable[tuple[Sequence[Card], float]],
                                 py_board: Sequence[Card], py_iterations: int) -> float:
    """Hero's equity against villain's combinations (equally likely), from ``py_iterations`` sampled
    deals (pyeval's Monte Carlo: a fresh seed per call, as eval7's generator is not seeded).

    Raises:
        EquityError: board not 0, 3, 4 or 5 cards, iterations < 1, or an empty range.
    """
    hero, board = _ids(py_hand), _ids(py_board)
    combos = _nonempty(_combos(py_villain, {*hero, *board}))
    return hand_vs_range(tuple(hero), _as_range(combos), tuple(board), trials=_trials(py_iterations))


def py_all_hands_vs_range(py_hero: Iterable[tuple[Sequence[Card], float]],
                          py_villain: Iterable[tuple[Sequence[Card], float]],
                          py_board: Sequence[Card], py_iterations: int) -> dict[tuple[Card, ...], float]:
    """Each hero hand's equity against villain's range, as eval7: exact on a complete board when
    villain has at most ``py_iterations`` combinations left, else ``py_iterations`` Monte Carlo
    trials (all such hands in one call of :func:`pyeval.equity.all_hands_vs_range`). Hero hands
    that villain's range cannot face (every combination blocked) are left out, as eval7 leaves them
    out; so are hero hands holding a board card (eval7 answers for those).

    Raises:
        EquityError: board not 0, 3, 4 or 5 cards, or iterations < 1.
    """
    board = _ids(py_board)
    n = _trials(py_iterations)
    combos = _combos(py_villain, set(board))
    out: dict[tuple[Card, ...], float] = {}
    sampled: dict[tuple[int, int], tuple[Card, ...]] = {}
    for hand, _weight in py_hero:
        hero = _ids(hand)
        if set(hero) & set(board):
            continue  # a hand that cannot be dealt on this board (eval7 reports a number for it)
        left = [c for c in combos if hero[0] not in c and hero[1] not in c]
        if not left:
            continue
        if len(board) == 5 and len(left) <= n:
            out[tuple(hand)] = _count(hero, left, board)
        else:
            out[tuple(hand)] = -1.0  # placeholder keeps eval7's order; filled below
            sampled[(max(hero), min(hero))] = tuple(hand)
    if sampled:
        got = all_hands_vs_range(Range.from_combos(sampled), _as_range(combos), tuple(board), trials=n)
        for key, hand in sampled.items():
            out[hand] = got[key]
    return out

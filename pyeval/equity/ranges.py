"""Hold'em hand ranges in the usual notation, as weighted two-card combinations.

A range is comma-separated tokens (spaces are ignored):

=================  ===============================================================================
``AhKh``           one combination (explicit hole cards)
``QQ``             a pocket pair: its 6 combinations
``TT+``            TT, JJ, QQ, KK, AA
``99-66``          99, 88, 77, 66 (either order)
``AKs`` / ``AKo``  suited (4) / offsuit (12) combinations of two ranks; ``AK``: all 16
``A2s+``           A2s up to AKs (the kicker rises to one below the top card); ``KTo+``: KTo, KJo, KQo
``A2s-A5s``        A2s, A3s, A4s, A5s (same top card, either order; also ``o`` or no suffix)
``random``         all 1,326 combinations (also ``any``)
``TOKEN:W``        any token with weight ``W`` (``AKs:0.5``, ``QQ:1/3``, ``AKs:40%``): 0 < W <= 1, default 1
``W(T1, T2)``      eval7's weighted group: every token inside takes weight ``W`` (``0.4(AsKs)``,
                   ``40%(ATs+, KQo)``, ``1/3(QQ)``)
``#tag#``          eval7's tags (``#UTG#``): ignored
=================  ===============================================================================

Ranks are ``2-9 T J Q K A`` (either case; ``10`` is accepted for ``T``: ``10h9h``, ``A10s``), suits
``c d h s``. A combination named twice takes its last weight. Errors
(:class:`~pyeval.errors.RangeError`) name the bad token. eval7's other notation (``88-JJ``,
``A7o-ATo``: spans in either order) is part of the table above; eval7 weights above 1 (relative
weights) are refused, as is an empty range.
"""
from __future__ import annotations

import math
import re
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ..cards import RANKS, SUITS, format_card
from ..errors import RangeError

__all__ = ["Range", "parse_range"]

_R = "[2-9TJQKA]"
_PAIR = re.compile(rf"^({_R})\1(\+?)$")
_PAIR_SPAN = re.compile(rf"^({_R})\1-({_R})\2$")
_TWO = re.compile(rf"^({_R})({_R})([SO]?)(\+?)$")
_TWO_SPAN = re.compile(rf"^({_R})({_R})([SO]?)-({_R})({_R})([SO]?)$")
_COMBO = re.compile(r"^([2-9TJQKA])([cdhs])([2-9TJQKA])([cdhs])$", re.IGNORECASE)


def _rank(ch: str) -> int:
    return RANKS.index(ch.upper())


def _pair(r: int) -> list[tuple[int, int]]:
    return [(r * 4 + b, r * 4 + a) for a in range(4) for b in range(a + 1, 4)]


def _two(hi: int, lo: int, kind: str) -> list[tuple[int, int]]:
    out = []
    for a in range(4):
        for b in range(4):
            if (kind == "S" and a != b) or (kind == "O" and a == b):
                continue
            out.append((hi * 4 + a, lo * 4 + b))
    return out


def _expand(tok: str, full: str) -> list[tuple[int, int]]:
    def bad(why: str) -> RangeError:
        return RangeError(f"invalid range token {orig!r} in {full!r}: {why}", token=orig)

    orig = tok

    low = tok.lower()
    if low in ("random", "any"):
        return [(a, b) for a in range(52) for b in range(a)]
    tok = tok.replace("10", "T")  # '10' is the rank T, as in card text ('10h')
    m = _COMBO.match(tok)
    if m:
        c0 = _rank(m.group(1)) * 4 + SUITS.index(m.group(2).lower())
        c1 = _rank(m.group(3)) * 4 + SUITS.index(m.group(4).lower())
        if c0 == c1:
            raise bad("the same card twice")
        return [(max(c0, c1), min(c0, c1))]
    up = tok.upper()
    if m := _PAIR.match(up):
        r = _rank(m.group(1))
        return [c for x in (range(r, 13) if m.group(2) else (r,)) for c in _pair(x)]
    if m := _PAIR_SPAN.match(up):
        a, b = sorted((_rank(m.group(1)), _rank(m.group(2))))
        return [c for x in range(a, b + 1) for c in _pair(x)]
    if m := _TWO.match(up):
        hi, lo = _rank(m.group(1)), _rank(m.group(2))
        if hi == lo:
            raise bad("a pair takes no suited/offsuit suffix")
        if hi < lo:
            raise bad(f"write the higher rank first ({m.group(2)}{m.group(1)}{m.group(3).lower()})")
        kind = m.group(3)
        kickers = range(lo, hi) if m.group(4) else (lo,)
        return [c for k in kickers for c in _two(hi, k, kind)]
    if m := _TWO_SPAN.match(up):
        h1, l1, k1, h2, l2, k2 = (_rank(m.group(1)), _rank(m.group(2)), m.group(3), _rank(m.group(4)),
                                  _rank(m.group(5)), m.group(6))
        if h1 != h2 or k1 != k2:
            raise bad("both ends of a span need the same top card and the same s/o suffix")
        if not (l1 < h1 and l2 < h1):
            raise bad("write the higher rank first")
        a, b = sorted((l1, l2))
        return [c for k in range(a, b + 1) for c in _two(h1, k, k1)]
    raise bad("expected e.g. AKs, AKo, AK, QQ, TT+, A2s+, A2s-A5s, 99-66, AhKh or random, "
              "optionally with :weight")


_WEIGHT_TEXT = re.compile(r"(?:\d{1,18}(?:\.\d{0,18})?|\.\d{1,18})(?:[eE][+-]?\d{1,2})?|\d{1,18}/\d{1,18}")


def _weight(text: str, tok: str, full: str) -> Fraction:
    t = text.strip()
    percent = t.endswith("%")  # a percentage: 40% = 0.4
    if percent:
        t = t[:-1]
    if not _WEIGHT_TEXT.fullmatch(t):  # before Fraction: '1e-9999999' would take forever
        raise RangeError(f"invalid weight {text!r} in range token {tok!r} of {full!r}: expected a "
                         "number like 0.5, 1/3, 5e-3 or 40% (at most 18 digits per part, exponent within 99)",
                         token=tok)
    try:
        w = Fraction(t) / (100 if percent else 1)
    except (ValueError, ZeroDivisionError):
        raise RangeError(f"invalid weight {text!r} in range token {tok!r} of {full!r}: expected a "
                         "number like 0.5 or 1/3", token=tok) from None
    if not 0 < w <= 1:
        raise RangeError(f"weight {text} in range token {tok!r} of {full!r} must be in (0, 1]", token=tok)
    return w


@dataclass(frozen=True)
class Range:
    """A weighted set of hole-card combinations.

    ``combos``: pairs of card ints (higher card first), in the order first named; ``weights``:
    ``Fraction`` in (0, 1], one per combination; ``text``: the notation it came from.
    """

    combos: tuple[tuple[int, int], ...]
    weights: tuple[Fraction, ...]
    text: str

    def __len__(self) -> int:
        return len(self.combos)

    @classmethod
    def from_combos(cls, combos: Iterable[tuple[int, int]], text: str = "") -> Range:
        """A range of explicit combinations (weight 1), e.g. ``Range.from_combos([(51, 47)])``."""
        cs = tuple((max(a, b), min(a, b)) for a, b in combos)
        return cls(cs, (Fraction(1),) * len(cs), text or ",".join(format_card(a) + format_card(b) for a, b in cs))

    def without(self, cards: Iterable[int]) -> Range:
        """The combinations that use none of ``cards`` (card removal by the board or dead cards)."""
        gone = set(cards)
        keep = [(c, w) for c, w in zip(self.combos, self.weights) if c[0] not in gone and c[1] not in gone]
        return Range(tuple(c for c, _ in keep), tuple(w for _, w in keep), self.text)

    def __str__(self) -> str:
        return self.text

    @cached_property
    def _packed(self) -> bytes | None:
        """The combinations for the C fast path (``pe_eq_spot``): two card bytes each, then the
        weights as native uint32, the primitive integers proportional to :attr:`weights` (None when
        they need more than 2**24 steps). Computed once per Range."""
        if not self.combos:
            return None
        den = math.lcm(*(w.denominator for w in self.weights))
        ints = [int(w * den) for w in self.weights]
        g = math.gcd(*ints)
        if max(ints) // g > 1 << 24:
            return None
        return bytes(c for pair in self.combos for c in pair) + array("I", [i // g for i in ints]).tobytes()


def parse_range(text: str) -> Range:
    """Parse range notation (see the module docstring) into a :class:`Range`.

    Raises:
        RangeError: an empty range, or a token or weight that is not valid (the error names it and
            has it as ``.token``).
    """
    if not isinstance(text, str):
        raise RangeError(f"a range must be text like 'AKs, TT+', got {type(text).__name__}")
    if not text.strip():
        raise RangeError("an empty range: give a hand ('AhKh'), a range ('TT+, AKs') or 'random'", token="")
    weights: dict[tuple[int, int], Fraction] = {}
    named = False
    for tok, group in _tokens(text):
        if _TAG.fullmatch(tok):
            continue  # an eval7 tag (#UTG#): no hands
        body, sep, w = tok.partition(":")
        if sep and group is not None:
            raise RangeError(f"range token {tok!r} in {text!r} has a weight of its own inside a weighted "
                             "group: give one or the other", token=tok)
        weight = _weight(w, tok, text) if sep else (Fraction(1) if group is None else group)
        for c in _expand(body, text):
            weights[c] = weight  # the last mention decides the weight
        named = True
    if not named:
        raise RangeError(f"no hands in {text!r} (only tags): give a hand or a range", token=text.strip())
    return Range(tuple(weights), tuple(weights.values()), text.strip())


_TAG = re.compile(r"#\w+#")
_GROUP = re.compile(r"^([^()]*)\((.*)\)$", re.S)


def _tokens(text: str) -> list[tuple[str, Fraction | None]]:
    """The range's tokens (spaces removed), each with its group's weight (eval7's ``W(...)``) or None."""
    items: list[str] = []
    depth = start = 0
    for j, ch in enumerate(text):
        if ch == "(":
            if depth:
                raise RangeError(f"nested parentheses in {text!r}: a weighted group holds tokens only",
                                 token=text[start:].strip())
            depth = 1
        elif ch == ")":
            if not depth:
                raise RangeError(f"a ')' without its '(' in {text!r}", token=text[start:j + 1].strip())
            depth = 0
        elif ch == "," and not depth:
            items.append(text[start:j])
            start = j + 1
    if depth:
        raise RangeError(f"a '(' without its ')' in {text!r}", token=text[start:].strip())
    items.append(text[start:])
    out: list[tuple[str, Fraction | None]] = []
    for raw in items:
        tok = "".join(raw.split())
        if not tok:
            raise RangeError(f"empty range token '' in {text!r} (a stray comma?)", token="")
        m = _GROUP.match(tok)
        if not m:
            out.append((tok, None))
            continue
        w = _weight(m.group(1), tok, text) if m.group(1) else None
        if w is None:
            raise RangeError(f"range group {tok!r} in {text!r} needs a weight before '(' (0.4(AsKs), "
                             "40%(ATs+))", token=tok)
        for inner in m.group(2).split(","):
            if not inner:
                raise RangeError(f"empty range token '' in group {tok!r} of {text!r} (a stray comma?)", token="")
            out.append((inner, w))
    return out

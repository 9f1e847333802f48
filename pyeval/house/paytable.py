"""The one paytable model of the house-banked games: ordered lines, each paying exact odds.

A :class:`LinePaytable` is a tuple of :class:`PaytableLine` objects, strongest first. Each line
covers the values ``min_value..max_value`` of the game's scale (``max_value`` None: up to the
next stronger line, or the top of the scale); a value no line covers loses. On the hand-value
scale (1..7462, higher is stronger, :func:`pyeval.evaluate`) a "pair of jacks or better" line is
one ``min_value``; a *category table* (``FLUSH: 3 to 2`` ...) is the special case whose lines cover
one hand category each (:func:`category_scale`, :meth:`LinePaytable.by_class`); a table of named
classes that are not hand values (the Pocket Bonus's two-card classes) numbers its classes on a
scale of its own.

Odds are exact (:class:`fractions.Fraction`, "pays ``odds`` to 1"); ``0`` means the line pushes.
What a line pays on an amount is :func:`pyeval.house.winnings` under the table's declared
:class:`Rounding`; :func:`pyeval.house.settle_line` settles one wager on one line.
"""
from __future__ import annotations

import enum
import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar, NamedTuple

from ..errors import PaytableError
from ..hands.high import CATEGORY_RANGES, MAX_VALUE, HandCategory
from .odds import OddsLike, format_odds, parse_odds

__all__ = ["Rounding", "PaytableLine", "PaidLine", "LinePaytable", "category_scale", "MAX_LINES"]

#: The most lines one paytable may have (the C simulations hold 16 per table, ``csrc/pe_house.h``).
MAX_LINES = 32


class Rounding(enum.Enum):
    """The declared rule for a payout that odds do not make a whole number of chips.

    ``DOWN``: pay the whole chips and keep the fraction (``floor``). ``UP``: pay the next whole chip
    (``ceil``). ``EXACT``: refuse, at wager placement, any amount that some line of a paytable the
    wager can be paid from would not pay in whole chips (e.g. an odd Odds wager when a line pays
    3 to 2).
    """

    DOWN = "down"
    UP = "up"
    EXACT = "exact"


@dataclass(frozen=True, slots=True)
class PaytableLine:
    """One line of a paytable: values ``min_value..max_value`` (``max_value`` None: up to the next
    stronger line) pay ``odds`` to 1; ``odds == 0`` means push.

    Raises:
        PaytableError: an empty label, a ``min_value`` that is not an int >= 1, a ``max_value``
            below it, or odds that are not exact and >= 0 (:func:`pyeval.house.parse_odds`).
    """

    label: str
    min_value: int
    odds: Fraction
    max_value: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.label, str) or not self.label:
            raise PaytableError(f"paytable line label must be a non-empty str, got {self.label!r}")
        for name in ("min_value", "max_value"):
            v = getattr(self, name)
            if v is None and name == "max_value":
                continue
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 2**31:
                raise PaytableError(f"paytable line {self.label!r}: {name} must be an int in 1..2**31, got {v!r}")
        if self.max_value is not None and self.max_value < self.min_value:
            raise PaytableError(f"paytable line {self.label!r}: max_value {self.max_value} is below min_value "
                                f"{self.min_value}")
        object.__setattr__(self, "odds", parse_odds(self.odds, PaytableError, f"paytable line {self.label!r}"))

    @property
    def is_push(self) -> bool:
        """True when this line returns the wager without winnings."""
        return self.odds == 0


class PaidLine(NamedTuple):
    """A line as settlement reads it: ``num``/``den`` (the odds in lowest terms, ints), ``odds``
    (the ``Fraction``) and ``label``."""

    num: int
    den: int
    odds: Fraction
    label: str


@dataclass(frozen=True, eq=True)
class LinePaytable:
    """A paytable: lines strongest first with strictly decreasing ``min_value`` and no overlap.

    Args:
        name: a label, e.g. ``"Five Card Bonus"``. lines: the :class:`PaytableLine` objects.
        source: where the figures come from (a certificate holder's approval, or a public
            description). example: True for illustrative tables (not a certificate holder's).
    Raises:
        PaytableError: no lines, more than :data:`MAX_LINES`, lines out of order or overlapping, or
        two lines with one label.
    """

    name: str
    lines: tuple[PaytableLine, ...]
    source: str = ""
    example: bool = False
    #: whether a table may have no lines (every hand takes the game's "no line" outcome)
    EMPTY_OK: ClassVar[bool] = False
    _mins: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _maxs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _paid: Mapping[str, PaidLine] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lines = tuple(self.lines) if isinstance(self.lines, Iterable) else ()
        if not lines and not self.EMPTY_OK:
            raise PaytableError(f"paytable {self.name!r} has no lines")
        if not all(isinstance(x, PaytableLine) for x in lines):
            raise PaytableError(f"paytable {self.name!r}: lines must be PaytableLine objects")
        if len(lines) > MAX_LINES:
            raise PaytableError(f"paytable {self.name!r}: at most {MAX_LINES} lines, got {len(lines)}")
        maxs = [ln.max_value if ln.max_value is not None else (2**31 if i == 0 else lines[i - 1].min_value - 1)
                for i, ln in enumerate(lines)]
        for a, b, b_max in zip(lines, lines[1:], maxs[1:]):
            if not a.min_value > b.min_value or b_max >= a.min_value:
                raise PaytableError(
                    f"paytable {self.name!r}: lines must be strongest first with strictly "
                    f"decreasing min_value ({a.label!r} {a.min_value} then {b.label!r} {b.min_value})")
        if len({ln.label for ln in lines}) != len(lines):
            raise PaytableError(f"paytable {self.name!r}: two lines share a label")
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "_mins", tuple(x.min_value for x in lines))
        object.__setattr__(self, "_maxs", tuple(maxs))
        object.__setattr__(self, "_paid", MappingProxyType(
            {ln.label: PaidLine(ln.odds.numerator, ln.odds.denominator, ln.odds, ln.label) for ln in lines}))

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.name, self.lines))

    def __reduce__(self) -> tuple[object, ...]:  # picklable despite the read-only mappings
        return (LinePaytable, (self.name, self.lines, self.source, self.example))

    def __deepcopy__(self, memo: dict[int, object]) -> LinePaytable:
        return self  # immutable

    @classmethod
    def of(cls, name: str, lines: Iterable[tuple[str, int, OddsLike]], **kw: object) -> LinePaytable:
        """Build from ``(label, min_value, odds)`` triples, strongest first (each line reaching up
        to the next). ``kw``: ``source``, ``example``."""
        return LinePaytable(name, tuple(PaytableLine(lb, mv, od) for lb, mv, od in lines),  # type: ignore[arg-type]
                            **kw)  # type: ignore[arg-type]

    @staticmethod
    def by_class(name: str, odds: Mapping[str, OddsLike], scale: Mapping[str, tuple[int, int]]
                 ) -> tuple[PaytableLine, ...]:
        """The lines of a class table: each named class pays its odds on exactly its own values of
        ``scale`` (class -> ``(min_value, max_value)``; e.g. :func:`category_scale`), strongest first.

        Raises:
            PaytableError: a class not on the scale.
        """
        unknown = [k for k in odds if k not in scale]
        if unknown:
            raise PaytableError(f"{name}: unknown hand class {unknown[0]!r}; allowed: {', '.join(scale)}")
        named = sorted(odds, key=lambda k: -scale[k][0])
        return tuple(PaytableLine(k, scale[k][0], odds[k], scale[k][1]) for k in named)  # type: ignore[arg-type]

    # ---- lookups -------------------------------------------------------------------------------
    def index_for(self, value: int) -> int:
        """Index of the line covering ``value`` (0 = top line), or -1 when the wager loses."""
        for i, m in enumerate(self._mins):
            if value >= m:
                return i if value <= self._maxs[i] else -1
        return -1

    def line_for(self, value: int) -> PaytableLine | None:
        """The line ``value`` falls on, or None when the wager loses."""
        i = self.index_for(value)
        return None if i < 0 else self.lines[i]

    def paid_for(self, value: int) -> PaidLine | None:
        """The line ``value`` falls on as settlement reads it (:class:`PaidLine`), or None."""
        i = self.index_for(value)
        return None if i < 0 else self._paid[self.lines[i].label]

    def paid(self, label: str) -> PaidLine | None:
        """The line named ``label`` as settlement reads it, or None when the table has no such line."""
        return self._paid.get(label)

    def odds(self, label: str) -> Fraction | None:
        """The odds the line named ``label`` pays, or None when the table does not list it."""
        p = self._paid.get(label)
        return None if p is None else p.odds

    def ratio(self, label: str) -> tuple[int, int] | None:
        """The odds of the line named ``label`` as ``(numerator, denominator)`` ints, or None."""
        p = self._paid.get(label)
        return None if p is None else (p.num, p.den)

    def payouts(self) -> Mapping[str, Fraction]:
        """Every line's label and odds, strongest first (the :class:`~pyeval.contracts.Paytable`
        protocol); read-only."""
        return _payouts(self)

    @property
    def denominators_lcm(self) -> int:
        """Least common multiple of the odds' denominators: a wager that is a multiple of it is
        always paid in whole chips."""
        return math.lcm(1, *(p.den for p in self._paid.values()))

    def by_value(self, top: int = MAX_VALUE) -> tuple[PaidLine | None, ...]:
        """The line of every value ``0..top`` (index = value; None: loses), for settlement by a
        table lookup. Cached per table."""
        return _by_value(self, top)

    def describe(self) -> str:
        """The table as text, one line per class: ``"FLUSH: 3 to 2"``."""
        return "\n".join(f"{ln.label}: {format_odds(ln.odds)}" for ln in self.lines)


@functools.lru_cache(maxsize=256)
def _payouts(p: LinePaytable) -> Mapping[str, Fraction]:
    return MappingProxyType({ln.label: ln.odds for ln in p.lines})


@functools.lru_cache(maxsize=64)
def _by_value(p: LinePaytable, top: int) -> tuple[PaidLine | None, ...]:
    return tuple(p.paid_for(v) if v else None for v in range(top + 1))


def category_scale(categories: Sequence[HandCategory] | None = None) -> Mapping[str, tuple[int, int]]:
    """The hand-value range of each hand category by name (``"FLUSH": (5864, 7140)``), the royal
    flush as a category of its own (``"ROYAL_FLUSH": (7462, 7462)``, the straight flushes below
    it), from :data:`pyeval.CATEGORY_RANGES`; strongest last. ``categories``: a subset (default all).
    """
    out: dict[str, tuple[int, int]] = {}
    for cat in HandCategory:
        if categories is not None and cat not in categories:
            continue
        if cat is HandCategory.ROYAL_FLUSH:
            out[cat.name] = (MAX_VALUE, MAX_VALUE)
        elif cat is HandCategory.STRAIGHT_FLUSH:
            out[cat.name] = (CATEGORY_RANGES[cat][0], MAX_VALUE - 1)
        else:
            out[cat.name] = CATEGORY_RANGES[cat]
    return MappingProxyType(out)

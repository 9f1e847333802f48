"""The bounds every room reader applies to what it reads: integers, chip amounts, dates and text.

One small module the readers (and a common room-reader base) share, so that no room's text can
reach a plain Python error (``int()`` of 5,000 digits, ``datetime(2023, 2, 30)``, a lone surrogate,
an amount of 2**64 chips) instead of a :class:`HandParseError` naming the file and line:

- :func:`bounded_int`: a run of digits as an int in ``lo..hi`` (at most :data:`MAX_DIGITS` digits);
- :func:`parse_amount`: a room's amount text (``$1,234.56``, ``1.5``, ``€3``, ``0,02``) as an int
  of ``1/scale`` of the unit, at most :data:`MAX_CHIPS` (pyeval's one chip limit, shared with the
  engine and PHH: :data:`pyeval.contracts.MAX_CHIPS`);
- :func:`room_time`: a date and time of day as a :class:`datetime.datetime`, or the error;
- :func:`check_text`: the first line of a hand holding a lone surrogate (text that cannot be
  written as UTF-8), as the error;
- :func:`check_chips`: every chip amount of a finished PHH record within :data:`MAX_CHIPS`.

Every function raises :class:`~pyeval.hands_io._model.HandParseError`-compatible errors through
the ``fail`` callable it is given (``RawHand.fail``: message and line to exception), so the caller
decides the source named.
"""
from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal, InvalidOperation

from ..contracts import MAX_CHIPS
from ..errors import HandHistoryError

__all__ = ["MAX_CHIPS", "MAX_DIGITS", "bounded_int", "parse_amount", "room_time", "has_surrogates", "check_text", "check_chips"]

#: The longest run of digits read as a number (2**63 has 19 digits; a longer run is no room's).
MAX_DIGITS = 30

#: ``fail(message, line)`` -> the exception to raise (``RawHand.fail``).
Fail = Callable[[str, int], HandHistoryError]

_AMOUNT = re.compile(r"^[^\d\-.]*(-?[\d,]*\.?\d+)\s*[A-Za-z]*$")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _shown(text: str) -> str:
    """``repr(text)`` cut to a readable length (hostile lines may be megabytes long)."""
    r = repr(text)
    return r if len(r) <= 60 else r[:57] + "..."


def bounded_int(text: str | None, what: str, fail: Fail, line: int, lo: int = 0, hi: int = MAX_CHIPS) -> int:
    """``text`` (optional surrounding spaces, an optional sign, ASCII digits) as an int in ``lo..hi``.

    Raises (via ``fail``): no digits, more than :data:`MAX_DIGITS` digits, or out of range."""
    t = (text or "").strip()
    digits = t[1:] if t[:1] in "+-" else t
    if not digits or not digits.isascii() or not digits.isdigit():
        raise fail(f"{what} is not a whole number: {_shown(t)}", line)
    if len(digits) > MAX_DIGITS:
        raise fail(f"{what} has {len(digits)} digits: more than any room writes", line)
    v = int(t)
    if not lo <= v <= hi:
        raise fail(f"{what} must be {lo}..{'2**63-1' if hi == MAX_CHIPS else hi}, got {v}", line)
    return v


def parse_amount(text: str, scale: int, fail: Fail, line: int) -> int:
    """A room's amount (``$1,234.56``, ``1.5``, ``€3``, ``-2``) as an int of ``1/scale`` of the unit.

    Raises (via ``fail``): text that is not an amount, more than :data:`MAX_DIGITS` digits, a
    fraction finer than the unit, or a size beyond :data:`MAX_CHIPS` either way."""
    t = text.strip().replace("\u00a0", "")
    m = _AMOUNT.match(t)
    if not m or not m.group(1).isascii():
        raise fail(f"not an amount: {_shown(text)}", line)
    num = m.group(1).replace(",", "")
    if sum(ch.isdigit() for ch in num) > MAX_DIGITS:
        raise fail(f"amount {_shown(text)} has more digits than any room writes", line)
    try:
        d = Decimal(num) * scale
    except InvalidOperation:  # pragma: no cover - the pattern admits only decimal numbers
        raise fail(f"not an amount: {_shown(text)}", line) from None
    if d != d.to_integral_value():
        unit = "a chip" if scale == 1 else f"1/{scale} of the currency unit"
        raise fail(f"amount {_shown(text)} is finer than {unit}", line)
    v = int(d)
    if abs(v) > MAX_CHIPS:
        raise fail(f"amount {_shown(text)} is more than 2**63-1 chips (pyeval's chip limit)", line)
    return v


def room_time(parts: Sequence[str | int], fail: Fail, line: int) -> _dt.datetime:
    """``(year, month, day, hour, minute, second)`` (digit text or ints) as a datetime.

    Raises (via ``fail``): a part that is not a small number, or a date or time that does not
    exist (February 30th, hour 25)."""
    vals = [p if isinstance(p, int) else bounded_int(p, "a date or time field", fail, line, 0, 9999)
            for p in parts]
    if len(vals) != 6:  # pragma: no cover - callers pass six parts
        raise fail(f"a date needs six parts, got {len(vals)}", line)
    y, mo, d, hh, mi, ss = vals
    try:
        return _dt.datetime(y, mo, d, hh, mi, ss)
    except (ValueError, OverflowError):
        raise fail(f"no such date or time: {y:04d}/{mo:02d}/{d:02d} {hh:02d}:{mi:02d}:{ss:02d}", line) from None


def has_surrogates(text: str) -> bool:
    """True when ``text`` holds a lone surrogate (see :func:`check_text`); one linear scan."""
    return _SURROGATE.search(text) is not None


def check_text(lines: Iterable[str], first: int, fail: Fail) -> None:
    """Refuse a hand whose text holds a lone surrogate (``'\\ud800'``: a str no file decoded as UTF-8
    holds, and one no output can be written with). ``first`` is the file line of the first line."""
    for k, ln in enumerate(lines):
        if _SURROGATE.search(ln):
            raise fail("the line holds a lone surrogate character (not text any file encoding writes)", first + k)


def check_chips(values: Iterable[int | None], what: str, fail: Fail, line: int) -> None:
    """Every amount of ``values`` (None skipped) within ``0..MAX_CHIPS`` (negative: a record that
    does not add up). Raises via ``fail`` naming ``what``."""
    for v in values:
        if v is not None and not 0 <= v <= MAX_CHIPS:
            raise fail(f"{what} {'is negative' if v < 0 else 'is more than 2**63-1 chips'}: the record does not "
                       "add up or exceeds pyeval's chip limit", line)

"""Online-room hand histories in and out: every room of ``pyeval convert --from`` (:data:`FORMATS`:
PokerStars, Full Tilt, PartyPoker, iPoker, 888, Winamax, GGPoker, Bovada, WPN ...) and the ACPC protocol to PHH,
and PokerStars-style text from any pyeval round.

Reading: :func:`parse_text` / :func:`parse_file` yield one :class:`ImportedHand` per hand (a file of
many hands keeps going past a bad one and reports it); :func:`read_text` is the strict form that
raises on the first bad hand. Each hand becomes a :class:`~pyeval.poker.phh.HandHistory` with the
PHH fields the room records (``players``, ``seats``, ``finishing_stacks``, ``winnings``, ``venue``,
``table``, ``hand``, ``time``, ``year``/``month``/``day``, ``currency``, ``currency_symbol``,
``seat_count``, ``event``, ``level``) and user fields ``_units_per_currency`` (100: amounts are cents),
``_button_seat``, ``_rake``, ``_jackpot``, ``_fees`` (the house's take, which the replay takes from the pots), ``_total_pot``, ``_returned``, ``_cashed_out``, ``_boards``,
``_mixed_game``, ``_sitting_out``, ``_notes``. Amounts are ints in the smallest unit (cents, or chips).
Hands with antes carry pokerkit's ``ante_trimming_status = true`` (a room pots an ante as its
poster's contribution); tournament hands replay in tournament mode (``_pyeval_tournament``, and
``_pyeval_sitting_out`` for a player marked sitting out who posts and is folded at his first turn).

Every parsed hand is replayed through the engine (:func:`verify`): a hand whose recorded pot or
winnings disagree with the replay carries the reason in ``ImportedHand.verification.problems``; the
record is never changed to agree.

Writing: :func:`to_pokerstars` (see :mod:`pyeval.hands_io.export`).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._files import read_input
from ..errors import HandHistoryError, PyevalError
from ._limits import check_text, has_surrogates
from .._text import decode
from .rooms import ROOMS, Room
from ._model import HandParseError, RawHand, to_phh
from ._verify import Verification, verify
from ._phh import HandHistory
from .export import to_pokerstars

__all__ = ["FORMATS", "READER_FAULT", "ImportedHand", "HandParseError", "Verification", "detect_format", "parse_text",
           "parse_file", "read_text", "verify", "to_pokerstars", "RawHand", "to_phh"]


_Format = Room

#: The formats read, by name (also the ``--from`` choices of ``pyeval convert``): :data:`pyeval.hands_io.rooms.ROOMS`.
FORMATS: dict[str, Room] = {r.name: r for r in ROOMS}


@dataclass(frozen=True)
class ImportedHand:
    """One hand of a room's file: where it starts, and either its PHH record and verification or the
    error that stopped it.

    ``source``/``line``: file name and 1-based line of the hand's first line. ``hand``: the PHH
    record (None when it could not be read). ``error``: why it could not be read (the message names
    the line). ``verification``: the replay check (None when not asked for or not read).
    """

    source: str
    line: int
    format: str
    hand: HandHistory | None
    error: str | None = None
    verification: Verification | None = None

    @property
    def ok(self) -> bool:
        """Read, and (when verified) the replay agrees with the record."""
        return self.hand is not None and (self.verification is None or self.verification.ok)


#: How :func:`detect_format`'s refusal starts (``pyeval convert`` skips such files found in folders).
NOT_A_HAND_HISTORY = "not a hand history pyeval reads"


def detect_format(text: str) -> str:
    """The name of the format ``text`` is in (a key of :data:`FORMATS`).

    Raises:
        HandParseError: no known format starts the text.
    """
    for f in FORMATS.values():
        if f.looks_like(text):
            return f.name
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    raise HandParseError(f"{NOT_A_HAND_HISTORY} (formats: {', '.join(FORMATS)}); it starts {first[:60]!r}", 1)


def _format_of(text: str, fmt: str | None, source: str) -> tuple[str, _Format]:
    """The format ``fmt`` names (or the one ``text`` is in), with the file named in the error."""
    try:
        name = fmt if fmt is not None else detect_format(text)
    except HandParseError as exc:  # name the file: a folder may hold one that is no hand history
        raise HandParseError(exc.reason, exc.line, source) from None
    if name not in FORMATS:
        raise HandParseError(f"unknown format {name!r} (one of {', '.join(FORMATS)})")
    return name, FORMATS[name]


#: How the last-resort error of a hand starts its reason when a reader let a plain Python error
#: through (a reader's fault: the readers map every problem of the text to a HandParseError).
READER_FAULT = "the reader failed on this hand"


def _cut(text: str, most: int = 200) -> str:
    return text if len(text) <= most else text[:most - 3] + "..."


def _read_hand(f: _Format, lines: list[str], start: int, source: str, options: dict[str, Any],
               surrogates: bool) -> HandHistory:
    """One hand of a file as PHH. Every failure is a :class:`HandParseError` naming the file and the
    hand's line: the room's own errors as they are, and, as a last resort, any other exception a
    reader let through (a reader's fault, said as such), so one bad hand never stops the others."""
    try:
        if surrogates:
            check_text(lines, start, lambda msg, line: HandParseError(msg, line, source))
        return to_phh(f.parse(lines, start, source, **options))
    except HandHistoryError:
        raise
    except PyevalError as exc:  # pragma: no cover - parsers map errors to HandParseError
        raise HandParseError(_cut(str(exc)), start, source) from None
    except Exception as exc:  # a reader's fault: reported for this hand, the file goes on
        raise HandParseError(f"{READER_FAULT} ({f.name}: {type(exc).__name__}: {_cut(str(exc))}); "
                             "please report it with the hand", start, source) from None


def _split(f: _Format, text: str, source: str) -> list[tuple[int, list[str]]]:
    try:
        return f.split(text)
    except Exception as exc:  # pragma: no cover - a splitter's fault: the file is unread, said so
        raise HandParseError(f"the {f.name} reader could not split the file into hands ({type(exc).__name__}: "
                             f"{_cut(str(exc))}); please report it", 1, source) from None


def _verify(hh: HandHistory) -> Verification:
    """:func:`verify`, any exception of the check itself reported as the hand's problem."""
    try:
        return verify(hh)
    except Exception as exc:  # pragma: no cover - verify maps the engine's errors itself
        return Verification(False, (f"the replay check failed ({type(exc).__name__}: {_cut(str(exc))})",),
                            tuple(hh.extra.get("_notes", ())), None)


def parse_text(text: str, fmt: str | None = None, *, source: str = "", check: bool = True,
               **options: Any) -> Iterator[ImportedHand]:
    """Read every hand of ``text``; yields one :class:`ImportedHand` per hand, good or bad.

    A hand that cannot be read is an ImportedHand with the error (naming the file and line), never
    an exception: whatever goes wrong in one hand, the others are read. Splitting the text into
    hands takes time linear in its length, for every format.

    Args:
        text: the file's text. fmt: a key of :data:`FORMATS`, or None to detect it.
        source: the file name, for messages. check: replay each hand through the engine.
        options: format options (``acpc_game=`` an :class:`pyeval.hands_io.acpc.ACPCGame`).
    Raises:
        HandParseError: ``fmt`` is unknown, or (when not given) the format cannot be detected.
    """
    name, f = _format_of(text, fmt, source)
    surrogates = has_surrogates(text)
    for start, lines in _split(f, text, source):
        try:
            hh = _read_hand(f, lines, start, source, options, surrogates)
        except HandHistoryError as exc:
            yield ImportedHand(source, start, name, None, str(exc))
            continue
        yield ImportedHand(source, start, name, hh, None, _verify(hh) if check else None)


def parse_file(path: str | Path, fmt: str | None = None, *, check: bool = True, **options: Any) -> Iterator[ImportedHand]:
    """:func:`parse_text` of a file in any encoding rooms write (:func:`pyeval._text.decode`:
    UTF-8 or UTF-16 with or without a BOM, cp1252, latin-1); messages name it by ``path`` as given
    (``../rooms/a/hh.txt:52: ...``). Raises HandParseError if unreadable, or (on the first hand)
    if no format is detected."""
    p = Path(path)
    raw = read_input(p, what="hand history", error=HandParseError)  # a regular file of bounded size
    text, _encoding = decode(raw)
    return parse_text(text, fmt, source=str(p), check=check, **options)


def read_text(text: str, fmt: str | None = None, *, source: str = "", **options: Any) -> list[HandHistory]:
    """Every hand of ``text`` as PHH, strictly: raises :class:`HandParseError` (its ``line`` the file
    line) at the first hand that cannot be read, whatever the cause. The replay is not checked
    (see :func:`parse_text`)."""
    name, f = _format_of(text, fmt, source)
    surrogates = has_surrogates(text)
    return [_read_hand(f, lines, start, source, options, surrogates) for start, lines in _split(f, text, source)]


def iter_sources(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, or found (sorted) under the folders named.

    Raises:
        HandHistoryError: a path that names no file or folder (not a parse error: nothing was read)."""
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            yield from sorted(q for q in p.rglob("*") if q.is_file())
        elif p.exists():
            yield p
        else:
            raise HandHistoryError(f"no such file or folder: {p}")

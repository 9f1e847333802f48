"""The text of a room's file: its bytes decoded in the encoding the room wrote them in.

Rooms wrote their hand histories as UTF-8 (with or without a byte-order mark), UTF-16 (Full Tilt's
exports; little- or big-endian, with or without a BOM), or a Windows code page (cp1252: PokerStars'
pre-2009 clients and most small rooms' files, in which ``€`` is byte 0x80). :func:`decode` finds
which: a BOM decides; otherwise NUL bytes at every other position mean UTF-16; otherwise the first of
the room's encodings that decodes the bytes strictly wins, latin-1 (which decodes any byte) last.
"""
from __future__ import annotations

import codecs
from collections.abc import Sequence

__all__ = ["DEFAULT_ENCODINGS", "decode", "looks_binary"]

#: The encodings tried, in order, when neither a BOM nor UTF-16's NUL pattern decides.
DEFAULT_ENCODINGS: tuple[str, ...] = ("utf-8", "cp1252", "latin-1")

_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def _utf16_without_bom(data: bytes) -> str | None:
    """``"utf-16-le"``/``"utf-16-be"`` when most of the first bytes' odd (even) positions are NUL."""
    head = data[:4096]
    if len(head) < 4:
        return None
    even, odd = head[0::2], head[1::2]
    if odd.count(0) > 0.7 * len(odd) and even.count(0) < 0.1 * len(even):
        return "utf-16-le"
    if even.count(0) > 0.7 * len(even) and odd.count(0) < 0.1 * len(odd):
        return "utf-16-be"
    return None


#: Control bytes a text file may hold (tab, newline, vertical tab, form feed, carriage return, escape).
_TEXT_CONTROLS = frozenset(b"\t\n\x0b\x0c\r\x1b")


def looks_binary(data: bytes) -> bool:
    """True when ``data`` is no text in any encoding :func:`decode` knows: not UTF-16 (by BOM or NUL
    pattern) and its first 4096 bytes hold a NUL byte or more than 10% other control bytes (C0 codes
    but tab, newlines, form feed and escape; DEL). Random bytes have ~13% of those and almost
    surely a NUL; a room's text, in any 8-bit code page, has none."""
    if any(data.startswith(bom) for bom, _ in _BOMS) or _utf16_without_bom(data) is not None:
        return False
    head = data[:4096]
    if 0 in head:
        return True
    controls = sum(1 for b in head if (b < 32 or b == 127) and b not in _TEXT_CONTROLS)
    return controls > 0.1 * len(head)


#: A UTF-8 BOM that was itself decoded as cp1252 and written again (``ï»¿`` at the start, after a
#: real BOM or not: some Cake Poker files); dropped from the text.
_DOUBLE_BOM = codecs.BOM_UTF8.decode("cp1252")


def decode(data: bytes, encodings: Sequence[str] = DEFAULT_ENCODINGS) -> tuple[str, str]:
    """``(text, encoding)`` of a room's file (:func:`_decode`), a BOM written twice over dropped."""
    text, enc = _decode(data, encodings)
    return text.lstrip("\ufeff").removeprefix(_DOUBLE_BOM) if text.lstrip("\ufeff").startswith(_DOUBLE_BOM) else text, enc


def _decode(data: bytes, encodings: Sequence[str]) -> tuple[str, str]:
    """``(text, encoding)`` of a room's file; never raises for any bytes (latin-1 decodes all).

    A BOM names the encoding; UTF-16 without one is recognised by its NUL bytes; otherwise each of
    ``encodings`` is tried strictly in order, then latin-1. Text decoded from UTF-16 with an odd
    byte count loses the last byte (``errors="replace"`` for that case only)."""
    for bom, enc in _BOMS:
        if data.startswith(bom):
            return data.decode(enc, errors="replace"), enc
    enc16 = _utf16_without_bom(data)
    if enc16 is not None:
        return data.decode(enc16, errors="replace"), enc16
    for enc in encodings:
        try:
            return data.decode(enc, errors="strict"), enc
        except (UnicodeDecodeError, LookupError):
            continue
    return data.decode("latin-1"), "latin-1"

"""Safe XML for the rooms that write their hand histories as XML (iPoker, Merge, Microgaming, Everest).

A hand history is untrusted input. :mod:`xml.etree.ElementTree` on its own would expand entities
declared in a document type definition (the "billion laughs" blow-up) and names external ones;
rooms never write either. :func:`parse_xml` therefore refuses any text holding a ``<!DOCTYPE`` or
``<!ENTITY`` declaration before the parser sees it (the same refusal ``defusedxml`` makes, without
the dependency), and caps the size of what it parses. Only the five predefined entities and
character references are then left, which expat resolves without expansion risk.

:func:`parse_xml` returns the root element, or raises :class:`XMLRefused` (a :class:`ValueError`)
with the reason and, when the parser gives it, the 1-based line within the text.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

__all__ = ["MAX_XML_CHARS", "XMLRefused", "close_cut", "parse_xml"]

#: The longest XML text parsed at once (one hand of a room's file; a session header).
MAX_XML_CHARS = 4_000_000

_DECLARATION = re.compile(r"<!\s*(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST)", re.IGNORECASE)


class XMLRefused(ValueError):
    """XML that is not read: malformed, too large, or declaring a DTD/entities. ``line``: the
    1-based line within the text where the parser stopped (0 when not known)."""

    def __init__(self, reason: str, line: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


def parse_xml(text: str) -> ET.Element:
    """The root element of ``text``, parsed safely (see the module docstring).

    Raises:
        XMLRefused: a DTD or entity declaration, more than :data:`MAX_XML_CHARS` characters, or
            XML that does not parse (``line`` then the parser's line within ``text``).
    """
    if len(text) > MAX_XML_CHARS:
        raise XMLRefused(f"an XML element of {len(text)} characters: more than the {MAX_XML_CHARS} read at once")
    m = _DECLARATION.search(text)
    if m:
        raise XMLRefused("the XML declares a DTD or entities (refused: rooms write none, and they can expand "
                         "without bound)", text.count("\n", 0, m.start()) + 1)
    try:
        return ET.fromstring(text)
    except ET.ParseError as exc:
        pos = getattr(exc, "position", (1, 0))
        raise XMLRefused(f"malformed XML: {exc}", pos[0]) from None


def close_cut(text: str, last: str, close: str) -> str | None:
    """``text`` (an element the file's end cut short) up to its last complete ``last`` closing tag,
    with ``close`` appended (the closing tags of the elements still open), or None when it holds
    no complete ``last``. The caller reads the result as the part of the hand the file holds."""
    k = text.rfind(last)
    if k < 0:
        return None
    return text[:k + len(last)] + close

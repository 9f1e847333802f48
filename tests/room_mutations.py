"""Mutated hand-history files for the room-reader fuzz tests (tests/test_hands_io_fuzz.py).

:func:`mutate` applies one to three random edits to a valid file's text: the kinds of damage real
files and hostile senders bring (huge digit runs, amounts over 2**63-1, impossible dates, lone
surrogates and other odd characters, lines lost, doubled, swapped or cut, attributes changed,
hands spliced). Deterministic for a given ``random.Random``.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

DATA = Path(__file__).parent / "data" / "hands_io"

#: room -> the valid sample files its mutants start from
ROOM_FILES: dict[str, tuple[Path, ...]] = {
    "pokerstars": (DATA / "pokerstars_holdem.txt", DATA / "pokerstars_games.txt"),
    "fulltilt": (DATA / "fulltilt.txt",),
    "ipoker": (DATA / "ipoker.xml",),
    "partypoker": (DATA / "partypoker.txt",),
    "acpc": (DATA / "acpc_nolimit.log",),
}

_DIGITS = re.compile(r"\d+")
_ATTR = re.compile(r'=\s?(?:"[^"\n]*"|\[[^\]\n]*\]|-?\d[\d.]*|true|false)')
_DATE = re.compile(r"\d{4}([/-])\d{1,2}\1\d{1,2}")
_ODD = ["\ud800", "\udfff", "\x00", "\u0663", "\uff11", "\u00a0", "\u200b", "\ufeff", "\U0001f0a1", "\r", "\t",
        "\\", "'", '"', "<", ">", "&", "]", "[", "(", ")", ":", "|", "/", "$", "€", ",", ".", "-", "*"]
_NUMBERS = ["0", "-1", "00", "9" * 19, str(2**63 - 1), str(2**63), str(2**64), "1" * 25, "1" * 400, "7" * 5000,
            "1e5", "1.", ".5", "0.001", "1,,2", "NaN", "inf", "-0", "٣", "１２"]
_ATTR_VALUES = ['""', '"abc"', '"-1"', '"99999999999999999999999999"', '"' + "9" * 5000 + '"', '"1e400"',
                '"0"', '"1"', '"99"', '"23"', '"8"', '"\u0663"', '"$1,000,000,000,000,000,000,000"', '"X"',
                # TOML values of the wrong kind (PHH): lists of lists, strings, floats, booleans, huge ints
                "[[1], [2]]", '["a", "b"]', "[-5, 100000]", "1e400", "inf", "nan", "-1", "true", "[]", "1.5",
                "9" * 30, "[" + ", ".join(["7"] * 12) + "]", "{a = 1}", "2023-02-28"]
_BAD_DATES = ["2023/02/30", "2023/13/01", "2023/00/10", "0000/01/01", "2023-02-29", "9999/12/32", "2023/1/99"]


def _one(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    k = rng.randrange(14)
    if k == 0:  # a digit run becomes a number of any size
        ms = list(_DIGITS.finditer(text))
        if ms:
            m = rng.choice(ms)
            return text[:m.start()] + rng.choice(_NUMBERS) + text[m.end():]
    elif k == 1 and len(lines) > 1:  # a line lost
        del lines[rng.randrange(len(lines))]
    elif k == 2:  # a line doubled
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif k == 3 and len(lines) > 1:  # two lines swapped
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif k == 4:  # odd characters inserted
        i = rng.randrange(len(text) + 1)
        return text[:i] + "".join(rng.choice(_ODD) for _ in range(rng.randint(1, 3))) + text[i:]
    elif k == 5 and text:  # a span deleted
        i = rng.randrange(len(text))
        return text[:i] + text[i + rng.randint(1, 40):]
    elif k == 6:  # the file cut short
        return text[:rng.randrange(len(text) + 1)]
    elif k == 7:  # an impossible date
        ms = list(_DATE.finditer(text))
        if ms:
            m = rng.choice(ms)
            d = rng.choice(_BAD_DATES).replace("/", m.group(1)).replace("-", m.group(1))
            return text[:m.start()] + d + text[m.end():]
    elif k == 8:  # a word of the file put elsewhere
        words = text.split()
        if len(words) > 2:
            w = rng.choice(words)
            i = rng.randrange(len(text) + 1)
            return text[:i] + w + text[i:]
    elif k == 9 and text:  # one character changed
        i = rng.randrange(len(text))
        return text[:i] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)])) + text[i + 1:]
    elif k == 10:  # an XML attribute or a TOML value changed (to a value of any kind)
        ms = list(_ATTR.finditer(text))
        if ms:
            m = rng.choice(ms)
            return text[:m.start()] + "= " + rng.choice(_ATTR_VALUES) + text[m.end():]
    elif k == 11:  # a block of lines copied elsewhere (hands spliced)
        i = rng.randrange(len(lines))
        j = min(len(lines), i + rng.randint(1, 12))
        at = rng.randrange(len(lines) + 1)
        lines[at:at] = lines[i:j]
    elif k == 12:  # an amount made negative, exponent, or separators doubled
        ms = list(re.finditer(r"\d+(?:[.,]\d+)?", text))
        if ms:
            m = rng.choice(ms)
            return text[:m.start()] + rng.choice(["-", "1e", "9" * 30, ",", ".."]) + m.group(0) + text[m.end():]
    else:  # a line repeated many times (a long hand)
        i = rng.randrange(len(lines))
        lines[i:i + 1] = [lines[i]] * rng.randint(2, 60)
    return "\n".join(lines)


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to three random edits (see the module docstring)."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        text = _one(text, rng)
    return text


def phh_samples() -> list[str]:
    """Valid PHH texts the PHH mutants start from: hands pyeval writes itself from the room samples."""
    from pyeval.hands_io import parse_file
    from pyeval.hands_io._phh import dumps
    out = []
    for files in ROOM_FILES.values():
        for f in files:
            out += [dumps(h.hand) for h in parse_file(f, check=False) if h.hand is not None][:3]
    return out


def session(room: str, n: int) -> str:
    """A valid file of ``room`` holding ``n`` hands: the sample's hands repeated in turn (PHH: the
    hands pyeval writes from the room samples, numbered tables)."""
    if room == "phh":
        samples = phh_samples()
        return "\n".join(f"[{i + 1}]\n{samples[i % len(samples)]}" for i in range(n))
    text = ROOM_FILES[room][0].read_text(encoding="utf-8")
    if room == "ipoker":
        head, rest = text.split("<game ", 1)
        games = ["<game " + g.split("</game>", 1)[0] + "</game>\n" for g in rest.split("<game ")]
        return head + "".join(games[i % len(games)] for i in range(n)) + "</session>\n"
    from pyeval.hands_io import FORMATS
    hands = ["\n".join(lines) for _, lines in FORMATS[room].split(text)]
    sep = "\n" if room == "acpc" else "\n\n\n"
    return sep.join(hands[i % len(hands)] for i in range(n)) + "\n"

"""The ``*** SUMMARY ***`` section of a hand in PokerStars' text layout, for the one driver
(:mod:`pyeval.hands_io._stars`): the total pot line (``Total pot X [Main pot Y. Side pot Z.] | Rake Y |
Jackpot Z ...``: the pot, the rake, the fees, rounded figures noted), the summary's board and each
seat's line (what the seat won, the cards it showed or mucked).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from ._dialect import StarsDialect
from ._model import RawHand, cards

__all__ = ["Summary"]

_ITEM = re.compile(r"^(?P<k>[A-Za-z][A-Za-z .-]*?):? ?\(?(?P<a>[^\s()]+)\)?$")
_TOTAL = re.compile(r"^Total [Pp]ot:? ?\(?(?P<a>[^\s()|:]+)\)?")  # (Absolute: "Total Pot(5,480:3,750,1,730)")
_NO_ITEM = re.compile(r"^(?:No rake|Main pot .*|Side pot.*|STP .*)$")  # STP: the house's chips, in the pot
_ROUNDED = re.compile(r"^[\d.]+k$")
#: Items of the total pot line taken besides the rake (kept as ``_jackpot``).
_FEES = ("jackpot", "bingo", "fortune", "fund", "fee", "tax")


class Summary:
    """What the summary section of one hand says, read line by line into ``raw`` (the wins printed
    on the seat lines and the board are kept for the driver: ``wins``, ``board``)."""

    def __init__(self, dialect: StarsDialect, raw: RawHand, names: list[str], draw: bool,
                 amt: Callable[[str, int], int]) -> None:
        self.d, self.raw, self.names, self.draw, self.amt = dialect, raw, names, draw, amt
        self.wins: list[tuple[str, int, int]] = []  # (name, amount, line) of "Seat N: NAME ... won (X)"
        self.board: list[int] = []
        self.board_line: tuple[str, int] | None = None  # the text of "Board [..]" and its line
        self.total_lines: list[str] = []

    def read(self, line: str, no: int) -> None:
        """One line of the summary section."""
        raw = self.raw
        if line.startswith(("Total pot ", "Total Pot")):
            self.total_pot(line, no)
            return
        for pat, kind in ((self.d.summary_collect, "collect"), (self.d.summary_show, "show")):
            cm = pat.match(line) if pat is not None else None
            if cm and cm["n"] in self.names:
                raw.add(kind, cm["n"], self.amt(cm["a"], no) if kind == "collect" else 0, line=no,
                        cards=cards(cm["c"], raw, no) if kind == "show" else ())
                return
        bm = re.match(r"^Board:? \[(?P<c>[^\]]*)\]\s*$", line)
        if bm:
            self.board_line = (bm["c"], no)
        if bm and self.d.board_summary:
            self.board = list(cards(bm["c"], raw, no))
            return
        sm = re.match(r"^Seat \d+: (?P<rest>.*)$", line)
        if sm:  # (else "Board [..]", "FIRST Board [..]", "Hand was run twice", rake lines: nothing to keep)
            self.seat_line(sm["rest"], no)

    def seat_line(self, rest: str, no: int) -> None:
        """``Seat N: NAME ...``: what the seat won and the cards it showed or mucked."""
        raw = self.raw
        nm = next((n for n in self.names if rest.startswith(n + " ") or rest == n), None)
        if nm is None:
            return
        wm = re.search(r" (?:collected|won) \((?P<a>[^)]*)\)", rest[len(nm):])
        if wm:
            self.wins.append((nm, self.amt(wm["a"], no), no))
        mm = re.search(r" (?:mucked|showed) \[(?P<c>[^\]]*)\]", rest[len(nm):])
        if mm and not self.draw and not re.search(r"(?:^|\s)(?:XX|xx|\?\?)(?=\s|$)", mm["c"]):
            # (draw games show the final hand; "showed [XX Qs]": one card of two)
            cs = list(cards(mm["c"], raw, no))
            have = raw.hole.get(nm)
            if not have or -1 in have or len(have) < len(cs):
                raw.hole[nm] = cs

    def total_pot(self, line: str, no: int) -> None:
        """``Total pot X [Main pot Y. Side pot Z.] | Rake Y | Jackpot Z ...``: the pot, the rake, the
        fees (as the jackpot); a cash-out fee is the player's, not the pot's."""
        raw = self.raw
        if line in self.total_lines:  # the BetOnline network may print the summary's first lines twice
            return
        self.total_lines.append(line)  # (and one line a pot, each with its rake: they add up)
        before = raw.total_pot
        parts = [p.strip() for p in line.split("|")]
        tm = _TOTAL.match(parts[0])
        if not tm:
            raise raw.fail(f"bad total pot line {line!r}", no)
        if _ROUNDED.match(tm["a"]):  # rounded to thousands: not exact
            raw.notes.append(f"the total pot line gives {parts[0]!r}, rounded (line {no})")
        else:
            raw.total_pot = self.amt(tm["a"], no) + (before or 0)
        for p in parts[1:]:
            self.total_item(p, no)

    def total_item(self, p: str, no: int) -> None:
        """One ``| Item X`` of the total pot line: the rake, a fee, a jackpot; rounded figures noted."""
        raw = self.raw
        km = _ITEM.match(p)
        if _NO_ITEM.match(p) or (km and _ROUNDED.match(km["a"])):
            if km:
                raw.notes.append(f"the total pot line gives {p!r}, rounded (line {no})")
            return
        if not km:
            raise raw.fail(f"bad item {p!r} in the total pot line", no)
        k, v = km["k"].lower(), self.amt(km["a"], no)
        if k == "rake":
            raw.rake = (raw.rake or 0) + v
        elif k in ("fee", "fees"):  # pyeval's export of a record's other fees (_fees)
            raw.fees = (raw.fees or 0) + v
        elif "cash out fee" not in k and any(f in k for f in _FEES):
            raw.jackpot = (raw.jackpot or 0) + v
        elif "cash out fee" not in k:
            raise raw.fail(f"unknown item {p!r} in the total pot line", no)

#!/usr/bin/env python
"""Measure pyeval's room readers on a corpus of real hand histories.

    python tools/measure_hands.py /work/corpus/fpdb/cash /work/corpus/fpdb/tour [--reasons 5] [--room pokerstars]
                                  [--files] [--json OUT.json]

Walks the folders, detects each file's room and reads every hand. Files that are no hand history
are set aside first: fpdb's expected-result dumps (``*.hp``, ``*.gt``, ``*.hands``, see :data:`SKIPPED_SUFFIXES`)
and dot files are counted as *skipped*; files no reader recognises are counted under
``(not recognised)`` with their folder as the reason.

Per room it prints:

- ``hands``: hands the room's splitter found;
- ``read``: hands the reader turned into a PHH record;
- ``adds``: read hands whose room figures add up (collected + rake + fees = total pot), or that print
  no total pot (nothing contradicts the record, so they are judged on the per-player results alone;
  counted apart below the row);
- ``excl``: hands the reader refused for a reason that proves the record itself cannot be checked
  (:data:`EXCLUDED`: a partial export with no actions, a file cut off mid-hand, a seat with no chips
  that bets (the room's figures contradict each other), a hand the room
  cancelled, a game pyeval does not play); they are listed per reason and kept out of the rate;
- ``should``: the hands that should match: those that add up, plus every other refused hand (a
  refusal for any reason not in :data:`EXCLUDED` is the reader's shortfall, so it counts against it);
- ``matched``: hands that add up and whose replay equals the room's per-player results;
- ``rate``: matched / should.

Read hands whose printed figures do not add up are outside the rate and counted as such. The commonest reasons for the rest follow each row (``--reasons N``). No file may stop the
walk: any error is counted as that file's reason (the test feeds it hostile bytes).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyeval.hands_io import detect_format, parse_text
from pyeval._text import decode

_NUM = re.compile(r"\d+(?:[.,]\d+)*")

#: File endings that are never hand histories: fpdb's expected-result dumps of its regression files.
SKIPPED_SUFFIXES = {".hp": "fpdb expected hand-player results", ".gt": "fpdb expected game-type results",
                    ".hands": "fpdb expected hand results"}

#: The refusals that prove the record itself cannot be checked, as (label, pattern on the reason).
#: A refused hand whose reason matches none of these counts in the rate's denominator.
EXCLUDED: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("partial export (no actions)", re.compile(r"a partial export")),
    ("file cut off mid-hand", re.compile(r"malformed XML: no element found|the file ends mid-hand")),
    ("hand cancelled by the room", re.compile(r"the room cancelled the hand")),
    ("game pyeval does not play", re.compile(r"game not supported: |has no pyeval variant")),
    ("the room's figures do not add up", re.compile(r"the room's figures do not add up: ")),
)


def _reason(text: str) -> str:
    """A reason without its file, line and numbers, for counting alike ones together."""
    t = re.sub(r"^.*?:\d+: ", "", text)
    t = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", t)
    return _NUM.sub("N", t)[:110]


def excluded_label(reason: str) -> str | None:
    """The :data:`EXCLUDED` label of a refusal's reason, or None when the refusal counts."""
    for label, pat in EXCLUDED:
        if pat.search(reason):
            return label
    return None


class Tally:
    """The counts of one room (see the module docstring for each column)."""

    def __init__(self) -> None:
        self.files = self.hands = self.read = self.adds = self.matched = self.refused = self.not_adding = 0
        self.reasons: collections.Counter[str] = collections.Counter()  # hands that count and failed
        self.excluded: collections.Counter[str] = collections.Counter()
        self.no_total: collections.Counter[str] = collections.Counter()  # in adds, but no total printed

    @property
    def n_excluded(self) -> int:
        return sum(self.excluded.values())

    @property
    def should(self) -> int:
        return self.adds + self.refused - self.n_excluded

    def rate(self) -> str:
        return f"{100 * self.matched / self.should:.1f}%" if self.should else "-"

    def add(self, other: Tally) -> None:
        for k in ("files", "hands", "read", "adds", "matched", "refused", "not_adding"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.reasons.update(other.reasons)
        self.excluded.update(other.excluded)
        self.no_total.update(other.no_total)

    def as_dict(self) -> dict[str, Any]:
        return {"files": self.files, "hands": self.hands, "read": self.read, "adds_up": self.adds,
                "excluded": self.n_excluded, "should_match": self.should, "matched": self.matched,
                "excluded_reasons": dict(self.excluded), "reasons": dict(self.reasons.most_common()),
                "not_adding_up": self.not_adding, "no_total_printed": sum(self.no_total.values())}


def _adds_up(hh: object) -> bool:
    extra = getattr(hh, "extra", {})
    total = extra.get("_total_pot")
    win = extra.get("winnings")
    if total is None or not win:
        return False
    fees = sum(int(extra.get(k) or 0) for k in ("_rake", "_jackpot", "_fees"))
    return bool(sum(win) + fees == total)


def measure_text(text: str, room: str, source: str, t: Tally) -> None:
    """Count every hand of one file's ``text`` (in ``room``'s format) into ``t``."""
    try:
        for h in parse_text(text, room, source=source):
            t.hands += 1
            if h.hand is None:
                t.refused += 1
                reason = _reason(h.error or "")
                label = excluded_label(h.error or "")
                if label is None:
                    t.reasons[reason] += 1
                else:
                    t.excluded[label] += 1
                continue
            t.read += 1
            v = h.verification
            if h.hand.extra.get("_total_pot") is None:  # nothing contradicts the record: it counts
                t.no_total["the room prints no total pot: judged on its per-player results alone"] += 1
            elif not _adds_up(h.hand):
                t.not_adding += 1
                continue
            t.adds += 1
            if v is not None and v.ok:
                t.matched += 1
            else:
                t.reasons[_reason(v.problems[0] if v and v.problems else "not verified")] += 1
    except Exception as exc:  # noqa: BLE001 - the tool counts, never stops
        t.reasons[f"the reader stopped on the file: {type(exc).__name__}: {_reason(str(exc))}"] += 1


def measure_file(path: Path, tallies: dict[str, Tally], skipped: collections.Counter[str]) -> str | None:
    """Count one file into ``tallies`` (by room) or ``skipped``; returns the room it was counted under."""
    if path.name.startswith("."):
        skipped["dot files"] += 1
        return None
    if path.suffix in SKIPPED_SUFFIXES:
        skipped[f"*{path.suffix} ({SKIPPED_SUFFIXES[path.suffix]})"] += 1
        return None
    try:
        data = path.read_bytes()
    except OSError as exc:
        t = tallies.setdefault("(unreadable)", Tally())
        t.files += 1
        t.reasons[f"cannot read: {exc.strerror}"] += 1
        return "(unreadable)"
    text, _enc = decode(data)
    try:
        room = detect_format(text)
    except Exception:  # noqa: BLE001 - the tool counts, never stops
        t = tallies.setdefault("(not recognised)", Tally())
        t.files += 1
        t.reasons[f"{path.parent.name}"] += 1
        return "(not recognised)"
    t = tallies.setdefault(room, Tally())
    t.files += 1
    measure_text(text, room, str(path), t)
    return room


def _write_json(path: Path, payload: dict[str, Any]) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(payload, fh, indent=1, ensure_ascii=False)
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--reasons", type=int, default=4, help="failure reasons shown per room (default 4)")
    ap.add_argument("--room", help="only this detected room")
    ap.add_argument("--files", action="store_true", help="print every file with a hand that counts and did not match")
    ap.add_argument("--json", type=Path, metavar="OUT", help="also write the figures as JSON to OUT")
    a = ap.parse_args(argv)
    tallies: dict[str, Tally] = {}
    skipped: collections.Counter[str] = collections.Counter()
    for root in a.paths:
        files = sorted(q for q in root.rglob("*") if q.is_file()) if root.is_dir() else [root]
        for f in files:
            before = {k: sum(v.reasons.values()) for k, v in tallies.items()}
            room = measure_file(f, tallies, skipped)
            if (a.files and room is not None and (a.room is None or a.room == room)
                    and sum(tallies[room].reasons.values()) > before.get(room, 0)):
                print(f"  {room}: {f}")
    head = f"{'room':18} {'files':>5} {'hands':>6} {'read':>6} {'adds':>6} {'excl':>5} {'should':>6} {'matched':>7} {'rate':>6}"
    print(head)
    tot = Tally()
    for room in sorted(tallies):
        if a.room and room != a.room:
            continue
        t = tallies[room]
        print(f"{room:18} {t.files:5} {t.hands:6} {t.read:6} {t.adds:6} {t.n_excluded:5} {t.should:6} {t.matched:7}"
              f" {t.rate():>6}")
        for r, n in t.reasons.most_common(a.reasons):
            print(f"{'':20}{n:5}  {r}")
        for r, n in sorted(t.excluded.items()):
            print(f"{'':20}{n:5}  excluded: {r}")
        for r, n in sorted(t.no_total.items()):
            print(f"{'':20}{n:5}  counted in adds: {r}")
        if t.not_adding:
            print(f"{'':20}{t.not_adding:5}  outside the rate: read, but the room's figures do not add up")
        tot.add(t)
    print(f"{'all':18} {tot.files:5} {tot.hands:6} {tot.read:6} {tot.adds:6} {tot.n_excluded:5} {tot.should:6}"
          f" {tot.matched:7} {tot.rate():>6}")
    for r, n in sorted(skipped.items()):
        print(f"skipped {n} files: {r}")
    if a.json is not None:
        rooms = {k: v.as_dict() for k, v in sorted(tallies.items()) if not a.room or k == a.room}
        _write_json(a.json, {"rooms": rooms, "all": tot.as_dict(), "skipped": dict(skipped),
                             "excluded_reasons": [label for label, _ in EXCLUDED]})
    return 0


if __name__ == "__main__":
    sys.exit(main())

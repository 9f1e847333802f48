#!/usr/bin/env python
"""Measure pyeval's room readers on a corpus of real hand histories.

    python tools/measure_hands.py /work/corpus/fpdb/cash /work/corpus/fpdb/tour [--reasons 5] [--room Stars]

Walks the folders, detects each file's room (files no reader recognises are counted under
``(not recognised)``), reads every hand and prints per room: files, hands, hands read, hands whose
replay finishes ("replayed"), hands whose replay equals the room's per-player results ("matched"),
hands whose room figures add up (collected + rake + fees = total pot; "adds up"), the matched share
of those, and the commonest reasons for the rest. No file may stop the walk: any error is counted
as that file's reason (the test feeds it hostile bytes).
"""
from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyeval.hands_io import detect_format, parse_text  # noqa: E402
from pyeval.hands_io._text import decode  # noqa: E402

_NUM = re.compile(r"\d+(?:[.,]\d+)*")


def _reason(text: str) -> str:
    """A reason without its file, line and numbers, for counting alike ones together."""
    t = re.sub(r"^.*?:\d+: ", "", text)
    t = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", t)
    return _NUM.sub("N", t)[:110]


class Tally:
    def __init__(self) -> None:
        self.files = self.hands = self.read = self.replayed = self.matched = 0
        self.adds = self.adds_matched = 0
        self.reasons: collections.Counter[str] = collections.Counter()


def _adds_up(hh: object) -> bool:
    extra = getattr(hh, "extra", {})
    total = extra.get("_total_pot")
    win = extra.get("winnings")
    if total is None or not win:
        return False
    fees = sum(int(extra.get(k) or 0) for k in ("_rake", "_jackpot", "_fees"))
    return bool(sum(win) + fees == total)


def measure_file(path: Path, tallies: dict[str, Tally]) -> None:
    try:
        data = path.read_bytes()
    except OSError as exc:
        t = tallies.setdefault("(unreadable)", Tally())
        t.files += 1
        t.reasons[f"cannot read: {exc.strerror}"] += 1
        return
    text, _enc = decode(data)
    try:
        room = detect_format(text)
    except Exception:  # noqa: BLE001 - the tool counts, never stops
        t = tallies.setdefault("(not recognised)", Tally())
        t.files += 1
        t.reasons[f"{path.parent.name}"] += 1
        return
    t = tallies.setdefault(room, Tally())
    t.files += 1
    try:
        for h in parse_text(text, room, source=str(path)):
            t.hands += 1
            if h.hand is None:
                t.reasons[_reason(h.error or "")] += 1
                continue
            t.read += 1
            v = h.verification
            adds = _adds_up(h.hand)
            t.adds += adds
            if v is not None and v.replayed is not None and not any("does not finish" in p for p in v.problems):
                t.replayed += 1
            if v is not None and v.ok:
                t.matched += 1
                t.adds_matched += adds
            else:
                t.reasons[_reason(v.problems[0] if v and v.problems else "not verified")] += 1
    except Exception as exc:  # noqa: BLE001 - the tool counts, never stops
        t.reasons[f"the reader stopped on the file: {type(exc).__name__}: {_reason(str(exc))}"] += 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--reasons", type=int, default=4, help="reasons shown per room (default 4)")
    ap.add_argument("--room", help="only this detected room")
    ap.add_argument("--files", action="store_true", help="print every file with a hand not matched")
    a = ap.parse_args(argv)
    tallies: dict[str, Tally] = {}
    for root in a.paths:
        files = sorted(q for q in root.rglob("*") if q.is_file()) if root.is_dir() else [root]
        for f in files:
            if f.name.startswith("."):
                continue
            before = {k: (v.hands - v.matched) for k, v in tallies.items()}
            measure_file(f, tallies)
            if a.files:
                for k, v in tallies.items():
                    if (v.hands - v.matched) > before.get(k, 0) and (a.room is None or a.room == k):
                        print(f"  {k}: {f}")
    print(f"{'room':18} {'files':>5} {'hands':>6} {'read':>6} {'replayed':>8} {'matched':>7} {'adds up':>7}"
          f" {'matched/adds up':>15}")
    tot = Tally()
    for room in sorted(tallies):
        if a.room and room != a.room:
            continue
        t = tallies[room]
        share = f"{t.adds_matched}/{t.adds} {100 * t.adds_matched / t.adds:.1f}%" if t.adds else "-"
        print(f"{room:18} {t.files:5} {t.hands:6} {t.read:6} {t.replayed:8} {t.matched:7} {t.adds:7} {share:>15}")
        for r, n in t.reasons.most_common(a.reasons):
            print(f"{'':20}{n:5}  {r}")
        for k in ("files", "hands", "read", "replayed", "matched", "adds", "adds_matched"):
            setattr(tot, k, getattr(tot, k) + getattr(t, k))
    share = f"{tot.adds_matched}/{tot.adds} {100 * tot.adds_matched / tot.adds:.1f}%" if tot.adds else "-"
    print(f"{'all':18} {tot.files:5} {tot.hands:6} {tot.read:6} {tot.replayed:8} {tot.matched:7} {tot.adds:7} {share:>15}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

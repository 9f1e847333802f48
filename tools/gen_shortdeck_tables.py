#!/usr/bin/env python3
"""Generate ``csrc/pe_shortdeck_tables.{h,c}``: lookup tables of the short-deck (6+) hold'em evaluator.

Run ``python tools/gen_shortdeck_tables.py`` to rewrite them, or ``--outdir DIR`` to write elsewhere
(``tests/test_shortdeck.py`` regenerates them and fails on drift).

The short deck has 36 cards, ranks 6..A (short rank 0..8 = full-deck rank 4..12); cards keep pyeval's
encoding ``rank * 4 + suit``. Hand ranking: a flush beats a full house, and A-6-7-8-9 is the lowest
straight (the ace plays below the six). Two orders of the middle categories are in use; both are
tabled, ``kind`` 0 and 1:

* kind 0 (``PE_SD_STRAIGHT_OVER_TRIPS``, the classic order, pokerkit's): high card < pair < two pair
  < three of a kind < straight < full house < flush < four of a kind < straight flush;
* kind 1 (``PE_SD_TRIPS_OVER_STRAIGHT``, as PokerStars and most online rooms play 6+): three of a
  kind beats a straight.

Values are dense classes 1..``PE_SD_CLASSES``, higher is better. Tables (``[kind]`` first):

* ``PE_SD_COLEX[i][r]`` = C(r + i, i + 1): the colex index of a sorted rank multiset a0 <= ... <= a(k-1)
  is the sum of ``PE_SD_COLEX[i][a_i]`` (0 .. C(8 + k, k) - 1);
* ``PE_SD_NF5/NF6/NF7[kind][index]``: best value of the 5, 6 or 7 cards of that rank multiset when no
  five share a suit (0 for multisets no deck holds: five of a rank);
* ``PE_SD_FLUSH[kind][mask]``: best flush or straight flush of a suit's 9-bit rank mask (0 for fewer
  than five bits). With five or more cards of a suit among at most seven, no hand without that flush
  is better (four of a kind needs four suits), so the flush decides;
* ``PE_SD_INFO[kind][value]``: ``category << 20 | r0 << 16 | ... | r4`` with pyeval's HandCategory
  numbers and full-deck ranks 0..12 of the hand's five cards, most significant first (the five-high
  straight A-6-7-8-9 lists 9, 8, 7, 6, A).
"""
from __future__ import annotations

import argparse
import itertools
import math
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NR = 9  # short-deck ranks
HC, PAIR, TWO, TRIPS, STRAIGHT, FLUSH, FULL, QUADS, SF = range(9)  # pyeval.HandCategory numbers
ORDER = (
    {HC: 0, PAIR: 1, TWO: 2, TRIPS: 3, STRAIGHT: 4, FULL: 5, FLUSH: 6, QUADS: 7, SF: 8},  # kind 0
    {HC: 0, PAIR: 1, TWO: 2, STRAIGHT: 3, TRIPS: 4, FULL: 5, FLUSH: 6, QUADS: 7, SF: 8},  # kind 1
)


def straight_top(ranks: set[int]) -> int | None:
    """Short rank of the top card of a straight made by five distinct short ranks, else None."""
    if len(ranks) != 5:
        return None
    lo, hi = min(ranks), max(ranks)
    if hi - lo == 4:
        return hi
    if ranks == {8, 0, 1, 2, 3}:  # A-6-7-8-9: the nine is the top card
        return 3
    return None


def hand5(ranks: tuple[int, ...], flush: bool) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(category, tiebreak short ranks, the five cards' short ranks in describe order) of five cards."""
    cnt = Counter(ranks)
    groups = sorted(cnt.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, c in groups for _ in range(c))
    top = straight_top(set(ranks))
    if top is not None:
        seq = tuple(range(top, top - 5, -1)) if top != 3 else (3, 2, 1, 0, 8)
        return (SF if flush else STRAIGHT), (top,), seq
    if flush:
        return FLUSH, order, order
    shape = sorted(cnt.values(), reverse=True)
    cat = {(4, 1): QUADS, (3, 2): FULL, (3, 1, 1): TRIPS, (2, 2, 1): TWO, (2, 1, 1, 1): PAIR}.get(tuple(shape), HC)
    return cat, tuple(r for r, _ in groups), order


def classes(kind: int) -> tuple[dict[tuple[int, bool], int], list[tuple[int, tuple[int, ...]]]]:
    """Value of each (sorted 5-rank multiset, flush) and the info (category, describe ranks) per value."""
    keys: dict[tuple[tuple[int, ...], bool], tuple[int, tuple[int, ...]]] = {}
    infos: dict[tuple[int, tuple[int, ...]], tuple[int, tuple[int, ...]]] = {}
    for ms in itertools.combinations_with_replacement(range(NR), 5):
        if max(Counter(ms).values()) > 4:
            continue
        for flush in (False, True):
            if flush and len(set(ms)) < 5:
                continue
            cat, tb, seq = hand5(ms, flush)
            key = (ORDER[kind][cat], tb)
            keys[(ms, flush)] = key
            infos.setdefault(key, (cat, seq))
    ranked = sorted(infos)
    value = {k: i + 1 for i, k in enumerate(ranked)}
    return {ms: value[k] for ms, k in keys.items()}, [infos[k] for k in ranked]


def colex(ms: tuple[int, ...]) -> int:
    return sum(math.comb(a + i, i + 1) for i, a in enumerate(ms))


def build() -> dict[str, object]:
    out: dict[str, object] = {}
    colex_t = [[math.comb(r + i, i + 1) for r in range(NR)] for i in range(7)]
    out["COLEX"] = colex_t
    nf: dict[int, list[list[int]]] = {5: [], 6: [], 7: []}
    flush_t: list[list[int]] = []
    info_t: list[list[int]] = []
    n_classes = None
    for kind in (0, 1):
        val, info = classes(kind)
        n_classes = len(info)
        info_t.append([0] + [(cat << 20) | sum((r + 4) << (16 - 4 * j) for j, r in enumerate(seq))
                             for cat, seq in info])
        for k in (5, 6, 7):
            size = math.comb(NR + k - 1, k)
            row = [0] * size
            for ms in itertools.combinations_with_replacement(range(NR), k):
                assert colex(ms) < size
                if max(Counter(ms).values()) > 4:
                    continue
                best = max(val[(sub, False)] for sub in set(itertools.combinations(ms, 5))
                           if (sub, False) in val)
                row[colex(ms)] = best
            nf[k].append(row)
        fl = [0] * 512
        for mask in range(512):
            bits = [r for r in range(NR) if mask >> r & 1]
            if len(bits) >= 5:
                fl[mask] = max(val[(sub, True)] for sub in itertools.combinations(bits, 5))
        flush_t.append(fl)
    out["NF5"], out["NF6"], out["NF7"] = nf[5], nf[6], nf[7]
    out["FLUSH"] = flush_t
    out["INFO"] = info_t
    out["CLASSES"] = n_classes
    return out


def _c_array(ctype: str, name: str, rows: list[list[int]] | list[int], per_line: int = 16) -> str:
    def flat(vals: list[int]) -> str:
        lines = [", ".join(str(v) for v in vals[i:i + per_line]) for i in range(0, len(vals), per_line)]
        return "\n".join("    " + ln + "," for ln in lines)

    if rows and isinstance(rows[0], list):
        dims = f"[{len(rows)}][{len(rows[0])}]"  # type: ignore[arg-type]
        body = "\n".join("  {\n" + flat(r) + "\n  }," for r in rows)  # type: ignore[arg-type]
    else:
        dims = f"[{len(rows)}]"
        body = flat(rows)  # type: ignore[arg-type]
    return f"const {ctype} {name}{dims} = {{\n{body}\n}};\n"


def render() -> tuple[str, str]:
    t = build()
    head = "/* Generated by tools/gen_shortdeck_tables.py: do not edit. tests/test_shortdeck.py checks for drift. */\n"
    decl = [("uint16_t", "PE_SD_COLEX", t["COLEX"]), ("uint16_t", "PE_SD_NF5", t["NF5"]), ("uint16_t", "PE_SD_NF6", t["NF6"]),
            ("uint16_t", "PE_SD_NF7", t["NF7"]), ("uint16_t", "PE_SD_FLUSH", t["FLUSH"]), ("uint32_t", "PE_SD_INFO", t["INFO"])]
    h = [head, "#ifndef PE_SHORTDECK_TABLES_H\n#define PE_SHORTDECK_TABLES_H\n#include <stdint.h>\n#include \"pe_compat.h\"\n",
         f"#define PE_SD_CLASSES_ {t['CLASSES']}\n"]
    c = [head, "#include \"pe_shortdeck_tables.h\"\n"]
    for ctype, name, rows in decl:
        dims = f"[{len(rows)}][{len(rows[0])}]" if isinstance(rows[0], list) else f"[{len(rows)}]"  # type: ignore[index, arg-type]
        h.append(f"extern PE_INTERNAL const {ctype} {name}{dims};\n")
        c.append(_c_array(ctype, name, rows))  # type: ignore[arg-type]
    h.append("#endif\n")
    return "".join(h), "".join(c)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--outdir", default=str(ROOT / "csrc"), help="where to write (default csrc/)")
    args = ap.parse_args()
    h, c = render()
    out = Path(args.outdir)
    (out / "pe_shortdeck_tables.h").write_text(h)
    (out / "pe_shortdeck_tables.c").write_text(c)


if __name__ == "__main__":
    main()

"""Record the seeded outputs of the house-banked games (heads-up, criss-cross) as JSON.

The file (``tests/data/house_golden.json``) was written before the games moved onto the house
layer (``pyeval/house/``, issue 24 item 3); ``tests/test_house_golden.py`` recomputes every entry
with today's code and asserts it equals the file, so "identical before and after" stays proved.

Covered: the C simulations' results (``to_dict``) for several seeds, stream counts and paytables;
the rounds of the audit path (``play_batch`` / ``simulate_rounds``); rounds played through the
Python procedures from seeded shoes (settlements, records, event logs) and their replays; the
exact Pocket Bonus and Five Card Bonus analyses.

Run from the repository root: ``python tools/record_house_golden.py [--check]`` (``--check``
compares instead of writing; exit status 1 on a difference).
"""
from __future__ import annotations

import argparse
import enum
import json
import os
import sys
import tempfile
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

OUT = ROOT / "tests" / "data" / "house_golden.json"
SIM_ROUNDS = 20_000


def plain(v: Any) -> Any:
    """JSON-ready data: enums by value, fractions as "n/d", named tuples and tuples as lists."""
    if isinstance(v, enum.Enum):
        return plain(v.value)
    if isinstance(v, Fraction):
        return f"{v.numerator}/{v.denominator}"
    if isinstance(v, bool) or v is None or isinstance(v, (int, float, str)):
        return v
    if isinstance(v, Mapping):
        return {str(plain(k)): plain(x) for k, x in v.items()}
    if isinstance(v, (tuple, list)):
        return [plain(x) for x in v]
    if hasattr(v, "payouts") and hasattr(v, "lines"):  # a paytable: its name and lines, whatever its class
        return {"name": v.name, "lines": [{"label": ln.label, "min_value": ln.min_value, "odds": plain(ln.odds)}
                                          for ln in v.lines]}
    if hasattr(v, "__dataclass_fields__"):
        return {k: plain(getattr(v, k)) for k in v.__dataclass_fields__ if not k.startswith("_")}
    raise TypeError(f"cannot record {type(v).__name__}")


def _hu_tables() -> dict[str, Any]:
    from pyeval.headsup import RaiseAmounts, Rounding, example_rules
    from pyeval.headsup.paytables import TRIPS_PLUS_50_40_30_9_7_4_3

    return {
        "example-down": example_rules(ante_min=1),
        "example-up-trips2": example_rules(ante_min=1, rounding=Rounding.UP, trips_plus=TRIPS_PLUS_50_40_30_9_7_4_3),
        "no-pocket-capped": example_rules(ante_min=1, pocket_bonus=None, payout_cap=40),
        "whole-multiples-exact": example_rules(ante_min=1, rounding=Rounding.EXACT,
                                               raise_amounts=RaiseAmounts.WHOLE_MULTIPLES,
                                               preflop_raise_multiples=(1, 2), flop_raise_multiples=(1,)),
    }


def _cc_tables() -> dict[str, Any]:
    from pyeval.crisscross import CrissCrossPaytable, CrissCrossRules
    from pyeval.crisscross.rules import PAIR_OF_JACKS, PAIR_OF_SIXES

    odd = CrissCrossPaytable.of("odd main", [("Two Pair+", 4000, Fraction(5, 2)), ("Jacks", PAIR_OF_JACKS, Fraction(3, 2)),
                                             ("Sixes", PAIR_OF_SIXES, 0)])
    return {"default": CrissCrossRules(), "odd-main": CrissCrossRules(main_paytable=odd)}


def headsup() -> dict[str, Any]:
    from pyeval import simulate
    from pyeval.headsup import HeadsUpRound, basic_strategy
    from pyeval.headsup.sim import HeadsUpSim, play_batch, pocket_bonus_exact
    from pyeval.shoe import Shoe

    out: dict[str, Any] = {"sim": {}, "play_batch": {}, "rounds": {}, "exact": {}}
    for name, rules in _hu_tables().items():
        for seed, streams in ((1, 1), (2, 4), (12345, 3)):
            for kw in ({}, {"ante": 10, "pocket_bonus": 5, "trips_plus": 0} if rules.pocket_bonus else {"ante": 4}):
                key = f"{name}/seed={seed}/streams={streams}/{','.join(f'{k}={v}' for k, v in kw.items()) or 'default'}"
                r = simulate(HeadsUpSim(rules, **kw), SIM_ROUNDS, seed=seed, streams=streams)  # type: ignore[arg-type]
                out["sim"][key] = plain(r.to_dict())
        out["play_batch"][name] = [plain(r) for r in play_batch(rules, 40, seed=7)]
        rounds = []
        shoe = Shoe(seed=99)
        for i in range(16):
            shoe.shuffle()
            rnd = HeadsUpRound(rules)
            for p in range(1, 1 + (i % 4) + 1):
                rnd.place_wagers(p, 10 * p, 10 * p, 2 if rules.pocket_bonus else 0, 2 * (i % 2) if rules.trips_plus else 0)
            s = rnd.run(shoe, basic_strategy)
            events = rnd.events
            replayed = HeadsUpRound.replay(rules, events)
            rounds.append({"settlement": plain(s), "house_net": s.house_net, "record": plain(rnd.record()),
                           "events": plain(events), "replay_equal": plain(replayed.settlement) == plain(s)})
        out["rounds"][name] = rounds
    rules = _hu_tables()["example-down"]
    out["exact"]["pocket"] = plain(pocket_bonus_exact(rules.pocket_bonus))
    return out


def crisscross() -> dict[str, Any]:
    from pyeval import simulate
    from pyeval.crisscross import CrissCrossTable, play_round
    from pyeval.crisscross.sim import CrissCrossSim, bonus_exact, simulate_rounds

    out: dict[str, Any] = {"sim": {}, "simulate_rounds": {}, "rounds": {}, "exact": {}}
    for name, rules in _cc_tables().items():
        for seed, streams in ((1, 1), (2, 4), (12345, 3)):
            for ante, bonus in ((1, 1), (5, 0), (3, 2)):
                key = f"{name}/seed={seed}/streams={streams}/ante={ante},bonus={bonus}"
                r = simulate(CrissCrossSim(rules, ante, bonus), SIM_ROUNDS, seed=seed, streams=streams)
                out["sim"][key] = plain(r.to_dict())
        out["simulate_rounds"][name] = plain(simulate_rounds(40, 7, rules=rules, ante=2, bonus=1))
        table = CrissCrossTable(rules, seed=5)
        recs = []
        for i in range(16):
            wagers = {p: (5 * p, p % 2) for p in range(1, 2 + i % 6)}
            rec = play_round(table, wagers)
            recs.append({"record": plain(rec), "house_net": rec.house_net})
        out["rounds"][name] = recs
        out["exact"][name] = plain(bonus_exact(rules.bonus_paytable))
    return out


def record() -> dict[str, Any]:
    """Every recorded output, as plain JSON data."""
    return {"headsup": headsup(), "crisscross": crisscross()}


def _write(path: Path, data: dict[str, Any]) -> None:
    text = json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".house_golden.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the file instead of writing it")
    args = ap.parse_args(argv)
    data = json.loads(json.dumps(record(), sort_keys=True))
    if args.check:
        old = json.loads(OUT.read_text(encoding="utf-8"))
        bad: list[str] = []
        _diff(old, data, "", bad.append)
        for b in bad[:20]:
            print(b)
        return 1 if bad else 0
    _write(OUT, data)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


def _diff(a: Any, b: Any, where: str, say: Callable[[str], None]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                say(f"{where}/{k}: only in {'new' if k in b else 'recorded'}")
            else:
                _diff(a[k], b[k], f"{where}/{k}", say)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(x, y, f"{where}[{i}]", say)
    elif a != b:
        say(f"{where}: recorded {a!r:.80} now {b!r:.80}")


if __name__ == "__main__":
    raise SystemExit(main())

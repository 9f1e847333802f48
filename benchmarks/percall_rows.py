"""The per-call rows of issue 20 (one hand per call, as an engine calls): what each row measures, with
every peer's natural way of making that call, on the same hands. Shared by
``benchmarks/bench_percall.py`` (pytest-benchmark, every peer side by side) and
``benchmarks/ratio_guard.py`` (the CI guard on the rows pyeval must stay ahead in).

A row maps implementation names to a zero-argument callable that makes ``N`` calls, one per hand;
the inputs are prepared outside it (peers get their own card objects: eval7 ``Card``, treys ints).
A peer that is not installed is left out of the row.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pyeval
from pyeval.hands import evaluate_omaha

#: Calls per timed pass.
N = 2000
#: The row comparing the Cactus Kev conversion with an evaluation (no peer in it).
CACTUS_ROW = "to_cactus_kev vs evaluate"
TEXT = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@dataclass
class Row:
    """One per-call comparison: ``impls`` maps ``"pyeval ..."`` and each peer to a pass of N calls;
    ``must_beat`` names the peers pyeval must be at least as fast as (the guarded ratios)."""

    name: str
    impls: dict[str, Callable[[], object]] = field(default_factory=dict)
    must_beat: tuple[str, ...] = ()

    @property
    def ours(self) -> str:
        return next(k for k in self.impls if k.startswith("pyeval"))


def _peers() -> dict[str, object]:
    found: dict[str, object] = {}
    for name in ("phevaluator", "eval7", "treys"):
        try:
            found[name] = __import__(name)
        except ImportError:
            pass
    return found


def _hands(k: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), k)) for _ in range(N)]


def _loop(f: Callable[[object], object], items: list) -> Callable[[], None]:  # type: ignore[type-arg]
    def run() -> None:
        for x in items:
            f(x)
    return run


def _star(f: Callable[..., object], items: list) -> Callable[[], None]:  # type: ignore[type-arg]
    def run() -> None:
        for x in items:
            f(*x)
    return run


def rows() -> list[Row]:
    """Every per-call row, with the peers installed here."""
    p = _peers()
    ph, e7, tr = p.get("phevaluator"), p.get("eval7"), p.get("treys")
    ev = pyeval.evaluate
    out: list[Row] = []
    for k in (5, 6, 7):
        hands = _hands(k, k)
        strs = [[TEXT[c] for c in h] for h in hands]
        ints = Row(f"{k}-card from ints", {f"pyeval evaluate({k} ints)": _loop(ev, hands)})
        text = Row(f"{k}-card from card strings", {f"pyeval evaluate({k} strings)": _loop(ev, strs)})
        if ph is not None:
            ints.impls["phevaluator evaluate_cards"] = _star(ph.evaluate_cards, hands)  # type: ignore[attr-defined]
            text.impls["phevaluator evaluate_cards"] = _star(ph.evaluate_cards, strs)  # type: ignore[attr-defined]
        if e7 is not None:
            Card = e7.Card  # type: ignore[attr-defined]
            ints.impls["eval7 evaluate(Cards)"] = _loop(e7.evaluate, [[Card(s) for s in h] for h in strs])  # type: ignore[attr-defined]
            text.impls["eval7 evaluate([Card(s)...])"] = _loop(
                lambda h, f=e7.evaluate, C=Card: f([C(s) for s in h]), strs)  # type: ignore[attr-defined,misc]
        if tr is not None:
            evaluator, new = tr.Evaluator(), tr.Card.new  # type: ignore[attr-defined]
            tc = [[new(s) for s in h] for h in strs]
            ints.impls["treys Evaluator.evaluate"] = _loop(lambda h, f=evaluator.evaluate: f(h[:2], h[2:]), tc)
            text.impls["treys Evaluator.evaluate(Card.new...)"] = _loop(
                lambda h, f=evaluator.evaluate, n=new: f([n(s) for s in h[:2]], [n(s) for s in h[2:]]), strs)
        ints.must_beat = tuple(x for x in ints.impls if not x.startswith("pyeval"))
        text.must_beat = tuple(x for x in text.impls if not x.startswith("pyeval"))
        out += [ints, text]

    hands7 = _hands(7, 7)
    text7 = [" ".join(TEXT[c] for c in h) for h in hands7]
    row = Row("7-card as card text", {"pyeval evaluate('As Kd ...')": _loop(ev, text7)})
    if ph is not None:
        row.impls["phevaluator evaluate_cards(*text.split())"] = _loop(
            lambda t, f=ph.evaluate_cards: f(*t.split()), text7)  # type: ignore[attr-defined]
    if e7 is not None:
        row.impls["eval7 evaluate([Card(s) for s in text.split()])"] = _loop(
            lambda t, f=e7.evaluate, C=e7.Card: f([C(s) for s in t.split()]), text7)  # type: ignore[attr-defined,misc]
    row.must_beat = tuple(x for x in row.impls if not x.startswith("pyeval"))
    out.append(row)

    omaha = [(h[:4], h[4:]) for h in _hands(9, 9)]
    row = Row("Omaha 4 hole + 5 board from ints",
              {"pyeval evaluate_omaha(hole=, board=)": _loop(lambda hb: evaluate_omaha(hole=hb[0], board=hb[1]), omaha)})
    if ph is not None:
        row.impls["phevaluator evaluate_omaha_cards"] = _loop(
            lambda hb, f=ph.evaluate_omaha_cards: f(*hb[1], *hb[0]), omaha)  # type: ignore[attr-defined]
    row.must_beat = tuple(x for x in row.impls if not x.startswith("pyeval"))
    out.append(row)

    row = Row("Cactus Kev rank of 7 cards",
              {"pyeval evaluate_cactus_kev(7 ints)": _loop(pyeval.evaluate_cactus_kev, hands7)})
    if ph is not None:
        row.impls["phevaluator evaluate_cards"] = _star(ph.evaluate_cards, hands7)  # type: ignore[attr-defined]
    row.must_beat = tuple(x for x in row.impls if not x.startswith("pyeval"))
    out.append(row)

    # the conversion against an evaluation: to_cactus_kev must cost at most half an evaluate. Both
    # are measured net of Python's own call overhead (a loop calling the builtin abs on the same ints)
    values = [ev(h) for h in hands7]
    out.append(Row(CACTUS_ROW,
                   {"pyeval to_cactus_kev(value)": _loop(pyeval.to_cactus_kev, values),
                    "pyeval evaluate(7 ints)": _loop(ev, hands7),
                    "abs(value) (the call overhead)": _loop(abs, values)}))

    for k in (9, 13):
        hands = _hands(k, k)
        row = Row(f"{k}-card from ints (best five)", {f"pyeval evaluate({k} ints)": _loop(ev, hands)})
        if e7 is not None:
            row.impls["eval7 evaluate(Cards)"] = _loop(
                e7.evaluate, [[e7.Card(TEXT[c]) for c in h] for h in hands])  # type: ignore[attr-defined]
        row.must_beat = tuple(x for x in row.impls if not x.startswith("pyeval"))
        out.append(row)
    return out

"""Per-call speed, one hand per call as an engine calls (issue 20 item 3): pyeval against every
installed peer on the same hands, each peer called its own natural way (eval7 ``Card`` objects and
treys ints made beforehand for the "from ints" rows; made in the call for the "card strings" rows).

The rows (``benchmarks/percall_rows.py``, shared with ``benchmarks/ratio_guard.py``): 5/6/7-card from
ints and from card strings (phevaluator ``evaluate_cards``, eval7 ``evaluate``, treys
``Evaluator.evaluate``), a hand as card text, Omaha from ints (phevaluator ``evaluate_omaha_cards``),
the Cactus Kev rank (``evaluate_cactus_kev`` / phevaluator), ``to_cactus_kev`` against ``evaluate``, and
9- and 13-card hands (eval7, which takes any number). Each benchmark is one pass of N calls; the
summary prints calls/s and pyeval's ratio to each peer in the same group.

Run: ``python -m pytest benchmarks/bench_percall.py`` (peers: ``pip install .[bench]``). For ratios
measured interleaved (robust on a busy machine) run ``python benchmarks/ratio_guard.py``.
"""
from __future__ import annotations

import pytest

from percall_rows import N, rows

ROWS = rows()
CASES = [(row.name, impl) for row in ROWS for impl in row.impls]
BY_NAME = {row.name: row for row in ROWS}


@pytest.mark.parametrize("row, impl", CASES, ids=[f"{r}|{i}" for r, i in CASES])
def test_per_call(benchmark, record, row, impl):
    benchmark.group = f"per call: {row}"
    benchmark.name = impl  # the summary tells pyeval's rows from the peers' by this name
    record(benchmark, N)
    benchmark(BY_NAME[row].impls[impl])

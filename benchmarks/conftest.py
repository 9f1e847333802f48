"""Benchmark helpers: report throughput (items/s) and ratios to pyeval, per group, after the run.

Each benchmark calls ``record(benchmark, items)`` with the number of hands (or rounds, shuffles...)
one benchmarked call processes; the summary prints items/s from the mean time and the ratio of
pyeval to each peer measured in the same run.
"""
from __future__ import annotations

import pytest

_RESULTS: dict[str, list[tuple[str, int, object]]] = {}


@pytest.fixture
def record():
    def _record(benchmark, items: int) -> None:
        group = benchmark.group or "default"
        _RESULTS.setdefault(group, []).append((benchmark.name, items, benchmark))
        benchmark.extra_info["items_per_call"] = items

    return _record


def pytest_report_header(config):
    """Name the code that is measured: pyeval's version, batch kernel, CPU features and compiler."""
    import pyeval

    return f"pyeval build: {pyeval.build_info()}"


def pytest_terminal_summary(terminalreporter):
    if not _RESULTS:
        return
    tr = terminalreporter
    tr.section("throughput (items/s from the mean; ratio = pyeval's rate / this rate)")
    for group, rows in _RESULTS.items():
        rates = []
        for name, items, bench in rows:
            stats = getattr(bench, "stats", None)
            if stats is None or not getattr(stats, "stats", None):
                continue
            rates.append((name, items / stats.stats.mean))
        if not rates:
            continue
        ours = [r for n, r in rates if "pyeval" in n]
        best_ours = max(ours) if ours else None
        tr.write_line(f"[{group}]")
        for name, rate in sorted(rates, key=lambda x: -x[1]):
            ratio = f"  pyeval x{best_ours / rate:.2f}" if best_ours and "pyeval" not in name else ""
            tr.write_line(f"  {name:55s} {rate:16,.0f} /s{ratio}")

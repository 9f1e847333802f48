"""Instructions of exact heads-up equity on one and on two threads, under callgrind: the thread split's
cost, a figure the machine's load does not move (decision 041; ``batch_threads.py`` gives the wall
times, which need idle cores).

Run (from the repository root; needs ``valgrind``)::

    python benchmarks/threads_callgrind.py [calls] [threads]

For AhKh vs QsQd preflop it runs ``calls`` (default 10) C calls in one process under
``valgrind --tool=callgrind --separate-threads=yes`` (the built ``pyeval._native`` of this checkout,
called through cffi, so no Python work is counted) and prints, a call:

* one thread: the instructions of ``pe_eq_spot``;
* ``threads`` threads (default 2): the instructions of every thread's part (``pe_eq_spot_claim``,
  summed over the threads) and their excess over one thread (the price of splitting);
* the calling thread's instructions outside its part (``pe_eq_spot_threads`` less its own part:
  job set-up, hand-off, adding the sums): the serial part;
* the speed-up two idle cores allow by these counts: one / (serial + parts / threads).

Under valgrind the threads run one at a time, so how the parts fell to the threads says nothing
about balance; only the sums are steady.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_WORKER = r"""
import sys
sys.path.insert(0, sys.argv[1])
from pyeval._bindings import ffi, lib
from pyeval.equity.fast import pack
n, threads = int(sys.argv[2]), int(sys.argv[3])
combos = pack("AhKh")[:2] + pack("QsQd")[:2]  # a packed hand: two card bytes, then its weight
offs, w, o = ffi.new("uint32_t[]", [0, 1, 2]), ffi.new("uint32_t[]", [1, 1]), ffi.new("pe_eq_spot_out *")
for _ in range(n):
    if threads == 1:
        st = lib.pe_eq_spot(combos, offs, w, 2, b"", 0, b"", 0, ffi.NULL, 0, 0, 0, 20_000_000, o)
    else:
        st = lib.pe_eq_spot_threads(combos, offs, w, 2, b"", 0, b"", 0, 20_000_000, threads, o)
    assert st == 0 and abs(o.equity[0] - 0.46214) < 1e-4, (st, o.equity[0])
"""


def _inclusive(out: Path) -> dict[str, int]:
    """Inclusive instructions of the exported spot functions in one callgrind file (one thread)."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
                          capture_output=True, text=True, check=True).stdout
    got: dict[str, int] = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+)\s.*[:\s](pe_eq_spot(?:_threads|_claim)?)\s", line)
        if m:
            got[m[2]] = got.get(m[2], 0) + int(m[1].replace(",", ""))
    return got


def _run(calls: int, threads: int) -> list[dict[str, int]]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        subprocess.run(["valgrind", "--tool=callgrind", "--separate-threads=yes", f"--callgrind-out-file={out}",
                        sys.executable, "-c", _WORKER, str(ROOT), str(calls), str(threads)],
                       check=True, capture_output=True)
        return [_inclusive(f) for f in sorted(Path(tmp).glob("cg.out-*"))]


def main() -> None:
    calls = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        sys.exit("needs valgrind (callgrind)")
    one = sum(t.get("pe_eq_spot", 0) for t in _run(calls, 1)) / calls
    per = _run(calls, threads)
    parts = sum(t.get("pe_eq_spot_claim", 0) for t in per) / calls
    caller = next(t for t in per if "pe_eq_spot_threads" in t)
    serial = (caller["pe_eq_spot_threads"] - caller.get("pe_eq_spot_claim", 0)) / calls
    print(f"exact AhKh vs QsQd preflop, {calls} calls, instructions a call (callgrind)")
    print(f"  one thread (pe_eq_spot):                  {one:12,.0f}")
    print(f"  {threads} threads, all parts (pe_eq_spot_claim):  {parts:12,.0f}  ({parts / one - 1:+.2%} over one thread)")
    print(f"  {threads} threads, caller outside its part:       {serial:12,.0f}  (serial: {serial / one:.3%} of one thread)")
    print(f"  speed-up these counts allow on {threads} idle cores: x{one / (serial + parts / threads):.2f}")


if __name__ == "__main__":
    main()

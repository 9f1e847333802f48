"""Instructions a round of the engine_pair scripts, under callgrind: a figure the machine's load does not move.

Run (from the repository root; needs ``valgrind``)::

    python benchmarks/engine_callgrind.py --against /path/to/other/checkout [--rounds 100] [--only holdem_call ...]

For each checkout and script, one process under ``valgrind --tool=callgrind`` imports ``pyeval`` from
that checkout (checked), plays the script once to warm up (caches, first imports), then plays
``--rounds`` rounds inside ``sorted([rounds], key=script)``: collection is toggled on only inside
that ``sorted`` call (``--collect-atstart=no --toggle-collect=builtin_sorted``); the same run for 0
rounds is subtracted (what a script call costs besides its rounds: its shoe, its first imports), so
the count is the rounds alone. Prints the instructions a round each side and their ratio (other / this:
above 1 means this checkout runs fewer instructions). The scripts are engine_pair.py's.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
PAIR = HERE.with_name("engine_pair.py")
DEFAULT = ["holdem_random", "holdem_call"]

_WORKER = r"""
import importlib.util, sys
from pathlib import Path
root, pair, name, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.path.insert(0, root)
spec = importlib.util.spec_from_file_location("engine_pair", pair)
ep = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ep)
import pyeval
assert Path(pyeval.__file__).resolve().is_relative_to(Path(root).resolve()), pyeval.__file__
f = {**ep._holdem(pyeval), **ep._headsup(pyeval), **ep._crisscross(pyeval)}[name]
f(25)  # warm-up
sorted([n], key=f)  # collected: only inside builtin_sorted
"""


def instructions(root: str, name: str, rounds: int) -> float:
    """Instructions a round of script ``name`` in checkout ``root``."""
    return (_collected(root, name, rounds) - _collected(root, name, 0)) / rounds


def _collected(root: str, name: str, rounds: int) -> int:
    """Instructions callgrind counted inside the script's call for ``rounds`` rounds."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=builtin_sorted",
               f"--callgrind-out-file={out}", sys.executable, "-c", _WORKER, root, str(PAIR), name, str(rounds)]
        env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
        res = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root)
        if res.returncode:
            raise SystemExit(f"callgrind run failed for {root} {name}:\n{res.stderr[-3000:]}")
        text = Path(out).read_text()
    m = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
    if not m:
        raise SystemExit(f"no totals in the callgrind output for {root} {name}")
    return int(m.group(1))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--against", help="the other checkout (built in place)")
    p.add_argument("--rounds", type=int, default=100, help="rounds counted a script (default 100)")
    p.add_argument("--only", nargs="*", default=DEFAULT, help=f"scripts (default: {' '.join(DEFAULT)})")
    a = p.parse_args(argv)
    root = str(HERE.parents[1])
    other = str(Path(a.against).resolve()) if a.against else None
    print(f"# callgrind instructions a round, {a.rounds} rounds after a warm-up (engine_pair.py's scripts)")
    head = f"{'script':20} {'this Ir/round':>14}"
    if other:
        head += f" {'other Ir/round':>15} {'other/this':>11}"
    print(head)
    for name in a.only:
        mine = instructions(root, name, a.rounds)
        line = f"{name:20} {mine:14,.0f}"
        if other:
            theirs = instructions(other, name, a.rounds)
            line += f" {theirs:15,.0f} {'x%.2f' % (theirs / mine):>11}"
        print(line, flush=True)


if __name__ == "__main__":
    main()

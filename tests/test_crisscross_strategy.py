"""The Criss-Cross basic strategy (pyeval/crisscross/strategy.py) decides exactly as its C twin
(pe_cc_basic_strategy in csrc/pe_crisscross.c) at every decision."""
from __future__ import annotations

import random

from pyeval._bindings import ffi, lib
from pyeval.crisscross.strategy import basic_strategy


def test_python_and_c_decide_alike_on_random_layouts():
    # C layout: the cross in § 674a.9(b)'s dealing order (column far, row first, centre, row last,
    # column near), then the two hole cards
    rng = random.Random(674)
    buf = ffi.new("uint8_t[7]")
    for _ in range(50_000):
        c = rng.sample(range(52), 7)
        buf[0:7] = bytes(c)
        hole, row, col = c[5:7], (c[1], c[3]), (c[0], c[4])
        assert lib.pe_cc_basic_strategy(buf, 0) == basic_strategy(0, hole)
        assert lib.pe_cc_basic_strategy(buf, 1) == basic_strategy(1, hole, row)
        assert lib.pe_cc_basic_strategy(buf, 2) == basic_strategy(2, hole, row, col)

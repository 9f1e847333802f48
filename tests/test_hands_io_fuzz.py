"""Mutated hand histories never escape the readers (issue 21, item 3).

Each room reader (PokerStars, Full Tilt, iPoker, PartyPoker, ACPC) and the PHH reader is fed files
damaged by :func:`room_mutations.mutate`. For a room file every hand must be either read, or refused
with a :class:`HandParseError` the reader itself raised (not the driver's last resort, which names a
reader fault); a hand that is read must be written as PHH that PHH reads back (one chip limit) and
exported or refused with a pyeval error. For PHH text: a list of hands or a HandHistoryError, and
each hand's replay a Round or a pyeval error.

The default run tries a few hundred mutants (hypothesis); the ``slow`` run 10,000 per reader::

    python -m pytest -m slow tests/test_hands_io_fuzz.py -n 2 -rP
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyeval.errors import HandHistoryError, PyevalError
from pyeval.hands_io import READER_FAULT, HandParseError, parse_text, verify
from pyeval.hands_io._phh import dumps, loads
from pyeval.hands_io.export import hand_history_to_pokerstars
from room_mutations import ROOM_FILES, mutate, phh_samples

ROOMS = sorted(ROOM_FILES)
_TEXTS = {room: [f.read_text(encoding="utf-8") for f in files] for room, files in ROOM_FILES.items()}


def check_room_text(room: str, text: str) -> tuple[int, int]:
    """Read ``text`` as ``room`` (and, detected, as whatever it looks like); returns (hands read,
    hands refused). Fails the test on anything but a hand or a reader's own HandParseError."""
    read = refused = 0
    for fmt in (room, None):
        try:
            hands = list(parse_text(text, fmt, source="mutant"))
        except HandParseError as exc:  # only for a file whose format is not detected
            assert fmt is None, exc
            continue
        for h in hands:
            if h.hand is None:
                assert h.error and READER_FAULT not in h.error, h.error
                refused += 1
                continue
            read += 1
            again = loads(dumps(h.hand), "again")  # what pyeval writes, PHH reads (one chip limit)
            assert len(again) == 1
            try:
                hand_history_to_pokerstars(h.hand)
            except PyevalError:
                pass
    return read, refused


def check_phh_text(text: str) -> tuple[int, int]:
    """Read ``text`` as PHH and replay each hand; (hands replayed, refused)."""
    try:
        hands = loads(text, "mutant")
    except HandHistoryError:
        return 0, 1
    ok = bad = 0
    for hh in hands:
        try:
            hh.replay()
            ok += 1
        except PyevalError:
            bad += 1
            continue
        verify(hh)
        try:
            hand_history_to_pokerstars(hh)
        except PyevalError:
            pass
    return ok, bad


@pytest.mark.parametrize("room", ROOMS)
@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1))
def test_a_mutated_room_file_yields_hands_or_parse_errors(room, seed):
    rng = random.Random(seed)
    check_room_text(room, mutate(rng.choice(_TEXTS[room]), rng))


@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1))
def test_a_mutated_phh_file_yields_hands_or_history_errors(seed):
    rng = random.Random(seed)
    check_phh_text(mutate(rng.choice(phh_samples()), rng))


FUZZ_RUNS = 10_000


@pytest.mark.slow
@pytest.mark.parametrize("reader", ROOMS + ["phh"])
def test_slow_10000_mutants_per_reader(reader):
    rng = random.Random(f"issue 21 {reader}")
    base = phh_samples() if reader == "phh" else _TEXTS[reader]
    read = refused = 0
    for _ in range(FUZZ_RUNS):
        text = mutate(rng.choice(base), rng)
        r, f = check_phh_text(text) if reader == "phh" else check_room_text(reader, text)
        read += r
        refused += f
    print(f"{reader}: {FUZZ_RUNS} mutated files, {read} hands read, {refused} refused with a "
          "HandParseError/HandHistoryError, no other exception (shown by pytest -rP)")
    assert read and refused

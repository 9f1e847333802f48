"""PokerStars-style export (pyeval.hands_io.to_pokerstars): random rounds of every game and structure
are written, read back by the importer and replayed to the same stacks and the same betting."""
from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_phh_write import _random_round, _rules

from pyeval.errors import HandHistoryError
from pyeval.hands_io import parse_text, to_pokerstars
from pyeval.hands_io._phh import from_round
from pyeval.poker import BettingStructure
from pyeval.poker.games import VARIANTS

FL, PL, NL = BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT
NAMES = ["a:b", "[c] d", "e (f)", "g: [h]", "Ivy", "j k"]


def _betting(actions):
    return [a for a in actions if not a.startswith("d ") and " sm" not in a]


@pytest.mark.parametrize("structure", [FL, PL, NL], ids=["F", "P", "N"])
@pytest.mark.parametrize("code", sorted(VARIANTS))
@settings(max_examples=25, deadline=None)
@given(stacks=st.lists(st.integers(1, 150), min_size=2, max_size=6), seed=st.integers(0, 2**32),
       forced=st.integers(0, 3), money=st.booleans())
def test_export_round_trips_through_the_importer(code, structure, stacks, seed, forced, money):
    rules = _rules(code, structure, forced)
    r = _random_round(rules, stacks, seed)
    # PokerStars text does not state the bring-in: a bring-in posted all-in for less leaves its nominal
    # size unknown to a reader
    assume(all(e.amount == rules.bring_in for e in r.events if e.kind == "bring_in"))
    names = NAMES[: r.n]
    text = to_pokerstars(r, names, hand_id=seed, currency="USD" if money else None)
    (h,) = parse_text(text, "pokerstars")
    assert h.error is None, (h.error, text)
    hh = h.hand
    assert hh.players == names
    assert hh.starting_stacks == list(r.starting_stacks) and hh.finishing_stacks == list(r.stacks)
    assert hh.extra["_units_per_currency"] == (100 if money else 1)
    assert h.verification.ok, (h.verification, text)
    assert h.verification.replayed == tuple(r.stacks)
    assert _betting(hh.actions) == _betting(from_round(r).actions)


def test_export_text_shape():
    r = _random_round(_rules("T", NL, 0), [100, 80, 120], 7)
    text = to_pokerstars(r, ["x", "y", "z"], hand_id=42, table="T1", currency="EUR", seats=[2, 5, 9], seat_count=9)
    lines = text.splitlines()
    assert lines[0].startswith("PokerStars Hand #42: Hold'em No Limit (€0.01/€0.02 EUR) - 2000/01/01 00:00:00 ET")
    assert lines[1] == "Table 'T1' 9-max Seat #9 is the button"
    assert lines[2:5] == ["Seat 2: x (€1 in chips)", "Seat 5: y (€0.80 in chips)", "Seat 9: z (€1.20 in chips)"]
    assert "*** SUMMARY ***" in lines


def test_export_errors():
    r = _random_round(_rules("T", NL, 0), [100, 80], 1)
    with pytest.raises(HandHistoryError, match="need 2 player names"):
        to_pokerstars(r, ["a"])
    with pytest.raises(HandHistoryError, match="distinct"):
        to_pokerstars(r, ["a", "a"])
    with pytest.raises(HandHistoryError, match="currency"):
        to_pokerstars(r, currency="XYZ")


def _real_hands(shared_dir, step):
    from pyeval.poker import phh

    files = sorted((shared_dir / "data" / "phh").rglob("*.phh*")) + sorted((shared_dir / "data" / "phh-mixed").rglob("*.phh*"))
    k = 0
    for f in files:
        for hh in phh.load(f):
            k += 1
            if k % step == 0:
                yield hh


def _check_real(shared_dir, step):
    count = 0
    for hh in _real_hands(shared_dir, step):
        rnd = hh.replay()
        assert rnd.complete
        text = to_pokerstars(rnd, [f"Player {i}: [{i}]" for i in range(rnd.n)])
        (h,) = parse_text(text)
        assert h.error is None, (hh.name, h.error)
        assert h.verification.ok and list(h.verification.replayed) == list(rnd.stacks), (hh.name, h.verification)
        count += 1
    return count


def test_real_hands_round_trip_through_pokerstars_text(shared_dir):
    """Every 25th of the real hands of ../shared/data (Pluribus, WSOP, mixed games)."""
    assert _check_real(shared_dir, 25) >= 300


@pytest.mark.slow
def test_every_real_hand_round_trips_through_pokerstars_text(shared_dir):
    assert _check_real(shared_dir, 1) >= 7700

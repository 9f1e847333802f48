"""Mutated files of The Big Game, KingsClub, Run It Once, PokerMaster, Enet, Boss, PokerTracker 4 and BetOnline never escape their
readers (issue 22): every hand is read or refused with the reader's own HandParseError, a hand read
writes PHH that reads back and exports or is refused with a pyeval error (the checks of
tests/test_hands_io_fuzz.py, on the hands these rooms' tests write). ``slow``: 2,000 mutants a room."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from room_mutations import mutate
from test_hands_io_betonline import LEFT as BOL_LEFT, OMAHA as BOL_OMAHA, SIDE_POT as BOL_SIDE_POT
from test_hands_io_kingsclub_games import STUD as KC_STUD, TRIPLE_DRAW as KC_DRAW
from test_hands_io_boss import CASH as BOSS_CASH, DRAW as BOSS_DRAW, TOURNEY as BOSS_TOURNEY
from test_hands_io_driver import RIO_WALK
from test_hands_io_pokertracker4 import (
    ARCHIVE as PT4_ARCHIVE, CASH as PT4_CASH, EVEREST as PT4_EVEREST, MERGE_TOURNEY as PT4_MERGE, TOURNEY as PT4_TOURNEY,
)
from test_hands_io_fuzz import check_room_text
from test_hands_io_runs import RUN_TWICE as KC_RUN_TWICE, SKIPPED as KC_SKIPPED
from test_hands_io_small_rooms import ENET, POKERMASTER
from test_hands_io_runitonce import RAISE_LESS_OWN, STP_SIDE_POT
from test_hands_io_thebiggame import BUTTON_ANTE, EMPTY_SEAT, OUT_OF_TURN, RUN_TWICE as TBG_RUN_TWICE, TAKES_BACK

SAMPLES: dict[str, tuple[str, ...]] = {
    "thebiggame": (BUTTON_ANTE, EMPTY_SEAT + TAKES_BACK, TBG_RUN_TWICE + "\n", OUT_OF_TURN),
    "kingsclub": (KC_RUN_TWICE, KC_SKIPPED + "\n" + KC_RUN_TWICE, KC_DRAW, KC_STUD),
    "runitonce": (RIO_WALK, RAISE_LESS_OWN, STP_SIDE_POT),
    "pokermaster": (POKERMASTER,),
    "enet": (ENET,),
    "boss": (BOSS_CASH, BOSS_TOURNEY, BOSS_DRAW),
    "pokertracker4": (PT4_CASH, PT4_TOURNEY + "\n\n" + PT4_CASH, PT4_MERGE, PT4_ARCHIVE),
    "pt4everest": (PT4_EVEREST,),
    "betonline": (BOL_LEFT, BOL_OMAHA, BOL_SIDE_POT),
}


@pytest.mark.parametrize("room", sorted(SAMPLES))
def test_the_samples_are_read(room: str) -> None:
    for text in SAMPLES[room]:
        read, refused = check_room_text(room, text)
        assert read and not refused, room


@pytest.mark.parametrize("room", sorted(SAMPLES))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1))
def test_a_mutated_file_of_these_rooms_yields_hands_or_parse_errors(room: str, seed: int) -> None:
    rng = random.Random(seed)
    check_room_text(room, mutate(rng.choice(SAMPLES[room]), rng))


@pytest.mark.slow
@pytest.mark.parametrize("room", sorted(SAMPLES))
def test_slow_2000_mutants_per_room(room: str) -> None:
    rng = random.Random(f"issue 22 {room}")
    read = refused = 0
    for _ in range(2000):
        r, f = check_room_text(room, mutate(rng.choice(SAMPLES[room]), rng))
        read, refused = read + r, refused + f
    assert read and refused

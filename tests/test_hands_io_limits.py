"""Readers that never escape (issue 21, item 3): the bounded number, amount and date helpers of
``pyeval.hands_io._limits`` used by every room reader, the last-resort conversion of any error in a
hand into a HandParseError naming file and line, one chip limit shared with PHH and the engine,
and splitting in time linear in the file's length."""
from __future__ import annotations

import dataclasses
import datetime as dt
import random
import sys
import time

import pytest

from pyeval.cli import main
from pyeval.contracts import MAX_CHIPS
from pyeval.errors import HandHistoryError
from pyeval.hands_io import FORMATS, READER_FAULT, HandParseError, parse_text, read_text, verify
from pyeval.hands_io._limits import MAX_DIGITS, bounded_int, check_text, parse_amount, room_time
from pyeval.hands_io._phh import HandHistory, load, loads
from pyeval.hands_io.export import hand_history_to_pokerstars
from room_mutations import ROOM_FILES, session

ROOMS = sorted(ROOM_FILES)


def _fail(msg: str, line: int) -> HandHistoryError:
    return HandParseError(msg, line, "f.txt")


def _text(room: str) -> str:
    return ROOM_FILES[room][0].read_text(encoding="utf-8")


def _hands(room: str) -> list[str]:
    return ["\n".join(lines) for _, lines in FORMATS[room].split(_text(room))]


def _only(text: str, fmt: str):
    """The ImportedHands of ``text``: nothing may escape parse_text but HandParseError-carrying hands."""
    return list(parse_text(text, fmt, source="f.txt"))


# ---------------------------------------------------------------------- the helpers
def test_bounded_int_reads_small_numbers_and_refuses_the_rest_with_the_line():
    assert bounded_int(" 42 ", "x", _fail, 3) == 42 and bounded_int("-7", "x", _fail, 3, lo=-10) == -7
    for bad in ("", "4a", "\u0663", "1" * (MAX_DIGITS + 1), "7" * 5000, "1e5"):
        with pytest.raises(HandParseError, match=r"^f\.txt:3: ") as info:
            bounded_int(bad, "the seat number", _fail, 3)
        assert len(str(info.value)) < 200
    with pytest.raises(HandParseError, match=r"1\.\.9, got 10"):
        bounded_int("10", "x", _fail, 1, 1, 9)


def test_parse_amount_reads_room_amounts_in_the_unit_and_stops_at_the_chip_limit():
    assert parse_amount("$1,234.56", 100, _fail, 1) == 123456
    assert parse_amount("€3", 100, _fail, 1) == 300 and parse_amount("1500", 1, _fail, 1) == 1500
    assert parse_amount(str(MAX_CHIPS), 1, _fail, 1) == MAX_CHIPS
    for bad, why in ((str(MAX_CHIPS + 1), "2\\*\\*63-1"), ("$92233720368547758.08", "2\\*\\*63-1"),
                     ("9" * 5000, "digits"), ("0.001", "finer"), ("abc", "not an amount"), ("\u0663", "not an amount")):
        with pytest.raises(HandParseError, match=why):
            parse_amount(bad, 100 if "." in bad else 1, _fail, 7)


def test_room_time_refuses_dates_that_do_not_exist():
    assert room_time(("2020", "5", "17", "21", "04", "11"), _fail, 1) == dt.datetime(2020, 5, 17, 21, 4, 11)
    for parts in (("2023", "02", "30", "1", "0", "0"), ("2023", "13", "1", "0", "0", "0"),
                  ("0", "1", "1", "0", "0", "0"), ("2020", "1", "1", "25", "0", "0"), ("2020", "1", "1", "0", "0", "9" * 50)):
        with pytest.raises(HandParseError, match=r"^f\.txt:5: "):
            room_time(parts, _fail, 5)


def test_check_text_names_the_line_of_a_lone_surrogate():
    with pytest.raises(HandParseError, match=r"f\.txt:12: .*surrogate"):
        check_text(["ok", "ok", "bad \ud800 here"], 10, _fail)
    check_text(["ok", "fine ♠"], 1, _fail)


# ---------------------------------------------------------------------- the readers, one bad hand each
def _with_bad_first_hand(room: str, old: str, new: str) -> tuple[str, int]:
    """The room's sample file with the first ``old`` (in its first hand) replaced by ``new``."""
    text = _text(room)
    first = FORMATS[room].split(text)[0][1]
    assert old in "\n".join(first), (room, old)
    return text.replace(old, new, 1), len(FORMATS[room].split(text))


@pytest.mark.parametrize("room, old, new, why", [
    ("pokerstars", "Seat 2: [bracket]", "Seat " + "2" * 5000 + ": [bracket]", "digits"),
    ("pokerstars", "2020/05/17 21:04:11", "2020/02/30 21:04:11", "no such date"),
    ("pokerstars", "6-max", "9" * 5000 + "-max", "digits"),
    ("pokerstars", "($2 in chips)", "($92233720368547758.08 in chips)", "2\\*\\*63-1"),
    ("pokerstars", "($2 in chips)", "($-2 in chips)", "negative"),
    ("fulltilt", "2011/10/04", "2011/02/30", "no such date"),
    ("fulltilt", "(6 max)", "(" + "6" * 5000 + " max)", "digits"),
    ("fulltilt", "The button is in seat #4", "The button is in seat #" + "4" * 5000, "digits"),
    ("partypoker", "December 24", "February 30", "no such date"),
    ("partypoker", "Seat 3 is the button", "Seat " + "3" * 5000 + " is the button", "digits"),
    ("partypoker", "Total number of players : 4/6", "Total number of players : 4/" + "6" * 5000, "digits"),
    ("ipoker", 'seat="1"', 'seat="X"', "whole number"),
    ("ipoker", 'seat="1"', 'seat="' + "1" * 5000 + '"', "digits"),
    ("ipoker", '<round no="1">', '<round no="one">', "whole number"),
    ("ipoker", "2013-05-01 12:00:05", "2013-13-01 12:00:05", "no such date"),
    ("ipoker", 'chips="€4"', 'chips="€' + "4" * 5000 + '"', "digits"),
    ("ipoker", 'name="Hero"', 'name="He\ud800ro"', "surrogate"),
    ("acpc", "r300c", "r" + "3" * 5000 + "c", "digits"),
    ("acpc", ":300|-300:", ":" + "3" * 5000 + "|-300:", "digits"),
    ("acpc", "r300c", "r\u0663\u0660\u0660c", "whole number"),
], ids=lambda v: v if len(v) < 40 else v[:20] + "...")
def test_a_bad_value_is_a_hand_parse_error_naming_the_file_and_the_other_hands_are_read(room, old, new, why):
    text, n = _with_bad_first_hand(room, old, new)
    got = _only(text, room)  # main: ValueError / UnicodeEncodeError out of parse_text, losing the file
    assert len(got) == n
    bad = got[0]
    assert bad.hand is None and bad.error.startswith("f.txt:") and READER_FAULT not in bad.error
    assert __import__("re").search(why, bad.error), bad.error
    assert len(bad.error) < 400
    assert all(h.hand is not None for h in got[1:])
    with pytest.raises(HandParseError, match=why):
        read_text(text, room, source="f.txt")


def test_a_lone_surrogate_in_a_text_room_is_refused_at_its_line():
    text, _ = _with_bad_first_hand("pokerstars", "Seat 4: zed", "Seat 4: z\udfffed")
    (bad, *rest) = _only(text, "pokerstars")
    assert bad.hand is None and bad.error.startswith("f.txt:6: ") and "surrogate" in bad.error
    assert all(h.hand is not None for h in rest)


# ---------------------------------------------------------------------- last resort
def test_any_error_of_a_reader_is_a_hand_parse_error_of_that_hand_only(monkeypatch):
    real = FORMATS["pokerstars"]
    calls = []

    def flaky(lines, start, source, **kw):
        calls.append(start)
        if len(calls) == 2:
            raise RuntimeError("a reader bug")
        return real.parse(lines, start, source, **kw)

    monkeypatch.setitem(FORMATS, "pokerstars", dataclasses.replace(real, parse=flaky))
    text = _text("pokerstars")
    got = list(parse_text(text, "pokerstars", source="hh.txt"))  # main: RuntimeError out of the loop
    assert [h.hand is None for h in got] == [False, True] + [False] * (len(got) - 2)
    assert got[1].error.startswith(f"hh.txt:{got[1].line}: {READER_FAULT}") and "RuntimeError: a reader bug" in got[1].error
    calls.clear()
    with pytest.raises(HandParseError, match=READER_FAULT):
        read_text(text, "pokerstars")


def test_convert_goes_on_past_a_hand_a_reader_cannot_read(tmp_path, monkeypatch, capsys):
    text, n = _with_bad_first_hand("fulltilt", "2011/10/04", "2011/02/30")
    (tmp_path / "ft.txt").write_text(text, encoding="utf-8")
    (tmp_path / "ps.txt").write_text(_text("pokerstars"), encoding="utf-8")
    out = tmp_path / "out.phhs"
    rc = main(["convert", str(tmp_path / "ft.txt"), str(tmp_path / "ps.txt"), "-o", str(out), "--no-progress"])
    err = capsys.readouterr().err
    assert rc == 1 and "Traceback" not in err and "no such date" in err and "ft.txt:1:" in err
    assert len(load(out)) == n - 1 + len(_hands("pokerstars"))


# ---------------------------------------------------------------------- one chip limit
def test_a_hand_over_the_chip_limit_is_refused_at_read_so_convert_never_writes_what_replay_refuses(tmp_path, capsys):
    """Tournament chips: a stack of 2**63 was read, converted 'in agreement', and the .phhs written
    was refused by ``pyeval replay`` (main). Now the hand is refused by the reader, naming it."""
    hand = _hands("pokerstars")[0]
    big = hand.replace("($0.01/$0.02 USD)", "(1/2)").replace("($2 in chips)", f"({MAX_CHIPS + 1} in chips)", 1)
    big = __import__("re").sub(r"\$(\d+)\.(\d\d)", lambda m: str(int(m.group(1)) * 100 + int(m.group(2))), big)
    big = big.replace("$", "")
    f = tmp_path / "big.txt"
    f.write_text(big + "\n\n\n" + _hands("pokerstars")[1], encoding="utf-8")
    out = tmp_path / "out.phhs"
    rc = main(["convert", str(f), "-o", str(out), "--no-progress"])
    err = capsys.readouterr().err
    assert rc == 1 and "2**63-1" in err and "unreadable hands: 1" in err
    assert len(load(out)) == 1
    assert main(["replay", str(out)]) in (0, 1) and "Traceback" not in capsys.readouterr().err


def test_a_finishing_stack_over_the_chip_limit_is_refused():
    hand = _hands("acpc")[0]  # heads-up, stacks 20000: results of 2**63 cannot be a hand's
    text = hand.replace(":300|-300:", f":{MAX_CHIPS}|-300:")
    (h,) = _only(text, "acpc")
    assert h.hand is None and "2**63-1" in h.error


def test_verify_reports_a_phh_files_bad_rake_fields_instead_of_raising():
    (hh,) = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                  'starting_stacks = [100, 100]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\n'
                  '_rake = "lots"\n_total_pot = 1e400\n_notes = 5\n')
    v = verify(hh)  # main: ValueError (int("lots")), TypeError (tuple(5))
    assert not v.ok and any("_rake" in p for p in v.problems) and any("_total_pot" in p for p in v.problems)


def test_export_of_a_phh_hand_with_a_huge_hand_number_or_impossible_date():
    (hh,) = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                  'starting_stacks = [100, 100]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\n'
                  f'hand = "{"9" * 5000}"\nyear = 2023\nmonth = 2\nday = 30\ntime = 10:00:00\n'
                  '_units_per_currency = "x"\ncurrency = "USD"\n')
    text = hand_history_to_pokerstars(hh)  # main: ValueError (int of 5,000 digits)
    assert text.startswith("PokerStars Hand #1:")


@pytest.mark.parametrize("fields", ["seats = [[1], [2]]", 'seats = ["a", "b"]', "seats = [-5, 100000]",
                                    "seats = [1, 2]\nseat_count = 1000000000000000000000000"])
def test_export_uses_a_phh_files_seats_only_when_they_are_seat_numbers(fields):
    (hh,) = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                  'starting_stacks = [100, 100]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\n' + fields + "\n")
    text = hand_history_to_pokerstars(hh)  # main: TypeError (unhashable list) or a '100000-max' table
    assert "Table 'pyeval' 2-max Seat #2 is the button" in text


# ---------------------------------------------------------------------- linear time
def _cpu_per_hand(fn, reps: int, hands: int, tries: int = 3) -> float:
    """The least CPU time per hand of ``reps`` calls of ``fn`` over ``tries`` tries (CPU time, not
    wall-clock: other processes on the machine do not count)."""
    best = float("inf")
    for _ in range(tries):
        t0 = time.process_time()
        for _ in range(reps):
            fn()
        best = min(best, time.process_time() - t0)
    return best / (reps * hands)


@pytest.mark.parametrize("room", ROOMS)
def test_splitting_a_10000_hand_file_costs_per_hand_what_a_100_hand_file_does(room):
    """iPoker's split was quadratic (a 5,000-hand session took 65 s to read). The CPU time per hand
    of splitting 10,000 hands stays within a generous factor (10) of that of 100 hands: a quadratic
    split is ~100 times slower per hand at this size."""
    small, big = session(room, 100), session(room, 10_000)
    split = FORMATS[room].split
    assert len(split(small)) == 100 and len(split(big)) == 10_000
    per_small = _cpu_per_hand(lambda: split(small), 20, 100)
    per_big = _cpu_per_hand(lambda: split(big), 1, 10_000, tries=2)
    assert per_big < 10 * per_small + 1e-6, (room, per_small, per_big)


@pytest.mark.slow
@pytest.mark.parametrize("room", ROOMS + ["phh"])
def test_slow_reading_a_10000_hand_file_costs_per_hand_what_a_100_hand_file_does(room):
    small, big = session(room, 100), session(room, 10_000)
    if room == "phh":
        read = lambda t: loads(t)  # noqa: E731
    else:
        read = lambda t: list(parse_text(t, room, check=False))  # noqa: E731
    assert len(read(big)) == 10_000
    per_small = _cpu_per_hand(lambda: read(small), 5, 100)
    per_big = _cpu_per_hand(lambda: read(big), 1, 10_000)
    print(f"{room}: {per_small * 1e6:.0f} us/hand at 100 hands, {per_big * 1e6:.0f} us/hand at 10,000", file=sys.stderr)
    assert per_big < 5 * per_small, (room, per_small, per_big)

"""What the export and the PHH loader carry for real hands (decision 029, item 6): the room's own hand
number text, rake / jackpot / fees as their own summary items, PHH files in UTF-16, a room's text
given to ``pyeval replay`` named as such, and ``pyeval show``'s jackpot and fees."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from pyeval.cli import main
from pyeval.errors import HandHistoryError
from pyeval.hands_io import parse_text
from pyeval.hands_io.export import hand_history_to_pokerstars, room_hand_id, to_pokerstars
from pyeval.hands_io.show import hand_view, render_hand
from pyeval.poker import phh

DATA = Path(__file__).parent / "data" / "hands_io"
FIRST = (DATA / "pokerstars_holdem.txt").read_text().split("\n\n\n\n")[0]


def _hand(text: str = FIRST) -> phh.HandHistory:
    (h,) = parse_text(text)
    assert h.error is None and h.verification.ok, (h.error, h.verification)
    assert h.hand is not None
    return h.hand


@pytest.mark.parametrize("hand", ["OM123456", "SD27208848", "123-45-678", "0", "200000000001"])
def test_the_rooms_hand_number_text_is_kept_by_the_export(hand):
    hh = _hand()
    hh.extra["hand"] = hand
    assert room_hand_id(hh) == hand
    text = hand_history_to_pokerstars(hh)
    assert text.startswith(f"PokerStars Hand #{hand}: ")
    (back,) = parse_text(text)
    assert back.error is None and back.verification.ok
    assert back.hand is not None and back.hand.extra["hand"] == hand


def test_convert_to_pokerstars_keeps_every_hands_number(tmp_path):
    hands = [_hand(), _hand()]
    hands[0].extra["hand"], hands[1].extra["hand"] = "OM1", "0"
    src = tmp_path / "in.phhs"
    src.write_text(phh.dumps_many(hands), encoding="utf-8")
    out = tmp_path / "out.txt"
    assert main(["convert", str(src), "--to", "pokerstars", "-o", str(out)]) == 0
    heads = [ln for ln in out.read_text().splitlines() if ln.startswith("PokerStars Hand #")]
    assert [h.split(":")[0] for h in heads] == ["PokerStars Hand #OM1", "PokerStars Hand #0"]


@pytest.mark.parametrize("bad", ["", "a b", "#1", "x" * 41, True, -1, "1\n2"])
def test_a_bad_hand_number_is_refused(bad):
    rnd = _hand().replay()
    with pytest.raises(HandHistoryError, match="hand_id"):
        to_pokerstars(rnd, hand_id=bad)


RAKED = FIRST.replace("Total pot $1.03 | Rake $0.04", "Total pot $1.03 | Rake $0.02 | Jackpot $0.01 | Fees $0.01")


def test_rake_jackpot_and_fees_are_their_own_summary_items_and_re_import_equal():
    hh = _hand(RAKED)
    assert (hh.extra["_rake"], hh.extra["_jackpot"], hh.extra["_fees"]) == (2, 1, 1)
    text = hand_history_to_pokerstars(hh)
    assert "Total pot $1.03 | Rake $0.02 | Jackpot $0.01 | Fees $0.01" in text
    again = _hand(text)
    assert [again.extra[k] for k in ("_rake", "_jackpot", "_fees")] == [2, 1, 1]
    assert again.finishing_stacks == hh.finishing_stacks
    plain = _hand()  # rake alone: no empty items
    assert "Total pot $1.03 | Rake $0.04\n" in hand_history_to_pokerstars(plain)


def test_jackpot_and_fees_beyond_the_take_are_refused():
    rnd = _hand().replay()
    with pytest.raises(HandHistoryError, match="jackpot"):
        to_pokerstars(rnd, jackpot=3, fees=2)


def test_show_prints_rake_jackpot_and_fees():
    from rich.console import Console

    view = hand_view(_hand(RAKED))
    assert (view.rake, view.jackpot, view.fees) == (2, 1, 1)
    buf = io.StringIO()
    render_hand(view, Console(file=buf, width=200, color_system=None))
    out = buf.getvalue()
    assert "rake $0.02" in out and "jackpot $0.01" in out and "fees $0.01" in out


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-8-sig"])
def test_a_phh_file_in_utf16_or_with_a_bom_is_read(tmp_path, encoding):
    text = phh.dumps(_hand())
    p = tmp_path / "h.phh"
    p.write_bytes(text.encode(encoding))
    (hh,) = phh.load(p)
    assert phh.check_replay(hh).matches


def test_an_8_bit_phh_file_is_named_as_such(tmp_path):
    p = tmp_path / "h.phh"
    p.write_bytes(phh.dumps(_hand()).replace("Hero", "Hérö").encode("cp1252"))
    with pytest.raises(HandHistoryError, match="not UTF-8 text .*cp1252"):
        phh.load(p)


def test_a_rooms_text_given_to_replay_is_named_with_the_command_that_reads_it(tmp_path, capsys):
    p = tmp_path / "hands.txt"
    p.write_text(FIRST, encoding="utf-8")
    with pytest.raises(HandHistoryError, match="not valid TOML"):
        phh.load(p)
    assert main(["replay", str(p)]) != 0
    assert re.search("this is a pokerstars hand history, not PHH.*pyeval convert", capsys.readouterr().err)
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = [\n", encoding="utf-8")
    with pytest.raises(HandHistoryError, match="not valid TOML"):
        phh.load(bad)


RUN_TWICE = (DATA / "ggpoker_run_twice.txt").read_text()  # written for this test on GGPoker's layout


def test_a_hand_run_twice_is_replayed_and_each_run_pays_its_share():
    """Run it twice (decision 029 item 3): the PHH record carries both boards and the replay awards
    each run's half (after the rake) on its own board: aces win run 1, kings make a set in run 2."""
    (h,) = parse_text(RUN_TWICE)
    assert h.error is None and h.verification.ok, h.verification
    hh = h.hand
    assert hh is not None and hh.extra["_boards"] == ["2c7d9sJh3c", "Ks4h5d8cQs"]
    assert hh.finishing_stacks == [19900, 14900, 29900]
    rnd = hh.replay()
    assert len(rnd.run_boards) == 2 and rnd.runs == 2
    # the same hand where the aces also win run 2: the replay pays Bob both halves, the record one
    (other,) = parse_text(RUN_TWICE.replace("Ks 4h 5d", "Ts 4h 5d").replace("[Ks 4h 5d 8c]", "[Ts 4h 5d 8c]")
                          .replace("Board [Ks 4h 5d 8c Qs]", "Board [Ts 4h 5d 8c Qs]"))
    assert other.error is None and not other.verification.ok
    assert any("Bob (p2)" in p and "+14900" in p for p in other.verification.problems), other.verification.problems
    # exported and read back: both boards and the same stacks
    text = hand_history_to_pokerstars(hh)
    assert "Hand was run twice" in text
    (back,) = parse_text(text)
    assert back.verification.ok and back.hand is not None and back.hand.finishing_stacks == hh.finishing_stacks


def test_an_unbounded_stack_is_not_written_as_room_text():
    """pokerkit's ``inf`` starting stack replays with a stand-in stake; PokerStars text would print the
    stand-in as the player's stack, so the export refuses and names the player."""
    (hh,) = phh.loads('variant = "NT"\nante_trimming_status = true\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
                   'min_bet = 2\nstarting_stacks = [inf, 100]\nactions = ["d dh p1 AsKs", "d dh p2 QhQd", "p2 f"]\n')
    with pytest.raises(HandHistoryError, match="p1 start with an unbounded stack"):
        hand_history_to_pokerstars(hh)


@pytest.mark.parametrize("clock", [None, "time"])
def test_the_records_date_is_the_headers_with_or_without_a_time(clock):
    """A PHH date without a time of day used to be dropped (the header said 2000/01/01)."""
    hh = _hand()
    kept = hh.extra["time"]
    if clock is None:
        del hh.extra["time"]
    hh.extra.update(year=2023, month=6, day=22)
    text = hand_history_to_pokerstars(hh)
    stamp = "00:00:00" if clock is None else f"{kept:%H:%M:%S}"
    assert text.splitlines()[0].endswith(f" - 2023/06/22 {stamp} ET")
    (back,) = parse_text(text)
    assert back.hand is not None
    assert [back.hand.extra[k] for k in ("year", "month", "day")] == [2023, 6, 22]
    assert f"{back.hand.extra['time']:%H:%M:%S}" == stamp


def test_a_record_without_a_date_gets_the_documented_stand_in():
    hh = _hand()
    for k in ("year", "month", "day", "time"):
        hh.extra.pop(k, None)
    assert hand_history_to_pokerstars(hh).splitlines()[0].endswith(" - 2000/01/01 00:00:00 ET")
    hh.extra.update(year=2023, month=2, day=30)  # no such day: left out, as before
    assert hand_history_to_pokerstars(hh).splitlines()[0].endswith(" - 2000/01/01 00:00:00 ET")


def test_converting_the_mixed_wsop_hands_keeps_their_date(shared_dir, tmp_path):
    src = shared_dir / "data" / "phh-mixed" / "wsop-2023-43-5-odd.phhs"
    if not src.is_file():
        pytest.skip(f"{src} is not in this copy of ../shared")
    out = tmp_path / "x.txt"
    assert main(["convert", str(src), "--to", "pokerstars", "-o", str(out)]) == 0
    heads = [ln for ln in out.read_text().splitlines() if ln.startswith("PokerStars Hand #")]
    assert len(heads) == 42 and all(h.endswith(" - 2023/06/22 00:00:00 ET") for h in heads)
    back = tmp_path / "back.phhs"
    assert main(["convert", str(out), "--to", "phh", "-o", str(back)]) == 0
    dates = {(h.extra["year"], h.extra["month"], h.extra["day"]) for h in phh.load(back)}
    assert dates == {(2023, 6, 22)}

"""A fresh user's CLI findings (fix-cli): output paths, binary input, help accuracy, wording."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from pyeval import ThreadCountError, evaluate_batch
from pyeval._files import check_writable, write_atomic
from pyeval._text import looks_binary
from pyeval.cli import build_parser, main
from pyeval.errors import CardTypeError, PyevalError

from conftest import SMALL_HAND

HAND = SMALL_HAND


@pytest.fixture
def phh(tmp_path: Path) -> Path:
    p = tmp_path / "a.phh"
    p.write_text(HAND)
    return p


# ------------------------------------------------------------------ 1. -o paths
@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null")
def test_convert_writes_to_dev_null(phh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(phh), "-o", "/dev/null"]) == 0
    out, err = capsys.readouterr()
    assert out == "" and "converted: 1" in err


def test_write_atomic_writes_a_character_device_directly() -> None:
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null")
    write_atomic("/dev/null", "x")  # no temporary file in /dev, no rename over the device
    assert Path("/dev/null").is_char_device()
    assert check_writable("/dev/null") == Path("/dev/null")


def test_convert_refuses_an_empty_output_name(phh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(phh), "-o", ""]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "empty name" in err


def test_convert_dash_is_stdout(phh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(phh), "-o", "-"]) == 0
    assert "variant = " in capsys.readouterr().out


@pytest.mark.skipif(not os.path.isfile("/proc/version"), reason="no /proc")
def test_output_in_proc_gives_the_true_reason(phh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(phh), "-o", "/proc/version"]) == 2
    err = capsys.readouterr().err
    assert "No such file" not in err and "accepts no new files" in err
    with pytest.raises(PyevalError, match="accepts no new files"):
        check_writable("/proc/version")


def test_empty_name_refused_by_the_writer(tmp_path: Path) -> None:
    with pytest.raises(PyevalError, match="empty name"):
        write_atomic("", "x")


# ------------------------------------------------------------------ 2. binary input
def test_random_bytes_are_not_a_text_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = tmp_path / "g.phhs"
    g.write_bytes(np.random.default_rng(7).integers(0, 256, 4096, dtype=np.uint8).tobytes())
    assert main(["replay", str(g)]) == 2
    err = capsys.readouterr().err
    assert "not a text file" in err and "cp1252" not in err


def test_looks_binary_spares_text() -> None:
    assert looks_binary(b"abc\x00def")
    assert looks_binary(bytes(range(1, 32)) * 10)
    assert not looks_binary("Mise: 5 € \t\r\n".encode("cp1252"))
    assert not looks_binary("variant = 'NT'\n".encode("utf-16"))  # UTF-16 has NULs but is text
    assert not looks_binary("variant = 'NT'\n".encode("utf-16-le"))


# ------------------------------------------------------------------ 3. picture path up front
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="no /proc")
def test_stats_plot_path_checked_before_the_work(phh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    assert main(["stats", str(phh), "--plot", "/proc/x.png"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "/proc" in err  # nothing printed before the refusal


# ------------------------------------------------------------------ 4. help and docs accuracy
def _help(*cmd: str) -> str:
    sub = build_parser()._subparsers._group_actions[0]  # type: ignore[union-attr]
    parser = sub.choices[cmd[0]]
    return parser.format_help() + " ".join(a.help or "" for a in sub._choices_actions if a.dest == cmd[0])


def test_eval_help_says_5_to_52_cards() -> None:
    text = _help("eval")
    assert "5-7 card" not in text and "5-52 card" in text


def test_convert_summary_does_not_list_a_few_rooms() -> None:
    text = _help("convert")
    assert "(PokerStars, Full Tilt" not in text and "see --from" in text


def test_show_title_wraps_between_parts() -> None:
    from pyeval.hands_io.show import title_lines

    title = "No Limit Texas Hold'em · $0.50/$1 · hand 123456789 · PokerStars Table Alpha"
    lines = title_lines(title, 40)
    assert " · ".join(lines) == title and all(len(x) <= 40 for x in lines[:-1])
    assert lines == ["No Limit Texas Hold'em · $0.50/$1", "hand 123456789 · PokerStars Table Alpha"]
    assert title_lines(title, 200) == [title]


def test_pictures_doc_says_when_the_seat_shows() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "pictures.md").read_text(encoding="utf-8")
    assert "the player (name and seat)" not in doc and "`seats`" in doc


# ------------------------------------------------------------------ 5. bb/100 explained
def test_stats_help_explains_bb_per_100() -> None:
    from pyeval.hands_io import stats

    assert "that hand's own big blind" in " ".join(_help("stats").split())
    assert "hand's own big blind" in " ".join((stats.__doc__ or "").split())


# ------------------------------------------------------------------ 6. wording
def test_bad_thread_count_is_a_thread_count_error() -> None:
    good = np.zeros((2, 7), np.uint8) + np.arange(7, dtype=np.uint8)
    with pytest.raises(ThreadCountError, match="threads"):
        evaluate_batch(good, threads=-1)
    err = ThreadCountError("x")
    assert isinstance(err, PyevalError) and isinstance(err, ValueError) and isinstance(err, TypeError)
    assert not isinstance(err, CardTypeError)


def test_trials_beyond_the_limit_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QsQd", "--trials", "1e40"]) == 2
    assert "at most 1e30" in capsys.readouterr().err


def test_replay_mismatch_worded_like_convert(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "m.phh"
    p.write_text(HAND.replace("[108, 98, 94]", "[108, 99, 93]"))
    assert main(["replay", str(p)]) == 1
    out = capsys.readouterr().out
    assert "first differing seat" not in out
    assert "p2: the record ends with 99, the replay with 98 (-1)" in out


def test_convert_summary_counts_hands(phh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(phh), "-o", "-"]) == 0
    assert "unreadable hands: 0" in capsys.readouterr().err



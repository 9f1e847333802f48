"""Files in and out (issue 21, item 2): outputs written atomically (pyeval/_files.py ``write_atomic``),
nothing written when nothing was produced, inputs regular files of bounded size (``read_input``),
and a failing stdout one line with exit 2 in every command."""
from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import pyeval_subprocess

from pyeval.errors import HandHistoryError, PyevalError
from pyeval.hands_io import parse_file
from pyeval.poker.phh import load

DATA = Path(__file__).resolve().parent / "data" / "hands_io"
STARS = DATA / "pokerstars_holdem.txt"


def _pyeval(*argv: str, stdout: object = subprocess.PIPE, limit: int | None = None,
            timeout: float = 180) -> subprocess.CompletedProcess[str]:
    def fsize() -> None:  # a small file-size limit: writes past it fail (EFBIG) as on a full disk
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([sys.executable, "-m", "pyeval", *argv], stdout=stdout, stderr=subprocess.PIPE, text=True,
                          timeout=timeout, preexec_fn=fsize if limit is not None else None, **pyeval_subprocess())


# ---- read_input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["device", "fifo", "folder", "missing"])
def test_read_input_takes_only_regular_files(tmp_path, kind):
    from pyeval._files import read_input

    path = {"device": Path("/dev/zero"), "fifo": tmp_path / "f", "folder": tmp_path, "missing": tmp_path / "no"}[kind]
    if kind == "fifo":
        os.mkfifo(path)  # no writer: a blocking read would wait for ever
    words = {"device": "is a device", "fifo": "is a pipe", "folder": "is a folder", "missing": "No such file"}
    with pytest.raises(HandHistoryError, match=words[kind]):
        read_input(path, what="input", error=HandHistoryError)


def test_read_input_has_a_size_bound(tmp_path):
    from pyeval._files import read_input

    f = tmp_path / "big.txt"
    f.write_bytes(b"x" * 101)
    with pytest.raises(PyevalError, match="101 bytes, more than the 100"):
        read_input(f, limit=100)
    assert read_input(f, limit=101) == b"x" * 101


def test_hand_history_readers_refuse_endless_and_special_files(tmp_path):
    """The fault: /dev/zero as a hand history was read without bound (memory until killed)."""
    os.mkfifo(tmp_path / "pipe.txt")
    for path in ("/dev/zero", tmp_path / "pipe.txt"):
        with pytest.raises(HandHistoryError, match="is a device|is a pipe"):
            list(parse_file(path))
        with pytest.raises(HandHistoryError, match="is a device|is a pipe"):
            load(path)


def test_convert_and_stats_of_dev_zero_are_one_line_errors():
    for cmd in (["convert", "/dev/zero"], ["stats", "/dev/zero"], ["replay", "/dev/zero"]):
        r = _pyeval(*cmd, "--no-progress")
        assert r.returncode in (1, 2) and "is a device" in r.stderr and "Traceback" not in r.stderr, (cmd, r.stderr)


# ---- write_atomic -------------------------------------------------------------------------------


def test_write_atomic_leaves_the_old_file_on_failure(tmp_path, monkeypatch):
    from pyeval import _files
    from pyeval._files import write_atomic

    out = tmp_path / "out.txt"
    out.write_text("old")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(_files.os, "fsync", full)
    with pytest.raises(PyevalError, match="cannot write the output .*out.txt: No space left on device"):
        write_atomic(out, "new and longer")
    assert out.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_write_atomic_keeps_permissions_and_follows_links(tmp_path):
    from pyeval._files import write_atomic

    out = tmp_path / "out.txt"
    out.write_text("old")
    out.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(out)
    write_atomic(link, "new")
    assert out.read_text() == "new" and link.is_symlink() and (out.stat().st_mode & 0o777) == 0o640


def test_write_atomic_never_replaces_a_device(tmp_path):
    from pyeval._files import write_atomic

    write_atomic("/dev/null", "x")  # a character device is written directly, never renamed over
    assert Path("/dev/null").is_char_device()
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        with pytest.raises(PyevalError, match="not a regular file"):
            write_atomic(tmp_path / "fifo", "x")
    with pytest.raises(PyevalError, match="is a folder"):
        write_atomic(tmp_path, "x")


def test_convert_output_is_whole_or_untouched_when_the_disk_fills(tmp_path):
    """The fault: ``convert -o FILE`` wrote in place, so a failed write left a truncated file."""
    out = tmp_path / "hands.phhs"
    out.write_text("# the previous conversion\n")
    r = _pyeval("convert", str(STARS), "-o", str(out), "--no-progress", limit=200)
    assert out.read_text() == "# the previous conversion\n"
    assert r.returncode == 2 and "cannot write the output" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.phhs"]  # no temporary file left


def test_convert_that_converts_nothing_leaves_the_output_intact(tmp_path):
    """The fault: a run that converted nothing emptied an existing output file."""
    out = tmp_path / "hands.phhs"
    out.write_text("# keep me\n")
    notes = tmp_path / "notes.txt"
    notes.write_text("not a hand history\n")
    r = _pyeval("convert", str(notes), "-o", str(out), "--no-progress")
    assert r.returncode == 2 and "nothing converted" in r.stderr, r.stderr
    assert out.read_text() == "# keep me\n"
    r = _pyeval("convert", str(STARS), "-o", str(out), "--no-progress")
    assert r.returncode == 0 and "variant" in out.read_text()


# ---- stdout failures ----------------------------------------------------------------------------

COMMANDS = {
    "eval": ["eval", "As Ks Qs Js Ts"],
    "simulate holdem": ["simulate", "holdem", "--rounds", "2000", "--seed", "1"],
    "simulate heads-up": ["simulate", "heads-up", "--rounds", "2000", "--seed", "1"],
    "simulate criss-cross": ["simulate", "criss-cross", "--rounds", "2000", "--seed", "1"],
    "equity": ["equity", "AhKh", "QQ", "--trials", "2000", "--seed", "1"],
    "convert": ["convert", str(STARS)],
    "stats": ["stats", str(STARS)],
    "replay": ["replay", "PHH"],
}


@pytest.fixture(scope="module")
def phh_file(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("phh") / "hands.phhs"
    assert _pyeval("convert", str(STARS), "-o", str(out), "--no-progress").returncode == 0
    return out


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("json_out", [False, True], ids=["text", "json"])
def test_a_full_disk_on_stdout_is_one_line_and_exit_2(name, json_out, phh_file):
    """The fault: a failing stdout (disk full) was a traceback in every command."""
    argv = [str(phh_file) if a == "PHH" else a for a in COMMANDS[name]]
    if json_out and name in ("convert", "replay"):
        pytest.skip("no --json option")
    if json_out:
        argv.append("--json")
    with open("/dev/full", "w") as full:
        r = _pyeval(*argv, stdout=full)
    assert r.returncode == 2, (name, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert "Traceback" not in r.stderr and "No space left on device" in lines[-1], (name, r.stderr)
    assert sum("No space left" in ln for ln in lines) == 1, r.stderr


def test_stats_plot_with_nothing_to_draw_leaves_the_picture_intact(tmp_path):
    pytest.importorskip("matplotlib")
    pic = tmp_path / "graph.png"
    pic.write_bytes(b"an older graph")
    notes = tmp_path / "notes.txt"
    notes.write_text("not a hand history\n")
    r = _pyeval("stats", str(notes), "--plot", str(pic), "--no-progress")
    assert "Traceback" not in r.stderr and pic.read_bytes() == b"an older graph", r.stderr
    r = _pyeval("stats", str(STARS), "--plot", str(pic), "--no-progress")
    assert r.returncode == 0 and pic.read_bytes().startswith(b"\x89PNG"), r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.png", "notes.txt"]

"""tools/measure_hands.py never stops on a file: hostile bytes, empty files, binary junk, a truncated
UTF-16 file and a real-looking hand are all counted (issue 22 item 7)."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

TOOL = Path(__file__).resolve().parent.parent / "tools" / "measure_hands.py"
HAND = (Path(__file__).parent / "data" / "hands_io" / "pokerstars_holdem.txt").read_bytes()


def _tool():
    spec = importlib.util.spec_from_file_location("measure_hands", TOOL)
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


def test_hostile_files_are_counted_never_raised(tmp_path, capsys):
    rnd = random.Random(22)
    files = {"empty.txt": b"", "junk.bin": bytes(rnd.randrange(256) for _ in range(3000)),
             "nul.txt": b"\x00" * 999, "utf16.txt": HAND.decode().encode("utf-16")[:-1],
             "cut.txt": HAND[: len(HAND) // 2], "good.txt": HAND,
             "mangled.txt": bytes(b if rnd.random() > 0.02 else rnd.randrange(256) for b in HAND),
             "header_only.txt": b"PokerStars Hand #1: \xff\xfe\n" * 50}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    assert _tool().main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    rows = {ln.split()[0]: ln.split()[1:] for ln in out.splitlines() if ln and not ln.startswith(" ")}
    assert "pokerstars" in rows and "all" in rows
    files_seen, hands = int(rows["all"][0]), int(rows["all"][1])
    assert files_seen == len(files) and hands > 0
    good = int(rows["pokerstars"][4])  # matched: the good file's hands at least
    assert good >= HAND.decode().count("PokerStars Hand #")

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
    good = int(rows["pokerstars"][6])  # files hands read adds excl should matched: the good file's hands at least
    assert good >= HAND.decode().count("PokerStars Hand #")


_ONE = HAND.decode().split("\n\n\n\n")[0].strip() + "\n"  # the first hand: $0.99 won, pot $1.03, rake $0.04


def _hand(no: int, text: str = _ONE) -> str:
    return text.replace("#200000000001", f"#{200000000000 + no}")


def test_counts_refusals_in_the_rate_unless_the_record_cannot_be_checked(tmp_path):
    """Each kind of hand lands in its own column: a refused hand counts against the rate unless its
    reason is one of the documented exclusions; expected-result dumps are skipped, not 'not recognised'."""
    assert "Hero collected $0.99" in _ONE and "Total pot $1.03 | Rake $0.04" in _ONE
    good = [_hand(i) for i in (1, 2, 3)]
    refused = _hand(4, _ONE.replace("zed: folds", "zed: juggles the chips"))          # counts, fails
    unsupported = _hand(5, _ONE.replace("Hold'em No Limit", "Courchevel Pot Limit"))  # excluded
    off = _hand(6, _ONE.replace("Total pot $1.03", "Total pot $1.13"))                  # does not add up
    wrong = _hand(7, _ONE.replace("Hero collected $0.99 from pot", "Hero collected $0.98 from pot")
                  .replace("Hero collected ($0.99)", "Hero collected ($0.98)")
                  .replace("Total pot $1.03", "Total pot $1.02"))                     # adds up, replay differs
    (tmp_path / "a.txt").write_text("\n\n\n".join(good + [refused, unsupported]), encoding="utf-8")
    (tmp_path / "b.txt").write_text(f"{off}\n\n\n{wrong}", encoding="utf-8")
    (tmp_path / "a.txt.hp").write_text("expected results", encoding="utf-8")
    (tmp_path / "b.gt").write_text("expected results", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("no hand history here\n", encoding="utf-8")
    out = tmp_path / "m.json"
    assert _tool().main([str(tmp_path), "--json", str(out)]) == 0
    import json
    res = json.loads(out.read_text(encoding="utf-8"))
    ps = res["rooms"]["pokerstars"]
    assert (ps["files"], ps["hands"], ps["read"]) == (2, 7, 5)
    assert ps["excluded_reasons"] == {"game pyeval does not play": 1}
    assert ps["not_adding_up"] == 1  # the hand whose total pot is off is outside the rate
    assert ps["adds_up"] == 4 and ps["matched"] == 3
    assert ps["should_match"] == 5  # 4 that add up + the refused hand whose reason is not an exclusion
    assert any("unrecognised" in r for r in ps["reasons"])
    assert res["skipped"] == {"*.hp (fpdb expected hand-player results)": 1, "*.gt (fpdb expected game-type results)": 1}
    assert res["rooms"]["(not recognised)"]["files"] == 1


def test_excluded_reasons_are_only_the_documented_ones():
    tool = _tool()
    assert tool.excluded_label("f.xml:3: a partial export: the game holds the forced bets only") == "partial export (no actions)"
    assert tool.excluded_label("f.txt:9: game not supported: Courchevel (Courchevel has no pyeval variant)")
    assert tool.excluded_label("f.txt:9: game not supported by the WPN reader yet: 5 Card Stud") is None
    assert tool.excluded_label("f.txt:9: unrecognised line 'x'") is None
    assert tool.excluded_label("f.txt:1: the room cancelled the hand: it has no result to check") == "hand cancelled by the room"
    assert tool.excluded_label("f.txt:3: the file ends mid-hand (no summary): FLOP without cards") == "file cut off mid-hand"
    assert tool.excluded_label("f.txt:3: the room's figures do not add up: Jo sits with 0 chips yet puts 50 in") == \
        "the room's figures do not add up"
    assert tool.excluded_label("f.txt:3: a finishing stack is negative: the record does not add up") is None

"""Issue 13 ("Hand-history replay") and issue 14 items 7 and 13: ``pyeval replay`` and
``HandHistory.replay`` accept every history a careful dealer could record, refuse the illegal ones
with one line naming the hand, the action (with the record's own player names) and the rule, keep
going across files and hands, and never print a traceback for hostile input.

Exit codes of ``pyeval replay``: 0 every hand matches, 1 a failed check (a mismatch, an illegal
record, a record that stops early), 2 input that cannot be read.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyeval.cli import main
from pyeval.errors import HandHistoryError, IllegalHandHistoryError
from pyeval.poker import phh
from conftest import SMALL_HAND, examples, pyeval_subprocess


HAND = SMALL_HAND

# three players all-in before the flop; p3 raised last, so § 637a.18(e) turns up p3, p1, p2
ALL_IN = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 7h8h', 'p3 cbr 100', 'p1 cc', 'p2 cc',
  'p1 sm AsAh', 'p2 sm KsKh', 'p3 sm 7h8h', 'd db 2c9dJc', 'd db 3d', 'd db 4d']
finishing_stacks = [300, 0, 0]
"""

RIVER = HAND.replace("'p3 f']", "'p3 cc', 'd db 3c', 'p1 cc', 'p3 cc', 'd db 4c', 'p1 cc', 'p3 cc', "
                                 "'p1 sm AsAh', 'p3 sm 7h8h']").replace("[108, 98, 94]", "[118, 98, 84]")


def _one(text: str, name: str = "h") -> phh.HandHistory:
    (hh,) = phh.loads(text, name)
    return hh


def _cli(tmp_path: Path, *files: tuple[str, str | bytes], args: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    for fname, body in files:
        p = tmp_path / fname
        p.write_bytes(body if isinstance(body, bytes) else body.encode())
    return subprocess.run([sys.executable, "-m", "pyeval.cli", "replay", *args, str(tmp_path)],
                          capture_output=True, text=True, **pyeval_subprocess())


# ---------------------------------------------------------------------- § 637a.18(e) showdown order
@pytest.mark.regulation("637a.18(e)")
@pytest.mark.parametrize("order", [("p1", "p2", "p3"), ("p2", "p3", "p1"), ("p3", "p1", "p2"), ("p3", "p2", "p1")])
def test_637a_18_e_showdown_order_all_in_any_order(order):
    cards = {"p1": "AsAh", "p2": "KsKh", "p3": "7h8h"}
    text = ALL_IN.replace("'p1 sm AsAh', 'p2 sm KsKh', 'p3 sm 7h8h'", ", ".join(f"'{p} sm {cards[p]}'" for p in order))
    res = phh.check_replay(_one(text))
    assert res.matches
    rnd = _one(text).replay()
    # turned up in the regulation's order whatever the record's order
    assert [e.player for e in rnd.events if e.kind == "show"] == [2, 0, 1]


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_showdown_all_in_hands_listed_after_the_board():
    text = ALL_IN.replace("'p1 sm AsAh', 'p2 sm KsKh', 'p3 sm 7h8h', ", "").replace(
        "'d db 4d']", "'d db 4d', 'p1 sm AsAh', 'p2 sm KsKh', 'p3 sm 7h8h']")
    assert phh.check_replay(_one(text)).matches


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_showdown_order_strict_mode_keeps_the_regulation_order(tmp_path: Path):
    hh = _one(ALL_IN)
    with pytest.raises(IllegalHandHistoryError, match=r"action 7 'p1 sm AsAh': p3 shows first, not p1 .*637a\.18\(e\)"):
        hh.replay(strict=True)
    proc = _cli(tmp_path, ("allin.phh", ALL_IN), args=("--strict",))
    assert proc.returncode == 1 and "p3 shows first" in proc.stderr
    assert _cli(tmp_path).returncode == 0  # the same file without --strict


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_showdown_order_still_binds_when_betting_could_go_on():
    # both players have chips behind at the river: the last bettor (none: p1 is first left of the
    # button) shows first; a record listing p3 first is out of order
    text = RIVER.replace("'p1 sm AsAh', 'p3 sm 7h8h'", "'p3 sm 7h8h', 'p1 sm AsAh'")
    with pytest.raises(IllegalHandHistoryError, match=r"'p3 sm 7h8h': p1 shows first, not p3"):
        _one(text).replay()
    assert phh.check_replay(_one(RIVER)).matches


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_all_in_show_with_wrong_cards_is_refused_at_its_action():
    text = ALL_IN.replace("'p2 sm KsKh'", "'p2 sm KdKh'")
    with pytest.raises(IllegalHandHistoryError, match=r"action 8 'p2 sm KdKh': p2 shows KdKh but was dealt KsKh"):
        _one(text).replay()


@pytest.mark.regulation("637a.18(e)")
def test_637a_18_e_all_in_record_missing_a_hand_says_so():
    text = ALL_IN.replace("'p3 sm 7h8h', ", "")
    with pytest.raises(IllegalHandHistoryError, match="stops before the showdown: p3 has yet to show or muck"):
        phh.check_replay(_one(text))


# ---------------------------------------------------------------------- names in messages
def test_issue13_messages_use_the_records_player_names():
    text = HAND.replace("'p3 cbr 6', 'p1 cc'", "'p1 cbr 6', 'p3 cc'")
    with pytest.raises(IllegalHandHistoryError) as exc:
        _one(text).replay()
    msg = str(exc.value)
    assert "p1 may not bet or raise: it is p3's turn" in msg and "player 0" not in msg and "player 2" not in msg
    labelled = text.replace("finishing_stacks", "players = ['Ann', 'Bob', 'Cy']\nfinishing_stacks")
    with pytest.raises(IllegalHandHistoryError, match=r"p1 \(Ann\) may not bet or raise: it is p3 \(Cy\)'s turn"):
        _one(labelled).replay()


# ---------------------------------------------------------------------- § 637a.11(f) a card dealt twice
@pytest.mark.regulation("637a.11(f)")
def test_637a_11_f_duplicate_hole_card_reported_at_its_action():
    text = HAND.replace("'d dh p2 KsKh'", "'d dh p2 AsKh'")
    with pytest.raises(IllegalHandHistoryError,
                       match=r"action 2 'd dh p2 AsKh': card As is already dealt \(to p1\) \(58 Pa. Code § 637a.11\(f\)\)"):
        _one(text).replay()
    text = HAND.replace("'d dh p3 7h8h'", "'d dh p3 7h7h'")
    with pytest.raises(IllegalHandHistoryError, match=r"action 3 'd dh p3 7h7h': duplicate card 7h"):
        _one(text).replay()
    text = HAND.replace("2c9dJc", "2c9dKs")
    with pytest.raises(IllegalHandHistoryError, match=r"action 7 'd db 2c9dKs': card Ks is already dealt \(to p2\)"):
        _one(text).replay()


# ---------------------------------------------------------------------- malformed input: one clean line
def test_issue13_spaced_board_text_says_how_to_write_it():
    with pytest.raises(HandHistoryError, match=r"action 7 'd db 2c 9d Jc': a board deal is 'd db CARDS' with the "
                                               r"cards written without spaces \(e.g. 'd db 2c9dJc'\)"):
        _one(HAND.replace("2c9dJc", "2c 9d Jc")).replay()


def test_issue13_min_bet_text_is_one_clean_line():
    with pytest.raises(HandHistoryError, match=r"h: min_bet must be a number of chips, got 'abc'"):
        _one(HAND.replace("min_bet = 2", "min_bet = 'abc'"))


def test_issue13_history_stopping_before_the_showdown_says_so():
    text = HAND.replace("'p3 f'", "'p3 cc', 'd db 3c', 'p1 cc', 'p3 cc', 'd db 4c', 'p1 cc', 'p3 cc'")
    with pytest.raises(IllegalHandHistoryError, match="record stops before the showdown: p1 has yet to show or muck"):
        phh.check_replay(_one(text))
    # without finishing_stacks the record is an unfinished hand, replayed as far as it goes
    res = phh.check_replay(_one(text.replace("finishing_stacks = [108, 98, 94]\n", "")))
    assert res.expected is None
    with pytest.raises(IllegalHandHistoryError, match="record stops with p1 to act"):
        phh.check_replay(_one(HAND.replace(", 'p1 cbr 10', 'p3 f'", "")))


def test_issue13_non_utf8_file_is_unreadable_input_exit_2(tmp_path: Path):
    proc = _cli(tmp_path, ("latin1.phh", HAND.replace("'NT'", "'NT' # caf\xe9").encode("latin-1")))
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [f"pyeval: error: {tmp_path / 'latin1.phh'}: not UTF-8 text (byte 20): "
                                                 "PHH is UTF-8 TOML; this file looks like an 8-bit (cp1252/latin-1) "
                                                 "text: save it as UTF-8"]


# ---------------------------------------------------------------------- keep going, report, exit code
def test_issue13_replay_keeps_going_and_reports_per_file_and_hand(tmp_path: Path):
    bad_rule = HAND.replace("'p3 cbr 6'", "'p3 cbr 3'")
    mism = HAND.replace("[108, 98, 94]", "[108, 99, 93]")
    proc = _cli(tmp_path, ("a.phhs", f"[1]\n{HAND}\n[2]\n{bad_rule}\n[3]\n{mism}\n[4]\n{HAND}"),
                ("b.phh", ALL_IN), ("c.phh", HAND))
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [
        f"pyeval: error: {tmp_path / 'a.phhs'}[2]: action 4 'p3 cbr 3': 3 is below the minimum raise to 4 "
        "(58 Pa. Code § 637a.8(k))"]
    assert "files: 3  hands: 6  matches: 4  mismatches: 1  errors: 1  files with a failure: 1" in proc.stdout
    assert f"mismatch {tmp_path / 'a.phhs'}[3]: p2: the record ends with 99, the replay with 98 (-1)" in proc.stdout
    assert f"file {tmp_path / 'a.phhs'}: hands 4  matches 2  mismatches 1  errors 1" in proc.stdout
    # an unreadable file among them: reported, the others still replayed, exit 2
    proc = _cli(tmp_path, ("d.phh", "variant = [[[["))
    assert proc.returncode == 2
    assert "files: 4  hands: 6  matches: 4" in proc.stdout
    assert f"pyeval: error: {tmp_path / 'd.phh'}: not valid TOML" in proc.stderr


def test_issue13_replay_fail_fast_stops_at_the_first_failure(tmp_path: Path):
    bad_rule = HAND.replace("'p3 cbr 6'", "'p3 cbr 3'")
    proc = _cli(tmp_path, ("a.phhs", f"[1]\n{bad_rule}\n[2]\n{HAND}"), ("b.phh", "variant = [[[["), args=("--fail-fast",))
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [
        f"pyeval: error: {tmp_path / 'a.phhs'}[1]: action 4 'p3 cbr 3': 3 is below the minimum raise to 4 "
        "(58 Pa. Code § 637a.8(k))"]


# ---------------------------------------------------------------------- issue 14 item 13: hostile PHH
_HOSTILE = {
    "deep nesting": "variant = " + "[" * 5000 + "]" * 5000,
    "5,000-digit integer": HAND.replace("min_bet = 2", "min_bet = " + "9" * 5000),
    "4,000-digit integer": HAND.replace("min_bet = 2", "min_bet = " + "9" * 4000),
    "min_bet text": HAND.replace("min_bet = 2", "min_bet = 'x'"),
    "variant int": HAND.replace("variant = 'NT'", "variant = 5"),
    "actions ints": HAND.replace("actions = [", "actions = [1, 2]\nold = ["),
    "actions string": HAND.replace("actions = [", "actions = 'p1 f'\nold = ["),
    "stacks table": HAND.replace("starting_stacks = [100, 100, 100]", "starting_stacks = {a = 1}"),
    "stacks empty": HAND.replace("starting_stacks = [100, 100, 100]", "starting_stacks = []"),
    "stacks bool": HAND.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [true, 1, 1]"),
    "stacks nan": HAND.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [nan, 1, 1]"),
    "stacks inf": HAND.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [inf, 1, 1]"),
    "stacks negative": HAND.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [-5, 1, 1]"),
    "stacks huge": HAND.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [1e300, 1, 1]"),
    "stacks zero": HAND.replace("starting_stacks = [100, 100, 100]", "starting_stacks = [0, 100, 100]"),
    "antes short": HAND.replace("antes = [0, 0, 0]", "antes = [0]"),
    "antes nested": HAND.replace("antes = [0, 0, 0]", "antes = [[0], 0, 0]"),
    "blinds string": HAND.replace("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = '1 2'"),
    "players ints": HAND.replace("min_bet", "players = [1, 2, 3]\nmin_bet"),
    "players short": HAND.replace("min_bet", "players = ['a']\nmin_bet"),
    "finishing date": HAND.replace("finishing_stacks = [108, 98, 94]", "finishing_stacks = 1979-05-27"),
    "bring_in list": HAND.replace("min_bet", "bring_in = [1]\nmin_bet"),
    "hand not a table": "[1]\nvariant = 'NT'\n[2]\nx = 1\n",
    "stray key in phhs": "x = 1\n[1]\n" + HAND,
    "empty file": "",
    "missing actions": HAND.replace("actions = [", "acts = ["),
    "cbr amount text": HAND.replace("'p3 cbr 6'", "'p3 cbr 6e3'"),
    "cbr amount huge": HAND.replace("'p3 cbr 6'", "'p3 cbr " + "9" * 4000 + "'"),
    "player p0": HAND.replace("'p3 cbr 6'", "'p0 cbr 6'"),
    "player p99999999999": HAND.replace("'p3 cbr 6'", "'p99999999999 cbr 6'"),
    "verb only": HAND.replace("'p3 cbr 6'", "'d'"),
    "unknown verb": HAND.replace("'p3 cbr 6'", "'p3 xx'"),
    "card garbage": HAND.replace("'d dh p1 AsAh'", "'d dh p1 " + "Zz" * 5000 + "'"),
    "question cards": HAND.replace("'d dh p1 AsAh'", "'d dh p1 A?s?'"),
    "pyeval field type": HAND + "_pyeval_max_raises = 'two'\n",
    "unsupported variant": HAND.replace("variant = 'NT'", "variant = 'NZ'"),
    "variant empty": HAND.replace("variant = 'NT'", "variant = ''"),
    "eleven players": HAND.replace("[0, 0, 0]", "[" + ", ".join(["0"] * 11) + "]").replace(
        "[1, 2, 0]", "[1, 2" + ", 0" * 9 + "]").replace("[100, 100, 100]", "[" + ", ".join(["100"] * 11) + "]"),
}


@pytest.mark.parametrize("case", sorted(_HOSTILE))
def test_issue14_13_hostile_phh_is_one_line_with_the_right_exit_code(case, tmp_path: Path, capsys):
    path = tmp_path / "hostile.phh"
    path.write_text(_HOSTILE[case])
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code in (1, 2), (case, out, err)
    assert len(lines) == 1 and lines[0].startswith(f"pyeval: error: {path}"), (case, err)  # the path as given
    assert len(lines[0]) - len(str(path)) < 400, lines[0]


def test_issue14_13_hostile_phh_subprocess_never_prints_a_traceback(tmp_path: Path):
    for i, case in enumerate(("deep nesting", "5,000-digit integer", "variant int", "actions ints", "min_bet text")):
        (tmp_path / f"h{i}.phh").write_text(_HOSTILE[case])
    proc = subprocess.run([sys.executable, "-m", "pyeval.cli", "replay", str(tmp_path)], capture_output=True, text=True,
                          **pyeval_subprocess())
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 5


_TOML_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=12,
)
_FIELDS = ["variant", "antes", "blinds_or_straddles", "starting_stacks", "actions", "min_bet", "small_bet",
           "big_bet", "finishing_stacks", "players", "bring_in", "_pyeval_odd_chip", "_pyeval_max_raises"]
_ACTION = st.sampled_from(["d dh p1 AsAh", "d db 2c9dJc", "p1 cc", "p2 f", "p3 cbr 6", "p1 sm AsAh", "p2 sm",
                           "d db ??", "p3 sd Ks", "p1 pb", "d dh p4 ????", "p2 cbr 1.5", "# c", "d db 3c"])


@settings(max_examples=examples(400), deadline=None)
@given(field=st.sampled_from(_FIELDS), value=_TOML_VALUES, actions=st.lists(_ACTION, max_size=12),
       use_actions=st.booleans())
def test_issue14_13_any_field_of_any_type_gives_a_pyeval_error_or_a_result(field, value, actions, use_actions):
    d = dict(phh.loads(HAND)[0].__dict__)
    doc = {k: d[k] for k in ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions", "min_bet",
                             "finishing_stacks")}
    if value is not None:
        doc[field] = value
    else:
        doc.pop(field, None)
    if use_actions:
        doc["actions"] = actions
    try:
        hh = phh.HandHistory.from_dict(doc, "fuzz")
        res = phh.check_replay(hh)
    except HandHistoryError:
        return
    assert res.name == "fuzz"


# ---------------------------------------------------------------------- issue 14 item 7: unknown cards
@pytest.mark.regulation("637a.11(k)")
def test_issue14_7_unknown_board_is_never_scored_as_a_tie():
    text = HAND.replace("'p3 f'", "'p3 cc', 'd db ??', 'p1 cc', 'p3 cc', 'd db ??', 'p1 cc', 'p3 cc', "
                                  "'p1 sm AsAh', 'p3 sm 7h8h'").replace("[108, 98, 94]", "[101, 98, 101]")
    with pytest.raises(IllegalHandHistoryError, match=r"board has cards nobody saw \('\?\?'\): the pots cannot be "
                                                      r"awarded \(58 Pa. Code § 637a.11\(k\)\)"):
        phh.check_replay(_one(text))


@pytest.mark.regulation("637a.11(k)")
def test_issue14_7_unknown_hole_cards_at_showdown_are_never_awarded():
    text = RIVER.replace("'d dh p3 7h8h'", "'d dh p3 ????'").replace("'p3 sm 7h8h'", "'p3 sm ????'")
    with pytest.raises(IllegalHandHistoryError, match="unknown"):
        phh.check_replay(_one(text))


def test_issue14_7_unknown_board_without_showdown_still_replays():
    # nobody is scored: everyone else folds, so unseen board cards change no chip
    text = HAND.replace("2c9dJc", "??????")
    assert phh.check_replay(_one(text)).matches


# ---------------------------------------------------------------------- the real histories
def test_issue13_every_shared_history_still_replays_strictly(shared_dir: Path, capsys):
    code = main(["replay", "--strict", str(shared_dir / "data" / "phh"), str(shared_dir / "data" / "phh-mixed")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "hands: 7755  matches: 7755  mismatches: 0  errors: 0" in out


def test_issue13_replay_lists_at_most_show_errors_and_refuses_a_negative_count(tmp_path: Path, capsys):
    bad_rule = HAND.replace("'p3 cbr 6'", "'p3 cbr 3'")
    (tmp_path / "many.phhs").write_text("\n".join(f"[{i}]\n{bad_rule}" for i in range(1, 6)))
    assert main(["replay", "--show", "2", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert err.count("below the minimum raise") == 2 and "... and 3 more errors" in err
    assert "hands: 5  matches: 0  mismatches: 0  errors: 5" in out
    assert main(["replay", "--show", "-1", str(tmp_path)]) == 2  # a usage error (pyeval.cli.ExitCode.USAGE)
    assert "expected a number >= 0" in capsys.readouterr().err


def test_issue14_13_replay_interrupted_reports_what_was_done(tmp_path: Path, capsys, monkeypatch):
    """Ctrl-C: the summary counts only the hands checked (the one interrupted is not one), says how
    many files and hands were not reached, and the exit status is 130 (new-user trial item 2)."""
    (tmp_path / "a.phhs").write_text("\n".join(f"[{i}]\n{HAND}" for i in range(1, 5)))
    for name in ("b.phh", "c.phh", "d.phh"):
        (tmp_path / name).write_text(HAND)
    real = phh.check_replay
    calls = []

    def stop_at_third(hh, **kw):
        calls.append(hh.name)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(hh, **kw)

    monkeypatch.setattr(phh, "check_replay", stop_at_third)
    assert main(["replay", str(tmp_path)]) == 130
    out, err = capsys.readouterr()
    assert out.splitlines()[:2] == [
        "files: 1 of 4 checked (not reached: 3)  hands: 2  matches: 2  mismatches: 0  errors: 0",
        f"stopped part-way through {tmp_path / 'a.phhs'}: 2 of its 4 hands checked, 2 not reached"]
    assert err.strip().splitlines() == [
        "pyeval: interrupted: the counts cover the 2 hands checked; 3 of 4 files not reached"]


def test_replay_interrupted_between_files_counts_the_files_not_reached(tmp_path: Path, capsys, monkeypatch):
    for name in ("a.phh", "b.phh", "c.phh"):
        (tmp_path / name).write_text(HAND)
    real = phh.load

    def stop_at_c(path):
        if Path(path).name == "c.phh":
            raise KeyboardInterrupt
        return real(path)

    monkeypatch.setattr(phh, "load", stop_at_c)
    assert main(["replay", str(tmp_path)]) == 130
    out, err = capsys.readouterr()
    assert out.splitlines() == ["files: 2 of 3 checked (not reached: 1)  hands: 2  matches: 2  mismatches: 0  errors: 0"]
    assert "1 of 3 files not reached" in err and "Traceback" not in err


def test_replay_fail_fast_on_a_mismatch_says_what_was_not_reached(tmp_path: Path, capsys):
    mism = HAND.replace("[108, 98, 94]", "[108, 99, 93]")
    (tmp_path / "a.phhs").write_text(f"[1]\n{mism}\n[2]\n{HAND}")
    (tmp_path / "b.phh").write_text(HAND)
    assert main(["replay", "--fail-fast", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("files: 1 of 2 checked (not reached: 1)  hands: 1  matches: 0  mismatches: 1")
    assert out[1] == f"stopped part-way through {tmp_path / 'a.phhs'}: 1 of its 2 hands checked, 1 not reached"


def test_replay_names_files_by_their_path_so_same_names_in_two_folders_stay_apart(tmp_path: Path):
    """New-user trial item 1: ``x/h.phh`` and ``y/h.phh`` both fail; each line names its folder, as
    the path was given (relative here)."""
    bad_rule = HAND.replace("'p3 cbr 6'", "'p3 cbr 3'")
    mism = HAND.replace("[108, 98, 94]", "[108, 99, 93]")
    for folder, body in (("x", bad_rule), ("y", mism), ("z/deeper", "variant = [[")):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "h.phh").write_text(body)
    proc = subprocess.run([sys.executable, "-m", "pyeval.cli", "replay", "x", "./y", "z"], capture_output=True,
                          text=True, **{**pyeval_subprocess(), "cwd": tmp_path})
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.splitlines()
    assert err[0].startswith(f"pyeval: error: {Path('x', 'h.phh')}: action 4 'p3 cbr 3'")
    assert err[1].startswith(f"pyeval: error: {Path('z', 'deeper', 'h.phh')}: not valid TOML")
    assert f"mismatch {Path('y', 'h.phh')}: " in proc.stdout and "p2" in proc.stdout and "the record ends with" in proc.stdout
    assert f"file {Path('x', 'h.phh')}: hands 1" in proc.stdout
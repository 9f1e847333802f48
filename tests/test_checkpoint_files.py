"""Checkpoints are data (issue 21, item 1): never pickle, a version, the pyeval version, the generator
and a checksum; every stream's result checked against its game's result type, size and rounds; a
tampered, corrupted, truncated, foreign or endless file is one CheckpointError.

The first tests write files in the layout of the pickle-based checkpoints (``pyeval-checkpoint/1``)
that pyeval read before: they ran code and summed short results read past their end."""
from __future__ import annotations

import base64
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import pyeval_subprocess
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyeval import checkpoint as ckmod
from pyeval import simulate
from pyeval.checkpoint import run_digest
from pyeval.crisscross.sim import CrissCrossSim
from pyeval.errors import CheckpointError, RunInterrupted, SimulationError
from pyeval.headsup.paytables import example_rules
from pyeval.headsup.sim import HeadsUpSim
from pyeval.parallel import sum_cdata
from pyeval.poker.sim import HoldemShowdown


def _run(game: object, rounds: int, streams: int) -> dict[str, object]:
    return {"game": type(game).__name__, "config": run_digest(game), "rounds": rounds, "streams": streams}


def _mkdir_pickle(path: Path) -> bytes:
    """A pickle that calls os.mkdir(path) through ``pyeval.checkpoint``'s own ``import os``."""
    p = str(path).encode()
    return (b"\x80\x04cpyeval.checkpoint\nos.mkdir\n(X" + len(p).to_bytes(4, "little") + p + b"tR.")


def test_a_checkpoint_that_names_os_system_runs_nothing(tmp_path):
    """The fault: ("pyeval.checkpoint", "os.mkdir") passed the restricted unpickler; resuming ran it."""
    ck, marker = tmp_path / "evil.ckpt", tmp_path / "pwned"
    game = HoldemShowdown(3)
    data = {"format": "pyeval-checkpoint/1", "run": _run(game, 4000, 2), "seed": "3",
            "streams_done": {"0": {"pickle": base64.b64encode(_mkdir_pickle(marker)).decode()}}}
    ck.write_text(json.dumps(data))
    with pytest.raises(CheckpointError):
        simulate(game, 4000, seed=3, streams=2, checkpoint=ck)
    assert not marker.exists()


def test_the_new_layout_has_no_pickle_even_with_a_valid_checksum(tmp_path):
    ck, marker = tmp_path / "evil.ckpt", tmp_path / "pwned"
    game = HoldemShowdown(3)
    simulate(game, 4000, seed=3, streams=2, checkpoint=ck)
    data = json.loads(ck.read_text())
    data["streams_done"]["0"] = {"pickle": base64.b64encode(_mkdir_pickle(marker)).decode()}
    data["checksum"] = checksum(data)
    ck.write_text(json.dumps(data))
    with pytest.raises(CheckpointError, match="stream 0: the result is not a HoldemSimStats"):
        simulate(game, 4000, seed=3, streams=2, checkpoint=ck)
    assert not marker.exists()
    assert "pickle" not in ckmod.__dict__ and "import pickle" not in Path(ckmod.__file__).read_text()


def test_sum_cdata_refuses_a_result_of_the_wrong_size():
    """The fault: a 3-byte result was cast to the 776-byte pe_hu_stats and read past its end."""
    with pytest.raises(SimulationError, match="pe_hu_stats is .* bytes, got 3 bytes"):
        sum_cdata("pe_hu_stats", [b"abc"])
    with pytest.raises(SimulationError, match="got 0 bytes"):
        sum_cdata("pe_cc_stats", [b""])


@pytest.mark.parametrize("game", [HeadsUpSim(example_rules()), CrissCrossSim()], ids=["heads-up", "criss-cross"])
def test_a_short_result_in_a_checkpoint_is_refused_not_summed(tmp_path, game):
    """The fault: heads-up and criss-cross exited 0 with totals summed from bytes past the file's."""
    ck = tmp_path / "short.ckpt"
    data = {"format": "pyeval-checkpoint/1", "run": _run(game, 4000, 2), "seed": "3",
            "streams_done": {"0": {"bytes": base64.b64encode(b"abc").decode()}}}
    ck.write_text(json.dumps(data))
    with pytest.raises(CheckpointError):
        simulate(game, 4000, seed=3, streams=2, checkpoint=ck)


def _finished(tmp_path: Path, game: object, rounds: int = 4000, streams: int = 2) -> tuple[Path, dict]:
    ck = tmp_path / f"run-{rounds}.ckpt"
    simulate(game, rounds, seed=3, streams=streams, checkpoint=ck)
    return ck, json.loads(ck.read_text())


def checksum(data: dict) -> str:
    from pyeval.checkpoint import checksum as real  # imported here: the fault tests above run on older pyevals

    return real(data)


def _rewrite(ck: Path, data: dict, *, sign: bool = True) -> None:
    if sign:
        data["checksum"] = checksum(data)
    ck.write_text(json.dumps(data))


HU = HeadsUpSim(example_rules())


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["streams_done"]["0"].update(size=3), "of 3 bytes; this build's is"),
    (lambda d: d["streams_done"]["0"].update(base64=base64.b64encode(b"abc").decode()), "not .* bytes"),
    (lambda d: d["streams_done"]["0"].update(type="pe_cc_stats"), "is a 'pe_cc_stats', not a pe_hu_stats"),
    (lambda d: d["streams_done"].update({"2": d["streams_done"]["0"]}), "names a stream '2' this run does not have"),
    (lambda d: d["streams_done"].update({"01": d["streams_done"].pop("1")}), "names a stream '01'"),
    (lambda d: d["streams_done"].update({"1": d["streams_done"]["0"]}), "counts 2000 rounds|this stream plays"),
    (lambda d: d.update(seed="x"), "no valid seed"),
    (lambda d: d.update(seed=str(2**256)), "no valid seed"),
    (lambda d: d.update(version=1), "layout version 1"),
    (lambda d: d.update(pyeval="0.0.1"), "written by pyeval 0.0.1"),
    (lambda d: d.update(generator="mt19937"), "another random generator"),
    (lambda d: d.update(streams_done=[]), "no streams_done table"),
])
def test_every_field_is_checked_even_under_a_valid_checksum(tmp_path, edit, message):
    ck, data = _finished(tmp_path, HU)
    if "01" in message or "counts" in message:  # needs two streams of unequal rounds for the rounds check
        ck, data = _finished(tmp_path, HU, 4001, 2)
    edit(data)
    _rewrite(ck, data)
    with pytest.raises(CheckpointError, match=message):
        simulate(HU, 4001 if ("01" in message or "counts" in message) else 4000, seed=3, streams=2, checkpoint=ck)


def test_a_corrupted_or_edited_file_fails_its_checksum(tmp_path):
    ck, data = _finished(tmp_path, HU)
    raw = base64.b64decode(data["streams_done"]["0"]["base64"])
    edited = bytes([raw[0] ^ 1]) + raw[1:]  # one more round won, say
    data["streams_done"]["0"]["base64"] = base64.b64encode(edited).decode()
    _rewrite(ck, data, sign=False)
    with pytest.raises(CheckpointError, match="corrupted or was edited"):
        simulate(HU, 4000, seed=3, streams=2, checkpoint=ck)


def test_a_truncated_file_is_refused(tmp_path):
    ck, _ = _finished(tmp_path, HU)
    text = ck.read_bytes()
    ck.write_bytes(text[: len(text) // 2])
    with pytest.raises(CheckpointError, match="not a pyeval checkpoint"):
        simulate(HU, 4000, seed=3, streams=2, checkpoint=ck)


@pytest.mark.parametrize("path, kind", [("/dev/zero", "a device"), ("fifo", "a pipe"), ("folder", "a folder")])
def test_an_endless_or_special_file_is_refused_without_reading_it(tmp_path, path, kind):
    if path == "fifo":
        path = str(tmp_path / "ck.fifo")
        os.mkfifo(path)  # no writer: reading it would block for ever
    elif path == "folder":
        path = str(tmp_path / "ck.d")
        os.mkdir(path)
    with pytest.raises(CheckpointError, match=kind):
        simulate(HU, 4000, seed=3, streams=2, checkpoint=path)


def test_a_file_over_the_size_bound_is_refused(tmp_path, monkeypatch):
    ck, _ = _finished(tmp_path, HU)
    monkeypatch.setattr(ckmod, "MAX_CHECKPOINT_BYTES", 100)
    with pytest.raises(CheckpointError, match="more than the 100 pyeval reads"):
        simulate(HU, 4000, seed=3, streams=2, checkpoint=ck)


def test_a_foreign_file_is_refused(tmp_path):
    ck = tmp_path / "notes.json"
    ck.write_text(json.dumps({"format": "something else", "seed": "3"}))
    with pytest.raises(CheckpointError, match="is not a pyeval checkpoint"):
        simulate(HU, 4000, seed=3, streams=2, checkpoint=ck)
    ck.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(CheckpointError, match="is not a pyeval checkpoint"):
        simulate(HU, 4000, seed=3, streams=2, checkpoint=ck)


def test_the_file_holds_version_pyeval_generator_and_checksum(tmp_path):
    import pyeval

    _, data = _finished(tmp_path, CrissCrossSim())
    assert data["format"] == "pyeval-checkpoint" and data["version"] == 2 and data["pyeval"] == pyeval.__version__
    assert "xoshiro256**" in data["generator"] and data["checksum"] == checksum(data)
    part = data["streams_done"]["0"]
    assert part["type"] == "pe_cc_stats" and len(base64.b64decode(part["base64"])) == part["size"]


def test_cli_a_bad_checkpoint_is_one_line_and_exit_2(tmp_path):
    ck = tmp_path / "bad.ckpt"
    game = HeadsUpSim(example_rules())
    ck.write_text(json.dumps({"format": "pyeval-checkpoint/1", "run": _run(game, 4000, 2), "seed": "3",
                              "streams_done": {"0": {"bytes": "YWJj"}}}))
    r = subprocess.run([sys.executable, "-m", "pyeval", "simulate", "heads-up", "--rounds", "4000", "--seed", "3",
                        "--streams", "2", "--checkpoint", str(ck)], capture_output=True, text=True, timeout=120,
                       **pyeval_subprocess())
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1 and "pyeval: error:" in r.stderr, r.stderr


# ---- mutated checkpoints: the exact resumed result or a refusal ----------------------------------

GAMES = {"heads-up": HU, "criss-cross": CrissCrossSim(), "holdem": HoldemShowdown(2)}
ROUNDS, STREAMS = 3000, 4
_BASE: dict[str, tuple[bytes, dict]] = {}


class _StopAfter:
    def __init__(self, k: int) -> None:
        self.k, self.calls = k, 0

    def __call__(self, n: int) -> None:
        self.calls += 1
        if self.calls == self.k:
            raise KeyboardInterrupt


def _base(name: str, folder: Path) -> tuple[bytes, dict]:
    """A checkpoint with 2 of 4 streams done, and the whole run's result."""
    if name not in _BASE:
        game = GAMES[name]
        whole = simulate(game, ROUNDS, seed=5, streams=STREAMS).to_dict()
        ck = folder / f"base-{name}.ckpt"
        with pytest.raises(RunInterrupted):
            from concurrent.futures import ThreadPoolExecutor
            with ThreadPoolExecutor(1) as ex:
                simulate(game, ROUNDS, seed=5, streams=STREAMS, checkpoint=ck, executor=ex, progress=_StopAfter(3))
        _BASE[name] = (ck.read_bytes(), whole)
    return _BASE[name]


def _resume(name: str, raw: bytes, folder: Path) -> str:
    """'same' (exact result), or 'refused' (a CheckpointError); anything else fails the test."""
    ck = folder / f"m-{name}.ckpt"
    ck.write_bytes(raw)
    try:
        got = simulate(GAMES[name], ROUNDS, seed=None, streams=STREAMS, checkpoint=ck).to_dict()
    except CheckpointError:
        return "refused"
    assert got == _base(name, folder)[1]
    return "same"


def _mutate(raw: bytes, rng: random.Random) -> bytes:
    b = bytearray(raw)
    kind = rng.randrange(5)
    if kind == 0:  # flip bits
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
    elif kind == 1:  # truncate
        del b[rng.randrange(len(b)):]
    elif kind == 2:  # a byte replaced by a JSON-significant one
        b[rng.randrange(len(b))] = rng.choice(b'{}[]",:0123456789 e-')
    elif kind == 3:  # a slice duplicated
        i = rng.randrange(len(b))
        b[i:i] = b[i: i + rng.randint(1, 40)]
    else:  # whitespace inserted (the same JSON: must resume exactly)
        i = rng.choice([j for j, c in enumerate(b) if c in b",:"])
        b[i + 1:i + 1] = b" " * rng.randint(1, 3)
    return bytes(b)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32 - 1))
def test_mutated_checkpoints_resume_exactly_or_are_refused(tmp_path, name, seed):
    raw, _ = _base(name, tmp_path)
    assert _resume(name, _mutate(raw, random.Random(seed)), tmp_path) in ("same", "refused")


def test_an_unmutated_checkpoint_resumes_exactly(tmp_path):
    for name in GAMES:
        raw, _ = _base(name, tmp_path)
        assert _resume(name, raw, tmp_path) == "same"


@pytest.mark.slow
def test_fuzz_1000_mutated_checkpoints(tmp_path):
    """``python -m pytest -q -m slow tests/test_checkpoint_files.py -k fuzz -s``"""
    seen = {"same": 0, "refused": 0}
    rng = random.Random(21)
    for i in range(1200):
        name = sorted(GAMES)[i % len(GAMES)]
        raw, _ = _base(name, tmp_path)
        seen[_resume(name, _mutate(raw, rng), tmp_path)] += 1
    print(f"\n1200 mutated checkpoints: {seen['same']} resumed exactly, {seen['refused']} refused")
    assert sum(seen.values()) == 1200 and seen["refused"] > 0


def test_a_ctrl_c_during_the_write_never_counts_a_stream_the_file_lacks(tmp_path, monkeypatch):
    """The user trial: after Ctrl-C the message said one stream more than the file held (the stream
    was recorded as done before the atomic write that the interrupt stopped)."""
    import pyeval.checkpoint as cp

    ck = cp.open_checkpoint(tmp_path / "ck.json", {"game": "t", "config": "c", "rounds": 4, "streams": 2}, 1,
                            dump=lambda r: r, load=lambda j, d: d)
    ck.save(0, [1, 2])

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(cp, "write_atomic", interrupted)
    with pytest.raises(KeyboardInterrupt):
        ck.save(1, [3, 4])
    assert sorted(ck.done) == [0]
    monkeypatch.undo()
    again = cp.open_checkpoint(tmp_path / "ck.json", {"game": "t", "config": "c", "rounds": 4, "streams": 2}, 1,
                               dump=lambda r: r, load=lambda j, d: d)
    assert sorted(again.done) == [0] and again.done[0] == [1, 2]

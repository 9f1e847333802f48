"""Checkpoints of long simulations: finished streams saved to a file, a resumed run computes only
the rest and gives exactly the totals of an uninterrupted run.

Why this is exact: a run is ``(seed, streams, count)`` (:mod:`pyeval.parallel`); stream ``k`` always
plays the same trials with the same generator, whatever else happens, and the run's totals are the
exact integer sum of the streams' totals. So the streams already finished never need to run again.
What is invariant: the totals depend on the seed, the stream count and the count only -- not on the
executor, the workers, the order streams finish in, or how often the run was interrupted and
resumed. The unit of progress saved is one stream: for finer checkpoints use more streams
(``--streams 1024``: a stream is then a 1/1024 of the run). A stream cut off in the middle is played
again from its start.

The file is plain JSON data, never pickle (a checkpoint someone gives you cannot run code)::

    {"format": "pyeval-checkpoint", "version": 2, "pyeval": "0.1.0", "generator": "...",
     "run": {"game": ..., "config": ..., "rounds": ..., "streams": ...}, "seed": "123",
     "streams_done": {"0": <the game's stream totals as data>, ...}, "checksum": "sha256:..."}

* ``version`` (:data:`VERSION`) is the layout; ``pyeval`` the version that wrote it and
  ``generator`` (:data:`GENERATOR`) the random generator the streams were drawn with: a file of
  another version, pyeval or generator is refused (its streams may not be this run's).
* each stream's totals are the game's own data (``SimGame.dump_part``; e.g. a C stats struct as
  ``{"type": "pe_hu_stats", "size": 776, "base64": ...}``) and are checked on load against the
  game's result type, its size and the rounds of that stream (``SimGame.load_part``);
* ``checksum`` is the SHA-256 of the canonical JSON of everything else, so a corrupted or truncated
  file is refused rather than summed.

The file is read with a size bound (:data:`MAX_CHECKPOINT_BYTES`) and must be a regular file (never
``/dev/zero`` or a pipe). Writes are atomic (:func:`pyeval._files.write_atomic`), so a run killed
while saving leaves the previous checkpoint intact. Every fault is one :class:`CheckpointError`.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ._files import read_input, write_atomic
from ._version import __version__
from .errors import CheckpointError, SeedError
from .shoe.rng import resolve_seed

__all__ = ["Checkpoint", "open_checkpoint", "run_digest", "FORMAT", "VERSION", "GENERATOR", "MAX_CHECKPOINT_BYTES",
           "checksum"]

#: The ``format`` field of every pyeval checkpoint.
FORMAT = "pyeval-checkpoint"
#: The layout version of the file (1 was the pickle-based layout, no longer read).
VERSION = 2
#: The generator the streams are drawn with (csrc/pe_rng.h).
GENERATOR = "xoshiro256** seeded by SplitMix64, stream k jumped k times (2**128 draws each)"
#: Largest checkpoint file read (1 GiB).
MAX_CHECKPOINT_BYTES = 1 << 30

#: ``dump(result) -> JSON data`` and ``load(stream, data) -> result`` of one stream's totals.
Dump = Callable[[Any], Any]
Load = Callable[[int, Any], Any]


def run_digest(*parts: object) -> str:
    """A short, stable digest of a run's configuration (the ``repr`` of each part)."""
    return hashlib.sha256("\x1f".join(repr(p) for p in parts).encode()).hexdigest()[:32]


def checksum(data: dict[str, Any]) -> str:
    """``"sha256:<hex>"`` of the canonical JSON (sorted keys, no spaces) of ``data`` without its
    ``checksum`` field."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()


class Checkpoint:
    """The finished streams of one run, kept in a file (see the module docstring).

    Attributes:
        path: the file. run: the run's identity (JSON data). seed: the run's seed.
        done: ``{stream: totals}`` of the finished streams (pass to
            :func:`pyeval.parallel.run_streams` as ``done``, and :meth:`save` as ``on_done``).
        resumed: the streams read from the file when it was opened (empty for a new file).
    """

    def __init__(self, path: Path, run: dict[str, Any], seed: int, done: dict[int, Any], dump: Dump) -> None:
        self.path = path
        self.run = run
        self.seed = seed
        self.done = done
        self.resumed = tuple(sorted(done))
        self._dump = dump
        self._parts: dict[str, Any] = {str(k): dump(v) for k, v in sorted(done.items())}

    def save(self, stream: int, result: Any) -> None:
        """Record one finished stream and rewrite the file atomically. ``done`` names a stream only once
        the file holds it, so a Ctrl-C during the write never reports a stream the file lacks."""
        parts = {**self._parts, str(stream): self._dump(result)}
        self._write(parts)
        self._parts = parts
        self.done[stream] = result

    def _write(self, parts: dict[str, Any]) -> None:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "pyeval": __version__, "generator": GENERATOR,
                                "run": self.run, "seed": str(self.seed),
                                "streams_done": dict(sorted(parts.items(), key=lambda kv: int(kv[0])))}
        data["checksum"] = checksum(data)
        write_atomic(self.path, json.dumps(data, allow_nan=False), what="checkpoint", error=CheckpointError)


def _run_difference(stored: object, run: dict[str, Any]) -> str:
    """What differs between the run a checkpoint file holds and this one, in words."""
    if not isinstance(stored, dict):
        return f"it holds {str(stored)[:60]!r}"
    words = {"game": "game", "config": "game settings", "rounds": "rounds", "streams": "streams"}
    diffs = [f"{words.get(k, k)} {stored.get(k)!r} there, {run.get(k)!r} here" if k != "config"
             else "other game settings (paytables, wagers, players)" for k in sorted(set(stored) | set(run))
             if stored.get(k) != run.get(k) and not (k == "config" and stored.get("game") != run.get("game"))]
    return "; ".join(diffs)[:300]


def _read(p: Path) -> dict[str, Any]:
    """The checked JSON of the checkpoint file ``p`` (format, version, pyeval, generator, checksum)."""
    raw = read_input(p, limit=MAX_CHECKPOINT_BYTES, what="checkpoint", error=CheckpointError)
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise CheckpointError(f"{p} is not a pyeval checkpoint (not JSON: {str(exc)[:80]})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        if isinstance(data, dict) and data.get("format") == "pyeval-checkpoint/1":
            raise CheckpointError(f"{p} is a checkpoint of an older pyeval (layout 1, results as pickle), "
                                  "which is no longer read; start the run again with a new file")
        raise CheckpointError(f"{p} is not a pyeval checkpoint")
    if data.get("version") != VERSION:
        raise CheckpointError(f"{p} is a pyeval checkpoint of layout version {str(data.get('version'))[:20]}; "
                              f"this pyeval reads version {VERSION}")
    if data.get("checksum") != checksum(data):
        raise CheckpointError(f"the checkpoint {p} is corrupted or was edited (its checksum does not match "
                              "its content); start the run again with a new file")
    if data.get("pyeval") != __version__:
        raise CheckpointError(f"the checkpoint {p} was written by pyeval {str(data.get('pyeval'))[:20]}, this is "
                              f"pyeval {__version__}: finish the run with that version, or start again")
    if data.get("generator") != GENERATOR:
        raise CheckpointError(f"the checkpoint {p} was drawn with another random generator "
                              f"({str(data.get('generator'))[:80]!r}); start the run again with a new file")
    return data


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number")


def open_checkpoint(path: str | os.PathLike[str], run: dict[str, Any], seed: object, *, dump: Dump,
                    load: Load) -> Checkpoint:
    """Open (resume) or start the checkpoint of a run.

    Args:
        path: the checkpoint file. If it exists it must be this run's: same ``run`` identity and, when
            ``seed`` is given, the same seed (``seed=None`` takes the file's seed, so the command that
            started the run resumes it unchanged).
        run: JSON data naming the run without its seed (game, configuration digest, count, streams).
        seed: the run's seed, or None (a fresh seed for a new file).
        dump: one stream's totals -> plain JSON data (the game's ``dump_part``).
        load: ``(stream, data)`` -> that stream's totals, checked (the game's ``load_part`` for the
            stream's rounds); raises CheckpointError for data that is not a valid result.
    Raises:
        CheckpointError: the file belongs to another run, is not a pyeval checkpoint of this version,
            is corrupted, truncated, edited, too large or not a regular file, or cannot be written.
        SeedError: a bad seed.
    """
    p = Path(path)
    run = json.loads(json.dumps(run))  # as it will read back
    if p.exists() or p.is_symlink():
        data = _read(p)
        if data.get("run") != run:
            raise CheckpointError(f"the checkpoint {p} belongs to another run: {_run_difference(data.get('run'), run)}; "
                                  "resume it with the options that started it, or give another file")
        text = data.get("seed")
        if not isinstance(text, str) or not text.isdigit() or len(text) > 78:
            raise CheckpointError(f"the checkpoint {p} has no valid seed")
        try:
            stored = resolve_seed(int(text))
        except SeedError:
            raise CheckpointError(f"the checkpoint {p} has no valid seed") from None
        if seed is not None and resolve_seed(seed) != stored:
            raise CheckpointError(f"the checkpoint {p} is for seed {stored}, not {seed}")
        raw = data.get("streams_done")
        if not isinstance(raw, dict):
            raise CheckpointError(f"the checkpoint {p} has no streams_done table")
        done: dict[int, Any] = {}
        for k, v in raw.items():
            if not (k.isdigit() and k.isascii() and str(int(k)) == k and int(k) < run.get("streams", 0)):
                raise CheckpointError(f"the checkpoint {p} names a stream {k[:20]!r} this run does not have")
            try:
                done[int(k)] = load(int(k), v)
            except CheckpointError as exc:
                raise CheckpointError(f"the checkpoint {p}: stream {k}: {exc}") from None
        return Checkpoint(p, run, stored, done, dump)
    ck = Checkpoint(p, run, resolve_seed(seed), {}, dump)
    ck._write(ck._parts)  # the seed is recorded before any stream runs
    return ck

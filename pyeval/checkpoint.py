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

The file is JSON: the run's identity (game, configuration digest, count, streams), its seed, and each
finished stream's totals. Writes are atomic (a temporary file renamed over the old one), so a run
killed while saving leaves the previous checkpoint intact. Results are stored as bytes (the games'
C totals) or as a restricted pickle that loads only pyeval's own result classes, plain Python
values and numpy arrays (never arbitrary objects).
"""
from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import pickle
from pathlib import Path
from typing import Any

from .errors import CheckpointError
from .shoe.rng import resolve_seed

__all__ = ["Checkpoint", "open_checkpoint", "run_digest"]

FORMAT = "pyeval-checkpoint/1"


def run_digest(*parts: object) -> str:
    """A short, stable digest of a run's configuration (the ``repr`` of each part)."""
    return hashlib.sha256("\x1f".join(repr(p) for p in parts).encode()).hexdigest()[:32]


class _Restricted(pickle.Unpickler):
    """Loads pyeval result classes, builtins containers and numpy arrays only."""

    _NUMPY = {("numpy", "ndarray"), ("numpy", "dtype"), ("numpy.core.multiarray", "_reconstruct"),
              ("numpy._core.multiarray", "_reconstruct"), ("numpy.core.multiarray", "scalar"),
              ("numpy._core.multiarray", "scalar")}
    _BUILTINS = {"tuple", "list", "dict", "int", "bytes", "str", "frozenset", "set", "bool", "float"}

    def find_class(self, module: str, name: str) -> Any:
        if (module == "builtins" and name in self._BUILTINS) or (module, name) in self._NUMPY \
                or (module == "fractions" and name == "Fraction") \
                or (module.startswith("pyeval.") and not name.startswith("_")):
            return super().find_class(module, name)
        raise CheckpointError(f"the checkpoint holds a {module}.{name}, which is not a pyeval result")


def _encode(value: object) -> dict[str, str]:
    if isinstance(value, bytes):
        return {"bytes": base64.b64encode(value).decode()}
    return {"pickle": base64.b64encode(pickle.dumps(value, protocol=4)).decode()}


def _decode(d: object) -> object:
    if not isinstance(d, dict) or len(d) != 1:
        raise CheckpointError("a stream's result in the checkpoint is not readable")
    (kind, text), = d.items()
    try:
        raw = base64.b64decode(str(text), validate=True)
    except ValueError:
        raise CheckpointError("a stream's result in the checkpoint is not valid base64") from None
    if kind == "bytes":
        return raw
    if kind == "pickle":
        try:
            return _Restricted(io.BytesIO(raw)).load()
        except CheckpointError:
            raise
        except Exception as exc:  # a truncated or edited file
            raise CheckpointError(f"a stream's result in the checkpoint cannot be read: {exc}") from None
    raise CheckpointError(f"unknown result kind {kind!r} in the checkpoint")


class Checkpoint:
    """The finished streams of one run, kept in a file (see the module docstring).

    Attributes:
        path: the file. run: the run's identity (JSON data). seed: the run's seed.
        done: ``{stream: totals}`` of the finished streams (pass to
            :func:`pyeval.parallel.run_streams` as ``done``, and :meth:`save` as ``on_done``).
    """

    def __init__(self, path: Path, run: dict[str, Any], seed: int, done: dict[int, object]) -> None:
        self.path = path
        self.run = run
        self.seed = seed
        self.done = done

    def save(self, stream: int, result: object) -> None:
        """Record one finished stream and rewrite the file atomically."""
        self.done[stream] = result
        self._write()

    def _write(self) -> None:
        data = {"format": FORMAT, "run": self.run, "seed": str(self.seed),
                "streams_done": {str(k): _encode(v) for k, v in sorted(self.done.items())}}
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(data, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except OSError as exc:
            raise CheckpointError(f"cannot write the checkpoint {self.path}: {exc.strerror or exc}") from None


def _run_difference(stored: object, run: dict[str, Any]) -> str:
    """What differs between the run a checkpoint file holds and this one, in words."""
    if not isinstance(stored, dict):
        return f"it holds {stored!r}"
    words = {"game": "game", "config": "game settings", "rounds": "rounds", "streams": "streams"}
    diffs = [f"{words.get(k, k)} {stored.get(k)!r} there, {run.get(k)!r} here" if k != "config"
             else "other game settings (paytables, wagers, players)" for k in sorted(set(stored) | set(run))
             if stored.get(k) != run.get(k) and not (k == "config" and stored.get("game") != run.get("game"))]
    return "; ".join(diffs)


def open_checkpoint(path: str | os.PathLike[str], run: dict[str, Any], seed: object) -> Checkpoint:
    """Open (resume) or start the checkpoint of a run.

    Args:
        path: the checkpoint file. If it exists it must be this run's: same ``run`` identity and, when
            ``seed`` is given, the same seed (``seed=None`` takes the file's seed, so the command that
            started the run resumes it unchanged).
        run: JSON data naming the run without its seed (game, configuration digest, count, streams).
        seed: the run's seed, or None (a fresh seed for a new file).
    Raises:
        CheckpointError: the file belongs to another run, is not a pyeval checkpoint, or cannot be
            read or written. SeedError: a bad seed.
    """
    p = Path(path)
    run = json.loads(json.dumps(run))  # as it will read back
    if p.exists():
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CheckpointError(f"cannot read the checkpoint {p}: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CheckpointError(f"{p} is not a pyeval checkpoint")
        if data.get("run") != run:
            raise CheckpointError(f"the checkpoint {p} belongs to another run: {_run_difference(data.get('run'), run)}; "
                                  "resume it with the options that started it, or give another file")
        try:
            stored = int(data["seed"])
        except (KeyError, TypeError, ValueError):
            raise CheckpointError(f"the checkpoint {p} has no valid seed") from None
        if seed is not None and resolve_seed(seed) != stored:
            raise CheckpointError(f"the checkpoint {p} is for seed {stored}, not {seed}")
        raw = data.get("streams_done")
        if not isinstance(raw, dict):
            raise CheckpointError(f"the checkpoint {p} has no streams_done table")
        done: dict[int, object] = {}
        for k, v in raw.items():
            if not str(k).isdigit():
                raise CheckpointError(f"the checkpoint {p} names a stream {k!r}")
            done[int(k)] = _decode(v)
        return Checkpoint(p, run, stored, done)
    ck = Checkpoint(p, run, resolve_seed(seed), {})
    ck._write()  # the seed is recorded before any stream runs
    return ck

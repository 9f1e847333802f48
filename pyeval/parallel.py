"""Simulation at scale: seeds, independent streams, mergeable totals, any ``concurrent.futures.Executor``.

Every simulate path in pyeval (:func:`pyeval.equity.equity`, :func:`pyeval.headsup.sim.simulate`,
:func:`pyeval.crisscross.sim.simulate`) follows one scheme:

* A run is ``(seed, streams, n)``. Stream ``k`` is the seed's xoshiro256** state jumped ``k`` times
  (:func:`stream_rng`; 2**128 draws apart, so streams never overlap). The ``n`` trials or rounds are
  split over the streams by :func:`split` (stream ``k`` gets ``n // streams`` plus one of the first
  ``n % streams``).
* Each stream runs in one task and returns sums (counts, totals, sums of squares); the run's result
  is their sum (:func:`add_cdata`). Integer sums are exact, so the result depends only on
  ``(seed, streams, n)``: not on the executor, the number of workers, or the order tasks finish.
  Running streams ``0..k-1`` on different machines and adding the totals gives exactly the run
  with ``streams=k``.
* ``executor``: any :class:`concurrent.futures.Executor` (a ``ProcessPoolExecutor``, a
  ``ThreadPoolExecutor`` -- the C calls release the GIL, so threads scale too -- or Dask's
  ``distributed.Client(...).get_executor()`` to go past one machine). ``None`` runs in this process;
  :func:`default_executor` gives a ``ProcessPoolExecutor`` over all local cores.
"""
from __future__ import annotations

import base64
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import (FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor,
                                as_completed, wait)
from contextlib import contextmanager
from typing import Any, TypeVar

from ._bindings import ffi, lib
from .errors import CheckpointError, RunInterrupted, SeedError, SimulationError
from .shoe.rng import resolve_seed, seeded_rng

__all__ = ["MAX_STREAMS", "split", "check_seed", "check_streams", "stream_rng", "rng_state",
           "rng_from_state", "add_cdata", "sum_cdata", "check_cdata", "dump_cdata", "load_cdata", "check_stop",
           "StreamStopped", "submit_stoppable", "stop_running", "deferred_sigint", "check_interrupt", "completed", "DEFAULT_STREAMS", "run_streams", "default_executor", "stop_executor",
           "worker_init", "cli_executor", "SCHEDULERS", "add_cli_options"]

#: Most streams a run may use.
MAX_STREAMS = 1 << 16
#: Streams of every simulation and Monte Carlo equity run by default: enough for 32 workers to share
#: and for a checkpoint to save progress 32 times during a run.
DEFAULT_STREAMS = 32

T = TypeVar("T")


def check_seed(seed: object) -> int:
    """A seed 0..2**256-1 (``None``: a fresh 256-bit seed from the OS, to be reported): pyeval's one
    seed policy, :func:`pyeval.shoe.rng.resolve_seed`. Raises SeedError."""
    return resolve_seed(seed)


def check_streams(streams: object) -> int:
    """A stream count 1..:data:`MAX_STREAMS`."""
    if isinstance(streams, bool) or not isinstance(streams, int) or not 1 <= streams <= MAX_STREAMS:
        raise SeedError(f"streams must be an int 1..{MAX_STREAMS}, got {streams!r}")
    return streams


def split(n: int, streams: int) -> list[int]:
    """How ``n`` trials are shared by ``streams`` streams: ``n // streams`` each, one more for the first
    ``n % streams``."""
    q, r = divmod(n, streams)
    return [q + (k < r) for k in range(streams)]


def stream_rng(seed: int, stream: int) -> Any:
    """A new ``pe_rng *`` (cffi) seeded with ``seed`` and jumped ``stream`` times (xoshiro256**):
    :func:`pyeval.shoe.rng.seeded_rng`."""
    return seeded_rng(seed, stream)


def rng_state(rng: Any) -> tuple[int, int, int, int]:
    """The four state words of a seeded ``pe_rng *`` (to continue a stream in another process)."""
    out = ffi.new("uint64_t[4]")
    lib.pe_rng_get_state(rng, out)
    return (int(out[0]), int(out[1]), int(out[2]), int(out[3]))


def rng_from_state(state: Sequence[int]) -> Any:
    """A ``pe_rng *`` continuing from :func:`rng_state` words."""
    rng = ffi.new("pe_rng *")
    if lib.pe_rng_set_state(rng, list(state)) != 0:
        raise SeedError("a generator state must be four 64-bit words, not all zero")
    return rng


def add_cdata(dst: Any, src: Any) -> None:
    """Add every numeric field (and array element) of the C struct ``src`` into ``dst`` (same type)."""
    for name, f in ffi.typeof(dst[0] if ffi.typeof(dst).kind == "pointer" else dst).fields:
        t = f.type
        if t.kind == "array":
            a, b = getattr(dst, name), getattr(src, name)
            if t.item.kind == "array":
                for i in range(t.length):
                    for j in range(t.item.length):
                        a[i][j] += b[i][j]
            else:
                for i in range(t.length):
                    a[i] += b[i]
        elif t.kind == "primitive":
            setattr(dst, name, getattr(dst, name) + getattr(src, name))
        else:  # pragma: no cover - no nested structs in the stats
            raise TypeError(f"cannot add field {name} of kind {t.kind}")


def check_cdata(ctype: str, raw: object) -> bytes:
    """``raw`` as the bytes of one C struct ``ctype``: exactly ``ffi.sizeof(ctype)`` of them.

    Raises: SimulationError for anything else (a C struct is never read past the bytes given)."""
    size = ffi.sizeof(ctype)
    if not isinstance(raw, (bytes, bytearray)) or len(raw) != size:
        got = f"{len(raw)} bytes" if isinstance(raw, (bytes, bytearray)) else type(raw).__name__
        raise SimulationError(f"a {ctype} is {size} bytes, got {got}")
    return bytes(raw)


def sum_cdata(ctype: str, parts: Sequence[bytes]) -> bytes:
    """The exact sum of C stats structs of type ``ctype`` (e.g. ``"pe_hu_stats"``) given as their raw
    bytes (how streams return them from other processes), as raw bytes.

    Raises: SimulationError when a part is not exactly one ``ctype`` (:func:`check_cdata`)."""
    acc = ffi.new(f"{ctype} *")
    for b in parts:
        add_cdata(acc, ffi.from_buffer(f"{ctype} *", bytearray(check_cdata(ctype, b))))
    return bytes(ffi.buffer(acc))


def dump_cdata(ctype: str, raw: bytes) -> dict[str, Any]:
    """One stream's C totals as checkpoint data: ``{"type": ctype, "size": bytes, "base64": ...}``."""
    return {"type": ctype, "size": ffi.sizeof(ctype), "base64": base64.b64encode(check_cdata(ctype, raw)).decode()}


def load_cdata(ctype: str, data: object, rounds: int) -> bytes:
    """The bytes of :func:`dump_cdata` data, checked: the type is ``ctype``, the size is this build's
    ``ffi.sizeof(ctype)`` and the struct's ``rounds`` field is ``rounds`` (the stream's share).

    Raises: CheckpointError, saying which of these is wrong."""
    size = ffi.sizeof(ctype)
    if not isinstance(data, dict) or set(data) != {"type", "size", "base64"}:
        raise CheckpointError(f"the result is not a {ctype} (expected the keys type, size, base64)")
    if data["type"] != ctype:
        raise CheckpointError(f"the result is a {str(data['type'])[:40]!r}, not a {ctype}")
    if data["size"] != size or isinstance(data["size"], bool):
        raise CheckpointError(f"the result is a {ctype} of {str(data['size'])[:20]} bytes; this build's is {size}")
    text = data["base64"]
    if not isinstance(text, str) or len(text) != 4 * ((size + 2) // 3):
        raise CheckpointError(f"the result's data is not {size} bytes")
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:
        raise CheckpointError("the result's data is not base64") from None
    if len(raw) != size or base64.b64encode(raw).decode() != text:
        raise CheckpointError(f"the result's data is not {size} bytes")
    got = ffi.from_buffer(f"{ctype} *", bytearray(raw)).rounds
    if got != rounds:
        raise CheckpointError(f"the result counts {got} rounds; this stream plays {rounds}")
    return raw


class StreamStopped(Exception):
    """Raised inside a stream running on a thread (``--scheduler threads``) when its run was
    stopped by Ctrl-C: the stream ends at its next chunk (:func:`check_stop`)."""


_local = threading.local()


def check_stop() -> None:
    """Called by every stream between two chunks (C calls): raises :class:`StreamStopped` when the
    run this thread works for was stopped (Ctrl-C). Threads cannot be killed, so this flag is how a
    thread pool's running streams stop within one chunk; a process pool's workers are ended instead
    and a serial run gets the ``KeyboardInterrupt`` itself."""
    ev = getattr(_local, "stop", None)
    if ev is not None and ev.is_set():
        raise StreamStopped("the run was interrupted")


def _with_stop(task: Callable[..., T], stop: threading.Event, *args: Any) -> T:
    """Run ``task(*args)`` on this thread with ``stop`` as the flag :func:`check_stop` reads."""
    _local.stop = stop
    try:
        return task(*args)
    finally:
        _local.stop = None


def submit_stoppable(executor: Executor, stop: threading.Event, task: Callable[..., T], *args: Any) -> Future[T]:
    """``executor.submit(task, *args)``; on a thread pool the task runs with ``stop`` as its
    :func:`check_stop` flag (process and Dask tasks are stopped by :func:`stop_executor`)."""
    if isinstance(executor, ThreadPoolExecutor):
        return executor.submit(_with_stop, task, stop, *args)
    return executor.submit(task, *args)


@contextmanager
def deferred_sigint(stop: threading.Event) -> Iterator[list[int] | None]:
    """While waiting on futures: Ctrl-C (SIGINT) sets ``stop`` and is remembered in the yielded list
    instead of raising ``KeyboardInterrupt`` wherever the main thread happens to be. A
    ``KeyboardInterrupt`` raised inside ``concurrent.futures`` (while it holds a future's lock, in
    ``as_completed`` or ``Thread.start``) can leave a lock held for ever, so a worker could never
    report its stream and the run would hang instead of stopping; :func:`completed` and
    :func:`check_interrupt` raise it at safe points instead. Yields None (nothing changed) off the
    main thread or when SIGINT has another handler than Python's default."""
    if threading.current_thread() is not threading.main_thread() \
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield None
        return
    hit: list[int] = []

    def handler(signum: int, frame: object) -> None:
        hit.append(signum)
        stop.set()

    old = signal.signal(signal.SIGINT, handler)
    try:
        yield hit
    finally:
        signal.signal(signal.SIGINT, old)


def check_interrupt(hit: list[int] | None) -> None:
    """Raise ``KeyboardInterrupt`` if a Ctrl-C was deferred (:func:`deferred_sigint`)."""
    if hit:
        raise KeyboardInterrupt


#: How often (seconds) a run waiting on its futures looks for a deferred Ctrl-C.
INTERRUPT_POLL = 0.1


def completed(futures: Iterable[Future[T]], hit: list[int] | None) -> Iterator[Future[T]]:
    """The futures as they complete (``as_completed``); with a deferred Ctrl-C (``hit`` not None)
    the wait wakes every :data:`INTERRUPT_POLL` seconds and raises ``KeyboardInterrupt`` outside
    ``concurrent.futures``' locks."""
    if hit is None:
        yield from as_completed(futures)
        return
    pending = set(futures)
    while pending:
        check_interrupt(hit)
        done, pending = wait(pending, timeout=INTERRUPT_POLL, return_when=FIRST_COMPLETED)
        for fut in done:
            check_interrupt(hit)
            yield fut


def stop_running(executor: Executor, stop: threading.Event, futures: Iterable[Future[Any]]) -> None:
    """Ctrl-C during a run: set ``stop``, cancel the tasks not started and stop the executor
    (:func:`stop_executor`); on a thread pool, wait until the running tasks have stopped (each at
    its next chunk, :func:`check_stop`), so no thread keeps working after the run."""
    stop.set()
    futures = list(futures)
    for fut in futures:
        fut.cancel()
    stop_executor(executor)
    if isinstance(executor, ThreadPoolExecutor):  # a cancelled future never runs, and wait() would
        wait([fut for fut in futures if not fut.cancelled()])  # wait on it for ever (never "notified")


#: How often (seconds) a worker process checks that the process that started it is still alive.
PARENT_CHECK_INTERVAL = 0.2


def worker_init(parent: int) -> None:
    """Initializer of every worker process pyeval starts (:func:`default_executor`).

    * Ctrl-C belongs to the parent: a terminal sends SIGINT to the whole process group, so the
      workers ignore it and the parent stops the run (:func:`run_streams`), instead of every worker
      printing a traceback.
    * Workers stop with their parent: a daemon thread checks every :data:`PARENT_CHECK_INTERVAL`
      seconds that the parent (``parent``, and the process that forked this one) is alive and ends
      the worker at once (``os._exit``) when it is not, even when the parent was killed with SIGKILL
      and could clean nothing up. The thread runs while a long C call holds no GIL (every pyeval C
      call releases it), so a busy worker stops as fast as an idle one. Portable (no ``prctl``).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent, os.getppid()), daemon=True,
                     name="pyeval-parent-watch").start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - exists, owned by someone else
        return True
    return True


def _watch_parent(parent: int, forked_by: int) -> None:
    while True:
        time.sleep(PARENT_CHECK_INTERVAL)
        if os.getppid() != forked_by or not _alive(parent):
            os._exit(1)


def default_executor(workers: int | None = None) -> ProcessPoolExecutor:
    """A ``ProcessPoolExecutor`` over ``workers`` processes (default: every local core) whose workers
    ignore Ctrl-C and stop with their parent (:func:`worker_init`)."""
    return ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1, initializer=worker_init,
                               initargs=(os.getpid(),))


def stop_executor(executor: Executor) -> None:
    """Stop a run now: cancel every task not started and, for a process pool, end its worker
    processes (their results are lost; the run's finished streams are kept by the caller). A
    thread pool's running tasks finish their current stream (threads cannot be stopped); Dask
    futures are cancelled."""
    if isinstance(executor, ProcessPoolExecutor):
        procs = list(getattr(executor, "_processes", {}).values())  # CPython keeps them here
        executor.shutdown(wait=False, cancel_futures=True)
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join(timeout=5)
    else:
        executor.shutdown(wait=False, cancel_futures=True)


def run_streams(task: Callable[[int, int], T], counts: Sequence[int], executor: Executor | None,
                progress: Callable[[int], None] | None = None, *,
                done: dict[int, Any] | None = None, on_done: Callable[[int, Any], None] | None = None) -> list[T]:
    """Run ``task(stream, n)`` for each stream with ``n = counts[stream] > 0``; results in stream order.

    ``task`` must be picklable for process or distributed executors (a module-level function or a
    ``functools.partial`` of one, with plain-data arguments). ``progress(n)`` is called as each
    stream finishes. With ``executor=None`` the tasks run here, one after another.

    ``done``: results of streams already finished (a resumed checkpoint, :mod:`pyeval.checkpoint`):
    they are not run again (``progress`` is told of them once, first). ``on_done(stream, result)``
    is called as each stream finishes (to write a checkpoint).

    Raises:
        RunInterrupted: Ctrl-C (KeyboardInterrupt) during the run. The tasks not started are
            cancelled, a process pool's workers are ended (:func:`stop_executor`) and a thread
            pool's running streams stop at their next chunk (:func:`check_stop`);
            ``partial`` holds ``{stream: result}`` of every finished stream and ``done`` their
            count of trials or rounds, so the caller can report them.
    """
    jobs = [(k, n) for k, n in enumerate(counts) if n > 0]
    out: dict[int, T] = {k: v for k, v in (done or {}).items() if k < len(counts) and counts[k] > 0}
    todo = [(k, n) for k, n in jobs if k not in out]
    resumed = sum(n for k, n in jobs if k in out)
    if resumed and progress is not None:
        progress(resumed)

    def finish(k: int, n: int, result: T) -> None:
        out[k] = result
        if on_done is not None:
            on_done(k, result)
        if progress is not None:
            progress(n)

    try:
        if executor is None:
            for k, n in todo:
                finish(k, n, task(k, n))
        elif _dask_client(executor) is not None:
            _run_on_dask(_dask_client(executor), task, todo, finish)
        else:
            _run_on_executor(executor, task, todo, finish, out)
    except KeyboardInterrupt:
        raise RunInterrupted(dict(sorted(out.items())), sum(n for k, n in jobs if k in out),
                             sum(counts)) from None
    return [out[k] for k, _ in jobs]


def _run_on_executor(executor: Executor, task: Callable[[int, int], T], todo: list[tuple[int, int]],
                     finish: Callable[[int, int, T], None], out: dict[int, T]) -> None:
    """:func:`run_streams` on a ``concurrent.futures`` executor: submit every stream, finish each as
    it completes; on Ctrl-C stop the running streams (threads check ``stop`` between chunks), keep
    those that had already ended, and re-raise."""
    stop = threading.Event()  # threads: the flag their streams check between chunks
    futures: dict[Future[T], tuple[int, int]] = {}
    with deferred_sigint(stop) as hit:
        try:
            for k, n in todo:
                check_interrupt(hit)
                futures[submit_stoppable(executor, stop, task, k, n)] = (k, n)
            for fut in completed(futures, hit):
                k, n = futures[fut]
                finish(k, n, fut.result())
        except KeyboardInterrupt:
            stop_running(executor, stop, futures)
            for fut, (k, n) in futures.items():  # streams that ended before the stop are kept
                if k not in out and fut.done() and not fut.cancelled() and fut.exception() is None:
                    finish(k, n, fut.result())
            raise


def _dask_client(executor: Executor) -> Any:
    """The ``distributed.Client`` behind Dask's ``Client.get_executor()``, else None."""
    if type(executor).__module__.startswith("distributed"):
        return getattr(executor, "_client", None)
    return None


def _run_on_dask(client: Any, task: Callable[[int, int], T], todo: list[tuple[int, int]],
                 finish: Callable[[int, int, T], None]) -> None:
    """Run the streams as Dask futures and wait on them here: a result lost with a worker that died
    is computed again by the scheduler and ``result()`` waits for it (the concurrent.futures
    adapter of ``distributed`` can report such a future as failed while it is being recomputed)."""
    import distributed

    futures = {client.submit(task, k, n, pure=False): (k, n) for k, n in todo}
    try:
        for fut in distributed.as_completed(list(futures)):
            k, n = futures[fut]
            finish(k, n, fut.result())
    except KeyboardInterrupt:
        client.cancel(list(futures))
        raise


SCHEDULERS = ("processes", "threads", "serial", "dask")


@contextmanager
def cli_executor(workers: int | None, scheduler: str | None) -> Iterator[Executor | None]:
    """The executor for a command line's ``--workers`` / ``--scheduler`` options.

    ``scheduler``: ``processes`` (a ``ProcessPoolExecutor``; the default when ``workers`` > 1),
    ``threads`` (a ``ThreadPoolExecutor``: the C calls release the GIL), ``serial`` (this process;
    the default for ``workers`` 1 or unset), ``dask`` (a local Dask cluster of ``workers``
    processes), or a Dask scheduler address such as ``tcp://10.0.0.5:8786`` (a cluster you started
    with ``dask scheduler`` / ``dask worker``). Dask needs the ``distributed`` package.
    """
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise SimulationError(f"workers must be an int >= 1, got {workers!r}")
    kind = scheduler or ("processes" if workers and workers > 1 else "serial")
    if kind == "serial":
        yield None
    elif kind == "processes":
        with default_executor(workers) as ex:
            yield ex
    elif kind == "threads":
        with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as ex:
            yield ex
    elif kind == "dask" or "://" in kind:
        try:
            import distributed
        except ImportError:
            raise SimulationError("--scheduler dask needs the 'distributed' package (pip install distributed)") from None
        if kind == "dask":
            with distributed.LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                                          dashboard_address=None) as cluster, distributed.Client(cluster) as c:
                yield c.get_executor()
        else:
            try:
                client = distributed.Client(kind)
            except (OSError, TimeoutError) as exc:  # no scheduler there (a mistyped address, a cluster not started)
                raise SimulationError(f"cannot reach the Dask scheduler at {kind}: {exc}") from None
            with client as c:
                yield c.get_executor()
    else:
        raise SimulationError(f"unknown scheduler {scheduler!r}: use one of {', '.join(SCHEDULERS)} or a Dask "
                        "address like tcp://host:8786")


def add_cli_options(p: Any, streams_default: int, *, checkpoint: bool = False) -> None:
    """Add ``--streams``, ``--workers`` and ``--scheduler`` to an argparse parser (and
    ``--checkpoint FILE`` for the simulations that keep one, :mod:`pyeval.checkpoint`)."""
    if checkpoint:
        p.add_argument("--checkpoint", metavar="FILE", default=None,
                       help="keep each finished stream in FILE; run the same command again to resume "
                            "(the totals equal an uninterrupted run's; use more --streams for finer steps)")
    p.add_argument("--streams", type=int, default=streams_default,
                   help=f"independent random streams (default {streams_default}); the result depends on the "
                        "seed, streams and count only, never on the workers")
    p.add_argument("--workers", type=int, default=None, help="worker processes/threads (default: all cores "
                   "with --scheduler processes, else 1)")
    p.add_argument("--scheduler", default=None, metavar="NAME",
                   help="processes, threads, serial, dask (a local Dask cluster) or a Dask scheduler "
                        "address tcp://host:8786 (default: processes when --workers > 1, else serial)")

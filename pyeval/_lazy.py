"""Names of a package loaded on first use (PEP 562 module ``__getattr__``), so ``import pyeval`` loads
only the evaluator, the cards and the shoe (issue 20 item 4; ``tests/test_import_time.py``).

A package lists ``{public name: submodule}`` and calls :func:`attach`; it imports the same names under
``if TYPE_CHECKING:`` so mypy and the API reference see every name with its type."""
from __future__ import annotations

import importlib
import os
import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def attach(package: str, names: Mapping[str, str], submodules: Iterable[str] = ()
           ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: ``names[name]`` is the submodule (relative,
    dotted) that defines ``name``; ``submodules`` are reachable as attributes. A name is imported on
    first access and then kept in the package, so later reads are plain attribute reads."""
    subs = frozenset(submodules)
    module = sys.modules[package]

    def __getattr__(name: str) -> Any:
        where = names.get(name)
        if where is None and name not in subs:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        _enter()
        try:
            if where is not None:
                value = getattr(importlib.import_module(f"{package}.{where}"), name)
            else:
                value = importlib.import_module(f"{package}.{name}")
        finally:
            _leave()
        setattr(module, name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(module)) | set(names) | subs)

    return __getattr__, __dir__


# Fork safety (docs/decisions/019-import-time.md, "Fork"): a lazy name read in one thread is an import,
# and importlib holds a per-module lock while it runs; ``os.fork`` in another thread at that moment
# copies the held lock into the child, where no thread will ever release it, so the child's first
# use of that name would block forever. A before-fork hook waits until no other thread is inside a
# lazy import and keeps new ones from starting until the fork is done. (Importing every lazy name in
# the hook instead would run stdlib modules' own at-fork registrations, such as logging's, halfway
# through a fork: their after-hooks would release locks their before-hooks never took.)
_busy = threading.Condition(threading.Lock())
_depth: dict[int, int] = {}  # thread id -> how many lazy imports it is inside


def _enter() -> None:
    me = threading.get_ident()
    with _busy:
        _depth[me] = _depth.get(me, 0) + 1


def _leave() -> None:
    me = threading.get_ident()
    with _busy:
        if _depth[me] == 1:
            del _depth[me]
            _busy.notify_all()
        else:
            _depth[me] -= 1


def _before_fork() -> None:
    me = threading.get_ident()
    _busy.acquire()  # held until the fork is done: no lazy import starts in between
    _busy.wait_for(lambda: not (_depth.keys() - {me}))  # the forking thread's own import cannot wait on itself


def _after_fork_in_child() -> None:
    global _busy
    me = threading.get_ident()
    mine = _depth.get(me)
    _depth.clear()  # the other threads are not in the child
    if mine:
        _depth[me] = mine
    _busy = threading.Condition(threading.Lock())


if hasattr(os, "register_at_fork"):  # POSIX; subprocess without preexec_fn does not run fork hooks
    os.register_at_fork(before=_before_fork, after_in_parent=lambda: _busy.release(),
                        after_in_child=_after_fork_in_child)

"""Names of a package loaded on first use (PEP 562 module ``__getattr__``), so ``import pyeval`` loads
only the evaluator, the cards and the shoe (issue 20 item 4; ``tests/test_import_time.py``).

A package lists ``{public name: submodule}`` and calls :func:`attach`; it imports the same names under
``if TYPE_CHECKING:`` so mypy and the API reference see every name with its type."""
from __future__ import annotations

import importlib
import sys
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
        if where is not None:
            value = getattr(importlib.import_module(f"{package}.{where}"), name)
        elif name in subs:
            value = importlib.import_module(f"{package}.{name}")
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        setattr(module, name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(module)) | set(names) | subs)

    return __getattr__, __dir__

"""The one place that imports the compiled module and checks it matches this package.

``lib`` is never public API: the typed modules wrap it and map status codes to exceptions.
"""
from __future__ import annotations

from pathlib import Path

from ._version import __version__
from .errors import NativeBuildError

try:
    from . import _fastcall
    from ._native import ffi, lib
except ImportError as exc:  # pragma: no cover - only on a broken install
    raise NativeBuildError(
        "pyeval's compiled modules (pyeval._native, pyeval._fastcall) are missing; install with `pip install .` "
        f"(or `pip install -e .` in a checkout): {exc}"
    ) from exc

#: ABI versions of the C components this Python code was written against.
EXPECTED_ABI = {"eval": 1}


def _check_build() -> None:
    built_for = ffi.string(lib.pe_native_version()).decode()
    if built_for != __version__:
        raise NativeBuildError(
            f"pyeval._native was built for pyeval {built_for}, but this is pyeval {__version__}: "
            "reinstall (`pip install .`) so the compiled module matches"
        )
    built = ffi.string(lib.pe_native_hash()).decode()
    if _fastcall.source_hash() != built:
        raise NativeBuildError(
            "pyeval._fastcall and pyeval._native were compiled from different sources: rebuild both "
            "(`pip install .`, or `python setup.py build_ext --inplace` in a checkout)"
        )
    if lib.pe_eval_abi() != EXPECTED_ABI["eval"]:
        raise NativeBuildError("pyeval._native evaluator ABI mismatch: rebuild the package")
    csrc = Path(__file__).resolve().parent.parent / "csrc"
    if (csrc / "pe_eval.h").exists():  # a source checkout (editable install): compare sources
        from ._build_hash import source_hash

        if built != source_hash(csrc):
            raise NativeBuildError(
                "pyeval._native is stale: csrc/ changed since it was compiled; "
                "rebuild with `pip install -e .`"
            )


_check_build()

ERR_CARD, ERR_DUP, ERR_COUNT, ERR_ARG = -1, -2, -3, -4

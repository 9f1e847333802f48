"""The binding layer: the one place that imports the compiled modules, checks they match this
package, and maps C status codes to pyeval exceptions.

``lib`` is never public API. Every other module reaches C through this module (``from
.._bindings import ffi, lib, check``); calls are type-checked against ``pyeval/_native.pyi``, which
``tools/gen_native_stub.py`` generates from the ``csrc/*.cdef`` files (``tests/test_bindings.py``
fails on drift). Status codes come from the cdef enums (:class:`Status`), never hard-coded.
"""
from __future__ import annotations

import enum
from collections.abc import Mapping
from pathlib import Path

from ._version import __version__
from .errors import (
    CardCountError,
    DuplicateCardError,
    EntropyError,
    EquityError,
    InvalidCardError,
    NativeBuildError,
    PyevalError,
    ShoeArgumentError,
    ShoeError,
    ShoeExhaustedError,
)

def _missing_modules_error(exc: ImportError) -> NativeBuildError:
    """The error for compiled modules that cannot be imported. From a source checkout that was never
    built in place (typically: Python started in the clone after ``pip install .``, so the folder
    shadows the installed package), say so plainly; the ImportError Python raises there talks about a
    "partially initialized module" and a circular import, which is not the problem."""
    package = Path(__file__).resolve().parent
    checkout = package.parent
    if (checkout / "csrc" / "pe_eval.h").exists() and (checkout / "setup.py").exists():
        installed = ""
        try:
            from importlib.metadata import PackageNotFoundError, distribution

            dist = distribution("pyeval-poker")
            where = Path(str(dist.locate_file("pyeval"))).resolve()
            if where != package:
                installed = f" (the installed pyeval-poker {dist.version} in {where.parent} is shadowed by it)"
        except (ImportError, PackageNotFoundError):
            pass
        return NativeBuildError(
            f"you are importing pyeval from the source checkout at {checkout}, which has no compiled modules"
            f"{installed}; run `pip install -e .` there (or `python setup.py build_ext --inplace`), or leave "
            "the folder to use the installed package"
        )
    return NativeBuildError(
        "pyeval's compiled modules (pyeval._native, pyeval._fastcall) are missing or cannot be loaded; "
        f"reinstall pyeval-poker (`pip install --force-reinstall pyeval-poker`): {exc}"
    )


try:
    from . import _fastcall
    from ._native import ffi, lib
except ImportError as exc:
    raise _missing_modules_error(exc) from None

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


class Status(enum.IntEnum):
    """Every status code the C components return (``PE_OK`` and the negative ``PE_*ERR_*`` enums of
    the cdef files), read from the compiled module."""

    OK = lib.PE_OK
    ERR_CARD = lib.PE_ERR_CARD  # a card outside 0..51
    ERR_DUP = lib.PE_ERR_DUP  # the same card twice
    ERR_COUNT = lib.PE_ERR_COUNT  # a wrong number of cards
    ERR_ARG = lib.PE_ERR_ARG  # any other invalid argument
    SHOE_EXHAUSTED = lib.PE_SHOE_ERR_EXHAUSTED  # more cards than remain
    SHOE_ENTROPY = lib.PE_SHOE_ERR_ENTROPY  # the operating system's random source failed
    SHOE_STATE = lib.PE_SHOE_ERR_STATE  # an operation the shoe's state does not allow
    SHOE_SECURE = lib.PE_SHOE_ERR_SECURE  # a seed or replay on a secure shoe
    SHOE_BUSY = lib.PE_SHOE_ERR_BUSY  # another thread is in a call on the same shoe or dealer (retry)
    EQUITY_NO_DEAL = lib.PE_EQ_ERR_NO_DEAL  # no deal is possible (ranges use up the cards)


#: The exception each status code raises unless a call site says otherwise.
DEFAULT_ERRORS: Mapping[int, type[PyevalError]] = {
    Status.ERR_CARD: InvalidCardError,
    Status.ERR_DUP: DuplicateCardError,
    Status.ERR_COUNT: CardCountError,
    Status.ERR_ARG: ShoeArgumentError,
    Status.SHOE_EXHAUSTED: ShoeExhaustedError,
    Status.SHOE_ENTROPY: EntropyError,
    Status.SHOE_STATE: ShoeArgumentError,
    Status.SHOE_SECURE: ShoeArgumentError,
    Status.SHOE_BUSY: ShoeError,  # normally retried (pyeval/shoe/_common.py); raised only if it escapes
    Status.EQUITY_NO_DEAL: EquityError,
}


#: What each status code means, for messages.
DESCRIPTIONS: Mapping[int, str] = {
    Status.ERR_CARD: "a card outside 0..51",
    Status.ERR_DUP: "the same card twice",
    Status.ERR_COUNT: "the wrong number of cards",
    Status.ERR_ARG: "an invalid argument",
    Status.SHOE_EXHAUSTED: "more cards than remain",
    Status.SHOE_ENTROPY: "the operating system's random source failed",
    Status.SHOE_STATE: "not allowed in the shoe's present state",
    Status.SHOE_SECURE: "not available for a secure random source",
    Status.SHOE_BUSY: "another thread is using the same shoe or dealer",
    Status.EQUITY_NO_DEAL: "no deal of the ranges without a shared card in 1,000,000 tries",
}


def check(status: int, what: str, errors: Mapping[int, type[PyevalError]] | None = None, *,
          message: str | None = None) -> int:
    """Return ``status`` when it is not an error (>= 0); else raise the exception mapped to it.

    Args:
        status: what a C function returned (a value or count >= 0, or a negative status code).
        what: the operation, for the message (``"shuffle"``, ``"pe_hu_simulate"``).
        errors: per-call overrides of :data:`DEFAULT_ERRORS` (e.g. ``{Status.ERR_ARG: SimulationError}``).
        message: the whole message, when the caller can say more than the status does (the bad row
            and card of a batch: ``"row 3: duplicate card As (51)"``); else it is built from
            ``what`` and :data:`DESCRIPTIONS`.
    Raises:
        PyevalError: the mapped subclass, naming the operation and the status; ``PyevalError`` itself
            for a code no mapping names.
    """
    if status >= 0:
        return status
    exc = (errors or {}).get(status) or DEFAULT_ERRORS.get(status, PyevalError)
    if message is not None:
        raise exc(message)
    try:
        name = Status(status).name
    except ValueError:
        name = "unknown status"
    raise exc(f"{what}: {DESCRIPTIONS.get(status, 'failed')} ({name}, {status})")


__all__ = ["ffi", "lib", "_fastcall", "Status", "DEFAULT_ERRORS", "DESCRIPTIONS", "check", "ERR_CARD", "ERR_DUP", "ERR_COUNT",
           "ERR_ARG", "NativeBuildError"]

# the names the modules of this package import (kept as plain ints for speed in hot paths)
ERR_CARD, ERR_DUP, ERR_COUNT, ERR_ARG = (int(Status.ERR_CARD), int(Status.ERR_DUP), int(Status.ERR_COUNT),
                                         int(Status.ERR_ARG))

"""Shared internals of :mod:`pyeval.shoe`: the C status codes, argument checks, status -> exception."""
from __future__ import annotations

from .._bindings import ERR_ARG, ERR_CARD, ERR_DUP, check, ffi, lib
from ..errors import (
    NativeBuildError,
    SeedError,
    ShoeArgumentError,
    ShoeTypeError,
)

__all__ = ["ffi", "lib", "ERR_ARG", "ERR_CARD", "ERR_DUP", "ERR_EXHAUSTED", "ERR_ENTROPY", "ERR_STATE",
           "ERR_SECURE", "check_int", "raise_status"]

if lib.pe_shoe_abi() != 1:  # pragma: no cover - only with a stale build
    raise NativeBuildError("pyeval._native shoe ABI mismatch: rebuild the package")

ERR_EXHAUSTED: int = lib.PE_SHOE_ERR_EXHAUSTED
ERR_ENTROPY: int = lib.PE_SHOE_ERR_ENTROPY
ERR_STATE: int = lib.PE_SHOE_ERR_STATE
ERR_SECURE: int = lib.PE_SHOE_ERR_SECURE


def check_int(value: object, what: str, lo: int, hi: int | None = None) -> int:
    """``value`` as an int in [lo, hi], else ShoeTypeError / ShoeArgumentError naming ``what``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise ShoeTypeError(f"{what} must be an int, got {value!r} ({type(value).__name__})")
    v = value.__index__()
    if v < lo or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise ShoeArgumentError(f"{what} must be {rng}, got {v}")
    return int(v)


#: How the shoe maps the C status codes (:func:`pyeval._bindings.check`, with these overrides).
_SHOE_ERRORS = {ERR_ARG: ShoeArgumentError, ERR_SECURE: SeedError, ERR_STATE: ShoeArgumentError}


def raise_status(st: int, what: str) -> None:
    """Raise the pyeval error for a negative C status ``st`` of a shoe operation described by ``what``
    (the binding layer's one mapping, :func:`pyeval._bindings.check`)."""
    check(st, what, _SHOE_ERRORS)
    raise ShoeArgumentError(f"{what} (status {st})")  # pragma: no cover - only for st >= 0

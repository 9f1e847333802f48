"""Shared internals of :mod:`pyeval.shoe`: the C status codes, argument checks, status -> exception."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from .._bindings import DEFAULT_ERRORS, ERR_ARG, ERR_CARD, ERR_DUP, Status, _fastcall, ffi, lib
from ..errors import NativeBuildError, PyevalError, SeedError, ShoeArgumentError, ShoeTypeError

__all__ = ["ffi", "lib", "ERR_ARG", "ERR_CARD", "ERR_DUP", "ERR_EXHAUSTED", "ERR_ENTROPY", "ERR_STATE",
           "ERR_SECURE", "ERR_BUSY", "check_int", "raise_status", "retry", "call", "handle"]

if lib.pe_shoe_abi() != 2:  # pragma: no cover - only with a stale build
    raise NativeBuildError("pyeval._native shoe ABI mismatch: rebuild the package")

# The shoe's hot calls (deal, burn and deal, shuffle) go through pyeval._fastcall, which calls these
# same C functions by address with the GIL held (no cffi call overhead; docs/decisions/042). Once per
# process: _fastcall refuses a second binding.
def _address(name: str) -> int:
    return int(ffi.cast("uintptr_t", ffi.addressof(lib, name)))


_fastcall.shoe_bind(_address("pe_shoe_shuffle_all"), _address("pe_shoe_deal"), _address("pe_shoe_burn_deal_packed"),
                    lib.pe_shoe_abi(), ffi.sizeof("pe_shoe"))


def handle(s: Any) -> object:
    """The ``_fastcall`` handle of a shoe's C struct ``s`` (a ``pe_shoe *``): it holds the struct's
    memory for its own life."""
    return _fastcall.shoe_handle(ffi.buffer(s))


_R = TypeVar("_R")
ERR_EXHAUSTED: int = Status.SHOE_EXHAUSTED
ERR_ENTROPY: int = Status.SHOE_ENTROPY
ERR_STATE: int = Status.SHOE_STATE
ERR_SECURE: int = Status.SHOE_SECURE


def check_int(value: object, what: str, lo: int, hi: int | None = None) -> int:
    """``value`` as an int in [lo, hi], else ShoeTypeError / ShoeArgumentError naming ``what``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise ShoeTypeError(f"{what} must be an int, got {value!r} ({type(value).__name__})")
    v = value.__index__()
    if v < lo or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise ShoeArgumentError(f"{what} must be {rng}, got {v}")
    return int(v)


#: The binding layer's status -> exception map, with the shoe's one difference: a seed, stream or
#: state given to a secure source is a :class:`SeedError`.
SHOE_ERRORS: dict[int, type[PyevalError]] = {**DEFAULT_ERRORS, Status.SHOE_SECURE: SeedError}
_DETAIL: dict[int, str] = {Status.SHOE_ENTROPY: ": the operating system's random source failed",
           Status.ERR_CARD: ": a card outside 0..51", Status.SHOE_SECURE: ": not available for a secure random source",
           Status.SHOE_STATE: ": not allowed in the shoe's state"}


def raise_status(st: int, what: str) -> NoReturn:
    """Raise the pyeval error for a negative C status ``st`` of a shoe operation described by ``what``
    (the classes of :data:`pyeval._bindings.DEFAULT_ERRORS`, see :data:`SHOE_ERRORS`)."""
    exc = SHOE_ERRORS.get(st, ShoeArgumentError)
    raise exc(what + _DETAIL.get(st, "" if st in SHOE_ERRORS else f" (status {st})"))


ERR_BUSY: int = Status.SHOE_BUSY


def retry(fn: Callable[..., _R], *args: Any) -> _R:
    """Call ``fn(*args)`` until it no longer returns ``PE_SHOE_ERR_BUSY`` (another thread is in a call
    on the same shoe or dealer: C never waits, Python does). Sleeps release the GIL; the back-off
    grows from 0 to 1 ms, so a thread waiting on a long batch call costs little CPU."""
    delay = 0.0
    while True:
        time.sleep(delay)
        st = fn(*args)
        if st != ERR_BUSY:
            return st
        delay = min(delay * 2 or 1e-5, 1e-3)


def call(fn: Callable[..., int], *args: Any) -> int:
    """``fn(*args)``, retried (:func:`retry`) while another thread holds the object's lock."""
    st = fn(*args)
    if st == ERR_BUSY:
        st = retry(fn, *args)
    return st

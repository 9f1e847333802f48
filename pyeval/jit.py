"""pyeval's C evaluator callable from ``numba.njit(nopython=True)`` code (optional: ``pip install
pyeval-poker[numba]``).

Importing this module registers pyeval's compiled cffi module with numba (numba supports cffi
out-of-line modules: ``numba.core.typing.cffi_utils.register_module``), so the functions below are
numba-compiled and call the C evaluator directly: a simulation written in numba pays no Python call
per hand. They can be called from Python too (numba compiles them on first use).

- :func:`eval5`, :func:`eval6`, :func:`eval7`: one hand from card ints 0..51 (``rank * 4 +
  suit``). Returns the value 1..7462 (higher is stronger, as :func:`pyeval.evaluate`) or, for bad
  cards, a negative status (-1 a card outside 0..51, -2 a card twice): nopython code cannot raise
  pyeval's exceptions, so check ``v < 0`` where the cards are not known to be valid.
- :func:`eval_batch`: ``cards`` a C-contiguous ``uint8`` array of shape ``(n, k)``, k in 5..7;
  ``out`` a C-contiguous ``uint16`` array of shape ``(n,)`` (the signature is fixed: other dtypes
  or layouts are a numba typing error, never a wrong pointer). Returns 0 or a negative status (-1/-2
  as above, -3 k not 5..7, -4 ``out`` too short, -5 ``out`` misaligned: viewing a buffer at an odd
  byte offset, which C may not store through); on a bad row, ``out`` holds the rows before it
  (the C batch is validated row by row, as :func:`pyeval.evaluate_batch`).

>>> import numba, numpy as np
>>> from pyeval.jit import eval7, eval_batch
>>> @numba.njit
... def royal_share(hands):
...     n = 0
...     for i in range(hands.shape[0]):
...         h = hands[i]
...         n += eval7(h[0], h[1], h[2], h[3], h[4], h[5], h[6]) == 7462
...     return n
>>> hands = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 1, 2, 3, 4, 5, 6]], dtype=np.uint8)
>>> royal_share(hands)
1
>>> out = np.zeros(2, dtype=np.uint16)
>>> eval_batch(hands, out), out.tolist()
(0, [7462, 7297])
>>> eval7(51, 51, 43, 39, 35, 0, 1)       # a card twice: a negative status, not an exception
-2
"""
from __future__ import annotations

try:
    import numba
    import numpy as np
    from numba.core.typing import cffi_utils
except ImportError as exc:  # pragma: no cover - exercised only without numba
    raise ImportError(f"pyeval.jit needs numba: pip install 'pyeval-poker[numba]' ({exc})") from exc

import sys

from . import _bindings  # noqa: F401  (imports and checks the compiled module before numba sees it)

_native = sys.modules[__package__ + "._native"]

__all__ = ["eval5", "eval6", "eval7", "eval_batch"]

cffi_utils.register_module(_native)
_lib = _native.lib
_ffi = _native.ffi


@numba.njit("int32(int64, int64, int64, int64, int64)", nogil=True)
def eval5(a: int, b: int, c: int, d: int, e: int) -> int:
    """Value of five cards (1..7462), or a negative status for bad cards."""
    if (a | b | c | d | e) >> 6:  # outside 0..63 (C's int would wrap it): not a card
        return -1
    return _lib.pe_eval5(a, b, c, d, e)


@numba.njit("int32(int64, int64, int64, int64, int64, int64)", nogil=True)
def eval6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
    """Value of the best five of six cards (1..7462), or a negative status for bad cards."""
    if (a | b | c | d | e | f) >> 6:
        return -1
    return _lib.pe_eval6(a, b, c, d, e, f)


@numba.njit("int32(int64, int64, int64, int64, int64, int64, int64)", nogil=True)
def eval7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """Value of the best five of seven cards (1..7462), or a negative status for bad cards."""
    if (a | b | c | d | e | f | g) >> 6:
        return -1
    return _lib.pe_eval7(a, b, c, d, e, f, g)


@numba.njit("int32(uint8[:, ::1], uint16[::1])", nogil=True)
def eval_batch(cards, out) -> int:  # type: ignore[no-untyped-def]
    """Evaluate every row of ``cards`` (uint8, (n, k), C-contiguous) into ``out`` (uint16, (n,)).
    Returns 0 or a negative status (see the module docstring)."""
    n, k = cards.shape
    if out.shape[0] < n:
        return -4
    if out.ctypes.data % 2:  # a uint16 store at an odd address is undefined behaviour in C
        return -5
    bad = np.zeros(1, np.uintp)
    return _lib.pe_eval_batch(_ffi.from_buffer(cards), n, k, _ffi.from_buffer(out), _ffi.from_buffer(bad))

"""Tables the hand evaluators share: the Omaha high table, one copy owned by ``pyeval._fastcall``
(filled there on first use), read through a read-only buffer by :mod:`pyeval.hands.evaluators`
(batches), :mod:`pyeval.hands.registry` (the showdown) and :mod:`pyeval.compat.phevaluator`."""
from __future__ import annotations

from .._bindings import _fastcall, ffi

__all__ = ["OMAHA_TABLES"]

OMAHA_TABLES = ffi.cast("uint16_t *", ffi.from_buffer(_fastcall.omaha_tables()))

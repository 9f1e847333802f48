"""Tables the hand evaluators share, built once at import: the Omaha lookup tables
(``pe_omaha_tables_init``), used by :mod:`pyeval.hands.evaluators` and :mod:`pyeval.hands.registry`."""
from __future__ import annotations

from .._bindings import ffi, lib

__all__ = ["OMAHA_TABLES"]

OMAHA_TABLES = ffi.new("uint16_t[]", int(lib.pe_omaha_tables_size()) // 2)
if lib.pe_omaha_tables_init(OMAHA_TABLES, int(lib.pe_omaha_tables_size())) != 0:  # pragma: no cover
    raise ImportError("pe_omaha_tables_init failed")

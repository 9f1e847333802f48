"""The binding layer (pyeval/_bindings.py): the only importer of the compiled module, one status
mapping read from the cdef enums, and a typed stub of the module generated from the cdef files."""
from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from pyeval import _bindings, _native, errors
from pyeval._bindings import DEFAULT_ERRORS, Status, check

ROOT = Path(__file__).resolve().parent.parent


def _generator():  # tools/gen_native_stub.py, imported by path
    spec = importlib.util.spec_from_file_location("gen_native_stub", ROOT / "tools" / "gen_native_stub.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.skipif(not (ROOT / "csrc").is_dir(), reason="needs the source tree")
def test_native_stub_matches_the_cdef_files() -> None:
    text = _generator().generate(ROOT / "csrc")
    assert (ROOT / "pyeval" / "_native.pyi").read_text() == text, \
        "pyeval/_native.pyi is out of date: run python tools/gen_native_stub.py"


def test_every_name_in_the_stub_exists_in_the_compiled_module() -> None:
    tree = ast.parse((ROOT / "pyeval" / "_native.pyi").read_text())
    lib_cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "_Lib")
    names = [n.name if isinstance(n, ast.FunctionDef) else n.target.id  # type: ignore[union-attr]
             for n in lib_cls.body if isinstance(n, (ast.FunctionDef, ast.AnnAssign))]
    assert len(names) > 80
    for name in names:
        assert hasattr(_native.lib, name), name
    for fn in (n for n in lib_cls.body if isinstance(n, ast.FunctionDef)):
        ctype = _native.ffi.typeof(getattr(_native.lib, fn.name))
        assert len(fn.args.posonlyargs) + len(fn.args.args) - 1 == len(ctype.args), fn.name


def test_only_the_binding_layer_imports_the_compiled_module() -> None:
    offenders = []
    for path in (ROOT / "pyeval").rglob("*.py"):
        if path.name == "_bindings.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[-1] == "_native":
                offenders.append(str(path.relative_to(ROOT)))
            if isinstance(node, ast.ImportFrom) and any(a.name == "_native" for a in node.names):
                offenders.append(str(path.relative_to(ROOT)))
            if isinstance(node, ast.Import) and any(a.name.endswith("_native") for a in node.names):
                offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, f"import pyeval._native only in pyeval/_bindings.py: {offenders}"


def test_status_codes_come_from_the_compiled_cdef_enums() -> None:
    lib = _native.lib
    assert Status.OK == lib.PE_OK == 0
    assert (Status.ERR_CARD, Status.ERR_DUP, Status.ERR_COUNT, Status.ERR_ARG) == (
        lib.PE_ERR_CARD, lib.PE_ERR_DUP, lib.PE_ERR_COUNT, lib.PE_ERR_ARG)
    assert Status.SHOE_EXHAUSTED == lib.PE_SHOE_ERR_EXHAUSTED and Status.EQUITY_NO_DEAL == lib.PE_EQ_ERR_NO_DEAL
    assert len({int(s) for s in Status}) == len(Status)
    assert _bindings.ERR_CARD == lib.PE_ERR_CARD


@pytest.mark.parametrize("status", [s for s in Status if s < 0], ids=lambda s: s.name)
def test_check_maps_every_error_status_to_a_pyeval_error(status: Status) -> None:
    with pytest.raises(DEFAULT_ERRORS[status]) as info:
        check(int(status), "the operation")
    assert status.name in str(info.value) and "the operation" in str(info.value)


def test_check_passes_values_through_and_takes_overrides() -> None:
    assert check(0, "x") == 0 and check(7462, "x") == 7462
    with pytest.raises(errors.TableRulesError):
        check(int(Status.ERR_ARG), "x", {Status.ERR_ARG: errors.TableRulesError})
    with pytest.raises(errors.PyevalError, match="unknown status"):
        check(-999, "x")

"""The build: cdef files agree with the public headers; the module is abi3; stale builds fail."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import pyeval
from pyeval import NativeBuildError, _native

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"


def _prototypes(text: str) -> set[str]:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"#[^\n]*", " ", text)
    protos = set()
    for m in re.finditer(r"([A-Za-z_][\w\s\*]*?\b(pe_\w+)\s*\([^;{)]*\))\s*;", text):
        protos.add(re.sub(r"\s+", " ", m.group(1)).replace(" *", "*").replace("* ", "*").strip())
    return protos


@pytest.mark.parametrize("cdef", sorted(CSRC.glob("*.cdef")), ids=lambda p: p.name)
def test_cdef_matches_header(cdef: Path):
    header = cdef.with_suffix(".h")
    assert header.exists(), f"{cdef.name} has no header {header.name}"
    declared, real = _prototypes(cdef.read_text()), _prototypes(header.read_text())
    assert declared, f"no declarations found in {cdef.name}"
    assert declared == real, f"differ: only in cdef {declared - real}, only in header {real - declared}"


def test_module_is_abi3_and_matches_version():
    assert ".abi3." in Path(_native.__file__).name
    assert _native.ffi.string(_native.lib.pe_native_version()).decode() == pyeval.__version__


def test_stale_build_fails_loudly(tmp_path):
    """A checkout whose csrc/ differs from what was compiled refuses to import."""
    import shutil

    if Path(pyeval.__file__).resolve().parent != ROOT / "pyeval":
        pytest.skip("tests run against an installed pyeval, not a checkout built in place")

    pkg = tmp_path / "pyeval"
    shutil.copytree(ROOT / "pyeval", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(CSRC, tmp_path / "csrc")
    code = "import pyeval; print('imported')"
    ok = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    with (tmp_path / "csrc" / "pe_eval.c").open("a") as f:
        f.write("\n/* an edit after the build */\n")
    stale = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert stale.returncode != 0 and "stale" in stale.stderr and NativeBuildError.__name__ in stale.stderr


def test_compiler_and_os_specifics_only_in_pe_compat():
    """GCC/clang builtins, 128-bit integers and OS entropy calls live in csrc/pe_compat.h only
    (issue 11): every other C file goes through its portable wrappers, and includes it."""
    banned = re.compile(r"__builtin_\w+|__int128|__uint128_t|\bgetrandom\s*\(|\bgetentropy\s*\(|"
                        r"\barc4random\w*\s*\(|BCryptGenRandom|__cpu_model")
    files = sorted(CSRC.glob("*.[ch]")) + sorted((CSRC / "python").glob("*.[ch]"))
    offenders = {}
    for path in files:
        if path.name == "pe_compat.h":
            continue
        text = re.sub(r"/\*.*?\*/", " ", path.read_text(), flags=re.S)
        hits = sorted(set(banned.findall(text)))
        if hits:
            offenders[path.name] = hits
    assert not offenders, f"use pe_compat.h instead: {offenders}"
    for path in files:
        if path.suffix == ".c" and "_tables" not in path.name:
            assert "pe_compat.h" in path.read_text(), f"{path.name} does not include pe_compat.h"


def test_generated_tables_are_defined_once():
    """The big tables are defined in one .c file each and only declared (extern) in headers."""
    for header in ("pe_eval_tables.h", "pe_variants_tables.h"):
        text = (CSRC / header).read_text()
        assert "= {" not in text and text.count("extern PE_INTERNAL") >= 5
        assert (CSRC / header.replace(".h", ".c")).exists()
    for path in CSRC.glob("*.c"):
        if "_tables" in path.name:
            continue
        # used (indexed) anywhere, never defined outside its tables file: no "PE_HASH[...] = {"
        assert not re.search(r"\bPE_HASH\s*\[[^\]]*\]\s*=\s*\{", path.read_text()), path.name


def test_checkout_without_compiled_modules_says_so(tmp_path):
    """Python started in a clone that was never built in place (e.g. after ``pip install .``): the
    error names the checkout and the two ways out, and says nothing about circular imports."""
    import shutil

    shutil.copytree(ROOT / "pyeval", tmp_path / "pyeval",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.dylib"))
    shutil.copytree(CSRC, tmp_path / "csrc")
    shutil.copy(ROOT / "setup.py", tmp_path / "setup.py")
    r = subprocess.run([sys.executable, "-c", "import pyeval"], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode != 0
    assert f"you are importing pyeval from the source checkout at {tmp_path}" in r.stderr
    assert "pip install -e ." in r.stderr and "leave the folder" in r.stderr
    assert "NativeBuildError" in r.stderr and "circular" not in r.stderr.lower()


def test_subprocess_tests_run_the_pyeval_under_test():
    """Every test that starts ``python -m pyeval...`` passes ``**pyeval_subprocess()`` (tests/conftest.py):
    ``python -m`` puts the current folder first on sys.path, so from an unpacked sdist (a ``pyeval/``
    without compiled modules) the child would import the source tree instead of the installed package."""
    offenders = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        text = path.read_text()
        for m in re.finditer(r'"-m",\s*"pyeval[".]', text):
            call = text[m.start():m.start() + 400]
            end = call.find("\n\n")
            if "pyeval_subprocess()" not in (call if end < 0 else call[:end]):
                offenders.append(f"{path.name}:{text.count(chr(10), 0, m.start()) + 1}")
    assert not offenders, f"add **pyeval_subprocess() to: {offenders}"

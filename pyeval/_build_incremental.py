"""Incremental C builds for development (issue 24 item 6): ``python setup.py build_ext --inplace``
after changing one ``csrc/*.c`` recompiles that one unit (and the units that embed the source hash:
the cffi glue ``_native.c`` and ``pe_fastcall.c``), then links.

setuptools compiles every source of an extension whenever one input is newer than the module.
:func:`incremental` wraps a ``build_ext`` class so that each object file is kept, per extension,
under ``build/temp.*/<extension name>/``, with a sidecar ``<object>.cmd`` recording the command it
was compiled with. A unit is recompiled when

* its object or sidecar is missing, or ``--force`` is given;
* the source, or a header it includes with ``#include "..."`` (recursively, found beside the
  source or in the include dirs), is newer than the object;
* the command changed: compiler, flags, include dirs, or the value of a macro the unit can see
  (a macro named in the unit or its local headers; every macro for a unit that includes
  ``Python.h``, where ``Py_LIMITED_API`` and the like matter).

Build input only: ``setup.py`` keeps this file out of the wheel (``BUILD_ONLY``). Standard library
only (it runs before pyeval is built). Tested by ``tests/test_build_incremental.py``.
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from typing import Any

_INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def local_headers(source: str, include_dirs: Sequence[str]) -> tuple[list[str], bool]:
    """Every header ``source`` includes with ``#include "..."``, recursively, that exists beside the
    including file or in ``include_dirs``; and whether ``Python.h`` is included (either form)."""
    seen: list[str] = []
    python = False
    todo = [source]
    while todo:
        path = todo.pop()
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        for kind, name in _INCLUDE.findall(text):
            if name == "Python.h":
                python = True
                continue
            if kind != '"':
                continue
            for d in [os.path.dirname(path), *include_dirs]:
                cand = os.path.normpath(os.path.join(d, name))
                if os.path.isfile(cand):
                    if cand not in seen:
                        seen.append(cand)
                        todo.append(cand)
                    break
    return seen, python


def command_stamp(source: str, headers: Sequence[str], python: bool, compiler: Any, macros: Sequence[Any] | None,
                  include_dirs: Sequence[str] | None, debug: int, extra_preargs: Sequence[str] | None,
                  extra_postargs: Sequence[str] | None) -> str:
    """What decides the object besides its inputs' contents, as JSON (see the module docstring)."""
    texts = []
    for p in [source, *headers]:
        try:
            texts.append(open(p, encoding="utf-8", errors="replace").read())
        except OSError:
            pass
    blob = "\n".join(texts)
    seen_macros = [list(m) for m in (macros or []) if python or re.search(rf"\b{re.escape(m[0])}\b", blob)]
    return json.dumps({
        "compiler": list(getattr(compiler, "compiler_so", None) or []),
        "macros": seen_macros,
        "include_dirs": list(include_dirs or []),
        "debug": bool(debug),
        "preargs": list(extra_preargs or []),
        "postargs": list(extra_postargs or []),
    }, sort_keys=True)


def is_stale(source: str, obj: str, headers: Sequence[str], stamp: str) -> bool:
    """True when ``obj`` must be compiled again (see the module docstring)."""
    cmd = obj + ".cmd"
    if not (os.path.isfile(obj) and os.path.isfile(cmd)):
        return True
    with open(cmd, encoding="utf-8") as f:
        if f.read() != stamp:
            return True
    built = os.path.getmtime(obj)
    return any(os.path.getmtime(p) > built for p in [source, *headers] if os.path.exists(p))


def incremental(base: type) -> type:
    """A subclass of the ``build_ext`` command ``base`` that compiles only stale units (module docstring)."""

    class build_ext(base):  # type: ignore[misc]
        #: the units compiled by the last build_extension call (read by the tests)
        compiled: list[str]

        def _units(self, ext: Any, sources: Sequence[str], macros: Any, include_dirs: Any, debug: int,
                   extra_preargs: Any, extra_postargs: Any) -> list[tuple[str, str, bool, str]]:
            """(source, object, stale?, command stamp) for each source of ``ext``."""
            compiler = self.compiler
            out_dir = os.path.join(self.build_temp, ext.name)
            objects: list[str] = compiler.object_filenames(sources, output_dir=out_dir)
            incs = list(include_dirs or []) + list(getattr(compiler, "include_dirs", []) or [])
            out = []
            for src, obj in zip(sources, objects):
                headers, python = local_headers(src, incs)
                stamp = command_stamp(src, headers, python, compiler, macros, include_dirs, debug,
                                      extra_preargs, extra_postargs)
                out.append((src, obj, is_stale(src, obj, headers, stamp), stamp))
            return out

        def build_extension(self, ext: Any) -> None:
            compiler = self.compiler
            orig = compiler.compile
            force = bool(getattr(self, "force", False))
            self.compiled = []
            # what setuptools' build_ext passes to compile() (so the check below sees the same units)
            macros = list(ext.define_macros or []) + [(u,) for u in ext.undef_macros or []]
            units = self._units(ext, ext.sources, macros, ext.include_dirs, self.debug, None,
                                ext.extra_compile_args or [])
            target = self.get_ext_fullpath(ext.name)
            if not force and os.path.exists(target) and not any(u[2] for u in units) \
                    and all(os.path.getmtime(u[1]) <= os.path.getmtime(target) for u in units):
                return  # every object is current and linked: nothing to do
            build = self

            def compile(sources: list[str], output_dir: str | None = None, macros: Any = None,
                        include_dirs: Any = None, debug: int = 0, extra_preargs: Any = None,
                        extra_postargs: Any = None, depends: Any = None) -> list[str]:
                todo = build._units(ext, sources, macros, include_dirs, debug, extra_preargs, extra_postargs)
                out_dir = os.path.join(build.build_temp, ext.name)
                for src, obj, stale, stamp in todo:
                    if force or stale:
                        orig([src], output_dir=out_dir, macros=macros, include_dirs=include_dirs, debug=debug,
                             extra_preargs=extra_preargs, extra_postargs=extra_postargs, depends=depends)
                        tmp = obj + ".cmd.tmp"
                        with open(tmp, "w", encoding="utf-8") as f:
                            f.write(stamp)
                        os.replace(tmp, obj + ".cmd")
                        build.compiled.append(src)
                return [u[1] for u in todo]

            compiler.compile = compile
            setattr(self, "force", True)  # past setuptools' whole-extension check: the units decide above
            try:
                super().build_extension(ext)
            finally:
                compiler.compile = orig
                setattr(self, "force", force)

    build_ext.__name__ = base.__name__
    build_ext.__qualname__ = base.__qualname__
    return build_ext

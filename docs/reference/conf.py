"""Sphinx configuration of pyeval's API reference (built from the docstrings).

Build: ``python -m sphinx -W --keep-going -b html docs/reference docs/reference/_build/html``;
the docstring examples run with ``-b doctest``. Needs the ``docs`` extra and a built pyeval
(``pip install -e ".[docs]"``).

One page per public module is generated at build time from the package itself (every module or
subpackage of ``pyeval`` whose name does not start with ``_``, command-line modules aside), so a
module that is added, moved or renamed needs no edit here.
"""
from __future__ import annotations

import pkgutil
import sys
from pathlib import Path

import pyeval

project = "pyeval"
author = "pyeval maintainers"
copyright = "2026, pyeval maintainers"
release = pyeval.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
]
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_custom_sections = [("Fields", "Attributes")]  # dataclasses document their fields so

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
# every parameter on a line of its own, with its type from the annotations
autodoc_typehints = "description"
autodoc_typehints_description_target = "all"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
# the docstring examples (``>>>`` blocks) run under ``-b doctest``
doctest_test_doctest_blocks = "default"
doctest_global_setup = "import pyeval"

html_theme = "furo"
html_title = f"pyeval {release}"
exclude_patterns = ["_build"]

HERE = Path(__file__).resolve().parent
PRIVATE_OR_CLI = ("_", "cli")


def public_modules() -> list[str]:
    """Top-level public modules and subpackages of pyeval, sorted."""
    names = []
    for info in pkgutil.iter_modules(pyeval.__path__):
        if info.name.startswith(PRIVATE_OR_CLI) or info.name == "__main__":
            continue
        names.append(f"pyeval.{info.name}")
    return sorted(names)


def write_api_pages() -> None:
    out = HERE / "api"
    out.mkdir(exist_ok=True)
    modules = public_modules()
    pages = {}
    for name in modules:
        title = f"``{name}``"
        # the page's examples run in the namespace of their module, as doctest.testmod runs them
        setup = f".. testsetup:: *\n\n   import {name}\n   from {name} import *\n\n"
        pages[f"{name}.rst"] = (f"{title}\n{'=' * len(title)}\n\n{setup}.. automodule:: {name}\n"
                                + reexported_data(name))
    toc = "\n".join(f"   {name}" for name in modules)
    pages["index.rst"] = (
        "API reference\n=============\n\n"
        "Everything in ``pyeval.__all__`` is importable from ``pyeval`` itself; each object is\n"
        "documented once, in the module that defines or exports it.\n\n"
        f".. toctree::\n   :maxdepth: 1\n\n{toc}\n"
    )
    for stale in out.glob("*.rst"):
        if stale.name not in pages:
            stale.unlink()
    for fname, text in pages.items():
        path = out / fname
        if not path.exists() or path.read_text() != text:  # unchanged files keep Sphinx's cache
            path.write_text(text)


def reexported_data(modname: str) -> str:
    """``autodata`` entries for the constants a package re-exports (in its ``__all__``) whose ``#:``
    comment is in the submodule defining them (``pyeval.hands.MAX_VALUE``, from ``hands/high.py``):
    autodoc documents module-level data only when the documented module itself has the comment.
    The entries' text is the defining module's comment (:func:`fill_reexported_data`)."""
    import importlib

    mod = importlib.import_module(modname)
    out = []
    for attr in getattr(mod, "__all__", ()):
        obj = getattr(mod, attr, _MISSING)
        if obj is _MISSING or callable(obj) or isinstance(obj, type) or has_own_comment(modname, attr):
            continue
        subs = [m for m in _pyeval_modules(modname) if m != modname]
        if defining_comment(subs, attr, obj) is not None:
            no_value = "   :no-value:\n" if len(repr(obj)) > 80 else ""
            out.append(f"\n.. autodata:: {modname}.{attr}\n{no_value}")
    return "".join(out)


def skip_namedtuple_fields(app, what, name, obj, skip, options):
    """NamedTuple fields are described in their class's ``Attributes:`` section already; their
    generated "Alias for field number N" properties would describe them a second time."""
    if (getattr(obj, "__doc__", None) or "").startswith("Alias for field number"):
        return True
    return None


_MISSING = object()


def defining_comment(owners: list[str], attr: str, obj: object) -> list[str] | None:
    """The ``#:`` comment of ``attr`` in the pyeval module that defines it, when that module is not
    the one whose page documents it: a package page (``pyeval.hands``) documents what it re-exports
    from its submodules (``MAX_VALUE`` of ``pyeval/hands/high.py``), and autodoc reads ``#:``
    comments of the documented module only. ``owners``: the modules to look in, in order."""
    from sphinx.pycode import ModuleAnalyzer
    for name in owners:
        mod = sys.modules.get(name)
        if mod is None or getattr(mod, attr, _MISSING) is not obj:
            continue
        try:
            docs = ModuleAnalyzer.for_module(name).find_attr_docs()
        except Exception:  # a module without source (compiled): no comments to read
            continue
        if ("", attr) in docs:
            return list(docs[("", attr)])
    return None


def _pyeval_modules(prefix: str = "pyeval") -> list[str]:
    return sorted(n for n in sys.modules if n == prefix or n.startswith(prefix + "."))


def fill_reexported_data(app, what, name, obj, options, lines):
    if what == "data" and "." in name:
        modname, attr = name.rsplit(".", 1)
        if has_own_comment(modname, attr):
            return
        comment = defining_comment([m for m in _pyeval_modules(modname) if m != modname], attr, obj)
        if comment is not None:
            lines[:] = comment


def has_own_comment(modname: str, attr: str) -> bool:
    """The module whose page documents ``attr`` has its own ``#:`` comment for it."""
    from sphinx.pycode import ModuleAnalyzer
    try:
        return ("", attr) in ModuleAnalyzer.for_module(modname).find_attr_docs()
    except Exception:
        return False


def setup(app):
    app.connect("autodoc-skip-member", skip_namedtuple_fields)
    app.connect("autodoc-process-docstring", fill_reexported_data)


write_api_pages()

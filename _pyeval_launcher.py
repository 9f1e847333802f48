"""The ``pyeval`` console script: :func:`pyeval.cli.main`, with its import guarded.

Importing pyeval (numpy, the compiled modules, every subpackage) takes a noticeable part of a
second, longer on a busy machine. The console script imports its entry point before any of
pyeval's code runs, so a Ctrl-C in that time printed a traceback from the import machinery, and a
broken installation (:class:`pyeval.errors.NativeBuildError`) one of several screens. This module
lives outside the ``pyeval`` package (importing ``pyeval.anything`` runs the package's whole
``__init__``), so it can catch both: "pyeval: interrupted" and exit 130, or the one-line error and
exit 2, as the command does for everything else (:class:`pyeval.cli.ExitCode`).
"""
from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> int:
    """Import and run :func:`pyeval.cli.main`; its exit code (130 for a Ctrl-C during the import)."""
    try:
        from pyeval.cli import main as run
    except KeyboardInterrupt:
        print("pyeval: interrupted", file=sys.stderr)
        return 130
    except ImportError as exc:  # NativeBuildError (a PyevalError) is an ImportError too
        if type(exc).__module__ != "pyeval.errors":
            raise
        print(f"pyeval: error: {exc}", file=sys.stderr)
        return 2
    return run()


if __name__ == "__main__":
    sys.exit(main())

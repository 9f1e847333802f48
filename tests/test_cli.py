"""The ``pyeval`` command line."""
from __future__ import annotations

import subprocess
import sys

from pyeval.cli import main
from conftest import pyeval_subprocess



def test_eval_describes(capsys):
    assert main(["eval", "As Ks Qs Js Ts 9h 9d", "Kh Kd 4s 4c 9h"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("As Ks Qs Js Ts 9h 9d: Royal Flush | best five As Ks Qs Js Ts")
    assert "Two Pair, Kings and Fours" in out[1]


def test_eval_bad_input_is_one_line(capsys):
    assert main(["eval", "As Ks Qs Js Xs"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyeval: error: invalid card 'Xs'") and "Traceback" not in err


def test_console_entry_point_runs():
    r = subprocess.run([sys.executable, "-m", "pyeval.cli", "eval", "2c 3d 4h 5s 7c"], capture_output=True, text=True,
                       **pyeval_subprocess())
    assert r.returncode == 0 and "High Card, Seven" in r.stdout


def test_eval_unquoted_cards_get_a_hint(capsys):
    assert main(["eval", "As", "Kd", "Qh", "Jc", "Tc"]) == 2
    err = capsys.readouterr().err
    assert "each argument is one hand: quote it" in err and "Traceback" not in err
    assert err.rstrip().endswith('e.g. pyeval eval "As Kd Qh Jc Tc"')  # the user's own cards, quoted
    assert main(["eval", "2c", "7d", "9h", "Js", "Kc", "3d"]) == 2
    assert capsys.readouterr().err.rstrip().endswith('e.g. pyeval eval "2c 7d 9h Js Kc 3d"')
    assert main(["eval", "As Ks Qs Js Ts", "Kd"]) == 2  # a hand, then a stray card: not one hand
    assert capsys.readouterr().err.rstrip().endswith('e.g. pyeval eval "As Kd Qh Jc Tc"')


def test_eval_json(capsys):
    import json

    assert main(["eval", "--json", "As Ks Qs Js Ts"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows == [{"cards": "As Ks Qs Js Ts", "value": 7462, "description": "Royal Flush",
                     "category": "ROYAL_FLUSH", "best_five": "As Ks Qs Js Ts"}]


def test_python_dash_m_pyeval():
    r = subprocess.run([sys.executable, "-m", "pyeval", "eval", "2c 3d 4h 5s 7c"], capture_output=True, text=True,
                       **pyeval_subprocess())
    assert r.returncode == 0 and "High Card, Seven" in r.stdout


def _launcher():
    """The console script's module (installed beside pyeval, or at the top of the checkout)."""
    import importlib.util
    from pathlib import Path

    try:
        import _pyeval_launcher
        return _pyeval_launcher
    except ImportError:
        path = Path(__file__).resolve().parent.parent / "_pyeval_launcher.py"
        spec = importlib.util.spec_from_file_location("_pyeval_launcher", path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod


def _failing_import(monkeypatch, exc: BaseException) -> None:
    import builtins

    real = builtins.__import__

    def fake(name, *args, **kwargs):
        if name == "pyeval.cli":
            raise exc
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)


def test_ctrl_c_while_pyeval_is_being_imported_is_not_a_traceback(monkeypatch, capsys):
    """New-user trial: Ctrl-C in the first moments of any command (pyeval still importing) printed
    a traceback from the import machinery; the console script now starts from _pyeval_launcher."""
    launcher = _launcher()
    _failing_import(monkeypatch, KeyboardInterrupt())
    assert launcher.main() == 130
    assert capsys.readouterr().err == "pyeval: interrupted\n"


def test_a_broken_installation_is_one_error_line(monkeypatch, capsys):
    from pyeval.errors import NativeBuildError

    launcher = _launcher()
    _failing_import(monkeypatch, NativeBuildError("pyeval's compiled modules are missing"))
    assert launcher.main() == 2
    assert capsys.readouterr().err == "pyeval: error: pyeval's compiled modules are missing\n"
    _failing_import(monkeypatch, ImportError("numpy is not installed"))  # not pyeval's: shown in full
    try:
        launcher.main()
    except ImportError as exc:
        assert "numpy" in str(exc)
    else:
        raise AssertionError("an ImportError that is not pyeval's was swallowed")


def test_the_console_script_is_the_launcher_and_runs_the_command(monkeypatch, capsys):
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.exists():
        meta = tomllib.loads(pyproject.read_text())
        assert meta["project"]["scripts"]["pyeval"] == "_pyeval_launcher:main"
        assert "_pyeval_launcher" in meta["tool"]["setuptools"]["py-modules"]
    monkeypatch.setattr(sys, "argv", ["pyeval", "eval", "2c 3d 4h 5s 7c"])
    assert _launcher().main() == 0
    assert "High Card, Seven" in capsys.readouterr().out

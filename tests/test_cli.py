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

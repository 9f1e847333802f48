"""One exit status per kind of failure across commands (pyeval.cli.ExitCode): a file that was read
but holds a hand that cannot be read or replayed is a failed check (1) in ``replay``, ``show``,
``convert`` and ``stats``; a file that cannot be read at all is 2."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyeval.cli import main

HAND = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 As7h', 'd dh p2 Jc6h', 'd dh p3 KsKh', 'p3 cbr AMOUNT', 'p1 f', 'p2 f']
players = ['a', 'b', 'c']
"""
HUGE = "9" * 32


@pytest.mark.parametrize("argv", [["replay", "--no-progress"], ["show"], ["convert", "--no-progress"],
                                  ["stats", "--no-progress"]])
def test_a_hand_with_an_amount_beyond_the_chip_limit_is_exit_1_everywhere(argv, tmp_path: Path, capsys) -> None:
    f = tmp_path / "h.phhs"
    f.write_text("[1]\n" + HAND.replace("AMOUNT", HUGE))
    args = [*argv, str(f)]
    if argv[0] == "convert":
        args += ["-o", str(tmp_path / "out.phhs")]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert f"exceeds pyeval's chip limit 2**63-1" in err and "Traceback" not in err, err


def test_an_amount_just_over_the_limit_names_the_limit_too(tmp_path: Path, capsys) -> None:
    f = tmp_path / "h.phh"
    f.write_text(HAND.replace("AMOUNT", str(2**63)))
    assert main(["replay", "--no-progress", str(f)]) == 1
    assert "exceeds pyeval's chip limit 2**63-1" in capsys.readouterr().err

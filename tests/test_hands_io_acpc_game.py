"""ACPC logs read with their game definition (issue 22 item 5): the ``.game`` format (limit/no-limit,
blinds, raise sizes, players, rounds, first player per round, cards, raise caps) and
``pyeval convert --from acpc --game FILE``. The logs and game files in tests/data/acpc are written for
these tests, modelled on the public ACPC format; every result in them was worked out by hand."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyeval.cli import main
from pyeval.hands_io import HandParseError, acpc, parse_file, parse_text
from pyeval.hands_io._phh import load
from pyeval.poker.phh import check_replay

DATA = Path(__file__).parent / "data" / "acpc"
GAME_2P = DATA / "holdem.limit.2p.game"
GAME_3P = DATA / "holdem.limit.3p.game"


def test_the_game_file_is_read_field_by_field():
    g = acpc.load_game(GAME_2P)
    assert g == acpc.ACPCGame(blinds=(10, 5), structure="F", stack=2**31 - 1, raise_sizes=(10, 10, 20, 20),
                              board_cards=(3, 1, 1), rounds=4, first_player=(1, 0, 0, 0), max_raises=3)
    assert g == acpc.LIMIT_2P and acpc.load_game(GAME_3P) == acpc.LIMIT_3P
    nl = acpc.parse_game("GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\n"
                         "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
                         "numBoardCards = 0 3 1 1\nEND GAMEDEF\n")
    assert nl == acpc.NO_LIMIT_2P


@pytest.mark.parametrize("log, game, n", [("limit_2p.log", GAME_2P, 5), ("limit_3p.log", GAME_3P, 2)])
def test_a_limit_log_with_its_game_file_converts_exactly(log, game, n, tmp_path, capsys):
    out = tmp_path / "o.phhs"
    assert main(["convert", "--from", "acpc", "--game", str(game), str(DATA / log), "-o", str(out),
                 "--no-progress"]) == 0
    assert f"hands: {n}  converted: {n}  unreadable hands: 0  disagree with the replay: 0" in capsys.readouterr().err
    hands = load(out)
    assert all(h.variant == "FT" and (h.small_bet, h.big_bet) == (10, 20) for h in hands)
    assert all(h.extra["_pyeval_max_raises"] == 3 and check_replay(h).matches for h in hands)
    assert main(["replay", str(out), "--no-progress"]) == 0
    # the results are the log's: each player's finishing stack is his stack plus the log's net
    for h, line in zip(hands, [x for x in (DATA / log).read_text().splitlines() if x.startswith("STATE")]):
        net = [int(x) for x in line.split(":")[4].split("|")]
        assert [b - a for a, b in zip(h.starting_stacks, h.finishing_stacks)] == net
        assert h.players == line.split(":")[5].split("|")


def test_hand_two_caps_the_raises_and_the_big_bets_come_on_the_turn():
    (h,) = [x.hand for x in parse_file(DATA / "limit_2p.log", "acpc", acpc_game=acpc.load_game(GAME_2P))
            if x.hand.extra["hand"] == "1"]
    # preflop: raise to 20, 30, 40 (3 raises) and a call; flop: bet and 3 raises to 80; turn: bet 100, fold
    assert [a for a in h.actions if " cbr " in a] == ["p2 cbr 20", "p1 cbr 30", "p2 cbr 40", "p1 cbr 10", "p2 cbr 20",
                                                      "p1 cbr 30", "p2 cbr 40", "p1 cbr 20"]
    assert h.finishing_stacks == [2**31 - 1 + 80, 2**31 - 1 - 80]


def test_without_its_game_file_a_limit_log_is_not_read_as_no_limit(tmp_path, capsys):
    out = str(tmp_path / "o.phhs")
    assert main(["convert", "--from", "acpc", str(DATA / "limit_2p.log"), "-o", out, "--no-progress"]) == 1
    assert "a no-limit raise without an amount" in capsys.readouterr().err


def test_a_raise_over_the_games_cap_is_refused():
    game = acpc.load_game(GAME_2P)
    (h,) = parse_text("STATE:9:rrrrc/cc/cc/cc:AsKs|QhQd/2c7h9d/Tc/3s:-50|50:A|B\n", "acpc", acpc_game=game)
    assert h.hand is not None and not h.verification.ok
    assert "the posted cap of 3 raises this betting round is reached" in h.verification.problems[0]
    (ok,) = parse_text("STATE:9:rrrc/cc/cc/cc:AsKs|QhQd/2c7h9d/Tc/3s:-40|40:A|B\n", "acpc", acpc_game=game)
    assert ok.verification.ok


@pytest.mark.parametrize("text, message", [
    ("GAMEDEF\nnumPlayers = 2\nEND GAMEDEF\n", "no 'limit' or 'nolimit' line"),
    ("GAMEDEF\nlimit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\nsomething\n", "not an ACPC"),
    ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = 10\nraiseSize = 10 10 20 20\n", "blind needs 2 values"),
    ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\nnumHoleCards = 4\n", "hold'em"),
    ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\nmaxRaises = 3 3 3 3\n",
     "maxRaises"),
    ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 20 20 20\n", "one size"),
    ("nolimit\nnumPlayers = 2\nnumRounds = 4\nblind = 100 50\nstack = 100 200\n", "stacks must be equal"),
    ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = ten 5\n", "whole numbers"),
    ("limit\nnumPlayers = 2\nnumRounds = 4\nblind = 10 5\nraiseSize = 10 10 20 20\nfirstPlayer = 3 1 1 1\n",
     "firstPlayer"),
])
def test_a_bad_game_file_is_refused_with_the_reason(text, message):
    with pytest.raises(HandParseError, match=message):
        acpc.parse_game(text, "g.game")


def test_game_is_for_acpc_only(capsys):
    assert main(["convert", "--from", "pokerstars", "--game", str(GAME_2P), str(DATA / "limit_2p.log"),
                 "-o", "/dev/null", "--no-progress"]) == 2
    assert "--game is an ACPC game definition" in capsys.readouterr().err

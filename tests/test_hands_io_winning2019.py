"""The Winning Poker Network's 2019+ export (``Hand #N - Holdem(No Limit) - $0.05/$0.10 - DATE UTC``),
read as a dialect on the one Stars-layout driver (:mod:`pyeval.hands_io.winning2019`): hands written
for these tests on the network's layout (no room's file is copied), each checked by replay, by every
player's result and by the room's own figures (total pot after rake and the jackpot fee)."""
from __future__ import annotations

from pyeval.hands_io import detect_format, parse_text


def _one(text: str):  # type: ignore[no-untyped-def]
    assert detect_format(text) == "winning2019"
    [h] = list(parse_text(text, "winning2019"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


RAKED = """\
Hand #900000001 - Holdem(No Limit) - $0.05/$0.10 - 2021/04/20 18:42:26 UTC
Fort Lupton 6-max Seat #1 is the button
Seat 1: Ann ($10.00)
Seat 2: Bob ($8.00)
Seat 3: Cid ($12.00)
Bob posts the small blind $0.05
Cid posts the big blind $0.10
*** HOLE CARDS ***
Dealt to Cid [4d 5h]
Ann raises $0.30 to $0.30
Bob calls $0.25
Cid folds
*** FLOP *** [Kd 7c 2s]
Main pot $0.70 | Rake $0.03
Bob checks
Ann bets $0.50
Bob calls $0.50
*** TURN *** [Kd 7c 2s] [9h]
Main pot $1.70 | Rake $0.08
Bob checks
Ann checks
*** RIVER *** [Kd 7c 2s 9h] [3c]
Main pot $1.70 | Rake $0.08
Bob bets $1.00
Ann calls $1.00
*** SHOW DOWN ***
Main pot $3.70 | Rake $0.15
Bob shows [Ks Qs] (a pair of Kings [Ks Kd Qs 9h 7c])
Ann shows [Jh Jd] (a pair of Jacks [Jh Jd Kd 9h 7c])
Bob collected $3.52 from main pot
*** SUMMARY ***
Total pot $3.52 | Rake $0.15 | JP Fee $0.03
Board [Kd 7c 2s 9h 3c]
Seat 1: Ann (button) showed [Jh Jd] and lost with a pair of Jacks [Jh Jd Kd 9h 7c]
Seat 2: Bob (small blind) showed [Ks Qs] and won $3.52 with a pair of Kings [Ks Kd Qs 9h 7c]
Seat 3: Cid (big blind) folded on the Pre-Flop
"""


def test_a_raked_showdown_pays_the_pot_after_rake_and_jackpot_fee() -> None:
    """The total pot is printed after the rake and the JP fee: 3.52 + 0.15 + 0.03 = every chip put in."""
    hh = _one(RAKED)
    assert hh.variant == "NT" and hh.blinds_or_straddles[:2] == [5, 10]
    assert hh.players == ["Bob", "Cid", "Ann"]  # from the small blind
    assert hh.extra["winnings"] == [352, 0, 0]
    assert hh.extra["_rake"] == 15 and hh.extra["_jackpot"] == 3 and hh.extra["_total_pot"] == 370
    assert hh.finishing_stacks == [800 - 180 + 352, 1200 - 10, 1000 - 180]


WALK = """\
Hand #900000002 - Holdem(No Limit) - $0.05/$0.10 - 2021/04/20 18:33:50 UTC
Fort Lupton 6-max Seat #1 is the button
Seat 1: Ann ($10.00)
Seat 2: Bob ($8.00)
Seat 3: Cid ($12.00)
Seat 4: Dan ($3.00) is sitting out
Bob posts the small blind $0.05
Cid posts the big blind $0.10
*** HOLE CARDS ***
Dealt to Ann [4c Kh]
Ann folds
Bob folds
Cid does not show
*** SUMMARY ***
Total pot $0.15
Seat 1: Ann (button) folded on the Pre-Flop and did not bet
Seat 2: Bob (small blind) folded on the Pre-Flop
Seat 3: Cid (big blind) did not show and won $0.15
"""


def test_a_walk_writes_no_return_and_pays_it_in_the_summary_only() -> None:
    """No ``collected`` line and no ``Uncalled bet`` line: the summary's ``did not show and won $0.15``
    counts the big blind's own 0.05 nobody called, which is his return, not a win."""
    hh = _one(WALK)
    assert hh.players == ["Bob", "Cid", "Ann"]  # Dan sits out
    assert hh.extra["winnings"] == [0, 10, 0] and hh.extra["_total_pot"] == 10
    assert hh.finishing_stacks == [795, 1205, 1000]


DEAD = """\
Hand #900000003 - Holdem(No Limit) - $0.05/$0.10 - 2021/04/20 18:50:00 UTC
Fort Lupton 9-max Seat #1 is the button
Seat 1: Ann ($10.00)
Seat 2: Bob ($8.00)
Seat 3: Cid ($12.00)
Seat 4: Dan ($6.00)
Bob posts the small blind $0.05
Cid posts the big blind $0.10
Dan posts dead $0.15
*** HOLE CARDS ***
Dealt to Ann [2c 3d]
Dan checks
Ann folds
Bob calls $0.05
Cid checks
*** FLOP *** [5s 3s 3c]
Main pot $0.35 | Rake $0.00
Bob checks
Cid checks
Dan checks
*** TURN *** [5s 3s 3c] [8d]
Main pot $0.35 | Rake $0.00
Bob checks
Cid checks
Dan checks
*** RIVER *** [5s 3s 3c 8d] [8c]
Main pot $0.35 | Rake $0.00
Bob checks
Cid checks
Dan checks
*** SHOW DOWN ***
Main pot $0.35 | Rake $0.00
Bob shows [Ac 6c] (two pair, Eights and Threes [8d 8c 3s 3c Ac])
Cid shows [Th Qs] (two pair, Eights and Threes [8d 8c 3s 3c Qs])
Dan shows [7d 8h] (a full house, Eights full of Threes [8h 8d 8c 3s 3c])
Dan collected $0.35 from main pot
*** SUMMARY ***
Total pot $0.35
Board [5s 3s 3c 8d 8c]
Seat 1: Ann (button) folded on the Pre-Flop and did not bet
Seat 2: Bob (small blind) showed [Ac 6c] and lost with two pair, Eights and Threes [8d 8c 3s 3c Ac]
Seat 3: Cid (big blind) showed [Th Qs] and lost with two pair, Eights and Threes [8d 8c 3s 3c Qs]
Seat 4: Dan showed [7d 8h] and won $0.35 with a full house, Eights full of Threes [8h 8d 8c 3s 3c]
"""


def test_a_dead_post_is_a_live_big_blind_and_dead_small_blind_not_a_bet_nobody_called() -> None:
    """``Dan posts dead $0.15``: 0.10 live (he checks his option) and 0.05 dead. He put in the most,
    but his dead 0.05 is no bet: no return of it is derived (the pot is 0.35, all paid out)."""
    hh = _one(DEAD)
    assert hh.players == ["Bob", "Cid", "Dan", "Ann"]
    assert hh.extra["winnings"] == [0, 0, 35, 0] and not hh.extra.get("_rake") and hh.extra["_total_pot"] == 35
    assert hh.extra["_dead_blinds"] == [0, 0, 5, 0]
    assert hh.finishing_stacks == [790, 1190, 600 - 15 + 35, 1000]


RUN_TWICE = """\
Hand #900000004 - Holdem(No Limit) - $0.05/$0.10 - 2021/04/16 19:14:14 UTC
Parachute 6-max Seat #3 is the button
Seat 1: Ann ($5.00)
Seat 2: Bob ($5.00)
Seat 3: Cid ($10.00)
Ann posts the small blind $0.05
Bob posts the big blind $0.10
*** HOLE CARDS ***
Dealt to Cid [2c 7h]
Cid folds
Ann raises $5.00 to $5.00 and is all-in
Bob calls $4.90 and is all-in
*** RUN IT TWICE ***
*** FLOP 1 *** [Ah 7c 2d]
Main pot 1 $5.00 | Rake $0.05
*** TURN 1 *** [Ah 7c 2d] [9s]
Main pot 1 $5.00 | Rake $0.05
*** RIVER 1 *** [Ah 7c 2d 9s] [4h]
Main pot 1 $5.00 | Rake $0.05
*** SHOW DOWN 1 ***
Main pot 1 $5.00 | Rake $0.05
Ann shows [As Kd] (a pair of Aces [As Ah Kd 9s 7c])
Bob shows [Qc Qd] (a pair of Queens [Qc Qd Ah 9s 7c])
Ann collected $4.95 from main pot 1
*** FLOP 2 *** [8h 6s 3c]
Main pot 2 $5.00 | Rake $0.05
*** TURN 2 *** [8h 6s 3c] [Jd]
Main pot 2 $5.00 | Rake $0.05
*** RIVER 2 *** [8h 6s 3c Jd] [5s]
Main pot 2 $5.00 | Rake $0.05
*** SHOW DOWN 2 ***
Main pot 2 $5.00 | Rake $0.05
Ann shows [As Kd] (high card Ace [As Kd Jd 8h 6s])
Bob shows [Qc Qd] (a pair of Queens [Qc Qd Jd 8h 6s])
Bob collected $4.95 from main pot 2
*** SUMMARY ***
Total pot $9.90 | Rake $0.10
Board 1 [Ah 7c 2d 9s 4h]
Seat 1: Ann (small blind) showed [As Kd] and won $4.95 with a pair of Aces [As Ah Kd 9s 7c]
Seat 2: Bob (big blind) showed [Qc Qd] and lost with a pair of Queens [Qc Qd Ah 9s 7c]
Seat 3: Cid (button) folded on the Pre-Flop and did not bet
Board 2 [8h 6s 3c Jd 5s]
Seat 1: Ann (small blind) showed [As Kd] and lost with high card Ace [As Kd Jd 8h 6s]
Seat 2: Bob (big blind) showed [Qc Qd] and won $4.95 with a pair of Queens [Qc Qd Jd 8h 6s]
Seat 3: Cid (button) folded on the Pre-Flop and did not bet
"""


def test_a_board_run_twice_pays_each_run_its_half() -> None:
    hh = _one(RUN_TWICE)
    assert hh.extra["winnings"] == [495, 495, 0] and hh.extra["_rake"] == 10
    assert hh.finishing_stacks == [495, 495, 1000]


TOURNEY = """\
Game Hand #900000005 - $1,000 GTD Tournament #77001 - Holdem(No Limit) - Level 2 (20.00/40.00)- 2022/07/11 01:11:44 UTC
Table '3' 6-max Seat #1 is the button
Seat 1: Ann (1500.00)
Seat 2: Bob (1500.00)
Seat 3: Cid (1500.00)
Dealt to Ann [Ks]
Dealt to Bob [7h]
Dealt to Cid [2d]
Ann posts ante 5.00
Bob posts ante 5.00
Cid posts ante 5.00
Bob posts the small blind 20.00
Cid posts the big blind 40.00
*** HOLE CARDS ***
Main pot 75.00
Dealt to Cid [Qd Jc]
Ann raises 100.00 to 100.00
Bob folds
Cid folds
Uncalled bet (60.00) returned to Ann
Ann does not show
*** SUMMARY ***
Total pot 115.00
Seat 1: Ann (button) did not show and won 115.00
Seat 2: Bob (small blind) folded on the Pre-Flop
Seat 3: Cid (big blind) folded on the Pre-Flop
"""


def test_a_tournament_level_header_antes_and_the_draw_for_the_button() -> None:
    """The one card each dealt for the button before the antes is no hole card; the level's blinds
    come from ``Level 2 (20.00/40.00)``; the winner is paid in the summary only."""
    hh = _one(TOURNEY)
    assert hh.players == ["Bob", "Cid", "Ann"]
    assert hh.antes == [5, 5, 5] and hh.blinds_or_straddles == [20, 40, 0] and hh.extra["winnings"] == [0, 0, 115]
    assert hh.finishing_stacks == [1475, 1455, 1500 - 45 + 115]


def test_a_player_reaching_a_cap_table_s_cap_is_capped_there() -> None:
    """A Cap table (decision 043): 30 big blinds a player in a hand ($3 at $0.05/$0.10); ``caps $2.20``
    is the chips Ann adds to reach it, and Bob's call of $1.20 caps him too."""
    text = (RAKED.replace("Fort Lupton 6-max", "Miramar (Cap) 6-max")
            .replace("Ann calls $1.00", "Ann caps $2.20\nBob calls $1.20").replace("Main pot $3.70", "Main pot $6.10")
            .replace("$3.52", "$5.92"))
    [h] = list(parse_text(text, "winning2019"))
    assert h.hand is not None and h.hand.extra["_pyeval_cap"] == 300 and h.verification.ok
    assert h.hand.finishing_stacks == [1092, 1190, 700]


def test_the_older_export_is_still_read_by_the_older_reader() -> None:
    assert detect_format("Game started at: 2019/2/16 8:37:2\n") == "winning"

"""Betfair Poker's text hand histories, read by the PartyPoker reader's Betfair dialect
(pyeval.hands_io.partypoker, room ``betfair``). The hands below are written for this test on the
layout of Betfair's 2009 export: ``***** Betfair Poker Hand History for Game N *****``, the limit
before the stakes (``PL $0.05/$0.10 Omaha``), ``Total number of active players``, ``raises to [$X]``
(the street total, where PartyPoker writes what a raise adds), ``goes all-in`` on its own line,
``** Showdown **``/``** Hand Conclusion **`` heads and no total pot: the rake is what the pots held
beyond what the winners took.
"""
from __future__ import annotations

from pyeval.hands_io import FORMATS, detect_format, parse_text

HAND = """***** Betfair Poker Hand History for Game 200000001 *****
PL $0.05/$0.10 Omaha - Sunday, October 18, 21:00:00 GMT 2009
Table Test 1 6-max (Real Money)
Seat 1 is the button
Total number of active players : 3
Seat 1: Alice ( $0.35 )
Seat 2: Bob ( $10 )
Seat 3: Carol ( $5.50 )
Bob posts small blind [$0.05]
Carol posts big blind [$0.10]
** Dealing down cards **
Dealt to Alice [ Jd, 8d, Ah, Ac ]
Alice goes all-in
Alice raises to [$0.35]
Bob calls [$0.30]
Carol calls [$0.25]
** Dealing Flop ** [ 2c, 7h, Ts ]
Bob bets [$0.50]
Carol calls [$0.50]
** Dealing Turn ** [ 3d ]
Bob checks
Carol checks
** Dealing River ** [ 9s ]
Bob checks
Carol checks
** Showdown **
Alice shows [ Jd, 8d, Ah, Ac ] a straight, Jack high
Bob shows [ Kc, Kh, 4h, 4s ] a pair of Kings
Carol shows [ 9h, 9c, Kd, Qc ] three of a kind, Nines
** Hand Conclusion **
Carol wins $1 from side pot #1 with three of a kind, Nines
Alice wins $1 from main pot with a straight, Jack high
************  Game 200000001 ends  ************
"""


def _one(text: str):
    [h] = list(parse_text(text, "betfair", source="betfair.txt"))
    return h


def test_detected_as_betfair_not_partypoker():
    assert "betfair" in FORMATS and detect_format(HAND) == "betfair"
    assert detect_format(HAND.replace("Betfair Poker Hand History", "Hand History")) == "partypoker"


def test_side_pot_rake_from_the_main_pot_and_per_player_results():
    h = _one(HAND)
    assert h.error is None and h.verification.ok, h.verification.problems
    hand = h.hand
    assert hand.variant == "PO" and hand.extra["venue"] == "Betfair" and hand.extra["hand"] == "200000001"
    assert hand.players == ["Bob", "Carol", "Alice"] and hand.starting_stacks == [1000, 550, 35]
    assert "p3 cbr 35" in hand.actions  # "raises to [$0.35]": the street total (all in)
    assert hand.extra["winnings"] == [0, 100, 100]
    assert hand.extra["_rake"] == 5  # $1.05 main pot, $1 paid: 5 cents taken; the side pot paid in full
    assert hand.finishing_stacks == [915, 565, 100] == list(hand.replay().stacks)


def test_raise_to_read_as_added_amount_would_not_verify():
    # Carol's "raises to [$0.30]" after her $0.10 blind puts in $0.20 more; read as $0.30 more (to
    # $0.40, above the pot limit), Bob's $0.20 call would not close the round and nothing would replay
    text = HAND.replace("Alice goes all-in\nAlice raises to [$0.35]\nBob calls [$0.30]\nCarol calls [$0.25]",
                        "Alice folds\nBob calls [$0.05]\nCarol raises to [$0.30]\nBob calls [$0.20]")
    text = text.replace("** Dealing Flop ** [ 2c, 7h, Ts ]\nBob bets [$0.50]\nCarol calls [$0.50]",
                        "** Dealing Flop ** [ 2c, 7h, Ts ]\nBob checks\nCarol checks")
    text = text.replace("Alice shows [ Jd, 8d, Ah, Ac ] a straight, Jack high\n", "")
    text = text.replace("Carol wins $1 from side pot #1 with three of a kind, Nines\n"
                        "Alice wins $1 from main pot with a straight, Jack high",
                        "Carol wins $0.57 from main pot with three of a kind, Nines")
    h = _one(text)
    assert h.error is None and h.verification.ok, h.verification.problems
    assert h.hand.starting_stacks == [1000, 550, 35] and h.hand.finishing_stacks == [970, 577, 35]
    assert h.hand.extra["_rake"] == 3

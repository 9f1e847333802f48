"""The Big Game's replayer hands (``LoadHand({...})``): hands written for these tests on the layout of
the show's web files (no file is copied), checked by replay and by the record's ``Wins``."""
from __future__ import annotations

import pytest

from pyeval.hands_io import detect_format, parse_text


def _p(seat: int, name: str, stack: int, cards: str = "") -> str:
    cs = ",".join(f'"{cards[i:i + 2]}"' for i in range(0, len(cards), 2))
    return f'{{Name:"{name}",Seat:{seat},Stack:{stack},Cards:[{cs}],CurrentBet:0}}'


def _hand(title: str, dealer: int, players: list[str], plays: str) -> str:
    return (f'LoadHand({{Hand:{{Title:"{title}",NumberOfSeats:6,PotSize:0,BigBlind:200,SmallBlind: 100,Ante:300,'
            f'CurrentBet:0,Dealer:{dealer},CardsOut:[],Players: [{",".join(players)}]}},Plays:[{plays}]}})')


BUTTON_ANTE = "URL: http://thebiggame.pokerstars.net/data/s1/w9/d9/d9h1.js\n" + _hand("t1", 4, [
    _p(1, "A. ONE", 10000, "h2c3"), _p(2, "B. TWO", 20000, "d4d5"), _p(3, "C. THREE", 10000, "s6s7"),
    _p(4, "D. FOUR", 10000, "c8c9"), _p(5, "E. FIVE", 10000, "htcj"), _p(6, "F. SIX", 10000, "dqdk")],
    '{Seat:1,Action:"Calls"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},{Seat:4,Action:"Calls"},'
    '{Seat:5,Action:"Calls"},{Seat:6,Action:"Checks"},{Seat:0,Action:"Deal",value:["sq","d2","s3"]},'
    '{Seat:5,Action:"Checks"},{Seat:6,Action:"Checks"},{Seat:1,Action:"Checks"},{Seat:4,Action:"Bets",value:500},'
    '{Seat:5,Action:"Folds"},{Seat:6,Action:"Folds"},{Seat:1,Action:"Folds"},{Seat:4,Action:"Wins",value:1600},'
    '{Seat:0,Action:"Deal",value:["ha"]}') + "\n"

EMPTY_SEAT = _hand("t2", 5, [
    _p(1, "A. ONE", 10000, "h2c3"), _p(2, "B. TWO", 10000, "sasq"), _p(3, "C. THREE", 10000, "s6s7"),
    _p(4, "D. FOUR", 10000, "c8h4"), _p(5, "E. FIVE", 10000, "c9d9"), '{Name:"",Seat:6,Stack:0,Cards:[],CurrentBet:0}'],
    '{Seat:2,Action:"Raises To",value:600},{Seat:3,Action:"Folds"},{Seat:4,Action:"Folds"},{Seat:5,Action:"Calls"},'
    '{Seat:1,Action:"Calls"},{Seat:0,Action:"Deal",value:["ha","dk","c7"]},{Seat:1,Action:"Checks"},'
    '{Seat:2,Action:"Bets",value:1000},{Seat:5,Action:"Calls"},{Seat:1,Action:"Folds"},{Seat:0,Action:"Deal",value:["s2"]},'
    '{Seat:2,Action:"Checks"},{Seat:5,Action:"Checks"},{Seat:0,Action:"Deal",value:["h9"]},{Seat:2,Action:"Checks"},'
    '{Seat:5,Action:"Checks"},{Seat:5,Action:"Wins",value:4100}') + "\n"

TAKES_BACK = _hand("t3", 1, [_p(1, "A. ONE", 8000, "hkhq"), _p(2, "B. TWO", 10000, "d4d5"), _p(3, "C. THREE", 3000, "cacj")],
    '{Seat:1,Action:"Raises To",value:600},{Seat:2,Action:"Folds"},{Seat:3,Action:"All-In"},{Seat:1,Action:"All-In"},'
    '{Seat:1,Action:"Takes Back",value:4700},{Seat:0,Action:"Deal",value:["d2","s7","h9"]},'
    '{Seat:0,Action:"Deal",value:["c4"]},{Seat:0,Action:"Deal",value:["s5"]},{Seat:3,Action:"Wins",value:6400}') + "\n"


def _stacks(text: str) -> dict[str, int]:
    [h] = list(parse_text(text, source="tbg.txt"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return dict(zip(h.hand.players, h.hand.finishing_stacks or []))


@pytest.mark.parametrize("text", [BUTTON_ANTE, EMPTY_SEAT, TAKES_BACK])
def test_the_big_game_files_are_detected(text: str) -> None:
    assert detect_format(text) == "thebiggame"


def test_the_dealer_posts_the_ante_and_wins_count_the_uncalled_bet() -> None:
    assert _stacks(BUTTON_ANTE) == {"E. FIVE": 9800, "F. SIX": 9800, "A. ONE": 9800, "B. TWO": 20000,
                                    "C. THREE": 10000, "D. FOUR": 10600}


def test_an_empty_small_blind_seat_posts_no_small_blind_and_the_cards_decide() -> None:
    assert _stacks(EMPTY_SEAT) == {"A. ONE": 9400, "B. TWO": 8400, "C. THREE": 10000, "D. FOUR": 10000,
                                   "E. FIVE": 12200}
    [bad] = list(parse_text(EMPTY_SEAT.replace('{Seat:5,Action:"Wins"', '{Seat:2,Action:"Wins"'), source="tbg.txt"))
    assert bad.hand is not None and bad.verification is not None and not bad.verification.ok


def test_takes_back_is_the_return_of_the_uncalled_all_in() -> None:
    assert _stacks(TAKES_BACK) == {"B. TWO": 9900, "C. THREE": 6400, "A. ONE": 4700}


@pytest.mark.parametrize("old, new, pot", [("value:6400", "value:6300", 6400), ("value:4700", "value:4600", 6500)])
def test_wins_and_returns_that_are_not_the_pot_are_read_and_reported(old: str, new: str, pot: int) -> None:
    """The room's figures do not add up: the hand is read with them, its total pot is the pot of the
    plays (so measure_hands counts it outside the rate) and the check fails."""
    [h] = list(parse_text(TAKES_BACK.replace(old, new, 1), fmt="thebiggame", source="tbg.txt"))
    assert h.hand is not None and h.verification is not None and not h.verification.ok
    assert h.hand.extra["_total_pot"] == pot != sum(h.hand.extra["winnings"])
    assert "are not the pot its plays make" in h.hand.extra["_notes"][0]


@pytest.mark.parametrize("old, new, why", [
    ('Action:"Folds"', 'Action:"Dances"', "does not read"),
    ("Stack:3000", "Stack:-3", "not a chip count"),
    ("LoadHand({Hand:", "LoadHand({Hand:{"[:0] + "LoadHand({Hand:[", "not readable"),
])
def test_a_bad_record_is_refused_with_its_reason(old: str, new: str, why: str) -> None:
    assert old in TAKES_BACK
    [h] = list(parse_text(TAKES_BACK.replace(old, new, 1), fmt="thebiggame", source="tbg.txt"))
    assert h.hand is None and h.error is not None and why in h.error


def test_a_player_with_no_cards_and_no_play_sits_out_and_posts_no_blind() -> None:
    text = (TAKES_BACK.replace('Cards:["d4","d5"]', "Cards:[]").replace('{Seat:2,Action:"Folds"},', "")
            .replace("value:6400", "value:6300"))
    [h] = list(parse_text(text, source="tbg.txt"))
    assert h.hand is not None and h.verification is not None and h.verification.ok, (h.error, h.verification)
    assert dict(zip(h.hand.players, h.hand.finishing_stacks or [])) == {"C. THREE": 6300, "A. ONE": 4700}
    assert h.hand.extra["_sitting_out"] == ["B. TWO"]


def test_a_return_that_is_not_the_uncalled_bet_is_refused_even_when_the_chips_add_up() -> None:
    text = TAKES_BACK.replace("value:4700", "value:4600").replace("value:6400", "value:6500")
    [h] = list(parse_text(text, fmt="thebiggame", source="tbg.txt"))
    assert h.hand is None and h.error is not None and "takes back" in h.error


def _imported(text: str):  # type: ignore[no-untyped-def]
    [h] = list(parse_text(text, fmt="thebiggame", source="tbg.txt"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


def test_an_empty_seat_after_the_dealer_moves_the_blinds_to_the_next_players() -> None:
    """The first to act preflop is the third player after the dealer: the two before him posted."""
    text = _hand("t4", 6, ['{Name:"",Seat:1,Stack:0,Cards:[],CurrentBet:0}', _p(2, "B. TWO", 10000, "h2c3"),
                           _p(3, "C. THREE", 10000, "d4d5"), _p(4, "D. FOUR", 10000, "s6s7"),
                           _p(5, "E. FIVE", 10000, "c8c9"), _p(6, "F. SIX", 10000, "dqdk")],
                 '{Seat:4,Action:"Folds"},{Seat:5,Action:"Folds"},{Seat:6,Action:"Raises To",value:600},'
                 '{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},{Seat:6,Action:"Wins",value:1200}')
    hh = _imported(text)
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {
        "B. TWO": 9900, "C. THREE": 9800, "D. FOUR": 10000, "E. FIVE": 10000, "F. SIX": 10300}


RUN_TWICE = _hand("t5", 1, [_p(1, "A. ONE", 10000, "hada"), _p(2, "B. TWO", 5000, "ckdk"),
                            _p(3, "C. THREE", 10000, "s8d8")],
                  '{Seat:1,Action:"Raises To",value:600},{Seat:2,Action:"Raises To",value:2000},{Seat:3,Action:"Folds"},'
                  '{Seat:1,Action:"Calls"},{Seat:0,Action:"Deal",value:["s2","h7","c9"]},{Seat:2,Action:"All-In"},'
                  '{Seat:1,Action:"Calls"},{Seat:0,Action:"Deal",value:["d3"]},{Seat:0,Action:"Deal",value:["c4"]},'
                  '{Seat:0,Action:"Deal",value:["sk"]},{Seat:0,Action:"Deal",value:["h5"]},'
                  '{Seat:1,Action:"Wins",value:5250},{Seat:2,Action:"Wins",value:5250}')


def test_a_board_run_twice_awards_each_run_on_its_own_board() -> None:
    hh = _imported(RUN_TWICE)
    assert hh.extra["_boards"] == ["2s7h9c3d4c", "2s7h9cKs5h"]
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"A. ONE": 9950, "B. TWO": 5250, "C. THREE": 9800}
    assert any("# run it 2 times" in a for a in hh.actions)
    # the second run's river to the aces instead: the record's split no longer holds
    [bad] = list(parse_text(RUN_TWICE.replace('"sk"', '"sa"'), fmt="thebiggame", source="tbg.txt"))
    assert bad.hand is not None and bad.verification is not None and not bad.verification.ok


def test_the_board_dealt_after_an_all_in_may_come_in_any_grouping() -> None:
    """Preflop all-in, the show turns the cards one, one, then three: one run of five cards."""
    text = _hand("t6", 1, [_p(1, "A. ONE", 10000, "h2c3"), _p(2, "B. TWO", 4000, "hkhq"), _p(3, "C. THREE", 10000, "s9c9")],
                 '{Seat:1,Action:"Folds"},{Seat:2,Action:"All-In"},{Seat:3,Action:"Calls"},'
                 '{Seat:0,Action:"Deal",value:["d2"]},{Seat:0,Action:"Deal",value:["d3"]},'
                 '{Seat:0,Action:"Deal",value:["s7","h4","c6"]},{Seat:3,Action:"Wins",value:8300}')
    hh = _imported(text)
    assert "_boards" not in hh.extra
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"A. ONE": 9700, "B. TWO": 0, "C. THREE": 14300}
    [bad] = list(parse_text(text.replace('["d3"]', '["d3","sa"]'), fmt="thebiggame", source="tbg.txt"))
    assert bad.hand is None and bad.error is not None and "not whole runs" in bad.error


def _six(dealer: int, plays: str, cards: tuple[str, ...] = ("h2c3", "d4d5", "s6s7", "c8c9", "htcj", "dqdk"),
         title: str = "t7") -> str:
    names = ("A. ONE", "B. TWO", "C. THREE", "D. FOUR", "E. FIVE", "F. SIX")
    return _hand(title, dealer, [_p(k + 1, names[k], 10000, cards[k]) for k in range(6)], plays)


def _result(text: str) -> dict[str, int]:
    hh = _imported(text)
    return dict(zip(hh.players, hh.finishing_stacks or []))


def test_a_fold_logged_before_the_players_turn_is_made_at_his_turn() -> None:
    """Dealer 1: blinds 2 and 3; the log has the first player after the big blind act after a fold
    made out of turn by the one left of him."""
    text = _six(1, '{Seat:5,Action:"Folds"},{Seat:4,Action:"Raises To",value:600},{Seat:6,Action:"Folds"},'
                   '{Seat:1,Action:"Folds"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},'
                   '{Seat:4,Action:"Wins",value:1200}')
    hh = _imported(text)
    folds = [a for a in hh.actions if a.endswith(" f")]
    assert hh.actions.index("p3 cbr 600") < hh.actions.index("p4 f")  # seat 5 folds after seat 4 raised
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {
        "B. TWO": 9900, "C. THREE": 9800, "D. FOUR": 10600, "E. FIVE": 10000, "F. SIX": 10000, "A. ONE": 9700}


def test_a_straddle_the_log_writes_at_the_straddlers_turn_is_posted_before_the_cards() -> None:
    """The dealer straddles after three folds: the straddle is a forced bet (the betting starts at
    his left: the blinds), the folds before it were out of turn; he raises when his turn comes."""
    text = _six(3, '{Seat:6,Action:"Folds"},{Seat:1,Action:"Folds"},{Seat:2,Action:"Folds"},'
                   '{Seat:3,Action:"Straddles",value:400},{Seat:4,Action:"Folds"},{Seat:5,Action:"Calls"},'
                   '{Seat:3,Action:"Raises To",value:1600},{Seat:5,Action:"Folds"},{Seat:3,Action:"Wins",value:2400}')
    assert _result(text) == {"D. FOUR": 9900, "E. FIVE": 9600, "F. SIX": 10000, "A. ONE": 10000,
                             "B. TWO": 10000, "C. THREE": 10500}


def test_plays_the_log_skips_are_the_checks_and_folds_that_put_no_chips_in() -> None:
    """The straddler's check of his option and the river's checks are not logged (the river ends in
    the showdown the cards decide); a player facing a bet the log never names again folded."""
    text = _six(1, '{Seat:4,Action:"Straddles",value:400},{Seat:5,Action:"Calls"},{Seat:6,Action:"Folds"},'
                   '{Seat:1,Action:"Folds"},{Seat:2,Action:"Calls"},{Seat:3,Action:"Calls"},'
                   '{Seat:0,Action:"Deal",value:["sa","s9","d8"]},{Seat:2,Action:"Checks"},{Seat:3,Action:"Checks"},'
                   '{Seat:4,Action:"Checks"},{Seat:5,Action:"Checks"},{Seat:0,Action:"Deal",value:["h3"]},'
                   '{Seat:2,Action:"Checks"},{Seat:3,Action:"Bets",value:600},{Seat:4,Action:"Folds"},'
                   '{Seat:5,Action:"Calls"},{Seat:2,Action:"Folds"},{Seat:0,Action:"Deal",value:["c4"]},'
                   '{Seat:5,Action:"Wins",value:3100}')
    assert _result(text) == {"B. TWO": 9600, "C. THREE": 9000, "D. FOUR": 9600, "E. FIVE": 12100, "F. SIX": 10000,
                             "A. ONE": 9700}
    # the river's showdown is the cards': with the sixes paired instead, the record disagrees
    [bad] = list(parse_text(text.replace('"c4"', '"c6"'), fmt="thebiggame", source="tbg.txt"))
    assert bad.verification is not None and not bad.verification.ok


def test_a_hand_the_log_ends_with_a_bet_unanswered_folds_the_player_facing_it() -> None:
    text = _six(1, '{Seat:4,Action:"Raises To",value:600},{Seat:5,Action:"Calls"},{Seat:6,Action:"Folds"},'
                   '{Seat:1,Action:"Folds"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},'
                   '{Seat:0,Action:"Deal",value:["sa","s9","d8"]},{Seat:4,Action:"Bets",value:1000},'
                   '{Seat:4,Action:"Wins",value:2800}')
    assert _result(text)["E. FIVE"] == 9400 and _result(text)["D. FOUR"] == 11200


def test_a_card_dealt_twice_is_taken_from_a_hand_that_is_never_shown() -> None:
    """Seat 2 folds holding the flop's ace (the camera misread his cards): his cards are unknown."""
    cards = ("h2c3", "sad5", "s6s7", "c8c9", "htcj", "dqdk")
    text = _six(1, '{Seat:4,Action:"Raises To",value:600},{Seat:5,Action:"Calls"},{Seat:6,Action:"Folds"},'
                   '{Seat:1,Action:"Folds"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},'
                   '{Seat:0,Action:"Deal",value:["sa","s9","d8"]},{Seat:4,Action:"Checks"},{Seat:5,Action:"Checks"},'
                   '{Seat:0,Action:"Deal",value:["h3"]},{Seat:4,Action:"Checks"},{Seat:5,Action:"Checks"},'
                   '{Seat:0,Action:"Deal",value:["h4"]},{Seat:4,Action:"Checks"},{Seat:5,Action:"Checks"},'
                   '{Seat:4,Action:"Wins",value:1800}', cards)
    assert _result(text)["D. FOUR"] == 11200 and _result(text)["B. TWO"] == 9900
    # the same card in a hand that is shown stays: the replay refuses the deal
    [bad] = list(parse_text(text.replace('"h3"', '"c9"'), fmt="thebiggame", source="tbg.txt"))
    assert bad.verification is not None and not bad.verification.ok


def test_a_call_logged_before_the_players_turn_stands_unless_the_action_changed() -> None:
    """The dealer (seat 6) calls before the three players after the big blind act: with them all
    folding his call is made at his turn; with a raise among them it is void and his own raise counts."""
    stands = _six(6, '{Seat:6,Action:"Calls"},{Seat:3,Action:"Folds"},{Seat:4,Action:"Folds"},{Seat:5,Action:"Folds"},'
                     '{Seat:1,Action:"Folds"},{Seat:2,Action:"Checks"},{Seat:0,Action:"Deal",value:["sa","s9","d8"]},'
                     '{Seat:2,Action:"Checks"},{Seat:6,Action:"Checks"},{Seat:0,Action:"Deal",value:["h3"]},'
                     '{Seat:2,Action:"Checks"},{Seat:6,Action:"Checks"},{Seat:0,Action:"Deal",value:["ck"]},'
                     '{Seat:2,Action:"Checks"},{Seat:6,Action:"Checks"},{Seat:6,Action:"Wins",value:800}')
    assert _result(stands)["F. SIX"] == 10300
    assert _result(OUT_OF_TURN)["F. SIX"] == 11300 and _result(OUT_OF_TURN)["E. FIVE"] == 9000


#: The dealer's call logged first, voided by a raise before his turn; a fold logged out of turn.
OUT_OF_TURN = _six(6, '{Seat:6,Action:"Calls"},{Seat:4,Action:"Folds"},{Seat:3,Action:"Folds"},'
                      '{Seat:5,Action:"Raises To",value:1000},{Seat:6,Action:"Raises To",value:3000},{Seat:1,Action:"Folds"},'
                      '{Seat:2,Action:"Folds"},{Seat:5,Action:"Folds"},{Seat:6,Action:"Wins",value:4600}') + "\n"


def test_a_winner_whose_cards_the_record_lacks_wins_unshown_and_the_bettor_gave_up() -> None:
    """The river's bettor (seat 4, cards on the hole camera) is called by seat 5, whose cards the
    record lacks and who wins: seat 4 mucked (gave up) rather than showing."""
    cards = ("h2c3", "d4d5", "s6s7", "c8c9", "", "dqdk")
    text = _six(1, '{Seat:4,Action:"Raises To",value:600},{Seat:5,Action:"Calls"},{Seat:6,Action:"Folds"},'
                   '{Seat:1,Action:"Folds"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},'
                   '{Seat:0,Action:"Deal",value:["sa","s9","d8"]},{Seat:4,Action:"Bets",value:1000},{Seat:5,Action:"Calls"},'
                   '{Seat:0,Action:"Deal",value:["h3"]},{Seat:4,Action:"Checks"},{Seat:5,Action:"Checks"},'
                   '{Seat:0,Action:"Deal",value:["c2"]},{Seat:4,Action:"Bets",value:2000},{Seat:5,Action:"Calls"},'
                   '{Seat:5,Action:"Wins",value:7800}', cards)
    hh = _imported(text)
    assert dict(zip(hh.players, hh.finishing_stacks or []))["E. FIVE"] == 14200
    assert "p3 sm" in hh.actions  # seat 4 (p3) shows nothing

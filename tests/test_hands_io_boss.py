"""Boss Media XML hands (issue 22): hands written for these tests on the network's layout (no file is
copied), checked by replay and by the record's pot, rake and wins."""
from __future__ import annotations

import re

from pyeval.hands_io import detect_format, parse_text


def _c(card: str) -> str:
    """A card as a ``LINK``: 13 * suit (c d h s) + rank (the ace 0 ... the king 12); ``b`` hidden."""
    if card == "b":
        return '<CARD LINK="b"></CARD>'
    return f'<CARD LINK="{13 * "cdhs".index(card[1]) + "A23456789TJQK".index(card[0])}"></CARD>'


def _act(kind: str, player: str = "", value: str = "", cards: str = "", **attrs: str) -> str:
    extra = "".join(f' {k}="{v}"' for k, v in attrs.items())
    who = f' PLAYER="{player}"' if player else ""
    val = f' VALUE="{value}"' if value else ""
    return f'<ACTION TYPE="{kind}"{who}{val}{extra}>' + "".join(_c(c) for c in cards.split()) + "</ACTION>"


def _hand(head: str, players: list[tuple[str, int, str, str]], acts: list[str], showdown: str) -> str:
    ps = "\n".join(f'<PLAYER NAME="{n}" SEAT="{s}" AMOUNT="{a}" STATE="STATE_PLAYING" DEALER="{d}"></PLAYER>'
                   for n, s, a, d in players)
    return f'<HISTORY ID="1" SESSION="s1.xml" TABLE="T 1" GAMETYPE="GAMETYPE_REAL" {head}>\n{ps}\n' + "\n".join(acts) + (
        f"\n{showdown}</HISTORY>")


CASH = '<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>\n' + _hand(
    'GAME="GAME_THM" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="USD" LIMIT="NL" STAKES="0.05/0.10" DATE="1280219334"',
    [("Hero", 1, "10.00", "N"), ("Villain", 2, "10.00", "N"), ("Other", 3, "10.00", "Y")],
    [_act("HAND_BLINDS", "Hero", "0.05", KIND="HAND_SB"), _act("HAND_BLINDS", "Villain", "0.10", KIND="HAND_BB"),
     _act("HAND_DEAL", "Hero", cards="As Ks"), _act("HAND_DEAL", "Villain", cards="b b"),
     _act("HAND_DEAL", "Other", cards="b b"), _act("ACTION_FOLD", "Other"), _act("ACTION_RAISE", "Hero", "0.30"),
     _act("ACTION_CALL", "Villain", "0.30"), _act("HAND_BOARD", value="BOARD_FLOP", cards="2c 7d 9h", POT="0.60"),
     _act("ACTION_BET", "Hero", "0.40"), _act("ACTION_CALL", "Villain", "0.40"),
     _act("HAND_BOARD", value="BOARD_TURN", cards="2c 7d 9h Kd", POT="1.33"), _act("ACTION_BET", "Hero", "1.00"),
     _act("ACTION_FOLD", "Villain")],
    '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="1.33" RAKE="0.07">\n<RESULT PLAYER="Other" WIN="0.00" HAND="$(STR_G_FOLD)">'
    '</RESULT>\n<RESULT PLAYER="Hero" WIN="1.33" HAND="$(STR_BY_DEFAULT)"></RESULT>\n'
    '<RESULT PLAYER="Villain" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT></SHOWDOWN>') + "</ROOT>\n"

TOURNEY = '<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>\n' + _hand(
    'GAME="GAME_THM" GAMEKIND="GAMEKIND_TOURNAMENT" TABLECURRENCY="CAD" LIMIT="NL" STAKES="10.00/20.00" DATE="1295490605"',
    [("A", 1, "995.00", "N"), ("B", 2, "495.00", "N"), ("C", 3, "1495.00", "N")],
    [_act("HAND_BLINDS", "B", "10.00", KIND="HAND_SB"), _act("HAND_BLINDS", "C", "20.00", KIND="HAND_BB"),
     _act("HAND_DEAL", "A", cards="Ah Ad"), _act("HAND_DEAL", "B", cards="b b"), _act("HAND_DEAL", "C", cards="b b"),
     _act("ACTION_ALLIN", "A", "995.00"), _act("ACTION_ALLIN", "B", "495.00"), _act("ACTION_FOLD", "C"),
     _act("HAND_BOARD", value="BOARD_FLOP", cards="2s 7h 9c", POT="1025.00"),
     _act("HAND_BOARD", value="BOARD_TURN", cards="2s 7h 9c 3d", POT="1025.00"),
     _act("HAND_BOARD", value="BOARD_RIVER", cards="2s 7h 9c 3d 4s", POT="1025.00")],
    '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="1025.00" RAKE="0.00">\n<RESULT PLAYER="A" WIN="1025.00" HAND="x">'
    + _c("Ah") + _c("Ad") + '</RESULT>\n<RESULT PLAYER="B" WIN="0.00" HAND="x">' + _c("Kc") + _c("Kd")
    + '</RESULT>\n<RESULT PLAYER="C" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT></SHOWDOWN>') + "</ROOT>\n"

DRAW = '<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>\n' + _hand(
    'GAME="GAME_FCD" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="FL" STAKES="2.00/4.00" DATE="1315776178"',
    [("Hero", 1, "50.00", "N"), ("Villain", 2, "40.00", "N"), ("Other", 3, "30.00", "Y")],
    [_act("HAND_BLINDS", "Hero", "1.00", KIND="HAND_SB"), _act("HAND_BLINDS", "Villain", "2.00", KIND="HAND_BB"),
     _act("HAND_DEAL", "Hero", cards="Ah Ad 7c 4s 9d"), _act("HAND_DEAL", "Villain", cards="b b b b b"),
     _act("HAND_DEAL", "Other", cards="b b b b b"), _act("ACTION_FOLD", "Other"), _act("ACTION_RAISE", "Hero", "4.00"),
     _act("ACTION_CALL", "Villain", "4.00"), _act("HAND_BOARD", POT="8.00", MAINPOT="8.00"),
     _act("CHANGECARD", "Hero", cards="Ah Ad Kc Ks 2h", COUNT="3"),
     _act("CHANGECARD", "Villain", cards="b b b b b", COUNT="2"), _act("ACTION_BET", "Hero", "4.00"),
     _act("ACTION_RAISE", "Villain", "8.00"), _act("ACTION_CALL", "Hero", "8.00")],
    '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="23.00" RAKE="1.00">\n<RESULT PLAYER="Hero" WIN="0.00" HAND="x">'
    + "".join(_c(c) for c in ["Ah", "Ad", "Kc", "Ks", "2h"]) + '</RESULT>\n<RESULT PLAYER="Villain" WIN="23.00" HAND="x">'
    + "".join(_c(c) for c in ["Qc", "Qd", "Qh", "3c", "5h"])
    + '</RESULT>\n<RESULT PLAYER="Other" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT></SHOWDOWN>') + "</ROOT>\n"


def _one(text: str):  # type: ignore[no-untyped-def]
    assert detect_format(text) == "boss"
    [h] = list(parse_text(text, "boss", source="boss.xml"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    return h.hand


def test_a_cash_hand_with_rake_and_the_uncalled_bet_returned() -> None:
    hh = _one(CASH)
    assert hh.players == ["Hero", "Villain", "Other"] and hh.extra["_button_seat"] == 3
    assert hh.extra["_rake"] == 7 and hh.extra["_total_pot"] == 140 and hh.extra["winnings"] == [133, 0, 0]
    assert hh.finishing_stacks == [1063, 930, 1000]
    assert hh.actions[0] == "d dh p1 AsKs"


def test_an_ante_the_record_does_not_write_is_derived_and_the_stacks_are_after_it() -> None:
    hh = _one(TOURNEY)
    assert hh.extra["_button_seat"] == 1 and hh.antes == [5, 5, 5]
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"A": 1525, "B": 0, "C": 1475}
    assert any("antes of 5 not written" in n for n in hh.extra["_notes"])


def test_five_card_draw_reads_the_discards_and_draws_from_the_hand_before_and_after() -> None:
    hh = _one(DRAW)
    assert hh.variant == "F5D" and hh.extra["_rake"] == 100 and hh.extra["winnings"] == [0, 2300, 0]
    assert hh.finishing_stacks == [3800, 5100, 3000]
    assert "p1 sd 7c4s9d" in hh.actions and "d dh p1 KcKs2h" in hh.actions and "p2 sd ????" in hh.actions
    [wrong] = list(parse_text(DRAW.replace('COUNT="3"', 'COUNT="2"'), "boss", source="boss.xml"))
    assert wrong.hand is None and wrong.error is not None and "changes 2 cards" in wrong.error
    [twice] = list(parse_text(DRAW.replace("</ACTION>\n<ACTION TYPE=\"ACTION_BET\"", "</ACTION>\n"
                                           "<ACTION TYPE=\"HAND_BOARD\"></ACTION>\n<ACTION TYPE=\"ACTION_BET\"", 1),
                              "boss", source="boss.xml"))
    assert twice.hand is None and twice.error is not None and "one draw and no board" in twice.error


def test_omatu_tables_are_omaha() -> None:
    omaha = CASH.replace("GAME_THM", "GAME_OMATU").replace(_c("As") + _c("Ks"), "".join(
        _c(c) for c in ["As", "Ks", "Qs", "Js"])).replace(_c("b") * 2, _c("b") * 4)
    assert _one(omaha).variant == "NO"


def test_a_win_that_is_not_the_pot_fails_the_check_and_other_games_are_refused_per_hand() -> None:
    [bad] = list(parse_text(CASH.replace('WIN="1.33"', 'WIN="1.30"'), "boss", source="boss.xml"))
    assert bad.hand is not None and bad.verification is not None and not bad.verification.ok
    [other] = list(parse_text(CASH.replace("GAME_THM", "GAME_XYZ"), "boss", source="boss.xml"))
    assert other.hand is None and other.error is not None and "not supported by the Boss reader yet" in other.error
    [cut] = list(parse_text(CASH.split("<SHOWDOWN")[0], "boss", source="boss.xml"))
    assert cut.hand is None and cut.error is not None and "the file ends mid-hand" in cut.error


def test_a_call_written_as_the_chips_it_adds_is_read_as_a_call() -> None:
    """(2013 files) the big blind calls a raise to 0.30 with ``VALUE="0.20"``: the chips it adds."""
    hh = _one(CASH.replace('"ACTION_CALL" PLAYER="Villain" VALUE="0.30"', '"ACTION_CALL" PLAYER="Villain" VALUE="0.20"'))
    assert hh.finishing_stacks == [1063, 930, 1000]


COMING_IN = '<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>\n' + _hand(
    'GAME="GAME_THM" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="SEK" LIMIT="NL" STAKES="5.00/10.00" DATE="1343341349"',
    [("ann", 1, "1000.00", "Y"), ("bob", 3, "1500.00", "N"), ("cat", 5, "2000.00", "N")],
    [_act("HAND_BLINDS", "ann", "5.00", KIND="HAND_SB"), _act("HAND_BLINDS", "bob", "10.00", KIND="HAND_BB"),
     _act("HAND_BLINDS", "cat", "5.00", KIND="HAND_SB"), _act("HAND_DEAL", "ann", cards="b b"),
     _act("HAND_DEAL", "bob", cards="b b"), _act("HAND_DEAL", "cat", cards="Ah Kh"),
     _act("ACTION_RAISE", "cat", "30.00"), _act("ACTION_FOLD", "ann"), _act("ACTION_FOLD", "bob")],
    '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="30.00" RAKE="0.00">\n<RESULT PLAYER="cat" WIN="30.00" HAND="x"></RESULT>\n'
    '<RESULT PLAYER="ann" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT>\n'
    '<RESULT PLAYER="bob" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT></SHOWDOWN>') + "</ROOT>\n"


def test_a_dealer_posting_the_small_blind_at_three_players_and_a_second_small_blind_coming_in() -> None:
    """The heads-up blinds kept as a third player comes in: the dealer (seat 1) posts the small blind,
    seat 3 the big blind, and seat 5 a dead small blind to come in; seat 5 acts first, so the button
    is the seat before the (first) small blind."""
    hh = _one(COMING_IN)
    assert hh.extra["_button_seat"] == 5 and hh.players == ["ann", "bob", "cat"]
    assert hh.finishing_stacks == [99500, 149000, 201500]
    assert any("the dealer (seat 1) posts the small blind" in n for n in hh.extra["_notes"])


def test_a_seat_with_no_chips_that_goes_all_in_is_a_record_that_does_not_add_up() -> None:
    text = CASH.replace('NAME="Other" SEAT="3" AMOUNT="10.00"', 'NAME="Other" SEAT="3" AMOUNT="0.00"').replace(
        '<ACTION TYPE="ACTION_FOLD" PLAYER="Other"></ACTION>', '<ACTION TYPE="ACTION_ALLIN" PLAYER="Other" VALUE="5.00">'
        '</ACTION>')
    [h] = list(parse_text(text, "boss", source="boss.xml"))
    assert h.hand is None and h.error is not None and "the room's figures do not add up: Other sits with 0 chips" in h.error


def test_with_no_dealer_marked_the_button_is_placed_by_the_first_big_blind_not_one_posted_to_come_in() -> None:
    text = '<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>\n' + _hand(
        'GAME="GAME_THM" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="CAD" LIMIT="NL" STAKES="0.05/0.10" DATE="1297983596"',
        [("Hero", 1, "10.00", "N"), ("Villain", 2, "10.00", "N"), ("Xtra", 3, "10.00", "N"), ("Other", 4, "10.00", "N")],
        [_act("HAND_BLINDS", "Villain", "0.10", KIND="HAND_BB"), _act("HAND_BLINDS", "Other", "0.10", KIND="HAND_BB"),
         _act("HAND_DEAL", "Hero", cards="As Ks"), _act("HAND_DEAL", "Villain", cards="b b"),
         _act("HAND_DEAL", "Xtra", cards="b b"), _act("HAND_DEAL", "Other", cards="b b"), _act("ACTION_FOLD", "Xtra"),
         _act("ACTION_RAISE", "Other", "0.30"), _act("ACTION_FOLD", "Hero"), _act("ACTION_FOLD", "Villain")],
        '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="0.20" RAKE="0.00">\n<RESULT PLAYER="Other" WIN="0.20" HAND="x"></RESULT>\n'
        '<RESULT PLAYER="Hero" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT>\n<RESULT PLAYER="Xtra" WIN="0.00" HAND="x">'
        '</RESULT>\n<RESULT PLAYER="Villain" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT></SHOWDOWN>') + "</ROOT>\n"
    hh = _one(text)
    assert hh.extra["_button_seat"] == 1 and hh.finishing_stacks == [990, 1000, 1010, 1000]


def test_a_tournament_flop_pot_below_the_chips_every_player_called_is_a_record_that_does_not_add_up() -> None:
    def hand(pot: str) -> str:
        return '<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>\n' + _hand(
            'GAME="GAME_THM" GAMEKIND="GAMEKIND_TOURNAMENT" TABLECURRENCY="CAD" LIMIT="NL" STAKES="25.00/50.00" '
            'DATE="1295492416"', [("A", 1, "1000.00", "N"), ("B", 2, "1000.00", "N"), ("C", 3, "1000.00", "Y")],
            [_act("HAND_BLINDS", "A", "25.00", KIND="HAND_SB"), _act("HAND_BLINDS", "B", "50.00", KIND="HAND_BB"),
             _act("HAND_DEAL", "A", cards="Ah Ad"), _act("HAND_DEAL", "B", cards="b b"), _act("HAND_DEAL", "C", cards="b b"),
             _act("ACTION_FOLD", "C"), _act("ACTION_CALL", "A", "50.00"), _act("ACTION_CHECK", "B"),
             _act("HAND_BOARD", value="BOARD_FLOP", cards="2s 7h 9c", POT=pot), _act("ACTION_BET", "A", "50.00"),
             _act("ACTION_FOLD", "B")],
            '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="100.00" RAKE="0.00">\n<RESULT PLAYER="A" WIN="100.00" HAND="x">'
            '</RESULT>\n<RESULT PLAYER="B" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT>\n'
            '<RESULT PLAYER="C" WIN="0.00" HAND="$(STR_G_FOLD)"></RESULT></SHOWDOWN>') + "</ROOT>\n"
    assert _one(hand("100.00")).finishing_stacks == [1050, 950, 1000]
    [h] = list(parse_text(hand("75.00"), "boss", source="boss.xml"))
    assert h.hand is None and h.error is not None
    assert "the room's figures do not add up: the pot at the flop is 75, but the actions before it put 100 in" in h.error


def test_a_hand_with_no_player_dealt_in_is_refused_by_the_reader() -> None:
    text = re.sub(r"<ACTION .*?</ACTION>\n?", "", CASH, flags=re.DOTALL)
    [h] = list(parse_text(text, "boss", source="boss.xml"))
    assert h.hand is None and h.error is not None and "the reader failed" not in h.error

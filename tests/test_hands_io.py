"""Hand-history import (pyeval.hands_io): every format's own test histories (tests/data/hands_io,
written from the public format descriptions), replay verification, per-hand errors naming the line,
and a differential test against pokerkit's parsers on the hands both read."""
from __future__ import annotations

import html
import re
import warnings
from decimal import Decimal
from pathlib import Path

import pytest

from pyeval.cards import parse_cards
from pyeval.errors import HandHistoryError
from pyeval.hands_io import (
    FORMATS,
    HandParseError,
    detect_format,
    parse_file,
    parse_text,
    read_text,
    verify,
)
from pyeval.hands_io import acpc
from pyeval.hands_io._phh import dumps, dumps_many, loads

DATA = Path(__file__).parent / "data" / "hands_io"


def _hands(name: str, **kw):
    return list(parse_file(DATA / name, **kw))


def _by_id(name: str):
    return {h.hand.extra.get("hand"): h for h in _hands(name) if h.hand is not None}


# ---------------------------------------------------------------------- every hand reads and verifies
@pytest.mark.parametrize("name, fmt, count", [
    ("pokerstars_holdem.txt", "pokerstars", 6),
    ("pokerstars_games.txt", "pokerstars", 10),
    ("fulltilt.txt", "fulltilt", 3),
    ("ipoker.xml", "ipoker", 2),
    ("acpc_nolimit.log", "acpc", 5),
])
def test_each_file_reads_every_hand(name, fmt, count):
    text = (DATA / name).read_text(encoding="utf-8")
    assert detect_format(text) == fmt
    hands = _hands(name)
    assert len(hands) == count
    for h in hands:
        assert h.error is None, h.error
        assert h.format == fmt
        # every hand replays through the engine and agrees (a board run twice, a cash-out too)
        assert h.verification.ok, (h.line, h.verification)


def test_pokerstars_fields_and_units():
    h = _by_id("pokerstars_holdem.txt")["200000000001"]
    hh = h.hand
    # p1 is the first seat after the button (seat 1): the small blind in seat 2
    assert hh.players == ["[bracket]", "tom (jr)", "zed", "Hero", "ali:baba"]
    assert hh.extra["seats"] == [2, 3, 4, 6, 1]
    assert hh.extra["_button_seat"] == 1
    assert hh.starting_stacks == [213, 150, 302, 200, 200]  # cents
    assert hh.extra["_units_per_currency"] == 100 and hh.extra["currency"] == "USD"
    assert hh.extra["currency_symbol"] == "$"
    assert hh.extra["_rake"] == 4 and hh.extra["_total_pot"] == 103
    assert hh.extra["winnings"] == [0, 0, 0, 99, 0]
    assert hh.extra["_returned"] == [0, 0, 0, 50, 0]
    assert hh.finishing_stacks == [212, 144, 302, 251, 152]
    assert (hh.extra["year"], hh.extra["month"], hh.extra["day"], str(hh.extra["time"])) == (2020, 5, 17, "21:04:11")
    assert hh.extra["venue"] == "PokerStars" and hh.extra["table"] == "Alcyone II" and hh.extra["seat_count"] == 6
    assert "d dh p4 AhKd" in hh.actions and "p4 cbr 6" in hh.actions
    assert h.verification.ok and h.verification.replayed == (212, 144, 302, 251, 152)  # the replay takes the rake


def test_pokerstars_awkward_cases():
    hands = _by_id("pokerstars_holdem.txt")
    # all-in for less than a full raise, side pot, rake from the main pot
    h2 = hands["200000000002"].hand
    assert "p1 cbr 35" in h2.actions and h2.finishing_stacks == [0, 1115, 415]
    # a hand that ends preflop; a sitting-out player is not dealt in; disconnection and chat lines
    h3 = hands["200000000003"].hand
    assert "zed" not in h3.players and h3.extra["_sitting_out"] == ["zed"]
    assert not any(a.startswith("d db") for a in h3.actions)
    # split pot with an odd cent: the first winner left of the button takes it, as the engine does
    h4 = hands["200000000004"]
    assert h4.hand.extra["winnings"] == [0, 3, 2] and h4.verification.ok
    # tournament: chips, antes, a player marked sitting out who still posts, hole cards shown at the all-in
    h5 = hands["200000000005"].hand
    assert h5.extra["_units_per_currency"] == 1 and "currency" not in h5.extra
    assert h5.antes == [10, 10, 10, 10] and h5.players[0] == "Cleo: the 2nd"
    assert h5.extra["event"] == "Tournament #3000000001" and h5.extra["level"] == "IV"
    assert h5.actions[:4] == ["d dh p1 ????", "d dh p2 QsQd", "d dh p3 JhJd", "d dh p4 AcKc"]
    # straddle
    h6 = hands["200000000006"].hand
    assert h6.blinds_or_straddles == [5, 10, 20, 0]


def test_pokerstars_other_games():
    hands = _by_id("pokerstars_games.txt")
    codes = {k: h.hand.variant for k, h in hands.items()}
    assert codes == {"200000000010": "PO", "200000000011": "FO/8", "200000000012": "FT", "200000000020": "F7S",
                     "200000000021": "FR", "200000000030": "F2L3D", "200000000031": "N5D", "200000000032": "FB",
                     "200000000040": "NT", "200000000041": "NT"}
    assert hands["200000000021"].hand.extra["_mixed_game"] == "HORSE"
    stud = hands["200000000020"].hand
    assert stud.bring_in == 5 and stud.small_bet == 10 and stud.big_bet == 20 and stud.antes == [2, 2, 2]
    # stud deals: down cards as ?? until shown (the summary shows the mucked hand in full)
    assert stud.actions[:3] == ["d dh p1 Kh6sKc", "d dh p2 8d9d2s", "d dh p3 Ah2hQh"]
    # the Hi/Lo split with rake: odd cent to the high half, both winners pay the rake
    hilo = hands["200000000011"]
    assert hilo.hand.extra["winnings"] == [0, 44, 43] and hilo.verification.ok
    # heads-up: the button posts the small blind, PHH order p1 = big blind
    lhe = hands["200000000012"].hand
    assert lhe.players == ["Ida", "Hal"] and lhe.blinds_or_straddles == [5, 10]
    # triple draw: the opponent's shown hand is placed in his unknown deals, and that is noted
    td = hands["200000000030"]
    assert "p2 sd ??" in td.hand.actions and any("earliest first" in n for n in td.verification.notes)


def test_a_board_run_twice_and_a_cash_out_are_settled():
    hands = _by_id("pokerstars_games.txt")
    rit = hands["200000000040"]  # a board run twice is replayed run by run (issue 16 item 2)
    assert rit.hand.extra["_boards"] == ["2c7d9sJhKh", "3c4dTs5h6s"]
    assert rit.hand.finishing_stacks == [4950, 4950]
    assert "d db 2c7d9s # run it 2 times" in rit.hand.actions and rit.verification.ok, rit.verification
    assert [b for b in rit.hand.replay().run_boards] == [parse_cards("2c7d9sJhKh"), parse_cards("3c4dTs5h6s")]
    co = hands["200000000041"]
    # the house paid Cy 8.71 instead of his share: checked with it (decision 039)
    assert co.hand.extra["_cashed_out"] == [0, 871] and co.verification.ok, co.verification
    assert co.hand.finishing_stacks == [980, 871]
    assert any("cashed out" in n for n in co.verification.notes)


def test_a_disagreeing_amount_is_reported_with_the_reason():
    hands = list(parse_file(DATA / "pokerstars_malformed.txt"))
    bad = next(h for h in hands if h.hand is not None and h.hand.extra["hand"] == "200000000099")
    assert not bad.verification.ok
    assert bad.verification.problems[0] == "ali:baba (p2): the record ends with 206, the replay with 205 (-1)"
    assert bad.hand.extra["winnings"] == [0, 4, 2]  # kept as recorded


def test_malformed_text_names_the_line_and_the_file_keeps_going():
    hands = list(parse_file(DATA / "pokerstars_malformed.txt"))
    assert [h.line for h in hands] == [1, 30, 70, 101, 135, 140]
    errors = {h.line: h.error for h in hands if h.error}
    assert errors == {
        30: f"{DATA / 'pokerstars_malformed.txt'}:52: unrecognised action 'dances a jig' by 'Hero'",
        70: f"{DATA / 'pokerstars_malformed.txt'}:80: amount '$0.605' is finer than 1/100 of the currency unit",
        135: f"{DATA / 'pokerstars_malformed.txt'}:136: expected the table line, got 'this is not a table line'",
    }
    assert hands[0].ok and hands[-1].ok
    with pytest.raises(HandParseError) as exc:
        read_text((DATA / "pokerstars_malformed.txt").read_text(), source="x.txt")
    assert exc.value.line == 52 and "dances a jig" in str(exc.value)
    assert isinstance(exc.value, HandHistoryError) and isinstance(exc.value, ValueError)


def test_unknown_format_and_bad_inputs():
    with pytest.raises(HandParseError, match="not a hand history pyeval reads"):
        detect_format("hello\nworld\n")
    with pytest.raises(HandParseError, match="unknown format"):
        list(parse_text("x", "nosuchroom"))
    with pytest.raises(HandParseError, match="cannot read"):
        list(parse_file(DATA / "missing.txt"))
    bad_xml = (DATA / "ipoker.xml").read_text().replace('<round no="0">', '<round no="0"><oops>', 1)
    (h, *_) = parse_text(bad_xml)
    assert h.error is not None and "malformed XML" in h.error
    bad_acpc = "STATE:0:r300q/cc:9s8h|9c6h/KcTs5h:300|-300:Alice|Bob\n"
    (h,) = parse_text(bad_acpc)
    assert h.error == ":1: unknown ACPC action 'q' in 'r300q'" or "unknown ACPC action 'q'" in h.error


def test_game_without_a_variant_is_reported():
    text = (DATA / "pokerstars_holdem.txt").read_text().split("\n\n\n\n")[0].replace(
        "Hold'em No Limit ($0.01", "Courchevel Pot Limit ($0.01")
    (h,) = parse_text(text)
    assert h.hand is None and "game not supported: Courchevel (" in h.error


def test_imported_hands_round_trip_through_phh_text():
    for name in ("pokerstars_holdem.txt", "pokerstars_games.txt", "fulltilt.txt", "ipoker.xml", "acpc_nolimit.log"):
        good = [h.hand for h in _hands(name) if h.ok]
        back = loads(dumps_many(good), name)
        assert len(back) == len(good)
        for a, b in zip(good, back):
            assert b.actions == a.actions and b.players == a.players and b.extra["seats"] == a.extra["seats"]
            assert b.finishing_stacks == a.finishing_stacks
            assert verify(b).ok
        assert loads(dumps(good[0]))[0].actions == good[0].actions


def test_acpc_game_option():
    line = "STATE:7:crcc/ccc/ccc/ccc:Ah2c|Kd3d|QsQh/2h7s9c/Qc/2d:-20|-20|40:A|B|C\n"
    (h,) = parse_text(line, "acpc", acpc_game=acpc.LIMIT_3P)
    assert h.error is None and h.hand.variant == "FT"
    assert h.hand.blinds_or_straddles == [5, 10, 0] and h.verification.ok


# ---------------------------------------------------------------------- differential test vs pokerkit
def _betting(actions):
    """The betting actions and boards of a PHH action list (hole-card text and showdown aside:
    pokerkit leaves shown cards out of the deals and mucks differently)."""
    return [a for a in actions if not a.startswith("d dh") and " sm" not in a]


def _pk_scaled(value, scale):
    return int(Decimal(str(value)) * scale)


def _pk_actions(actions, scale):
    out = []
    for a in actions:
        t = a.split()
        if len(t) == 3 and t[1] == "cbr":
            a = f"{t[0]} cbr {_pk_scaled(t[2], scale)}"
        out.append(a)
    return out


def _compare(ours, theirs, scale):
    assert [html.unescape(p) for p in theirs.players] == ours.players  # pokerkit keeps XML escapes
    assert [_pk_scaled(s, scale) for s in theirs.starting_stacks] == ours.starting_stacks
    assert _betting(_pk_actions(theirs.actions, scale)) == _betting(ours.actions)
    ours_holes = [a for a in ours.actions if a.startswith("d dh")]
    for a in theirs.actions:  # every card pokerkit saw dealt, we did too
        if a.startswith("d dh") and "?" not in a:
            assert a in ours_holes
    # pokerkit reads winnings from summary lines only where the seat line names no position
    # (``Seat 6: Hero (big blind) collected`` is missed): compare what it did read
    for i, w in enumerate(getattr(theirs, "winnings", None) or ()):
        if w:
            assert _pk_scaled(w, scale) == ours.extra["winnings"][i]


@pytest.mark.parametrize("name, parser_name", [("pokerstars_holdem.txt", "PokerStarsParser"),
                                               ("pokerstars_games.txt", "PokerStarsParser"),
                                               ("fulltilt.txt", "FullTiltPokerParser"),
                                               ("ipoker.xml", "IPokerNetworkParser")])
def test_differential_against_pokerkit_room_parsers(name, parser_name):
    notation = pytest.importorskip("pokerkit.notation")
    text = (DATA / name).read_text(encoding="utf-8")
    ours = {h.hand.extra["hand"]: h.hand for h in parse_text(text, check=False) if h.hand is not None}
    pk_text = text
    if name == "ipoker.xml":
        # pokerkit reads iPoker amounts only with a decimal point and suit letters only in lower case
        pk_text = re.sub(r"(\d),(\d)", r"\1.\2", text)
        pk_text = re.sub(r"(<cards[^>]*>)([^<]*)(</cards>)",
                         lambda m: m[1] + re.sub(r"\b([SHDC])", lambda c: c[1].lower(), m[2]) + m[3], pk_text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = list(getattr(notation, parser_name)()(pk_text))
    compared = 0
    for t in theirs:
        hh = ours.get(str(t.hand))
        # pokerkit's room parsers read no-limit hold'em only, and no antes (a hand with antes it
        # reads wrongly); those hands are ours alone
        if hh is None or any(hh.antes) or hh.variant != "NT" or "_boards" in hh.extra:
            continue  # (pokerkit does not read the boards of a hand run twice either)
        _compare(hh, t, hh.extra["_units_per_currency"])
        compared += 1
    assert compared >= {"pokerstars_holdem.txt": 4, "pokerstars_games.txt": 1, "fulltilt.txt": 2,
                        "ipoker.xml": 2}[name]


def test_differential_against_pokerkit_acpc():
    pk = pytest.importorskip("pokerkit")
    from pokerkit.notation import ACPCProtocolParser

    game = pk.NoLimitTexasHoldem((pk.Automation.ANTE_POSTING,), True, 0, (50, 100), 100)
    text = (DATA / "acpc_nolimit.log").read_text()
    theirs = list(ACPCProtocolParser(game, 20000)(text))
    ours = [h.hand for h in parse_text(text)]
    assert len(theirs) == len(ours) == 5
    for a, b in zip(ours, theirs):
        assert b.players == a.players and b.blinds_or_straddles == a.blinds_or_straddles
        assert _betting(b.actions) == _betting(a.actions)


def test_formats_registry():
    assert {"pokerstars", "fulltilt", "partypoker", "ipoker", "acpc", "fulltilt2016", "runitonce", "pokermaster",
            "pokerbros", "ggpoker", "winamax", "bovada", "888poker"} <= set(FORMATS)


def test_acpc_match_states_keep_the_last_state_of_each_hand():
    text = "\n".join([
        "MATCHSTATE:0:30::9s8h|", "MATCHSTATE:0:30:c:9s8h|", "MATCHSTATE:0:30:cc/:9s8h|/8c8d5c",
        "MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c", "MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s",
        "MATCHSTATE:0:30:cc/r250c/r500c/:9s8h|/8c8d5c/6s/2d",
        "MATCHSTATE:0:30:cc/r250c/r500c/r1250c:9s8h|9c6h/8c8d5c/6s/2d",
        "MATCHSTATE:1:31::|JdTc", "MATCHSTATE:1:31:r300:|JdTc", "MATCHSTATE:1:31:r300r900:|JdTc",
        "MATCHSTATE:1:31:r300r900f:|JdTc",
    ]) + "\n"
    hands = list(parse_text(text))
    assert [h.line for h in hands] == [7, 11]
    a, b = (h.hand for h in hands)
    assert a.actions[:2] == ["d dh p1 9s8h", "d dh p2 9c6h"] and "p1 cbr 150" in a.actions
    assert a.finishing_stacks is None and "winnings" not in a.extra  # a match state records no results
    assert hands[0].verification.ok and hands[0].verification.replayed == (21250, 18750)
    assert b.actions == ["d dh p1 ????", "d dh p2 JdTc", "p2 cbr 300", "p1 cbr 900", "p2 f"]
    assert hands[1].verification.replayed == (20300, 19700)


COME_IN = """PokerStars Hand #200000000003:  Hold'em No Limit ($0.01/$0.02 USD) - 2020/05/17 21:06:40 ET
Table 'Alcyone II' 6-max Seat #2 is the button
Seat 1: ali ($2.04 in chips)
Seat 2: bob ($2.12 in chips)
Seat 3: tom ($1.44 in chips)
Seat 6: Hero ($2.99 in chips)
tom: posts small blind $0.01
Hero: posts big blind $0.02
ali: posts small & big blinds $0.03
*** HOLE CARDS ***
Dealt to Hero [7c 2d]
ali: raises $0.08 to $0.10
bob: folds
tom: folds
Hero: folds
Uncalled bet ($0.08) returned to ali
ali collected $0.06 from pot
ali: doesn't show hand
*** SUMMARY ***
Total pot $0.06 | Rake $0
Seat 1: ali collected ($0.06)
Seat 2: bob (button) folded before Flop (didn't bet)
Seat 3: tom (small blind) folded before Flop
Seat 6: Hero (big blind) folded before Flop
"""


def test_small_and_big_blinds_posted_to_come_in_are_a_live_big_blind_and_a_dead_small_blind():
    (h,) = parse_text(COME_IN)
    assert h.error is None, h.error
    assert h.hand.extra["_live_blinds"] == [0, 0, 2, 0] and h.hand.extra["_dead_blinds"] == [0, 0, 1, 0]
    assert h.hand.blinds_or_straddles == [1, 2, 0, 0]
    assert h.verification.ok, h.verification  # the pot of 6 holds the dead cent
    # the dead cent is not part of ali's bet: a raise to 10 puts in 8 more, not 7
    assert h.verification.replayed == (143, 297, 207, 212)


@pytest.mark.parametrize("name", ["fulltilt.txt", "partypoker.txt", "pokerstars_holdem.txt"])
def test_a_dealt_to_line_without_cards_is_a_parse_error_naming_the_line(name):
    """The one ``Dealt to NAME [..]`` reader of the rooms (``_model.dealt_to``): a line whose
    bracket is never closed was an IndexError in the Full Tilt and PartyPoker readers."""
    text = (DATA / name).read_text(encoding="utf-8-sig")
    lines = text.splitlines()
    no = next(i for i, ln in enumerate(lines) if ln.startswith("Dealt to "))
    lines[no] = lines[no][:lines[no].rindex("[") + 1] + "Ah Kd"  # the cards' bracket never closed
    with pytest.raises(HandParseError) as exc:
        read_text("\n".join(lines) + "\n", source="x.txt")
    assert exc.value.line == no + 1 and "no cards" in str(exc.value)

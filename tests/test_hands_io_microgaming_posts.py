"""Microgaming XML (issue 22, decision 045): a post to play whose dead small blind only the end
balance shows, and a call written as its street total with the raises' reading told by the all-ins.
Hands written for these tests on the network's layout (no file is copied)."""
from __future__ import annotations

from typing import Any

from pyeval.hands_io import detect_format, parse_text


def _game(seats: str, plays: str, rake: str) -> str:
    return ('<Game id="5000001" date="2011-11-08 00:19:50" tablename="Test 1" stakes="0.05|0.10" betlimit="NL" '
            'tabletype="Cash Game" gametypeid="1" gametype="Hold&apos;em" realmoney="true" currencysymbol="rCA=" '
            f'playerseat="2" betamount="5" istournament="0" rake="{rake}">\n<Seats>\n{seats}</Seats>\n<Gameplay>\n'
            f'{plays}</Gameplay>\n</Game>\n')


def _act(seq: int, kind: str, seat: int = 0, value: str = "", cards: str = "") -> str:
    at = (f' seat="{seat}"' if seat else "") + (f' value="{value}"' if value else "")
    inner = "".join(f'<Card value="{c[0]}" suit="{c[1]}" id="0"/>' for c in cards.split())
    return f'<Action seq="{seq}" type="{kind}"{at}>{inner}</Action>\n'


POSTED_TO_PLAY = _game(
    '<Seat num="1" alias="cat" balance="5.00" endbalance="5.00" dealer="true"/>\n'
    '<Seat num="2" alias="hero" balance="15.00" endbalance="14.95"/>\n'
    '<Seat num="3" alias="bob" balance="20.00" endbalance="20.19"/>\n'
    '<Seat num="4" alias="ann" balance="10.00" endbalance="9.85"/>\n',
    _act(1, "SmallBlind", 2, "0.05") + _act(2, "BigBlind", 3, "0.10") + _act(3, "PostedToPlay", 4, "0.10")
    + _act(4, "DealCards", 2, cards="4s 9c") + _act(5, "Check", 4) + _act(6, "Fold", 1) + _act(7, "Fold", 2)
    + _act(8, "Check", 3) + _act(9, "DealFlop", cards="Qh 8c 6h") + _act(10, "Check", 3) + _act(11, "Check", 4)
    + _act(12, "DealTurn", cards="3c") + _act(13, "Bet", 3, "0.10") + _act(14, "Fold", 4) + _act(15, "MuckCards", 3)
    + '<Action type="Win"><Seat num="3" amount="0.39" pot="0" type="" lowhandwin="0"/></Action>\n', "1")

CALL_TOTAL = _game(
    '<Seat num="1" alias="ann" balance="8.00" endbalance="7.95"/>\n'
    '<Seat num="2" alias="hero" balance="10.76" endbalance="21.50"/>\n'
    '<Seat num="3" alias="cat" balance="16.57" endbalance="5.81" dealer="true"/>\n',
    _act(1, "SmallBlind", 1, "0.05") + _act(2, "BigBlind", 2, "0.10") + _act(3, "DealCards", 2, cards="Ah Ad")
    + _act(4, "Raise", 3, "0.20") + _act(5, "Fold", 1) + _act(6, "Call", 2, "0.20")
    + _act(7, "DealFlop", cards="2c 7d 9h") + _act(8, "Bet", 2, "0.30") + _act(9, "Call", 3, "0.30")
    + _act(10, "DealTurn", cards="Kd") + _act(11, "Bet", 2, "0.80") + _act(12, "Raise", 3, "1.60")
    + _act(13, "Raise", 2, "4.80") + _act(14, "AllIn", 3, "14.47") + _act(15, "AllIn", 2, "5.46")
    + _act(16, "DealRiver", cards="3s") + _act(17, "ShowCards", 2, cards="Ah Ad") + _act(18, "MuckCards", 3)
    + '<Action type="Win"><Seat num="2" amount="21.50" pot="0" type="" lowhandwin="0"/></Action>\n', "7")


def _one(text: str) -> Any:
    assert detect_format(text) == "microgaming"
    [h] = list(parse_text(text, source="mg.xml"))
    assert h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification
    return h.hand


def test_a_post_to_play_short_of_the_end_balance_by_the_small_blind_posted_it_dead() -> None:
    hh = _one(POSTED_TO_PLAY)
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"ann": 985, "hero": 1495, "bob": 2019, "cat": 500}
    assert hh.extra["_total_pot"] == 30 and hh.extra["_rake"] == 1
    assert any("the small blind (5) dead besides" in n for n in hh.extra["_notes"])
    [other] = list(parse_text(POSTED_TO_PLAY.replace('endbalance="9.85"', 'endbalance="9.80"'), source="mg.xml"))
    assert other.hand is None and other.error is not None and "ann ends with 980 by the room" in other.error


def test_a_call_written_as_its_street_total_and_raises_read_by_the_all_ins() -> None:
    hh = _one(CALL_TOTAL)
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"ann": 795, "hero": 2150, "cat": 581}
    assert any("raise amounts read as the totals" in n for n in hh.extra["_notes"])


def test_damaged_lines_of_these_hands_are_the_readers_own_reasons() -> None:
    """Each line cut short, doubled, emptied or with its digits spoiled: read or refused with the
    reader's own reason, never a reader fault (the new paths: a call's total, the all-ins, the post)."""
    for sample in (POSTED_TO_PLAY, CALL_TOTAL):
        lines = sample.splitlines()
        for k in range(1, len(lines)):
            for bad in (lines[k][: len(lines[k]) // 2], lines[k] + lines[k], "", lines[k].replace("0", "x"),
                        lines[k].replace("1", "9")):
                text = "\n".join(lines[:k] + [bad] + lines[k + 1:]) + "\n"
                for h in parse_text(text, "microgaming", source="mutant"):
                    assert h.error is None or "the reader failed" not in h.error, (k, bad, h.error)

"""Everest's XML (issue 22): a fixed-limit tournament hand dealt at a new level, written for this test
on the layout of the room's exports (no file copied)."""
from __future__ import annotations

from pyeval.hands_io import parse_text

# blinds 5/10 and stakes 10/20 in the header (the last level's, in chips); the blinds posted are the
# next level's 10/20 (in hundredths of a chip, as every amount): its bets are 20/40.
NEW_LEVEL = """\
<SESSION time="1319444349" tableName="T-0" id="1" type="tournament" money="" screenName="ann" game="hold-em" \
gametype="fixed-limit"/>
<HAND time="1319444797" id="7000000002" index="4" blinds="5/10" stakes="10/20">
  <SEAT position="0" name="ann" balance="150000"/>
  <SEAT position="1" name="bob" balance="150000"/>
  <SEAT position="2" name="cat" balance="150000"/>
  <DEALER position="0"/>
  <BLIND position="1" amount="1000" penalty="0"/>
  <BLIND position="2" amount="2000" penalty="0"/>
  <HOLE position="1">--</HOLE>
  <HOLE position="2">--</HOLE>
  <HOLE position="0">Ah</HOLE>
  <HOLE position="1">--</HOLE>
  <HOLE position="2">--</HOLE>
  <HOLE position="0">Kh</HOLE>
  <BET position="0" amount="4000"/>
  <BET position="1" amount="3000"/>
  <BET position="2" amount="2000"/>
  <SWEEP rake="0" tax="0">12000</SWEEP>
  <COMMUNITY>Kc, 7s, 2d</COMMUNITY>
  <BET position="1" amount="0"/>
  <BET position="2" amount="2000"/>
  <BET position="0" amount="4000"/>
  <FOLD position="1"/>
  <BET position="2" amount="2000"/>
  <SWEEP rake="0" tax="0">20000</SWEEP>
  <COMMUNITY>9h</COMMUNITY>
  <BET position="2" amount="0"/>
  <BET position="0" amount="4000"/>
  <FOLD position="2"/>
  <PUSH position="0" amount="4000"/>
  <XSHOW position="0"/>
  <WIN position="0" amount="20000" pot="0" potAmount="20000"/>
</HAND>
"""


def test_a_fixed_limit_tournament_hand_at_a_new_level_bets_by_the_blinds_posted() -> None:
    [h] = list(parse_text(NEW_LEVEL, "everest", source="everest.xml"))
    assert h.error is None and h.hand is not None, h.error
    assert h.verification is not None and h.verification.ok, h.verification.problems
    hh = h.hand
    assert (hh.small_bet, hh.big_bet) == (2000, 4000)
    assert dict(zip(hh.players, hh.finishing_stacks or [])) == {"ann": 162000, "bob": 146000, "cat": 142000}
    # with the header's bets (10/20 chips) the raise to 40 would be above the limit
    assert any("a new level" in n for n in hh.extra["_notes"])

"""EXAMPLE paytables for World Poker Tour Heads-Up Hold 'Em, from public descriptions of the game.

**These are examples, not the law.** The payout odds of 58 Pa. Code § 677a.12 (a)-(e) are not
available to this project, and the certificate holder selects and posts its own approved
paytables. A live table must be configured with the certificate holder's approved paytables
(build :class:`~pyeval.headsup.rules.HeadsUpPaytable` objects from them); every table below says where
its figures come from and carries ``example=True``.

Public figures disagree on the Bad Beat threshold and odds; :data:`BAD_BEAT_ILLUSTRATION` is an
illustration with no public source, there so the (h)(2)(iii)(B) path can be demonstrated.
"""
from __future__ import annotations

from fractions import Fraction

from .rules import (
    AA_WITH_DEALER_AA, WIN, HeadsUpPaytable, PaytableKind, Rounding, HeadsUpRules,
)

__all__ = [
    "ANTE_RAISE_EVEN_MONEY", "ODDS_STRAIGHT_OR_BETTER", "BAD_BEAT_ILLUSTRATION",
    "POCKET_BONUS_HOLDEM_BONUS_LADDER", "TRIPS_PLUS_50_40_30_8_6_5_3", "TRIPS_PLUS_50_40_30_9_7_4_3",
    "EXAMPLE_PAYTABLES", "example_rules",
]

_PUBLIC = "public description, not Pennsylvania Code text"

#: § 677a.12(a) example: Ante and Raise pay even money (1 to 1) on a winning hand.
ANTE_RAISE_EVEN_MONEY = HeadsUpPaytable(
    PaytableKind.ANTE_RAISE, {WIN: 1}, name="Ante/Raise even money (example)",
    source=f"{_PUBLIC}: casino rule cards of WPT Heads Up Hold'em (e.g. Choctaw Casinos) say winning "
           "Raise and Ante bets are paid even money", example=True)

#: § 677a.12(b) example: the Odds ladder one online operator publishes (the same ladder as the
#: Blind of Ultimate Texas Hold 'Em, § 653a.12(b) paytable A); winning hands below a straight push.
ODDS_STRAIGHT_OR_BETTER = HeadsUpPaytable(
    PaytableKind.ODDS,
    {"ROYAL_FLUSH": 500, "STRAIGHT_FLUSH": 50, "FOUR_OF_A_KIND": 10, "FULL_HOUSE": 3,
     "FLUSH": Fraction(3, 2), "STRAIGHT": 1},
    name="Odds: 500-50-10-3-3/2-1 (example)",
    source=f"{_PUBLIC}: one online operator's Odds table, recorded in shared/rules/heads-up.md", example=True)

#: § 677a.12(c) ILLUSTRATION ONLY: no public source gives these figures (descriptions disagree on
#: the threshold). Replace with the certificate holder's table.
BAD_BEAT_ILLUSTRATION = HeadsUpPaytable(
    PaytableKind.BAD_BEAT,
    {"STRAIGHT_FLUSH": 50, "FOUR_OF_A_KIND": 10, "FULL_HOUSE": 3, "FLUSH": Fraction(3, 2), "STRAIGHT": 1},
    name="Bad Beat illustration (no public source)",
    source="none: an illustration only; public descriptions disagree on the Bad Beat threshold and odds",
    example=True)

#: § 677a.12(d) example: the two-card bonus ladder casinos publish for the similar game Texas
#: Hold'em Bonus (player's and dealer's aces 1,000 to 1 down to a pair of 2s-10s 3 to 1).
POCKET_BONUS_HOLDEM_BONUS_LADDER = HeadsUpPaytable(
    PaytableKind.POCKET_BONUS,
    {AA_WITH_DEALER_AA: 1000, "AA": 30, "AKs": 25, "AQs": 20, "AJs": 20, "AKo": 15,
     "KK": 10, "QQ": 10, "JJ": 10, "AQo": 5, "AJo": 5,
     **{p: 3 for p in ("TT", "99", "88", "77", "66", "55", "44", "33", "22")}},
    name="Pocket Bonus: 1000-30-25-20-15-10-5-3 (example)",
    source=f"{_PUBLIC}: the bonus paytable of Texas Hold'em Bonus as posted by casinos (e.g. Rivers "
           "Casino Des Plaines, NagaWorld); a different game's ladder, used as an example", example=True)

_TRIPS_SRC = (f"{_PUBLIC}: one of the Trips ladders of the sibling PA game Ultimate Texas Hold 'Em "
              "(§ 653a.12(c)), recorded in shared/rules/heads-up.md")

#: § 677a.12(e) example: 50-40-30-8-6-5-3 (royal .. three of a kind, "to 1").
TRIPS_PLUS_50_40_30_8_6_5_3 = HeadsUpPaytable(
    PaytableKind.TRIPS_PLUS,
    {"ROYAL_FLUSH": 50, "STRAIGHT_FLUSH": 40, "FOUR_OF_A_KIND": 30, "FULL_HOUSE": 8, "FLUSH": 6,
     "STRAIGHT": 5, "THREE_OF_A_KIND": 3},
    name="Trips Plus 50-40-30-8-6-5-3 (example)", source=_TRIPS_SRC, example=True)

#: § 677a.12(e) example: 50-40-30-9-7-4-3.
TRIPS_PLUS_50_40_30_9_7_4_3 = HeadsUpPaytable(
    PaytableKind.TRIPS_PLUS,
    {"ROYAL_FLUSH": 50, "STRAIGHT_FLUSH": 40, "FOUR_OF_A_KIND": 30, "FULL_HOUSE": 9, "FLUSH": 7,
     "STRAIGHT": 4, "THREE_OF_A_KIND": 3},
    name="Trips Plus 50-40-30-9-7-4-3 (example)", source=_TRIPS_SRC, example=True)

#: Every example table by a short name (used by the CLI's ``--trips``/``--pocket`` choices).
EXAMPLE_PAYTABLES: dict[str, HeadsUpPaytable] = {
    "ante-raise-even": ANTE_RAISE_EVEN_MONEY,
    "odds-straight-or-better": ODDS_STRAIGHT_OR_BETTER,
    "bad-beat-illustration": BAD_BEAT_ILLUSTRATION,
    "pocket-holdem-bonus": POCKET_BONUS_HOLDEM_BONUS_LADDER,
    "trips-50-40-30-8-6-5-3": TRIPS_PLUS_50_40_30_8_6_5_3,
    "trips-50-40-30-9-7-4-3": TRIPS_PLUS_50_40_30_9_7_4_3,
}


def example_rules(**overrides: object) -> HeadsUpRules:
    """A :class:`HeadsUpRules` built from the example paytables (for demos, tests and simulation).

    Keyword arguments override any :class:`HeadsUpRules` field. Not a certificate holder's table:
    configure a live table with its approved paytables.
    """
    kw: dict[str, object] = dict(
        ante_raise=ANTE_RAISE_EVEN_MONEY, odds=ODDS_STRAIGHT_OR_BETTER, bad_beat=BAD_BEAT_ILLUSTRATION,
        pocket_bonus=POCKET_BONUS_HOLDEM_BONUS_LADDER, trips_plus=TRIPS_PLUS_50_40_30_8_6_5_3,
        rounding=Rounding.DOWN, name="example table (public example paytables)")
    kw.update(overrides)
    return HeadsUpRules(**kw)  # type: ignore[arg-type]

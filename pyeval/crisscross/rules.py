"""Criss-Cross Poker table rules as data: positions, wager limits, bet multiples, paytables.

Only 58 Pa. Code § 674a.9 (dealing from the hand) is in our hands as Pennsylvania text, plus the
fact from § 674a.2(a) that a table has at most six player betting positions. Everything else
here -- wager limits, the bet multiples, the Ante qualifying rule and the paytables -- is **table
configuration**: the defaults below come from public descriptions of the commercial game, not from
the Pennsylvania Code, and a table must be configured from the certificate holder's posted rules.
Each default says where it comes from (``DEFAULT_SOURCES``).

Amounts are ints in the table's smallest unit (chips, never floats). Odds are exact
:class:`fractions.Fraction` values read as "pays ``odds`` to 1"; ``Fraction(0)`` on a paytable line
means the wager pushes (is returned without winnings). A hand below the lowest line loses.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from ..house import LinePaytable, PaytableLine, check_int
from ..errors import TableRulesError
from ..hands.high import CATEGORY_RANGES, MAX_VALUE, PAIR_RANK_STEP, HandCategory

__all__ = [
    "PaytableLine", "CrissCrossPaytable", "CrissCrossRules", "MAX_POSITIONS", "MAX_STUB_COUNT_INTERVAL",
    "DEFAULT_MAIN_PAYTABLE", "DEFAULT_ANTE_PAYTABLE", "DEFAULT_BONUS_PAYTABLE", "DEFAULT_SOURCES",
    "PAIR_OF_SIXES", "PAIR_OF_JACKS",
]

#: At most six player betting positions (58 Pa. Code § 674a.2(a)).
MAX_POSITIONS = 6
#: The stub is counted at least once every five rounds when the shuffler does not count the cards
#: (58 Pa. Code § 674a.9(d)); a table may count more often, never less.
MAX_STUB_COUNT_INTERVAL = 5

#: Lowest hand value of each paytable line used by the defaults (values are 1..7462, higher is
#: stronger), from the category boundaries (:data:`pyeval.CATEGORY_RANGES`, defined in
#: ``csrc/pe_eval.h``). A pair of rank r (2 = 0 .. A = 12) starts at
#: ``CATEGORY_RANGES[PAIR][0] + PAIR_RANK_STEP * r``.
_LOW = {cat: lo for cat, (lo, _) in CATEGORY_RANGES.items()}
PAIR_OF_SIXES = _LOW[HandCategory.PAIR] + PAIR_RANK_STEP * 4   # 2158
PAIR_OF_JACKS = _LOW[HandCategory.PAIR] + PAIR_RANK_STEP * 9   # 3258
_TWO_PAIR, _TRIPS = _LOW[HandCategory.TWO_PAIR], _LOW[HandCategory.THREE_OF_A_KIND]
_STRAIGHT, _FLUSH = _LOW[HandCategory.STRAIGHT], _LOW[HandCategory.FLUSH]
_FULL_HOUSE, _QUADS = _LOW[HandCategory.FULL_HOUSE], _LOW[HandCategory.FOUR_OF_A_KIND]
_STRAIGHT_FLUSH, _ROYAL = _LOW[HandCategory.STRAIGHT_FLUSH], MAX_VALUE


#: Criss-Cross paytables are the house layer's one model (:class:`pyeval.house.LinePaytable`) on
#: the hand-value scale; ``CrissCrossPaytable`` is kept as its name here.
CrissCrossPaytable = LinePaytable
#: The most lines a Criss-Cross paytable may have (the C simulation's tables hold 16).
MAX_PAYTABLE_LINES = 16


#: Across, Down and Middle bets (table configuration, public descriptions; see DEFAULT_SOURCES).
DEFAULT_MAIN_PAYTABLE = CrissCrossPaytable.of("Across/Down/Middle", [
    ("Royal Flush", _ROYAL, 500), ("Straight Flush", _STRAIGHT_FLUSH, 100),
    ("Four of a Kind", _QUADS, 40), ("Full House", _FULL_HOUSE, 12),
    ("Flush", _FLUSH, 6), ("Straight", _STRAIGHT, 4), ("Three of a Kind", _TRIPS, 3),
    ("Two Pair", _TWO_PAIR, 2), ("Pair of Jacks or Better", PAIR_OF_JACKS, 1),
    ("Pair of Sixes through Tens", PAIR_OF_SIXES, 0),
])
#: Ante Across / Ante Down qualifying rule (public descriptions): even money on jacks or better,
#: push on sixes through tens, each Ante judged on its own hand (Across / Down).
DEFAULT_ANTE_PAYTABLE = CrissCrossPaytable.of("Ante", [
    ("Pair of Jacks or Better", PAIR_OF_JACKS, 1), ("Pair of Sixes through Tens", PAIR_OF_SIXES, 0),
])
#: Five Card Bonus on the five community cards (table configuration; see DEFAULT_SOURCES).
DEFAULT_BONUS_PAYTABLE = CrissCrossPaytable.of("Five Card Bonus", [
    ("Royal Flush", _ROYAL, 250), ("Straight Flush", _STRAIGHT_FLUSH, 50),
    ("Four of a Kind", _QUADS, 25), ("Full House", _FULL_HOUSE, 9), ("Flush", _FLUSH, 6),
    ("Straight", _STRAIGHT, 4), ("Three of a Kind", _TRIPS, 3), ("Two Pair", _TWO_PAIR, 2),
    ("Pair of Sixes or Better", PAIR_OF_SIXES, 1),
])

#: Where each default comes from. None of it is Pennsylvania text.
DEFAULT_SOURCES: dict[str, str] = {
    "main paytable, top four lines (500, 100, 40, 12 to 1)": "public descriptions of the game",
    "main paytable, jacks or better 1 to 1, sixes through tens push": "public descriptions",
    "main paytable, flush 6 / straight 4 / three of a kind 3 / two pair 2 to 1":
        "ASSUMED: lines not seen in public descriptions; configure from the posted paytable",
    "Ante rule (1 to 1 on jacks or better, push on sixes through tens)": "public descriptions",
    "Five Card Bonus: pair of sixes or better pays 1 to 1, royal flush 250 to 1": "public descriptions",
    "Five Card Bonus, other lines (50, 25, 9, 6, 4, 3, 2 to 1)":
        "ASSUMED: lines not seen in public descriptions; configure from the posted paytable",
    "bet multiples 1x-3x of the Ante per decision": "public descriptions",
    "two equal Antes (Across and Down)": "public descriptions (the setting equal_antes)",
    "wager limits": "ASSUMED table limits (the certificate holder's rules set them)",
    "seat order: position 1 is farthest to the dealer's left, numbered clockwise":
        "layout convention used here so that § 674a.9(b)'s dealing order is ascending positions",
}


@dataclass(frozen=True, slots=True)
class CrissCrossRules:
    """Frozen, validated rules of one Criss-Cross Poker table.

    Amounts are ints in the table's smallest unit.

    Attributes:
        positions: player betting positions, 1..6 (58 Pa. Code § 674a.2(a)).
        min_ante, max_ante: limits on each of the two equal Antes (configuration).
        ante_step: Antes must be a multiple of this (configuration; default 1).
        bonus_offered, min_bonus, max_bonus: the optional Five Card Bonus (configuration).
        across_multiples, down_multiples, middle_multiples: allowed bet sizes as multiples of the
            Ante at each decision (configuration; public default 1x-3x).
        main_paytable: Across and Down bets on their own hand, the Middle bet on the better of the
            two (configuration). ante_paytable: the Ante qualifying rule. bonus_paytable: the Five
            Card Bonus on the community cards.
        shuffler_counts_cards: True when the automated shuffler counts the deck after each shuffle
            and indicates whether 52 cards are present; then no stub count is required
            (58 Pa. Code § 674a.9(d)).
        stub_count_interval: the stub is counted at least once every this many rounds, 1..5
            (§ 674a.9(d) requires at least once every 5).
        equal_antes: the Ante Across and Ante Down must be equal (default True: public descriptions
            of the game, not PA text; § 674a.7 is not in our hands). False: each Ante is placed on
            its own within the limits; the Across bet is a multiple of the Ante Across, the Down
            bet of the Ante Down, and the Middle bet of the smaller of the two (assumed).

    Raises:
        TableRulesError: any field out of range or of the wrong type.
    """

    positions: int = MAX_POSITIONS
    min_ante: int = 5
    max_ante: int = 500
    ante_step: int = 1
    bonus_offered: bool = True
    min_bonus: int = 1
    max_bonus: int = 100
    across_multiples: tuple[int, ...] = (1, 2, 3)
    down_multiples: tuple[int, ...] = (1, 2, 3)
    middle_multiples: tuple[int, ...] = (1, 2, 3)
    main_paytable: CrissCrossPaytable = DEFAULT_MAIN_PAYTABLE
    ante_paytable: CrissCrossPaytable = DEFAULT_ANTE_PAYTABLE
    bonus_paytable: CrissCrossPaytable = DEFAULT_BONUS_PAYTABLE
    shuffler_counts_cards: bool = False
    stub_count_interval: int = MAX_STUB_COUNT_INTERVAL
    equal_antes: bool = True

    #: the game, as the command line names it (:class:`~pyeval.contracts.GameRules`)
    GAME: ClassVar[str] = "criss-cross"

    @property
    def max_players(self) -> int:
        """The most players a round may have: one per betting position."""
        return self.positions

    def __post_init__(self) -> None:
        check_int("positions", self.positions, 1, MAX_POSITIONS)
        check_int("min_ante", self.min_ante, 1)
        check_int("max_ante", self.max_ante, self.min_ante)
        check_int("ante_step", self.ante_step, 1)
        check_int("min_bonus", self.min_bonus, 1)
        check_int("max_bonus", self.max_bonus, self.min_bonus)
        check_int("stub_count_interval", self.stub_count_interval, 1, MAX_STUB_COUNT_INTERVAL)
        for flag in ("bonus_offered", "shuffler_counts_cards", "equal_antes"):
            if not isinstance(getattr(self, flag), bool):
                raise TableRulesError(f"{flag} must be a bool, got {getattr(self, flag)!r}")
        for name in ("across_multiples", "down_multiples", "middle_multiples"):
            ms = getattr(self, name)
            if isinstance(ms, (str, bytes)) or not isinstance(ms, Iterable):
                raise TableRulesError(f"{name} must be a sequence of ints >= 1, got {ms!r}")
            ms = tuple(ms)
            if not ms or len(set(ms)) != len(ms):
                raise TableRulesError(f"{name} must be non-empty and distinct, got {ms!r}")
            for m in ms:
                check_int(f"{name} entry", m, 1, 1000)
            object.__setattr__(self, name, tuple(sorted(ms)))
        for name in ("main_paytable", "ante_paytable", "bonus_paytable"):
            pt = getattr(self, name)
            if not isinstance(pt, LinePaytable):
                raise TableRulesError(f"{name} must be a CrissCrossPaytable (pyeval.house.LinePaytable), got {pt!r}")
            if len(pt.lines) > MAX_PAYTABLE_LINES:
                raise TableRulesError(f"{name}: at most {MAX_PAYTABLE_LINES} lines, got {len(pt.lines)}")

    def multiples(self, decision: int) -> tuple[int, ...]:
        """Allowed bet multiples at decision 0 (Across), 1 (Down) or 2 (Middle)."""
        return (self.across_multiples, self.down_multiples, self.middle_multiples)[decision]

"""The poker games of chapter 637a as data: streets, dealing pattern, forced bets and hand types.

Source: 58 Pa. Code § 637a.10 (Seven-card Stud), § 637a.11 (Hold'em), § 637a.12 (Omaha),
§ 637a.13 (Five-card Draw), § 637a.14 (Five-card Stud), § 637a.19 (Five-card Omaha), § 637a.20
(Triple Draw), § 637a.21 (Badugi), § 637a.7(d) (high, low and high-low split pots). Only § 637a.11
is in our hands; the others follow the standard casino rules (``../shared/rules/poker.md``). The
engine (:class:`pyeval.poker.Round`) reads a :class:`Variant` from ``PokerRules.variant``.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import TableRulesError
from ..hands.registry import HAND_TYPES


@dataclass(frozen=True)
class StreetSpec:
    """One round of cards followed by a betting round.

    ``down``/``up``: cards dealt to each live player face down / face up; ``board``: community
    cards (after one burn); ``draw``: players discard and draw before this betting round; ``big``:
    fixed limit bets and raises are the big bet on this street.
    """

    down: int = 0
    up: int = 0
    board: int = 0
    draw: bool = False
    big: bool = False


@dataclass(frozen=True)
class Variant:
    """A poker game as data.

    Fields:
        name: the game's name; phh: its PHH variant code stem (without the structure letter).
        streets: the rounds of cards, the first dealt after the forced bets.
        forced: ``"blinds"`` (blinds left of the button) or ``"bring_in"`` (stud: antes, then the
            lowest, or for razz highest, up card posts the bring-in).
        hands: the hand types that share each pot, by name in :data:`pyeval.hands.registry.HAND_TYPES`:
            ``("high",)``, ``("omaha",)``,
            ``("omaha", "omaha_low8")``, ``("high", "a5_8")``, ``("a5",)``, ``("27",)``, ``("badugi",)``.
            With two, each pot is split in halves (the second qualifying only, e.g. eight or better).
        low_leads: razz: the highest up card brings in and the lowest showing hand acts first.
    """

    name: str
    phh: str
    streets: tuple[StreetSpec, ...]
    forced: str = "blinds"
    hands: tuple[str, ...] = ("high",)
    low_leads: bool = False

    def __post_init__(self) -> None:
        if not 1 <= len(self.hands) <= 2 or any(h not in HAND_TYPES for h in self.hands):
            raise TableRulesError(f"variant {self.name!r}: hands must name one or two of the registered hand types "
                                  f"({', '.join(HAND_TYPES)}), got {self.hands!r}")

    @property
    def hole_cards(self) -> int:
        """Cards each player holds at the end (stud: down and up)."""
        return sum(s.down + s.up for s in self.streets)

    @property
    def short_deck(self) -> bool:
        """True for the games of the 36-card deck (a hand type ``short_deck...``)."""
        return any(h.startswith("short_deck") for h in self.hands)

    @property
    def stud(self) -> bool:
        """True for stud games (a bring-in instead of blinds, § 637a.10, § 637a.14)."""
        return self.forced == "bring_in"


_FLOP = (StreetSpec(down=2), StreetSpec(board=3), StreetSpec(board=1, big=True), StreetSpec(board=1, big=True))
HOLDEM = Variant("Texas hold'em", "T", _FLOP)
OMAHA = Variant("Omaha", "O", (StreetSpec(down=4),) + _FLOP[1:], hands=("omaha",))
OMAHA_HILO = Variant("Omaha high-low split, eight or better", "O/8", OMAHA.streets, hands=("omaha", "omaha_low8"))
OMAHA5 = Variant("Five-card Omaha", "5O", (StreetSpec(down=5),) + _FLOP[1:], hands=("omaha",))
OMAHA5_HILO = Variant("Five-card Omaha high-low split, eight or better", "5O/8", OMAHA5.streets,
                      hands=("omaha", "omaha_low8"))
_STUD7 = (StreetSpec(down=2, up=1), StreetSpec(up=1), StreetSpec(up=1, big=True), StreetSpec(up=1, big=True),
          StreetSpec(down=1, big=True))
STUD = Variant("Seven-card stud", "7S", _STUD7, forced="bring_in")
STUD_HILO = Variant("Seven-card stud high-low split, eight or better", "7S/8", _STUD7, forced="bring_in",
                    hands=("high", "a5_8"))
RAZZ = Variant("Razz", "R", _STUD7, forced="bring_in", hands=("a5",), low_leads=True)
FIVE_CARD_STUD = Variant("Five-card stud", "5S", (StreetSpec(down=1, up=1), StreetSpec(up=1),
                                                   StreetSpec(up=1, big=True), StreetSpec(up=1, big=True)),
                         forced="bring_in")
FIVE_CARD_DRAW = Variant("Five-card draw", "5D", (StreetSpec(down=5), StreetSpec(draw=True, big=True)))
D27_SINGLE = Variant("Deuce-to-seven lowball single draw", "2L1D", FIVE_CARD_DRAW.streets, hands=("27",))
_TRIPLE = (StreetSpec(down=5), StreetSpec(draw=True), StreetSpec(draw=True, big=True), StreetSpec(draw=True, big=True))
D27_TRIPLE = Variant("Deuce-to-seven lowball triple draw", "2L3D", _TRIPLE, hands=("27",))
BADUGI = Variant("Badugi", "B", (StreetSpec(down=4),) + _TRIPLE[1:], hands=("badugi",))

#: Short-deck (6+) hold'em: the 36-card deck (6..A), a flush above a full house, A-6-7-8-9 the lowest
#: straight, a straight above three of a kind (the classic order; PHH ``NS``). Not a chapter 637a
#: game. Deal it from :class:`ShortDeckSource` or explicit cards: a card below 6 cannot be scored.
SHORT_DECK = Variant("Short-deck hold'em", "S", _FLOP, hands=("short_deck",))
#: 6+ hold'em as PokerStars deals it: the short deck with three of a kind above a straight (and a
#: flush above a full house); PHH stem ``6P`` (pyeval's: PHH has no code for this order). Not a
#: chapter 637a game.
SIX_PLUS = Variant("6+ hold'em", "6P", _FLOP, hands=("short_deck_trips",))
#: Six-card Omaha (PokerStars' "6 Card Omaha"): six hole cards, exactly two of them and three board
#: cards (the § 637a.12 hand rule with six cards dealt). Not a chapter 637a game.
OMAHA6 = Variant("Six-card Omaha", "6O", (StreetSpec(down=6),) + _FLOP[1:], hands=("omaha",))
OMAHA6_HILO = Variant("Six-card Omaha high-low split, eight or better", "6O/8", OMAHA6.streets,
                      hands=("omaha", "omaha_low8"))

#: The chapter 637a games, by PHH code stem.
VARIANTS = {v.phh: v for v in (HOLDEM, OMAHA, OMAHA_HILO, OMAHA5, OMAHA5_HILO, STUD, STUD_HILO, RAZZ,
                               FIVE_CARD_STUD, FIVE_CARD_DRAW, D27_SINGLE, D27_TRIPLE, BADUGI)}
#: Every game the engine plays (the chapter 637a games, short-deck and 6+ hold'em, six-card Omaha),
#: by PHH code stem.
ALL_VARIANTS = {**VARIANTS, **{v.phh: v for v in (SHORT_DECK, SIX_PLUS, OMAHA6, OMAHA6_HILO)}}


class ShortDeckSource:
    """A card source for :class:`~pyeval.poker.Round` that deals the 36-card short deck from a shuffled
    :class:`~pyeval.shoe.Shoe`: the shoe's cards below 6 are passed over (a uniformly shuffled deck
    with them removed is a uniformly shuffled short deck). Shuffle the shoe before the round."""

    def __init__(self, shoe: object) -> None:
        self.shoe = shoe

    def _next(self) -> int:
        while True:
            (c,) = self.shoe.deal(1)  # type: ignore[attr-defined]
            if c >= 16:
                return int(c)

    def burn(self) -> int:
        """Burn the next short-deck card."""
        return self._next()

    def deal(self, k: int) -> tuple[int, ...]:
        """The next ``k`` short-deck cards."""
        return tuple(self._next() for _ in range(k))

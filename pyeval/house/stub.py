"""The stub-count policy of a table dealt from one deck: stub counts, misdeals and the automated
shuffler (58 Pa. Code § 674a.9(d)-(f)).

The shoe keeps the mechanism (:meth:`pyeval.shoe.Shoe.stub_count`, the stub to the rack); what a
count means and when one is due are the rules of the game, here in the house layer (moved from
``pyeval.shoe.stub``; the old names still import from ``pyeval.shoe``, with a DeprecationWarning).
"""
from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..errors import ShoeArgumentError
from ..shoe._common import check_int
from ..shoe.core import RackKind, Shoe
from ..shoe.shuffles import ShuffleProcedure, Uniform

__all__ = ["StubOutcome", "StubCheck", "StubCountPolicy", "check_stub", "judge_stub_count",
           "AutomatedShuffler", "ShufflerReport"]

_check_int = check_int


class StubOutcome(enum.Enum):
    """What § 674a.9(e)-(f) prescribe after a stub count."""

    CORRECT = "correct"            #: 52 cards: the stub goes to the rack unexposed (§ 674a.9(e))
    MISDEAL = "misdeal"            #: misdealt, 52 cards present: hands void, wagers returned
    DECK_REMOVED = "deck_removed"  #: not misdealt (cards missing): void, returned, deck removed


@dataclass(frozen=True)
class StubCheck:
    """The result of counting the stub (58 Pa. Code § 674a.9(d)-(f)).

    Attributes:
        outcome: :class:`StubOutcome`. stub_count: cards counted in the stub.
        indicated: the deck size the count indicates (stub + the cards a correct deal puts out).
        present: cards actually present (stub + cards on the layout + burns since the shuffle).
        expected: 52 per deck. misdealt: a player with more or fewer than the hole cards, or the
        community area with more or fewer than its cards. reason: a sentence for the record.
    """

    outcome: StubOutcome
    stub_count: int
    indicated: int
    present: int
    expected: int
    misdealt: bool
    reason: str

    @property
    def hands_void(self) -> bool:
        """All hands are void (§ 674a.9(f))."""
        return self.outcome is not StubOutcome.CORRECT

    @property
    def wagers_returned(self) -> bool:
        """All wagers go back to the players (§ 674a.9(f))."""
        return self.outcome is not StubOutcome.CORRECT

    @property
    def remove_deck(self) -> bool:
        """The entire deck must be removed from the table (§ 674a.9(f), not misdealt)."""
        return self.outcome is StubOutcome.DECK_REMOVED

    @property
    def stub_to_rack(self) -> bool:
        """The stub goes to the discard rack unexposed (§ 674a.9(e))."""
        return self.outcome is StubOutcome.CORRECT


def check_stub(shoe: Shoe, hands: Mapping[int, Sequence[int]], community: Sequence[int], *,
               hole_cards: int = 2, community_cards: int = 5) -> StubCheck:
    """Count the stub and decide per 58 Pa. Code § 674a.9(d)-(f) (see :func:`judge_stub_count`).

    Args:
        shoe: the shoe after the deal (the stub not yet racked).
        hands: seat -> the cards that player holds. community: the cards in the community area.
    Returns:
        :class:`StubCheck`. The shoe is not changed.
    """
    return judge_stub_count(shoe.stub_count(), [len(h) for h in hands.values()], len(community),
                            hole_cards=hole_cards, community_cards=community_cards,
                            burned=sum(1 for e in shoe.rack if e.kind is RackKind.BURN), decks=shoe.decks,
                            seats=list(hands))


def judge_stub_count(stub: int, hand_sizes: Sequence[int], community: int, *, hole_cards: int = 2,
                     community_cards: int = 5, burned: int = 0, decks: int = 1,
                     seats: Sequence[int] | None = None) -> StubCheck:
    """Decide a stub count per 58 Pa. Code § 674a.9(d)-(f) from the counts alone (any card source).

    The dealer counts the stub face down; the count indicates a full deck when stub + (hole cards x
    players) + community cards = 52 per deck (§ 674a.9(e)). Otherwise the dealer decides whether
    the cards were misdealt (a player with more or fewer than ``hole_cards``, or the community area
    with more or fewer than ``community_cards``): misdealt with 52 cards present -> hands void and
    wagers returned; not misdealt -> also remove the deck (§ 674a.9(f)). When cards were both
    misdealt and missing, the rule's misdeal branch (which requires 52 cards) does not hold, so the
    deck is removed as well (``misdealt`` is then True in the result).

    Args:
        stub: cards counted in the stub. hand_sizes: cards each player in the round holds.
        community: cards in the community area. burned: burn cards since the shuffle.
        decks: decks in play (52 cards each). seats: the seat of each hand size, for the reason.
    Returns:
        :class:`StubCheck`.
    Raises:
        ShoeArgumentError / ShoeTypeError: a count that is not an int >= 0.
    """
    hc = _check_int(hole_cards, "hole_cards", 0)
    cc = _check_int(community_cards, "community_cards", 0)
    layout = sum(hand_sizes) + community
    expected = 52 * decks
    indicated = stub + hc * len(hand_sizes) + cc
    present = stub + layout + burned
    bad = [s for s, n in zip(seats if seats is not None else range(1, len(hand_sizes) + 1), hand_sizes) if n != hc]
    misdealt = bool(bad) or community != cc
    if indicated == expected:
        return StubCheck(StubOutcome.CORRECT, stub, indicated, present, expected, misdealt,
                         f"stub of {stub} indicates {expected} cards: stub to the discard rack (§ 674a.9(e))")
    if misdealt and present == expected:
        what = (f"seat(s) {', '.join(map(str, bad))} with other than {hc} cards" if bad
                else f"{community} community cards instead of {cc}")
        return StubCheck(StubOutcome.MISDEAL, stub, indicated, present, expected, True,
                         f"misdeal ({what}), {expected} cards present: all hands void, wagers returned "
                         "(§ 674a.9(f))")
    return StubCheck(StubOutcome.DECK_REMOVED, stub, indicated, present, expected, misdealt,
                     f"count indicates {indicated} of {expected} cards and {present} are present: all hands "
                     "void, wagers returned, the deck removed from the table (§ 674a.9(f))")


@dataclass
class StubCountPolicy:
    """When the stub must be counted (58 Pa. Code § 674a.9(d)): at least once every ``every`` rounds,
    unless an automated shuffler that counts the cards after each shuffle is in use.

    Call :meth:`count_due` before racking the stub and :meth:`record_round` after each round.
    """

    every: int = 5
    counting_shuffler: bool = False
    rounds_since_count: int = 0

    def __post_init__(self) -> None:
        _check_int(self.every, "every", 1)

    def count_due(self) -> bool:
        """True when this round's stub must be counted (``every - 1`` rounds without a count)."""
        return not self.counting_shuffler and self.rounds_since_count >= self.every - 1

    def record_round(self, counted: bool) -> None:
        """Note a finished round. Raises ShoeArgumentError if a due count was skipped."""
        if not counted and self.count_due():
            raise ShoeArgumentError(f"the stub must be counted at least once every {self.every} rounds "
                                    "(58 Pa. Code § 674a.9(d))")
        self.rounds_since_count = 0 if counted else self.rounds_since_count + 1


@dataclass(frozen=True)
class ShufflerReport:
    """What a card-counting automated shuffler shows after a shuffle (58 Pa. Code § 674a.9(d)).

    Attributes:
        counted: cards counted in the deck. expected: 52 per deck.
    """

    counted: int
    expected: int

    @property
    def complete(self) -> bool:
        """Whether all 52 cards (per deck) are present."""
        return self.counted == self.expected


@dataclass(frozen=True)
class AutomatedShuffler:
    """An automated card shuffling device: shuffles uniformly (or by ``procedure``) and, when
    ``counts_cards``, reports whether 52 cards are present after each shuffle — the device that
    makes the stub counts of 58 Pa. Code § 674a.9(d) unnecessary. Inject a missing card with
    :meth:`Shoe.remove_card` to see it reported.
    """

    counts_cards: bool = True
    procedure: ShuffleProcedure = field(default_factory=Uniform)

    def shuffle(self, shoe: Shoe) -> ShufflerReport | None:
        """Gather and shuffle ``shoe``; the count report, or None for a non-counting device."""
        shoe.shuffle(self.procedure)
        return ShufflerReport(shoe.size, 52 * shoe.decks) if self.counts_cards else None

"""A Criss-Cross Poker table (58 Pa. Code chapter 674a): its rules, its deck, and the § 674a.9(d)-(f)
stub-count state across rounds; :meth:`CrissCrossTable.new_round` opens a
:class:`~pyeval.crisscross.round.CrissCrossRound`."""
from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence

from ..contracts import Deck, read_only
from ..errors import DeckOutOfPlayError, IllegalActionError, OutOfTurnError, WagerNotAllowedError
from ..house.stub import StubCountPolicy
from .deck import DECK_SIZE, ShufflerDeck
from .records import CrissCrossPhase, CrissCrossWagerResult, RoundRecord
from .round import R_COUNT_OUTCOME, CrissCrossRound
from .rules import CrissCrossRules
from .strategy import basic_strategy

# enum members read once here: read through their class, each is a Python-level call (hot paths)
_P_COMPLETE = CrissCrossPhase.COMPLETE
_P_VOID = CrissCrossPhase.VOID

__all__ = ["CrissCrossTable", "play_round", "Strategy"]



class CrissCrossTable:
    """A Criss-Cross Poker table: its rules, its deck, and the § 674a.9(d)-(f) state.

    Args:
        rules: the table's :class:`CrissCrossRules` (default: the documented defaults).
        deck: a :class:`Deck`; default a :class:`ShufflerDeck` with ``seed``.
        seed: int seed for the default deck (None: the OS's secure random source).

    State: ``rounds_since_count`` counts finished rounds since the stub was last counted;
    ``deck_removed`` is True once § 674a.9(f) took the deck off the table (no round can start
    until :meth:`replace_deck`).
    """

    def __init__(self, rules: CrissCrossRules | None = None, deck: Deck | None = None, *,
                 seed: int | None = None) -> None:
        self._rules = rules if rules is not None else CrissCrossRules()
        if not isinstance(self._rules, CrissCrossRules):
            raise WagerNotAllowedError(f"rules must be CrissCrossRules, got {type(rules).__name__}")
        self._deck: Deck = deck if deck is not None else ShufflerDeck(seed)
        _one_deck(self._deck)
        self._stub_policy = StubCountPolicy(every=self._rules.stub_count_interval,
                                           counting_shuffler=self._rules.shuffler_counts_cards)
        self._due = self._stub_policy.count_due()  # stub_count_due, kept in step with the policy
        self._rounds_played = 0
        self._deck_removed = False
        self._round: CrissCrossRound | None = None
        self._pay = (self._rules.main_paytable.by_value(), self._rules.ante_paytable.by_value(),
                     self._rules.bonus_paytable.by_value())
        r = self._rules
        self._multiples = (r.across_multiples, r.down_multiples, r.middle_multiples)  # rules.multiples(d)
        self._wagers_ok: set[tuple[int, int, int, int]] = set()  # wagers that passed the full check (rounds' fast path)

    rules: CrissCrossRules = read_only("_rules", "The table's rules.")
    deck: Deck = read_only("_deck", "The deck in use (the table's card source: it is dealt from, not copied).")
    rounds_played: int = read_only("_rounds_played", "Rounds finished at this table.")
    deck_removed: bool = read_only("_deck_removed", "True once § 674a.9(f) took the deck off the table.")
    round: CrissCrossRound | None = read_only("_round", "The latest round (in progress or finished), else None.")

    @property
    def stub_policy(self) -> StubCountPolicy:
        """When the stub must be counted (the shoe's § 674a.9(d) policy): a copy."""
        return copy.copy(self._stub_policy)

    @property
    def rounds_since_count(self) -> int:
        """Finished rounds since the stub was last counted (:attr:`stub_policy`)."""
        return self._stub_policy.rounds_since_count

    #: read on every round: the policy's answer kept in a slot (set wherever the policy changes)
    stub_count_due: bool = read_only("_due", """True when the round now being played (or the next one) must count
        the stub: the shuffler does not count the cards and ``stub_count_interval - 1`` rounds have passed
        without a count, so this round completes the interval (§ 674a.9(d)).""")

    def new_round(self) -> CrissCrossRound:
        """Open a round for wagers.

        Raises:
            DeckOutOfPlayError: the deck was removed under § 674a.9(f) and not replaced.
            OutOfTurnError: a round is still in progress.
        """
        if self._deck_removed:
            raise DeckOutOfPlayError("the deck was removed from the table (an incorrect card count); "
                                     "replace it before dealing", R_COUNT_OUTCOME)
        if self._round is not None and self._round.phase not in (_P_COMPLETE, _P_VOID):
            raise OutOfTurnError(f"round {self._round.number} is still in progress "
                                 f"({self._round.phase.value})")
        self._round = CrissCrossRound(self, self._rounds_played + 1)
        return self._round

    def replace_deck(self, deck: Deck) -> None:
        """Bring a new deck to the table between rounds; the stub-count interval starts again.

        Raises:
            OutOfTurnError: a round is in progress. IllegalActionError: not a Deck.
        """
        if self._round is not None and self._round.phase not in (_P_COMPLETE, _P_VOID):
            raise OutOfTurnError("the deck can only be replaced between rounds")
        if not isinstance(deck, Deck):
            raise IllegalActionError(f"deck must be a Deck, got {type(deck).__name__}")
        _one_deck(deck)
        self._deck = deck
        self._deck_removed = False
        self._stub_policy.rounds_since_count = 0
        self._due = self._stub_policy.count_due()

    def _finish(self, counted: bool, deck_removed: bool) -> None:
        self._rounds_played += 1
        self._stub_policy.record_round(counted)
        self._due = self._stub_policy.count_due()
        if deck_removed:
            self._deck_removed = True


def _one_deck(deck: object) -> None:
    """Refuse, when the table is set up, a card source holding more than one deck: § 674a.9(d)-(f)
    count the stub against a single 52-card deck."""
    size = getattr(deck, "size", None)
    if isinstance(size, int) and size > DECK_SIZE:
        raise IllegalActionError(f"a Criss-Cross table deals one {DECK_SIZE}-card deck; this card source holds "
                                 f"{size} cards", "58 Pa. Code § 674a.9(d)-(f)")


Strategy = Callable[[int, Sequence[int], Sequence[int], Sequence[int]], int]


def _voided(rnd: CrissCrossRound) -> bool:
    """The round ended void (a step changes ``rnd.phase``; a function keeps type checkers from
    narrowing it across the steps)."""
    return rnd.phase is _P_VOID


def play_round(table: CrissCrossTable, wagers: Mapping[int, tuple[int, int]],
               strategy: Strategy = basic_strategy, *, count_stub: bool | None = None) -> RoundRecord:
    """Drive one round automatically: ``wagers`` maps player -> (ante, bonus); every player plays
    ``strategy(decision, hole, row_outer, column_outer) -> multiple (0 = fold)``; the stub is
    counted when due (or always, with ``count_stub=True``). Returns the round's record (void
    rounds included).

    Raises:
        WagerNotAllowedError: a ``wagers`` entry that is not a pair (ante, bonus), checked before
            the round starts; then whatever the step methods raise."""
    for player, w in wagers.items():
        if not isinstance(w, tuple) or len(w) != 2:
            raise WagerNotAllowedError(f"wagers[{player!r}] must be a pair (ante, bonus), got {w!r}")
    rnd = table.new_round()
    place = rnd.place_wagers
    for player, (ante, bonus) in wagers.items():
        place(player, ante, ante, bonus)
    rnd.no_more_bets()
    rnd.deal()
    if _voided(rnd):  # the deck could not be dealt from
        assert rnd.record is not None
        return rnd.record
    if count_stub or table.stub_count_due:
        rnd.count_stub()
    else:
        rnd.discard_stub()
    if _voided(rnd):
        assert rnd.record is not None
        return rnd.record
    rnd._play_decisions(strategy)  # each player still in, in dealing order, at each decision; the reveals
    return rnd.settle()


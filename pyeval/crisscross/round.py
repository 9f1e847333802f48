"""A Criss-Cross Poker table and its rounds, step by step (58 Pa. Code chapter 674a).

The deal follows 58 Pa. Code § 674a.9 exactly: the automated shuffler (§ 674a.9(a)(1)), "no more
bets" before any card (§ 674a.9(a)(3)), five community cards face down in a cross -- the box
farthest from the dealer, the three boxes of the second row, the box closest to the dealer --
then one card at a time to each player with both Antes, from the player farthest to the dealer's
left clockwise, until each has two (§ 674a.9(b)); the stub to the discard rack unexposed
(§ 674a.9(c)), or counted when a count is due (§ 674a.9(d)-(f)).

Everything around the deal -- the wagers, the three decisions, the order in which the community
cards are turned, and settlement -- follows public descriptions of the game and the table's
:class:`~pyeval.crisscross.rules.CrissCrossRules` (configuration, not Pennsylvania text; the
chapter's sections on wagers, completion of the round and payout odds are not in our hands).

Players are positions ``1..rules.positions`` numbered clockwise from the position farthest to the
dealer's left, so § 674a.9(b)'s dealing order is ascending position. Amounts are ints in the
table's smallest unit. Every step checks that it is legal now (:meth:`CrissCrossRound.legal_steps`)
and a rejected step raises a :class:`~pyeval.errors.PyevalError` and changes nothing.
"""
from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .._bindings import _fastcall
from ..contracts import Action, Event, EventKind as K, Outcome, list_copy, passes, read_only
from ..house import PaidLine, settle_line
from ..errors import (
    IllegalActionError,
    OutOfTurnError,
    StubCountDueError,
    WagerNotAllowedError,
)
from ..hands.high import MAX_VALUE
from ..house.dealing import DealFaults, DealPlan, plan_deal
from ..house.stub import StubOutcome, judge_stub_count
from .dealing import CRISS_CROSS_HAND_DEAL
from .deck import DECK_SIZE
from .records import (
    Box, CrissCrossPhase, CrissCrossSeat, CrissCrossWager, CrissCrossWagerResult,
    Misdeal, RoundRecord, StubCountOutcome, _Seat,
)

# enum members read once here: read through their class, each is a Python-level call (hot paths)
_A_BET = Action.BET
_A_COUNT_STUB = Action.COUNT_STUB
_A_DEAL = Action.DEAL
_A_DISCARD_STUB = Action.DISCARD_STUB
_A_FOLD = Action.FOLD
_A_NO_MORE_BETS = Action.NO_MORE_BETS
_A_PLACE_WAGERS = Action.PLACE_WAGERS
_A_REVEAL = Action.REVEAL
_A_SETTLE = Action.SETTLE
_B_CENTRE = Box.CENTRE
_B_FAR = Box.FAR
_B_NEAR = Box.NEAR
_B_ROW_LEFT = Box.ROW_LEFT
_B_ROW_RIGHT = Box.ROW_RIGHT
_P_ACROSS_DECISION = CrissCrossPhase.ACROSS_DECISION
_P_ACROSS_REVEAL = CrissCrossPhase.ACROSS_REVEAL
_P_BETTING = CrissCrossPhase.BETTING
_P_COMPLETE = CrissCrossPhase.COMPLETE
_P_DEAL = CrissCrossPhase.DEAL
_P_DOWN_DECISION = CrissCrossPhase.DOWN_DECISION
_P_DOWN_REVEAL = CrissCrossPhase.DOWN_REVEAL
_P_MIDDLE_DECISION = CrissCrossPhase.MIDDLE_DECISION
_P_MIDDLE_REVEAL = CrissCrossPhase.MIDDLE_REVEAL
_P_SETTLEMENT = CrissCrossPhase.SETTLEMENT
_P_STUB = CrissCrossPhase.STUB
_P_VOID = CrissCrossPhase.VOID
_W_ACROSS = CrissCrossWager.ACROSS
_W_ANTE_ACROSS = CrissCrossWager.ANTE_ACROSS
_W_ANTE_DOWN = CrissCrossWager.ANTE_DOWN
_W_BONUS = CrissCrossWager.BONUS
_W_DOWN = CrissCrossWager.DOWN
_W_MIDDLE = CrissCrossWager.MIDDLE
_K_BET = K.BET
_K_COUNT_STUB = K.COUNT_STUB
_K_DEAL = K.DEAL
_K_DISCARD_STUB = K.DISCARD_STUB
_K_FOLD = K.FOLD
_K_NO_MORE_BETS = K.NO_MORE_BETS
_K_REVEAL = K.REVEAL
_K_SETTLE = K.SETTLE
_K_WAGERS = K.WAGERS
_O_LOSE = Outcome.LOSE
_O_PUSH = Outcome.PUSH
_O_RETURNED = Outcome.RETURNED
_O_WIN = Outcome.WIN
_SC_CORRECT = StubCountOutcome.CORRECT
_SC_DECK_INCORRECT = StubCountOutcome.DECK_INCORRECT
_SC_MISDEAL = StubCountOutcome.MISDEAL
_SC_MISDEAL_DECK_INCORRECT = StubCountOutcome.MISDEAL_DECK_INCORRECT
_SO_CORRECT = StubOutcome.CORRECT
_SO_DECK_REMOVED = StubOutcome.DECK_REMOVED
_SO_MISDEAL = StubOutcome.MISDEAL

if TYPE_CHECKING:
    from .table import CrissCrossTable

__all__ = ["CrissCrossRound"]

R_SHUFFLER = "58 Pa. Code § 674a.9(a)"
R_CROSS_DEAL = "58 Pa. Code § 674a.9(b)"
R_STUB_TO_RACK = "58 Pa. Code § 674a.9(c)"
R_STUB_COUNT = "58 Pa. Code § 674a.9(d)"
R_COUNT_OUTCOME = "58 Pa. Code § 674a.9(f)"
CONFIG = "table configuration (public description of the game)"
_eval = _fastcall.evaluate  # pyeval.evaluate's C builtin; the cards here are checked and distinct


_new = tuple.__new__

#: The fast step paths (docs/decisions/032-fast-step-paths.md): on by default; tests switch it off
#: to check that every round plays, records and settles exactly as through the general path.
FAST = True
_NONE: frozenset[Action] = frozenset()
_WAGERS = frozenset({_A_PLACE_WAGERS})
_CLOSE = frozenset({_A_NO_MORE_BETS})
_WAGERS_OR_CLOSE = frozenset({_A_PLACE_WAGERS, _A_NO_MORE_BETS})
_DEAL = frozenset({_A_DEAL})
_COUNT = frozenset({_A_COUNT_STUB})
_COUNT_OR_DISCARD = frozenset({_A_COUNT_STUB, _A_DISCARD_STUB})
_BET_OR_FOLD = frozenset({_A_BET, _A_FOLD})
_REVEAL = frozenset({_A_REVEAL})
_SETTLE = frozenset({_A_SETTLE})


@functools.lru_cache(maxsize=64)
def _cross_plan(order: tuple[int, ...], misdeal: Misdeal | None) -> DealPlan:
    """The shoe's plan of the § 674a.9(b) cross deal for these players, with an injected misdeal
    as the dealing engine's :class:`~pyeval.house.dealing.DealFaults` (an extra or missing last hole card, or an
    extra or missing community card)."""
    faults = None
    if misdeal is not None:
        if misdeal.player is None:
            faults = DealFaults(community_extra=1) if misdeal.extra else DealFaults(community_short=1)
        else:
            faults = (DealFaults(extra_card_to=(misdeal.player,)) if misdeal.extra
                      else DealFaults(short_card_to=(misdeal.player,)))
    return plan_deal(CRISS_CROSS_HAND_DEAL, order, faults=faults)


#: The shoe's stub-count outcome (and whether the layout was misdealt) -> this table's outcome.
_OUTCOME = {
    (_SO_CORRECT, False): _SC_CORRECT,
    (_SO_CORRECT, True): _SC_CORRECT,  # a lost card hides the misdeal
    (_SO_MISDEAL, True): _SC_MISDEAL,
    (_SO_DECK_REMOVED, False): _SC_DECK_INCORRECT,
    (_SO_DECK_REMOVED, True): _SC_MISDEAL_DECK_INCORRECT,
}



_DECISION_PHASES = (_P_ACROSS_DECISION, _P_DOWN_DECISION, _P_MIDDLE_DECISION)
_REVEAL_PHASES = (_P_ACROSS_REVEAL, _P_DOWN_REVEAL, _P_MIDDLE_REVEAL)
_REVEAL_BOXES = ((_B_ROW_LEFT, _B_ROW_RIGHT), (_B_FAR, _B_NEAR), (_B_CENTRE,))
_DECISION_NAMES = ("Across", "Down", "Middle")
_ACROSS_DECISION, _DOWN_DECISION, _MIDDLE_DECISION = _DECISION_PHASES
_REVEAL_GET = (operator.itemgetter(1, 3), operator.itemgetter(0, 4), lambda c: (c[2],))
assert _REVEAL_BOXES == ((1, 3), (0, 4), (2,))


class CrissCrossRound:
    """One round at a :class:`CrissCrossTable`; create it with ``table.new_round()``.

    Steps, in order (each raises and changes nothing when not legal now):
    :meth:`place_wagers` (any number of players) -> :meth:`no_more_bets` -> :meth:`deal` ->
    :meth:`count_stub` or :meth:`discard_stub` -> for each decision (Across, Down, Middle):
    :meth:`bet` / :meth:`fold` by each live player in order, then :meth:`reveal` -> :meth:`settle`.
    """

    __slots__ = ("_table", "_number", "_phase", "_players", "_community", "_revealed", "_dealer_hand",
                 "_stub_count", "_stub_outcome", "_misdealt", "_events", "_record", "_order", "_pending",
                 "_plan", "_d", "_folds")

    def __init__(self, table: CrissCrossTable, number: int) -> None:
        self._table = table
        self._number = number
        self._phase = _P_BETTING
        self._players: dict[int, _Seat] = {}
        self._community: tuple[int, ...] = ()
        self._revealed: tuple[Box, ...] = ()
        self._dealer_hand: str | None = None
        self._stub_count: int | None = None
        self._stub_outcome: StubCountOutcome | None = None
        self._misdealt = False
        self._events: list[Event] = []
        self._record: RoundRecord | None = None
        self._order: list[int] = []    # players dealt in, dealing order
        self._pending: list[int] = []  # players still to act at the current decision
        self._plan: DealPlan | None = None  # the shoe's plan of the cross deal, once dealt
        self._d = 0      # the latest decision started (0 Across, 1 Down, 2 Middle): read while _pending
        self._folds = 0  # players folded so far

    # the public state, read-only (snapshots; the steps work on the private slots)
    table: CrissCrossTable = read_only("_table", "The table the round is played at.")
    number: int = read_only("_number", "The round's number at its table (1 = the first).")
    phase: CrissCrossPhase = read_only("_phase", "The step the round waits for.")
    community: tuple[int, ...] = read_only("_community", "The five community cards, by Box (once dealt).")
    revealed: tuple[Box, ...] = read_only("_revealed", "The boxes turned so far.")
    dealer_hand: str | None = read_only("_dealer_hand", "How the cards were dealt (the shoe's plan), once dealt.")
    stub_count: int | None = read_only("_stub_count", "The stub count, if the stub was counted.")
    stub_outcome: StubCountOutcome | None = read_only("_stub_outcome", "What the stub count showed (§ 674a.9(e)-(f)).")
    misdealt: bool = read_only("_misdealt", "True when the layout was misdealt.")
    events: list[Event] = list_copy("_events", "The record so far, in order (a new list).")

    @property
    def players(self) -> Mapping[int, CrissCrossSeat]:
        """player -> :class:`CrissCrossSeat` (wagers, hole cards, multiples): a read-only snapshot."""
        return MappingProxyType({k: s.view() for k, s in self._players.items()})

    @property
    def record(self) -> RoundRecord | None:
        """The finished round's :class:`RoundRecord` (a copy), else None."""
        r = self._record
        if r is None:
            return None
        return _new(RoundRecord, (r[0], r[1], dict(r[2]), dict(r[3]), dict(r[4]), *r[5:]))  # hole, wagers, multiples copied

    # ---- queries ---------------------------------------------------------------------------
    def legal_actions(self) -> frozenset[Action]:
        """Every step legal now (:mod:`pyeval.contracts`): ``Action.X`` is in it exactly when
        ``can_x()`` is True."""
        ph = self._phase
        if ph is _P_BETTING:
            can_wager = len(self._players) < self._table._rules.positions
            if self._players:
                return _WAGERS_OR_CLOSE if can_wager else _CLOSE
            return _WAGERS if can_wager else _NONE
        if ph is _P_DEAL:
            return _DEAL
        if ph is _P_STUB:
            return _COUNT if self._table.stub_count_due else _COUNT_OR_DISCARD
        if ph in _DECISION_PHASES:
            return _BET_OR_FOLD
        if ph in _REVEAL_PHASES:
            return _REVEAL
        if ph is _P_SETTLEMENT:
            return _SETTLE
        return _NONE

    def can_place_wagers(self, player: int | None = None, ante_across: int | None = None,
                         ante_down: int | None = None, bonus: int = 0) -> bool:
        """True when :meth:`place_wagers` would accept these wagers now (no amounts: when
        ``player``, or some player, may still place wagers)."""
        if ante_across is None or ante_down is None or player is None:
            return (self._phase is _P_BETTING and len(self._players) < self._table._rules.positions
                    and (player is None or (type(player) is int and 1 <= player <= self._table._rules.positions
                                            and player not in self._players)))
        return passes(self._check_wagers, player, ante_across, ante_down, bonus)

    def can_no_more_bets(self) -> bool:
        """True while wagers are open and some player has wagered."""
        return self._phase is _P_BETTING and bool(self._players)

    def can_deal(self) -> bool:
        """True after "no more bets", before the deal."""
        return self._phase is _P_DEAL

    def can_count_stub(self) -> bool:
        """True right after the deal (a count is always allowed; § 674a.9(d))."""
        return self._phase is _P_STUB

    def can_discard_stub(self) -> bool:
        """True right after the deal when no stub count is due this round (§ 674a.9(c)-(d))."""
        return self._phase is _P_STUB and not self._table.stub_count_due

    def can_bet(self, player: int | None = None, multiple: int | None = None) -> bool:
        """True when ``player`` (default: the player to act) may bet ``multiple`` (default: some
        allowed multiple) times his Ante now."""
        s = self.to_act
        return (s is not None and (player is None or player == s)
                and (multiple is None or (type(multiple) is int and multiple in self.legal_multiples())))

    def can_fold(self, player: int | None = None) -> bool:
        """True when ``player`` (default: the player to act) may fold now."""
        s = self.to_act
        return s is not None and (player is None or player == s)

    def can_reveal(self) -> bool:
        """True when a decision is complete and its community cards are still face down."""
        return self._phase in _REVEAL_PHASES

    def can_settle(self) -> bool:
        """True when every community card is turned and the wagers are unsettled."""
        return self._phase is _P_SETTLEMENT

    @property
    def complete(self) -> bool:
        """True once the round is settled or void."""
        return self._phase is _P_COMPLETE or self._phase is _P_VOID

    #: players are pending only in a decision phase; the getter is C's (``pending[0]`` or None)
    to_act: int | None = property(_fastcall.cc_to_act, doc="The player whose decision is due, or None outside a decision.")  # type: ignore[assignment]

    @property
    def decision(self) -> int | None:
        """0 (Across), 1 (Down), 2 (Middle) during a decision, else None."""
        return _DECISION_PHASES.index(self._phase) if self._phase in _DECISION_PHASES else None

    def legal_multiples(self) -> tuple[int, ...]:
        """Bet multiples allowed at the current decision (empty outside a decision)."""
        d = self.decision
        return () if d is None else self._table._rules.multiples(d)

    def visible_community(self) -> dict[Box, int]:
        """The community cards turned so far, by box."""
        return {b: self._community[b] for b in sorted(self._revealed)}

    def hole(self, player: int) -> tuple[int, ...]:
        """A player's hole cards (empty before the deal)."""
        s = self._players.get(player)
        return s.hole if s else ()

    def _need(self, phase: CrissCrossPhase, step: Action) -> None:
        if self._phase is not phase:
            if self._phase is _P_STUB and step is not _A_COUNT_STUB and self._table.stub_count_due:
                raise StubCountDueError(f"{step.value}: the stub must be counted first (at least "
                                        "once every "
                                        f"{self._table._rules.stub_count_interval} rounds)", R_STUB_COUNT)
            raise OutOfTurnError(f"{step.value} is not legal in the {self._phase.value} phase; "
                                 f"legal now: {sorted(a.value for a in self.legal_actions()) or 'nothing'}")

    # ---- betting -----------------------------------------------------------------------------
    def place_wagers(self, player: int, ante_across: int, ante_down: int, bonus: int = 0) -> None:
        """Place the two required Antes (equal, unless ``rules.equal_antes`` is off) and the
        optional Five Card Bonus for ``player``.

        Raises:
            OutOfTurnError: not in the betting phase (after "no more bets", § 674a.9(a)(3)).
            WagerNotAllowedError: an unknown player, a player already wagered, unequal Antes, an
                amount outside the table limits or off the Ante step, or a Bonus not offered.
        """
        if FAST and _cc_place(self, player, ante_across, ante_down, bonus):  # known wagers (decision 036)
            return
        self._check_wagers(player, ante_across, ante_down, bonus)
        ok = self._table._wagers_ok
        if len(ok) >= 4096:  # the values passed the table's full check: remembered (bounded)
            ok.clear()
        ok.add((player, ante_across, ante_down, bonus))  # plain ints: the full check passed
        self._players[player] = _Seat(ante_across, bonus, ante_down)
        self._events.append(_new(Event, (_K_WAGERS, player, ante_across + ante_down + bonus, (), (ante_across, ante_down, bonus))))

    def _check_wagers(self, player: int, ante_across: int, ante_down: int, bonus: int) -> None:
        if self._phase is not _P_BETTING:
            self._need(_P_BETTING, _A_PLACE_WAGERS)
        r = self._table._rules
        if type(player) is not int or not 1 <= player <= r.positions:
            raise WagerNotAllowedError(f"player must be a position 1..{r.positions}, got {player!r}",
                                       "58 Pa. Code § 674a.2(a); " + CONFIG)
        if player in self._players:
            raise WagerNotAllowedError(f"seat {player} has already placed its wagers", CONFIG)
        if type(ante_across) is not int or type(ante_down) is not int or type(bonus) is not int:
            raise WagerNotAllowedError(f"wagers must be int amounts, got ante_across={ante_across!r}, "
                                       f"ante_down={ante_down!r}, bonus={bonus!r}", CONFIG)
        if ante_across != ante_down and r.equal_antes:
            raise WagerNotAllowedError(f"the two Antes must be equal, got {ante_across} and "
                                       f"{ante_down}", CONFIG + "; the setting equal_antes")
        for ante in {ante_across, ante_down}:
            if not r.min_ante <= ante <= r.max_ante or ante % r.ante_step:
                raise WagerNotAllowedError(f"Ante {ante} outside the table limits "
                                           f"{r.min_ante}..{r.max_ante} (step {r.ante_step})", CONFIG)
        if bonus:
            if not r.bonus_offered:
                raise WagerNotAllowedError("this table does not offer the Five Card Bonus", CONFIG)
            if not r.min_bonus <= bonus <= r.max_bonus:
                raise WagerNotAllowedError(f"Five Card Bonus {bonus} outside the table limits "
                                           f"{r.min_bonus}..{r.max_bonus}", CONFIG)

    def no_more_bets(self) -> None:
        """The dealer announces "no more bets" before dealing any card (§ 674a.9(a)(3)).

        Raises:
            OutOfTurnError: not in the betting phase. IllegalActionError: no player has wagered.
        """
        if self._phase is not _P_BETTING:
            self._need(_P_BETTING, _A_NO_MORE_BETS)
        if not self._players:
            raise IllegalActionError("no player has placed the two required Antes", R_CROSS_DEAL)
        self._phase = _P_DEAL
        self._events.append(_new(Event, (_K_NO_MORE_BETS, None, 0, (), None)))

    # ---- the deal (§ 674a.9(a)-(b)) ------------------------------------------------------------
    def deal(self, hand: str = "right", *, misdeal: Misdeal | None = None) -> None:
        """Shuffle with the automated shuffler and deal the cross and the hole cards.

        § 674a.9(a)(1)-(2): the deck comes from the automated shuffler and the dealer keeps it in
        ``hand`` ("left" or "right") for the whole round. § 674a.9(b): five community cards face
        down (:data:`COMMUNITY_DEAL_ORDER`), then one card at a time to each player with both Antes,
        ascending position (farthest to the dealer's left first), until each has two.

        Args:
            misdeal: fault injection for tests (:class:`Misdeal`).

        A deck that cannot be dealt from -- a counting shuffler that does not find 52 cards, or
        too few cards for the players -- voids the round before any card is dealt: every wager is
        returned (:attr:`record`, phase ``VOID``) and the deck is removed from the table, which
        then takes a new one (:meth:`CrissCrossTable.replace_deck`).
        Raises:
            OutOfTurnError: not after "no more bets". IllegalActionError: a bad ``hand`` or
            ``misdeal``.
        """
        if self._phase is not _P_DEAL:
            self._need(_P_DEAL, _A_DEAL)
        if hand not in ("left", "right"):
            raise IllegalActionError(f"hand must be 'left' or 'right', got {hand!r}", R_SHUFFLER + "(2)")
        order = sorted(self._players)
        if misdeal is not None and (not isinstance(misdeal, Misdeal) or
                                    (misdeal.player is not None and misdeal.player not in self._players)):
            raise IllegalActionError(f"misdeal must be a Misdeal naming a player with wagers or None "
                                     f"(the community area), got {misdeal!r}")
        deck = self._table._deck
        rules = self._table._rules
        plan, layout = _deal_plan(tuple(order), misdeal)
        need = plan.need
        short = _short_deck(deck.size, need, rules.shuffler_counts_cards)
        if short is not None:  # nothing is dealt: the round is void and the table waits for a new deck
            self._order = order
            self._events.append(_new(Event, (_K_DEAL, None, 0, (), short)))
            self._void(short, counted=False, deck_removed=True)
            return
        deck.shuffle()
        cards = deck.deal(need)
        if len(cards) != need or len(set(cards)) != need or min(cards) < 0 or max(cards) > 51:
            raise IllegalActionError(f"the card source dealt invalid cards {cards!r}")
        # from here on the deal has happened: record it
        community, hands_dealt = _lay_out(cards, plan, layout, order, self._players)
        self._dealer_hand = hand
        self._community = community
        self._order = order
        self._plan = plan
        self._misdealt = misdeal is not None
        self._phase = _P_STUB
        self._events.append(_new(Event, (_K_DEAL, None, 0, community, (hand, community, hands_dealt))))

    # ---- the stub (§ 674a.9(c)-(f)) -----------------------------------------------------------
    def discard_stub(self) -> None:
        """Place the stub in the discard rack without exposing it (§ 674a.9(c)).

        Raises:
            StubCountDueError: a stub count is due this round (§ 674a.9(d)).
            OutOfTurnError: not right after the deal.
        """
        if self._phase is _P_STUB and self._table.stub_count_due:
            raise StubCountDueError("the stub must be counted this round, not discarded uncounted "
                                    f"(at least once every {self._table._rules.stub_count_interval}"
                                    " rounds)", R_STUB_COUNT)
        if self._phase is not _P_STUB:
            self._need(_P_STUB, _A_DISCARD_STUB)
        n = self._table._deck.stub_to_rack()
        self._events.append(_new(Event, (_K_DISCARD_STUB, None, 0, (), n)))
        if self._misdealt:
            # Found on the layout without a count: § 674a.13 (irregularities) is not in our
            # hands; table policy: void the hands and return every wager.
            self._void("misdeal on the layout (table policy: § 674a.13 is not in our hands)",
                       counted=False, deck_removed=False)
            return
        self._start_decision(0)

    def count_stub(self) -> StubCountOutcome:
        """Count the stub face down on the layout and act on the result (§ 674a.9(d)-(f)).

        The count is correct when stub + the 5 + 2 per player cards a correct deal puts out make
        52: the stub goes to the discard rack unexposed (§ 674a.9(e)). Otherwise the dealer
        checks for a misdeal: misdealt with 52 cards present -> every hand void and every wager
        returned; not misdealt -> void, returned, and the deck is removed from the table
        (§ 674a.9(f)); the table then refuses to deal until :meth:`CrissCrossTable.replace_deck`.

        Returns:
            the :class:`StubCountOutcome`.
        Raises:
            OutOfTurnError: not right after the deal.
        """
        self._need(_P_STUB, _A_COUNT_STUB)
        deck = self._table._deck
        plan = self._plan
        assert plan is not None
        counted = deck.remaining
        expected = DECK_SIZE - plan.community_cards - plan.hole_cards * len(self._order)
        check = judge_stub_count(counted, [len(self._players[s].hole) for s in self._order],
                                 len(self._community), hole_cards=plan.hole_cards,
                                 community_cards=plan.community_cards, seats=self._order)
        on_layout = check.present - counted
        outcome = _OUTCOME[check.outcome, check.misdealt]
        self._stub_count = counted
        self._stub_outcome = outcome
        self._events.append(_new(Event, (_K_COUNT_STUB, None, 0, (), (counted, outcome))))
        if outcome is _SC_CORRECT:
            n = deck.stub_to_rack()
            self._events.append(_new(Event, (_K_DISCARD_STUB, None, 0, (), n)))
            if check.misdealt:  # a misdeal that a lost card hides from the count
                self._void("misdeal on the layout (table policy: § 674a.13 is not in our hands)",
                           counted=True, deck_removed=False)
            else:
                self._start_decision(0)
        elif outcome is _SC_MISDEAL:
            self._void(f"misdeal with {DECK_SIZE} cards present ({R_COUNT_OUTCOME})", counted=True,
                       deck_removed=False)
        elif outcome is _SC_DECK_INCORRECT:
            self._void(f"stub count {counted}, expected {expected}, not misdealt: deck removed "
                       f"({R_COUNT_OUTCOME})", counted=True, deck_removed=True)
        else:
            self._void(f"misdeal and {counted + on_layout} cards present: deck removed (table "
                       f"policy; {R_COUNT_OUTCOME} does not address it)", counted=True, deck_removed=True)
        return outcome

    # ---- decisions ---------------------------------------------------------------------------
    def _start_decision(self, d: int) -> None:
        if self._folds or not FAST:
            players = self._players
            self._pending[:] = [s for s in self._order if not players[s].folded]
        else:
            self._pending[:] = self._order
        self._d = d
        self._phase = _DECISION_PHASES[d]
        if not self._pending:  # everyone folded: the dealer still turns the cards (Bonus)
            self._phase = _REVEAL_PHASES[d]

    def _check_turn(self, player: int, step: Action) -> int:
        ph = self._phase
        if ph not in _DECISION_PHASES:
            self._need(_P_ACROSS_DECISION, step)
        d = _DECISION_PHASES.index(ph)
        if player != self._pending[0]:
            raise OutOfTurnError(f"{step.value} by seat {player!r}: seat {self._pending[0]} acts first "
                                 f"at the {_DECISION_NAMES[d]} decision", CONFIG)
        return d

    def bet(self, player: int, multiple: int) -> None:
        """``player`` makes the Across, Down or Middle bet of ``multiple`` x its Ante.

        Raises:
            OutOfTurnError: not a decision, or not this player's turn (players act in dealing order).
            WagerNotAllowedError: a multiple the table does not allow at this decision.
        """
        if FAST and _cc_bet(self, player, multiple):  # the general steps below, in C (decision 036)
            return
        d = self._check_turn(player, _A_BET)
        allowed = self._table._rules.multiples(d)
        if multiple not in allowed or type(multiple) is not int:
            raise WagerNotAllowedError(f"{_DECISION_NAMES[d]} bet of {multiple!r}x the Ante is not "
                                       f"allowed; allowed multiples {allowed}", CONFIG)
        self._players[player].multiples[d] = multiple
        self._events.append(_new(Event, (_K_BET, player, multiple * _bet_unit(self._players[player], d), (), (d, multiple))))
        pending = self._pending
        pending.pop(0)
        if not pending:
            self._phase = _REVEAL_PHASES[d]

    def _play_decisions(self, strategy: Callable[[int, Sequence[int], Sequence[int], Sequence[int]], int]) -> None:
        """The three decisions and reveals of :func:`~pyeval.crisscross.table.play_round`: each live
        player in dealing order answers ``strategy(decision, hole, row_outer, column_outer)`` with a
        multiple (0 = fold). A bet takes :meth:`bet`'s C step (``_fastcall.cc_bet``, which checks the
        turn and the multiple itself); anything it does not apply goes through :meth:`bet` or
        :meth:`fold` (which raise as they do for any caller)."""
        c = self._community
        row_o, col_o = (c[1], c[3]), (c[0], c[4])
        players, pending = self._players, self._pending
        for d, known in enumerate((((), ()), (row_o, ()), (row_o, col_o))):
            kr, kc = known
            while pending and self._phase in _DECISION_PHASES:  # to_act is pending[0]
                p = pending[0]
                s = players[p]
                m = strategy(d, s.hole, kr, kc)
                if not m:
                    self.fold(p)
                elif not (FAST and _cc_bet(self, p, m)):  # bet's own C step: the player due, an allowed multiple
                    self.bet(p, m)  # the strategy moved the round on, or a multiple not allowed (raises)
            self.reveal()

    def fold(self, player: int) -> None:
        """``player`` folds, forfeiting the Antes and any bets made (its Bonus stays in action).

        Raises:
            OutOfTurnError: not a decision, or not this player's turn.
        """
        d = self._check_turn(player, _A_FOLD)
        s = self._players[player]
        s.multiples[d] = 0
        s.folded = True
        self._folds += 1
        self._events.append(_new(Event, (_K_FOLD, player, 0, (), d)))
        pending = self._pending
        pending.pop(0)
        if not pending:
            self._phase = _REVEAL_PHASES[d]

    def reveal(self) -> tuple[int, ...]:
        """Turn the next community cards: the row's two outer cards, then the column's two outer
        cards, then the centre (configuration). Returns the cards turned.

        Raises:
            OutOfTurnError: decisions are still pending or nothing is left to turn.
        """
        if FAST:
            cards = _cc_reveal(self)  # the steps below in C when no one folded (decision 036)
            if cards is not None:
                return cards
        ph = self._phase
        i = 0 if ph is _P_ACROSS_REVEAL else 1 if ph is _P_DOWN_REVEAL else 2 if ph is _P_MIDDLE_REVEAL else None
        if i is None:
            self._need(_P_ACROSS_REVEAL, _A_REVEAL)
        boxes = _REVEAL_BOXES[i]  # type: ignore[index]
        cards = _REVEAL_GET[i](self._community)  # type: ignore[index]
        self._revealed += boxes
        self._events.append(_new(Event, (_K_REVEAL, None, 0, cards, boxes)))
        if i == 2:
            self._phase = _P_SETTLEMENT
        else:
            self._start_decision(i + 1)  # type: ignore[operator]
        return cards

    # ---- settlement --------------------------------------------------------------------------
    def settle(self) -> RoundRecord:
        """Settle every wager of every player and close the round.

        Antes: each on its own hand by the Ante rule; Across and Down bets on their own hand and
        the Middle bet on the better of the two, by the main paytable; the Five Card Bonus on the
        five community cards, folded or not (all configuration). Winnings are
        ``staked * odds`` rounded down to the table unit. Returns the :class:`RoundRecord`.

        Raises:
            OutOfTurnError: the centre card is not turned yet.
        """
        if self._phase is not _P_SETTLEMENT:
            self._need(_P_SETTLEMENT, _A_SETTLE)
        t = self._table
        got = _cc_settle(self, _c_plan(t._pay)) if FAST else None  # the loop below in C (decision 036)
        if got is not None:
            out, *maps = got
        else:
            pay = t._pay
            c = self._community
            row = (c[1], c[2], c[3])
            col = (c[0], c[2], c[4])
            board_v = _eval(c)
            players = self._players
            results: list[CrissCrossWagerResult] = []
            for player in self._order:
                s = players[player]
                if s.folded:
                    results.extend(_settle_seat(player, s, 0, 0, board_v, pay))
                else:
                    results.extend(_settle_seat(player, s, _eval(s.hole + row), _eval(s.hole + col), board_v, pay))
            out, maps = tuple(results), None
        self._events.append(_new(Event, (_K_SETTLE, None, 0, (), len(out))))
        self._phase = _P_COMPLETE
        return self._close(out, None, counted=self._stub_count is not None, deck_removed=False, maps=maps)

    def _void(self, reason: str, *, counted: bool, deck_removed: bool) -> None:
        out = []
        for player in self._order:
            s = self._players[player]
            out.append(CrissCrossWagerResult(player, _W_ANTE_ACROSS, s.ante, _O_RETURNED, 0))
            out.append(CrissCrossWagerResult(player, _W_ANTE_DOWN, s.ante_down, _O_RETURNED, 0))
            if s.bonus:
                out.append(CrissCrossWagerResult(player, _W_BONUS, s.bonus, _O_RETURNED, 0))
        self._phase = _P_VOID
        self._close(tuple(out), reason, counted=counted, deck_removed=deck_removed)

    def _close(self, results: tuple[CrissCrossWagerResult, ...], void_reason: str | None, *, counted: bool,
               deck_removed: bool, maps: Sequence[dict[Any, Any]] | None = None) -> RoundRecord:
        self._table._finish(counted, deck_removed)
        if maps is not None:  # cc_settle built them
            hole, wagers, multiples = maps
        else:
            players = self._players
            hole, wagers, multiples = {}, {}, {}
            for s in self._order:
                p = players[s]
                hole[s] = p.hole
                wagers[s] = (p.ante, p.ante_down, p.bonus)
                multiples[s] = tuple(p.multiples)
        self._record = _new(RoundRecord, (  # the fields in RoundRecord's order
            self._number, self._community, hole, wagers, multiples,
            self._stub_count, self._stub_outcome, results, void_reason, deck_removed, tuple(self._events)))
        return self._record


def _settle_seat(player: int, s: _Seat, av: int, dv: int, board_v: int,
                 pay: tuple[Sequence[PaidLine | None], ...]) -> tuple[CrissCrossWagerResult, ...]:
    """Every wager of one seat (:meth:`CrissCrossRound.settle`): ``av``, ``dv`` the values of its
    Across and Down hands (unused when folded), ``board_v`` the five community cards' value,
    ``pay`` the table's (main, Ante, Bonus) lines by value."""
    main, ante_pt, bonus_pt = pay
    a = s.ante
    ad = s.ante_down
    units = (a, ad, a if a < ad else ad)  # each bet's Ante: Across, Down, the smaller for the Middle
    out: list[CrissCrossWagerResult] = []
    add = out.append
    if s.folded:
        add(_new(CrissCrossWagerResult, (player, _W_ANTE_ACROSS, a, _O_LOSE, -a, None)))
        add(_new(CrissCrossWagerResult, (player, _W_ANTE_DOWN, ad, _O_LOSE, -ad, None)))
        for d, m in enumerate(s.multiples):
            if m:
                add(_new(CrissCrossWagerResult, (player, _W_BETS[d], m * units[d], _O_LOSE, -m * units[d], None)))
    else:
        m0, m1, m2 = s.multiples
        add(_pay(player, _W_ANTE_ACROSS, a, ante_pt, av))
        add(_pay(player, _W_ANTE_DOWN, ad, ante_pt, dv))
        add(_pay(player, _W_ACROSS, m0 * a, main, av))  # type: ignore[operator]
        add(_pay(player, _W_DOWN, m1 * ad, main, dv))  # type: ignore[operator]
        add(_pay(player, _W_MIDDLE, m2 * units[2], main, av if av > dv else dv))  # type: ignore[operator]
    if s.bonus:
        add(_pay(player, _W_BONUS, s.bonus, bonus_pt, board_v))
    return tuple(out)


def _bet_unit(s: _Seat, d: int) -> int:
    """The Ante a decision's bet is a multiple of: the Across, the Down, the smaller for the Middle."""
    return s.ante if d == 0 else s.ante_down if d == 1 else min(s.ante, s.ante_down)


def _pay(player: int, wager: CrissCrossWager, staked: int, table: Sequence[PaidLine | None],
         value: int) -> CrissCrossWagerResult:
    """One wager on the line its hand ``value`` falls on (the house layer's one settlement step);
    below the last line the wager loses; winnings are rounded down to the table unit."""
    line = table[value]
    outcome, net = settle_line(line, staked)
    return _new(CrissCrossWagerResult, (player, wager, staked, outcome, net, None if line is None else line[3]))


_W_BETS = (_W_ACROSS, _W_DOWN, _W_MIDDLE)


def _deal_plan(order: tuple[int, ...], misdeal: Misdeal | None) -> tuple[DealPlan, Any]:
    """The plan of the cross deal for these players and, on the fast path, its :func:`_layout`
    (cached per player set when there is no misdeal)."""
    hit = _DEALS.get(order) if FAST and misdeal is None else None
    if hit is not None:
        return hit
    plan = _cross_plan(order, misdeal)
    layout = _layout(plan) if FAST else None
    if FAST and misdeal is None:
        if len(_DEALS) >= 256:  # bounded: many player sets only cost planning again
            _DEALS.clear()
        _DEALS[order] = (plan, layout)
    return plan, layout


def _short_deck(size: int, need: int, counts_cards: bool) -> str | None:
    """Why a deck of ``size`` cards cannot be dealt from (the round is then void), or None."""
    if counts_cards and size != DECK_SIZE:
        return (f"the automated shuffler indicates {size} cards, not {DECK_SIZE}: every wager "
                f"returned and the deck removed (table policy, as {R_COUNT_OUTCOME} for an incorrect count; "
                "§ 674a.5 is not in our hands)")
    if size < need:
        return (f"the deck holds {size} cards, {need} are needed: every wager returned and the deck "
                f"removed (table policy, as {R_COUNT_OUTCOME} for an incorrect count)")
    return None


def _lay_out(cards: tuple[int, ...], plan: DealPlan, layout: Any, order: list[int],
             players: dict[int, _Seat]) -> tuple[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]]:
    """Put the dealt ``cards`` where the plan says (each seat's hole cards set on ``players``):
    returns the community cards and ((player, hole cards), ...) in dealing order."""
    if layout is not None:  # the plan as C item getters, the players in dealing order
        dealt = []
        for s, g in layout[1]:
            players[s].hole = h = g(cards)
            dealt.append((s, h))
        return layout[0](cards), tuple(dealt)
    hands, community, _ = plan.place(cards)
    for s in order:
        players[s].hole = hands[s]
    return community, tuple((s, players[s].hole) for s in order)


#: the players dealt in (no misdeal) -> (their plan of the cross deal, its layout: :func:`_layout`)
_DEALS: dict[tuple[int, ...], tuple[DealPlan, Any]] = {}

#: id of a plan -> (the plan, its layout as item getters); the plan is kept and compared by identity
_LAYOUTS: dict[int, tuple[DealPlan, tuple[object, tuple[tuple[int, object], ...]] | None]] = {}


def _layout(plan: DealPlan) -> tuple[Callable[[Sequence[int]], tuple[int, ...]],
                                     tuple[tuple[int, Callable[[Sequence[int]], tuple[int, ...]]], ...]] | None:
    """The fast path's form of ``plan.place``: (getter of the community cards, ((player, getter of
    his hole cards), ...)), each getter a C ``operator.itemgetter`` returning a tuple; None when a
    hand or the community area has fewer than two cards (an injected misdeal: the general path)."""
    hit = _LAYOUTS.get(id(plan))
    if hit is not None and hit[0] is plan:
        return hit[1]  # type: ignore[return-value]
    hands, community, _ = plan.place(range(plan.need))
    layout = None
    if len(community) >= 2 and all(len(h) >= 2 for h in hands.values()):
        layout = (operator.itemgetter(*community), tuple((s, operator.itemgetter(*hands[s])) for s in sorted(hands)))
    if len(_LAYOUTS) >= 256:
        _LAYOUTS.clear()
    _LAYOUTS[id(plan)] = (plan, layout)
    return layout


#: id of a table's (main, Ante, Bonus) lines by value -> (them, their cc_settle plan or None)
_PLANS: dict[int, tuple[tuple[Sequence[PaidLine | None], ...], object]] = {}
#: ids of the three line arrays (shared by the tables of the same paytables) -> (them, the plan)
_BUILT: dict[tuple[int, ...], tuple[tuple[Sequence[PaidLine | None], ...], object]] = {}


def _c_plan(pay: tuple[Sequence[PaidLine | None], ...]) -> object:
    """The table's paytables as ``_fastcall.cc_settle`` reads them (:func:`_build_plan`), found by
    the identity of the table's ``_pay`` (one lookup a settlement), built once per paytables."""
    hit = _PLANS.get(id(pay))
    if hit is not None and hit[0] is pay:
        return hit[1]
    key = tuple(map(id, pay))
    built = _BUILT.get(key)
    if built is None or not all(a is b for a, b in zip(built[0], pay)):
        built = (pay, _build_plan(pay))
        if len(_BUILT) >= 64:  # bounded: many distinct paytables only cost building again
            _BUILT.clear()
        _BUILT[key] = built
    if len(_PLANS) >= 256:
        _PLANS.clear()
    _PLANS[id(pay)] = (pay, built[1])
    return built[1]


def _build_plan(pay: tuple[Sequence[PaidLine | None], ...]) -> object:
    """Per hand value the id of the line it falls on in each table (bytes; 0: none) and each line's
    (num, den, label), as ``_fastcall.cc_plan`` takes them; None (settle in Python) when a table is
    not on the 0..7462 value scale or has more lines than C holds."""
    ids, lines = [], []
    for table in pay:
        b = bytearray()
        got: list[tuple[int, int, str]] = []
        for ln, run in itertools.groupby(table):
            n = len(list(run))
            if ln is not None:
                got.append((ln[0], ln[1], ln[3]))
            b += bytes([len(got) if ln is not None and len(got) < 33 else 0]) * n
        ids.append(bytes(b))
        lines.append(tuple(got))
    if any(len(b) != MAX_VALUE + 1 for b in ids) or any(len(g) >= 33 for g in lines):
        return None
    return _fastcall.cc_plan(tuple(ids), tuple(lines))


def _register() -> None:
    """Tell ``_fastcall.cc_bet`` / ``cc_settle`` where the round's and the seat's slots are: a bare
    instance holds one distinct sentinel per slot and C finds each at its offset (exactly once, else
    ValueError at import); only instances of exactly these types take the C steps."""
    def bare(cls: type, names: tuple[str, ...]) -> tuple[object, tuple[object, ...]]:
        obj: object = object.__new__(cls)
        marks = {name: object() for name in getattr(cls, "__slots__")}
        for name, mark in marks.items():
            setattr(obj, name, mark)
        return obj, tuple(marks[n] for n in names)

    r, r_marks = bare(CrissCrossRound, ("_table", "_phase", "_players", "_community", "_events", "_order",
                                        "_pending", "_d", "_revealed", "_folds"))
    s, s_marks = bare(_Seat, ("ante", "ante_down", "bonus", "hole", "multiples", "folded"))
    wagers = (_W_ANTE_ACROSS, _W_ANTE_DOWN, _W_ACROSS, _W_DOWN, _W_MIDDLE, _W_BONUS)
    assert tuple(map(int, wagers)) == tuple(range(6))
    _fastcall.cc_register(CrissCrossRound, r, r_marks, _Seat, s, s_marks,
                          (Event, _K_BET, (), _REVEAL_PHASES, CrissCrossWagerResult, wagers,
                           (_O_WIN, _O_PUSH, _O_LOSE), "_multiples", _K_REVEAL, _DECISION_PHASES, _P_SETTLEMENT,
                           _REVEAL_BOXES, _P_BETTING, _K_WAGERS, "_wagers_ok"))


_register()
_cc_bet = _fastcall.cc_bet
_cc_settle = _fastcall.cc_settle
_cc_reveal = _fastcall.cc_reveal
_cc_place = _fastcall.cc_place

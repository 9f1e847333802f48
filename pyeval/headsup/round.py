"""One round of World Poker Tour Heads-Up Hold 'Em as explicit dealer and player steps.

58 Pa. Code § 677a.11. Every step is a method, and :meth:`HeadsUpRound.legal_actions`,
:attr:`HeadsUpRound.to_act` and :meth:`HeadsUpRound.raise_options` say what is legal now. A
rejected step raises a pyeval error naming the rule and changes nothing. Every round keeps an
ordered event record (:attr:`HeadsUpRound.events`) from which :meth:`HeadsUpRound.replay`
rebuilds it (§ 677a.11(j)).

The steps, in order:

1. :meth:`place_wagers` per player: Ante and Odds, required and equal (§ 677a.7, as § 677a.11(f)
   and (h) treat them), optional Pocket Bonus and Trips Plus, each within the table's limits.
2. :meth:`deal`: two cards to each player and to the dealer (§ 677a.8-10; their text is not in
   our hands: pyeval deals one card at a time, from position 1 (farthest to the dealer's left)
   clockwise, the dealer last, twice around).
3. Pre-flop decisions (b): each player, from the dealer's left, checks or raises up to 3x the Ante.
4. :meth:`burn_and_flop` (c). 5. Post-flop decisions (d): players who have not raised check or
   raise up to 2x. 6. :meth:`burn_turn_and_river` (e). 7. Final decisions (f): raise exactly the
   Ante or fold; a fold collects the Ante and Odds at once.
8. :meth:`expose_dealer` (g): the dealer's two cards, and the best five of each hand.
9. :meth:`settle_next` per player from the dealer's right, counterclockwise (g)-(i);
   :meth:`settle` does all of them.

Cards come from any *card source* with ``burn() -> int`` and ``deal(k) -> tuple[int, ...]``
(:class:`CardSource`), e.g. :class:`pyeval.shoe.Shoe` or :class:`SequenceSource`.
"""
from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any

from .._bindings import _fastcall
from ..contracts import (Action, CardSource, Event, EventKind as K, list_copy, mapping_copy, passes, read_only,
                         set_copy)
from ..errors import CardTypeError, IllegalActionError, OutOfTurnError, WagerNotAllowedError
from .dealing import SequenceSource, _check_drawn
from .phases import Decision, HeadsUpPhase, HeadsUpStreet, Strategy
from ..house.dealing import DealingProcedure, DealPlan, plan_deal
from .rules import FLOP_CAP, PREFLOP_CAP, HeadsUpRules, HeadsUpWager
from . import settle as _settle_mod
from .rules import pocket_class
from .settle import (_AA, _CATEGORY_OF, _PAIR_LOW, _POCKET_OF, HeadsUpWagerResult, PlayerSettlement, RoundSettlement,
                     collect_fold, fill_cache, settle_cached)
from ..shoe import Shoe as _Shoe

# enum members read once here: read through their class, each is a Python-level call (hot paths)
_A_BURN_AND_FLOP = Action.BURN_AND_FLOP
_A_BURN_TURN_AND_RIVER = Action.BURN_TURN_AND_RIVER
_A_CHECK = Action.CHECK
_A_DEAL = Action.DEAL
_A_EXPOSE_DEALER = Action.EXPOSE_DEALER
_A_FOLD = Action.FOLD
_A_PLACE_WAGERS = Action.PLACE_WAGERS
_A_RAISE_WAGER = Action.RAISE_WAGER
_A_SETTLE = Action.SETTLE
_P_COMPLETE = HeadsUpPhase.COMPLETE
_P_FINAL = HeadsUpPhase.FINAL
_P_FLOP = HeadsUpPhase.FLOP
_P_POSTFLOP = HeadsUpPhase.POSTFLOP
_P_PREFLOP = HeadsUpPhase.PREFLOP
_P_SETTLEMENT = HeadsUpPhase.SETTLEMENT
_P_SHOWDOWN = HeadsUpPhase.SHOWDOWN
_P_TURN_RIVER = HeadsUpPhase.TURN_RIVER
_P_WAGERS = HeadsUpPhase.WAGERS
_S_FLOP = HeadsUpStreet.FLOP
_S_PREFLOP = HeadsUpStreet.PREFLOP
_S_RIVER = HeadsUpStreet.RIVER
_W_ANTE = HeadsUpWager.ANTE
_W_ODDS = HeadsUpWager.ODDS
_W_POCKET_BONUS = HeadsUpWager.POCKET_BONUS
_W_TRIPS_PLUS = HeadsUpWager.TRIPS_PLUS
_K_BURN = K.BURN
_K_CHECK = K.CHECK
_K_COLLECT = K.COLLECT
_K_DEAL = K.DEAL
_K_EXPOSE_DEALER = K.EXPOSE_DEALER
_K_FLOP = K.FLOP
_K_FOLD = K.FOLD
_K_RAISE = K.RAISE
_K_SETTLE = K.SETTLE
_K_TURN_RIVER = K.TURN_RIVER
_K_WAGERS = K.WAGERS

__all__ = [
    "CardSource", "SequenceSource", "HeadsUpPhase", "Action", "HeadsUpStreet", "Decision", "Event", "HeadsUpRound",
    "Strategy", "play_round",
]

_S = "58 Pa. Code § 677a.11"
_evaluate = _fastcall.evaluate  # pyeval.evaluate's C builtin; cards here are validated and distinct


_tn = tuple.__new__  # builds NamedTuples without their Python-level __new__ (hot path)
_mk = _fastcall.tuple_of  # _mk(Event, *fields): the same in one C call and one allocation (hot path)
_hu_settle = _fastcall.hu_settle  # the settlement step from the table's cache, in C (settle)
_C_DEAL = _fastcall.shoe_deal  # a Shoe's deal and burn-and-deal on its handle (docs/decisions/042)
_C_BURN_DEAL = _fastcall.shoe_burn_deal
#: What the C settlement step needs besides the round (csrc/python/pe_fastcall_headsup.c reads them
#: in this order): the record types, the settle event's kind and the cache key's tables.
_SETTLE_CONSTS = (PlayerSettlement, Event, _K_SETTLE, _POCKET_OF, _CATEGORY_OF, _AA, _PAIR_LOW, ())

#: The fast step paths (docs/decisions/032-fast-step-paths.md): on by default; tests switch it off
#: to check that every round plays, records and settles exactly as through the general path.
FAST = True

_DECISION_PHASES = {_P_PREFLOP: _S_PREFLOP, _P_POSTFLOP: _S_FLOP, _P_FINAL: _S_RIVER}
_SECTION_OF = {_S_PREFLOP: f"{_S}(b)", _S_FLOP: f"{_S}(d)", _S_RIVER: f"{_S}(f)"}


def _raise_options(cache: dict[tuple[int, int], Sequence[int]], st: HeadsUpStreet, ante: int,
                   rules: HeadsUpRules) -> Sequence[int]:
    """Raise amounts on ``st`` for ``ante`` from the table's cache (filled on first use): any amount
    up to the cap (a ``range``, § 677a.11(b), (d)) or the table's whole multiples of the Ante."""
    opts = cache.get((st, ante))
    if opts is None:
        plan = rules.plan
        if st is _S_RIVER:
            opts = (ante,)
        elif plan.up_to:
            unit = plan.raise_unit
            opts = range(unit, (PREFLOP_CAP if st is _S_PREFLOP else FLOP_CAP) * ante + 1, unit)
        elif st is _S_PREFLOP:
            opts = tuple(ante * m for m in rules.preflop_raise_multiples)
        else:
            opts = tuple(ante * m for m in rules.flop_raise_multiples)
        if len(cache) >= 4096:  # bounded: many distinct Antes only cost recomputation
            cache.clear()
        cache[(st, ante)] = opts
    return opts


#: (id of a procedure, players) -> (the procedure, its hole-card plan, the positions of the burns
#: the plan makes before the hole cards); the procedure is kept and compared by identity, so an id
#: is never taken for another object's (hashing a procedure, a dataclass, costs more than a deal)
_HOLE_PLANS: dict[tuple[int, tuple[int, ...]], tuple[DealingProcedure, DealPlan, tuple[int, ...], _Layout | None]] = {}

#: Where a hole-card plan puts the cards it takes, as C item getters: (cards needed, ((player,
#: getter of his two cards), ...), getter of the dealer's cards, getter of the burns) -- a
#: getter returns a tuple (see :func:`_getter`). None when a player's hand is not two cards.
_Layout = tuple[int, tuple[tuple[int, Any], ...], Any, Any]


def _getter(idx: Sequence[int]) -> Any:
    """A C callable returning ``tuple(cards[i] for i in idx)``."""
    if len(idx) >= 2:
        return operator.itemgetter(*idx)
    if len(idx) == 1:
        i = idx[0]
        return lambda cards: (cards[i],)
    return lambda cards: ()


def _hole_plan(procedure: DealingProcedure, players: tuple[int, ...]) -> tuple[DealPlan, tuple[int, ...], _Layout | None]:
    """The shoe's plan of the hole-card stage of ``procedure`` for these players, the positions
    (in the cards it takes) of the cards it places nowhere: the burns, and the plan as item
    getters for the fast path (cached)."""
    key = (id(procedure), players)
    hit = _HOLE_PLANS.get(key)
    if hit is not None and hit[0] is procedure:
        return hit[1], hit[2], hit[3]
    plan = plan_deal(procedure, players, stages=("hole",))
    hands, community, dealer = plan.place(range(plan.need))
    placed = set(dealer).union(community, *hands.values())
    burns = tuple(i for i in range(plan.need) if i not in placed)
    layout: _Layout | None = None
    if set(hands) == set(players) and all(len(h) == 2 for h in hands.values()) and not community:
        layout = (plan.need, tuple((s, operator.itemgetter(*hands[s])) for s in players if s in hands),
                  _getter(dealer), _getter(burns))
    if len(_HOLE_PLANS) >= 256:  # bounded: many procedures only cost planning again
        _HOLE_PLANS.clear()
    _HOLE_PLANS[key] = (procedure, plan, burns, layout)
    return plan, burns, layout


class HeadsUpRound:
    """One round at a World Poker Tour Heads-Up Hold 'Em table (58 Pa. Code § 677a.11).

    Args:
        rules: the table's :class:`~pyeval.headsup.rules.HeadsUpRules`.

    Players are 1..``rules.positions``; player 1 is farthest to the dealer's left. Chips are ints.
    Every attribute is read-only; mappings come back as read-only copies, sets as frozensets.
    """

    __slots__ = ("_rules", "_phase", "_street", "_events", "_wagers", "_players", "_hole", "_dealer_hole",
                 "_board", "_burns", "_raised", "_folded", "_queue", "_used", "_dealer_value", "_values",
                 "_to_settle", "_settled", "_collected")

    def __init__(self, rules: HeadsUpRules) -> None:
        if not isinstance(rules, HeadsUpRules):
            raise CardTypeError(f"rules must be a HeadsUpRules, got {type(rules).__name__}")
        self._rules = rules
        self._phase = _P_WAGERS
        self._street: HeadsUpStreet | None = None  # the decision street now (mirrors phase; fast path)
        self._events: list[Event] = []
        self._wagers: dict[int, tuple[int, int, int, int]] = {}  # player -> (ante, odds, pocket, trips)
        self._players: tuple[int, ...] = ()   # players in play, clockwise from the dealer's left
        self._hole: dict[int, tuple[int, int]] = {}
        self._dealer_hole: tuple[int, ...] = ()
        self._board: tuple[int, ...] = ()
        self._burns: tuple[int, ...] = ()
        self._raised: dict[int, tuple[HeadsUpStreet, int]] = {}
        self._folded: set[int] = set()
        self._queue: list[int] = []        # players still to decide on this street, in order
        self._used: set[int] = set()
        self._dealer_value = 0
        self._values: dict[int, int] = {}
        self._to_settle: list[int] = []
        self._settled: list[PlayerSettlement] = []
        self._collected: dict[int, tuple[HeadsUpWagerResult, ...]] = {}  # folds: the Ante and Odds collected (f)

    rules: HeadsUpRules = read_only("_rules", "The table's rules.")
    phase: HeadsUpPhase = read_only("_phase", "The step the round waits for.")
    events: list[Event] = list_copy("_events", "The record so far, in order (a new list).")
    wagers: Mapping[int, tuple[int, int, int, int]] = mapping_copy(
        "_wagers", "player -> (ante, odds, pocket bonus, trips plus).")
    players: tuple[int, ...] = read_only("_players", "The players dealt in, clockwise from the dealer's left.")
    hole: Mapping[int, tuple[int, int]] = mapping_copy("_hole", "player -> hole cards.")
    dealer_hole: tuple[int, ...] = read_only("_dealer_hole", "The dealer's two cards (once dealt).")
    board: tuple[int, ...] = read_only("_board", "The community cards turned so far.")
    burns: tuple[int, ...] = read_only("_burns", "The burned cards, in order.")
    raised: Mapping[int, tuple[HeadsUpStreet, int]] = mapping_copy("_raised", "player -> (street, amount) raised.")
    folded: frozenset[int] = set_copy("_folded", "The players who folded.")
    dealer_value: int = read_only("_dealer_value", "The dealer's hand value once exposed (0 before).")
    values: Mapping[int, int] = mapping_copy("_values", "player -> hand value once the dealer's hand is exposed.")

    # ---- queries -------------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The player whose decision is due (b), (d), (f), or None when it is a dealer step."""
        q = self._queue
        return q[0] if q else None

    @property
    def street(self) -> HeadsUpStreet | None:
        """The decision street now, or None outside the decision phases."""
        return self._street

    def raise_options(self, player: int | None = None) -> Sequence[int]:
        """Raise amounts (chips, ascending) ``player`` (default: the player to act) may make now; () if none.

        Before the flop any amount up to three times the Ante (b), after the flop up to two times
        (d) (a ``range``; with ``RaiseAmounts.WHOLE_MULTIPLES`` the table's whole multiples, a
        tuple); after turn and river exactly the Ante (f).
        """
        s = self.to_act
        if s is None or (player is not None and player != s):
            return ()
        return _raise_options(self._rules._raise_cache, self._street, self._wagers[s][0],  # type: ignore[arg-type]
                              self._rules)

    def legal_actions(self) -> frozenset[Action]:
        """The steps legal now (for the player to act, or the dealer)."""
        ph = self._phase
        if ph is _P_WAGERS:
            acts = {_A_PLACE_WAGERS} if len(self._wagers) < self._rules.positions else set()
            if self._wagers:
                acts.add(_A_DEAL)
            return frozenset(acts)
        if ph in _DECISION_PHASES:
            if ph is _P_FINAL:
                return frozenset({_A_RAISE_WAGER, _A_FOLD})
            return frozenset({_A_RAISE_WAGER, _A_CHECK})
        return frozenset({{_P_FLOP: _A_BURN_AND_FLOP, _P_TURN_RIVER: _A_BURN_TURN_AND_RIVER,
                           _P_SHOWDOWN: _A_EXPOSE_DEALER, _P_SETTLEMENT: _A_SETTLE}[ph]}
                         if ph is not _P_COMPLETE else ())

    def decision(self) -> Decision:
        """The :class:`Decision` of the player to act. Raises IllegalActionError when none is due."""
        q = self._queue
        if not q:
            raise IllegalActionError(f"no player decision is due now (phase: {self._phase.value})")
        s = q[0]
        ante = self._wagers[s][0]
        st = self._street
        rules = self._rules
        opts = rules._raise_cache.get((st, ante))  # type: ignore[arg-type]
        if opts is None:
            opts = _raise_options(rules._raise_cache, st, ante, rules)  # type: ignore[arg-type]
        return _mk(Decision, s, st, self._hole[s], self._board, ante, opts)

    # ---- wagers --------------------------------------------------------------------------------
    def place_wagers(self, player: int, ante: int, odds: int, pocket_bonus: int = 0, trips_plus: int = 0) -> None:
        """Place one player's wagers before the deal.

        Args:
            player: 1..positions. ante, odds: chips, equal, within ``ante_min..ante_max``.
            pocket_bonus, trips_plus: chips (0 = none), within the table's limits; only if offered.
        Raises:
            IllegalActionError: not the wager phase, or the player already has wagers.
            WagerNotAllowedError: a bad player, an amount that is not an int, outside the limits,
            Odds unequal to the Ante, an optional wager the table does not offer, or (under
            ``Rounding.EXACT``) an amount a paytable line would not pay in whole chips.
        """
        w = self._wagers
        if not (FAST and self._phase is _P_WAGERS and type(player) is int and type(ante) is int
                and type(odds) is int and type(pocket_bonus) is int and type(trips_plus) is int
                and player not in w and (player, ante, odds, pocket_bonus, trips_plus) in self._rules._wagers_ok):
            self._check_wagers(player, ante, odds, pocket_bonus, trips_plus)
            ok = self._rules._wagers_ok  # the values passed the table's full check: remembered
            if len(ok) >= 4096:
                ok.clear()
            ok.add((player, ante, odds, pocket_bonus, trips_plus))
        w[player] = t = (ante, odds, pocket_bonus, trips_plus)
        self._events.append(_mk(Event, _K_WAGERS, player, ante, (), t))

    def can_place_wagers(self, player: int | None = None, ante: int | None = None, odds: int | None = None,
                         pocket_bonus: int = 0, trips_plus: int = 0) -> bool:
        """True when :meth:`place_wagers` would accept these wagers now (no arguments: when some
        player may still place wagers)."""
        if player is None or ante is None or odds is None:
            return (self._phase is _P_WAGERS and len(self._wagers) < self._rules.positions
                    and (player is None or player not in self._wagers))
        return passes(self._check_wagers, player, ante, odds, pocket_bonus, trips_plus)

    def _check_wagers(self, player: int, ante: int, odds: int, pocket_bonus: int, trips_plus: int) -> None:
        r = self._rules
        if self._phase is not _P_WAGERS:
            raise IllegalActionError(f"wagers are placed before the deal; the round is at {self._phase.value}",
                                     f"{_S}(a)")
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= r.positions:
            raise WagerNotAllowedError(f"player must be an int 1..{r.positions}, got {player!r}")
        if player in self._wagers:
            raise IllegalActionError(f"seat {player} has already placed its wagers")
        if not (type(ante) is int and type(odds) is int and type(pocket_bonus) is int and type(trips_plus) is int):
            self._check_types(player, ante, odds, pocket_bonus, trips_plus)
        if not r.ante_min <= ante <= r.ante_max:
            raise WagerNotAllowedError(f"seat {player}: Ante {ante} outside the table limits {r.ante_min}..{r.ante_max}",
                                       "58 Pa. Code § 677a.7")
        if odds != ante and (r.odds_equal_ante or not r.ante_min <= odds <= r.ante_max):
            self._refuse_odds(player, ante, odds)
        plan = r.plan
        if pocket_bonus and not (plan.offers_pocket and r.pocket_bonus_min <= pocket_bonus <= r.pocket_bonus_max):
            self._check_optional(player, _W_POCKET_BONUS, pocket_bonus, r.pocket_bonus_min, r.pocket_bonus_max)
        if trips_plus and not (plan.offers_trips and r.trips_plus_min <= trips_plus <= r.trips_plus_max):
            self._check_optional(player, _W_TRIPS_PLUS, trips_plus, r.trips_plus_min, r.trips_plus_max)
        if plan.exact:
            for wager, amt in ((_W_ANTE, ante), (_W_ODDS, odds), (_W_POCKET_BONUS, pocket_bonus),
                               (_W_TRIPS_PLUS, trips_plus)):
                unit = r.whole_chip_unit(wager)
                if amt and amt % unit:
                    raise WagerNotAllowedError(
                        f"seat {player}: {wager.value} {amt} is not a multiple of {unit}, so a paytable line "
                        "would not pay it in whole chips (the table's rounding rule is EXACT)")

    def _refuse_odds(self, player: int, ante: int, odds: int) -> None:
        r = self._rules
        if r.odds_equal_ante:
            raise WagerNotAllowedError(f"seat {player}: the Odds wager ({odds}) must equal the Ante ({ante})",
                                       "table rule odds_equal_ante (assumed; § 677a.7 is not in our hands)")
        raise WagerNotAllowedError(f"seat {player}: Odds {odds} outside the table limits {r.ante_min}..{r.ante_max}",
                                   "table rule (the Ante limits; § 677a.7 is not in our hands)")

    @staticmethod
    def _check_types(player: int, *amounts: object) -> None:
        for name, v in zip(("ante", "odds", "pocket_bonus", "trips_plus"), amounts):
            if isinstance(v, bool) or not isinstance(v, int):
                raise WagerNotAllowedError(f"seat {player}: {name} must be an int number of chips, got {v!r}")

    def _check_optional(self, player: int, wager: HeadsUpWager, amt: int, lo: int, hi: int) -> None:
        if not self._rules.offers(wager):
            raise WagerNotAllowedError(f"seat {player}: this table does not offer the {wager.value} wager",
                                       "58 Pa. Code § 677a.7")
        if not lo <= amt <= hi:
            raise WagerNotAllowedError(f"seat {player}: {wager.value} {amt} outside the table limits {lo}..{hi}")

    # ---- dealer steps --------------------------------------------------------------------------
    def _need(self, phase: HeadsUpPhase, what: str) -> None:
        if self._phase is not phase:
            raise IllegalActionError(f"cannot {what} now: the round is at {self._phase.value}")

    def can_deal(self) -> bool:
        """True when the cards may be dealt: wagers are placed and nothing is dealt yet."""
        return self._phase is _P_WAGERS and bool(self._wagers)

    def can_burn_and_flop(self) -> bool:
        """True when the decisions before the flop are all made (§ 677a.11(c))."""
        return self._phase is _P_FLOP

    def can_burn_turn_and_river(self) -> bool:
        """True when the decisions after the flop are all made (§ 677a.11(e))."""
        return self._phase is _P_TURN_RIVER

    def can_expose_dealer(self) -> bool:
        """True when every decision is made and the dealer's hand is still face down (§ 677a.11(g))."""
        return self._phase is _P_SHOWDOWN

    def can_settle(self) -> bool:
        """True when the dealer's hand is exposed and some player is still to be settled."""
        return self._phase is _P_SETTLEMENT

    @property
    def complete(self) -> bool:
        """True once every player is settled."""
        return self._phase is _P_COMPLETE

    def deal(self, source: CardSource) -> None:
        """Deal two cards to each player with wagers and to the dealer, in the order of the table's
        ``hole_card_procedure`` (default: see the module doc).

        Raises:
            IllegalActionError: not the wager phase, or no player has wagered.
            CardTypeError / InvalidCardError / DuplicateCardError / CardCountError: the source gave
            bad cards (the round is unchanged).
        """
        if self._phase is not _P_WAGERS:
            self._need(_P_WAGERS, "deal")
        if not self._wagers:
            raise IllegalActionError("no player has placed an Ante and Odds wager")
        players = tuple(sorted(self._wagers))
        plan, burns, layout = _hole_plan(self._rules.hole_card_procedure, players)
        used: set[int] = set()
        if layout is not None and FAST:  # the plan as C item getters
            need, getters, dealer_of, burns_of = layout
            cards = _C_DEAL(source._h, need) if type(source) is _Shoe and not source._fresh else None
            if type(cards) is not tuple:  # (a status: the method's retry or error; nothing was dealt)
                cards = source.deal(need)
            if type(source) is _Shoe:  # a shoe deals card ints 0..51: only repeats are possible
                used = set(cards)
                if len(used) != need:
                    used = set()
                    _check_drawn(cards, need, used)  # raises DuplicateCardError
            else:
                cards = _check_drawn(cards, need, used)
            hole = {}
            for s, g in getters:
                hole[s] = g(cards)
            self._hole = hole
            self._dealer_hole = dealer_of(cards)
            self._burns = burns_of(cards)
        else:
            cards = _check_drawn(source.deal(plan.need), plan.need, used)
            hands, _, dealer = plan.place(cards)
            self._hole = {s: (h[0], h[1]) for s, h in hands.items()}
            self._dealer_hole = dealer
            self._burns = tuple([cards[i] for i in burns])  # burns the procedure makes before the hole cards
        self._players = players
        self._used = used
        self._events.append(_mk(Event, _K_DEAL, None, 0, cards, None))
        self._phase = _P_PREFLOP
        self._street = _S_PREFLOP
        self._queue = list(players)

    def burn_and_flop(self, source: CardSource) -> None:
        """Burn a card and deal the three-card flop face up (§ 677a.11(c)).

        Raises: IllegalActionError when decisions before the flop are not all made; card errors as
        :meth:`deal` (the round is unchanged).
        """
        if self._phase is not _P_FLOP:
            self._need(_P_FLOP, "burn and deal the flop")
        if type(source) is _Shoe and FAST:  # a shoe deals card ints 0..51: only repeats are possible
            self._fast_street(source, 3, _K_FLOP, _P_POSTFLOP, _S_FLOP)
            return
        drawn = _check_drawn((source.burn(), *source.deal(3)), 4, self._used)  # adds only if valid
        burn = drawn[:1]
        self._burns += burn
        self._board = flop = drawn[1:]
        ev = self._events
        ev.append(_mk(Event, _K_BURN, None, 0, burn, None))
        ev.append(_mk(Event, _K_FLOP, None, 0, flop, None))
        self._open(_P_POSTFLOP)

    def burn_turn_and_river(self, source: CardSource) -> None:
        """Burn a card and deal the turn and river face up (§ 677a.11(e)).

        Raises: IllegalActionError out of order; card errors as :meth:`deal`.
        """
        if self._phase is not _P_TURN_RIVER:
            self._need(_P_TURN_RIVER, "burn and deal the turn and river")
        if type(source) is _Shoe and FAST:  # a shoe deals card ints 0..51: only repeats are possible
            self._fast_street(source, 2, _K_TURN_RIVER, _P_FINAL, _S_RIVER)
            return
        drawn = _check_drawn((source.burn(), *source.deal(2)), 3, self._used)  # adds only if valid
        burn = drawn[:1]
        self._burns += burn
        tr = drawn[1:]
        self._board += tr
        ev = self._events
        ev.append(_mk(Event, _K_BURN, None, 0, burn, None))
        ev.append(_mk(Event, _K_TURN_RIVER, None, 0, tr, None))
        self._open(_P_FINAL)

    def _fast_street(self, source: _Shoe, k: int, kind: K, phase: HeadsUpPhase, street: HeadsUpStreet) -> None:
        """The dealer's fused step from a shoe (one C call, all or nothing): a burn, then ``k``
        cards face up added to the board (the flop, § 677a.11(c), or the turn and river, (e)),
        checked for repeats against the table; the ``burn`` and ``kind`` events; then the decisions
        of ``phase`` (:meth:`_open`; when nobody has raised, every player, in seat order). Raises
        DuplicateCardError (the round unchanged) as the general steps do."""
        drawn = _C_BURN_DEAL(source._h, k) if not source._fresh else None  # one C call, all or nothing
        if type(drawn) is not tuple:  # (a status: the method's retry or error; nothing was dealt)
            drawn = source._burn_and_deal(k)
        burn = drawn[:1]
        cards = drawn[1:]
        used = self._used
        n = len(used)
        used.update(drawn)
        if len(used) - n != 1 + k:
            self._used = self._on_table()
            _check_drawn(drawn, 1 + k, self._used)  # raises DuplicateCardError
        ev = self._events
        ev.append(_mk(Event, _K_BURN, None, 0, burn, None))
        ev.append(_mk(Event, kind, None, 0, cards, None))
        self._burns += burn
        self._board += cards
        if self._raised:
            self._open(phase)
        else:
            self._phase = phase
            self._street = street
            self._queue = list(self._players)

    def _on_table(self) -> set[int]:
        """Every card dealt so far (what :attr:`_used` holds between steps)."""
        used = set(self._dealer_hole).union(self._board, self._burns)
        for h in self._hole.values():
            used.update(h)
        return used

    def _open(self, phase: HeadsUpPhase) -> None:
        """Start a decision phase with the players who have not raised (or skip it if none)."""
        raised = self._raised
        q = [s for s in self._players if s not in raised] if raised else list(self._players)
        if q:
            self._phase = phase
            self._street = _S_FLOP if phase is _P_POSTFLOP else _S_RIVER
            self._queue = q
        else:
            self._phase = _P_TURN_RIVER if phase is _P_POSTFLOP else _P_SHOWDOWN
            self._queue = []

    def _after_decision(self) -> None:
        q = self._queue
        q.pop(0)
        if q:
            return
        ph = self._phase
        self._street = None
        self._phase = _P_FLOP if ph is _P_PREFLOP else _P_TURN_RIVER if ph is _P_POSTFLOP else _P_SHOWDOWN

    def expose_dealer(self) -> int:
        """Turn the dealer's cards face up and select every hand's best five (§ 677a.11(g), (g)(1)-(2)).

        Each remaining player's two cards are turned up and his best five of seven selected
        (§ 677a.11(g)(1), (g)(2)); the wagers are then resolved one player at a time
        (:meth:`settle_next`, § 677a.11(g)(2)).

        Returns:
            The dealer's hand value 1..7462.
        Raises: IllegalActionError when decisions are still due.
        """
        if self._phase is not _P_SHOWDOWN:
            self._need(_P_SHOWDOWN, "expose the dealer's hand")
        b = self._board
        d = self._dealer_hole
        self._dealer_value = dv = _evaluate(d + b)
        hole, values = self._hole, self._values
        for s in self._players:
            values[s] = _evaluate(hole[s] + b)
        self._events.append(_mk(Event, _K_EXPOSE_DEALER, None, dv, d, None))
        # (g): the players who placed a Raise, from the dealer's right counterclockwise; then the hands
        # tucked under an optional wager at (f), whose Pocket Bonus / Trips Plus (i) is still open
        # (assumed order: also counterclockwise, after the raisers)
        wagers, folded = self._wagers, self._folded
        if not folded and FAST:  # the players are in ascending order already
            self._to_settle = list(reversed(self._players))
            self._phase = _P_SETTLEMENT
            return dv
        else:
            self._to_settle = (sorted((s for s in self._players if s not in folded), reverse=True)
                               + sorted((s for s in folded if wagers[s][2] or wagers[s][3]), reverse=True))
        self._phase = _P_SETTLEMENT if self._to_settle else _P_COMPLETE
        return self._dealer_value

    # ---- player decisions ----------------------------------------------------------------------
    def _check_turn(self, player: int, what: str) -> HeadsUpStreet:
        q = self._queue
        if q and q[0] == player and type(player) is int:
            return self._street  # type: ignore[return-value]
        ph = self._phase
        st = self._street
        if st is None:
            if player in self._folded:
                raise IllegalActionError(f"seat {player} has folded", f"{_S}(f)")
            if player in self._raised:
                raise IllegalActionError(f"seat {player} has already placed a Raise wager; only one is allowed",
                                         f"{_S}(d)")
            raise OutOfTurnError(f"no player decision is due now (phase: {ph.value})", f"{_S}(b)-(f)")
        s = self._queue[0]
        if player != s:
            if player in self._raised:
                raise IllegalActionError(f"seat {player} has already placed a Raise wager; only one is allowed",
                                         _SECTION_OF[st])
            if player in self._folded:
                raise IllegalActionError(f"seat {player} has folded", f"{_S}(f)")
            raise OutOfTurnError(f"seat {player} cannot {what}: it is seat {s}'s decision", _SECTION_OF[st])
        return st

    def _due(self, player: int | None) -> bool:
        s = self.to_act
        return s is not None and (player is None or player == s)

    def can_raise_wager(self, player: int | None = None, amount: int | None = None) -> bool:
        """True when ``player`` (default: the player to act) may raise ``amount`` (default: some
        amount of :meth:`raise_options`) now."""
        return self._due(player) and (amount is None or (type(amount) is int and amount in self.raise_options()))

    def can_check(self, player: int | None = None) -> bool:
        """True when ``player`` (default: the player to act) may check now (before the turn and river)."""
        return self._due(player) and self._street is not _S_RIVER

    def can_fold(self, player: int | None = None) -> bool:
        """True when ``player`` (default: the player to act) may fold now (after the turn and river)."""
        return self._due(player) and self._street is _S_RIVER

    def raise_wager(self, player: int, amount: int) -> None:
        """Place the Raise wager for ``player`` (§ 677a.11(b), (d), (f)).

        Raises:
            OutOfTurnError: not this player's decision. IllegalActionError: a second Raise, after folding.
            WagerNotAllowedError: ``amount`` not one of :meth:`raise_options` (above the street's
            multiple of the Ante, or not a multiple the table allows).
        """
        st = self._check_turn(player, "raise")
        rules = self._rules
        opts = _raise_options(rules._raise_cache, st, self._wagers[player][0], rules)  # raise_options()
        if type(amount) is not int or amount not in opts:
            if isinstance(amount, bool) or not isinstance(amount, int) or amount not in opts:
                self._refuse_raise(player, st, amount, opts)
        self._raised[player] = (st, amount)
        self._events.append(_mk(Event, _K_RAISE, player, amount, (), st))
        self._after_decision()

    def _refuse_raise(self, player: int, st: HeadsUpStreet, amount: object, opts: Sequence[int]) -> None:
        """Raise the error naming the rule a Raise of ``amount`` breaks."""
        ante = self._wagers[player][0]
        allowed = (f"{opts[0]}..{opts[-1]}" + (f" in steps of {opts.step}" if opts.step > 1 else "")
                   if isinstance(opts, range) else ", ".join(map(str, opts)))
        msg = f"seat {player}: a Raise of {amount!r} is not allowed now; allowed: {allowed}"
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise WagerNotAllowedError(msg + " (a Raise is a positive int number of chips)", _SECTION_OF[st])
        cap = ante if st is _S_RIVER else (PREFLOP_CAP if st is _S_PREFLOP else FLOP_CAP) * ante
        if amount > cap or st is _S_RIVER:
            raise WagerNotAllowedError(msg, _SECTION_OF[st])
        if isinstance(opts, range):  # within the cap, off the unit EXACT rounding pays whole
            raise WagerNotAllowedError(msg + " (the table's rounding rule is EXACT)", "table rule: rounding EXACT")
        raise WagerNotAllowedError(msg + " (whole multiples of the Ante only)",
                                   "table rule: raise_amounts WHOLE_MULTIPLES (Rules Submission, § 601a.2)")

    def check(self, player: int) -> None:
        """Check before or after the flop (§ 677a.11(b), (d)). After turn and river a player must
        raise or fold (f): checking then raises IllegalActionError."""
        st = self._check_turn(player, "check")
        if st is _S_RIVER:
            raise IllegalActionError(f"seat {player}: after the turn and river a player must raise the Ante or fold",
                                     f"{_S}(f)")
        self._events.append(_mk(Event, _K_CHECK, player, 0, (), st))
        self._after_decision()

    def fold(self, player: int) -> None:
        """Fold after the turn and river (§ 677a.11(f)): the dealer collects the Ante and Odds at once
        (a ``collect`` event right after the ``fold``); the cards stay tucked under any optional
        wager until it is settled under (i), after the raisers' settlement (g). A fold without
        optional wagers is settled there and then (:attr:`settlement` lists it first)."""
        st = self._check_turn(player, "fold")
        if st is not _S_RIVER:
            raise IllegalActionError(f"seat {player}: a player may fold only after the turn and river",
                                     f"{_S}(b), (d)")
        self._folded.add(player)
        self._events.append(_mk(Event, _K_FOLD, player, 0, (), st))
        a, o, pb, tp = self._wagers[player]
        collected = collect_fold(a, o)
        self._collected[player] = collected
        self._events.append(_mk(Event, _K_COLLECT, player, a + o, (), collected))
        if not (pb or tp):  # nothing tucked: this player's wagers are all settled now
            self._settled.append(_mk(PlayerSettlement, player, collected, _evaluate(self._hole[player] + self._board), 0))
        self._after_decision()

    def decide(self, action: int) -> None:
        """Apply a strategy's answer for the player to act: a Raise amount, or 0 to check (fold at (f))."""
        q = self._queue
        if not q:
            raise IllegalActionError(f"no player decision is due now (phase: {self._phase.value})")
        s = q[0]
        st = self._street
        if action:
            if FAST and type(action) is int:  # raise_wager(s, action) for the player due, inlined
                ante = self._wagers[s][0]
                rules = self._rules
                opts = rules._raise_cache.get((st, ante))  # type: ignore[arg-type]
                if opts is None:
                    opts = _raise_options(rules._raise_cache, st, ante, rules)  # type: ignore[arg-type]
                if action in opts:
                    self._raised[s] = (st, action)  # type: ignore[assignment]
                    self._events.append(_mk(Event, _K_RAISE, s, action, (), st))
                    q.pop(0)
                    if not q:  # _after_decision
                        ph = self._phase
                        self._street = None
                        self._phase = _P_FLOP if ph is _P_PREFLOP else _P_TURN_RIVER if ph is _P_POSTFLOP else _P_SHOWDOWN
                    return
            self.raise_wager(s, action)
        elif st is _S_RIVER:
            self.fold(s)
        else:  # check(s), the player being the one due: its event and the next decision
            self._events.append(_mk(Event, _K_CHECK, s, 0, (), st))
            q.pop(0)
            if not q:  # _after_decision
                ph = self._phase
                self._street = None
                self._phase = _P_FLOP if ph is _P_PREFLOP else _P_TURN_RIVER if ph is _P_POSTFLOP else _P_SHOWDOWN

    # ---- settlement ----------------------------------------------------------------------------
    def settle_next(self) -> PlayerSettlement:
        """Settle the next player, from the dealer's right counterclockwise (§ 677a.11(g)-(i)).

        Raises: IllegalActionError before the dealer's hand is exposed or when all are settled.
        """
        if self._phase is not _P_SETTLEMENT:
            self._need(_P_SETTLEMENT, "settle")
        to_settle = self._to_settle
        s = to_settle[0]  # never empty in the settlement phase
        a, o, pb, tp = self._wagers[s]
        rz = self._raised.get(s)
        folded = s in self._folded
        res, net = settle_cached(self._rules, s, a, o, rz[1] if rz else 0, pb, tp, folded, self._hole[s],
                                 self._dealer_hole, self._values[s], self._dealer_value)
        to_settle.pop(0)
        self._settled.append(res)
        if folded:  # § 677a.11(f): the Ante and Odds are in the fold's collect event already;
            # the settle event records the optional wagers settled under (i) only
            logged = res._replace(results=res.results[2:])
            self._events.append(_mk(Event, _K_SETTLE, s, logged.net, (), logged))
        else:
            self._events.append(_mk(Event, _K_SETTLE, s, net, (), res))
        if not to_settle:
            self._phase = _P_COMPLETE
        return res

    def settle(self) -> RoundSettlement:
        """Settle every remaining player and return the round's :class:`RoundSettlement`."""
        if self._phase is _P_SHOWDOWN:
            raise IllegalActionError("expose the dealer's hand before settling", f"{_S}(g)")
        rules = self._rules
        if FAST and self._phase is _P_SETTLEMENT and rules.payout_cap is None and _settle_mod.FAST:
            aa = rules.plan.dealer_aa_class
            # one C call when every player's results are in the table's cache (the records as
            # below; docs/decisions/035); else the loop, which fills the cache
            if not _hu_settle(self._to_settle, self._wagers, self._raised, self._folded, self._hole, self._values,
                              self._dealer_value, aa, rules._settle_cache, self._settled, self._events,
                              _SETTLE_CONSTS):
                self._settle_fast(rules, aa)
            self._phase = _P_COMPLETE
        elif self._phase is not _P_COMPLETE:
            self._need(_P_SETTLEMENT, "settle")
            settle_next = self.settle_next
            for _ in range(len(self._to_settle)):
                settle_next()
        return _mk(RoundSettlement, tuple(self._settled))

    def _settle_fast(self, rules: HeadsUpRules, aa: bool) -> None:
        """:meth:`settle_next` for every player still to settle, its cache lookup
        (:func:`~pyeval.headsup.settle.settle_cached`) inlined; fills the cache."""
        cache = rules._settle_cache
        wagers, raised, folded, hole, values = self._wagers, self._raised, self._folded, self._hole, self._values
        dh, dv = self._dealer_hole, self._dealer_value
        q = dv >= _PAIR_LOW
        settled, events = self._settled, self._events
        for s in self._to_settle:
            a, o, pb, tp = wagers[s]
            rz = raised.get(s)
            r = rz[1] if rz else 0
            pv = values[s]
            f = s in folded
            pocket = None
            if pb:
                h = hole[s]
                pocket = _POCKET_OF[h[0] * 52 + h[1]]
                if pocket == _AA and aa:
                    pocket = pocket_class(h, dh)
            key = (-1 if f else (pv > dv) - (pv < dv), q, _CATEGORY_OF[pv], a, o, r, pb, tp, pocket)
            hit = cache.get(key)
            if hit is None:
                hit = fill_cache(rules, key, s, a, o, r, pb, tp, f, hole[s], dh, pv, dv)
            res = _mk(PlayerSettlement, s, hit[0], pv, dv)
            settled.append(res)
            if f:  # § 677a.11(f): the Ante and Odds are in the fold's collect event already
                events.append(_mk(Event, _K_SETTLE, s, hit[3], (), _mk(PlayerSettlement, s, hit[2], pv, dv)))
            else:
                events.append(_mk(Event, _K_SETTLE, s, hit[1], (), res))
        self._to_settle.clear()

    @property
    def settlement(self) -> RoundSettlement | None:
        """The settlement once the round is complete, else None."""
        return RoundSettlement(tuple(self._settled)) if self._phase is _P_COMPLETE else None

    def record(self) -> dict[str, Any]:
        """What § 677a.11(j) keeps for reconstruction: every hand, the board, the burns, in plain data."""
        return {"dealing": self._rules.dealing.value, "dealer": self._dealer_hole, "board": self._board,
                "burns": self._burns, "hole": dict(self._hole), "folded": tuple(sorted(self._folded)),
                "raised": {s: (st.name, a) for s, (st, a) in self._raised.items()}}

    # ---- driving -------------------------------------------------------------------------------
    def run(self, source: CardSource, strategy: Strategy | dict[int, Strategy]) -> RoundSettlement:
        """Play the rest of the round automatically with the step methods: deal, ask ``strategy``
        (one callable, or one per player) for each decision (:meth:`decide`), and settle. Returns
        the :class:`RoundSettlement`."""
        per_player = strategy if isinstance(strategy, dict) else None
        while True:
            ph = self._phase
            if self._street is not None:
                self._ask_street(strategy, per_player)
            elif ph is _P_WAGERS:
                self.deal(source)
            elif ph is _P_FLOP:
                self.burn_and_flop(source)
            elif ph is _P_TURN_RIVER:
                self.burn_turn_and_river(source)
            elif ph is _P_SHOWDOWN:
                self.expose_dealer()
            else:
                return self.settle()

    def _ask_street(self, strategy: Strategy | dict[int, Strategy], per_player: dict[int, Strategy] | None) -> None:
        """:meth:`run`'s decisions on the current street: :meth:`decision` and :meth:`decide` for each
        player due, inlined; a Raise among the options and a check are applied as
        :meth:`raise_wager` and :meth:`check` apply them. When the strategy itself moved the round
        on, its answer goes through :meth:`decide` as it is."""
        q, st, rules = self._queue, self._street, self._rules
        cache, wagers, events, raised = rules._raise_cache, self._wagers, self._events, self._raised
        ph = self._phase  # the phase after this street (_after_decision):
        nxt = _P_FLOP if ph is _P_PREFLOP else _P_TURN_RIVER if ph is _P_POSTFLOP else _P_SHOWDOWN
        while q and self._street is st:
            s = q[0]
            ante = wagers[s][0]
            opts = cache.get((st, ante))  # type: ignore[arg-type]
            if opts is None:
                opts = _raise_options(cache, st, ante, rules)  # type: ignore[arg-type]
            f = per_player[s] if per_player is not None else strategy
            a = f(_mk(Decision, s, st, self._hole[s], self._board, ante, opts))  # type: ignore[operator]
            if not (q and q[0] == s and self._street is st):
                self.decide(a)
                continue
            if a and type(a) is int and a in opts:
                raised[s] = (st, a)  # type: ignore[assignment]
                events.append(_mk(Event, _K_RAISE, s, a, (), st))
            elif a or st is _S_RIVER:
                self.decide(a)  # a Raise to check (raises when not allowed), or a fold (f)
                continue
            else:
                events.append(_mk(Event, _K_CHECK, s, 0, (), st))
            q.pop(0)  # _after_decision
            if not q:
                self._street = None
                self._phase = nxt

    @classmethod
    def replay(cls, rules: HeadsUpRules, events: Sequence[Event]) -> HeadsUpRound:
        """Rebuild a round from its event record and verify the record (§ 677a.11(j)).

        The wagers, the cards (deal, burns, flop, turn and river) and each player's decision are
        played again through the round's own steps; every event the steps produce must equal the
        record's event at that place: the street of each decision, the dealer's hand value, each
        player's settlement (every wager's outcome, odds and net). A record may stop early (a
        round in progress). Records whose sequences are lists (e.g. read back from JSON) and whose
        kinds are plain text compare equal to what the round writes.

        Raises:
            IllegalActionError: an event that differs from what the steps produce (naming its
                index, what the record says and what the round gives, § 677a.11(j)), an unknown
                kind, or a record that stops inside a dealer step; and the errors the original
                steps raise if the record is not a legal round.
        """
        from .record import replay

        return replay(rules, events)


def play_round(rules: HeadsUpRules, wagers: dict[int, tuple[int, int, int, int]], source: CardSource,
               strategy: Strategy | dict[int, Strategy]) -> RoundSettlement:
    """Play one whole round: ``wagers`` maps player -> (ante, odds, pocket_bonus, trips_plus)."""
    rnd = HeadsUpRound(rules)
    for player in sorted(wagers):
        rnd.place_wagers(player, *wagers[player])
    return rnd.run(source, strategy)

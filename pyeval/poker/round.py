"""One round of Hold'em Poker, step by step, exactly as a floorperson would rule it.

Source: 58 Pa. Code § 637a.11 (forced bets, dealing, betting rounds, burns, showdown, odd chips),
§ 637a.8 (table stakes, all-in and side pots, binding actions, chip placement, raises, limits) and
§ 637a.18(e) (showdown order). Conventions where the text is silent are in ``docs/holdem.md``.

Players are indexed by **round index** ``0..n-1`` clockwise: ``0`` is the first player left of the
button, ``n-1`` is the button (the PHH convention). Chips are ints in the table's smallest unit.

Each step is a method with a matching query (``post_forced_bets``/``can_post_forced_bets``,
``deal_hole_cards``/``can_deal_hole_cards``, ``fold``/``can_fold``, ...). A rejected step raises an
:class:`~pyeval.errors.IllegalActionError` naming the rule and changes nothing.
"""
from __future__ import annotations

import copy
import functools
import operator
from collections.abc import Iterable, Sequence

from ..cards import CARD_TEXT
from ..contracts import MAX_CHIPS, Action
from ..errors import CardTypeError
from .betting import Betting
from .chip_placement import ChipPlacement, Ruling
from .dealing import Dealing
from .draw import Draw
from .forced_bets import ForcedBets, check_sitting_out as _check_sitting_out
from .pots import Pot, side_pots
from ..shoe import Shoe
from .rules import R_BLINDS, R_DEAL, R_STAKES, HeadsUpOrder, PokerRules
from .showdown import Showdown
from .view import TableView, view
from .state import BettingOptions, CardSource, CardsInput, Event, EventKind, Phase, RoundState, Street, _illegal
from .stud import Stud
from . import state as _state
from .fast import FastSteps, fresh_state, register_round, remember_fresh
from .._bindings import _fastcall

# enum members read once here: read through their class, each is a Python-level call (hot paths)
_A_AWARD = Action.AWARD
_A_BET_OR_RAISE_TO = Action.BET_OR_RAISE_TO
_A_CHECK_OR_CALL = Action.CHECK_OR_CALL
_A_DEAL_BOARD = Action.DEAL_BOARD
_A_DEAL_HOLE_CARDS = Action.DEAL_HOLE_CARDS
_A_DISCARD = Action.DISCARD
_A_FOLD = Action.FOLD
_A_MUCK = Action.MUCK
_A_POST_BRING_IN = Action.POST_BRING_IN
_A_POST_FORCED_BETS = Action.POST_FORCED_BETS
_A_POST_STRADDLE = Action.POST_STRADDLE
_A_RUN_IT = Action.RUN_IT
_A_SHOW = Action.SHOW
_H_BUTTON_SMALL_BLIND = HeadsUpOrder.BUTTON_SMALL_BLIND
_P_AWARD = Phase.AWARD
_P_BETTING = Phase.BETTING
_P_BOARD = Phase.BOARD
_P_BRING_IN = Phase.BRING_IN
_P_COMPLETE = Phase.COMPLETE
_P_DRAW = Phase.DRAW
_P_FORCED_BETS = Phase.FORCED_BETS
_P_HOLE_CARDS = Phase.HOLE_CARDS
_P_SHOWDOWN = Phase.SHOWDOWN

__all__ = ["Round", "CardSource", "CardsInput", "Event", "BettingOptions", "Phase", "Ruling", "Street"]

_KINDS = {k.value: k for k in EventKind}
_FORCED = frozenset({_A_POST_FORCED_BETS})
_HOLE = frozenset({_A_DEAL_HOLE_CARDS})
_HOLE_OR_STRADDLE = frozenset({_A_DEAL_HOLE_CARDS, _A_POST_STRADDLE})
_NOTHING: frozenset[Action] = frozenset()
_CALL_OR_FOLD = frozenset({_A_FOLD, _A_CHECK_OR_CALL})
_BET_OR_RAISE = frozenset({_A_FOLD, _A_CHECK_OR_CALL, _A_BET_OR_RAISE_TO})
_BRING_IN = frozenset({_A_POST_BRING_IN})
_DISCARD = frozenset({_A_DISCARD})
_AWARD = EventKind.AWARD
_STATE = operator.attrgetter(*RoundState.__slots__)  # every field of a round, as one tuple
_PATHS = frozenset({"_plain", "_plain_nl"})  # the fast-path flags (not state: snapshot leaves them out)
_CONTAINERS = frozenset({list, dict, set})  # the mutable fields' types (run_dealer copies them)


def _frozen(v: object) -> object:
    """An immutable deep copy of round state: lists and tuples as tuples, dicts as sorted item
    tuples, recursively; other values (ints, enums, frozen rules) as they are."""
    if isinstance(v, (list, tuple)):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _frozen(x)) for k, x in v.items()))
    if isinstance(v, set):
        return frozenset(v)
    return v


def _source_state(src: object) -> object:
    """The card source's state for :meth:`Round.snapshot`: its ``snapshot()``, else a deep copy of
    its attributes (``__dict__`` and ``__slots__``; an attribute with a ``snapshot()`` by it), else
    the object itself."""
    if src is None:
        return None
    snap = getattr(src, "snapshot", None)
    if callable(snap):
        return (type(src).__name__, snap())
    state: dict[str, object] = {}
    for cls in type(src).__mro__:
        slots = getattr(cls, "__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if hasattr(src, name):
                state[name] = getattr(src, name)
    state.update(getattr(src, "__dict__", {}))
    # an attribute with its own snapshot() (a ShortDeckSource's shoe) is compared by it: a copy of
    # the object itself would compare by identity and never be equal
    for k, v in state.items():
        inner = getattr(v, "snapshot", None)
        if callable(inner):
            state[k] = (type(v).__name__, inner())
    return (type(src).__name__, _frozen(copy.deepcopy(state))) if state else src


def _check_posters(posters: Sequence[int | None], k: int, n: int) -> tuple[tuple[int | None, ...], int]:
    """Validate explicit blind posters: ``k`` entries, each a round index 0..n-1 or None, the
    posted ones distinct, the last posted. Returns the plan (posters, first to act preflop)."""
    bp = tuple(posters)
    if len(bp) != k:
        raise _illegal(f"blind_posters needs one entry per blind ({k}), got {len(bp)}", R_BLINDS)
    for i in bp:
        if i is not None and (type(i) is not int or not 0 <= i < n):
            raise _illegal(f"blind_posters entries are round indices 0..{n - 1} or None, got {i!r}", R_BLINDS)
    posted = [i for i in bp if i is not None]
    if len(set(posted)) != len(posted):
        raise _illegal(f"a player posts one blind only, got {bp}", R_BLINDS)
    if k and bp[-1] is None:
        raise _illegal("the big blind (the last) is always posted", R_BLINDS)
    return bp, ((bp[-1] + 1) % n if k else 0)  # type: ignore[operator]


@functools.lru_cache(maxsize=None)
def _default_plan(n: int, button_small_blind: bool, k: int) -> tuple[tuple[int | None, ...], int]:
    """Who posts each of ``k`` blinds among ``n`` players by default (the players left of the button
    in turn, § 637a.11(d); heads-up the button first when ``rules.heads_up`` is
    ``BUTTON_SMALL_BLIND``) and who acts first preflop. (A bool key: an enum's hash is a Python call.)"""
    posters = [1, 0] if n == 2 and button_small_blind else list(range(n))
    bp = tuple(posters[i % n] for i in range(k))
    return bp, ((bp[-1] + 1) % n if bp else 0)


def _merge_orphans(pots: tuple[Pot, ...]) -> tuple[Pot, ...]:
    """Fold every pot with no eligible player into the nearest pot below it that has one (else the
    nearest above); unchanged when no pot has an eligible player (no live hand at all)."""
    if all(p.eligible for p in pots) or not any(p.eligible for p in pots):
        return pots
    out: list[Pot] = []
    carry = 0  # orphan chips below the first pot with eligible players
    for p in pots:
        if p.eligible:
            out.append(Pot(p.amount + carry, p.eligible))
            carry = 0
        elif out:
            out[-1] = Pot(out[-1].amount + p.amount, out[-1].eligible)
        else:
            carry += p.amount
    return tuple(out)


def _check_seats(seats: Sequence[int] | None, n: int) -> tuple[int, ...] | None:
    """The seats of a round's players (``n`` distinct positive ints), or None."""
    if seats is None:
        return None
    out = tuple(seats)
    if len(out) != n or len(set(out)) != n or any(type(x) is not int or x < 1 for x in out):
        raise _illegal(f"seats must be {n} distinct seat numbers >= 1, one per player, got {out!r}", R_SEATS_ROUND)
    return out


R_SEATS_ROUND = "58 Pa. Code § 637a.11(b)"



def _check_round_args(rules: PokerRules, stacks: Sequence[int], cards: CardSource | None,
                      posters_given: bool) -> list[int]:
    """The checks of :class:`Round`'s arguments before any state is made; returns the stacks as a list."""
    if not isinstance(rules, PokerRules):
        raise CardTypeError(f"rules must be a PokerRules, got {type(rules).__name__}")
    stacks = list(stacks)
    n = len(stacks)
    if not 2 <= n <= rules.seats:
        raise _illegal(f"a round needs 2..{rules.seats} players, got {n}", "58 Pa. Code § 637a.11(b)")
    if (set(map(type, stacks)) != _INT or min(stacks) <= 0 or max(stacks) > MAX_CHIPS):
        _check_stakes(stacks)
    if not posters_given and len(rules.blinds) > n:  # stud tables have no blinds
        raise _illegal(f"{len(rules.blinds)} blinds need at least as many players, got {n}", R_BLINDS)
    if rules.variant.short_deck and isinstance(cards, Shoe):
        # a 52-card shoe deals cards below 6 that a short-deck hand cannot score: the round would
        # stop at the award with chips in the pot
        raise _illegal(f"{rules.variant.name} is dealt from the 36-card deck: wrap the shoe in "
                       "pyeval.poker.games.ShortDeckSource (or deal explicit cards)", R_DEAL)
    return stacks


_INT = {int}
_FILL = _fastcall.holdem_fill  # every slot of a new plain round at once (pyeval.poker.fast)
_NOBODY: frozenset[int] = frozenset()


def _check_stakes(stacks: list[int]) -> None:
    """Each stack a positive int (not a bool nor an int subclass) of at most MAX_CHIPS, else IllegalActionError."""
    for s in stacks:
        if type(s) is not int or s <= 0:  # bool and int subclasses are refused too
            raise _illegal(f"table stakes must be positive ints, got {s!r}", R_STAKES)
        if s > MAX_CHIPS:  # pyeval's one chip limit (PHH and the room readers refuse more too)
            raise _illegal("table stakes must be at most 2**63-1 chips, got a larger stack", R_STAKES)


class Round(ForcedBets, Dealing, Betting, Stud, Draw, Showdown, ChipPlacement, FastSteps):
    """One round of Hold'em among ``len(stacks)`` players, from forced bets to award.

    Args:
        rules: the table's :class:`PokerRules`.
        stacks: each player's table stakes at the start of the round, by round index (``0`` left of
            the button, last = button). Whether a player may be dealt in at all is decided by
            :class:`~pyeval.poker.Table` (§ 637a.8(b)(4)); a round accepts any positive stakes, so
            a blind may be all-in for less.
        cards: where cards come from (a shoe); may be None if every deal supplies explicit cards.
        blind_posters: who posts each of ``rules.blinds``, by round index, None for a dead blind
            that nobody posts (the table's button rule decides: :class:`~pyeval.poker.ButtonRule`);
            default: the players left of the button in turn (§ 637a.11(d)). The big blind (the
            last) is always posted; preflop action starts left of it.
        sitting_out: tournament mode only: round indices of players away from the table; each is
            dealt in, posts his forced bets and is folded by the dealer at his first turn (a
            ``sit_out`` event, then his ``fold``). See :func:`pyeval.poker.forced_bets.check_sitting_out`.
        seats: the seat each player sits in, by round index (a :class:`~pyeval.poker.Table` passes
            them): messages then name players by seat (``"seat 7"``); without them a player is named
            as the PHH names round index ``i``, ``"p{i+1}"`` (issue 21: one naming of players).

    Every attribute is read-only, and what it returns is a snapshot that cannot reach the round
    (docs/decisions/010-read-only-rounds-and-tables.md): per-player sequences are tuples by
    round index (``stacks``, ``starting_stacks``, ``bets``, ``contrib``, ``folded``, ``mucked``,
    ``hole``, ``acted``, ``checked``, ``values``, ``low_values``, ``winnings``), as are ``board``,
    ``burns`` and ``showdown_queue``; ``actor``, ``street``, ``bet_to``, ``min_raise``,
    ``raises``, ``full_raises``, ``full_bet_to``, ``last_aggressor``, ``n_able_to_act``,
    ``n_contending``, ``betting_closed`` and ``awarded`` are ints or bools; ``rules``, ``variant``,
    ``n`` and ``source`` (the caller's own card source) as given. ``r.stacks[2] = 10**6`` raises
    ``TypeError``; :meth:`view` gives the whole table as one frozen value.
    Raises:
        IllegalActionError: fewer than 2 or more players than seats, a stack that is not a
            positive int, more forced bets than players, or bad ``blind_posters``.
    """

    __slots__ = ()

    def __init__(self, rules: PokerRules, stacks: Sequence[int], cards: CardSource | None = None, *,
                 blind_posters: Sequence[int | None] | None = None, sitting_out: Iterable[int] = (),
                 seats: Sequence[int] | None = None) -> None:
        if type(cards) is Shoe and blind_posters is None and seats is None and sitting_out == () and _state.FAST_PATHS:
            # a plain round (pyeval.poker.fast): the state the general path made for the first round
            # at this table with as many players, filled in C; the stakes checked as the general path does
            stacks = list(stacks)
            fresh = fresh_state(rules, len(stacks))
            if fresh is not None and set(map(type, stacks)) == _INT and min(stacks) > 0 and max(stacks) <= MAX_CHIPS \
                    and _FILL(self, fresh):
                self._source = cards
                self._stacks = stacks
                self._starting_stacks = tuple(stacks)
                return
            self._init(rules, stacks, cards, None, (), None)
            if fresh is None and type(self) is Round and self._set_aside is None:
                remember_fresh(self)
            return
        self._init(rules, stacks, cards, blind_posters, sitting_out, seats)

    def _init(self, rules: PokerRules, stacks: Sequence[int], cards: CardSource | None,
              blind_posters: Sequence[int | None] | None, sitting_out: Iterable[int], seats: Sequence[int] | None) -> None:
        """The general ``__init__`` (every check, every field)."""
        stacks = _check_round_args(rules, stacks, cards, blind_posters is not None)
        n = len(stacks)
        self._rules = rules
        self._n = n
        self._source = cards
        self._stacks = stacks
        self._starting_stacks = tuple(stacks)
        self._bets = [0] * n
        self._contrib = [0] * n
        self._folded = [False] * n
        self._mucked = [False] * n
        self._hole: list[tuple[int, ...]] = [()] * n
        self._board: list[int] = []
        self._burns: list[int | None] = []
        self._record: list[tuple[str, int | None, int, tuple[int, ...]]] = []
        self._forced_bets_due = True  # forced bets not yet posted
        self._straddled = False
        self._hole_dealt = False
        self._street = 0
        self._bet_to = 0
        self._min_raise = 0
        self._raises = 0
        self._full_raises = 0
        self._acted = [False] * n
        self._acted_at_raise = [-1] * n
        self._acted_at_bet = [0] * n
        self._full_bet_to = 0
        self._checked = [False] * n
        self._actor: int | None = None
        self._last_aggressor = 0
        self._n_able_to_act = n
        self._n_contending = n
        self._betting_closed = False  # no further betting this round
        self._showdown_queue: list[int] = []
        self._awarded = False
        plan = _default_plan(n, rules.heads_up is _H_BUTTON_SMALL_BLIND, len(rules.blinds))
        if blind_posters is not None:  # a table's button rule placed the blinds (e.g. a dead small blind)
            plan = _check_posters(blind_posters, len(rules.blinds), n)
        self._blind_posters, self._preflop_first = plan
        self._init_rest(rules, n, cards, sitting_out, seats)

    def _init_rest(self, rules: PokerRules, n: int, cards: CardSource | None, sitting_out: Iterable[int],
                   seats: Sequence[int] | None) -> None:
        """The rest of the general ``__init__``: showdown, stud and draw fields, the table's constants."""
        self._values: list[int] = [0] * n
        self._winnings: list[int] = [0] * n
        self._variant = rules.variant
        self._streets = rules.variant.streets
        self._last_street = len(self._streets) - 1
        self._first_up_cards: list[tuple[int, ...]] = [()] * n  # stud: the up cards of the first street (bring-in)
        self._showing_ranks: list[int] = [0] * n  # stud: the up cards as a SHOW_BITS sum
        self._bring_in_due = False
        self._draw_queue: list[int] = []
        self._draw_discards: dict[int, tuple[int, ...]] = {}
        self._low_values: list[int] = [0] * n
        self._dead_ante = 0  # dead antes (a big-blind ante; every ante when not trimmed): money of the main pot
        self._dead_antes = [0] * n
        self._sitting_out = _check_sitting_out(rules, sitting_out, n) if sitting_out != () else _NOBODY
        self._seats = _check_seats(seats, n) if seats is not None else None
        self._runs, self._run_street = 1, 0
        self._run_boards: list[tuple[int, ...]] = []
        self._dead_cards: list[int] = []  # draw games: replaced discards and folded hands not yet racked
        self._dealt: set[int] = set()  # known cards dealt or burned (what a card source may not deal again)
        # per-table constants (PokerRules computes them once): stud, draws, hold'em's 7-card showdown,
        # fixed-limit bet size of each street (else None)
        const = rules.engine
        self._is_stud, self._has_draws = const.is_stud, const.has_draws
        self._holdem_showdown, self._fixed_bet_sizes = const.holdem_showdown, const.fixed_bet_sizes
        self._double_bet, self._lead_open = False, -1  # stud: an open pair's big bet; a leader the record names
        self._house_money = 0  # chips the house added to the main pot (add_house_money)
        self._set_aside = None  # chips out of play until the betting ends (rules.cap, disconnect)
        if rules.cap is not None:
            self._cap_stacks(rules.cap)
        self._plain = (_state.FAST_PATHS and const.holdem_showdown and not const.is_stud and not const.has_draws
                       and not self._sitting_out and type(cards) is Shoe and self._set_aside is None)
        self._plain_nl = self._plain and const.plain_no_limit

    def _cap_stacks(self, cap: int) -> None:
        """A capped table (``rules.cap``): each player plays for at most ``cap`` chips this hand, the
        rest of his stack set aside (out of play) until the betting ends (:meth:`_street_done`)."""
        stacks = self._stacks
        aside = [s - cap if s > cap else 0 for s in stacks]
        if any(aside):
            self._set_aside = aside
            self._stacks = [s - a for s, a in zip(stacks, aside)]

    # ------------------------------------------------------------------ queries
    @property
    def phase(self) -> Phase:
        """The step the round waits for now."""
        if self._forced_bets_due:
            return _P_FORCED_BETS
        if not self._hole_dealt:
            return _P_HOLE_CARDS
        if self._awarded:
            return _P_COMPLETE
        if self._bring_in_due:
            return _P_BRING_IN
        if self._actor is not None:
            return _P_BETTING
        if self._draw_queue:
            return _P_DRAW
        if self._n_contending >= 2 and self._street < self._last_street:
            return _P_BOARD
        if self._showdown_queue:
            return _P_SHOWDOWN
        return _P_AWARD

    @property
    def events(self) -> list[Event]:
        """The round's record so far, in order (:class:`~pyeval.contracts.Event`): enough to replay it.

        Kinds: ``ante blind straddle bring_in hole burn board discard reshuffle fold check call bet
        raise return show muck run_it rake award`` (``run_it``: amount = the number of runs); ``player`` is the round index (None for the dealer's card
        events); ``amount``: chips posted or paid for ``ante blind straddle bring_in call return
        award``, the total *to* for ``bet raise``, the cards taken for ``discard``, the cards taken
        back into the stub for ``reshuffle`` (draw games); ``cards``: the cards dealt, burned,
        discarded or shown; ``detail``: the pot index for ``award``.
        """
        new = tuple.__new__
        kinds = _KINDS
        return [new(Event, (kinds[k], p, a, c, None)) if k != "award" else new(Event, (_AWARD, p, a, (), c[0]))
                for k, p, a, c in self._record]

    def legal_actions(self) -> frozenset[Action]:
        """Every step legal now: ``Action.X`` is in it exactly when ``can_x()`` is True (with its
        defaults: the player due, any amount); see :mod:`pyeval.contracts`. The amounts a bet or
        raise may be are :meth:`betting_options`."""
        if self._forced_bets_due:
            return _FORCED
        if not self._hole_dealt:
            return _HOLE_OR_STRADDLE if self.can_post_straddle() else _HOLE
        if self._awarded:
            return _NOTHING
        a = self._actor
        if a is not None:
            return _BET_OR_RAISE if self._may_raise(a) else _CALL_OR_FOLD
        if self._bring_in_due:
            return _BRING_IN if self.can_post_bring_in() else _NOTHING  # unknown up cards: name him
        if self._draw_queue:
            return _DISCARD
        acts: list[Action] = []
        if self.can_deal_board():
            acts.append(_A_DEAL_BOARD)
            if self.can_run_it():
                acts.append(_A_RUN_IT)
        if self.can_show():
            acts.append(_A_SHOW)
        if self.can_muck():
            acts.append(_A_MUCK)
        if self.can_award():
            acts.append(_A_AWARD)
        return frozenset(acts)

    @property
    def button(self) -> int:
        """Round index of the button (always the last player)."""
        return self._n - 1

    @property
    def pot_total(self) -> int:
        """All chips put in this round so far (antes, blinds, bets, and chips the house added:
        :meth:`add_house_money`; uncalled bets once returned leave it)."""
        return sum(self._contrib) + self._house_money

    def pots(self) -> tuple[Pot, ...]:
        """Main and side pots as they stand now (§ 637a.8(b)(5)); players who mucked are not eligible."""
        live = [not (f or m) for f, m in zip(self._folded, self._mucked)]
        return self._pots(live)

    def _pots(self, live: list[bool]) -> tuple[Pot, ...]:
        """Side pots; a big-blind ante (and every ante when ``rules.ante_trimming`` is False) is dead
        money of the main pot, not part of its poster's own contribution (so it never makes a side
        pot of its own). No pot is left without an
        eligible player while a hand is live: chips no live hand reached (folded players' bets
        above every live contribution) join the highest pot below them (else the lowest above)."""
        dead = self._dead_ante
        if not dead:
            return _merge_orphans(side_pots(self._contrib, live))
        contrib = [c - d for c, d in zip(self._contrib, self._dead_antes)]
        pots = side_pots(contrib, live)
        contenders = tuple(j for j, alive in enumerate(live) if alive)
        ante = 0 if self._rules.ante_trimming else self._rules.ante
        antes = [min(ante, d) for d in self._dead_antes]  # the uniform ante is posted before a big-blind ante
        if ante and min((a for a, ok in zip(antes, live) if ok), default=ante) < max(antes):
            # § 637a.8(b)(5)(i): a live player all-in on a short ante is eligible only for the antes
            # he matched, dead money or not: the antes make layers of their own below the bets
            dead -= sum(antes)
            out = list(side_pots(antes, live))
            for pot in pots:
                if out and out[-1].eligible == pot.eligible:
                    out[-1] = Pot(out[-1].amount + pot.amount, pot.eligible)
                else:
                    out.append(pot)
            if dead:  # the big-blind ante: dead money every live hand contends for
                at = next((k for k, pot in enumerate(out) if pot.eligible == contenders), None)
                if at is None:
                    out.insert(0, Pot(dead, contenders))
                else:
                    out[at] = Pot(out[at].amount + dead, contenders)
            return _merge_orphans(tuple(out))
        if pots and pots[0].eligible == contenders:
            return _merge_orphans((Pot(pots[0].amount + dead, pots[0].eligible),) + pots[1:])
        # the big blind's live bet is smaller than anyone's (e.g. the ante took his whole stack):
        # the dead money is a bottom pot that every live hand contends
        return _merge_orphans((Pot(dead, contenders),) + pots)

    def snapshot(self) -> tuple[object, ...]:
        """A deep copy of the whole state, for comparing before and after (tests, audits).

        Every field of the round as immutable values (lists and dicts copied, nested ones too), and
        the card source's state: its ``snapshot()`` when it has one (a :class:`~pyeval.shoe.Shoe`),
        else a deep copy of its attributes. Two snapshots compare equal exactly when nothing in the
        round, nor in its card source, changed in between.
        """
        out: list[object] = []
        for name in RoundState.__slots__:
            if name in _PATHS:  # which code path runs, not the round's state
                continue
            v = getattr(self, name)
            if name == "_source":
                v = _source_state(v)
            out.append(_frozen(v))
        return tuple(out)

    def run_dealer(self) -> None:
        """Do every dealer step that is due now: forced bets, hole cards and board from the card
        source, hands turned up in showdown order (nobody mucks; when betting ends early, before the
        rest of the board), award. Stops when a player must act.

        All or nothing: when a step is rejected (no card source to deal from, a bring-in whose up
        cards nobody saw, ...) the round is put back as it was before the call and the step's
        error raised; the steps done before it are undone, not left half-done. (Cards a card
        source already handed out for those steps stay dealt from it: a shoe is not rewound.)

        Raises:
            IllegalActionError (or the card source's error): the first step that could not be done.
        """
        if self._plain and self._actor is None and self._hole_dealt and not self._awarded:
            # hold'em's common dealer steps, fused (pyeval.poker.fast; each checks before it changes)
            if self._n_contending >= 2 and self._street < self._last_street:
                if not self._betting_closed:
                    if self._n_able_to_act >= 2 and self._fast_street():
                        return
                elif self._fast_runout():
                    return
            elif self._fast_award():
                return
        if self._one_step_or_safe():
            self._run_dealer()
            return
        # the saved state: every slot in one C call, the lists, dicts and sets among them copied
        # (a shallow copy each, as their items are immutable); put back only when a step fails
        saved = [v.copy() if type(v) in _CONTAINERS else v for v in _STATE(self)]
        try:
            self._run_dealer()
        except BaseException:
            for name, v in zip(RoundState.__slots__, saved):
                setattr(self, name, v)
            raise

    def _one_step_or_safe(self) -> bool:
        """True when :meth:`run_dealer` needs no saved state: the steps due are one step (each
        step is all or nothing by itself) or steps that cannot fail. Conservative (hold'em and
        Omaha, one run, nobody sitting out), and checked by tests against the saving path:

        - a player is to act, or the round is awarded: nothing is due;
        - a street's betting closed with two or more players able to bet: one ``deal_board``, after
          which the next betting round opens (its first player is one of those two);
        - the last betting round closed, or one hand left: shows in order and the award, whose
          only failure is a card nobody saw (``-1``) in a live hand or on the board.
        """
        if self._forced_bets_due or not self._hole_dealt:
            return False
        if self._actor is not None or self._awarded:
            return True  # nothing is due
        if self._is_stud or self._has_draws or self._runs != 1 or self._sitting_out:  # (bring-ins, draws)
            return False
        if self._n_contending >= 2 and self._street < self._last_street:
            return not (self._showdown_queue or self._betting_closed) and self._n_able_to_act >= 2
        # a card nobody saw anywhere (folded hands too: conservative) takes the saving path
        return -1 not in self._board and not any([-1 in h for h in self._hole])

    def _show_queue(self) -> None:
        """:meth:`show` for every hand in the showdown queue, in order, as the dealer turns them up
        (the same events; a hand with a card nobody saw goes through :meth:`show`, which raises)."""
        q, hole, rec = self._showdown_queue, self._hole, self._record
        while q and -1 not in hole[q[0]]:
            p = q.pop(0)
            rec.append(("show", p, 0, hole[p]))
        if q:
            self.show()

    def _run_dealer(self) -> None:
        if self._forced_bets_due:
            self.post_forced_bets()
        if not self._hole_dealt:
            self.deal_hole_cards()
        while self._actor is None and not self._awarded:
            if self._bring_in_due:
                self.post_bring_in()
            elif self._showdown_queue:  # all-in hands are turned up before the rest of the board
                self._show_queue()
            elif self._draw_queue:  # a player must discard or stand pat
                return
            elif self._n_contending >= 2 and self._street < self._last_street:
                self.deal_board()
            else:
                self.award()

    def view(self) -> TableView:
        """A read-only snapshot of the table now (:class:`~pyeval.poker.view.TableView`: tuples
        only; changing it cannot reach the round, and it does not follow later steps)."""
        return view(self)

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """Round indices of the players sitting out (tournament mode: dealt in, folded at their first turn)."""
        return tuple(sorted(self._sitting_out))

    @property
    def complete(self) -> bool:
        """True once the pots are awarded."""
        return self._awarded

    def __repr__(self) -> str:
        board = " ".join("??" if c < 0 else CARD_TEXT[c] for c in self._board)  # -1: a card nobody saw
        return f"<Round {self._n} players, {self.phase.value}, board [{board}], stacks {self._stacks}>"


register_round(Round)  # the slots the C check_or_call reads (pyeval.poker.fast)

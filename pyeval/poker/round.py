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

import enum
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol, Union

from .._bindings import lib
from ..cards import CARD_TEXT, check_card, parse_cards
from ..errors import CardTypeError, IllegalActionError, OutOfTurnError, PyevalError, ShoeExhaustedError
from .games import StreetSpec
from ..hands.evaluators import _OMAHA_TABLES
from .pots import Pot, side_pots, split_pot
from .rules import (
    R_ADD_CHIPS,
    R_ALL_IN,
    R_ANNOUNCED,
    R_BINDING,
    R_BLINDS,
    R_CHECK_RAISE,
    R_DEAL,
    R_LIMITS,
    R_PREFLOP,
    R_SHOW_ORDER,
    R_SHOWDOWN,
    R_SINGLE_CHIP,
    R_STAKES,
    R_STRADDLE,
    R_STREETS,
    BettingStructure,
    HeadsUpOrder,
    OddChipRule,
    TableRules,
)

CardsInput = Union[str, Sequence[int]]
#: _ORDER[n][s]: the round indices clockwise from s, for n players.
_ORDER = [[tuple((s + k) % n for k in range(n)) for s in range(n)] if n else [] for n in range(11)]
#: _AFTER[n][a]: the round indices clockwise from the seat left of ``a`` (``a`` last), for n players.
_AFTER = [[tuple((a + 1 + k) % n for k in range(n)) for a in range(n)] if n else [] for n in range(11)]
_EVAL7 = lib.pe_eval7


#: Stud showing hands as one order-free int: 4 bits per rank slot counting the up cards of that
#: rank. Slot = rank + 1 (deuce 1 .. ace 13; an unknown card, index -1 = 52, slot 0); for razz
#: (aces low) slot = (rank + 1) % 13 + 1 (ace 1, deuce 2 .. king 13; an unknown card as an ace).
_SHOW_BITS = (tuple(1 << 4 * ((c >> 2) + 1) for c in range(52)) + (1,),
              tuple(1 << 4 * (((c >> 2) + 1) % 13 + 1) for c in range(52)) + (1 << 4,))


#: Memo of :func:`_showing_key` per razz flag: at most one entry per rank-count signature of up to
#: seven up cards (a few thousand), filled as they occur.
_SHOW_KEYS: tuple[dict[int, int], dict[int, int]] = ({}, {})


def _showing_key(sig: int, low: bool) -> int:
    """Order of a stud showing hand (a ``_SHOW_BITS`` sum): pairs, trips and quads first, then the
    ranks of the groups; straights and flushes do not count. One int, larger leads: (group sizes,
    group ranks) compared lexicographically, or the reverse for razz (fewer pairs, then lower ranks
    lead)."""
    groups = sorted(((sig >> 4 * r) & 15, r) for r in range(14) if (sig >> 4 * r) & 15)
    groups.reverse()
    pad = 8 - len(groups)
    k = 0
    for c, _ in groups:
        k = k * 8 + c
    k *= 8 ** pad
    for _, r in groups:
        k = k * 16 + r
    k *= 16 ** pad
    return -k if low else k


class CardSource(Protocol):
    """Where a round's cards come from: :class:`pyeval.shoe.Shoe` or anything with these methods."""

    def burn(self) -> int:
        """Take the top card off, face down, and return it."""

    def deal(self, k: int) -> tuple[int, ...]:
        """Take the top ``k`` cards off and return them in order."""


class Street(enum.IntEnum):
    """The four betting rounds."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3


class Phase(enum.Enum):
    """What the round is waiting for (see :attr:`Round.phase`)."""

    FORCED_BETS = "forced bets"
    HOLE_CARDS = "hole cards"  # a straddle may also be posted now, if offered
    BETTING = "betting"
    BRING_IN = "bring-in"  # stud: the lowest (razz: highest) up card posts the bring-in
    BOARD = "board"  # the dealer deals the next street (showdown may also be due)
    DRAW = "draw"  # draw games: players discard (or stand pat) in turn
    SHOWDOWN = "showdown"
    AWARD = "award"
    COMPLETE = "complete"


class Event(NamedTuple):
    """One entry of a round's record, in order; enough to replay the round.

    ``kind`` is one of ``ante blind straddle bring_in hole burn board discard reshuffle fold check
    call bet raise return show muck award``. ``player`` is the round index (None for the dealer's
    card events). ``amount``: chips posted or paid for ``ante blind straddle bring_in call return
    award``, the total *to* for ``bet raise``, the cards taken for ``discard``, the cards taken back
    into the stub for ``reshuffle`` (draw games). ``cards``: the cards dealt, burned, discarded or
    shown; for ``award``, the pot index.
    """

    kind: str
    player: int | None = None
    amount: int = 0
    cards: tuple[int, ...] = ()


class Ruling(NamedTuple):
    """The action a chip placement amounts to (see :meth:`Round.rule_chip_placement`).

    ``action`` is ``"check"``, ``"call"``, ``"bet"`` or ``"raise"``; ``to`` is the total bet for
    ``bet``/``raise``; ``change`` is what the dealer gives back from the chips placed.
    """

    action: str
    to: int | None
    change: int


class LegalActions(NamedTuple):
    """What the player to act may do now (all chip amounts are totals for this betting round)."""

    player: int
    can_fold: bool
    can_check: bool
    call_amount: int  # chips added by calling (0 when checking is possible)
    can_raise: bool
    min_to: int  # smallest bet/raise-to (an all-in for less may be below it)
    max_to: int


def _illegal(msg: str, rule: str) -> IllegalActionError:
    return IllegalActionError(msg, rule)


class Round:
    """One round of Hold'em among ``len(stacks)`` players, from forced bets to award.

    Args:
        rules: the table's :class:`TableRules`.
        stacks: each player's table stakes at the start of the round, by round index (``0`` left of
            the button, last = button). Whether a player may be dealt in at all is decided by
            :class:`~pyeval.poker.Table` (§ 637a.8(b)(4)); a round accepts any positive stakes, so
            a blind may be all-in for less.
        cards: where cards come from (a shoe); may be None if every deal supplies explicit cards.
    Raises:
        IllegalActionError: fewer than 2 or more players than seats, a stack that is not a
            positive int, or more forced bets than players.
    """

    __slots__ = (
        "rules", "n", "source", "stacks", "starting_stacks", "bets", "contrib", "folded", "mucked",
        "hole", "board", "burns", "_ev", "_phase_fb", "_straddled", "_dealt", "street", "bet_to",
        "min_inc", "raises", "full_seq", "acted", "act_seq", "checked", "actor", "opener",
        "n_active", "n_live", "closed", "sd_queue", "awarded", "_blind_posters", "_preflop_first",
        "values", "winnings", "variant", "_last", "_bring_in_due", "_draw_queue", "_discards",
        "low_values", "_streets", "_dead", "_has_draws", "_after", "_eval7", "_stud", "_upc", "_sizes", "_muck", "_ups",
    )

    def __init__(self, rules: TableRules, stacks: Sequence[int], cards: CardSource | None = None) -> None:
        if not isinstance(rules, TableRules):
            raise CardTypeError(f"rules must be a TableRules, got {type(rules).__name__}")
        stacks = list(stacks)
        n = len(stacks)
        if not 2 <= n <= rules.seats:
            raise _illegal(f"a round needs 2..{rules.seats} players, got {n}", "58 Pa. Code § 637a.11(b)")
        for s in stacks:
            if type(s) is not int or s <= 0:  # bool and int subclasses are refused too
                raise _illegal(f"table stakes must be positive ints, got {s!r}", R_STAKES)
        if len(rules.blinds) > n:  # stud tables have no blinds
            raise _illegal(f"{len(rules.blinds)} blinds need at least as many players, got {n}", R_BLINDS)
        self.rules = rules
        self.n = n
        self.source = cards
        self.stacks = stacks
        self.starting_stacks = tuple(stacks)
        self.bets = [0] * n
        self.contrib = [0] * n
        self.folded = [False] * n
        self.mucked = [False] * n
        self.hole: list[tuple[int, ...]] = [()] * n
        self.board: list[int] = []
        self.burns: list[int | None] = []
        self._ev: list[tuple[str, int | None, int, tuple[int, ...]]] = []
        self._phase_fb = True  # forced bets not yet posted
        self._straddled = False
        self._dealt = False
        self.street = 0
        self.bet_to = 0
        self.min_inc = 0
        self.raises = 0
        self.full_seq = 0
        self.acted = [False] * n
        self.act_seq = [-1] * n
        self.checked = [False] * n
        self.actor: int | None = None
        self.opener = 0
        self.n_active = n
        self.n_live = n
        self.closed = False  # no further betting this round
        self.sd_queue: list[int] = []
        self.awarded = False
        plan = rules._engine[5].get(n)
        if plan is None:  # who posts each blind, and who acts first preflop, for n players
            posters = [1, 0] if n == 2 and rules.heads_up is HeadsUpOrder.BUTTON_SMALL_BLIND else list(range(n))
            bp = tuple(posters[i % n] for i in range(len(rules.blinds)))
            plan = rules._engine[5][n] = (bp, (bp[-1] + 1) % n if bp else 0)
        self._blind_posters, self._preflop_first = plan
        self.values: list[int] = [0] * n
        self.winnings: list[int] = [0] * n
        self.variant = rules.variant
        self._streets = rules.variant.streets
        self._last = len(self._streets) - 1
        self._upc: list[tuple[int, ...]] = [()] * n  # stud: the up cards of the first street (bring-in)
        self._ups: list[int] = [0] * n  # stud: the up cards as a _SHOW_BITS sum
        self._bring_in_due = False
        self._draw_queue: list[int] = []
        self._discards: dict[int, tuple[int, ...]] = {}
        self.low_values: list[int] = [0] * n
        self._dead = 0  # a big-blind ante: dead money in the main pot
        self._after = _AFTER[n]
        self._muck: list[int] = []  # draw games: replaced discards and folded hands not yet racked
        # per-table constants (TableRules computes them once): stud, draws, hold'em's 7-card showdown,
        # fixed-limit bet size of each street (else None)
        self._stud, self._has_draws, self._eval7, self._sizes, _, _, _ = rules._engine

    # ------------------------------------------------------------------ queries
    @property
    def phase(self) -> Phase:
        """The step the round waits for now."""
        if self._phase_fb:
            return Phase.FORCED_BETS
        if not self._dealt:
            return Phase.HOLE_CARDS
        if self.awarded:
            return Phase.COMPLETE
        if self._bring_in_due:
            return Phase.BRING_IN
        if self.actor is not None:
            return Phase.BETTING
        if self._draw_queue:
            return Phase.DRAW
        if self.n_live >= 2 and self.street < self._last:
            return Phase.BOARD
        if self.sd_queue:
            return Phase.SHOWDOWN
        return Phase.AWARD

    @property
    def events(self) -> list[Event]:
        """The round's record so far: every forced bet, card, action, returned bet and award, in order."""
        new = tuple.__new__
        return [new(Event, e) for e in self._ev]

    @property
    def button(self) -> int:
        """Round index of the button (always the last player)."""
        return self.n - 1

    @property
    def pot_total(self) -> int:
        """All chips put in this round so far (antes, blinds, bets; uncalled bets once returned leave it)."""
        return sum(self.contrib)

    def pots(self) -> tuple[Pot, ...]:
        """Main and side pots as they stand now (§ 637a.8(b)(5)); players who mucked are not eligible."""
        live = [not (f or m) for f, m in zip(self.folded, self.mucked)]
        return self._pots(live)

    def _pots(self, live: list[bool]) -> tuple[Pot, ...]:
        """Side pots; a big-blind ante is dead money of the main pot, not part of the big blind's
        own contribution (so it never makes a side pot of its own)."""
        dead = self._dead
        if not dead:
            return side_pots(self.contrib, live)
        i = self._blind_posters[-1]
        contrib = list(self.contrib)
        contrib[i] -= dead
        pots = side_pots(contrib, live)
        contenders = tuple(j for j, alive in enumerate(live) if alive)
        if pots and pots[0].eligible == contenders:
            return (Pot(pots[0].amount + dead, pots[0].eligible),) + pots[1:]
        # the big blind's live bet is smaller than anyone's (e.g. the ante took his whole stack):
        # the dead money is a bottom pot that every live hand contends
        return (Pot(dead, contenders),) + pots

    def snapshot(self) -> tuple[object, ...]:
        """A deep copy of the whole state, for comparing before and after (tests, audits)."""
        out: list[object] = []
        for name in Round.__slots__:
            v = getattr(self, name)
            out.append(tuple(v) if isinstance(v, list) else v)
        return tuple(out)

    # ------------------------------------------------------------------ forced bets
    def _check_forced_bets(self) -> None:
        if not self._phase_fb:
            raise OutOfTurnError("the forced bets are already posted", R_BLINDS)

    def can_post_forced_bets(self) -> bool:
        """True when antes and blinds are due (the first step of the round)."""
        return self._phase_fb

    def post_forced_bets(self) -> None:
        """Post the antes (§ 637a.11(b)) and the blinds in order from left of the button (§ 637a.11(d)).

        A player whose stakes are short posts what he has and is all-in (§ 637a.8(b)(5)); a short
        blind still sets the full blind as the amount to call. Heads-up, the posting order follows
        ``rules.heads_up``.
        """
        self._check_forced_bets()
        rules = self.rules
        stacks, contrib, bets, ev = self.stacks, self.contrib, self.bets, self._ev
        if rules.ante:
            for i in range(self.n):
                a = min(rules.ante, stacks[i])
                stacks[i] -= a
                contrib[i] += a
                ev.append(("ante", i, a, ()))
        if rules.bb_ante:  # the big blind antes for the table, before posting his blind
            i = self._blind_posters[-1]
            a = min(rules.bb_ante, stacks[i])
            stacks[i] -= a
            contrib[i] += a
            self._dead = a
            ev.append(("ante", i, a, ()))
        for amount, i in zip(rules.blinds, self._blind_posters):
            a = min(amount, stacks[i])
            stacks[i] -= a
            contrib[i] += a
            bets[i] += a
            ev.append(("blind", i, a, ()))
        self.bet_to = max(rules.blinds, default=0)
        self.min_inc = max(rules.min_bet, self.bet_to)
        self.n_active = self.n - stacks.count(0)
        self._phase_fb = False

    def _check_straddle(self, player: int | None) -> int:
        if self._phase_fb or self._dealt:
            raise OutOfTurnError("a straddle is placed after the blinds and before any card is dealt", R_STRADDLE)
        if self.rules.straddle is None:
            raise _illegal("this table does not offer a straddle", R_STRADDLE)
        if self._straddled:
            raise _illegal("no more than one straddle per round", R_STRADDLE)
        if self.n == 2:
            raise _illegal("no straddle heads-up: the seat left of the last blind is a blind", R_STRADDLE)
        s = (self._blind_posters[-1] + 1) % self.n
        if player is not None and player != s:
            raise OutOfTurnError(f"only player {s}, left of the last blind, may straddle", R_STRADDLE)
        if self.stacks[s] < self.rules.straddle:
            raise _illegal(f"the straddle of {self.rules.straddle} exceeds player {s}'s stakes {self.stacks[s]}", R_STAKES)
        return s

    def can_post_straddle(self) -> bool:
        """True when the player left of the last blind may still straddle (§ 637a.11(e))."""
        try:
            self._check_straddle(None)
        except PyevalError:
            return False
        return True

    def post_straddle(self, player: int | None = None) -> None:
        """The player left of the last blind places the straddle (§ 637a.11(e)); at most one per round.

        The straddle is a live blind raise: others call it, the minimum raise grows to match it, and
        preflop betting starts left of the straddler, who may raise last (§ 637a.11(g)).
        """
        s = self._check_straddle(player)
        amt = self.rules.straddle
        assert amt is not None
        self.stacks[s] -= amt
        self.contrib[s] += amt
        self.bets[s] += amt
        if self.stacks[s] == 0:
            self.n_active -= 1
        self.bet_to = max(self.bet_to, self.bets[s])
        self.min_inc = max(self.min_inc, self.bet_to)
        self._straddled = True
        self._preflop_first = (s + 1) % self.n
        self._ev.append(("straddle", s, amt, ()))

    # ------------------------------------------------------------------ hole cards
    def _check_hole(self, cards: Sequence[CardsInput] | None) -> list[tuple[int, ...]]:
        if self._phase_fb or self._dealt:
            raise OutOfTurnError("hole cards are dealt once, after the forced bets", R_DEAL)
        n = self.n
        if cards is None:
            if self.source is None:
                raise _illegal("no card source: give the hole cards explicitly", R_DEAL)
            return []
        if len(cards) != n:
            raise _illegal(f"hole cards for {n} players expected, got {len(cards)}", R_DEAL)
        out = [_as_cards(c) for c in cards]
        k = self._streets[0].down + self._streets[0].up
        for i, h in enumerate(out):
            if len(h) != k:
                raise _illegal(f"player {i} must receive {k} hole cards, got {len(h)}", R_DEAL)
        _check_new(out, [])
        return out

    def can_deal_hole_cards(self) -> bool:
        """True after the forced bets (and any straddle) until the hole cards are dealt."""
        return not self._phase_fb and not self._dealt

    def deal_hole_cards(self, cards: Sequence[CardsInput] | None = None) -> None:
        """Deal two hole cards to each player (§ 637a.11(f)) and open the preflop betting.

        From the card source: two rounds of one card each, starting left of the button, the button
        last. Or explicitly: ``cards[i]`` are player ``i``'s two cards (ints or text), for replays.
        """
        explicit = self._check_hole(cards)
        n = self.n
        first = self._streets[0]
        k = first.down + first.up
        if explicit:
            hole = [tuple(h) for h in explicit]
        else:
            assert self.source is not None
            dealt = tuple(self.source.deal(k * n))
            hole = [dealt[i::n] for i in range(n)]  # k rounds of one card, left of the button first
        self.hole = hole
        ev = self._ev
        for i in range(n):
            ev.append(("hole", i, 0, hole[i]))
        self._dealt = True
        if self.variant.forced == "bring_in":
            self._upc = upc = [h[first.down:] for h in hole]
            bits = _SHOW_BITS[self.variant.low_leads]
            if first.up == 1:
                self._ups = [bits[u[0]] for u in upc]
            else:
                self._ups = [sum([bits[c] for c in u]) for u in upc]
            self._bring_in_due = True
            self.actor = None
            return
        # Preflop: blinds and straddler have not acted and keep the option to raise.
        self.actor = self._first_from(self._preflop_first)
        self.opener = self._preflop_first
        if self.actor is None:
            self._street_done()

    # ------------------------------------------------------------------ betting
    def _needs(self, i: int) -> bool:
        if self.folded[i] or self.stacks[i] == 0:
            return False
        if self.bets[i] < self.bet_to:
            return True
        return not self.acted[i] and self.n_active >= 2

    def _first_from(self, start: int) -> int | None:
        folded, stacks, bets, acted = self.folded, self.stacks, self.bets, self.acted
        bet_to = self.bet_to
        multi = self.n_active >= 2
        for i in _ORDER[self.n][start % self.n]:
            if folded[i] or not stacks[i]:
                continue
            if bets[i] < bet_to or (multi and not acted[i]):
                return i
        return None

    def _turn(self, player: int | None, what: str) -> int:
        a = self.actor
        if a is None:
            raise OutOfTurnError(f"no player may {what} now (phase: {self.phase.value})",
                                 R_PREFLOP if self.street == 0 else R_STREETS)
        if player is not None and player != a:
            raise OutOfTurnError(f"player {player} may not {what}: it is player {a}'s turn",
                                 R_PREFLOP if self.street == 0 else R_STREETS)
        return a

    def legal_actions(self) -> LegalActions | None:
        """What the player to act may do now, or None when no player is to act."""
        a = self.actor
        if a is None:
            return None
        call = min(self.bet_to - self.bets[a], self.stacks[a])
        lo, hi = self._raise_bounds(a)
        return LegalActions(a, True, call == 0, call, self._may_raise(a), lo, hi)

    def _may_raise(self, a: int) -> bool:
        """Whether player ``a`` may bet or raise now (the conditions of :meth:`_raise_block`, without
        building the error)."""
        rules = self.rules
        return not (self.stacks[a] <= self.bet_to - self.bets[a] or self.n_active < 2
                    or (self.acted[a] and self.act_seq[a] >= self.full_seq)
                    or (self.checked[a] and not rules.check_raise)
                    or (self.bet_to and rules.max_raises is not None and self.raises >= rules.max_raises))

    def _raise_bounds(self, a: int) -> tuple[int, int]:
        bet_to = self.bet_to
        allin_to = self.bets[a] + self.stacks[a]
        sizes = self._sizes
        if sizes is not None:  # fixed limit
            size = sizes[self.street]
            lo = hi = size if bet_to < size else bet_to + size  # a bring-in is completed to one bet
        else:
            rules = self.rules
            lo = bet_to + self.min_inc if bet_to else rules.min_bet
            if rules.structure is BettingStructure.POT_LIMIT:
                hi = bet_to + sum(self.contrib) + (bet_to - self.bets[a])
            else:
                hi = allin_to
            if rules.max_bet is not None and hi > bet_to + rules.max_bet:
                hi = bet_to + rules.max_bet
        if hi > allin_to:
            hi = allin_to
        if lo > allin_to:
            lo = allin_to
        return lo, hi

    def _raise_block(self, a: int) -> IllegalActionError | None:
        """Why player ``a`` may not bet or raise now, or None."""
        if self.stacks[a] <= self.bet_to - self.bets[a]:
            return _illegal(f"player {a}'s stakes of {self.stacks[a]} do not exceed the call", R_STAKES)
        if self.n_active < 2:  # player a is active, so no one else is
            return _illegal("every other player is all-in: there is no one left to raise", R_ALL_IN)
        if self.acted[a] and self.act_seq[a] >= self.full_seq:
            return _illegal(f"player {a} already acted and only an all-in short of a full raise followed: "
                            "betting is not reopened", R_ALL_IN)
        if self.checked[a] and not self.rules.check_raise:
            return _illegal("check-raise is not allowed at this table", R_CHECK_RAISE)
        if self.bet_to and self.rules.max_raises is not None and self.raises >= self.rules.max_raises:
            return _illegal(f"the posted cap of {self.rules.max_raises} raises this betting round is reached", R_LIMITS)
        return None

    def can_fold(self, player: int | None = None) -> bool:
        """True when ``player`` (default: whoever is to act) may fold now."""
        return self.actor is not None and (player is None or player == self.actor)

    def fold(self, player: int | None = None) -> None:
        """The player to act folds (binding once made, § 637a.8(c)); his chips stay in the pot."""
        a = self._turn(player, "fold")
        self.folded[a] = True
        if self._has_draws:  # his hand joins the dead cards a draw may reshuffle
            self._muck.extend(self.hole[a])
        self.n_live -= 1
        if self.stacks[a] > 0:
            self.n_active -= 1
        self.acted[a] = True
        self._ev.append(("fold", a, 0, ()))
        self._after_action(a)

    def can_check_or_call(self, player: int | None = None) -> bool:
        """True when ``player`` (default: whoever is to act) may check or call now."""
        return self.actor is not None and (player is None or player == self.actor)

    def check_or_call(self, player: int | None = None) -> None:
        """The player to act checks, or calls the current bet (all-in for less if short, § 637a.8(b)(5))."""
        a = self.actor
        if a is None or (player is not None and player != a):
            a = self._turn(player, "check or call")
        stacks = self.stacks
        bets = self.bets
        bet_to = self.bet_to
        amt = bet_to - bets[a]
        if amt <= 0:
            self.checked[a] = True
            self._ev.append(("check", a, 0, ()))
        else:
            s = stacks[a]
            if amt >= s:
                amt = s
                self.n_active -= 1
            stacks[a] = s - amt
            bets[a] += amt
            self.contrib[a] += amt
            self._ev.append(("call", a, amt, ()))
        acted = self.acted
        acted[a] = True
        self.act_seq[a] = self.full_seq
        # next to act (inlined _after_action/_first_from: this is the hot path of simulations)
        if self.n_live > 1:
            folded = self.folded
            if self.n_active >= 2:
                for i in self._after[a]:
                    if folded[i] or not stacks[i]:
                        continue
                    if bets[i] < bet_to or not acted[i]:
                        self.actor = i
                        return
            else:
                for i in self._after[a]:
                    if folded[i] or not stacks[i]:
                        continue
                    if bets[i] < bet_to:
                        self.actor = i
                        return
        self.actor = None
        self._street_done()

    def _check_raise_to(self, player: int | None, to: int) -> int:
        a = self._turn(player, "bet or raise")
        if isinstance(to, bool) or not isinstance(to, int):
            raise CardTypeError(f"a bet or raise is an int amount of chips, got {to!r}")
        if not self._may_raise(a):
            block = self._raise_block(a)
            assert block is not None
            raise block
        if to <= self.bet_to:
            raise _illegal(f"a {'raise' if self.bet_to else 'bet'} to {to} does not exceed the current bet of "
                           f"{self.bet_to}; check or call instead", R_LIMITS)
        allin_to = self.bets[a] + self.stacks[a]
        if to > allin_to:
            raise _illegal(f"player {a} may bet only the table stakes in front of him: {to} is more than "
                           f"{allin_to}", R_STAKES)
        lo, hi = self._raise_bounds(a)
        if to > hi:
            raise _illegal(f"{to} is above the maximum of {hi} ({self.rules.structure.value})", R_LIMITS)
        if to < lo and to != allin_to and to < self._cover(a):
            raise _illegal(f"{to} is below the minimum {'raise' if self.bet_to else 'bet'} to {lo}", R_LIMITS)
        return a

    def _cover(self, a: int) -> int:
        """The most any other live player can have in this betting round: a bet or raise to that much
        puts every opponent all-in, so it stands even below the minimum (the rest could not be called)."""
        return max((self.bets[i] + self.stacks[i] for i in range(self.n) if i != a and not self.folded[i]), default=0)

    def can_bet_or_raise_to(self, to: int, player: int | None = None) -> bool:
        """True when ``player`` (default: whoever is to act) may bet or raise to ``to`` chips now."""
        try:
            self._check_raise_to(player, to)
        except PyevalError:
            return False
        return True

    def bet_or_raise_to(self, to: int, player: int | None = None) -> None:
        """The player to act bets, or raises, to a total of ``to`` chips this betting round.

        Limits (§ 637a.8(k)): fixed limit bets and raises by the small bet (preflop, flop) or big bet
        (turn, river); pot limit up to the pot after calling; no limit up to the table stakes (§
        637a.8(b)(1)); never above the posted ``max_bet`` increment nor after the raise cap. A full
        bet or raise sets the new minimum raise increment and reopens the betting; an all-in short of
        a full raise does neither (others who already acted may only call or fold).
        """
        a = self._check_raise_to(player, to)
        rules = self.rules
        bet_to = self.bet_to
        if self._sizes is not None:  # fixed limit
            size = self._sizes[self.street]
            lo = size if bet_to < size else bet_to + size
        else:
            lo = bet_to + self.min_inc if bet_to else rules.min_bet
        add = to - self.bets[a]
        completes = bet_to < lo and bet_to == rules.bring_in and self.street == 0 and rules.bring_in > 0
        kind = "raise" if bet_to and not completes else "bet"
        if to >= lo:  # a full bet or raise
            if bet_to and not completes:
                self.raises += 1
            inc = to - bet_to
            if inc > self.min_inc:
                self.min_inc = inc
            self.full_seq += 1
        stacks = self.stacks
        stacks[a] -= add
        self.contrib[a] += add
        self.bets[a] = to
        self.bet_to = to
        if stacks[a] == 0:
            self.n_active -= 1
        self.acted[a] = True
        self.act_seq[a] = self.full_seq
        self.opener = a
        self._ev.append((kind, a, to, ()))
        if self.n_live == 1:  # pragma: no cover - a bettor faces at least one live player
            self.actor = None
            self._street_done()
            return
        nxt = self._first_from(a + 1)
        self.actor = nxt
        if nxt is None:
            self._street_done()

    def _after_action(self, a: int) -> None:
        if self.n_live == 1:
            self.actor = None
            self._street_done()
            return
        nxt = self._first_from(a + 1)
        self.actor = nxt
        if nxt is None:
            self._street_done()

    def _street_done(self) -> None:
        """Close a betting round: return any uncalled bet, then see whether betting can go on."""
        bets = self.bets
        first = max(bets)
        if first and bets.count(first) == 1:  # the highest bet was not called in full
            top = bets.index(first)
            second = sorted(bets)[-2]
            back = first - second
            bets[top] = second
            self.stacks[top] += back
            self.contrib[top] -= back
            self._ev.append(("return", top, back, ()))
            folded, stacks = self.folded, self.stacks
            self.n_active = sum(1 for i in range(self.n) if stacks[i] and not folded[i])
        if self.n_live >= 2 and (self.street == self._last or self.n_active < 2):
            self.closed = True
            if self.street == self._last or not self._has_draws:
                self._queue_showdown()
        elif self.n_live < 2:
            self.closed = True
        if self._has_draws and self.n_live >= 2 and self.street < self._last and self._streets[self.street + 1].draw:
            self._open_draw()


    def _queue_showdown(self) -> None:
        folded, mucked = self.folded, self.mucked
        self.sd_queue = [i for i in _ORDER[self.n][self.opener % self.n] if not (folded[i] or mucked[i])]

    # ------------------------------------------------------------------ bring-in (stud)
    def bring_in_player(self) -> int | None:
        """Stud: who must post the bring-in, the lowest up card (razz: highest; ties by the declared
        suit order, § 637a.10); None when not due or when an unknown up card makes it undecidable."""
        if not self._bring_in_due:
            return None
        key = self.rules._engine[6]  # the bring-in order of each card, precomputed per table
        best, who = None, None
        for i in range(self.n):
            ups = self._upc[i]
            if -1 in ups:
                return None
            k = key[ups[0]]
            if best is None or (k > best if self.variant.low_leads else k < best):
                best, who = k, i
        return who

    def _bring_in_key(self, card: int) -> tuple[int, int]:
        """Order of one up card for the bring-in: rank (aces high; in razz aces low, so the highest
        card is a king), then the declared suit order."""
        r, s = self.rules.card_order_key(card)
        return ((r + 1) % 13 if self.variant.low_leads else r), s

    def post_bring_in(self, player: int | None = None) -> None:
        """Stud: the lowest up card (razz: highest) posts the bring-in (§ 637a.10); action then goes
        on from his left. When unknown up cards (a replay) hide who it is, ``player`` says so and
        must not be beaten by any known up card. He may instead complete with
        :meth:`bet_or_raise_to` only through this table's rules, so a bring-in is always posted here.
        """
        if not self._bring_in_due:
            raise OutOfTurnError("no bring-in is due now", R_BLINDS)
        who = self.bring_in_player()
        if who is None:
            if player is None:
                raise _illegal("an up card is unknown: name the player who brings in", R_BLINDS)
            key = self._bring_in_key
            mine = self._upc[player]
            if mine and mine[0] >= 0:
                for i in range(self.n):
                    ups = [c for c in self._upc[i] if c >= 0]
                    if ups and (key(ups[0]) > key(mine[0]) if self.variant.low_leads else key(ups[0]) < key(mine[0])):
                        raise _illegal(f"player {i} shows a {'higher' if self.variant.low_leads else 'lower'} "
                                       f"up card and brings in, not player {player}", R_BLINDS)
            who = player
        elif player is not None and player != who:
            raise OutOfTurnError(f"player {who} brings in, not player {player}", R_BLINDS)
        a = min(self.rules.bring_in, self.stacks[who])
        self.stacks[who] -= a
        self.contrib[who] += a
        self.bets[who] += a
        self.bet_to = self.rules.bring_in
        self.min_inc = self.rules.min_bet
        self.acted[who] = True
        self.act_seq[who] = 0
        if self.stacks[who] == 0:
            self.n_active -= 1
        self._bring_in_due = False
        self._ev.append(("bring_in", who, a, ()))
        self.opener = who
        self.actor = self._first_from(who + 1)
        if self.actor is None:
            self._street_done()

    # ------------------------------------------------------------------ board, stud streets, draws
    def _showing_leader(self) -> int:
        """Stud: the live player whose up cards make the best showing hand (razz: the worst, i.e. the
        best low) leads the betting; ties go to the first such player left of the button."""
        low = self.variant.low_leads
        folded, ups, keys = self.folded, self._ups, _SHOW_KEYS[low]
        best, who = None, 0
        for i in range(self.n):
            if not folded[i]:
                k = keys.get(ups[i])
                if k is None:
                    k = keys[ups[i]] = _showing_key(ups[i], low)
                if best is None or k > best:
                    best, who = k, i
        return who

    def _next_street(self) -> StreetSpec | None:
        return self._streets[self.street + 1] if self.street < self._last else None

    def _check_board(self, cards: CardsInput | None, burn: int | None,
                     hole: Sequence[CardsInput | None] | None = None) -> tuple[tuple[int, ...], list[tuple[int, ...] | None]]:
        if not self._dealt or self.actor is not None or self._bring_in_due:
            raise OutOfTurnError("the next cards are dealt only when a betting round is complete", R_STREETS)
        if self.n_live < 2:
            raise _illegal("only one player remains: no more cards are dealt", R_SHOWDOWN)
        spec = self._next_street()
        if spec is None:
            raise _illegal("every street is dealt", R_STREETS)
        if self._draw_queue:
            raise OutOfTurnError(f"player {self._draw_queue[0]} has yet to discard or stand pat", R_STREETS)
        if spec.draw and len(self._discards) < self.n_live:
            raise OutOfTurnError("the players discard before the draw is dealt", R_STREETS)
        if cards is None and hole is None:
            if self.source is None:
                raise _illegal("no card source: give the cards explicitly", R_STREETS)
            return (), []
        per = [len(self._discards.get(i, ())) if spec.draw else spec.down + spec.up for i in range(self.n)]
        out: tuple[int, ...] = ()
        holes: list[tuple[int, ...] | None] = [None] * self.n
        if spec.board:
            out = _as_cards(cards if cards is not None else ())
            if len(out) != spec.board:
                raise _illegal(f"this street is {spec.board} board card{'s' if spec.board > 1 else ''}, got {len(out)}",
                               R_STREETS)
        elif cards:
            raise _illegal("no board cards on this street", R_STREETS)
        if spec.down or spec.up or spec.draw:
            if hole is None or len(hole) != self.n:
                raise _illegal(f"cards for each of the {self.n} players expected", R_DEAL)
            for i, h in enumerate(hole):
                want = 0 if self.folded[i] or self.mucked[i] else per[i]
                got = () if h is None else _as_cards(h)
                if len(got) != want:
                    raise _illegal(f"player {i} receives {want} card{'s' if want != 1 else ''} now, got {len(got)}", R_DEAL)
                holes[i] = got
        if spec.draw:
            # dead cards (earlier discards, folded hands, the discards of players served earlier in
            # this draw) may come back after a reshuffle; cards in play, a player's own discards and
            # those of players yet to be served may not
            seen = {c for i, h in enumerate(self.hole) if not self.folded[i] for c in h if c >= 0}
            for i, h in enumerate(holes):
                if h:
                    later = {c for j, d in self._discards.items() if j >= i for c in d}
                    _check_new([h], [tuple(seen), tuple(later)])
                    seen.update(c for c in h if c >= 0)
            return out, holes
        extra = out if burn is None else out + (check_card(burn),)
        _check_new([extra] + [h for h in holes if h], self.hole + [tuple(self.board), tuple(c for c in self.burns if c is not None)]
                   + [d for d in self._discards.values()])
        return out, holes

    def can_deal_board(self) -> bool:
        """True when a betting round (and any draw) is complete and the next street's cards are due."""
        return (self._dealt and self.actor is None and not self._bring_in_due and self.n_live >= 2
                and self.street < self._last and not self._draw_queue
                and (not self._streets[self.street + 1].draw or len(self._discards) >= self.n_live))

    def deal_board(self, cards: CardsInput | None = None, burn: int | None = None,
                   hole: Sequence[CardsInput | None] | None = None) -> None:
        """Deal the next street and open its betting round.

        Hold'em and Omaha: burn one card and deal the board face up: flop (3), turn (1), river (1)
        (§ 637a.11(h)-(j)). Stud: one card to each live player, face up or (last street) down
        (§ 637a.10); the best showing hand (razz: the best low) leads. Draw games: each player's
        replacements for his discards (§ 637a.13, § 637a.20, § 637a.21). From the card source, or
        explicitly: ``cards`` (board), ``hole[i]`` (player ``i``'s new cards; None or ``()`` for
        none), ``burn`` if known. All-in players still receive every card (§ 637a.8(b)(5)(ii)).
        """
        out, holes = self._check_board(cards, burn, hole)
        spec = self._streets[self.street + 1]
        n = self.n
        b: int | None = burn
        if not out and not holes:
            assert self.source is not None
            if spec.board:
                b = self.source.burn()
                out = self.source.deal(spec.board)
            k = spec.down + spec.up
            holes = [None] * n if (k or spec.draw) else []
            if holes:  # one card (or each player's replacements) in turn from left of the button
                folded, mucked, disc = self.folded, self.mucked, self._discards
                want = [0 if folded[i] or mucked[i] else (len(disc.get(i, ())) if spec.draw else k) for i in range(n)]
                need = sum(want)
                if spec.draw and need > getattr(self.source, "remaining", need):  # a short stub
                    self._draw_with_reshuffle(want, holes)
                else:
                    dealt = tuple(self.source.deal(need))
                    j = 0
                    for i in range(n):
                        m = want[i]
                        if m:
                            holes[i] = dealt[j:j + m]
                            j += m
                    if spec.draw:  # the replaced discards are dead cards from now on
                        for d in disc.values():
                            self._muck.extend(d)
        if spec.board:
            self.burns.append(b)
            if b is not None:
                self._ev.append(("burn", None, 0, (b,)))
            self.board.extend(out)
            self._ev.append(("board", None, 0, tuple(out)))
        if holes:
            hole, ev = self.hole, self._ev
            if spec.draw:
                for i, h in enumerate(holes):
                    if h:
                        hole[i] += h
                        ev.append(("hole", i, 0, h))
            elif spec.up:  # stud: the down cards first, then the up cards
                ups, nd = self._ups, spec.down
                bits = _SHOW_BITS[self.variant.low_leads]
                for i, h in enumerate(holes):
                    if h:
                        hole[i] += h
                        for c in h[nd:]:
                            ups[i] += bits[c]
                        ev.append(("hole", i, 0, h))
            else:
                for i, h in enumerate(holes):
                    if h:
                        hole[i] += h
                        ev.append(("hole", i, 0, h))
        self._discards = {}
        self.street += 1
        if self.closed and self.street == self._last and self._has_draws and self.n_live >= 2:
            self.opener = 0  # no bet in the final betting round: the first live hand left of the button shows first
            self._queue_showdown()
        elif self.closed and self.n_live >= 2 and self.street < self._last and self._streets[self.street + 1].draw:
            self._open_draw()
        if not self.closed:
            self.bets = [0] * n
            self.acted = [False] * n
            self.act_seq = [-1] * n
            self.checked = [False] * n
            self.bet_to = 0
            self.raises = 0
            self.full_seq = 0
            self.min_inc = self.rules.min_bet
            lead = self._showing_leader() if self._stud else 0
            self.opener = lead
            self.actor = self._first_from(lead)
            if self.actor is None:
                self._street_done()

    def _draw_with_reshuffle(self, want: list[int], holes: list[tuple[int, ...] | None]) -> None:
        """Deal a draw whose replacements exceed the stub: players are served in turn; when the stub
        cannot serve the next one, the dead cards (discards replaced in earlier draws and for the
        players already served in this one, folded hands) go to the rack, which the dealer shuffles
        back under the stub (``Shoe.reshuffle_rack``; the standard card-room rule for § 637a.13,
        § 637a.20, § 637a.21). The drawing player's own discards, and those of players yet to be
        served, stay out. Checked first: if even that cannot serve everyone, nothing changes.
        """
        src: Any = self.source  # a Shoe: remaining, discard, reshuffle_rack
        if not hasattr(src, "reshuffle_rack") or not hasattr(src, "discard"):
            raise _illegal("the stub cannot complete the draw and this card source cannot reshuffle the "
                           "discards", R_DEAL)
        disc = self._discards
        avail, pool = src.remaining, len(self._muck)
        for i, m in enumerate(want):  # dry run, counts only
            if m and avail < m:
                avail, pool = avail + pool, 0
                if avail < m:
                    raise ShoeExhaustedError(f"the draw needs {sum(want)} cards: the stub and the discards "
                                             "cannot serve every player")
            avail -= m
            pool += len(disc.get(i, ()))
        dead = self._muck
        n, i, last = len(want), 0, -1
        while i < n:
            rem, j, tot = src.remaining, i, 0
            while j < n and tot + want[j] <= rem:  # the players the stub serves now, in one deal
                tot += want[j]
                j += 1
            dealt = tuple(src.deal(tot)) if tot else ()
            pos = 0
            for q in range(i, j):
                m = want[q]
                if m:
                    holes[q] = dealt[pos:pos + m]
                    pos += m
                    dead.extend(disc.get(q, ()))
            if j < n:  # player j cannot be served: the dead cards are reshuffled under the stub
                if j == last:  # pragma: no cover - the dry run above rules it out
                    raise ShoeExhaustedError("the draw cannot be completed after reshuffling the discards")
                last = j
                src.discard([c for c in dead if c >= 0])
                self._ev.append(("reshuffle", None, src.reshuffle_rack(), ()))
                dead = []
            i = j
        self._muck = dead

    def _open_draw(self) -> None:
        """Draw games: after a betting round, the live players discard in turn from the button's left."""
        spec = self._next_street()
        if spec is not None and spec.draw and self.n_live >= 2 and not self._discards and not self._draw_queue:
            self._draw_queue = [i for i in range(self.n) if not (self.folded[i] or self.mucked[i])]

    def discard(self, cards: CardsInput = (), player: int | None = None) -> None:
        """Draw games: the player whose turn it is discards ``cards`` (``()`` stands pat); the dealer
        replaces them with :meth:`deal_board` once every live player has declared (§ 637a.13).

        Raises:
            OutOfTurnError: no draw now or not this player's turn. IllegalActionError: a card he does not hold.
        """
        if not self._draw_queue:
            raise OutOfTurnError("no draw is in progress", R_STREETS)
        p = self._draw_queue[0]
        if player is not None and player != p:
            raise OutOfTurnError(f"player {p} discards first, not player {player}", R_STREETS)
        held = list(self.hole[p])
        if not cards:
            out: tuple[int, ...] = ()
        elif type(cards) in (tuple, list) and all([type(c) is int and c in held for c in cards]):
            out = tuple(cards)  # type: ignore[arg-type]  # card ints he holds: valid cards, no conversion needed
        else:
            out = _as_cards(cards)
        for c in out:
            if c not in held:
                raise _illegal(f"player {p} does not hold {CARD_TEXT[c]}", R_DEAL)
            held.remove(c)
        if len(set(out)) != len(out):
            raise _illegal("a card is discarded twice", R_DEAL)
        self._draw_queue.pop(0)
        self.hole[p] = tuple(held)
        self._discards[p] = out
        self._ev.append(("discard", p, len(out), out))

    def discard_unknown(self, count: int, player: int | None = None) -> None:
        """Replays: the player discards ``count`` cards that were never shown (unknown hole cards)."""
        if not self._draw_queue:
            raise OutOfTurnError("no draw is in progress", R_STREETS)
        p = self._draw_queue[0]
        if player is not None and player != p:
            raise OutOfTurnError(f"player {p} discards first, not player {player}", R_STREETS)
        held = list(self.hole[p])
        unknown = [c for c in held if c < 0]
        if count > len(unknown):
            raise _illegal(f"player {p} holds only {len(unknown)} unknown cards", R_DEAL)
        for _ in range(count):
            held.remove(-1)
        self._draw_queue.pop(0)
        self.hole[p] = tuple(held)
        self._discards[p] = (-1,) * count
        self._ev.append(("discard", p, count, ()))

    # ------------------------------------------------------------------ showdown
    def showdown_order(self) -> tuple[int, ...]:
        """Players still to show or muck, in order: the last bettor or raiser of the final betting
        round first (else the first live player left of the button), then clockwise (§ 637a.18(e))."""
        return tuple(self.sd_queue)

    def _check_show(self, player: int | None, muck: bool) -> int:
        if not self.sd_queue or self.actor is not None:
            raise OutOfTurnError("no hand is to be shown now", R_SHOW_ORDER)
        p = self.sd_queue[0]
        if player is not None and player != p:
            raise OutOfTurnError(f"player {p} shows first, not player {player}", R_SHOW_ORDER)
        if muck:
            if self.rules.show_all_hands:
                raise _illegal("this table requires every hand at showdown to be shown", R_SHOW_ORDER)
            live = [not (f or m) and i != p for i, (f, m) in enumerate(zip(self.folded, self.mucked))]
            for pot in self._pots([not (f or m) for f, m in zip(self.folded, self.mucked)]):
                if p in pot.eligible and not any(live[i] for i in pot.eligible):
                    raise _illegal(f"player {p} is the last hand contending a pot and must show it", R_SHOW_ORDER)
        return p

    def can_show(self, player: int | None = None) -> bool:
        """True when ``player`` (default: the next in showdown order) is to show."""
        try:
            self._check_show(player, False)
        except PyevalError:
            return False
        return True

    def show(self, player: int | None = None) -> None:
        """The next player in showdown order turns his hole cards face up (§ 637a.11(k))."""
        p = self._check_show(player, False)
        if -1 in self.hole[p]:  # unknown cards are -1 (see _as_cards)
            raise _illegal(f"player {p}'s hole cards are unknown and cannot be shown", R_SHOW_ORDER)
        self.sd_queue.pop(0)
        self._ev.append(("show", p, 0, self.hole[p]))

    def can_muck(self, player: int | None = None) -> bool:
        """True when the next player in showdown order may muck (give up the pot) instead of showing."""
        try:
            self._check_show(player, True)
        except PyevalError:
            return False
        return True

    def muck(self, player: int | None = None) -> None:
        """The next player in showdown order mucks and forfeits every pot (§ 637a.18(e))."""
        p = self._check_show(player, True)
        self.sd_queue.pop(0)
        self.mucked[p] = True
        self.n_live -= 1
        self._ev.append(("muck", p, 0, ()))
        if self.n_live == 1:
            self.sd_queue.clear()

    # ------------------------------------------------------------------ award
    def _check_award(self) -> None:
        if self.awarded:
            raise OutOfTurnError("the pots are already awarded", R_SHOWDOWN)
        if not self._dealt or self.actor is not None or not self.closed:
            raise OutOfTurnError("the pots are awarded only after the last betting round", R_SHOWDOWN)
        if self.n_live >= 2 and self.street < self._last:
            raise OutOfTurnError("every street must be dealt before a showdown", R_SHOWDOWN)
        if self.sd_queue:
            raise OutOfTurnError(f"player {self.sd_queue[0]} has yet to show or muck", R_SHOW_ORDER)

    def can_award(self) -> bool:
        """True when every pot can be awarded (betting over, board complete, showdown done)."""
        try:
            self._check_award()
        except PyevalError:
            return False
        return True

    def award(self) -> None:
        """Award each pot on its own to its best eligible hand (§ 637a.11(k), § 637a.8(b)(5)).

        Hold'em is played for the high hand only (§ 637a.11(a)); the variants of chapter 637a
        declare their own hand types (high, low, or both).

        A tie splits the pot equally; odd units go one at a time in the order of ``rules.odd_chip``
        (default clockwise from the first seat left of the button; or all to the first such winner),
        computed per pot. High-low split pots (§ 637a.7(d)): the high half takes the odd unit of
        the halving, each half's odd units follow ``rules.odd_chip``; no qualifying low, the high
        hand scoops.
        """
        self._check_award()
        n = self.n
        live = [not (f or m) for f, m in zip(self.folded, self.mucked)]
        values = self.values
        hands = self.variant.hands
        split = len(hands) == 2
        lows = self.low_values
        if self.n_live >= 2:
            b = self.board
            if self._eval7:  # hold'em: the hot path
                b0, b1, b2, b3, b4 = b
                for i in range(n):
                    if live[i]:
                        h = self.hole[i]
                        if -1 in h:
                            self._value("high", i)  # raises: unknown cards
                        values[i] = _EVAL7(h[0], h[1], b0, b1, b2, b3, b4)
            else:
                for i in range(n):
                    if live[i]:
                        values[i] = self._value(hands[0], i)
                        if split:
                            lows[i] = self._value(hands[1], i)
        odd_key = None
        odd_chip = self.rules.odd_chip
        to_first = odd_chip is OddChipRule.ALL_TO_FIRST_LEFT_OF_BUTTON
        if odd_chip is OddChipRule.HIGH_CARD_BY_SUIT:
            key = self.rules.card_order_key
            odd_key = lambda i: tuple(sorted((key(c) for c in self.hole[i]), reverse=True))  # noqa: E731
        win = self.winnings
        contrib = self.contrib
        level = max(contrib)
        contenders = [i for i in range(n) if live[i]]
        if not self._dead and level and all([contrib[i] == level for i in contenders]):
            # every live player put in the same: one pot, as side_pots would make it
            pots: tuple[Pot, ...] = (Pot(sum(contrib), tuple(contenders)),)
        else:
            pots = self._pots(live)
        stacks, ev = self.stacks, self._ev
        for k, pot in enumerate(pots):
            el = pot.eligible
            best = max([values[i] for i in el]) if len(el) > 1 else 0
            winners = [i for i in el if values[i] == best] if len(el) > 1 else list(el)
            if len(winners) == 1 and not split:  # one winner takes the pot (the common case)
                w = winners[0]
                stacks[w] += pot.amount
                win[w] += pot.amount
                ev.append(("award", w, pot.amount, (k,)))
                continue
            if len(el) == 1:
                shares = {el[0]: pot.amount}
            else:
                if odd_key is not None:
                    winners.sort(key=odd_key, reverse=True)
                low_best = max((lows[i] for i in el), default=0) if split else 0
                if low_best:  # high-low split: halves apart, the odd chip to the high half (§ 637a.7(d))
                    low_winners = [i for i in el if lows[i] == low_best]
                    if odd_key is not None:
                        low_winners.sort(key=odd_key, reverse=True)
                    half = pot.amount // 2
                    shares = split_pot(pot.amount - half, winners, odd_to_first=to_first)
                    for i, amt in split_pot(half, low_winners, odd_to_first=to_first).items():
                        shares[i] = shares.get(i, 0) + amt
                else:  # no qualifying low: the high hand scoops
                    shares = split_pot(pot.amount, winners, odd_to_first=to_first)
            for i, amt in shares.items():
                self.stacks[i] += amt
                win[i] += amt
                self._ev.append(("award", i, amt, (k,)))
        self.awarded = True

    def _value(self, kind: str, i: int) -> int:
        """Player ``i``'s hand value of one hand type (higher is better; 0 = no qualifying low)."""
        h = self.hole[i]
        if -1 in h:
            raise _illegal(f"player {i}'s hole cards are unknown: the pot cannot be awarded", R_SHOWDOWN)
        if kind == "high" and len(h) == 7:  # seven-card stud: the 7-card kernel, called directly
            return int(_EVAL7(*h))
        b = bytes(self.board)
        if kind == "high":
            cards = bytes(h) + b
            v = lib.pe_eval_n(cards, len(cards))
        elif kind == "omaha":
            v = lib.pe_omaha_high(_OMAHA_TABLES, bytes(h), len(h), b, len(b))
        elif kind == "omaha_low8":
            v = lib.pe_omaha_low8(bytes(h), len(h), b, len(b))
        elif kind == "a5":
            v = lib.pe_low_a5(bytes(h), len(h))
        elif kind == "a5_8":
            v = lib.pe_low_a5_8(bytes(h), len(h))
        elif kind == "27":
            v = lib.pe_low_27(bytes(h), len(h))
        elif kind == "badugi":
            v = lib.pe_badugi(bytes(h), len(h))
        else:  # pragma: no cover - Variant validation keeps kinds known
            raise _illegal(f"unknown hand type {kind!r}", R_SHOWDOWN)
        if v < 0:  # pragma: no cover - cards were validated when dealt
            raise _illegal(f"player {i}'s hand cannot be evaluated (status {v})", R_SHOWDOWN)
        return int(v)

    # ------------------------------------------------------------------ automation
    def run_dealer(self) -> None:
        """Do every dealer step that is due now: forced bets, hole cards and board from the card
        source, hands turned up in showdown order (nobody mucks; when betting ends early, before the
        rest of the board), award. Stops when a player must act."""
        if self._phase_fb:
            self.post_forced_bets()
        if not self._dealt:
            self.deal_hole_cards()
        while self.actor is None and not self.awarded:
            if self._bring_in_due:
                self.post_bring_in()
            elif self.sd_queue:  # all-in hands are turned up before the rest of the board
                self.show()
            elif self._draw_queue:  # a player must discard or stand pat
                return
            elif self.n_live >= 2 and self.street < self._last:
                self.deal_board()
            else:
                self.award()

    @property
    def complete(self) -> bool:
        """True once the pots are awarded."""
        return self.awarded

    # ------------------------------------------------------------------ chip placement (§ 637a.8(d), (i))
    def rule_chip_placement(self, placed: int = 0, *, single_chip: bool = False, announced_to: int | None = None,
                            announced_raise: bool = False, motions: Sequence[int] | None = None,
                            declared_incomplete: bool = False) -> Ruling:
        """The action an observed chip placement amounts to, for the player to act; changes nothing.

        Chips count as placed when pushed forward, or put far enough toward the pot that the intent
        to bet is obvious (§ 637a.8(e)(1), § 637a.8(e)(2)); chips merely in front of the player are not a bet
        and are not reported here.

        Args:
            placed: chips pushed forward this time (in addition to what he already has in this round).
            motions: instead of ``placed``, the chips pushed forward in each separate motion. A bet
                cannot be increased once made (§ 637a.8(f)): only the first motion counts (at least
                the call, when the motions reach it) and the later chips are given back, unless the
                player declared the bet incomplete when making it (§ 637a.8(f)(1)) or announced a
                raise (§ 637a.8(f)(2)); after announcing "raise" he may keep placing chips until his
                hands come to rest (§ 637a.8(g)), so every motion counts.
            declared_incomplete: the player said, as he made the bet, that it was not complete.
            single_chip: True when it was one chip (or plaque) larger than needed.
            announced_to: an amount the player announced as his bet or raise total; it binds over the
                chips placed, which the dealer corrects (§ 637a.8(d)).
            announced_raise: the player said "raise" without an amount.
        Returns:
            A :class:`Ruling`: a single oversized chip without an announced raise is a call, the
            excess given back as change (§ 637a.8(i)); otherwise chips beyond the call are a bet or
            raise to the total placed. Apply it with :meth:`apply_ruling`.
        Raises:
            IllegalActionError: nobody is to act, or fewer chips than the call with stakes remaining.
        """
        a = self._turn(None, "place chips")
        call = min(self.bet_to - self.bets[a], self.stacks[a])
        string_back = 0
        if motions is not None:
            ms = list(motions)
            if not ms or any(isinstance(m, bool) or not isinstance(m, int) or m < 0 for m in ms):
                raise CardTypeError(f"motions must be a non-empty sequence of ints >= 0, got {motions!r}")
            total = sum(ms)
            if len(ms) > 1 and not (announced_raise or declared_incomplete or announced_to is not None):
                first = ms[0] if ms[0] >= call or total < call else call  # § 637a.8(f): no string bets
                placed, string_back = first, total - first
            else:  # § 637a.8(f)(1), (f)(2), (g): every motion is part of the bet
                placed = total
        if isinstance(placed, bool) or not isinstance(placed, int) or placed < 0:
            raise CardTypeError(f"chips placed must be an int >= 0, got {placed!r}")
        if string_back:
            r = self.rule_chip_placement(placed, single_chip=single_chip and len(ms) == 1,
                                         announced_raise=announced_raise)
            return Ruling(r.action, r.to, r.change + string_back)
        if announced_to is not None:
            if announced_to <= self.bet_to:
                return Ruling("call" if call else "check", None, 0)
            return Ruling("raise" if self.bet_to else "bet", announced_to, 0)
        if placed > self.stacks[a]:
            raise _illegal(f"player {a} has only {self.stacks[a]} in front of him", R_STAKES)
        if single_chip and placed > call and not announced_raise:
            return Ruling("call" if call else "check", None, placed - call)
        if placed < call:
            raise _illegal(f"{placed} placed is short of the {call} needed to call", R_ANNOUNCED)
        if placed == call:
            return Ruling("call" if call else "check", None, 0)
        return Ruling("raise" if self.bet_to else "bet", self.bets[a] + placed, 0)

    def apply_ruling(self, ruling: Ruling, player: int | None = None) -> None:
        """Apply a :class:`Ruling` from :meth:`rule_chip_placement` (binding, § 637a.8(c))."""
        if ruling.action in ("check", "call"):
            self.check_or_call(player)
        elif ruling.action in ("bet", "raise") and ruling.to is not None:
            self.bet_or_raise_to(ruling.to, player)
        else:
            raise _illegal(f"not a ruling: {ruling!r}", R_BINDING)

    def add_chips(self, player: int, amount: int) -> None:
        """Always rejected: table stakes may be added only between rounds (§ 637a.8(b)(2))."""
        raise _illegal("chips may be added to table stakes only between rounds", R_ADD_CHIPS)

    def __repr__(self) -> str:
        board = " ".join(CARD_TEXT[c] for c in self.board)
        return f"<Round {self.n} players, {self.phase.value}, board [{board}], stacks {self.stacks}>"


def _as_cards(c: CardsInput) -> tuple[int, ...]:
    """Card text or ints; ``-1`` stands for a card nobody saw (replays of hands never shown)."""
    if isinstance(c, str):
        return parse_cards(c)
    return tuple(-1 if x == -1 and not isinstance(x, bool) else check_card(x) for x in c)


def _check_new(groups: Sequence[Sequence[int]], seen_groups: Sequence[Sequence[int]]) -> None:
    seen: set[int] = set()
    for g in seen_groups:
        seen.update(g)
    for g in groups:
        for c in g:
            if c < 0:
                continue
            if c in seen:
                raise _illegal(f"card {CARD_TEXT[c]} is already dealt", R_DEAL)
            seen.add(c)

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
from typing import NamedTuple, Protocol, Union

from .._ffi import lib
from ..cards import CARD_TEXT, check_card, parse_cards
from ..errors import CardTypeError, IllegalActionError, OutOfTurnError, PyevalError
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
_EVAL7 = lib.pe_eval7


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
    BOARD = "board"  # the dealer burns and deals the next street (showdown may also be due)
    SHOWDOWN = "showdown"
    AWARD = "award"
    COMPLETE = "complete"


class Event(NamedTuple):
    """One entry of a round's record, in order; enough to replay the round.

    ``kind`` is one of ``ante blind straddle hole burn board fold check call bet raise return show
    muck award``. ``player`` is the round index (None for the dealer's card events). ``amount``:
    chips posted or paid for ``ante blind straddle call return award``, the total *to* for ``bet
    raise``, the pot index for nothing else. ``cards``: the cards dealt, burned or shown.
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
            :class:`~pyeval.holdem.Table` (§ 637a.8(b)(4)); a round accepts any positive stakes, so
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
        "values", "winnings",
    )

    def __init__(self, rules: TableRules, stacks: Sequence[int], cards: CardSource | None = None) -> None:
        if not isinstance(rules, TableRules):
            raise CardTypeError(f"rules must be a TableRules, got {type(rules).__name__}")
        stacks = list(stacks)
        n = len(stacks)
        if not 2 <= n <= rules.seats:
            raise _illegal(f"a round needs 2..{rules.seats} players, got {n}", "58 Pa. Code § 637a.11(b)")
        for s in stacks:
            if isinstance(s, bool) or not isinstance(s, int) or s <= 0:
                raise _illegal(f"table stakes must be positive ints, got {s!r}", R_STAKES)
        if len(rules.blinds) > n:
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
        if n == 2 and rules.heads_up is HeadsUpOrder.BUTTON_SMALL_BLIND:
            posters = [1, 0]
        else:
            posters = list(range(n))
        self._blind_posters = tuple(posters[i % n] for i in range(len(rules.blinds)))
        self._preflop_first = (self._blind_posters[-1] + 1) % n
        self.values: list[int] = [0] * n
        self.winnings: list[int] = [0] * n

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
        if self.actor is not None:
            return Phase.BETTING
        if self.n_live >= 2 and len(self.board) < 5:
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
        return side_pots(self.contrib, live)

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
        for amount, i in zip(rules.blinds, self._blind_posters):
            a = min(amount, stacks[i])
            stacks[i] -= a
            contrib[i] += a
            bets[i] += a
            ev.append(("blind", i, a, ()))
        self.bet_to = max(rules.blinds)
        self.min_inc = max(rules.min_bet, self.bet_to)
        self.n_active = sum(1 for s in stacks if s > 0)
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
        for i, h in enumerate(out):
            if len(h) != 2:
                raise _illegal(f"player {i} must receive two hole cards, got {len(h)}", R_DEAL)
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
        if explicit:
            hole = [tuple(h) for h in explicit]
        else:
            assert self.source is not None
            dealt = self.source.deal(2 * n)
            hole = [(dealt[i], dealt[n + i]) for i in range(n)]
        self.hole = hole
        ev = self._ev
        for i in range(n):
            ev.append(("hole", i, 0, hole[i]))
        self._dealt = True
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
        can_raise = self._raise_block(a) is None
        return LegalActions(a, True, call == 0, call, can_raise, lo, hi)

    def _raise_bounds(self, a: int) -> tuple[int, int]:
        rules = self.rules
        bet_to = self.bet_to
        allin_to = self.bets[a] + self.stacks[a]
        st = rules.structure
        if st is BettingStructure.FIXED_LIMIT:
            size = rules.min_bet if self.street <= 1 else rules.big_bet_amount
            lo = hi = bet_to + size
        else:
            lo = bet_to + self.min_inc if bet_to else rules.min_bet
            if st is BettingStructure.POT_LIMIT:
                hi = bet_to + sum(self.contrib) + (bet_to - self.bets[a])
            else:
                hi = allin_to
            if rules.max_bet is not None:
                hi = min(hi, bet_to + rules.max_bet)
        hi = min(hi, allin_to)
        lo = min(lo, allin_to)
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
        """The player to act folds (binding, § 637a.8(c)); his chips stay in the pot."""
        a = self._turn(player, "fold")
        self.folded[a] = True
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
            self._turn(player, "check or call")
        stacks = self.stacks
        amt = self.bet_to - self.bets[a]  # type: ignore[index]
        if amt <= 0:
            self.checked[a] = True  # type: ignore[index]
            self._ev.append(("check", a, 0, ()))
        else:
            if amt >= stacks[a]:  # type: ignore[index]
                amt = stacks[a]  # type: ignore[index]
                self.n_active -= 1
            stacks[a] -= amt  # type: ignore[index]
            self.bets[a] += amt  # type: ignore[index]
            self.contrib[a] += amt  # type: ignore[index]
            self._ev.append(("call", a, amt, ()))
        acted = self.acted
        acted[a] = True  # type: ignore[index]
        self.act_seq[a] = self.full_seq  # type: ignore[index]
        # next to act (inlined _after_action/_first_from: this is the hot path of simulations)
        if self.n_live > 1:
            folded, bets, bet_to, multi = self.folded, self.bets, self.bet_to, self.n_active >= 2
            n = self.n
            for i in _ORDER[n][(a + 1) % n]:  # type: ignore[operator]
                if folded[i] or not stacks[i]:
                    continue
                if bets[i] < bet_to or (multi and not acted[i]):
                    self.actor = i
                    return
        self.actor = None
        self._street_done()

    def _check_raise_to(self, player: int | None, to: int) -> int:
        a = self._turn(player, "bet or raise")
        if isinstance(to, bool) or not isinstance(to, int):
            raise CardTypeError(f"a bet or raise is an int amount of chips, got {to!r}")
        block = self._raise_block(a)
        if block is not None:
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
        if to < lo and to != allin_to:
            raise _illegal(f"{to} is below the minimum {'raise' if self.bet_to else 'bet'} to {lo}", R_LIMITS)
        return a

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
        if self.rules.structure is BettingStructure.FIXED_LIMIT:
            lo = self.bet_to + (self.rules.min_bet if self.street <= 1 else self.rules.big_bet_amount)
        else:
            lo = self.bet_to + self.min_inc if self.bet_to else self.rules.min_bet
        add = to - self.bets[a]
        kind = "raise" if self.bet_to else "bet"
        if to >= lo:  # a full bet or raise
            if self.bet_to:
                self.raises += 1
            inc = to - self.bet_to
            if inc > self.min_inc:
                self.min_inc = inc
            self.full_seq += 1
        self.stacks[a] -= add
        self.contrib[a] += add
        self.bets[a] = to
        self.bet_to = to
        if self.stacks[a] == 0:
            self.n_active -= 1
        self.acted[a] = True
        self.act_seq[a] = self.full_seq
        self.opener = a
        self._ev.append((kind, a, to, ()))
        self._after_action(a)

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
        top, first, second = 0, -1, 0
        for i, b in enumerate(bets):
            if b > first:
                top, first, second = i, b, first if first > 0 else 0
            elif b > second:
                second = b
        if first > second:
            back = first - second
            bets[top] = second
            self.stacks[top] += back
            self.contrib[top] -= back
            self._ev.append(("return", top, back, ()))
        folded, stacks = self.folded, self.stacks
        k = 0
        for i in range(self.n):
            if stacks[i] and not folded[i]:
                k += 1
        self.n_active = k
        if self.n_live >= 2 and (self.street == 3 or self.n_active < 2):
            self.closed = True
            n = self.n
            start = self.opener
            self.sd_queue = [(start + k) % n for k in range(n) if not self.folded[(start + k) % n]]
        elif self.n_live < 2:
            self.closed = True

    # ------------------------------------------------------------------ board
    def _check_board(self, cards: CardsInput | None, burn: int | None) -> tuple[int, ...]:
        if not self._dealt or self.actor is not None:
            raise OutOfTurnError("the board is dealt only when a betting round is complete", R_STREETS)
        if self.n_live < 2:
            raise _illegal("only one player remains: no more cards are dealt", R_SHOWDOWN)
        if len(self.board) >= 5:
            raise _illegal("the board is complete", R_STREETS)
        k = 3 if not self.board else 1
        if cards is None:
            if self.source is None:
                raise _illegal("no card source: give the board cards explicitly", R_STREETS)
            return ()
        out = _as_cards(cards)
        if len(out) != k:
            raise _illegal(f"the {('flop', 'turn', 'river')[len(self.board) - 2 if self.board else 0]} is "
                           f"{k} card{'s' if k > 1 else ''}, got {len(out)}", R_STREETS)
        extra = out if burn is None else out + (check_card(burn),)
        _check_new([extra], self.hole + [tuple(self.board), tuple(c for c in self.burns if c is not None)])
        return out

    def can_deal_board(self) -> bool:
        """True when a betting round is complete and the next street's cards are due."""
        return self._dealt and self.actor is None and self.n_live >= 2 and len(self.board) < 5

    def deal_board(self, cards: CardsInput | None = None, burn: int | None = None) -> None:
        """Burn one card and deal the next street face up: flop (3), turn (1), river (1) (§ 637a.11(h)-(j)).

        From the card source (burn then deal), or explicitly (``cards``; ``burn`` if known). Opens
        the next betting round from the first live player left of the button, unless fewer than two
        players can still bet (all-in, § 637a.8(b)(5)ii: all-in players still receive every card).
        """
        out = self._check_board(cards, burn)
        if not out:
            assert self.source is not None
            b = self.source.burn()
            out = self.source.deal(3 if not self.board else 1)
        else:
            b = burn
        self.burns.append(b)
        if b is not None:
            self._ev.append(("burn", None, 0, (b,)))
        self.board.extend(out)
        self._ev.append(("board", None, 0, tuple(out)))
        self.street += 1
        if not self.closed:
            n = self.n
            self.bets = [0] * n
            self.acted = [False] * n
            self.act_seq = [-1] * n
            self.checked = [False] * n
            self.bet_to = 0
            self.raises = 0
            self.full_seq = 0
            self.min_inc = self.rules.min_bet
            self.opener = 0
            self.actor = self._first_from(0)
            if self.actor is None:
                self._street_done()

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
            for pot in side_pots(self.contrib, [not (f or m) for f, m in zip(self.folded, self.mucked)]):
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
        if self.n_live >= 2 and len(self.board) < 5:
            raise OutOfTurnError("the board must be complete before a showdown", R_SHOWDOWN)
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

        A tie splits the pot equally; odd units go one at a time in the order of ``rules.odd_chip``
        (default clockwise from the first seat left of the button), computed per pot.
        """
        self._check_award()
        n = self.n
        live = [not (f or m) for f, m in zip(self.folded, self.mucked)]
        values = self.values
        if self.n_live >= 2:
            b = self.board
            for i in range(n):
                if live[i]:
                    h = self.hole[i]
                    values[i] = _EVAL7(h[0], h[1], b[0], b[1], b[2], b[3], b[4])
        odd_key = None
        if self.rules.odd_chip is OddChipRule.HIGH_CARD_BY_SUIT:
            key = self.rules.card_order_key
            odd_key = lambda i: tuple(sorted((key(c) for c in self.hole[i]), reverse=True))  # noqa: E731
        win = self.winnings
        for k, pot in enumerate(side_pots(self.contrib, live)):
            el = pot.eligible
            if len(el) == 1:
                shares = {el[0]: pot.amount}
            else:
                best = max(values[i] for i in el)
                winners = [i for i in el if values[i] == best]
                if odd_key is not None:
                    winners.sort(key=odd_key, reverse=True)
                shares = split_pot(pot.amount, winners)
            for i, amt in shares.items():
                self.stacks[i] += amt
                win[i] += amt
                self._ev.append(("award", i, amt, (k,)))
        self.awarded = True

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
            if self.sd_queue:  # all-in hands are turned up before the rest of the board
                self.show()
            elif self.n_live >= 2 and len(self.board) < 5:
                self.deal_board()
            else:
                self.award()

    @property
    def complete(self) -> bool:
        """True once the pots are awarded."""
        return self.awarded

    # ------------------------------------------------------------------ chip placement (§ 637a.8(d), (i))
    def rule_chip_placement(self, placed: int, *, single_chip: bool = False, announced_to: int | None = None,
                            announced_raise: bool = False) -> Ruling:
        """The action an observed chip placement amounts to, for the player to act; changes nothing.

        Args:
            placed: chips pushed forward this time (in addition to what he already has in this round).
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
        if isinstance(placed, bool) or not isinstance(placed, int) or placed < 0:
            raise CardTypeError(f"chips placed must be an int >= 0, got {placed!r}")
        call = min(self.bet_to - self.bets[a], self.stacks[a])
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
    if isinstance(c, str):
        return parse_cards(c)
    return tuple(check_card(x) for x in c)


def _check_new(groups: Sequence[Sequence[int]], seen_groups: Sequence[Sequence[int]]) -> None:
    seen: set[int] = set()
    for g in seen_groups:
        seen.update(g)
    for g in groups:
        for c in g:
            if c in seen:
                raise _illegal(f"card {CARD_TEXT[c]} is already dealt", R_DEAL)
            seen.add(c)

"""The hold'em dealer's hot steps, fused (a part of :class:`~pyeval.poker.round.Round`; issue 25 item 5).

A *plain* round (:attr:`RoundState._plain`: hold'em's two hole cards and five board cards for the
high hand, one run, nobody sitting out, cards from a :class:`~pyeval.shoe.Shoe`) takes these paths
from :meth:`Round.run_dealer`; each does, in one frame, exactly what the general steps do
(:meth:`deal_board` then the next betting round; the showdown queue turned up then
:meth:`award`), and each checks everything before it changes anything. When a case does not fit, a
fast path returns False having changed nothing and the general steps run. ``FAST_PATHS`` in
:mod:`pyeval.poker.state` switches them all off for the rounds made afterwards (the tests compare
both ways on random scripted hands).

Sources: 58 Pa. Code § 637a.11(h)-(j) (burn, then the flop, turn and river face up; the first
active player left of the button acts first), § 637a.11(k) and § 637a.18(e) (hands shown in order,
each pot to its best hand), § 637a.8(b)(5) (side pots).
"""
from __future__ import annotations

import operator

from .._bindings import _fastcall
from ..errors import ShoeExhaustedError
from .pots import Pot
from .rules import StreetOpener
from .state import _ORDER, _SLOTS, CardSource, RoundState, _from_source

#: the 7-card value, as pyeval.hands.high gives it (a METH_FASTCALL call: ~85 ns against ~235 ns for
#: the cffi pe_eval7 here); the cards are checked when dealt
_EVAL7 = _fastcall.evaluate
#: every live hand's value in one C call (:meth:`FastSteps._fast_values`'s twin; False: not for C)
_VALUES = _fastcall.holdem_values
#: the shoe's C calls on its handle (a plain round's source is exactly a Shoe): a tuple of cards, or a
#: status, after which the Shoe's method runs (its retry when busy, its errors; nothing was dealt)
_C_DEAL = _fastcall.shoe_deal
_C_BURN_DEAL = _fastcall.shoe_burn_deal
_AS_PREFLOP = StreetOpener.AS_PREFLOP  # (an enum member read through its class is a Python call)


class FastSteps(RoundState):
    """The fused dealer steps of a plain hold'em round (see the module docstring)."""

    __slots__ = ()

    def _fast_hole(self) -> None:
        """Deal each player two hole cards from the shoe and open the preflop betting: what
        :meth:`deal_hole_cards` does from a card source (§ 637a.11(f): two rounds of one card each,
        left of the button first, the button last), in one step. The caller checks the round is
        plain, the forced bets are posted and no hole card is dealt yet."""
        n = self._n
        k = n + n
        src = self._source
        got = _C_DEAL(src._h, k) if not src._fresh else None  # type: ignore[union-attr]
        if type(got) is not tuple:
            got = src.deal(k)  # type: ignore[union-attr]  # (ShoeExhaustedError: nothing dealt)
        dealt = self._dealt
        fresh = set(got)
        if len(fresh) != k or not fresh.isdisjoint(dealt):  # a multi-deck shoe, or a shoe reused mid-round
            _from_source(got, k, dealt)  # raises the general path's error
        # every check is done: from here on the round changes
        dealt |= fresh
        self._hole = hole = [got[i::n] for i in range(n)]
        self._record.extend([("hole", i, 0, hole[i]) for i in range(n)])
        self._hole_dealt = True
        # preflop: the blinds (and a straddler) keep the option to raise (§ 637a.11(g))
        first = self._preflop_first
        self._last_aggressor = first
        folded, stacks, bets, bet_to, acted = self._folded, self._stacks, self._bets, self._bet_to, self._acted
        unacted_may_act = self._n_able_to_act >= 2  # else only a player facing a bet acts
        for i in _ORDER[n][first]:
            if stacks[i] and not folded[i] and (bets[i] < bet_to or (unacted_may_act and not acted[i])):
                self._actor = i
                return
        self._actor = None
        self._street_done()

    def _nl_raise(self, a: int, to: int) -> bool:
        """:meth:`bet_or_raise_to` of player ``a`` (the one to act) at a plain no-limit table: the
        checks of ``_check_raise_to`` and the step, inlined. False, having changed nothing, for a
        refusal or a bet below the minimum that puts every opponent all-in (the general step then
        raises or takes it). A full bet or raise sets the minimum raise and reopens the betting; an
        all-in short of one does neither (§ 637a.8(b)(5))."""
        bets, stacks, acted = self._bets, self._stacks, self._acted
        bet_to = self._bet_to
        bet = bets[a]
        allin_to = bet + stacks[a]
        min_raise = self._min_raise
        lo = bet_to + min_raise if bet_to else self._rules.min_bet
        if not (bet_to < to <= allin_to and (to >= lo or to == allin_to) and allin_to > bet_to
                and self._n_able_to_act >= 2 and not (acted[a] and self._acted_at_raise[a] >= self._full_raises)):
            return False
        full = self._full_raises
        if to >= lo:  # a full bet or raise
            if bet_to:
                self._raises += 1
            if to - bet_to > min_raise:
                self._min_raise = to - bet_to
            full += 1
            self._full_raises = full
            self._full_bet_to = to
        stacks[a] = allin_to - to
        self._contrib[a] += to - bet
        bets[a] = to
        self._bet_to = to
        if to == allin_to:
            self._n_able_to_act -= 1
        acted[a] = True
        self._acted_at_raise[a] = full
        self._acted_at_bet[a] = to
        self._last_aggressor = a
        self._record.append(("raise" if bet_to else "bet", a, to, ()))
        self._after_action(a)
        return True

    def _fast_street(self) -> bool:
        """Burn and deal the next board street from the shoe and open its betting round: what
        :meth:`deal_board` (its from-the-source path) does, in one step. Due when a betting round
        closed with two or more players able to bet and board streets to come (the caller checks
        the round is plain and the betting round is over). False, having changed nothing, when the
        street is not board cards alone (never in hold'em)."""
        street = self._street + 1
        nb = self._streets[street].board
        src = self._source
        got = _C_BURN_DEAL(src._h, nb) if not src._fresh else None  # type: ignore[union-attr]
        if type(got) is not tuple:
            got = _burn_and_deal(src, nb)
        dealt = self._dealt
        fresh = set(got)
        if len(fresh) != 1 + nb or not fresh.isdisjoint(dealt):  # a multi-deck shoe, or a shoe reused mid-round
            _from_source(got, 1 + nb, dealt)  # raises the general path's error
        # every check is done: from here on the round changes
        dealt |= fresh
        self._burns.append(got[0])
        board = got[1:]
        self._board.extend(board)
        rec = self._record
        rec.append(("burn", None, 0, got[:1]))
        rec.append(("board", None, 0, board))
        if self._draw_discards:
            self._draw_discards = {}
        self._street = street
        # the next betting round (_open_betting): bets cleared, the first player able to act from
        # the lead (0, left of the button; § 637a.11(i), (j) read literally: as preflop)
        n = self._n
        self._bets = [0] * n
        self._acted = [False] * n
        self._acted_at_raise = [-1] * n
        self._acted_at_bet = [0] * n
        self._checked = [False] * n
        self._full_bet_to = self._bet_to = self._raises = self._full_raises = 0
        self._min_raise = self._rules.min_bet
        self._last_aggressor = 0
        lead = self._preflop_first if street >= 2 and self._rules.turn_river_opener is _AS_PREFLOP else 0
        folded, stacks = self._folded, self._stacks
        for i in _ORDER[n][lead]:  # two or more are able to act: one of them is found
            if not folded[i] and stacks[i]:
                self._actor = i
                return True
        raise AssertionError("no player able to act")  # pragma: no cover - the caller checked

    def _fast_runout(self) -> bool:
        """Every remaining street when no more betting is possible (an all-in): the showdown queue
        turned up, then each street burned and dealt, then the award; what :meth:`run_dealer`'s
        steps do, every card taken and checked before the round changes. False, having changed
        nothing, when a hand or board card is unknown or the table rakes (the general steps then run
        them, all or nothing). Cards the shoe handed out stay dealt from it when a later street
        fails (as in the general steps: a shoe is not rewound)."""
        if self._rules.rake_bps or -1 in self._board:
            return False
        hole, folded, mucked = self._hole, self._folded, self._mucked
        for i in range(self._n):
            if not (folded[i] or mucked[i]) and -1 in hole[i]:
                return False
        streets = self._streets
        src = self._source
        dealt = self._dealt
        seen = set(dealt)
        runout = []
        for street in range(self._street + 1, self._last_street + 1):
            nb = streets[street].board
            got = _burn_and_deal(src, nb)
            fresh = set(got)
            if len(fresh) != 1 + nb or not fresh.isdisjoint(seen):  # a multi-deck shoe, or one reused mid-round
                _from_source(got, 1 + nb, seen)  # raises the general path's error
            seen |= fresh
            runout.append(got)
        # every check is done: from here on the round changes
        rec = self._record
        q = self._showdown_queue
        for p in q:  # all-in hands are turned up before the rest of the board (§ 637a.8(b)(5))
            rec.append(("show", p, 0, hole[p]))
        q.clear()
        burns, board = self._burns, self._board
        for got in runout:
            burns.append(got[0])
            rec.append(("burn", None, 0, got[:1]))
            board.extend(got[1:])
            rec.append(("board", None, 0, got[1:]))
        dealt |= seen
        self._draw_discards = {}
        self._street = self._last_street
        if not self._fast_award():  # pragma: no cover - its cases were checked above
            self.award()
        return True

    def _fast_award(self) -> bool:
        """Turn up the showdown queue in order and award the pots (:meth:`award` without rake):
        what the dealer's remaining steps do once no betting or board card is left. False, having
        changed nothing, when a hand or board card is unknown (a replay's ``??``) or the table
        rakes (the general steps then show, raise or rake)."""
        if self._rules.rake_bps or not self._betting_closed:
            return False
        scored = _VALUES(self._hole, self._folded, self._mucked, self._contrib, self._board, self._values,
                         self._dead_ante, self._n_contending)
        if scored is False:  # an input C does not read: the Python twin (and its errors)
            scored = self._fast_values()
        if scored is None:
            return False
        values, contenders, even, best = scored
        payouts = self._fast_payouts(values, contenders, even, best)
        if payouts is None:  # pragma: no cover - the pots hold the chips put in
            return False
        # every check is done: from here on the round changes
        rec, hole, q = self._record, self._hole, self._showdown_queue
        for p in q:
            rec.append(("show", p, 0, hole[p]))
        q.clear()
        stacks, win = self._stacks, self._winnings
        for i, amt, k in payouts:
            stacks[i] += amt
            win[i] += amt
            rec.append(("award", i, amt, (k,)))
        self._values = values
        self._awarded = True
        return True

    def _fast_values(self) -> tuple[list[int], list[int], bool, int] | None:
        """(each hand's value, the live players, whether every live player put in the same, the best
        value), or None when a live hand or the board holds a card nobody saw. The Python twin of
        ``_fastcall.holdem_values`` (csrc/python/pe_holdemfast.h), which :meth:`_fast_award` calls
        first; this runs when C declines."""
        hole, folded, mucked, contrib = self._hole, self._folded, self._mucked, self._contrib
        n = self._n
        values = self._values[:]
        if self._n_contending < 2:
            return values, [i for i in range(n) if not (folded[i] or mucked[i])], False, -1
        board = self._board
        if -1 in board:
            return None
        b0, b1, b2, b3, b4 = board
        ev7 = _EVAL7
        contenders: list[int] = []
        level = -1
        even = not self._dead_ante  # (then one pot, as side_pots makes it)
        best = -1
        for i in range(n):
            if folded[i] or mucked[i]:
                continue
            h = hole[i]
            if -1 in h:
                return None
            v = values[i] = ev7(h[0], h[1], b0, b1, b2, b3, b4)
            if v > best:
                best = v
            if level < 0:
                level = contrib[i]
            elif contrib[i] != level:
                even = False
            contenders.append(i)
        return values, contenders, even and level > 0 and level == max(contrib), best

    def _fast_payouts(self, values: list[int], contenders: list[int], even: bool,
                      best: int) -> list[tuple[int, int, int]] | None:
        """(player, chips, pot index) in award order: one pot when every live player put in the
        same, else the side pots (§ 637a.8(b)(5)), each to its best hand, a tie split by the
        odd-chip rule (§ 637a.11(k)); None when the payouts do not add up to the chips put in."""
        total = sum(self._contrib)
        if even:  # one pot (the common case)
            pots: tuple[Pot, ...] = (Pot(total, tuple(contenders)),)
        else:
            folded, mucked = self._folded, self._mucked
            pots = self._pots([not (folded[i] or mucked[i]) for i in range(self._n)])
        payouts: list[tuple[int, int, int]] = []
        for k, pot in enumerate(pots):
            el = pot.eligible
            if not el:  # pragma: no cover - _pots never makes one while a hand is live
                return None
            top = best if even else max([values[i] for i in el])
            winners = [i for i in el if values[i] == top]
            if len(winners) == 1:
                payouts.append((winners[0], pot.amount, k))
            else:  # a tie: split by the odd-chip rule
                shares = self._divide(pot, k, values, self._low_values, False, self._odd_rules())
                payouts.extend((i, amt, k) for i, amt in shares.items())
        return payouts if sum([p[1] for p in payouts]) == total else None


def _burn_and_deal(src: CardSource | None, nb: int) -> tuple[int, ...]:
    """A burn and ``nb`` board cards from the shoe in one call; when it holds fewer, the general
    path's ShoeExhaustedError (nothing burned or dealt)."""
    try:
        return src._burn_and_deal(nb)  # type: ignore[union-attr, no-any-return]
    except ShoeExhaustedError:
        raise ShoeExhaustedError(f"the next street needs {1 + nb} card(s); the card source holds "
                                 f"{src.remaining}") from None  # type: ignore[union-attr]


#: the slots the C check_or_call reads and writes, in the order of its HS_* indices
_C_SLOTS = ("_actor", "_stacks", "_bets", "_bet_to", "_checked", "_record", "_acted", "_acted_at_raise",
            "_full_raises", "_acted_at_bet", "_folded", "_n_able_to_act", "_contrib")


def register_round(cls: type) -> None:
    """Tell the C check_or_call (``_fastcall.holdem_check_or_call``), ``holdem_fill`` and the
    read-only views (``holdem_view``) where ``cls``'s slots are: a bare instance holds one distinct
    sentinel per slot, and C finds each at its offset (each exactly once, else ValueError at
    import). Only instances of exactly ``cls`` take the C step and the fill; the views read any
    instance of ``cls`` (a subclass keeps the slots where they are)."""
    bare: object = object.__new__(cls)
    marks = {name: object() for name in _SLOTS}
    for name, mark in marks.items():
        setattr(bare, name, mark)
    _fastcall.holdem_register(cls, bare, tuple(marks[name] for name in _C_SLOTS), tuple(marks[n] for n in _SLOTS))


#: the state of a new plain round, per table and player count: {id(rules): (rules, {n: the slots})}
_FRESH: dict[int, tuple[object, dict[int, tuple[object, ...]]]] = {}
_SLOT_VALUES = operator.attrgetter(*_SLOTS)
_CONTAINERS = (list, dict, set)


def fresh_state(rules: object, n: int) -> tuple[object, ...] | None:
    """The slots of a new round at ``rules`` with ``n`` players, as the general ``__init__`` made
    them for the first such round (remembered by :func:`remember_fresh`), or None."""
    got = _FRESH.get(id(rules))
    if got is None or got[0] is not rules:
        return None
    return got[1].get(n)


def remember_fresh(r: RoundState) -> None:
    """Remember the state of ``r``, a round the general ``__init__`` just made (a plain round:
    default blinds, nobody sitting out, no seats, a Shoe), for the next rounds at its table with
    as many players (:meth:`Round.__init__`'s plain path fills them from it in C). The lists,
    dicts and sets are copied (the round changes its own); at most 64 tables are kept."""
    rules = r._rules
    got = _FRESH.get(id(rules))
    if got is None or got[0] is not rules:
        if len(_FRESH) >= 64:
            _FRESH.clear()
        got = _FRESH[id(rules)] = (rules, {})
    got[1][r._n] = tuple(v.copy() if type(v) in _CONTAINERS else v for v in _SLOT_VALUES(r))

"""Betting in a poker round: whose turn, what is legal, fold / check or call / bet or raise, closing a betting round (58 Pa. Code § 637a.8, § 637a.11(g)-(j))."""
from __future__ import annotations

from ..contracts import passes
from ..errors import ChipTypeError, IllegalActionError, OutOfTurnError
from .rules import (
    R_ALL_IN, R_CHECK_RAISE, R_DISCONNECT, R_LIMITS, R_PREFLOP, R_STAKES, R_STREETS, BettingStructure, LimitShortAllIn,
    ShortAllIns,
)
from .._bindings import _fastcall
from .state import _ORDER, BettingOptions, RoundState, _illegal

#: check_or_call of a plain round in C (csrc/python/pe_fastcall.c; the slots registered by
#: pyeval.poker.fast.register_round): True when done, False (nothing changed) to take the Python path
_CHECK_OR_CALL = _fastcall.holdem_check_or_call

# enum members read once here: read through their class, each is a Python-level call (hot paths)
_BS_POT_LIMIT = BettingStructure.POT_LIMIT
_LS_HALF_BET = LimitShortAllIn.HALF_BET
_LS_RAISE_FROM_ALL_IN = LimitShortAllIn.RAISE_FROM_ALL_IN
_LS_AS_FULL = LimitShortAllIn.HALF_BET_AS_FULL
_LS_COMPLETE = LimitShortAllIn.COMPLETE
_SA_CUMULATIVE = ShortAllIns.CUMULATIVE

#: _AFTER[n][a]: the round indices clockwise from the one after ``a`` (``_ORDER[n][(a + 1) % n]``)
_AFTER = [[order[(a + 1) % n] for a in range(n)] if n else [] for n, order in enumerate(_ORDER)]


class Betting(RoundState):
    """The betting round (a part of :class:`~pyeval.poker.round.Round`)."""

    __slots__ = ()

    def _needs(self, i: int) -> bool:
        if self._folded[i] or self._stacks[i] == 0:
            return False
        if self._bets[i] < self._bet_to:
            return True
        return not self._acted[i] and self._n_able_to_act >= 2

    def _first_from(self, start: int) -> int | None:
        """The first player clockwise from ``start`` (included) who must act: not folded, not
        all-in, and facing a bet or (with someone left to bet against) yet to act this betting round."""
        folded, stacks, bets = self._folded, self._stacks, self._bets
        bet_to = self._bet_to
        if self._n_able_to_act >= 2:
            acted = self._acted
            for i in _ORDER[self._n][start % self._n]:
                if folded[i] or not stacks[i]:
                    continue
                if bets[i] < bet_to or not acted[i]:
                    return i
        else:
            for i in _ORDER[self._n][start % self._n]:
                if folded[i] or not stacks[i]:
                    continue
                if bets[i] < bet_to:
                    return i
        return None

    def _turn(self, player: int | None, what: str) -> int:
        a = self._actor
        if a is None:
            raise OutOfTurnError(f"no player may {what} now (phase: {self.phase.value})",
                                 R_PREFLOP if self._street == 0 else R_STREETS)
        if player is not None and player != a:
            self._check_index(player)
            if self._may_lead(player):  # stud, unknown up cards: the record says who leads (see _take_lead)
                return player
            raise OutOfTurnError(f"{self._name_of(player)} may not {what}: it is {self._name_of(a)}'s turn",
                                 R_PREFLOP if self._street == 0 else R_STREETS)
        return a

    def _may_lead(self, player: int) -> bool:
        """Stud: whether ``player`` may open this betting round in place of the engine's leader. When
        a live player's up cards are not all known (a room's record hides them) the best showing
        hand cannot be told, so whoever the record has act first leads, as long as no action of the
        round came before and he can act (§ 637a.10, stud, is not in hand: the showing hand leads,
        as pyeval plays it; the rest is the record's)."""
        return (self._lead_open == len(self._record) and not self._folded[player] and self._stacks[player] > 0
                and (self._bets[player] < self._bet_to or not self._acted[player]))

    def _take_lead(self, player: int) -> None:
        """Stud: ``player``, whom :meth:`_may_lead` allowed, opens the round (his action is valid)."""
        self._actor = self._last_aggressor = player

    def betting_options(self) -> BettingOptions | None:
        """What the player to act may do now in the betting round (amounts to call, bet or raise
        to), or None when no player is to act."""
        a = self._actor
        if a is None:
            return None
        if self._plain_nl:  # plain no limit (the hot path): _raise_bounds and _may_raise inlined
            bet_to = self._bet_to
            stack = self._stacks[a]
            bet = self._bets[a]
            allin_to = bet + stack
            lo = bet_to + self._min_raise if bet_to else self._rules.min_bet
            if lo > allin_to:
                lo = allin_to
            call = bet_to - bet
            if call < stack:
                may = self._n_able_to_act >= 2 and not (self._acted[a] and self._acted_at_raise[a] >= self._full_raises)
            else:
                call, may = stack, False
            return tuple.__new__(BettingOptions, (a, True, call == 0, call, may, lo, allin_to))
        call = min(self._bet_to - self._bets[a], self._stacks[a])
        lo, hi = self._raise_bounds(a)
        return tuple.__new__(BettingOptions, (a, True, call == 0, call, self._may_raise(a), lo, hi))

    def _may_raise(self, a: int) -> bool:
        """Whether player ``a`` may bet or raise now (the conditions of :meth:`_raise_block`, without
        building the error)."""
        rules = self._rules
        return not (self._stacks[a] <= self._bet_to - self._bets[a] or self._n_able_to_act < 2
                    or (self._acted[a] and self._acted_at_raise[a] >= self._full_raises and not self._reopened_by_sum(a))
                    or (self._checked[a] and not rules.check_raise)
                    or (self._bet_to and rules.max_raises is not None and self._raises >= rules.max_raises))

    def _reopened_by_sum(self, a: int) -> bool:
        """Whether the betting is open again to player ``a``, who already acted, though no full raise
        followed: ``ShortAllIns.CUMULATIVE`` and the all-ins since he last acted add up to at least
        a full raise (common practice; the text is silent), or fixed limit under
        ``LimitShortAllIn.COMPLETE`` and he faces an all-in short of a full bet or raise, which he
        may complete (a room's rule; § 637a.8(b)(5)(iii) only says the betting continues)."""
        rules = self._rules
        if rules.short_all_ins is _SA_CUMULATIVE and self._bet_to - self._acted_at_bet[a] >= self._min_raise > 0:
            return True
        return (rules.limit_short_all_in is _LS_COMPLETE and self._fixed_bet_sizes is not None
                and self._full_bet_to < self._bet_to and self._bets[a] < self._bet_to)

    def _limit_to(self, size: int) -> int:
        """Fixed limit: the full bet or raise *to* with bets of ``size`` now (§ 637a.8(k)): one bet, or
        one bet above the current bet; after an all-in short of a full bet or raise, as
        ``rules.limit_short_all_in`` says (above the all-in, or above the last full bet). A
        bring-in is completed to one bet."""
        bet_to = self._bet_to
        mode = self._rules.limit_short_all_in
        if mode is _LS_RAISE_FROM_ALL_IN:
            return size if bet_to < size else bet_to + size
        full = self._full_bet_to
        if mode is _LS_HALF_BET:
            return size if bet_to < size else full + size
        return size if full < size else full + size

    def _raise_bounds(self, a: int) -> tuple[int, int]:
        bet_to = self._bet_to
        allin_to = self._bets[a] + self._stacks[a]
        sizes = self._fixed_bet_sizes
        if sizes is not None:  # fixed limit
            lo = hi = self._limit_to(sizes[self._street])
            if self._double_bet:  # an open pair: the big bet instead of the small one too
                hi = lo - sizes[self._street] + self._rules.big_bet_amount
        else:
            rules = self._rules
            lo = bet_to + self._min_raise if bet_to else rules.min_bet
            if rules.structure is _BS_POT_LIMIT:
                hi = bet_to + sum(self._contrib) + self._house_money + (bet_to - self._bets[a])
                if hi < lo:  # a small pot never forbids the minimum bet or raise (common practice)
                    hi = lo
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
        if self._stacks[a] <= self._bet_to - self._bets[a]:
            return _illegal(f"{self._name_of(a)}'s stakes of {self._stacks[a]} do not exceed the call", R_STAKES)
        if self._n_able_to_act < 2:  # player a is active, so no one else is
            return _illegal("every other player is all-in: there is no one left to raise", R_ALL_IN)
        if self._acted[a] and self._acted_at_raise[a] >= self._full_raises and not self._reopened_by_sum(a):
            return _illegal(f"{self._name_of(a)} already acted and only an all-in short of a full raise followed: "
                            "betting is not reopened", R_ALL_IN)
        if self._checked[a] and not self._rules.check_raise:
            return _illegal("check-raise is not allowed at this table", R_CHECK_RAISE)
        if self._bet_to and self._rules.max_raises is not None and self._raises >= self._rules.max_raises:
            return _illegal(f"the posted cap of {self._rules.max_raises} raises this betting round is reached", R_LIMITS)
        return None

    def can_fold(self, player: int | None = None) -> bool:
        """True when ``player`` (default: whoever is to act) may fold now."""
        return self._actor is not None and (player is None or player == self._actor or (
            type(player) is int and 0 <= player < self._n and self._may_lead(player)))

    def fold(self, player: int | None = None) -> None:
        """The player to act folds (binding once made, § 637a.8(c)); his chips stay in the pot."""
        a = self._actor
        if a is None or (player is not None and player != a):
            a = self._turn(player, "fold")
            if a != self._actor:
                self._take_lead(a)
        self._folded[a] = True
        if self._has_draws:  # his hand joins the dead cards a draw may reshuffle
            self._dead_cards.extend(self._hole[a])
        self._n_contending -= 1
        if self._stacks[a] > 0:
            self._n_able_to_act -= 1
        self._acted[a] = True
        self._record.append(("fold", a, 0, ()))
        self._after_action(a)

    def can_check_or_call(self, player: int | None = None) -> bool:
        """True when ``player`` (default: whoever is to act) may check or call now."""
        return self._actor is not None and (player is None or player == self._actor or (
            type(player) is int and 0 <= player < self._n and self._may_lead(player)))

    def check_or_call(self, player: int | None = None) -> None:
        """The player to act checks, or calls the current bet (all-in for less if short, § 637a.8(b)(5))."""
        if player is None and self._plain and _CHECK_OR_CALL(self):  # the step in C (pyeval.poker.fast)
            return
        a = self._actor
        if a is None or (player is not None and player != a):
            a = self._turn(player, "check or call")
            if a != self._actor:
                self._take_lead(a)
        stacks = self._stacks
        bets = self._bets
        bet_to = self._bet_to
        amt = bet_to - bets[a]
        if amt <= 0:
            self._checked[a] = True
            self._record.append(("check", a, 0, ()))
        else:
            s = stacks[a]
            if amt >= s:
                amt = s
                self._n_able_to_act -= 1
            stacks[a] = s - amt
            bets[a] += amt
            self._contrib[a] += amt
            self._record.append(("call", a, amt, ()))
        self._acted[a] = True
        self._acted_at_raise[a] = self._full_raises
        self._acted_at_bet[a] = bet_to
        self._after_action(a)

    def _check_disconnect(self, player: int | None) -> int:
        if not self._rules.disconnect_all_in:
            raise _illegal("this table has no disconnect protection (rules.disconnect_all_in)", R_DISCONNECT)
        a = self._actor
        if a is None or (player is not None and player != a):
            a = self._turn(player, "be played all in")
        if self._stacks[a] <= 0:  # pragma: no cover - a player with no chips behind is never to act
            raise _illegal(f"{self._name_of(a)} has no chips behind", R_DISCONNECT)
        return a

    def can_disconnect(self, player: int | None = None) -> bool:
        """True when ``player`` (default: whoever is to act) may be played all in now (:meth:`disconnect`)."""
        return passes(self._check_disconnect, player)

    def disconnect(self, player: int | None = None) -> None:
        """The player to act is disconnected: under the room's disconnect protection
        (``rules.disconnect_all_in``; configuration, not in the texts in hand) he is played all in
        for the chips he has put in: he adds nothing, the chips in front of him are set aside (out
        of play, his) and given back to him when the betting ends; he keeps his claim to the pots
        he has matched (§ 637a.8(b)(5)), a bet he has not matched goes on in a side pot or returns
        uncalled. A ``disconnect`` event (amount: the chips set aside).

        Raises:
            IllegalActionError: the table has no disconnect protection. OutOfTurnError: not his turn.
        """
        a = self._check_disconnect(player)
        if a != self._actor:
            self._take_lead(a)
        stacks = self._stacks
        aside = self._set_aside if self._set_aside is not None else [0] * self._n
        aside[a] += stacks[a]
        self._record.append(("disconnect", a, stacks[a], ()))
        stacks[a] = 0
        self._set_aside = aside
        self._plain = self._plain_nl = False
        self._n_able_to_act -= 1
        self._acted[a] = True
        self._acted_at_raise[a] = self._full_raises
        self._acted_at_bet[a] = self._bet_to
        self._after_action(a)

    def _check_raise_to(self, player: int | None, to: int) -> int:
        a = self._turn(player, "bet or raise")
        if isinstance(to, bool) or not isinstance(to, int):
            raise ChipTypeError(f"a bet or raise is an int amount of chips, got {to!r}")
        if not self._may_raise(a):
            block = self._raise_block(a)
            assert block is not None
            raise block
        if to <= self._bet_to:
            raise _illegal(f"a {'raise' if self._bet_to else 'bet'} to {to} does not exceed the current bet of "
                           f"{self._bet_to}; check or call instead", R_LIMITS)
        allin_to = self._bets[a] + self._stacks[a]
        if to > allin_to:
            raise _illegal(f"{self._name_of(a)} may bet only the table stakes in front of him: {to} is more than "
                           f"{allin_to}", R_STAKES)
        lo, hi = self._raise_bounds(a)
        if to > hi:
            raise _illegal(f"{to} is above the maximum of {hi} ({self._rules.structure.value})", R_LIMITS)
        if self._double_bet and lo < to < hi and to != allin_to:
            raise _illegal(f"{to} is neither the small bet (to {lo}) nor the big bet (to {hi}) an open pair allows",
                           R_LIMITS)
        if to < lo and to != allin_to and to < self._cover(a):
            raise _illegal(f"{to} is below the minimum {'raise' if self._bet_to else 'bet'} to {lo}", R_LIMITS)
        return a

    def _cover(self, a: int) -> int:
        """The most any other live player can have in this betting round: a bet or raise to that much
        puts every opponent all-in, so it stands even below the minimum (the rest could not be called)."""
        return max((self._bets[i] + self._stacks[i] for i in range(self._n) if i != a and not self._folded[i]), default=0)

    def can_bet_or_raise_to(self, to: int | None = None, player: int | None = None) -> bool:
        """True when ``player`` (default: whoever is to act) may bet or raise to ``to`` chips now
        (``to=None``: to some amount)."""
        if to is None:
            a = self._actor
            return a is not None and (player is None or player == a) and self._may_raise(a)
        return passes(self._check_raise_to, player, to)

    def bet_or_raise_to(self, to: int, player: int | None = None) -> None:
        """The player to act bets, or raises, to a total of ``to`` chips this betting round.

        Limits (§ 637a.8(k)): fixed limit bets and raises by the small bet (preflop, flop) or big bet
        (turn, river); pot limit up to the pot after calling; no limit up to the table stakes (§
        637a.8(b)(1)); never above the posted ``max_bet`` increment nor after the raise cap. A full
        bet or raise sets the new minimum raise increment and reopens the betting; an all-in short of
        a full raise does neither (others who already acted may only call or fold).
        """
        a = self._actor
        if self._plain_nl and a is not None and (player is None or player == a) and type(to) is int \
                and self._nl_raise(a, to):  # plain no limit (pyeval.poker.fast)
            return
        if self._bring_in_due and a is None:  # stud: the bring-in completed at once (stud.py)
            self._complete_at_once(to, player)  # type: ignore[attr-defined]
        a = self._check_raise_to(player, to)
        if a != self._actor:
            self._take_lead(a)
        rules = self._rules
        bet_to = self._bet_to
        if self._fixed_bet_sizes is not None:  # fixed limit
            lo, half_bet, full_to = self._limit_raise(to)
        else:
            lo, half_bet, full_to = (bet_to + self._min_raise if bet_to else rules.min_bet), False, to
        add = to - self._bets[a]
        completes = bet_to < lo and bet_to == rules.bring_in and self._street == 0 and rules.bring_in > 0
        kind = "raise" if bet_to and not completes else "bet"
        if to >= lo or half_bet:  # a full bet or raise
            if bet_to and not completes:
                self._raises += 1
            inc = to - bet_to
            if inc > self._min_raise and not half_bet:
                self._min_raise = inc
            self._full_raises += 1
            self._full_bet_to = full_to
        stacks = self._stacks
        stacks[a] -= add
        self._contrib[a] += add
        self._bets[a] = to
        self._bet_to = to
        if stacks[a] == 0:
            self._n_able_to_act -= 1
        self._acted[a] = True
        self._acted_at_raise[a] = self._full_raises
        self._acted_at_bet[a] = to
        self._last_aggressor = a
        self._record.append((kind, a, to, ()))
        self._after_action(a)

    def _limit_raise(self, to: int) -> tuple[int, bool, int]:
        """Fixed limit, a valid bet or raise to ``to``: (the full bet or raise to, whether this short
        all-in counts as a full one all the same, the new last full bet if it is one), as
        ``rules.limit_short_all_in`` says; an open pair's big bet makes the rest of the round big."""
        rules, bet_to, sizes = self._rules, self._bet_to, self._fixed_bet_sizes
        assert sizes is not None
        size = sizes[self._street]
        lo = self._limit_to(size)
        half_bet, full_to = False, to
        mode = rules.limit_short_all_in
        if mode is _LS_HALF_BET:
            half_bet = bet_to >= size and 2 * (to - bet_to) >= size  # an all-in of half a bet or more: a full raise
        elif mode is _LS_AS_FULL and to < lo:  # half a bet or more: the full bet or raise it fell short of
            prev = self._full_bet_to
            half_bet = 2 * (to - prev) >= lo - prev
            full_to = lo
        if self._double_bet and to >= lo - size + rules.big_bet_amount:  # the big bet: the rest of the round too
            self._fixed_bet_sizes = tuple(rules.big_bet_amount if k == self._street else v for k, v in enumerate(sizes))
            self._double_bet = False
        return lo, half_bet, full_to

    def _after_action(self, a: int) -> None:
        """After player ``a`` acted: the next player to act, or close the betting round
        (:meth:`_first_from` ``(a + 1)`` inlined: this is the hot path of simulations)."""
        if self._n_contending > 1:
            folded, stacks, bets, acted = self._folded, self._stacks, self._bets, self._acted
            bet_to = self._bet_to
            unacted_may_act = self._n_able_to_act >= 2  # else only a player facing a bet acts
            n = self._n
            for i in _AFTER[n][a]:
                if folded[i] or not stacks[i]:
                    continue
                if bets[i] < bet_to or (unacted_may_act and not acted[i]):
                    self._actor = i
                    if self._sitting_out and i in self._sitting_out:
                        self._fold_sitting_out()
                    return
        self._actor = None
        self._street_done()

    def _fold_sitting_out(self) -> None:
        """Tournament mode: the player to act sits out (away from the table), so the dealer folds his
        hand at his turn (a ``sit_out`` event, then the ``fold``; the next player's turn follows).
        Configuration (tournament rules; not in the texts in hand)."""
        a = self._actor
        if a is not None and a in self._sitting_out and not self._folded[a]:
            self._record.append(("sit_out", a, 0, ()))
            self.fold(a)

    def _street_done(self) -> None:
        """Close a betting round: return any uncalled bet, then see whether betting can go on."""
        bets = self._bets
        first = max(bets)
        if first and bets.count(first) == 1:  # the highest bet was not called in full
            top = bets.index(first)
            second = sorted(bets)[-2]
            back = first - second
            bets[top] = second
            self._stacks[top] += back
            self._contrib[top] -= back
            self._record.append(("return", top, back, ()))
            folded, stacks = self._folded, self._stacks
            self._n_able_to_act = sum(1 for i in range(self._n) if stacks[i] and not folded[i])
        if self._n_contending >= 2 and (self._street == self._last_street or self._n_able_to_act < 2):
            self._betting_closed = True
            if self._set_aside is not None:
                self._give_back()
            if self._street == self._last_street or not self._has_draws:
                self._queue_showdown()
        elif self._n_contending < 2:
            self._betting_closed = True
            if self._set_aside is not None:
                self._give_back()
        if self._has_draws and self._n_contending >= 2 and self._street < self._last_street and self._streets[self._street + 1].draw:
            self._open_draw()


    def _give_back(self) -> None:
        """The betting is over: the chips set aside (``rules.cap``, :meth:`disconnect`) come back."""
        if self._set_aside is not None:
            self._stacks = [s + b for s, b in zip(self._stacks, self._set_aside)]
            self._set_aside = None

    def _queue_showdown(self) -> None:
        folded, mucked = self._folded, self._mucked
        self._showdown_queue = [i for i in _ORDER[self._n][self._last_aggressor % self._n] if not (folded[i] or mucked[i])]


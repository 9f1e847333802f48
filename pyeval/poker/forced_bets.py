"""Forced bets of a poker round: antes, blinds and the straddle (58 Pa. Code § 637a.11(b), (d), (e)),
with the table's ante trimming (``PokerRules.ante_trimming``) and, in tournament mode, the players
sitting out who still post (:func:`check_sitting_out`)."""
from __future__ import annotations

from collections.abc import Iterable

from ..contracts import MAX_CHIPS, passes
from ..errors import IllegalActionError, OutOfTurnError
from .rules import R_ABSENCE, R_BLINDS, R_HOUSE, R_STAKES, R_STRADDLE, R_TOURNAMENT, PokerRules
from .state import RoundState, _illegal


def check_sitting_out(rules: PokerRules, players: Iterable[int], n: int) -> frozenset[int]:
    """The players of a round who sit out (away from the table), validated.

    Tournament mode (configuration; tournament play is not in the texts in hand), for rounds built
    from online records: a player away from the table is dealt in, posts the blinds and antes due
    from his seat and is folded by the dealer at his first turn, as online rooms do. A
    :class:`~pyeval.poker.Table` never sits a player out this way (§ 637a.8(a)). In cash games a player
    away is not dealt in at all (§ 637a.8(b)(6): :meth:`pyeval.poker.Table.step_away`), so a round
    refuses any.

    Raises:
        IllegalActionError: players sitting out in a cash game, or not round indices ``0..n-1``.
    """
    try:
        out = list(players)
    except TypeError:
        raise _illegal(f"sitting_out must be round indices, got {players!r}", R_TOURNAMENT) from None
    if not out:
        return frozenset()
    if not rules.tournament:
        raise IllegalActionError("in a cash game a player away from the table is not dealt in; only tournament mode "
                                 "deals in players who sit out", R_ABSENCE)
    for i in out:
        if type(i) is not int or not 0 <= i < n:
            raise _illegal(f"sitting_out entries are round indices 0..{n - 1}, got {i!r}", R_TOURNAMENT)
    return frozenset(out)

class ForcedBets(RoundState):
    """Antes, blinds and the straddle (a part of :class:`~pyeval.poker.round.Round`)."""

    __slots__ = ()

    def _check_forced_bets(self) -> None:
        if not self._forced_bets_due:
            raise OutOfTurnError("the forced bets are already posted", R_BLINDS)

    def can_post_forced_bets(self) -> bool:
        """True when antes and blinds are due (the first step of the round)."""
        return self._forced_bets_due

    def post_forced_bets(self) -> None:
        """Post the antes (§ 637a.11(b)) and the blinds in order from left of the button (§ 637a.11(d)).

        A player whose stakes are short posts what he has and is all-in (§ 637a.8(b)(5)); a short
        blind still sets the full blind as the amount to call. Heads-up, the posting order follows
        ``rules.heads_up``. Players sitting out (tournament mode) post like everyone else.

        Antes (``rules.ante_trimming``, pokerkit's ``ante_trimming_status``): trimmed (default), an
        ante is its poster's own contribution; when every other player anted less (all-in on the
        ante), the largest ante is trimmed to the next largest and the excess returned at once (a
        ``return`` event). Not trimmed, the antes are dead money of the main pot. A big-blind ante is
        always dead money.
        """
        self._check_forced_bets()
        rules = self._rules
        stacks, contrib, bets, ev = self._stacks, self._contrib, self._bets, self._record
        if rules.ante:
            dead = not rules.ante_trimming
            for i in range(self._n):
                a = min(rules.ante, stacks[i])
                stacks[i] -= a
                contrib[i] += a
                if dead:
                    self._dead_antes[i] += a
                    self._dead_ante += a
                ev.append(("ante", i, a, ()))
            if not dead:
                posted = sorted(contrib)
                if posted[-1] > posted[-2]:  # nobody else could match the largest ante: trim it (pokerkit's rule)
                    top = contrib.index(posted[-1])
                    back = posted[-1] - posted[-2]
                    stacks[top] += back
                    contrib[top] -= back
                    ev.append(("return", top, back, ()))
        if rules.bb_ante:  # the big blind antes for the table, before posting his blind
            i = self._big_blind()
            a = min(rules.bb_ante, stacks[i])
            stacks[i] -= a
            contrib[i] += a
            self._dead_ante += a
            self._dead_antes[i] += a
            ev.append(("ante", i, a, ()))
        if rules.button_ante:  # the button (the last round index) antes for the table: dead money
            i = self._n - 1
            a = min(rules.button_ante, stacks[i])
            stacks[i] -= a
            contrib[i] += a
            self._dead_ante += a
            self._dead_antes[i] += a
            ev.append(("ante", i, a, ()))
        for amount, p in zip(rules.blinds, self._blind_posters):
            if p is None:  # a dead blind (the table's dead-button rule): nobody posts it
                continue
            i = p
            a = min(amount, stacks[i])
            if not a:  # all in on the ante: he posts no blind (nothing is recorded, no "blind of 0")
                continue
            stacks[i] -= a
            contrib[i] += a
            bets[i] += a
            ev.append(("blind", i, a, ()))
        self._bet_to = self._full_bet_to = rules.engine.largest_blind
        self._min_raise = max(rules.min_bet, self._bet_to)
        self._n_able_to_act = self._n - stacks.count(0)
        self._forced_bets_due = False

    def _check_extra_blind(self, player: int, live: int, dead: int) -> None:
        if self._forced_bets_due or self._hole_dealt:
            raise OutOfTurnError("an extra blind is posted after the table's forced bets and before any card is "
                                 "dealt", R_BLINDS)
        if self._variant.forced != "blinds":
            raise _illegal(f"{self._variant.name} has no blinds", R_BLINDS)
        if type(player) is not int or not 0 <= player < self._n:
            raise _illegal(f"player must be a round index 0..{self._n - 1}, got {player!r}", R_BLINDS)
        for what, v in (("live", live), ("dead", dead)):
            if type(v) is not int or v < 0:
                raise _illegal(f"an extra blind's {what} part must be a whole number of chips >= 0, got {v!r}",
                               R_BLINDS)
        if not live + dead:
            raise _illegal("an extra blind of 0 chips", R_BLINDS)
        if live + dead > self._stacks[player]:
            raise _illegal(f"{self._name_of(player)} posts {live + dead} but has {self._stacks[player]}", R_STAKES)
        over = self._bets[player] + live
        if over > self._bet_to and over < self._bet_to + max(self._rules.min_bet, self._bet_to) and (
                live + dead < self._stacks[player]):
            raise _illegal(f"a live extra blind above the amount to call is a straddle: at least "
                           f"{self._bet_to + max(self._rules.min_bet, self._bet_to)} (twice the big blind), got {over}",
                           R_STRADDLE)

    def can_post_extra_blind(self, player: int, live: int = 0, dead: int = 0) -> bool:
        """True when :meth:`post_extra_blind` would accept these amounts now."""
        return passes(self._check_extra_blind, player, live, dead)

    def post_extra_blind(self, player: int, live: int = 0, dead: int = 0) -> None:
        """A blind posted by a player outside the table's blinds, after them and before the cards:
        a player coming in (new, or back after missing his blinds) posts to be dealt in at once.

        ``live``: chips that count as his bet of the first betting round (a big blind posted to
        come in: he owes only the rest of a call and keeps the option to raise when his turn comes,
        as a blind does, § 637a.11(g)). A live part that makes his bet larger than the amount to
        call is a straddle from his seat (a full raise: at least twice the amount to call, unless
        it puts him all in): it becomes the amount to call and the preflop betting starts at his
        left (the room's straddle, e.g. GGPoker short deck's straddle right of the button blind;
        § 637a.11(e) names only the seat left of the blind, the rest is the certificate holder's
        Rules Submission; recorded as a ``straddle`` event). ``dead``: chips that go to the
        main pot and are no part of his bet (a missed small blind), kept apart from the side pots'
        layers like a dead ante. § 637a.11(d) lets the certificate holder require Blind Bets beyond
        the first, in amounts its Rules Submission sets; who owes one to come in and which part is
        dead is that configuration (the rooms': PokerStars' "posts small & big blinds"), not a rule
        of the texts in hand. Recorded as a ``blind`` event (the live part) and a ``dead_blind``
        event (the dead part).

        Raises:
            OutOfTurnError: before the table's forced bets or after the first card is dealt.
            IllegalActionError: a stud game, a bad player or amount, more than the player's stakes
                (§ 637a.8(b)(1)), or a live part above the amount to call but short of a straddle.
        """
        self._check_extra_blind(player, live, dead)
        stacks, ev = self._stacks, self._record
        if dead:
            stacks[player] -= dead
            self._contrib[player] += dead
            self._dead_antes[player] += dead
            self._dead_ante += dead
            ev.append(("dead_blind", player, dead, ()))
        if live:
            stacks[player] -= live
            self._contrib[player] += live
            self._bets[player] += live
            if self._bets[player] > self._bet_to:  # a straddle from this seat: the preflop betting starts left of it
                self._bet_to = self._full_bet_to = self._bets[player]
                self._min_raise = max(self._min_raise, self._bet_to)
                self._preflop_first = (player + 1) % self._n
                ev.append(("straddle", player, live, ()))
            else:
                ev.append(("blind", player, live, ()))
        if not stacks[player]:
            self._n_able_to_act -= 1

    def _check_fold_away(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < self._n or player not in self._sitting_out:
            raise _illegal(f"only a player sitting out (tournament mode) is folded by the dealer, got {player!r}",
                           R_TOURNAMENT)
        if self._folded[player] or self._stacks[player] or not self._hole_dealt or self._awarded or any(
                e[0] in ("show", "muck") for e in self._record):
            raise OutOfTurnError(f"{self._name_of(player)} is not all in with a live hand before the showdown",
                                 R_TOURNAMENT)

    def can_fold_away(self, player: int) -> bool:
        """True when :meth:`fold_away` would fold ``player`` now."""
        return passes(self._check_fold_away, player)

    def fold_away(self, player: int) -> None:
        """Tournament mode: the dealer folds the hand of ``player``, who sits out (away from the
        table) and is all in on his forced bets, so has no turn at which to be folded (a player away
        with chips is folded at his first turn). His chips stay in the pots; he contends for none
        (events ``sit_out``, ``fold``). What the rooms do (PokerStars, Full Tilt: "folds" after an
        all-in blind of a player sitting out); configuration, tournament play is not in the texts in
        hand.

        Raises:
            IllegalActionError: ``player`` does not sit out. OutOfTurnError: he has chips, has
                folded, or the cards are not dealt, the showdown began or the pots are awarded.
        """
        self._check_fold_away(player)
        self._folded[player] = True
        self._n_contending -= 1
        if self._has_draws:
            self._dead_cards.extend(self._hole[player])
        if player in self._showdown_queue:
            self._showdown_queue.remove(player)
        self._record.append(("sit_out", player, 0, ()))
        self._record.append(("fold", player, 0, ()))
        if self._n_contending < 2:  # the hand is over: an uncalled bet goes back, the pots to the last hand
            self._showdown_queue = []
            if self._actor is not None:
                self._actor = None
                self._street_done()
            self._betting_closed = True

    def _check_house_money(self, amount: int) -> None:
        if self._forced_bets_due or self._awarded:
            raise OutOfTurnError("the house adds chips to the pot after the forced bets and before the award", R_BLINDS)
        if type(amount) is not int or amount <= 0 or sum(self._contrib) + self._house_money + amount > MAX_CHIPS:
            raise _illegal(f"chips the house adds must be a whole number 1..2**63-1 less the pot, got {amount!r}",
                           R_HOUSE)

    def can_add_house_money(self, amount: int) -> bool:
        """True when :meth:`add_house_money` would accept ``amount`` now."""
        return passes(self._check_house_money, amount)

    def add_house_money(self, amount: int) -> None:
        """The house adds ``amount`` chips to the main pot (a room's promotion: Run It Once's "Splash
        the Pot", GGPoker's "Cash Drop"): dead money no player put in, which every live hand contends
        for like a dead ante and which counts in the pot a pot-limit bet may reach; it goes to the
        winners of the main pot (less the house's rake, when one is recorded). Configuration, not a
        rule of the texts in hand: chapter 637a has the players alone fund the pot (a ``house_money``
        event). Turns the hold'em fast paths off for the round.

        Raises:
            OutOfTurnError: before the forced bets or after the award.
            IllegalActionError: not a positive whole number of chips, or more than pyeval's chip limit.
        """
        self._check_house_money(amount)
        self._house_money += amount
        self._dead_ante += amount
        self._plain = self._plain_nl = False
        self._record.append(("house_money", None, amount, ()))

    def _check_straddle(self, player: int | None) -> int:
        if self._forced_bets_due or self._hole_dealt:
            raise OutOfTurnError("a straddle is placed after the blinds and before any card is dealt", R_STRADDLE)
        if self._rules.straddle is None:
            raise _illegal("this table does not offer a straddle", R_STRADDLE)
        if self._straddled:
            raise _illegal("no more than one straddle per round", R_STRADDLE)
        if self._n == 2:
            raise _illegal("no straddle heads-up: the seat left of the last blind is a blind", R_STRADDLE)
        s = (self._big_blind() + 1) % self._n
        if player is not None and player != s:
            raise OutOfTurnError(f"only {self._name_of(s)}, left of the last blind, may straddle", R_STRADDLE)
        if self._stacks[s] < self._rules.straddle:
            raise _illegal(f"the straddle of {self._rules.straddle} exceeds {self._name_of(s)}'s stakes {self._stacks[s]}", R_STAKES)
        return s

    def can_post_straddle(self) -> bool:
        """True when the player left of the last blind may still straddle (§ 637a.11(e))."""
        return passes(self._check_straddle, None)

    def post_straddle(self, player: int | None = None) -> None:
        """The player left of the last blind places the straddle (§ 637a.11(e)); at most one per round.

        The straddle is a live blind raise: others call it, the minimum raise grows to match it, and
        preflop betting starts left of the straddler, who may raise last (§ 637a.11(g)).
        """
        s = self._check_straddle(player)
        amt = self._rules.straddle
        assert amt is not None
        self._stacks[s] -= amt
        self._contrib[s] += amt
        self._bets[s] += amt
        if self._stacks[s] == 0:
            self._n_able_to_act -= 1
        self._bet_to = self._full_bet_to = max(self._bet_to, self._bets[s])
        self._min_raise = max(self._min_raise, self._bet_to)
        self._straddled = True
        self._preflop_first = (s + 1) % self._n
        self._record.append(("straddle", s, amt, ()))


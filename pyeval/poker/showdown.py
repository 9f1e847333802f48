"""The showdown of a poker round: showing order, show or muck, and the award of every pot (58 Pa. Code § 637a.11(k), § 637a.18(e), § 637a.8(b)(5), § 637a.7(d))."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from .._bindings import lib
from ..contracts import passes
from ..errors import OutOfTurnError, PyevalError
from ..hands.registry import HAND_TYPES
from .pots import Pot, split_pot
from .rules import R_RAKE, R_SHOW_ORDER, R_SHOWDOWN, R_TOURNAMENT, OddChipRule
from .state import RoundState, _illegal

#: how odd chips go: (a winner order key or None, all to the first winner?, odd units cap per player)
_OddRules = tuple[Callable[[int], tuple[object, ...]] | None, bool, int | None]

_EVAL7 = lib.pe_eval7
# enum members read once (through their class each read is a Python-level call)
_ALL_TO_FIRST = OddChipRule.ALL_TO_FIRST_LEFT_OF_BUTTON
_HIGH_CARD_BY_SUIT = OddChipRule.HIGH_CARD_BY_SUIT

class Showdown(RoundState):
    """Show, muck and award (a part of :class:`~pyeval.poker.round.Round`)."""

    __slots__ = ()

    def showdown_order(self) -> tuple[int, ...]:
        """Players still to show or muck, in order: the last bettor or raiser of the final betting
        round first (else the first live player left of the button), then clockwise (§ 637a.18(e))."""
        return tuple(self._showdown_queue)

    def _check_show(self, player: int | None, muck: bool) -> int:
        if not self._showdown_queue or self._actor is not None:
            raise OutOfTurnError("no hand is to be shown now", R_SHOW_ORDER)
        p = self._showdown_queue[0]
        if player is not None and player != p:
            self._check_index(player)
            raise OutOfTurnError(f"{self._name_of(p)} shows first, not {self._name_of(player)}", R_SHOW_ORDER)
        if muck:
            if self._rules.show_all_hands:
                raise _illegal("this table requires every hand at showdown to be shown", R_SHOW_ORDER)
            rules = self._rules
            if rules.tournament and rules.tournament_all_in_show and any(  # a live hand is all-in (pokerkit's too)
                    not (self._stacks[i] or self._folded[i] or self._mucked[i]) for i in range(self._n)):
                raise _illegal("in a tournament every hand is tabled when a player is all-in", R_TOURNAMENT)
            live = [not (f or m) and i != p for i, (f, m) in enumerate(zip(self._folded, self._mucked))]
            for pot in self._pots([not (f or m) for f, m in zip(self._folded, self._mucked)]):
                if p in pot.eligible and not any(live[i] for i in pot.eligible):
                    raise _illegal(f"{self._name_of(p)} is the last hand contending a pot and must show it", R_SHOW_ORDER)
        return p

    def can_show(self, player: int | None = None) -> bool:
        """True when ``player`` (default: the next in showdown order) is to show."""
        return passes(self._check_show, player, False)

    def show(self, player: int | None = None, cards: Sequence[int] | None = None) -> None:
        """The next player in showdown order turns his hole cards face up (§ 637a.11(k)).

        ``cards``: what he turns up, needed when some of his hole cards were dealt as cards nobody
        saw (``-1``, a record's ``??``): his known cards must be among them, and each unknown card
        becomes one of the others (none of them may be in play elsewhere). Changes nothing on error.

        Raises:
            IllegalActionError: unknown hole cards and no ``cards``; ``cards`` that are not his hand
                (a wrong count, a card twice, a known card missing, a card already in play).
        """
        p = self._check_show(player, False)
        hole = self._hole[p]
        if cards is not None:
            hole = self._revealed(p, cards)
        elif -1 in hole:  # unknown cards are -1 (see _as_cards)
            raise _illegal(f"{self._name_of(p)}'s hole cards are unknown: give the cards he shows", R_SHOW_ORDER)
        if hole is not self._hole[p]:
            self._hole[p] = hole
            self._dealt.update(hole)
        self._showdown_queue.pop(0)
        self._record.append(("show", p, 0, self._hole[p]))

    def _revealed(self, p: int, cards: Sequence[int]) -> tuple[int, ...]:
        """Player ``p``'s hole cards once he shows ``cards`` (checked; see :meth:`show`)."""
        hole = self._hole[p]
        shown = tuple(cards)
        if len(shown) != len(hole) or any(type(c) is not int or not 0 <= c <= 51 for c in shown) or (
                len(set(shown)) != len(shown)):
            raise _illegal(f"{self._name_of(p)} holds {len(hole)} cards: show that many distinct cards 0..51, got {shown!r}",
                           R_SHOW_ORDER)
        known = [c for c in hole if c >= 0]
        if not set(known) <= set(shown):
            raise _illegal(f"{self._name_of(p)} shows cards that are not his hand", R_SHOW_ORDER)
        new = [c for c in shown if c not in known]
        in_play = self._dealt | set(self._board) | {c for i, h in enumerate(self._hole) if i != p for c in h}
        if any(c in in_play for c in new):
            raise _illegal(f"{self._name_of(p)} shows a card already in play", R_SHOW_ORDER)
        it = iter(new)
        return tuple(c if c >= 0 else next(it) for c in hole)

    def can_muck(self, player: int | None = None) -> bool:
        """True when the next player in showdown order may muck (give up the pot) instead of showing;
        never at a table that shows all hands, nor in a tournament when a player is all-in (every
        hand is tabled, as in pokerkit's tournament mode; ``rules.tournament_all_in_show``)."""
        return passes(self._check_show, player, True)

    def muck(self, player: int | None = None) -> None:
        """The next player in showdown order mucks and forfeits every pot (§ 637a.18(e))."""
        p = self._check_show(player, True)
        self._showdown_queue.pop(0)
        self._mucked[p] = True
        self._n_contending -= 1
        self._record.append(("muck", p, 0, ()))
        if self._n_contending == 1:
            self._showdown_queue.clear()

    def _check_concede(self, player: int) -> int:
        if not self._showdown_queue or self._actor is not None:
            raise OutOfTurnError("no hand is to be shown now", R_SHOW_ORDER)
        self._check_index(player)
        if player not in self._showdown_queue:
            raise OutOfTurnError(f"{self._name_of(player)} has no hand to show or muck", R_SHOW_ORDER)
        if player == self._showdown_queue[0]:
            return self._check_show(player, True)
        queue = self._showdown_queue
        self._showdown_queue = [player] + [i for i in queue if i != player]
        try:  # the checks of a muck in turn: a table that shows all hands, the last hand of a pot, ...
            return self._check_show(player, True)
        finally:
            self._showdown_queue = queue

    def can_concede(self, player: int) -> bool:
        """True when ``player``, still to show or muck, may give up his hand now (:meth:`concede`)."""
        return passes(self._check_concede, player)

    def concede(self, player: int) -> None:
        """A player still to show gives up his hand before his turn to show: he mucks and forfeits
        every pot, the others' order is unchanged (§ 637a.18(e): the last bettor shows first, and a
        losing player may muck instead of showing; a muck shows nothing, so it may come at any
        point of the showdown, as a record lists it). When one hand is left contending, it wins
        without being shown, as after mucks in turn. Refused (nothing changed) where :meth:`muck`
        would be refused in turn: a table that shows every hand, a tournament with a hand all-in
        (``rules.tournament_all_in_show``), the last hand contending a pot.

        Raises:
            OutOfTurnError: no showdown now, or ``player`` is not among those still to show.
            IllegalActionError: he may not muck (see above).
        """
        p = self._check_concede(player)
        self._showdown_queue.remove(p)
        self._mucked[p] = True
        self._n_contending -= 1
        self._record.append(("muck", p, 0, ()))
        if self._n_contending == 1:
            self._showdown_queue.clear()

    def _check_award(self) -> None:
        if self._awarded:
            raise OutOfTurnError("the pots are already awarded", R_SHOWDOWN)
        if not self._hole_dealt or self._actor is not None or not self._betting_closed:
            raise OutOfTurnError("the pots are awarded only after the last betting round", R_SHOWDOWN)
        if self._n_contending >= 2 and self._street < self._last_street:
            raise OutOfTurnError("every street must be dealt before a showdown", R_SHOWDOWN)
        if self._showdown_queue:
            raise OutOfTurnError(f"{self._name_of(self._showdown_queue[0])} has yet to show or muck", R_SHOW_ORDER)

    def can_award(self) -> bool:
        """True when every pot can be awarded (betting over, board complete, showdown done)."""
        return passes(self._check_award)

    def award(self, *, rake: int | Sequence[int] | None = None) -> None:
        """Award each pot on its own to its best eligible hand (§ 637a.11(k), § 637a.8(b)(5)).

        Hold'em is played for the high hand only (§ 637a.11(a)); the variants of chapter 637a
        declare their own hand types (high, low, or both).

        A tie splits the pot equally; odd units go one at a time in the order of ``rules.odd_chip``
        (default clockwise from the first seat left of the button; or all to the first such winner),
        computed per pot. High-low split pots (§ 637a.7(d)): the high half takes the odd unit of
        the halving, each half's odd units follow ``rules.odd_chip``; no qualifying low, the high
        hand scoops.

        The award is atomic: every hand is evaluated and every pot divided before any chip moves,
        and the chips paid must equal the chips in the pots; any error (an unknown or invalid card,
        an evaluator error) raises and changes nothing, so the pots can never be paid twice or in
        part.

        Raises:
            OutOfTurnError: not due now, or already awarded. IllegalActionError: a hand that cannot
            be evaluated (unknown cards in a replay, an evaluator error).

        Rake (``rules.rake_bps``, configuration: § 637a.17 is not in our hands): each pot gives
        ``amount * rake_bps // 10000`` chips to the house (a ``rake`` event with the pot index)
        before it is split; when that adds up to more than ``rules.rake_cap`` for the hand, the cap
        is shared by the pots in proportion to their rake (rounded down, the chips left taken main
        pot first); none when ``rake_no_flop_no_drop`` and the hand ended in the first betting
        round.

        A board run ``k`` times (:meth:`run_it`): each pot, after rake, is cut into ``k`` parts
        (``amount // k``; the remainder given out run by run as the odd chips of a tie among ``k``
        winners, by ``rules.odd_chip`` and its $1 cap, § 637a.11(k)), each part awarded as above on
        its own run's board (award events pot by pot, run by run; ``detail``: the pot index).

        ``rake``: the chips the house takes from this hand as a room recorded them (a replay of a
        room's hand history: its rake, jackpot and other fees together), instead of the rules'
        ``rake_bps``: taken from the pots in order, main pot first, each emptied before the next,
        before each is split (``rake`` events as above). A sequence of ints: the rake of each pot
        as the room took it, main pot first (one entry per pot of :meth:`award`'s division: the
        pots of :attr:`pots` once every hand is shown or mucked), each 0..that pot: rooms that rake
        every pot in proportion or cap the rake per pot. ``None`` (the default): the rules' rake.
        A recorded rake is configuration of the room (§ 637a.17 is not in our hands).

        Raises (also): IllegalActionError: ``rake`` is not an int 0..the chips in the pots (or a
        sequence of one such int per pot, each at most its pot), or is not 0 in tournament mode
        (a tournament takes no rake from pots).
        """
        self._check_award()
        if rake is not None:
            self._check_fixed_rake(rake)
        live = [not (f or m) for f, m in zip(self._folded, self._mucked)]
        if (rake is None or rake == 0) and (self._holdem_showdown and self._runs == 1 and not self._rules.rake_bps and -1 not in self._board
                and self._award_holdem(live)):
            return
        split = len(self._variant.hands) == 2
        runs = self._runs if self._n_contending >= 2 else 1
        # (values, lows) on each run's board; one board: scored in place
        scored = self._score_runs(live, split, runs) if runs > 1 else [self._score(live, split)]
        rakes, pots = self._rake(self._award_pots(live), rake)
        odd = self._odd_rules()
        payouts: list[tuple[int, int, int]] = []  # (player, chips, pot index), in award order
        _, to_first, cap = odd
        if runs == 1:  # one board: each pot whole to its best hands (the k = 1 case of the loop below)
            values, lows = scored[0]
            for k, whole in enumerate(pots):
                shares = self._divide(whole, k, values, lows, split, odd)
                payouts.extend((i, amt, k) for i, amt in shares.items())
            self._pay(payouts, rakes)
            self._values, self._low_values = values, lows
            self._awarded = True
            return
        for k, whole in enumerate(pots):
            # a board run k times: k parts, the odd chips given out run by run as among k tied winners
            # (§ 637a.11(k): no more than $1 of them to one run, so to one player)
            cut = split_pot(whole.amount, range(runs), odd_to_first=to_first, max_odd_per_winner=cap)
            for run, (values, lows) in enumerate(scored):
                shares = self._divide(Pot(cut[run], whole.eligible), k, values, lows, split, odd)
                payouts.extend((i, amt, k) for i, amt in shares.items())
        self._pay(payouts, rakes)
        self._values, self._low_values = scored[-1]
        self._awarded = True

    def _award_holdem(self, live: list[bool]) -> bool:
        """:meth:`award` for hold'em's one board without rake (the hot path, the same steps inlined:
        every hand scored and every pot divided before any chip moves). False, having changed
        nothing, when a live hand holds a card nobody saw (the general path then raises)."""
        values = self._holdem_values(live)
        if values is None:
            return False
        payouts: list[tuple[int, int, int]] = []  # (player, chips, pot index), in award order
        odd: _OddRules | None = None
        for k, pot in enumerate(self._award_pots(live)):
            el = pot.eligible
            if len(el) > 1:
                best = max([values[i] for i in el])
                best_hands = [i for i in el if values[i] == best]
                if len(best_hands) > 1:  # a tie: _divide splits it by the odd-chip rule
                    if odd is None:
                        odd = self._odd_rules()
                    payouts.extend((i, amt, k) for i, amt in self._divide(pot, k, values, self._low_values, False, odd).items())
                    continue
                payouts.append((best_hands[0], pot.amount, k))
                continue
            if not el:  # pragma: no cover - _pots never makes one while a hand is live
                return False
            payouts.append((el[0], pot.amount, k))
        self._pay(payouts, [])
        self._values = values
        self._awarded = True
        return True

    def _holdem_values(self, live: list[bool]) -> list[int] | None:
        """Each live hold'em hand's value on the board (a new list, as :meth:`_score`), or None when
        a live hand holds a card nobody saw."""
        values = list(self._values)
        if self._n_contending >= 2:
            hole = self._hole
            b0, b1, b2, b3, b4 = self._board
            for i in range(self._n):
                if live[i]:
                    h = hole[i]
                    if -1 in h:
                        return None
                    v = _EVAL7(h[0], h[1], b0, b1, b2, b3, b4)
                    if v < 0:  # pragma: no cover - cards were validated when dealt
                        return None
                    values[i] = v
        return values

    # ---- award's parts: score every run, the pots, the rake, one pot's division, the payment
    def _score_runs(self, live: list[bool], split: bool, runs: int) -> list[tuple[list[int], list[int]]]:
        """(values, lows) of every live hand on each run's board (one board without run_it)."""
        scored = []
        last = self._board
        try:
            for rb in (self._run_boards + [tuple(last)] if runs > 1 else [tuple(last)]):
                self._board = list(rb)
                scored.append(self._score(live, split))
        finally:
            self._board = last
        return scored

    def _award_pots(self, live: list[bool]) -> tuple[Pot, ...]:
        contrib = self._contrib
        level = max(contrib)
        contenders = [i for i in range(self._n) if live[i]]
        if not self._dead_ante and level and all([contrib[i] == level for i in contenders]):
            # every live player put in the same: one pot, as side_pots would make it
            return (Pot(sum(contrib), tuple(contenders)),)
        return self._pots(live)

    def _check_fixed_rake(self, rake: int | Sequence[int]) -> None:
        """A recorded rake (:meth:`award`'s ``rake``): an int 0..the chips in the pots, or a sequence
        of such ints (one per pot: checked against each pot by :meth:`_rake`); 0 in a tournament."""
        in_pots = sum(self._contrib) + self._house_money
        parts = [rake] if isinstance(rake, int) else list(rake) if isinstance(rake, (list, tuple)) else [None]
        if not parts or any(isinstance(r, bool) or not isinstance(r, int) or r < 0 for r in parts) or (
                sum(parts) > in_pots):
            raise _illegal(f"a recorded rake must be 0..{in_pots} chips (the pots), or one such amount per pot, "
                           f"got {rake!r}", R_RAKE)
        if sum(parts) and self._rules.tournament:
            raise _illegal(f"a tournament takes no rake from pots, the record takes {sum(parts)}", R_TOURNAMENT)

    def _rake(self, pots: tuple[Pot, ...], fixed: int | Sequence[int] | None = None
              ) -> tuple[list[tuple[int, int]], list[Pot]]:
        """The house's rake, pot by pot, before each is split (configuration: ``rules.rake_bps``,
        ``rake_cap``, ``rake_no_flop_no_drop``): ((chips, pot index) to the house, the pots after rake).
        A capped rake is shared by the pots in proportion to their own rake (each pot's players pay
        their part of the cap, not the main pot's alone); chips left by the rounding down come from
        the pots in order, main pot first. ``fixed``: a recorded rake, taken main pot first, or
        the rake of each pot (checked: one per pot, each at most its pot)."""
        rules = self._rules
        if fixed is not None:
            if isinstance(fixed, int):
                pot_rakes, left = [], fixed
                for p in pots:
                    pot_rakes.append(min(left, p.amount))
                    left -= pot_rakes[-1]
            else:
                pot_rakes = list(fixed)
                if len(pot_rakes) != len(pots) or any(r > p.amount for r, p in zip(pot_rakes, pots)):
                    raise _illegal(f"a rake per pot must give one amount per pot, each at most its pot: the pots are "
                                   f"{[p.amount for p in pots]}, the rakes {pot_rakes}", R_RAKE)
            return ([(r, k) for k, r in enumerate(pot_rakes) if r],
                    [Pot(p.amount - r, p.eligible) if r else p for p, r in zip(pots, pot_rakes)])
        if not rules.rake_bps or (rules.rake_no_flop_no_drop and self._street == 0):
            return [], list(pots)
        pot_rakes = [p.amount * rules.rake_bps // 10000 for p in pots]
        if rules.rake_cap is not None and sum(pot_rakes) > rules.rake_cap:
            total, cap_left = sum(pot_rakes), rules.rake_cap
            parts = [r * cap_left // total for r in pot_rakes]
            left = cap_left - sum(parts)
            for k in range(len(parts)):
                extra = min(left, pot_rakes[k] - parts[k])
                parts[k] += extra
                left -= extra
            pot_rakes = parts
        rakes = [(r, k) for k, r in enumerate(pot_rakes) if r]
        return rakes, [Pot(p.amount - r, p.eligible) if r else p for p, r in zip(pots, pot_rakes)]

    def _odd_rules(self) -> _OddRules:
        """How odd chips go (``rules.odd_chip``): (a winner order key for HIGH_CARD_BY_SUIT or None,
        all to the first winner?, the cap of odd units per player, § 637a.11(k): at most $1 of odd
        units to one player; only ALL_TO_FIRST can give one player more than one; None in tournament mode)."""
        odd_chip = self._rules.odd_chip
        to_first = odd_chip is _ALL_TO_FIRST
        cap = self._rules.odd_units_per_player if to_first else None  # None in tournament mode
        odd_key = None
        if odd_chip is _HIGH_CARD_BY_SUIT:
            key = self._rules.card_order_key
            odd_key = lambda i: tuple(sorted((key(c) for c in self._hole[i]), reverse=True))  # noqa: E731
        return odd_key, to_first, cap

    def _divide(self, pot: Pot, k: int, values: list[int], lows: list[int], split: bool,
                odd: _OddRules) -> dict[int, int]:
        """One pot (or one run's part of it) to its best eligible hands: a tie splits it, odd units
        by ``rules.odd_chip``; high-low (§ 637a.7(d)): halves apart, the odd chip to the high half;
        no qualifying low, the high hand scoops."""
        odd_key, to_first, cap = odd
        el, part = pot.eligible, pot.amount
        if not el:  # _pots never makes one while a hand is live
            raise _illegal(f"pot {k} of {part} has no eligible player", R_SHOWDOWN)
        if len(el) == 1:
            return {el[0]: part}
        best = max([values[i] for i in el])
        winners = [i for i in el if values[i] == best]
        if len(winners) == 1 and not split:  # one winner takes the pot (the common case)
            return {winners[0]: part}
        if odd_key is not None:
            winners.sort(key=odd_key, reverse=True)
        low_best = max((lows[i] for i in el), default=0) if split else 0
        if not low_best:  # no qualifying low: the high hand scoops
            return split_pot(part, winners, odd_to_first=to_first, max_odd_per_winner=cap)
        low_winners = [i for i in el if lows[i] == low_best]
        if odd_key is not None:
            low_winners.sort(key=odd_key, reverse=True)
        half = part // 2
        shares = split_pot(part - half, winners, odd_to_first=to_first, max_odd_per_winner=cap)
        for i, amt in split_pot(half, low_winners, odd_to_first=to_first, max_odd_per_winner=cap).items():
            shares[i] = shares.get(i, 0) + amt
        return shares

    def _pay(self, payouts: list[tuple[int, int, int]], rakes: list[tuple[int, int]]) -> None:
        """Check the chips paid equal the chips put in, then move them (each pot's rake recorded
        before its awards): the award's only change to the round."""
        contrib = self._contrib
        paid = sum([p[1] for p in payouts]) + sum([r[0] for r in rakes])
        if paid != sum(contrib) + self._house_money:  # pragma: no cover - the pots hold exactly the chips put in
            raise _illegal(f"the pots would pay {paid} chips of the {sum(contrib) + self._house_money} put in",
                           R_SHOWDOWN)
        stacks, win, ev = self._stacks, self._winnings, self._record
        if not rakes:
            for i, amt, k in payouts:
                stacks[i] += amt
                win[i] += amt
                ev.append(("award", i, amt, (k,)))
            return
        raked = dict((k, r) for r, k in rakes)
        for i, amt, k in payouts:
            r = raked.pop(k, 0)
            if r:
                ev.append(("rake", None, r, (k,)))
            stacks[i] += amt
            win[i] += amt
            ev.append(("award", i, amt, (k,)))

    def _score(self, live: list[bool], split: bool) -> tuple[list[int], list[int]]:
        """Each live hand's value (and low value) on ``self._board``; raises naming a fault."""
        n = self._n
        hands = self._variant.hands
        values = list(self._values)
        lows = list(self._low_values)
        if self._n_contending >= 2:
            b = self._board
            if self._holdem_showdown and -1 not in b:  # hold'em: the hot path
                b0, b1, b2, b3, b4 = b
                for i in range(n):
                    if live[i]:
                        h = self._hole[i]
                        v = _EVAL7(h[0], h[1], b0, b1, b2, b3, b4) if -1 not in h else -1
                        if v < 0:
                            v = self._value("high", i)  # raises, naming the fault
                        values[i] = v
            else:
                for i in range(n):
                    if live[i]:
                        values[i] = self._value(hands[0], i)
                        if split:
                            lows[i] = self._value(hands[1], i)
        return values, lows

    @property
    def rake(self) -> int:
        """Chips the house took from this round's pots (0 before the award or without a rake)."""
        return sum(e[2] for e in self._record if e[0] == "rake")

    def _value(self, kind: str, i: int) -> int:
        """Player ``i``'s hand value of one hand type (higher is better; 0 = no qualifying low).

        Raises IllegalActionError (never a builtin error, never a value) when a card is unknown
        (a replay's ``??``) or the evaluator reports an error."""
        h = self._hole[i]
        if -1 in h:
            raise _illegal(f"{self._name_of(i)}'s hole cards are unknown: the pot cannot be awarded", R_SHOWDOWN)
        if -1 in self._board:
            raise _illegal("a board card is unknown: the pot cannot be awarded", R_SHOWDOWN)
        if any(not 0 <= c < 52 for c in h) or any(not 0 <= c < 52 for c in self._board):  # pragma: no cover
            raise _illegal(f"{self._name_of(i)}'s hand holds a card outside 0..51: the pot cannot be awarded", R_SHOWDOWN)
        if kind == "high" and len(h) == 7:  # seven-card stud: the 7-card kernel, called directly
            v = _EVAL7(*h)
        else:
            t = HAND_TYPES[kind]
            hole_b, board_b = bytes(h), bytes(self._board)
            if not t.uses_board and board_b:  # a stud community card counts for every hand
                hole_b += board_b
            try:
                v = t.value(hole_b, board_b)
            except PyevalError as e:  # e.g. a card below 6 in a short-deck game
                raise _illegal(f"{self._name_of(i)}'s hand cannot be evaluated: {e}", R_SHOWDOWN) from None
        if v < 0:
            raise _illegal(f"{self._name_of(i)}'s hand cannot be evaluated (evaluator status {v}): the pot is not awarded",
                           R_SHOWDOWN)
        return int(v)


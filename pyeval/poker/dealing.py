"""Dealing in a poker round: hole cards, the board, stud streets and draw replacements (58 Pa. Code § 637a.11(f), (h)-(j); § 637a.10, § 637a.13)."""
from __future__ import annotations

from collections.abc import Sequence

from ..cards import CARD_TEXT, check_card
from ..errors import OutOfTurnError, ShoeError, ShoeExhaustedError
from .games import StreetSpec
from ..contracts import passes
from .rules import R_DEAL, R_SHOWDOWN, R_STREETS, R_TOURNAMENT, StreetOpener
from .state import CardsInput, RoundState, _as_cards, _check_new, _from_source, _illegal
from .stud import SHOW_BITS

_MAX_RUNS = 10
_AS_PREFLOP = StreetOpener.AS_PREFLOP  # (an enum member read through its class is a Python call)
#: run it more than once is a table convention: chapter 637a deals one board
R_RUN_IT = "house convention (docs/holdem.md: run it more than once)"


class Dealing(RoundState):
    """Hole cards and the next street (a part of :class:`~pyeval.poker.round.Round`)."""

    __slots__ = ()

    def _check_hole(self, cards: Sequence[CardsInput] | None) -> list[tuple[int, ...]]:
        if self._forced_bets_due or self._hole_dealt:
            raise OutOfTurnError("hole cards are dealt once, after the forced bets", R_DEAL)
        n = self._n
        if cards is None:
            if self._source is None:
                raise _illegal("no card source: give the hole cards explicitly", R_DEAL)
            return []
        if len(cards) != n:
            raise _illegal(f"hole cards for {n} players expected, got {len(cards)}", R_DEAL)
        out = [_as_cards(c) for c in cards]
        k = self._streets[0].down + self._streets[0].up
        for i, h in enumerate(out):
            if len(h) != k:
                raise _illegal(f"{self._name_of(i)} must receive {k} hole cards, got {len(h)}", R_DEAL)
        _check_new(out, [])
        return out

    def _take_from_source(self, cards: Sequence[int], burns: int = 0) -> None:
        """Cards dealt explicitly in a round that has a card source come out of that source, so they
        are never in the stub to be dealt again (issue 14 item 11). A source that cannot take
        particular cards out (it has no ``take``), or that does not hold them undealt, refuses the
        explicit deal; nothing changes then."""
        src = self._source
        known = [c for c in cards if c >= 0]
        if src is None or not known:
            return
        take = getattr(src, "take", None)
        if take is None:
            raise _illegal("cards given explicitly must come out of the round's card source, which cannot take "
                           "particular cards (use a pyeval.shoe.Shoe, or a round without a source)", R_DEAL)
        try:
            take(known, burns=burns)
        except ShoeError as exc:
            raise _illegal(f"cards given explicitly must come out of the round's card source: {exc}", R_DEAL) from None

    def can_deal_hole_cards(self) -> bool:
        """True after the forced bets (and any straddle) until the hole cards are dealt."""
        return not self._forced_bets_due and not self._hole_dealt

    def deal_hole_cards(self, cards: Sequence[CardsInput] | None = None) -> None:
        """Deal two hole cards to each player (§ 637a.11(f)) and open the preflop betting.

        From the card source: two rounds of one card each, starting left of the button, the button
        last. Or explicitly: ``cards[i]`` are player ``i``'s two cards (ints or text), for replays;
        in a round with a card source they are taken out of it (``Shoe.take``), or refused.

        Raises:
            OutOfTurnError / IllegalActionError: not due now; explicit cards of the wrong count,
            repeated, or not in a card source that can take them out. ShoeExhaustedError: the source
            holds too few cards. CardTypeError / CardCountError / InvalidCardError /
            DuplicateCardError: the card source returned bad cards (nothing changes).
        """
        if self._plain and cards is None and not self._forced_bets_due and not self._hole_dealt:
            self._fast_hole()  # (pyeval.poker.fast)
            return
        explicit = self._check_hole(cards)
        n = self._n
        first = self._streets[0]
        k = first.down + first.up
        if explicit:
            hole = [tuple(h) for h in explicit]
            self._take_from_source([c for h in hole for c in h])
        else:
            assert self._source is not None
            dealt = _from_source(self._source.deal(k * n), k * n, self._dealt)
            if min(dealt) < 16 and self._variant.short_deck:  # a 2..5: not in the 36-card deck
                raise _illegal(f"the card source dealt {CARD_TEXT[min(dealt)]}, which is not in the 36-card deck "
                               f"of {self._variant.name} (use pyeval.poker.games.ShortDeckSource)", R_DEAL)
            hole = [dealt[i::n] for i in range(n)]  # k rounds of one card, left of the button first
        self._hole = hole
        dealt_now = self._dealt
        for h in hole:
            dealt_now.update(h)
        self._record.extend([("hole", i, 0, hole[i]) for i in range(n)])
        self._hole_dealt = True
        if self._variant.forced == "bring_in":
            self._first_up_cards = upc = [h[first.down:] for h in hole]
            bits = SHOW_BITS[self._variant.low_leads]
            if first.up == 1:
                self._showing_ranks = [bits[u[0]] for u in upc]
            else:
                self._showing_ranks = [sum([bits[c] for c in u]) for u in upc]
            self._actor = None
            if self._n_able_to_act < 2:  # every other player all in on his ante: no betting, no bring-in
                self._street_done()      # (§ 637a.8(b)(5): an all-in player bets no more); cards dealt out
                return
            self._bring_in_due = True
            return
        # Preflop: blinds and straddler have not acted and keep the option to raise.
        self._actor = self._first_from(self._preflop_first)
        self._last_aggressor = self._preflop_first
        if self._actor is None:
            self._street_done()
        elif self._sitting_out:
            self._fold_sitting_out()


    # ------------------------------------------------------------------ run it more than once
    def _run_boards_base(self) -> int:
        """Board cards every run shares: those dealt before :meth:`run_it`."""
        return sum(s.board for s in self._streets[:self._run_street + 1])

    def _check_run_it(self, times: int) -> None:
        if type(times) is not int or not 2 <= times <= _MAX_RUNS:
            raise _illegal(f"the board is run 2..{_MAX_RUNS} times, got {times!r}", R_RUN_IT)
        if self._rules.tournament:  # pokerkit's tournament mode too: one runout
            raise _illegal("a tournament board is run once only", R_TOURNAMENT)
        if self._runs > 1:
            raise OutOfTurnError(f"the board is already run {self._runs} times", R_RUN_IT)
        if not (self._hole_dealt and self._betting_closed and self._actor is None and not self._awarded
                and self._n_contending >= 2 and self._street < self._last_street):
            raise OutOfTurnError("the board is run more than once only when no more betting is possible "
                                 "(all-in) and board cards are still to come", R_RUN_IT)
        rest = self._streets[self._street + 1:]
        if self._is_stud or self._has_draws or any(s.down or s.up or s.draw or not s.board for s in rest):
            raise _illegal(f"{self._variant.name} deals cards other than board cards: it cannot be run more "
                           "than once", R_RUN_IT)
        need = times * sum(s.board + 1 for s in rest)  # board cards and a burn per street, each run
        have = getattr(self._source, "remaining", None)
        if isinstance(have, int) and need > have:
            raise _illegal(f"running the board {times} times needs {need} cards, the card source has {have}", R_RUN_IT)

    def can_run_it(self, times: int = 2) -> bool:
        """True when the dealer may deal the rest of the board ``times`` times (:meth:`run_it`)."""
        return passes(self._check_run_it, times)

    def run_it(self, times: int = 2) -> None:
        """Deal the rest of the board ``times`` times (run it twice: ``times=2``), a dealer step.

        Allowed once, when no more betting is possible (every live hand but at most one all-in)
        and board cards are still to come, in board games only (hold'em, Omaha; not stud or draw).
        A table convention, not in 58 Pa. Code chapter 637a (which deals one board): see
        ``docs/holdem.md``. Recorded as a ``run_it`` event (``amount``: ``times``). Then
        :meth:`deal_board` deals the remaining streets of run 1, then of run 2, ... each with its
        own burn; the cards of a finished run stay out of play (:attr:`run_boards`).

        At the award each pot (after rake) is cut into ``times`` parts: ``amount // times`` each,
        and the remainder ``amount % times`` is given out as the odd chips of a tie among ``times``
        winners in run order (``rules.odd_chip``: one per run from run 1, or all to run 1 up to the
        $1 cap of § 637a.11(k); uncapped in tournament mode). Each part is awarded on
        its run's board alone, a tie in it split by ``rules.odd_chip`` as for a whole pot. Chips
        are conserved.

        Raises:
            IllegalActionError: ``times`` not an int in 2..10, a stud or draw game, a card source
                too short for every run, or tournament mode (a tournament board is run once, as in
                pokerkit's tournament mode).
            OutOfTurnError: betting still possible, no board card to come, or already run.
        """
        self._check_run_it(times)
        self._runs = times
        self._plain = self._plain_nl = False  # the fast paths deal and award one board
        self._run_street = self._street
        self._record.append(("run_it", None, times, ()))

    @property
    def run_boards(self) -> tuple[tuple[int, ...], ...]:
        """Each run's board (one entry without :meth:`run_it`); the last one may still be dealing."""
        return tuple(self._run_boards) + (tuple(self._board),)

    def _next_street(self) -> StreetSpec | None:
        return self._streets[self._street + 1] if self._street < self._last_street else None

    def next_street(self) -> StreetSpec | None:
        """The street the dealer deals next (its card counts: ``board``, ``down``, ``up``, ``draw``), or
        None after the last street."""
        return self._next_street()

    def community_card_due(self) -> bool:
        """Stud: True when the next street is one community card in the center instead of a card to
        each live player (the deck cannot give every live player one; see :meth:`deal_board`)."""
        spec = self._next_street()
        return spec is not None and self._community_card_due(spec)

    def _check_board(self, cards: CardsInput | None, burn: int | None,
                     hole: Sequence[CardsInput | None] | None = None) -> tuple[tuple[int, ...], list[tuple[int, ...] | None]]:
        if not self._hole_dealt or self._actor is not None or self._bring_in_due:
            raise OutOfTurnError("the next cards are dealt only when a betting round is complete", R_STREETS)
        if self._n_contending < 2:
            raise _illegal("only one player remains: no more cards are dealt", R_SHOWDOWN)
        spec = self._next_street()
        if spec is None:
            raise _illegal("every street is dealt", R_STREETS)
        if self._draw_queue:
            raise OutOfTurnError(f"{self._name_of(self._draw_queue[0])} has yet to discard or stand pat", R_STREETS)
        if spec.draw and len(self._draw_discards) < self._n_contending:
            raise OutOfTurnError("the players discard before the draw is dealt", R_STREETS)
        if cards is None and hole is None and burn is None:
            if self._source is None:
                raise _illegal("no card source: give the cards explicitly", R_STREETS)
            return (), []
        community = self._community_card_due(spec)
        nb = 1 if community else spec.board
        per = [len(self._draw_discards.get(i, ())) if spec.draw else spec.down + spec.up for i in range(self._n)]
        out: tuple[int, ...] = ()
        holes: list[tuple[int, ...] | None] = [None] * self._n
        if nb:
            out = _as_cards(cards if cards is not None else ())
            if len(out) != nb:
                what = "the community card" if community else f"{nb} board card{'s' if nb > 1 else ''}"
                raise _illegal(f"this street is {what}, got {len(out)}", R_STREETS)
        elif cards:
            raise _illegal("no board cards on this street", R_STREETS)
        if community:
            if hole is not None and any(h for h in hole):
                raise _illegal("the deck cannot give every player a last card: one community card is dealt "
                               "instead", R_STREETS)
            holes = []
        elif spec.down or spec.up or spec.draw:
            if hole is None or len(hole) != self._n:
                raise _illegal(f"cards for each of the {self._n} players expected", R_DEAL)
            for i, h in enumerate(hole):
                want = 0 if self._folded[i] or self._mucked[i] else per[i]
                got = () if h is None else _as_cards(h)
                if len(got) != want:
                    raise _illegal(f"{self._name_of(i)} receives {want} card{'s' if want != 1 else ''} now, got {len(got)}", R_DEAL)
                holes[i] = got
        if spec.draw:
            # dead cards (earlier discards, folded hands, the discards of players served earlier in
            # this draw) may come back after a reshuffle; cards in play, a player's own discards and
            # those of players yet to be served may not
            seen = {c for i, h in enumerate(self._hole) if not self._folded[i] for c in h if c >= 0}
            for i, h in enumerate(holes):
                if h:
                    later = {c for j, d in self._draw_discards.items() if j >= i for c in d}
                    _check_new([h], [tuple(seen), tuple(later)])
                    seen.update(c for c in h if c >= 0)
            return out, holes
        extra = out if burn is None else out + (check_card(burn),)
        _check_new([extra] + [h for h in holes if h], self._hole + [tuple(self._board), tuple(c for c in self._burns if c is not None)]
                   + [d for d in self._draw_discards.values()] + self._run_boards)
        return out, holes

    def _in_play(self, draw: bool = False) -> set[int]:
        """The cards a card source may not deal now: every card of this round dealt or burned
        (``_dealt``, kept as cards are dealt; not to be changed by the caller); for a draw only
        those not reshuffled back (the live hands, the dead cards not yet racked and this draw's
        discards)."""
        if not draw:
            return self._dealt
        seen: set[int] = set().union(*[h for i, h in enumerate(self._hole) if not self._folded[i]])
        seen.update(self._dead_cards)
        for d in self._draw_discards.values():
            seen.update(d)
        seen.discard(-1)
        return seen

    def _source_has(self, k: int) -> None:
        """Raise ShoeExhaustedError (changing nothing) when the card source says it holds fewer than
        ``k`` cards; a source without ``remaining`` is trusted."""
        rem = getattr(self._source, "remaining", None)
        if isinstance(rem, int) and rem < k:
            raise ShoeExhaustedError(f"the next street needs {k} card(s); the card source holds {rem}")

    def _cards_used(self) -> int:
        """Cards taken from the deck this round so far (hole, board, burns; unknown ones included)."""
        return sum(len(h) for h in self._hole) + len(self._board) + len(self._burns)

    def _community_card_due(self, spec: StreetSpec) -> bool:
        """Stud: True when the last street cannot give every live player a card from one deck, so
        one card is turned face up in the center for all (after a burn)."""
        if not self._is_stud or self._street + 1 != self._last_street or spec.board:
            return False
        live = self._n - sum(1 for f, m in zip(self._folded, self._mucked) if f or m)
        return 52 - self._cards_used() < live * (spec.down + spec.up)

    def can_deal_board(self) -> bool:
        """True when a betting round (and any draw) is complete and the next street's cards are due."""
        return (self._hole_dealt and self._actor is None and not self._bring_in_due and self._n_contending >= 2
                and self._street < self._last_street and not self._draw_queue
                and (not self._streets[self._street + 1].draw or len(self._draw_discards) >= self._n_contending))

    def deal_board(self, cards: CardsInput | None = None, burn: int | None = None,
                   hole: Sequence[CardsInput | None] | None = None) -> None:
        """Deal the next street and open its betting round.

        Hold'em and Omaha: burn one card and deal the board face up: flop (3), turn (1), river (1)
        (§ 637a.11(h)-(j)). Stud: one card to each live player, face up or (last street) down
        (§ 637a.10); the best showing hand (razz: the best low) leads. When a one-deck stud game
        cannot give every live player a last card, the dealer burns and turns one card face up in
        the center instead, a community card for every hand (the standard card-room rule; PA's
        § 637a.10 is silent, see ``docs/holdem.md``). Draw games: each player's replacements for his
        discards (§ 637a.13, § 637a.20, § 637a.21). From the card source, or explicitly: ``cards``
        (board, or the stud community card), ``hole[i]`` (player ``i``'s new cards; None or ``()``
        for none), ``burn`` if known. All-in players still receive every card (§ 637a.8(b)(5)(ii)).

        Cards from the card source are validated (card ints 0..51, none already in play); a source
        that is short or returns bad cards raises before the round changes, and the burn card is not
        taken when the cards after it are not there.

        Raises:
            OutOfTurnError / IllegalActionError: not due now, or explicit cards of the wrong count,
            already dealt, or not in a card source that can take them out. ShoeExhaustedError: the
            card source has too few cards. CardTypeError / CardCountError / InvalidCardError /
            DuplicateCardError: the card source returned bad cards.
        """
        if cards is None and burn is None and hole is None and self._deal_board_from_source():
            return
        out, holes = self._check_board(cards, burn, hole)
        spec = self._streets[self._street + 1]
        community = self._community_card_due(spec)
        on_board = bool(spec.board or community)
        b: int | None = burn
        events: list[tuple[str, int | None, int, tuple[int, ...]]] = []
        dead: list[int] | None = None  # draw games: the dead cards after this deal
        if out or holes:  # explicit cards: out of the card source too, burn first (or refused)
            self._take_from_source(([check_card(burn)] if burn is not None else []) + list(out)
                                   + [c for h in holes if h for c in h], 1 if burn is not None else 0)
        else:
            if on_board:
                b, out = self._board_from_source(1 if community else spec.board)
            holes, dead = self._player_cards_from_source(spec, community, events)
        # every check is done: from here on the round changes
        self._record.extend(events)
        if dead is not None:
            self._dead_cards = dead
        if not spec.draw:  # cards now in play (a draw's cards may come back after a reshuffle)
            self._mark_dealt(b, out, holes)
        if on_board:
            self._place_board(b, out)
        if holes:
            self._place_player_cards(spec, holes)
        self._draw_discards = {}
        self._street += 1
        self._after_street_dealt()

    def _deal_board_from_source(self) -> bool:
        """:meth:`deal_board` in the common case, a board street from the card source (hold'em,
        Omaha): the checks of :meth:`_check_board` that apply, :meth:`_board_from_source`,
        :meth:`_place_board` and the next betting round, inlined. False, having changed nothing,
        when the case does not apply (the general path then deals or raises)."""
        if not (not self._is_stud and not self._has_draws and self._runs == 1 and self._source is not None
                and self._actor is None and self._hole_dealt and self._n_contending >= 2
                and self._street < self._last_street):
            return False
        spec = self._streets[self._street + 1]
        nb = spec.board
        if not nb or spec.down or spec.up or spec.draw:
            return False
        src = self._source
        self._source_has(1 + nb)  # never burn a card when the cards after it are not there
        dealt = self._dealt
        got = _from_source((src.burn(), *src.deal(nb)), 1 + nb, dealt)
        # every check is done: from here on the round changes
        dealt.update(got)
        self._burns.append(got[0])
        rec = self._record
        rec.append(("burn", None, 0, got[:1]))
        self._board.extend(got[1:])
        rec.append(("board", None, 0, got[1:]))
        self._draw_discards = {}
        self._street += 1
        if not self._betting_closed:
            self._open_betting()
        return True

    # ---- deal_board's parts, by street kind: board cards (hold'em, Omaha; the stud community
    # card), each player's cards (stud up and down cards, draw replacements), then the next betting
    def _board_from_source(self, nb: int) -> tuple[int, tuple[int, ...]]:
        """A burn and ``nb`` board cards from the card source, validated (nothing changes on error)."""
        src = self._source
        assert src is not None
        self._source_has(1 + nb)  # never burn a card when the cards after it are not there
        got = _from_source((src.burn(), *src.deal(nb)), 1 + nb, self._in_play())
        return got[0], got[1:]

    def _player_cards_from_source(self, spec: StreetSpec, community: bool,
                                  events: list[tuple[str, int | None, int, tuple[int, ...]]]
                                  ) -> tuple[list[tuple[int, ...] | None], list[int] | None]:
        """Each live player's cards of this street from the card source, one card (or his
        replacements) in turn from left of the button; with the dead cards after a draw (else None).
        A draw from a short stub reshuffles (its events go to ``events``)."""
        src = self._source
        assert src is not None
        n = self._n
        k = spec.down + spec.up
        if not ((k and not community) or spec.draw):
            return [], None
        holes: list[tuple[int, ...] | None] = [None] * n
        folded, mucked, disc = self._folded, self._mucked, self._draw_discards
        want = [0 if folded[i] or mucked[i] else (len(disc.get(i, ())) if spec.draw else k) for i in range(n)]
        need = sum(want)
        if spec.draw and need > getattr(src, "remaining", need):  # a short stub
            return holes, self._draw_with_reshuffle(want, holes, events)
        dealt = _from_source(src.deal(need), need, self._in_play(spec.draw))
        j = 0
        for i in range(n):
            m = want[i]
            if m:
                holes[i] = dealt[j:j + m]
                j += m
        if not spec.draw:
            return holes, None
        dead = list(self._dead_cards)  # the replaced discards are dead cards from now on
        for d in disc.values():
            dead.extend(d)
        return holes, dead

    def _mark_dealt(self, burn: int | None, board: tuple[int, ...], holes: list[tuple[int, ...] | None]) -> None:
        dealt_now = self._dealt
        dealt_now.update(board)
        if burn is not None:
            dealt_now.add(burn)
        for h in holes:
            if h:
                dealt_now.update(h)

    def _place_board(self, burn: int | None, board: tuple[int, ...]) -> None:
        """Board street (or the stud community card): the burn, then the cards face up (§ 637a.11(h)-(j))."""
        self._burns.append(burn)
        if burn is not None:
            self._record.append(("burn", None, 0, (burn,)))
        self._board.extend(board)
        self._record.append(("board", None, 0, tuple(board)))

    def _place_player_cards(self, spec: StreetSpec, holes: list[tuple[int, ...] | None]) -> None:
        """Player-card street: each player's new cards; stud up cards also add to his showing hand (§ 637a.10)."""
        hole, ev = self._hole, self._record
        stud_up = spec.up and not spec.draw
        ups, nd = self._showing_ranks, spec.down
        bits = SHOW_BITS[self._variant.low_leads]
        for i, h in enumerate(holes):
            if h:
                hole[i] += h
                if stud_up:  # stud: the down cards first, then the up cards
                    for c in h[nd:]:
                        ups[i] += bits[c]
                ev.append(("hole", i, 0, h))

    def _after_street_dealt(self) -> None:
        """The street is dealt: start the next run, queue the showdown, open a draw or the betting."""
        if self._runs > 1 and self._street == self._last_street and len(self._run_boards) < self._runs - 1:
            # run it more than once: this run's board is complete; the next run starts again from
            # the street the dealer ran it from (the earlier cards stay out of play)
            self._run_boards.append(tuple(self._board))
            del self._board[self._run_boards_base():]
            self._street = self._run_street
            return
        if self._betting_closed and self._street == self._last_street and self._has_draws and self._n_contending >= 2:
            self._last_aggressor = 0  # no bet in the final betting round: the first live hand left of the button shows first
            self._queue_showdown()
        elif self._betting_closed and self._n_contending >= 2 and self._street < self._last_street and self._streets[self._street + 1].draw:
            self._open_draw()
        if not self._betting_closed:
            self._open_betting()

    def _open_betting(self) -> None:
        """A new betting round after a street: bets cleared, the lead acts first (§ 637a.11(g)-(j))."""
        n = self._n
        self._bets = [0] * n
        self._acted = [False] * n
        self._acted_at_raise = [-1] * n
        self._acted_at_bet = [0] * n
        self._full_bet_to = 0
        self._checked = [False] * n
        self._bet_to = 0
        self._raises = 0
        self._full_raises = 0
        self._min_raise = self._rules.min_bet
        lead = self._showing_leader() if self._is_stud else 0
        if self._is_stud:
            self._stud_round_rules()  # type: ignore[attr-defined]
        self._last_aggressor = lead
        if (self._street >= 2 and not self._is_stud and not self._has_draws
                and self._rules.turn_river_opener is _AS_PREFLOP):
            lead = self._preflop_first  # § 637a.11(i), (j) "in accordance with (g)", read literally
        self._actor = self._first_from(lead)
        if self._actor is None:
            self._street_done()
        elif self._sitting_out:
            self._fold_sitting_out()

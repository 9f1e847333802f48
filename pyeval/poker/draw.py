"""Draw games in a poker round: discards, standing pat and a draw served after reshuffling the dead cards (58 Pa. Code § 637a.13, § 637a.20, § 637a.21)."""
from __future__ import annotations

from typing import Any

from ..cards import CARD_TEXT
from ..contracts import passes
from ..errors import CardTypeError, OutOfTurnError, ShoeExhaustedError
from .games import StreetSpec
from .rules import R_DEAL, R_STREETS
from .state import CardsInput, RoundState, _as_cards, _from_source, _illegal

class Draw(RoundState):
    """Discards and draws (a part of :class:`~pyeval.poker.round.Round`)."""

    __slots__ = ()

    def _next_street(self) -> StreetSpec | None:
        return self._streets[self._street + 1] if self._street < self._last_street else None


    def _draw_with_reshuffle(self, want: list[int], holes: list[tuple[int, ...] | None],
                             events: list[tuple[str, int | None, int, tuple[int, ...]]]) -> list[int]:
        """Deal a draw whose replacements exceed the stub: players are served in turn; when the stub
        cannot serve the next one, the dead cards (discards replaced in earlier draws and for the
        players already served in this one, folded hands) go to the rack, which the dealer shuffles
        back under the stub (``Shoe.reshuffle_rack``; the standard card-room rule for § 637a.13,
        § 637a.20, § 637a.21). The drawing player's own discards, and those of players yet to be
        served, stay out. Checked first: if even that cannot serve everyone, nothing changes.

        Fills ``holes``, appends the reshuffle events to ``events`` and returns the dead cards after
        the draw; the round itself is not changed here (the caller applies it all once every card
        is validated).
        """
        src: Any = self._source  # a Shoe: remaining, discard, reshuffle_rack
        if not hasattr(src, "reshuffle_rack") or not hasattr(src, "discard"):
            raise _illegal("the stub cannot complete the draw and this card source cannot reshuffle the "
                           "discards", R_DEAL)
        disc = self._draw_discards
        avail, pool = src.remaining, len(self._dead_cards)
        for i, m in enumerate(want):  # dry run, counts only
            if m and avail < m:
                avail, pool = avail + pool, 0
                if avail < m:
                    raise ShoeExhaustedError(f"the draw needs {sum(want)} cards: the stub and the discards "
                                             "cannot serve every player")
            avail -= m
            pool += len(disc.get(i, ()))
        dead = list(self._dead_cards)
        # cards a source may not deal: the live hands, the cards served in this draw, and the discards
        # of the players not yet served (each player's own discards included)
        held = {c for i, h in enumerate(self._hole) if not self._folded[i] for c in h if c >= 0}
        n, i, last = len(want), 0, -1
        while i < n:
            rem, j, tot = src.remaining, i, 0
            while j < n and tot + want[j] <= rem:  # the players the stub serves now, in one deal
                tot += want[j]
                j += 1
            later = {c for q, d in disc.items() if q >= i for c in d if c >= 0}
            dealt = _from_source(src.deal(tot), tot, held | later | {c for c in dead if c >= 0}) if tot else ()
            held.update(dealt)
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
                events.append(("reshuffle", None, src.reshuffle_rack(), ()))
                dead = []
            i = j
        return dead

    def _open_draw(self) -> None:
        """Draw games: after a betting round, the live players discard in turn from the button's left."""
        spec = self._next_street()
        if spec is not None and spec.draw and self._n_contending >= 2 and not self._draw_discards and not self._draw_queue:
            self._draw_queue = [i for i in range(self._n) if not (self._folded[i] or self._mucked[i])]

    def discard(self, cards: CardsInput = (), player: int | None = None) -> None:
        """Draw games: the player whose turn it is discards ``cards`` (``()`` stands pat); the dealer
        replaces them with :meth:`deal_board` once every live player has declared (§ 637a.13).

        Raises:
            OutOfTurnError: no draw now or not this player's turn. IllegalActionError: a card he does not hold.
        """
        p, out, held = self._check_discard(cards, player)
        self._draw_queue.pop(0)
        self._hole[p] = tuple(held)
        self._draw_discards[p] = out
        self._record.append(("discard", p, len(out), out))

    def can_discard(self, cards: CardsInput = (), player: int | None = None) -> bool:
        """True when ``player`` (default: whoever is to draw) may discard ``cards`` now (``()``: stand pat)."""
        return passes(self._check_discard, cards, player)

    def _drawing_player(self, player: int | None) -> int:
        """The player whose turn it is to discard (``player``, when given, must be him)."""
        if not self._draw_queue:
            raise OutOfTurnError("no draw is in progress", R_STREETS)
        p = self._draw_queue[0]
        if player is not None and player != p:
            self._check_index(player)
            raise OutOfTurnError(f"{self._name_of(p)} discards first, not {self._name_of(player)}", R_STREETS)
        return p

    def _check_discard(self, cards: CardsInput, player: int | None) -> tuple[int, tuple[int, ...], list[int]]:
        p = self._drawing_player(player)
        held = list(self._hole[p])
        if not cards:
            out: tuple[int, ...] = ()
        elif type(cards) in (tuple, list) and all([type(c) is int and c in held for c in cards]):
            out = tuple(cards)  # type: ignore[arg-type]  # card ints he holds: valid cards, no conversion needed
        else:
            out = _as_cards(cards)
        for c in out:
            if c not in held:
                raise _illegal(f"{self._name_of(p)} does not hold {CARD_TEXT[c]}", R_DEAL)
            held.remove(c)
        if len(set(out)) != len(out):
            raise _illegal("a card is discarded twice", R_DEAL)
        return p, out, held

    def discard_unknown(self, count: int, player: int | None = None) -> None:
        """Replays: the player discards ``count`` cards that were never shown (unknown hole cards).

        Raises:
            CardTypeError: ``count`` not an int >= 0. OutOfTurnError / IllegalActionError: no draw
            now, not this player's turn, or more unknown cards than he holds.
        """
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise CardTypeError(f"a number of cards to discard is an int >= 0, got {count!r}")
        p = self._drawing_player(player)
        held = list(self._hole[p])
        unknown = [c for c in held if c < 0]
        if count > len(unknown):
            raise _illegal(f"{self._name_of(p)} holds only {len(unknown)} unknown cards", R_DEAL)
        for _ in range(count):
            held.remove(-1)
        self._draw_queue.pop(0)
        self._hole[p] = tuple(held)
        self._draw_discards[p] = (-1,) * count
        self._record.append(("discard", p, count, ()))


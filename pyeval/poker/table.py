"""A Hold'em table that lasts across rounds: seats, table stakes, the button.

Source: 58 Pa. Code § 637a.11(b) (at most ten players), § 637a.11(c) (placing and moving the
button), § 637a.8(b)(2) (chips are added only between rounds) and § 637a.8(b)(4) (who may be dealt
in). Seats are numbered ``1..rules.seats`` clockwise from the dealer's left, so the dealer's right
is the highest-numbered seat. Chips are ints in the table's smallest unit.
"""
from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import NamedTuple

from ..errors import CardTypeError, IllegalActionError
from .round import CardSource, Round
from .rules import R_ADD_CHIPS, R_BUTTON, R_MIN_STAKES, R_SEATS, ButtonPlacement, ButtonRule, HeadsUpOrder, PokerRules


R_ABSENCE = "58 Pa. Code § 637a.8(b)(6)"


class AbsenceSafeguard(enum.Enum):
    """How a floorperson protects the table stakes of a player who steps away during a round."""

    #: Count the stakes before the player leaves and verify them on his return, § 637a.8(b)(6)(i).
    COUNT = "count"
    #: Keep the stakes on the table under a nontransparent cover until he returns, § 637a.8(b)(6)(ii).
    COVER = "cover"


class Absence(NamedTuple):
    """A player's temporary absence (§ 637a.8(b)(6)): the safeguard used and the stakes recorded
    (chips, the table's unit) when he left."""

    seat: int
    safeguard: AbsenceSafeguard
    stakes: int


class ReturnReport(NamedTuple):
    """The floorperson's check when an absent player returns (§ 637a.8(b)(6)): the stakes recorded
    when he left, those found now, and whether they match."""

    seat: int
    safeguard: AbsenceSafeguard
    recorded: int
    found: int

    @property
    def verified(self) -> bool:
        """True when the stakes found equal those recorded (§ 637a.8(b)(6)(i))."""
        return self.recorded == self.found


class Table:
    """Seats, stacks and the button of one table, and the round in progress.

    Args:
        rules: the table's :class:`PokerRules`.
        stacks: ``{seat: table stakes}`` of the players seated at the start (seats 1..rules.seats).
        shoe: the default card source for rounds (e.g. :class:`pyeval.shoe.Shoe`); if it has a
            ``shuffle()`` method it is shuffled before each round.
    Raises:
        IllegalActionError: a seat outside 1..seats or stakes that are not positive ints.
    """

    def __init__(self, rules: PokerRules, stacks: Mapping[int, int] | None = None,
                 shoe: CardSource | None = None) -> None:
        if not isinstance(rules, PokerRules):
            raise CardTypeError(f"rules must be a PokerRules, got {type(rules).__name__}")
        self.rules = rules
        self.shoe = shoe
        self._stacks: dict[int, int] = {}
        self._button: int | None = None
        self._round: Round | None = None
        self._seats_in_round: tuple[int, ...] = ()
        self.button_cards: dict[int, int] = {}
        self._away: dict[int, Absence] = {}
        # the last round's button seat and the seat of each blind position (the button rule's memory)
        self._last_button: int | None = None
        self._last_blind_seats: tuple[int, ...] = ()
        self._blind_posters: tuple[int | None, ...] | None = None
        for seat, stack in (stacks or {}).items():
            self._check_seat(seat, empty=True)
            self._check_chips(stack)
            self._stacks[seat] = stack

    # ---- queries -------------------------------------------------------------------------------
    @property
    def stacks(self) -> dict[int, int]:
        """``{seat: table stakes}`` between rounds (during a round: as they were when it began)."""
        return dict(sorted(self._stacks.items()))

    @property
    def button(self) -> int | None:
        """The seat with the button, or None before it is placed."""
        return self._button

    @property
    def round(self) -> Round | None:
        """The round in progress (or finished but not yet ended), else None."""
        return self._round

    @property
    def in_round(self) -> bool:
        """True from :meth:`start_round` until :meth:`end_round`."""
        return self._round is not None

    @property
    def seats_in_round(self) -> tuple[int, ...]:
        """Seat of each round index of the current round (index 0 left of the button, last = button)."""
        return self._seats_in_round

    def dealt_in(self) -> tuple[int, ...]:
        """The seats that would be dealt into the next round, clockwise from left of the button:
        only seated players (§ 637a.8(a)) with at least ``rules.required_stakes`` (the forced bets
        and one minimum bet, § 637a.8(b)(4)), placed by the table's button rule
        (:class:`~pyeval.poker.ButtonRule`; under the dead-button rule a player arriving between the
        button and the big blind waits)."""
        return self._plan()[1]

    def _eligible(self) -> list[int]:
        need = self.rules.required_stakes
        return sorted(s for s, v in self._stacks.items() if v >= need and s not in self._away)

    @staticmethod
    def _after(seats: list[int], start: int) -> list[int]:
        """``seats`` clockwise from the first one after seat ``start``."""
        return [s for s in seats if s > start] + [s for s in seats if s <= start]

    def _plan(self) -> tuple[int | None, tuple[int, ...], tuple[int | None, ...] | None, tuple[int, ...]]:
        """The next round as the button rule places it: (button seat, seats dealt in clockwise from
        left of the button, blind posters by round index or None for the default, blind seats)."""
        seats = self._eligible()
        b = self._button
        if b is None or len(seats) < 2:
            return b, tuple(self._after(seats, b) if b is not None else seats), None, ()
        rules = self.rules
        k = len(rules.blinds)
        last_b, last_blinds = self._last_button, self._last_blind_seats
        if last_b is None or not k:  # the first round, or no blinds: dealt in after the placed button
            order = self._after(seats, b)
            if last_b is not None:  # no blinds (stud): the button moves to the next player dealt in
                order = self._after(seats, self._after(seats, last_b)[0])
            return order[-1], tuple(order), None, self._default_blind_seats(order)
        if rules.button_rule is ButtonRule.MOVING_BUTTON:
            button = self._after(seats, last_b)[0]
            order = self._after(seats, button)
            blind_seats = self._default_blind_seats(order)
            if blind_seats and blind_seats[-1] == last_blinds[-1]:  # he posted the big blind last round
                button = order[0]
                order = self._after(seats, button)
                blind_seats = self._default_blind_seats(order)
            return button, tuple(order), None, blind_seats
        # dead button: the big blind moves one player; the other blinds and the button follow it
        bb = self._after(seats, last_blinds[-1])[0]
        positions = last_blinds[1:] + (bb,)
        button = last_blinds[0]
        arc = self._after(list(range(1, rules.seats + 1)), button)
        waiting = set(arc[:arc.index(bb)]) - set(positions[:-1])  # between the button and the big blind
        order = [s for s in self._after(seats, button) if s not in waiting]
        index = {s: i for i, s in enumerate(order)}
        posters = [index.get(s) for s in positions[:-1]] + [index[bb]]
        posters = [None if (p is not None and p == posters[-1] and j < k - 1) else p for j, p in enumerate(posters)]
        return button, tuple(order), tuple(posters), positions

    def _default_blind_seats(self, order: list[int]) -> tuple[int, ...]:
        """The seats posting each blind when the blinds go to the players left of the button in turn."""
        k, n = len(self.rules.blinds), len(order)
        if not k or n < 2:
            return ()
        if n == 2 and self.rules.heads_up is HeadsUpOrder.BUTTON_SMALL_BLIND:
            return tuple(order[(1, 0)[i % 2]] for i in range(k))
        return tuple(order[i % n] for i in range(k))

    # ---- seating and chips ---------------------------------------------------------------------
    def _check_seat(self, seat: object, *, empty: bool | None = None) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.rules.seats:
            raise IllegalActionError(f"seat must be 1..{self.rules.seats}, got {seat!r}", R_SEATS)
        if empty is True and seat in self._stacks:
            raise IllegalActionError(f"seat {seat} is taken", R_SEATS)
        if empty is False and seat not in self._stacks:
            raise IllegalActionError(f"seat {seat} is empty", R_SEATS)
        return seat

    @staticmethod
    def _check_chips(amount: object) -> int:
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise IllegalActionError(f"chips must be a positive int, got {amount!r}", R_ADD_CHIPS)
        return amount

    def _between_rounds(self, what: str) -> None:
        if self._round is not None:
            raise IllegalActionError(f"{what} only between rounds of play", R_ADD_CHIPS)

    def sit(self, seat: int, stack: int) -> None:
        """Seat a player at an empty seat with ``stack`` table stakes (between rounds only)."""
        self._between_rounds("a player may sit down")
        self._check_seat(seat, empty=True)
        self._check_chips(stack)
        self._stacks[seat] = stack

    def leave(self, seat: int) -> int:
        """A player leaves between rounds; returns his table stakes."""
        self._between_rounds("a player may leave with his table stakes")
        self._check_seat(seat, empty=False)
        self._not_away(seat, "leave with his table stakes")
        return self._stacks.pop(seat)

    def add_chips(self, seat: int, amount: int) -> None:
        """Add ``amount`` to a seated player's table stakes; only between rounds (§ 637a.8(b)(2))."""
        self._between_rounds("chips may be added to table stakes")
        self._check_seat(seat, empty=False)
        self._not_away(seat, "add chips")
        self._check_chips(amount)
        self._stacks[seat] += amount

    # ---- temporary absence ---------------------------------------------------------------------
    @property
    def away(self) -> dict[int, Absence]:
        """``{seat: Absence}`` of the players temporarily away from the table (§ 637a.8(b)(6))."""
        return dict(self._away)

    def _not_away(self, seat: int, what: str) -> None:
        if seat in self._away:
            raise IllegalActionError(f"seat {seat} is temporarily away and cannot {what}", R_ABSENCE)

    def _stakes_now(self, seat: int) -> int:
        if self._round is not None and seat in self._seats_in_round:
            return int(self._round.stacks[self._seats_in_round.index(seat)])
        return self._stacks[seat]

    def step_away(self, seat: int, safeguard: AbsenceSafeguard = AbsenceSafeguard.COUNT) -> Absence:
        """A player leaves the table temporarily without giving up his seat, during a round or
        between rounds (§ 637a.8(b)(6)). His table stakes are recorded (counted, (b)(6)(i), or
        covered, (b)(6)(ii)); while he is away they cannot be added to or taken away, and he is
        not dealt into new rounds.

        Raises:
            IllegalActionError: an empty seat, a player already away, or a bad safeguard.
        """
        self._check_seat(seat, empty=False)
        if seat in self._away:
            raise IllegalActionError(f"seat {seat} is already away", R_ABSENCE)
        if not isinstance(safeguard, AbsenceSafeguard):
            raise IllegalActionError(f"safeguard must be an AbsenceSafeguard, got {safeguard!r}", R_ABSENCE)
        absence = Absence(seat, safeguard, self._stakes_now(seat))
        self._away[seat] = absence
        return absence

    def return_to_table(self, seat: int) -> ReturnReport:
        """The absent player returns: the floorperson compares his table stakes with those recorded
        when he left (§ 637a.8(b)(6)(i)) or uncovers them (§ 637a.8(b)(6)(ii)). Chips he won or lost
        in a round that was already under way count as found; ``verified`` tells whether they match.

        Raises:
            IllegalActionError: the seat is not away.
        """
        absence = self._away.get(seat)
        if absence is None:
            raise IllegalActionError(f"seat {seat!r} is not away from the table", R_ABSENCE)
        del self._away[seat]
        return ReturnReport(seat, absence.safeguard, absence.stakes, self._stakes_now(seat))

    # ---- the button ----------------------------------------------------------------------------
    def place_button(self, cards: CardSource | None = None) -> int:
        """Place the button at the start of play (§ 637a.11(c)(1)) and return its seat.

        ``RIGHT_OF_DEALER``: the occupied seat nearest the dealer's right (the highest-numbered).
        ``HIGH_CARD``: one card to each occupied seat in seat order from ``cards`` (default the
        table's shoe); the highest rank wins, ties by ``rules.suit_order``; equal cards (several
        decks) are dealt again among the tied seats. The cards are kept in :attr:`button_cards`.
        Raises:
            IllegalActionError: during a round, or fewer than two players seated.
        """
        self._between_rounds("the button is placed")
        if len(self._stacks) < 2:
            raise IllegalActionError("at least two players are needed to start play", R_BUTTON)
        self._last_button, self._last_blind_seats = None, ()
        if self.rules.button_placement is ButtonPlacement.RIGHT_OF_DEALER:
            self._button = max(self._stacks)
            return self._button
        src = cards if cards is not None else self.shoe
        if src is None:
            raise IllegalActionError("placing the button by high card needs a card source", R_BUTTON)
        key = self.rules.card_order_key
        contenders = sorted(self._stacks)
        drawn: dict[int, int] = {}
        while True:
            dealt = src.deal(len(contenders))
            drawn.update(zip(contenders, dealt))
            best = max(key(c) for c in dealt)
            contenders = [s for s, c in zip(contenders, dealt) if key(c) == best]
            if len(contenders) == 1:
                break
        self.button_cards = drawn
        self._button = contenders[0]
        return self._button

    # ---- rounds --------------------------------------------------------------------------------
    def start_round(self, cards: CardSource | None = None) -> Round:
        """Begin a round among the seats dealt in (:meth:`dealt_in`) and return it.

        Args:
            cards: the card source for this round (default the table's shoe, shuffled first when it
                has ``shuffle()``); None with no shoe means every deal must give explicit cards.
        Raises:
            IllegalActionError: a round in progress, no button, or fewer than two players with the
                table stakes to be dealt in (§ 637a.8(b)(4)).
        """
        if self._round is not None:
            raise IllegalActionError("a round is already in progress", R_ADD_CHIPS)
        if self._button is None:
            raise IllegalActionError("place the button before the first round", R_BUTTON)
        button, seats, posters, blind_seats = self._plan()
        if len(seats) < 2:
            raise IllegalActionError(f"{len(seats)} player(s) have the table stakes of {self.rules.required_stakes} "
                                     "needed to be dealt in; two are needed", R_MIN_STAKES)
        src = cards
        if src is None and self.shoe is not None:
            src = self.shoe
            shuffle = getattr(src, "shuffle", None)
            if callable(shuffle):
                shuffle()
        rnd = Round(self.rules, [self._stacks[s] for s in seats], src, blind_posters=posters)
        self._round = rnd
        self._seats_in_round = seats
        self._button = button
        self._last_button, self._last_blind_seats = button, blind_seats
        return rnd

    def end_round(self) -> dict[int, int]:
        """Close the finished round: its final stacks become the table stakes, and the button moves
        clockwise (§ 637a.11(c)(2)) by the table's button rule (:class:`~pyeval.poker.ButtonRule`):
        nobody posts the big blind in two rounds in a row. Returns ``{seat: stack}``.

        Raises:
            IllegalActionError: no round, or the round's pots are not yet awarded.
        """
        rnd = self._round
        if rnd is None:
            raise IllegalActionError("no round in progress", R_BUTTON)
        if not rnd.complete:
            raise IllegalActionError(f"the round is not complete (phase: {rnd.phase.value})", R_BUTTON)
        for seat, stack in zip(self._seats_in_round, rnd.stacks):
            self._stacks[seat] = stack
        self._round = None
        self._seats_in_round = ()
        if len(self._eligible()) >= 2:  # where the button goes for the next round, by the button rule
            self._button = self._plan()[0]
        else:  # nobody to deal in yet: the next occupied seat (placed again by the rule at the next start)
            b = self._button
            assert b is not None
            occupied = sorted(self._stacks)
            if occupied:
                self._button = next((s for s in occupied if s > b), occupied[0])
        self._seats_in_round = ()
        return self.stacks

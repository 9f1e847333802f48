"""A Hold'em table that lasts across rounds: seats, table stakes, the button.

Source: 58 Pa. Code § 637a.11(b) (at most ten players), § 637a.11(c) (placing and moving the
button), § 637a.8(b)(2) (chips are added only between rounds) and § 637a.8(b)(4) (who may be dealt
in). Seats are numbered ``1..rules.seats`` clockwise from the dealer's left, so the dealer's right
is the highest-numbered seat. Chips are ints in the table's smallest unit.
"""
from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from ..cards import check_card
from ..contracts import MAX_CHIPS, mapping_copy, read_only, tuple_copy
from ..errors import CardCountError, CardTypeError, IllegalActionError
from .round import CardSource, Round
from .rules import R_ADD_CHIPS, R_BUTTON, R_LIMITS, R_MIN_STAKES, R_SEATS, ButtonPlacement, ButtonRule, HeadsUpOrder, HighCardWins, PokerRules
from .rules import R_ABSENCE


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
    when he left, those found now, what the play of a round already under way when he left changed
    them by (``play``: + a pot he won, - chips he lost), and whether they match."""

    seat: int
    safeguard: AbsenceSafeguard
    recorded: int
    found: int
    play: int = 0

    @property
    def expected(self) -> int:
        """The stakes the floorperson should find: those recorded plus the result of play."""
        return self.recorded + self.play

    @property
    def verified(self) -> bool:
        """True when the stakes found equal those recorded plus the play's result (§ 637a.8(b)(6)(i))."""
        return self.found == self.expected


class MinimumBetAgreement(NamedTuple):
    """The record of an agreement to change the table's minimum bet (§ 637a.8(k)): the minimum
    agreed (or restored), the posted minimum, the seats that agreed (all seated), and the number
    of rounds played at the table before it took effect."""

    min_bet: int
    posted_min_bet: int
    agreed_by: tuple[int, ...]
    after_round: int


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
        self._rules = rules
        self._shoe = shoe
        self._stacks: dict[int, int] = {}
        self._button: int | None = None
        self._round: Round | None = None
        self._seats_in_round: tuple[int, ...] = ()
        self._button_cards: dict[int, int] = {}
        self._away: dict[int, Absence] = {}
        # the last round's button seat and the seat of each blind position (the button rule's memory)
        self._last_button: int | None = None
        self._last_blind_seats: tuple[int, ...] = ()
        self._blind_posters: tuple[int | None, ...] | None = None
        self._away_play: dict[int, int] = {}
        self._posted_rules = rules
        self._minimum_bet_agreements: list[MinimumBetAgreement] = []
        self._rounds_played = 0
        for seat, stack in (stacks or {}).items():
            self._check_seat(seat, empty=True)
            self._check_chips(stack)
            self._stacks[seat] = stack

    # ---- queries (read-only; containers come back as copies or immutable values) ----------------
    rules: PokerRules = read_only("_rules", "The rules in force (differs from :attr:`posted_rules` only while an "
                                  "agreed minimum bet holds, § 637a.8(k)).")
    posted_rules: PokerRules = read_only("_posted_rules", "The rules as posted at the table.")
    shoe: CardSource | None = read_only("_shoe", "The default card source of the rounds.")
    button_cards: Mapping[int, int] = mapping_copy(
        "_button_cards", "``{seat: card}`` drawn for the button (§ 637a.11(c)(1)), read-only.")
    minimum_bet_agreements: tuple[MinimumBetAgreement, ...] = tuple_copy(
        "_minimum_bet_agreements", "The agreements to change the minimum bet (§ 637a.8(k)), in order.")
    rounds_played: int = read_only("_rounds_played", "Rounds ended at this table.")

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
        button and the big blind waits). Tournament mode deals in the same way: § 637a.8(b)(4)
        names tournament chips, and § 637a.8(a) deals cards only to players seated at the table, so
        a short stack or a player away is not dealt in there either."""
        return self._plan()[1]

    def _eligible(self) -> list[int]:
        # § 637a.8(b)(4): the forced bets and one minimum bet (or the posted min_table_stakes), in
        # value or tournament chips alike; § 637a.8(a): only players seated at the table
        need = self._rules.required_stakes
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
        rules = self._rules
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
            # he posted the big blind last round: the button moves on one more player, unless that
            # would leave it where it was (a table gone heads-up under the PA-literal blind order):
            # § 637a.11(c)(2) moves the button after every round, so he posts the big blind again
            if blind_seats and blind_seats[-1] == last_blinds[-1] and order[0] != last_b:
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
        k, n = len(self._rules.blinds), len(order)
        if not k or n < 2:
            return ()
        if n == 2 and self._rules.heads_up is HeadsUpOrder.BUTTON_SMALL_BLIND:
            return tuple(order[(1, 0)[i % 2]] for i in range(k))
        return tuple(order[i % n] for i in range(k))

    # ---- seating and chips ---------------------------------------------------------------------
    def _check_seat(self, seat: object, *, empty: bool | None = None) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self._rules.seats:
            raise IllegalActionError(f"seat must be 1..{self._rules.seats}, got {seat!r}", R_SEATS)
        if empty is True and seat in self._stacks:
            raise IllegalActionError(f"seat {seat} is taken", R_SEATS)
        if empty is False and seat not in self._stacks:
            raise IllegalActionError(f"seat {seat} is empty", R_SEATS)
        return seat

    @staticmethod
    def _check_chips(amount: object) -> int:
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise IllegalActionError(f"chips must be a positive int, got {amount!r}", R_ADD_CHIPS)
        if amount > MAX_CHIPS:  # pyeval's one chip limit
            raise IllegalActionError("chips must be at most 2**63-1, got a larger amount", R_ADD_CHIPS)
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
        if self._rules is not self._posted_rules:  # a newcomer did not agree to the raised minimum (assumed)
            self._set_minimum(self._posted_rules.min_bet, ())

    def leave(self, seat: int) -> int:
        """A player leaves between rounds; returns his table stakes.

        Tournament mode: tournament chips are not cash and stay in play, so a player may leave
        only when he has none left (eliminated; returns 0).

        Raises:
            IllegalActionError: during a round, an empty seat, or a player away.
            TournamentChipsError: tournament mode and the player still has chips.
        """
        self._between_rounds("a player may leave with his table stakes")
        self._check_seat(seat, empty=False)
        self._not_away(seat, "leave with his table stakes")
        if self._stacks[seat]:
            self._rules.check_convertible(f"seat {seat} may not leave with {self._stacks[seat]} chips")
        return self._stacks.pop(seat)

    def add_chips(self, seat: int, amount: int) -> None:
        """Add ``amount`` to a seated player's table stakes; only between rounds (§ 637a.8(b)(2))."""
        self._between_rounds("chips may be added to table stakes")
        self._check_seat(seat, empty=False)
        self._not_away(seat, "add chips")
        self._check_chips(amount)
        if self._stacks[seat] + amount > MAX_CHIPS:
            raise IllegalActionError(f"seat {seat}'s table stakes would exceed 2**63-1 chips", R_ADD_CHIPS)
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
        self._away_play[seat] = 0
        return absence

    def return_to_table(self, seat: int, counted: int | None = None) -> ReturnReport:
        """The absent player returns: the floorperson compares his table stakes with those recorded
        when he left (§ 637a.8(b)(6)(i)) or uncovers them (§ 637a.8(b)(6)(ii)). A round that was
        under way when he left may have changed them (a pot he won as an all-in player, chips he
        had already committed): that result is the report's ``play`` and is expected, so stakes
        equal to recorded + play are verified.

        Args:
            counted: the chips the floorperson counts in front of the player now; default the
                table's record of his stakes.
        Raises:
            IllegalActionError: the seat is not away, or ``counted`` is not an int >= 0.
        """
        absence = self._away.get(seat)
        if absence is None:
            raise IllegalActionError(f"seat {seat!r} is not away from the table", R_ABSENCE)
        if counted is not None and (isinstance(counted, bool) or not isinstance(counted, int) or counted < 0):
            raise IllegalActionError(f"counted must be an int >= 0, got {counted!r}", R_ABSENCE)
        found = self._stakes_now(seat) if counted is None else counted
        play = self._away_play.pop(seat, 0)
        if self._round is not None and seat in self._seats_in_round:  # back while the round goes on
            play = found - absence.stakes if counted is None else self._stakes_now(seat) - absence.stakes
        del self._away[seat]
        return ReturnReport(seat, absence.safeguard, absence.stakes, found, play)

    # ---- the minimum bet by agreement (§ 637a.8(k)) ----------------------------------------------
    def agree_minimum_bet(self, min_bet: int, agreed_by: Iterable[int]) -> MinimumBetAgreement:
        """All the players at the table agree, between rounds, to raise the minimum bet (§ 637a.8(k):
        the posted minimum need not then be followed). The Rules Submission's maximum increase is
        ``rules.max_min_bet_increase``; the dealer determines agreement by the seats named, which
        must be every seated player (away players included). The agreement is recorded in
        :attr:`minimum_bet_agreements`; it lapses (the posted minimum returns, recorded too) when a
        player sits down who did not agree (assumed) or by :meth:`restore_posted_minimum`.
        Agreeing to the posted minimum itself restores it.

        Raises:
            IllegalActionError: during a round, the table allows no increase, an amount that is not
                an int, below the posted minimum or above the maximum increase, or a seated player
                missing from ``agreed_by`` (or a seat named that is not seated).
            TableRulesError: the new minimum is inconsistent with the other posted rules.
        """
        self._between_rounds("the minimum bet may be changed by agreement")
        posted = self._posted_rules
        if posted.max_min_bet_increase is None:
            raise IllegalActionError("this table's Rules Submission allows no increase of the minimum bet", R_LIMITS)
        if isinstance(min_bet, bool) or not isinstance(min_bet, int):
            raise IllegalActionError(f"the minimum bet must be an int, got {min_bet!r}", R_LIMITS)
        top = posted.min_bet + posted.max_min_bet_increase
        if not posted.min_bet <= min_bet <= top:
            raise IllegalActionError(f"the minimum bet may be raised from {posted.min_bet} to at most {top} by "
                                     f"agreement, got {min_bet}", R_LIMITS)
        try:
            seats = tuple(sorted(set(agreed_by)))
        except TypeError:
            raise IllegalActionError(f"agreed_by must be the seats (ints) that agreed, got {agreed_by!r}", R_LIMITS) from None
        if set(seats) != set(self._stacks):
            missing = sorted(set(self._stacks) - set(seats))
            raise IllegalActionError(f"every player at the table must agree: missing {missing}, not seated "
                                     f"{sorted(set(seats) - set(self._stacks))}", R_LIMITS)
        return self._set_minimum(min_bet, seats)

    def restore_posted_minimum(self) -> MinimumBetAgreement:
        """Return to the posted minimum bet between rounds (recorded). Raises IllegalActionError during a round."""
        self._between_rounds("the posted minimum bet is restored")
        return self._set_minimum(self._posted_rules.min_bet, ())

    def _set_minimum(self, min_bet: int, seats: tuple[int, ...]) -> MinimumBetAgreement:
        posted = self._posted_rules
        rules = posted
        if min_bet != posted.min_bet:
            stakes = posted.min_table_stakes
            if stakes is not None:  # § 637a.8(b)(4): at least the forced bets and one bet at the minimum in force
                stakes = max(stakes, posted.forced_bets_and_one_bet - posted.min_bet + min_bet)
            rules = dataclasses.replace(posted, min_bet=min_bet, min_table_stakes=stakes)
        record = MinimumBetAgreement(min_bet, posted.min_bet, seats, self._rounds_played)
        self._rules = rules
        self._minimum_bet_agreements.append(record)
        return record

    # ---- the button ----------------------------------------------------------------------------
    def place_button(self, cards: CardSource | None = None) -> int:
        """Place the button at the start of play (§ 637a.11(c)(1)) and return its seat.

        ``RIGHT_OF_DEALER``: the occupied seat nearest the dealer's right (the highest-numbered).
        ``HIGH_CARD``: one card to each occupied seat in seat order from ``cards`` (default the
        table's shoe); the highest rank wins (``rules.button_high_card``: or the lowest), ties by
        ``rules.suit_order``; equal cards (several decks) are dealt again among the tied seats. The cards are kept in :attr:`button_cards`.
        Raises:
            IllegalActionError: during a round, or fewer than two players seated.
        """
        self._between_rounds("the button is placed")
        if len(self._stacks) < 2:
            raise IllegalActionError("at least two players are needed to start play", R_BUTTON)
        self._last_button, self._last_blind_seats = None, ()
        if self._rules.button_placement is ButtonPlacement.RIGHT_OF_DEALER:
            self._button = max(self._stacks)
            return self._button
        src = cards if cards is not None else self._shoe
        if src is None:
            raise IllegalActionError("placing the button by high card needs a card source", R_BUTTON)
        key = self._rules.card_order_key
        contenders = sorted(self._stacks)
        drawn: dict[int, int] = {}
        for _ in range(64):  # a tie needs equal cards (several decks): it cannot go on for long
            dealt = tuple(src.deal(len(contenders)))
            if len(dealt) != len(contenders):
                raise CardCountError(f"the card source returned {len(dealt)} card(s), {len(contenders)} asked for")
            dealt = tuple(check_card(c) for c in dealt)  # ints 0..51 (equal cards allowed: several decks)
            drawn.update(zip(contenders, dealt))
            pick = min if self._rules.button_high_card is HighCardWins.LOWEST else max
            best = pick(key(c) for c in dealt)
            contenders = [s for s, c in zip(contenders, dealt) if key(c) == best]
            if len(contenders) == 1:
                break
        else:
            raise IllegalActionError("the card source kept dealing equal cards: the button cannot be placed", R_BUTTON)
        self._button_cards = drawn
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
            raise IllegalActionError(f"{len(seats)} player(s) have the table stakes of {self._rules.required_stakes} "
                                     "needed to be dealt in; two are needed", R_MIN_STAKES)
        src = cards
        if src is None and self._shoe is not None:
            src = self._shoe
            shuffle = getattr(src, "shuffle", None)
            if callable(shuffle):
                shuffle()
        rnd = Round(self._rules, [self._stacks[s] for s in seats], src, blind_posters=posters)
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
            if seat in self._away:  # the play of the round he stepped away from (§ 637a.8(b)(6))
                self._away_play[seat] = stack - self._away[seat].stakes
        self._rounds_played += 1
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

"""Table rules for Hold'em Poker: the certificate holder's Rules Submission as validated data.

Source: 58 Pa. Code § 637a.11 (Hold'em Poker) and § 637a.8 (placement of bets). Every option the
regulation leaves to the Rules Submission (under § 601a.2) is a field here; defaults are the common
card-room conventions listed in ``docs/holdem.md``. Chip amounts are ints in the table's smallest
unit, never floats.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from ..contracts import MAX_CHIPS
from ..errors import TableRulesError, TournamentChipsError
from .games import HOLDEM, Variant

R_SEATS = "58 Pa. Code § 637a.11(b)"
R_ANTE = "58 Pa. Code § 637a.11(b)"
R_BUTTON = "58 Pa. Code § 637a.11(c)"
R_BLINDS = "58 Pa. Code § 637a.11(d)"
R_STRADDLE = "58 Pa. Code § 637a.11(e)"
R_DEAL = "58 Pa. Code § 637a.11(f)"
R_PREFLOP = "58 Pa. Code § 637a.11(g)"
R_STREETS = "58 Pa. Code § 637a.11(h)-(j)"
R_SHOWDOWN = "58 Pa. Code § 637a.11(k)"
R_ODD_CHIP = "58 Pa. Code § 637a.11(k)"
R_TURN_RIVER = "58 Pa. Code § 637a.11(i), (j)"
R_STAKES = "58 Pa. Code § 637a.8(b)(1)"
R_ADD_CHIPS = "58 Pa. Code § 637a.8(b)(2)"
R_MIN_STAKES = "58 Pa. Code § 637a.8(b)(4)"
R_ALL_IN = "58 Pa. Code § 637a.8(b)(5)"
R_BINDING = "58 Pa. Code § 637a.8(c)"
R_ANNOUNCED = "58 Pa. Code § 637a.8(d)"
R_SINGLE_CHIP = "58 Pa. Code § 637a.8(i)"
R_CHECK_RAISE = "58 Pa. Code § 637a.8(j)"
R_LIMITS = "58 Pa. Code § 637a.8(k)"
R_SHOW_ORDER = "58 Pa. Code § 637a.18(e)"
R_ABSENCE = "58 Pa. Code § 637a.8(b)(6)"
R_RAKE = "58 Pa. Code § 637a.17 (not in hand: configuration)"
#: Chips the house adds to a pot (a room's promotion) are no rule of the texts in hand: configuration.
R_HOUSE = "house money (configuration: not in the 58 Pa. Code texts in hand)"
#: Tournament play is not in the 58 Pa. Code texts in hand (chapter 637a regulates house-dealt cash
#: poker; § 637a.17, poker revenue, is not in hand either): its conventions are table configuration.
R_TOURNAMENT = "tournament rules (configuration: not in the 58 Pa. Code texts in hand; PokerRules.tournament)"
#: An online room's disconnect protection (a disconnected player played all in for what he put in)
#: is no rule of the texts in hand: configuration.
R_DISCONNECT = ("disconnect protection (configuration: not in the 58 Pa. Code texts in hand; "
                "PokerRules.disconnect_all_in)")


class BettingStructure(enum.Enum):
    """How much a bet or raise may be (§ 637a.8(k): the posted limits)."""

    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"


class ButtonPlacement(enum.Enum):
    """Where the button goes at the start of play (§ 637a.11(c)(1))."""

    #: In front of the first player to the dealer's right (the occupied seat with the highest number),
    #: § 637a.11(c)(1)(i).
    RIGHT_OF_DEALER = "right-of-dealer"
    #: In front of the player dealt the highest single card; ties broken by the declared suit order,
    #: § 637a.11(c)(1)(ii).
    HIGH_CARD = "high-card"


class ButtonRule(enum.Enum):
    """How the button moves when seats are skipped (players away, busted but seated, new players);
    § 637a.11(c)(2) says only that it rotates clockwise after each round, so this is the certificate
    holder's choice. Under both rules nobody posts the big blind in two rounds in a row.
    """

    #: Moving button (the default): the button moves to the next player dealt in, and the blinds are
    #: posted by the players after it, so the button is never dead and every blind is posted; when
    #: that would give the big blind to last round's big blind again (seats skipped, or a table
    #: going heads-up) the button moves on one more player -- unless that would leave the button on
    #: last round's seat (three players going heads-up under ``HeadsUpOrder.PA_LITERAL``): the button
    #: moves after every round (§ 637a.11(c)(2)), so there that player posts the big blind again.
    MOVING_BUTTON = "moving-button"
    #: Dead button: the big blind moves to the next player dealt in after last round's big blind;
    #: each other blind is posted from the seat that posted the next blind last round, and the button
    #: goes to the seat of last round's first blind. A blind whose seat is not dealt in is dead (not
    #: posted); the button may sit in front of an empty or absent seat (a dead button, the player to
    #: its right acts last). Players arriving between the button and the big blind wait for the big
    #: blind to pass.
    DEAD_BUTTON = "dead-button"


class HeadsUpOrder(enum.Enum):
    """Blind order with two players (§ 637a.11(d) read literally, or the common convention)."""

    #: PA default: the player left of the button posts the first blind, the button the second.
    PA_LITERAL = "pa-literal"
    #: Convention elsewhere (and PHH): the button posts the small blind and acts first before the flop.
    BUTTON_SMALL_BLIND = "button-small-blind"


class OddChipRule(enum.Enum):
    """Who receives the odd units of a split pot (§ 637a.11(k): named in the Rules Submission)."""

    #: One unit at a time to each winner in turn, clockwise from the first seat left of the button.
    LEFT_OF_BUTTON = "left-of-button"
    #: One unit at a time, winners ordered by their highest hole card (rank, then declared suit order).
    HIGH_CARD_BY_SUIT = "high-card-by-suit"
    #: Every odd unit of the pot to one winner: the first clockwise from the first seat left of the
    #: button (pokerkit's rule; with two winners, or one odd unit, the same as ``LEFT_OF_BUTTON``).
    ALL_TO_FIRST_LEFT_OF_BUTTON = "all-to-first-left-of-button"


class ShortAllIns(enum.Enum):
    """Whether several all-ins, each short of a full raise, reopen the betting when together they
    make a full raise (the text is silent; § 637a.8(b)(5)(iii) only says betting continues)."""

    #: Default (assumed; pyeval's earlier behaviour and pokerkit's): each short all-in is judged on
    #: its own and never reopens the betting for players who already acted.
    EACH_ON_ITS_OWN = "each-on-its-own"
    #: Common practice (card-room tournament rules): all-ins since a player last acted that add up
    #: to at least a full raise reopen the betting for him.
    CUMULATIVE = "cumulative"


class LimitShortAllIn(enum.Enum):
    """Fixed limit: what an all-in bet or raise short of a full bet does to the next raise."""

    #: Default (assumed; pyeval's earlier behaviour): the next raise is one full bet above the
    #: all-in; the short all-in does not reopen the betting.
    RAISE_FROM_ALL_IN = "raise-from-all-in"
    #: Common practice: an all-in of at least half a bet counts as a full raise (reopens; the next
    #: raise is one bet above it); less than half: the next player may call it or complete the
    #: bet to one full bet above the last full bet.
    HALF_BET = "half-bet"
    #: An all-in of at least half a bet counts as the full bet or raise it fell short of (reopens;
    #: the next raise is one bet above that full amount, so the bets stay on the limit's steps);
    #: less than half: as ``HALF_BET`` (call it, or complete to one bet above the last full bet).
    #: What Bovada and iPoker records show (an all-in bet of $8.50 in a $16 round, then a raise to $32).
    HALF_BET_AS_FULL = "half-bet-as-full"
    #: An all-in short of a full bet or raise is never a full one, but every player facing it, even
    #: one who already acted, may call it or complete it to one bet above the last full bet (a full
    #: raise, which reopens the betting); no other raise amount. What PokerStars records show
    #: ("raises 30 to 180" after a raise to 120 and an all-in to 150 in a 60 round).
    COMPLETE = "complete"


class StreetOpener(enum.Enum):
    """Who opens the turn and river betting. § 637a.11(i) and (j) say those rounds are "commenced
    and completed in accordance with subsection (g)"; (g) describes the preflop round, whose first
    player sits left of the blinds or the straddle."""

    #: Default (common practice, and § 637a.11(h)'s rule for the flop): the first live player left
    #: of the button; (g) is read as how a betting round proceeds and closes.
    LEFT_OF_BUTTON = "left-of-button"
    #: (g) read literally for the opener too: the first live player left of the last blind (or
    #: the straddle), as before the flop.
    AS_PREFLOP = "as-preflop"


class HighCardWins(enum.Enum):
    """§ 637a.11(c)(1)(ii): the button goes to "the player randomly determined by rank of a single
    card dealt"; the text does not say whether the highest or the lowest card wins."""

    #: Default (common practice): the highest card, ties by the declared suit order.
    HIGHEST = "highest"
    #: The lowest card (ties: the lowest suit in the declared order).
    LOWEST = "lowest"


@dataclass(frozen=True)
class EngineConstants:
    """What the round engine needs of a table's rules on every round, computed once per table.

    Fields:
        is_stud: the game deals up cards and has a bring-in (§ 637a.10).
        has_draws: a street is a draw (discards replaced).
        holdem_showdown: two hole cards and five board cards for the high hand only, so the
            showdown uses the 7-card kernel directly.
        fixed_bet_sizes: fixed limit: the bet and raise size of each street; else None.
        largest_blind: the largest blind (0 for stud).
        bring_in_order: for each card 0..51, its order for the bring-in: rank (razz: aces low), then
            the declared suit order; the lowest (razz: highest) brings in.
        plain_no_limit: no limit with nothing posted that narrows it (no ``max_bet``, no raise cap,
            check-raise allowed, each short all-in on its own, no bring-in): the betting fast paths apply.
    """

    is_stud: bool
    has_draws: bool
    holdem_showdown: bool
    fixed_bet_sizes: tuple[int, ...] | None
    largest_blind: int
    bring_in_order: tuple[int, ...]
    plain_no_limit: bool = False


@dataclass(frozen=True)
class PokerRules:
    """One Hold'em table's posted rules; validated on creation, immutable afterwards.

    Chips are ints in the smallest unit.

    Attributes:
        seats: seats at the table, 2..10 (§ 637a.11(b)).
        blinds: the blind amounts in posting order, starting left of the button (§ 637a.11(d)).
            Empty only with an ante: a table of antes alone, outside § 637a.11(d)'s Blind Bet
            (configuration: a room's all-in-ante levels); the first player left of the button then
            opens the first betting round, as on the later streets.
        ante: ante per dealt-in player, 0 for none (§ 637a.11(b)).
        straddle: the straddle amount if a straddle is offered, else None; at most one per round,
            by the player left of the last blind (§ 637a.11(e)).
        structure: fixed limit, pot limit or no limit (§ 637a.8(k)).
        min_bet: the posted table minimum bet (no/pot limit); for fixed limit the small bet.
        big_bet: fixed limit only: the bet and raise size on the turn and river (default 2*min_bet).
        max_bet: the posted table maximum for one bet or raise increment, None for none (§ 637a.8(k)).
        max_raises: the posted maximum number of raises per betting round, None for no cap
            (§ 637a.8(k)); an opening bet and the blinds are not raises, nor is an all-in short of a
            full raise.
        check_raise: whether a player who checked may later raise in the round (§ 637a.8(j)).
        button_placement: how the button is first placed (§ 637a.11(c)(1)).
        button_rule: how the button and blinds move when seats are skipped (§ 637a.11(c)(2) is
            silent): :class:`ButtonRule`, default the moving button.
        suit_order: the suits from lowest to highest, for high-card ties (default ``"cdhs"``).
        odd_chip: who receives odd units of a split pot (§ 637a.11(k)).
        heads_up: heads-up blind order (§ 637a.11(d)); see :class:`HeadsUpOrder`.
        min_table_stakes: table stakes needed to be dealt in; None means the forced bets plus one
            minimum bet; a value below that is refused (§ 637a.8(b)(4)).
        show_all_hands: if True, hands at showdown may not be mucked (§ 637a.18(e)).
        variant: the game (:mod:`pyeval.poker.games`); default Texas hold'em.
        bring_in: stud games: the bring-in posted by the lowest (razz: highest) up card (§ 637a.10).
        bb_ante: an ante the big blind posts for the whole table (0 for none), before his blind.
        button_ante: an ante the button (the last round index) posts for the whole table (0 for none),
            dead money like ``bb_ante``: the button-ante format pokerkit's ``antes={-1: a}`` and PHH's
            ``antes`` on the last seat write. Chapter 637a names only an ante (§ 637a.11(b)); who
            posts it is the table's posted rule, as for the big-blind ante (assumed).
        short_all_ins: whether short all-ins that add up to a full raise reopen the betting
            (:class:`ShortAllIns`; default each on its own, assumed).
        limit_short_all_in: fixed limit, the next raise after a short all-in
            (:class:`LimitShortAllIn`; default one bet above the all-in, assumed).
        turn_river_opener: who opens the turn and river betting (§ 637a.11(i), (j);
            :class:`StreetOpener`; default left of the button, common practice).
        open_pair_big_bet: fixed-limit stud: on the second betting round (seven-card stud's fourth
            street), when a live player's up cards show a pair, any bet or raise may be the small or
            the big bet; once one is the big bet, the rest of the round is (common card-room
            practice; § 637a.10, stud, is not in hand: configuration). Default False (assumed:
            pyeval's earlier rule, the small bet only).
        button_high_card: § 637a.11(c)(1)(ii) by the highest or the lowest card
            (:class:`HighCardWins`; default highest, common practice).
        chip_value: the money value of one chip unit in dollars (a ``Fraction``, int or decimal
            text such as ``"0.25"``); at most $1 so an odd unit can be given at all; no player
            receives more than $1 of a pot's odd units (§ 637a.11(k)). Default $1 (assumed).
        max_min_bet_increase: how far the players may agree to raise the posted minimum bet
            between rounds (§ 637a.8(k): the Rules Submission's maximum), in chips; None (default,
            assumed) means the table does not allow it. See :meth:`pyeval.poker.Table.agree_minimum_bet`.
        rake_bps: the house's rake per pot in basis points (500 = 5%), 0 for none; each pot's rake is
            rounded down to a whole chip and taken before the pot is split. Configuration: the rake
            section (58 Pa. Code § 637a.17) is not in our hands.
        rake_cap: the most rake taken from one hand (chips, over all its pots), None for no cap.
        rake_no_flop_no_drop: no rake from a hand that ends in the first betting round.
        ante_trimming: how the uniform ``ante`` counts in the pots (pokerkit's and PHH's
            ``ante_trimming_status``). True (default, assumed; what online rooms do and pyeval did):
            each ante is its poster's own contribution, so a player all-in on a short ante contends
            only for the layers he matched (side pots), and an ante no other player can match in full
            is trimmed to the largest ante matched, the excess returned when the antes are in (a
            ``return`` event). False: the antes are dead money of the main pot, which every live hand
            contends for, even one all-in for less on the ante; side pots are built from the bets
            after the antes. A big-blind ante (``bb_ante``) is always dead money.
        tournament: tournament mode (configuration, labelled in ``docs/conventions.md``): the chips are
            tournament chips, not cash: ``chip_value`` must stay 1 and no $1 cap applies to odd chips
            (§ 637a.11(k) values money), no rake is taken from pots (a tournament's fee is taken from
            the buy-in, not from pots; § 637a.17 is not in hand), a player cannot leave with his chips
            (:meth:`pyeval.poker.Table.leave` refuses while he has any), a board is run once only,
            and every hand is tabled when a player is all-in. The seed clauses still hold: a
            :class:`~pyeval.poker.Table` deals in only players seated at the table (§ 637a.8(a)) with
            the required table stakes (``required_stakes``, § 637a.8(b)(4), which names tournament
            chips). A :class:`~pyeval.poker.Round` built directly may still take ``sitting_out``
            players (records of online tournaments, whose rooms deal them in).
        tournament_all_in_show: in tournament mode, every hand is tabled when a player is all-in
            (True, the default: pokerkit's tournament mode and common tournament practice;
            configuration, tournament play is not in the texts in hand). False: the cash-game
            showdown applies (§ 637a.18(e): a hand not needed to win may be mucked), as in the
            records of rooms whose tournaments let it (PokerStars). No effect outside tournaments.
        cap: a betting cap per player per hand (chips, forced bets included), None (default) for
            none: a player whose chips in the pot reach the cap is *capped*, played as all in for
            them, the rest of his stack set aside and given back when the betting ends (Full Tilt's
            and WPN's Cap tables). Configuration (a room's game; not in the texts in hand).
        disconnect_all_in: a room's disconnect protection (configuration, not in the texts in hand;
            default False): a disconnected player, at his turn, may be played all in for the chips
            he has put in, the rest of his stack set aside and given back when the betting ends
            (:meth:`pyeval.poker.Round.disconnect`; Absolute, iPoker and WPN records).

    Raises:
        TableRulesError: any field out of range or inconsistent, naming the field.
    """

    seats: int = 9
    blinds: tuple[int, ...] = (1, 2)
    ante: int = 0
    straddle: int | None = None
    structure: BettingStructure = BettingStructure.NO_LIMIT
    min_bet: int = 2
    big_bet: int | None = None
    max_bet: int | None = None
    max_raises: int | None = None
    check_raise: bool = True
    button_placement: ButtonPlacement = ButtonPlacement.RIGHT_OF_DEALER
    button_rule: ButtonRule = ButtonRule.MOVING_BUTTON
    suit_order: str = "cdhs"
    odd_chip: OddChipRule = OddChipRule.LEFT_OF_BUTTON
    heads_up: HeadsUpOrder = HeadsUpOrder.PA_LITERAL
    min_table_stakes: int | None = None
    show_all_hands: bool = False
    variant: Variant = HOLDEM
    bring_in: int = 0
    bb_ante: int = 0
    short_all_ins: ShortAllIns = ShortAllIns.EACH_ON_ITS_OWN
    limit_short_all_in: LimitShortAllIn = LimitShortAllIn.RAISE_FROM_ALL_IN
    turn_river_opener: StreetOpener = StreetOpener.LEFT_OF_BUTTON
    button_high_card: HighCardWins = HighCardWins.HIGHEST
    chip_value: Fraction = Fraction(1)
    max_min_bet_increase: int | None = None
    rake_bps: int = 0
    rake_cap: int | None = None
    rake_no_flop_no_drop: bool = True
    ante_trimming: bool = True
    tournament: bool = False
    button_ante: int = 0
    tournament_all_in_show: bool = True
    open_pair_big_bet: bool = False
    cap: int | None = None
    disconnect_all_in: bool = False
    _suit_rank: tuple[int, ...] = field(init=False, repr=False, compare=False)
    engine: EngineConstants = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _int(self.seats, "seats", 2, 10, R_SEATS)
        if isinstance(self.blinds, list):
            object.__setattr__(self, "blinds", tuple(self.blinds))
        if not isinstance(self.variant, Variant):
            raise TableRulesError(f"variant must be a pyeval.poker.games.Variant, got {self.variant!r}")
        stud = self.variant.forced == "bring_in"
        _int(self.bring_in, "bring_in", 1 if stud else 0, None, R_BLINDS)
        if not stud and self.bring_in:
            raise TableRulesError(f"bring_in applies to stud games only ({R_BLINDS})")
        _int(self.bb_ante, "bb_ante", 0, None, R_ANTE)
        _int(self.button_ante, "button_ante", 0, None, R_ANTE)
        if stud and (self.blinds or self.straddle is not None or self.bb_ante or self.button_ante):
            raise TableRulesError(f"stud games have no blinds, straddle, big-blind or button ante, only antes and a "
                                  f"bring-in ({R_BLINDS})")
        self._check_blinds(stud)
        for name, enum_type in (("structure", BettingStructure), ("button_placement", ButtonPlacement),
                                ("button_rule", ButtonRule),
                                ("odd_chip", OddChipRule), ("heads_up", HeadsUpOrder),
                                ("short_all_ins", ShortAllIns), ("limit_short_all_in", LimitShortAllIn),
                                ("turn_river_opener", StreetOpener), ("button_high_card", HighCardWins)):
            if not isinstance(getattr(self, name), enum_type):
                raise TableRulesError(f"{name} must be a {enum_type.__name__}, got {getattr(self, name)!r}")
        _int(self.min_bet, "min_bet", 1, None, R_LIMITS)
        if self.big_bet is not None:
            if self.structure is not BettingStructure.FIXED_LIMIT:
                raise TableRulesError(f"big_bet applies to fixed limit only ({R_LIMITS})")
            _int(self.big_bet, "big_bet", self.min_bet, None, R_LIMITS)
        if self.max_bet is not None:
            _int(self.max_bet, "max_bet", self.min_bet, None, R_LIMITS)
            if self.structure is BettingStructure.FIXED_LIMIT:
                raise TableRulesError(f"max_bet does not apply to fixed limit ({R_LIMITS})")
        if self.max_raises is not None:
            _int(self.max_raises, "max_raises", 0, None, R_LIMITS)
        _int(self.rake_bps, "rake_bps", 0, 10000, R_RAKE)
        if self.rake_cap is not None:
            _int(self.rake_cap, "rake_cap", 0, None, R_RAKE)
        if not isinstance(self.rake_no_flop_no_drop, bool):
            raise TableRulesError(f"rake_no_flop_no_drop must be a bool, got {self.rake_no_flop_no_drop!r} ({R_RAKE})")
        if self.cap is not None:
            _int(self.cap, "cap", 1, None, R_LIMITS)
        for name in ("check_raise", "show_all_hands", "ante_trimming", "tournament", "tournament_all_in_show",
                     "open_pair_big_bet", "disconnect_all_in"):
            if not isinstance(getattr(self, name), bool):
                raise TableRulesError(f"{name} must be a bool, got {getattr(self, name)!r}")
            if name == "open_pair_big_bet" and self.open_pair_big_bet and not (
                    stud and self.structure is BettingStructure.FIXED_LIMIT):
                raise TableRulesError(f"open_pair_big_bet applies to fixed-limit stud games only ({R_LIMITS})")
        if not isinstance(self.suit_order, str) or sorted(self.suit_order) != sorted("cdhs"):
            raise TableRulesError(f"suit_order must name c, d, h, s once each, lowest first, got {self.suit_order!r}")
        if self.min_table_stakes is not None:
            least = self.forced_bets_and_one_bet
            _int(self.min_table_stakes, "min_table_stakes", least, None, R_MIN_STAKES)
        try:
            value = Fraction(self.chip_value) if not isinstance(self.chip_value, (bool, float)) else None
        except (TypeError, ValueError, ZeroDivisionError):
            value = None
        if value is None or not 0 < value <= 1:
            raise TableRulesError(f"chip_value must be a positive exact amount of at most $1 (an odd chip may not "
                                  f"exceed $1), got {self.chip_value!r} ({R_ODD_CHIP})")
        object.__setattr__(self, "chip_value", value)
        if self.tournament:
            if value != 1:
                raise TableRulesError(f"chip_value does not apply in tournament mode: tournament chips have no cash "
                                      f"value, got {self.chip_value} ({R_TOURNAMENT})")
            if self.rake_bps or self.rake_cap is not None:
                raise TableRulesError(f"a tournament takes no rake from pots (its fee is part of the buy-in): "
                                      f"rake_bps must be 0 and rake_cap None ({R_TOURNAMENT}; {R_RAKE})")
        if self.max_min_bet_increase is not None:
            _int(self.max_min_bet_increase, "max_min_bet_increase", 1, None, R_LIMITS)
        _check_deck(self.variant, self.seats)
        object.__setattr__(self, "_suit_rank", tuple(self.suit_order.index(s) for s in "cdhs"))
        # constants the round engine reads on every round (computed once per table, not per round)
        v = self.variant
        fixed = self.structure is BettingStructure.FIXED_LIMIT
        suit_rank = self._suit_rank
        object.__setattr__(self, "engine", EngineConstants(
            is_stud=v.stud,
            has_draws=any(s.draw for s in v.streets),
            holdem_showdown=v.hands == ("high",) and v.hole_cards == 2 and sum(s.board for s in v.streets) == 5,
            fixed_bet_sizes=tuple(self.big_bet_amount if s.big else self.min_bet for s in v.streets) if fixed else None,
            largest_blind=max(self.blinds, default=0),
            bring_in_order=tuple(((c >> 2) + 1) % 13 * 4 + suit_rank[c & 3] if v.low_leads
                                 else (c >> 2) * 4 + suit_rank[c & 3] for c in range(52)),
            plain_no_limit=(self.structure is BettingStructure.NO_LIMIT and self.max_bet is None and self.max_raises is None
                            and self.check_raise and self.short_all_ins is not ShortAllIns.CUMULATIVE
                            and not self.bring_in),
        ))

    def _check_blinds(self, stud: bool) -> None:
        """The blinds, the ante and the straddle (§ 637a.11(b), (d), (e)); a part of :meth:`__post_init__`."""
        if not stud and not isinstance(self.blinds, tuple):
            raise TableRulesError(f"blinds must be a tuple of chip amounts, got {self.blinds!r} ({R_BLINDS})")
        if not stud and not self.blinds and not (isinstance(self.ante, int) and self.ante > 0):
            # § 637a.11(d) requires a Blind Bet; a table of antes alone (a room's all-in-ante
            # tournament levels, PKR's "Blinds are now 0 / 0") is configuration outside it
            raise TableRulesError(f"blinds must be a non-empty tuple of chip amounts (a table without blinds needs an "
                                  f"ante), got {self.blinds!r} ({R_BLINDS})")
        if not stud and not self.blinds and (self.straddle is not None or self.bb_ante):
            raise TableRulesError(f"a straddle or a big-blind ante needs a blind ({R_BLINDS})")
        for b in self.blinds:
            _int(b, "each blind", 1, None, R_BLINDS)
        if len(self.blinds) > self.seats:
            raise TableRulesError(f"{len(self.blinds)} blinds need more than {self.seats} seats ({R_BLINDS})")
        _int(self.ante, "ante", 0, None, R_ANTE)
        if self.straddle is not None:
            _int(self.straddle, "straddle", 1, None, R_STRADDLE)
            if len(self.blinds) + 1 >= self.seats:
                raise TableRulesError(f"a straddle needs more than {len(self.blinds) + 1} seats ({R_STRADDLE})")
            if self.straddle < max(self.blinds, default=0):  # common practice: a straddle is a live blind raise
                raise TableRulesError(f"straddle must be at least the largest blind ({max(self.blinds)}), got "
                                      f"{self.straddle}: a straddle raises the blinds ({R_STRADDLE})")

    #: the game, as the command line names it (:class:`~pyeval.contracts.GameRules`)
    GAME: ClassVar[str] = "poker"

    @property
    def max_players(self) -> int:
        """The most players a round may have: one per seat."""
        return self.seats

    @property
    def big_bet_amount(self) -> int:
        """Fixed limit: the bet size on the turn and river (``big_bet``, default twice ``min_bet``)."""
        return self.big_bet if self.big_bet is not None else 2 * self.min_bet

    @property
    def required_stakes(self) -> int:
        """Table stakes a player needs before the round to be dealt in (§ 637a.8(b)(4)).

        The configured ``min_table_stakes``, else the ante plus the largest blind plus one minimum bet.
        """
        if self.min_table_stakes is not None:
            return self.min_table_stakes
        return self.forced_bets_and_one_bet

    @property
    def forced_bets_and_one_bet(self) -> int:
        """The least table stakes § 637a.8(b)(4) allows to be dealt in: the ante, the big-blind (or
        button) ante, the largest blind (stud: the bring-in) and one bet at the posted minimum."""
        return self.ante + max(self.bb_ante, self.button_ante) + max(self.blinds, default=self.bring_in) + self.min_bet

    @property
    def odd_units_per_player(self) -> int | None:
        """The most odd units of one pot any one player may receive: $1 worth (§ 637a.11(k)); None
        in tournament mode (tournament chips are not money, so no cap applies)."""
        if self.tournament:
            return None
        return int(1 / self.chip_value)

    @property
    def chips_convertible(self) -> bool:
        """False in tournament mode: the chips are tournament chips, never cash."""
        return not self.tournament

    def check_convertible(self, what: str) -> None:
        """Refuse an operation that turns chips into cash or lets a player leave with them
        (``what`` names it) in tournament mode.

        Raises:
            TournamentChipsError: the table plays a tournament.
        """
        if self.tournament:
            raise TournamentChipsError(f"{what}: tournament chips are not cash and cannot leave the tournament "
                                       "with a player", R_TOURNAMENT)

    def card_order_key(self, card: int) -> tuple[int, int]:
        """Sort key of one card for high-card decisions: rank, then the declared suit order."""
        return card >> 2, self._suit_rank[card & 3]


def cards_needed(variant: Variant, players: int) -> tuple[int, int]:
    """Cards one deck must hold for ``players`` who all stay to the end: ``(full, with_community)``.

    ``full`` deals every street as the game says (a burn before each board street; the replacements
    of a draw are not counted: the discards are reshuffled when the stub runs short). ``with_community``
    is the same with the stud rule applied: a last street of one card per player replaced by a burn
    and one community card (equal to ``full`` when the rule does not apply)."""
    full = 0
    for s in variant.streets:
        if s.draw:
            continue
        full += (s.down + s.up) * players + (s.board + 1 if s.board else 0)
    last = variant.streets[-1]
    if variant.stud and not last.board and not last.draw and last.down + last.up == 1:
        return full, full - players + 2
    return full, full


def _check_deck(variant: Variant, seats: int) -> None:
    """Refuse a table whose game cannot be dealt from one 52-card deck to a full table (item of
    issue 14: such rounds used to get stuck with chips in the pot)."""
    full, community = cards_needed(variant, seats)
    if min(full, community) > 52:
        most = max(p for p in range(2, seats + 1) if min(cards_needed(variant, p)) <= 52)
        raise TableRulesError(f"{variant.name} needs {min(full, community)} cards for {seats} players and a deck holds 52: "
                              f"at most {most} seats for this game ({R_SEATS})")


def _int(v: object, name: str, lo: int, hi: int | None, rule: str) -> None:
    """``v`` an int in ``lo..hi``; ``hi`` None: in ``lo..MAX_CHIPS`` (pyeval's one chip limit)."""
    if isinstance(v, bool) or not isinstance(v, int):
        raise TableRulesError(f"{name} must be an int, got {v!r} ({rule})")
    if v < lo or v > (MAX_CHIPS if hi is None else hi):
        rng = f"{lo}..{hi}" if hi is not None else f"{lo}..2**63-1"
        raise TableRulesError(f"{name} must be {rng}, got {_short_int(v)} ({rule})")


def _short_int(v: int) -> str:
    """An int for a message, its digits cut (a hostile value may have thousands)."""
    return str(v) if -10**30 < v < 10**30 else ("-" if v < 0 else "") + "a number of more than 30 digits"

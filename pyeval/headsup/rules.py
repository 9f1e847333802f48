"""World Poker Tour Heads-Up Hold 'Em table rules and paytables, as validated, frozen data.

Every option the certificate holder chooses (58 Pa. Code § 601a.2 Rules Submission) is data here:
the number of player positions, wager limits, which optional wagers are offered, the Raise
multiples allowed before and after the flop (§ 677a.11(b), (d)), the dealing procedure
(§ 677a.8-10) and the five paytables of § 677a.12: (a) Ante and Raise, (b) Odds, (c) Bad Beat,
(d) Pocket Bonus, (e) Trips Plus.

The text of § 677a.12 is not available to this project, so no paytable is built in: a
:class:`HeadsUpPaytable` is a validated mapping from named hand classes to exact odds
(``fractions.Fraction``; "3 to 2" is ``Fraction(3, 2)``). :mod:`pyeval.headsup.paytables` has a
few *example* tables from public descriptions of the commercial game; a real table must be
configured with the certificate holder's approved paytables.

Chips are ints in the table's smallest unit. When odds meet an amount they do not divide (3 to 2
on 5 chips) the table's declared :class:`Rounding` rule decides; there is no float arithmetic.
"""
from __future__ import annotations

import enum
import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar, NamedTuple

from ..house import LinePaytable, OddsLike, PaidLine, Rounding, category_scale, check_int, winnings
from ..house import parse_odds as _parse_odds
from ..cards import RANKS
from ..errors import PaytableError, ShoeArgumentError, TableRulesError
from ..hands.high import HandCategory
from ..house.dealing import DealingProcedure, plan_deal
from .dealing import WPT_HEADS_UP_DEAL

__all__ = [
    "PaytableKind", "Rounding", "DealingMethod", "HeadsUpPaytable", "HeadsUpRules", "HeadsUpWager",
    "POCKET_CLASSES", "POCKET_PAIR_CLASSES", "POCKET_ACE_CLASSES", "AA_WITH_DEALER_AA",
    "WIN", "parse_odds", "pocket_class", "SettlePlan", "RaiseAmounts",
]


#: The single hand class of the Ante/Raise paytable (§ 677a.12(a)): a winning hand.
WIN = "WIN"
#: Pocket Bonus class for a pair of aces when the dealer's two cards are also a pair of aces.
AA_WITH_DEALER_AA = "AA_WITH_DEALER_AA"
#: Pocket pairs, aces first: ``"AA"``, ``"KK"``, ..., ``"22"``.
POCKET_PAIR_CLASSES: tuple[str, ...] = tuple(r + r for r in reversed(RANKS))
#: An ace with a king, queen or jack, suited (``s``) and unsuited (``o``).
POCKET_ACE_CLASSES: tuple[str, ...] = ("AKs", "AKo", "AQs", "AQo", "AJs", "AJo")
#: Every Pocket Bonus class, in the order the C simulation indexes them (index = position).
POCKET_CLASSES: tuple[str, ...] = (AA_WITH_DEALER_AA,) + POCKET_PAIR_CLASSES + POCKET_ACE_CLASSES
_POCKET_INDEX = {c: i for i, c in enumerate(POCKET_CLASSES)}

_CATS = tuple(c.name for c in HandCategory)  # HIGH_CARD .. ROYAL_FLUSH


class HeadsUpWager(enum.Enum):
    """The wagers of § 677a.11: Ante and Odds (required, equal), Raise, and the two optional ones."""

    ANTE = "ante"
    ODDS = "odds"
    RAISE = "raise"
    POCKET_BONUS = "pocket_bonus"
    TRIPS_PLUS = "trips_plus"


class PaytableKind(enum.Enum):
    """Which of the five paytables of § 677a.12 a :class:`HeadsUpPaytable` is, with its hand classes."""

    ANTE_RAISE = "ante_raise"      # § 677a.12(a)
    ODDS = "odds"                  # § 677a.12(b)
    BAD_BEAT = "bad_beat"          # § 677a.12(c)
    POCKET_BONUS = "pocket_bonus"  # § 677a.12(d)
    TRIPS_PLUS = "trips_plus"      # § 677a.12(e)

    @property
    def section(self) -> str:
        """The paragraph of 58 Pa. Code § 677a.12 that holds this paytable."""
        return _SECTION[self]

    @property
    def classes(self) -> tuple[str, ...]:
        """The hand classes a paytable of this kind may name."""
        return _CLASSES[self]

    @property
    def required(self) -> tuple[str, ...]:
        """The hand classes a paytable of this kind must name (every hand the rule says wins)."""
        return _REQUIRED[self]


_SECTION = {
    PaytableKind.ANTE_RAISE: "58 Pa. Code § 677a.12(a)", PaytableKind.ODDS: "58 Pa. Code § 677a.12(b)",
    PaytableKind.BAD_BEAT: "58 Pa. Code § 677a.12(c)", PaytableKind.POCKET_BONUS: "58 Pa. Code § 677a.12(d)",
    PaytableKind.TRIPS_PLUS: "58 Pa. Code § 677a.12(e)",
}
_CLASSES = {
    PaytableKind.ANTE_RAISE: (WIN,),
    PaytableKind.ODDS: _CATS,
    # A losing hand can never be a royal flush (a royal flush cannot lose), so it is not a class.
    PaytableKind.BAD_BEAT: _CATS[HandCategory.STRAIGHT:HandCategory.ROYAL_FLUSH],
    PaytableKind.POCKET_BONUS: POCKET_CLASSES,
    PaytableKind.TRIPS_PLUS: _CATS[HandCategory.THREE_OF_A_KIND:],
}
_REQUIRED = {
    PaytableKind.ANTE_RAISE: (WIN,),
    PaytableKind.ODDS: (),       # a winning hand the table does not list pushes (public versions)
    PaytableKind.BAD_BEAT: (),   # a losing straight+ the table does not list simply loses
    PaytableKind.POCKET_BONUS: POCKET_PAIR_CLASSES + POCKET_ACE_CLASSES,  # § 677a.11(i)(1)(i)
    PaytableKind.TRIPS_PLUS: _CATS[HandCategory.THREE_OF_A_KIND:],        # § 677a.11(i)(2)(i)
}


class DealingMethod(enum.Enum):
    """How cards are dealt (58 Pa. Code § 677a.8, § 677a.9, § 677a.10)."""

    MANUAL_SHOE = "manual_shoe"        # § 677a.8
    HAND = "hand"                      # § 677a.9
    AUTOMATED_SHOE = "automated_shoe"  # § 677a.10


class RaiseAmounts(enum.Enum):
    """Which Raise amounts a player may make before and after the flop (§ 677a.11(b), (d))."""

    #: PA text (default): any whole number of chips up to the cap, three times the Ante before the
    #: flop (b), two times after it (d) (under ``Rounding.EXACT``, in the unit the Ante/Raise
    #: paytable pays in whole chips).
    UP_TO = "up-to"
    #: An optional table rule (the Rules Submission's, not PA text): only the whole multiples of the
    #: Ante listed in ``preflop_raise_multiples`` / ``flop_raise_multiples``.
    WHOLE_MULTIPLES = "whole-multiples"


def parse_odds(value: OddsLike) -> Fraction:
    """Exact odds from ``Fraction``, a non-negative int (``5`` = "5 to 1") or text ``"3 to 2"``/``"3:2"``
    (the house games' shared reading, :func:`pyeval.house.parse_odds`).

    Raises:
        PaytableError: a negative, zero-denominator, float or unreadable value.
    """
    return _parse_odds(value, PaytableError)


def _norm_class(key: object) -> str:
    if isinstance(key, HandCategory):
        return key.name
    if isinstance(key, str):
        return key
    raise PaytableError(f"a hand class is a str or HandCategory, got {type(key).__name__}")


#: Each kind's scale (:meth:`pyeval.house.LinePaytable.by_class`): the categories' hand-value
#: ranges; the Ante/Raise table's one class and the Pocket Bonus classes numbered on scales of their
#: own (the Pocket Bonus classes strongest first as :data:`POCKET_CLASSES` lists them).
_SCALE: dict[PaytableKind, Mapping[str, tuple[int, int]]] = {
    PaytableKind.ANTE_RAISE: {WIN: (1, 1)},
    PaytableKind.POCKET_BONUS: {c: (len(POCKET_CLASSES) - i,) * 2 for i, c in enumerate(POCKET_CLASSES)},
    **{k: {c: category_scale()[c] for c in _CLASSES[k]}
       for k in (PaytableKind.ODDS, PaytableKind.BAD_BEAT, PaytableKind.TRIPS_PLUS)},
}


@dataclass(frozen=True, eq=True, init=False)
class HeadsUpPaytable(LinePaytable):
    """One paytable of § 677a.12 as a :class:`~pyeval.house.LinePaytable`: named hand classes, each
    a line paying exact odds.

    Args:
        kind: which paytable (:class:`PaytableKind`); fixes the allowed and required hand classes:
            ``ANTE_RAISE``: ``"WIN"``. ``ODDS``: :class:`~pyeval.HandCategory` names; a winning
            hand whose class is absent (or pays ``0``) pushes. ``BAD_BEAT``: ``STRAIGHT`` ..
            ``STRAIGHT_FLUSH`` of the losing hand; an absent class loses. ``POCKET_BONUS``:
            :data:`POCKET_CLASSES` (every pair and AK/AQ/AJ suited and unsuited required;
            :data:`AA_WITH_DEALER_AA` optional, else such hands pay ``"AA"``). ``TRIPS_PLUS``:
            ``THREE_OF_A_KIND`` .. ``ROYAL_FLUSH``, all required.
        lines: mapping class -> odds (``Fraction``, int, or text ``"3 to 2"``); keys may be
            :class:`~pyeval.HandCategory` members. Stored as :class:`~pyeval.house.PaytableLine`
            objects, strongest first (a category line covers that category's hand values, so
            :meth:`line_for` takes a hand value); :meth:`payouts` gives class -> odds.
        name: a label, e.g. ``"Trips Plus example A"``.
        source: where the figures come from (a certificate holder's approval, or a public
            description for examples).
        example: True for the illustrative tables shipped in :mod:`pyeval.headsup.paytables`.
    Raises:
        PaytableError: an unknown or missing class, or odds that are negative, zero (where a line
        must pay) or not exact.
    """

    kind: PaytableKind = PaytableKind.ODDS
    EMPTY_OK: ClassVar[bool] = True  # an Odds or Bad Beat table may list no class

    def __init__(self, kind: PaytableKind, lines: Mapping[str | HandCategory, OddsLike], name: str = "",
                 source: str = "", example: bool = False) -> None:
        if not isinstance(kind, PaytableKind):
            raise PaytableError(f"kind must be a PaytableKind, got {kind!r}")
        if not isinstance(lines, Mapping):
            raise PaytableError(f"lines must be a mapping of hand class -> odds, got {type(lines).__name__}")
        allowed = set(kind.classes)
        parsed: dict[str, Fraction] = {}
        for key, odds in lines.items():
            cls = _norm_class(key)
            if cls not in allowed:
                raise PaytableError(f"{kind.section} ({kind.value}) has no hand class {cls!r}; "
                                    f"allowed: {', '.join(kind.classes)}")
            if cls in parsed:
                raise PaytableError(f"hand class {cls!r} given twice")
            f = parse_odds(odds)
            if f == 0 and kind is not PaytableKind.ODDS:
                raise PaytableError(f"{kind.value} line {cls!r} pays 0: leave the line out instead")
            parsed[cls] = f
        missing = [c for c in kind.required if c not in parsed]
        if missing:
            raise PaytableError(f"{kind.section} ({kind.value}) paytable must pay {', '.join(missing)}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "example", example)
        object.__setattr__(self, "lines", LinePaytable.by_class(kind.section, parsed, _SCALE[kind]))
        self.__post_init__()

    def __hash__(self) -> int:
        return hash((self.kind, self.lines, self.name))

    def __reduce__(self) -> tuple[object, ...]:  # picklable / copyable despite the read-only mappings
        return (HeadsUpPaytable, (self.kind, dict(self.payouts()), self.name, self.source, self.example))

    def __deepcopy__(self, memo: dict[int, object]) -> HeadsUpPaytable:
        return self  # immutable


def pay(amount: int, num: int, den: int, rounding: Rounding) -> int:
    """Winnings on ``amount`` chips at ``num`` to ``den`` under ``rounding`` (an int, never a float)."""
    return winnings(amount, num, den, rounding is Rounding.UP)


def pocket_class(hole: Sequence[int], dealer_hole: Iterable[int] | None = None, *,
                 dealer_aa_class: bool = True) -> str | None:
    """The Pocket Bonus class of two hole cards (§ 677a.11(i)(1)), or None when they do not win.

    Args:
        hole: the player's two card ints. dealer_hole: the dealer's two cards, consulted only for a
            pair of aces. dealer_aa_class: whether the paytable has :data:`AA_WITH_DEALER_AA`.
    Returns:
        ``"AA_WITH_DEALER_AA"``, a pair like ``"77"``, ``"AKs"``/``"AKo"`` etc., or None.
    """
    a, b = hole[0], hole[1]
    ra, rb = a >> 2, b >> 2
    if ra == rb:
        if ra == 12 and dealer_aa_class and dealer_hole is not None:
            d = tuple(dealer_hole)
            if len(d) == 2 and d[0] >> 2 == 12 and d[1] >> 2 == 12:
                return AA_WITH_DEALER_AA
        return POCKET_PAIR_CLASSES[12 - ra]
    hi, lo = (ra, rb) if ra > rb else (rb, ra)
    if hi == 12 and lo >= 9:
        return "A" + RANKS[lo] + ("s" if (a & 3) == (b & 3) else "o")
    return None


def pocket_index(cls: str) -> int:
    """Index of a Pocket Bonus class in :data:`POCKET_CLASSES` (the C layout)."""
    return _POCKET_INDEX[cls]


def _check_int(name: str, v: object, lo: int = 1) -> int:
    return check_int(name, v, lo)


#: The regulation's caps on the Raise before and after the flop, as multiples of the Ante.
PREFLOP_CAP = 3  # § 677a.11(b)
FLOP_CAP = 2     # § 677a.11(d)
MAX_POSITIONS = 20  # 52 cards: 9 for board and burns, 2 for the dealer, 2 per player


@dataclass(frozen=True)
class HeadsUpRules:
    """One table's configuration of World Poker Tour Heads-Up Hold 'Em (58 Pa. Code chapter 677a).

    Args:
        ante_raise, odds, bad_beat: the paytables of § 677a.12(a), (b), (c).
        pocket_bonus, trips_plus: the paytables of § 677a.12(d), (e), or None when the table does not
            offer that optional wager.
        positions: player positions, 1..20; position 1 is farthest to the dealer's left.
        ante_min, ante_max: Ante (= Odds) limits in chips. pocket_bonus_min/max,
            trips_plus_min/max: limits of the optional wagers.
        raise_amounts: :class:`RaiseAmounts`: any amount up to the cap (default, PA text), or only
            the whole multiples below (an optional, labelled table rule).
        preflop_raise_multiples: with ``WHOLE_MULTIPLES``, the Raise amounts allowed before the flop
            as multiples of the Ante, each 1..3 (§ 677a.11(b): up to three times the Ante). Default
            (1, 2, 3).
        flop_raise_multiples: after the flop, each 1..2 (§ 677a.11(d)). Default (1, 2). The
            Raise after the turn and river is exactly the Ante (§ 677a.11(f)); it is not an option.
        rounding: the declared payout :class:`Rounding` rule; default ``EXACT`` (no payout is ever
            rounded: a wager some line would not pay in whole chips is refused when placed).
            payout_cap: optional cap in chips on what one player's hand may win in one round (sum
            over his wagers), or None.
        dealing: the :class:`DealingMethod` (recorded in the round record).
        hole_card_procedure: the order the hole cards are dealt in, as the shoe's dealing
            procedure (:class:`pyeval.house.dealing.DealingProcedure`); its ``"hole"`` stage must give two
            cards to each player and to the dealer. Default :data:`pyeval.headsup.dealing.WPT_HEADS_UP_DEAL`
            (assumed: § 677a.8-.10 are not in our hands; one card at a time from the player
            farthest to the dealer's left, the dealer last, twice around).
        odds_equal_ante: the Odds wager must equal the Ante (default True, assumed: § 677a.7 is not
            in our hands; § 677a.11(f) and (h) settle the two together). False: the Odds wager is
            any amount within the Ante limits.
    Raises:
        TableRulesError: a wrong paytable kind, a limit that is not a positive int or min > max, a
        Raise multiple outside the regulation's cap, or positions outside 1..20.
    """

    ante_raise: HeadsUpPaytable
    odds: HeadsUpPaytable
    bad_beat: HeadsUpPaytable
    pocket_bonus: HeadsUpPaytable | None = None
    trips_plus: HeadsUpPaytable | None = None
    positions: int = 6
    ante_min: int = 5
    ante_max: int = 500
    pocket_bonus_min: int = 1
    pocket_bonus_max: int = 100
    trips_plus_min: int = 1
    trips_plus_max: int = 100
    preflop_raise_multiples: tuple[int, ...] = (1, 2, 3)
    flop_raise_multiples: tuple[int, ...] = (1, 2)
    rounding: Rounding = Rounding.EXACT
    payout_cap: int | None = None
    dealing: DealingMethod = DealingMethod.AUTOMATED_SHOE
    name: str = ""
    raise_amounts: RaiseAmounts = RaiseAmounts.UP_TO
    hole_card_procedure: DealingProcedure = WPT_HEADS_UP_DEAL
    odds_equal_ante: bool = True

    #: the game, as the command line names it (:class:`~pyeval.contracts.GameRules`)
    GAME: ClassVar[str] = "heads-up"

    @property
    def max_players(self) -> int:
        """The most players a round may have: one per position."""
        return self.positions

    def __post_init__(self) -> None:
        for attr, kind, optional in (("ante_raise", PaytableKind.ANTE_RAISE, False),
                                     ("odds", PaytableKind.ODDS, False),
                                     ("bad_beat", PaytableKind.BAD_BEAT, False),
                                     ("pocket_bonus", PaytableKind.POCKET_BONUS, True),
                                     ("trips_plus", PaytableKind.TRIPS_PLUS, True)):
            pt = getattr(self, attr)
            if pt is None and optional:
                continue
            if not isinstance(pt, HeadsUpPaytable) or pt.kind is not kind:
                raise TableRulesError(f"{attr} must be a HeadsUpPaytable of kind {kind.name} ({kind.section}), got {pt!r}")
        _check_int("positions", self.positions)
        if self.positions > MAX_POSITIONS:
            raise TableRulesError(f"positions must be 1..{MAX_POSITIONS}, got {self.positions}")
        for lo_name, hi_name in (("ante_min", "ante_max"), ("pocket_bonus_min", "pocket_bonus_max"),
                                 ("trips_plus_min", "trips_plus_max")):
            lo, hi = _check_int(lo_name, getattr(self, lo_name)), _check_int(hi_name, getattr(self, hi_name))
            if lo > hi:
                raise TableRulesError(f"{lo_name} ({lo}) exceeds {hi_name} ({hi})")
        for attr, cap, sec in (("preflop_raise_multiples", PREFLOP_CAP, "(b)"),
                               ("flop_raise_multiples", FLOP_CAP, "(d)")):
            ms = getattr(self, attr)
            if not isinstance(ms, tuple) or not ms:
                raise TableRulesError(f"{attr} must be a non-empty tuple of ints")
            for m in ms:
                if isinstance(m, bool) or not isinstance(m, int) or not 1 <= m <= cap:
                    raise TableRulesError(f"{attr}: {m!r} is not allowed; 58 Pa. Code § 677a.11{sec} "
                                          f"caps the Raise at {cap} times the Ante")
            object.__setattr__(self, attr, tuple(sorted(set(ms))))
        if not isinstance(self.rounding, Rounding):
            raise TableRulesError(f"rounding must be a Rounding, got {self.rounding!r}")
        if self.payout_cap is not None:
            _check_int("payout_cap", self.payout_cap)
        if not isinstance(self.dealing, DealingMethod):
            raise TableRulesError(f"dealing must be a DealingMethod, got {self.dealing!r}")
        if not isinstance(self.raise_amounts, RaiseAmounts):
            raise TableRulesError(f"raise_amounts must be a RaiseAmounts, got {self.raise_amounts!r}")
        if not isinstance(self.odds_equal_ante, bool):
            raise TableRulesError(f"odds_equal_ante must be a bool, got {self.odds_equal_ante!r}")
        proc = self.hole_card_procedure
        if not isinstance(proc, DealingProcedure):
            raise TableRulesError(f"hole_card_procedure must be a pyeval.house.dealing.DealingProcedure, got {proc!r}")
        try:
            plan = plan_deal(proc, (1, 2), stages=("hole",))
            hands, _, dealer = plan.place(range(plan.need))
        except ShoeArgumentError as e:
            raise TableRulesError(f"hole_card_procedure: {e}") from None
        if any(len(h) != 2 for h in hands.values()) or len(dealer) != 2:
            raise TableRulesError(f"hole_card_procedure {proc.name!r}: its 'hole' stage must give two cards to each "
                                  "player and to the dealer")

    def offers(self, wager: HeadsUpWager) -> bool:
        """Whether this table takes the wager (Ante, Odds and Raise always; the optional ones if configured)."""
        if wager is HeadsUpWager.POCKET_BONUS:
            return self.pocket_bonus is not None
        if wager is HeadsUpWager.TRIPS_PLUS:
            return self.trips_plus is not None
        return True

    def paytables_for(self, wager: HeadsUpWager) -> tuple[HeadsUpPaytable, ...]:
        """The paytables a wager can be paid from (used by :attr:`Rounding.EXACT`)."""
        if wager in (HeadsUpWager.ANTE, HeadsUpWager.RAISE):
            return (self.ante_raise,)
        if wager is HeadsUpWager.ODDS:
            return (self.odds, self.bad_beat)
        pt = self.pocket_bonus if wager is HeadsUpWager.POCKET_BONUS else self.trips_plus
        return (pt,) if pt is not None else ()

    def whole_chip_unit(self, wager: HeadsUpWager) -> int:
        """The smallest amount all of this wager's paytable lines pay in whole chips."""
        return math.lcm(1, *(p.denominators_lcm for p in self.paytables_for(wager)))

    @functools.cached_property
    def plan(self) -> SettlePlan:
        """This table's constants precomputed once for the round procedure's hot path (a
        :class:`SettlePlan`); derived from the fields, never part of equality or the repr."""
        return _make_plan(self)

    @functools.cached_property
    def _raise_cache(self) -> dict[tuple[int, int], Sequence[int]]:
        """(street, ante) -> Raise amounts, filled by the rounds on first use (private: the plan
        the rounds read is read-only)."""
        return {}

    @functools.cached_property
    def _settle_cache(self) -> dict[tuple[object, ...], tuple[tuple[object, ...], int, tuple[object, ...], int]]:
        """Settlement key -> (wager results, net, a fold's logged results, their net), filled by :func:`~pyeval.headsup.settle.settle_cached`
        (private; derived data, never part of equality)."""
        return {}

    @functools.cached_property
    def _wagers_ok(self) -> set[tuple[int, int, int, int, int]]:
        """(player, ante, odds, pocket bonus, trips plus) int tuples that passed the round's full
        wager check at this table (private; the rounds' fast path, docs/decisions/032)."""
        return set()

    def __getstate__(self) -> dict[str, object]:
        # pickle and deepcopy carry the fields only; the plan and the cache are rebuilt on first use
        state = dict(self.__dict__)
        state.pop("plan", None)
        state.pop("_raise_cache", None)
        state.pop("_settle_cache", None)
        state.pop("_wagers_ok", None)
        return state


class SettlePlan(NamedTuple):
    """Per-table constants the round and settlement read on every round (built once per
    :class:`HeadsUpRules` by :attr:`HeadsUpRules.plan`).

    Per hand category (index = :class:`~pyeval.HandCategory` value, 0..9), ``odds``,
    ``bad_beat`` and ``trips`` hold the :class:`~pyeval.house.PaidLine` (``num, den, odds,
    label``) that category falls on, or None when the paytable does not list it (``trips`` is None
    throughout when the table does not offer Trips Plus). ``pocket`` maps each Pocket Bonus class
    to its line.
    """

    ante_raise: PaidLine
    odds: tuple[PaidLine | None, ...]
    bad_beat: tuple[PaidLine | None, ...]
    trips: tuple[PaidLine | None, ...]
    pocket: Mapping[str, PaidLine]
    dealer_aa_class: bool
    round_up: bool
    exact: bool
    offers_pocket: bool
    offers_trips: bool
    preflop_multiples: tuple[int, ...]
    flop_multiples: tuple[int, ...]
    up_to: bool  # RaiseAmounts.UP_TO
    raise_unit: int  # the Raise amounts' unit (EXACT rounding: what the Ante/Raise paytable pays whole)


def _lines_by_category(pt: HeadsUpPaytable | None) -> tuple[PaidLine | None, ...]:
    return tuple(None if pt is None else pt.paid(c) for c in _CATS)


def _make_plan(r: HeadsUpRules) -> SettlePlan:
    ar = r.ante_raise.paid(WIN)
    assert ar is not None  # HeadsUpPaytable requires the WIN line
    pb = r.pocket_bonus
    return SettlePlan(
        ante_raise=ar,
        odds=_lines_by_category(r.odds), bad_beat=_lines_by_category(r.bad_beat),
        trips=_lines_by_category(r.trips_plus),
        pocket=MappingProxyType({} if pb is None else {ln.label: p for ln in pb.lines if (p := pb.paid(ln.label))}),
        dealer_aa_class=pb is not None and pb.paid(AA_WITH_DEALER_AA) is not None,
        round_up=r.rounding is Rounding.UP, exact=r.rounding is Rounding.EXACT,
        offers_pocket=pb is not None, offers_trips=r.trips_plus is not None,
        preflop_multiples=r.preflop_raise_multiples, flop_multiples=r.flop_raise_multiples,
        up_to=r.raise_amounts is RaiseAmounts.UP_TO,
        raise_unit=r.whole_chip_unit(HeadsUpWager.RAISE) if r.rounding is Rounding.EXACT else 1)

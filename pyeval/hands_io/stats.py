"""Player statistics over many hands: VPIP, PFR, 3-bet, aggression, went to showdown, won at showdown,
net chips and big blinds per 100 hands.

Definitions (the common tracker definitions, applied to every PHH game; "preflop" is the first
betting round, stud's third street included):

- **VPIP**: hands where the player put chips in voluntarily in the first betting round (a call,
  bet or raise; posting a blind or bring-in, or checking the big blind, is not voluntary).
- **PFR**: hands where the player bet or raised in the first betting round.
- **3-bet**: re-raises of exactly one raise in the first round, over the chances to do so (the
  player acted facing exactly one raise over the blinds). The blinds (or bring-in) are the first bet.
- **AF** (aggression factor): bets and raises after the first round / calls after the first round.
- **WTSD**: hands that reached a showdown with the player in it / hands where the player saw the
  second round (the flop). **W$SD**: showdowns won (ended the hand with more than he started) /
  showdowns.
- **net**: what he won or lost, ``finishing - starting`` in the replay, which takes the house's
  rake, jackpot and fees (``_rake``, ``_jackpot``, ``_fees``) from the pots as the room did; **net
  before rake**: the same with his share of that take added back (each pot's take shared by its
  winners in proportion to what they won from it); **bb/100**: each hand's net divided by that
  hand's own big blind (fixed limit and stud: the small bet, from the replay's validated rules),
  averaged over his hands, times 100. Over hands at several stakes it is not the total net over one
  big blind: winning 10 small pots at $0.50/$1 and losing one at $5/$10 gives a positive bb/100
  with a negative net (it weighs every hand in its own blinds, not in money).

**Verified hands only** (by default): a hand counts only when its replay agrees with everything the
record states (:func:`pyeval.poker.phh.check_replay`, the decision of ``pyeval replay`` and
``pyeval convert``); the others are left out and counted with their reason (``include_unverified``
counts every replayable hand). **Units**: one :class:`PlayerStats` covers hands of one kind of money
(:func:`money_kind`: a currency, tournament chips, or plain chips); :func:`stats_by_unit` keeps the
kinds apart, and the net is in the kind's smallest unit (``PlayerStats.unit``: ``"USD cents"``).

Every count comes from the hand's replay through the engine (its events: only actions the rules
allowed, amounts the engine checked), never from the record's action text; a hand that cannot be
replayed is refused (or, with ``left_out=``, left out and said). Amounts are ints in each hand's
smallest unit (a record in fractions of a chip adds its net rounded toward zero; its bb/100 is exact).
"""
from __future__ import annotations

import math

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..contracts import EventKind
from ..errors import HandHistoryError, PyevalError
from ._phh import BettingStructure, HandHistory, Round, dumps, replay_checked

__all__ = ["PlayerStats", "player_stats", "stats_by_unit", "money_kind", "without_duplicates", "DUPLICATE", "UNVERIFIED",
           "NOT_REPLAYABLE"]

DUPLICATE = "duplicate"  # the reason a repeated hand is left out (before the colon, as the others)

#: Reasons a hand is left out of the statistics (the first words of each ``left_out`` reason).
UNVERIFIED, NOT_REPLAYABLE = "unverified", "not replayable"


@dataclass(frozen=True)
class PlayerStats:
    """Statistics per player, one entry per name in ``players`` (sorted by hands played, then name).

    Count arrays are ``int64`` of shape ``(n_players,)``: ``hands``, ``vpip_hands``, ``pfr_hands``,
    ``three_bets``, ``three_bet_chances``, ``postflop_aggressive``, ``postflop_calls``, ``saw_flop``,
    ``showdowns``, ``showdowns_won``, ``net`` and ``net_before_rake`` (in ``unit``: the smallest unit
    of the hands' money, e.g. ``"USD cents"`` or ``"tournament chips"``; ``units_per`` of them make
    one ``currency`` unit). Ratios are ``float64`` properties (``nan`` where the denominator is 0):
    ``vpip``, ``pfr``, ``three_bet``, ``af``, ``wtsd``, ``wsd``, ``bb_per_100``.
    """

    players: tuple[str, ...]
    hands: npt.NDArray[np.int64]
    vpip_hands: npt.NDArray[np.int64]
    pfr_hands: npt.NDArray[np.int64]
    three_bets: npt.NDArray[np.int64]
    three_bet_chances: npt.NDArray[np.int64]
    postflop_aggressive: npt.NDArray[np.int64]
    postflop_calls: npt.NDArray[np.int64]
    saw_flop: npt.NDArray[np.int64]
    showdowns: npt.NDArray[np.int64]
    showdowns_won: npt.NDArray[np.int64]
    net: npt.NDArray[np.int64]
    net_bb: npt.NDArray[np.float64]
    net_before_rake: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    unit: str = "chips"
    units_per: int = 1
    currency: str = ""

    @staticmethod
    def _ratio(a: npt.NDArray[Any], b: npt.NDArray[Any]) -> npt.NDArray[np.float64]:
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(b > 0, a / np.maximum(b, 1), np.nan).astype(np.float64)

    @property
    def vpip(self) -> npt.NDArray[np.float64]:
        """Share of hands with a voluntary first-round call, bet or raise (0..1)."""
        return self._ratio(self.vpip_hands, self.hands)

    @property
    def pfr(self) -> npt.NDArray[np.float64]:
        """Share of hands with a first-round bet or raise (0..1)."""
        return self._ratio(self.pfr_hands, self.hands)

    @property
    def three_bet(self) -> npt.NDArray[np.float64]:
        """3-bets over chances to 3-bet (0..1)."""
        return self._ratio(self.three_bets, self.three_bet_chances)

    @property
    def af(self) -> npt.NDArray[np.float64]:
        """Aggression factor after the first round: (bets + raises) / calls."""
        return self._ratio(self.postflop_aggressive, self.postflop_calls)

    @property
    def wtsd(self) -> npt.NDArray[np.float64]:
        """Went to showdown, over hands that saw the second round (0..1)."""
        return self._ratio(self.showdowns, self.saw_flop)

    @property
    def wsd(self) -> npt.NDArray[np.float64]:
        """Won money at showdown, over showdowns (0..1)."""
        return self._ratio(self.showdowns_won, self.showdowns)

    @property
    def bb_per_100(self) -> npt.NDArray[np.float64]:
        """Net big blinds per 100 hands."""
        return self._ratio(self.net_bb * 100, self.hands)

    def rows(self) -> list[dict[str, Any]]:
        """One dict per player (for JSON or a data frame): counts, ratios (None for nan) and net."""
        out = []
        ratios = {k: getattr(self, k) for k in ("vpip", "pfr", "three_bet", "af", "wtsd", "wsd", "bb_per_100")}
        for i, p in enumerate(self.players):
            row: dict[str, Any] = {"player": p, "hands": int(self.hands[i]), "net": int(self.net[i]),
                                   "net_before_rake": int(self.net_before_rake[i]) if len(self.net_before_rake) else
                                   int(self.net[i]), "unit": self.unit}
            for k, v in ratios.items():
                row[k] = None if np.isnan(v[i]) else round(float(v[i]), 4)
            out.append(row)
        return out

    def table(self, limit: int | None = None) -> str:
        """A fixed-width text table (percentages; AF and bb/100 as numbers), ``limit`` rows at most,
        under a line naming the unit of the net (the currency, or chips)."""
        head = (f"{'player':<24} {'hands':>6} {'VPIP':>6} {'PFR':>6} {'3bet':>6} {'AF':>5} {'WTSD':>6} {'W$SD':>6} "
                f"{'net':>12} {'pre-rake':>12} {'bb/100':>8}")
        lines = [f"net and pre-rake net in {self.currency or self.unit}:", head]
        before = self.net_before_rake if len(self.net_before_rake) else self.net

        def pct(x: float) -> str:
            return "-" if np.isnan(x) else f"{100 * x:.1f}"

        for r in range(len(self.players) if limit is None else min(limit, len(self.players))):
            af = self.af[r]
            bb = self.bb_per_100[r]
            lines.append(f"{self.players[r][:24]:<24} {self.hands[r]:>6} {pct(self.vpip[r]):>6} {pct(self.pfr[r]):>6} "
                         f"{pct(self.three_bet[r]):>6} {'-' if np.isnan(af) else f'{af:.2f}':>5} {pct(self.wtsd[r]):>6} "
                         f"{pct(self.wsd[r]):>6} {self.money(int(self.net[r])):>12} {self.money(int(before[r])):>12} "
                         f"{'-' if np.isnan(bb) else f'{bb:.1f}':>8}")
        return "\n".join(lines)

    def money(self, amount: int) -> str:
        """An amount of ``unit`` as text in the kind's own unit: ``-1.25`` (USD, 100 cents each), ``1,500`` (chips)."""
        if self.units_per == 1:
            return f"{amount:,}"
        digits = len(str(self.units_per)) - 1
        sign = "-" if amount < 0 else ""
        whole, part = divmod(abs(amount), self.units_per)
        return f"{sign}{whole:,}.{part:0{digits}d}"


_FIELDS = ("hands", "vpip_hands", "pfr_hands", "three_bets", "three_bet_chances", "postflop_aggressive",
           "postflop_calls", "saw_flop", "showdowns", "showdowns_won", "net", "net_before_rake")


def money_kind(hh: HandHistory) -> tuple[str, str, int]:
    """What a hand's amounts count: ``(unit name, currency, smallest units per currency unit)``.
    A tournament hand (``_pyeval_tournament``, or an ``event`` ``Tournament #...``): ``("tournament chips", "", 1)``; a hand with a PHH
    ``currency`` (``"USD"``): ``("USD cents", "USD", 100)`` when ``_units_per_currency`` is 100,
    ``("USD", "USD", 1)`` when it is 1; otherwise ``("chips", "", 1)``. Hands of different kinds are
    never added together (:func:`stats_by_unit`)."""
    event = hh.extra.get("event")
    if hh.extra.get("_pyeval_tournament") is True or (isinstance(event, str) and event.startswith("Tournament #")):
        return "tournament chips", "", 1  # (a room's tournament hand may replay outside tournament mode)
    cur = hh.extra.get("currency")
    units = hh.extra.get("_units_per_currency", 1)
    if not isinstance(units, int) or isinstance(units, bool) or units < 1:
        units = 1
    if isinstance(cur, str) and cur:
        if units == 1:
            return cur, cur, 1
        return f"{cur} {'cents' if units == 100 else f'1/{units}'}", cur, units
    return "chips", "", 1


def _big_blind(rnd: Round) -> int:
    """The bb/100 unit, in the replay's units: fixed limit and stud the small bet, else the big
    blind (the largest blind), else the minimum bet. Always >= 1 (the replay's rules are validated)."""
    rules = rnd.rules
    if rules.structure is BettingStructure.FIXED_LIMIT or not rules.blinds:
        return int(rules.min_bet)
    return int(max(rules.blinds))


#: Events of a player's betting (a card event after one starts a new betting round).
_BETTING = frozenset({EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE,
                      EventKind.BRING_IN})
_CARDS = frozenset({EventKind.HOLE, EventKind.BOARD})
_OPENING = frozenset({EventKind.BLIND, EventKind.STRADDLE, EventKind.BRING_IN})


def _replay(hh: HandHistory, verified: bool) -> tuple[Round, int]:
    """The validated replay of ``hh`` and its unit (chips of the record per replay unit: a record in
    half chips replays in units of 1/2). Raises HandHistoryError naming the hand and why it is left
    out: not replayable, or (``verified``) not agreeing with its record as ``pyeval replay`` decides."""
    try:
        rnd, res = replay_checked(hh)
    except PyevalError as exc:
        raise HandHistoryError(f"{NOT_REPLAYABLE}: {exc}") from None
    if verified and not res.matches:
        why = ("; ".join(res.problems) if res.problems else "the record states no finishing_stacks to check"
               if res.expected is None else f"p{res.first_diff}'s finishing stack differs")
        raise HandHistoryError(f"{UNVERIFIED}: {why}")
    return rnd, res.scale


def _net_units(rnd: Round) -> tuple[list[int], list[Fraction]] | None:
    """Each player's result in the replay's units after the house's take, and his share of that
    take (each pot's take shared by its winners in proportion to what they won from it), or None
    when the replay does not finish the hand."""
    if not rnd.complete:
        return None
    start = [int(x) for x in rnd.starting_stacks]
    taken: dict[int, int] = {}
    won: dict[int, dict[int, int]] = {}
    for e in rnd.events:
        if e.kind is EventKind.RAKE and e.cards:
            taken[e.cards[0]] = taken.get(e.cards[0], 0) + e.amount
        elif e.kind is EventKind.AWARD and e.player is not None and isinstance(e.detail, int):
            pot = won.setdefault(e.detail, {})
            pot[e.player] = pot.get(e.player, 0) + e.amount
    paid = [Fraction(0)] * rnd.n
    for k, t in taken.items():
        pot = won.get(k, {})
        total = sum(pot.values())
        for i, w in pot.items():
            paid[i] += Fraction(t * w, total) if total else Fraction(t, len(pot))
    return [int(x) - s for x, s in zip(rnd.stacks, start)], paid


def _hand(hh: HandHistory, acc: dict[str, dict[str, Any]], verified: bool = True) -> None:
    """Count one hand from its validated replay (the engine's events, not the record's text)."""
    rnd, scale = _replay(hh, verified)
    n = rnd.n
    names = list(hh.players) if hh.players else [f"p{i + 1}" for i in range(n)]
    if len(names) != n:
        raise HandHistoryError(f"{len(names)} player names for {n} players")
    street = 0
    opened = False  # a forced bet or bet is in this betting round (a bet over it is a raise)
    raises = 0  # raises over the blinds (or bring-in) in the first round
    folded = [False] * n
    seen = [0] * n
    vpip = [False] * n
    pfr = [False] * n
    three = [0] * n
    chance = [0] * n
    aggr = [0] * n
    calls = [0] * n
    after_player = False  # a card event after a player's betting starts a new betting round
    for e in rnd.events:
        k = e.kind
        if k in _CARDS:
            if after_player:
                after_player = False
                street += 1
                opened = False
                for i in range(n):
                    if not folded[i]:
                        seen[i] = street
            continue
        if street == 0 and k in _OPENING:
            opened = True
        if k not in _BETTING or e.player is None:
            continue
        i = e.player
        after_player = True
        if k is EventKind.BRING_IN:
            continue
        if street == 0 and raises == 1 and k is not EventKind.CHECK:
            chance[i] = 1  # facing exactly one raise over the blinds
        if k is EventKind.FOLD:
            folded[i] = True
        elif k is EventKind.CALL:
            if street == 0:
                vpip[i] = True
            else:
                calls[i] += 1
        elif k in (EventKind.BET, EventKind.RAISE):
            if street == 0:
                vpip[i] = pfr[i] = True
                if opened:
                    if raises == 1:
                        three[i] = 1
                    raises += 1
                opened = True
            else:
                aggr[i] += 1
    showdown = sum(not f for f in folded) >= 2
    counts: dict[str, list[Any]] = {"vpip_hands": vpip, "pfr_hands": pfr, "three_bets": three, "three_bet_chances": chance,
                                    "postflop_aggressive": aggr, "postflop_calls": calls, "saw_flop": [x >= 1 for x in seen]}
    _accumulate(acc, names, counts, rnd, scale, [showdown and not f for f in folded])


def _accumulate(acc: dict[str, dict[str, Any]], names: list[str], counts: dict[str, list[Any]], rnd: Round,
                scale: int, at_showdown: list[bool]) -> None:
    """Add one hand's counts, net (after and before the house's take) and showdowns to each player's row."""
    result = _net_units(rnd)
    bb = _big_blind(rnd)
    for i, nm in enumerate(names):
        a = acc.setdefault(nm, {k: 0 for k in _FIELDS} | {"net_bb": Fraction(0), "net_before_rake": Fraction(0)})
        a["hands"] += 1
        for k, v in counts.items():
            a[k] += v[i]
        if result is not None:
            net, paid = result
            a["net"] += Fraction(net[i], scale)
            a["net_before_rake"] += (net[i] + paid[i]) / scale
            a["net_bb"] += Fraction(net[i], bb)
        if at_showdown[i]:
            a["showdowns"] += 1
            if result is not None and result[0][i] > 0:
                a["showdowns_won"] += 1


def player_stats(hands: Iterable[HandHistory], *, left_out: list[tuple[str, str]] | None = None,
                 include_unverified: bool = False) -> PlayerStats:
    """Statistics per player name over ``hands`` (PHH records of one kind of money, :func:`money_kind`;
    names from ``players``, else ``p1``...), each hand counted from its replay through the engine (so
    only what the rules allow is counted).

    Args:
        hands: the records. left_out: when given, a hand left out is appended here as ``(hand name,
            reason)`` (the reason starts with :data:`UNVERIFIED` or :data:`NOT_REPLAYABLE`) instead
            of raising. include_unverified: also count hands whose record disagrees with the replay
            or states no finishing stacks (their net is the replay's).
    Raises:
        HandHistoryError: (``left_out`` None) a hand that cannot be replayed, is not verified (unless
            ``include_unverified``) or names the wrong number of players, naming the hand; hands of
            more than one kind of money (use :func:`stats_by_unit`).
    """
    acc: dict[str, dict[str, Any]] = {}
    kinds: set[tuple[str, str, int]] = set()
    for hh in hands:
        kinds.add(money_kind(hh))
        if len(kinds) > 1:
            raise HandHistoryError(f"hands in {' and '.join(sorted(k[0] for k in kinds))} cannot be added together: "
                                   "use stats_by_unit (one table per kind of money)")
        try:
            _hand(hh, acc, not include_unverified)
        except HandHistoryError as exc:
            if left_out is None:
                raise HandHistoryError(f"{hh.name}: {exc}" if hh.name and not str(exc).startswith(hh.name)
                                       else str(exc)) from None
            left_out.append((hh.name, str(exc)))
    unit, currency, per = next(iter(kinds), ("chips", "", 1))
    order = sorted(acc, key=lambda p: (-acc[p]["hands"], p))
    arr = {k: np.array([int(acc[p][k]) for p in order], dtype=np.int64) for k in _FIELDS}
    return PlayerStats(players=tuple(order), net_bb=np.array([float(acc[p]["net_bb"]) for p in order],
                                                             dtype=np.float64), unit=unit, units_per=per,
                       currency=currency, **arr)


def stats_by_unit(hands: Iterable[HandHistory], *, left_out: list[tuple[str, str]] | None = None,
                  include_unverified: bool = False) -> dict[str, PlayerStats]:
    """:func:`player_stats` for each kind of money among ``hands`` (keyed by its unit name, e.g.
    ``"USD cents"``, ``"tournament chips"``), in the order first met: cash of one currency, another
    currency and tournament chips are never added together."""
    groups: dict[str, list[HandHistory]] = {}
    for hh in hands:
        groups.setdefault(money_kind(hh)[0], []).append(hh)
    return {k: player_stats(v, left_out=left_out, include_unverified=include_unverified) for k, v in groups.items()}


def without_duplicates(hands: Iterable[HandHistory]) -> tuple[list[HandHistory], list[tuple[str, str]]]:
    """``hands`` with each hand kept once (the first met), and ``(name, reason)`` for each repeat left out.

    A hand is the same as another when both name the same venue and hand number (``venue`` /
    ``casino`` and ``hand``) with the same players, starting stacks and actions, or, for a record
    without both, when the whole record is the same. (A number alone is not enough: files converted
    from PHH number their hands per file.)
    """
    seen: dict[tuple[str, ...], str] = {}
    kept: list[HandHistory] = []
    dups: list[tuple[str, str]] = []
    for hh in hands:
        number = hh.extra.get("hand")
        venue = hh.extra.get("venue", hh.extra.get("casino", ""))
        numbered = number not in (None, "") and venue not in (None, "")  # a number alone is per file (PHH)
        plays = "|".join(hh.actions)
        key = ((("hand", str(venue), str(number), repr(hh.players), repr(hh.starting_stacks), plays)) if numbered
               else ("record", dumps(hh)))
        if key in seen:
            what = f"{venue} hand {number}" if key[0] == "hand" else "the same record"
            dups.append((hh.name, f"{DUPLICATE}: {what} as {seen[key]}, counted once"))
            continue
        seen[key] = hh.name or f"hand {len(kept) + 1}"
        kept.append(hh)
    return kept, dups

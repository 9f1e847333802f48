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
- **net**: chips won or lost, ``finishing - starting``: the record's ``finishing_stacks`` when they
  agree with the replay (after the rake, as :func:`~pyeval.hands_io.verify` checks them), else the
  replay's (before any rake); **bb/100**: the net in big blinds (fixed limit and stud: the small
  bet, from the replay's validated rules) per 100 hands.

Every count comes from the hand's replay through the engine (its events: only actions the rules
allowed, amounts the engine checked), never from the record's action text; a hand that cannot be
replayed is refused (or, with ``left_out=``, left out and said). Amounts are ints in each hand's
smallest unit; add up hands of one unit (cents or chips) only (a record in fractions of a chip adds
its net rounded toward zero; its bb/100 is exact).
"""
from __future__ import annotations

import math

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..contracts import EventKind
from ..errors import HandHistoryError, PyevalError
from ._phh import BettingStructure, HandHistory, Round
from ._verify import agreement_problems

__all__ = ["PlayerStats", "player_stats"]


@dataclass(frozen=True)
class PlayerStats:
    """Statistics per player, one entry per name in ``players`` (sorted by hands played, then name).

    Count arrays are ``int64`` of shape ``(n_players,)``: ``hands``, ``vpip_hands``, ``pfr_hands``,
    ``three_bets``, ``three_bet_chances``, ``postflop_aggressive``, ``postflop_calls``, ``saw_flop``,
    ``showdowns``, ``showdowns_won``, ``net`` (chips). Ratios are ``float64`` properties (``nan`` where
    the denominator is 0): ``vpip``, ``pfr``, ``three_bet``, ``af``, ``wtsd``, ``wsd``, ``bb_per_100``.
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
            row: dict[str, Any] = {"player": p, "hands": int(self.hands[i]), "net": int(self.net[i])}
            for k, v in ratios.items():
                row[k] = None if np.isnan(v[i]) else round(float(v[i]), 4)
            out.append(row)
        return out

    def table(self, limit: int | None = None) -> str:
        """A fixed-width text table (percentages; AF and bb/100 as numbers), ``limit`` rows at most."""
        head = f"{'player':<24} {'hands':>6} {'VPIP':>6} {'PFR':>6} {'3bet':>6} {'AF':>5} {'WTSD':>6} {'W$SD':>6} {'net':>10} {'bb/100':>8}"
        lines = [head]

        def pct(x: float) -> str:
            return "-" if np.isnan(x) else f"{100 * x:.1f}"

        for r in range(len(self.players) if limit is None else min(limit, len(self.players))):
            af = self.af[r]
            bb = self.bb_per_100[r]
            lines.append(f"{self.players[r][:24]:<24} {self.hands[r]:>6} {pct(self.vpip[r]):>6} {pct(self.pfr[r]):>6} "
                         f"{pct(self.three_bet[r]):>6} {'-' if np.isnan(af) else f'{af:.2f}':>5} {pct(self.wtsd[r]):>6} "
                         f"{pct(self.wsd[r]):>6} {self.net[r]:>10} {'-' if np.isnan(bb) else f'{bb:.1f}':>8}")
        return "\n".join(lines)


_FIELDS = ("hands", "vpip_hands", "pfr_hands", "three_bets", "three_bet_chances", "postflop_aggressive",
           "postflop_calls", "saw_flop", "showdowns", "showdowns_won", "net")


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


def _replay(hh: HandHistory) -> tuple[Round, int]:
    """The validated replay of ``hh`` and its unit (chips of the record per replay unit: a record in
    half chips replays in units of 1/2). Raises HandHistoryError naming the hand."""
    try:
        scale = hh.unit_scale
        rnd = hh.replay()
    except PyevalError as exc:
        raise HandHistoryError(f"not replayable: {exc}") from None
    return rnd, scale


def _net_units(hh: HandHistory, rnd: Round, scale: int) -> list[int] | None:
    """Each player's result in the replay's units: the record's (after the rake) when it agrees
    with the replay as :func:`~pyeval.hands_io.verify` checks it, else the replay's (before any
    rake), or None when the replay does not finish the hand."""
    if not rnd.complete:
        return None
    start = [int(x) for x in rnd.starting_stacks]
    rec = hh.finishing_stacks
    if rec is not None and len(rec) == rnd.n and all(math.isfinite(x) for x in rec):  # inf: an unbounded stack
        units = [Fraction(x) * scale for x in rec]
        if all(u.denominator == 1 for u in units) and not agreement_problems(hh, rnd, [int(u) for u in units]):
            return [int(u) - s for u, s in zip(units, start)]
    return [int(x) - s for x, s in zip(rnd.stacks, start)]


def _hand(hh: HandHistory, acc: dict[str, dict[str, Any]]) -> None:
    """Count one hand from its validated replay (the engine's events, not the record's text)."""
    rnd, scale = _replay(hh)
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
    net = _net_units(hh, rnd, scale)
    bb = _big_blind(rnd)
    for i, nm in enumerate(names):
        a = acc.setdefault(nm, {k: 0 for k in _FIELDS} | {"net_bb": Fraction(0)})
        a["hands"] += 1
        a["vpip_hands"] += vpip[i]
        a["pfr_hands"] += pfr[i]
        a["three_bets"] += three[i]
        a["three_bet_chances"] += chance[i]
        a["postflop_aggressive"] += aggr[i]
        a["postflop_calls"] += calls[i]
        a["saw_flop"] += seen[i] >= 1
        if net is not None:
            a["net"] += Fraction(net[i], scale)
            a["net_bb"] += Fraction(net[i], bb)
        if showdown and not folded[i]:
            a["showdowns"] += 1
            if net is not None and net[i] > 0:
                a["showdowns_won"] += 1


def player_stats(hands: Iterable[HandHistory], *, left_out: list[tuple[str, str]] | None = None) -> PlayerStats:
    """Statistics per player name over ``hands`` (PHH records; names from ``players``, else ``p1``...),
    each hand counted from its replay through the engine (so only what the rules allow is counted).

    Args:
        hands: the records. left_out: when given, a hand that cannot be replayed is left out and
            ``(hand name, reason)`` appended here, instead of raising.
    Raises:
        HandHistoryError: (``left_out`` None) a hand that cannot be replayed or names the wrong
            number of players, naming the hand.
    """
    acc: dict[str, dict[str, Any]] = {}
    for hh in hands:
        try:
            _hand(hh, acc)
        except HandHistoryError as exc:
            if left_out is None:
                raise HandHistoryError(f"{hh.name}: {exc}" if hh.name and not str(exc).startswith(hh.name)
                                       else str(exc)) from None
            left_out.append((hh.name, str(exc)))
    order = sorted(acc, key=lambda p: (-acc[p]["hands"], p))
    arr = {k: np.array([int(acc[p][k]) for p in order], dtype=np.int64) for k in _FIELDS}
    return PlayerStats(players=tuple(order), net_bb=np.array([float(acc[p]["net_bb"]) for p in order],
                                                             dtype=np.float64), **arr)

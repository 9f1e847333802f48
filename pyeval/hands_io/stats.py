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
- **net**: chips won or lost, ``finishing - starting`` (the record's ``finishing_stacks``, else a
  replay); **bb/100**: the net in big blinds (fixed limit and stud: the small bet) per 100 hands.

Amounts are ints in each hand's smallest unit; add up hands of one unit (cents or chips) only.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import HandHistoryError, PyevalError
from ._phh import HandHistory

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


def _big_blind(hh: HandHistory) -> int:
    if hh.small_bet is not None:
        return int(hh.small_bet)
    if any(hh.blinds_or_straddles):
        bos = hh.blinds_or_straddles
        n = len(bos)
        # the big blind: the second blind (heads-up, PHH lists the blinds reversed)
        nz = [b for b in (bos[::-1] if n == 2 else bos) if b]
        return int(nz[1] if len(nz) > 1 else nz[0])
    return int(hh.min_bet or 1)


def _hand(hh: HandHistory, acc: dict[str, dict[str, float]]) -> None:
    n = len(hh.starting_stacks)
    names = list(hh.players) if hh.players else [f"p{i + 1}" for i in range(n)]
    if len(names) != n:
        raise HandHistoryError(f"{hh.name}: {len(names)} player names for {n} players")
    bos = hh.blinds_or_straddles
    posted = list(bos[::-1]) if n == 2 else list(bos)
    street = 0
    put = [int(x) for x in posted]  # this street's chips in, per player
    top = max(put)
    raises = 0  # raises over the blinds (or bring-in) this street
    folded = [False] * n
    seen = [0] * n
    vpip = [False] * n
    pfr = [False] * n
    three = [0] * n
    chance = [0] * n
    aggr = [0] * n
    calls = [0] * n
    after_player = False  # a dealer action after a player action starts a new betting round
    for raw in hh.actions:
        t = raw.split("#", 1)[0].split()
        if not t:
            continue
        if t[0] == "d":
            if after_player:
                after_player = False
                street += 1
                put = [0] * n
                top = 0
                raises = 0
                for i in range(n):
                    if not folded[i]:
                        seen[i] = street
            continue
        if not t[0].startswith("p") or not t[0][1:].isdigit():
            continue
        i = int(t[0][1:]) - 1
        if not 0 <= i < n:
            raise HandHistoryError(f"{hh.name}: bad player in {raw!r}")
        op = t[1] if len(t) > 1 else ""
        if op in ("sm", "sd"):
            continue  # showdown and draws do not change the betting
        after_player = True
        if street == 0 and raises == 1 and op in ("cc", "cbr", "f"):
            chance[i] = 1  # facing exactly one raise over the blinds
        if op == "pb":
            put[i] = int(hh.bring_in or 0)
            top = max(top, put[i])
        elif op == "f":
            folded[i] = True
        elif op == "cc":
            if put[i] < top:  # a call, not a check
                if street == 0:
                    vpip[i] = True
                else:
                    calls[i] += 1
                put[i] = top
        elif op == "cbr":
            try:
                to = int(float(t[2]))
            except (IndexError, ValueError):
                raise HandHistoryError(f"{hh.name}: bad amount in {raw!r}") from None
            if street == 0:
                vpip[i] = pfr[i] = True
                if top > 0:
                    if raises == 1:
                        three[i] = 1
                    raises += 1
            else:
                aggr[i] += 1
            put[i] = to
            top = max(top, to)
    live = [i for i in range(n) if not folded[i]]
    showdown = len(live) >= 2
    fin = hh.finishing_stacks
    if fin is None:
        try:
            fin = list(hh.replay().stacks)
        except PyevalError:
            fin = None
    bb = _big_blind(hh)
    for i, nm in enumerate(names):
        a = acc.setdefault(nm, {k: 0 for k in _FIELDS} | {"net_bb": 0.0})
        a["hands"] += 1
        a["vpip_hands"] += vpip[i]
        a["pfr_hands"] += pfr[i]
        a["three_bets"] += three[i]
        a["three_bet_chances"] += chance[i]
        a["postflop_aggressive"] += aggr[i]
        a["postflop_calls"] += calls[i]
        a["saw_flop"] += seen[i] >= 1
        if fin is not None:
            net = int(fin[i]) - int(hh.starting_stacks[i])
            a["net"] += net
            a["net_bb"] += net / bb
        if showdown and not folded[i]:
            a["showdowns"] += 1
            if fin is not None and int(fin[i]) > int(hh.starting_stacks[i]):
                a["showdowns_won"] += 1


def player_stats(hands: Iterable[HandHistory]) -> PlayerStats:
    """Statistics per player name over ``hands`` (PHH records; names from ``players``, else ``p1``...).

    Raises:
        HandHistoryError: a record with names of the wrong count or unreadable actions.
    """
    acc: dict[str, dict[str, float]] = {}
    for hh in hands:
        _hand(hh, acc)
    order = sorted(acc, key=lambda p: (-acc[p]["hands"], p))
    arr = {k: np.array([int(acc[p][k]) for p in order], dtype=np.int64) for k in _FIELDS}
    return PlayerStats(players=tuple(order), net_bb=np.array([acc[p]["net_bb"] for p in order], dtype=np.float64), **arr)

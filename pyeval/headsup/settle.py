"""Settlement of one player's wagers, per 58 Pa. Code § 677a.11(f), (h) and (i).

All amounts are ints in the table's unit. A :class:`HeadsUpWagerResult` says, for one wager, the
outcome, the hand class that paid, the odds applied, the exact ``net`` (what the player wins, or
minus what he loses; 0 for a push) and the paragraph of § 677a.11 applied. The house's result is
the negative of the players' nets (:attr:`RoundSettlement.house_net`).
"""
from __future__ import annotations

import bisect
import operator
from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from .._bindings import _fastcall
from ..house import settle_line
from ..contracts import Outcome
from ..hands.high import CATEGORY_RANGES, MAX_VALUE, HandCategory
from .rules import WIN, HeadsUpRules, HeadsUpWager, pocket_class

__all__ = ["Outcome", "HeadsUpWagerResult", "PlayerSettlement", "RoundSettlement", "settle_player", "category_of",
           "collect_fold"]

# The paragraphs of § 677a.11 a settlement cites.
_RF = "58 Pa. Code § 677a.11(f)"
_RH_1 = "58 Pa. Code § 677a.11(h)(1)"
_RH_1_I = "58 Pa. Code § 677a.11(h)(1)(i)"
_RH_1_II = "58 Pa. Code § 677a.11(h)(1)(ii)"
_RH_1_III = "58 Pa. Code § 677a.11(h)(1)(iii)"
_RH_2_I = "58 Pa. Code § 677a.11(h)(2)(i)"
_RH_2_II = "58 Pa. Code § 677a.11(h)(2)(ii)"
_RH_2_III = "58 Pa. Code § 677a.11(h)(2)(iii)"
_RI_1_I = "58 Pa. Code § 677a.11(i)(1)(i)"
_RI_1_II = "58 Pa. Code § 677a.11(i)(1)(ii)"
_RI_2_I = "58 Pa. Code § 677a.11(i)(2)(i)"
_RI_2_II = "58 Pa. Code § 677a.11(i)(2)(ii)"
_RH_2_III_A = "58 Pa. Code § 677a.11(h)(2)(iii)(A)"
_RH_2_III_B = "58 Pa. Code § 677a.11(h)(2)(iii)(B)"
_LOWS = [lo for lo, _ in CATEGORY_RANGES.values()]
_CAT_NAMES = tuple(c.name for c in HandCategory)
_PAIR_LOW = CATEGORY_RANGES[HandCategory.PAIR][0]
_ROYAL = MAX_VALUE
_PUSH, _BAD_BEAT = Outcome.PUSH, Outcome.BAD_BEAT
_tn = tuple.__new__  # builds NamedTuples without their Python-level __new__ (hot path)
_NET = operator.itemgetter(3)  # HeadsUpWagerResult.net, read in C
_settlement_net = _fastcall.settlement_net  # PlayerSettlement.net: sum(map(_NET, p.results)) in one C call


class HeadsUpWagerResult(NamedTuple):
    """One wager's settlement.

    Fields: ``wager`` (:class:`~pyeval.headsup.rules.HeadsUpWager`), ``amount`` (chips wagered),
    ``outcome`` (:class:`Outcome`), ``net`` (chips: + won by the player, - lost, 0 push),
    ``hand_class`` (the paytable line applied, or None), ``odds`` (``Fraction`` applied, or None),
    ``rule`` (the paragraph of § 677a.11 applied), ``withheld`` (chips not paid under the table's
    payout cap, normally 0).
    """

    wager: HeadsUpWager
    amount: int
    outcome: Outcome
    net: int
    hand_class: str | None
    odds: Fraction | None
    rule: str
    withheld: int = 0


class PlayerSettlement(NamedTuple):
    """Every wager of one player in one round, in the order settled: Ante, Raise, Odds (§ 677a.11(h)),
    then Pocket Bonus and Trips Plus (§ 677a.11(i))."""

    player: int
    results: tuple[HeadsUpWagerResult, ...]
    player_value: int
    dealer_value: int

    @property
    def net(self) -> int:
        """The player's net result in chips (+ won, - lost)."""
        return sum(map(_NET, self.results))

    def result(self, wager: HeadsUpWager) -> HeadsUpWagerResult | None:
        """The result of one wager, or None when the player did not make it."""
        for r in self.results:
            if r.wager is wager:
                return r
        return None


# the same, read without a Python frame: the sum of the results' nets in one C call (engines read
# it for every player of every round)
PlayerSettlement.net = property(_settlement_net, doc=PlayerSettlement.net.__doc__)  # type: ignore[assignment, method-assign]


class RoundSettlement(NamedTuple):
    """All players' settlements, in the order they were settled: folds without optional wagers at
    the fold (§ 677a.11(f)), then the players who raised from the dealer's right counterclockwise
    (§ 677a.11(g)), then the folded hands tucked under an optional wager (their (i) wagers)."""

    players: tuple[PlayerSettlement, ...]

    @property
    def house_net(self) -> int:
        """The table's (house's) net result in chips: minus the sum of the players' nets."""
        return -sum(map(_settlement_net, self.players))

    def player(self, player: int) -> PlayerSettlement:
        """The settlement of ``player``. Raises KeyError when the player did not play."""
        for p in self.players:
            if p.player == player:
                return p
        raise KeyError(player)


#: Hand category of every hand value (index 0 unused; 7462 is ``ROYAL_FLUSH``).
_CATEGORY_OF: tuple[HandCategory, ...] = (HandCategory.HIGH_CARD,) + tuple(
    HandCategory(bisect.bisect_right(_LOWS, v) - 1) for v in range(1, _ROYAL)) + (HandCategory.ROYAL_FLUSH,)


def category_of(value: int) -> HandCategory:
    """Category of a hand value 1..7462, a royal flush as ``ROYAL_FLUSH`` (no validation: internal)."""
    return _CATEGORY_OF[value]




#: The Pocket Bonus class of every two hole cards (index ``52 * first + second``), or None, before
#: the dealer's cards are looked at (``"AA"``; the dealer's aces are checked only for it).
_POCKET_OF: tuple[str | None, ...] = tuple(
    pocket_class((a, b)) if a != b else None for a in range(52) for b in range(52))
_AA = pocket_class((51, 50))


def collect_fold(ante: int, odds: int) -> tuple[HeadsUpWagerResult, HeadsUpWagerResult]:
    """The Ante and Odds the dealer collects when a player folds (58 Pa. Code § 677a.11(f))."""
    return (_tn(HeadsUpWagerResult, (HeadsUpWager.ANTE, ante, Outcome.LOSE, -ante, None, None, _RF, 0)),
            _tn(HeadsUpWagerResult, (HeadsUpWager.ODDS, odds, Outcome.LOSE, -odds, None, None, _RF, 0)))


#: A settlement cache entry: (results, net, the results a settle event records, their net).
CacheEntry = tuple[tuple[HeadsUpWagerResult, ...], int, tuple[HeadsUpWagerResult, ...], int]

#: Whether the rounds settle through :func:`settle_cached` (tests switch it off to compare with
#: :func:`settle_player` computed every time; docs/decisions/032-fast-step-paths.md).
FAST = True


def settle_cached(rules: HeadsUpRules, player: int, ante: int, odds: int, raise_amount: int, pocket_bonus: int,
                  trips_plus: int, folded: bool, hole: tuple[int, int], dealer_hole: tuple[int, ...],
                  player_value: int, dealer_value: int) -> tuple[PlayerSettlement, int]:
    """:func:`settle_player` (positional arguments) and the player's net, from the table's cache.

    A settlement's wager results depend only on the amounts, whether the player folded, how the
    two values compare (and whether the dealer qualifies), the player's hand category and the
    Pocket Bonus class: that key finds the results (immutable tuples) computed once per table.
    A table with a payout cap settles without the cache. Same answer as :func:`settle_player`.
    """
    if rules.payout_cap is not None or not FAST:
        res = settle_player(rules, player, ante=ante, odds=odds, raise_amount=raise_amount,
                            pocket_bonus=pocket_bonus, trips_plus=trips_plus, folded=folded, hole=hole,
                            dealer_hole=dealer_hole, player_value=player_value, dealer_value=dealer_value)
        return res, sum(map(_NET, res.results))
    pocket = None
    if pocket_bonus:
        pocket = _POCKET_OF[hole[0] * 52 + hole[1]]
        if pocket == _AA and rules.plan.dealer_aa_class:
            pocket = pocket_class(hole, dealer_hole)
    key = (-1 if folded else (player_value > dealer_value) - (player_value < dealer_value),
           dealer_value >= _PAIR_LOW, _CATEGORY_OF[player_value], ante, odds, raise_amount, pocket_bonus,
           trips_plus, pocket)
    hit = rules._settle_cache.get(key)
    if hit is None:
        hit = fill_cache(rules, key, player, ante, odds, raise_amount, pocket_bonus, trips_plus, folded, hole,
                         dealer_hole, player_value, dealer_value)
    return _tn(PlayerSettlement, (player, hit[0], player_value, dealer_value)), hit[1]


def fill_cache(rules: HeadsUpRules, key: tuple[object, ...], player: int, ante: int, odds: int, raise_amount: int,
               pocket_bonus: int, trips_plus: int, folded: bool, hole: tuple[int, int], dealer_hole: tuple[int, ...],
               player_value: int, dealer_value: int) -> CacheEntry:
    """Settle afresh (:func:`settle_player`) and keep the results and net under ``key`` (see
    :func:`settle_cached`: (route -1 fold / 1 win / 0 tie / -1 loss, dealer qualifies, category,
    the five amounts, Pocket Bonus class or None)), with what a fold's settle event records: the
    results without the Ante and Odds, and their net (for a player who did not fold, the same as
    the first two). The C settlement step (``_fastcall.hu_settle``) reads these four fields."""
    res = settle_player(rules, player, ante=ante, odds=odds, raise_amount=raise_amount,
                        pocket_bonus=pocket_bonus, trips_plus=trips_plus, folded=folded, hole=hole,
                        dealer_hole=dealer_hole, player_value=player_value, dealer_value=dealer_value)
    cache = rules._settle_cache
    if len(cache) >= 8192:  # bounded: many distinct amounts only cost settling again
        cache.clear()
    # a fold's settle event records only the optional wagers (its Ante and Odds are in the collect
    # event already, § 677a.11(f)): kept too, so that no step slices them again
    logged = res.results[2:] if folded else res.results
    hit = cache[key] = (res.results, sum(map(_NET, res.results)), logged, sum(map(_NET, logged)))
    return hit


def settle_player(rules: HeadsUpRules, player: int, *, ante: int, odds: int, raise_amount: int,
                  pocket_bonus: int, trips_plus: int, folded: bool, hole: Sequence[int],
                  dealer_hole: Sequence[int], player_value: int, dealer_value: int) -> PlayerSettlement:
    """Settle one player's wagers once the dealer's hand is exposed (58 Pa. Code § 677a.11(f)-(i)).

    Args:
        rules: the table. player: the player's position. ante, odds, raise_amount, pocket_bonus,
            trips_plus: chips on each wager (0 = not made). folded: the player folded at (f) (his
            Ante and Odds are collected; his optional wagers are still settled under (i)).
        hole, dealer_hole: two card ints each. player_value, dealer_value: hand values 1..7462 of the
            best five of each one's seven cards (§ 677a.11(g)).
    Returns:
        :class:`PlayerSettlement`: Ante, Odds, Raise (if made), Pocket Bonus, Trips Plus (if made).
    The caller has validated everything (the round procedure does); this function does not check.
    Payouts use the table's precomputed :attr:`~pyeval.headsup.rules.HeadsUpRules.plan` and the house
    layer's one settlement step (:func:`pyeval.house.settle_line`); winnings
    are ``amount * num // den`` (one more chip when the rounding rule is UP and it does not divide).
    """
    plan = rules.plan
    up = plan.round_up
    pc = _CATEGORY_OF[player_value]
    res: list[HeadsUpWagerResult] = []
    add = res.append
    if folded:  # collected at the fold (f); repeated here so the settlement lists every wager
        res.extend(collect_fold(ante, odds))
    else:
        qualifies = dealer_value >= _PAIR_LOW
        if player_value > dealer_value:
            rule = _RH_2_I if qualifies else _RH_1_I
            ar = plan.ante_raise  # the Ante/Raise paytable's one line, § 677a.12(a)
            if qualifies:
                add(_tn(HeadsUpWagerResult, (HeadsUpWager.ANTE, ante, *settle_line(ar, ante, up), WIN, ar[2], rule, 0)))
            else:
                add(_tn(HeadsUpWagerResult, (HeadsUpWager.ANTE, ante, Outcome.PUSH, 0, None, None, _RH_1, 0)))
            if raise_amount:
                add(_tn(HeadsUpWagerResult, (HeadsUpWager.RAISE, raise_amount, *settle_line(ar, raise_amount, up), WIN, ar[2], rule, 0)))
            # (h)(1)(i), (h)(2)(i): the Odds paid by the winning hand's line; a class not listed pushes
            o = plan.odds[pc]
            out, net = settle_line(o, odds, up, absent=_PUSH)
            add(_tn(HeadsUpWagerResult, (HeadsUpWager.ODDS, odds, out, net, _CAT_NAMES[pc], None if o is None else o[2], rule, 0)))
        elif player_value == dealer_value:
            rule = _RH_2_II if qualifies else _RH_1_II
            add(_tn(HeadsUpWagerResult, (HeadsUpWager.ANTE, ante, Outcome.PUSH, 0, None, None, rule if qualifies else _RH_1, 0)))
            if raise_amount:
                add(_tn(HeadsUpWagerResult, (HeadsUpWager.RAISE, raise_amount, Outcome.PUSH, 0, None, None, rule, 0)))
            add(_tn(HeadsUpWagerResult, (HeadsUpWager.ODDS, odds, Outcome.PUSH, 0, None, None, rule, 0)))
        elif not qualifies:
            rule = _RH_1_III
            add(_tn(HeadsUpWagerResult, (HeadsUpWager.ANTE, ante, Outcome.PUSH, 0, None, None, _RH_1, 0)))
            if raise_amount:
                add(_tn(HeadsUpWagerResult, (HeadsUpWager.RAISE, raise_amount, Outcome.LOSE, -raise_amount, None, None, rule, 0)))
            add(_tn(HeadsUpWagerResult, (HeadsUpWager.ODDS, odds, Outcome.LOSE, -odds, None, None, rule, 0)))
        else:
            add(_tn(HeadsUpWagerResult, (HeadsUpWager.ANTE, ante, Outcome.LOSE, -ante, None, None, _RH_2_III, 0)))
            rule = _RH_2_III_A if pc < HandCategory.STRAIGHT else _RH_2_III_B
            if raise_amount:
                add(_tn(HeadsUpWagerResult, (HeadsUpWager.RAISE, raise_amount, Outcome.LOSE, -raise_amount, None, None, rule, 0)))
            if pc < HandCategory.STRAIGHT:
                add(_tn(HeadsUpWagerResult, (HeadsUpWager.ODDS, odds, Outcome.LOSE, -odds, None, None, rule, 0)))
            else:
                # (h)(2)(iii)(B): a losing straight or better paid by its Bad Beat line, else lost
                o = plan.bad_beat[pc]
                out, net = settle_line(o, odds, up, win=_BAD_BEAT)
                add(_tn(HeadsUpWagerResult, (HeadsUpWager.ODDS, odds, out, net, _CAT_NAMES[pc], None if o is None else o[2], rule, 0)))
    if pocket_bonus:
        pocket = pocket_class(hole, dealer_hole, dealer_aa_class=plan.dealer_aa_class)
        if pocket is None:
            add(_tn(HeadsUpWagerResult, (HeadsUpWager.POCKET_BONUS, pocket_bonus, Outcome.LOSE, -pocket_bonus, None, None, _RI_1_II, 0)))
        else:
            line = plan.pocket[pocket]
            add(_tn(HeadsUpWagerResult, (HeadsUpWager.POCKET_BONUS, pocket_bonus, *settle_line(line, pocket_bonus, up), pocket, line[2],
                                         _RI_1_I, 0)))
    if trips_plus:
        if pc >= HandCategory.THREE_OF_A_KIND:
            cls = _CAT_NAMES[pc]
            tl = plan.trips[pc]  # every category from three of a kind up pays (§ 677a.11(i)(2)(i))
            assert tl is not None
            add(_tn(HeadsUpWagerResult, (HeadsUpWager.TRIPS_PLUS, trips_plus, *settle_line(tl, trips_plus, up), cls, tl[2], _RI_2_I, 0)))
        else:
            add(_tn(HeadsUpWagerResult, (HeadsUpWager.TRIPS_PLUS, trips_plus, Outcome.LOSE, -trips_plus, None, None, _RI_2_II, 0)))
    cap = rules.payout_cap
    if cap is not None:
        won = sum(r.net for r in res if r.net > 0)
        if won > cap:
            _apply_cap(res, won - cap)
    return _tn(PlayerSettlement, (player, tuple(res), player_value, dealer_value))


def _apply_cap(res: list[HeadsUpWagerResult], excess: int) -> None:
    """Withhold ``excess`` chips of winnings, from the last-settled winning wager backwards."""
    for i in range(len(res) - 1, -1, -1):
        if excess == 0:
            break
        r = res[i]
        if r.net > 0:
            cut = min(r.net, excess)
            res[i] = r._replace(net=r.net - cut, withheld=cut)
            excess -= cut

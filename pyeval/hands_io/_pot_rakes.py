"""Which pot paid the house's take, read from what the room says each winner collected
(decision 043): PHH ``_pot_rakes``, written by :func:`pyeval.hands_io._model.to_phh`.

A room prints one rake for the hand, but takes it pot by pot in its own way: PokerStars and 888
rake the side pots too (in proportion, or the last pot first), others cap it per pot. Which pot
paid is not a rule of the game: the record says it, in the amounts its winners collected. A replay
without the take gives every pot and its winners; the chips a group of pots (those whose winners
overlap) pays the house are what its winners did not collect. Those amounts, main pot first inside
each group, are the record's ``_pot_rakes``; the replay then takes exactly these
(:meth:`pyeval.poker.Round.award`'s ``rake`` per pot) and still decides every pot by the cards,
splits it by the odd-chip rule and checks each player's result and the total pot. Nothing is
written when the record does not determine it (a cash-out, a group whose winners collected more
than it holds, a sum other than the recorded take) or when it is the main-pot-first default.
"""
from __future__ import annotations

import dataclasses
import itertools

from ..errors import PyevalError
from ._phh import HOUSE_FIELDS, HandHistory, check_replay

__all__ = ["derive_pot_rakes"]

POT_RAKES = "_pot_rakes"


def _groups(winners: list[set[int]]) -> list[list[int]]:
    """The pots (indices, ascending) in groups whose winners overlap (connected through a shared winner)."""
    parent = list(range(len(winners)))

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    first: dict[int, int] = {}
    for k, ws in enumerate(winners):
        for i in ws:
            if i in first:
                parent[find(k)] = find(first[i])
            else:
                first[i] = k
    out: dict[int, list[int]] = {}
    for k in range(len(winners)):
        out.setdefault(find(k), []).append(k)
    return sorted(out.values())


def _main_first(take: int, pots: list[int]) -> list[int]:
    out, left = [], take
    for amount in pots:
        out.append(min(left, amount))
        left -= out[-1]
    return out


def _awards(hh: HandHistory) -> tuple[dict[int, int], dict[int, set[int]]] | None:
    """Each pot's chips and winners (by pot index, main pot 0) in a replay of ``hh`` without the
    house's take; None when it does not replay to the award or has one pot."""
    bare = dataclasses.replace(hh, extra={k: v for k, v in hh.extra.items()
                                          if k not in (*HOUSE_FIELDS, POT_RAKES, "_total_pot")})
    try:
        rnd = bare.replay()
    except PyevalError:
        return None
    if not rnd.complete:
        return None
    amounts: dict[int, int] = {}
    winners: dict[int, set[int]] = {}
    for e in rnd.events:
        if e.kind == "award" and isinstance(e.detail, int) and e.player is not None:
            amounts[e.detail] = amounts.get(e.detail, 0) + e.amount
            winners.setdefault(e.detail, set()).add(e.player)
    if len(amounts) < 2 or sorted(amounts) != list(range(len(amounts))):
        return None
    return amounts, winners


def pot_rakes(hh: HandHistory) -> list[int] | None:
    """The house's take pot by pot as the record's collected amounts give it (see the module
    docstring), main pot first; None when the record does not determine it or has one pot."""
    extra = hh.extra
    try:
        take = hh.house_take()
    except PyevalError:
        return None
    collected = extra.get("winnings")
    if (not take or hh.unit_scale != 1 or extra.get("_cashed_out") or not isinstance(collected, list)
            or len(collected) != len(hh.starting_stacks)):
        return None
    awarded = _awards(hh)
    if awarded is None:
        return None
    amounts, winners = awarded
    pots = [amounts[k] for k in range(len(amounts))]
    choices: list[tuple[list[int], list[list[int]]]] = []  # (a group's pots, the ways it may have paid)
    for group in _groups([winners[k] for k in range(len(pots))]):
        won = {i for k in group for i in winners[k]}
        paid = sum(pots[k] for k in group) - sum(int(collected[i]) for i in won)
        if paid < 0:
            return None
        choices.append((group, _divisions(paid, [pots[k] for k in group])))
    if any(not ways for _, ways in choices) or sum(sum(ways[0]) for _, ways in choices) != take:
        return None
    candidates = []
    for pick in itertools.islice(itertools.product(*(ways for _, ways in choices)), 27):
        rakes = [0] * len(pots)
        for (group, _), division in zip(choices, pick):
            for k, r in zip(group, division):
                rakes[k] = r
        candidates.append(rakes)
    # a group of pots whose winners overlap paid its take in one of these ways; when only the odd
    # chips of a split tell which, the one whose replay gives every winner his collected amount
    best = next((c for c in candidates if len(candidates) > 1 and _replays_to_record(hh, c)), candidates[0])
    return None if best == _main_first(take, pots) else best


def _divisions(paid: int, amounts: list[int]) -> list[list[int]]:
    """The ways a group of pots (``amounts``, main pot first) may pay ``paid`` to the house: main pot
    first, last pot first, in proportion (largest remainders, main pot first on a tie); distinct."""
    out = [_main_first(paid, amounts), _main_first(paid, amounts[::-1])[::-1]]
    total = sum(amounts)
    if total:
        share = [paid * a // total for a in amounts]
        order = sorted(range(len(amounts)), key=lambda k: (-(paid * amounts[k] % total), k))
        for k in order[:paid - sum(share)]:
            share[k] += 1
        out.append(share)
    return [d for j, d in enumerate(out) if d not in out[:j] and sum(d) == paid and all(
        0 <= r <= a for r, a in zip(d, amounts))]


def _replays_to_record(hh: HandHistory, rakes: list[int]) -> bool:
    try:
        return check_replay(dataclasses.replace(hh, extra={**hh.extra, POT_RAKES: rakes})).matches
    except PyevalError:
        return False


def derive_pot_rakes(hh: HandHistory) -> None:
    """Write ``_pot_rakes`` on ``hh`` when the record's collected amounts say the take came from the
    pots otherwise than main pot first (:func:`pot_rakes`), noting it in ``_notes``."""
    rakes = pot_rakes(hh)
    if rakes is not None:
        hh.extra[POT_RAKES] = rakes
        hh.extra["_notes"] = list(hh.extra.get("_notes") or ())
        hh.extra["_notes"].append(f"the house's take pot by pot, main pot first, from what each winner collected: {rakes}")

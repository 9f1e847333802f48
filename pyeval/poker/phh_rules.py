"""The table rules a PHH record was played under (:meth:`pyeval.poker.phh.HandHistory.table_rules`):
the variant code, the blinds (heads-up in PHH's reversed order, a button blind), the antes (uniform,
big-blind and button antes, a straddle) and the ``_pyeval_<name>`` settings, as one validated
:class:`~pyeval.poker.rules.PokerRules`. Split out of :mod:`pyeval.poker.phh` along those concepts."""
from __future__ import annotations

import enum
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..errors import HandHistoryError, PyevalError
from .games import ALL_VARIANTS
from .rules import BettingStructure, HeadsUpOrder, PokerRules

if TYPE_CHECKING:
    from .phh import HandHistory

#: Also the shared helpers of the PHH modules (phh, phh_replay, phh_write import them from here).
__all__ = ["table_rules_of", "_ANTE_TRIMMING", "_PREFIX", "_STRUCTURES", "_heads_up_order", "_setting_text", "_short"]

_STRUCTURES = {"F": BettingStructure.FIXED_LIMIT, "N": BettingStructure.NO_LIMIT, "P": BettingStructure.POT_LIMIT}
#: Table settings PHH has no field for are user-defined fields ``_pyeval_<name>`` (see :mod:`pyeval.poker.phh`).
_PREFIX = "_pyeval_"
#: pokerkit's optional PHH field for how antes count in the pots (``PokerRules.ante_trimming``);
#: absent, it is false (pokerkit's default: dead antes).
_ANTE_TRIMMING = "ante_trimming_status"


def _setting_text(v: Any) -> Any:
    """A table setting as a TOML value: an enum by its value, an exact amount as text ('1/4')."""
    if isinstance(v, enum.Enum):
        return v.value
    if isinstance(v, Fraction):
        return str(v)
    return v


def _short(v: Any) -> str:
    """``repr(v)`` cut to a readable length (hostile records hold huge values)."""
    r = repr(v)
    return r if len(r) <= 60 else r[:57] + "..."


def _heads_up_order(bos: Sequence[int]) -> HeadsUpOrder:
    """The heads-up blind order PHH's reversed ``blinds_or_straddles`` implies: the button (``p2``)
    posts ``bos[0]``. Two blinds: increasing amounts (the button posts the small blind) are
    :attr:`HeadsUpOrder.BUTTON_SMALL_BLIND`, else :attr:`HeadsUpOrder.PA_LITERAL`; a single blind
    is the button's under BUTTON_SMALL_BLIND, ``p1``'s under PA_LITERAL."""
    if bos[0] and bos[1]:
        return HeadsUpOrder.PA_LITERAL if bos[0] > bos[1] else HeadsUpOrder.BUTTON_SMALL_BLIND
    return HeadsUpOrder.PA_LITERAL if bos[1] else HeadsUpOrder.BUTTON_SMALL_BLIND


def table_rules_of(hh: HandHistory) -> PokerRules:
    """:meth:`HandHistory.table_rules` (see there)."""
    n = len(hh.starting_stacks)
    if len(hh.antes) != n or len(hh.blinds_or_straddles) != n:
        raise HandHistoryError(f"{hh.name}: antes and blinds_or_straddles need one entry per player ({n})")
    structure, variant = _game(hh)
    ov = hh._rule_overrides()
    heads_up, blinds, posters = _blinds(hh, variant, ov)
    ante, bb_ante, button_ante, straddle, blinds = _antes(hh, variant, blinds, posters)
    trimming = hh.extra.get(_ANTE_TRIMMING, False)
    if not isinstance(trimming, bool):
        raise HandHistoryError(f"{hh.name}: {_ANTE_TRIMMING} must be true or false, got {_short(trimming)}")
    if ante:
        ov.setdefault("ante_trimming", trimming)
    common: dict[str, Any] = dict(seats=max(n, 2 if straddle is None else len(blinds) + 2),
                                  blinds=tuple(blinds), ante=ante, bb_ante=bb_ante, straddle=straddle,
                                  button_ante=button_ante,
                                  structure=structure, heads_up=heads_up, variant=variant,
                                  bring_in=hh.bring_in or 0 if variant.forced == "bring_in" else 0)
    return _rules_of(hh, common, ov)

def _game(hh: HandHistory) -> tuple[BettingStructure, Any]:
    """The betting structure and game of the variant code; forced bets and limits checked whole."""
    code = hh.variant
    structure = _STRUCTURES.get(code[:1])
    variant = ALL_VARIANTS.get(code[1:])
    if structure is None or variant is None:
        raise HandHistoryError(f"{hh.name}: variant {_short(code)} is not supported "
                               f"(structure F/N/P + one of {', '.join(sorted(ALL_VARIANTS))})")
    for v in (*hh.antes, *hh.blinds_or_straddles, *(
            x for x in (hh.min_bet, hh.small_bet, hh.big_bet, hh.bring_in) if x is not None)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise HandHistoryError(f"{hh.name}: forced bets and limits must be whole chips here, got "
                                   f"{_short(v)} (see HandHistory.unit_scale)")
    return structure, variant

def _blinds(hh: HandHistory, variant: Any, ov: dict[str, Any]) -> tuple[HeadsUpOrder, list[int], list[int]]:
    """(heads-up order, the blinds in posting order, their posters' round indices) from
    ``blinds_or_straddles`` (``ov``: the ``_pyeval_`` settings; its ``heads_up`` is taken out)."""
    n = len(hh.starting_stacks)
    bos = list(hh.blinds_or_straddles)
    heads_up = HeadsUpOrder.BUTTON_SMALL_BLIND
    hu_given = "heads_up" in ov
    if hu_given:
        if n != 2:
            raise HandHistoryError(f"{hh.name}: {_PREFIX}heads_up applies to two players only")
        heads_up = ov.pop("heads_up")
    if variant.forced == "bring_in":
        _check_stud(hh, bos)
        return heads_up, [], []
    if n == 2 and not hu_given:
        heads_up = _heads_up_order(bos)
    seq, order = _posting_order(bos, heads_up)
    k = 0
    while k < n and seq[k]:
        k += 1
    blinds = seq[:k]
    if n > 2 and k == 0 and seq[-1] and not any(seq[:-1]):  # a button blind (short deck, pokerkit's {-1: b})
        k, blinds, seq = 1, [seq[-1]], [seq[-1]] + [0] * (n - 1)
        order = [n - 1]
    if any(seq[k:]):
        raise HandHistoryError(f"{hh.name}: forced bets must be a run of blinds from "
                               f"{'the first blind' if n == 2 else 'p1'}, got {bos}")
    if not blinds and not any(hh.antes):
        raise HandHistoryError(f"{hh.name}: no blinds in {bos} (and no antes)")
    return heads_up, blinds, order[:k]

def _check_stud(hh: HandHistory, bos: list[int]) -> None:
    """A stud record: no blinds, and a bring-in."""
    if any(bos):
        raise HandHistoryError(f"{hh.name}: a stud game has no blinds, got {bos}")
    if hh.bring_in is None:
        raise HandHistoryError(f"{hh.name}: {hh.variant} needs bring_in")


def _posting_order(bos: list[int], heads_up: HeadsUpOrder) -> tuple[list[int], list[int]]:
    """``blinds_or_straddles`` in posting order and the round index of each entry's poster. PHH
    assigns heads-up forced bets in reverse: p2 (the button) posts ``bos[0]``, p1 ``bos[1]``."""
    if len(bos) != 2:
        return bos, list(range(len(bos)))
    if heads_up is HeadsUpOrder.BUTTON_SMALL_BLIND:
        return bos, [1, 0]
    return bos[::-1], [0, 1]


def _antes(hh: HandHistory, variant: Any, blinds: list[int], posters: list[int]
           ) -> tuple[int, int, int, int | None, list[int]]:
    """(ante, big-blind ante, button ante, straddle or None, the blinds less a straddle) from
    ``antes`` (see :meth:`table_rules`)."""
    n = len(hh.starting_stacks)
    if len(set(hh.antes)) <= 1:
        return hh.antes[0], 0, 0, None, blinds
    bad = HandHistoryError(f"{hh.name}: antes must be uniform, with or without a big-blind ante on the big "
                           f"blind and a button ante on p{n}, got {hh.antes}")
    if variant.forced != "blinds" or not posters:  # (a table of antes alone has them uniform)
        raise bad
    bb_seats: list[int | None] = [posters[-1]]
    if n > 2 and len(blinds) >= 2:  # the big blind antes, so the last forced bet is a straddle
        bb_seats.append(posters[-2])
    found = _special_antes(hh, bb_seats)
    if found is None:
        raise bad
    ante, j, button = found
    bb_ante = button_ante = 0
    straddle = None
    if j is not None:
        bb_ante = hh.antes[j] - ante
        if j != posters[-1]:
            straddle, blinds = blinds[-1], blinds[:-1]
    if button is not None:
        button_ante = hh.antes[button] - ante
    return ante, bb_ante, button_ante, straddle, blinds

def _special_antes(hh: HandHistory, bb_seats: list[int | None]) -> tuple[int, int | None, int | None] | None:
    """(uniform ante, the seat with a big-blind ante or None, the button with a button ante or
    None) that explain ``antes``, fewest special seats first; None when nothing does."""
    n = len(hh.starting_stacks)
    for button in (None, n - 1):
        for j in (None, *bb_seats):
            if j is not None and j == button:
                continue
            rest = {a for i, a in enumerate(hh.antes) if i not in (j, button)}
            base = next(iter(rest)) if len(rest) == 1 else None
            if base is None or (j is not None and hh.antes[j] <= base) or (
                    button is not None and hh.antes[button] <= base):
                continue
            return base, j, button
    return None

def _rules_of(hh: HandHistory, common: dict[str, Any], ov: dict[str, Any]) -> PokerRules:
    """The validated :class:`PokerRules` of ``common`` with the ``_pyeval_`` settings ``ov`` and
    the record's limits; the table rules' refusal as a HandHistoryError naming the hand."""
    settings = {k: _setting_text(v) for k, v in ov.items()}
    try:
        common.update(ov)
        if common["structure"] is BettingStructure.FIXED_LIMIT:
            if hh.small_bet is None or hh.big_bet is None:
                raise HandHistoryError(f"{hh.name}: {hh.variant} needs small_bet and big_bet")
            return PokerRules(min_bet=hh.small_bet, big_bet=hh.big_bet, **common)
        if hh.min_bet is None:
            raise HandHistoryError(f"{hh.name}: {hh.variant} needs min_bet")
        return PokerRules(min_bet=hh.min_bet, **common)
    except PyevalError as exc:
        if isinstance(exc, HandHistoryError):
            raise
        raise HandHistoryError(f"{hh.name}: {exc}" + (f" (settings {settings})" if settings else "")) from None
    except (TypeError, ValueError) as exc:  # pragma: no cover - fields are validated above
        raise HandHistoryError(f"{hh.name}: {exc}") from None

"""Chip-placement rulings (58 Pa. Code § 637a.8(c)-(i)): what chips pushed forward amount to."""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..errors import CardTypeError
from .rules import R_ADD_CHIPS, R_ANNOUNCED, R_BINDING, R_STAKES
from .state import RoundState, _illegal

class Ruling(NamedTuple):
    """The action a chip placement amounts to (see :meth:`Round.rule_chip_placement`).

    ``action`` is ``"check"``, ``"call"``, ``"bet"`` or ``"raise"``; ``to`` is the total bet for
    ``bet``/``raise``; ``change`` is what the dealer gives back from the chips placed.
    """

    action: str
    to: int | None
    change: int


class Facing(NamedTuple):
    """What the player to act faces, as a chip-placement ruling needs it (chips are ints).

    ``player`` (round index), ``call`` (chips needed to call, capped at his stakes), ``bet_to`` (the
    current bet total of the betting round), ``bet`` (his own bet so far this betting round),
    ``stack`` (his stakes behind).
    """

    player: int
    call: int
    bet_to: int
    bet: int
    stack: int


def rule_chip_placement(facing: Facing, placed: int = 0, *, single_chip: bool = False,
                        announced_to: int | None = None, announced_raise: bool = False,
                        motions: Sequence[int] | None = None, declared_incomplete: bool = False) -> Ruling:
    """The action an observed chip placement amounts to, for a player facing ``facing``; a pure function.

    Chips count as placed when pushed forward, or put far enough toward the pot that the intent
    to bet is obvious (§ 637a.8(e)(1), § 637a.8(e)(2)); chips merely in front of the player are not a bet
    and are not reported here.

    Args:
        placed: chips pushed forward this time (in addition to what he already has in this round).
        motions: instead of ``placed``, the chips pushed forward in each separate motion. A bet
            cannot be increased once made (§ 637a.8(f)): only the first motion counts (at least
            the call, when the motions reach it) and the later chips are given back, unless the
            player declared the bet incomplete when making it (§ 637a.8(f)(1)) or announced a
            raise (§ 637a.8(f)(2)); after announcing "raise" he may keep placing chips until his
            hands come to rest (§ 637a.8(g)), so every motion counts.
        declared_incomplete: the player said, as he made the bet, that it was not complete.
        single_chip: True when it was one chip (or plaque) larger than needed.
        announced_to: an amount the player announced as his bet or raise total; it binds over the
            chips placed, which the dealer corrects (§ 637a.8(d)).
        announced_raise: the player said "raise" without an amount.
    Returns:
        A :class:`Ruling`: a single oversized chip without an announced raise is a call, the
        excess given back as change (§ 637a.8(i)); otherwise chips beyond the call are a bet or
        raise to the total placed. Apply it with :meth:`Round.apply_ruling`.
    Raises:
        IllegalActionError: more chips than his stakes, or fewer than the call with stakes remaining.
        CardTypeError: ``placed`` or ``motions`` not ints >= 0.
    """
    call, bet_to = facing.call, facing.bet_to
    string_back = 0
    ms: list[int] = []
    if motions is not None:
        ms = list(motions)
        if not ms or any(isinstance(m, bool) or not isinstance(m, int) or m < 0 for m in ms):
            raise CardTypeError(f"motions must be a non-empty sequence of ints >= 0, got {motions!r}")
        total = sum(ms)
        if len(ms) > 1 and not (announced_raise or declared_incomplete or announced_to is not None):
            first = ms[0] if ms[0] >= call or total < call else call  # § 637a.8(f): no string bets
            placed, string_back = first, total - first
        else:  # § 637a.8(f)(1), (f)(2), (g): every motion is part of the bet
            placed = total
    if isinstance(placed, bool) or not isinstance(placed, int) or placed < 0:
        raise CardTypeError(f"chips placed must be an int >= 0, got {placed!r}")
    if string_back:
        r = rule_chip_placement(facing, placed, single_chip=single_chip and len(ms) == 1,
                                announced_raise=announced_raise)
        return Ruling(r.action, r.to, r.change + string_back)
    if announced_to is not None:
        if announced_to <= bet_to:
            return Ruling("call" if call else "check", None, 0)
        return Ruling("raise" if bet_to else "bet", announced_to, 0)
    if placed > facing.stack:
        raise _illegal(f"player {facing.player} has only {facing.stack} in front of him", R_STAKES)
    if single_chip and placed > call and not announced_raise:
        return Ruling("call" if call else "check", None, placed - call)
    if placed < call:
        raise _illegal(f"{placed} placed is short of the {call} needed to call", R_ANNOUNCED)
    if placed == call:
        return Ruling("call" if call else "check", None, 0)
    return Ruling("raise" if bet_to else "bet", facing.bet + placed, 0)


class ChipPlacement(RoundState):
    """Rulings on chips placed (a part of :class:`~pyeval.poker.round.Round`)."""

    __slots__ = ()

    def facing(self) -> Facing:
        """What the player to act faces now (see :func:`rule_chip_placement`).

        Raises:
            OutOfTurnError: nobody is to act.
        """
        a = self._turn(None, "place chips")
        return Facing(a, min(self.bet_to - self.bets[a], self.stacks[a]), self.bet_to, self.bets[a], self.stacks[a])

    def rule_chip_placement(self, placed: int = 0, *, single_chip: bool = False, announced_to: int | None = None,
                            announced_raise: bool = False, motions: Sequence[int] | None = None,
                            declared_incomplete: bool = False) -> Ruling:
        """:func:`rule_chip_placement` for the player to act now; changes nothing (arguments and
        errors as there)."""
        return rule_chip_placement(self.facing(), placed, single_chip=single_chip, announced_to=announced_to,
                                   announced_raise=announced_raise, motions=motions,
                                   declared_incomplete=declared_incomplete)

    def apply_ruling(self, ruling: Ruling, player: int | None = None) -> None:
        """Apply a :class:`Ruling` from :meth:`rule_chip_placement` (binding, § 637a.8(c))."""
        if ruling.action in ("check", "call"):
            self.check_or_call(player)
        elif ruling.action in ("bet", "raise") and ruling.to is not None:
            self.bet_or_raise_to(ruling.to, player)
        else:
            raise _illegal(f"not a ruling: {ruling!r}", R_BINDING)

    def add_chips(self, player: int, amount: int) -> None:
        """Always rejected: table stakes may be added only between rounds (§ 637a.8(b)(2))."""
        raise _illegal("chips may be added to table stakes only between rounds", R_ADD_CHIPS)


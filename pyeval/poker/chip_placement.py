"""Chip-placement rulings (58 Pa. Code § 637a.8(c)-(i)): what chips pushed forward amount to."""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..errors import CardTypeError
from .rules import R_ADD_CHIPS, R_ANNOUNCED, R_BINDING, R_LIMITS, R_SINGLE_CHIP, R_STAKES

R_CHIPS_FORWARD = "58 Pa. Code § 637a.8(e)(1)"
R_NO_STRING = "58 Pa. Code § 637a.8(f)"
#: An announcement outside the posted limits does not bind under § 637a.8(c); bringing it to the limit
#: is the house's rule (configuration), not the regulation's.
R_OUT_OF_LIMIT = "house rule (configuration): an announcement outside the posted limits is brought to the limit"
from .state import RoundState, _illegal

class Ruling(NamedTuple):
    """The action a chip placement amounts to (see :meth:`Round.rule_chip_placement`).

    ``action`` is ``"check"``, ``"call"``, ``"bet"`` or ``"raise"``; ``to`` is the total bet for
    ``bet``/``raise`` (None for check and call). What the dealer requires of the player, in chips:
    ``change`` is what he hands back from the chips placed, ``owed`` what the player must still add
    (e.g. bringing a bound raise up to the minimum); ``note`` says why, naming the rule. A ruling
    this module returns is always one :meth:`Round.apply_ruling` accepts.
    """

    action: str
    to: int | None
    change: int
    owed: int = 0
    note: str = ""


class Facing(NamedTuple):
    """What the player to act faces, as a chip-placement ruling needs it (chips are ints).

    ``player`` (round index), ``call`` (chips needed to call, capped at his stakes), ``bet_to`` (the
    current bet total of the betting round), ``bet`` (his own bet so far this betting round),
    ``stack`` (his stakes behind). ``min_to``/``max_to``: the smallest and largest total he may bet
    or raise to now (the posted limits, § 637a.8(k); an all-in for less is ``min_to``); None when
    not limited. ``can_raise``: whether he may bet or raise at all (False once betting is not
    reopened for him, the raise cap is reached, or his stakes do not exceed the call).
    """

    player: int
    call: int
    bet_to: int
    bet: int
    stack: int
    min_to: int | None = None
    max_to: int | None = None
    can_raise: bool = True


def _check_amount(v: object, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise CardTypeError(f"{what} must be an int >= 0, got {v!r}")
    return v


def _call(f: Facing, placed: int, note: str) -> Ruling:
    """A check or call of ``f.call`` with ``placed`` chips out: the excess back, or the rest owed."""
    return Ruling("call" if f.call else "check", None, max(placed - f.call, 0), max(f.call - placed, 0), note)


def _raise_to(f: Facing, target: int, placed: int, note: str) -> Ruling:
    """A bet or raise to ``target`` (a total), brought within the limits: up to ``min_to`` (the
    dealer requires the rest), down to ``max_to`` (the excess handed back)."""
    allin = f.bet + f.stack
    if f.min_to is not None and target < f.min_to:
        target, note = f.min_to, note + f"; brought up to the minimum, {f.min_to} ({R_LIMITS})"
    if f.max_to is not None and target > f.max_to:
        target, note = f.max_to, note + f"; held to the maximum, {f.max_to} ({R_LIMITS})"
    target = min(target, allin)
    need = target - f.bet
    return Ruling("raise" if f.bet_to else "bet", target, max(placed - need, 0), max(need - placed, 0), note)


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
            chips placed, and the dealer corrects the chips to it (§ 637a.8(c), (d)): the excess is
            handed back, a shortfall is owed. An amount outside the posted limits is not binding
            under § 637a.8(c) (only an announcement within the limits is); the dealer then brings it
            to the limit, below the minimum to a raise to the minimum, above the maximum to a raise
            to the maximum: a house rule (configuration, ``docs/conventions.md``), not PA text.
        announced_raise: the player said "raise" without an amount. When he may raise, the word
            binds (§ 637a.8(c)): the chips placed are his raise, brought up to the minimum raise
            if short (the ruling's ``owed``). When he may not raise (betting not reopened, cap
            reached, stakes no more than the call) the word is not within the rules and does not
            bind: the chips are a call.
    Returns:
        A :class:`Ruling` that :meth:`Round.apply_ruling` accepts:

        - a single oversized chip without an announced raise, when a bet precedes it, is a call of
          that bet with the excess given back as change (§ 637a.8(i)); for the big blind or the
          straddler in his option (nothing more to call) that call is a check and the whole chip is
          change; with no bet before it it is a bet of the chip pushed forward (§ 637a.8(e)(1): the
          chip is not "larger than required" for a call);
        - several chips beyond the call, no announcement: a bet or raise to the total placed. Short
          of the minimum raise, assumed (common practice, not PA text): at least half the minimum
          raise increment is brought up to the minimum raise, less is a call with the excess back;
          above the maximum, the excess is given back.
    Raises:
        IllegalActionError: more chips than his stakes, or fewer than the call with stakes remaining
            and nothing announced.
        CardTypeError: ``placed``, ``motions`` or ``announced_to`` not ints >= 0.
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
    _check_amount(placed, "chips placed")
    if announced_to is not None:
        _check_amount(announced_to, "an announced amount")
    if placed > facing.stack:
        raise _illegal(f"player {facing.player} has only {facing.stack} in front of him", R_STAKES)
    if string_back:
        r = rule_chip_placement(facing, placed, single_chip=single_chip and len(ms) == 1,
                                announced_raise=announced_raise)
        return r._replace(change=r.change + string_back,
                          note=(r.note + "; " if r.note else "") + f"a second motion is not part of the bet ({R_NO_STRING})")
    can_raise = facing.can_raise and facing.stack > call
    if announced_to is not None:  # § 637a.8(c), (d): the announced amount binds; the dealer corrects the chips
        if announced_to <= bet_to or not can_raise:
            return _call(facing, placed, f"announced {announced_to}: a {'call' if call else 'check'} ({R_ANNOUNCED})")
        lo, hi = facing.min_to, facing.max_to
        if (lo is not None and announced_to < lo) or (hi is not None and announced_to > hi):
            return _raise_to(facing, announced_to, placed, f"announced {announced_to}, outside the limits ({R_OUT_OF_LIMIT})")
        return _raise_to(facing, announced_to, placed, f"announced {announced_to} binds ({R_BINDING}, {R_ANNOUNCED})")
    if announced_raise and can_raise:  # § 637a.8(c): a spoken "raise" binds
        return _raise_to(facing, facing.bet + placed, placed, f"a spoken raise binds ({R_BINDING})")
    if placed < call:
        raise _illegal(f"{placed} placed is short of the {call} needed to call", R_ANNOUNCED)
    if placed == call or not can_raise:
        return _call(facing, placed, "" if placed == call else f"no raise is open to him: a call ({R_BINDING})")
    if single_chip and bet_to:  # § 637a.8(i): a single oversized chip is a call of the preceding bet
        # (a check with change when the big blind or straddler holds the option: nothing more to call)
        return _call(facing, placed, f"a single oversized chip is a call ({R_SINGLE_CHIP})")
    target = facing.bet + placed  # § 637a.8(e)(1): chips pushed forward are the bet
    if facing.min_to is not None and target < facing.min_to and target < facing.bet + facing.stack:
        increment = facing.min_to - bet_to
        if 2 * (target - bet_to) < increment:  # under half a raise: a call (assumed, common practice)
            return _call(facing, placed, "less than half the minimum raise: a call (common practice)")
        return _raise_to(facing, target, placed, "at least half the minimum raise: a raise (common practice)")
    note = f"chips pushed forward are the bet ({R_CHIPS_FORWARD})" if single_chip else ""
    return _raise_to(facing, target, placed, note)


class ChipPlacement(RoundState):
    """Rulings on chips placed (a part of :class:`~pyeval.poker.round.Round`)."""

    __slots__ = ()

    def facing(self) -> Facing:
        """What the player to act faces now (see :func:`rule_chip_placement`).

        Raises:
            OutOfTurnError: nobody is to act.
        """
        a = self._turn(None, "place chips")
        call = min(self._bet_to - self._bets[a], self._stacks[a])
        if not self._may_raise(a):
            return Facing(a, call, self._bet_to, self._bets[a], self._stacks[a], None, None, False)
        lo, hi = self._raise_bounds(a)
        lo = min(lo, max(self._cover(a), self._bet_to + 1))  # a bet that covers every opponent stands
        return Facing(a, call, self._bet_to, self._bets[a], self._stacks[a], lo, hi, True)

    def rule_chip_placement(self, placed: int = 0, *, single_chip: bool = False, announced_to: int | None = None,
                            announced_raise: bool = False, motions: Sequence[int] | None = None,
                            declared_incomplete: bool = False) -> Ruling:
        """:func:`rule_chip_placement` for the player to act now; changes nothing (arguments and
        errors as there)."""
        return rule_chip_placement(self.facing(), placed, single_chip=single_chip, announced_to=announced_to,
                                   announced_raise=announced_raise, motions=motions,
                                   declared_incomplete=declared_incomplete)

    def apply_ruling(self, ruling: Ruling, player: int | None = None) -> None:
        """Apply a :class:`Ruling` from :meth:`rule_chip_placement` (binding, § 637a.8(c)): the
        player's action becomes the ruling's, with the chips the dealer required (``owed`` added,
        ``change`` handed back)."""
        if ruling.action in ("check", "call"):
            self.check_or_call(player)
        elif ruling.action in ("bet", "raise") and ruling.to is not None:
            self.bet_or_raise_to(ruling.to, player)
        else:
            raise _illegal(f"not a ruling: {ruling!r}", R_BINDING)

    def add_chips(self, player: int, amount: int) -> None:
        """Always rejected: table stakes may be added only between rounds (§ 637a.8(b)(2))."""
        raise _illegal("chips may be added to table stakes only between rounds", R_ADD_CHIPS)


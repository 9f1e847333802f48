"""The check of a parsed hand against a replay through the engine (:func:`verify`): a hand whose
recorded pot or collected amounts disagree with the replay is reported with the reason, never fixed."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import PyevalError
from ._phh import HandHistory, replay_checked, stop_reason

__all__ = ["Verification", "verify"]


@dataclass(frozen=True)
class Verification:
    """What replaying a parsed hand through the engine showed.

    ``ok``: the replay reproduces the record's pot, who won and how much (after the recorded rake,
    jackpot and fees, which the replay takes), exactly. ``problems``: why not, one sentence each (the
    hand is never changed to agree). ``notes``: what the record has that is not replayed, or
    derived (cash-outs, an implicit return, a derived rake). ``replayed``: the stacks the replay ends with (PHH order, in units of
    ``1/hh.unit_scale`` chip), or None when it could not run.
    """

    ok: bool
    problems: tuple[str, ...]
    notes: tuple[str, ...]
    replayed: tuple[int, ...] | None


def _short(v: object) -> str:
    r = repr(v)
    return r if len(r) <= 60 else r[:57] + "..."


def verify(hh: HandHistory) -> Verification:
    """Replay ``hh`` through the engine and compare with what the room recorded.

    The decision is :func:`pyeval.poker.phh.check_replay`'s, the one ``pyeval replay`` makes, so
    ``convert`` and ``replay`` never disagree about a hand: every player's finishing stack
    (``finishing_stacks``, the room's record: starting stack - chips put in + returned + collected)
    exactly, after the house's take (``_rake`` + ``_jackpot`` + ``_fees``, which the replay takes
    from the pots main pot first), the total pot (``_total_pot``: awarded + taken) and
    ``_cashed_out``. A record in fractions of a chip is compared in that finer unit. Also a
    problem here: a replay that stops before the hand is settled.
    """
    raw_notes = hh.extra.get("_notes", ())
    notes = tuple(str(x) for x in raw_notes) if isinstance(raw_notes, (list, tuple)) else (str(raw_notes),)
    try:
        rnd, res = replay_checked(hh)
    except PyevalError as exc:
        return Verification(False, (f"not replayable: {exc}",), notes, None)
    stacks = tuple(int(v) for v in res.stacks) if all(isinstance(v, int) for v in res.stacks) else None
    if res.expected is None and not rnd.complete:  # no finishing stacks: the replay must still finish the hand
        return Verification(False, (f"the replay does not finish the hand: {stop_reason(rnd, hh)}",), notes, stacks)
    return Verification(not res.problems, res.problems, notes, stacks)

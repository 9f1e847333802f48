"""The check of a parsed hand against a replay through the engine (:func:`verify`): a hand whose
recorded pot or collected amounts disagree with the replay is reported with the reason, never fixed."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import PyevalError
from ._limits import MAX_CHIPS
from ._phh import HandHistory, Round, stop_reason

__all__ = ["Verification", "verify", "agreement_problems"]


@dataclass(frozen=True)
class Verification:
    """What replaying a parsed hand through the engine showed.

    ``ok``: the replay reproduces the record's pot, who won and how much (after the recorded rake
    and jackpot), exactly. ``problems``: why not, one sentence each (the hand is never changed to
    agree). ``notes``: what the record has that is not replayed (dead blinds, runs, cash-outs).
    ``replayed``: the stacks the replay ends with (chips, PHH order), or None when it could not run.
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

    Compared: every player's finishing stack (``finishing_stacks``, which is the room's record:
    starting stack - chips put in + returned + collected), the total pot (``_total_pot``) and the
    winnings. The rake and jackpot (``_rake``, ``_jackpot``) are taken from the winners: a replay
    that pays the winners exactly rake + jackpot more than the record, and nobody else anything
    different, agrees.
    """
    raw_notes = hh.extra.get("_notes", ())
    notes = tuple(str(x) for x in raw_notes) if isinstance(raw_notes, (list, tuple)) else (str(raw_notes),)
    try:
        rnd = hh.replay()
    except PyevalError as exc:
        return Verification(False, (f"not replayable: {exc}",), notes, None)
    stacks = tuple(rnd.stacks)
    problems: list[str] = []
    if not rnd.complete:
        problems.append(f"the replay does not finish the hand: {stop_reason(rnd, hh)}")
        return Verification(False, tuple(problems), notes, stacks)
    problems = agreement_problems(hh, rnd, hh.finishing_stacks)
    return Verification(not problems, tuple(problems), notes, stacks)


def agreement_problems(hh: HandHistory, rnd: Round, rec: Sequence[int | float] | None) -> list[str]:
    """Why the finished replay ``rnd`` of ``hh`` disagrees with the record (empty: it agrees): the
    recorded finishing stacks ``rec`` (in the replay's units), total pot, rake and jackpot, as
    :func:`verify` describes."""
    problems: list[str] = []
    stacks = tuple(rnd.stacks)
    fields = {k: hh.extra.get(k) for k in ("_rake", "_jackpot", "_total_pot")}
    for k, v in fields.items():  # a PHH file's user fields: any TOML value
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_CHIPS):
            problems.append(f"{k} must be an int 0..2**63-1 (chips), got {_short(v)}")
    if problems:
        return problems
    rake = (fields["_rake"] or 0) + (fields["_jackpot"] or 0)
    total = fields["_total_pot"]
    pot = sum(rnd.winnings)
    if total is not None and total != pot:
        problems.append(f"the record's total pot is {total}, the replay's {pot}")
    if rec is not None:
        diff = [a - b for a, b in zip(stacks, rec)]
        names = hh.players or [f"p{i + 1}" for i in range(len(stacks))]
        winners = {i for i, w in enumerate(rnd.winnings) if w}
        if any(diff):
            bad = [i for i, d in enumerate(diff) if d and (d < 0 or i not in winners)]
            if sum(diff) != rake or bad:
                for i, d in enumerate(diff):
                    if d:
                        problems.append(f"{names[i]} (p{i + 1}): the record ends with {rec[i]}, the replay "
                                        f"with {stacks[i]} ({'+' if d > 0 else ''}{d})")
                if sum(diff) != rake:
                    problems.append(f"the replay pays {sum(diff)} more in all than the record; "
                                    f"rake and jackpot recorded: {rake}")
        elif rake:
            problems.append(f"rake/jackpot of {rake} recorded but the winnings equal the whole pot")
    if hh.extra.get("_pyeval_tournament") and rake:
        problems.append(f"a tournament takes no rake from pots, the record takes {rake}")
    if hh.extra.get("_cashed_out"):
        problems.append("the room settled this hand in a way the engine does not replay (see notes)")
    return problems

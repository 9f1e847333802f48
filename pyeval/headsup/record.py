"""Replaying and verifying a heads-up round's record (58 Pa. Code § 677a.11(j)): the steps are played
again from the record's wagers, cards and decisions, and every event they produce must equal the
record's (see :meth:`pyeval.headsup.round.HeadsUpRound.replay`)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..contracts import Event, EventKind as K
from ..errors import IllegalActionError
from .phases import HeadsUpPhase
from .round import _S, HeadsUpRound, SequenceSource, _tn
from .rules import HeadsUpRules

__all__ = ["replay"]


def _event_player(e: Event) -> int:
    """The player of an event in a record being replayed (IllegalActionError if it names none)."""
    if e.player is None:
        raise IllegalActionError(f"the record's {e.kind!r} event names no player", f"{_S}(j)")
    return e.player


def replay(rules: HeadsUpRules, events: Sequence[Event]) -> HeadsUpRound:
    """:meth:`HeadsUpRound.replay` (arguments, result and errors as there)."""
    record: list[Event] = []
    for raw in events:
        if not isinstance(raw, tuple) or len(raw) != len(Event._fields):
            raise IllegalActionError(f"a record entry must be an Event (kind, player, amount, cards, detail), "
                                     f"got {raw!r}", f"{_S}(j)")
        record.append(_tn(Event, tuple(raw)))
    cards: list[int] = []
    for e in record:
        if e.kind in (K.DEAL, K.BURN, K.FLOP, K.TURN_RIVER):
            cards.extend(_seq(e.cards))
    src = SequenceSource(cards)
    rnd = HeadsUpRound(rules)
    produced = rnd._events  # the live record (the public property is a copy)
    for i, e in enumerate(record):
        if i < len(produced):  # written by the step of an earlier event (a burn's flop, ...)
            _verify(i, e, produced[i])
            continue
        k = e.kind
        if k == K.WAGERS:
            rnd.place_wagers(_event_player(e), *_seq(e.detail))
        elif k == K.DEAL:
            rnd.deal(src)
        elif k == K.BURN:  # a burn opens the flop or the turn-and-river step
            want = K.FLOP if rnd.phase is HeadsUpPhase.FLOP else K.TURN_RIVER
            if i + 1 >= len(record) or record[i + 1].kind != want:
                raise IllegalActionError(f"the record stops inside a dealer step: its burn (event {i}) is not "
                                         f"followed by the {want}", f"{_S}(j)")
            if rnd.phase is HeadsUpPhase.FLOP:
                rnd.burn_and_flop(src)
            else:
                rnd.burn_turn_and_river(src)
        elif k == K.FLOP:
            rnd.burn_and_flop(src)
        elif k == K.TURN_RIVER:
            rnd.burn_turn_and_river(src)
        elif k == K.RAISE:
            rnd.raise_wager(_event_player(e), e.amount)
        elif k == K.CHECK:
            rnd.check(_event_player(e))
        elif k == K.FOLD:
            rnd.fold(_event_player(e))
        elif k == K.EXPOSE_DEALER:
            rnd.expose_dealer()
        elif k == K.SETTLE:
            rnd.settle_next()
        else:
            raise IllegalActionError(f"the record's event {i} has an unknown kind {str(k)!r}", f"{_S}(j)")
        if len(produced) <= i:  # pragma: no cover - every step above records an event
            raise IllegalActionError(f"the record's event {i} ({k!r}) produced nothing", f"{_S}(j)")
        _verify(i, e, produced[i])
    if len(produced) != len(record):
        raise IllegalActionError(f"the record stops inside a dealer step: after event {len(record) - 1} the "
                                 f"round also records {produced[len(record)]!r}", f"{_S}(j)")
    return rnd


def _seq(v: object) -> tuple[Any, ...]:
    """A record's sequence as a tuple (records read back from JSON hold lists)."""
    if isinstance(v, (tuple, list)):
        return tuple(v)
    raise IllegalActionError(f"expected a sequence in the record, got {v!r}", f"{_S}(j)")


def _norm(v: object) -> object:
    """Lists as tuples, recursively, so that a record read back from JSON compares equal."""
    if isinstance(v, (list, tuple)) and not hasattr(v, "_fields"):
        return tuple(_norm(x) for x in v)
    return v


def _verify(i: int, recorded: Event, produced: Event) -> None:
    """The record's event ``i`` must be what the round's step produced (§ 677a.11(j))."""
    if recorded == produced:
        return
    if (recorded.kind == produced.kind and recorded.player == produced.player and recorded.amount == produced.amount
            and _norm(recorded.cards) == _norm(produced.cards) and _norm(recorded.detail) == _norm(produced.detail)):
        return
    raise IllegalActionError(f"the record's event {i} does not match the round: the record says {recorded!r}, "
                             f"the round gives {produced!r}", f"{_S}(j)")

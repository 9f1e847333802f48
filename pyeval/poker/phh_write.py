"""Writing PHH hand histories: :func:`from_round` (any round, any variant and structure), :func:`dumps`,
:func:`dumps_many`, :func:`variant_code`. Names are re-exported by :mod:`pyeval.poker.phh`."""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import tomli_w

from ..cards import CARD_TEXT
from ..errors import HandHistoryError
from .phh import _KNOWN, _LETTER, _RULE_FIELDS, _SITTING_OUT, HandHistory
from .phh_rules import _ANTE_TRIMMING, _PREFIX, _heads_up_order, _setting_text, _short
from .round import Round, _default_plan
from .rules import BettingStructure, HeadsUpOrder, PokerRules

__all__ = ["from_round", "dumps", "dumps_many", "variant_code"]


def _card_text(cards: Sequence[int]) -> str:
    """Card text of a record; each card nobody saw (-1) is written ``??``."""
    return "".join("??" if c < 0 else CARD_TEXT[c] for c in cards)


def variant_code(rules: PokerRules) -> str:
    """The PHH variant code of a table: the structure letter (``F``, ``N``, ``P``) and the game's code.

    The PHH standard names ``FT``, ``NT``, ``PO``, ``FO/8``, ``F7S``, ``F7S/8``, ``FR``, ``N2L1D``,
    ``F2L3D`` and ``FB``; other combinations (``PT``, ``N5D``, ``P5O``, ...) follow the same scheme
    and are read by :meth:`HandHistory.table_rules`, though other PHH readers may not know them.
    """
    return _LETTER[rules.structure] + rules.variant.phh


def from_round(rnd: Round, players: Sequence[str] | None = None, *, unbounded: Iterable[int] = ()) -> HandHistory:
    """The PHH record of a round (played so far) of any variant, from its event log.

    Forced bets are written at their nominal sizes (a short all-in post is implied by the starting
    stacks): uniform ``antes``, a big-blind ante on the big blind (``p2``, heads-up ``p1``), the
    blinds and any straddle in ``blinds_or_straddles`` (heads-up in PHH's reversed order), stud's
    ``bring_in`` and the ``pb`` action. Cards: ``d dh`` for each player's cards of a street (stud: the
    down cards, then the up cards, in dealing order; draws: the replacements), ``d db`` for a
    board; a card nobody saw is ``??``. Draws: ``sd`` with the discards (``sd`` alone stands pat,
    ``sd ????`` discards two unknown cards). Showdown: ``sm`` with the cards shown, ``sm`` alone
    mucks. Burns, reshuffles, returns and awards are not written (PHH replays them). A player
    sitting out (tournament mode) is listed in ``_pyeval_sitting_out`` (one boolean per player); the
    dealer's fold of his hand is written as his plain ``f``, so other PHH readers replay it as a fold.
    How antes count is pokerkit's ``ante_trimming_status`` (written when the table has antes).

    Table settings the standard fields do not carry (odd-chip rule, suit order, raise cap, maximum
    bet, check-raise, show-all-hands, a heads-up blind order the blinds do not imply) go to
    ``extra`` as user-defined fields ``_pyeval_<name>``, only when they would read back otherwise;
    :meth:`HandHistory.table_rules` reads them, so write -> read -> replay holds for every table
    the rules accept.

    Shape: ``antes``, ``blinds_or_straddles``, ``starting_stacks`` and ``finishing_stacks`` (only
    when the round is complete) have one int per player, chips in the table's smallest unit.
    ``unbounded``: round indices whose stacks are written as ``inf`` (a stack the record does not
    know, as pokerkit writes it; :meth:`HandHistory.engine_stacks` replays it with a stand-in). A
    button ante is added to the last seat's ante, a single blind on the button is written on the
    last seat (``[0, ..., 0, b]``).

    Raises:
        HandHistoryError: blinds placed by a button rule PHH cannot express, or ``unbounded`` not
            round indices.
    """
    rules = rnd.rules
    n = rnd.n
    inf_at = set(unbounded)
    if any(type(i) is not int or not 0 <= i < n for i in inf_at):
        raise HandHistoryError(f"unbounded must be round indices 0..{n - 1}, got {sorted(inf_at, key=repr)}")
    bos, antes = _forced_bets(rnd)
    fl = rules.structure is BettingStructure.FIXED_LIMIT
    hh = HandHistory(
        variant=variant_code(rules), antes=antes, blinds_or_straddles=bos,
        starting_stacks=_unbounded(rnd.starting_stacks, inf_at), actions=_actions(rnd),
        min_bet=None if fl else rules.min_bet, small_bet=rules.min_bet if fl else None,
        big_bet=rules.big_bet_amount if fl else None,
        bring_in=rules.bring_in if rules.variant.stud else None,
        finishing_stacks=_unbounded(rnd.stacks, inf_at) if rnd.complete else None,
        players=list(players) if players is not None else None,
    )
    if rules.ante or rules.bb_ante or rules.button_ante:  # pokerkit's field: a big-blind ante is dead money (false) there too
        hh.extra[_ANTE_TRIMMING] = rules.ante_trimming if rules.ante else False
    away = rnd.sitting_out
    if away:  # tournament mode: dealt in, folded at the first turn (the fold is a plain 'f')
        hh.extra[_SITTING_OUT] = [i in away for i in range(n)]
    _write_extra_blinds(hh, rnd)
    money = sum(e.amount for e in rnd.events if e.kind == "house_money")
    if money:  # chips the house added to the main pot (Round.add_house_money)
        hh.extra["_house_money"] = money
    _write_recorded_rake(hh, rnd)
    _write_settings(hh, rules, n)
    return hh


def _write_recorded_rake(hh: HandHistory, rnd: Round) -> None:
    """A rake the round took as a room recorded it (:meth:`Round.award`'s ``rake``, at a table
    without ``rake_bps``) as ``_rake``, and pot by pot as ``_pot_rakes`` when it is not the
    main-pot-first division (so the replay takes it from the same pots)."""
    if rnd.rules.rake_bps:
        return  # the table's rake: the replay computes it again from _pyeval_rake_bps
    pots: dict[int, int] = {}
    raked: dict[int, int] = {}
    for e in rnd.events:
        if e.kind == "award" and isinstance(e.detail, int):
            pots[e.detail] = pots.get(e.detail, 0) + e.amount
        elif e.kind == "rake" and e.cards:
            raked[e.cards[0]] = raked.get(e.cards[0], 0) + e.amount
            pots[e.cards[0]] = pots.get(e.cards[0], 0) + e.amount
    take = sum(raked.values())
    if not take:
        return
    hh.extra["_rake"] = take
    per_pot = [raked.get(k, 0) for k in range(max(pots) + 1)]
    left, main_first = take, []
    for k in range(len(per_pot)):
        main_first.append(min(left, pots.get(k, 0)))
        left -= main_first[-1]
    if per_pot != main_first:
        hh.extra["_pot_rakes"] = per_pot


def _table_straddle(rnd: Round) -> int | None:
    """The index in ``rnd.events`` of the table's straddle (:meth:`Round.post_straddle`: the first
    ``straddle`` event, of the table's amount, left of the last blind), or None."""
    rules, posters = rnd.rules, rnd.blind_posters
    if rules.straddle is None or not posters or posters[-1] is None:
        return None
    seat = (posters[-1] + 1) % rnd.n
    return next((k for k, e in enumerate(rnd.events) if e.kind == "straddle"
                 and e.player == seat and e.amount == rules.straddle), None)


def _write_extra_blinds(hh: HandHistory, rnd: Round) -> None:
    """Blinds posted outside the table's blinds (:meth:`Round.post_extra_blind`) as ``_live_blinds``
    / ``_dead_blinds``: a ``blind`` event of a player who posts none of the table's blinds, a
    ``straddle`` event other than the table's straddle, and every ``dead_blind`` event."""
    n, table, straddle = rnd.n, set(rnd.blind_posters), _table_straddle(rnd)
    live, dead = [0] * n, [0] * n
    for k, e in enumerate(rnd.events):
        if e.player is None:
            continue
        if e.kind == "dead_blind":
            dead[e.player] += e.amount
        elif (e.kind == "blind" and e.player not in table) or (e.kind == "straddle" and k != straddle):
            live[e.player] += e.amount
    for key, col in (("_live_blinds", live), ("_dead_blinds", dead)):
        if any(col):
            hh.extra[key] = col


def _forced_bets(rnd: Round) -> tuple[list[int], list[int]]:
    """(``blinds_or_straddles``, ``antes``) of a round at their nominal sizes (see :func:`from_round`)."""
    rules, n = rnd.rules, rnd.n
    forced = [0] * n  # nominal forced bets: a blind all-in for less is recorded at its posted size
    default = _default_plan(n, rules.heads_up is HeadsUpOrder.BUTTON_SMALL_BLIND, len(rules.blinds))[0]
    posters = rnd.blind_posters
    if posters != default and not (len(posters) == 1 and posters[0] == n - 1 and n > 2):  # a button blind
        raise HandHistoryError("PHH records blinds posted by the players left of the button in turn; this round's "
                               f"blinds were placed by a button rule (posters {posters})")
    for amount, i in zip(rules.blinds, posters):
        assert i is not None
        forced[i] = amount
    at = _table_straddle(rnd)
    if at is not None:
        e = rnd.events[at]
        assert e.player is not None
        forced[e.player] = e.amount
    bos = forced[::-1] if n == 2 else forced
    antes = [rules.ante] * n
    if rules.bb_ante:  # as HandHistory.table_rules reads it: added to the ante of the last blind's poster
        antes[(posters[-1] if posters else 0) or 0] += rules.bb_ante  # the big blind (always posted)
    if rules.button_ante:  # added to the button's (the last seat's) ante
        antes[n - 1] += rules.button_ante
    return bos, antes


#: Player events written as a fixed PHH verb (the others carry cards or an amount).
_VERBS = {"bring_in": "pb", "fold": "f", "check": "cc", "call": "cc", "muck": "sm"}


#: The comment that marks a player's turn as his disconnection (:meth:`pyeval.poker.Round.disconnect`):
#: ``p2 cc # disconnected: all in for the chips he put in``.
DISCONNECTED = "# disconnected: all in for the chips he put in"


def _actions(rnd: Round) -> list[str]:
    """The PHH ``actions`` of a round's events (see :func:`from_round`)."""
    actions: list[str] = []
    runs = 0
    for e in rnd.events:
        k = e.kind
        p = f"p{(e.player or 0) + 1}"
        if k in _VERBS:
            actions.append(f"{p} {_VERBS[k]}")
        elif k == "hole":
            actions.append(f"d dh {p} {_card_text(e.cards)}")
        elif k == "board":  # a board run k times: the runs one after the other, run 1 first
            actions.append(f"d db {_card_text(e.cards)}" + (f" # run it {runs} times" if runs else ""))
            runs = 0
        elif k == "run_it":  # the replay reads the comment on the next deal (pyeval.poker.phh_replay)
            runs = e.amount
        elif k in ("bet", "raise"):
            actions.append(f"{p} cbr {e.amount}")
        elif k == "discard":  # amount: cards taken; cards: the discards, () when nobody saw them
            out = _card_text(e.cards) if e.cards else "??" * e.amount
            actions.append(f"{p} sd {out}" if out else f"{p} sd")
        elif k == "show":
            actions.append(f"{p} sm {_card_text(e.cards)}")
        elif k == "disconnect":  # the replay reads the comment (a reader without it sees a check or call)
            actions.append(f"{p} cc {DISCONNECTED}")
    return actions


def _write_settings(hh: HandHistory, rules: PokerRules, n: int) -> None:
    """Settings PHH has no field for, written as ``_pyeval_<name>`` where the standard fields would
    be read back otherwise (the heads-up blind order is read from the blinds when it can be)."""
    bos = hh.blinds_or_straddles
    if n == 2 and rules.blinds and _heads_up_order(bos) is not rules.heads_up:
        hh.extra[_PREFIX + "heads_up"] = rules.heads_up.value  # equal blinds: the order is not implied
    read = hh.table_rules()
    for fname in _RULE_FIELDS:
        if fname == "heads_up" and n != 2:
            continue
        mine = getattr(rules, fname)
        if getattr(read, fname) != mine:
            hh.extra[_PREFIX + fname] = _setting_text(mine)
    if hh.extra:
        read = hh.table_rules()
        bad = [f for f in _RULE_FIELDS if (f != "heads_up" or n == 2) and getattr(read, f) != getattr(rules, f)]
        if bad:  # pragma: no cover - every field of _RULE_FIELDS is read back from its _pyeval_ field
            raise HandHistoryError(f"cannot write this table as PHH: {', '.join(bad)} would read back differently")


def _toml_doc(hh: HandHistory) -> dict[str, Any]:
    """The fields of one hand, in PHH's usual order, for the TOML writer."""
    doc: dict[str, Any] = {"variant": hh.variant, "antes": hh.antes, "blinds_or_straddles": hh.blinds_or_straddles}
    for k in ("bring_in", "min_bet", "small_bet", "big_bet"):
        if getattr(hh, k) is not None:
            doc[k] = getattr(hh, k)
    doc["starting_stacks"] = hh.starting_stacks
    doc["actions"] = hh.actions
    if hh.players is not None:
        doc["players"] = hh.players
    if hh.finishing_stacks is not None:
        doc["finishing_stacks"] = hh.finishing_stacks
    for k in sorted(hh.extra):
        if not isinstance(k, str):
            raise HandHistoryError(f"{hh.name}: extra field names must be strings, got {_short(k)}")
        if k in _KNOWN or k in doc:
            raise HandHistoryError(f"{hh.name}: extra field {k!r} would replace the standard field of that name")
        doc[k] = hh.extra[k]
    return doc


def _dump(doc: dict[str, Any], name: str) -> str:
    try:
        return tomli_w.dumps(doc)
    except (TypeError, ValueError) as exc:
        raise HandHistoryError(f"{name}: cannot write this value as TOML: {exc}") from None


def dumps(hh: HandHistory) -> str:
    """One hand as ``.phh`` text (TOML, written by ``tomli-w``: every key and string quoted as TOML
    requires, so any ``extra`` field reads back as itself).

    Raises:
        HandHistoryError: an ``extra`` field named like a standard field, or a value TOML cannot hold.
    """
    return _dump(_toml_doc(hh), hh.name)


def dumps_many(hands: Sequence[HandHistory]) -> str:
    """Several hands as ``.phhs`` text: tables ``[1]``, ``[2]``, ..."""
    return _dump({str(i): _toml_doc(h) for i, h in enumerate(hands, 1)}, "hands")


def _unbounded(stacks: Sequence[int], inf_at: set[int]) -> list[Any]:
    """``stacks`` as a list, ``inf`` at the round indices of ``inf_at``."""
    return [math.inf if i in inf_at else v for i, v in enumerate(stacks)]

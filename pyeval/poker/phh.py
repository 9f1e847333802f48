"""Read and write Poker Hand History (PHH) files, and replay them through :class:`Round`.

PHH is the TOML format of pokerkit and the published hand datasets: ``.phh`` holds one hand as
top-level fields, ``.phhs`` several hands as tables ``[1]``, ``[2]``, .... Conventions followed: seat
``p1`` is the first seat left of the button (round index 0), the last seat is the button; ``cbr X``
is a bet or raise *to* X; heads-up, ``blinds_or_straddles`` is assigned in reverse (the button posts
the small blind). Variant codes: a structure letter (``F`` fixed limit, ``N`` no limit, ``P`` pot
limit) and a game of :data:`pyeval.poker.games.VARIANTS`: ``FT``, ``NT``, ``PO``, ``FO/8``,
``F7S``, ``F7S/8``, ``FR``, ``N2L1D``, ``F2L3D``, ``FB``, ... Stud hands use ``bring_in`` and ``pb``;
draw hands ``sd``; unknown hole cards (``????``) replay as cards nobody saw. :func:`from_round`
writes a round of any of these games (and any structure) back as PHH; reading what it writes
replays to the same stacks and the same record. Replay checks the record (see
:meth:`HandHistory.replay`; messages name players as the record does), and every field of a file
is validated, so hostile input gives one :class:`~pyeval.errors.HandHistoryError` line.
"""
from __future__ import annotations

import enum
import math
import re
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import tomli_w

from ..cards import CARD_TEXT, parse_cards
from ..errors import HandHistoryError, IllegalHandHistoryError, PyevalError
from .games import VARIANTS
from .round import Round
from .rules import (
    BettingStructure, HeadsUpOrder, LimitShortAllIn, OddChipRule, PokerRules, ShortAllIns, StreetOpener,
)

_STRUCTURES = {"F": BettingStructure.FIXED_LIMIT, "N": BettingStructure.NO_LIMIT, "P": BettingStructure.POT_LIMIT}
_LETTER = {v: k for k, v in _STRUCTURES.items()}

#: The standard PHH fields this module reads into :class:`HandHistory` attributes.
_KNOWN = ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions", "min_bet", "small_bet",
          "big_bet", "finishing_stacks", "players", "bring_in")
#: Largest chip amount accepted in a record (ints); float amounts must stay exact (below 2**53).
MAX_CHIPS = 2**63 - 1
_MAX_EXACT_FLOAT = 2**53
#: Table settings PHH has no field for, written as user-defined fields ``_pyeval_<name>`` (the PHH
#: standard reserves names starting with ``_`` for user-defined fields; other readers ignore them).
_RULE_FIELDS: dict[str, type] = {"heads_up": HeadsUpOrder, "odd_chip": OddChipRule, "suit_order": str,
                                 "max_raises": int, "max_bet": int, "check_raise": bool, "show_all_hands": bool,
                                 "short_all_ins": ShortAllIns, "limit_short_all_in": LimitShortAllIn,
                                 "turn_river_opener": StreetOpener, "chip_value": Fraction}
_PREFIX = "_pyeval_"
_R_SHOW = "58 Pa. Code § 637a.18(e)"
_R_SHOWDOWN = "58 Pa. Code § 637a.11(k)"
_R_DEAL = "58 Pa. Code § 637a.11(f)"
_PLAYER_RE = re.compile(r"\bplayer (\d+)\b")
_AMOUNT_RE = re.compile(r"\d{1,30}(\.\d{1,30})?")


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


def _is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _check_amount(x: object, what: str, name: str, lo: int = 0) -> None:
    """One chip amount of a record: an int or float, finite, ``lo``..MAX_CHIPS (floats exact)."""
    if not _is_number(x):
        raise HandHistoryError(f"{name}: {what} must be a number of chips, got {_short(x)}")
    assert isinstance(x, (int, float))
    if isinstance(x, float) and not (math.isfinite(x) and abs(x) < _MAX_EXACT_FLOAT):
        raise HandHistoryError(f"{name}: {what} must be a finite amount below 2**53, got {_short(x)}")
    if not lo <= x <= MAX_CHIPS:
        raise HandHistoryError(f"{name}: {what} must be {lo}..2**63-1 chips, got {_short(x)}")


def _amount(tok: str, name: str, raw: str) -> int | float:
    """The amount of a ``cbr`` action: digits, optionally with a decimal fraction."""
    if not _AMOUNT_RE.fullmatch(tok):
        raise HandHistoryError(f"{name}: bad amount {_short(tok)} in {_short(raw)}")
    return float(tok) if "." in tok else int(tok)


@dataclass
class HandHistory:
    """One hand in PHH form. Chip amounts are ints. ``extra`` keeps any other PHH fields."""

    variant: str
    antes: list[int]
    blinds_or_straddles: list[int]
    starting_stacks: list[int]
    actions: list[str]
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    finishing_stacks: list[int] | None = None
    players: list[str] | None = None
    bring_in: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    name: str = ""  # where it came from (file and table key), for messages

    @classmethod
    def from_dict(cls, d: dict[str, Any], name: str = "") -> HandHistory:
        """Build from parsed TOML, checking every standard field's type and range.

        Raises:
            HandHistoryError: a missing field, or a field of the wrong type or out of range (one
                line naming the hand and the field; the value is shortened).
        """
        if not isinstance(d, dict):
            raise HandHistoryError(f"{name}: a hand must be a TOML table, got {_short(d)}")
        for key in ("variant", "starting_stacks", "actions"):
            if key not in d:
                raise HandHistoryError(f"{name}: missing PHH field {key!r}")
        if not isinstance(d["variant"], str):
            raise HandHistoryError(f"{name}: variant must be a string such as 'NT', got {_short(d['variant'])}")
        stacks = d["starting_stacks"]
        if not isinstance(stacks, list) or not stacks:
            raise HandHistoryError(f"{name}: starting_stacks must be a non-empty list of numbers, got {_short(stacks)}")
        n = len(stacks)

        def num_list(key: str, default: list[int] | None, lo: int) -> list[Any] | None:
            v = d.get(key, default)
            if v is None:
                return None
            if not isinstance(v, list):
                raise HandHistoryError(f"{name}: {key} must be a list of numbers, got {_short(v)}")
            if len(v) != n:
                raise HandHistoryError(f"{name}: {key} needs one entry per player ({n}), got {len(v)}")
            for i, x in enumerate(v):
                _check_amount(x, f"{key}[{i}]", name, lo)
            return list(v)

        def num(key: str) -> Any:
            v = d.get(key)
            if v is not None:
                _check_amount(v, key, name)
            return v

        actions = d["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise HandHistoryError(f"{name}: actions must be a list of strings, got {_short(actions)}")
        players = d.get("players")
        if players is not None:
            if not isinstance(players, list) or not all(isinstance(x, str) for x in players):
                raise HandHistoryError(f"{name}: players must be a list of strings, got {_short(players)}")
            if len(players) != n:
                raise HandHistoryError(f"{name}: players needs one entry per player ({n}), got {len(players)}")
        starting = num_list("starting_stacks", None, 0)
        assert starting is not None
        return cls(
            variant=d["variant"], antes=num_list("antes", [0] * n, 0) or [],
            blinds_or_straddles=num_list("blinds_or_straddles", [0] * n, 0) or [],
            starting_stacks=starting, actions=list(actions), min_bet=num("min_bet"), small_bet=num("small_bet"),
            big_bet=num("big_bet"), finishing_stacks=num_list("finishing_stacks", None, 0),
            players=list(players) if players is not None else None, bring_in=num("bring_in"),
            extra={k: v for k, v in d.items() if k not in _KNOWN}, name=name,
        )

    def _who(self, i: int) -> str:
        """Player ``i`` (round index) as the record names him: ``p3``, or ``p3 (Seat3)``."""
        label = f"p{i + 1}"
        if self.players is not None and 0 <= i < len(self.players) and self.players[i] not in ("", label):
            return f"{label} ({self.players[i]})"
        return label

    def _names(self, message: str) -> str:
        """An engine message with its 0-based round indices (``player 2``) in the record's names (``p3``)."""
        return _PLAYER_RE.sub(lambda m: self._who(int(m.group(1))), message)

    @property
    def unit_scale(self) -> int:
        """Smallest factor (1, 2, 4, 5, 10, ..., 100) that makes every amount of the record an int.

        Chips are ints in the smallest unit; a record whose amounts have fractions (e.g. a split
        pot recorded as 112.5 each) is replayed in that finer unit. 1 for whole-chip records.

        Raises:
            HandHistoryError: a ``cbr`` amount that is not a number, or amounts that are not whole
                multiples of 1/100 of a chip.
        """
        values: list[Any] = [*self.antes, *self.blinds_or_straddles, *self.starting_stacks,
                             *(self.finishing_stacks or ())]
        values += [v for v in (self.min_bet, self.small_bet, self.big_bet, self.bring_in) if v is not None]
        for a in self.actions:
            if not isinstance(a, str):
                raise HandHistoryError(f"{self.name}: actions must be strings, got {_short(a)}")
            t = a.split("#", 1)[0].split()
            if len(t) == 3 and t[1] == "cbr":
                values.append(_amount(t[2], self.name, a))
        for v in values:
            if not _is_number(v) or (isinstance(v, float) and not math.isfinite(v)):
                raise HandHistoryError(f"{self.name}: amounts must be numbers, got {_short(v)}")
        if all(isinstance(v, int) or float(v).is_integer() for v in values):
            return 1
        for s in (2, 4, 5, 10, 20, 25, 50, 100):
            if all(float(v * s).is_integer() for v in values):
                return s
        raise HandHistoryError(f"{self.name}: amounts are not whole multiples of 1/100 of a chip")

    def in_units(self, scale: int) -> HandHistory:
        """This record with every amount multiplied by ``scale`` (ints); see :attr:`unit_scale`."""
        def conv(v: float) -> int:
            x = v * scale
            if not float(x).is_integer():
                raise HandHistoryError(f"{self.name}: {v} is not a whole number of 1/{scale} chips")
            return int(x)

        def conv_list(vs: list[Any] | None) -> list[int] | None:
            return None if vs is None else [conv(v) for v in vs]

        actions = []
        for a in self.actions:
            t = a.split("#", 1)[0].split()
            if len(t) == 3 and t[1] == "cbr":
                a = f"{t[0]} cbr {conv(_amount(t[2], self.name, a))}"
            actions.append(a)
        return HandHistory(
            variant=self.variant, antes=conv_list(self.antes) or [], blinds_or_straddles=conv_list(self.blinds_or_straddles) or [],
            starting_stacks=conv_list(self.starting_stacks) or [], actions=actions,
            min_bet=None if self.min_bet is None else conv(self.min_bet),
            small_bet=None if self.small_bet is None else conv(self.small_bet),
            big_bet=None if self.big_bet is None else conv(self.big_bet),
            bring_in=None if self.bring_in is None else conv(self.bring_in),
            finishing_stacks=conv_list(self.finishing_stacks), players=self.players, extra=dict(self.extra),
            name=self.name,
        )

    def _rule_overrides(self) -> dict[str, Any]:
        """The table settings recorded as ``_pyeval_<name>`` user-defined fields, validated."""
        out: dict[str, Any] = {}
        for key, raw in self.extra.items():
            if not key.startswith(_PREFIX):
                continue
            fname = key[len(_PREFIX):]
            kind = _RULE_FIELDS.get(fname)
            if kind is None:
                raise HandHistoryError(f"{self.name}: unknown pyeval field {key!r} "
                                       f"(known: {', '.join(_PREFIX + k for k in _RULE_FIELDS)})")
            if issubclass(kind, enum.Enum):
                try:
                    out[fname] = kind(raw)
                except (ValueError, TypeError):
                    raise HandHistoryError(f"{self.name}: {key} must be one of "
                                           f"{', '.join(repr(m.value) for m in kind)}, got {_short(raw)}") from None
            elif kind is Fraction:  # an exact amount written as text, e.g. '1/4' or '0.25'
                if not isinstance(raw, str) or len(raw) > 40:
                    raise HandHistoryError(f"{self.name}: {key} must be an exact amount as text such as '1/4', "
                                           f"got {_short(raw)}")
                try:
                    out[fname] = Fraction(raw)
                except (ValueError, ZeroDivisionError):
                    raise HandHistoryError(f"{self.name}: {key} must be an exact amount as text such as '1/4', "
                                           f"got {_short(raw)}") from None
            elif kind is bool:
                if not isinstance(raw, bool):
                    raise HandHistoryError(f"{self.name}: {key} must be true or false, got {_short(raw)}")
                out[fname] = raw
            elif kind is int:
                if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= MAX_CHIPS:
                    raise HandHistoryError(f"{self.name}: {key} must be an int 0..2**63-1, got {_short(raw)}")
                out[fname] = raw
            else:
                if not isinstance(raw, str):
                    raise HandHistoryError(f"{self.name}: {key} must be a string, got {_short(raw)}")
                out[fname] = raw
        return out

    def table_rules(self) -> PokerRules:
        """The :class:`PokerRules` this hand was played under, as far as PHH states them.

        Forced bets: ``antes`` is a uniform ante, optionally with a big-blind ante added on the
        seat that posts the last blind (``[a, a+b, a, ...]``; ``[0, b, 0, ...]`` is the usual
        big-blind ante); a big-blind ante on the second-to-last forced bet makes the last one a
        straddle. Heads-up, ``blinds_or_straddles`` is in PHH's reversed order (``p2``, the button,
        posts the first entry): increasing amounts, or a single blind on the button, read as
        :attr:`HeadsUpOrder.BUTTON_SMALL_BLIND`, else :attr:`HeadsUpOrder.PA_LITERAL`. Settings PHH
        has no field for are read from ``_pyeval_<name>`` fields (see :func:`from_round`).

        Raises:
            HandHistoryError: an unknown variant code, forced bets pyeval cannot seat (antes that
                are neither uniform nor a big-blind ante, blinds not in a run from ``p1``), a
                missing limit, or settings the table rules refuse.
        """
        n = len(self.starting_stacks)
        if len(self.antes) != n or len(self.blinds_or_straddles) != n:
            raise HandHistoryError(f"{self.name}: antes and blinds_or_straddles need one entry per player ({n})")
        code = self.variant
        structure = _STRUCTURES.get(code[:1])
        variant = VARIANTS.get(code[1:])
        if structure is None or variant is None:
            raise HandHistoryError(f"{self.name}: variant {_short(code)} is not supported "
                                   f"(structure F/N/P + one of {', '.join(sorted(VARIANTS))})")
        for v in (*self.antes, *self.blinds_or_straddles, *(
                x for x in (self.min_bet, self.small_bet, self.big_bet, self.bring_in) if x is not None)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise HandHistoryError(f"{self.name}: forced bets and limits must be whole chips here, got "
                                       f"{_short(v)} (see HandHistory.unit_scale)")
        ov = self._rule_overrides()
        bos = list(self.blinds_or_straddles)
        heads_up = HeadsUpOrder.BUTTON_SMALL_BLIND
        blinds: list[int] = []
        hu_given = "heads_up" in ov
        if hu_given:
            if n != 2:
                raise HandHistoryError(f"{self.name}: {_PREFIX}heads_up applies to two players only")
            heads_up = ov.pop("heads_up")
        if variant.forced == "bring_in":
            if any(bos):
                raise HandHistoryError(f"{self.name}: a stud game has no blinds, got {bos}")
            if self.bring_in is None:
                raise HandHistoryError(f"{self.name}: {code} needs bring_in")
            posters: list[int] = []
        else:
            if n == 2:
                # PHH assigns heads-up forced bets in reverse: p2 (button) posts bos[0], p1 posts bos[1]
                if not hu_given:
                    heads_up = _heads_up_order(bos)
                seq = bos if heads_up is HeadsUpOrder.BUTTON_SMALL_BLIND else bos[::-1]
                order = [1, 0] if heads_up is HeadsUpOrder.BUTTON_SMALL_BLIND else [0, 1]
            else:
                seq, order = bos, list(range(n))
            k = 0
            while k < n and seq[k]:
                k += 1
            blinds = seq[:k]
            if any(seq[k:]):
                raise HandHistoryError(f"{self.name}: forced bets must be a run of blinds from "
                                       f"{'the first blind' if n == 2 else 'p1'}, got {bos}")
            if not blinds:
                raise HandHistoryError(f"{self.name}: no blinds in {bos}")
            posters = order[:k]
        ante, bb_ante, straddle = self.antes[0], 0, None
        if len(set(self.antes)) > 1:
            bad = HandHistoryError(f"{self.name}: only a uniform ante, with or without a big-blind ante on the "
                                   f"big blind, is supported, got {self.antes}")
            if variant.forced != "blinds":
                raise bad
            candidates = [posters[-1]]
            if n > 2 and len(blinds) >= 2:  # the big blind antes, so the last forced bet is a straddle
                candidates.append(posters[-2])
            for j in candidates:
                rest = {a for i, a in enumerate(self.antes) if i != j}
                if len(rest) == 1 and self.antes[j] > next(iter(rest)):
                    ante = next(iter(rest))
                    bb_ante = self.antes[j] - ante
                    if j != posters[-1]:
                        straddle, blinds = blinds[-1], blinds[:-1]
                    break
            else:
                raise bad
        settings = {k: _setting_text(v) for k, v in ov.items()}
        try:
            common: dict[str, Any] = dict(seats=max(n, 2 if straddle is None else len(blinds) + 2),
                                          blinds=tuple(blinds), ante=ante, bb_ante=bb_ante, straddle=straddle,
                                          structure=structure, heads_up=heads_up, variant=variant,
                                          bring_in=self.bring_in or 0 if variant.forced == "bring_in" else 0)
            common.update(ov)
            if structure is BettingStructure.FIXED_LIMIT:
                if self.small_bet is None or self.big_bet is None:
                    raise HandHistoryError(f"{self.name}: {code} needs small_bet and big_bet")
                return PokerRules(min_bet=self.small_bet, big_bet=self.big_bet, **common)
            if self.min_bet is None:
                raise HandHistoryError(f"{self.name}: {code} needs min_bet")
            return PokerRules(min_bet=self.min_bet, **common)
        except PyevalError as exc:
            if isinstance(exc, HandHistoryError):
                raise
            raise HandHistoryError(f"{self.name}: {exc}" + (f" (settings {settings})" if settings else "")) from None
        except (TypeError, ValueError) as exc:  # pragma: no cover - fields are validated above
            raise HandHistoryError(f"{self.name}: {exc}") from None

    def replay(self, *, strict: bool = False) -> Round:
        """Play this hand through a :class:`Round`; returns the finished (or stopped) round.

        The dealer's steps follow the record; when the record ends with the pots still to award (and
        nothing left to decide), they are awarded. Players are named as in the record (``p3``, with
        the ``players`` label if any).

        Showdown (58 Pa. Code § 637a.18(e)): when no more betting is possible (every live hand but
        at most one is all-in), all hands are tabled at once and the record may list them in any
        order; they are turned up in the § 637a.18(e) order. ``strict=True`` requires the
        § 637a.18(e) order there too. Otherwise the order is always the regulation's.

        Raises:
            IllegalHandHistoryError: the record breaks the rules (an illegal or out-of-turn action,
                a card dealt twice, a showdown out of order, unknown cards to score); the message
                names the hand, the action and the rule.
            HandHistoryError: the record cannot be read: the PHH grammar (a bad action, card text,
                board cards written with spaces), an unsupported table, or board cards dealt
                after the river (a board run more than once, which is not supported yet).
        """
        scale = self.unit_scale
        if scale != 1 or not all(isinstance(v, int) for v in self.starting_stacks):
            return self.in_units(scale)._replay_exact(strict)
        return self._replay_exact(strict)

    def _replay_exact(self, strict: bool) -> Round:
        """:meth:`replay` of a record whose amounts are whole chips (``unit_scale`` is 1)."""
        return _Replay(self, strict).run()


def _heads_up_order(bos: Sequence[int]) -> HeadsUpOrder:
    """The heads-up blind order PHH's reversed ``blinds_or_straddles`` implies: the button (``p2``)
    posts ``bos[0]``. Two blinds: increasing amounts (the button posts the small blind) are
    :attr:`HeadsUpOrder.BUTTON_SMALL_BLIND`, else :attr:`HeadsUpOrder.PA_LITERAL`; a single blind
    is the button's under BUTTON_SMALL_BLIND, ``p1``'s under PA_LITERAL."""
    if bos[0] and bos[1]:
        return HeadsUpOrder.PA_LITERAL if bos[0] > bos[1] else HeadsUpOrder.BUTTON_SMALL_BLIND
    return HeadsUpOrder.PA_LITERAL if bos[1] else HeadsUpOrder.BUTTON_SMALL_BLIND


class _Replay:
    """One replay of a :class:`HandHistory` (see :meth:`HandHistory.replay`)."""

    def __init__(self, hh: HandHistory, strict: bool) -> None:
        self.hh = hh
        self.strict = strict
        self.rules = rules = hh.table_rules()
        try:
            self.rnd = Round(rules, hh.starting_stacks)
            self.rnd.post_forced_bets()
            if rules.straddle is not None:
                self.rnd.post_straddle()
        except PyevalError as exc:
            raise IllegalHandHistoryError(f"{hh.name}: the forced bets: {hh._names(str(exc))}",
                                          getattr(exc, "rule", "")) from None
        self.n = self.rnd.n
        self.pending: dict[int, tuple[int, ...]] = {}  # hole cards of the street being dealt
        self.board: tuple[int, ...] | None = None      # board cards read, not yet dealt
        self.shown: set[int] = set()
        self.tabled: dict[int, tuple[int, ...] | None] = {}  # shown (or mucked: None) out of order, all-in

    # ---- card checks ---------------------------------------------------------------------------
    def _in_play(self) -> dict[int, int]:
        """Cards already in play (hole cards of hands not folded, the board, cards read for this
        street), each with its holder's round index (-1: the board), for naming a card dealt twice
        at the action that deals it."""
        rnd = self.rnd
        out: dict[int, int] = {}
        draw = rnd._has_draws
        folded = rnd.folded
        for i, h in enumerate(rnd.hole):
            if draw and folded[i]:
                continue  # a folded hand in a draw game may be reshuffled and dealt again
            for c in h:
                out[c] = i
        for c in rnd.board:
            out[c] = -1
        for i, h in self.pending.items():
            for c in h:
                out[c] = i
        for c in self.board or ():
            out[c] = -1
        out.pop(-1, None)  # cards nobody saw
        return out

    def _check_new(self, cards: tuple[int, ...]) -> None:
        seen = self._in_play()
        mine: set[int] = set()
        for c in cards:
            if c < 0:
                continue
            if c in mine:
                raise IllegalHandHistoryError(f"card {CARD_TEXT[c]} appears twice in this deal", _R_DEAL)
            if c in seen:
                holder = "the board" if seen[c] < 0 else self.hh._who(seen[c])
                raise IllegalHandHistoryError(f"card {CARD_TEXT[c]} is already dealt (to {holder})", _R_DEAL)
            mine.add(c)

    # ---- dealing -------------------------------------------------------------------------------
    def _expected(self) -> list[int]:
        """Cards each player receives on the next street (0 for none)."""
        rnd = self.rnd
        spec = rnd._next_street()
        if spec is None or rnd._community_card_due(spec):  # stud: one community card instead
            return [0] * self.n
        out = []
        for i in range(self.n):
            if rnd.folded[i] or rnd.mucked[i]:
                out.append(0)
            elif spec.draw:
                out.append(len(rnd._draw_discards.get(i, ())))
            else:
                out.append(spec.down + spec.up)
        return out

    def _deal_if_due(self, force: bool) -> None:
        rnd = self.rnd
        if not rnd.can_deal_board():
            return
        want = self._expected()
        spec = rnd._next_street()
        assert spec is not None
        pending = self.pending
        have_hole = all(len(pending.get(i, ())) == w for i, w in enumerate(want))
        community = rnd._community_card_due(spec)  # stud, eight players: the last card is dealt to the center
        have_board = (self.board is not None) == bool(spec.board or community)
        if have_hole and have_board and (force or any(want) or spec.board or community):
            hole = [pending.get(i, ()) for i in range(self.n)] if (spec.down or spec.up or spec.draw) and not community else None
            if spec.board or community:
                rnd.deal_board(self.board, hole=hole)
            else:
                rnd.deal_board(hole=hole)
            pending.clear()
            self.board = None

    def _deal_hole(self, p: int, cards: tuple[int, ...]) -> None:
        rnd = self.rnd
        self._check_new(cards)
        self.pending[p] = self.pending.get(p, ()) + cards
        if not rnd._hole_dealt:
            if len(self.pending) == self.n:
                rnd.deal_hole_cards([self.pending[i] for i in range(self.n)])
                self.pending.clear()
        else:
            self._deal_if_due(False)

    def _deal_board(self, cards: tuple[int, ...], raw: str) -> None:
        rnd = self.rnd
        if self.board is not None:
            raise IllegalHandHistoryError(f"a second board {raw!r} before the first was dealt: the betting "
                                          "round between them is missing", "58 Pa. Code § 637a.11(h)-(j)")
        nxt = rnd._next_street()
        if not any(s.board for s in rnd._streets) and not (nxt is not None and rnd._community_card_due(nxt)):
            raise HandHistoryError(f"{self.hh.variant} has no board cards")
        no_more = rnd._next_street() is None or (rnd._hole_dealt and rnd.n_contending < 2)
        if no_more:
            if rnd.n_contending >= 2 and rnd.street == rnd._last_street and rnd.board:
                raise HandHistoryError("board cards after the river: this record runs the board more than "
                                       "once (run it twice), which pyeval does not replay yet")
            raise IllegalHandHistoryError("no more board cards are dealt in this hand", "58 Pa. Code § 637a.11(h)-(j)")
        self._check_new(cards)
        self.board = cards
        self._deal_if_due(False)

    # ---- showdown ------------------------------------------------------------------------------
    def _all_tabled(self) -> bool:
        """No more betting is possible: every live hand but at most one is all-in, so the hands are
        tabled together and the order a record lists them in changes no chip."""
        rnd = self.rnd
        live = [i for i in range(self.n) if not (rnd.folded[i] or rnd.mucked[i])]
        return sum(1 for i in live if rnd.stacks[i] > 0) <= 1

    def _apply_show(self, p: int, cards: tuple[int, ...] | None, raw: str) -> None:
        rnd = self.rnd
        if cards is None:
            rnd.muck(p)
            return
        if rnd.hole[p] and cards and set(cards) != set(rnd.hole[p]):
            known = "".join(CARD_TEXT[c] for c in rnd.hole[p] if c >= 0)
            raise IllegalHandHistoryError(f"{self.hh._who(p)} shows {raw.split()[2]} but was dealt {known}", _R_SHOW)
        rnd.show(p)
        self.shown.add(p)

    def _flush_tabled(self) -> None:
        rnd = self.rnd
        while self.tabled:
            order = rnd.showdown_order()
            if not order or order[0] not in self.tabled or rnd.actor is not None:
                return
            p = order[0]
            self._apply_show(p, self.tabled.pop(p), "")

    def _show(self, p: int, text: list[str], raw: str) -> None:
        rnd = self.rnd
        cards: tuple[int, ...] | None
        if len(text) == 2:
            cards = None
        elif text[2] == "-":
            cards = ()
        else:
            cards = _cards(text[2])
        if cards and p in self.shown and p not in rnd.showdown_order():
            # shown again after the rest of the cards were dealt to all-in hands
            if set(cards) != set(rnd.hole[p]):
                raise IllegalHandHistoryError(f"{self.hh._who(p)} shows {text[2]} but holds "
                                              f"{''.join(CARD_TEXT[c] for c in rnd.hole[p])}", _R_SHOW)
            return
        order = rnd.showdown_order()
        if (not self.strict and rnd.actor is None and p in order and order[0] != p and p not in self.tabled
                and self._all_tabled()):
            if cards and set(cards) != set(rnd.hole[p]):
                known = "".join(CARD_TEXT[c] for c in rnd.hole[p] if c >= 0)
                raise IllegalHandHistoryError(f"{self.hh._who(p)} shows {text[2]} but was dealt {known}", _R_SHOW)
            self.tabled[p] = cards  # turned up with the others, in the regulation's order
            return
        self._apply_show(p, cards, raw)
        self._flush_tabled()

    # ---- the record ----------------------------------------------------------------------------
    def run(self) -> Round:
        hh, rnd = self.hh, self.rnd
        for idx, raw in enumerate(hh.actions):
            text = raw.split("#", 1)[0].split()
            if not text:
                continue
            where = f"{hh.name}: action {idx + 1} {_short(raw)}"
            try:
                self._step(text, raw)
            except IllegalHandHistoryError as exc:
                raise IllegalHandHistoryError(f"{where}: {hh._names(str(exc))}", exc.rule) from None
            except HandHistoryError as exc:
                raise HandHistoryError(f"{where}: {hh._names(str(exc))}") from None
            except PyevalError as exc:
                raise IllegalHandHistoryError(f"{where}: {hh._names(str(exc))}", getattr(exc, "rule", "")) from None
        try:
            self._deal_if_due(True)
        except PyevalError as exc:
            raise IllegalHandHistoryError(f"{hh.name}: at the end: {hh._names(str(exc))}",
                                          getattr(exc, "rule", "")) from None
        if self.tabled:
            p = next(iter(self.tabled))
            order = rnd.showdown_order()
            raise IllegalHandHistoryError(
                f"{hh.name}: the record stops before the showdown: {hh._who(order[0])} has yet to show or muck "
                f"(the record shows {hh._who(p)}'s hand)" if order else f"{hh.name}: {hh._who(p)}'s hand is "
                "never turned up", _R_SHOW)
        if rnd.can_award():
            self._check_scorable()
            rnd.award()
        return rnd

    def _check_scorable(self) -> None:
        """Never score unknown cards (a ``??`` board or hole card) as a tie: refuse the award."""
        rnd, hh = self.rnd, self.hh
        live = [i for i in range(self.n) if not (rnd.folded[i] or rnd.mucked[i])]
        if len(live) < 2:
            return
        if any(c < 0 for c in rnd.board):
            raise IllegalHandHistoryError(f"{hh.name}: the board has cards nobody saw ('??'): the pots cannot be "
                                          "awarded", _R_SHOWDOWN)
        for i in live:
            if any(c < 0 for c in rnd.hole[i]):
                raise IllegalHandHistoryError(f"{hh.name}: {hh._who(i)}'s cards at the showdown are unknown ('??'): "
                                              "the pots cannot be awarded", _R_SHOWDOWN)

    def _step(self, text: list[str], raw: str) -> None:
        rnd, n = self.rnd, self.n
        if text[0] == "d":
            if len(text) < 2 or text[1] not in ("dh", "db"):
                raise HandHistoryError(f"unknown dealer action {_short(text[1] if len(text) > 1 else '')}")
            if text[1] == "dh":
                if len(text) != 4:
                    raise HandHistoryError("a hole-card deal is 'd dh pK CARDS' with the cards written without "
                                           "spaces (e.g. 'd dh p1 AsKd')")
                self._deal_hole(_player(text[2], n), _cards(text[3]))
            else:
                if len(text) != 3:
                    raise HandHistoryError("a board deal is 'd db CARDS' with the cards written without spaces "
                                           f"(e.g. 'd db {''.join(text[2:5])}')")
                self._deal_board(_cards(text[2]), raw)
            return
        p = _player(text[0], n)
        if len(text) < 2:
            raise HandHistoryError("an action needs a verb (f, cc, cbr, pb, sd, sm)")
        op = text[1]
        if self.tabled and op != "sm":
            order = rnd.showdown_order()
            raise IllegalHandHistoryError(f"{self.hh._who(order[0]) if order else 'a player'} has yet to show or "
                                          "muck", _R_SHOW)
        self._deal_if_due(True)  # a draw where every player stood pat deals no cards
        arity = {"cc": 2, "f": 2, "pb": 2, "cbr": 3}.get(op)
        if arity is not None and len(text) != arity:
            raise HandHistoryError(f"'{op}' takes {'an amount' if arity == 3 else 'nothing more'}")
        if op in ("sd", "sm") and len(text) > 3:
            raise HandHistoryError("cards are written without spaces (e.g. 'p1 sm AsKd')")
        if op == "cc":
            rnd.check_or_call(p)
        elif op == "f":
            rnd.fold(p)
        elif op == "cbr":
            amount = _amount(text[2], self.hh.name, raw)
            if not isinstance(amount, int):  # pragma: no cover - in_units made every amount whole
                raise HandHistoryError(f"bad amount {text[2]!r}")
            rnd.bet_or_raise_to(amount, p)
        elif op == "pb":
            rnd.post_bring_in(p)
        elif op == "sd":
            cards = _cards(text[2]) if len(text) > 2 else ()
            if cards and all(c < 0 for c in cards):
                rnd.discard_unknown(len(cards), p)
            else:
                rnd.discard(cards, p)
        elif op == "sm":
            self._show(p, text, raw)
        else:
            raise HandHistoryError(f"unsupported action {_short(op)}")


def _player(tok: str, n: int) -> int:
    if len(tok) < 2 or len(tok) > 3 or tok[0] != "p" or not tok[1:].isdigit() or not 1 <= int(tok[1:]) <= n:
        raise HandHistoryError(f"bad player {_short(tok)} (p1..p{n})")
    return int(tok[1:]) - 1


def _cards(tok: str) -> tuple[int, ...]:
    """Card text; each ``??`` is a card nobody saw (-1)."""
    if "?" in tok:
        if len(tok) % 2 or any(tok[i:i + 2] != "??" and "?" in tok[i:i + 2] for i in range(0, len(tok), 2)):
            raise HandHistoryError(f"bad cards {_short(tok)}")
        return tuple(-1 if tok[i:i + 2] == "??" else parse_cards(tok[i:i + 2])[0] for i in range(0, len(tok), 2))
    if len(tok) > 60:
        raise HandHistoryError(f"bad cards {_short(tok)}")
    return parse_cards(tok)


# ---------------------------------------------------------------------- reading files
def loads(text: str, name: str = "") -> list[HandHistory]:
    """Parse PHH text: one hand (``.phh``, top-level fields) or several (``.phhs``, tables).

    Raises:
        HandHistoryError: text that is not TOML (including nesting too deep to parse, or integers
            too long to convert), a file with no hand, or a hand whose fields are missing or of the
            wrong type (see :meth:`HandHistory.from_dict`).
    """
    if not isinstance(text, str):
        raise HandHistoryError(f"{name}: PHH text must be a str, got {type(text).__name__}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HandHistoryError(f"{name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise HandHistoryError(f"{name}: not readable TOML: arrays or tables nested too deeply") from None
    except (ValueError, OverflowError, MemoryError) as exc:  # e.g. an integer of thousands of digits
        raise HandHistoryError(f"{name}: not readable TOML: {str(exc).split(';')[0]}") from None
    if "variant" in data:
        return [HandHistory.from_dict(data, name)]
    hands = [HandHistory.from_dict(v, f"{name}[{k}]") for k, v in data.items() if isinstance(v, dict)]
    stray = [k for k, v in data.items() if not isinstance(v, dict)]
    if stray:
        raise HandHistoryError(f"{name}: fields outside a hand table: {', '.join(map(repr, stray[:5]))} "
                               "(a .phh file needs 'variant'; a .phhs file holds tables [1], [2], ...)")
    if not hands:
        raise HandHistoryError(f"{name}: no hand in this file")
    return hands


def load(path: str | Path) -> list[HandHistory]:
    """Read a ``.phh`` or ``.phhs`` file (UTF-8 TOML). Raises HandHistoryError if unreadable."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise HandHistoryError(f"cannot read {p}: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise HandHistoryError(f"{p.name}: not UTF-8 text (byte {exc.start})") from None
    return loads(text, p.name)


def iter_paths(paths: Sequence[str | Path]) -> Iterator[Path]:
    """The ``.phh``/``.phhs`` files named, or found (sorted) under the folders named."""
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            yield from sorted(q for q in p.rglob("*") if q.suffix in (".phh", ".phhs") and q.is_file())
        elif p.exists():
            yield p
        else:
            raise HandHistoryError(f"no such file or folder: {p}")


# ---------------------------------------------------------------------- writing
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


def from_round(rnd: Round, players: Sequence[str] | None = None) -> HandHistory:
    """The PHH record of a round (played so far) of any variant, from its event log.

    Forced bets are written at their nominal sizes (a short all-in post is implied by the starting
    stacks): uniform ``antes``, a big-blind ante on the big blind (``p2``, heads-up ``p1``), the
    blinds and any straddle in ``blinds_or_straddles`` (heads-up in PHH's reversed order), stud's
    ``bring_in`` and the ``pb`` action. Cards: ``d dh`` for each player's cards of a street (stud: the
    down cards, then the up cards, in dealing order; draws: the replacements), ``d db`` for a
    board; a card nobody saw is ``??``. Draws: ``sd`` with the discards (``sd`` alone stands pat,
    ``sd ????`` discards two unknown cards). Showdown: ``sm`` with the cards shown, ``sm`` alone
    mucks. Burns, reshuffles, returns and awards are not written (PHH replays them).

    Table settings the standard fields do not carry (odd-chip rule, suit order, raise cap, maximum
    bet, check-raise, show-all-hands, a heads-up blind order the blinds do not imply) go to
    ``extra`` as user-defined fields ``_pyeval_<name>``, only when they would read back otherwise;
    :meth:`HandHistory.table_rules` reads them, so write -> read -> replay holds for every table
    the rules accept.

    Shape: ``antes``, ``blinds_or_straddles``, ``starting_stacks`` and ``finishing_stacks`` (only
    when the round is complete) have one int per player, chips in the table's smallest unit.
    """
    rules = rnd.rules
    n = rnd.n
    st = rules.structure
    forced = [0] * n  # nominal forced bets: a blind all-in for less is recorded at its posted size
    default = rules.engine.forced_bet_plans.get(n, (None,))[0]
    if default is not None and tuple(rnd._blind_posters) != default:
        raise HandHistoryError("PHH records blinds posted by the players left of the button in turn; this round's "
                               f"blinds were placed by a button rule (posters {rnd._blind_posters})")
    posters = list(rnd._blind_posters)
    for amount, i in zip(rules.blinds, posters):
        assert i is not None
        forced[i] = amount
    for e in rnd.events:
        if e.kind == "straddle" and e.player is not None:
            forced[e.player] = e.amount
    bos = forced[::-1] if n == 2 else forced
    antes = [rules.ante] * n
    if rules.bb_ante:  # as HandHistory.table_rules reads it: added to the ante of the last blind's poster
        antes[rnd._big_blind()] += rules.bb_ante
    actions: list[str] = []
    for e in rnd.events:
        k = e.kind
        p = f"p{(e.player or 0) + 1}"
        if k == "hole":
            actions.append(f"d dh {p} {_card_text(e.cards)}")
        elif k == "board":
            actions.append(f"d db {_card_text(e.cards)}")
        elif k == "bring_in":
            actions.append(f"{p} pb")
        elif k == "fold":
            actions.append(f"{p} f")
        elif k in ("check", "call"):
            actions.append(f"{p} cc")
        elif k in ("bet", "raise"):
            actions.append(f"{p} cbr {e.amount}")
        elif k == "discard":  # amount: cards taken; cards: the discards, () when nobody saw them
            out = _card_text(e.cards) if e.cards else "??" * e.amount
            actions.append(f"{p} sd {out}" if out else f"{p} sd")
        elif k == "show":
            actions.append(f"{p} sm {_card_text(e.cards)}")
        elif k == "muck":
            actions.append(f"{p} sm")
    fl = st is BettingStructure.FIXED_LIMIT
    hh = HandHistory(
        variant=variant_code(rules), antes=antes, blinds_or_straddles=bos,
        starting_stacks=list(rnd.starting_stacks), actions=actions,
        min_bet=None if fl else rules.min_bet, small_bet=rules.min_bet if fl else None,
        big_bet=rules.big_bet_amount if fl else None,
        bring_in=rules.bring_in if rules.variant.stud else None,
        finishing_stacks=list(rnd.stacks) if rnd.complete else None,
        players=list(players) if players is not None else None,
    )
    # Settings PHH has no field for: written as _pyeval_<name> where the standard fields would be
    # read back otherwise (the heads-up blind order is read from the blinds when it can be).
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
    return hh


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


@dataclass(frozen=True)
class ReplayResult:
    """The outcome of replaying one hand against its recorded ``finishing_stacks``.

    ``stacks`` and ``expected`` are in units of ``1/scale`` chip (``scale`` is 1 unless the record
    keeps fractions of a chip, see :attr:`HandHistory.unit_scale`). ``first_diff`` is the PHH seat
    number (1 = ``p1``) of the first differing stack, or None when they all match.
    """

    name: str
    stacks: tuple[int, ...]
    expected: tuple[int, ...] | None
    scale: int
    first_diff: int | None

    @property
    def matches(self) -> bool:
        """True when the record has finishing stacks and every one is reproduced exactly."""
        return self.expected is not None and self.first_diff is None


def stop_reason(rnd: Round, hh: HandHistory | None = None) -> str | None:
    """Why a replayed round is not finished (``None`` when its pots are awarded): who is to act,
    show or discard, or which cards are still to be dealt. Players are named as in ``hh``."""
    if rnd.complete:
        return None
    who = hh._who if hh is not None else (lambda i: f"p{i + 1}")
    if rnd.actor is not None:
        return f"the record stops with {who(rnd.actor)} to act"
    order = rnd.showdown_order()
    if order:
        return f"the record stops before the showdown: {who(order[0])} has yet to show or muck"
    if rnd._draw_queue:
        return f"the record stops with {who(rnd._draw_queue[0])} to discard or stand pat"
    if not rnd._hole_dealt:
        return "the record stops before every player's hole cards are dealt"
    if rnd.can_deal_board():
        return "the record stops before the next street is dealt"
    return "the record stops before the pots are awarded"


def check_replay(hh: HandHistory, *, strict: bool = False) -> ReplayResult:
    """Replay ``hh`` and compare each final stack with ``finishing_stacks``, exactly.

    ``strict`` as in :meth:`HandHistory.replay`. A record without ``finishing_stacks`` is replayed
    as far as it goes and gives ``expected=None``.

    Raises:
        IllegalHandHistoryError: the record breaks the rules, or has ``finishing_stacks`` but stops
            before the hand is settled (e.g. "the record stops before the showdown: p2 has yet to
            show or muck").
        HandHistoryError: the record cannot be read (message names the hand, the action and the rule).
    """
    scale = hh.unit_scale
    exact = hh if scale == 1 and all(isinstance(v, int) for v in hh.starting_stacks) else hh.in_units(scale)
    rnd = exact._replay_exact(strict)
    stacks = tuple(rnd.stacks)
    expected = tuple(exact.finishing_stacks) if exact.finishing_stacks is not None else None
    first = None
    if expected is not None:
        if len(expected) != len(stacks):
            raise HandHistoryError(f"{hh.name}: finishing_stacks has {len(expected)} entries for {len(stacks)} players")
        reason = stop_reason(rnd, hh)
        if reason is not None:
            raise IllegalHandHistoryError(f"{hh.name}: {reason}, but it records finishing_stacks")
        for i, (a, b) in enumerate(zip(stacks, expected)):
            if a != b:
                first = i + 1
                break
    return ReplayResult(hh.name, stacks, expected, scale, first)

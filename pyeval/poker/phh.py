"""Read and write Poker Hand History (PHH) files, and replay them through :class:`Round`.

PHH is the TOML format of pokerkit and the published hand datasets: ``.phh`` holds one hand as
top-level fields, ``.phhs`` several hands as tables ``[1]``, ``[2]``, .... Conventions followed: seat
``p1`` is the first seat left of the button (round index 0), the last seat is the button; ``cbr X``
is a bet or raise *to* X; heads-up, ``blinds_or_straddles`` is assigned in reverse (the button posts
the small blind). Variant codes: a structure letter (``F`` fixed limit, ``N`` no limit, ``P`` pot
limit) and a game of :data:`pyeval.poker.games.ALL_VARIANTS`: ``FT``, ``NT``, ``NS``, ``PO``, ``FO/8``,
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

from ..cards import parse_cards
from .._files import read_input
from .._text import decode, looks_binary
from ..errors import HandHistoryError
from ..contracts import MAX_CHIPS as _MAX_CHIPS
from .phh_rules import _PREFIX, _STRUCTURES, _short, table_rules_of
from .round import Round
from .rules import (
    HeadsUpOrder, LimitShortAllIn, OddChipRule, PokerRules, ShortAllIns, StreetOpener,
)

_LETTER = {v: k for k, v in _STRUCTURES.items()}

#: The standard PHH fields this module reads into :class:`HandHistory` attributes.
_KNOWN = ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions", "min_bet", "small_bet",
          "big_bet", "finishing_stacks", "players", "bring_in")
#: Largest chip amount accepted in a record (ints; pyeval's one chip limit,
#: :data:`pyeval.contracts.MAX_CHIPS`); float amounts must stay exact (below 2**53).
MAX_CHIPS = _MAX_CHIPS
_MAX_EXACT_FLOAT = 2**53
#: Table settings PHH has no field for, written as user-defined fields ``_pyeval_<name>`` (the PHH
#: standard reserves names starting with ``_`` for user-defined fields; other readers ignore them).
_RULE_FIELDS: dict[str, type] = {"heads_up": HeadsUpOrder, "odd_chip": OddChipRule, "suit_order": str,
                                 "max_raises": int, "max_bet": int, "check_raise": bool, "show_all_hands": bool,
                                 "short_all_ins": ShortAllIns, "limit_short_all_in": LimitShortAllIn,
                                 "turn_river_opener": StreetOpener, "chip_value": Fraction,
                                 "rake_bps": int, "rake_cap": int, "rake_no_flop_no_drop": bool,
                                 "tournament": bool, "tournament_all_in_show": bool, "open_pair_big_bet": bool,
                                 "cap": int, "disconnect_all_in": bool}
#: Round state PHH has no field for: ``_pyeval_sitting_out``, one boolean per player (tournament
#: mode: the players away from the table, dealt in and folded at their first turn).
_SITTING_OUT = _PREFIX + "sitting_out"
#: What the house took from a room's hand, as user-defined fields in the record's units (pyeval
#: writes them when importing a room's history; other readers ignore them): ``_rake`` (the rake),
#: ``_jackpot`` (a jackpot or bad-beat drop) and ``_fees`` (any other fee taken from the pot). The
#: replay takes their sum from the pots, main pot first, before they are split
#: (:meth:`HandHistory.house_take`; :meth:`pyeval.poker.Round.award`'s ``rake``).
HOUSE_FIELDS = ("_rake", "_jackpot", "_fees")
#: User-defined amounts a record in fractions of a chip has converted with it (:meth:`HandHistory.in_units`):
#: the house's take and the room's total pot.
_SCALED_FIELDS = (*HOUSE_FIELDS, "_total_pot", "_house_money")
#: Chips the house added to the main pot (a room's promotion: Splash the Pot, Cash Drop), in the
#: record's units; the replay adds them after the forced bets (:meth:`HandHistory.house_money`,
#: :meth:`pyeval.poker.Round.add_house_money`).
HOUSE_MONEY_FIELD = "_house_money"
#: Blinds posted by players outside the table's blinds (to come in, or after missing their blinds),
#: one amount per player in the record's units (pokerkit and the PHH standard have no field for
#: them): ``_live_blinds`` count as the poster's bet of the first betting round (he keeps his
#: option), ``_dead_blinds`` go to the main pot and are no part of his bet. The replay posts them
#: after the table's forced bets (:meth:`HandHistory.extra_blinds`,
#: :meth:`pyeval.poker.Round.post_extra_blind`).
EXTRA_BLIND_FIELDS = ("_live_blinds", "_dead_blinds")
#: The house's take pot by pot, as the room took it (rooms that rake every pot in proportion, or cap
#: the rake per pot): one whole amount per pot, main pot first (the pots of the award), summing to
#: :meth:`HandHistory.house_take`; absent: the take comes from the main pot first
#: (:meth:`HandHistory.pot_takes`, :meth:`pyeval.poker.Round.award`'s ``rake``).
POT_RAKES_FIELD = "_pot_rakes"
_LIST_FIELDS = (*EXTRA_BLIND_FIELDS, POT_RAKES_FIELD)
_R_SHOW = "58 Pa. Code § 637a.18(e)"
_R_SHOWDOWN = "58 Pa. Code § 637a.11(k)"
_R_DEAL = "58 Pa. Code § 637a.11(f)"
_PLAYER_RE = re.compile(r"\bp(\d{1,4})\b")  # how a round with no seats names round index i: p{i+1}
_AMOUNT_RE = re.compile(r"\d{1,30}(\.\d{1,30})?")


def _is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _check_amount(x: object, what: str, name: str, lo: int = 0, unbounded: bool = False) -> None:
    """One chip amount of a record: an int or float, finite, ``lo``..MAX_CHIPS (floats exact);
    ``unbounded``: ``inf`` too (a stack nobody recorded, as pokerkit writes it)."""
    if unbounded and x == math.inf and isinstance(x, float):
        return
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
        if re.fullmatch(r"\d+(\.\d+)?", tok):  # a number, only too long: say which limit it breaks
            raise HandHistoryError(f"{name}: amount {_short(tok)} in {_short(raw)} exceeds pyeval's chip "
                                   f"limit 2**63-1")
        raise HandHistoryError(f"{name}: bad amount {_short(tok)} in {_short(raw)}")
    value = float(tok) if "." in tok else int(tok)
    if value > MAX_CHIPS:
        raise HandHistoryError(f"{name}: amount {_short(tok)} in {_short(raw)} exceeds pyeval's chip limit 2**63-1")
    return value


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

        def num_list(key: str, default: list[int] | None, lo: int, unbounded: bool = False) -> list[Any] | None:
            v = d.get(key, default)
            if v is None:
                return None
            if not isinstance(v, list):
                raise HandHistoryError(f"{name}: {key} must be a list of numbers, got {_short(v)}")
            if len(v) != n:
                raise HandHistoryError(f"{name}: {key} needs one entry per player ({n}), got {len(v)}")
            for i, x in enumerate(v):
                _check_amount(x, f"{key}[{i}]", name, lo, unbounded)
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
        starting = num_list("starting_stacks", None, 0, unbounded=True)
        assert starting is not None
        return cls(
            variant=d["variant"], antes=num_list("antes", [0] * n, 0) or [],
            blinds_or_straddles=num_list("blinds_or_straddles", [0] * n, 0) or [],
            starting_stacks=starting, actions=list(actions), min_bet=num("min_bet"), small_bet=num("small_bet"),
            big_bet=num("big_bet"), finishing_stacks=num_list("finishing_stacks", None, 0, unbounded=True),
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
        """An engine message with its players (``p3``: round index 2) in the record's names (``p3 (Cy)``)."""
        return _PLAYER_RE.sub(lambda m: self._who(int(m.group(1)) - 1), message)

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
        values += self._extra_amounts()
        for a in self.actions:
            if not isinstance(a, str):
                raise HandHistoryError(f"{self.name}: actions must be strings, got {_short(a)}")
            t = a.split("#", 1)[0].split()
            if len(t) == 3 and t[1] == "cbr":
                values.append(_amount(t[2], self.name, a))
        values = [v for v in values if v != math.inf]  # an unbounded stack has no unit
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
            if v == math.inf:  # an unbounded stack stays unbounded
                return v  # type: ignore[return-value]
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
        extra = self._extra_in_units(conv)
        return HandHistory(
            variant=self.variant, antes=conv_list(self.antes) or [], blinds_or_straddles=conv_list(self.blinds_or_straddles) or [],
            starting_stacks=conv_list(self.starting_stacks) or [], actions=actions,
            min_bet=None if self.min_bet is None else conv(self.min_bet),
            small_bet=None if self.small_bet is None else conv(self.small_bet),
            big_bet=None if self.big_bet is None else conv(self.big_bet),
            bring_in=None if self.bring_in is None else conv(self.bring_in),
            finishing_stacks=conv_list(self.finishing_stacks), players=self.players, extra=extra,
            name=self.name,
        )

    def _extra_amounts(self) -> list[Any]:
        """The amounts of the user-defined fields that :meth:`in_units` converts (a bad
        ``_live_blinds``/``_dead_blinds`` is left to :meth:`extra_blinds` to name)."""
        values = [self.extra[k] for k in _SCALED_FIELDS if _is_number(self.extra.get(k))]
        for k in _LIST_FIELDS:
            if isinstance(self.extra.get(k), list) and all(_is_number(v) for v in self.extra[k]):
                values += self.extra[k]
        return values

    def _extra_in_units(self, conv: Any) -> dict[str, Any]:
        """``extra`` with the amounts of :meth:`_extra_amounts` converted by ``conv``."""
        extra = dict(self.extra)
        for k in _SCALED_FIELDS:
            if _is_number(extra.get(k)):
                extra[k] = conv(extra[k])
        for k in _LIST_FIELDS:
            if isinstance(extra.get(k), list) and all(_is_number(v) for v in extra[k]):
                extra[k] = [conv(v) for v in extra[k]]
        return extra

    def house_money(self) -> int:
        """The chips the house added to the main pot (``_house_money``, absent = 0), validated by
        :meth:`house_take` with the other amounts (call on a record in whole units)."""
        self.house_take()
        v = self.extra.get(HOUSE_MONEY_FIELD) or 0
        return int(v)

    def house_take(self) -> int:
        """The chips the house took from this hand as the record states them: ``_rake`` +
        ``_jackpot`` + ``_fees`` (:data:`HOUSE_FIELDS`; absent fields count 0), in the record's
        units (an int; call on a record in whole units, see :meth:`in_units`). The replay takes
        them from the pots, main pot first, before the pots are split.

        Raises:
            HandHistoryError: a field that is not a whole number of chips 0..2**63-1 (these and the
                room's total pot ``_total_pot``, every bad one named).
        """
        total, bad = 0, []
        for k in _SCALED_FIELDS:
            v = self.extra.get(k)
            if v is None:
                continue
            if isinstance(v, float) and v.is_integer():
                v = int(v)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_CHIPS:
                bad.append(f"{k} must be a whole number of chips 0..2**63-1, got {_short(v)}")
            elif k in HOUSE_FIELDS:
                total += v
        if bad:
            raise HandHistoryError(f"{self.name}: " + "; ".join(bad))
        return total

    def pot_takes(self) -> list[int] | None:
        """The house's take pot by pot (``_pot_rakes``: one whole amount per pot, main pot first),
        or None when the record gives only the total (then the replay takes :meth:`house_take`
        main pot first). Call on a record in whole units.

        Raises:
            HandHistoryError: not a list of whole amounts >= 0, or its sum is not :meth:`house_take`.
        """
        take = self.house_take()
        v = self.extra.get(POT_RAKES_FIELD)
        if v is None:
            return None
        if (not isinstance(v, list) or not v or not all(isinstance(x, int) and not isinstance(x, bool)
                                                        and 0 <= x <= MAX_CHIPS for x in v)):
            raise HandHistoryError(f"{self.name}: {POT_RAKES_FIELD} must be a list of whole amounts >= 0, one per pot, "
                                   f"got {_short(v)}")
        if sum(v) != take:
            raise HandHistoryError(f"{self.name}: {POT_RAKES_FIELD} {_short(v)} sums to {sum(v)}, the house's take "
                                   f"(_rake + _jackpot + _fees) is {take}")
        return list(v)

    @property
    def unbounded(self) -> tuple[int, ...]:
        """Round indices whose starting stack is ``inf`` (unbounded: a stack the record does not
        know, as pokerkit's README hands write for players whose stack was never mentioned)."""
        return tuple(i for i, v in enumerate(self.starting_stacks) if v == math.inf)

    def unbounded_stake(self) -> int:
        """The table stakes an unbounded (``inf``) stack is replayed with: one more than every chip
        the record names (stacks, forced bets, limits, ``cbr`` amounts) taken together, so no action
        of the record can put that player all-in or reach his stake, and the replay is the one an
        unbounded stack would give. The engine keeps table stakes as whole chips (58 Pa. Code
        § 637a.8(b)); :meth:`stacks_of` writes the stack back as ``inf``.

        Raises:
            HandHistoryError: the stand-in for every unbounded player would pass the chip limit.
        """
        total = sum(int(v) for v in (*self.antes, *self.blinds_or_straddles, *self.starting_stacks)
                    if v != math.inf)
        total += sum(int(v) for v in (self.min_bet, self.small_bet, self.big_bet, self.bring_in) if v is not None)
        for a in self.actions:
            t = a.split("#", 1)[0].split()
            if len(t) == 3 and t[1] == "cbr":
                total += int(_amount(t[2], self.name, a))
        stake = total + 1
        if stake * max(1, len(self.unbounded)) + total > MAX_CHIPS:
            raise HandHistoryError(f"{self.name}: the unbounded stacks cannot be replayed: the record's amounts "
                                   f"are too large for a finite stand-in below 2**63-1 chips")
        return stake

    def engine_stacks(self) -> list[int]:
        """``starting_stacks`` as the engine's table stakes: each ``inf`` as :meth:`unbounded_stake`."""
        if not self.unbounded:
            return list(self.starting_stacks)
        stake = self.unbounded_stake()
        return [stake if v == math.inf else v for v in self.starting_stacks]

    def stacks_of(self, rnd: Round) -> tuple[int | float, ...]:
        """A replayed round's stacks as the record writes them: an unbounded player's is ``inf``."""
        out: tuple[int | float, ...] = rnd.stacks
        for i in self.unbounded:
            out = (*out[:i], math.inf, *out[i + 1:])
        return out

    def blind_posters(self) -> tuple[int, ...] | None:
        """Who posts the blinds when the default (the players left of the button in turn) does not:
        ``(n - 1,)`` for a single blind on the button (``blinds_or_straddles`` ``[0, ..., 0, b]``,
        short deck's button blind), else None."""
        n, bos = len(self.starting_stacks), self.blinds_or_straddles
        if n > 2 and len(bos) == n and bos[-1] and not any(bos[:-1]):
            return (n - 1,)
        return None

    def _rule_overrides(self) -> dict[str, Any]:
        """The table settings recorded as ``_pyeval_<name>`` user-defined fields, validated."""
        out: dict[str, Any] = {}
        for key, raw in self.extra.items():
            if not key.startswith(_PREFIX) or key == _SITTING_OUT:
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

    def extra_blinds(self) -> tuple[tuple[int, int, int], ...]:
        """``(round index, live, dead)`` of each player who posted a blind outside the table's
        blinds (:data:`EXTRA_BLIND_FIELDS`: ``_live_blinds``, ``_dead_blinds``, one whole number of
        chips per player, absent = none), validated; empty when the record has none.

        Raises:
            HandHistoryError: a field that is not one whole number of chips 0..2**63-1 per player.
        """
        n = len(self.starting_stacks)
        cols = []
        for k in EXTRA_BLIND_FIELDS:
            raw = self.extra.get(k)
            if raw is None:
                cols.append([0] * n)
                continue
            if not isinstance(raw, list) or len(raw) != n or not all(
                    type(v) is int and 0 <= v <= MAX_CHIPS for v in raw):
                raise HandHistoryError(f"{self.name}: {k} must be one whole number of chips 0..2**63-1 per "
                                       f"player ({n}), got {_short(raw)}")
            cols.append(list(raw))
        return tuple((i, lv, dd) for i, (lv, dd) in enumerate(zip(*cols)) if lv or dd)

    def sitting_out(self) -> tuple[int, ...]:
        """Round indices of the players sitting out (``_pyeval_sitting_out``: one boolean per
        player; tournament mode only), validated.

        Raises:
            HandHistoryError: the field is not one boolean per player.
        """
        raw = self.extra.get(_SITTING_OUT)
        if raw is None:
            return ()
        n = len(self.starting_stacks)
        if not isinstance(raw, list) or len(raw) != n or not all(isinstance(x, bool) for x in raw):
            raise HandHistoryError(f"{self.name}: {_SITTING_OUT} must be one true/false per player ({n}), "
                                   f"got {_short(raw)}")
        return tuple(i for i, x in enumerate(raw) if x)

    def table_rules(self) -> PokerRules:
        """The :class:`PokerRules` this hand was played under, as far as PHH states them.

        Forced bets: ``antes`` is a uniform ante, optionally with a big-blind ante added on the
        seat that posts the last blind (``[a, a+b, a, ...]``; ``[0, b, 0, ...]`` is the usual
        big-blind ante) and a button ante added on the last seat (``[0, ..., 0, b]``, pokerkit's
        ``{-1: b}``); a big-blind ante on the second-to-last forced bet makes the last one a
        straddle. A single blind on the last seat (``[0, ..., 0, b]``, short deck's button blind)
        is posted by the button (:meth:`blind_posters`). Heads-up, ``blinds_or_straddles`` is in PHH's reversed order (``p2``, the button,
        posts the first entry): increasing amounts, or a single blind on the button, read as
        :attr:`HeadsUpOrder.BUTTON_SMALL_BLIND`, else :attr:`HeadsUpOrder.PA_LITERAL`. Settings PHH
        has no field for are read from ``_pyeval_<name>`` fields (see :func:`from_round`).
        pokerkit's ``ante_trimming_status`` sets ``ante_trimming`` for a uniform ante (absent: false,
        pokerkit's default, the antes dead money); a big-blind ante is dead money either way.

        Raises:
            HandHistoryError: an unknown variant code, forced bets pyeval cannot seat (antes that
                are neither uniform nor a big-blind ante, blinds not in a run from ``p1``), a
                missing limit, or settings the table rules refuse.
        """
        return table_rules_of(self)

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
        return Replay(self, strict).run()


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
    """Read a ``.phh`` or ``.phhs`` file (TOML: UTF-8, with or without a byte-order mark; UTF-16
    too, as some Windows editors save text, recognised by its BOM or NUL bytes). Raises
    HandHistoryError if unreadable, naming the real problem: bytes that are not UTF-8 (with the
    8-bit encoding they decode as). (``pyeval replay`` also names a room's hand history given
    instead of PHH, with the ``pyeval convert`` command that reads it.)

    Each hand's :attr:`HandHistory.name`, and so every message about it, starts with ``path`` as
    given (``../data/phh/a.phh``, ``../data/phh/a.phhs[3]``): files of the same name in two
    folders stay apart.
    """
    p = Path(path)
    raw = read_input(p, what="PHH file", error=HandHistoryError)  # a regular file of bounded size
    if looks_binary(raw):
        raise HandHistoryError(f"{p}: not a text file (NUL or control bytes: binary data); PHH is UTF-8 TOML text")
    text, enc = decode(raw, ("utf-8",))
    if enc in ("latin-1", "cp1252"):  # neither a BOM, UTF-16 nor UTF-8
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise HandHistoryError(f"{p}: not UTF-8 text (byte {exc.start}): PHH is UTF-8 TOML; this file looks "
                                   "like an 8-bit (cp1252/latin-1) text: save it as UTF-8") from None
    return loads(text.lstrip("\ufeff"), str(p))


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


# the replay and the writer live in their own modules; their names are part of this module's API
from .phh_replay import ReplayResult, Replay, check_replay, record_problems, replay_checked, stop_reason  # noqa: E402
from .phh_write import dumps, dumps_many, from_round, variant_code  # noqa: E402

__all__ = ["HandHistory", "loads", "load", "iter_paths", "from_round", "dumps", "dumps_many", "variant_code",
           "ReplayResult", "check_replay", "record_problems", "replay_checked", "stop_reason", "HOUSE_FIELDS",
           "EXTRA_BLIND_FIELDS"]

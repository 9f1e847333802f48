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
replays to the same stacks and the same record.
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import CARD_TEXT, parse_cards
from ..errors import HandHistoryError, PyevalError
from .games import HOLDEM, VARIANTS
from .round import Round
from .rules import BettingStructure, HeadsUpOrder, PokerRules

_STRUCTURES = {"F": BettingStructure.FIXED_LIMIT, "N": BettingStructure.NO_LIMIT, "P": BettingStructure.POT_LIMIT}
_LETTER = {v: k for k, v in _STRUCTURES.items()}


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
        """Build from parsed TOML; raises HandHistoryError for a missing or mistyped field."""
        try:
            known = {"variant", "antes", "blinds_or_straddles", "starting_stacks", "actions", "min_bet",
                     "small_bet", "big_bet", "finishing_stacks", "players", "bring_in"}
            n = len(d["starting_stacks"])
            hh = cls(
                variant=d["variant"], antes=list(d.get("antes", [0] * n)),
                blinds_or_straddles=list(d.get("blinds_or_straddles", [0] * n)), bring_in=d.get("bring_in"),
                starting_stacks=list(d["starting_stacks"]), actions=list(d["actions"]),
                min_bet=d.get("min_bet"), small_bet=d.get("small_bet"), big_bet=d.get("big_bet"),
                finishing_stacks=list(d["finishing_stacks"]) if "finishing_stacks" in d else None,
                players=list(d["players"]) if "players" in d else None,
                extra={k: v for k, v in d.items() if k not in known}, name=name,
            )
        except KeyError as exc:
            raise HandHistoryError(f"{name}: missing PHH field {exc.args[0]!r}") from None
        except TypeError as exc:
            raise HandHistoryError(f"{name}: malformed PHH field: {exc}") from None
        for fname in ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks"):
            v = getattr(hh, fname)
            if v is not None and not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
                raise HandHistoryError(f"{name}: {fname} must be numbers, got {v!r}")
        return hh

    @property
    def unit_scale(self) -> int:
        """Smallest factor (1, 2, 4, 5, 10, ..., 100) that makes every amount of the record an int.

        Chips are ints in the smallest unit; a record whose amounts have fractions (e.g. a split
        pot recorded as 112.5 each) is replayed in that finer unit. 1 for whole-chip records.
        """
        values: list[float] = [*self.antes, *self.blinds_or_straddles, *self.starting_stacks,
                               *(self.finishing_stacks or ())]
        values += [v for v in (self.min_bet, self.small_bet, self.big_bet, self.bring_in) if v is not None]
        for a in self.actions:
            t = a.split("#", 1)[0].split()
            if len(t) == 3 and t[1] == "cbr":
                try:
                    values.append(float(t[2]))
                except ValueError:
                    raise HandHistoryError(f"{self.name}: bad amount in {a!r}") from None
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
                a = f"{t[0]} cbr {conv(float(t[2]))}"
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

    def table_rules(self) -> PokerRules:
        """The :class:`PokerRules` this hand was played under, as far as PHH states them.

        Raises:
            HandHistoryError: an unknown variant code, antes that are neither uniform nor a big-blind
                ante, or forced bets that are not a run of blinds starting at ``p1``.
        """
        n = len(self.starting_stacks)
        if len(self.antes) != n or len(self.blinds_or_straddles) != n:
            raise HandHistoryError(f"{self.name}: antes and blinds_or_straddles need one entry per player ({n})")
        code = self.variant
        structure = _STRUCTURES.get(code[:1])
        variant = VARIANTS.get(code[1:])
        if structure is None or variant is None:
            raise HandHistoryError(f"{self.name}: variant {code!r} is not supported "
                                   f"(structure F/N/P + one of {', '.join(sorted(VARIANTS))})")
        ante, bb_ante = self.antes[0], 0
        if len(set(self.antes)) > 1:
            nz = [i for i, a in enumerate(self.antes) if a]
            if len(nz) == 1 and nz[0] == (0 if n == 2 else 1) and variant.forced == "blinds":
                ante, bb_ante = 0, self.antes[nz[0]]
            else:
                raise HandHistoryError(f"{self.name}: only a uniform ante or a big-blind ante is supported, got {self.antes}")
        bos = self.blinds_or_straddles
        heads_up = HeadsUpOrder.BUTTON_SMALL_BLIND
        blinds: list[int] = []
        if variant.forced == "bring_in":
            if any(bos):
                raise HandHistoryError(f"{self.name}: a stud game has no blinds, got {bos}")
            if self.bring_in is None:
                raise HandHistoryError(f"{self.name}: {code} needs bring_in")
        elif n == 2:
            # PHH assigns heads-up forced bets in reverse: p2 (button) posts bos[0], p1 posts bos[1].
            if bos[0] > bos[1]:
                heads_up, blinds = HeadsUpOrder.PA_LITERAL, [bos[1], bos[0]]
            else:
                blinds = list(bos)
            blinds = [b for b in blinds if b]
        else:
            k = 0
            while k < n and bos[k]:
                k += 1
            blinds = bos[:k]
            if any(bos[k:]):
                raise HandHistoryError(f"{self.name}: forced bets must be a run of blinds from p1, got {bos}")
        if variant.forced == "blinds" and not blinds:
            raise HandHistoryError(f"{self.name}: no blinds in {bos}")
        straddle = None
        if bb_ante and n > 2 and len(blinds) == 3:
            # the big blind (p2) antes, so the third forced bet is a straddle, not a blind that antes
            straddle, blinds = blinds[2], blinds[:2]
        try:
            common: dict[str, Any] = dict(seats=max(n, 2 if straddle is None else 4), blinds=tuple(blinds),
                                          ante=ante, bb_ante=bb_ante, straddle=straddle,
                                          structure=structure, heads_up=heads_up, variant=variant,
                                          bring_in=self.bring_in or 0 if variant.forced == "bring_in" else 0)
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
            raise HandHistoryError(f"{self.name}: {exc}") from None

    def replay(self) -> Round:
        """Play this hand through a :class:`Round`; returns the finished (or stopped) round.

        The dealer's steps follow the record; when the record ends with the pots still to award (and
        nothing left to decide), they are awarded.

        Raises:
            HandHistoryError: the record breaks the rules or the PHH grammar; the message names the
                hand, the action and the rule.
        """
        scale = self.unit_scale
        if scale != 1 or not all(isinstance(v, int) for v in self.starting_stacks):
            return self.in_units(scale).replay()
        rules = self.table_rules()
        rnd = Round(rules, self.starting_stacks)
        rnd.post_forced_bets()
        if rules.straddle is not None:
            try:
                rnd.post_straddle()
            except PyevalError as exc:
                raise HandHistoryError(f"{self.name}: the straddle: {exc}") from None
        n = rnd.n
        pending: dict[int, tuple[int, ...]] = {}
        board: tuple[int, ...] | None = None
        shown: set[int] = set()

        def expected() -> list[int]:
            """Cards each player receives on the next street (0 for none)."""
            spec = rnd._next_street()
            if spec is None or rnd._community_card_due(spec):  # stud: one community card instead
                return [0] * n
            out = []
            for i in range(n):
                if rnd.folded[i] or rnd.mucked[i]:
                    out.append(0)
                elif spec.draw:
                    out.append(len(rnd._draw_discards.get(i, ())))
                else:
                    out.append(spec.down + spec.up)
            return out

        def deal_if_due(force: bool) -> None:
            nonlocal board
            if not rnd.can_deal_board():
                return
            want = expected()
            spec = rnd._next_street()
            assert spec is not None
            have_hole = all(len(pending.get(i, ())) == w for i, w in enumerate(want))
            community = rnd._community_card_due(spec)
            have_board = (board is not None) == bool(spec.board or community)
            if have_hole and have_board and (force or any(want) or spec.board or community):
                hole = [pending.get(i, ()) for i in range(n)] if (spec.down or spec.up or spec.draw) and not community else None
                rnd.deal_board(board, hole=hole) if spec.board or community else rnd.deal_board(hole=hole)
                pending.clear()
                board = None

        for idx, raw in enumerate(self.actions):
            text = raw.split("#", 1)[0].split()
            if not text:
                continue
            try:
                if text[0] == "d":
                    if text[1] == "dh":
                        p = _player(text[2], n)
                        pending[p] = pending.get(p, ()) + _cards(text[3])
                        if not rnd._hole_dealt:
                            if len(pending) == n:
                                rnd.deal_hole_cards([pending[i] for i in range(n)])
                                pending.clear()
                        else:
                            deal_if_due(False)
                    elif text[1] == "db":
                        board = _cards(text[2])
                        deal_if_due(False)
                    else:
                        raise HandHistoryError(f"unknown dealer action {text[1]!r}")
                    continue
                deal_if_due(True)  # a draw where every player stood pat deals no cards
                p = _player(text[0], n)
                op = text[1]
                if op == "cc":
                    rnd.check_or_call(p)
                elif op == "f":
                    rnd.fold(p)
                elif op == "cbr":
                    rnd.bet_or_raise_to(int(text[2]), p)
                elif op == "pb":
                    rnd.post_bring_in(p)
                elif op == "sd":
                    cards = _cards(text[2]) if len(text) > 2 else ()
                    if cards and all(c < 0 for c in cards):
                        rnd.discard_unknown(len(cards), p)
                    else:
                        rnd.discard(cards, p)
                elif op == "sm":
                    if len(text) > 2 and p in shown and p not in rnd.showdown_queue:
                        # shown again after the rest of the cards were dealt to all-in hands
                        if set(_cards(text[2])) != set(rnd.hole[p]):
                            raise HandHistoryError(f"p{p + 1} shows {text[2]} but holds "
                                                   f"{''.join(CARD_TEXT[c] for c in rnd.hole[p])}")
                        continue
                    if len(text) == 2:
                        rnd.muck(p)
                    else:
                        if text[2] != "-" and set(_cards(text[2])) != set(rnd.hole[p]):
                            raise HandHistoryError(f"p{p + 1} shows {text[2]} but was dealt "
                                                   f"{''.join(CARD_TEXT[c] for c in rnd.hole[p] if c >= 0)}")
                        rnd.show(p)
                        shown.add(p)
                else:
                    raise HandHistoryError(f"unsupported action {op!r}")
            except (PyevalError, IndexError, ValueError) as exc:
                raise HandHistoryError(f"{self.name}: action {idx + 1} {raw!r}: {exc}") from None
        try:
            deal_if_due(True)
        except PyevalError as exc:
            raise HandHistoryError(f"{self.name}: at the end: {exc}") from None
        if rnd.can_award():
            rnd.award()
        return rnd


def _player(tok: str, n: int) -> int:
    if len(tok) < 2 or tok[0] != "p" or not tok[1:].isdigit() or not 1 <= int(tok[1:]) <= n:
        raise HandHistoryError(f"bad player {tok!r} (p1..p{n})")
    return int(tok[1:]) - 1


def _cards(tok: str) -> tuple[int, ...]:
    """Card text; each ``??`` is a card nobody saw (-1)."""
    if "?" in tok:
        if len(tok) % 2 or any(tok[i:i + 2] != "??" and "?" in tok[i:i + 2] for i in range(0, len(tok), 2)):
            raise HandHistoryError(f"bad cards {tok!r}")
        return tuple(-1 if tok[i:i + 2] == "??" else parse_cards(tok[i:i + 2])[0] for i in range(0, len(tok), 2))
    return parse_cards(tok)


# ---------------------------------------------------------------------- reading files
def loads(text: str, name: str = "") -> list[HandHistory]:
    """Parse PHH text: one hand (``.phh``, top-level fields) or several (``.phhs``, tables)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HandHistoryError(f"{name}: not valid TOML: {exc}") from None
    if "variant" in data:
        return [HandHistory.from_dict(data, name)]
    return [HandHistory.from_dict(v, f"{name}[{k}]") for k, v in data.items() if isinstance(v, dict)]


def load(path: str | Path) -> list[HandHistory]:
    """Read a ``.phh`` or ``.phhs`` file (UTF-8 TOML). Raises HandHistoryError if unreadable."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise HandHistoryError(f"cannot read {p}: {exc.strerror}") from None
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
    for amount, i in zip(rules.blinds, rnd._blind_posters):
        assert i is not None
        forced[i] = amount
    for e in rnd.events:
        if e.kind == "straddle" and e.player is not None:
            forced[e.player] = e.amount
    bos = forced[::-1] if n == 2 else forced
    antes = [rules.ante] * n
    if rules.bb_ante:  # as HandHistory.table_rules reads it: p2, heads-up p1
        antes[0 if n == 2 else 1] = rules.bb_ante
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
    return HandHistory(
        variant=variant_code(rules), antes=antes, blinds_or_straddles=bos,
        starting_stacks=list(rnd.starting_stacks), actions=actions,
        min_bet=None if fl else rules.min_bet, small_bet=rules.min_bet if fl else None,
        big_bet=rules.big_bet_amount if fl else None,
        bring_in=rules.bring_in if rules.variant.stud else None,
        finishing_stacks=list(rnd.stacks) if rnd.complete else None,
        players=list(players) if players is not None else None,
    )


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return "'" + v + "'" if "'" not in v and "\n" not in v else '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    raise HandHistoryError(f"cannot write {type(v).__name__} value {v!r} to PHH")


def dumps(hh: HandHistory) -> str:
    """One hand as ``.phh`` text (TOML)."""
    fields: list[tuple[str, Any]] = [("variant", hh.variant), ("antes", hh.antes),
                                     ("blinds_or_straddles", hh.blinds_or_straddles)]
    for k in ("bring_in", "min_bet", "small_bet", "big_bet"):
        if getattr(hh, k) is not None:
            fields.append((k, getattr(hh, k)))
    fields += [("starting_stacks", hh.starting_stacks), ("actions", hh.actions)]
    if hh.players is not None:
        fields.append(("players", hh.players))
    if hh.finishing_stacks is not None:
        fields.append(("finishing_stacks", hh.finishing_stacks))
    fields += sorted(hh.extra.items())
    return "".join(f"{k} = {_toml_value(v)}\n" for k, v in fields)


def dumps_many(hands: Sequence[HandHistory]) -> str:
    """Several hands as ``.phhs`` text: tables ``[1]``, ``[2]``, ..."""
    return "\n".join(f"[{i}]\n{dumps(h)}" for i, h in enumerate(hands, 1))


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


def check_replay(hh: HandHistory) -> ReplayResult:
    """Replay ``hh`` and compare each final stack with ``finishing_stacks``, exactly.

    Raises:
        HandHistoryError: the record breaks the rules or cannot be read (message names the hand,
            the action and the rule).
    """
    scale = hh.unit_scale
    exact = hh if scale == 1 and all(isinstance(v, int) for v in hh.starting_stacks) else hh.in_units(scale)
    rnd = exact.replay()
    stacks = tuple(rnd.stacks)
    expected = tuple(exact.finishing_stacks) if exact.finishing_stacks is not None else None
    first = None
    if expected is None or not rnd.complete:
        first = 1 if expected is not None else None
    if expected is not None:
        if len(expected) != len(stacks):
            raise HandHistoryError(f"{hh.name}: finishing_stacks has {len(expected)} entries for {len(stacks)} players")
        for i, (a, b) in enumerate(zip(stacks, expected)):
            if a != b:
                first = i + 1
                break
    return ReplayResult(hh.name, stacks, expected, scale, first)

"""Replaying a PHH hand history through a poker :class:`~pyeval.poker.round.Round` and checking its
finishing stacks (the engine of ``pyeval replay``): :meth:`pyeval.poker.phh.HandHistory.replay`,
:func:`check_replay`, :func:`stop_reason`. Names are re-exported by :mod:`pyeval.poker.phh`."""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import CARD_TEXT
from ..errors import HandHistoryError, IllegalHandHistoryError, PyevalError
from .phh import _R_DEAL, _R_SHOW, _R_SHOWDOWN, _amount, _cards, _player
from .phh_rules import _short
from .dealing import R_RUN_IT
from .rules import R_TOURNAMENT
from .round import Round

if TYPE_CHECKING:
    from .phh import HandHistory

__all__ = ["Replay", "ReplayResult", "cashed_out_stacks", "check_replay", "record_problems", "replay_checked",
           "stop_reason"]


_RUN_HINT = re.compile(r"#\s*run it (\d+) times")
_DISCONNECTED = re.compile(r"#\s*disconnected\b")


class Replay:
    """One replay of a :class:`HandHistory` through a :class:`Round` (see :meth:`HandHistory.replay`).

    ``Replay(hh, strict)`` posts the forced bets (``hh``'s amounts must be ints: see
    :meth:`HandHistory.in_units`); :meth:`actions` applies the record step by step (the round is
    ``.rnd``), :meth:`run` to the end and the award. Uses only the round's public queries.

    Raises:
        IllegalHandHistoryError / HandHistoryError: at the step that breaks the rules or cannot be read.
    """

    def __init__(self, hh: HandHistory, strict: bool) -> None:
        self.hh = hh
        self.strict = strict
        self.rules = rules = hh.table_rules()
        self.take = hh.house_take()  # validated before the first step
        self.pot_takes = hh.pot_takes()  # the take pot by pot (PHH _pot_rakes), or None
        extra_blinds = hh.extra_blinds()  # posted to come in (PHH _live_blinds, _dead_blinds)
        house_money = hh.house_money()  # added to the main pot by the house (PHH _house_money)
        try:
            self.rnd = Round(rules, hh.engine_stacks(), sitting_out=hh.sitting_out(), blind_posters=hh.blind_posters())
            self.rnd.post_forced_bets()
            if rules.straddle is not None:
                self.rnd.post_straddle()
            for i, live, dead in extra_blinds:
                self.rnd.post_extra_blind(i, live, dead)
            if house_money:
                self.rnd.add_house_money(house_money)
        except PyevalError as exc:
            raise IllegalHandHistoryError(f"{hh.name}: the forced bets: {hh._names(str(exc))}",
                                          getattr(exc, "rule", "")) from None
        self.n = self.rnd.n
        self.pending: dict[int, tuple[int, ...]] = {}  # hole cards of the street being dealt
        self.board: tuple[int, ...] | None = None      # board cards read, not yet dealt
        self.shown: set[int] = set()
        self._idx = 0  # the record's action being replayed
        self.tabled: dict[int, tuple[int, ...] | None] = {}  # shown (or mucked: None) out of order, all-in
        self.sat_out: set[int] = set()  # players sitting out whose record fold was matched to the dealer's

    # ---- card checks ---------------------------------------------------------------------------
    def _in_play(self) -> dict[int, int]:
        """Cards already in play (hole cards of hands not folded, the board, cards read for this
        street), each with its holder's round index (-1: the board), for naming a card dealt twice
        at the action that deals it."""
        rnd = self.rnd
        out: dict[int, int] = {}
        draw = rnd.rules.engine.has_draws
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
        spec = rnd.next_street()
        if spec is None or rnd.community_card_due():  # stud: one community card instead
            return [0] * self.n
        out = []
        folded, mucked, discards = rnd.folded, rnd.mucked, rnd.draw_discards
        for i in range(self.n):
            if folded[i] or mucked[i]:
                out.append(0)
            elif spec.draw:
                out.append(len(discards.get(i, ())))
            else:
                out.append(spec.down + spec.up)
        return out

    def _deal_if_due(self, force: bool) -> None:
        rnd = self.rnd
        if not rnd.can_deal_board():
            return
        want = self._expected()
        spec = rnd.next_street()
        assert spec is not None
        pending = self.pending
        have_hole = all(len(pending.get(i, ())) == w for i, w in enumerate(want))
        community = rnd.community_card_due()  # stud, eight players: the last card is dealt to the center
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
        if not rnd.hole_dealt:
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
        nxt = rnd.next_street()
        if not any(s.board for s in rnd.streets) and not rnd.community_card_due():
            raise HandHistoryError(f"{self.hh.variant} has no board cards")
        no_more = nxt is None or (rnd.hole_dealt and rnd.n_contending < 2)
        if not no_more and rnd.runs == 1 and rnd.betting_closed and rnd.actor is None:
            self._maybe_run_it(raw)
        if no_more:
            if rnd.n_contending >= 2 and rnd.street == rnd.last_street and rnd.board:
                raise IllegalHandHistoryError("board cards after the river: a board is run more than once only "
                                              "after an all-in before the river, each run dealing the same "
                                              "streets", R_RUN_IT)
            raise IllegalHandHistoryError("no more board cards are dealt in this hand", "58 Pa. Code § 637a.11(h)-(j)")
        self._check_new(cards)
        self.board = cards
        self._deal_if_due(False)

    def _maybe_run_it(self, raw: str) -> None:
        """No more betting and board cards to come: PHH writes a board run ``k`` times as ``k`` runs
        of ``d db`` actions one after the other (run 2 after run 1's river). A comment
        ``# run it K times`` on the first deal of the runs (as :func:`from_round` writes it) says
        so (the runs start there); without one, the ``d db`` actions left in the record decide: when their card counts
        are exactly ``k >= 2`` runs of the streets still to come, the board is run ``k`` times from
        here (the earliest street that fits: two turns and two rivers read as run twice from the
        turn, not three rivers)."""
        rnd = self.rnd
        hint = _RUN_HINT.search(raw)
        if hint:
            rnd.run_it(int(hint.group(1)))
            return
        sizes = [s.board for s in rnd.streets[rnd.street + 1:] if s.board]
        seq = []
        for r in self.hh.actions[self._idx:]:
            t = r.split("#", 1)[0].split()
            if len(t) >= 3 and t[0] == "d" and t[1] == "db":
                if _RUN_HINT.search(r):
                    return  # the runs start at that deal
                seq.append(len(t[2]) // 2)
        if sizes and len(seq) > len(sizes) and len(seq) % len(sizes) == 0 and seq == sizes * (len(seq) // len(sizes)):
            rnd.run_it(len(seq) // len(sizes))

    # ---- showdown ------------------------------------------------------------------------------
    def _all_tabled(self) -> bool:
        """No more betting is possible: every live hand but at most one is all-in, so the hands are
        tabled together and the order a record lists them in changes no chip."""
        rnd = self.rnd
        folded, mucked, stacks = rnd.folded, rnd.mucked, rnd.stacks
        live = [i for i in range(self.n) if not (folded[i] or mucked[i])]
        return sum(1 for i in live if stacks[i] > 0) <= 1

    def _apply_show(self, p: int, cards: tuple[int, ...] | None, raw: str) -> None:
        rnd = self.rnd
        if cards is None:
            rnd.muck(p)
            return
        held = rnd.hole[p]
        unknown = -1 in held and bool(cards) and -1 not in cards  # dealt as ??, shown: the cards shown are the hand
        if held and cards and (not set(c for c in held if c >= 0) <= set(cards) if unknown else set(cards) != set(held)):
            known = "".join(CARD_TEXT[c] for c in held if c >= 0)
            raise IllegalHandHistoryError(f"{self.hh._who(p)} shows {raw.split()[2]} but was dealt {known}", _R_SHOW)
        if unknown and cards:
            self._check_new(tuple(c for c in cards if c not in held))
        rnd.show(p, cards if unknown and cards else None)
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
            held = rnd.hole[p]
            if set(cards) != set(held):
                raise IllegalHandHistoryError(f"{self.hh._who(p)} shows {text[2]} but holds "
                                              f"{''.join('??' if c < 0 else CARD_TEXT[c] for c in held)}", _R_SHOW)
            return
        order = rnd.showdown_order()
        if (cards is None and not self.strict and p in order and order[0] != p and p not in self.tabled
                and rnd.can_concede(p)):
            rnd.concede(p)  # a muck before his turn to show: he gives up his hand (§ 637a.18(e))
            self._flush_tabled()
            return
        if (not self.strict and rnd.actor is None and p in order and order[0] != p and p not in self.tabled
                and self._all_tabled()):
            held = rnd.hole[p]
            if cards and set(cards) != set(held):
                known = "".join(CARD_TEXT[c] for c in held if c >= 0)
                raise IllegalHandHistoryError(f"{self.hh._who(p)} shows {text[2]} but was dealt {known}", _R_SHOW)
            self.tabled[p] = cards  # turned up with the others, in the regulation's order
            return
        self._apply_show(p, cards, raw)
        self._flush_tabled()

    # ---- the record ----------------------------------------------------------------------------
    def actions(self) -> Iterator[tuple[int, str]]:
        """Apply the record's actions one by one, yielding (index, text) after each, then deal what
        the end of the record leaves due; an error names the action (or the end) it came from."""
        hh = self.hh
        for idx, raw in enumerate(hh.actions):
            text = raw.split("#", 1)[0].split()
            if not text:
                continue
            self._idx = idx
            where = f"{hh.name}: action {idx + 1} {_short(raw)}"
            try:
                self._step(text, raw)
            except IllegalHandHistoryError as exc:
                raise IllegalHandHistoryError(f"{where}: {hh._names(str(exc))}", exc.rule) from None
            except HandHistoryError as exc:
                raise HandHistoryError(f"{where}: {hh._names(str(exc))}") from None
            except PyevalError as exc:
                raise IllegalHandHistoryError(f"{where}: {hh._names(str(exc))}", getattr(exc, "rule", "")) from None
            yield idx, raw
        try:
            self._deal_if_due(True)
        except PyevalError as exc:
            raise IllegalHandHistoryError(f"{hh.name}: at the end: {hh._names(str(exc))}",
                                          getattr(exc, "rule", "")) from None

    def run(self) -> Round:
        hh, rnd = self.hh, self.rnd
        for _ in self.actions():
            pass
        if self.tabled:
            p = next(iter(self.tabled))
            order = rnd.showdown_order()
            raise IllegalHandHistoryError(
                f"{hh.name}: the record stops before the showdown: {hh._who(order[0])} has yet to show or muck "
                f"(the record shows {hh._who(p)}'s hand)" if order else f"{hh.name}: {hh._who(p)}'s hand is "
                "never turned up", _R_SHOW)
        if rnd.can_award():
            self.award()
        return rnd

    def award(self) -> None:
        """Award the pots at the end of the record, less what the house took (the record's
        ``_rake`` + ``_jackpot`` + ``_fees``, :meth:`HandHistory.house_take`; main pot first, or pot
        by pot as ``_pot_rakes`` gives it: :meth:`HandHistory.pot_takes`).

        Raises:
            IllegalHandHistoryError: unknown cards to score, or a house take the pots cannot pay
                (more than the pots, or any in a tournament).
        """
        hh, rnd = self.hh, self.rnd
        self.check_scorable()
        take = self.take
        try:
            rnd.award(rake=self.pot_takes if self.pot_takes is not None else take if take else None)
        except PyevalError as exc:
            raise IllegalHandHistoryError(f"{hh.name}: the award: {hh._names(str(exc))}",
                                          getattr(exc, "rule", "")) from None

    def check_scorable(self) -> None:
        """Raises IllegalHandHistoryError before an award that would score unknown cards. Never score unknown cards (a ``??`` board or hole card) as a tie: refuse the award."""
        rnd, hh = self.rnd, self.hh
        folded, mucked, hole = rnd.folded, rnd.mucked, rnd.hole
        live = [i for i in range(self.n) if not (folded[i] or mucked[i])]
        if len(live) < 2:
            return
        if any(c < 0 for c in rnd.board):
            raise IllegalHandHistoryError(f"{hh.name}: the board has cards nobody saw ('??'): the pots cannot be "
                                          "awarded", _R_SHOWDOWN)
        for i in live:
            if any(c < 0 for c in hole[i]):
                raise IllegalHandHistoryError(f"{hh.name}: {hh._who(i)}'s cards at the showdown are unknown ('??'): "
                                              "the pots cannot be awarded", _R_SHOWDOWN)

    def _fold(self, p: int, away: bool) -> None:
        """The record's fold of ``p``; a player away from the table (tournament mode) is folded by the
        dealer: at his turn (already done), or, all in on his forced bets, where the record says."""
        rnd = self.rnd
        if away and rnd.folded[p] and p not in self.sat_out:
            self.sat_out.add(p)  # the dealer folded his hand at his turn (tournament mode)
        elif away and rnd.can_fold_away(p):  # all in on his forced bets: no turn, folded by the dealer
            self.sat_out.add(p)
            rnd.fold_away(p)
        else:
            rnd.fold(p)

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
        away = p in rnd.sitting_out
        if away and op in ("cc", "cbr", "sd") and (rnd.folded[p] or rnd.actor == p):
            raise IllegalHandHistoryError(f"{self.hh._who(p)} sits out: the dealer folds his hand at his first turn",
                                          R_TOURNAMENT)
        if op == "cc":  # '# disconnected': the room's disconnect protection (rules.disconnect_all_in)
            (rnd.disconnect if _DISCONNECTED.search(raw) else rnd.check_or_call)(p)
        elif op == "f":
            self._fold(p, away)
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


@dataclass(frozen=True)
class ReplayResult:
    """The outcome of replaying one hand against its record (:func:`check_replay`).

    ``stacks`` and ``expected`` are in units of ``1/scale`` chip (``scale`` is 1 unless the record
    keeps fractions of a chip, see :attr:`HandHistory.unit_scale`), after the house's take
    (:meth:`HandHistory.house_take`) and the house's cash-outs. ``first_diff`` is the PHH seat number (1 = ``p1``) of the first
    differing stack, or None when they all match. ``problems``: every way the record disagrees with
    the replay, one sentence each (a finishing stack, with a cash-out ``_cashed_out`` settled by
    :func:`cashed_out_stacks`; the recorded total pot ``_total_pot``); empty when it agrees. ``pyeval replay`` and
    ``pyeval convert`` both decide from this (:func:`record_problems`), so they never disagree.
    """

    name: str
    stacks: tuple[int | float, ...]  # float: inf, an unbounded stack
    expected: tuple[int | float, ...] | None
    scale: int
    first_diff: int | None
    problems: tuple[str, ...] = ()

    @property
    def matches(self) -> bool:
        """True when the record has finishing stacks, every one is reproduced exactly and nothing
        else it records disagrees (:attr:`problems` is empty)."""
        return self.expected is not None and self.first_diff is None and not self.problems


def _fmt_units(v: int | float, scale: int) -> str:
    """An amount of 1/scale chips as the record writes it (``1937923.75``)."""
    if scale == 1 or not isinstance(v, int):
        return str(v)
    whole, part = divmod(v, scale)
    return str(whole) if not part else f"{v / scale:.{len(str(scale))}f}".rstrip("0")


def record_problems(hh: HandHistory, rnd: Round, scale: int = 1) -> list[str]:
    """Why the finished replay ``rnd`` of ``hh`` (a record in whole units: ``hh.in_units(scale)``
    when the original keeps fractions of a chip) disagrees with what the record states; empty when
    it agrees. Checked: every ``finishing_stacks`` entry (exactly, after the house's take), the
    total pot ``_total_pot`` (the chips put in: awarded + taken by the house), a player who cashed
    out (``_cashed_out``) with what the house paid him instead of his share (:func:`cashed_out_stacks`). Amounts in messages are in the
    record's own units. The one decision behind :func:`check_replay` and
    :func:`pyeval.hands_io.verify`.
    """
    problems: list[str] = []
    stacks = cashed_out_stacks(hh, rnd, hh.stacks_of(rnd), scale)
    rec = hh.finishing_stacks
    names = hh.players if hh.players is not None and len(hh.players) == len(stacks) else None
    if rec is not None:
        for i, (a, b) in enumerate(zip(stacks, rec)):
            if a != b:
                d = a - b
                who = f"{names[i]} (p{i + 1})" if names else f"p{i + 1}"
                problems.append(f"{who}: the record ends with {_fmt_units(b, scale)}, the replay with "
                                f"{_fmt_units(a, scale)} ({'+' if d > 0 else ''}{_fmt_units(d, scale)})")
    total = hh.extra.get("_total_pot")
    if total is not None:
        pot = sum(rnd.winnings) + rnd.rake
        if isinstance(total, bool) or not isinstance(total, int) or total != pot:
            problems.append(f"the record's total pot is {_fmt_units(total, scale) if isinstance(total, int) else _short(total)}, "
                            f"the replay's {_fmt_units(pot, scale)}")
    return problems


def cashed_out_stacks(hh: HandHistory, rnd: Round, stacks: tuple[int | float, ...], scale: int = 1
                      ) -> tuple[int | float, ...]:
    """The replay's ``stacks`` with the room's cash-outs settled (``_cashed_out``: what the house paid
    each player, in the record's units; ``scale`` the replay's units per them): a player who cashed
    out the hand receives that instead of what the pots award him (the house keeps his share:
    PokerStars' "All-in Cash Out", "pot not awarded as player cashed out"); ``stacks`` unchanged
    without cash-outs.

    Raises:
        HandHistoryError: ``_cashed_out`` is not one whole amount of at least 0 per player.
    """
    paid = hh.extra.get("_cashed_out")
    if not paid:
        return stacks
    if (not isinstance(paid, list) or len(paid) != len(stacks)
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in paid)):
        raise HandHistoryError(f"{hh.name}: _cashed_out must be one whole amount >= 0 per player, got {_short(paid)}")
    won = rnd.winnings
    return tuple(s - won[i] + paid[i] * scale if paid[i] else s for i, s in enumerate(stacks))


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
    queue = rnd.draw_queue
    if queue:
        return f"the record stops with {who(queue[0])} to discard or stand pat"
    if not rnd.hole_dealt:
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
    return replay_checked(hh, strict=strict)[1]


def replay_checked(hh: HandHistory, *, strict: bool = False) -> tuple[Round, ReplayResult]:
    """:func:`check_replay`, also returning the replayed round (in units of ``1/scale`` chip) for
    callers that read its events (statistics), so they decide with the same check."""
    scale = hh.unit_scale
    exact = hh if scale == 1 and all(isinstance(v, int) for v in hh.starting_stacks) else hh.in_units(scale)
    rnd = exact._replay_exact(strict)
    stacks = exact.stacks_of(rnd)  # an unbounded (inf) stack stays inf
    if rnd.complete:
        stacks = cashed_out_stacks(hh, rnd, stacks, scale)
    expected = tuple(exact.finishing_stacks) if exact.finishing_stacks is not None else None
    first = None
    if expected is not None:
        if len(expected) != len(stacks):
            raise HandHistoryError(f"{hh.name}: finishing_stacks has {len(expected)} entries for {len(stacks)} players")
        reason = stop_reason(rnd, hh)
        if reason is not None:
            # a room's record (read by pyeval.hands_io, which sets _units_per_currency) never wrote
            # finishing_stacks: pyeval worked them out, so the fault is the cut-off record itself
            why = " (hand cut off or actions missing)" if "_units_per_currency" in hh.extra else (
                ", but it records finishing_stacks")
            raise IllegalHandHistoryError(f"{hh.name}: {reason}{why}")
        first = next((i + 1 for i, (a, b) in enumerate(zip(stacks, expected)) if a != b), None)
    problems = tuple(record_problems(exact, rnd, scale)) if rnd.complete else ()
    return rnd, ReplayResult(hh.name, stacks, expected, scale, first, problems)

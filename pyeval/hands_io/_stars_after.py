"""What the one Stars-layout driver (:mod:`pyeval.hands_io._stars`) does once a hand's lines are
read: what the record leaves implicit (board cards left out, players not dealt in, wins printed only
in the summary, stud limits and fixed-limit bets of a header without stakes, streets without a line)
and the room's settlement quirks (returns left unwritten or written too large, a total pot after the
rake, a rake not printed), each from the dialect's flags and noted on the hand. :class:`Implied` is
the driver's hand reader's base: it declares what it reads of the reader's state.
"""
from __future__ import annotations

import copy

from ._dialect import StarsDialect
from ._model import FIGURES_DO_NOT_ADD_UP, RawHand, RoomSeats, cards, finish_seats
from ._repairs import implicit_streets, live_small_blind, posted_blind, raise_over_all_in
from ._settle import (
    button_before_blinds, chips_in, defer_extra_blinds, derive_rake, hidden_rake, over_return, return_implicit, tournament_pot, unwritten_total,
)
from ._stars_summary import Summary

__all__ = ["Implied"]


def _upto(raw: RawHand, k: int) -> RawHand:
    """``raw`` with its acts before act ``k`` only (a shallow copy, for :func:`chips_in`)."""
    part = copy.copy(raw)
    part.acts = raw.acts[:k]
    return part


class Implied:
    """The steps after a hand's last line (:meth:`finish`), on the state the driver's reader keeps."""

    d: StarsDialect
    raw: RawHand
    start: int
    lines: list[str]
    seats: RoomSeats
    acted: set[str]
    summ: Summary
    stud: bool
    draw: bool
    board: list[int]
    run_boards: list[list[int]]
    double_bet: int
    returned: bool
    gaps: bool
    best: dict[str, tuple[str, int]]

    def finish(self) -> None:
        """Everything the record leaves implicit and the room's settlement, after the last line."""
        raw, d = self.raw, self.d
        if self.gaps:
            self.fill_gaps()
        if self.draw:
            self.draws_that_contradict()
        if d.room_repairs is not None:
            d.room_repairs(raw, self.lines, self.seats.seated)
        if d.idle_out:
            self.idle_out()
        self.all_in_folds()
        self.shown_by_best()
        finish_seats(raw, self.seats, self.acted)
        self.implied_amounts()
        if d.variant_repairs and not self.stud and not self.draw:
            posted_blind(raw, self.stacks())
        self.implied_streets()
        if d.defer_posts:
            defer_extra_blinds(raw)
        live_small_blind(raw)
        if d.blind_raise:
            button_before_blinds(raw)
        if self.run_boards:
            raw.boards = [tuple(b) for b in self.run_boards]
        if raw.tournament is not None and not d.tables_all_ins and any(a.kind == "muck" for a in raw.acts):
            # the room let a hand be mucked in a tournament (PokerStars and Full Tilt before they tabled
            # every hand at an all-in): the engine's setting for the room's own rule
            raw.table_rules["tournament_all_in_show"] = False
        self.settle()

    def fill_gaps(self) -> None:
        """Board cards a street line leaves out (``[]``) from the summary's ``Board [..]``, noted."""
        raw, at = self.raw, 0
        text, no = self.summ.board_line or ("", self.start)
        board = cards(text, raw, no)
        for k, a in enumerate(raw.acts):
            if a.kind != "street" or a.extra not in ("FLOP", "TURN", "RIVER"):
                continue
            need = 3 if a.extra == "FLOP" else 1
            if not a.cards and len(board) >= at + need:
                raw.acts[k] = a._replace(cards=tuple(board[at:at + need]))
                raw.notes.append(f"the {a.extra} card(s) left out on line {a.line} are the summary's board")
            at += need

    def draws_that_contradict(self) -> None:
        """A player whose draws contradict his own cards (discards he does not hold or not named while
        his hand is known, replacements repeating cards he keeps or more than he discarded) has his
        cards read as unknown, noted: the record's chips still decide the hand."""
        raw = self.raw
        for nm, dealt in list(raw.hole.items()):
            hand, want, bad = list(dealt), 0, False
            for a in (x for x in raw.acts if x.name == nm and x.kind in ("discard", "drawn")):
                if a.kind == "discard":
                    bad = bad or (a.amount > 0 and not a.cards and -1 not in hand) or any(c not in hand for c in a.cards)
                    hand = [c for c in hand if c not in a.cards] if a.cards else hand[:len(hand) - a.amount]
                    want = a.amount
                else:
                    bad = bad or len(a.cards) != want or any(c in hand for c in a.cards)
                    hand += list(a.cards)
            if bad:
                del raw.hole[nm]
                raw.acts = [x._replace(cards=()) if x.name == nm and x.kind == "discard" else x for x in raw.acts
                            if not (x.name == nm and x.kind == "drawn")]
                raw.notes.append(f"{nm}'s draws contradict his own cards: his cards are read as unknown")

    def all_in_folds(self) -> None:
        """A player all in whom the room folds (a tournament player sitting out: the betting gives him
        no turn) gives up his hand: read as a muck at the showdown, noted."""
        raw, stacks = self.raw, self.stacks()
        for k, a in enumerate(raw.acts):
            if raw.tournament is not None and a.name in self.seats.marked_out:
                continue  # away from the table: the engine's dealer folds him (Round.fold_away, decision 037)
            if a.kind == "fold" and 0 < stacks.get(a.name, 0) <= chips_in(_upto(raw, k)).get(a.name, 0):
                raw.acts[k] = a._replace(kind="muck")
                raw.notes.append(f"{a.name} is all in and folded (line {a.line}): read as giving up his hand at the "
                                 "showdown")

    def shown_by_best(self) -> None:
        """A winner whose hole cards the record prints only in his best five (Everleaf: "wins X from main
        pot with ... [Kd Kc Jd 3c 3h]") shows them when the five less the board are two hole cards of
        Hold'em (noted); else nothing is read from them."""
        raw = self.raw
        for nm, (text, no) in self.best.items():
            if raw.game[1:] != "T" or (raw.hole.get(nm) and -1 not in raw.hole[nm]) or any(
                    a.kind == "show" and a.name == nm for a in raw.acts):
                continue
            hole = [c for c in cards(text, raw, no) if c not in self.board]
            if len(hole) == 2:
                raw.hole[nm] = hole
                raw.add("show", nm, cards=tuple(hole), line=no)
                raw.notes.append(f"{nm}'s hole cards are those of his best five off the board (line {no})")

    def idle_out(self) -> None:
        """A seated player with no action recorded was not dealt in (unless that leaves one player)."""
        raw = self.raw
        named = {a.name for a in raw.acts}
        idle = [x.name for x in self.seats.seated if x.name not in named and x.name not in self.seats.marked_out]
        if idle and len(idle) < len(self.seats.seated) - 1:  # a dealt-in player always acts (folds at least)
            self.seats.marked_out.update(idle)
            raw.notes.append(f"not dealt in (no action recorded): {', '.join(idle)}")

    def implied_amounts(self) -> None:
        """What the record leaves to the summary or to custom: wins printed only in the summary, a stud
        bring-in completed at once, fixed-limit bets of a header without stakes."""
        raw = self.raw
        collected = {a.name for a in raw.acts if a.kind == "collect"}
        cashed = {a.name for a in raw.acts if a.kind == "cashout"} - collected
        for nm, a, no in self.summ.wins:  # wins printed only in the summary (Full Tilt Matrix; a cash-out's pot)
            if (not collected or nm in cashed) and (a or nm not in self.seats.marked_out):
                raw.add("collect", nm, a, line=no)  # (BetOnline: "collected (0.00)" for a seat not dealt in)
        if self.stud and raw.game[0] == "F" and not raw.small_bet:
            self.stud_limits()
        if self.stud and raw.bring_in is None and raw.small_bet:  # the first player completed: no bring-in
            raw.bring_in = max(1, raw.small_bet // 4)
            raw.notes.append(f"the bring-in was completed at once: its size is not recorded ({raw.bring_in} assumed)")
        if raw.game[0] == "F" and raw.small_bet is None:  # no stakes written: the big blind is the small bet
            raw.small_bet = max((a.amount for a in raw.acts if a.kind == "post" and a.extra == "bb"), default=0) or \
                2 * max((a.amount for a in raw.acts if a.kind == "post" and a.extra == "sb"), default=0)  # bb all-in
            raw.big_bet = 2 * raw.small_bet
            raw.big_blind = raw.big_blind or raw.small_bet  # (what a blind posted to come in is measured by)
            if not raw.small_bet:
                raise raw.fail("a fixed-limit hand without stakes or a big blind: its limits are unknown", self.start)
        if raw.game[0] != "F" and raw.big_blind is None:  # no stakes written: the blinds posted
            raw.big_blind = max((a.amount for a in raw.acts if a.kind == "post" and a.extra == "bb"), default=0) or None
            raw.min_bet = raw.min_bet or raw.big_blind

    def implied_streets(self) -> None:
        """Streets the record leaves unwritten (the summary's board, betting that goes on)."""
        raw = self.raw
        implicit = any(a.kind == "street" and a.extra == "IMPLICIT" for a in raw.acts)
        if implicit and self.board:
            raise raw.fail("betting goes on after a betting round closed, with no street line before the next one "
                           "written", self.start)
        if self.d.board_summary and not self.board and (self.summ.board or implicit):
            implicit_streets(raw, self.summ.board)
        elif self.d.board_summary and self.board and self.summ.board[:len(self.board)] == self.board:
            self.run_out(self.summ.board)
        elif self.board and not self.run_boards and self.summ.board_line and self.no_betting_after():
            board = list(cards(self.summ.board_line[0], raw, self.summ.board_line[1]))  # (Full Tilt's Matrix: "Board: [..]", no river line)
            if len(board) > len(self.board) and board[:len(self.board)] == self.board:
                raw.notes.append("the board's last cards are the summary's (the record writes no line for them)")
                self.run_out(board)

    def run_out(self, board: list[int]) -> None:
        """The cards of ``board`` beyond those dealt, each as a street without a line (after an all-in)."""
        for c in board[len(self.board):]:
            self.raw.add("street", cards=(c,), line=self.start, extra=("TURN", "RIVER")[min(len(self.board), 4) - 3])
            self.board.append(c)

    def no_betting_after(self) -> bool:
        """True when nobody bet, called or checked after the last street dealt (the players are all in)."""
        acts = self.raw.acts
        last = max((k for k, a in enumerate(acts) if a.kind == "street"), default=0)
        return not any(a.kind in ("bet", "raise", "call", "check", "fold") for a in acts[last:])

    def stud_limits(self) -> None:
        """A stud hand whose record gives no stakes (Bovada): the big bet is the first bet of 5th
        street on, the small bet half of it (or the completion of 3rd street, the first bet of 4th,
        or twice the bring-in when nobody bet), noted; a bet that puts its maker all in is no full bet."""
        raw, stacks = self.raw, self.stacks()
        street, first = -1, {}
        for k, a in enumerate(raw.acts):
            if a.kind == "street":
                street += 1
            elif a.kind in ("bet", "raise", "complete") and street not in first and \
                    chips_in(_upto(raw, k + 1)).get(a.name, 0) < stacks.get(a.name, 0):  # (an all-in: no full bet)
                first[street] = a.amount
        big = self.double_bet or next((v for k, v in sorted(first.items()) if k >= 2), None)  # (4th: doubled?)
        small = big // 2 if big else first.get(0) or first.get(1) or 2 * (raw.bring_in or 0)
        if not small:
            raise raw.fail("a stud hand without stakes, bets or a bring-in: its limits are unknown", self.start)
        raw.small_bet, raw.big_bet = small, big or 2 * small
        raw.notes.append(f"no stakes written: the limits {raw.small_bet}/{raw.big_bet} from the bets made")

    def stacks(self) -> dict[str, int]:
        """Each seated player's starting stack by name."""
        return {x.name: x.stack for x in self.seats.seated}

    def settle(self) -> None:
        """The room's quirks: a return left implicit, a total pot printed after the rake, no rake printed."""
        raw, d = self.raw, self.d
        self.repeated_collects()
        if d.net_total and raw.total_pot is not None:  # before a return is derived: it compares the totals
            raw.total_pot += (raw.rake or 0) + (raw.jackpot or 0)
        put = chips_in(raw)
        if d.derive_returns and not self.returned and (
                raw.total_pot is None or not d.implicit_total
                or raw.total_pot == sum(put.values()) + (raw.house_money or 0)) and (
                not d.returns_folded_to or len(set(put) - {a.name for a in raw.acts if a.kind == "fold"}) == 1):
            return_implicit(raw, d.returns_in_collect)
        if self.returned:
            over_return(raw)
        if d.variant_repairs and not self.stud and not self.draw:
            raise_over_all_in(raw, {x.name: x.stack for x in raw.seats})  # the players dealt in
        if d.omaha_by_cards and raw.game[1:] == "T" and any(len(c) == 4 for c in raw.hole.values()):
            raw.game = raw.game[0] + "O"  # the header names Hold'em over a hand dealt four cards each
            raw.notes.append("read as Omaha: the header names Hold'em, but four hole cards were dealt")
        self.settle_rake()

    def repeated_collects(self) -> None:
        """A collect line written again on the next line (a file whose lines repeat: Bovada) is read
        once when the amounts read every time are more than the total pot and once are not (noted)."""
        raw = self.raw
        if raw.total_pot is None or sum(a.amount for a in raw.acts if a.kind == "collect") <= raw.total_pot:
            return
        keep = [a for k, a in enumerate(raw.acts) if not (
            k and a.kind == "collect" == raw.acts[k - 1].kind and a.line == raw.acts[k - 1].line + 1
            and (a.name, a.amount) == (raw.acts[k - 1].name, raw.acts[k - 1].amount))]
        if len(keep) < len(raw.acts) and sum(a.amount for a in keep if a.kind == "collect") <= raw.total_pot:
            raw.notes.append(f"{len(raw.acts) - len(keep)} collect line(s) written again on the next line: "
                             "read once (the amounts each time would be more than the total pot)")
            raw.acts = keep

    def settle_rake(self) -> None:
        """The total pot and the rake as the room's flags say: printed after the rake, not printed."""
        raw, d = self.raw, self.d
        if d.derived_rake and raw.total_pot == 0 and raw.rake is not None:
            unwritten_total(raw)
        if d.hidden_rake and not raw.rake and raw.total_pot is not None:
            hidden_rake(raw, self.returned)
        if d.tournament_pot:
            tournament_pot(raw)
        if d.derived_rake and raw.rake is None and raw.total_pot is None:  # no summary: from the acts
            put = chips_in(raw)
            if len([v for v in put.values() if v]) > 1 and not any(a.kind == "collect" for a in raw.acts):
                raise raw.fail(f"{FIGURES_DO_NOT_ADD_UP}: nobody collects the pot of {sum(put.values())} (the room "
                               "prints no total pot and no win)", self.start)
            derive_rake(raw)
        elif d.derived_rake and raw.rake is None and raw.total_pot is not None:
            got = sum(a.amount for a in raw.acts if a.kind == "collect")
            if 0 < raw.total_pot - got and got:
                raw.rake = raw.total_pot - got
                raw.notes.append(f"rake of {raw.rake} derived (the room prints none): the total pot less what was "
                                 "collected")

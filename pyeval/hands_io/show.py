"""A recorded hand street by street: the rows ``pyeval show`` prints, as data and as a terminal table.

:func:`hand_view` replays a PHH :class:`~pyeval.poker.phh.HandHistory` (any format pyeval reads becomes
one) through the engine with :func:`pyeval.hands_io.steps.steps` and turns every step into a
:class:`ShowRow`: who acted, what the action was in words, the chips it put in, the pot and the
actor's stack after it, and the board as it then stood. :func:`render_hand` draws the same rows
as a table with `rich <https://rich.readthedocs.io>`_ (suit colours where the terminal has them;
none under ``NO_COLOR`` or when the output is not a terminal).

Amounts in the data are ints in the record's smallest unit (``HandView.unit``: cents for a cash
hand with ``_units_per_currency = 100``, chips otherwise); :meth:`HandView.money` formats one.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any

from ..cards import CARD_TEXT
from ..poker.games import ALL_VARIANTS, Variant
from ._phh import HandHistory
from .steps import Step, steps

__all__ = ["ShowPlayer", "ShowRow", "HandView", "hand_view", "render_hand", "card_markup", "title_lines"]

#: rich colours of the four suits (a four-colour deck: clubs green, diamonds blue, hearts red).
SUIT_STYLE = {"c": "green", "d": "blue", "h": "red", "s": "bold"}


@dataclass(frozen=True)
class ShowPlayer:
    """A player of the hand: PHH index ``index`` (0 = ``p1``), ``seat`` at the table (None when the
    record names no seats), ``name``, ``starting`` and ``finishing`` stack, ``cards`` as text (``??``
    for a card nobody saw), ``won``: chips awarded by the replay (rake not yet taken)."""

    index: int
    seat: int | None
    name: str
    starting: int
    finishing: int
    cards: str
    won: int


@dataclass(frozen=True)
class ShowRow:
    """One step of the hand. ``street``: its name (``preflop``, ``flop``, ``3rd street``, ...);
    ``player``: index into :attr:`HandView.players` (None for the dealer and the award);
    ``action``: in words (``raises to 20``, ``calls 5``, ``flop``, ``shows As Kd``);
    ``cards``: the cards the step dealt or showed, as text; ``amount``: chips it put in (0 if
    none); ``pot``: chips in the pot after it; ``stack``: the actor's stack after it (None for the
    dealer); ``board``: the board after it, as text; ``all_in``: the actor has no chips left."""

    street: str
    player: int | None
    action: str
    cards: str
    amount: int
    pot: int
    stack: int | None
    board: str
    all_in: bool = False


@dataclass(frozen=True)
class HandView:
    """A whole hand for display. ``title``: game, stakes, hand number, table; ``players``; ``rows``;
    ``board``: the final board; ``awards``: ``(player index, chips)`` from the replay; ``rake``,
    ``jackpot``, ``fees`` (PHH ``_rake``, ``_jackpot``, ``_fees``) and ``total_pot`` as the room
    recorded them (0/None when not recorded); ``unit``: smallest units per currency unit (1 for
    chips); ``currency``: its symbol (``""`` for chips)."""

    title: str
    players: tuple[ShowPlayer, ...]
    rows: tuple[ShowRow, ...]
    board: str
    awards: tuple[tuple[int, int], ...]
    rake: int
    total_pot: int | None
    unit: int
    currency: str
    jackpot: int = 0
    fees: int = 0

    def money(self, amount: int) -> str:
        """``amount`` (smallest units) as text: ``$1.05`` for a cash hand in cents, ``1,050`` for chips."""
        if self.unit == 1:
            return f"{self.currency}{amount:,}"
        q = Fraction(amount, self.unit)
        digits = len(str(self.unit)) - 1 if str(self.unit).strip("0") == "1" else 2
        sign = "-" if q < 0 else ""
        return f"{sign}{self.currency}{float(abs(q)):,.{digits}f}"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (the ``--json`` form of ``pyeval show``)."""
        return asdict(self)


def _street_names(variant: Variant) -> list[str]:
    """The name of each betting round of ``variant``."""
    names: list[str] = []
    board = 0
    for i, s in enumerate(variant.streets):
        board += s.board
        if variant.stud:
            names.append(f"{i + 3}{'rd' if i == 0 else 'th'} street")
        elif any(t.board for t in variant.streets):
            names.append({0: "preflop", 3: "flop", 4: "turn", 5: "river"}.get(board, f"street {i + 1}"))
        elif any(t.draw for t in variant.streets):
            draws = sum(t.draw for t in variant.streets[:i + 1])
            names.append("before the draw" if draws == 0 else
                         "after the draw" if sum(t.draw for t in variant.streets) == 1 else f"after draw {draws}")
        else:
            names.append(f"street {i + 1}")
    return names


def _split_cards(text: str) -> str:
    """PHH card text (``AsKd``, ``????``) as spaced card text (``As Kd``, ``?? ??``)."""
    return " ".join(text[i:i + 2] for i in range(0, len(text), 2))


def _cards_text(cards: Sequence[int]) -> str:
    return " ".join("??" if c < 0 else CARD_TEXT[c] for c in cards)


def _title(hh: HandHistory, money: Any) -> str:
    x = hh.extra
    variant = ALL_VARIANTS.get(hh.variant[1:])
    game = variant.name if variant is not None else hh.variant
    structure = {"N": "No Limit", "P": "Pot Limit", "F": "Fixed Limit"}.get(hh.variant[:1], "")
    blinds = [b for b in hh.blinds_or_straddles if b]
    stakes = "/".join(money(b) for b in blinds) if blinds else ""
    if hh.small_bet and hh.big_bet:
        stakes = f"{money(hh.small_bet)}/{money(hh.big_bet)}"
    parts = [p for p in (f"{structure} {game}".strip(), stakes,
                         f"hand {x['hand']}" if x.get("hand") else "",
                         f"{x.get('venue', '')} {x.get('table', '')}".strip()) if p]
    return " · ".join(parts)


def hand_view(hh: HandHistory, *, record: bool = True) -> HandView:
    """The hand ``hh`` street by street (see the module docstring). ``record``: the awards are the
    room's recorded ``winnings`` when it has them (False: always the replay's, as ``pyeval show`` does
    for a hand that does not verify).

    Raises:
        HandHistoryError / IllegalHandHistoryError: the record cannot be replayed (its message names
            the action).
    """
    scale = hh.unit_scale
    units = int(hh.extra.get("_units_per_currency", 1) or 1)
    unit = units * scale
    currency = str(hh.extra.get("currency_symbol", "")) if units > 1 else ""
    n = len(hh.starting_stacks)
    variant = ALL_VARIANTS.get(hh.variant[1:])
    street_names = _street_names(variant) if variant is not None else []
    names = [str(p) for p in (hh.players or [f"p{i + 1}" for i in range(n)])]
    seats_raw = hh.extra.get("seats")
    seats: list[int | None] = list(seats_raw) if isinstance(seats_raw, list) and len(seats_raw) == n else [None] * n
    board_game = variant is None or any(s.board for s in variant.streets)
    all_steps: list[Step] = list(steps(hh))
    rows: list[ShowRow] = _forced_rows(hh, all_steps[0].table, street_names[0] if street_names else "street 1", scale)
    prev = all_steps[0].table
    for st in all_steps[1:]:
        t = st.table
        k = _row_street(prev, t, st.action, len(street_names))
        street = street_names[k] if k < len(street_names) else f"street {k + 1}"
        board = _cards_text(t.board)
        if st.action is None:  # the award at the end
            # the pot column: the size of the pot awarded (before the award), not what is left after it
            rows.append(ShowRow("showdown" if sum(not f for f in t.folded) > 1 else street, None, "pots awarded",
                                "", 0, prev.pot, None, board))
            prev = t
            continue
        tok = st.action.split("#", 1)[0].split()
        if not tok:
            prev = t
            continue
        if tok[0] == "d":
            what, dealt_tok = tok[1], tok[2:]
            if what == "db":
                dealt = t.board[len(prev.board):] if len(t.board) >= len(prev.board) else t.board
                rows.append(ShowRow(street, None, street if street in ("flop", "turn", "river") else "board",
                                    _cards_text(dealt), 0, t.pot, None, board))
            elif what == "dh" and len(dealt_tok) >= 2 and not board_game:  # board games: cards are in the seat table
                p = int(dealt_tok[0][1:]) - 1
                shown = "" if set(dealt_tok[1]) <= {"?"} else _split_cards(dealt_tok[1])
                rows.append(ShowRow(street, p, "dealt", shown, 0, t.pot, t.stacks[p], board))
            prev = t
            continue
        p = int(tok[0][1:]) - 1
        put = t.put_in[p] - prev.put_in[p] if p < len(t.put_in) else 0
        action, cards = _words(tok, put, max(prev.bets) > 0, t.bets[p], unit, currency)
        returned = [(q, t.stacks[q] - prev.stacks[q]) for q in range(n)  # an uncalled bet handed back
                    if q != p and t.stacks[q] > prev.stacks[q] and not any(t.winnings)]
        rows.append(ShowRow(street, p, action, cards, put, t.pot + sum(r for _, r in returned), t.stacks[p], board,
                            all_in=t.stacks[p] == 0 and put > 0))
        for q, back in returned:
            rows.append(ShowRow(street, q, f"uncalled bet returned ({_fmt(back, unit, currency)})", "", 0, t.pot,
                                t.stacks[q], board))
        prev = t
    last = all_steps[-1].table
    won = list(last.winnings)
    recorded = hh.extra.get("winnings")  # what the room paid (after its rake), when it says
    if record and isinstance(recorded, list) and len(recorded) == n and all(isinstance(w, (int, float)) for w in recorded):
        won = [_int(w, scale) for w in recorded]
    first = all_steps[0].table
    players = tuple(ShowPlayer(i, seats[i], names[i], first.stacks[i] + first.put_in[i],
                               last.stacks[i] - last.winnings[i] + won[i], _cards_text(last.hole[i]), won[i])
                    for i in range(n))
    awards = tuple((i, w) for i, w in enumerate(won) if w)
    rake, jackpot, fees = (_int(hh.extra.get(k, 0) or 0, scale) for k in ("_rake", "_jackpot", "_fees"))
    total = hh.extra.get("_total_pot")
    return HandView(_title(hh, lambda v: _fmt(_int(v, scale), unit, currency)), players, tuple(rows),
                    _cards_text(last.board), awards, rake, None if total is None else _int(total, scale), unit, currency,
                    jackpot, fees)


def _row_street(prev: Any, t: Any, action: str | None, n_streets: int) -> int:
    """The betting round (index) a step is shown under. The engine moves to the next round only once
    its cards are all dealt, so a card dealt after a round's betting closed (stud's 4th street, a
    draw's replacement cards) or a discard of the draw opens the next round: it is filed there."""
    op = (action or "").split("#", 1)[0].split()[:2]
    opening = (op[:1] == ["d"] and prev.phase == "board") or (op[1:] == ["sd"] and prev.phase == "draw")
    return prev.street + 1 if opening and prev.street + 1 < n_streets else int(t.street)


def _words(tok: list[str], put: int, facing_bet: bool, bet_to: int, unit: int, currency: str) -> tuple[str, str]:
    """A player's PHH action ``tok`` (``["p2", "cbr", "20"]``) in words, and the cards it shows or
    discards as text; ``put``: the chips it put in, ``facing_bet``: a bet stood before it, ``bet_to``:
    his bet after it."""
    op = tok[1]
    cards = ""
    if op == "f":
        action = "folds"
    elif op == "cc":
        action = "checks" if put == 0 else f"calls {_fmt(put, unit, currency)}"
    elif op == "cbr":
        action = f"{'raises to' if facing_bet else 'bets'} {_fmt(bet_to, unit, currency)}"
    elif op == "pb":
        action = f"brings in {_fmt(put, unit, currency)}"
    elif op == "sm":
        cards = _split_cards(tok[2]) if len(tok) > 2 else ""
        action = "shows" if cards else "mucks"
    elif op == "sd":
        cards = _split_cards(tok[2]) if len(tok) > 2 else ""
        action = f"discards {len(cards.split())}" if cards else "stands pat"
    else:
        action = " ".join(tok[1:])
    return action, cards


def _forced_rows(hh: HandHistory, first: Any, street: str, scale: int) -> list[ShowRow]:
    """The antes, blinds and straddles posted before the first action, read from the replay's first
    state (what each player put in front of him, and in all): antes first, then the blinds from the
    smallest (small blind, big blind, then straddles). Heads-up records list the blinds in their own
    order, so the words come from the amounts, not from the record's positions."""
    rows: list[ShowRow] = []
    n = len(first.stacks)
    pot = 0
    for i in range(n):
        ante = first.put_in[i] - first.bets[i]
        if ante > 0:
            pot += ante
            rows.append(ShowRow(street, i, "posts ante", "", ante, pot, first.stacks[i] + first.bets[i], ""))
    posted = sorted((first.bets[i], i) for i in range(n) if first.bets[i] > 0)
    names = ["small blind", "big blind"] if len(posted) > 1 else ["blind"]
    for k, (amount, i) in enumerate(posted):
        pot += amount
        what = names[k] if k < len(names) else "straddle"
        rows.append(ShowRow(street, i, f"posts {what}", "", amount, min(pot, first.pot), first.stacks[i], "",
                            all_in=first.stacks[i] == 0))
    return rows


def _int(v: float, scale: int) -> int:
    return int(v * scale)


def _fmt(amount: int, unit: int, currency: str) -> str:
    return HandView("", (), (), "", (), 0, None, unit, currency).money(amount)


def card_markup(cards: str) -> str:
    """rich markup of card text: each card in its suit's colour (``??`` dim)."""
    out = []
    for c in cards.split():
        style = "dim" if c == "??" else SUIT_STYLE.get(c[-1:], "")
        out.append(f"[{style}]{c}[/]" if style else c)
    return " ".join(out)


def title_lines(title: str, width: int) -> list[str]:
    """``title`` (parts joined by `` · ``) in lines of at most ``width`` cells, broken only between
    parts; a part wider than ``width`` is a line of its own (the printer cuts it with an ellipsis)."""
    from rich.cells import cell_len

    lines: list[str] = []
    for part in title.split(" · "):
        if lines and cell_len(lines[-1]) + 3 + cell_len(part) <= width:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def _print_title(con: Any, title: str) -> None:
    """``title`` above the table on the console's width (not the table's: a narrow table would
    break it mid-part), broken between parts, a too-wide part cut with an ellipsis."""
    from rich.text import Text

    for line in title_lines(title, con.width):
        con.print(Text(line, style="table.title", no_wrap=True, overflow="ellipsis"))


def render_hand(view: HandView, console: Any = None) -> None:
    """Print ``view`` on ``console`` (a ``rich.console.Console``; a new one on stdout when None):
    a table of the players, then one row per step with the street, the player (seat and name),
    the action, the chips put in, the pot and the stack after it, then the awards and the rake."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    con = console if console is not None else Console()
    m = view.money
    _print_title(con, view.title)
    seats = Table(show_edge=False)
    for col, just in (("seat", "right"), ("player", "left"), ("stack", "right"), ("cards", "left"),
                      ("won", "right"), ("net", "right")):
        seats.add_column(col, justify=just)  # type: ignore[arg-type]
    for p in view.players:
        net = p.finishing - p.starting
        seats.add_row("" if p.seat is None else str(p.seat), escape(p.name), m(p.starting), card_markup(p.cards),
                      m(p.won) if p.won else "", f"[{'green' if net > 0 else 'red' if net < 0 else ''}]{m(net)}[/]"
                      if net else "0")
    con.print(seats)
    table = Table(show_edge=False)
    for col, just in (("street", "left"), ("player", "left"), ("action", "left"), ("put in", "right"),
                      ("pot", "right"), ("stack", "right"), ("board", "left")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    last_street = None
    for r in view.rows:
        if r.street != last_street and last_street is not None:
            table.add_section()
        who = ""
        if r.player is not None:
            p = view.players[r.player]
            who = escape(p.name if p.seat is None else f"{p.name} ({p.seat})")
        action = r.action + (f" {card_markup(r.cards)}" if r.cards else "") + (" [bold]all in[/]" if r.all_in else "")
        table.add_row(r.street if r.street != last_street else "", who, action, m(r.amount) if r.amount else "",
                      m(r.pot), "" if r.stack is None else m(r.stack), card_markup(r.board) if r.player is None else "")
        last_street = r.street
    con.print(table)
    won = ", ".join(f"{escape(view.players[i].name)} {m(w)}" for i, w in view.awards)
    tail = f"board {card_markup(view.board)}" if view.board else ""
    tail += ("; " if tail else "") + f"awarded: {won or 'nothing'}"
    for label, v in (("rake", view.rake), ("jackpot", view.jackpot), ("fees", view.fees)):
        if v:
            tail += f"; {label} {m(v)}"
    if view.total_pot is not None:
        tail += f"; total pot {m(view.total_pot)}"
    con.print(tail)

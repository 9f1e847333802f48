"""What a room that writes PokerStars' text layout writes differently, as data: :class:`StarsDialect`.

PokerStars' layout (2005-2025) was copied by Full Tilt (2006-2014 in its own words, 2016 as
PokerStars' software), Run It Once, PokerMaster, PokerBros, the BetOnline network, GGPoker,
Winamax, Bovada/Ignition, Absolute/UltimateBet, Cake and others: a header line, a table line,
``Seat N: NAME (STACK)`` lines, the forced bets, ``*** SECTION ***`` lines, ``NAME<sep>verb ...``
actions, ``NAME collected X from pot`` and a ``*** SUMMARY ***`` with ``Total pot X | Rake Y``. One
driver (:func:`pyeval.hands_io._stars.read_hand`) reads every such room; what differs (the header's
words and fields, the action words, the chatter, the separator after a name, how amounts are
written, settlement quirks) is a :class:`StarsDialect`, data in the room's module.

Two header readers: :func:`stars_head` (a header pattern with the groups ``id`` and ``rest``: the
game, structure, stakes, level and date found in ``rest`` as PokerStars writes them) and
:func:`fields_head` (a header pattern with named fields: ``id``, ``tour``, ``game``, ``struct``,
``stakes`` (``SB/BB``, ``ANTE/SB/BB`` or the small/big bet of fixed limit), ``level``, ``y mo d H M S``
(the date) and ``tz``; the table pattern's ``table``, ``max``, ``button``). A room with a header
of its own passes ``head``. Game names are looked up in the one table :mod:`pyeval.hands_io.games`.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ._limits import room_time
from ._model import MAX_SEAT, RawHand, Seat, amount, number, split_hands
from .games import game_named, structure_named

__all__ = ["StarsDialect", "CHATTER", "PLAYER_CHATTER", "STARS_ACTS", "acts", "stars_head", "fields_head",
           "looks_like", "split"]

#: Whole lines every Stars-like room writes that carry no chips (kept as ``_room_lines``).
CHATTER: tuple[str, ...] = (
    r"No low hand qualified", r"Pair on board - a double bet is allowed", r"The deck is reshuffled",
    r"Betting is capped", r"Hand cancelled", r"Hand was run (?:twice|\w+ times)",
    r".+ split the .* bounty for eliminating .*",
)
#: What may follow a player's name (with or without a colon) on a line that carries no chips.
PLAYER_CHATTER: tuple[str, ...] = (
    r"is disconnected", r"is connected", r"has timed out(?: while disconnected| while being disconnected)?",
    r"has returned", r"is back", r"joins the table at seat #\d+", r"leaves the table", r"said, \".*\"",
    r"will be allowed to play after the button", r"was removed from the table.*", r"finished the tournament.*",
    r"wins the tournament.*", r"re-buys.*", r"takes the add-on.*", r"is sitting out", r"sits out", r"sitting out",
    r"has been disconnected.*", r"wins (?:a |an )?(?:entry|ticket|bounty|\$).*", r"wins .* for eliminating .*",
    r"is (?:now )?playing.*", r"doesn't show hand", r"is all-in", r"has reconnected", r"stands up", r"sits down",
    r"has \d+ seconds left to act", r"has requested TIME", r"is feeling .*", r"has left the table",
    r"has joined the table", r"is low with .*", r"is high with .*", r"out of hand.*", r"said \".*\"",
)


_STRUCT = re.compile(r"\b(?P<struct>Cap No Limit|Cap Pot Limit|No Limit|Pot Limit|Fixed Limit|Limit)\b", re.IGNORECASE)
_DATE = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2}) (\d{1,2}):(\d{2})(?::(\d{2}))?(?: (\w+))?")
_OUT = re.compile(r"is sitting out|out of hand|[Ss]itting out")
_TOURNEY = re.compile(r"^Tournament #(?P<id>\d+), ", re.IGNORECASE)  # (PT2's export: upper case)
_LEVEL = re.compile(r"Level (?P<level>[^ ]+)(?: \((?P<stakes>[^)]*)\))?", re.IGNORECASE)
_AMT = r"(?P<a>[^\s|]+)"
_ALLIN = r"(?: and is all[- ]in)?(?: and has reached the [^ ]+ cap)?\s*$"
_ACTS: list[tuple[re.Pattern[str], str | None]] = [
    (re.compile(r"^posts small & big blinds " + _AMT + _ALLIN), "both"),
    (re.compile(r"^posts small blind " + _AMT + _ALLIN), "sb"),
    (re.compile(r"^posts big blind " + _AMT + _ALLIN), "bb"),
    (re.compile(r"^posts (?:the )?straddle " + _AMT + _ALLIN), "straddle"),
    (re.compile(r"^straddles? " + _AMT + _ALLIN), "straddle"),
    (re.compile(r"^posts button blind " + _AMT + _ALLIN), "button_blind"),
    (re.compile(r"^posts the ante " + _AMT + _ALLIN), "ante"),
    (re.compile(r"^folds(?: \[(?P<c>[^\]]*)\])?\s*$"), "fold"),
    (re.compile(r"^checks\s*$"), "check"),
    (re.compile(r"^calls " + _AMT + _ALLIN), "call"),
    (re.compile(r"^bets " + _AMT + _ALLIN), "bet"),
    (re.compile(r"^raises [^\s]+ to " + _AMT + _ALLIN), "raise"),
    (re.compile(r"^brings in for " + _AMT + _ALLIN), "bring_in"),
    (re.compile(r"^completes it to " + _AMT + _ALLIN), "complete"),
    (re.compile(r"^discards (?P<n>\d+) cards?(?: \[(?P<c>[^\]]*)\])?\s*$"), "discard"),
    (re.compile(r"^stands pat(?: on \[(?P<c>[^\]]*)\])?\s*$"), "pat"),
    (re.compile(r"^shows \[(?P<c>[^\]]*)\](?: \(.*\)| for .*)?\s*$"), "show"),
    (re.compile(r"^mucks hand(?: \[(?P<c>[^\]]*)\])?\s*$"), "muck"),
    (re.compile(r"^cashed out the hand for " + _AMT + r"(?: \| Cash Out Fee (?P<fee>[^\s]+))?\s*$"), "cashout"),
]
#: PokerStars' action patterns (a dialect's ``acts`` may extend them: ``STARS_ACTS + (...)``).
STARS_ACTS: tuple[tuple[re.Pattern[str], str | None], ...] = tuple(_ACTS)
#: A player's line that carries no chips is of kind None (or "info"): kept as the room's line.
_COLLECT = re.compile(r"^collected (?P<a>\S+?) from (?:the )?(?:main |side )?pot(?:[- ]?\d+)?\s*(?:\((?:HI|LO)\))?\s*$")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<a>[^)]*)\) returned to (?P<n>.*)$")
_IMPLIED = {"plo": "pl", "plo-5": "pl", "plo5": "pl", "plo-6": "pl"}
_CASH = re.compile(r"[$€£]|\d\.\d\d\b")
_ALLIN_WORDS = r"(?: and is all-in)?\s*$"
_TABLE = re.compile(
    r"^\s*Table (?:ID )?'(?P<table>.*)'(?: (?P<max>\d+)-[Mm]ax)?,?(?: \((?:Play Money|Real Money)\))?"
    r"(?: Seat #(?P<button>\d+) is the button)?\s*$")
_SEAT = re.compile(
    r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()\s]*\d[^()\s]*(?: [A-Z]{3})?)(?: in chips)?"
    r"(?:, [^()]*? bounty)?\)(?P<rest>.*)$")

Head = Callable[["StarsDialect", RawHand, list[str], int], int]


@dataclass(frozen=True)
class StarsDialect:
    """One Stars-like room as data (one instance in the room's module; the API other modules build on).

    Detection and splitting: ``detect`` (matched at the start of a file, after blank lines and a
    byte-order mark), ``header`` (a hand's first line; also what splits a file into hands unless
    ``first`` is given). The header: ``head`` (None: :func:`stars_head` when ``header`` has a ``rest``
    group, else :func:`fields_head`), ``table`` (None: no table line; ``table_optional``), ``seat``
    (groups ``seat``, ``name``, ``stack``, ``rest``), ``out`` (a sitting-out mark in a seat line's rest),
    ``seats_in_order`` (seat numbers of no meaning: renumbered as listed), ``button_name`` /
    ``first_name`` (the button is the seat whose player's name matches / the seat before it).

    Lines: ``prepare`` (every line as the patterns read it; ``prepare_hand``: a hand's lines, after
    ``prepare``, rewritten as a whole), ``clean`` (an amount's text as the
    amount parser reads it), ``sep`` (after a name on an action line), ``chat_colon`` (``NAME: text``
    is chat: a room whose actions have no colon), ``spaced`` (kinds of action also written ``NAME verb``
    by a room whose separator is another), ``acts`` (pattern, kind) in order (kinds: ``sb bb both
    straddle button_blind dead ante fold check call bet raise complete bring_in discard pat show muck
    cashout collect return hole sitout show_hole muck_known raise_by allin_add call_to double_bet``; None or ``"info"``: a
    line that carries no chips), ``collect``, ``uncalled``, ``button`` (a body line naming the button
    seat), ``board_line`` (a board dealt without a section line), ``sections`` (the room's section
    names -> PokerStars'), ``hole`` (the sections dealing the hole cards), ``skip`` (sections that change
    nothing), ``chatter`` / ``player_chatter`` (the room's informational lines, besides :data:`CHATTER`
    / :data:`PLAYER_CHATTER`), ``others`` (lines of players not in the hand).

    Settlement: ``games`` (the variant stems read; None: all), ``implicit_returns`` (an uncalled bet
    whose return is unwritten is derived from the total pot: PokerStars before 2008),
    ``derive_returns`` (derived from the acts, :func:`pyeval.hands_io._settle.return_implicit`),
    ``returns_in_collect`` (the collected amount includes it), ``variant_repairs`` (the repairs of
    :mod:`pyeval.hands_io._repairs` for a blind posted below the header's and a raise over players
    all-in, which the Stars-variant rooms need), ``implicit_total`` (derive it only
    when the printed total pot is every chip put in, the bet nobody called included), ``net_total`` (the printed total pot is
    after the rake), ``derived_rake`` (no rake printed: the pot less what was collected),
    ``summary_collect`` (a summary line saying what a player collected: groups ``n``, ``a``),
    ``summary_show`` (a summary line showing a player's cards at the showdown: groups ``n``, ``c``),
    ``defer_posts`` (:func:`pyeval.hands_io._settle.defer_extra_blinds`), ``idle_out`` (a seated
    player with no action recorded was not dealt in), ``tables_all_ins`` (the room tables every hand
    at an all-in in tournaments: a muck there is an error of the record; False: a tournament hand with
    a muck replays without the engine's tournament mode, noted), ``summary`` (the room ends every
    hand with a ``*** SUMMARY ***``: a hand that fails without one is reported as cut off by the file), ``refuse`` (whole lines that make a hand
    unreplayable, with the reason: the hand is refused with it), ``house_money`` (a line saying the house
    added chips to the pot, group ``a`` the amount: PHH ``_house_money``, decision 037), ``button_mark`` (the button is the
    seat whose seat line's rest matches it), ``board_summary`` (a record may print no street lines:
    each street begins as a betting round closes, its cards from the summary's ``Board [..]``,
    :func:`pyeval.hands_io._repairs.implicit_streets`), ``stud_by_deal`` (stud streets written without a
    line: a street begins when a player is dealt a card beyond the current street's), ``omaha_by_cards``
    (a hand headed Hold'em whose players were dealt four cards is Omaha: the BetOnline network heads
    its Omaha tables so), ``pot_lines`` (a running ``Total pot`` line before the summary, kept as a
    room line: the summary's is the one read), ``returns_folded_to`` (returns are derived only in a
    hand every other player folded to the bet), ``hidden_rake`` (a summary may print ``Rake 0.00`` with a total pot that is already the pot after the rake, every collected amount adding up to it:
    the chips put in less that total are the rake, and a bet nobody called is returned, noted),
    ``blind_raise`` (``NAME raises X to Y`` before any street: a player coming in posts Y, live up to
    the big blind, the rest and a small blind he posts besides dead), ``allin_posts`` (an all-in line
    among the forced bets is a forced bet posted all in: his ante when antes are posted and he has
    not anted, else the first blind, not a bet: Bovada's ``NAME : All-in 80`` among ``Ante chip`` lines),
    ``room_repairs`` (the room's own
    repairs of a hand once its lines are read, before anything is derived: ``(raw, prepared lines,
    seated players)``; it may change the acts and the seats' stacks, noting what it did), ``tournament_pot`` (a tournament
    hand whose total pot is not printed in full and whose collected amounts are not the chips put in:
    the room rounded them; the total is the pot of the plays, :func:`pyeval.hands_io._settle.tournament_pot`)."""

    venue: str
    header: re.Pattern[str]
    detect: re.Pattern[str]
    table: re.Pattern[str] | None = _TABLE
    seat: re.Pattern[str] = _SEAT
    chatter: tuple[str, ...] = ()
    player_chatter: tuple[str, ...] = ()
    sep: str = ": "
    chat_colon: bool = False
    spaced: tuple[str, ...] = ()
    acts: tuple[tuple[re.Pattern[str], str | None], ...] = STARS_ACTS
    collect: re.Pattern[str] = _COLLECT
    uncalled: re.Pattern[str] = _UNCALLED
    button: re.Pattern[str] | None = None
    sections: tuple[tuple[str, str], ...] = ()
    hole: tuple[str, ...] = ("HOLE CARDS", "DEALING HANDS")
    skip: tuple[str, ...] = ()
    head: Head | None = None
    first: re.Pattern[str] | None = None
    out: re.Pattern[str] = _OUT
    others: re.Pattern[str] | None = None
    clean: Callable[[str], str] | None = None
    prepare: Callable[[str], str] | None = None
    prepare_hand: Callable[[list[str]], list[str]] | None = None
    games: tuple[str, ...] | None = None
    implicit_returns: bool = True
    derive_returns: bool = False
    returns_in_collect: bool = False
    net_total: bool = False
    derived_rake: bool = False
    button_name: re.Pattern[str] | None = None
    first_name: re.Pattern[str] | None = None
    table_optional: bool = False
    board_line: re.Pattern[str] | None = None
    seats_in_order: bool = False
    summary_collect: re.Pattern[str] | None = None
    summary_show: re.Pattern[str] | None = None
    defer_posts: bool = False
    idle_out: bool = False
    tables_all_ins: bool = False
    summary: bool = False
    implicit_total: bool = False
    variant_repairs: bool = False
    refuse: tuple[tuple[re.Pattern[str], str], ...] = ()
    house_money: re.Pattern[str] | None = None
    button_mark: re.Pattern[str] | None = None
    board_summary: bool = False
    stud_by_deal: bool = False
    omaha_by_cards: bool = False
    pot_lines: re.Pattern[str] | None = None
    returns_folded_to: bool = False
    hidden_rake: bool = False
    allin_posts: bool = False
    blind_raise: bool = False
    room_repairs: Callable[[RawHand, list[str], list[Seat]], None] | None = None
    tournament_pot: bool = False
    info: re.Pattern[str] = field(init=False, repr=False, compare=False)
    player_info: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "info", re.compile(r"^(?:" + "|".join(CHATTER + self.chatter) + r")\s*$"))
        object.__setattr__(self, "player_info", re.compile(
            r"^:? ?(?:" + "|".join(PLAYER_CHATTER + self.player_chatter) + r")\s*$"))

    def read_head(self, raw: RawHand, lines: list[str], start: int) -> int:
        """The header (and table line) into ``raw``; the index of the first seat line."""
        if self.head is not None:
            return finer_unit(raw, lines, self.head(self, raw, lines, start))
        return finer_unit(raw, lines, (stars_head if "rest" in self.header.groupindex else fields_head)(
            self, raw, lines, start))


_DECIMAL = re.compile(r"(?<![\w.#/:-])\d+\.(?:0?[1-9]|[1-9]0?)(?![\d.:/])")  # (not ".00": whole chips)
#: Lines whose numbers are chips: a seat's stack, a bet, call, raise or post (not a bounty in money).
_CHIP_LINE = re.compile(r"^Seat \d+: .*\(\d[^$€£]*\)|\b(?:calls|bets|raises|posts|to) [^$€£]*\d")


def finer_unit(raw: RawHand, lines: list[str], first_seat: int) -> int:
    """A hand read in whole chips (a tournament's) whose amounts have cents (``Seat 3: NAME (7410.50)``,
    ``calls 4455.50``): the table's unit is the finest the hand uses, so its amounts are read in
    hundredths, the header's stakes with them. Returns ``first_seat``."""
    if raw.scale != 1 or not any(_DECIMAL.search(ln) for ln in lines[first_seat:] if _CHIP_LINE.search(ln)):
        return first_seat
    raw.scale = 100
    for k in ("small_blind", "big_blind", "min_bet", "small_bet", "big_bet", "bring_in"):
        if getattr(raw, k) is not None:
            setattr(raw, k, getattr(raw, k) * 100)
    raw.notes.append("amounts with cents in a hand of whole chips: read in hundredths of a chip")
    return first_seat


def looks_like(d: StarsDialect, text: str) -> bool:
    """True when ``text`` starts (after blank lines and a byte-order mark) like a file of ``d``'s room."""
    return bool(d.detect.match(text.lstrip("\ufeff \t\r\n")))


def split(d: StarsDialect, text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of the hand's first line, the hand's lines)."""
    return split_hands(text, d.first or d.header)


def acts(amt: str = r"(?P<a>[^\s|]+)", extra: tuple[tuple[str, str | None], ...] = ()
         ) -> tuple[tuple[re.Pattern[str], str | None], ...]:
    """The Stars-like action patterns (what follows a name) with ``amt`` the amount pattern, after
    the room's ``extra`` ones (a kind of None: a line that carries no chips)."""
    base = (
        (r"^posts small & big blinds? " + amt + _ALLIN_WORDS, "both"),
        (r"^posts small blind " + amt + r" out of position" + _ALLIN_WORDS, "dead"),
        (r"^posts small blind " + amt + _ALLIN_WORDS, "sb"),
        (r"^posts big blind " + amt + r"(?: out of position)?" + _ALLIN_WORDS, "bb"),
        (r"^posts (?:the )?(?:straddle|button blind) " + amt + _ALLIN_WORDS, "straddle"),
        (r"^straddles? " + amt + _ALLIN_WORDS, "straddle"),
        (r"^posts (?:the )?ante " + amt + _ALLIN_WORDS, "ante"),
        (r"^folds(?: \[(?P<c>[^\]]*)\])?\s*$", "fold"),
        (r"^checks\s*$", "check"),
        (r"^calls " + amt + _ALLIN_WORDS, "call"),
        (r"^bets " + amt + _ALLIN_WORDS, "bet"),
        (r"^raises \S+ to " + amt + _ALLIN_WORDS, "raise"),
        (r"^shows \[(?P<c>[^\]]*)\].*$", "show"),
        (r"^mucks(?: hand)?(?: \[(?P<c>[^\]]*)\])?\s*$", "muck"),
        (r"^(?:doesn't show hand|does not show|is sitting out|sits out|is disconnected|is connected|"
         r"has returned|is back|has timed out.*|will be allowed to play after the button|is all-in|"
         r"said, \".*\"|joins the table.*|leaves the table.*|cashed out.*|Pays Cashout Risk.*)\s*$", None),
    )
    return tuple((re.compile(p), k) for p, k in extra + base)


def _game(raw: RawHand, rest: str, start: int) -> tuple[str, str]:
    """The PHH game code of the header's ``rest`` and the text after the game's name."""
    for sm in _STRUCT.finditer(rest):
        words = re.split(r"[\s(]+", rest[:sm.start()].strip())
        for k in range(min(len(words), 6), 0, -1):
            g = game_named(" ".join(words[-k:]))
            if g is None:
                continue
            if g.stem is None:
                raise raw.fail(f"game not supported: {g.name} ({g.why_not})", start)
            label = rest[:sm.start()].strip()
            label = label[:len(label) - len(" ".join(words[-k:]))].strip()
            if raw.tournament is not None:
                bm = re.match(r"^(?:Freeroll|[^\s]+\+[^\s]+(?: [A-Z]{3})?|[^\s]*[$€£][^\s]*(?: [A-Z]{3})?)", label)
                if bm:  # the buy-in (and fee, currency) as the header writes it
                    raw.buy_in, label = bm[0], label[bm.end():].strip()
            label = label.rstrip(" (").strip()
            if label:
                raw.mixed = label
            return (structure_named(sm["struct"]) or "N") + g.stem, rest[sm.end():]
    raise raw.fail(f"unknown game in header: {rest!r}", start)


def _stakes(raw: RawHand, after: str, start: int) -> None:
    stakes_text = None
    sm = re.match(r"^(?:, |\s*\()(?P<st>[^)]*)\)", after)
    if sm:
        stakes_text = sm["st"]
    lv = _LEVEL.search(after)
    if lv:
        raw.level = lv["level"]
        if lv["stakes"]:
            stakes_text = lv["stakes"]
    if stakes_text is None:
        raise raw.fail("no stakes in the header", start)
    currency = re.search(r"\b([A-Z]{3})\b", stakes_text)
    symbol = next((s for s in "$€£¥₹" if s in stakes_text), None)
    if symbol or currency or "." in stakes_text:
        raw.scale = 100
        raw.currency_symbol = symbol
        raw.currency = currency.group(1) if currency else ({"$": "USD", "€": "EUR", "£": "GBP"}.get(symbol or "", None))
    st = [x for x in re.split(r"\s*/\s*|\s+-\s+", re.sub(r"\b[A-Z]{3}\b", "", stakes_text).strip())
          if re.search(r"\d", x)]
    if len(st) < 2:
        raise raw.fail(f"cannot read the stakes {stakes_text!r}", start)
    lo, hi = amount(st[0], raw.scale, raw, start), amount(st[1], raw.scale, raw, start)
    if raw.game[0] == "F":
        raw.small_bet, raw.big_bet = lo, hi
        raw.small_blind, raw.big_blind = lo // 2, lo  # the usual limit blinds (a short post only)
    else:
        raw.min_bet = hi
        raw.small_blind, raw.big_blind = lo, hi
    dm = _DATE.search(after)
    if dm:
        raw.time = room_time(tuple(dm.groups()[:5]) + (dm.group(6) or "0",), raw.fail, start)
        raw.time_zone_abbreviation = dm.group(7)


def stars_head(dialect: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """PokerStars' header and table line into ``raw``; the index of the first seat line (2)."""
    m = dialect.header.match(lines[0])
    if not m:
        raise raw.fail(f"not a {dialect.venue} hand header", start)
    raw.hand_id = m["id"]
    rest = re.sub(r"^\{[^}]*\}\s*", "", m["rest"].strip())  # home game club
    tm = _TOURNEY.match(rest)
    if tm:
        raw.tournament = tm["id"]
        rest = rest[tm.end():]
    raw.game, after = _game(raw, rest, start)
    _stakes(raw, after, start)
    if len(lines) < 2:
        raise raw.fail("the hand ends after its header", start)
    tmt = dialect.table.match(lines[1]) if dialect.table is not None else None
    if not tmt:
        raise raw.fail(f"expected the table line, got {lines[1]!r}", start + 1)
    raw.table = tmt["table"]
    if tmt["max"]:
        raw.seat_count = number(tmt["max"], "the table size", raw, start + 1, 2, MAX_SEAT)
    if tmt["button"]:
        raw.button_seat = number(tmt["button"], "the button seat", raw, start + 1, 0, MAX_SEAT)
    return 2


def fields_head(room: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """Read the header and table lines; the index of the first seat line."""
    hm = room.header.search(lines[0])
    if not hm:
        raise raw.fail(f"not a {room.venue} hand header (or a game layout this reader does not know): {lines[0]!r}",
                       start)
    g = {k: v for k, v in hm.groupdict().items() if v is not None}
    raw.hand_id = g.get("id")
    _field_game(raw, g, start)
    if "tour" in g:
        raw.tournament = g["tour"]
    raw.level = g.get("level")
    _field_stakes(room, raw, g.get("stakes", ""), start)
    if "stakes" not in g and raw.tournament is None and any(_CASH.search(ln) for ln in lines[1:6]):
        raw.scale = 100  # a cash game whose header names no stakes: amounts in cents, as the seats show
        sym = next((c for ln in lines[1:6] for c in "$€£" if c in ln), None)
        raw.currency_symbol = sym
        raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "", None) or "XXX"
    if "y" in g:
        raw.time = room_time((g["y"], g["mo"], g["d"], g["H"], g["M"], g.get("S", "0")), raw.fail, start)
        raw.time_zone_abbreviation = g.get("tz")
    return _table(room, raw, lines, start)


def _field_game(raw: RawHand, g: dict[str, str], start: int) -> None:
    """The variant code from the header's ``game`` and ``struct`` groups."""
    name = g.get("game", "").strip().lower()
    game = game_named(name)  # the one table of game names (pyeval.hands_io.games)
    if game is None:
        raise raw.fail(f"game {g.get('game')!r} is not one pyeval knows", start)
    stem = game.stem
    if stem is None:
        raise raw.fail(f"game not supported: {game.name} ({game.why_not})", start)
    struct = structure_named(g.get("struct", _IMPLIED.get(name, ""))) if g.get("struct", _IMPLIED.get(name)) else "N"
    if struct is None:
        raise raw.fail(f"unknown betting structure {g.get('struct')!r}", start)
    raw.game = struct + stem


def _field_stakes(room: StarsDialect, raw: RawHand, stakes: str, start: int) -> None:
    """Currency, units and bet sizes from the header's stakes (``$1/$2``, ``10/60/120``, ``$0.02``)."""
    st = [t for t in re.split(r"\s*/\s*", stakes) if t.strip()]
    if raw.tournament is None and st and (any(c in stakes for c in "$€£") or "." in stakes):
        raw.scale = 100
        sym = next((c for c in "$€£" if c in stakes), None)
        raw.currency_symbol = sym
        raw.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "", None) or "XXX"
    vals = [amount(room.clean(t) if room.clean else t, raw.scale, raw, start) for t in st]
    if len(vals) >= 2:
        lo, hi = vals[-2], vals[-1]
        if raw.game[0] == "F":
            raw.small_bet, raw.big_bet = lo, hi
            raw.small_blind, raw.big_blind = lo // 2, lo
        else:
            raw.small_blind, raw.big_blind, raw.min_bet = lo, hi, hi
    elif len(vals) == 1 and raw.game[0] != "F":  # a room naming the big blind only (GG short deck: the ante)
        raw.min_bet = vals[0]


def _table(room: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The table line (at most three lines after the header); the index of the line after it."""
    if room.table is None:
        return 1
    if room.table_optional and (len(lines) < 2 or not room.table.match(lines[1])):
        return 1
    j = 1
    while j < len(lines) and not room.table.match(lines[j]):
        if room.seat.match(lines[j]) or j > 3:
            raise raw.fail(f"expected the table line, got {lines[j]!r}", start + j)
        j += 1
    tm = room.table.match(lines[j]) if j < len(lines) else None
    if tm is None:
        raise raw.fail("the hand ends after its header", start)
    t = {k: v for k, v in tm.groupdict().items() if v is not None}
    raw.table = t.get("table")
    if "max" in t:
        raw.seat_count = number(t["max"], "the table size", raw, start + j, 1, MAX_SEAT)
    if "button" in t:
        raw.button_seat = number(t["button"], "the button seat", raw, start + j, 0, MAX_SEAT)
    return j + 1



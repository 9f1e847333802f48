"""PokerStars text hand histories: every game PokerStars writes, cash and tournament.

Read from the public descriptions of the format (the client's "hand history" text export):
a header ``PokerStars Hand #ID: [Tournament #T, BUY-IN] GAME (STAKES) - DATE``, the table line
(``Table 'NAME' 6-max Seat #3 is the button``), one ``Seat N: NAME (STACK in chips)`` line per
seated player, the forced bets, sections ``*** HOLE CARDS ***`` / ``*** FLOP ***`` ... (stud:
``*** 3rd STREET ***`` ... ``*** RIVER ***``; draw: ``*** DEALING HANDS ***``, ``*** FIRST DRAW
***`` ...; a board run twice: ``*** FIRST FLOP ***``, ``*** SECOND FLOP ***`` ...), actions
``NAME: verb ...``, ``Uncalled bet (X) returned to NAME``, ``NAME collected X from pot`` and a
``*** SUMMARY ***`` with ``Total pot X | Rake Y``.

Games: Hold'em, Omaha, Omaha Hi/Lo, 5 Card Omaha (Hi/Lo) in limit, pot limit and no limit; 7 Card
Stud (Hi/Lo), Razz; 5 Card Draw, Single and Triple Draw 2-7 Lowball, Badugi; the mixed-game labels
(``HORSE (Razz Limit, ...)``, ``8-Game (...)``, ``Mixed NLH/PLO (...)``) read as their current game.
6+ Hold'em and Courchevel have no pyeval variant yet and are reported per hand.
Player names may contain colons, brackets and parentheses: names come from the seat lines and
are matched whole.
"""
from __future__ import annotations

import re

from ._limits import room_time
from ._model import (
    BRACKETS, MAX_SEAT, RawHand, amount, cards, common_action, dealt_to, finish_seats, number, read_seats, split_hands,
    uncalled_bet,
)

__all__ = ["parse_hand", "split", "looks_like"]

_GAMES = {
    "Hold'em": "T", "Omaha": "O", "Omaha Hi/Lo": "O/8", "5 Card Omaha": "5O", "5 Card Omaha Hi/Lo": "5O/8",
    "7 Card Stud": "7S", "7 Card Stud Hi/Lo": "7S/8", "Razz": "R", "5 Card Draw": "5D",
    "Triple Draw 2-7 Lowball": "2L3D", "Single Draw 2-7 Lowball": "2L1D", "Badugi": "B",
    "5 Card Stud": "5S", "6+ Hold'em": None, "Courchevel": None, "Courchevel Hi/Lo": None,
}
_STRUCT = {"No Limit": "N", "Pot Limit": "P", "Limit": "F", "Fixed Limit": "F"}
_GAME_RE = re.compile(r"(?P<game>" + "|".join(re.escape(g) for g in sorted(_GAMES, key=len, reverse=True))
                      + r") (?P<struct>No Limit|Pot Limit|Fixed Limit|Limit)")
_HEADER = re.compile(r"^PokerStars (?:Zoom |Home Game |Rush |Fast Fold )?(?:Hand|Game) #(?P<id>\d+):\s*(?P<rest>.*)$")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: (\w+))?")
_TABLE = re.compile(r"^Table '(?P<table>.*)' (?P<max>\d+)-max(?: \([^)]*\))?(?: Seat #(?P<button>\d+) is the button)?\s*$")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips(?:, [^()]*? bounty)?\)(?P<rest>.*)$")
_SECTION = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*\s*(?P<cards>.*)$")
_OUT = re.compile(r"is sitting out|out of hand")
_TOURNEY = re.compile(r"^Tournament #(?P<id>\d+), ")
_LEVEL = re.compile(r"Level (?P<level>[^ ]+)(?: \((?P<stakes>[^)]*)\))?")
_AMT = r"(?P<a>[^\s|]+)"
_ALLIN = r"(?: and is all-in)?(?: and has reached the [^ ]+ cap)?\s*$"
_PLAYER_ACTS: list[tuple[re.Pattern[str], str | None]] = [
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
    (re.compile(r"^shows \[(?P<c>[^\]]*)\](?: \(.*\))?\s*$"), "show"),
    (re.compile(r"^mucks hand(?: \[(?P<c>[^\]]*)\])?\s*$"), "muck"),
    (re.compile(r"^doesn't show hand\s*$"), None),
    (re.compile(r"^cashed out the hand for " + _AMT + r"(?: \| Cash Out Fee (?P<fee>[^\s]+))?\s*$"), "cashout"),
    (re.compile(r"^(?:is sitting out|sits out|is disconnected|is connected|has returned|is back|"
                r"has timed out(?: while disconnected| while being disconnected)?|"
                r"sitting out|will be allowed to play after the button|is all-in)\s*$"), None),
]
_OTHER_SUFFIX = re.compile(
    r"^(?:is disconnected|is connected|has timed out.*|has returned|joins the table at seat #\d+|leaves the table|"
    r"said, \".*\"|will be allowed to play after the button|was removed from the table.*|finished the tournament.*|"
    r"wins the tournament.*|re-buys.*|takes the add-on.*|is sitting out|sits out|has been disconnected.*|"
    r"wins (?:a |an )?(?:entry|ticket|bounty|\$).*|wins .* for eliminating .*|is (?:now )?playing.*)\s*$")
_STUD_STREETS = ["3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER"]
_DRAW_STREETS = ["DEALING HANDS", "FIRST DRAW", "SECOND DRAW", "THIRD DRAW"]
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2, "FOURTH": 3, "FIFTH": 4, "SIXTH": 5, "SEVENTH": 6, "EIGHTH": 7,
         "NINTH": 8, "TENTH": 9}


def looks_like(text: str) -> bool:
    """True when ``text`` starts (after blank lines) like a PokerStars hand history."""
    return bool(re.match(r"^\ufeff?\s*PokerStars (?:Zoom |Home Game |Rush |Fast Fold )?(?:Hand|Game) #", text))


def split(text: str) -> list[tuple[int, list[str]]]:
    """The hands of a file: (1-based line of the header, the hand's lines)."""
    return split_hands(text, _HEADER)


def _stakes(text: str) -> list[str]:
    return [t for t in re.split(r"\s*/\s*|\s+-\s+", text.strip()) if t]


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One PokerStars hand (its lines; ``start`` is the file line of the first) into a RawHand.

    Raises:
        HandParseError: a line that does not fit the format, naming the file line.
    """
    raw = RawHand(venue="PokerStars", source=source, line=start)
    m = _HEADER.match(lines[0])
    if not m:
        raise raw.fail("not a PokerStars hand header", start)
    raw.hand_id = m["id"]
    rest = m["rest"]
    rest = re.sub(r"^\{[^}]*\}\s*", "", rest)  # home game club
    tm = _TOURNEY.match(rest)
    if tm:
        raw.tournament = tm["id"]
        rest = rest[tm.end():]
    gm = _GAME_RE.search(rest)
    if not gm:
        raise raw.fail(f"unknown game in header: {rest!r}", start)
    label = rest[:gm.start()].strip()
    if tm:
        # "<buy-in> GAME" or "<buy-in> MIX (GAME)": the label before the game is the buy-in or mix
        label = re.sub(r"^(?:Freeroll|[^\s]+\+[^\s]+(?: [A-Z]{3})?|[^\s]*[$€£][^\s]*(?: [A-Z]{3})?)\s*", "", label)
    label = label.rstrip(" (").strip()
    if label:
        raw.mixed = label
    game_code = _GAMES[gm["game"]]
    if game_code is None:
        raise raw.fail(f"{gm['game']} has no pyeval variant yet", start)
    raw.game = _STRUCT[gm["struct"]] + game_code
    after = rest[gm.end():]
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
    st = [x for x in _stakes(re.sub(r"\b[A-Z]{3}\b", "", stakes_text)) if re.search(r"\d", x)]
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
        raw.time = room_time(dm.groups()[:6], raw.fail, start)
        raw.time_zone_abbreviation = dm.group(7)
    if len(lines) < 2:
        raise raw.fail("the hand ends after its header", start)
    tmt = _TABLE.match(lines[1])
    if not tmt:
        raise raw.fail(f"expected the table line, got {lines[1]!r}", start + 1)
    raw.table = tmt["table"]
    raw.seat_count = number(tmt["max"], "the table size", raw, start + 1, 2, MAX_SEAT)
    if tmt["button"]:
        raw.button_seat = number(tmt["button"], "the button seat", raw, start + 1, 0, MAX_SEAT)
    _body(raw, lines, start)
    return raw


def _body(raw: RawHand, lines: list[str], start: int) -> None:
    stud = raw.game[1:] in ("7S", "7S/8", "R", "5S")
    draw = raw.game[1:] in ("5D", "2L3D", "2L1D", "B")
    seats = read_seats(raw, lines, 2, start, _SEAT, _OUT)
    names = seats.names
    acted: set[str] = set()
    section = "pre"
    street = -1
    run_boards: list[list[int]] = []
    board: list[int] = []
    stud_cards: dict[str, list[int]] = {}
    stud_spec = [(2, 1), (0, 1), (0, 1), (0, 1), (1, 0)] if raw.game[1:] != "5S" else [(1, 1), (0, 1), (0, 1), (0, 1)]
    cur_bet: dict[str, int] = {}
    for j in range(seats.end, len(lines)):
        line = lines[j].rstrip()
        no = start + j
        if not line.strip():
            continue
        sec = _SECTION.match(line)
        if sec:
            label = sec["name"].strip()
            bracket = BRACKETS.findall(sec["cards"] or "")
            if label == "SUMMARY":
                section = "summary"
                continue
            if label.endswith("SHOW DOWN"):
                section = "showdown"
                continue
            section = "play"
            if label in ("HOLE CARDS", "DEALING HANDS") or (stud and label == "3rd STREET"):
                street = 0
                raw.add("street", line=no, extra=label)
                cur_bet = {}
                continue
            run = label.split(" ", 1)
            if len(run) == 2 and run[0] in _RUNS and run[1] in ("FLOP", "TURN", "RIVER"):
                k = _RUNS[run[0]]
                new = list(cards(bracket[-1], raw, no)) if bracket else []
                full = [c for b in bracket for c in cards(b, raw, no)] if bracket else []
                while len(run_boards) <= k:
                    run_boards.append(list(board))
                run_boards[k] = full if len(full) >= len(run_boards[k]) else run_boards[k] + new
                if k == 0:
                    street += 1
                    raw.add("street", cards=tuple(new), line=no, extra=label)
                continue
            if stud and label in _STUD_STREETS:
                street = _STUD_STREETS.index(label)
                raw.add("street", line=no, extra=label)
                cur_bet = {}
                continue
            if draw and label in _DRAW_STREETS:
                street = _DRAW_STREETS.index(label)
                raw.add("street", line=no, extra=label)
                cur_bet = {}
                continue
            if label in ("FLOP", "TURN", "RIVER") and not stud and not draw:
                if not bracket:
                    raise raw.fail(f"{label} without cards", no)
                new = list(cards(bracket[-1], raw, no))
                board += new
                for rb in run_boards:
                    rb += new
                street += 1
                raw.add("street", cards=tuple(new), line=no, extra=label)
                cur_bet = {}
                continue
            raise raw.fail(f"unknown section {label!r} for {raw.game}", no)
        if section == "summary":
            _summary(raw, line, no, names)
            continue
        if line.startswith("Dealt to "):
            who, new = dealt_to(raw, line, names, no)
            if stud:
                have = stud_cards.setdefault(who, [])
                down, up = stud_spec[street] if 0 <= street < len(stud_spec) else (0, 1)
                if len(new) == down + up:
                    have += new
                elif len(new) == up:
                    have += [-1] * down + new
                else:
                    raise raw.fail(f"{len(new)} card(s) dealt to {who} on {_STUD_STREETS[street]}", no)
                raw.hole[who] = have
            elif draw and street > 0:
                raw.add("drawn", who, cards=tuple(new), line=no)
            else:
                raw.hole[who] = new
            continue
        um = re.match(r"^Uncalled bet \((?P<a>[^)]*)\) returned to (?P<n>.*)$", line)
        if um:
            uncalled_bet(raw, um, names, no)
            continue
        if line.startswith("Board ") or line.startswith("Betting is capped"):
            continue
        nm = next((n for n in names if line.startswith(n + ": ")), None)
        if nm is not None:
            _player_line(raw, nm, line[len(nm) + 2:], no, acted, cur_bet, street)
            continue
        nm = next((n for n in names if line.startswith(n + " ")), None)
        if nm is not None:
            tail = line[len(nm) + 1:]
            cm = re.match(r"^collected (?P<a>[^\s]+) from (?:main |side )?pot(?:-\d+)?\s*$", tail)
            if cm:
                raw.add("collect", nm, amount(cm["a"], raw.scale, raw, no), line=no)
                continue
            if _OTHER_SUFFIX.match(tail):
                continue
        if re.match(r"^.+ (?:joins the table at seat #\d+|leaves the table|said, \".*\")\s*$", line):
            continue  # a player not seated in this hand
        raise raw.fail(f"unrecognised line {line!r}", no)
    finish_seats(raw, seats, acted)
    if run_boards:
        raw.boards = [tuple(b) for b in run_boards]


def _player_line(raw: RawHand, nm: str, rest: str, no: int, acted: set[str], cur_bet: dict[str, int], street: int) -> None:
    for pat, kind in _PLAYER_ACTS:
        m = pat.match(rest)
        if not m:
            continue
        if kind is None:
            return
        acted.add(nm)
        gd = m.groupdict()
        a = amount(gd["a"], raw.scale, raw, no) if gd.get("a") else 0
        if kind in ("sb", "bb", "straddle", "both", "button_blind"):
            raw.add("post", nm, a, line=no, extra={"button_blind": "bb"}.get(kind, kind))
            cur_bet[nm] = cur_bet.get(nm, 0) + a
        elif kind == "fold":
            if gd.get("c"):
                raw.hole[nm] = list(cards(gd["c"], raw, no))
            raw.add("fold", nm, line=no)
        elif kind == "bring_in":
            if raw.bring_in is None:
                raw.bring_in = a
            raw.add("bring_in", nm, a, line=no)
            cur_bet[nm] = a
        elif kind == "discard":
            cs = tuple(cards(gd["c"], raw, no)) if gd.get("c") else ()
            raw.add("discard", nm, number(gd["n"], "the number of cards discarded", raw, no, 0, 52), cs, line=no)
        elif kind == "pat":
            raw.add("discard", nm, 0, line=no)
        elif kind == "cashout":
            raw.add("cashout", nm, a, line=no)
        else:
            common_action(raw, nm, kind, a, gd.get("c"), no, cur_bet)
        return
    raise raw.fail(f"unrecognised action {rest!r} by {nm!r}", no)


def _summary(raw: RawHand, line: str, no: int, names: list[str]) -> None:
    if line.startswith("Total pot "):
        parts = [p.strip() for p in line.split("|")]
        tm = re.match(r"^Total pot (?P<a>[^\s]+)", parts[0])
        if not tm:
            raise raw.fail(f"bad total pot line {line!r}", no)
        raw.total_pot = amount(tm["a"], raw.scale, raw, no)
        for p in parts[1:]:
            km = re.match(r"^(?P<k>[A-Za-z][A-Za-z .-]*?) (?P<a>[^\s]+)$", p)
            if not km:
                raise raw.fail(f"bad item {p!r} in the total pot line", no)
            k = km["k"].lower()
            v = amount(km["a"], raw.scale, raw, no)
            if k == "rake":
                raw.rake = (raw.rake or 0) + v
            elif "jackpot" in k or "fund" in k or "bingo" in k:
                raw.jackpot = (raw.jackpot or 0) + v
            elif "cash out fee" in k:
                pass
            else:
                raise raw.fail(f"unknown item {p!r} in the total pot line", no)
        return
    sm = re.match(r"^Seat \d+: (?P<rest>.*)$", line)
    if sm:
        rest = sm["rest"]
        nm = next((n for n in names if rest.startswith(n + " ") or rest == n), None)
        if nm is None:
            return
        mm = re.search(r" (?:mucked|showed) \[(?P<c>[^\]]*)\]", rest[len(nm):])
        if mm and raw.game[1:] not in ("5D", "2L3D", "2L1D", "B"):  # draw games show the final hand
            cs = list(cards(mm["c"], raw, no))
            have = raw.hole.get(nm)
            if not have or -1 in have or len(have) < len(cs):
                raw.hole[nm] = cs
        return
    # "Board [..]", "FIRST Board [..]", "Hand was run twice", rake lines: nothing to keep


"""Rooms that write PokerStars' text, as data: one :class:`~pyeval.hands_io._stars.StarsDialect` each.

Each entry is what the room writes differently from PokerStars (the header's words, its chatter);
everything else is read by :mod:`pyeval.hands_io._stars`. Taken from the rooms' own files: Run It
Once Poker (2018-2020), PokerMaster and PokerBros (the exports of the PokerStars-format apps), the
BetOnline network (BetOnline, PayNoRake, Gear, ActionPoker, Sportsbetting.ag: 2011-2016), and
the 2016 Full Tilt client (``Full Tilt Hand #`` / ``Full Tilt Rush Hand #``: PokerStars' software
under the Full Tilt name; the older ``Full Tilt Poker Game #`` files are :mod:`pyeval.hands_io.fulltilt`).
"""
from __future__ import annotations

import copy
import re
from decimal import Decimal

from ._dialect import STARS_ACTS, StarsDialect
from ._model import MAX_SEAT, Act, RawHand, Seat, amount
from ._settle import chips_in
from ._stars import FILE_ENDS_MID_HAND

__all__ = ["DIALECTS", "dialect"]


def dialect(venue: str, words: str, lead: str = "", **kw: object) -> StarsDialect:
    """A Stars-like room whose hands start ``WORDS #ID: ...`` (``words`` a regular expression; ``lead``
    one a file may open with before its first hand, such as a lobby message)."""
    return StarsDialect(venue=venue, header=re.compile(r"^\s*(?:" + words + r") #(?P<id>\d+):\s*(?P<rest>.*)$"),
                        detect=re.compile(r"^\ufeff?\s*" + (f"(?:{lead}\\s*)?" if lead else "") + r"(?:" + words + r") #"),
                        summary=True, **kw)  # type: ignore[arg-type]


_BOL_NO_STRUCT = re.compile(r"^(.* Game #\d+: )(?:Tournament #(\d+): )?(Hold'em|Omaha Hi-Lo|Omaha)( [$\d][^ ]*/[^ ]+ - )")


def _betonline_line(line: str) -> str:
    """A BetOnline header that names no betting structure (tournaments: ``Game #N: Tournament #T: Hold'em
    $10.00/$20.00 - DATE``) as PokerStars writes it, read as no limit (every fixed- or pot-limit action
    is a legal no-limit action: the replay and the results are the same); other lines unchanged."""
    if line.startswith("Table ") and re.search(r", Seat #\d{3,} is the button\s*$", line):
        return re.sub(r", Seat #\d+ is the button\s*$", "", line)  # (a seat no table has: the button is not recorded)
    m = _BOL_NO_STRUCT.match(line)
    if m is None:
        return line
    tour = f"Tournament #{m[2]}, " if m[2] else ""
    return f"{m[1]}{tour}{m[3]} No Limit ({m[4].strip(' -')}) - {line[m.end():]}"


def _betonline_repairs(raw: RawHand, lines: list[str], seated: list[Seat]) -> None:
    """What BetOnline's records leave out, each noted (a hand with no summary and nothing collected, which
    the file cuts off, is refused as such): the button (a table line naming a seat no
    table has) is the seat before the small blind's among the players who acted; a player who
    ``has left the table`` with his hand live and never acts again folds at his turn, just before
    the next player round the table acts."""
    if not any(ln.startswith("*** SUMMARY") for ln in lines) and raw.total_pot is None and not any(
            a.kind == "collect" for a in raw.acts):  # (BetOnline ends every hand with a summary)
        raise raw.fail(f"{FILE_ENDS_MID_HAND} (no summary and nothing collected: the record stops at its line "
                       f"{raw.line + len(lines) - 1})", raw.line)
    _side_pot(raw, lines, seated)
    active = {a.name for a in raw.acts if a.name}
    ring = sorted((s for s in seated if s.name in active), key=lambda s: s.seat)
    sb = next((a.name for a in raw.acts if a.kind == "post" and a.extra == "sb"), None)
    at = next((k for k, s in enumerate(ring) if s.name == sb), None)
    if raw.button_seat is None and at is not None and len(ring) > 1:
        raw.button_seat = ring[at if len(ring) == 2 else at - 1].seat
        raw.notes.append(f"the button is not recorded: seat {raw.button_seat}, the one before the small blind's")
    _unwritten_checks(raw, seated)
    for info in list(raw.info):
        m = re.match(r"^(\d+): (.+) has left the table\s*$", info)
        k = next((k for k, s in enumerate(ring) if m and s.name == m[2]), None)
        if m is None or k is None or any(a.name == m[2] and (a.kind == "fold" or a.line > int(m[1]) and a.kind in _BETS)
                                         for a in raw.acts):
            continue
        no = int(m[1])
        out = {a.name for a in raw.acts if a.kind == "fold" and a.line < no}
        for nxt in (ring[(k + j) % len(ring)].name for j in range(1, len(ring))):
            j = next((j for j, a in enumerate(raw.acts) if a.line > no and a.name == nxt and a.kind in _BETS), None)
            if nxt not in out and j is not None:
                raw.acts.insert(j, Act("fold", m[2], line=no))
                raw.notes.append(f"{m[2]} left the table (line {no}) with his hand live: he folds at his turn")
                break


_BETS = ("fold", "check", "call", "bet", "raise")


def _unwritten_checks(raw: RawHand, seated: list[Seat]) -> None:
    """The first bet of a street after the flop by a player the betting order does not reach first,
    while every player before him who is still in and not all in acts only later in that street:
    their checks before the bet are unwritten (BetOnline's 2012 files), read as checks, noted."""
    button = raw.button_seat
    if button is None:
        return
    stacks = {s.name: s.stack for s in seated}
    order = [s.name for s in sorted(seated, key=lambda s: (s.seat - button - 1) % (MAX_SEAT + 1))]
    for k, a in enumerate(raw.acts):
        if a.kind != "street" or a.extra not in ("FLOP", "TURN", "RIVER"):
            continue
        end = next((j for j in range(k + 1, len(raw.acts)) if raw.acts[j].kind == "street"), len(raw.acts))
        bet = next((j for j in range(k + 1, end) if raw.acts[j].kind in ("bet", "raise", "call", "fold")), None)
        if bet is None or raw.acts[bet].kind != "bet":
            continue
        part = copy.copy(raw)
        part.acts = raw.acts[:k]
        put, out = chips_in(part), {x.name for x in raw.acts[:k] if x.kind == "fold"}
        live = [n for n in order if n in put and n not in out and put[n] < stacks.get(n, 0)]
        before = live[:live.index(raw.acts[bet].name)] if raw.acts[bet].name in live else []
        missing = [n for n in before if not any(x.name == n for x in raw.acts[k + 1:bet])]
        if missing and all(any(x.name == n for x in raw.acts[bet + 1:end]) for n in missing):
            raw.acts[bet:bet] = [Act("check", n, line=raw.acts[bet].line) for n in missing]
            raw.notes.append(f"{', '.join(missing)} check(s) before the bet on line {raw.acts[bet].line}: the record "
                             "leaves them out")
            return _unwritten_checks(raw, seated)
_POT_LINE = re.compile(r"^(\d+): Total pot (\S+)(?: \| Rake \S+)?\s*$")


def _side_pot(raw: RawHand, lines: list[str], seated: list[Seat]) -> None:
    """BetOnline may print a side pot (after its rake) only as a ``Total pot X`` line before the
    showdown, the summary's total and its one winner's amount being the main pot's: when those pots
    and the rake are every chip put in, and that winner put in as much as anyone left in (he contends
    for every pot and, holding the best hand of the main pot, wins each), he collected the side pot too
    (the summary's wins are then read here)."""
    pots = [m for m in (_POT_LINE.match(i) for i in raw.info) if m]
    by_seat = {s.seat: s.name for s in seated}
    at = next((k for k, ln in enumerate(lines) if ln.startswith("*** SUMMARY")), len(lines))
    wins = [(by_seat.get(int(m[1]), ""), m[2], raw.line + at + k) for k, m in enumerate(
        _WON.match(ln) for ln in lines[at:]) if m]
    if not pots or raw.total_pot is None or raw.game[-2:] == "/8" or any(a.kind == "collect" for a in raw.acts):
        return
    got = [(n, amount(a, raw.scale, raw, no), no) for n, a, no in wins]
    winners = {n for n, a, _ in got if a}
    no = int(pots[0][1])
    side = sum(amount(a, raw.scale, raw, no) for a in dict.fromkeys(m[2] for m in pots))
    put, out = chips_in(raw), {a.name for a in raw.acts if a.kind == "fold"}
    if len(winners) != 1 or raw.total_pot + side + (raw.rake or 0) != sum(put.values()):
        return
    who = winners.pop()
    if put.get(who, 0) < max((v for n, v in put.items() if n not in out), default=0):
        return
    for n, a, k in got:
        raw.add("collect", n, a, line=k)
    raw.add("collect", who, side, line=no)
    raw.total_pot += side
    raw.notes.append(f"the pot line of {side} before the showdown (line {no}) is a side pot the summary leaves out: "
                     f"{who}, who won the main pot and contends for it, collects it")


_WON = re.compile(r"^Seat (\d{1,3}): .*(?:and won|collected) \(([^)]*)\)")


class _PokerMasterStraddle:
    """PokerMaster writes a straddle as a second ``NAME: posts big blind $8`` (the preflop betting then
    starts left of it): read as ``posts straddle``. Called on a hand's lines in order, header first."""

    def __init__(self) -> None:
        self.seen = False

    def __call__(self, line: str) -> str:
        if line.lstrip().startswith("PokerMaster Hand #"):
            self.seen = False
        elif ": posts big blind " in line:
            if self.seen:
                return line.replace(": posts big blind ", ": posts straddle ", 1)
            self.seen = True
        return line


_RIO_ACT = re.compile(r"^(?P<n>.+?): (?P<k>posts (?:small|big) blind|posts straddle|bets|calls|raises \S+ to) "
                      r"(?P<a>\D*?(?P<num>\d+(?:\.\d+)?))(?P<allin> and is all-in)?\s*$")

_RIO_SEAT = re.compile(r"^Seat \d+: (?P<n>.+) \(\D*?(?P<num>\d+(?:\.\d+)?) in chips\)")
_RIO_RETURN = re.compile(r"^Uncalled bet \(\D*?(?P<num>\d+(?:\.\d+)?)\) returned to ")


def _rio_reading(lines: list[str], own_total: bool) -> tuple[int, dict[int, Decimal]]:
    """Reads a Run It Once hand's betting with raises ``to Y`` as street totals (``own_total``) or as
    totals less the raiser's bets and calls before on the street; returns (the figures the reading
    contradicts: a call other than what was owed, short of it without emptying the stack, chips
    beyond a stack, an uncalled-bet return other than the top bet's excess; the total each raise
    line reaches)."""
    left = {m["n"]: Decimal(m["num"]) for ln in lines if (m := _RIO_SEAT.match(ln)) is not None}
    cur: dict[str, Decimal] = {}
    vol: dict[str, Decimal] = {}
    last = cur  # the last street's bets (a return follows the showdown's line)
    bad, totals = 0, {}
    for k, ln in enumerate(lines):
        if ln.startswith("*** ") and "HOLE CARDS" not in ln:
            last = cur if cur else last
            cur, vol = {}, {}
        elif (r := _RIO_RETURN.match(ln)) is not None:
            bets = sorted((cur or last).values(), reverse=True) + [Decimal(0), Decimal(0)]
            bad += Decimal(r["num"]) != bets[0] - bets[1]
        m = _RIO_ACT.match(ln)
        if m is None:
            continue
        n, kind, a = m["n"], m["k"], Decimal(m["num"])
        mine, top = cur.get(n, Decimal(0)), max(cur.values(), default=Decimal(0))
        if kind == "calls":
            bad += a > top - mine or (a < top - mine and a != left.get(n))
        to = a + (Decimal(0) if own_total else vol.get(n, Decimal(0))) if kind.startswith("raises") else mine + a
        if kind.startswith("raises"):
            totals[k] = to
        if not kind.startswith("posts"):
            vol[n] = vol.get(n, Decimal(0)) + to - mine
        left[n] = left.get(n, Decimal(0)) - (to - mine)
        bad += left[n] < 0
        cur[n] = to
    return bad, totals


def _rio_raises(lines: list[str]) -> list[str]:
    """Run It Once's client (early 2019 files) wrote a re-raise ``raises X to Y`` with ``Y`` the street
    total less what the raiser had bet or called before on that street (a raise to 1.31 after a bet
    of 0.19: ``to 1.12``; its blind counts in ``Y``); later files write the street total. The hand's
    own calls decide: when the calls after the raises contradict the total reading and fewer of them
    the other, each raise line is rewritten to the total it reached (the record's calls and total pot
    then agree with it); otherwise the lines are unchanged."""
    bad_total, _ = _rio_reading(lines, True)
    bad_other, totals = _rio_reading(lines, False)
    if not bad_total or bad_other >= bad_total:
        return _rio_stp_twice(_rio_all_in_checks(lines))
    out = list(lines)
    for k, to in totals.items():
        m = _RIO_ACT.match(out[k])
        if m is not None and Decimal(m["num"]) != to:
            out[k] = _num(out[k], m, to)
    return _rio_stp_twice(_rio_all_in_checks(out))


def _num(line: str, m: re.Match[str], a: Decimal) -> str:
    """``line`` with the amount ``m`` matched (group ``num``) written ``a``."""
    return line[:m.start("num")] + str(a) + line[m.end("num"):]


_RIO_STP = re.compile(r"^STP added: \D*?(?P<num>\d+(?:\.\d+)?)\s*$")
_RIO_SIDE = re.compile(r"^.+ collected \D*?(?P<num>\d+(?:\.\d+)?) from side pot(?: (?P<k>\d+))?\s*$")
_RIO_POT = re.compile(r"\| Side pot(?:[- ](?P<k>\d+))? \D*?(?P<num>\d+(?:\.\d+)?)")


def _rio_stp_twice(lines: list[str]) -> list[str]:
    """The Splash the Pot chips (``STP added: X``, decision 037) are in the main pot; the client counts
    them once more in an ``Uncalled bet (Y) returned`` line (``Y`` the bet nobody called plus ``X``)
    and in what a player collected from a side pot (the summary's side pot plus ``X``). A line whose
    amount exceeds what the record's own betting (the return) or summary (the side pot) gives by
    exactly ``X`` is written with that amount; any other difference is left for the check."""
    stp = sum((Decimal(m["num"]) for ln in lines if (m := _RIO_STP.match(ln)) is not None), Decimal(0))
    if not stp:
        return lines
    pots = {m["k"] or "1": Decimal(m["num"]) for ln in lines for m in _RIO_POT.finditer(ln)}
    out, cur, last = list(lines), dict[str, Decimal](), dict[str, Decimal]()
    for k, ln in enumerate(lines):
        if ln.startswith("*** ") and "HOLE CARDS" not in ln:
            last, cur = cur or last, {}
        elif (m := _RIO_ACT.match(ln)) is not None:
            a = Decimal(m["num"])
            cur[m["n"]] = a if m["k"].startswith("raises") else cur.get(m["n"], Decimal(0)) + a
        elif (m := _RIO_RETURN.match(ln) or _RIO_SIDE.match(ln)) is not None:
            bets = sorted((cur or last).values(), reverse=True) + [Decimal(0), Decimal(0)]
            right = bets[0] - bets[1] if ln.startswith("Uncalled") else pots.get(m.groupdict().get("k") or "1")
            if right is not None and Decimal(m["num"]) - right == stp:
                out[k] = _num(ln, m, right)
    return out


def _rio_all_in_checks(lines: list[str]) -> list[str]:
    """The same client writes ``NAME: checks`` on the later streets when no betting is left (every
    player in the hand but one, or all, all in): no play, dropped (the total reading of the
    rewritten raises gives who is all in)."""
    stack: dict[str, Decimal] = {}
    cur: dict[str, Decimal] = {}
    spent: dict[str, Decimal] = {}
    out = []
    for ln in lines:
        if (m := _RIO_SEAT.match(ln)) is not None:
            stack[m["n"]] = Decimal(m["num"])
        elif ln.endswith(": folds"):
            stack.pop(ln[:-7], None)
        elif ln.startswith("*** ") and "HOLE CARDS" not in ln:
            cur = {}
        elif (m := _RIO_ACT.match(ln)) is not None:
            n, a = m["n"], Decimal(m["num"])
            to = a if m["k"].startswith("raises") else cur.get(n, Decimal(0)) + a
            spent[n] = spent.get(n, Decimal(0)) + to - cur.get(n, Decimal(0))
            cur[n] = to
        elif ln.endswith(": checks") and sum(spent.get(n, Decimal(0)) < v for n, v in stack.items()) <= 1:
            continue
        out.append(ln)
    return out


#: The Stars-like rooms by format name (``pyeval convert --from NAME``).
DIALECTS: dict[str, StarsDialect] = {
    "fulltilt2016": dialect("Full Tilt Poker", r"Full Tilt (?:Rush |Zoom )?Hand"),
    "runitonce": dialect("Run It Once Poker", r"Run It Once Poker Hand", sections=(("SHOWDOWN", "SHOW DOWN"),),
                         spaced=("show", "muck"), derive_returns=True,
                         returns_in_collect=True, implicit_total=True,  # a walk: no "Uncalled bet" line, the BB collects it all
                         house_money=re.compile(r"^STP added: (?P<a>\S+)\s*$"),  # Splash the Pot (decision 037)
                         prepare_hand=_rio_raises),
    "pokermaster": dialect("PokerMaster", r"PokerMaster Hand", prepare=_PokerMasterStraddle(),
                           chatter=(r"# \{.*\}\s*",)),  # the app's own data line (game, table, player ids)
    "pokerbros": dialect("PokerBros", r"PokerBros Hand"),
    "betonline": dialect("BetOnline", r"(?:BetOnline Poker|PayNoRake|Gear Poker|ActionPoker\.com|Sportsbetting\.ag Poker) Game",
                         lead=r"Tournament will start in a moment\.",
                         seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()\s]*\d[^()\s]*) in chips\)"
                                         r"(?P<rest>(?: - .*)?)$"),
                         player_chatter=(r"- Sitting out", r"has left the table", r"is sitting out"),
                         acts=STARS_ACTS + tuple((re.compile(p), k) for p, k in (
                             (r"^post now (?P<a>[^\s]+)\s*$", "bb"), (r"^post dead (?P<a>[^\s]+)\s*$", "missed"),
                             (r"^ante processed 0(?:\.0+)?\s*$", None),  # no ante: says nothing of who was dealt in
                             (r"^ante processed (?P<a>[^\s]+)\s*$", "ante"),
                             (r"^shows (?P<c>(?:[2-9TJQKA]|10)[cdhs](?: (?:[2-9TJQKA]|10)[cdhs])*)\s*$", "show"))),
                         spaced=("show",), idle_out=True, net_total=True, omaha_by_cards=True, board_summary=True, prepare=_betonline_line,
                         hidden_rake=True, room_repairs=_betonline_repairs,
                         pot_lines=re.compile(r"^Total pot \S+(?: \| Rake \S+)?\s*$"), chatter=(r'\S+ said ".*"',)),
}

"""PokerTracker 4's ``GAME #`` export: hands of the iPoker and Merge networks as PokerTracker 4 writes
them in a layout near PokerStars', as room data for the Stars-variant driver (issue 22, decision 038).

Layout (read from the exports)::

    GAME #2607756372: Texas Hold'em NL $0.50/$1 2011/01/23 20:16:35
    GAME #8162156892 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02 2018-12-26 22:40:05/GMT
    MERGE_GAME #3047310402797: Texas Hold'em NL $0.50/$1 01/01/2011 12:01:23
    GAME #3616765274: Texas Hold'em  NL  Tournament 2011-06-15 21:58:37       (no stakes: the posts)
    Table Bad Beat - Rue St Catherine (30473104)
    Seat 9: NAME ($116.13 in chips) DEALER
    NAME: Post SB $0.50                     (Post BB, Post Ante, Post DB: a dead blind)
    *** HOLE CARDS ***
    Dealt to NAME [SQ DQ]                   (suit first: the queens of spades and diamonds; D10 the ten)
    NAME: Call $1.00                        (Call and Allin: the chips added; Bet; Raise, Raise (NF),
                                             Raise to: the street total)
    *** SUMMARY ***
    Total pot $18.90 Rake $0.00             (after the rake; the bet nobody called counted in)
    NAME: Shows [CK SQ]                     (Mucks [..])
    NAME: wins $18.90                       (the bet nobody called counted in)

The return of a bet nobody called is not written: it is derived from the acts and taken out of the
total pot and of its bettor's win. The shows are in the summary (``summary_show``); a muck there is
read as PokerStars' summary writes it (``Seat 0: NAME mucked [..]``). A tournament with fractions of
a chip (``$1,192.50 in chips``) is read in hundredths of a chip.
"""
from __future__ import annotations

import copy
import re

from ._dialect import StarsDialect, fields_head
from ._model import FIGURES_DO_NOT_ADD_UP, RawHand, Seat
from ._repairs import round_closed
from ._settle import chips_in
from ._starlike import Room, acts

__all__ = ["ROOM", "EVEREST"]

_A = r"(?P<a>[^\s|(),]+(?:,\d\d\d)*(?:\.\d+)?)"
_DEALER = re.compile(r"\bDEALER\b")
_CARD = re.compile(r"\b([SCDHscdh])(10|[2-9TJQKA])\b")


def _cards(m: re.Match[str]) -> str:
    return "[" + _CARD.sub(lambda c: ("T" if c[2] == "10" else c[2]) + c[1].lower(), m[1]) + "]"


def _prepare(line: str) -> str:
    """A line as the patterns read it: cards rank first, ``Raise (NF)`` a raise, the total pot and
    rake apart, the summary's shows and mucks as PokerStars' summary writes them."""
    line = re.sub(r"\[([^\]]*)\]", _cards, line)
    line = re.sub(r"^(.+: Shows \[[^\]X]*?) ?X\b.*\]", r"\1]", line)  # a card not shown
    line = line.replace(": Raise (NF) ", ": Raise ")
    line = re.sub(r"^(Total pot \S+) (Rake \S+)\s*$", r"\1 | \2", line)
    sm = re.match(r"^(.+): Mucks (\[[^\]]*\]).*$", line)
    if sm:
        return f"Seat 0: {sm[1]} mucked {sm[2]}"
    return line


class _Archive:
    """:func:`_prepare`, and for the export's 2013 archive layout (``GAME #N: Omaha 50/100 - DATE``: pot limit, a
    ``Server`` line, blank lines around the seats): ``NAME: SB $50.00`` / ``BB`` the blinds, ``Raise to
    X`` the chips the raise adds (the caller's ``Call`` then matches), a street's line giving the whole
    board in one bracket. Called on a hand's lines in order, header first."""

    def __init__(self) -> None:
        self.on = False

    def __call__(self, line: str) -> str:
        if re.match(r"^\ufeff?(?:MERGE_)?GAME #", line):
            self.on = bool(re.match(r"^\ufeff?GAME #\d+: [^-]*? - \d{4}-\d\d-\d\d \d", line))
            if self.on:  # its Omaha tables name no structure: pot limit (a pot raise is the largest made)
                line = re.sub(r"^(\ufeff?GAME #\d+: Omaha(?: Hi-Lo)?) (?!NL |PL |FL )", r"\1 PL ", line)
        line = _prepare(line)
        if not self.on:
            return line
        line = re.sub(r"^(.+): (SB|BB) (\S+)\s*$", r"\1: Post \2 \3", line)
        line = re.sub(r"^(.+): Raise to (\S+)\s*$", r"\1: Raise by \2", line)
        m = re.match(r"^(\*\*\* (?:TURN|RIVER) \*\*\*) \[([^\]]*)\]\s*$", line)
        if m and len(m[2].split()) in (4, 5):
            *old, new = m[2].split()
            return f"{m[1]} [{' '.join(old)}] [{new}]"
        return line


def _head(d: StarsDialect, raw: RawHand, lines: list[str], start: int) -> int:
    """The header and table lines; a tournament whose chips have cents is read in hundredths of a chip."""
    j = fields_head(d, raw, lines, start)
    while j < len(lines) and (not lines[j].strip() or lines[j].startswith("Server ")):  # (the 2013 archive)
        raw.info.append(f"{start + j}: {lines[j]}") if lines[j].strip() else None
        j += 1
    if raw.tournament is not None:
        raw.table_rules["tournament_all_in_show"] = False  # the export shows only the hands it saw
        if any(re.search(r"\d\.\d*[1-9]\d*\b", ln) for ln in lines[j:]):  # (not the buy-in's "$2+$0.20")
            raw.scale = 100
            raw.notes.append("tournament chips with fractions: amounts in hundredths of a chip")
    if not any(ln.startswith("Seat ") and _DEALER.search(ln) for ln in lines):  # no button marked:
        seats = [m for m in (d.seat.match(ln) for ln in lines[j:]) if m]   # the seat before the small blind
        sb = next((ln.split(": Post SB ")[0] for ln in lines if ": Post SB " in ln), None)
        at = next((k for k, m in enumerate(seats) if m["name"] == sb), None)
        if at is not None:
            raw.button_seat = int(seats[at if len(seats) == 2 else at - 1]["seat"])
    return j


def _repairs(raw: RawHand, lines: list[str], seated: list[Seat]) -> None:
    """The export's own ways, repaired once a hand's lines are read (each noted):

    - the 2011-2012 tournament hands (a header without ``Version:``) of Merge, and of iPoker when the
      hero was not dealt in (no ``Dealt to`` line), write each stack after the blinds and antes (the
      next hand's stacks are this one's results less its forced bets): each gets its forced bets back;
    - a big blind posted all in for less than the small blind, in a hand without stakes: the nominal
      big blind is what the first player to call puts in (else twice the small blind);
    - a street line written after the betting of its street (``*** TURN ***`` right before ``*** RIVER
      ***``, the turn's checks and bets before them): the street begins where the betting round before
      it closed (:func:`_late_streets`);
    - streets and shows written after every other player folded: left out.

    Raises HandParseError (:data:`FIGURES_DO_NOT_ADD_UP`) for a player who puts in more than his stack
    and his forced bets while the total pot counts every chip: no reading of the stacks lets him."""
    if raw.tournament is not None and "Version:" not in lines[0] and (
            lines[0].lstrip("\ufeff").startswith("MERGE_GAME") or not any(ln.startswith("Dealt to ") for ln in lines)):
        for s in seated:
            s.stack += _forced(raw).get(s.name, 0)
        raw.notes.append("the stacks are written after the blinds and antes: each is the printed one plus its forced bets")
    _nominal_big_blind(raw, {s.name: s.stack for s in seated})
    _late_streets(raw, {s.name: s.stack for s in seated})
    _after_the_last_fold(raw)
    put, forced = chips_in(raw), _forced(raw)
    if raw.total_pot is not None and raw.total_pot + (raw.rake or 0) == sum(put.values()):
        over = next((s for s in seated if put.get(s.name, 0) > max(0, s.stack) + forced.get(s.name, 0)), None)
        if over is not None:
            raise raw.fail(f"{FIGURES_DO_NOT_ADD_UP}: {over.name} has {over.stack} in chips yet puts "
                           f"{put.get(over.name, 0)} in, which the total pot counts", over.line)


def _forced(raw: RawHand) -> dict[str, int]:
    forced: dict[str, int] = {}
    for a in raw.acts:
        if a.kind in ("post", "ante"):
            forced[a.name] = forced.get(a.name, 0) + a.amount
    return forced


def _nominal_big_blind(raw: RawHand, stacks: dict[str, int]) -> None:
    posts = {a.extra: a for a in reversed(raw.acts) if a.kind == "post" and a.extra in ("sb", "bb")}
    sb, bb = posts.get("sb"), posts.get("bb")
    if raw.big_blind is not None or sb is None or bb is None or bb.amount >= sb.amount or \
            _forced(raw).get(bb.name, 0) != stacks.get(bb.name):
        return
    posters = {a.name for a in raw.acts if a.kind == "post"}
    first = next((a for a in raw.acts if a.kind in ("call", "bet", "raise", "street") and a.extra != "HOLE CARDS"), None)
    nominal = first.amount if first is not None and first.kind == "call" and first.name not in posters else 2 * sb.amount
    raw.big_blind = raw.min_bet = nominal
    raw.notes.append(f"{bb.name}'s big blind of {bb.amount} is all in below the small blind: the big blind is {nominal}")


def _late_streets(raw: RawHand, stacks: dict[str, int]) -> None:
    """A street line followed at once by the next street's, with betting after the round before it
    closed: the street begins at that betting."""
    k = 0
    while k < len(raw.acts) - 1:
        a = raw.acts[k]
        if a.kind != "street" or a.extra not in ("TURN", "RIVER") or raw.acts[k + 1].kind != "street":
            k += 1
            continue
        prev = max((j for j in range(k) if raw.acts[j].kind == "street"), default=k)
        for j in range(prev + 1, k):
            part = copy.copy(raw)
            part.acts = raw.acts[:j]
            if raw.acts[j].kind in ("check", "bet", "call", "raise", "fold") and round_closed(part, stacks):
                raw.acts[j:k + 1] = [a] + raw.acts[j:k]
                raw.notes.append(f"the {a.extra} line (line {a.line}) follows its betting: the street begins at line "
                                 f"{raw.acts[j + 1].line}, where the round before it closed")
                break
        k += 1


def _after_the_last_fold(raw: RawHand) -> None:
    folded: set[str] = set()
    live = {a.name for a in raw.acts if a.kind in ("post", "ante", "call", "check", "bet", "raise")} | set(raw.hole)
    for k, a in enumerate(raw.acts):
        folded |= {a.name} if a.kind == "fold" else set()
        if len(live - folded) == 1 and any(x.kind in ("street", "show") for x in raw.acts[k + 1:]):
            gone = [x for x in raw.acts[k + 1:] if x.kind in ("street", "show")]
            raw.acts = raw.acts[:k + 1] + [x for x in raw.acts[k + 1:] if x.kind not in ("street", "show")]
            raw.notes.append(f"{len(gone)} street or show line(s) after every other player folded: left out")
            return


ROOM = Room(
    venue="PokerTracker 4",
    first=re.compile(r"^\ufeff?(?:GAME|MERGE_GAME) #[\d-]+:? (?:Version:\S+ )?(?:Uncalled:\S+ )?"
                     r"(?:Texas Hold'em|Holdem|Omaha)"),
    header=re.compile(
        r"^\ufeff?(?:GAME|MERGE_GAME) #(?P<id>[\d-]+):?(?: Version:\S+)?(?: Uncalled:\S+)? +"
        r"(?P<game>Texas Hold'em|Holdem|Omaha Hi-Lo|Omaha)(?: +(?P<struct>NL|PL|FL))? +"
        r"(?:(?P<tour>Tournament)|(?P<stakes>[^\s/]+/[^\s/]+))"
        r"(?: +(?:- )?(?P<y>\d{4})[-/](?P<mo>\d\d)[-/](?P<d>\d\d) (?P<H>\d\d):(?P<M>\d\d):(?P<S>\d\d))?"),
    table=re.compile(r"^Table (?P<table>.*?)\s*$"),
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips\)(?P<rest>.*)$"),
    actions=acts(extra=(
        (r"^Post SB " + _A + r"\s*$", "sb"),
        (r"^Post BB (?:Allin )?" + _A + r"\s*$", "bb"),
        (r"^Post SB Allin " + _A + r"\s*$", "sb"),
        (r"^Post Ante " + _A + r"\s*$", "ante"),
        (r"^Post DB " + _A + r"\s*$", "dead"),
        (r"^Fold\s*$", "fold"),
        (r"^Check\s*$", "check"),
        (r"^Call " + _A + r"\s*$", "call"),
        (r"^Bet " + _A + r"\s*$", "bet"),
        (r"^Raise(?: to)? " + _A + r"\s*$", "raise"),
        (r"^Raise by " + _A + r"\s*$", "raise_by"),
        (r"^Allin " + _A + r"\s*$", "allin_add"),
    )),
    summary_collect=re.compile(r"^(?P<n>.+): wins (?P<a>\S+)(?: \(uncalled\))?\s*$"),
    summary_show=re.compile(r"^(?P<n>.+): Shows \[(?P<c>[^\]]*)\].*$"),
    prepare=_Archive(),
    head=_head,
    table_optional=True,
    button_mark=_DEALER,
    info=re.compile(r"^.+:\s*$"),  # a player's name alone (the export's empty action)
    returns_in_collect=True,
    net_total=True,
    derived_rake=True,
    room_repairs=_repairs,
)


def _lone_dead(raw: RawHand, lines: list[str], seated: list[Seat]) -> None:
    """Everest's ``posts the dead blind of X`` is dead money when its poster also posts his big blind
    (``posts $1.00``: a missed small blind); alone it is the big blind a player coming in posts, live
    (he checks his option), noted."""
    posters = [a.name for a in raw.acts if a.kind == "post"]
    for k, a in enumerate(raw.acts):
        if a.kind == "post" and a.extra == "dead" and posters.count(a.name) == 1:
            raw.acts[k] = a._replace(extra="bb")
            raw.notes.append(f"{a.name}'s dead blind of {a.amount} (line {a.line}) is his only post: a live big blind")


#: PokerTracker 4's text of Everest hands: ``EverestPoker Game #N: [Tourney ID: T, ]Table NAME - $0.50/$1 -
#: No Limit Hold'em - 22:33:12 - 2011/01/02``, seats ``Seat 1: NAME ($94.15)``, ``NAME posts the small
#: blind of $0.50`` (``the big blind of``, ``the ante of``; ``posts $1``: a big blind posted to come in,
#: live: the poster checks his option; ``the dead blind of``: see :func:`_lone_dead`), ``The button
#: is in seat #7``, ``calls $1`` (the chips added), ``raises to $5.50``, ``Uncalled bet of $7.00 returned
#: to NAME``, ``NAME collects $12.85`` in the summary. No total pot and no rake: the rake is derived.
EVEREST = Room(
    venue="Everest (PokerTracker 4 text)",
    first=re.compile(r"^\ufeff?EverestPoker Game #\d+: "),
    header=re.compile(
        r"^\ufeff?EverestPoker Game #(?P<id>\d+): (?:Tourney ID: (?P<tour>\d+), )?Table .*? - (?P<stakes>[^\s]+) - "
        r"(?P<struct>No Limit|Pot Limit|Limit) (?P<game>Hold'em|Omaha Hi-Lo|Omaha) - "
        r"(?P<H>\d\d):(?P<M>\d\d):(?P<S>\d\d) - (?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d)"),
    table=None,
    seat=re.compile(r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*\d[^()]*)\)(?P<rest>.*)$"),
    sep=" ",
    button=re.compile(r"^The button is in seat #(?P<seat>\d+)\s*$"),
    actions=acts(extra=(
        (r"^posts the small blind of " + _A + r"\s*$", "sb"),
        (r"^posts the big blind of " + _A + r"\s*$", "bb"),
        (r"^posts the ante of " + _A + r"\s*$", "ante"),
        (r"^posts the dead blind of " + _A + r"\s*$", "dead"),  # (alone: his big blind to come in, see _lone_dead)
        (r"^posts " + _A + r"\s*$", "bb"),  # a big blind to come in: his bet (he checks)
        (r"^calls " + _A + r",?(?: and is all-in)?\s*$", "call"),
        (r"^bets " + _A + r",?(?: and is all-in)?\s*$", "bet"),
        (r"^raises to " + _A + r",?(?: and is all-in)?\s*$", "raise"),
        (r"^collects " + _A + r"\s*$", "collect"),
        (r"^mucked(?: \[[^\]]*\])?\s*$", "muck"),
        (r"^has been disconnected, and is allin\s*$", "disconnect"),  # at his turn: all in for what he put in
        (r"^finished in place \d+ and won .*$", None),
    )),
    uncalled=re.compile(r"^Uncalled bet of (?P<a>\S+) returned to (?P<n>.+?)\s*$"),
    summary_collect=re.compile(r"^(?P<n>.+) collects (?P<a>\S+)\s*$"),
    derived_rake=True,
    room_repairs=_lone_dead,
)

"""iPoker network XML hand histories (hold'em and Omaha, every structure).

Read from the public descriptions of the format: a ``<session>`` with a ``<general>`` block
(``<gametype>Holdem NL $0.02/$0.04</gametype>``, ``<tablename>``, ``<currency>``, ``<smallblind>``,
``<bigblind>``, ``<startdate>``) and one ``<game gamecode="...">`` per hand: its ``<general>``
lists ``<player seat= name= chips= dealer= win= bet= />`` (``chips`` the starting stack, ``win``
what the player collected, ``dealer="1"`` the button); ``<round no="0">`` holds the forced bets,
later rounds ``<cards type="Pocket|Flop|Turn|River" player="...">S10 HK</cards>`` (suit letter
first, ``X`` for a card not seen) and ``<action no= player= type= sum= />`` with types 0 fold,
1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 6 raise (``sum`` the chips added), 7 all-in
(chips added), 15 ante, 23 raise to (``sum`` the new total). Amounts may carry a currency sign and
a decimal comma (``€0,02``).
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ._limits import room_time
from ._model import MAX_SEAT, RawHand, Seat, amount, cards, number

__all__ = ["parse_game", "split", "looks_like"]

_GAMES = [(r"holdem\s*nl|holdem no ?limit|texas hold'?em no ?limit", "NT"), (r"holdem\s*pl|holdem pot ?limit", "PT"),
          (r"holdem\s*(?:fl|l)\b|holdem limit|holdem fixed", "FT"), (r"omaha\s*hi[- /]?lo\s*pl|omaha hi-lo pot ?limit", "PO/8"),
          (r"omaha\s*pl|omaha pot ?limit", "PO"), (r"omaha\s*hi[- /]?lo\s*(?:fl|l)\b|omaha hi-lo limit", "FO/8"),
          (r"omaha\s*(?:fl|l)\b|omaha limit", "FO")]
_SUIT = {"S": "s", "H": "h", "D": "d", "C": "c"}


def looks_like(text: str) -> bool:
    """True when ``text`` is iPoker XML (a ``<session`` with ``<game gamecode=``)."""
    head = text.lstrip("\ufeff").lstrip()[:4000]
    return (head.startswith("<?xml") or head.startswith("<session")) and "<session" in head


_GAME_START = re.compile(r"<game\b")
_SESSION_GENERAL = re.compile(r"<session\b[^<>]*>\s*<general>")


def split(text: str) -> list[tuple[int, list[str]]]:
    """One entry per ``<game>``: (its line, [session general XML, game XML]).

    Linear in the file's length: one forward scan, each character looked at a bounded number of
    times (a ``<game>`` never closed is one last entry holding the rest of the file, which its
    parse reports as malformed)."""
    t = text.lstrip("\ufeff")
    general = "<general/>"
    s = t.find("<session")
    gm = _SESSION_GENERAL.match(t, s) if s >= 0 else None
    if gm:
        end = t.find("</general>", gm.end())
        if end >= 0:
            general = t[gm.end() - len("<general>"):end + len("</general>")]
    out: list[tuple[int, list[str]]] = []
    line, counted = 1, 0  # the line number at offset ``counted``, advanced as the scan moves on
    pos = 0
    while True:
        m = _GAME_START.search(t, pos)
        if m is None:
            break
        line += t.count("\n", counted, m.start())
        counted = m.start()
        end = t.find("</game>", m.end())
        stop = len(t) if end < 0 else end + len("</game>")
        out.append((line, [general, t[m.start():stop]]))
        pos = stop
    return out


def _amt(text: str | None, raw: RawHand, line: int) -> int:
    t = (text or "0").strip().replace("&euro;", "€")
    if "," in t and "." not in t and re.search(r",\d{1,2}$", t):
        t = t.replace(",", ".")
    return amount(t or "0", raw.scale, raw, line)


def _cards(text: str, raw: RawHand, line: int) -> list[int]:
    out = []
    for tok in text.split():
        if tok.upper().startswith("X"):
            out.append(-1)
            continue
        if len(tok) < 2 or tok[0].upper() not in _SUIT:
            raise raw.fail(f"bad card {tok!r}", line)
        out += list(cards(tok[1:] + _SUIT[tok[0].upper()], raw, line))
    return out


def parse_game(lines: list[str], start: int = 1, source: str = "") -> RawHand:
    """One ``<game>`` (with the session's ``<general>``) into a RawHand.

    Raises:
        HandParseError: XML that does not parse, or a game element missing what a hand needs;
            the line is the game's first line (plus the XML parser's own line within it).
    """
    raw = RawHand(venue="iPoker Network", source=source, line=start)
    try:
        general = ET.fromstring(lines[0])
        game = ET.fromstring(lines[1])
    except ET.ParseError as exc:
        ln = start + (exc.position[0] - 1 if hasattr(exc, "position") else 0)
        raise raw.fail(f"malformed XML: {exc}", ln) from None
    raw.hand_id = game.get("gamecode")
    gt = (general.findtext("gametype") or "").strip()
    code = next((c for pat, c in _GAMES if re.search(pat, gt, flags=re.I)), None)
    if code is None:
        raise raw.fail(f"unknown game type {gt!r}", start)
    raw.game = code
    raw.table = general.findtext("tablename")
    cur = (general.findtext("currency") or "").strip() or None
    sample = " ".join(filter(None, [gt, general.findtext("bigblind")] + [p.get("chips") or "" for p in game.iter("player")]))
    sym = next((s for s in "$€£" if s in sample), None) or ("€" if "&euro;" in sample else None)
    if cur or sym or re.search(r"\d[.,]\d", sample):
        raw.scale = 100
        raw.currency = cur or {"$": "USD", "€": "EUR", "£": "GBP"}.get(sym or "")
        raw.currency_symbol = sym
    sb = general.findtext("smallblind")
    bb = general.findtext("bigblind")
    if bb is None:
        st = re.findall(r"[\d][\d.,]*", gt)
        if len(st) < 2:
            raise raw.fail(f"no blinds in {gt!r}", start)
        sb, bb = st[0], st[1]
    lo, hi = _amt(sb, raw, start), _amt(bb, raw, start)
    if code[0] == "F":
        raw.small_bet, raw.big_bet = hi, 2 * hi
    else:
        raw.min_bet = hi
    date = game.findtext("general/startdate") or general.findtext("startdate")
    if date:
        dm = re.match(r"(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2})", date.strip())
        if dm:
            raw.time = room_time(dm.groups(), raw.fail, start)
    players = game.findall("general/players/player")
    if not players:
        raise raw.fail("no players in the game", start)
    seats = []
    win: dict[str, int] = {}
    for p in players:
        nm = p.get("name")
        if nm is None or p.get("seat") is None:
            raise raw.fail("a player without name or seat", start)
        seat = number(p.get("seat"), "a player's seat", raw, start, 0, MAX_SEAT)
        seats.append(Seat(seat, nm, _amt(p.get("chips"), raw, start), start))
        if p.get("dealer") == "1":
            raw.button_seat = seat
        win[nm] = _amt(p.get("win"), raw, start)
        if p.get("rakeamount"):
            raw.rake = (raw.rake or 0) + _amt(p.get("rakeamount"), raw, start)
    rake = game.findtext("general/rake")
    if rake:
        raw.rake = _amt(rake, raw, start)
    raw.seats = seats
    names = {s.name for s in seats}
    cur_bet: dict[str, int] = {}
    dealt = False
    for rnd in game.findall("round"):
        no = number(rnd.get("no", "0"), "a round number", raw, start, 0, 99)
        for el in rnd:
            if el.tag == "cards":
                kind = el.get("type", "")
                cs = _cards(el.text or "", raw, start)
                if kind == "Pocket":
                    nm = el.get("player", "")
                    if nm not in names:
                        raise raw.fail(f"cards for an unknown player {nm!r}", start)
                    if any(c >= 0 for c in cs):
                        raw.hole[nm] = cs
                    if not dealt:
                        dealt = True
                        raw.add("street", line=start, extra="preflop")
                elif kind in ("Flop", "Turn", "River"):
                    if not dealt:
                        dealt = True
                        raw.add("street", line=start, extra="preflop")
                    raw.add("street", cards=tuple(cs), line=start, extra=kind)
                    cur_bet = {}
                else:
                    raise raw.fail(f"unknown cards type {kind!r} in round {no}", start)
                continue
            if el.tag != "action":
                continue
            nm = el.get("player", "")
            if nm not in names:
                raise raw.fail(f"an action by an unknown player {nm!r}", start)
            t = el.get("type")
            a = _amt(el.get("sum"), raw, start)
            if t in ("1", "2"):
                raw.add("post", nm, a, line=start, extra="sb" if t == "1" else "bb")
                cur_bet[nm] = cur_bet.get(nm, 0) + a
            elif t == "15":
                raw.add("ante", nm, a, line=start)
            else:
                if not dealt:
                    dealt = True
                    raw.add("street", line=start, extra="preflop")
                if t == "0":
                    raw.add("fold", nm, line=start)
                elif t == "4":
                    raw.add("check", nm, line=start)
                elif t == "3":
                    raw.add("call", nm, a, line=start)
                    cur_bet[nm] = cur_bet.get(nm, 0) + a
                elif t in ("5", "6", "7", "23"):
                    to = a if t == "23" else cur_bet.get(nm, 0) + a
                    top = max(cur_bet.values(), default=0)
                    if to <= top:  # an all-in that only calls
                        raw.add("call", nm, to - cur_bet.get(nm, 0), line=start)
                    else:
                        raw.add("bet" if t == "5" else "raise", nm, to, line=start)
                    cur_bet[nm] = to
                else:
                    raise raw.fail(f"unknown action type {t!r}", start)
    for nm, w in win.items():
        if w:
            raw.add("collect", nm, w, line=start)
    # a player who reaches showdown with known cards shows them
    live = _live(raw)
    if len(live) > 1:
        for nm in live:
            if nm in raw.hole and -1 not in raw.hole[nm]:
                raw.add("show", nm, cards=tuple(raw.hole[nm]), line=start)
    _returns(raw)
    return raw


def _live(raw: RawHand) -> list[str]:
    folded = {a.name for a in raw.acts if a.kind == "fold"}
    return [s.name for s in raw.seats if s.name not in folded]


def _returns(raw: RawHand) -> None:
    """iPoker does not write uncalled bets: the part of the largest bet nobody matched comes back."""
    contrib: dict[str, int] = {}
    street: dict[str, int] = {}
    for a in raw.acts:
        if a.kind == "street":
            for k, v in street.items():
                contrib[k] = contrib.get(k, 0) + v
            street = {}
        elif a.kind == "ante":
            contrib[a.name] = contrib.get(a.name, 0) + a.amount
        elif a.kind in ("post", "call"):
            street[a.name] = street.get(a.name, 0) + a.amount
        elif a.kind in ("bet", "raise"):
            street[a.name] = a.amount
    for k, v in street.items():
        contrib[k] = contrib.get(k, 0) + v
    if len(contrib) < 2:
        return
    ranked = sorted(contrib.items(), key=lambda kv: kv[1], reverse=True)
    (top, a1), (_, a2) = ranked[0], ranked[1]
    if a1 > a2:
        raw.add("return", top, a1 - a2, line=raw.line)

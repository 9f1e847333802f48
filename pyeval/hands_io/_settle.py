"""How a hand's chips settle when the room leaves part of it unwritten, shared by the readers.

:func:`chips_in` (what each player put in, from the acts), :func:`implicit_return` /
:func:`return_implicit` (a bet nobody called whose return the record does not write),
:func:`derive_rake` (a room that prints no rake) and :func:`defer_extra_blinds` (a big blind posted
out of turn by a player joining the game). They read and amend a
:class:`~pyeval.hands_io._model.RawHand`; the Stars-text driver (:mod:`pyeval.hands_io._stars`) and
the XML/other readers call them.
"""
from __future__ import annotations

from ._model import RawHand

__all__ = ["chips_in", "implicit_return", "return_implicit", "derive_rake", "defer_extra_blinds", "over_return", "unwritten_total",
           "button_before_blinds", "hidden_rake", "tournament_pot"]


def chips_in(raw: RawHand) -> dict[str, int]:
    """What each player put in the pot so far, by the acts (returns taken off); a post of
    ``both`` counts whole, its live part towards the round's bets (the record's big blind)."""
    put: dict[str, int] = {}
    street: dict[str, int] = {}
    for a in raw.acts:
        if a.kind == "street" and a.extra not in ("HOLE CARDS", "DEALING HANDS"):  # blinds: first round
            street = {}
        elif a.kind == "ante":
            put[a.name] = put.get(a.name, 0) + a.amount
        elif a.kind in ("post", "call", "check", "bring_in"):
            put[a.name] = put.get(a.name, 0) + a.amount
            live = (min(a.amount, raw.big_blind or a.amount) if a.extra == "both"
                    else 0 if a.kind == "post" and a.extra == "dead" else a.amount)  # dead money is no bet
            street[a.name] = street.get(a.name, 0) + live
        elif a.kind in ("bet", "raise", "complete"):
            put[a.name] = put.get(a.name, 0) + a.amount - street.get(a.name, 0)
            street[a.name] = a.amount
        elif a.kind == "return":
            put[a.name] = put.get(a.name, 0) - a.amount
    return put


def implicit_return(raw: RawHand) -> tuple[str, int] | None:
    """The bet nobody called that the record leaves implicit: (its bettor, the excess of his chips
    over the next largest contribution), from the acts; None when every bet was called. Dead money
    (a ``dead`` post, the small blind of a post of ``both``) is no bet: it is left out of the ranking."""
    ranked = sorted(_live_in(raw).items(), key=lambda kv: kv[1], reverse=True) + [("", 0), ("", 0)]
    if ranked[0][1] > ranked[1][1]:  # (a lone big blind everyone folds to goes back whole)
        return ranked[0][0], ranked[0][1] - ranked[1][1]
    return None


def _live_in(raw: RawHand) -> dict[str, int]:
    """:func:`chips_in` without dead money (a ``dead`` post, the small blind of a post of ``both``, and a
    big-blind ante: one player's ante paid for the table, which no bet is measured against)."""
    live = chips_in(raw)
    anted = {a.name for a in raw.acts if a.kind == "ante" and a.amount}
    for a in raw.acts:
        if a.kind == "post" and a.extra in ("both", "dead"):
            live[a.name] -= a.amount - min(a.amount, raw.big_blind or a.amount) if a.extra == "both" else a.amount
        elif a.kind == "ante" and len(anted) == 1 and len(live) > 1:
            live[a.name] -= a.amount
    return live


def over_return(raw: RawHand) -> None:
    """A record that returns more of a bet than nobody called and counts the rest as collected
    (files converted to PokerStars' layout: a walk returns the whole big blind, which then collects
    the small blind alone): the return is cut to the part of its bettor's bet beyond every other
    player's (on that betting round, or over the hand with the antes; dead money left out: the larger
    of the two), the rest is what he collected from
    the pot (the total pot grows by it), noted. The player's result is the record's; nothing changes
    when he collects nothing."""
    rets = [k for k, a in enumerate(raw.acts) if a.kind == "return"]
    got = [k for k, a in enumerate(raw.acts) if a.kind == "collect" and rets and a.name == raw.acts[rets[0]].name]
    if len(rets) != 1 or not got:
        return
    ret, fresh = raw.acts[rets[0]], False
    street: dict[str, int] = {}
    for a in raw.acts[:rets[0]]:  # the bets of the last betting round with any (streets dealt later: none)
        if a.kind == "street" and a.extra not in ("HOLE CARDS", "DEALING HANDS"):
            fresh = True
            continue
        if fresh and a.kind in ("call", "bring_in", "post", "bet", "raise", "complete"):
            street.clear()
            fresh = False
        if a.kind in ("call", "bring_in") or a.kind == "post" and a.extra != "dead":
            street[a.name] = street.get(a.name, 0) + (min(a.amount, raw.big_blind or a.amount)
                                                      if a.extra == "both" else a.amount)
        elif a.kind in ("bet", "raise", "complete"):
            street[a.name] = a.amount
    whole = _live_in(raw)  # (antes count: a bet over a player all-in on his ante; dead extra blinds do not)
    whole[ret.name] = whole.get(ret.name, 0) + ret.amount
    excess = max(street.get(ret.name, 0) - max((v for k, v in street.items() if k != ret.name), default=0),
                 whole[ret.name] - max((v for k, v in whole.items() if k != ret.name), default=0))
    if not 0 <= excess < ret.amount:
        return
    more = ret.amount - excess
    raw.acts[rets[0]] = ret._replace(amount=excess)
    raw.acts[got[-1]] = raw.acts[got[-1]]._replace(amount=raw.acts[got[-1]].amount + more)
    if raw.total_pot is not None:
        raw.total_pot += more
    raw.notes.append(f"the record returns {ret.amount} to {ret.name}, but only {excess} was uncalled: the other "
                     f"{more} is counted as collected from the pot")


def return_implicit(raw: RawHand, in_collect: bool) -> None:
    """Add the return of a bet nobody called that the record leaves implicit (:func:`implicit_return`),
    noted, and taken out of the room's total pot when that counts it; ``in_collect``: the room may
    count it in its bettor's collected amount too (taken out of it when what was collected exceeds
    the pot)."""
    imp = implicit_return(raw)
    if imp is None:
        return
    who, extra = imp
    counted = raw.total_pot is not None and raw.total_pot == sum(chips_in(raw).values()) + (raw.house_money or 0)
    raw.add("return", who, extra)
    raw.notes.append(f"uncalled bet of {extra} returned to {who} (the record writes no line for it)")
    if raw.total_pot is not None and counted:  # the room's total counts the bet nobody called
        raw.total_pot -= extra
    got_all = sum(a.amount for a in raw.acts if a.kind == "collect")
    if in_collect and got_all - extra >= 0 and got_all > sum(chips_in(raw).values()):
        got = [k for k, a in enumerate(raw.acts) if a.kind == "collect" and a.name == who and a.amount >= extra]
        if got:  # the last of his pots that holds it (a side pot printed before the main pot holds the bet)
            a = raw.acts[got[-1]]
            raw.acts[got[-1]] = a._replace(amount=a.amount - extra)


def derive_rake(raw: RawHand) -> None:
    """For a room that prints no rake: the pot the acts build less what was collected, when not
    negative, recorded as the rake and noted as derived."""
    put = sum(chips_in(raw).values())
    got = sum(a.amount for a in raw.acts if a.kind == "collect")
    if got and 0 <= put - got and raw.rake is None:
        raw.rake = put - got
        if raw.rake:
            raw.notes.append(f"rake of {raw.rake} derived (the room prints none): the pot less what was collected")


def tournament_pot(raw: RawHand) -> None:
    """A tournament hand (no rake) whose record prints no total pot and whose collected amounts are
    not the chips its plays put in (after the returns): the room's figures do not add up. The pot
    is the pot of its plays (decision 038): it is recorded as the total, with no rake, and noted,
    so the check counts the hand outside the rate instead of a derived rake the replay refuses."""
    if raw.tournament is None or raw.total_pot is not None or raw.rake:
        return
    put = sum(chips_in(raw).values())
    got = sum(a.amount for a in raw.acts if a.kind in ("collect", "cashout"))
    if got and put != got:
        raw.total_pot, raw.rake = put, 0
        raw.notes.append(f"a tournament takes no rake, yet the room pays out {got} of the {put} chips its plays put "
                         "in: the room's figures do not add up (the total is the pot of the plays)")


def unwritten_total(raw: RawHand) -> None:
    """``Total pot 0 | Rake X`` with chips in the pot: the room wrote no total (Enet). The total is the
    chips the acts put in (noted), so a rake and wins that are not that pot show as not adding up."""
    put = sum(chips_in(raw).values())
    if put:
        raw.total_pot = put
        raw.notes.append(f"the total pot is written as 0: taken as the {put} chips put in")


def defer_extra_blinds(raw: RawHand) -> None:
    """A big blind posted out of turn (a player coming in) besides the blinds' run from the small
    blind on: a blind posted to come in (``post`` ``extra="both"``: live up to the big blind, PHH
    ``_live_blinds``, any more dead, ``_dead_blinds``; replayed by
    :meth:`pyeval.poker.Round.post_extra_blind`, decision 029)."""
    posts = [k for k, a in enumerate(raw.acts) if a.kind == "post" and a.extra in ("sb", "bb")]
    normal: list[int] = []
    for k in posts:
        a = raw.acts[k]
        if not normal and a.extra == "sb" or (len(normal) == 1 and a.extra == "bb" and raw.acts[normal[0]].extra == "sb"):
            normal.append(k)
        elif not normal and a.extra == "bb":  # no small blind: the big blind opens the run
            normal.append(k)
    for k in posts:
        a = raw.acts[k]
        if k not in normal and a.extra == "bb":
            raw.acts[k] = a._replace(extra="both")  # live up to the big blind, any more dead


def button_before_blinds(raw: RawHand) -> None:
    """A player seated between the button and the small blind (the big blind when none is posted;
    moved in, or back from a break) who
    posts nothing and folds before the flop: the blinds start from the seat after the button in
    PHH's order, so the button is read as that player's seat (the last seat before the small blind),
    noted. The betting order is the same: such a player acts just before the small blind before the
    flop and never after it. Nothing changes when any such player posts, or plays on (the replay
    then reports the order)."""
    seats = sorted(raw.seats, key=lambda s: s.seat)
    sb = next((a.name for a in raw.acts if a.kind == "post" and a.extra == "sb"), None) or next(
        (a.name for a in raw.acts if a.kind == "post" and a.extra == "bb"), None)  # (no small blind: the big)
    if raw.button_seat is None or sb is None or len(seats) < 3:
        return
    k = next((i for i, s in enumerate(seats) if s.seat > raw.button_seat), 0)
    order = seats[k:] + seats[:k]
    j = next(i for i, s in enumerate(order) if s.name == sb)
    between = [s.name for s in order[:j]]
    if not between or j >= len(order) - 1:
        return
    for nm in between:
        first = next((a for a in raw.acts if a.name == nm and a.kind not in ("ante", "show", "muck")), None)
        flop = next((q for q, a in enumerate(raw.acts) if a.kind == "street" and a.cards), len(raw.acts))
        if first is None or first.kind != "fold" or raw.acts.index(first) > flop:
            return
    raw.notes.append(f"{', '.join(between)} sat between the button (seat {raw.button_seat}) and the small blind, "
                     f"posted nothing and folded: the button read as seat {order[j - 1].seat}")
    raw.button_seat = order[j - 1].seat


def hidden_rake(raw: RawHand, returned: bool) -> None:
    """A summary that prints no rake (``Rake 0.00``) and a total pot that every collected amount adds
    up to, below the chips put in (BetOnline 2012): the room raked the pot without saying so. The
    bet nobody called (no return line) goes back to its bettor; the rest of the difference, when at
    most a tenth of the pot, is the rake, the total pot then the chips put in (noted)."""
    got = sum(a.amount for a in raw.acts if a.kind == "collect")
    if raw.total_pot is None or got != raw.total_pot:
        return
    imp = None if returned else implicit_return(raw)
    put = sum(chips_in(raw).values()) - (imp[1] if imp else 0)
    if not 0 < put - raw.total_pot <= put // 10:
        return
    if imp is not None:
        raw.add("return", imp[0], imp[1])
        raw.notes.append(f"uncalled bet of {imp[1]} returned to {imp[0]} (the record writes no line for it)")
    raw.rake, raw.total_pot = put - raw.total_pot, put
    raw.notes.append(f"rake of {raw.rake} derived: the room prints Rake 0 and a total pot {raw.rake} below the "
                     "chips put in")

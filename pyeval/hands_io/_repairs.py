"""Repairs of what a room's record leaves implicit or writes in a way the engine cannot replay, for
the Stars-variant driver (:mod:`pyeval.hands_io._starlike`): each works on the acts of a
:class:`~pyeval.hands_io._model.RawHand` (with the players' starting stacks by name) and notes what
it did in ``raw.notes``.

- :func:`round_closed` / :func:`implicit_streets`: streets a record prints no line for (old Bovada
  files: the board is in the summary only), started as each betting round closes.
- :func:`raise_over_all_in`: a raise when every other player still in is all-in is a call and a return.
- :func:`posted_blind`: blinds posted unlike the header's (a tournament level written with other
  blinds; a fixed-limit level giving the blinds rather than the bets).
- :func:`live_small_blind`: a small blind posted to come in that the record's own call counts as
  live (files converted to PokerStars' layout).
- :func:`board_sizes` / :func:`skipped_streets`: board streets a record deals in one line after an
  all-in (``*** RIVER *** [2s Th 6h 7c] [5s]`` with no flop or turn line; a run's turn and river).
"""
from __future__ import annotations

from ._model import Act, RawHand
from ._settle import chips_in

__all__ = ["round_closed", "implicit_streets", "raise_over_all_in", "posted_blind", "live_small_blind", "board_sizes",
           "skipped_streets"]


def board_sizes(have: int, want: int) -> list[int]:
    """The street sizes (flop 3, turn 1, river 1) that take a board from ``have`` to ``want`` cards."""
    sizes, at = [], have
    for end in (b for b in (3, 4, 5) if have < b <= want):
        sizes.append(end - at)
        at = end
    return sizes


def skipped_streets(board: list[int], dealt: list[int]) -> list[list[int]]:
    """The streets between ``board`` and ``dealt`` (a street line's first brackets: the board before
    its own cards) that the record wrote no line for; none when ``dealt`` is not ``board`` and more."""
    if dealt[:len(board)] != board:
        return []
    out, at = [], len(board)
    for size in board_sizes(len(board), len(dealt)):
        out.append(dealt[at:at + size])
        at += size
    return out


def round_closed(raw: RawHand, stacks: dict[str, int]) -> bool:
    """(a record without street lines) True when the betting round so far is closed: every player
    dealt in (his cards shown, a blind posted or a bet made), still in and not all-in has acted
    since the last bet and matched it."""
    start = max((k + 1 for k, a in enumerate(raw.acts) if a.kind == "street" and a.extra != "HOLE CARDS"), default=0)
    folded = {a.name for a in raw.acts if a.kind == "fold"}
    live = (set(raw.hole) | {a.name for a in raw.acts if a.kind in ("post", "call", "check", "bet", "raise")}) - folded
    put = chips_in(raw)
    street: dict[str, int] = {}
    acted: set[str] = set()
    bb = raw.big_blind or max((a.amount for a in raw.acts if a.kind == "post" and a.extra == "bb"), default=0)
    for a in raw.acts[start:]:
        if a.kind in ("post", "call", "check"):  # (a dead blind is not in the bet; "both": the big blind is)
            bet = 0 if a.extra == "dead" else min(a.amount, bb) if a.kind == "post" and a.extra == "both" and bb \
                else a.amount
            street[a.name] = street.get(a.name, 0) + bet
        elif a.kind in ("bet", "raise"):
            street[a.name] = a.amount
            acted = set()
        if a.kind in ("fold", "check", "call", "bet", "raise"):
            acted.add(a.name)
    top = max(street.values(), default=0)
    free = [n for n in live if n in stacks and put.get(n, 0) < stacks[n]]
    return bool(acted) and len(live) > 1 and all(n in acted and street.get(n, 0) == top for n in free)


def implicit_streets(raw: RawHand, board: list[int]) -> None:
    """Give the streets started without a line (:func:`round_closed`) the summary's board cards
    (three, one, one); the cards left when no more bets could be made are dealt after the last
    action. A record without street lines and without the summary's board is refused."""
    left = list(board)
    for k, a in enumerate(raw.acts):
        if a.kind == "street" and a.extra == "IMPLICIT":
            n = 3 if len(left) == len(board) else 1
            if len(left) < n:
                raise raw.fail("betting goes on after the summary's board is all dealt", a.line)
            raw.acts[k] = a._replace(cards=tuple(left[:n]), extra=("RIVER", "TURN", "FLOP")[min(2, len(left) - n)])
            del left[:n]
    folded = {a.name for a in raw.acts if a.kind == "fold"}
    if left and len((set(raw.hole) | {a.name for a in raw.acts if a.kind == "post"}) - folded) > 1:
        k = max((q for q, a in enumerate(raw.acts) if a.kind in ("fold", "check", "call", "bet", "raise")),
                default=len(raw.acts) - 1) + 1
        while left:
            n = 3 if len(left) == len(board) else 1
            raw.acts.insert(k, Act("street", "", 0, tuple(left[:n]), 0, ("RIVER", "TURN", "FLOP")[min(2, len(left) - n)]))
            del left[:n]
            k += 1
    raw.notes.append("the streets are implicit (the board is in the summary only): each dealt as a betting "
                     "round closed")


def _all_in_others(raw: RawHand, stacks: dict[str, int], who: str, folded: set[str], put: dict[str, int],
                   street: dict[str, int]) -> tuple[list[str], int]:
    """The other players dealt in and still in, when every one is all-in (else none), and their
    largest bet of the street."""
    dealt = {x.name for x in raw.seats} or set(stacks)  # (every player dealt in, acted yet or not)
    others = [n for n in dealt if n in stacks and n != who and n not in folded]
    if not all(put.get(n, 0) >= stacks[n] for n in others):
        return [], 0
    return others, max((street.get(n, 0) for n in others), default=0)


def _to_call(raw: RawHand, k: int, top: int, had: int) -> bool:
    """Act ``k`` (a raise over players all-in) made a call of ``top`` (``had`` already in on the
    street), the excess taken off the return the record counts; False when there is no such return."""
    a = raw.acts[k]
    excess = a.amount - top
    r = next((q for q in range(len(raw.acts) - 1, k, -1) if raw.acts[q].kind == "return"
              and raw.acts[q].name == a.name and raw.acts[q].amount >= excess), None)
    if r is None:
        return False
    ra = raw.acts[r]
    if ra.amount == excess:
        del raw.acts[r]
    else:
        raw.acts[r] = ra._replace(amount=ra.amount - excess)
    raw.acts[k] = a._replace(kind="call", amount=top - had)
    raw.notes.append(f"{a.name} raised to {a.amount} over players all-in (line {a.line}): a call of {top}, "
                     f"{excess} returned")
    return True


def raise_over_all_in(raw: RawHand, stacks: dict[str, int]) -> None:
    """A raise when every other player still in is all-in (``raises 230 to 2610 and is all-in``):
    nobody can call it, so it is a call of the largest all-in and the rest is returned; the
    return the record counts (its line or the implicit one) is taken off, noted."""
    put: dict[str, int] = {}
    street: dict[str, int] = {}
    folded: set[str] = set()
    for k, a in enumerate(raw.acts):
        if a.kind == "street" and a.extra != "HOLE CARDS":
            street = {}
        elif a.kind in ("raise", "bet") and a.name in stacks:
            others, top = _all_in_others(raw, stacks, a.name, folded, put, street)
            if others and a.amount > top >= street.get(a.name, 0):
                if not _to_call(raw, k, top, street.get(a.name, 0)):
                    return
                a = raw.acts[k]
        if a.kind == "fold":
            folded.add(a.name)
        elif a.kind in ("ante", "post", "call", "check"):
            put[a.name] = put.get(a.name, 0) + a.amount
            if a.kind != "ante":
                street[a.name] = street.get(a.name, 0) + a.amount
        elif a.kind in ("raise", "bet"):
            put[a.name] = put.get(a.name, 0) + a.amount - street.get(a.name, 0)
            street[a.name] = a.amount


def posted_blind(raw: RawHand, stacks: dict[str, int]) -> None:
    """A big blind posted below the header's (a tournament level written with the next level's
    blinds: the small blind posted is below the header's too): the posted one sets the minimum bet,
    unless its poster was all-in for it. A fixed-limit level giving the blinds (the big blind posted
    is the header's big bet): the small bet is the big blind."""
    bb = next((a for a in raw.acts if a.kind == "post" and a.extra == "bb"), None)
    stack = stacks.get(bb.name, 0) if bb is not None else 0
    if bb is not None and raw.game[0] == "F" and raw.small_bet and bb.amount == raw.big_bet != raw.small_bet:
        raw.notes.append(f"the big blind posted is the header's big bet ({bb.amount}): the header gives the blinds")
        raw.small_bet, raw.big_bet = bb.amount, 2 * bb.amount
        raw.small_blind, raw.big_blind = bb.amount // 2, bb.amount
    sb = next((a for a in raw.acts if a.kind == "post" and a.extra == "sb"), None)
    lower = sb is not None and raw.small_blind is not None and sb.amount < raw.small_blind  # both blinds lower
    if bb is not None and raw.game[0] != "F" and raw.min_bet and lower and 0 < bb.amount < raw.min_bet < stack:
        raw.notes.append(f"the big blind posted is {bb.amount}, the header's {raw.min_bet}: the posted one used")
        raw.min_bet = raw.big_blind = bb.amount


def live_small_blind(raw: RawHand) -> None:
    """A small blind posted besides the table's blinds (to come in) is dead money, unless the record's
    own call says otherwise: the poster's first action is a call of exactly what his post leaves to
    the largest bet (files converted to PokerStars' layout: "posts small blind $15", then "calls $15"
    to a $30 big blind). Such a post is made live (noted)."""
    posts = [k for k, a in enumerate(raw.acts) if a.kind == "post" and a.extra in ("sb", "bb")]
    extra = [k for k in posts[1:] if raw.acts[k].extra == "sb"]
    for k in extra:
        post = raw.acts[k]
        nxt = next((j for j in range(k + 1, len(raw.acts)) if raw.acts[j].name == post.name
                    or raw.acts[j].kind == "street" and raw.acts[j].extra not in ("HOLE CARDS", "DEALING HANDS")), None)
        if nxt is None or raw.acts[nxt].kind != "call":
            continue
        street: dict[str, int] = {}
        for a in raw.acts[:nxt]:
            if a.kind in ("post", "call") and a.extra != "dead":
                street[a.name] = street.get(a.name, 0) + a.amount
            elif a.kind in ("bet", "raise"):
                street[a.name] = a.amount
        if post.amount + raw.acts[nxt].amount == max(street.values(), default=0):
            raw.acts[k] = post._replace(extra="live")
            raw.notes.append(f"{post.name}'s small blind of {post.amount} (line {post.line}) is live: his call "
                             f"of {raw.acts[nxt].amount} brings him to the largest bet")

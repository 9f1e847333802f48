"""Stud games in a poker round: the bring-in and the showing hand that leads each street (58 Pa. Code § 637a.10)."""
from __future__ import annotations

from ..contracts import passes
from ..errors import OutOfTurnError
from .rules import R_BLINDS
from .state import RoundState, _illegal

#: Stud showing hands as one order-free int: 4 bits per rank slot counting the up cards of that
#: rank. Slot = rank + 1 (deuce 1 .. ace 13; an unknown card, index -1 = 52, slot 0); for razz
#: (aces low) slot = (rank + 1) % 13 + 1 (ace 1, deuce 2 .. king 13; an unknown card as an ace).
SHOW_BITS = (tuple(1 << 4 * ((c >> 2) + 1) for c in range(52)) + (1,),
              tuple(1 << 4 * (((c >> 2) + 1) % 13 + 1) for c in range(52)) + (1 << 4,))


#: Memo of :func:`_showing_key` per razz flag: at most one entry per rank-count signature of up to
#: seven up cards (a few thousand), filled as they occur.
SHOW_KEYS: tuple[dict[int, int], dict[int, int]] = ({}, {})


def _showing_key(sig: int, low: bool) -> int:
    """Order of a stud showing hand (a ``SHOW_BITS`` sum): pairs, trips and quads first, then the
    ranks of the groups; straights and flushes do not count. One int, larger leads: (group sizes,
    group ranks) compared lexicographically, or the reverse for razz (fewer pairs, then lower ranks
    lead)."""
    groups = sorted(((sig >> 4 * r) & 15, r) for r in range(14) if (sig >> 4 * r) & 15)
    groups.reverse()
    pad = 8 - len(groups)
    k = 0
    for c, _ in groups:
        k = k * 8 + c
    k <<= 3 * pad  # k * 8 ** pad
    for _, r in groups:
        k = k * 16 + r
    k <<= 4 * pad  # k * 16 ** pad
    return -k if low else k



def _open_pair(sig: int) -> bool:
    """Whether a showing hand (a ``SHOW_BITS`` sum) holds a pair of known cards (slot 0 counts
    unknown cards; in razz an unknown card counts as an ace, so a razz record with unknown up cards
    may show a pair that is not there: the rule is not one razz plays)."""
    return any((sig >> 4 * r) & 15 >= 2 for r in range(1, 14))


class Stud(RoundState):
    """The bring-in and the showing-hand leader (a part of :class:`~pyeval.poker.round.Round`)."""

    __slots__ = ()

    def bring_in_player(self) -> int | None:
        """Stud: who must post the bring-in, the lowest up card (razz: highest; ties by the declared
        suit order, § 637a.10); None when not due or when an unknown up card makes it undecidable."""
        if not self._bring_in_due:
            return None
        key = self._rules.engine.bring_in_order  # the bring-in order of each card, precomputed per table
        best, who = None, None
        for i in range(self._n):
            ups = self._first_up_cards[i]
            if -1 in ups:
                return None
            k = key[ups[0]]
            if best is None or (k > best if self._variant.low_leads else k < best):
                best, who = k, i
        return who

    def _bring_in_key(self, card: int) -> tuple[int, int]:
        """Order of one up card for the bring-in: rank (aces high; in razz aces low, so the highest
        card is a king), then the declared suit order."""
        r, s = self._rules.card_order_key(card)
        return ((r + 1) % 13 if self._variant.low_leads else r), s

    def _check_bring_in(self, player: int | None) -> int:
        """Who posts the bring-in now (``player`` when unknown up cards hide it); raises when none is due."""
        if not self._bring_in_due:
            raise OutOfTurnError("no bring-in is due now", R_BLINDS)
        if player is not None:
            self._check_index(player)
        who = self.bring_in_player()
        if who is None:
            if player is None:
                raise _illegal("an up card is unknown: name the player who brings in", R_BLINDS)
            key = self._bring_in_key
            mine = self._first_up_cards[player]
            if mine and mine[0] >= 0:
                for i in range(self._n):
                    ups = [c for c in self._first_up_cards[i] if c >= 0]
                    if ups and (key(ups[0]) > key(mine[0]) if self._variant.low_leads else key(ups[0]) < key(mine[0])):
                        raise _illegal(f"{self._name_of(i)} shows a {'higher' if self._variant.low_leads else 'lower'} "
                                       f"up card and brings in, not {self._name_of(player)}", R_BLINDS)
            who = player
        elif player is not None and player != who:
            raise OutOfTurnError(f"{self._name_of(who)} brings in, not {self._name_of(player)}", R_BLINDS)
        return who

    def _complete_at_once(self, to: int, player: int | None) -> None:
        """Stud: the player due to bring in may instead complete to a full bet at once (§ 637a.10): the
        betting opens with him and :meth:`bet_or_raise_to` goes on as for any bet. Raises (nothing
        changed) when no bring-in is due, ``player`` is not the one, or ``to`` is no legal bet."""
        who = self._check_bring_in(player)
        self._bring_in_due = False
        self._actor = who
        try:
            self._check_raise_to(who, to)  # type: ignore[attr-defined]
        except Exception:
            self._bring_in_due, self._actor = True, None
            raise

    def can_post_bring_in(self, player: int | None = None) -> bool:
        """True when the bring-in is due and ``player`` (default: whoever it falls to) may post it."""
        return passes(self._check_bring_in, player)

    def post_bring_in(self, player: int | None = None) -> None:
        """Stud: the lowest up card (razz: highest) posts the bring-in (§ 637a.10); action then goes
        on from his left. When unknown up cards (a replay) hide who it is, ``player`` says so and
        must not be beaten by any known up card. He may instead complete with
        :meth:`bet_or_raise_to` only through this table's rules, so a bring-in is always posted here.
        """
        who = self._check_bring_in(player)
        a = min(self._rules.bring_in, self._stacks[who])
        self._stacks[who] -= a
        self._contrib[who] += a
        self._bets[who] += a
        self._bet_to = self._rules.bring_in
        self._min_raise = self._rules.min_bet
        self._acted[who] = True
        self._acted_at_raise[who] = 0
        self._acted_at_bet[who] = self._bet_to
        self._full_bet_to = self._bet_to
        if self._stacks[who] == 0:
            self._n_able_to_act -= 1
        self._bring_in_due = False
        self._record.append(("bring_in", who, a, ()))
        self._last_aggressor = who
        self._actor = self._first_from(who + 1)
        if self._actor is None:
            self._street_done()
        elif self._sitting_out:
            self._fold_sitting_out()

    def _stud_round_rules(self) -> None:
        """A stud betting round opens: whether an open pair allows the big bet (``rules.open_pair_big_bet``,
        the second round only) and whether the record names the leader (a live up card unknown; then
        the big bet is allowed too, as a pair may show)."""
        folded, hole, n = self._folded, self._hole, self._n
        live = [i for i in range(n) if not folded[i]]
        ups = self._up_positions()
        unknown = any(hole[i][k] < 0 for i in live for k in ups if k < len(hole[i]))
        self._lead_open = len(self._record) if unknown else -1
        # with up cards unknown, whether a pair shows is unknown too: the record's bet size stands
        self._double_bet = (self._rules.open_pair_big_bet and self._street == 1
                            and (unknown or any(_open_pair(self._showing_ranks[i]) for i in live)))

    def _up_positions(self) -> list[int]:
        """Stud: the positions of the up cards in a live player's cards so far (down cards first on
        each street)."""
        out: list[int] = []
        at = 0
        for spec in self._streets[:self._street + 1]:
            if spec.draw or spec.board:
                continue
            out.extend(range(at + spec.down, at + spec.down + spec.up))
            at += spec.down + spec.up
        return out

    def _showing_leader(self) -> int:
        """Stud: the live player whose up cards make the best showing hand (razz: the worst, i.e. the
        best low) leads the betting; ties go to the first such player left of the button."""
        low = self._variant.low_leads
        folded, ups, keys = self._folded, self._showing_ranks, SHOW_KEYS[low]
        best, who = None, 0
        for i in range(self._n):
            if not folded[i]:
                k = keys.get(ups[i])
                if k is None:
                    k = keys[ups[i]] = _showing_key(ups[i], low)
                if best is None or k > best:
                    best, who = k, i
        return who


"""Hold'em showdowns in bulk: shuffle, deal by the Hold'em procedure and evaluate many rounds in one
C call (GIL released), for simulation backends.

The procedure is the game's (58 Pa. Code § 637a.11): hole cards one at a time from the seat left of
the button around to the button, twice (§ 637a.11(f)); a burn before the flop, the turn and the river
(§ 637a.11(h)-(j)); every seat's best five of seven cards ranked (§ 637a.11(k)). The shoe supplies
the mechanism, a :class:`~pyeval.shoe.BatchDealer`'s reproducible stream of shuffled decks (its
state carries from call to call, so 500 rounds and then 500 more are the 1,000 rounds of one call);
the deal order and the evaluation run in one fused C loop (``pe_dealer_holdem_showdowns``), because
a simulation that deals in Python and evaluates in C is several times slower.

Moved here from ``pyeval.shoe.batch`` (issue 24: game procedures live with their games); the old
names still import, with a DeprecationWarning.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..errors import ShoeArgumentError, ShoeTypeError
from ..shoe.batch import BatchDealer, check_out, dealer_call, empty_rows, rows_for

__all__ = ["Showdowns", "holdem_showdowns"]


class Showdowns(NamedTuple):
    """Result of :func:`holdem_showdowns` for ``n`` rounds of ``p`` players.

    ``values``: ``uint16`` (n, p), each seat's hand value (higher is better, the evaluator's scale);
    ``winners``: ``uint16`` (n,), a bitmask of the seats holding the best value (ties set several bits);
    ``cards``: ``uint8`` (n, 2p + 5) hole cards seat by seat then the five board cards, or None.
    """

    values: npt.NDArray[np.uint16]
    winners: npt.NDArray[np.uint16]
    cards: npt.NDArray[np.uint8] | None


def holdem_showdowns(n: int, players: int = 2, seed: int | None = None, stream: int = 0, *,
                     burns: bool = True, cards: bool = False, secure: bool = False,
                     dealer: BatchDealer | None = None,
                     values_out: npt.NDArray[np.uint16] | None = None,
                     winners_out: npt.NDArray[np.uint16] | None = None) -> Showdowns:
    """Shuffle, deal and evaluate ``n`` rounds of Hold'em in one C call (GIL released).

    Each round is an independent uniform shuffle of one deck dealt as 58 Pa. Code § 637a.11(f):
    hole cards one at a time from the seat left of the button (seat 0) around to the button (seat
    ``players - 1``), twice; then, with ``burns``, a burn before the flop, the turn and the river
    (§ 637a.11(h)-(j)). Every seat's seven cards are evaluated (§ 637a.11(k)).

    Args:
        n: rounds, >= 0. players: 2..10 (§ 637a.11(b)).
        seed, stream, secure: as :func:`pyeval.deal_batch` (a new dealer for this call).
        dealer: deal from this :class:`~pyeval.shoe.BatchDealer`'s stream instead (its state moves on;
            ``seed``, ``stream`` and ``secure`` must then be left at their defaults).
        burns: deal the three burn cards (they change which cards land where, not the odds).
        cards: also return the cards dealt.
        values_out, winners_out: C-contiguous, aligned arrays of the result's shape and dtype to fill
            instead of new ones.
    Returns:
        :class:`Showdowns` (values ``uint16`` (n, players), winners ``uint16`` (n,) bitmask,
        cards ``uint8`` (n, 2 * players + 5) or None).
    Raises:
        ShoeArgumentError / ShoeTypeError: bad ``n``, ``players``, output arrays, or a ``dealer``
        given with a seed, stream or ``secure``. SeedError.
    """
    if dealer is None:
        dealer = BatchDealer(seed, stream, secure=secure)
    elif not isinstance(dealer, BatchDealer):
        raise ShoeTypeError(f"dealer must be a BatchDealer, got {type(dealer).__name__}")
    elif seed is not None or stream != 0 or secure:
        raise ShoeArgumentError("give either a dealer or seed/stream/secure, not both (the dealer has its own)")
    from ..shoe._common import check_int

    p = check_int(players, "players", 2, 10)
    if not isinstance(burns, (bool, np.bool_)) or not isinstance(cards, (bool, np.bool_)):
        raise ShoeTypeError(f"burns and cards must be True or False, got {burns!r} and {cards!r}")
    rows = rows_for(n, 2 * p + 2 + (2 * p + 5 if cards else 0), "n")
    if values_out is None:
        values_out = empty_rows((rows, p), np.uint16)
    else:
        check_out(values_out, np.uint16, (rows, p), "values_out")
    if winners_out is None:
        winners_out = empty_rows((rows,), np.uint16)
    else:
        check_out(winners_out, np.uint16, (rows,), "winners_out")
    card_arr = empty_rows((rows, 2 * p + 5), np.uint8) if cards else None
    dealer_call(dealer, "pe_dealer_holdem_showdowns", "holdem_showdowns", rows, p, 1 if burns else 0,
                ("uint16_t[]", values_out), ("uint16_t[]", winners_out),
                None if card_arr is None else ("uint8_t[]", card_arr))
    return Showdowns(values_out, winners_out, card_arr)

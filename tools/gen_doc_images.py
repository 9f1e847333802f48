"""Draw the pictures of docs/pictures.md (``python tools/gen_doc_images.py``; needs the plot extra).

Every input is made here, from seeds: 300 six-handed no-limit hands played by a seeded random
policy (stacks reset each hand, and a 5% rake capped at 6 chips on every pot that saw a flop,
so the graph is a cash game's), two ranges, and a heads-up
simulation. Writes docs/images/{show.svg,winnings.png,range_grid.png,convergence.png}.
"""
from __future__ import annotations

import io
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyeval.equity.grid import grids_for  # noqa: E402
from pyeval.hands_io.graph import winnings_series  # noqa: E402
from pyeval.hands_io.show import hand_view, render_hand  # noqa: E402
from pyeval.headsup.paytables import example_rules  # noqa: E402
from pyeval.headsup.sim import HeadsUpSim  # noqa: E402
from pyeval.plot import convergence_figure, range_grid_figure, save_figure, winnings_figure  # noqa: E402
from pyeval.poker import PokerRules, Round  # noqa: E402
from pyeval.poker.phh import HandHistory  # noqa: E402
from pyeval.poker.phh_write import from_round  # noqa: E402
from pyeval.shoe import Shoe  # noqa: E402
from pyeval.simulation import convergence  # noqa: E402

OUT = ROOT / "docs" / "images"
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]


def play(n: int, seed: int = 1) -> list[HandHistory]:
    """``n`` hands at a 6-max 1/2 table: each player folds, calls, raises the minimum or moves all in
    at random (seeded); the seats rotate so everybody plays every position."""
    rules = PokerRules(seats=6, blinds=(1, 2), min_bet=2)
    shoe = Shoe(seed=seed)
    pick = random.Random(seed)
    hands = []
    for k in range(n):
        shoe.shuffle()
        order = NAMES[k % 6:] + NAMES[: k % 6]
        r = Round(rules, [200] * 6, shoe)
        r.post_forced_bets()
        r.deal_hole_cards()
        while not r.awarded:
            while r.actor is not None:
                opts = r.betting_options()
                assert opts is not None
                roll = pick.random()
                if roll < 0.25 and not opts.can_check:
                    r.fold()
                elif roll < 0.85 or not opts.can_raise:
                    r.check_or_call()
                else:
                    r.bet_or_raise_to(opts.max_to if roll > 0.97 else opts.min_to)
            r.run_dealer()
        hh = from_round(r, order)
        pot = sum(r.winnings)
        if len(r.board) >= 3:  # a cash game's rake: 5% of a pot that saw a flop, at most 6 chips
            hh.extra["_rake"] = min(pot * 5 // 100, 6)
        hands.append(hh)
    return hands


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    hands = play(300)
    series = winnings_series(hands)
    save_figure(winnings_figure(series, unit="chips"), OUT / "winnings.png")
    allin = next(h for h in hands if any(series.all_ins.values()) and
                 hand_view(h).rows and any(r.all_in for r in hand_view(h).rows))
    from rich.console import Console

    console = Console(record=True, width=100, force_terminal=True, highlight=False, file=io.StringIO())
    render_hand(hand_view(allin), console)
    console.save_svg(str(OUT / "show.svg"), title="pyeval show")
    save_figure(range_grid_figure(grids_for(["QQ+, AKs, A5s:0.5", "JJ-99, AQs, KQs"])), OUT / "range_grid.png")
    _, conv = convergence(HeadsUpSim(example_rules()), 400_000, seed=1, streams=64)
    save_figure(convergence_figure(conv), OUT / "convergence.png")
    print("written:", ", ".join(sorted(p.name for p in OUT.iterdir())))


if __name__ == "__main__":
    main()

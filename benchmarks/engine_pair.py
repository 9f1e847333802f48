"""The Python game engines against another checkout: the same scripted rounds, alternating fresh processes.

Run (from the repository root)::

    python benchmarks/engine_pair.py --against /path/to/other/checkout [--pairs 9] [--pokerkit]

Each *pair* runs this checkout and the other one in two fresh processes, the order alternating from
pair to pair (A B, B A, ...). A process imports ``pyeval`` from its checkout only (checked), plays
every script once to warm up, then times each script in thread CPU time (``time.thread_time``, the
median of ``--reps`` batches). The parent prints, per script, each side's median microseconds a
round, the median of the per-pair ratios (other time / this time: above 1 means this checkout is
faster) with its lowest and highest pair, and a checksum of the outcomes: equal checksums on both
sides mean both checkouts played exactly the same rounds (same cards, same decisions, same chips).

The scripts (public step API only, on whatever both checkouts have; the small adapters below cover
the names that changed: ``pyeval.holdem`` / ``pyeval.poker``, ``legal_actions()`` /
``betting_options()``):

- ``holdem_random``: 6-max no-limit hold'em (blinds 50/100, stacks 10,000), a scripted random
  policy (``random.Random(7)``: fold 10 %, bet or raise 20 % to a random size up to 3x the minimum,
  else check or call), dealer steps by ``run_dealer``.
- ``holdem_call``: the same table, every player checks or calls to showdown.
- ``headsup_steps_1`` / ``headsup_steps_6``: WPT Heads-Up Hold 'Em, 1 or 6 players, every step
  called by hand (``deal``, ``decision``/``decide`` with a scripted policy, ``burn_and_flop``,
  ``burn_turn_and_river``, ``expose_dealer``, ``settle``); ``headsup_run``: ``HeadsUpRound.run``.
- ``crisscross_steps_1`` / ``crisscross_steps_6``: Criss-Cross Poker, 1 or 6 players, every step by
  hand (``place_wagers``, ``no_more_bets``, ``deal``, ``count_stub``/``discard_stub``, ``bet``/
  ``fold`` with the basic strategy, ``reveal``, ``settle``); ``crisscross_play``: ``play_round``.

``--pokerkit`` adds pokerkit playing the two hold'em scripts (its own deck and automations; the
same policy, so the rounds are alike but not identical) as a third column.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]

# rounds a batch, per script (a batch takes ~0.05-0.3 s)
ROUNDS = {"holdem_random": 400, "holdem_call": 400, "headsup_steps_1": 2000, "headsup_steps_6": 500,
          "headsup_run": 2000, "crisscross_steps_1": 2000, "crisscross_steps_6": 600, "crisscross_play": 2000}
PK_ROUNDS = {"holdem_random": 20, "holdem_call": 20}


# ---------------------------------------------------------------------------------------------- the scripts
def _policy(rng: random.Random, can_check: bool, can_raise: bool, lo: int, hi: int) -> tuple[str, int]:
    """The scripted random policy: ('fold' | 'call' | 'raise', raise-to)."""
    u = rng.random()
    if u < 0.10 and not can_check:
        return "fold", 0
    if u < 0.30 and can_raise:
        top = min(hi, 3 * lo)
        return "raise", lo + int(rng.random() * (top - lo + 1)) if top > lo else lo
    return "call", 0


def _holdem(pyeval: Any) -> dict[str, Callable[[int], int]]:
    from pyeval.shoe import Shoe
    try:
        from pyeval.poker import PokerRules as Rules, Round
        options = "betting_options"
    except ImportError:  # 6507dbf
        from pyeval.holdem import Round, TableRules as Rules  # type: ignore[no-redef]
        options = "legal_actions"
    rules = Rules(seats=6, blinds=(50, 100), min_bet=100)

    def call(n: int) -> int:
        shoe = Shoe(seed=1)
        total = 0
        for _ in range(n):
            shoe.shuffle()
            r = Round(rules, [10_000] * 6, shoe)
            r.post_forced_bets()
            r.deal_hole_cards()
            while not r.awarded:
                while r.actor is not None:
                    r.check_or_call()
                r.run_dealer()
            total = (total * 31 + r.stacks[0] + 7 * r.stacks[5]) % 1_000_000_007
        return total

    def rand(n: int) -> int:
        shoe = Shoe(seed=2)
        rng = random.Random(7)
        total = 0
        for _ in range(n):
            shoe.shuffle()
            r = Round(rules, [10_000] * 6, shoe)
            opts = getattr(r, options)
            r.post_forced_bets()
            r.deal_hole_cards()
            while not r.awarded:
                while r.actor is not None:
                    o = opts()
                    what, to = _policy(rng, o[2], o[4], o[5], o[6])
                    if what == "fold":
                        r.fold()
                    elif what == "raise":
                        r.bet_or_raise_to(to)
                    else:
                        r.check_or_call()
                r.run_dealer()
            total = (total * 31 + sum(i * s for i, s in enumerate(r.stacks))) % 1_000_000_007
        return total

    return {"holdem_random": rand, "holdem_call": call}


def _hu_policy(d: Any) -> int:
    """The scripted heads-up policy (the same in every checkout, unlike the basic strategy, whose
    tables were corrected since 6507dbf): the largest raise with a pair (in the hand or with the
    board) or an ace, else check (before the river) or fold."""
    h0, h1 = d.hole[0] >> 2, d.hole[1] >> 2
    ranks = {c >> 2 for c in d.board}
    if h0 == h1 or h0 in ranks or h1 in ranks or max(h0, h1) == 12:
        return d.options[-1]
    return 0


def _headsup(pyeval: Any) -> dict[str, Callable[[int], int]]:
    from pyeval.shoe import Shoe
    from pyeval.headsup import HeadsUpRound, example_rules
    rules = example_rules(ante_min=1)

    def steps(players: int) -> Callable[[int], int]:
        def run(n: int) -> int:
            shoe = Shoe(seed=3)
            total = 0
            for _ in range(n):
                shoe.shuffle()
                rnd = HeadsUpRound(rules)
                for s in range(1, players + 1):
                    rnd.place_wagers(s, 10, 10, 5, 5)
                rnd.deal(shoe)
                for dealer_step in (rnd.burn_and_flop, rnd.burn_turn_and_river, None):
                    while rnd.to_act is not None:
                        rnd.decide(_hu_policy(rnd.decision()))
                    if dealer_step is not None:
                        dealer_step(shoe)
                rnd.expose_dealer()
                total += sum(p.net for p in rnd.settle().players)
            return total
        return run

    def auto(n: int) -> int:
        shoe = Shoe(seed=4)
        total = 0
        for _ in range(n):
            shoe.shuffle()
            rnd = HeadsUpRound(rules)
            rnd.place_wagers(1, 10, 10, 5, 5)
            total += sum(p.net for p in rnd.run(shoe, _hu_policy).players)
        return total

    return {"headsup_steps_1": steps(1), "headsup_steps_6": steps(6), "headsup_run": auto}


def _crisscross(pyeval: Any) -> dict[str, Callable[[int], int]]:
    from pyeval.crisscross import CrissCrossRules, CrissCrossTable, basic_strategy, play_round

    def steps(players: int) -> Callable[[int], int]:
        def run(n: int) -> int:
            table = CrissCrossTable(CrissCrossRules(), seed=5)
            total = 0
            for _ in range(n):
                rnd = table.new_round()
                for s in range(1, players + 1):
                    rnd.place_wagers(s, 5, 5, 1)
                rnd.no_more_bets()
                rnd.deal()
                if table.stub_count_due:
                    rnd.count_stub()
                else:
                    rnd.discard_stub()
                if rnd.record is None:  # not void
                    c = rnd.community
                    known = ((), ())
                    for d, nxt in ((0, ((c[1], c[3]), ())), (1, ((c[1], c[3]), (c[0], c[4]))), (2, None)):
                        while (s := rnd.to_act) is not None:
                            m = basic_strategy(d, rnd.hole(s), *known)
                            if m:
                                rnd.bet(s, m)
                            else:
                                rnd.fold(s)
                        rnd.reveal()
                        if nxt is not None:
                            known = nxt
                    rnd.settle()
                total += rnd.record.house_net  # type: ignore[union-attr]
            return total
        return run

    def play(n: int) -> int:
        table = CrissCrossTable(CrissCrossRules(), seed=6)
        wagers = {1: (5, 1)}
        return sum(play_round(table, wagers).house_net for _ in range(n))

    return {"crisscross_steps_1": steps(1), "crisscross_steps_6": steps(6), "crisscross_play": play}


def _pokerkit() -> dict[str, Callable[[int], int]]:
    import pokerkit as pk
    auto = (pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION, pk.Automation.BLIND_OR_STRADDLE_POSTING,
            pk.Automation.CARD_BURNING, pk.Automation.HOLE_DEALING, pk.Automation.BOARD_DEALING,
            pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING, pk.Automation.HAND_KILLING,
            pk.Automation.CHIPS_PUSHING, pk.Automation.CHIPS_PULLING)

    def new() -> Any:
        return pk.NoLimitTexasHoldem.create_state(auto, True, 0, (50, 100), 100, (10_000,) * 6, 6)

    def call(n: int) -> int:
        total = 0
        for _ in range(n):
            s = new()
            while s.status:
                s.check_or_call()
            total += s.stacks[0]
        return total

    def rand(n: int) -> int:
        rng = random.Random(7)
        total = 0
        for _ in range(n):
            s = new()
            while s.status:
                can_raise = s.can_complete_bet_or_raise_to()
                lo = s.min_completion_betting_or_raising_to_amount if can_raise else 0
                hi = s.max_completion_betting_or_raising_to_amount if can_raise else 0
                what, to = _policy(rng, s.checking_or_calling_amount == 0, can_raise, lo or 0, hi or 0)
                if what == "fold":
                    s.fold()
                elif what == "raise":
                    s.complete_bet_or_raise_to(to)
                else:
                    s.check_or_call()
            total += s.stacks[0]
        return total

    return {"holdem_random": rand, "holdem_call": call}


# ---------------------------------------------------------------------------------------------- one process
def _count_opcodes(f: Callable[[int], int], n: int) -> tuple[float, float]:
    """Python bytecodes executed and Python functions entered a round over ``n`` rounds (a count
    that does not depend on the machine's load: ``sys.settrace`` with opcode events)."""
    ops = calls = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal ops, calls
        if event == "opcode":
            ops += 1
        elif event == "call":
            calls += 1
            frame.f_trace_opcodes = True
        return tracer

    sys.settrace(tracer)
    try:
        f(n)
    finally:
        sys.settrace(None)
    return ops / n, calls / n


def _worker(root: str, names: list[str], reps: int, scale: float, opcodes: bool = False) -> None:
    if root == "pokerkit":
        scripts = _pokerkit()
        rounds = PK_ROUNDS
    else:
        sys.path.insert(0, root)
        import pyeval
        where = Path(pyeval.__file__).resolve()
        if not where.is_relative_to(Path(root).resolve()):
            raise SystemExit(f"pyeval came from {where}, not from {root}")
        scripts = {**_holdem(pyeval), **_headsup(pyeval), **_crisscross(pyeval)}
        rounds = ROUNDS
    out: dict[str, Any] = {}
    for name in names:
        if name not in scripts:
            continue
        f = scripts[name]
        n = max(1, int(rounds[name] * scale))
        if opcodes:
            f(max(1, n // 10))  # warm-up
            ops, calls = _count_opcodes(f, max(10, n // 10))
            out[name] = {"ops": ops, "calls": calls}
            continue
        check = f(max(1, n // 10))  # warm-up (caches, first imports)
        check = f(n)
        times = []
        for _ in range(reps):
            t0 = time.thread_time()
            again = f(n)
            times.append((time.thread_time() - t0) / n)
            assert again == check or root == "pokerkit", "a script is not deterministic"  # pokerkit deals its own cards
        out[name] = {"us": statistics.median(times) * 1e6, "check": check}
    print(json.dumps(out))


def _run(root: str, names: list[str], reps: int, scale: float, opcodes: bool = False) -> dict[str, Any]:
    cmd = [sys.executable, str(HERE), "--worker", root, "--reps", str(reps), "--scale", str(scale),
           *(["--opcodes"] if opcodes else []), "--only", *names]
    env = dict(os.environ, PYTHONHASHSEED="0")
    res = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root if root != "pokerkit" else None)
    if res.returncode:
        raise SystemExit(f"worker for {root} failed:\n{res.stderr}")
    return json.loads(res.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--against", help="the other checkout (built in place)")
    p.add_argument("--pairs", type=int, default=9, help="process pairs (default 9)")
    p.add_argument("--reps", type=int, default=3, help="timed batches a process, median (default 3)")
    p.add_argument("--scale", type=float, default=1.0, help="multiply the rounds a batch")
    p.add_argument("--only", nargs="*", default=list(ROUNDS), help="scripts to run (default: all)")
    p.add_argument("--pokerkit", action="store_true", help="add pokerkit on the hold'em scripts")
    p.add_argument("--opcodes", action="store_true",
                   help="count Python bytecodes and calls a round instead of timing (load-independent)")
    p.add_argument("--worker", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.worker:
        _worker(a.worker, a.only, a.reps, a.scale, a.opcodes)
        return
    sides = [str(ROOT)] + ([str(Path(a.against).resolve())] if a.against else [])
    if a.opcodes:
        _print_opcodes(sides, a.only, a.scale)
        return
    res: dict[str, list[dict[str, Any]]] = {s: [] for s in sides}
    pk: list[dict[str, Any]] = []
    for i in range(a.pairs):
        for s in (sides if i % 2 == 0 else sides[::-1]):
            res[s].append(_run(s, a.only, a.reps, a.scale))
        if a.pokerkit and i % 3 == 0:
            pk.append(_run("pokerkit", a.only, 1, 1.0))
        print(f"pair {i + 1}/{a.pairs} done", file=sys.stderr, flush=True)
    load = os.getloadavg()
    print(f"# {a.pairs} pairs of fresh processes, thread CPU time, median of {a.reps} batches a process; "
          f"load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    head = f"{'script':20} {'this us/round':>14}"
    if a.against:
        head += f" {'other us/round':>15} {'ratio other/this (min-max)':>28} {'checksums':>10}"
    if pk:
        head += f" {'pokerkit us/round':>18} {'pokerkit/this':>14}"
    print(head)
    for name in a.only:
        mine = [r[name]["us"] for r in res[sides[0]] if name in r]
        if not mine:
            continue
        line = f"{name:20} {statistics.median(mine):14.1f}"
        if a.against:
            theirs = [r[name]["us"] for r in res[sides[1]]]
            ratios = [t / m for t, m in zip(theirs, mine)]
            same = res[sides[0]][0][name]["check"] == res[sides[1]][0][name]["check"]
            line += (f" {statistics.median(theirs):15.1f} x{statistics.median(ratios):.2f} "
                     f"(x{min(ratios):.2f}-x{max(ratios):.2f})".rjust(29) + f" {'equal' if same else 'DIFFER':>10}")
        pks = [r[name]["us"] for r in pk if name in r]
        if pks:
            line += f" {statistics.median(pks):18.1f} {'x%.1f' % (statistics.median(pks) / statistics.median(mine)):>14}"
        print(line)


def _print_opcodes(sides: list[str], names: list[str], scale: float) -> None:
    got = [_run(s, names, 1, scale, opcodes=True) for s in sides]
    print("# Python bytecodes executed a round (sys.settrace opcode events) and Python calls a round; "
          "C work (validation in sets, the evaluator, the shoe) is not counted")
    head = f"{'script':20} {'this ops':>10} {'calls':>7}"
    if len(sides) > 1:
        head += f" {'other ops':>10} {'calls':>7} {'ops other/this':>15}"
    print(head)
    for name in names:
        if name not in got[0]:
            continue
        line = f"{name:20} {got[0][name]['ops']:10.0f} {got[0][name]['calls']:7.1f}"
        if len(sides) > 1:
            o = got[1][name]
            line += f" {o['ops']:10.0f} {o['calls']:7.1f} {'x%.2f' % (o['ops'] / got[0][name]['ops']):>15}"
        print(line)


if __name__ == "__main__":
    main()

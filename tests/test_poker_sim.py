"""Hold'em showdown simulation (pyeval.poker.sim): mergeable streams, executors, known frequencies."""
from __future__ import annotations

import json
import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest

import pyeval.poker.sim as hs
from pyeval.cli import main
from pyeval.equity import equity
from pyeval.errors import SeedError, SimulationError
from pyeval.hands.high import hand_category
from pyeval.parallel import split
from pyeval.shoe import BatchDealer
from pyeval import simulate
from pyeval.poker.sim import HoldemShowdown, HoldemSimResult, HoldemSimStats, run_stream
from pyeval.poker.batch import holdem_showdowns

#: Seven-card hands of each category among all C(52, 7) = 133,784,560 (standard combinatorics;
#: the straight flush count excludes the 4,324 royal flushes).
SEVEN_CARD_COUNTS = {
    "HIGH_CARD": 23_294_460, "PAIR": 58_627_800, "TWO_PAIR": 31_433_400, "THREE_OF_A_KIND": 6_461_620,
    "STRAIGHT": 6_180_020, "FLUSH": 4_047_644, "FULL_HOUSE": 3_473_184, "FOUR_OF_A_KIND": 224_848,
    "STRAIGHT_FLUSH": 37_260, "ROYAL_FLUSH": 4_324,
}
ALL_SEVEN = 133_784_560


def _slow_stats(players: int, rounds: int, seed: int, stream: int, chunk: int) -> HoldemSimStats:
    """The oracle: the same C deals from the shoe, counted one round at a time in Python."""
    dealer = BatchDealer(seed, stream)
    winner_sets = np.zeros(1 << players, np.int64)
    values = np.zeros((players, 7463), np.int64)
    best = np.zeros(7463, np.int64)
    done = 0
    while done < rounds:
        c = min(chunk, rounds - done)
        sd = holdem_showdowns(c, players, dealer=dealer)
        for r in range(c):
            row = [int(x) for x in sd.values[r]]
            top = max(row)
            mask = sum(1 << i for i, x in enumerate(row) if x == top)
            assert mask == int(sd.winners[r])
            winner_sets[mask] += 1
            best[top] += 1
            for i, x in enumerate(row):
                values[i, x] += 1
        done += c
    return HoldemSimStats(players, rounds, winner_sets, values, best)


@pytest.mark.regulation("637a.11(k)")
def test_637a_11_k_counts_match_a_round_by_round_oracle(monkeypatch: pytest.MonkeyPatch) -> None:
    """§ 637a.11(k): every seat's hand is evaluated and the best wins; the vectorised counts equal a
    round-by-round count of the same deals (several C calls per stream)."""
    monkeypatch.setattr(hs, "CHUNK", 700)
    for players in (2, 5, 10):
        assert run_stream(players, 2_345, 11, 3) == _slow_stats(players, 2_345, 11, 3, 700)


def test_split_runs_merge_to_the_whole_run() -> None:
    """N rounds on k streams equal the sum of the k streams run on their own, in any order."""
    n, k = 300_001, 5
    whole = simulate(HoldemShowdown(4), n, seed=2024, streams=k)
    parts = [run_stream(4, c, 2024, j) for j, c in enumerate(split(n, k))]
    assert whole.stats == sum(reversed(parts), HoldemSimStats.zero(4))
    merged = HoldemSimResult.from_stats(sum(parts, HoldemSimStats.zero(4)), 2024, k)
    assert merged.to_dict() == whole.to_dict()
    assert whole.rounds == n and int(whole.stats.winner_sets.sum()) == n
    assert simulate(HoldemShowdown(4), n, seed=2024, streams=1).stats != whole.stats  # another run of the same seed


def test_same_seed_same_totals_regardless_of_workers() -> None:
    kw = dict(seed=77, streams=6)
    here = simulate(HoldemShowdown(6), 200_000, **kw)
    assert simulate(HoldemShowdown(6), 200_000, **kw).to_dict() == here.to_dict()
    for workers in (1, 2, 3):
        with ThreadPoolExecutor(workers) as ex:
            assert simulate(HoldemShowdown(6), 200_000, executor=ex, **kw).stats == here.stats
    with ProcessPoolExecutor(2) as ex:
        assert simulate(HoldemShowdown(6), 200_000, executor=ex, **kw).to_dict() == here.to_dict()


def test_progress_counts_every_round() -> None:
    seen: list[int] = []
    simulate(HoldemShowdown(3), 150_000, seed=1, streams=2, progress=seen.append)
    assert sum(seen) == 150_000 and len(seen) >= 2
    seen.clear()
    with ThreadPoolExecutor(2) as ex:
        simulate(HoldemShowdown(3), 150_000, seed=1, streams=3, executor=ex, progress=seen.append)
    assert sorted(seen) == sorted(split(150_000, 3))


def test_equity_shares_add_up_exactly() -> None:
    """Ties split the pot evenly: the seats' equities add to exactly one; wins alone add to the
    rounds not split."""
    r = simulate(HoldemShowdown(7), 100_000, seed=5, streams=3)
    assert sum(s.equity for s in r.seats) == 1
    assert sum(s.wins for s in r.seats) == r.splits[1]
    assert sum(k * c for k, c in r.splits.items()) == sum(s.wins + s.ties for s in r.seats)
    assert sum(r.splits.values()) == r.rounds
    counts = r.stats.split_counts()
    assert r.seats[2].equity == Fraction(sum(Fraction(c, k) for k, c in enumerate(counts[2]) if k), r.rounds)


def test_heads_up_random_hands_agree_with_equity() -> None:
    """Random hand against random hand: the simulation's win / tie rates agree with pyeval.equity's
    Monte Carlo of the ranges ``random`` vs ``random`` within their standard errors."""
    sim = simulate(HoldemShowdown(2), 600_000, seed=31, streams=4)
    eq = equity(["random", "random"], trials=600_000, seed=32, workers=1)
    for s, e in zip(sim.seats, eq.players):
        for a, b, sa, sb in ((s.win, e.win, s.win_stderr, e.win_stderr), (s.tie, e.tie, s.tie_stderr, e.tie_stderr),
                             (s.equity, e.equity, s.equity_stderr, e.equity_stderr)):
            assert abs(float(a) - float(b)) < 5 * math.hypot(sa, sb) + 1e-12


@pytest.mark.parametrize("players", [2, 9])
def test_seven_card_category_frequencies(players: int) -> None:
    """Each seat's seven cards are a uniform 7-card hand: category frequencies within 5 standard
    errors of the exact counts over all 133,784,560 hands, per seat and over all hands."""
    r = simulate(HoldemShowdown(players), 400_000, seed=100 + players, streams=2)
    for seat in (0, players - 1):
        for name, count in SEVEN_CARD_COUNTS.items():
            f = r.categories[seat][name]
            p = count / ALL_SEVEN
            assert abs(f.frequency - p) < 5 * math.sqrt(p * (1 - p) / r.rounds), (seat, name)
    for name, count in SEVEN_CARD_COUNTS.items():
        p = count / ALL_SEVEN
        assert abs(r.all_hands[name].frequency - p) < 5 * math.sqrt(p * (1 - p) / r.rounds), name
    assert sum(f.count for f in r.all_hands.values()) == players * r.rounds
    assert sum(f.count for f in r.winning.values()) == r.rounds


def test_winning_hand_is_the_best_seat_value() -> None:
    r = simulate(HoldemShowdown(3), 50_000, seed=3)
    best = r.stats.best_values
    cats = {name: 0 for name in SEVEN_CARD_COUNTS}
    for v in np.nonzero(best)[0]:
        cats[hand_category(int(v), royal=True).name] += int(best[v])
    assert {k: f.count for k, f in r.winning.items()} == cats
    # the winning hand is never weaker than seat 0's hand: its distribution dominates
    seat0 = np.cumsum(r.stats.values[0])
    assert np.all(np.cumsum(best) <= seat0)


def test_bad_arguments_raise_and_name_the_argument() -> None:
    with pytest.raises(SimulationError, match="players"):
        simulate(HoldemShowdown(11), 10, seed=1)
    with pytest.raises(SimulationError, match="players"):
        simulate(HoldemShowdown(True), 10, seed=1)
    with pytest.raises(SimulationError, match="rounds"):
        simulate(HoldemShowdown(2), 0, seed=1)
    with pytest.raises(SimulationError, match="rounds"):
        simulate(HoldemShowdown(2), 10.0, seed=1)  # type: ignore[arg-type]
    with pytest.raises(SeedError, match="seed"):
        simulate(HoldemShowdown(2), 10, seed=-1)
    with pytest.raises(SeedError, match="streams"):
        simulate(HoldemShowdown(2), 10, seed=1, streams=0)
    with pytest.raises(SimulationError, match="executor"):
        simulate(HoldemShowdown(2), 10, seed=1, executor=object())  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match="players"):
        _ = HoldemSimStats.zero(2) + HoldemSimStats.zero(3)


def test_fresh_seed_is_reported_and_reproduces_the_run() -> None:
    r = simulate(HoldemShowdown(2), 20_000)
    assert simulate(HoldemShowdown(2), 20_000, seed=r.seed).stats == r.stats


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "holdem", "--players", "3", "--rounds", "30000", "--seed", "4", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "holdem" and data["players"] == 3 and data["rounds"] == 30000
    assert data["seed"] == 4 and data["streams"] == hs.CLI_STREAMS
    assert len(data["seats"]) == 3 and len(data["categories"]) == 3
    assert sum(Fraction(s["equity_exact"]) for s in data["seats"]) == 1
    assert main(args + ["--workers", "2", "--scheduler", "threads"]) == 0
    assert json.loads(capsys.readouterr().out) == data


def test_cli_table_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "holdem", "--rounds", "20000", "--seed", "9", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 players, 20,000 rounds, seed 9" in out and "Royal Flush" in out and "(button)" in out
    assert main(["simulate", "holdem", "--players", "12", "--rounds", "10"]) == 2
    assert "players must be an int 2..10" in capsys.readouterr().err

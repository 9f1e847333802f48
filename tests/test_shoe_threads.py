"""Issue 14, items 1-5: shoes and batch dealers shared by threads, secure sources never duplicated
(threads, copies, pickles, forks), exact save/restore of dealing state, chunk-size independence.

Every test here failed on the code before the fix (heap overflow, duplicated cards, identical
arrays, replayed OS bytes, unpicklable shoes) and must pass now.
"""
from __future__ import annotations

import copy
import json
import os
import pickle
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict

import numpy as np
import pytest

from pyeval.crisscross.deck import ShufflerDeck
from pyeval.errors import (
    CardTypeError,
    SeedError,
    ShoeArgumentError,
    ShoeExhaustedError,
    ShoeTypeError,
)
from pyeval.house.dealing import HOLDEM_DEAL, deal_procedure
from pyeval.shoe import (
    HAND_SHUFFLE,
    BatchDealer,
    DealerState,
    Shoe,
    ShoeSnapshot,
    deal_batch,
)
from pyeval.poker.batch import holdem_showdowns

THREADS = 4


def run_threads(target: Callable[[int], None], n: int = THREADS, timeout: float = 60.0) -> None:
    """Run ``target(i)`` in ``n`` threads started together; re-raise the first error; fail on a hang."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(n)

    def wrap(i: int) -> None:
        try:
            barrier.wait()
            target(i)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    ts = [threading.Thread(target=wrap, args=(i,), daemon=True) for i in range(n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(timeout)
    assert not any(t.is_alive() for t in ts), "a thread hung"
    if errors:
        raise errors[0]


def assert_consistent(shoe: Shoe) -> None:
    """Nothing lost or created: the shoe holds each card as often as its decks do, the rack only
    cards that came off the top, and the counters agree."""
    order = shoe.order()
    assert len(order) == shoe.size == 52 * shoe.decks
    assert Counter(order) == Counter({c: shoe.decks for c in range(52)})
    assert 0 <= shoe.dealt <= shoe.size and shoe.remaining == shoe.size - shoe.dealt
    assert not Counter(shoe.discards) - Counter(shoe.dealt_cards())
    assert len(set(zip(order, shoe.deck_indices()))) == shoe.size


# ---- item 1: four threads burning from one 8-deck shoe (heap overflow of the rack) ---------------
def test_four_threads_burning_one_8_deck_shoe() -> None:
    shoe = Shoe(8, seed=1)
    for _ in range(20):
        shoe.shuffle()
        burned: list[list[int]] = [[] for _ in range(THREADS)]

        def burn(i: int) -> None:
            while True:
                try:
                    burned[i].append(shoe.burn())
                except ShoeExhaustedError:
                    return

        run_threads(burn)
        allb = [c for b in burned for c in b]
        assert len(allb) == 416 and shoe.remaining == 0
        assert Counter(allb) == Counter(shoe.discards) == Counter({c: 8 for c in range(52)})
        assert len(shoe.rack) == 416
        assert_consistent(shoe)


# ---- item 3: four threads dealing from one seeded shoe; shuffling while dealing -------------------
def test_four_threads_dealing_never_deal_a_card_twice() -> None:
    shoe = Shoe(seed=2)
    for _ in range(200):
        shoe.shuffle()
        got: list[list[int]] = [[] for _ in range(THREADS)]

        def deal(i: int) -> None:
            while True:
                try:
                    got[i].extend(shoe.deal(1 + i % 3) if i % 2 else (shoe.deal_one(),))
                except ShoeExhaustedError:
                    try:  # the last one or two cards: one at a time
                        got[i].append(shoe.deal_one())
                    except ShoeExhaustedError:
                        return

        run_threads(deal)
        cards = [c for g in got for c in g]
        assert sorted(cards) == list(range(52))
        assert shoe.dealt == 52 and shoe.remaining == 0
        assert_consistent(shoe)


def test_shuffling_and_dealing_threads_keep_the_shoe_whole() -> None:
    shoe = Shoe(2, seed=3, ordered=True)  # dealt before any thread shuffles
    stop = threading.Event()

    def work(i: int) -> None:
        k = 0
        while not stop.is_set() and k < 400:
            k += 1
            if i == 0:
                shoe.shuffle()
            elif i == 1:
                shoe.shuffle(HAND_SHUFFLE)
                try:
                    shoe.cut()
                except ShoeArgumentError:
                    pass  # others dealt the stub below twice the minimum cut depth meanwhile: refused
            elif i == 2:
                try:
                    cards = shoe.deal(5)
                    shoe.burn()
                    shoe.discard(cards)
                except (ShoeExhaustedError, ShoeArgumentError):
                    pass  # a shuffle gathered the cards between the deal and the discard
            else:
                try:
                    r = deal_procedure(shoe, HOLDEM_DEAL, [1, 2, 3, 4], button=4)
                    assert len(r.board) == 5 and all(len(h) == 2 for h in r.hands.values())
                    assert max(Counter(e.card for e in r.events).values()) <= 2  # two decks
                    shoe.reshuffle_rack()
                except ShoeExhaustedError:
                    pass
        stop.set()

    run_threads(work)
    assert_consistent(shoe)
    assert shoe.remaining >= 0 and sorted(Counter(shoe.stub()).values()) <= [2] * 52


def test_deal_procedure_is_all_or_nothing_with_other_threads_dealing() -> None:
    """The deal's cards come off together: each DealtRound holds consecutive cards of the shoe."""
    for seed in range(5):
        shoe = Shoe(seed=seed)
        shoe.shuffle()
        order = shoe.order()
        rounds = []
        singles: list[int] = []

        def work(i: int) -> None:
            for _ in range(3):
                if i == 0:
                    try:
                        rounds.append(deal_procedure(shoe, HOLDEM_DEAL, [1, 2], button=2))
                    except ShoeExhaustedError:
                        return
                else:
                    try:
                        singles.append(shoe.deal_one())
                    except ShoeExhaustedError:
                        return

        run_threads(work)
        for r in rounds:
            cards = [e.card for e in r.events]
            start = order.index(cards[0])
            assert tuple(cards) == order[start:start + len(cards)]
        assert_consistent(shoe)


# ---- item 4: one BatchDealer, four threads (state copied, run, written back) ---------------------
@pytest.mark.parametrize("k", [52, 7])
def test_batch_dealer_threads_never_return_identical_arrays(k: int) -> None:
    dealer = BatchDealer(seed=4)
    calls, rows = 30, 500
    arrays: list[list[bytes]] = [[] for _ in range(THREADS)]

    def deal(i: int) -> None:
        for _ in range(calls):
            arrays[i].append(dealer.deal(rows, k).tobytes())

    run_threads(deal)
    flat = [a for per in arrays for a in per]
    assert len(set(flat)) == len(flat) == THREADS * calls
    # the calls were serialised: together they are exactly the serial stream's chunks, in some order
    serial = BatchDealer(seed=4)
    assert sorted(flat) == sorted(serial.deal(rows, k).tobytes() for _ in range(THREADS * calls))


def test_batch_dealer_threads_mixing_showdowns_and_deals() -> None:
    dealer = BatchDealer(seed=5)
    seen: list[bytes] = []
    lock = threading.Lock()

    def work(i: int) -> None:
        for _ in range(20):
            if i % 2:
                out = holdem_showdowns(300, 3, cards=True, dealer=dealer).cards
                assert out is not None
            else:
                out = dealer.deal(300, 11)
            assert all(len(set(row)) == len(row) for row in out.tolist())
            with lock:
                seen.append(out.tobytes())

    run_threads(work)
    assert len(set(seen)) == len(seen)


# ---- item 2: secure sources shared by threads stay secure ----------------------------------------
def test_secure_shoe_shared_by_threads_stays_secure() -> None:
    shoe = Shoe(4, secure=True)
    orders: list[tuple[int, ...]] = []
    lock = threading.Lock()

    def work(i: int) -> None:
        for _ in range(300):
            shoe.shuffle()
            shoe.randbelow(1 << 63)
            try:
                shoe.burn()
                shoe.deal(3)
            except ShoeExhaustedError:
                pass
            if i == 0:
                with lock:
                    orders.append(shoe.order())

    run_threads(work)
    assert shoe.secure and shoe.seed is None
    assert_consistent(shoe)
    assert len(set(orders)) == len(orders)  # never a replayed shuffle
    # the next bounded draw still ends (an all-zero source would spin forever in C)
    assert 0 <= shoe.randbelow(3) < 3


def test_secure_batch_dealer_shared_by_threads() -> None:
    dealer = BatchDealer(secure=True)
    out: list[bytes] = []
    lock = threading.Lock()

    def work(i: int) -> None:
        for _ in range(200):
            a = dealer.deal(40, 52)
            with lock:
                out.append(a.tobytes())

    run_threads(work)
    assert dealer.secure
    assert len(set(out)) == len(out)
    rows = np.frombuffer(b"".join(out), np.uint8).reshape(-1, 52)
    assert (np.sort(rows, axis=1) == np.arange(52)).all()
    # not an all-zero generator: the first card is spread over the deck
    assert len(set(rows[:, 0].tolist())) > 40


# ---- item 5: a secure source is never duplicated (copy, pickle, fork) ----------------------------
def agree(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return sum(x == y for x, y in zip(a, b))


@pytest.mark.parametrize("dup", [lambda s: s.copy(), copy.copy, copy.deepcopy])
def test_copies_of_a_secure_shoe_shuffle_independently(dup: Callable[[Shoe], Shoe]) -> None:
    for _ in range(5):
        shoe = Shoe(secure=True)
        shoe.shuffle()
        shoe.deal(4)
        other = dup(shoe)
        assert other.secure and other.order() == shoe.order() and other.dealt == 4  # same cards
        shoe.shuffle()
        other.shuffle()
        assert agree(shoe.order(), other.order()) < 15  # ~1 expected; 33 of 52 before the fix


@pytest.mark.parametrize("dup", [copy.copy, copy.deepcopy, lambda d: d.copy()])
def test_copies_of_a_secure_dealer_deal_independently(dup: Callable[[BatchDealer], BatchDealer]) -> None:
    d = BatchDealer(secure=True)
    d.deal(1, 52)
    e = dup(d)
    assert e.secure
    a, b = d.deal(4, 52), e.deal(4, 52)
    assert sum(agree(tuple(x), tuple(y)) for x, y in zip(a.tolist(), b.tolist())) < 40


def test_secure_shoe_and_dealer_refuse_pickle() -> None:
    with pytest.raises(ShoeTypeError, match="secure"):
        pickle.dumps(Shoe(secure=True))
    with pytest.raises(ShoeTypeError, match="secure"):
        pickle.dumps(BatchDealer(secure=True))
    with pytest.raises(SeedError):
        BatchDealer(secure=True).state()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
@pytest.mark.parametrize("kind", ["shoe", "dealer"])
def test_fork_never_replays_the_secure_buffer(kind: str) -> None:
    """Parent and child draw from their own OS bytes after a fork (the pid is checked in C)."""
    src: Shoe | BatchDealer
    if kind == "shoe":
        src = Shoe(secure=True)
        src.shuffle()  # fills the 256-byte buffer and uses part of it

        def draw() -> bytes:
            assert isinstance(src, Shoe)
            src.shuffle()
            return bytes(src.order())
    else:
        src = BatchDealer(secure=True)
        src.deal(1, 7)

        def draw() -> bytes:
            assert isinstance(src, BatchDealer)
            return src.deal(1, 52).tobytes()

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            os.write(w, draw())
        finally:
            os._exit(0)
    os.close(w)
    mine = draw()
    theirs = b""
    while len(theirs) < 52:
        chunk = os.read(r, 52 - len(theirs))
        if not chunk:
            break
        theirs += chunk
    os.close(r)
    os.waitpid(pid, 0)
    assert len(theirs) == 52
    assert agree(tuple(mine), tuple(theirs)) < 15


# ---- copy / deepcopy / pickle of seeded shoes and dealers: state saved exactly -------------------
def play(shoe: Shoe) -> list[object]:
    out: list[object] = [shoe.deal(3), shoe.burn(), shoe.cut(), shoe.randbelow(1000)]
    shoe.shuffle(HAND_SHUFFLE)
    out += [shoe.deal(9), shoe.rack, shoe.remaining]
    shoe.shuffle()
    out.append(shoe.order())
    return out


@pytest.mark.parametrize("dup", [lambda s: s.copy(), copy.copy, copy.deepcopy,
                                 lambda s: pickle.loads(pickle.dumps(s))])
def test_seeded_shoe_duplicates_continue_identically(dup: Callable[[Shoe], Shoe]) -> None:
    shoe = Shoe(3, seed=2**200 + 7, stream=2, min_cut=12)
    shoe.shuffle()
    shoe.deal(5)
    shoe.burn()
    shoe.discard(shoe.dealt_cards()[:5])
    other = dup(shoe)
    assert type(other) is Shoe and other.snapshot() == shoe.snapshot()
    again = Shoe.restore(ShoeSnapshot(**json.loads(json.dumps(asdict(shoe.snapshot())))))  # via JSON
    assert again.order() == shoe.order() and again.rack == shoe.rack
    assert other._s != shoe._s  # its own C struct (copy.copy aliased it before)
    assert play(other) == play(shoe)
    assert other.seed == shoe.seed and other.stream == 2 and other.min_cut == 12


def test_shuffler_deck_pickles_with_its_presets() -> None:
    deck = ShufflerDeck(seed=9)
    deck.preset([tuple(range(51, -1, -1)), tuple(range(52))])
    deck.shuffle()
    deck.deal(2)
    other = pickle.loads(pickle.dumps(deck))
    assert type(other) is ShufflerDeck
    deep = copy.deepcopy(deck)
    shallow = deck.copy()
    for d in (deck, other, deep, shallow):
        d.shuffle()
        assert d.order() == tuple(range(52))
        d.shuffle()
    assert deck.order() == other.order() == deep.order() == shallow.order()


@pytest.mark.parametrize("dup", [copy.copy, copy.deepcopy, lambda d: pickle.loads(pickle.dumps(d)),
                                 lambda d: BatchDealer.from_state(d.state()),
                                 lambda d: BatchDealer.from_state(DealerState(**asdict(d.state()))),
                                 lambda d: BatchDealer.from_state(DealerState(**json.loads(json.dumps(asdict(d.state())))))])
def test_seeded_dealer_duplicates_continue_identically(dup: Callable[[BatchDealer], BatchDealer]) -> None:
    d = BatchDealer(seed=11, stream=3)
    d.deal(37, 9)
    e = dup(d)
    assert e.seed == 11 and e.stream == 3 and e.state() == d.state()
    for n, k in [(10, 7), (5, 52), (100, 3)]:
        assert (d.deal(n, k) == e.deal(n, k)).all()
    a, b = holdem_showdowns(50, 4, cards=True, dealer=d), holdem_showdowns(50, 4, cards=True, dealer=e)
    assert (a.values == b.values).all() and (a.cards == b.cards).all()  # type: ignore[union-attr]


# ---- checkpoint / resume: the stream does not depend on the chunk size ---------------------------
@pytest.mark.parametrize("k", [1, 7, 9, 52])
def test_dealing_in_chunks_equals_one_call(k: int) -> None:
    whole = BatchDealer(seed=21).deal(1000, k)
    d = BatchDealer(seed=21)
    parts = np.vstack([d.deal(500, k), d.deal(0, k), d.deal(1, k), d.deal(499, k)])
    assert (parts == whole).all()
    assert (deal_batch(500, k, seed=21) == whole[:500]).all()  # a prefix of the stream


def test_showdowns_in_chunks_equal_one_call() -> None:
    whole = holdem_showdowns(1000, 6, seed=22, cards=True)
    d = BatchDealer(seed=22)
    a, b = holdem_showdowns(300, 6, cards=True, dealer=d), holdem_showdowns(700, 6, cards=True, dealer=d)
    assert (np.vstack([a.values, b.values]) == whole.values).all()
    assert (np.concatenate([a.winners, b.winners]) == whole.winners).all()
    assert (np.vstack([a.cards, b.cards]) == whole.cards).all()  # type: ignore[list-item]


def test_checkpoint_and_resume_a_simulation_exactly() -> None:
    """Run 10 chunks, checkpoint after 4 (pickle the dealer), resume: identical totals."""
    def totals(dealer: BatchDealer, chunks: int) -> np.ndarray:
        acc = np.zeros(3, np.int64)
        for _ in range(chunks):
            s = holdem_showdowns(2000, 3, dealer=dealer)
            acc += [(s.winners == 1 << i).sum() for i in range(3)]
        return acc

    straight = totals(BatchDealer(seed=23), 10)
    d = BatchDealer(seed=23)
    first = totals(d, 4)
    saved = pickle.dumps(d)
    del d
    rest = totals(pickle.loads(saved), 6)
    assert (first + rest == straight).all()


def test_dealer_state_is_validated() -> None:
    st = BatchDealer(seed=1).state()
    with pytest.raises(SeedError):
        BatchDealer.from_state(DealerState(1, 0, (0, 0, 0, 0), st.deck))
    with pytest.raises(SeedError):
        BatchDealer.from_state(DealerState(1, 0, (1, 2, 3), st.deck))  # type: ignore[arg-type]
    with pytest.raises(ShoeArgumentError):
        BatchDealer.from_state(DealerState(1, 0, st.rng_state, (0,) * 52))
    with pytest.raises(ShoeArgumentError):
        BatchDealer.from_state(DealerState(1, 0, st.rng_state, tuple(range(51))))
    with pytest.raises(SeedError):
        BatchDealer.from_state(DealerState(-1, 0, st.rng_state, st.deck))
    with pytest.raises(ShoeTypeError):
        BatchDealer.from_state(asdict(st))  # type: ignore[arg-type]


# ---- item 15: errors that are pyeval errors ------------------------------------------------------
def test_huge_batches_raise_pyeval_errors() -> None:
    for n in (2**63, 2**40, 10**30):
        with pytest.raises(ShoeArgumentError):
            deal_batch(n, 7, seed=1)
        with pytest.raises(ShoeArgumentError):
            holdem_showdowns(n, 2, seed=1)
    with pytest.raises(ShoeArgumentError):
        BatchDealer(seed=1).deal(-1, 7)


@pytest.mark.parametrize("bad", [np.empty((3, 7), np.float64), np.empty((3, 7), "m8[s]"),
                                 np.empty((3, 7), np.int8), np.empty((7, 3), np.uint8),
                                 np.empty((3, 14), np.uint8)[:, ::2], [[0] * 7] * 3])
def test_bad_out_buffers_raise_card_type_error(bad: object) -> None:
    with pytest.raises(CardTypeError):
        deal_batch(3, 7, seed=1, out=bad)  # type: ignore[arg-type]


def test_read_only_out_buffer_is_refused() -> None:
    out = np.zeros((3, 7), np.uint8)
    out.flags.writeable = False
    with pytest.raises(CardTypeError):
        deal_batch(3, 7, seed=1, out=out)
    assert not out.any()


@pytest.mark.parametrize("bad", [7.0, np.float32(7), np.timedelta64(7), "7", None, True])
def test_batch_counts_must_be_ints(bad: object) -> None:
    with pytest.raises(ShoeTypeError):
        deal_batch(bad, 7, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ShoeTypeError):
        deal_batch(3, bad, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ShoeTypeError):
        holdem_showdowns(3, bad, seed=1)  # type: ignore[arg-type]
    assert deal_batch(np.int64(3), np.uint8(7), seed=1).shape == (3, 7)


#: The tests tests/asan_workload.py also runs against the AddressSanitizer/UBSan build (with their
#: parameters), so the thread, fork and copy paths run under the sanitizers in CI's workload.
SANITIZER_WORKLOAD: list[tuple[Callable[..., None], tuple[object, ...]]] = [
    (test_four_threads_burning_one_8_deck_shoe, ()),
    (test_four_threads_dealing_never_deal_a_card_twice, ()),
    (test_shuffling_and_dealing_threads_keep_the_shoe_whole, ()),
    (test_deal_procedure_is_all_or_nothing_with_other_threads_dealing, ()),
    (test_batch_dealer_threads_never_return_identical_arrays, (52,)),
    (test_batch_dealer_threads_never_return_identical_arrays, (7,)),
    (test_batch_dealer_threads_mixing_showdowns_and_deals, ()),
    (test_secure_shoe_shared_by_threads_stays_secure, ()),
    (test_secure_batch_dealer_shared_by_threads, ()),
    (test_copies_of_a_secure_shoe_shuffle_independently, (copy.deepcopy,)),
    (test_secure_shoe_and_dealer_refuse_pickle, ()),
    (test_seeded_shoe_duplicates_continue_identically, (copy.deepcopy,)),
    (test_seeded_dealer_duplicates_continue_identically, (copy.copy,)),
    (test_checkpoint_and_resume_a_simulation_exactly, ()),
    (test_huge_batches_raise_pyeval_errors, ()),
]
if hasattr(os, "fork"):
    SANITIZER_WORKLOAD += [(test_fork_never_replays_the_secure_buffer, ("shoe",)),
                           (test_fork_never_replays_the_secure_buffer, ("dealer",))]

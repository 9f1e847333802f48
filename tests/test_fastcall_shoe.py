"""The shoe's calls through ``pyeval._fastcall`` (csrc/python/pe_shoefast.h; docs/decisions/
042-engine-calls-without-cffi.md): ``shoe_deal``, ``shoe_burn_deal`` and ``shoe_shuffle`` call the
same C functions of ``pyeval._native`` by address, on the struct a ``shoe_handle`` holds. Checked
against the cffi calls (same cards, same random stream, same state afterwards), on junk without a
crash, for reference counts, and through a busy lock (the retry path).
"""
from __future__ import annotations

import gc
import sys
import threading

import pytest
from hypothesis import given, settings, strategies as st

from pyeval._bindings import _fastcall, ffi, lib
from pyeval.errors import ShoeArgumentError, ShoeExhaustedError, ShoeTypeError
from pyeval.shoe import Shoe

_SIZE = ffi.sizeof("pe_shoe")


def _cffi_deal(s: Shoe, k: int) -> tuple[int, ...] | int:
    buf = ffi.new("uint8_t[]", max(k, 1))
    st_ = lib.pe_shoe_deal(s._s, k, buf)
    return tuple(bytes(ffi.buffer(buf, k))) if st_ == 0 else int(st_)


def _cffi_burn_deal(s: Shoe, k: int) -> tuple[int, ...] | int:
    v = lib.pe_shoe_burn_deal_packed(s._s, k)
    return tuple(v.to_bytes(k + 1, "little")) if v >= 0 else int(v)


_OPS = st.lists(st.tuples(st.sampled_from(["deal", "burn_deal", "shuffle"]), st.integers(0, 120)), max_size=40)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**64), st.integers(1, 3), _OPS)
def test_c_calls_give_the_cffi_calls_cards_and_state(seed: int, decks: int, ops: list[tuple[str, int]]) -> None:
    a, b = Shoe(decks, seed=seed), Shoe(decks, seed=seed)
    for op, k in ops:
        if op == "deal":
            assert _fastcall.shoe_deal(a._h, k) == _cffi_deal(b, k)
        elif op == "burn_deal":
            assert _fastcall.shoe_burn_deal(a._h, k % 7) == _cffi_burn_deal(b, k % 7)
        else:
            assert _fastcall.shoe_shuffle(a._h) == lib.pe_shoe_shuffle_all(b._s) == 0
        assert a.snapshot() == b.snapshot()


def test_the_public_methods_take_the_c_calls_and_keep_their_errors() -> None:
    s = Shoe(seed=3)
    s.shuffle()
    assert len(s.deal(12)) == 12 and len(s._burn_and_deal(3)) == 4 and s.remaining == 52 - 16
    assert s.deal(0) == () and s.deal(36) and s.remaining == 0
    for bad in (lambda: s.deal(1), lambda: s.deal(417), lambda: s._burn_and_deal(0)):
        with pytest.raises(ShoeExhaustedError, match="0 remain"):
            bad()
    with pytest.raises(ShoeArgumentError):
        s.deal(-1)
    with pytest.raises(ShoeTypeError):
        s.deal(1.0)  # type: ignore[arg-type]
    s.shuffle()
    assert s.remaining == 52 and s.discards == ()


def test_copies_pickles_and_private_copies_have_their_own_handle() -> None:
    import copy
    import pickle

    s = Shoe(seed=4)
    s.shuffle()
    s.deal(5)
    for other in (s.copy(), copy.deepcopy(s), pickle.loads(pickle.dumps(s)), s._private()):
        assert other._h is not s._h
        assert other.deal(7) == s.copy().deal(7)
        assert s.remaining == 47


@pytest.mark.parametrize("f, extra", [(_fastcall.shoe_deal, (1,)), (_fastcall.shoe_burn_deal, (1,)),
                                      (_fastcall.shoe_shuffle, ())])
@pytest.mark.parametrize("junk", [None, 0, "h", b"x" * _SIZE, bytearray(_SIZE), Shoe(seed=1)])
def test_calls_refuse_anything_but_a_handle(f, extra, junk) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError):
        f(junk, *extra)


@pytest.mark.parametrize("k", [-1, 417, 2**70, -(2**70), True, 1.0, "3", None])
def test_deal_refuses_a_bad_count(k: object) -> None:
    h = Shoe(seed=1)._h
    with pytest.raises((TypeError, ValueError)):
        _fastcall.shoe_deal(h, k)


@pytest.mark.parametrize("k", [-1, 7, 2**70, True, 1.0, None])
def test_burn_deal_refuses_a_bad_count(k: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        _fastcall.shoe_burn_deal(Shoe(seed=1)._h, k)


@pytest.mark.parametrize("args", [(), (1,), (1, 2), (None, 1)])
def test_wrong_argument_counts_and_types_raise(args: tuple[object, ...]) -> None:
    with pytest.raises(TypeError):
        _fastcall.shoe_deal(*args)
    with pytest.raises(TypeError):
        _fastcall.shoe_burn_deal(*args)


def test_bind_is_refused_a_second_time() -> None:
    with pytest.raises((RuntimeError, TypeError)):
        _fastcall.shoe_bind(1, 2, 3, 2, _SIZE)
    with pytest.raises((RuntimeError, TypeError)):
        _fastcall.shoe_bind()


def test_handle_takes_only_a_writable_aligned_buffer_of_the_struct_size() -> None:
    for bad in (b"\0" * _SIZE, bytearray(_SIZE - 1), bytearray(_SIZE + 1), memoryview(bytearray(_SIZE + 1))[1:],
                3, None, "x" * _SIZE):
        with pytest.raises((TypeError, ValueError, BufferError)):
            _fastcall.shoe_handle(bad)
    with pytest.raises(TypeError):
        type(Shoe(seed=1)._h)()  # not made from Python


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=_SIZE, max_size=_SIZE), st.integers(0, 416), st.integers(0, 6))
def test_junk_bytes_as_a_shoe_give_a_status_or_cards_never_a_crash(junk: bytes, k: int, j: int) -> None:
    buf = bytearray(junk)
    h = _fastcall.shoe_handle(buf)
    for got in (_fastcall.shoe_deal(h, k), _fastcall.shoe_burn_deal(h, j), _fastcall.shoe_shuffle(h)):
        assert (isinstance(got, int) and got <= 0) or (isinstance(got, tuple) and all(0 <= c < 256 for c in got))


def test_a_handle_holds_its_memory_and_lets_it_go() -> None:
    buf = bytearray(_SIZE)
    before = sys.getrefcount(buf)
    handles = [_fastcall.shoe_handle(buf) for _ in range(50)]
    assert sys.getrefcount(buf) == before + 50
    with pytest.raises(BufferError):
        buf.extend(b"x")  # exported: cannot move
    del handles
    gc.collect()
    assert sys.getrefcount(buf) == before
    buf.extend(b"x")

    s = Shoe(seed=5)
    s.shuffle()
    h = s._h
    want = s.copy().deal(6)
    del s
    gc.collect()
    assert _fastcall.shoe_deal(h, 6) == want  # the struct lives as long as the handle


def test_results_hold_no_extra_references() -> None:
    s = Shoe(seed=6)
    h = s._h
    card = 7
    before = sys.getrefcount(card)
    for _ in range(200):
        _fastcall.shoe_shuffle(h)
        _fastcall.shoe_deal(h, 52)
        _fastcall.shoe_shuffle(h)
        _fastcall.shoe_burn_deal(h, 6)
    assert abs(sys.getrefcount(card) - before) <= 2  # (small ints are shared: only what we hold)


def test_a_busy_shoe_is_retried_until_free() -> None:
    s = Shoe(seed=7)
    s.shuffle()
    want = s.copy()
    s._s.busy = 1  # as a thread of this process inside a call would leave it
    assert _fastcall.shoe_deal(s._h, 3) == _fastcall.shoe_burn_deal(s._h, 3) == _fastcall.shoe_shuffle(s._h) \
        == lib.PE_SHOE_ERR_BUSY
    timer = threading.Timer(0.05, lambda: setattr(s._s, "busy", 0))
    timer.start()
    try:
        assert s.deal(3) == want.deal(3)
        s._s.busy = 1
        timer = threading.Timer(0.05, lambda: setattr(s._s, "busy", 0))
        timer.start()
        assert s._burn_and_deal(3) == want._burn_and_deal(3)
        s._s.busy = 1
        timer = threading.Timer(0.05, lambda: setattr(s._s, "busy", 0))
        timer.start()
        s.shuffle()
        want.shuffle()
        assert s.snapshot() == want.snapshot()
    finally:
        timer.join()
        s._s.busy = 0

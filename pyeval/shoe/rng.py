"""Random sources and the one seed/stream policy of pyeval.

Every part of pyeval that takes a ``seed`` (shoes, batch dealers, equity, the game simulations)
resolves it with :func:`resolve_seed` and selects a stream with :func:`check_stream`, so the words
mean the same everywhere:

* ``seed``: an int 0..2**256-1 (anything with ``__index__``, not a bool), used as given; or
  ``None``: a fresh 256-bit seed drawn from the operating system (``secrets.randbits(256)``) and
  returned, so the caller records it and the run can be replayed exactly.
* ``stream``: an int 0..:data:`MAX_STREAM`; stream ``k`` is the seeded xoshiro256** state jumped
  ``k`` times (2**128 draws apart: streams never overlap).
* a secure source (``secure=True``) takes no seed and no stream.

Anything else raises :class:`~pyeval.errors.SeedError` (a ``ValueError``), the one error class for
bad seeds and streams. The generator algorithms are documented and cited in ``csrc/pe_rng.h``.
"""
from __future__ import annotations

import secrets
from typing import Any

from ..errors import EntropyError, SeedError
from ._common import ffi, lib

__all__ = ["MAX_SEED", "MAX_STREAM", "resolve_seed", "check_seed", "check_stream", "seed_words",
           "seeded_rng", "secure_rng", "new_rng", "SeededSource"]

#: Seeds are ints in 0..MAX_SEED (256 bits).
MAX_SEED = (1 << 256) - 1
#: Largest ``stream=`` (each stream is 2**128 draws of the generator after the previous one).
MAX_STREAM = 1 << 20


def check_seed(seed: object) -> int:
    """``seed`` as an int 0..2**256-1 (``None`` is not accepted here; see :func:`resolve_seed`).

    Raises:
        SeedError: not an int (bools refused) or out of range.
    """
    return _check_index(seed, "seed", MAX_SEED, "0..2**256-1", f" or None, got {seed!r} ({type(seed).__name__})")


def resolve_seed(seed: object) -> int:
    """The seed policy: ``None`` -> a fresh 256-bit seed from the OS (returned, to be recorded);
    an int 0..2**256-1 -> itself.

    Raises:
        SeedError: anything else.
    """
    if seed is None:
        return secrets.randbits(256)
    return check_seed(seed)


def check_stream(stream: object) -> int:
    """``stream`` as an int 0..:data:`MAX_STREAM`. Raises SeedError otherwise."""
    return _check_index(stream, "stream", MAX_STREAM, f"0..{MAX_STREAM}", f", got {stream!r}")


def _check_index(value: object, what: str, hi: int, span: str, not_int: str) -> int:
    """``value`` as an int 0..hi (anything with ``__index__``, not a bool); else SeedError saying
    ``what`` must be an int ``span`` (``not_int`` ends the message for a value that is no int)."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise SeedError(f"{what} must be an int {span}{not_int}")
    v = int(value.__index__())
    if not 0 <= v <= hi:
        raise SeedError(f"{what} must be an int {span}, got {v}")
    return v


def seed_words(seed: int) -> list[int]:
    """The four 64-bit words of a 256-bit seed, least significant first (``pe_rng_seed``'s input)."""
    return [(seed >> (64 * i)) & 0xFFFFFFFFFFFFFFFF for i in range(4)]


def _seed_into(rng: Any, seed: int, stream: int) -> None:
    lib.pe_rng_seed(rng, seed_words(seed))
    if stream:
        lib.pe_rng_jump_n(rng, stream)  # stream jumps, as at most 21 polynomial applications


def seeded_rng(seed: object, stream: object = 0) -> Any:
    """A new ``pe_rng *`` (cffi, owned by the returned object): xoshiro256** seeded with ``seed``
    (an int; resolve ``None`` first with :func:`resolve_seed`) and jumped ``stream`` times.

    Raises:
        SeedError: a bad seed or stream.
    """
    rng = ffi.new("pe_rng *")
    _seed_into(rng, check_seed(seed), check_stream(stream))
    return rng


def secure_rng() -> Any:
    """A new ``pe_rng *`` drawing from the operating system's CSPRNG. Raises EntropyError."""
    rng = ffi.new("pe_rng *")
    _seed_secure(rng)
    return rng


def _seed_secure(rng: Any) -> None:
    if lib.pe_rng_seed_secure(rng) != 0:
        raise EntropyError("the operating system's random source (getrandom/urandom) failed")


def init_rng(rng: Any, seed: object, stream: object, secure: bool) -> int | None:
    """Seed the ``pe_rng *`` ``rng`` in place by the policy; returns the seed used (None if secure).

    Raises:
        SeedError: a bad seed or stream, or any seed or stream with ``secure``. EntropyError.
    """
    st = check_stream(stream)
    if secure:
        if seed is not None:
            raise SeedError("a secure source draws from the operating system's random source: no seed "
                            "may be given (use secure=False for a reproducible one)")
        if st:
            raise SeedError("streams select parts of a seeded generator; a secure source has none")
        _seed_secure(rng)
        return None
    s = resolve_seed(seed)
    _seed_into(rng, s, st)
    return s


def new_rng(seed: object = None, stream: object = 0, secure: bool = False) -> tuple[Any, int | None]:
    """A new ``pe_rng *`` by the policy and the seed it used (None when ``secure``); see :func:`init_rng`."""
    rng = ffi.new("pe_rng *")
    return rng, init_rng(rng, seed, stream, secure)


class SeededSource:
    """What the policy says about an object's random source, read-only: :attr:`seed`,
    :attr:`stream`, :attr:`secure`. The base of :class:`~pyeval.shoe.Shoe` and
    :class:`~pyeval.shoe.BatchDealer`, which set ``_seed`` and ``_stream`` (from :func:`init_rng`)
    and keep the ``pe_rng`` in their C struct (:meth:`_rng`)."""

    __slots__ = ()
    _seed: int | None
    _stream: int

    def _rng(self) -> Any:
        """The ``pe_rng`` of the object's C struct."""
        raise NotImplementedError

    @property
    def seed(self) -> int | None:
        """The seed in use (given, or drawn fresh from the OS); None for a secure source."""
        return self._seed

    @property
    def stream(self) -> int:
        """The stream: the number of jumps from the seeded state (0 for a secure source)."""
        return self._stream

    @property
    def secure(self) -> bool:
        """True when the draws come from the operating system's CSPRNG."""
        return bool(self._rng().secure)

"""The base of the house games' C simulations, the audit path and the one JSON layout.

* :class:`HouseSim`: a game for :func:`pyeval.simulate` whose rounds run in C. A game names its C
  types and functions (class attributes) and gives its configuration as a *field map*
  (:meth:`HouseSim.fields`: C field name -> int, sequence of ints, or a
  :class:`~pyeval.house.LinePaytable` for a ``pe_house_paytable`` field); the base fills the C
  struct (:func:`fill_struct`), plays each stream in chunks, merges, checkpoints and reads the
  totals back. The game writes only what its figures mean (:meth:`HouseSim.summarise`).
* :func:`play_rounds`: the audit path, every round of a seeded one-stream simulation one by one
  (cards, decisions, per-wager nets) for checking against the Python procedure.
* :func:`sim_layout`: the one JSON layout of every house game's results (docs/simulation.md).
* :func:`ratios`: a class table's odds as the C per-class arrays (absent class: ``0/0``).

Amounts are ints (chips). Errors: :class:`~pyeval.HouseArgumentError` for a bad argument, the
game's own errors (``TableRulesError``, ``WagerNotAllowedError``) from :meth:`HouseSim.fields`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from .._bindings import Status, check, ffi, lib
from ..errors import HouseArgumentError, PyevalError, TableRulesError
from ..parallel import check_cdata, dump_cdata, load_cdata, stream_rng, sum_cdata
from ..shoe.rng import resolve_seed, seeded_rng
from ..simulation import in_chunks
from .paytable import LinePaytable

__all__ = ["HouseSim", "play_rounds", "fill_struct", "ratios", "sim_layout", "SIM_LAYOUT_KEYS", "MAX_AUDIT_ROUNDS"]

R = TypeVar("R")
#: The most rounds :func:`play_rounds` returns in one call.
MAX_AUDIT_ROUNDS = 10**7
_C_LINES = 16  # PE_HOUSE_MAX_LINES


def _fill_paytable(dst: Any, name: str, p: LinePaytable) -> None:
    """A line paytable into a ``pe_house_paytable`` (lines strongest first)."""
    if len(p.lines) > _C_LINES:
        raise HouseArgumentError(f"{name}: paytable {p.name!r} has {len(p.lines)} lines; the C path takes {_C_LINES}")
    dst.n = len(p.lines)
    for i, ln in enumerate(p.lines):
        if ln.odds.numerator >= 2**31 or ln.odds.denominator >= 2**31:
            raise HouseArgumentError(f"paytable line {ln.label!r}: odds {ln.odds} too large for the "
                                     "C path (numerator and denominator must be < 2**31)")
        dst.min_value[i] = ln.min_value
        dst.num[i] = ln.odds.numerator
        dst.den[i] = ln.odds.denominator


def fill_struct(ctype: str, fields: Mapping[str, object]) -> Any:
    """A new C struct ``ctype`` (owned by the returned cffi object) filled from ``fields``: each
    name is a field of the struct; an int is stored as is, a sequence element by element, a
    :class:`~pyeval.house.LinePaytable` into a ``pe_house_paytable`` field. Fields not named stay 0.

    Raises:
        HouseArgumentError: an unknown field, a value out of the field's range, a paytable the C
        path cannot take.
    """
    obj = ffi.new(f"{ctype} *")
    for name, v in fields.items():
        try:
            if isinstance(v, LinePaytable):
                _fill_paytable(getattr(obj, name), name, v)
            elif isinstance(v, (list, tuple)):
                dst = getattr(obj, name)
                if len(v) > len(dst):
                    raise HouseArgumentError(f"{ctype}.{name} holds {len(dst)} values, got {len(v)}")
                for i, x in enumerate(v):
                    dst[i] = x
            else:
                setattr(obj, name, v)
        except (AttributeError, OverflowError, TypeError) as e:
            raise HouseArgumentError(f"{ctype}.{name} = {v!r}: {e}") from None
    return obj


def ratios(pt: LinePaytable | None, classes: Sequence[str]) -> tuple[list[int], list[int]]:
    """``(numerators, denominators)`` of each class of ``classes`` on ``pt``, ``0`` / ``0`` for a
    class the table does not list (or no table): the C per-class arrays."""
    num, den = [0] * len(classes), [0] * len(classes)
    if pt is not None:
        for i, c in enumerate(classes):
            r = pt.ratio(c)
            if r is not None:
                num[i], den[i] = r
    return num, den


class HouseSim(Generic[R]):
    """Base of a house game's C simulation (a :class:`pyeval.simulation.SimGame`).

    A game sets the class attributes ``CONFIG`` (its config struct), ``STATS`` (its totals
    struct), ``ROUND`` (one audited round), ``SIMULATE`` / ``PLAY_BATCH`` (the C functions:
    ``(cfg, rng, n, out)``), ``CHECK_CONFIG`` (a C check of the config, or ``""``) and ``CHUNK``
    (rounds per C call), and implements :meth:`fields`, :meth:`summarise` and :meth:`round_record`.
    """

    CONFIG: ClassVar[str]
    STATS: ClassVar[str]
    ROUND: ClassVar[str]
    SIMULATE: ClassVar[str]
    PLAY_BATCH: ClassVar[str]
    CHECK_CONFIG: ClassVar[str] = ""
    CHUNK: ClassVar[int] = 1 << 17
    #: the errors a failed C configuration check raises (by status)
    CONFIG_ERRORS: ClassVar[Mapping[int, type[PyevalError]]] = {Status.ERR_ARG: TableRulesError}

    def fields(self) -> Mapping[str, object]:
        """The C configuration as a field map (validated: raise the game's errors here)."""
        raise NotImplementedError

    def summarise(self, totals: Any, rounds: int, seed: int, streams: int) -> R:
        """The game's result from its merged C totals (a ``STATS`` struct)."""
        raise NotImplementedError

    def round_record(self, r: Any) -> object:
        """One audited round (a ``ROUND`` struct) as plain data."""
        raise NotImplementedError

    def config(self) -> Any:
        """The filled C configuration (checked by ``CHECK_CONFIG`` when the game has one)."""
        cfg = fill_struct(self.CONFIG, self.fields())
        if self.CHECK_CONFIG:
            check(getattr(lib, self.CHECK_CONFIG)(cfg), "the table's simulation set-up (odds or wagers out of range)",
                  dict(self.CONFIG_ERRORS))
        return cfg

    # ---- the SimGame protocol ------------------------------------------------------------------
    def check(self) -> None:
        """Raise unless the table and the wagers can be simulated."""
        self.config()

    def run_stream(self, seed: int, stream: int, rounds: int, progress: Callable[[int], None] | None) -> bytes:
        """One stream's totals (the raw ``STATS`` struct), played in chunks of ``CHUNK`` rounds."""
        cfg = self.config()
        rng = stream_rng(seed, stream)
        acc = ffi.new(f"{self.STATS} *")
        fn = getattr(lib, self.SIMULATE)
        in_chunks(rounds, self.CHUNK, lambda n: check(fn(cfg, rng, n, acc), self.SIMULATE), progress)
        return bytes(ffi.buffer(acc))

    def merge(self, parts: Sequence[bytes]) -> bytes:
        """The sum of the streams' totals (exact integer sums). Raises SimulationError for a part
        that is not one ``STATS`` struct."""
        return sum_cdata(self.STATS, parts)

    def dump_part(self, part: bytes) -> dict[str, Any]:
        """One stream's totals as checkpoint data (:func:`pyeval.parallel.dump_cdata`)."""
        return dump_cdata(self.STATS, part)

    def load_part(self, data: object, rounds: int) -> bytes:
        """Checkpoint data back to one stream's totals of ``rounds`` rounds, checked
        (:func:`pyeval.parallel.load_cdata`). Raises CheckpointError."""
        return load_cdata(self.STATS, data, rounds)

    def result(self, totals: bytes, rounds: int, seed: int, streams: int) -> R:
        """Every figure, from the merged totals (:meth:`summarise`)."""
        acc = ffi.from_buffer(f"{self.STATS} *", bytearray(check_cdata(self.STATS, totals)))
        return self.summarise(acc, rounds, seed, streams)


def play_rounds(game: HouseSim[Any], n: int, seed: int, *, limit: int = MAX_AUDIT_ROUNDS) -> list[Any]:
    """The audit function: the first ``n`` rounds a one-stream simulation of ``game`` plays with
    ``seed``, one by one (each as :meth:`HouseSim.round_record` gives it: the cards, the decisions,
    every wager's stake and net), for checking against the game's Python procedure.

    Raises:
        HouseArgumentError: ``n`` not an int ``0..limit``. SeedError: a bad seed. The game's own
        errors for a bad table or wager.
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= limit:
        raise HouseArgumentError(f"rounds must be an int 0..{limit}, got {n!r}")
    cfg = game.config()
    rng = seeded_rng(resolve_seed(seed))
    out = ffi.new(f"{game.ROUND}[]", max(n, 1))
    check(getattr(lib, game.PLAY_BATCH)(cfg, rng, n, out), game.PLAY_BATCH)
    return [game.round_record(out[i]) for i in range(n)]


#: The top-level keys of every house game's simulation JSON (:func:`sim_layout`).
SIM_LAYOUT_KEYS = ("game", "table", "rounds", "seed", "streams", "main", "wagers", "frequencies", "exact")


def sim_layout(game: str, table: str, rounds: int, seed: int, streams: int, main: dict[str, Any],
               wagers: dict[str, dict[str, Any]], frequencies: dict[str, dict[str, dict[str, Any]]],
               exact: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The one JSON layout of a house game's simulation (heads-up and criss-cross; docs/simulation.md):

    * ``game``, ``table``, ``rounds``, ``seed``, ``streams``;
    * ``main``: the main game (its ``wagers`` named), ``house_edge`` (the house's mean win per round
      as a share of the Ante) and ``element_of_risk`` (its win over everything staked), each with a
      ``..._std_error``;
    * ``wagers``: by wager, ``amount`` (chips per placement), ``placed``, ``staked``, ``net``
      (player's total), ``house_edge`` (mean win per round as a share of ``amount``) with
      ``std_error``, and ``outcomes`` (each a :func:`pyeval.simulation.frequency`);
    * ``frequencies``: groups of simulated frequencies (:func:`pyeval.simulation.frequency`, maybe
      with an ``odds`` field), e.g. paytable lines;
    * ``exact``: figures enumerated exactly, never simulated (exact fractions as ``"num/den"``).

    Every simulated figure has a standard error; only ``exact`` is exact.
    """
    return {"game": game, "table": table, "rounds": rounds, "seed": seed, "streams": streams, "main": main,
            "wagers": wagers, "frequencies": frequencies, "exact": dict(exact or {})}

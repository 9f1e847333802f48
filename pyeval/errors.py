"""pyeval's exceptions. Every error pyeval raises on bad input is a :class:`PyevalError`.

Each also subclasses the built-in exception that fits (``ValueError`` for a bad value,
``TypeError`` for a wrong type), so callers may catch either.
"""
from __future__ import annotations


class PyevalError(Exception):
    """Base class of every pyeval error."""


class InvalidCardError(PyevalError, ValueError):
    """A card that is not one of the 52: a bad rank or suit, or an int outside 0..51."""


class DuplicateCardError(PyevalError, ValueError):
    """The same card appears twice where cards must be distinct."""


class CardCountError(PyevalError, ValueError):
    """The wrong number of cards for the operation (e.g. evaluating 4 or 8 cards)."""


class CardTypeError(PyevalError, TypeError):
    """Cards of the wrong type: not ints or card text, or an array of the wrong dtype or shape."""


class ChipTypeError(PyevalError, TypeError):
    """A chip amount of the wrong type (chips are ints in the table's smallest unit)."""


class NativeBuildError(PyevalError, ImportError):
    """The compiled module ``pyeval._native`` does not match this Python package (stale build)."""


class HandValueError(PyevalError, ValueError):
    """A hand value outside 1..7462."""


class TableRulesError(PyevalError, ValueError):
    """A table configuration (the certificate holder's Rules Submission) that is not valid."""


class IllegalActionError(PyevalError, ValueError):
    """A table or round action the rules do not allow now; nothing was changed.

    ``rule`` names the rule broken (e.g. ``"58 Pa. Code § 637a.8(b)(2)"``).
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule


class OutOfTurnError(IllegalActionError):
    """An action by a player (or the dealer) when it is not that player's (or step's) turn."""


class TournamentChipsError(IllegalActionError):
    """An operation that would turn tournament chips into cash or let them leave the tournament
    (cashing out, leaving with chips, a currency, rake): refused in tournament mode; ``rule`` names it."""


class HandHistoryError(PyevalError, ValueError):
    """A hand history (PHH) that cannot be read or written: bad syntax, fields or values."""


class IllegalHandHistoryError(HandHistoryError):
    """A readable hand history whose record breaks the rules (an illegal or out-of-turn action, a
    card dealt twice) or stops before the hand is settled. ``rule`` names the rule, if any."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{message} ({rule})" if rule and rule not in message else message)
        self.rule = rule


class WagerNotAllowedError(IllegalActionError):
    """A wager or bet the table's rules do not allow (amount, limits, multiple, position)."""


class StubCountDueError(IllegalActionError):
    """The dealer tried to go on while a stub count is required (58 Pa. Code § 674a.9(d))."""


class DeckOutOfPlayError(IllegalActionError):
    """Dealing from a deck that was removed from the table (58 Pa. Code § 674a.9(f))."""


class PaytableError(TableRulesError):
    """An invalid paytable (:class:`pyeval.house.LinePaytable`): an unknown or missing hand class,
    lines out of order, or odds that are not exact and >= 0. A :class:`TableRulesError` (a paytable
    is part of a table's rules), so code catching either class catches it."""


class ShoeError(PyevalError):
    """Base class of the shoe's errors (:mod:`pyeval.shoe`)."""


class ShoeExhaustedError(ShoeError, ValueError):
    """Dealing or burning more cards than remain in the shoe; the shoe is left unchanged."""


class ShoeArgumentError(ShoeError, ValueError):
    """A bad value for a shoe operation: a count, cut position, deck count, procedure or card."""


class HouseArgumentError(ShoeArgumentError):
    """A bad argument to a house-banked game's simulation or analysis (:mod:`pyeval.house`): a
    wager amount, a round count, a paytable the C path cannot take, a strategy the table does not
    allow. Subclasses :class:`ShoeArgumentError`, which these mistakes raised before (catch
    ``HouseArgumentError``; the old base is kept so existing ``except ShoeArgumentError`` code
    still works)."""


class ShoeTypeError(ShoeError, TypeError):
    """A shoe argument of the wrong type (e.g. a float where an int count is needed)."""


class SeedError(ShoeError, ValueError):
    """A bad seed or stream: not an int in 0..2**256-1, or any seed given in secure mode."""


class EntropyError(ShoeError, OSError):
    """The operating system's random source (getrandom(2) or /dev/urandom) failed."""


class RangeError(PyevalError, ValueError):
    """Hand-range text that cannot be parsed; ``token`` is the offending token (:mod:`pyeval.equity`)."""

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


class ThreadCountError(PyevalError, ValueError, TypeError):
    """A bad ``threads=`` worker count of a batch call: not an int >= 0 (0 means every core). Both a
    ValueError (a negative count) and a TypeError (not an int), as the two cases were before."""


class EquityError(PyevalError, ValueError):
    """An equity calculation that cannot be made: a bad player count, cards shared between players,
    board and dead cards, ranges that cannot all be dealt at once, or a bad option."""


class SimulationError(PyevalError, ValueError):
    """Simulation arguments that cannot be run: a bad player or round count, totals of different
    tables added together, or an executor that is not a ``concurrent.futures.Executor``."""


class CheckpointError(PyevalError, ValueError):
    """A simulation checkpoint file that belongs to another run, is not a pyeval checkpoint, or
    cannot be read or written (:mod:`pyeval.checkpoint`)."""


class PlotError(PyevalError, ValueError):
    """A picture that cannot be drawn: the optional ``plot`` extra (matplotlib) is not installed,
    the file name's extension is no image format, or there is nothing to draw (:mod:`pyeval.plot`)."""


class RunInterrupted(KeyboardInterrupt):
    """A simulation or equity run stopped by Ctrl-C (SIGINT) before it finished.

    A ``KeyboardInterrupt`` (so code that lets Ctrl-C through still does), raised after the run's
    workers were stopped. ``partial``: what the finished streams add up to (the result type of the
    run that was interrupted, marked partial where it has such a field), or ``{stream: result}``
    from :func:`pyeval.parallel.run_streams`; ``done``/``total``: trials or rounds finished / asked.
    The command line prints the partial result and exits with status 130.
    """

    def __init__(self, partial: object = None, done: int = 0, total: int = 0) -> None:
        super().__init__(f"interrupted after {done:,} of {total:,}")
        self.partial = partial
        self.done = done
        self.total = total


class UnshuffledShoeWarning(UserWarning):
    """Cards were dealt from a :class:`pyeval.Shoe` that was never shuffled (still in new-deck
    order) and was not made with ``ordered=True``. Regulated dealing comes after the shuffle and
    cut (58 Pa. Code § 674a.9(a)(1)-(2): an automated shuffler shuffles, then the dealer deals):
    call :meth:`pyeval.Shoe.shuffle` first, or ask for the
    order on purpose with ``Shoe(ordered=True)``. Raised once per shoe; make it an error with
    ``warnings.simplefilter("error", pyeval.UnshuffledShoeWarning)``."""


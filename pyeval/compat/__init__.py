"""Drop-in modules for the evaluators engines import today: a migration is a one-line import change.

- :mod:`pyeval.compat.treys` -- treys' ``Card`` (its bit-packed card ints), ``Evaluator``
  (``evaluate(hand, board)``, ranks 1..7462, **lower is stronger**), ``PLOEvaluator``, ``Deck``
  (shuffled on creation, same ``seed`` -> same deal as treys) and ``LookupTable``'s constants.
- :mod:`pyeval.compat.phevaluator` -- PokerHandEvaluator's ``evaluate_cards`` / ``evaluate_*cards``
  (ints 0..51, card text or ``Card``, mixed; ranks 1..7462, lower is stronger),
  ``evaluate_omaha_cards`` (board first, then the hole cards) and ``Card``.
- :mod:`pyeval.compat.eval7` -- eval7's ``Card``, ``Deck``, ``evaluate`` (its own packed values,
  higher is stronger, any number of cards), ``handtype``, ``HandRange`` and the three
  ``py_*`` equity functions, computed by :func:`pyeval.equity`.

Each module maps the peer's names, card forms and numbering onto :func:`pyeval.evaluate` and
nothing more; the differential tests (``tests/test_compat_*.py``) run them against the installed
originals. Where an original answers wrong (eval7 on some hands of 8 or more cards; treys'
``get_rank_class(0)``; duplicate cards anywhere), the compat module raises or answers right and
the test names the difference. ``docs/migration.md`` is the guide.

The submodules are imported on use: ``import pyeval.compat.treys as treys``.
"""
from __future__ import annotations

__all__: list[str] = []

"""``python -m pyeval``: the same as the ``pyeval`` command."""
import sys

from .cli import main

sys.exit(main())

"""``python -m tafl_core``: see :mod:`tafl_core.cli`."""

import sys

from .cli import main

sys.exit(main())

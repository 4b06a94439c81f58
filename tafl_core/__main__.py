"""``python -m tafl_core``: see :mod:`tafl_core.cli`."""

import os
import sys

from .cli import main

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:
    # The reader went away (``... | head``): no traceback; stdout to /dev/null so that the
    # interpreter's own flush at exit does not fail again.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 1
sys.exit(code)

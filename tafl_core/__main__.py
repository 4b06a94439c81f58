"""``python -m tafl_core``: see :mod:`tafl_core.cli` (stream faults: :func:`tafl_core.cli_common.run_cli`)."""

import sys

from .cli import main

sys.exit(main())

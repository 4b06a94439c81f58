"""``python -m build_tools.validate`` is ``python -m build_tools validate``."""

import sys

from build_tools.__main__ import main

sys.exit(main(["validate", *sys.argv[1:]]))

"""Command line: ``python -m build_tools <command> [options]``.

Commands:

- ``validate [--root DIR]`` — check the variant sources (:mod:`build_tools.validate`);
- ``site`` / ``bench-site`` — build the site / time the build; implemented in
  ``build_tools/site_cmd.py`` (``main_site(argv)``, ``main_bench_site(argv)``) by the site
  developer and imported lazily, so ``validate`` works without it.
"""

from __future__ import annotations

import importlib
import sys

USAGE = """usage: python -m build_tools <command> [options]

commands:
  validate [--root DIR]   check the variant sources; faults as path:line: message, exit 1 on any
  site                    build the static site into site/ (runs validate first)
  bench-site              time the site build
"""


def _validate(argv: list[str]) -> int:
    from .validate import main
    return main(argv)


def _from_site_cmd(function: str):
    """A dispatcher calling ``build_tools.site_cmd.<function>(argv)``, imported lazily."""
    def run(argv: list[str]) -> int:
        try:
            module = importlib.import_module("build_tools.site_cmd")
        except ModuleNotFoundError as exc:
            if exc.name != "build_tools.site_cmd":
                raise
            print(f"build_tools: this command is not available yet: build_tools/site_cmd.py "
                  f"(with {function}(argv)) does not exist", file=sys.stderr)
            return 2
        target = getattr(module, function, None)
        if target is None:
            print(f"build_tools: build_tools/site_cmd.py has no {function}(argv) yet", file=sys.stderr)
            return 2
        return target(argv)
    return run


# ----- command table: one entry per subcommand -----------------------------------------------
COMMANDS = {
    "validate": _validate,
    "site": _from_site_cmd("main_site"),
    "bench-site": _from_site_cmd("main_bench_site"),
}
# -----------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Dispatch ``argv`` (default: ``sys.argv[1:]``) to its command; return the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(USAGE, end="", file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    command = COMMANDS.get(argv[0])
    if command is None:
        print(f"build_tools: unknown command {argv[0]!r}\n\n{USAGE}", end="", file=sys.stderr)
        return 2
    return int(command(argv[1:]) or 0)


if __name__ == "__main__":
    sys.exit(main())

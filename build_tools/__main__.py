"""Command line: ``python -m build_tools <command> [options]``.

Commands:

- ``validate [--root DIR]`` — check the variant sources (:mod:`build_tools.validate`);
- ``site`` — validate, then build the site (:mod:`build_tools.site_cmd`);
- ``bench-site`` — time the site build (:mod:`build_tools.bench_site`);
- ``schema [--check]`` — write (or compare) the JSON Schema of rules.toml (:mod:`build_tools.schema`).

A fault in the sources is reported as ``path:line: message`` (exit 1). Anything else that
stops a command -- a file or folder that cannot be read or written, an input the tools cannot
handle -- ends in one line on stderr naming what and where, exit 2, never a traceback
(``TAFL_DEBUG=1`` shows the traceback of an unexpected error).
"""

from __future__ import annotations

import os
import sys

USAGE = """usage: python -m build_tools <command> [options]

commands:
  validate [--root DIR]   check the variant sources; faults as path:line: message, exit 1 on any
  site                    build the static site into site/ (runs validate first)
  bench-site              time the site build
  schema [--check]        write docs/schema/rules.schema.json from tafl_core/ruletable.py (--check: compare only)
"""


def _validate(argv: list[str]) -> int:
    from build_tools.validate import main
    return main(argv)


def _site(argv: list[str]) -> int:
    from build_tools.site_cmd import main_site
    return main_site(argv)


def _schema(argv: list[str]) -> int:
    from build_tools.schema import main
    return main(argv)


def _bench_site(argv: list[str]) -> int:
    from build_tools.bench_site import main_bench_site
    return main_bench_site(argv)


# ----- command table: one entry per subcommand -----------------------------------------------
COMMANDS = {
    "validate": _validate,
    "site": _site,
    "bench-site": _bench_site,
    "schema": _schema,
}
# -----------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Dispatch ``argv`` (default: ``sys.argv[1:]``) to its command; return the exit code (0 done,
    1 faults in the sources or a failed build, 2 a usage error or an input the command could not
    handle, reported in one line on stderr)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(USAGE, end="", file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    command = COMMANDS.get(argv[0])
    if command is None:
        print(f"build_tools: unknown command {argv[0]!r}\n\n{USAGE}", end="", file=sys.stderr)
        return 2
    try:
        return int(command(argv[1:]) or 0)
    except KeyboardInterrupt:
        print(f"build_tools {argv[0]}: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:
        where = exc.filename or "?"
        print(f"build_tools {argv[0]}: {where}: {exc.strerror or ' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except Exception as exc:  # an input the tools do not handle: one line, never a traceback
        if os.environ.get("TAFL_DEBUG") == "1":
            raise
        text = " ".join(str(exc).split())[:300]
        print(f"build_tools {argv[0]}: unexpected error: {type(exc).__name__}: {text} "
              "(TAFL_DEBUG=1 shows the traceback)", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

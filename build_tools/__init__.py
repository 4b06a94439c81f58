"""Build tools of the Tafl-Kompendium: variant-source parser, validator, site generation.

Subpackages and modules:

- :mod:`build_tools.sources` parses ``variants_src/<slug>/{rules.toml,de.md,en.md}`` into
  plain values (see notes/CONTRACTS.md);
- :mod:`build_tools.validate` checks them and reports faults as ``path:line: message``;
- ``python -m build_tools validate [--root DIR]`` is the command line (:mod:`build_tools.__main__`).
"""

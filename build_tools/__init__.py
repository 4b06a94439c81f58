"""Build tools of the Tafl-Kompendium: variant-source parser, validator, site generation.

By concept (README.md, "Where things are in build_tools/"):

- :mod:`build_tools.format` defines the source format (files, bounds, sections by number and
  role, languages, historicity values, link schemes, markdown tokens);
- :mod:`build_tools.sources` and :mod:`build_tools.page_source` parse
  ``variants_src/<slug>/{rules.toml,de.md,en.md}`` into plain values (notes/CONTRACTS.md);
- :mod:`build_tools.validate` checks them by topic and reports faults as ``path:line: message``;
- :mod:`build_tools.pages` (with ``templates/``, :mod:`~build_tools.diagram`,
  :mod:`~build_tools.labels`) writes the generated pages; :mod:`build_tools.site_plugin` adds
  them to the MkDocs build, :mod:`build_tools.tripwire` checks the rendered HTML,
  :mod:`build_tools.mechanics` fills in the mechanics pages' examples;
- ``python -m build_tools validate | site | bench-site`` is the command line
  (:mod:`build_tools.__main__`, :mod:`~build_tools.site_cmd`, :mod:`~build_tools.bench_site`).
"""

"""MkDocs hook file (mkdocs.yml ``hooks:``): the site's generation step, run inside MkDocs'
own events. The logic is the plugin :class:`build_tools.site_plugin.TaflPlugin` (its settings
under ``extra.tafl`` in mkdocs.yml); this file makes the repository root importable (MkDocs puts
only this file's folder on ``sys.path``, and only while importing it), makes the one plugin
instance of the process (MkDocs loads a hooks file once, so ``mkdocs serve`` keeps it across
rebuilds) and hands its event methods, with their priorities, to MkDocs."""

import sys
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from build_tools.site_plugin import TaflPlugin  # noqa: E402

PLUGIN = TaflPlugin()

on_startup = PLUGIN.on_startup
on_config = PLUGIN.on_config
on_pre_build = PLUGIN.on_pre_build  # under `mkdocs serve`: validate before every rebuild
on_files = PLUGIN.on_files
on_nav = PLUGIN.on_nav
on_page_markdown = PLUGIN.on_page_markdown
on_page_content = PLUGIN.on_page_content  # the tripwire: unsafe HTML in a rendered page fails the build
on_post_page = PLUGIN.on_post_page  # the same over the whole output page (attributes and URLs)
on_serve = PLUGIN.on_serve
on_post_build = PLUGIN.on_post_build

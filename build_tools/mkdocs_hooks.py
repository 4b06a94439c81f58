"""MkDocs hook file (mkdocs.yml ``hooks:``): the site's generation step, run inside MkDocs'
own events. The logic lives in :mod:`build_tools.site_plugin`; this file makes the repository
root importable (MkDocs puts only this file's folder on ``sys.path``, and only while importing
it) and exposes the event handlers with their priorities."""

import sys
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from mkdocs.plugins import event_priority  # noqa: E402

from build_tools import site_plugin as _site  # noqa: E402

on_startup = _site.on_startup
on_pre_build = _site.on_pre_build  # under `mkdocs serve`: validate before every rebuild
on_config = _site.on_config


@event_priority(-200)  # after mkdocs-static-i18n's on_files (-100), which drops unknown generated files
def on_files(files, config):
    return _site.on_files(files, config)




@event_priority(-300)  # after mkdocs-static-i18n's on_nav (-100) translated the section titles
def on_nav(nav, config, files):
    return _site.on_nav(nav, config, files)


on_page_markdown = _site.on_page_markdown
on_page_content = _site.on_page_content  # the tripwire: unsafe HTML in a rendered page fails the build
on_post_page = _site.on_post_page  # the same over the whole output page (attributes and URLs)
on_serve = _site.on_serve


@event_priority(-200)  # after mkdocs-static-i18n's on_post_build, which runs the other languages
def on_post_build(config):
    return _site.on_post_build(config)

"""``python -m build_tools bench-site``: time the site build (notes/benchmarks.md, "Site build benchmark").

Full builds -- the real sources, and synthetic variant sets of several sizes (default 50, 100,
200; :func:`make_synthetic_sources`) -- are timed against a plain mkdocs-material build of the
very same pages written out as ordinary markdown files (same theme, plugins and extensions, no
hook). The difference is what generating the pages inside MkDocs costs.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import tempfile
import time
from pathlib import Path

from build_tools import pages
from build_tools.format import piece_word
from build_tools.site_cmd import REPO, run_mkdocs

__all__ = ["main_bench_site", "make_synthetic_sources"]


# --------------------------------------------------------------------------- synthetic sources

_SYN_DE = """---
title: {title}
lead: Eine erzeugte Testvariante Nummer {n} für den Build-Benchmark, mit {size}×{size} Feldern.
---

## 1. Grunddaten

| Name | {title} |
|---|---|
| Spielfamilie | Hnefatafl |
| Kategorie | Benchmark |
| Herkunft | Tafl-Kompendium |
| Datierung | modern |
| Brettgröße | {size}×{size} Felder |
| Thron | {throne_de} |
| Fluchtziel | {escape_de} |
| König | siehe Regeln (Annahmen im Regelsatz) |
| Figurenverhältnis | {defenders} Verteidiger{defenders_de} + König gegen {attackers} Angreifer{attackers_de} |
| Erster Zug | {first_de} |

## 2. Geschichte und Herkunft

Diese Variante gibt es nur im Benchmark [bench-{n}]. Sie steht für eine gewöhnliche Seite mit
Belegen aus mehreren Quellen [bench-{n}; Murray1952].

## 3. Startaufstellung und Spielfiguren

Der König steht in der Mitte, umgeben von seinen Verteidigern; die Angreifer stehen am Rand.

## 4. Spielziel

Der König will entkommen, die Angreifer wollen ihn fangen [bench-{n}].

## 5. Spielregeln

### 5.1 Erstzug

Es beginnt die im Regelsatz genannte Seite.

### 5.2 Bewegung

Alle Figuren ziehen wie der Turm im Schach.

### 5.3 Sonderfelder

Thron und Ecken nach dem Regelsatz.

### 5.4 Schlagen

Eine Figur wird zwischen zwei Gegnern geschlagen [bench-{n}].

### 5.5 Königsfang

Nach dem Regelsatz.

## 6. Wissenswertes

- Diese Seite wurde erzeugt.
- Sie ist so lang wie eine kurze echte Variantenseite.

## 7. Verwandte Varianten

- [[{prev}]]: die vorige Testvariante.
- [[{next}]]: die nächste Testvariante.

## 8. Spielregeln (Original) mit Quellenangabe

Der Originaltext, unverändert: [bench-{n}]

/// original | en
The king escapes; the attackers capture him.

```diagram
{diagram}
```
///

## 9. Quellen

- [bench-{n}] Benchmark: Synthetic Tafl {n}. — https://example.org/bench/{n}
- [Murray1952] Murray, H. J. R.: A History of Board-Games other than Chess, 1952.
- [Bell1960] Bell, R. C.: Board and Table Games from Many Civilizations, 1960. (Hintergrund)

## 10. Quellenlage & Einordnung

Erfunden für den Benchmark [bench-{n}].
"""

_SYN_EN = """---
title: {title}
lead: A generated test variant number {n} for the build benchmark, on {size}×{size} squares.
---

## 1. At a glance

| Name | {title} |
|---|---|
| Family | Hnefatafl |
| Category | Benchmark |
| Origin | Tafl-Kompendium |
| Date | modern |
| Board | {size}×{size} squares |
| Throne | {throne_en} |
| Escape | {escape_en} |
| King | see the rules (assumptions in the ruleset) |
| Pieces | {defenders} defenders{defenders_en} + king against {attackers} attackers{attackers_en} |
| First move | {first_en} |

## 2. History and origin

This variant exists only in the benchmark [bench-{n}]. It stands for an ordinary page with
references to several sources [bench-{n}; Murray1952].

## 3. Starting position and pieces

The king stands in the centre, surrounded by his defenders; the attackers stand at the edge.

## 4. Objective

The king wants to escape, the attackers want to capture him [bench-{n}].

## 5. Rules

### 5.1 First move

The side named in the ruleset starts.

### 5.2 Movement

All pieces move like the rook in chess.

### 5.3 Special squares

Throne and corners as in the ruleset.

### 5.4 Capturing

A piece is captured between two enemies [bench-{n}].

### 5.5 King capture

As in the ruleset.

## 6. Trivia

- This page was generated.
- It is as long as a short real variant page.

## 7. Related variants

- [[{prev}]]: the previous test variant.
- [[{next}]]: the next test variant.

## 8. Original rules text with source

The original text, unchanged: [bench-{n}]

/// original | en
The king escapes; the attackers capture him.

```diagram
{diagram}
```
///

## 9. Sources

- [bench-{n}] Benchmark: Synthetic Tafl {n}. — https://example.org/bench/{n}
- [Murray1952] Murray, H. J. R.: A History of Board-Games other than Chess, 1952.
- [Bell1960] Bell, R. C.: Board and Table Games from Many Civilizations, 1960. (background)

## 10. Source situation and assessment

Invented for the benchmark [bench-{n}].
"""


def _of_them(lang: str, kind: str, n: int) -> str:
    """The bracket after a side's total in a facts pieces row naming its special pieces (the
    form build_tools.validate.check_facts_pieces reads): " (davon 4 Kommandanten)",
    " (4 of them commanders)", " (1 of them the knight)"; "" when ``n`` is 0."""
    if not n:
        return ""
    word = piece_word(lang, kind, plural=n != 1)
    if lang == "de":
        return f" (davon {n} {word})"
    return f" ({n} of them the {word})" if n == 1 else f" ({n} of them {word})"


def make_synthetic_sources(dest: Path, count: int, *, template_root: Path = REPO / "variants_src") -> list[str]:
    """Write ``count`` synthetic variants (``synthetic-0001`` …) into ``dest``: each takes the
    rules.toml of a real variant in turn (so board sizes vary) and a generated German and English
    text with all ten sections, citations, related links to its neighbours and an original
    block with the start diagram. Returns the slugs."""
    from tafl_core import Ruleset

    rules = []
    for d in sorted(Path(template_root).iterdir()):
        f = d / "rules.toml"
        if d.is_dir() and f.is_file():
            text = f.read_text(encoding="utf-8")
            try:
                rs = Ruleset.from_toml(text)
            except Exception:  # a source being edited: skip it
                continue
            rules.append((text, rs))
    if not rules:
        raise RuntimeError(f"no usable rules.toml under {template_root}")
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    slugs = [f"synthetic-{i:04d}" for i in range(1, count + 1)]
    for i, slug in enumerate(slugs):
        text, rs = rules[i % len(rules)]
        c = rs.layout.counts()
        sides = rs.layout.side_counts()
        throne = rs.value("throne")
        escape = rs.value("escape")
        first = rs.value("first_mover")
        fields = dict(
            n=i + 1, title=f"Synthetic Tafl {i + 1}", size=rs.size,
            defenders=sides["defenders"], attackers=sides["attackers"],
            defenders_de=_of_them("de", "knight", c.get("knight", 0)),
            defenders_en=_of_them("en", "knight", c.get("knight", 0)),
            attackers_de=_of_them("de", "commander", c.get("commander", 0)),
            attackers_en=_of_them("en", "commander", c.get("commander", 0)),
            throne_de="Ja" if throne else "Nein", throne_en="Yes" if throne else "No",
            escape_de="Eckfeld" if escape == "corners" else "Rand",
            escape_en="Corner square" if escape == "corners" else "Edge",
            first_de="Angreifer" if first == "attackers" else "Verteidiger",
            first_en="Attackers" if first == "attackers" else "Defenders",
            prev=slugs[i - 1], next=slugs[(i + 1) % len(slugs)],
            diagram=rs.layout.to_diagram().strip("\n"))
        d = dest / slug
        d.mkdir(exist_ok=True)
        (d / "rules.toml").write_text(f"# {slug}: synthetic, for the benchmark\n{text}", encoding="utf-8")
        (d / "de.md").write_text(_SYN_DE.format(**fields), encoding="utf-8")
        (d / "en.md").write_text(_SYN_EN.format(**fields), encoding="utf-8")
    return slugs


# --------------------------------------------------------------------------- benchmark

_HOME_DE = "# Benchmark\n\n[Varianten](variants/index.md)\n"
_HOME_EN = "# Benchmark\n\n[Variants](variants/index.md)\n"


def _bench_docs(dest: Path) -> None:
    """A minimal docs folder: home pages and the site's assets (no mechanics pages)."""
    (dest / "assets").mkdir(parents=True, exist_ok=True)
    (dest / "index.md").write_text(_HOME_DE, encoding="utf-8")
    (dest / "index.en.md").write_text(_HOME_EN, encoding="utf-8")
    src = REPO / "docs" / "assets"
    if src.is_dir():
        shutil.copytree(src, dest / "assets", dirs_exist_ok=True)


def _bench_config(dest: Path, docs: Path, *, hook: bool) -> Path:
    """mkdocs.yml of the repository with ``docs_dir`` = ``docs``; without the hook (and with
    the ``/// original`` extension named directly) when ``hook`` is false."""
    text = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^docs_dir:.*$", f"docs_dir: {json.dumps(str(docs))}", text)
    if hook:
        text = re.sub(r"(?m)^  - build_tools/mkdocs_hooks.py$",
                      f"  - {json.dumps(str(REPO / 'build_tools' / 'mkdocs_hooks.py'))}", text)
    else:
        text = re.sub(r"(?ms)^hooks:\n(  - .*?\n)+", "", text)
        text = text.replace("markdown_extensions:\n", "markdown_extensions:\n  - build_tools.md_ext\n", 1)
    text = re.sub(r"(?ms)^watch:\n(  - .*?\n)+", "", text)
    cfg = dest / ("mkdocs-hook.yml" if hook else "mkdocs-plain.yml")
    cfg.write_text(text, encoding="utf-8")
    return cfg


def _dump_generated(root: Path, docs: Path) -> int:
    """Write every page the hook would generate for ``root`` into ``docs`` as ordinary files
    (German as ``x.md``, English as ``x.en.md``). Returns the number of files."""
    site = pages.load_site_sources(root)
    n = 0
    for lang in ("de", "en"):
        def url_of(src: str, lang=lang) -> str:
            u = src[:-3] + "/" if not src.endswith("index.md") else src[:-8]
            return (f"{lang}/" if lang != "de" else "") + u
        for src, content in pages.generated_pages(site, lang, url_of=url_of):
            target = docs / (src if lang == "de" else src[:-3] + ".en.md")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content, encoding="utf-8")
            n += 1
    return n


def _timed_build(config: Path, out: Path, root: Path | None, runs: int) -> tuple[float, dict]:
    """Best wall time of ``runs`` builds, and the hook's statistics of the best run."""
    best, stats = None, {}
    for _ in range(runs):
        stats_file = out.parent / (out.name + ".stats.json")
        if stats_file.exists():
            stats_file.unlink()
        t0 = time.perf_counter()
        proc = run_mkdocs(config, out, sources_root=root,
                          env={"TAFL_SKIP_PYODIDE": "1", "TAFL_STATS_FILE": str(stats_file)})
        dt = time.perf_counter() - t0
        if proc.returncode != 0:
            raise RuntimeError(f"build failed ({config.name}):\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
        if best is None or dt < best:
            best = dt
            stats = json.loads(stats_file.read_text()) if stats_file.exists() else {}
    return best, stats


def main_bench_site(argv: list[str]) -> int:
    """``python -m build_tools bench-site [--counts 50,100,200] [--runs N]``: print build times
    (see module docstring)."""
    p = argparse.ArgumentParser(prog="python -m build_tools bench-site",
                                description="Time the site build against a plain MkDocs build.")
    p.add_argument("--counts", default="50,100,200", help="synthetic variant counts (comma-separated)")
    p.add_argument("--runs", type=int, default=2, help="builds per measurement (best is kept)")
    p.add_argument("--root", type=Path, default=REPO / "variants_src", help="the real variants root")
    a = p.parse_args(argv)
    counts = [int(x) for x in a.counts.split(",") if x.strip()]

    print("bench-site: full `mkdocs build` wall times (both languages, best of "
          f"{a.runs}; Pyodide assets not installed)")
    print(f"{'set':<22}{'variants':>9}{'pages':>7}{'hook build s':>14}{'plain build s':>15}"
          f"{'overhead':>10}{'generation s':>14}{'ms/variant page':>17}{'ms/page (hook)':>16}")
    rows = []
    with tempfile.TemporaryDirectory(prefix="tafl-bench-") as tmp:
        tmp = Path(tmp)
        sets = [("real sources", Path(a.root).resolve(), None)]
        for n in counts:
            root = tmp / f"syn-{n}"
            make_synthetic_sources(root, n, template_root=a.root)
            sets.append(("synthetic", root, n))
        for name, root, n in sets:
            work = tmp / f"work-{name.split()[0]}-{n or 0}"
            docs_hook, docs_plain = work / "docs-hook", work / "docs-plain"
            _bench_docs(docs_hook)
            _bench_docs(docs_plain)
            n_files = _dump_generated(root, docs_plain) + 2
            cfg_hook = _bench_config(work, docs_hook, hook=True)
            cfg_plain = _bench_config(work, docs_plain, hook=False)
            try:
                t_hook, stats = _timed_build(cfg_hook, work / "site-hook", root, a.runs)
                t_plain, _ = _timed_build(cfg_plain, work / "site-plain", None, a.runs)
            except RuntimeError as exc:
                print(f"{name:<22} build failed, skipped: {str(exc).strip().splitlines()[-1][:200]}", flush=True)
                continue
            variants = len(pages.load_site_sources(root).variants)
            gen = stats.get("generate_seconds", 0.0) + stats.get("load_seconds", 0.0)
            per_variant_page = 1000 * gen / max(1, 2 * variants)
            row = (name, variants, n_files, t_hook, t_plain, (t_hook - t_plain) / t_plain, gen,
                   per_variant_page, 1000 * t_hook / n_files)
            rows.append(row)
            print(f"{row[0]:<22}{row[1]:>9}{row[2]:>7}{row[3]:>14.2f}{row[4]:>15.2f}{row[5]:>+10.1%}"
                  f"{row[6]:>14.2f}{row[7]:>17.2f}{row[8]:>16.2f}", flush=True)
    syn = [r for r in rows if r[0] == "synthetic"]
    if len(syn) >= 2:
        (n1, t1), (n2, t2) = (syn[0][2], syn[0][3]), (syn[-1][2], syn[-1][3])
        print(f"growth: {n1} -> {n2} pages ({n2 / n1:.1f}x) took {t1:.2f} s -> {t2:.2f} s ({t2 / t1:.2f}x); "
              f"marginal {1000 * (t2 - t1) / (n2 - n1):.1f} ms per extra page")
    print("hook build: pages generated by build_tools/mkdocs_hooks.py; plain build: the same pages as "
          "ordinary markdown files, same theme/plugins/extensions, no hook. overhead = hook/plain - 1; "
          "generation s = time inside the hook (parse + render markdown, both languages).")
    return 0

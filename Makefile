# Tafl-Kompendium: every command a developer or CI needs. See README.md.
SHELL := /bin/bash
.DEFAULT_GOAL := site

# The first Python >= 3.12 on PATH (pyenv picks 3.13 from .python-version).
BOOTSTRAP_PY ?= $(shell for p in python3.13 python3.12 python3 python; do \
  command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null \
  && { echo $$p; break; }; done)
VENV := .venv
SERVE_ADDR ?= 127.0.0.1:8000
PY := $(VENV)/bin/python
# A benchmark command run through BENCH appends a dated line to notes/benchmarks.md (date, commit,
# load, command, figures) and README.md quotes it (build_tools/bench_log.py).
BENCH := $(PY) -m build_tools.bench_log --

.PHONY: venv node site serve test test-fast test-js validate bench bench-review bench-search-pyodide bench-site bench-board bench-long-record bench-records bench-budgets check-opentafl bench-opentafl cases clean mutation fuzz

$(VENV)/.stamp: requirements.txt constraints.txt pyproject.toml
	@test -n "$(BOOTSTRAP_PY)" || { echo "make: needs Python 3.12 or newer on PATH" >&2; exit 2; }
	$(BOOTSTRAP_PY) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt -c constraints.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

venv: $(VENV)/.stamp
node: node_modules/.stamp

validate: venv
	$(PY) -m build_tools validate

# Builds into a temporary folder and replaces site/ only when the build succeeded.
site: venv node
	$(PY) -m build_tools site

# mkdocs serve builds the site itself (into a temporary folder, validating first): once, not
# after a `make site` as well.
serve: venv node
	$(PY) -m mkdocs serve --dev-addr $(SERVE_ADDR) --watch variants_src --watch tafl_core --watch build_tools

test: venv node test-js
	$(PY) -m pytest -q

# Two processes (pytest-xdist) where there are two cores, one test file per process at a time
# (--dist loadfile: a file's module-level data and fixtures are built once, in one process).
test-fast: venv node test-js
	$(PY) -m pytest -q -m "not browser and not slow" -n auto --dist loadfile

# The board's modules that do not touch the DOM (docs/assets/board/), with Node's own test
# runner (no packages; FUZZ_EXAMPLES=<n> for a longer fuzz run of the share-link codec).
test-js:
	node --test tests/js/

cases: venv
	@test -f ../shared/cases/run_cases.py || { echo "make cases: ../shared/cases is missing (maintainers' data beside the project, not part of a clone); the same cases run as tests in tests/tafl_core/test_rules_cases.py" >&2; exit 2; }
	$(PY) ../shared/cases/run_cases.py ../shared/cases/rules-cases.json

bench: venv
	$(BENCH) $(PY) -m tafl_core bench --variant alea-evangelii --seconds 5 --seed 1
	$(BENCH) $(PY) -m tafl_core bench --variant copenhagen-hnefatafl --seconds 5 --seed 1
	$(BENCH) $(PY) -m tafl_core bench-search --seconds 1 copenhagen-hnefatafl alea-evangelii
	$(BENCH) $(PY) -m tafl_core bench-search --seconds 5 copenhagen-hnefatafl alea-evangelii

bench-records: venv
	$(BENCH) $(PY) -m tests.tafl_core.bench_budgets records

bench-budgets: venv
	$(BENCH) $(PY) -m tests.tafl_core.bench_budgets alea

# The site's game records replayed in OpenTafl's own code (needs javac and OPENTAFL_DIR).
check-opentafl: venv
	$(PY) -m tests.tafl_core.opentafl_replay 12

# tafl_core's engine against OpenTafl's AI through the engine protocol (needs a JDK and OPENTAFL_DIR).
bench-opentafl: venv
	$(BENCH) $(PY) -m tests.tafl_core.opentafl_match --variant brandub --games 40 --seconds 1
	$(BENCH) $(PY) -m tests.tafl_core.opentafl_match --variant copenhagen --games 40 --seconds 1

# A 100-ply Copenhagen game reviewed move by move, in CPython and in Pyodide (tests/tafl_core/bench_review.py).
bench-review: venv node
	$(BENCH) $(PY) -m tests.tafl_core.bench_review
	$(BENCH) node tests/browser/bench_review_pyodide.mjs

bench-search-pyodide: venv node
	$(BENCH) node tests/browser/bench_search_pyodide.mjs

bench-site: venv node
	$(BENCH) $(PY) -m build_tools bench-site

bench-board: venv node
	$(BENCH) $(PY) tests/browser/bench_board.py

# A legal record of 10,000 / 20,000 / 40,000 / 100,000 moves imported, stepped, undone on the board
# in Chromium: the longest main-thread block of each (tests/browser/bench_long_record.py).
bench-long-record: venv node
	$(BENCH) $(PY) tests/browser/bench_long_record.py

# The rulesets generated from the table of rule keys (tests/tafl_core/generated_rulesets.py) with many
# more examples than `make test` draws: the fast paths against the reference, the win candidates
# against brute force, the game invariants and the OpenTafl round trip (FUZZ_EXAMPLES per test).
FUZZ_EXAMPLES ?= 300
fuzz: venv
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(PY) -m pytest -q -p no:randomly tests/tafl_core/test_generated_rulesets.py

# Mutation testing with mutmut of the rules modules captures.py, movegen.py, outcomes.py, the bitboard
# fast paths bitboards.py, the loader ruleset.py and the OpenTafl mapping opentafl.py, record_rules.py
# ([tool.mutmut] in pyproject.toml; not part of `make test`, it takes an hour or more on two cores).
# Starts afresh (mutants/ is a copy of the project that goes stale), then prints the kill rate per
# module and overall: killed and timed-out mutants count as killed, every other state (survived,
# no tests, suspicious) as not. Fails only when the run fails or leaves mutants unchecked.
# Survivors: `.venv/bin/mutmut results`, `.venv/bin/mutmut show NAME`;
# MUTANTS="NAME ..." re-runs only those mutants (globs allowed), keeping the other results.
mutation: venv
	@if [ -z "$(MUTANTS)" ]; then rm -rf mutants; fi
	$(PY) -m mutmut run --max-children 2 $(MUTANTS)
	@$(PY) -m mutmut results --all true | awk -F': ' ' \
	  /__mutmut_/ { name = $$1; sub(/^ +/, "", name); split(name, part, "."); mod = part[2]; \
	    total[mod]++; all++; if ($$2 == "killed" || $$2 == "timeout") { killed[mod]++; k++ } \
	    if ($$2 == "not checked" || $$2 ~ /interrupted/) unchecked++ } \
	  END { if (!all) { print "make mutation: no results" > "/dev/stderr"; exit 1 } \
	    for (m in total) printf "%-10s %4d of %4d mutants killed: %5.1f %%\n", m, killed[m], total[m], 100 * killed[m] / total[m] | "sort"; \
	    close("sort"); \
	    printf "%-10s %4d of %4d mutants killed: %5.1f %%\n", "overall", k, all, 100 * k / all; \
	    if (unchecked) { printf "make mutation: %d mutants not checked (the run was interrupted)\n", unchecked > "/dev/stderr"; exit 1 } }'

clean:
	rm -rf site .site-build-* build dist

# The two commands of the README: `make run` and `make test`. Everything they need is
# installed here, so both work on a fresh machine. `make check` is the quick loop while working:
# lint, every test that needs no browser and no served app (SQLite), and the front-end unit tests.
# This machine's environment sets PYTHONDONTWRITEBYTECODE=1, so every Python process (each pytest
# worker, each CLI or served process a test starts) compiled the project's modules and rewrote the
# tests' assertions anew: the caches are written (__pycache__/, ignored by git) and read again.
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
PYTHON ?= python3
CONFIG ?= development.ini

.PHONY: run test check lint setup python-deps node-deps build chromium pg-client test-python test-node bench clean

run: setup
	$(BIN)/smogpanel -c $(CONFIG) init --demo
	$(BIN)/smogpanel -c $(CONFIG) serve

# The linters, then the Python suite (functional and browser tests) on SQLite, and on PostgreSQL
# as well when SMOGPANEL_TEST_DATABASE_URL names a database (CI does), with the front-end unit
# tests alongside (their output kept and printed when the Python suites end): much of a Python
# run waits on browsers, subprocesses and sockets, so vitest fills cores that would idle.
test: setup chromium pg-client
	@node_log=$$(mktemp); \
	$(MAKE) --no-print-directory test-node > $$node_log 2>&1 & node=$$!; \
	$(MAKE) --no-print-directory lint; lint=$$?; \
	$(MAKE) --no-print-directory test-python; python=$$?; \
	wait $$node; front=$$?; \
	echo "== the front-end unit tests (run alongside the Python suites)"; cat $$node_log; rm -f $$node_log; \
	echo "== lint: exit $$lint; front-end unit tests: exit $$front; Python suites: exit $$python"; \
	[ $$lint -eq 0 ] && [ $$front -eq 0 ] && [ $$python -eq 0 ]

# Minutes, not the whole suite: no Chromium, no served app, SQLite only, the tests spread over
# the cores (pytest-xdist; `worksteal`: a worker that runs dry takes tests from the other's queue,
# so one file of a few long tests, e.g. schemathesis's, no longer ends the run on one core) and
# in a random order (pytest-randomly; the seed is printed first, `SEED=N make check` repeats it).
# One test: `.venv/bin/pytest path/to/test_file.py::test_name`.
# The front-end unit tests run alongside the linters and pytest, as in `make test`, their output
# printed at the end.
check: setup
	@node_log=$$(mktemp); \
	$(MAKE) --no-print-directory test-node > $$node_log 2>&1 & node=$$!; \
	$(MAKE) --no-print-directory lint; lint=$$?; \
	seed=$${SEED:-$$(date +%s)}; echo "== tests in a random order: SEED=$$seed make check repeats it"; \
	SMOGPANEL_TEST_DATABASE_URL= $(BIN)/pytest -q --durations=15 -m "not browser and not live" -n auto --dist worksteal \
		--randomly-seed=$$seed; python=$$?; \
	wait $$node; front=$$?; \
	echo "== the front-end unit tests (run alongside)"; cat $$node_log; rm -f $$node_log; \
	echo "== lint: exit $$lint; front-end unit tests: exit $$front; Python tests: exit $$python"; \
	[ $$lint -eq 0 ] && [ $$front -eq 0 ] && [ $$python -eq 0 ]

# Formatting and lint, Python and JavaScript: settings in pyproject.toml ([tool.ruff]),
# .prettierrc.json and eslint.config.js. Each tool runs even when an earlier one fails, so one
# run lists every finding; `ruff format`, `ruff check --fix`, `prettier --write` and
# `eslint --fix` repair most of them.
JS_SOURCES := 'shell/**/*.{js,jsx,mjs}' 'embeds/**/*.{js,jsx,mjs}' 'plugins/*/web/**/*.{js,jsx,mjs}' 'examples/*/web/**/*.{js,jsx,mjs}' 'apidocs/**/*.{js,mjs}' eslint.config.js
lint: python-deps node-deps
	@status=0; \
	$(BIN)/ruff format --check . || status=1; \
	$(BIN)/ruff check . || status=1; \
	npx --no-install prettier --check --cache --log-level warn $(JS_SOURCES) || status=1; \
	npx --no-install eslint --cache --cache-location node_modules/.cache/eslint/ --max-warnings 0 . || status=1; \
	exit $$status

# The two database runs go side by side (docs/performance.md, "The test suite"), each spread over
# pytest-xdist workers, one per core (`--dist worksteal`; on PostgreSQL each worker has a database
# of its own: smogpanel.testing.workers). Much of a run waits on browsers, subprocesses and
# sockets, so four processes on 2 cores keep both busy: measured idle on 2 cores, the two runs
# took 857 s side by side this way against about 2,240 s with one process each.
# `TEST_WORKERS=0 make test` runs each in one process. SQLite's output streams; PostgreSQL's is
# kept and printed when it ends, then one line for each. Each run ends with its 15 slowest tests.
TEST_WORKERS ?= auto
PYTEST := $(BIN)/pytest -q --durations=15 -p no:randomly -n $(TEST_WORKERS) --dist worksteal
test-python:
	@if [ -z "$$SMOGPANEL_TEST_DATABASE_URL" ]; then exec $(PYTEST); fi; \
	log=$$(mktemp); \
	$(PYTEST) > $$log 2>&1 & postgresql=$$!; \
	echo "== the suite on SQLite (and on PostgreSQL alongside, printed after)"; \
	SMOGPANEL_TEST_DATABASE_URL= $(PYTEST); sqlite=$$?; \
	wait $$postgresql; postgresql=$$?; \
	echo "== the same suite on PostgreSQL"; cat $$log; \
	echo "== SQLite: exit $$sqlite; PostgreSQL: exit $$postgresql ($$(tail -n 1 $$log))"; \
	rm -f $$log; [ $$sqlite -eq 0 ] && [ $$postgresql -eq 0 ]

test-node:
	npm test

# pip's and npm's installs go side by side (about 32 and 25 s on a clean clone, one core each),
# then the bundles (tools/bundles.py: one build per core).
setup:
	@$(MAKE) --no-print-directory -j2 python-deps node-deps
	@$(MAKE) --no-print-directory build

# Installs run again only when what they read changed: each stamp holds a hash of those files'
# contents, not a date (a checkout, a merge or a copied venv gives unchanged files new dates, and
# make then reinstalled for a minute). A stamp of the old kind (empty) that is newer than the
# files is taken as it was. `$(call unchanged,STAMP,FILES)` is a shell test.
unchanged = sum=$$(cat $(2) | sha256sum | cut -c1-64); \
	{ [ -f $(1) ] && [ "$$(cat $(1))" = "$$sum" ]; } || \
	{ [ -f $(1) ] && [ ! -s $(1) ] && [ -z "$$(find $(2) -newer $(1))" ] && echo "$$sum" > $(1); }

# Also the example third-party plugin (docs/plugins.md), so `make test` runs its tests too. An
# existing venv is kept: pip installs what changed.
PYTHON_DEP_FILES := setup.cfg setup.py pyproject.toml examples/smogpanel-airquality/setup.cfg
python-deps:
	@$(call unchanged,$(BIN)/.installed,$(PYTHON_DEP_FILES)) && exit 0; \
	set -e; [ -x $(BIN)/pip ] || { $(PYTHON) -m venv $(VENV); $(BIN)/pip install --quiet --upgrade pip; }; \
	echo "== installing the Python packages ($(PYTHON_DEP_FILES) changed)"; \
	$(BIN)/pip install --quiet -e '.[test]'; \
	$(BIN)/pip install --quiet -e examples/smogpanel-airquality; \
	echo "$$sum" > $(BIN)/.installed

# What `npm ci` installs is the lock file's (it refuses one out of step with the package.json
# files), so a changed script or description in a package.json installs nothing.
NODE_DEP_FILES := package-lock.json
node-deps:
	@$(call unchanged,node_modules/.installed,$(NODE_DEP_FILES)) && exit 0; \
	set -e; echo "== installing the npm packages (package.json or the lock file changed)"; \
	npm ci --no-audit --no-fund; \
	echo "$$sum" > node_modules/.installed

# The bundles whose sources changed since they were built here, then their gzip and brotli
# copies next to them (WhiteNoise serves those to browsers that accept them: compressed once
# here, never per request). tools/bundles.py says how it tells; `--list` shows what is stale.
build: node-deps python-deps
	$(BIN)/python tools/bundles.py

# Debian's Chromium, as the browser and as its headless shell (the browser tests run in the shell:
# the same engine for about half the CPU, core/testing/browser.py), each installed when missing.
# The browser is needed; without the shell (no package source reachable) the tests run in the browser.
APT_INSTALL = if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); \
	else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); fi
chromium:
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || { \
		echo "Installing Debian's chromium for the browser tests"; $(call APT_INSTALL,chromium); }
	@[ -x /usr/bin/chromium-headless-shell ] || { \
		echo "Installing Debian's chromium-headless-shell for the browser tests"; \
		{ $(call APT_INSTALL,chromium-headless-shell); } || \
		echo "chromium-headless-shell could not be installed: the browser tests run in chromium (more CPU)"; }

# Backups of PostgreSQL (`smogpanel backup`, and its tests when SMOGPANEL_TEST_DATABASE_URL is
# set) run pg_dump, pg_restore and psql of the server's major version or newer: Debian's
# postgresql-client when they are missing.
pg-client:
	@if [ -n "$$SMOGPANEL_TEST_DATABASE_URL" ] && ! command -v pg_dump >/dev/null 2>&1; then \
		echo "Installing Debian's postgresql-client for the backup tests"; \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client; \
		else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client; fi; fi

# The serving benchmarks load the panel with Debian's wrk; install it when it is missing.
bench: setup
	@command -v wrk >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; \
		else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; fi; }
	$(BIN)/python bench/api.py
	$(BIN)/python bench/bundles.py
	$(BIN)/python bench/public.py
	$(BIN)/python bench/serve.py

clean:
	rm -rf $(VENV) node_modules core/static/shell plugins/*/static var

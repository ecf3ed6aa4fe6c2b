# The kit's two front doors: `make serve` and `make test`.
# Everything is installed by these rules into .venv (and Debian's chromium for browser tests).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# uv installs the packages (a cold install in about a third of pip's time); pip only
# installs uv itself, pinned.
UV := $(VENV)/bin/uv
UV_VERSION := 0.13.8
# uv trusts the system's certificates, as pip here does (a school's proxy may sign with its own)
export UV_NATIVE_TLS := 1

.PHONY: setup serve test test-fast lint bench browser postgres debian clean i18n site

setup: $(STAMP)

$(UV):
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check 'uv==$(UV_VERSION)'

$(STAMP): pyproject.toml | $(UV)
	$(UV) pip install --quiet --compile-bytecode --python $(PY) -e '.[test]'
	touch $(STAMP)

browser:
	bash scripts/ensure-chromium

postgres:
	bash scripts/ensure-postgres

# Debian's packages for the tests, one apt-get after the other (they share apt's lock).
debian:
	bash scripts/ensure-chromium
	bash scripts/ensure-postgres

# `make serve` for one person; a teacher gives the class's size: `make serve CLASS=30`
# (that many kernels of the class page are preheated in the background). More options:
# `make serve ARGS="--ip 0.0.0.0 --port 8890"` (see `.venv/bin/python -m widgets.serve --help`).
# Today's pages, kept ready in that order: `make serve CLASS=30 PAGES="09-undo-a-program.ipynb
# puzzles.ipynb"` (default: the puzzle app).
CLASS ?= 0
PAGES ?=
serve: setup
	$(PY) -m widgets.serve --class-size $(CLASS) $(if $(strip $(PAGES)),--class-pages $(PAGES)) $(ARGS)

lint: setup
	$(VENV)/bin/ruff check .

# First the Python packages (compiled: the tests start hundreds of Python processes). Then,
# beside each other: the static site's build (only the browser tests open it: its log
# follows the first pass, and a failed build stops the run there; its files precompressed at
# quick levels, as the tests read the files themselves), Debian's packages, the
# lint and the first pass, everything but the browser tests, a file per worker (three
# workers on two cores: some of these tests wait on servers they start). Last the browser
# tests, a file per worker (`--dist loadfile`: a file's tests share its Voila server and its
# Chromium); three workers on two cores, as a browser test waits much for a page or a kernel.
test: setup
	@mkdir -p test-artifacts; \
	$(MAKE) --no-print-directory site SITE_ARGS="--compress quick" \
	  > test-artifacts/site-build.log 2>&1 & site=$$!; \
	$(MAKE) --no-print-directory debian lint \
	  && $(PY) -m pytest -n 3 -m "not browser" --durations=15; tests=$$?; \
	wait $$site; built=$$?; cat test-artifacts/site-build.log; \
	if [ $$built -ne 0 ]; then echo "make site failed: its log is above"; exit $$built; fi; \
	exit $$tests
	$(PY) -m pytest -n 3 --dist loadfile -m browser --durations=25

test-fast: setup
	$(PY) -m pytest -m "not browser" -x -q

bench: setup
	$(PY) -m benchmarks

# Translations (docs/translating.md): for each part of the kit (lnb.core.i18n.DOMAINS), extract
# its messages into lnb/locale/<part>.pot, update (or start) every language's catalog
# lnb/locale/<lang>/LC_MESSAGES/<part>.po from it, and compile them to .mo.
# `make i18n PART=museum` does one catalog only.
I18N_KEYWORDS := -k lazy_gettext -k lazy_pgettext:1c,2 -k lazy_ngettext:1,2
i18n: setup
	$(PY) scripts/i18n.py $(if $(PART),--part $(PART)) $(I18N_KEYWORDS)

# `make site`: the kit as a static website in site/ (docs/site.md): every lesson and app,
# running in the pupil's browser (Voici + Pyodide), from the versions pinned in
# scripts/site/ (build tools in .venv-site; downloads cached in .site-cache/).
SITE_VENV ?= .venv-site
SITE_PY := $(SITE_VENV)/bin/python
SITE_STAMP := $(SITE_VENV)/.installed-stamp

$(SITE_STAMP): scripts/site/requirements.txt | $(UV)
	test -x $(SITE_PY) || $(PYTHON) -m venv $(SITE_VENV)
	$(UV) pip install --quiet --compile-bytecode --python $(SITE_PY) -r scripts/site/requirements.txt
	touch $(SITE_STAMP)

site: $(SITE_STAMP)
	$(SITE_PY) -m scripts.site.build $(SITE_ARGS)

# `make clean`: everything the rules above made (both venvs, the built site and its download
# cache, test artifacts).
clean:
	rm -rf $(VENV) $(SITE_VENV) site .site-cache test-artifacts .pytest_cache

# The kit's two front doors: `make serve` and `make test`.
# Everything is installed by these rules into .venv (and Debian's chromium for browser tests).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: setup serve test test-fast lint bench browser clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

browser:
	bash scripts/ensure-chromium

serve: setup
	$(PY) -m widgets.serve $(ARGS)

lint: setup
	$(VENV)/bin/ruff check .

# Two passes: everything else on both cores, then the browser tests alone, one at a time,
# so a Voila server and Chromium never compete with kernels for the machine's two cores.
test: setup browser lint
	$(PY) -m pytest -n 2 -m "not browser"
	$(PY) -m pytest -m browser

test-fast: setup
	$(PY) -m pytest -m "not browser" -x -q

bench: setup
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) test-artifacts .pytest_cache

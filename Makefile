# Tavolo companion. `make run` starts the app; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test bench lint typecheck browser clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/companion serve

# Debian's chromium for the browser tests: installed when missing and we are root;
# otherwise those tests are skipped with the reason printed.
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's chromium for the browser tests..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "NOTE: /usr/bin/chromium is missing and we are not root: browser tests will be skipped."; \
	  fi; \
	fi

lint: $(STAMP)
	$(VENV)/bin/ruff check companion recognizer tests
	$(VENV)/bin/mypy

test: $(STAMP) browser lint
	$(PY) -m pytest -q -rs

bench: $(STAMP)
	$(VENV)/bin/companion bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache

# Tavolo companion. `make run` starts the app; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-app

.PHONY: run test bench bench-bots lint browser postgres poppler fonts models clean

$(PY):
	$(PYTHON) -m venv $(VENV)

# The app alone (what `make run` needs); the tests, benchmarks and model building also
# need the test tools and the training extra (PyTorch on the CPU, ONNX, Pillow).
$(RUN_STAMP): pyproject.toml constraints.txt | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e .
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml constraints.txt | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test,models]'
	touch $(STAMP) $(RUN_STAMP)

# Every network interface, so that phones on the same Wi-Fi can join (HOST=127.0.0.1: this
# computer only; the server then says phones cannot join).
HOST ?= 0.0.0.0
run: $(RUN_STAMP)
	$(VENV)/bin/companion serve --host $(HOST)

# $(call debian,CHECK,PACKAGE,WHAT): Debian's PACKAGE, installed when CHECK fails and we are
# root; otherwise WHAT is skipped, with the reason printed (here and by the tests).
define debian
	@if ! $(1) >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's $(2) for $(3)..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) >/dev/null; \
	  else \
	    echo "NOTE: $(2) is missing and we are not root: $(3) will be skipped."; \
	  fi; \
	fi
endef

# Chromium for the browser tests.
browser:
	$(call debian,test -x /usr/bin/chromium,chromium,the browser tests)

# PostgreSQL for the tests of the second store and the benchmark with several app servers
# (each run starts a throwaway server of its own).
postgres:
	$(call debian,ls /usr/lib/postgresql/*/bin/initdb,postgresql,the PostgreSQL tests)

# Poppler's pdftoppm for the test that renders a page of the printed Insonnia deck's PDF.
poppler:
	$(call debian,command -v pdftoppm,poppler-utils,the printed-deck PDF test)

lint: $(STAMP)
	$(VENV)/bin/ruff check companion recognizer tests
	$(VENV)/bin/mypy

test: $(STAMP) browser postgres poppler fonts lint
	$(PY) -m pytest -q -rs

# Speed figures are for one core: one OpenCV thread, one BLAS thread.
bench: $(STAMP) postgres fonts
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 $(VENV)/bin/companion bench
	$(PY) -m companion.bench.crowd --clients 50 --seconds 20
	$(VENV)/bin/companion bots-bench --games 1000

# The bots: 1,000 seeded games of each game against random players, legal moves only.
bench-bots: $(STAMP)
	$(VENV)/bin/companion bots-bench --games 1000

# Free fonts for the card faces the recogniser's training draws (and the tests that draw
# a few): Debian packages, installed when missing and we are root.
FONT_PACKAGES := fonts-dejavu-core fonts-dejavu-extra fonts-liberation2 fonts-urw-base35 fonts-freefont-ttf fonts-texgyre \
	fonts-roboto-unhinted fonts-open-sans fonts-lato fonts-linuxlibertine fonts-crosextra-carlito fonts-ebgaramond
fonts:
	$(call debian,dpkg -s $(FONT_PACKAGES),$(FONT_PACKAGES),the drawn card faces)

# The recogniser's networks, trained on synthetic photos of drawn card faces and of the card
# artwork in $(TAVOLO_SHARED) (default ../shared), and on the real photos whose licence
# allows it; the result is committed in recognizer/models/ (see NOTICE).
models: $(STAMP) fonts
	$(PY) -m recognizer.training.build

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis

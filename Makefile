# pedroparty developer commands. Needs only python3 on a fresh clone:
# the virtualenv and every dependency are created on first use.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev

.DEFAULT_GOAL := help
.PHONY: help run party demo demo-off worker test test-fast bench lint fmt messages catalogues docs docs-serve

help:
	@echo "make run        install, migrate, load the demo party and serve http://127.0.0.1:8000/"
	@echo "                (DEBUG on; PORT=8000)"
	@echo "make party      serve the hall: gunicorn on every interface, links and QR codes on"
	@echo "                the LAN address (DEBUG off; PORT=8000; a Celery worker too with REDIS_URL);"
	@echo "                the host's pages over HTTPS on PORT+443, from the hall's authority in .hall/"
	@echo "make demo       create the demo host and party and print how to sign in"
	@echo "make demo-off   deactivate the demo host (its password is public), as make party needs"
	@echo "make worker     a Celery worker for every queue (needs REDIS_URL; without it tasks run in-process)"
	@echo "make test       lint, format check and the whole test suite (browser tests too),"
	@echo "                in parallel (TEST_WORKERS=auto: one a core)"
	@echo "make test-fast  the test suite without browser (e2e) tests, benchmark smoke runs (slow) and site or worker processes (processes)"
	@echo "make bench      run every bench/*.py script"
	@echo "make docs       build the documentation site from docs/ into site/ (strict: a broken link fails)"
	@echo "make docs-serve serve the documentation at http://127.0.0.1:8001/ while it is edited"
	@echo "make lint       ruff check and ruff format --check"
	@echo "make fmt        ruff format and ruff check --fix"
	@echo "make messages   update locale/*/LC_MESSAGES/django.po from the source (needs GNU gettext)"

$(PY):
	$(PYTHON) -m venv $(VENV)

# Stamps: reinstall only when pyproject.toml changes (or .venv is new).
$(STAMP_RUN): pyproject.toml | $(PY)
	$(PIP) install --quiet -e .
	touch $@

$(STAMP_DEV): pyproject.toml | $(PY)
	$(PIP) install --quiet -e ".[dev]"
	touch $@ $(STAMP_RUN)

PORT ?= 8000
run demo: export DJANGO_DEBUG = true
# The development server listens on this machine only: its links say so.
run demo: export PEDROPARTY_BASE_URL ?= http://127.0.0.1:$(PORT)

# The translation catalogues: locale/<lang>/LC_MESSAGES/django.po, compiled to
# the .mo files Django reads (not committed) whenever a .po is newer, by
# polib (pedroparty/catalogues.py), so serving needs no GNU gettext.
# Compiling reads the settings only for LOCALE_PATHS, hence DJANGO_DEBUG.
COMPILE_CATALOGUES := DJANGO_DEBUG=true $(PY) manage.py compile_catalogues
catalogues: $(STAMP_RUN)
	@$(COMPILE_CATALOGUES)

# Extract every marked string into the catalogues (Django's makemessages, the
# options in pedroparty/catalogues.py; tests/pedroparty/test_catalogues.py
# runs the same command). Needs GNU gettext's xgettext (Debian's gettext).
messages: $(STAMP_RUN)
	DJANGO_DEBUG=true $(PY) manage.py update_catalogues

run: $(STAMP_RUN)
	@$(COMPILE_CATALOGUES)
	$(PY) manage.py migrate --noinput
	@$(MAKE) --no-print-directory demo
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# Serve a party to the phones of the hall's network (pedroparty/serve.py):
# production settings, the LAN address in every link, the demo refused.
party: $(STAMP_RUN)
	@$(COMPILE_CATALOGUES)
	$(PY) -m pedroparty.serve --port $(PORT)

# The demo host and party (tournaments/management/commands/demo.py); prints
# the sign-in details. Idempotent, so `make run` runs it every time.
demo: $(STAMP_RUN)
	@$(COMPILE_CATALOGUES)
	@$(PY) manage.py migrate --noinput --verbosity 0
	@$(PY) manage.py demo

demo-off: $(STAMP_RUN)
	@DJANGO_DEBUG=true $(PY) manage.py demo --off

# Every queue, in priority order: "celery" (people's tables, printables)
# before "bots" (tables of bots only).
worker: $(STAMP_RUN)
	@$(COMPILE_CATALOGUES)
	$(VENV)/bin/celery -A pedroparty worker -Q celery,bots --loglevel INFO

# The suite runs in parallel, one pytest-xdist worker a core (TEST_WORKERS=1
# for one process), each with its own test database and Redis database
# (tests/parallel.py), and prints its 25 slowest tests.  It keeps pytest's
# compiled test modules (__pycache__) even where PYTHONDONTWRITEBYTECODE is set,
# as in many containers: reading the suite again then takes 3 s, not 12.
TEST_WORKERS ?= auto
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(VENV)/bin/pytest -n $(TEST_WORKERS) --dist worksteal \
	--durations=25

test: $(STAMP_DEV)
	@$(COMPILE_CATALOGUES)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PYTEST)

test-fast: $(STAMP_DEV)
	@$(COMPILE_CATALOGUES)
	$(PYTEST) -m "not e2e and not slow and not processes"

bench: export DJANGO_DEBUG = true
bench: $(STAMP_RUN)
	@set -e; for script in $$(ls bench/*.py 2>/dev/null | LC_ALL=C sort); do \
		echo "== $$script"; \
		$(PY) $$script; \
	done

# The documentation site (mkdocs.yml): MkDocs with the Material theme.
docs: $(STAMP_DEV)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

docs-serve: $(STAMP_DEV)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs serve --dev-addr 127.0.0.1:8001

lint: $(STAMP_DEV)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

fmt: $(STAMP_DEV)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

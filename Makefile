# pedroparty developer commands. Needs only python3 on a fresh clone:
# the virtualenv and every dependency are created on first use.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev

.DEFAULT_GOAL := help
.PHONY: help run party demo worker test test-fast bench lint fmt messages catalogues

help:
	@echo "make run        install, migrate, load the demo party and serve http://127.0.0.1:8000/ (DEBUG on)"
	@echo "make party      serve the hall: gunicorn on every interface, links and QR codes on"
	@echo "                the LAN address (DEBUG off; PORT=8000; a Celery worker too with REDIS_URL)"
	@echo "make demo       create the demo host and party and print how to sign in"
	@echo "make worker     a Celery worker for every queue (needs REDIS_URL; without it tasks run in-process)"
	@echo "make test       lint, format check and the whole test suite (browser tests too)"
	@echo "make test-fast  the test suite without browser (e2e) tests"
	@echo "make bench      run every bench/*.py script"
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

run demo: export DJANGO_DEBUG = true

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
	$(PY) manage.py runserver 127.0.0.1:8000

# Serve a party to the phones of the hall's network (pedroparty/serve.py):
# production settings, the LAN address in every link, the demo refused.
PORT ?= 8000
party: $(STAMP_RUN)
	@$(COMPILE_CATALOGUES)
	$(PY) -m pedroparty.serve --port $(PORT)

# The demo host and party (tournaments/management/commands/demo.py); prints
# the sign-in details. Idempotent, so `make run` runs it every time.
demo: $(STAMP_RUN)
	@$(PY) manage.py migrate --noinput --verbosity 0
	@$(PY) manage.py demo

# Every queue, in priority order: "celery" (people's tables, printables)
# before "bots" (tables of bots only).
worker: $(STAMP_RUN)
	@$(COMPILE_CATALOGUES)
	$(VENV)/bin/celery -A pedroparty worker -Q celery,bots --loglevel INFO

test: $(STAMP_DEV)
	@$(COMPILE_CATALOGUES)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/pytest

test-fast: $(STAMP_DEV)
	@$(COMPILE_CATALOGUES)
	$(VENV)/bin/pytest -m "not e2e"

bench: export DJANGO_DEBUG = true
bench: $(STAMP_RUN)
	@set -e; for script in $$(ls bench/*.py 2>/dev/null | LC_ALL=C sort); do \
		echo "== $$script"; \
		$(PY) $$script; \
	done

lint: $(STAMP_DEV)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

fmt: $(STAMP_DEV)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

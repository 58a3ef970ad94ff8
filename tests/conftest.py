"""What every test starts from.

A request through ``LocaleMiddleware`` activates its language for the rest
of the thread, and Django does not put it back when the request ends. So
every test begins in the site's default language, whatever an earlier test
in the same process asked for.

Under pytest-xdist every worker has a test database of its own (pytest-django
adds the worker's name to it) and, here, a Redis database of its own: the
cache, the Celery broker and every worker or server a test starts use it, so
two workers never read each other's cached pages or run each other's tasks;
the broker's keys carry the run's own prefix, so no worker of another run
takes them.

Pages render as they do outside tests: Django's test environment has every
template (a form's every widget among them) send a signal, and the test
client copy the context each time, which made the large pages three times
slower to render.  A test that reads ``response.context`` or
``response.templates`` asks for them with the ``template_context`` fixture.

Passwords are hashed with MD5 for the whole run (``quick_passwords``): the
site's hasher takes a quarter of a second a password, by design, and most
tests make or sign in users, some in a world made once a module.  A test
that runs the site in a process of its own hashes as the site does.

A module whose tests all meet the same rows builds them once with the
``shared_rows`` fixture, as Django's ``TestCase.setUpTestData`` does."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.db import transaction
from django.template.base import Template
from django.test import override_settings
from django.test.utils import instrumented_test_render
from django.utils import translation

from tests.parallel import broker_isolate, worker_isolate


def pytest_configure(config):
    worker = getattr(config, "workerinput", {}).get("workerid")
    if worker is not None:
        worker_isolate(worker)
    broker_isolate(f"test-{os.getppid() if worker else os.getpid()}-{worker or 'main'}:")


@pytest.fixture(autouse=True)
def default_language():
    translation.deactivate()
    yield
    translation.deactivate()


def plain_render(self, context):
    """``Template._render`` as Django has it outside tests."""
    return self.nodelist.render(context)


@pytest.fixture(scope="session", autouse=True)
def plain_templates(django_test_environment):
    Template._render = plain_render


@pytest.fixture(scope="session", autouse=True)
def quick_passwords(django_test_environment) -> Iterator[None]:
    """MD5 for every password the run makes or checks, from before the
    first world a module makes."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture
def template_context():
    """The test client's ``response.context`` and ``response.templates``."""
    Template._render = instrumented_test_render
    yield
    Template._render = plain_render


@pytest.fixture(scope="module")
def shared_rows(django_db_setup, django_db_blocker) -> Iterator[object]:
    """A transaction open for the whole module and rolled back at its end:
    rows a module-scoped fixture makes inside it (``with
    shared_rows.unblock():``) are there for each of the module's tests, and
    each test's own transaction is a savepoint inside it, so what a test
    changes is undone before the next.  Only for modules whose tests run in
    a transaction (``django_db``, not ``transaction=True``)."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
    try:
        yield django_db_blocker
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)

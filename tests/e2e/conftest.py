"""Browser fixtures: Debian's chromium driven by Playwright's sync API.

The browser is the system's (``/usr/bin/chromium``); ``playwright install``
is never needed.  Pages open at a tablet's size, 1024 x 768, against
pytest-django's ``live_server``, which also serves the static files. The
helpers behind them (``open_page``, ``sign_in``) are in ``browser.py``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from .browser import CHROMIUM, CHROMIUM_ARGS, PASSWORD, Traffic, open_page


@pytest.fixture(scope="module")
def async_unsafe_allowed() -> Iterator[None]:
    """Playwright's sync API keeps an event loop running in the test thread,
    so Django would refuse the test's own ORM calls; allow them while the
    browser is up, and only then."""
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if before is None:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture(scope="module")
def browser(async_unsafe_allowed) -> Iterator[Browser]:
    if not shutil.which(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def traffic() -> Traffic:
    return Traffic()


@pytest.fixture
def page(browser, live_server, transactional_db, traffic) -> Iterator[Page]:
    """A tablet-sized page with JavaScript on."""
    yield from open_page(browser, live_server, traffic)


@pytest.fixture
def page_without_js(browser, live_server, transactional_db, traffic) -> Iterator[Page]:
    """A tablet-sized page with JavaScript off: plain HTML forms and links only."""
    yield from open_page(browser, live_server, traffic, java_script_enabled=False)


@pytest.fixture(autouse=True)
def links_to_the_live_server(settings, live_server):
    """Absolute links (players' page, seat links) lead to the test server,
    not to this machine's LAN address, where nothing listens."""
    settings.PEDROPARTY_BASE_URL = live_server.url


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """The live server runs in this process, so it hashes the same quick way."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def host(django_user_model, transactional_db):
    return django_user_model.objects.create_user(username="hostess", password=PASSWORD)

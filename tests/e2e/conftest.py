"""Browser fixtures: Debian's chromium driven by Playwright's sync API.

The browser is the system's (``/usr/bin/chromium``); ``playwright install``
is never needed.  Pages open at a tablet's size, 1024 x 768, against
pytest-django's ``live_server``, which also serves the static files. The
helpers behind them (``open_page``, ``sign_in``) are in ``browser.py``.
``hall`` serves the site as ``make party`` does, at the hall's own name,
for ``hall_browser`` (``hall.py``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from pedroparty.hall_tls import hall_certificates

from .browser import CHROMIUM, CHROMIUM_ARGS, PASSWORD, Traffic, open_page
from .hall import HALL, Hall, spki_sha256


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


@pytest.fixture
def host(django_user_model, transactional_db):
    return django_user_model.objects.create_user(username="hostess", password=PASSWORD)


@pytest.fixture(scope="module")
def hall_dir(tmp_path_factory) -> Path:
    """The hall's authority, made as ``make party`` makes it the first time."""
    folder = tmp_path_factory.mktemp("hall")
    hall_certificates(folder, names=["localhost"])
    return folder


@pytest.fixture(scope="module")
def hall_browser(async_unsafe_allowed, hall_dir) -> Iterator[Browser]:
    """A tablet's browser that trusts the hall's authority (as once installed)
    and resolves the hall's name, and nothing else, to this machine."""
    ca = spki_sha256((hall_dir / "ca.pem").read_bytes())
    args = [
        *CHROMIUM_ARGS,
        f"--host-resolver-rules=MAP {HALL} 127.0.0.1, MAP * ~NOTFOUND",
        f"--ignore-certificate-errors-spki-list={ca}",
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        yield browser
        browser.close()


@pytest.fixture
def hall(transactional_db, hall_dir, tmp_path) -> Iterator[Hall]:
    hall = Hall(tmp_path, hall_dir)
    hall.start()
    yield hall
    hall.stop()

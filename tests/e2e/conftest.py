"""Browser fixtures: Debian's chromium driven by Playwright's sync API.

The browser is the system's (``/usr/bin/chromium``); ``playwright install``
is never needed.  Pages open at a tablet's size, 1024 x 768, against
pytest-django's ``live_server``, which also serves the static files.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Page, Response, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TABLET = {"width": 1024, "height": 768}
PASSWORD = "cards-and-wine-1"


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


#: Reports every Content-Security-Policy violation to the test (through the
#: ``cspViolation`` binding), whatever page of the context it happens on.
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.cspViolation(
    `${e.effectiveDirective} refused ${e.blockedURI || "inline code"}` +
    ` at ${e.sourceFile || document.location.pathname}:${e.lineNumber}`
  );
});
"""


@dataclass
class Traffic:
    """What the page loaded: every response, and anything that went wrong."""

    responses: list[tuple[str, int]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def status_of(self, path: str) -> list[int]:
        return [status for url, status in self.responses if url.endswith(path)]


def open_page(browser: Browser, live_server, traffic: Traffic, **options) -> Iterator[Page]:
    """A new browser context's page on the live server (a tablet unless
    ``viewport`` says otherwise), logging every response, script error and
    Content-Security-Policy violation."""
    options.setdefault("viewport", TABLET)
    context = browser.new_context(base_url=live_server.url, **options)
    context.set_default_timeout(10_000)
    context.expose_function(
        "cspViolation", lambda text: traffic.problems.append(f"CSP violation: {text}")
    )
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()

    def on_response(response: Response) -> None:
        traffic.responses.append((response.url, response.status))
        if response.status >= 500:
            traffic.problems.append(f"{response.status} {response.url}")

    page.on("response", on_response)

    page.on("pageerror", lambda error: traffic.problems.append(f"JavaScript error: {error}"))
    yield page
    context.close()


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


def sign_in(page: Page, username: str, password: str = PASSWORD) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/host/")

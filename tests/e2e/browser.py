"""The browser tests' helpers: the system's chromium, a logged page, signing in.

Fixtures built on them are in ``conftest.py``; parties and online tables to
visit are made in ``builders.py``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from django.conf import settings
from playwright.sync_api import Browser, Page, Response

from tests.scoring.builders import celery_worker

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


def sign_in(page: Page, username: str, password: str = PASSWORD) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/host/")


@contextlib.contextmanager
def bots_worker() -> Iterator[None]:
    """With REDIS_URL set, a Celery worker thread for the bots; without, nothing
    (tasks run eagerly)."""
    if settings.REDIS_URL is None:
        yield
        return
    with celery_worker():
        yield


def make_move(page: Page, move) -> None:
    """Tap one move of an online seat's page. A discard is a toggle (play.js
    gives it ``aria-pressed``): it is chosen, then confirmed. Whether it is one
    is read before the tap, since any other move replaces the page at once."""
    toggle = move.get_attribute("aria-pressed") is not None
    move.click()
    if toggle:
        page.locator("[data-discard-confirm] button").click()

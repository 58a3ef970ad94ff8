"""axe-core, bundled with ``axe-playwright-python`` (nothing is fetched at run time)."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

#: What the checks fail on; axe's "moderate" and "minor" findings are advice.
SERIOUS = frozenset({"serious", "critical"})

AXE = Axe()


def axe_problems(
    page: Page, *, rules: list[str] | None = None, impacts: frozenset[str] = SERIOUS
) -> list[str]:
    """axe-core's violations of ``impacts`` on ``page`` (only ``rules`` when
    given), one line each: the page, the rule and where."""
    options: dict = {"resultTypes": ["violations"]}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    results = AXE.run(page, options=options)
    problems = []
    for violation in results.response["violations"]:
        if violation["impact"] not in impacts:
            continue
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:3]]
        problems.append(f"{page.url}: {violation['id']} ({violation['impact']}) at {targets}")
    return problems

"""Takes the documentation's screenshots of the demo party.

Run from the project's root: ``.venv/bin/python docs/img/screenshots.py``.
It makes the demo in a throw-away SQLite database, serves it on a free
loopback port, and drives Debian's Chromium (``/usr/bin/chromium``) with
Playwright: the host's deal entry at a tablet's size beside a player's
phone, written to ``docs/img/tablet-and-phone.png``.
"""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent / "tablet-and-phone.png"
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
GAP = 32


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "DJANGO_DEBUG": "true",
            "DATABASE_URL": f"sqlite:///{tmp}/demo.sqlite3",
            "PEDROPARTY_BASE_URL": base,
        }
        env.pop("REDIS_URL", None)
        python = sys.executable

        def manage(*args: str) -> str:
            return subprocess.run(
                [python, "manage.py", *args], cwd=ROOT, env=env, check=True,
                capture_output=True, text=True,
            ).stdout  # fmt: skip

        manage("migrate", "--noinput", "--verbosity", "0")
        manage("demo")
        slug, token = manage(
            "shell", "-c",
            "from tournaments.models import Party;"
            "p = Party.objects.get(owner__username='demo', name='Demo Card Night');"
            "print(p.slug, p.public_token)",
        ).split()[-2:]  # fmt: skip
        server = subprocess.Popen(
            [python, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=1)
                    break
                except OSError:
                    time.sleep(0.2)
            shots = take(base, slug, token)
        finally:
            server.terminate()
            server.wait(timeout=10)
    tablet, phone = (Image.open(io.BytesIO(png)) for png in shots)
    canvas = Image.new(
        "RGB", (tablet.width + GAP + phone.width, max(tablet.height, phone.height)), "white"
    )
    canvas.paste(tablet, (0, 0))
    canvas.paste(phone, (tablet.width + GAP, 0))
    canvas.save(OUT, optimize=True)
    print(f"wrote {OUT.relative_to(ROOT)}")


def take(base: str, slug: str, token: str) -> tuple[bytes, bytes]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        tablet = browser.new_page(viewport=TABLET)
        tablet.goto(f"{base}/accounts/login/")
        tablet.fill("input[name=username]", "demo")
        tablet.fill("input[name=password]", "pedro-demo")
        tablet.get_by_role("button", name="Sign in").click()
        tablet.wait_for_url("**/host/**")
        tablet.goto(f"{base}/host/{slug}/round/3/table/3/")
        tablet.wait_for_load_state("networkidle")
        phone = browser.new_page(viewport=PHONE, device_scale_factor=1, is_mobile=True)
        phone.goto(f"{base}/p/{token}/")
        phone.wait_for_load_state("networkidle")
        shots = tablet.screenshot(), phone.screenshot()
        browser.close()
    return shots


if __name__ == "__main__":
    main()

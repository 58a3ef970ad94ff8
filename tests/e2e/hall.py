"""The hall as ``make party`` serves it, for browser tests at the hall's own name.

``python -m pedroparty.serve`` (gunicorn, production settings, plain http for
the players and HTTPS for the host's pages with the hall's own authority) on
127.0.0.1, its links on ``pedroparty-hall.local``: a name no browser treats
as this machine.  The ``hall_browser`` fixture (``conftest.py``) resolves
that name, and nothing else, to 127.0.0.1, so no traffic leaves this
machine, and trusts the authority's key as a tablet trusts it once installed.
"""

from __future__ import annotations

import base64
import hashlib
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import serialization

from ..pedroparty.private_redis import free_port
from ..pedroparty.test_redis_outage_site import database_url

BASE_DIR = Path(__file__).resolve().parents[2]
HALL = "pedroparty-hall.local"


def spki_sha256(pem: bytes) -> str:
    """Base64 of the SHA-256 of a certificate's public key: how Chromium
    names a key to trust."""
    key = x509.load_pem_x509_certificate(pem).public_key()
    spki = key.public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


class Hall:
    """``python -m pedroparty.serve`` on 127.0.0.1, links on the hall's name."""

    def __init__(self, folder: Path, hall_dir: Path) -> None:
        self.port = free_port()
        self.https_port = free_port()
        self.folder = folder
        self.hall_dir = hall_dir
        self.url = f"http://{HALL}:{self.port}"
        self.https_url = f"https://{HALL}:{self.https_port}"
        self.output = folder / "serve.log"
        self.env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("DJANGO_", "PEDROPARTY_")) and key not in ("REDIS_URL", "PORT")
        }
        self.env.update(
            DATABASE_URL=database_url(),
            PEDROPARTY_BASE_URL=self.url,
            DJANGO_LOG_LEVEL="WARNING",
        )
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with self.output.open("w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "pedroparty.serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--https-port", str(self.https_port),
                 "--workers", "2", "--key-file", str(self.folder / "secret_key"),
                 "--hall-dir", str(self.hall_dir)],
                cwd=BASE_DIR, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        deadline = time.monotonic() + 240
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/ping", timeout=5):
                    break
            except (OSError, urllib.error.URLError):
                pass
            assert self.process.poll() is None, self.output.read_text()
            assert time.monotonic() < deadline, self.output.read_text()
            time.sleep(0.5)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None

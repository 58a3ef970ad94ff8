"""``make party`` (``python -m pedroparty.serve``): serve the site to the hall.

The phones of the players join the network this machine is on (the hall's
wifi, or this machine's own hotspot) and open the address printed here.

- Production settings: gunicorn and WhiteNoise, ``DJANGO_DEBUG`` off, and a
  secret key made once and kept in ``.secret_key`` (git-ignored, mode 0600)
  unless ``DJANGO_SECRET_KEY`` is set.
- It listens on every interface and finds this machine's LAN address, which
  every absolute link and QR code then carries (``PEDROPARTY_BASE_URL``, set
  here unless it is set already). The players' pages are served in plain
  HTTP, so "hall mode" (``PEDROPARTY_HALL_MODE``) switches the HTTPS-only
  settings off; that mode refuses any address outside the local network.
- The host's pages are served over HTTPS too, on ``--https-port`` (the
  port + 443 unless given; ``--no-https`` to skip), by a second gunicorn
  with a certificate from the hall's own authority, made once in
  ``--hall-dir`` (``.hall/``, git-ignored; pedroparty/hall_tls.py). Plain
  http sends the host's pages there; a tablet installs the authority once
  from ``/hall/ca/``, and then keeps the round's pages offline.
- The demo host, whose password is published, is refused.
- With ``REDIS_URL`` set it also runs a Celery worker for every queue, and
  stops it (and gunicorn) when it stops: Ctrl-C, or a signal.

``--check`` does everything but serve: the database is migrated, the key
written, the demo refused, the address and QR code printed.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import django
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import connections
from django.urls import reverse

from pedroparty.demo_host import PASSWORD, USERNAME
from pedroparty.hall_tls import HallCertificates, hall_certificates, hall_names
from pedroparty.links import absolute_url, hall_https_url, lan_address
from pedroparty.qrcodes import qr_terminal

BASE_DIR = Path(__file__).resolve().parent.parent
DEFAULT_KEY_FILE = BASE_DIR / ".secret_key"
DEFAULT_HALL_DIR = BASE_DIR / ".hall"
#: Seconds gunicorn and the worker have to stop before they are killed.
STOP_TIMEOUT = 20


class Refused(Exception):
    """A reason not to serve, said to the host as it is."""


def secret_key_file(path: Path) -> str:
    """The key kept in ``path``, made there (mode 0600) the first time."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        descriptor = None
    if descriptor is not None:
        key = secrets.token_urlsafe(50)
        with os.fdopen(descriptor, "w") as out:
            out.write(key + "\n")
        return key
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        os.chmod(path, 0o600)  # readable by others: close it first
    key = path.read_text().strip()
    if len(key) < 50:
        raise Refused(f"{path} does not hold a secret key: delete it to make a new one.")
    return key


def party_environment(
    environ: dict[str, str], *, port: int, key_file: Path, lan: str | None
) -> dict[str, str]:
    """The environment gunicorn, the worker and this process run with."""
    env = dict(environ)
    env["DJANGO_DEBUG"] = "false"
    if not env.get("DJANGO_SECRET_KEY"):
        env["DJANGO_SECRET_KEY"] = secret_key_file(key_file)
    if not env.get("PEDROPARTY_BASE_URL"):
        env["PEDROPARTY_BASE_URL"] = f"http://{lan or '127.0.0.1'}:{port}"
    if urlsplit(env["PEDROPARTY_BASE_URL"]).scheme == "http":
        env.setdefault("PEDROPARTY_HALL_MODE", "true")
    return env


def hall_https(
    env: dict[str, str], *, https_port: int, hall_dir: Path, lan: str | None
) -> HallCertificates:
    """Certificates for the host's pages over HTTPS, and the settings that
    serve them (``env`` is changed): the port, the authority to download,
    and the hall's names among the allowed hosts."""
    base_host = urlsplit(env["PEDROPARTY_BASE_URL"]).hostname or ""
    names = hall_names(lan=lan, extra=(base_host,))
    certificates = hall_certificates(hall_dir, names=names)
    env["PEDROPARTY_HALL_HTTPS_PORT"] = str(https_port)
    env["PEDROPARTY_HALL_CA"] = str(certificates.ca_cert)
    if not env.get("DJANGO_ALLOWED_HOSTS"):
        env["DJANGO_ALLOWED_HOSTS"] = ",".join(names)
    return certificates


def demo_refuse() -> None:
    """Refuses to serve while the demo host signs in with its published password.

    Should be called once ``django.setup()`` has run: users need the app registry."""
    user = get_user_model().objects.filter(username=USERNAME, is_active=True).first()
    if user is not None and user.check_password(PASSWORD):
        raise Refused(
            f'The demo host "{USERNAME}" signs in with a published password: '
            "deactivate it with `make demo-off` (or `.venv/bin/python manage.py demo --off`), "
            "or change its password, before serving the hall."
        )


def django_prepare(*, collect_static: bool) -> None:
    """Settings loaded, database migrated, static files collected, demo refused."""
    django.setup()
    call_command("migrate", interactive=False, verbosity=0)
    if collect_static:
        call_command("collectstatic", interactive=False, verbosity=0)
    demo_refuse()
    # This process only supervises from now on: it holds no connection all night.
    connections.close_all()


def announce(
    base_url: str, *, lan: str | None, https_port: int | None = None, out=sys.stdout
) -> None:
    """The address and a terminal QR code of the host's sign-in page, and
    with HTTPS, of the page that installs the hall's authority on a tablet."""

    sign_in = absolute_url(None, "login")
    if https_port:
        sign_in = hall_https_url(None, reverse("login"), port=https_port)
    out.write(f"\npedroparty is served at {base_url}/\n")
    if lan is None and "127.0.0.1" in base_url:
        out.write("No network found: only this machine can open it.\n")
    if https_port:
        trust = absolute_url(None, "hall_ca")
        out.write(
            "Once per tablet, to keep working while the wifi is down, trust this hall:\n"
            f"open {trust}\n\n"
        )
        qr_terminal(trust, out=out)
        out.write("\n")
    out.write(f"Hosts sign in at {sign_in}\n\n")
    qr_terminal(sign_in, out=out)
    out.write("\nPhones must be on the same network. Stop with Ctrl-C.\n\n")
    out.flush()


def commands(
    *,
    host: str,
    port: int,
    workers: int,
    redis: bool,
    https_port: int | None = None,
    certificates: HallCertificates | None = None,
) -> dict[str, list[str]]:
    """What runs: gunicorn, a second one over HTTPS for the host's pages
    when there are certificates, and a Celery worker for every queue with Redis."""
    python = sys.executable
    gunicorn = [python, "-m", "gunicorn", "pedroparty.wsgi", "--access-logfile", "-",
                "--graceful-timeout", "10"]  # fmt: skip
    run = {"web": [*gunicorn, "--bind", f"{host}:{port}", "--workers", str(workers)]}
    if https_port and certificates is not None:
        # The host's tablets only: fewer workers than for every phone.
        run["web-https"] = [
            *gunicorn, "--bind", f"{host}:{https_port}", "--workers", str(max(1, workers - 1)),
            "--certfile", str(certificates.server_cert),
            "--keyfile", str(certificates.server_key),
        ]  # fmt: skip
    if redis:
        # Every queue, in priority order, as `make worker`.
        run["worker"] = [
            python, "-m", "celery", "-A", "pedroparty", "worker",
            "-Q", "celery,bots", "--loglevel", "INFO",
        ]  # fmt: skip
    return run


def supervise(run: dict[str, list[str]], env: dict[str, str]) -> int:
    """Starts every process, and stops them all when one stops or a signal comes."""
    stopping = []

    def stop(signum, _frame):
        stopping.append(signum)

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stop)
    children: dict[str, subprocess.Popen] = {}
    try:
        for name, argv in run.items():
            children[name] = subprocess.Popen(argv, env=env, cwd=BASE_DIR)
            print(f"{name} pid {children[name].pid}", flush=True)
        while not stopping and all(child.poll() is None for child in children.values()):
            time.sleep(0.2)
    finally:
        for child in children.values():
            if child.poll() is None:
                child.terminate()
        deadline = time.monotonic() + STOP_TIMEOUT
        for child in children.values():
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
    failed = [name for name, child in children.items() if child.returncode not in (0, -15)]
    return 1 if failed and not stopping else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make party", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    parser.add_argument("--host", default="0.0.0.0", help="interface to listen on (all)")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--key-file", type=Path, default=DEFAULT_KEY_FILE)
    parser.add_argument(
        "--https-port", type=int, default=None, help="the host's pages over HTTPS (port + 443)"
    )
    parser.add_argument("--no-https", action="store_true", help="plain http only")
    parser.add_argument("--hall-dir", type=Path, default=DEFAULT_HALL_DIR)
    parser.add_argument("--check", action="store_true", help="prepare and print, do not serve")
    options = parser.parse_args(argv)
    if not 0 < options.port < 65536:
        parser.error(f"--port must be 1 to 65535, got {options.port}")
    https_port = None if options.no_https else (options.https_port or options.port + 443)
    if https_port is not None and (not 0 < https_port < 65536 or https_port == options.port):
        parser.error(f"--https-port must be 1 to 65535 and not --port, got {https_port}")
    lan = lan_address()
    certificates = None
    try:
        env = party_environment(
            dict(os.environ), port=options.port, key_file=options.key_file, lan=lan
        )
        if env.get("PEDROPARTY_HALL_MODE", "").lower() not in ("true", "1", "yes"):
            https_port = None  # served behind a proxy of its own
        if https_port is not None:
            certificates = hall_https(
                env, https_port=https_port, hall_dir=options.hall_dir, lan=lan
            )
        os.environ.update(env)
        django_prepare(collect_static=not options.check)
    except (Refused, ImproperlyConfigured) as refusal:
        print(f"make party: {refusal}", file=sys.stderr)
        return 2
    announce(env["PEDROPARTY_BASE_URL"], lan=lan, https_port=https_port)
    run = commands(
        host=options.host,
        port=options.port,
        workers=options.workers,
        redis=bool(env.get("REDIS_URL")),
        https_port=https_port,
        certificates=certificates,
    )
    if options.check:
        for name, command in run.items():
            print(f"{name}: {' '.join(command)}")
        return 0
    return supervise(run, env)


if __name__ == "__main__":
    sys.exit(main())

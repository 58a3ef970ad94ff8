"""Django settings for pedroparty: one module, configured by environment variables.

Every variable is read through a strict helper below. A bad value stops the
process at import with an ImproperlyConfigured that names the variable, so a
typo in a deployment fails at start-up instead of being silently ignored.
An empty value counts as unset (docker compose passes `VAR=` for blanks).

The defaults are secure: DJANGO_DEBUG is off unless set, and then
DJANGO_SECRET_KEY is required. `make run` and the test suite set
DJANGO_DEBUG=true, which gives the embedded first-run setup: SQLite,
Celery tasks run eagerly, an in-process cache.
"""

import datetime
import ipaddress
import os
import tempfile
import zoneinfo
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from kombu import Queue

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = ("true", "1", "yes")
_FALSE = ("false", "0", "no")


def env_str(name: str, default: str | None = None) -> str | None:
    """The variable's value, or `default` when it is unset or empty."""
    value = os.environ.get(name, "")
    return value if value != "" else default


def env_bool(name: str, default: bool) -> bool:
    """A boolean variable: true/false/1/0/yes/no (any case), else ImproperlyConfigured."""
    value = env_str(name)
    if value is None:
        return default
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of true/false/1/0/yes/no, got {value!r}")


def env_int(name: str, default: int) -> int:
    """A non-negative integer variable, else ImproperlyConfigured."""
    value = env_str(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        number = -1
    if number < 0:
        raise ImproperlyConfigured(f"{name} must be a non-negative integer, got {value!r}")
    return number


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list variable; blanks around items are dropped."""
    value = env_str(name)
    if value is None:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


def _is_local_http(url: str) -> bool:
    """Whether ``url`` is plain HTTP to this machine or its local network."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.scheme != "http":
        return False
    if host == "localhost" or host.endswith(".local"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_private or address.is_link_local or address.is_loopback


# --- Core -------------------------------------------------------------------

DEBUG = env_bool("DJANGO_DEBUG", default=False)

_DEV_SECRET_KEY = "django-insecure-pedroparty-dev-only-never-use-in-production"
SECRET_KEY = env_str("DJANGO_SECRET_KEY", default=_DEV_SECRET_KEY if DEBUG else None)
if SECRET_KEY is None:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off "
        "(set DJANGO_DEBUG=true for local development)"
    )
if not DEBUG and SECRET_KEY == _DEV_SECRET_KEY:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY must not be the development key when DEBUG is off"
    )

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1"])
if DEBUG and "testserver" not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append("testserver")  # Django's test client

CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
for _origin in CSRF_TRUSTED_ORIGINS:
    if urlsplit(_origin).scheme not in ("http", "https"):
        raise ImproperlyConfigured(
            "DJANGO_CSRF_TRUSTED_ORIGINS items must start with http:// or https://, "
            f"got {_origin!r}"
        )

# --- Public address and hall mode -------------------------------------------

#: The site's public address (scheme, host and optional port, no path),
#: e.g. https://pedro.example.org. Every absolute link and QR code (players'
#: page, table cards, seat links) starts with it; unset, they are built from
#: the request (a loopback host replaced by the machine's LAN address, see
#: pedroparty/links.py). Its host is allowed and its origin trusted.
PEDROPARTY_BASE_URL = env_str("PEDROPARTY_BASE_URL")
if PEDROPARTY_BASE_URL is not None:
    PEDROPARTY_BASE_URL = PEDROPARTY_BASE_URL.rstrip("/")
    _base = urlsplit(PEDROPARTY_BASE_URL)
    try:
        _base_port_ok = _base.port is None or _base.port > 0
    except ValueError:
        _base_port_ok = False
    if (
        not _base_port_ok
        or _base.scheme not in ("http", "https")
        or not _base.hostname
        or _base.path
        or _base.query
        or _base.fragment
        or _base.username
    ):
        raise ImproperlyConfigured(
            "PEDROPARTY_BASE_URL must be an http:// or https:// address with no path, "
            f"such as https://pedro.example.org, got {PEDROPARTY_BASE_URL!r}"
        )
    if _base.hostname not in ALLOWED_HOSTS:
        ALLOWED_HOSTS.append(_base.hostname)
    _base_origin = f"{_base.scheme}://{_base.netloc}"
    if _base_origin not in CSRF_TRUSTED_ORIGINS:
        CSRF_TRUSTED_ORIGINS.append(_base_origin)

#: Hall mode (`make party`): the site is served in plain HTTP to the phones
#: of a local network, so the HTTPS-only settings below are off. It needs an
#: http:// PEDROPARTY_BASE_URL on a private or link-local address (or a
#: .local name), so it cannot be switched on for a site on the internet.
PEDROPARTY_HALL_MODE = env_bool("PEDROPARTY_HALL_MODE", default=False)
if PEDROPARTY_HALL_MODE and not _is_local_http(PEDROPARTY_BASE_URL or ""):
    raise ImproperlyConfigured(
        "PEDROPARTY_HALL_MODE needs PEDROPARTY_BASE_URL set to an http:// address "
        "on the local network (a private IP address or a .local name), "
        f"got {PEDROPARTY_BASE_URL!r}"
    )

#: Hall mode with HTTPS (`make party`, pedroparty/hall.py): the port the
#: host's pages are served on over HTTPS, with a certificate from the hall's
#: own authority, whose certificate (PEM) PEDROPARTY_HALL_CA names for
#: tablets to download. The players' pages stay on the plain http address.
PEDROPARTY_HALL_HTTPS_PORT = env_int("PEDROPARTY_HALL_HTTPS_PORT", default=0)
PEDROPARTY_HALL_CA = env_str("PEDROPARTY_HALL_CA")
if PEDROPARTY_HALL_HTTPS_PORT and not (
    PEDROPARTY_HALL_MODE and 0 < PEDROPARTY_HALL_HTTPS_PORT < 65536
):
    raise ImproperlyConfigured(
        "PEDROPARTY_HALL_HTTPS_PORT needs PEDROPARTY_HALL_MODE and a port from 1 to 65535, "
        f"got {PEDROPARTY_HALL_HTTPS_PORT!r}"
    )

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "tournaments",
    "scoring",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Hall mode with HTTPS only (else unused): the host's pages go to HTTPS.
    "pedroparty.hall.HallHttpsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before common: the page speaks the language chosen on
    # the switcher (the language cookie), else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Sees the view's answer first: a client missing many token links gets 429.
    "pedroparty.guessing.TokenGuessMiddleware",
    # As django-axes asks, near the end: turns a locked-out sign-in into its page.
    "axes.middleware.AxesMiddleware",
    # Last, so it is the first to see a view's exception: Redis down is a 503.
    "pedroparty.outage.RedisOutageMiddleware",
]

ROOT_URLCONF = "pedroparty.urls"
WSGI_APPLICATION = "pedroparty.wsgi.application"
ASGI_APPLICATION = "pedroparty.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "pedroparty.context_processors.view_prefs",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------

_DEFAULT_DATABASE_URL = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
_database_url = env_str("DATABASE_URL", default=_DEFAULT_DATABASE_URL)
try:
    _database = dj_database_url.parse(_database_url, conn_max_age=60, conn_health_checks=True)
except (ValueError, dj_database_url.UnknownSchemeError) as exc:
    scheme = urlsplit(_database_url).scheme
    raise ImproperlyConfigured(
        f"DATABASE_URL has an unsupported scheme {scheme!r} "
        "(use sqlite:///path or postgres://user@host:port/name)"
    ) from exc
if _database["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent writers (two tablets saving a deal) queue for SQLite's lock:
    # a transaction takes the write lock when it begins, so two readers never
    # deadlock upgrading, and waits up to 20 s for it instead of failing.
    # Write-ahead logging with synchronous=NORMAL: a commit appends to the log
    # instead of syncing the whole database file, and readers (phones) never
    # wait for a writer (a tablet).
    _database["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests use a file, not Django's shared-cache in-memory database, whose
    # table locks fail at once instead of waiting (the race tests use threads).
    _database["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"pedroparty-test-{os.getpid()}.sqlite3")
    }
DATABASES = {"default": _database}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Internationalisation ---------------------------------------------------

LANGUAGE_CODE = "en"
TIME_ZONE = env_str("DJANGO_TIME_ZONE", default="UTC")
try:
    zoneinfo.ZoneInfo(TIME_ZONE)
except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
    raise ImproperlyConfigured(
        f"DJANGO_TIME_ZONE must be an IANA time zone such as 'America/Los_Angeles', "
        f"got {TIME_ZONE!r}"
    ) from exc
USE_I18N = True
USE_TZ = True
#: The languages a page can be read in. Nothing of the data changes with the
#: language: action strings, party files and stored records stay in English.
LANGUAGES = [
    ("en", _("English")),
    ("es", _("Spanish")),
    ("fr", _("French")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
#: The games' rules pages, in Markdown: English here, each translation in a
#: folder named by its language code (docs/rules/es/).
RULES_PAGES_DIR = BASE_DIR / "docs" / "rules"

# --- Redis: Celery broker and cache -----------------------------------------

REDIS_URL = env_str("REDIS_URL")
if REDIS_URL is not None and urlsplit(REDIS_URL).scheme not in ("redis", "rediss", "unix"):
    raise ImproperlyConfigured(
        f"REDIS_URL must start with redis://, rediss:// or unix://, got {REDIS_URL!r}"
    )


def redis_caches(url: str) -> dict:
    """CACHES on the Redis at ``url``.  The cache fails open: while Redis is
    down a read misses and the page is built from the database (see
    pedroparty/outage.py).  A Redis that does not answer costs a request a
    second or two, then is left alone for two."""
    return {
        "default": {
            "BACKEND": "pedroparty.outage.ResilientRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "pedroparty",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
    }


CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Only the health ping's caller waits for a result (it sets ignore_result=False).
CELERY_TASK_IGNORE_RESULT = True
# A worker reserves no more tasks than it has processes: a task waits in Redis
# for a free worker instead of behind a long render in a busy worker's buffer.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
#: Seconds a task taken by a worker may stay unacknowledged before Redis hands
#: it to another worker. Tasks that must survive their worker (PDF renders)
#: acknowledge late, so one whose worker was killed comes back after this long:
#: a live worker looks every 30 s (10 s interval, every 3rd look scans). It
#: must exceed every countdown (a bot's move: under a second), and a task
#: still running when it comes back must be safe to run twice (renders claim
#: their row first). Kombu's default is an hour.
BROKER_VISIBILITY_TIMEOUT = env_int("BROKER_VISIBILITY_TIMEOUT", default=300)
if BROKER_VISIBILITY_TIMEOUT < 1:
    raise ImproperlyConfigured("BROKER_VISIBILITY_TIMEOUT must be at least 1 (seconds), got 0")
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": BROKER_VISIBILITY_TIMEOUT,
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 3,
}
#: A prefix for every key the broker writes in Redis: processes with another
#: prefix (another site sharing the Redis database) never take its tasks.
BROKER_KEY_PREFIX = env_str("BROKER_KEY_PREFIX")
if BROKER_KEY_PREFIX:
    CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = BROKER_KEY_PREFIX
if REDIS_URL is None:
    # No broker: tasks run in-process at .delay() and their errors propagate.
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
else:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
    CACHES = redis_caches(REDIS_URL)

# --- Printables ---------------------------------------------------------------

#: Seconds a PDF may wait queued, or render without a sign of progress, before
#: it is taken as lost (its worker died): another worker may then take it and
#: the host's documents page queues it again. The largest party's certificates
#: render in a few seconds, and progress is written as the pages are built.
DOCUMENT_STUCK_SECONDS = env_int("DOCUMENT_STUCK_SECONDS", default=60)
if DOCUMENT_STUCK_SECONDS < 1:
    raise ImproperlyConfigured("DOCUMENT_STUCK_SECONDS must be at least 1 (seconds), got 0")

# Queues, polled in this order by a worker that consumes them all: a task on
# a later queue is taken only while the earlier ones are empty. "celery" has
# people's tables and the printables; "bots" has tables of bots only, so a
# flood of them never makes a person or a host wait.
PLAY_BOTS_QUEUE = "bots"
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = (Queue("celery"), Queue(PLAY_BOTS_QUEUE))
CELERY_BROKER_TRANSPORT_OPTIONS["queue_order_strategy"] = "priority"

# --- Online play --------------------------------------------------------------

#: How long a bot "thinks" before each move at an online table (milliseconds).
#: Only a real worker waits; eager tasks (no REDIS_URL) act at once.
PLAY_BOT_DELAY_MS = env_int("PLAY_BOT_DELAY_MS", default=600)
#: How long past that a due bot may wait before a player's poll queues its
#: turn again (its task was lost, or Redis was down when it was due).
PLAY_BOT_REQUEUE_MS = env_int("PLAY_BOT_REQUEUE_MS", default=5000)
#: The expert bot's search a move: sampled deals in play, and in the auction
#: and for trump, cut short after this much CPU time (milliseconds).
PLAY_EXPERT_SAMPLES = env_int("PLAY_EXPERT_SAMPLES", default=48)
PLAY_EXPERT_BID_SAMPLES = env_int("PLAY_EXPERT_BID_SAMPLES", default=24)
PLAY_EXPERT_TIME_MS = env_int("PLAY_EXPERT_TIME_MS", default=200)

#: A table of bots only stops playing when none of its pages (manage, seat,
#: replay) has been open for this long (seconds), and goes on when one is
#: opened again. Tables with a person seated never stop this way.
PLAY_UNWATCHED_SECONDS = env_int("PLAY_UNWATCHED_SECONDS", default=60)

#: How many tables anyone may create at /play/, per client address and in
#: all, per minute and per hour (0: no limit). Party tables are not counted.
PLAY_TABLES_PER_CLIENT_MINUTE = env_int("PLAY_TABLES_PER_CLIENT_MINUTE", default=5)
PLAY_TABLES_PER_CLIENT_HOUR = env_int("PLAY_TABLES_PER_CLIENT_HOUR", default=30)
PLAY_TABLES_PER_MINUTE = env_int("PLAY_TABLES_PER_MINUTE", default=60)
PLAY_TABLES_PER_HOUR = env_int("PLAY_TABLES_PER_HOUR", default=600)

# --- Auth -------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Sessions are read from the cache (Redis when configured) and written
# through to the database, so any web process finds them; while Redis is
# down the cache misses and they are read from the database.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# Repeated wrong passwords (django-axes, counted in the database so every web
# process sees them): LOGIN_FAILURE_LIMIT failures for one account, or from
# one client address, lock that account or address out of both sign-in
# pages for LOGIN_COOLOFF_MINUTES after the last failure. A good password
# clears the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", default=5)
if AXES_FAILURE_LIMIT < 1:
    raise ImproperlyConfigured("LOGIN_FAILURE_LIMIT must be at least 1")
_cooloff_minutes = env_int("LOGIN_COOLOFF_MINUTES", default=15)
if _cooloff_minutes < 1:
    raise ImproperlyConfigured("LOGIN_COOLOFF_MINUTES must be at least 1")
AXES_COOLOFF_TIME = datetime.timedelta(minutes=_cooloff_minutes)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "pedroparty.clients.client_ip"
AXES_USERNAME_CALLABLE = "pedroparty.clients.client_username"
AXES_LOCKOUT_CALLABLE = "pedroparty.views.login_locked_out"
AXES_VERBOSE = False

# Guessing private links (pedroparty/guessing.py): a client whose 404s on
# token routes (players' page, board, season, member, invitation, table and
# online seat links, API parties and seasons) name more than
# TOKEN_MISSES_PER_CLIENT different tokens within TOKEN_MISS_WINDOW_SECONDS
# gets 429 for its misses until the window ends (0: no limit).
TOKEN_MISSES_PER_CLIENT = env_int("TOKEN_MISSES_PER_CLIENT", default=30)
TOKEN_MISS_WINDOW_SECONDS = env_int("TOKEN_MISS_WINDOW_SECONDS", default=600)
if TOKEN_MISS_WINDOW_SECONDS < 1:
    raise ImproperlyConfigured("TOKEN_MISS_WINDOW_SECONDS must be at least 1 (seconds)")

# Host accounts: the site's owners (superusers) hand out one-time sign-up
# links on /owner/accounts/. HOST_SIGNUP_OPEN=true also opens
# /accounts/signup/ to anyone (an ordinary host account, never staff).
HOST_SIGNUP_OPEN = env_bool("HOST_SIGNUP_OPEN", default=False)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "host:party_list"
LOGOUT_REDIRECT_URL = "home"

# --- Static files -----------------------------------------------------------

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # The manifest storage needs `collectstatic`; with DEBUG on (make run,
        # tests) files are served straight from STATICFILES_DIRS instead.
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}
# Decided here, from the environment, rather than by WhiteNoise from
# settings.DEBUG at first request (test runners switch DEBUG off by then).
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG

# --- Security ---------------------------------------------------------------

X_FRAME_OPTIONS = "DENY"
# Scripts and styles come from our own static files only: no inline <script>,
# no on*= handlers, no style= attributes, no eval (htmx's allowEval is off in
# every page's htmx-config). QR codes may be data: images. The PDF templates
# keep their <style>: WeasyPrint reads them, no browser does.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG and not PEDROPARTY_HALL_MODE:
    # Behind a TLS-terminating proxy that sets X-Forwarded-Proto. Set
    # DJANGO_SECURE_SSL_REDIRECT=false when the proxy already redirects.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # probes speak plain HTTP to the container
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    # HSTS preload-listing is a hard-to-undo choice for the domain's owner, not for us.
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
elif PEDROPARTY_HALL_MODE:
    # Plain HTTP on the hall's network: no redirect of the players' pages to
    # HTTPS (only the host's go there, pedroparty/hall.py), cookies the phones
    # send back over HTTP, and no HSTS, which would lock the LAN address out
    # of plain HTTP for a year. Said explicitly
    # (Django's defaults) so this mode is visible here.
    SECURE_SSL_REDIRECT = False
    SECURE_HSTS_SECONDS = 0
    SESSION_COOKIE_SECURE = False
    CSRF_COOKIE_SECURE = False

# --- Logging ----------------------------------------------------------------

_log_level = env_str("DJANGO_LOG_LEVEL", default="INFO")
LOG_LEVEL = _log_level.upper()
if LOG_LEVEL not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
    raise ImproperlyConfigured(
        f"DJANGO_LOG_LEVEL must be one of DEBUG/INFO/WARNING/ERROR/CRITICAL, got {_log_level!r}"
    )
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    # WeasyPrint logs a line per page laid out at INFO: 100 for a batch of certificates.
    "loggers": {"weasyprint.progress": {"level": "WARNING"}},
}

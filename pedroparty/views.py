import math
from pathlib import Path
from urllib.parse import urlencode

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe
from django.views.i18n import set_language

from tournaments.management.commands.demo import PASSWORD as DEMO_PASSWORD
from tournaments.management.commands.demo import USERNAME as DEMO_USERNAME

from .health import health_report


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The front door: what the site does, sign-in or the host's parties,
    online play, and with DEBUG on the demo host's published sign-in."""
    demo = None
    if settings.DEBUG and not request.user.is_authenticated:
        login = reverse("login")
        demo = {
            "username": DEMO_USERNAME,
            "password": DEMO_PASSWORD,
            "url": f"{login}?{urlencode({'next': reverse('host:party_list')})}",
        }
    return render(request, "home.html", {"demo": demo})


@require_safe
@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico on pages that do not name an icon."""
    return redirect(static("img/favicon.ico"))


@require_safe
def ping(request: HttpRequest) -> HttpResponse:
    """A trivial answer (no database, cache or template): the baseline of load tests."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """Dependency status for load balancers and `docker compose` health checks.

    200 when the database answers and Redis answers or is not configured;
    503 when the database is unreachable, and also when REDIS_URL is set but
    Redis is unreachable (tasks and the cache would fail). The body is always
    {"database": ..., "redis": ...}.
    """
    report, healthy = health_report()
    return JsonResponse(report, status=200 if healthy else 503)


def too_many(request: HttpRequest, template: str, retry_after: int) -> HttpResponse:
    """A 429 page that says when to try again (``retry_after`` seconds), also
    in a ``Retry-After`` header."""
    retry_after = max(1, retry_after)
    context = {"retry_seconds": retry_after, "retry_minutes": math.ceil(retry_after / 60)}
    response = render(request, template, context, status=429)
    response["Retry-After"] = str(retry_after)
    return response


def login_locked_out(request: HttpRequest, original_response=None, credentials=None):
    """django-axes' answer to a sign-in while the account or the client is
    locked out: the cool-off starts again at each attempt, so it is the wait."""
    cool_off = get_cool_off(request)
    return too_many(request, "registration/locked_out.html", int(cool_off.total_seconds()))


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The host pages' service worker (static/js/sw.js), served from the
    site's root: a worker's scope may only cover paths under its own URL,
    and this one keeps /host/ pages for offline use."""
    path = finders.find("js/sw.js") or staticfiles_storage.path("js/sw.js")
    response = HttpResponse(Path(path).read_bytes(), content_type="text/javascript")
    # Browsers check for a new worker on each visit; never serve a stale one.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = reverse("host:party_list")
    return response


@require_safe
@cache_control(max_age=3600)
def web_manifest(request: HttpRequest) -> JsonResponse:
    """What a tablet needs to install the host pages as an app."""
    manifest = {
        "name": gettext("Pedro Party host"),
        "short_name": gettext("Pedro Party"),
        "description": gettext("Run a progressive Pedro card party from a tablet."),
        "start_url": reverse("host:party_list"),
        "scope": reverse("host:party_list"),
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f6f4a",
        "icons": [
            {"src": static(f"img/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
            for size in (192, 512)
        ],
    }
    return JsonResponse(
        manifest, content_type="application/manifest+json", json_dumps_params={"indent": 1}
    )


@csrf_exempt
@require_POST
def set_language_public(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` for the players' pages, which set no cookie
    of their own and so carry no CSRF token: a forged post can only change
    the language this browser reads in, and ``next`` is checked as always."""
    return set_language(request)

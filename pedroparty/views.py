from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_safe

from .selectors import health_report


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


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

from django.contrib import admin
from django.urls import include, path

from . import rules_pages, views

rules_patterns = (
    [
        path("", rules_pages.index, name="index"),
        path("<slug:game>/", rules_pages.page, name="page"),
    ],
    "rules",
)

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("ping", views.ping, name="ping"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.web_manifest, name="web_manifest"),
    # Before the larger apps: phones poll the players' page more than anything.
    path("p/", include("tournaments.public_urls")),
    path("s/", include("tournaments.season_public_urls")),
    path("t/", include("tournaments.tableside_urls")),
    path("m/", include("tournaments.member_public_urls")),
    # The language switcher posts to i18n/setlang/, which keeps the choice in a cookie.
    path("i18n/", include("django.conf.urls.i18n")),
    path("i18n/phone/", views.set_language_public, name="set_language_public"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/v1/", include("tournaments.api_urls")),
    path("host/clubs/", include("tournaments.club_urls")),
    path("invite/", include("tournaments.invite_urls")),
    path("host/", include("tournaments.urls")),
    path("play/", include("scoring.urls")),
    path("rules/", include(rules_patterns)),
]

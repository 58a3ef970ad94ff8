from django.contrib import admin
from django.urls import include, path

from tournaments.accounts.urls import owner_patterns, public_patterns
from tournaments.clubs.urls import (
    invite_patterns,
    member_public_patterns,
    season_public_patterns,
)
from tournaments.urls import public_patterns as party_public_patterns

from . import hall, rules_pages, views

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
    # Plain http on purpose: a tablet fetches the hall's authority before it trusts it.
    path("hall/ca/", hall.hall_ca_page, name="hall_ca"),
    path("hall/ca.crt", hall.hall_ca_download, name="hall_ca_download"),
    # Before the larger apps: phones poll the players' page more than anything.
    path("p/", include(party_public_patterns)),
    path("s/", include(season_public_patterns)),
    path("t/", include("tournaments.tableside.urls")),
    path("pad/", include("tournaments.scorepad.urls")),
    path("m/", include(member_public_patterns)),
    # The language switcher posts to i18n/setlang/, which keeps the choice in a cookie.
    path("i18n/", include("django.conf.urls.i18n")),
    path("i18n/phone/", views.set_language_public, name="set_language_public"),
    path("admin/", admin.site.urls),
    # Before Django's own pages: sign-up and the new-password page of a link.
    path("accounts/", include(public_patterns)),
    path("accounts/", include("django.contrib.auth.urls")),
    path("owner/", include(owner_patterns)),
    path("api/v1/", include("tournaments.api.urls")),
    path("host/clubs/", include("tournaments.clubs.urls")),
    path("invite/", include(invite_patterns)),
    path("host/", include("tournaments.urls")),
    path("play/", include("scoring.urls")),
    path("rules/", include(rules_patterns)),
]

"""Hostile input on every route of the site: never a 5xx, and a refusal changes nothing.

The routes are read from the URL conf (a route added later is fuzzed too),
except the Django admin and the sign-in pages, which are Django's own.  The
fields of each route are read from the forms of the site's pages (what a
browser would post there) and from the names its view reads from the
request.  Every field gets hostile values: a NUL byte (PostgreSQL refuses
it in text), a superscript digit (``str.isdigit`` says yes, ``int`` says no),
5,000 digits (more than ``int`` reads), 2**63 (one more than a 64-bit column
holds), negatives, huge strings, lone bytes that are not UTF-8, a field
given twice, and missing fields; Hypothesis mixes them.  Host routes are
posted as the party's host, the others anonymously.

The sign-in pages (the host's and the admin's) and the sign-up form of an
invitation's link get the same values, and so do the names of the fields
of a party file and a club file: every key of the site's own files, at every
depth, renamed to a hostile key (thousands of letters, a NUL byte, 5,000
digits, non-ASCII, control characters), and a hostile key added to every
object.

Each request runs in a transaction rolled back afterwards, so every request
meets the same party.  It must answer below 500; an answer of 400 or more
(and any GET) must leave every row as it was; and no NUL byte may be stored.
"""

from __future__ import annotations

import datetime
import inspect
import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.exceptions import Resolver404
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import forms as scoring_forms
from scoring import services as play_services
from scoring.models import OnlineTable
from scoring.services import SeatSpec
from tests.rows import WriteWatch
from tournaments import forms as tournaments_forms
from tournaments import printing, services
from tournaments.accounts import services as account_services
from tournaments.clubs.clubfile import club_dump
from tournaments.clubs.services import clubs as club_services
from tournaments.clubs.services import seasons as season_services
from tournaments.models import Club, ClubRole, Document, Member, Party, Role, TableRound, Upload
from tournaments.partyfile import party_dump
from tournaments.printing import rendering
from tournaments.selectors import public as public_selectors
from tournaments.tableside import services as tableside_services

pytestmark = pytest.mark.django_db

#: Where a view that imports its form inside the function finds it.
FORM_MODULES = (tournaments_forms, scoring_forms)

#: Django's own pages: the admin and the sign-in views.
SKIPPED = ("admin", "accounts")

NUL = "\x00"
HOSTILE = [
    NUL,
    f"1{NUL}",
    "²",
    "٣",
    "9" * 5000,
    str(2**63),
    str(-(2**63) - 1),
    "-1",
    "0",
    "1e3",
    " 1 ",
    "x" * 10_000,
    "<script>",
    "",
]
#: Values the deterministic sweep puts in every field, one field at a time.
SWEEP = [NUL, "²", "9" * 5000, str(2**63), "x" * 300]
#: Bytes that are not UTF-8, sent in a raw form body.
NOT_UTF8 = b"%FF%FE%00%C0%AF"
#: What the sign-in and sign-up forms get besides the sweep: one letter past
#: the attempts table's username column, accents, control characters.
ACCOUNT_VALUES = [*SWEEP, "x" * 256, "é" * 300, "\x01\x1f\x7f", "\u202eadmin"]
#: Names given to the fields of a party file or a club file.
HOSTILE_KEYS = ["k" * 10_000, "a\x00b", "9" * 5000, "²", "Zoë 名前", "\x01\x1f\x7f"]


@dataclass(frozen=True)
class Route:
    name: str  # "host:table"
    pattern: str  # "host/<slug:slug>/round/<int:number>/..."
    view: object

    @property
    def signed_in(self) -> bool:
        return self.name.startswith(("host:", "club:", "invite:")) or self.name == "play:party_new"


def _walk(patterns, prefix: str = "", namespace: str = "") -> Iterator[Route]:
    for entry in patterns:
        if isinstance(entry, URLResolver):
            route = prefix + str(entry.pattern)
            if route.startswith(SKIPPED):
                continue
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _walk(entry.url_patterns, route, inner)
        elif isinstance(entry, URLPattern):
            yield Route(f"{namespace}{entry.name}", prefix + str(entry.pattern), entry.callback)


ROUTES = {route.name: route for route in _walk(get_resolver().url_patterns)}

#: Names a view reads straight from the request: request.POST.get("x"), "x" in request.POST.
_READS = re.compile(
    r"""request\.(?:{method})(?:\.get|\.getlist)?\(\s*["'](\w+)["']"""
    r"""|request\.(?:{method})\[\s*["'](\w+)["']\s*\]"""
    r"""|["'](\w+)["']\s+in\s+request\.(?:{method})"""
)


def _source_fields(view, method: str = "POST|GET") -> set[str]:
    module = inspect.getmodule(inspect.unwrap(view))
    source = inspect.getsource(inspect.unwrap(view))
    # Helpers of the same module that take the request read fields too.
    helpers = set(re.findall(r"\b(_\w+)\(\s*request\b", source))
    for name in helpers:
        helper = getattr(module, name, None)
        if helper is not None:
            source += inspect.getsource(helper)
    reads = re.compile(_READS.pattern.format(method=method))
    names = {next(g for g in match if g) for match in reads.findall(source)}
    # Names kept in a module constant (``for name in _OPTION_FIELDS``).
    for constant in re.findall(r"\b(_[A-Z_]*FIELDS)\b", source):
        names |= {n for n in getattr(module, constant, ()) if isinstance(n, str)}
    # And the fields of the forms the view binds to the request.
    for form_name in re.findall(rf"\b(\w+Form)\(\s*request\.(?:{method})\b", source):
        home = next(m for m in (module, *FORM_MODULES) if hasattr(m, form_name))
        names |= set(getattr(home, form_name).base_fields)
    return names


class _Forms(HTMLParser):
    """Each form of a page: where it posts and the values a browser would send."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._select: str | None = None

    def handle_starttag(self, tag, attrs) -> None:
        a = dict(attrs)
        if tag == "form":
            self.forms.append((a.get("action") or "", {}))
            return
        if not self.forms:
            return
        fields = self.forms[-1][1]
        name = a.get("name")
        if tag in ("input", "button", "textarea") and name:
            checkable = a.get("type") in ("checkbox", "radio")
            if name not in fields or "checked" in a or not checkable:
                fields[name] = a.get("value") or ("on" if checkable else fields.get(name, ""))
        elif tag == "select" and name:
            self._select = name
            fields.setdefault(name, "")
        elif tag == "option" and self._select and (not fields[self._select] or "selected" in a):
            fields[self._select] = a.get("value") or ""

    def handle_endtag(self, tag) -> None:
        if tag == "select":
            self._select = None


@dataclass
class World:
    party: Party
    host: object
    host_client: Client
    kwargs: dict
    table: OnlineTable
    #: A party with players and no round yet: the one place the seating page answers.
    unseated: Party
    #: Table 2's table-side link, where deal 1 waits for confirmation.
    tableside_token: str
    #: A member of the host's club, who played the party.
    member: Member
    #: The public link of the club's season the party counts in.
    season_token: str
    #: An unused invitation to the host's club.
    invitation_token: str
    #: An owner's unused sign-up link and password link (for the host).
    account_tokens: dict

    def token(self, route: Route) -> str:
        if route.name.startswith("public:"):
            return self.party.public_token
        if route.name.startswith("tableside:"):
            return self.tableside_token
        if route.name.startswith("member_public:"):
            return self.member.public_token
        if route.name.startswith("season_public:"):
            return self.season_token
        if route.name.startswith("invite:"):
            return self.invitation_token
        if route.name in self.account_tokens:
            return self.account_tokens[route.name]
        if route.pattern.startswith("play/t/"):
            return self.table.creator_token
        return self.table.seats.order_by("seat").first().token

    def url(self, route: Route) -> str:
        def fill(match: re.Match) -> str:
            name = match.group(2)
            if name == "token":
                return self.token(route)
            if name == "slug" and route.name == "host:seat":
                return self.unseated.slug
            return str(self.kwargs[name])

        path = re.sub(r"<(?:(\w+):)?(\w+)>", fill, route.pattern)
        return "/" + path.replace("\\Z", "")

    def client(self, route: Route) -> Client:
        return self.host_client if route.signed_in else Client(raise_request_exception=False)


def world_build() -> World:
    """A party seated in round 1 with a result entered, a queued printout,
    and an online table of its own; plus the forms its pages show."""
    django_user_model = get_user_model()
    host = django_user_model.objects.create_user(username="fuzzhost", password="pw-cards-97")
    party = services.party_create(
        owner=host,
        name="Fuzz party",
        date=datetime.date(2026, 4, 18),
        settings=services.PartySettings(
            prizes=["Wine", "Chocolates"],
            special_prizes={"low_score": "Booby prize"},
            tableside_entry=True,
        ),
    )
    for name in ["Ana", "Bea", "Cruz", "Dee", "Eli", "Flo", "Gus", "Hal", "Ivy"]:
        services.player_register(party=party, name=name, user=host)
    rnd = services.round1_seat_draw(party=party, seed=7, user=host)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=0, bid=8, bidding_team_points=10),
        user=host,
    )
    table2 = TableRound.objects.get(round=rnd, table=2)
    tableside_services.table_entry_submit(
        table_round=table2, deal=1, seat=0, bidder=0, bid=8, bidding_team_points=10
    )
    document = Document.objects.create(
        party=party, kind=Document.Kind.SCORE_SHEETS, options={}, options_key="x", party_version=1
    )
    table = play_services.table_create(
        seats=[SeatSpec(n, "human") for n in ("Ana", "Bea", "Cruz", "Dee")],
        ruleset="monterey-draw",
        deals=2,
        target=None,
        idle_seconds=120,
    )
    club = Club.objects.create(name="Fuzz club", slug="fuzz-club", created_by=host)
    ClubRole.objects.create(club=club, user=host, role="organiser")
    member = Member.objects.create(club=club, name="Ana")
    Party.objects.filter(pk=party.pk).update(club=club)
    party.players.filter(name="Ana").update(member=member)
    invitation = club_services.invitation_create(club=club, role=Role.DOOR, user=host)
    door = django_user_model.objects.create_user(username="fuzzdoor", password="pw-cards-96")
    door_role = ClubRole.objects.create(club=club, user=door, role=Role.DOOR)
    party.refresh_from_db()
    client = Client(raise_request_exception=False)
    client.force_login(host)
    kwargs = {
        "slug": party.slug,
        "number": 1,
        "table": 1,
        "deal": 1,
        "player_id": party.players.first().pk,
        "document_id": document.pk,
        "seat": 1,
        "game": "monterey-draw",
        "club": club.slug,
        "member": member.pk,
        "invitation_id": invitation.pk,
        "role_id": door_role.pk,
    }
    unseated = services.party_create(
        owner=host, name="Not seated yet", date=datetime.date(2026, 4, 19)
    )
    for name in ["Jo", "Kit", "Lou", "Max"]:
        services.player_register(party=unseated, name=name, user=host)
    # The party counts in one of the club's seasons.
    season = season_services.season_create(club=club, name="Fuzz season", best_of=None, user=host)
    season_services.season_party_add(season=season, party=party, user=host)
    party.refresh_from_db()
    # A club file the host uploaded, loaded already (its page is a route too).
    upload = Upload.objects.create(
        kind=Upload.Kind.CLUB, user=host, status=Upload.Status.DONE, club=club
    )
    kwargs.update({"season": season.pk, "party": party.slug, "upload_id": upload.pk})
    owner = django_user_model.objects.create_superuser(username="fuzzowner", password="pw-97-o")
    signup, signup_token = account_services.signup_link_create(user=owner)
    _reset, reset_token = account_services.password_reset_link_create(
        user=owner, username="fuzzhost"
    )
    kwargs["link_id"] = signup.pk
    accounts = {"account:signup_link": signup_token, "account:password": reset_token}
    return World(
        party,
        host,
        client,
        kwargs,
        table,
        unseated,
        table2.entry_token,
        member,
        season.public_token,
        invitation.token,
        accounts,
    )


def _forms_of_the_site(world: World) -> dict[str, dict[str, str]]:
    """For every route: the fields (and a browser's values) of the forms posting to it."""
    found: dict[str, dict[str, str]] = {}
    for route in ROUTES.values():
        url = world.url(route)
        response = world.client(route).get(url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        parser = _Forms()
        parser.feed(response.content.decode())
        for action, fields in parser.forms:
            target = urlsplit(action).path or url
            try:
                match = resolve(target)
            except Resolver404:
                continue
            for name, value in fields.items():
                found.setdefault(match.view_name, {}).setdefault(name, value)
    return found


@pytest.fixture(scope="module")
def fuzz(shared_rows) -> Iterator[Fuzzer]:
    """The world and the forms of its pages, made once for the module's
    tests: each request is rolled back, so every test meets them as made."""
    local_cache = override_settings(
        CACHES={
            "default": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": "fz",
            }
        },
    )
    with local_cache, pytest.MonkeyPatch.context() as patch:
        # A look at the documents page queues again a render with no sign of
        # life for STUCK_AFTER, which changes its row on purpose; this run can
        # outlast that limit on a busy machine, so the world's documents never
        # count as lost.
        for module in (printing.documents, rendering):
            patch.setattr(module, "STUCK_AFTER", datetime.timedelta(days=1))
        with shared_rows.unblock():
            fuzzer = Fuzzer(world_build())
        yield fuzzer


#: Columns left out of the comparison: the documents' bytes (``content``, too
#: big to compare), and what a look writes on purpose: a seat's page records
#: that its person is there (``seen_at``), so that a silent seat goes to its bot.
PRESENCE = {"content", "seen_at"}


def snapshot() -> dict[str, list[dict]]:
    rows = {
        f"{model._meta.app_label}.{model.__name__}": list(
            model.objects.order_by("pk").values(
                *[f.attname for f in model._meta.concrete_fields if f.attname not in PRESENCE]
            )
        )
        for app in ("tournaments", "scoring")
        for model in apps.get_app_config(app).get_models()
    }
    rows["users"] = list(get_user_model().objects.order_by("pk").values("pk", "username"))
    return rows


def _has_nul(value) -> bool:
    if isinstance(value, str):
        return NUL in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_has_nul(v) for v in value)
    return False


class Fuzzer:
    def __init__(self, world: World) -> None:
        self.world = world
        self.forms = _forms_of_the_site(world)
        self.before = snapshot()
        self._takes_posts: dict[str, bool] = {}

    def fields(self, route: Route) -> list[str]:
        names = set(self.forms.get(route.name, {})) | _source_fields(route.view)
        names.discard("csrfmiddlewaretoken")
        return sorted(names)

    def query_fields(self, route: Route) -> list[str]:
        """The names the view reads from the query string."""
        return sorted(_source_fields(route.view, "GET"))

    def takes_posts(self, route: Route) -> bool:
        """Whether the route answers a post (asked once a route)."""
        if route.name not in self._takes_posts:
            with transaction.atomic():
                answer = self.world.client(route).post(self.world.url(route), {}).status_code
                transaction.set_rollback(True)
            self._takes_posts[route.name] = answer != 405
        return self._takes_posts[route.name]

    def base(self, route: Route) -> dict[str, str]:
        """What a browser would post there: the page's own values."""
        fields = self.forms.get(route.name, {})
        return {k: v for k, v in fields.items() if k != "csrfmiddlewaretoken"}

    def send(
        self,
        route: Route | None,
        method: str,
        data,
        *,
        raw: bytes | None = None,
        url: str | None = None,
        client: Client | None = None,
    ) -> None:
        """One request, rolled back after the checks, so the next meets the
        same party: to ``route`` as its client, or to ``url`` as ``client``."""
        url = url or self.world.url(route)
        client = client or self.world.client(route)
        cache.clear()
        public_selectors.forget_local()
        with transaction.atomic(), WriteWatch() as sent:
            if raw is not None:
                response = client.post(url, raw, content_type="application/x-www-form-urlencoded")
            elif method == "GET":
                response = client.get(url, data)
            else:
                response = client.post(url, data)
            shown = {k: str(v)[:40] for k, v in dict(data).items()}
            what = f"{method} {url} {shown} answered {response.status_code}"
            assert response.status_code < 500, what
            if sent.wrote:  # else nothing changed, and no snapshot is needed
                after = snapshot()
                if method == "GET" or response.status_code >= 400:
                    assert after == self.before, f"{what} and changed rows"
                assert not _has_nul(after), f"{what} stored a NUL byte"
            transaction.set_rollback(True)


def test_the_routes_are_read_from_the_url_conf():
    assert {
        "host:table",
        "host:deal_amend",
        "host:prizes",
        "play:seat",
        "public:party",
        "tableside:confirm",
    } <= set(ROUTES)
    assert not any(name.startswith(("admin:", "login", "logout")) for name in ROUTES)


#: The sweep below is cut into this many tests, so that the suite's workers
#: share it out and none runs for minutes.  The unit dealt round the shards
#: is one field of one route (a route's form may have dozens), plus each
#: route's requests with every field missing and with bytes not UTF-8.
SWEEP_SHARDS = 8


def test_the_sweep_finds_the_forms_and_the_views_reads(fuzz):
    fields = 0
    for route in ROUTES.values():
        fields += len(fuzz.query_fields(route))
        if fuzz.takes_posts(route):
            fields += len(fuzz.fields(route))
    assert fields > 80


@pytest.mark.parametrize("shard", range(SWEEP_SHARDS))
def test_every_field_of_every_route_survives_hostile_values(fuzz, shard):
    """Each field alone, given each hostile value, on top of what a browser posts."""
    unit = itertools.count()
    for route in ROUTES.values():
        base = fuzz.base(route)
        for method, names in (("GET", fuzz.query_fields(route)), ("POST", fuzz.fields(route))):
            whole = next(unit) % SWEEP_SHARDS == shard  # every field missing, or not UTF-8
            mine = [name for name in names if next(unit) % SWEEP_SHARDS == shard]
            if not (whole or mine) or (method == "POST" and not fuzz.takes_posts(route)):
                continue
            if whole:
                fuzz.send(route, method, {})
            for field in mine:
                for value in SWEEP:
                    fuzz.send(route, method, {**base, field: value})
                fuzz.send(route, method, {**base, field: ["1", NUL]})  # given twice
            if whole and method == "POST":
                raw = b"&".join(f.encode() + b"=" + NOT_UTF8 for f in names)
                fuzz.send(route, "POST", {}, raw=raw)


def test_hypothesis_mixes_hostile_values_on_every_route(fuzz):
    names = sorted(ROUTES)
    value = st.one_of(
        st.sampled_from(HOSTILE),
        st.text(max_size=12),
        st.lists(st.sampled_from(HOSTILE[:8]), min_size=2, max_size=3),
    )

    @st.composite
    def requests(draw):
        route = ROUTES[draw(st.sampled_from(names))]
        fields = fuzz.fields(route) or ["x"]
        data = draw(st.dictionaries(st.sampled_from(fields), value, min_size=1, max_size=4))
        return route, draw(st.sampled_from(["GET", "POST"])), {**fuzz.base(route), **data}

    @settings(
        max_examples=120,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(request=requests())
    def run(request):
        fuzz.send(*request)

    run()


def test_every_text_part_of_every_route_survives_hostile_values(fuzz):
    """A token or slug in the address itself: NUL, a superscript digit, 5,000 letters."""
    world = fuzz.world
    for route in ROUTES.values():
        for part in re.findall(r"<(?:\w+:)?(token|slug)>", route.pattern):
            for hostile in ("%00", "abc%00defghijk", "%C2%B2" * 9, "x" * 5000, "%FF%FE"):
                url = re.sub(rf"<(?:\w+:)?{part}>", hostile, route.pattern)
                url = "/" + re.sub(
                    r"<(?:(\w+):)?(\w+)>", lambda m: str(world.kwargs.get(m.group(2), 1)), url
                )
                client = world.client(route)
                with WriteWatch() as sent:
                    answers = (client.get(url), client.post(url, {}))
                for response in answers:
                    assert response.status_code in (302, 400, 403, 404, 405), (route.name, url)
                if sent.wrote:  # else nothing changed, and no snapshot is needed
                    assert snapshot() == fuzz.before, route.name


#: The forms of an account: the sign-in pages and an invitation's sign-up.
ACCOUNT_PAGES = ("login", "admin:login", "invite:accept")


def test_the_sign_in_and_sign_up_forms_survive_hostile_values(fuzz):
    """Signed out, every field of the forms these pages show, alone, with each value."""
    world = fuzz.world
    swept = 0
    for name in ACCOUNT_PAGES:
        url = reverse(name, args=[world.invitation_token] if name.startswith("invite:") else [])
        visitor = Client(raise_request_exception=False)
        parser = _Forms()
        parser.feed(visitor.get(url).content.decode())
        fields = next(fields for action, fields in parser.forms if "username" in fields)
        base = {k: v for k, v in fields.items() if k != "csrfmiddlewaretoken"}
        assert {"username"} < set(base), name
        # A password, so that the hostile username is tried (and its failure counted).
        base.update({k: "pw-cards-95" for k in base if k.startswith("password")})
        fuzz.send(None, "POST", {}, url=url, client=visitor)
        for field in base:
            for value in ACCOUNT_VALUES:
                fuzz.send(None, "POST", {**base, field: value}, url=url, client=visitor)
            fuzz.send(None, "POST", {**base, field: ["1", NUL]}, url=url, client=visitor)
            swept += 1
        raw = b"&".join(f.encode() + b"=" + NOT_UTF8 for f in base)
        fuzz.send(None, "POST", {}, raw=raw, url=url, client=visitor)
    assert swept >= 8  # username, password (twice), password1, password2


def _key_variants(document, *, leaves: tuple[str, ...] = ()) -> Iterator[tuple[str, object]]:
    """The document with one hostile key: each hostile key added to each
    object, and each key (once per place a list's items share) renamed to
    the next hostile key in turn.  Below the places named in ``leaves`` only
    the keys added to the object itself."""
    seen: set[str] = set()
    names = itertools.cycle(HOSTILE_KEYS)

    def walk(value, path: str, replace) -> Iterator[tuple[str, object]]:
        if isinstance(value, dict):
            place = re.sub(r"\[\d+\]", "[]", path)
            if f"object {place}" not in seen:
                seen.add(f"object {place}")
                for hostile in HOSTILE_KEYS:
                    yield f"{path}+{hostile[:12]!r}", replace({**value, hostile: 1})
            if place in leaves:
                return
            for key, item in value.items():
                if f"key {place}.{key}" not in seen:
                    seen.add(f"key {place}.{key}")
                    hostile = next(names)
                    renamed = {hostile if k == key else k: v for k, v in value.items()}
                    yield f"{path}.{key}->{hostile[:12]!r}", replace(renamed)

                def inner(new, key=key, value=value):
                    return replace({**value, key: new})

                yield from walk(item, f"{path}.{key}", inner)
        elif isinstance(value, list):
            for index, item in enumerate(value):

                def inner(new, index=index, value=value):
                    return replace([*value[:index], new, *value[index + 1 :]])

                yield from walk(item, f"{path}[{index}]", inner)

    yield from walk(document, "", lambda new: new)


@pytest.mark.parametrize("kind", ["party", "club"])
def test_every_key_of_the_party_and_club_files_survives_hostile_names(fuzz, kind):
    """Uploaded with one field named badly, a file is refused, and nothing is saved."""
    world = fuzz.world
    if kind == "party":
        document, route = party_dump(world.party), ROUTES["host:party_upload"]
        leaves = ()
    else:
        club = Club.objects.get(slug=world.kwargs["club"])
        document, route = club_dump(club), ROUTES["club:club_upload"]
        # A club file's parties are party files, read by the party file's
        # reader: their keys are the party file's, fuzzed above.
        leaves = (".parties[].party",)
    variants = 0
    for where, variant in _key_variants(document, leaves=leaves):
        content = json.dumps(variant).encode()
        upload = SimpleUploadedFile(f"{kind}.json", content, content_type="application/json")
        try:
            fuzz.send(route, "POST", {"file": upload})
        except AssertionError as error:
            raise AssertionError(f"the {kind} file with {where}: {error}") from None
        variants += 1
    assert variants > (80 if kind == "party" else 40)

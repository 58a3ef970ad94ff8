"""Uploaded club and party files: the upload answers at once, the load runs as a
task (here in this process, when the test's transaction would commit), all or
nothing, and its page follows it for the uploader alone.

``test_uploads_worker.py`` loads through a real worker, and kills one.
"""

from __future__ import annotations

import html
import io
import json
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scoring.rules import RULESETS
from tests.tournaments.builders import tasks_in_process
from tournaments import tasks, uploads
from tournaments.clubs.clubfile import club_load
from tournaments.models import (
    AuditEntry,
    Club,
    ClubRole,
    DealResult,
    Member,
    Party,
    Player,
    Round,
    Season,
    Upload,
)
from tournaments.uploads import loading
from tournaments.uploads import services as upload_services
from tournaments.uploads.progress import progress_read

pytestmark = pytest.mark.django_db

RULES = RULESETS["monterey-draw"]
PLAYERS = ["Ana", "Bea", "Cruz", "Dee", "Eli"]
MADE = (Club, ClubRole, Member, Season, Party, Player, Round, DealResult, AuditEntry)


def small_party(number: int) -> dict:
    """A one-round night of five, every deal the lowest bid made."""
    made = {"bid": RULES.min_bid, "bidding_team_points": RULES.total_points}
    return {
        "format": "pedroparty/1",
        "name": f"Night {number}",
        "date": "2026-11-07",
        "players": PLAYERS,
        "seating": [PLAYERS[:4]],
        "rounds": [
            {
                "deals": [
                    {"table": 1, "deal": deal, "bidder": deal % 4, **made}
                    for deal in range(1, RULES.deals_per_round + 1)
                ]
            }
        ],
    }


def club_file(parties: int = 3) -> dict:
    """A club of the five, with ``parties`` one-round nights in its one season."""
    return {
        "format": "pedroparty-club/1",
        "name": "Thursday Pedro Club",
        "members": PLAYERS,
        "seasons": [{"name": "Autumn", "best_of": None}],
        "parties": [
            {
                "season": "Autumn",
                "members": {name: name for name in PLAYERS},
                "party": small_party(number),
            }
            for number in range(1, parties + 1)
        ],
    }


def with_bad_second_party(data: dict) -> dict:
    """Only the loader sees it (the parser cannot know the round's tables), so
    the first party is loaded by then."""
    del data["parties"][1]["party"]["rounds"][0]["deals"][-1]
    return data


def as_file(data, name: str = "club.json") -> io.BytesIO:
    upload = io.BytesIO(data if isinstance(data, bytes) else json.dumps(data).encode("utf-8"))
    upload.name = name
    return upload


def made() -> dict[str, int]:
    """Every row a load makes, counted."""
    return {model.__name__: model.objects.count() for model in MADE}


def nothing_made() -> dict[str, int]:
    return dict.fromkeys((model.__name__ for model in MADE), 0)


def page_url(upload: Upload) -> str:
    return reverse("host:upload", args=[upload.pk])


def page_text(client, upload: Upload, **headers) -> str:
    response = client.get(page_url(upload), **headers)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.fixture
def signed_in(client, host):
    client.force_login(host)
    return client


# --------------------------------------------------------------------- the upload answers at once


@pytest.mark.parametrize("parties", [3, 40])
def test_a_club_upload_answers_in_a_few_queries_whatever_its_size_and_makes_only_its_row(
    signed_in, host, parties
):
    """Loading 40 nights takes seconds and thousands of queries: none of it
    happens in the request, which makes the upload's row and nothing else."""
    before = made()
    with CaptureQueriesContext(connection) as queries:
        response = signed_in.post(
            reverse("club:club_upload"), {"file": as_file(club_file(parties))}
        )
    upload = Upload.objects.get()
    assert response.status_code == 302
    assert response["Location"] == page_url(upload)
    # The user (the session is cached), the host's uploads (lost ones, then a
    # count of those pending), the new row, and the row read back.
    assert len(queries) == 5, [q["sql"][:90] for q in queries.captured_queries]
    assert made() == before
    assert (upload.status, upload.user, upload.kind) == ("queued", host, "club")
    assert (upload.parties, upload.rounds, upload.deals, upload.players) == (
        parties,
        parties,
        parties * RULES.deals_per_round,
        parties * len(PLAYERS),
    )
    assert json.loads(bytes(upload.content)) == club_file(parties)


def test_the_load_is_enqueued_on_commit_with_the_upload_id_only(
    signed_in, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(tasks.upload_load, "delay", lambda *a, **kw: sent.append((a, kw)))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        signed_in.post(reverse("club:club_upload"), {"file": as_file(club_file())})
        assert sent == []  # not before the row is committed
    assert len(callbacks) == 1
    assert sent == [((Upload.objects.get().pk,), {})]


# --------------------------------------------------------------------- the page follows the load


def test_the_page_follows_the_load_then_links_the_new_club(
    signed_in, host, monkeypatch, django_capture_on_commit_callbacks
):
    # What the page says at each step of the load, seen from inside the load.
    seen: list[str] = []
    real_store = loading.progress_store

    def store_and_look(*, upload_id, claim, done, total):
        real_store(upload_id=upload_id, claim=claim, done=done, total=total)
        seen.append(page_text(signed_in, Upload(pk=upload_id), HTTP_HX_REQUEST="true"))

    monkeypatch.setattr(loading, "progress_store", store_and_look)
    with tasks_in_process(), django_capture_on_commit_callbacks(execute=True):
        response = signed_in.post(
            reverse("club:club_upload"), {"file": as_file(club_file(), "thursday.json")}
        )
        upload = Upload.objects.get()
        waiting = page_text(signed_in, upload)
    assert response["Location"] == page_url(upload)
    assert "Waiting for the server to start loading the file" in waiting
    assert "thursday.json" in waiting
    # htmx polls the status; without JavaScript the page refreshes itself, and links itself.
    assert f'hx-get="{page_url(upload)}" hx-trigger="every 1s"' in waiting
    assert '<noscript><meta http-equiv="refresh"' in waiting
    assert f'href="{page_url(upload)}">Refresh</a>' in waiting

    assert [text.split("</p>")[0].split("<p>")[-1] for text in seen] == [
        "0 of 3 parties loaded…",
        "1 of 3 parties loaded…",
        "2 of 3 parties loaded…",
        "3 of 3 parties loaded…",
    ]
    assert all("<html" not in text and 'id="upload-status"' in text for text in seen)

    club = Club.objects.get()
    assert club.roles.get().user == host and club.parties.count() == 3
    upload.refresh_from_db()
    assert (upload.status, upload.club, upload.content) == ("done", club, None)
    assert progress_read(upload_id=upload.pk, claim=upload.claimed_by) is None
    done = page_text(signed_in, upload)
    assert "Thursday Pedro Club is loaded from the file." in done
    assert f'href="{reverse("club:detail", args=[club.slug])}"' in done
    assert "hx-trigger" not in done and "http-equiv" not in done


@pytest.mark.django_db(transaction=True)
def test_with_no_broker_the_upload_is_loaded_at_once_and_the_host_sent_to_the_club(client, host):
    """Tasks run in the request (no REDIS_URL): the load has ended when the
    upload answers, which goes straight to the new club."""
    client.force_login(host)
    with tasks_in_process():
        response = client.post(reverse("club:club_upload"), {"file": as_file(club_file())})
    club = Club.objects.get()
    assert response["Location"] == reverse("club:detail", args=[club.slug])
    assert Upload.objects.get().status == "done" and club.parties.count() == 3
    page = client.get(response["Location"]).content.decode()
    assert "Thursday Pedro Club is loaded from the file." in page


def test_a_large_party_file_loads_in_the_background_and_the_page_links_the_party(
    signed_in, host, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(upload_services, "AT_ONCE", uploads.Work(parties=1, deals=3))
    with tasks_in_process(), django_capture_on_commit_callbacks(execute=True):
        response = signed_in.post(
            reverse("host:party_upload"), {"file": as_file(small_party(1), "night.json")}
        )
        upload = Upload.objects.get()
        assert response["Location"] == page_url(upload)
        assert not Party.objects.exists()
    party = Party.objects.get()
    assert party.owner == host
    done = page_text(signed_in, upload)
    assert "Night 1 is loaded from the file." in done
    assert f'href="{reverse("host:dashboard", args=[party.slug])}"' in done


def test_a_small_party_file_still_loads_at_once(signed_in):
    response = signed_in.post(reverse("host:party_upload"), {"file": as_file(small_party(1))})
    party = Party.objects.get()
    assert response["Location"] == reverse("host:dashboard", args=[party.slug])
    assert Upload.objects.get().status == "done"


def test_a_small_party_file_waits_its_turn_while_another_load_of_the_host_runs(signed_in, host):
    """It is not loaded in the request, where it would wait for the other load."""
    Upload.objects.create(kind="club", user=host, content=b"{}")
    response = signed_in.post(reverse("host:party_upload"), {"file": as_file(small_party(1))})
    upload = Upload.objects.get(kind="party")
    assert response["Location"] == page_url(upload)
    assert upload.status == "queued" and not Party.objects.exists()


# --------------------------------------------------------------------- all or nothing


def test_a_bad_second_party_saves_nothing_and_the_page_says_where(
    signed_in, django_capture_on_commit_callbacks
):
    with tasks_in_process(), django_capture_on_commit_callbacks(execute=True):
        signed_in.post(
            reverse("club:club_upload"), {"file": as_file(with_bad_second_party(club_file()))}
        )
    assert made() == nothing_made()
    upload = Upload.objects.get()
    last = RULES.deals_per_round
    assert upload.status == "failed" and upload.content is None
    assert upload.error.startswith(
        f"party 2 (Night 2): round 1, table 1: deals: Deal {last} is missing"
    )
    page = page_text(signed_in, upload)
    assert upload.error in page and 'role="alert"' in page
    assert "Nothing was loaded" in page
    assert f'href="{reverse("club:club_upload")}"' in page
    assert "hx-trigger" not in page


def test_a_problem_is_told_in_the_language_it_was_uploaded_in(
    signed_in, django_capture_on_commit_callbacks
):
    with tasks_in_process(), django_capture_on_commit_callbacks(execute=True):
        signed_in.post(
            reverse("club:club_upload"),
            {"file": as_file(with_bad_second_party(club_file()))},
            HTTP_ACCEPT_LANGUAGE="es",
        )
    upload = Upload.objects.get()
    assert upload.language == "es"
    assert upload.error.startswith("fiesta 2 (Night 2): ronda 1, mesa 1")


def test_a_file_that_is_not_json_is_refused_on_the_form_and_nothing_is_saved(signed_in):
    response = signed_in.post(reverse("club:club_upload"), {"file": as_file(b"\xff\xfe")})
    assert response.status_code == 422
    assert "not UTF-8" in response.content.decode()
    assert not Upload.objects.exists()


# --------------------------------------------------------------------- limits


def test_what_a_file_asks_for_is_counted_from_its_json():
    party = small_party(1)
    party["rounds"][0]["arrivals"] = ["Fay"]
    party["rounds"][0]["deals"][0]["amendments"] = [{"bid": 7}, {"bid": 8}]
    party["rounds"].append({"deals": "not a list"})
    assert uploads.party_file_work(party) == uploads.Work(
        parties=1, rounds=2, deals=RULES.deals_per_round + 2, players=6
    )
    club = club_file(2)
    club["parties"].append({"party": "not a party"})
    assert uploads.club_file_work(club) == uploads.Work(
        parties=3, rounds=2, deals=2 * RULES.deals_per_round, players=10
    )
    for shapeless in (None, [], "x", {"parties": {"a": 1}}):
        assert uploads.club_file_work(shapeless) == uploads.Work()


def many(what: str, count: int) -> dict:
    """A club file asking for ``count`` of ``what`` (and little else); not a
    valid club, which the limits refuse before anything would tell."""
    if what == "parties":
        return {"format": "pedroparty-club/1", "parties": [{}] * count}
    party = {"players": [], "rounds": []}
    if what == "rounds":
        party["rounds"] = [{}] * count
    elif what == "deals":
        party["rounds"] = [{"deals": [{}] * count}]
    else:
        party["players"] = ["x"] * count
    return {"format": "pedroparty-club/1", "parties": [{"party": party}]}


@pytest.mark.parametrize(
    ("what", "says"),
    [
        ("parties", "This file holds 1,001 parties; one upload may hold at most 1,000."),
        ("rounds", "This file holds 10,001 rounds in all; one upload may hold at most 10,000."),
        (
            "deals",
            "This file holds 60,001 deals in all, amendments counted; "
            "one upload may hold at most 60,000.",
        ),
        ("players", "This file holds 25,001 players in all; one upload may hold at most 25,000."),
    ],
)
def test_a_file_past_a_limit_is_refused_with_why_and_nothing_is_saved(signed_in, what, says):
    limit = getattr(uploads.LIMITS, what)
    response = signed_in.post(reverse("club:club_upload"), {"file": as_file(many(what, limit + 1))})
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert f"{says} Nothing was loaded." in page
    assert not Upload.objects.exists() and made() == nothing_made()


def test_a_party_file_past_a_limit_is_refused_too(signed_in, monkeypatch):
    monkeypatch.setattr(upload_services, "LIMITS", uploads.Work(parties=1, rounds=9, deals=3))
    response = signed_in.post(reverse("host:party_upload"), {"file": as_file(small_party(1))})
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert f"This file holds {RULES.deals_per_round} deals in all" in page
    assert "one upload may hold at most 3." in page
    assert "players in all" in page  # 5 past a limit of 0
    assert not Upload.objects.exists() and made() == nothing_made()


def test_a_host_with_two_files_loading_is_told_to_wait_for_them(signed_in, host):
    for _ in range(uploads.PENDING_MAX):
        response = signed_in.post(reverse("club:club_upload"), {"file": as_file(club_file())})
        assert response.status_code == 302
    response = signed_in.post(reverse("club:club_upload"), {"file": as_file(club_file())})
    assert response.status_code == 422
    assert "You have 2 files still loading" in html.unescape(response.content.decode())
    assert Upload.objects.count() == uploads.PENDING_MAX
    # Once one is loaded (or failed), the next is taken.
    Upload.objects.filter(pk=Upload.objects.first().pk).update(status="failed")
    response = signed_in.post(reverse("club:club_upload"), {"file": as_file(club_file())})
    assert response.status_code == 302


# --------------------------------------------------------------------- who sees the page


def test_only_the_uploader_and_staff_see_an_upload_page(
    client, host, other_host, django_user_model
):
    upload = Upload.objects.create(
        kind="club", user=host, content=b"{}", status="failed", error="party 2 (Secret night)"
    )
    url = page_url(upload)
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    client.force_login(other_host)
    assert client.get(url).status_code == 404
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 404
    assert client.get(reverse("host:upload", args=[upload.pk + 1])).status_code == 404
    client.force_login(host)
    assert "Secret night" in client.get(url).content.decode()
    staff = django_user_model.objects.create_user(username="staff", is_staff=True)
    client.force_login(staff)
    assert client.get(url).status_code == 200


# --------------------------------------------------------------------- a lost load


def test_an_upload_whose_task_was_lost_is_queued_again_when_its_page_is_opened(
    signed_in, host, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(tasks.upload_load, "delay", lambda *a, **kw: sent.append(a))
    long_ago = timezone.now() - uploads.STUCK_AFTER - timedelta(seconds=1)
    quiet = Upload.objects.create(kind="club", user=host, content=b"{}")
    claimed = Upload.objects.create(
        kind="club", user=host, content=b"{}", status="loading", claimed_by="dead", attempts=1
    )
    fresh = Upload.objects.create(kind="club", user=host, content=b"{}")
    Upload.objects.filter(pk__in=[quiet.pk, claimed.pk]).update(
        created_at=long_ago, claimed_at=long_ago
    )
    with django_capture_on_commit_callbacks(execute=True):
        page_text(signed_in, fresh)
    assert sorted(sent) == [(quiet.pk,), (claimed.pk,)]
    claimed.refresh_from_db()
    assert (claimed.status, claimed.claimed_by, claimed.attempts) == ("queued", "", 1)


def test_a_claim_is_taken_again_only_by_its_own_task_or_once_stuck(host):
    upload = Upload.objects.create(
        kind="club",
        user=host,
        content=json.dumps(club_file(1)).encode(),
        parties=1,
        status="loading",
        claimed_by="first",
        claimed_at=timezone.now(),
        attempts=1,
    )
    loading.upload_load(upload_id=upload.pk, task_id="second")
    upload.refresh_from_db()
    assert upload.status == "loading" and not Club.objects.exists()  # a live claim is left alone

    loading.upload_load(upload_id=upload.pk, task_id="first")  # handed out again
    upload.refresh_from_db()
    assert (upload.status, upload.claimed_by, upload.attempts) == ("done", "first", 2)
    assert Club.objects.count() == 1
    loading.upload_load(upload_id=upload.pk, task_id="first")  # a repeat does nothing
    assert Club.objects.count() == 1

    stuck = Upload.objects.create(
        kind="club",
        user=host,
        content=json.dumps(club_file(1)).encode(),
        status="loading",
        claimed_by="dead",
        claimed_at=timezone.now() - uploads.STUCK_AFTER - timedelta(seconds=1),
    )
    loading.upload_load(upload_id=stuck.pk, task_id="third")
    stuck.refresh_from_db()
    assert (stuck.status, stuck.claimed_by) == ("done", "third")


def test_a_load_whose_worker_keeps_dying_is_given_up(host):
    upload = Upload.objects.create(
        kind="club",
        user=host,
        content=b"{}",
        status="loading",
        claimed_by="task",
        claimed_at=timezone.now(),
        attempts=uploads.MAX_LOAD_ATTEMPTS,
    )
    loading.upload_load(upload_id=upload.pk, task_id="task")
    upload.refresh_from_db()
    assert upload.status == "failed" and upload.content is None
    assert upload.error == "Could not load the file: its worker stopped each time it tried."


# --------------------------------------------------------------------- a long load holds no one up


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite locks the whole file for a writer: only PostgreSQL (DATABASE_URL, as CI "
    "sets it) lets a sign-in through while a load writes",
)
@pytest.mark.django_db(transaction=True)
def test_the_host_signs_in_while_a_load_of_theirs_holds_its_transaction(host):
    """A load keeps its host's loads taking turns until it commits; signing in
    (which writes the host's row) must not wait for it."""
    holding, release = threading.Event(), threading.Event()

    def progress(done: int, total: int) -> None:
        if done == 1:
            holding.set()
            release.wait(30)

    def load() -> None:
        try:
            club_load(data=club_file(2), user=host, progress=progress)
        finally:
            connection.close()

    thread = threading.Thread(target=load)
    thread.start()
    try:
        assert holding.wait(60)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '3s'")  # rather than wait for the load
        response = Client().post(
            reverse("login"), {"username": "hostess", "password": "cards-and-wine-1"}
        )
        assert response.status_code == 302
        assert not Club.objects.exists()  # the load is still running
    finally:
        release.set()
        thread.join(60)
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
    assert Club.objects.get().parties.count() == 2

"""A special prize has one name per game, the ruleset's words, wherever it
shows: the prizes page, the certificate (PDF and preview) and the documents
page say "Most 32s made" at a Monterey party, in the party's language."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.translation import gettext, override

from pedroparty.celery import app
from scoring import wording
from tournaments import selectors, services
from tournaments.models import Document, Party

from .builders import make_party
from .printing.test_documents import pdf_pages_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def eager_tasks():
    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


def shoot_party(host) -> Party:
    """A finished Monterey party whose special prize went to a shoot made."""
    party = make_party(host, players=4, special_prizes={"most_shoots": "Cake"})
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    rs = services.party_ruleset(party)
    rng = random.Random(3)
    for deal in range(1, party.deals_per_round + 1):
        shoot = deal == 1
        services.result_record(
            round=rnd,
            table=1,
            deal=deal,
            entry=services.DealEntry(
                bidder=0,
                bid=rs.top_contracts[0] if shoot else rs.min_bid,
                bidding_team_points=rs.total_points if shoot else rng.randrange(rs.total_points),
            ),
            user=host,
        )
    for line in selectors.round_board(party, 1).tables:
        if line.tied:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
    services.round_close(round=rnd, user=host, seat_next=False)
    services.party_finish(party=party, user=host)
    party.refresh_from_db()
    return party


def flat(text: str) -> str:
    return " ".join(strip_tags(text).split())


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_top_contracts_prize_has_the_games_name_everywhere(
    host, language, eager_tasks, django_capture_on_commit_callbacks
):
    party = shoot_party(host)
    Party.objects.filter(pk=party.pk).update(language=language)
    with override(language):
        name = wording.top_contracts_prize(services.party_ruleset(party))
        generic = gettext("Most top contracts made")
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(host)
    client.cookies["django_language"] = language

    prizes = flat(client.get(reverse("host:prizes", args=[party.slug])).content.decode())
    preview = flat(
        client.get(reverse("host:certificate_preview", args=[party.slug])).content.decode()
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("host:documents", args=[party.slug]), {"kind": "certificates"})
    document = Document.objects.get(party=party, kind="certificates")
    pdf = flat(" ".join(pdf_pages_text(bytes(document.content))))

    assert name != generic
    for where, text in {
        "prizes": prizes,
        "preview": preview,
        "pdf": pdf,
    }.items():
        assert name in text or name.lower() in text, (where, name, text)
        assert generic not in text, (where, text)

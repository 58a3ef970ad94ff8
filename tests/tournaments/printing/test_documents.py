"""Printables: certificates and sheets made in the background, stored, served to hosts.

Tasks run in this process here (``eager_tasks``), whatever the broker:
``test_documents_worker.py`` runs them on a real worker through Redis.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from pedroparty.celery import app
from tests.tournaments.builders import NAMES, make_party, play_round
from tournaments import printing, selectors, services
from tournaments.errors import UserError
from tournaments.game.standings import table_round_winner
from tournaments.models import DealResult, Document, Party, Prize
from tournaments.printing import rendering

pytestmark = pytest.mark.django_db

#: Eight players, all prize winners: the names that must print right.
ACCENTED = ["Élodie", "Beñat", "Núñez", "O'Brien", "Zoë"]
PRIZES = ["Wine", "Chocolates", "Deck of cards", "Candle", "Mug", "Pen", "Pie", "Lamp"]


@pytest.fixture
def eager_tasks():
    """Run Celery tasks in this process at .delay(), even with REDIS_URL set."""
    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = True
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


# --------------------------------------------------------------------- helpers


def finished_party(host, players: int = 8) -> Party:
    """A finished party of ``players`` (the accented names first), one round
    played, every player awarded a place prize, and a low-score special prize."""
    party = make_party(host, players=players)
    services.prizes_set(party=party, names=PRIZES[:players], user=host)
    Prize.objects.create(party=party, position=100, name="Booby prize", kind="low_score")
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    play_round(party, rnd, host, random.Random(2))
    for line in selectors.round_board(party, 1).tables:
        if line.tied and table_round_winner([d.score for d in line.deals]) is None:
            services.table_record_cut(round=rnd, table=line.number, team=0, user=host)
    services.round_close(round=rnd, user=host, seat_next=False)
    services.party_finish(party=party, user=host)
    prizes = {p.name: p for p in party.prizes.all()}
    for name in PRIZES[:players]:
        turn = selectors.prize_turn(party)
        player = party.players.get(pk=turn.player)
        services.prize_pick(party=party, player=player, prize=prizes[name], user=host)
    party.refresh_from_db()
    return party


def pdf_pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def assert_first_page_not_blank(pdf: bytes) -> None:
    """Rasterize page 1 and check it has ink: dark pixels, and variance."""
    import pypdfium2
    from PIL import ImageStat

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        image = page.render(scale=0.5).to_pil().convert("L")
        page.close()
    finally:
        document.close()
    dark = sum(image.histogram()[:200])
    assert dark > 0.01 * image.width * image.height, "the first page is (nearly) blank"
    assert ImageStat.Stat(image).stddev[0] > 10


def assert_certificates_right(pdf: bytes, party: Party) -> None:
    """One page per award, in order, each with its winner's name and place."""
    lines = printing.award_lines(party)
    pages = pdf_pages_text(pdf)
    assert len(pages) == len(lines)
    for text, line in zip(pages, lines, strict=True):
        assert line.name in text, (line.name, text)
        assert line.place in text, (line.place, text)
        assert line.prize.casefold() in text.casefold()
        assert party.name in text and "April 18, 2026" in text
    named = {line.name for line in lines}
    assert set(ACCENTED) <= named
    assert_first_page_not_blank(pdf)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def documents_url(party: Party) -> str:
    return reverse("host:documents", kwargs={"slug": party.slug})


def again_url(document: Document) -> str:
    return reverse(
        "host:document_again",
        kwargs={"slug": document.party.slug, "document_id": document.pk},
    )


def download_url(document: Document) -> str:
    return reverse(
        "host:document_download",
        kwargs={"slug": document.party.slug, "document_id": document.pk},
    )


@pytest.fixture
def winners(host) -> Party:
    return finished_party(host)


# --------------------------------------------------------------------- certificates


def test_certificates_through_the_page_and_the_download(
    winners, host, eager_tasks, django_capture_on_commit_callbacks
):
    client = signed_in(host)
    page = client.get(documents_url(winners))
    assert page.status_code == 200
    for name in ACCENTED:
        assert name.replace("'", "&#x27;") in page.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            documents_url(winners), {"kind": "certificates", "paper": "a4", "design": "modern"}
        )
    assert response.status_code == 302
    document = Document.objects.get(party=winners)
    assert document.status == Document.Status.READY
    assert document.party_version == winners.version
    total = len(printing.award_lines(winners)) + 1
    assert document.progress_done == document.progress_total == total
    assert document.options == {"paper": "a4", "design": "modern", "awards": "all"}
    download = client.get(download_url(document))
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert download["Content-Disposition"] == f'attachment; filename="{document.filename}"'
    assert document.filename.endswith(".pdf") and winners.slug in document.filename
    assert_certificates_right(download.content, winners)
    listed = client.get(documents_url(winners)).content.decode()
    assert download_url(document) in listed and "hx-trigger" not in listed


def test_landscape_letter_and_a4_pages(winners, host, eager_tasks):
    for paper, size in [("letter", (792, 612)), ("a4", (842, 595))]:
        doc = _render(winners, host, "certificates", {"paper": paper})
        box = PdfReader(io.BytesIO(bytes(doc.content))).pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == size


def test_a_subset_of_certificates(winners, host, eager_tasks, django_capture_on_commit_callbacks):
    lines = printing.award_lines(winners)
    chosen = [lines[1], lines[-1]]  # a place prize and the special prize
    with django_capture_on_commit_callbacks(execute=True):
        response = signed_in(host).post(
            documents_url(winners),
            {
                "kind": "certificates",
                "awards_listed": "1",
                "awards": [str(line.id) for line in chosen],
            },
        )
    assert response.status_code == 302
    document = Document.objects.get(party=winners)
    assert document.options["awards"] == sorted(line.id for line in chosen)
    pages = pdf_pages_text(bytes(document.content))
    assert len(pages) == 2
    assert chosen[0].name in pages[0] and chosen[0].place in pages[0]
    assert chosen[1].name in pages[1] and "Booby prize" in pages[1] and "Low score" in pages[1]


def test_all_ticked_is_the_same_document_as_all(winners, host, eager_tasks):
    every = [line.id for line in printing.award_lines(winners)]
    first = _render(winners, host, "certificates", {"awards": every})
    again = printing.document_request(party=winners, kind="certificates", options={}, user=host)
    assert again.pk == first.pk and first.options["awards"] == "all"


def test_no_winner_ticked_or_a_foreign_award_is_refused(winners, host, other_host):
    with pytest.raises(UserError, match="at least one"):
        printing.document_request(
            party=winners, kind="certificates", options={"awards": []}, user=host
        )
    other = finished_party(other_host, players=4)
    foreign = printing.award_lines(other)[0].id
    with pytest.raises(UserError, match="from the list"):
        printing.document_request(
            party=winners, kind="certificates", options={"awards": [foreign]}, user=host
        )
    response = signed_in(host).post(
        documents_url(winners), {"kind": "certificates", "awards_listed": "1"}
    )
    assert response.status_code == 422
    assert "Tick at least one prize winner" in response.content.decode()
    assert not Document.objects.exists()


def test_places_shared_ranks_and_special_prizes(winners):
    lines = printing.award_lines(winners)
    places = [line for line in lines if not line.special]
    assert {line.prize for line in lines if line.special} == {"Low score"}
    assert lines[-1].special and lines[-1].place == "Booby prize"
    ranks = [row.rank for row in selectors.party_standings(winners).rows]
    for line in places:
        shared = ranks.count(line.rank) > 1
        assert line.place == f"{'=' if shared else ''}{printing.ordinal(line.rank)} place"
    assert [line.rank for line in places] == sorted(line.rank for line in places)


@pytest.mark.parametrize(
    ("number", "text"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th")]
    + [(21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th")],
)
def test_ordinal(number, text):
    assert printing.ordinal(number) == text


# --------------------------------------------------------------------- versions


def _render(party: Party, user, kind: str, options: dict) -> Document:
    """Request a document and run its task's body now, as the worker would."""
    document = printing.document_request(party=party, kind=kind, options=options, user=user)
    rendering.document_render(document_id=document.pk)
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.error
    return document


def test_same_request_same_version_returns_the_stored_pdf(winners, host, eager_tasks):
    first = _render(winners, host, "certificates", {"paper": "letter"})
    again = printing.document_request(
        party=winners, kind="certificates", options={"paper": "letter", "design": ""}, user=host
    )
    assert again.pk == first.pk and again.status == Document.Status.READY
    other = printing.document_request(
        party=winners, kind="certificates", options={"paper": "a4"}, user=host
    )
    assert other.pk != first.pk


def test_an_amendment_makes_the_pdfs_stale_and_a_new_request_renders_again(
    winners, host, eager_tasks, django_capture_on_commit_callbacks
):
    first = _render(winners, host, "certificates", {})
    standings = _render(winners, host, "standings", {})
    assert not any(line.stale for line in printing.document_list(winners))
    result = DealResult.objects.filter(round__party=winners, is_current=True).first()
    services.result_amend(
        result=result,
        entry=services.DealEntry(
            bidder=result.bidder,
            bid=result.bid,
            bidding_team_points=16 - result.bidding_team_points,
        ),
        reason="miscounted",
        user=host,
    )
    winners.refresh_from_db()
    assert winners.version > first.party_version
    lines = {line.id: line for line in printing.document_list(winners)}
    assert lines[first.pk].stale and lines[standings.pk].stale
    page = signed_in(host).get(documents_url(winners)).content.decode()
    assert "out of date" in page and again_url(first) in page
    # The stale PDF is still there until a new one replaces it.
    assert signed_in(host).get(download_url(first)).status_code == 200

    with django_capture_on_commit_callbacks(execute=True):
        response = signed_in(host).post(again_url(first))
    assert response.status_code == 302
    fresh = Document.objects.get(party=winners, kind="certificates")  # the stale one is gone
    assert fresh.pk != first.pk
    assert fresh.party_version == winners.version and fresh.status == Document.Status.READY
    assert not Document.objects.filter(pk=first.pk).exists()
    assert Document.objects.filter(pk=standings.pk).exists()  # not asked again: kept, stale
    assert_certificates_right(bytes(fresh.content), winners)


def test_a_document_made_twice_by_its_task_is_made_once(winners, host, monkeypatch):
    calls = []
    real = rendering.html_to_pdf
    monkeypatch.setattr(rendering, "html_to_pdf", lambda html: calls.append(1) or real(html))
    document = _render(winners, host, "standings", {})
    rendering.document_render(document_id=document.pk)  # a duplicate message
    rendering.document_render(document_id=10**9)  # a document since deleted
    assert calls == [1]


def test_a_failure_is_stored_with_a_message_and_asked_again_it_retries(
    winners, host, monkeypatch, caplog
):
    def broken(html):
        raise RuntimeError("out of paper")

    monkeypatch.setattr(rendering, "html_to_pdf", broken)
    document = printing.document_request(party=winners, kind="standings", options={}, user=host)
    rendering.document_render(document_id=document.pk)
    document.refresh_from_db()
    assert document.status == Document.Status.FAILED
    assert document.error == "Could not make the PDF: out of paper"
    assert "failed to render" in caplog.text
    page = signed_in(host).get(documents_url(winners)).content.decode()
    assert "out of paper" in page
    assert signed_in(host).get(download_url(document)).status_code == 404

    monkeypatch.undo()
    again = printing.document_request(party=winners, kind="standings", options={}, user=host)
    assert again.pk == document.pk and again.status == Document.Status.QUEUED
    rendering.document_render(document_id=again.pk)
    again.refresh_from_db()
    assert again.status == Document.Status.READY and again.error == ""


def test_progress_is_reported_while_the_html_is_built(winners, host, monkeypatch):
    seen = []
    real = rendering.html_to_pdf

    def watching(html):
        row = Document.objects.values("status", "progress_done", "progress_total").get()
        seen.append(row)
        return real(html)

    monkeypatch.setattr(rendering, "html_to_pdf", watching)
    document = printing.document_request(party=winners, kind="certificates", options={}, user=host)
    assert (document.status, document.progress_done) == (Document.Status.QUEUED, 0)
    rendering.document_render(document_id=document.pk)
    total = len(printing.award_lines(winners)) + 1
    # While WeasyPrint runs: every certificate's HTML built, the PDF not yet written.
    assert seen == [{"status": "rendering", "progress_done": total - 1, "progress_total": total}]
    document.refresh_from_db()
    assert (document.progress_done, document.progress_total) == (total, total)


def test_the_list_polls_only_while_a_document_is_pending(winners, host):
    client = signed_in(host)
    assert "hx-trigger" not in client.get(documents_url(winners)).content.decode()
    document = printing.document_request(party=winners, kind="standings", options={}, user=host)
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.RENDERING, progress_done=3, progress_total=9
    )
    page = client.get(documents_url(winners)).content.decode()
    assert 'hx-trigger="every 1s"' in page and "Rendering 3 of 9" in page
    partial = client.get(documents_url(winners), headers={"HX-Request": "true"})
    text = partial.content.decode()
    assert text.lstrip().startswith('<section id="documents"') and "<html" not in text
    assert "Rendering 3 of 9" in text and 'hx-trigger="every 1s"' in text
    assert "HX-Request" in partial["Vary"]
    Document.objects.filter(pk=document.pk).update(status=Document.Status.READY, content=b"%PDF")
    done = client.get(documents_url(winners), headers={"HX-Request": "true"}).content.decode()
    assert "hx-trigger" not in done and download_url(document) in done


def test_a_lost_document_is_queued_again(winners, host):
    from django.utils import timezone

    document = printing.document_request(party=winners, kind="standings", options={}, user=host)
    same = printing.document_request(party=winners, kind="standings", options={}, user=host)
    assert same.pk == document.pk
    long_ago = timezone.now() - printing.STUCK_AFTER * 2
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.RENDERING, created_at=long_ago
    )
    again = printing.document_request(party=winners, kind="standings", options={}, user=host)
    assert again.pk == document.pk and again.status == Document.Status.QUEUED


def test_the_task_is_enqueued_on_commit_with_the_id_only(
    winners, host, monkeypatch, django_capture_on_commit_callbacks
):
    from tournaments import tasks

    sent = []
    monkeypatch.setattr(tasks.document_render, "delay", lambda *a, **kw: sent.append((a, kw)))
    with django_capture_on_commit_callbacks() as callbacks:
        document = printing.document_request(party=winners, kind="standings", options={}, user=host)
    assert sent == []  # not before the transaction commits
    for callback in callbacks:
        callback()
    assert sent == [((document.pk,), {})]


# --------------------------------------------------------------------- other printables


def test_table_cards_carry_the_qr_code_of_the_players_page(
    winners, host, eager_tasks, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        signed_in(host).post(documents_url(winners), {"kind": "table_cards", "paper": "letter"})
    document = Document.objects.get(party=winners, kind="table_cards")
    url = f"http://testserver/p/{winners.public_token}/"
    assert document.options["public_url"] == url
    pages = pdf_pages_text(bytes(document.content))
    assert len(pages) == 2  # 8 players: 2 tables
    first, second = pages[0].casefold(), pages[1].casefold()
    assert "1head table" in first and winners.name.casefold() in first
    # The address wraps anywhere in its narrow cell (a token may hold a "-").
    assert "2foot table" in second and url in re.sub(r"\s+", "", pages[0])
    assert_first_page_not_blank(bytes(document.content))
    html, _step, _total = printing.build_html(winners, "table_cards", document.options)
    assert html.count("<svg") == 4 and 'class="qr"' in html  # 2 tables, 2 sides each


def test_qr_code_encodes_the_url():
    svg = printing.qr_svg("https://pedro.example.org/p/abc123XYZ/")
    assert svg.startswith("<svg") and "viewBox" in svg and "<path" in svg


@pytest.mark.parametrize(
    ("kind", "pages", "texts"),
    [
        ("standings", 1, ["Final standings", *ACCENTED]),
        ("movement", 1, ["Round 1: where to sit", *ACCENTED]),
        ("tally_cards", 4, ACCENTED),
        ("score_sheets", 2, ["Table 1", "Table 2", "Bidder", "Points made"]),
    ],
)
def test_other_printables(winners, host, kind, pages, texts):
    document = _render(winners, host, kind, {})
    found = pdf_pages_text(bytes(document.content))
    assert len(found) == pages
    text = "\n".join(found).casefold()
    for expected in texts:
        assert expected.casefold() in text, (kind, expected)
    assert_first_page_not_blank(bytes(document.content))


def test_tally_cards_show_table_and_partner_of_each_round_played(winners, host):
    history = selectors.party_history(winners)
    names = history.names()
    seats = history.rounds[0].tables[0]
    html, _step, total = printing.build_html(winners, "tally_cards", {"paper": "letter"})
    assert total == len(history.players) + 1
    card = html.split(names[seats[0]] + "</h2>")[1].split("</section>")[0]
    row = re.search(r"<tr><td class=\"round\">1</td>(.*?)</tr>", card).group(1)
    assert '<td class="table">1</td>' in row and names[seats[2]].replace("'", "&#x27;") in row
    # Rows for the planned rounds not played, left blank.
    assert card.count('<td class="round">') == winners.planned_rounds


def test_score_sheets_name_the_teams_and_dealers(winners, host):
    board = selectors.round_board(winners, 1)
    html, *_ = printing.build_html(winners, "score_sheets", {"paper": "a4", "round": 1})
    players = [n.replace("'", "&#x27;") for n in board.tables[0].players]
    assert f"{players[0]} &amp; {players[2]}" in html and f"{players[1]} &amp; {players[3]}" in html
    assert html.count('<td class="dealer">') == 4 * len(board.tables)


def test_printables_before_the_first_round(host, eager_tasks):
    party = make_party(host, players=9)
    with pytest.raises(UserError, match="Seat round 1 first"):
        printing.document_request(party=party, kind="score_sheets", options={}, user=host)
    with pytest.raises(UserError, match="No prizes have been awarded"):
        printing.document_request(party=party, kind="certificates", options={}, user=host)
    cards = _render(party, host, "table_cards", {"public_url": "https://x.example/p/t/"})
    assert len(pdf_pages_text(bytes(cards.content))) == 2  # 9 players: 2 tables
    tally = _render(party, host, "tally_cards", {})
    assert len(pdf_pages_text(bytes(tally.content))) == 5


@pytest.mark.parametrize(
    ("kind", "options", "field"),
    [
        ("nonsense", {}, "kind"),
        ("standings", {"paper": "legal"}, "paper"),
        ("certificates", {"design": "gothic"}, "design"),
        ("movement", {"round": "9"}, "round"),
        ("movement", {"round": "x"}, "round"),
        ("table_cards", {"public_url": "javascript:alert(1)"}, "public_url"),
    ],
)
def test_bad_options_are_refused_by_field(winners, host, kind, options, field):
    with pytest.raises(UserError) as caught:
        printing.document_request(party=winners, kind=kind, options=options, user=host)
    assert field in caught.value.errors
    assert not Document.objects.exists()


# --------------------------------------------------------------------- fonts


def test_names_with_accents_and_apostrophes_extract_from_the_pdf(host):
    party = make_party(host, players=4)
    names = list(party.players.values_list("name", flat=True))
    assert names == NAMES[:4]
    html, *_ = printing.build_html(party, "tally_cards", {"paper": "a4"})
    text = "\n".join(pdf_pages_text(rendering.html_to_pdf(html)))
    for name in names:
        assert name in text


def test_fonts_are_embedded():
    pdf = rendering.html_to_pdf(
        "<style>" + printing.font_css() + "</style>"
        "<p style=\"font-family: 'Pedro Serif', serif\">Zoë Núñez</p>"
    )
    reader = PdfReader(io.BytesIO(pdf))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        descriptor = ref.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_font_css_uses_the_system_fonts_present_and_nothing_else(tmp_path):
    (tmp_path / "DejaVuSerif.ttf").write_bytes(b"not really a font")
    css = printing.font_css.__wrapped__((str(tmp_path),))
    assert css.count("@font-face") == 1
    assert f'src: url("{(tmp_path / "DejaVuSerif.ttf").as_uri()}")' in css
    assert printing.font_css.__wrapped__((str(tmp_path / "none"),)) == ""


def test_name_size_shrinks_long_names():
    assert printing.name_size("Zoë", "classic") == 40
    long = printing.name_size("Marguerite D'Amato-Etxeberria de la Núñez", "classic")
    assert 14 <= long < 30


# --------------------------------------------------------------------- the preview


def test_certificate_preview_is_one_certificate_from_the_same_template(winners, host):
    line = [line for line in printing.award_lines(winners) if line.name == "O'Brien"][0]
    url = reverse("host:certificate_preview", kwargs={"slug": winners.slug})
    response = signed_in(host).get(url, {"award": line.id, "design": "modern", "paper": "a4"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="sheet certificate"') == 1
    assert "O&#x27;Brien" in html and line.place in html and "@media screen" in html
    assert "273.0mm" in html  # A4 landscape, less the margins
    assert response["X-Frame-Options"] == "SAMEORIGIN"
    # The same template makes the PDF page.
    pdf_html, *_ = printing.build_html(
        winners, "certificates", {"paper": "a4", "design": "modern", "awards": [line.id]}
    )
    page = re.search(r'<section class="sheet certificate">.*?</section>', pdf_html, re.S).group(0)
    assert page in html


def test_preview_before_any_award_shows_a_sample(host):
    party = make_party(host, players=4)
    url = reverse("host:certificate_preview", kwargs={"slug": party.slug})
    html = signed_in(host).get(url).content.decode()
    assert "Winner’s Name" in html and "A sample" in html and "Wine" in html


@pytest.mark.parametrize("query", [{"award": "999999"}, {"award": "x"}, {"design": "gothic"}])
def test_preview_of_nothing_is_404(winners, host, query):
    url = reverse("host:certificate_preview", kwargs={"slug": winners.slug})
    assert signed_in(host).get(url, query).status_code == 404


# --------------------------------------------------------------------- who may


def test_only_the_partys_hosts_request_or_download(winners, host, other_host, eager_tasks):
    document = _render(winners, host, "certificates", {})
    urls = [
        documents_url(winners),
        download_url(document),
        reverse("host:certificate_preview", kwargs={"slug": winners.slug}),
    ]
    for url in urls:
        response = Client().get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login") + "?next=")
        assert signed_in(other_host).get(url).status_code == 404
    before = Document.objects.count()
    assert Client().post(urls[0], {"kind": "standings"}).status_code == 302
    assert signed_in(other_host).post(urls[0], {"kind": "standings"}).status_code == 404
    assert Document.objects.count() == before

    cohost = type(host).objects.create_user(username="cohost", password="pw-cards-99")
    winners.cohosts.add(cohost)
    assert signed_in(cohost).get(urls[1]).status_code == 200


def test_another_partys_document_is_404_under_this_party(winners, host, other_host):
    theirs = finished_party(other_host, players=4)
    document = _render(theirs, other_host, "standings", {})
    mine = make_party(host, players=4)
    url = reverse("host:document_download", kwargs={"slug": mine.slug, "document_id": document.pk})
    assert signed_in(host).get(url).status_code == 404


def test_post_needs_the_csrf_token(winners, host):
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    page = client.get(documents_url(winners)).content.decode()
    assert client.post(documents_url(winners), {"kind": "standings"}).status_code == 403
    assert not Document.objects.exists()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = client.post(
        documents_url(winners), {"kind": "standings", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302
    assert Document.objects.filter(party=winners, kind="standings").exists()


def test_the_party_nav_links_to_the_printables(winners, host):
    page = signed_in(host).get(reverse("host:prizes", kwargs={"slug": winners.slug}))
    assert f'href="{documents_url(winners)}"' in page.content.decode()


def test_a_round_dropped_after_the_request_fails_with_a_readable_message(host, caplog):
    party = make_party(host, players=8)
    services.round1_seat_draw(party=party, seed=1, user=host)
    document = printing.document_request(party=party, kind="movement", options={}, user=host)
    party.rounds.get().seats.all().delete()
    party.rounds.all().delete()
    rendering.document_render(document_id=document.pk)
    document.refresh_from_db()
    assert document.status == Document.Status.FAILED
    assert document.error == "Could not make the PDF: That round is not in the party any more."

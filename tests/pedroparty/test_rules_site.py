"""The games' rules pages on the site, /rules/ and /rules/<game>/: every game
in English and in every language with a folder of translations, the index,
English with a note where a translation is missing, raw HTML shown as text,
an edited file shown at once, and the page's place in the site."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from scoring.rules import RULESETS

RULES_DIR = Path(settings.RULES_PAGES_DIR)
GAMES = sorted(RULESETS)
LANGUAGES = ["en", *sorted(p.name for p in RULES_DIR.iterdir() if p.is_dir())]
H2 = re.compile(r"<h2>(.*?)</h2>", re.S)
#: What a player has no use for on a rules page: a file's name (the source
#: texts', the contract's), the contract itself, or a section number of it.
DEVELOPMENT = re.compile(
    r"\b[\w-]+\.(?:txt|md|py|json)\b"
    r"|(?-i:\bRULES\b)"
    r"|\b\d+\.\d+(?:\.\d+)*\b"
    r"|\b(?:sections?|secci[oó]n(?:es)?)\s+\d"
    r"|§"
    r"|\b(?:seeds?|semillas?|graines?)\b",
    re.I,
)


def source(language: str, filename: str) -> str:
    path = RULES_DIR / filename if language == "en" else RULES_DIR / language / filename
    return path.read_text(encoding="utf-8")


def markdown_headings(text: str) -> list[str]:
    """The ``## `` headings of a Markdown page, as a reader sees them."""
    return [
        re.sub(r"[`*]", "", line[3:]).strip() for line in text.splitlines() if line[:3] == "## "
    ]


def page_headings(body: str) -> list[str]:
    article = body[body.index('<article class="rules') :]
    return [html.unescape(re.sub(r"<[^>]+>", "", h)).strip() for h in H2.findall(article)]


def shown_text(body: str) -> str:
    """The words a reader sees on a rules page: its article and title, without tags."""
    title = re.search(r"<title>(.*?)</title>", body, re.S).group(1)
    article = body[body.index('<article class="rules') : body.index("</article>")]
    return html.unescape(re.sub(r"<[^>]+>", " ", title + " " + article))


def get(client, url: str, language: str):
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language)


@pytest.fixture
def rules_dir(tmp_path, settings):
    """An empty folder of rules pages, with a Spanish folder in it."""
    (tmp_path / "es").mkdir()
    settings.RULES_PAGES_DIR = tmp_path
    return tmp_path


def test_spanish_is_among_the_languages_checked():
    assert "es" in LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_page_in_every_language(client, game, language):
    response = get(client, reverse("rules:page", args=[game]), language)
    assert response.status_code == 200
    body = response.content.decode()
    text = source(language, f"{game}.md")
    assert page_headings(body) == markdown_headings(text)
    assert f'<article class="rules" lang="{language}">' in body
    assert "rules-missing" not in body
    assert f'<html lang="{language}"' in body
    title = re.search(r"<title>(.*?)</title>", body, re.S).group(1)
    assert f"(`{game}`)" in text.splitlines()[0] and f"({game})" in html.unescape(title)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_links_every_game_in_every_language(client, language):
    response = get(client, reverse("rules:index"), language)
    assert response.status_code == 200
    body = response.content.decode()
    assert page_headings(body) == markdown_headings(source(language, "README.md"))
    for game in GAMES:
        assert f'href="{reverse("rules:page", args=[game])}"' in body
    assert ".md" not in re.sub(r"<code>[^<]*</code>", "", body.split("<article", 1)[1])


def test_the_check_sees_what_a_player_should_not():
    for text in (
        "Seeds cited: Pedreaux (000_48078fcc7b3609e3.txt)",
        "RULES.md sections 1–3",
        "(ours, 11.4.8)",
        "la sección 4 del contrato",
        "the seed says right",
    ):
        assert DEVELOPMENT.search(text), text
    assert not DEVELOPMENT.search("Written after the Spanish encyclopedia article on Pedro")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", [None, *GAMES])
def test_no_rules_page_shows_a_file_name_or_a_contract_section(client, game, language):
    url = reverse("rules:index") if game is None else reverse("rules:page", args=[game])
    response = get(client, url, language)
    assert response.status_code == 200
    found = DEVELOPMENT.findall(shown_text(response.content.decode()))
    assert not found, f"{url} in {language}: {found}"


def test_an_unknown_game_is_not_found(client):
    for name in ("no-such-game", "README", "monterey_draw"):
        assert client.get(f"/rules/{name}/").status_code == 404
    assert client.get("/rules/../settings.py").status_code == 404


def test_a_page_with_no_translation_is_shown_in_english_with_a_note(client, rules_dir):
    english = "# Cinch (`cinch`)\n\n## Deal\n\nNine cards each.\n"
    (rules_dir / "cinch.md").write_text(english, encoding="utf-8")
    (rules_dir / "README.md").write_text("# The games\n\n## All\n", encoding="utf-8")
    (rules_dir / "es" / "README.md").write_text("# Los juegos\n\n## Todos\n", encoding="utf-8")

    body = get(client, reverse("rules:page", args=["cinch"]), "es").content.decode()
    assert page_headings(body) == ["Deal"]
    assert 'class="note rules-missing"' in body
    assert '<article class="rules" lang="en">' in body

    index = get(client, reverse("rules:index"), "es").content.decode()
    assert page_headings(index) == ["Todos"] and "rules-missing" not in index
    english_page = get(client, reverse("rules:page", args=["cinch"]), "en").content.decode()
    assert "rules-missing" not in english_page


def test_a_game_with_no_page_at_all_is_not_found(client, rules_dir):
    assert get(client, reverse("rules:page", args=["cinch"]), "es").status_code == 404
    assert get(client, reverse("rules:index"), "en").status_code == 404


def test_raw_html_in_a_page_is_shown_as_text(client, rules_dir):
    text = (
        "# Cinch (`cinch`)\n\n<script>alert('x')</script>\n\n"
        'Some <b onclick="go()">bold</b> words, <img src=x onerror=go()>.\n\n'
        "<div>\nblock\n</div>\n\n"
        "[a link](javascript:go()) and [another](../../RULES.md) and [Pedro](pedro-62.md#deal)\n"
    )
    (rules_dir / "cinch.md").write_text(text, encoding="utf-8")
    body = get(client, reverse("rules:page", args=["cinch"]), "en").content.decode()
    article = body[body.index('<article class="rules"') : body.index("</article>")]
    assert "&lt;script&gt;" in article and "<script" not in article
    assert "&lt;b onclick" in article and "<b " not in article
    assert "<img" not in article and "&lt;div&gt;" in article
    assert "javascript:" not in article and "RULES.md" not in article
    assert f'href="{reverse("rules:page", args=["pedro-62"])}#deal"' in article


def test_an_edited_page_shows_at_once(client, rules_dir):
    path = rules_dir / "cinch.md"
    path.write_text("# Cinch (`cinch`)\n\n## Before\n", encoding="utf-8")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    url = reverse("rules:page", args=["cinch"])
    assert page_headings(get(client, url, "en").content.decode()) == ["Before"]
    path.write_text("# Cinch (`cinch`)\n\n## After\n", encoding="utf-8")
    os.utime(path, ns=(2_000_000_000, 2_000_000_000))
    assert page_headings(get(client, url, "en").content.decode()) == ["After"]


def test_only_reading_is_allowed(client):
    url = reverse("rules:page", args=["cinch"])
    assert client.post(url).status_code == 405
    assert client.head(url).status_code == 200


def test_the_page_uses_no_inline_style_or_script(client):
    body = client.get(reverse("rules:page", args=["sixty-three"])).content.decode()
    assert " style=" not in body and "<style" not in body
    assert not re.search(r"<script(?![^>]*\bsrc=)", body)
    assert "lang-switch" in body


def test_a_table_is_rendered_with_every_row(client):
    text = source("en", "sixty-three.md")
    # Every line of the table but the one under its header is a row.
    rows = sum(1 for line in text.splitlines() if line.startswith("|")) - 1
    body = client.get(reverse("rules:page", args=["sixty-three"])).content.decode()
    assert body.count("<tr>") == rows


def test_the_home_page_links_the_rules(client):
    body = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("rules:index")}"' in body

"""An htmx page: the partial to htmx, the page to anyone else, and a Vary
header that says so without losing what else the response varies on."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django_htmx.middleware import HtmxDetails

from pedroparty import htmx


def request(*, hx: bool):
    headers = {"HX-Request": "true"} if hx else {}
    made = RequestFactory().get("/", headers=headers)
    made.htmx = HtmxDetails(made)
    return made


@pytest.fixture
def rendered(monkeypatch) -> list[str]:
    """The template names asked for; each response already varies on Cookie."""
    names: list[str] = []

    def render(request, name, context, status=200):
        names.append(name)
        response = HttpResponse(name, status=status)
        response["Vary"] = "Cookie"
        return response

    monkeypatch.setattr(htmx, "render", render)
    return names


def test_htmx_gets_the_partial_and_a_page_load_the_page(rendered):
    htmx.render_page(request(hx=True), "host/round.html", {}, partial="grid")
    htmx.render_page(request(hx=False), "host/round.html", {}, partial="grid")
    htmx.render_page(request(hx=True), "host/round.html", {})
    assert rendered == ["host/round.html#grid", "host/round.html", "host/round.html"]


@pytest.mark.parametrize("hx", [True, False])
def test_the_response_varies_on_hx_request_as_well(rendered, hx):
    response = htmx.render_page(request(hx=hx), "page.html", {}, partial="part", status=422)
    assert response.status_code == 422
    assert response["Vary"] == "Cookie, HX-Request"


def test_vary_on_htmx_adds_the_header_once():
    response = HttpResponse()
    response["Vary"] = "Accept-Language, HX-Request"
    assert htmx.vary_on_htmx(response)["Vary"] == "Accept-Language, HX-Request"
    assert htmx.vary_on_htmx(HttpResponse())["Vary"] == "HX-Request"

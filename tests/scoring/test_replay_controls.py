"""A replay opens on the deal, its controls are plain words, and stepping
on stops at the deal's last step."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.models import OnlineTable

from .builders import act, make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

RARE_SYMBOLS = "⏮⏭⏯⏴⏵▶◀"


def finished_table() -> OnlineTable:
    table = make_table(("human", "heuristic", "heuristic", "heuristic"), deals=2)
    while state_of(table).phase != "done":
        run_bots(table)
        state = state_of(table)
        if state.phase != "done":
            act(table, state.legal_actions()[0])
    return table


def nav(text: str) -> str:
    return re.search(r'<nav class="stepper-nav".*?</nav>', text, re.S).group(0)


@pytest.fixture
def replay():
    table = finished_table()
    steps = table.deals.get(number=1).events.count()
    urls = [
        reverse("play:seat_replay", args=[seats_of(table)[0].token, 1]),
        reverse("play:manage_replay", args=[table.creator_token, 1]),
    ]
    return urls, steps


def test_a_replay_opens_at_the_start(client, replay):
    urls, steps = replay
    for url in urls:
        text = client.get(url).content.decode()
        assert f"Step 0 of {steps}" in text
        assert "The deal." in text
        controls = nav(text)
        assert 'rel="prev"' not in controls  # nothing before the start
        assert f'href="{url}?step=1"' in controls


def test_the_controls_use_plain_words(client, replay):
    urls, steps = replay
    for step in (0, 3, steps):
        text = client.get(f"{urls[0]}?step={step}").content.decode()
        assert not set(RARE_SYMBOLS) & set(text), step
        assert "<script>" not in text and "onclick" not in text
    assert "/static/js/replay.js" in text


def test_stepping_on_stops_at_the_last_step(client, replay):
    urls, steps = replay
    text = client.get(f"{urls[0]}?step={steps}").content.decode()
    controls = nav(text)
    assert f"Step {steps} of {steps}" in text
    assert "data-replay-next" not in controls and 'rel="next"' not in controls
    assert "data-replay-play" not in controls
    assert f"step={steps + 1}" not in controls
    before = nav(client.get(f"{urls[0]}?step={steps - 1}").content.decode())
    assert f'href="{urls[0]}?step={steps}"' in before and "data-replay-play" in before


def test_the_play_script_is_served(client):
    response = client.get("/static/js/replay.js")
    assert response.status_code == 200
    body = b"".join(response.streaming_content).decode()
    assert "data-replay-next" in body and "clearInterval" in body


@pytest.mark.parametrize("step", ["x", "²", "9" * 5000, ""])
def test_a_step_that_is_no_whole_number_opens_the_start(client, replay, step):
    urls, steps = replay
    response = client.get(urls[0], {"step": step})
    assert response.status_code == 200
    assert f"Step 0 of {steps}" in response.content.decode()

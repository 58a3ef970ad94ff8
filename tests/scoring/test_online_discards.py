"""Discards chosen together and confirmed at once, in every game whose
exchange has discards a player chooses: one ``discard`` action per card,
applied in order in one request, all of them or none."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.translation import gettext, override

from scoring import services
from scoring.models import DealEvent, OnlineSeat, OnlineTable
from scoring.rules import PARTNERSHIP_RULESETS
from scoring.services import PlayError
from scoring.texts import card_name

from .builders import make_table, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

#: The games where a player chooses their discards (the Draw's go by themselves).
CHOOSING = [
    name for name, rs in PARTNERSHIP_RULESETS.items() if rs.exchange not in ("draw", "none")
]


def discards_of(legal: list[str]) -> list[str]:
    return [action.split()[1] for action in legal if action.startswith("discard ")]


def chooser(game: str, fits=lambda state: True) -> tuple[OnlineTable, OnlineSeat, list[str]]:
    """A table of four people at the discards, a seat to act that may let at
    least two cards go together (and whose deal ``fits``), and two such
    cards.  Every move before it is the seat's first legal one ("keep" when
    a seat has nothing to let go); a deal without such a seat is dealt again."""
    for _attempt in range(20):
        table = make_table(ruleset=game)
        for _ in range(60):
            state = state_of(table)
            if state.phase not in ("dark", "bid", "trump", "discard"):
                break
            legal = state.legal_actions()
            cards = discards_of(legal)
            if state.phase == "discard" and len(cards) >= 2:
                # Would the engine take the first two one after the other?
                trial = state_of(table)
                trial.apply(f"discard {cards[0]}")
                again = trial.to_act == state.to_act
                if again and f"discard {cards[1]}" in trial.legal_actions() and fits(state):
                    return table, seats_of(table)[state.to_act], cards[:2]
            move = "keep" if "keep" in legal else legal[0]
            seat = seats_of(table)[state.to_act]
            services.table_act(token=seat.token, action=move, version=table.version)
        OnlineTable.objects.filter(pk=table.pk).delete()
    raise AssertionError(f"no deal of {game} let a seat discard two cards together")


def snapshot(table: OnlineTable, seat: OnlineSeat) -> tuple:
    """What a refused request must leave as it was."""
    table.refresh_from_db()
    view = state_of(table).view(seat.seat)
    events = DealEvent.objects.filter(deal=table.current).count()
    return table.version, list(table.current.log), events, view["hand"], view["my_discards"]


@pytest.mark.parametrize("game", CHOOSING)
def test_the_chosen_discards_go_together_in_order(game):
    table, seat, cards = chooser(game)
    version, log, events, hand, mine = snapshot(table, seat)
    cards = cards[::-1]  # not the hand's order: the order chosen

    services.table_discard(token=seat.token, cards=cards, version=version)

    after_version, after_log, after_events, after_hand, after_mine = snapshot(table, seat)
    assert after_version == version + 1
    assert after_log == [*log, *(f"discard {card}" for card in cards)]
    assert after_events == events + 2
    stored = DealEvent.objects.filter(deal=table.current).order_by("-seq")[:2]
    assert [(e.action, e.seat, e.by) for e in reversed(stored)] == [
        (f"discard {card}", seat.seat, "human") for card in cards
    ]
    assert sorted(after_hand) == sorted(set(hand) - set(cards))
    assert after_mine == [*mine, *cards]


@pytest.mark.parametrize("game", ["monterey-widow", "sixty-three", "king-pedro"])
def test_a_refused_card_discards_nothing_and_says_which(game):
    table, seat, cards = chooser(game)
    before = snapshot(table, seat)
    held = set(before[3])
    elsewhere = next(
        code
        for other in seats_of(table)
        if other.seat != seat.seat
        for code in state_of(table).view(other.seat)["hand"]
    )
    assert elsewhere not in held
    # The first card alone would be taken: the second makes the whole request fail.
    with override("en"), pytest.raises(PlayError) as refused:
        services.table_discard(token=seat.token, cards=[cards[0], elsewhere], version=before[0])
    message = refused.value.message
    assert message.startswith("Nothing was discarded")
    assert card_name(elsewhere) in message and "you do not hold" in message
    assert snapshot(table, seat) == before


def widow_trumps(state) -> list[str]:
    """The trumps of the Widow's seat to act: every card it may not let go."""
    legal = discards_of(state.legal_actions())
    return [code for code in state.view(state.to_act)["hand"] if code not in legal]


def widow_owed(state) -> int:
    hand = state.view(state.to_act)["hand"]
    return len(hand) - max(state.rs.hand_size, len(widow_trumps(state)))


def test_a_trump_in_the_widow_is_refused_with_the_rule():
    table, seat, cards = chooser("monterey-widow", lambda state: widow_trumps(state))
    before = snapshot(table, seat)
    trump = widow_trumps(state_of(table))[0]
    with override("en"), pytest.raises(PlayError) as refused:
        services.table_discard(token=seat.token, cards=[cards[0], trump], version=before[0])
    assert refused.value.message == (
        f"Nothing was discarded: {card_name(trump)} may not go (trumps are never discarded)."
    )
    assert snapshot(table, seat) == before


def test_more_cards_than_the_widow_lets_go_discards_nothing():
    def more_than_owed(state) -> bool:
        return len(discards_of(state.legal_actions())) > widow_owed(state)

    table, seat, _cards = chooser("monterey-widow", more_than_owed)
    before = snapshot(table, seat)
    state = state_of(table)
    legal, owed = discards_of(state.legal_actions()), widow_owed(state)
    assert owed >= 2  # the chooser's seat lets two go together
    with override("en"), pytest.raises(PlayError) as refused:
        services.table_discard(token=seat.token, cards=legal, version=before[0])
    assert refused.value.message == f"Nothing was discarded: you may let only {owed} cards go now."
    assert snapshot(table, seat) == before


def test_no_card_a_card_twice_and_a_stale_screen_are_refused():
    table, seat, cards = chooser("sixty-three")
    before = snapshot(table, seat)
    with override("en"):
        for chosen, version, text in [
            ([], before[0], "Choose the cards to discard, then confirm."),
            ([cards[0], cards[0]], before[0], "Nothing was discarded: a card was chosen twice."),
            (cards, before[0] - 1, services.STALE),
        ]:
            with pytest.raises(PlayError) as refused:
                services.table_discard(token=seat.token, cards=chosen, version=version)
            assert refused.value.message == text
    assert snapshot(table, seat) == before


def test_only_the_seat_to_act_discards_and_only_at_the_discards():
    table, seat, cards = chooser("sixty-three")
    before = snapshot(table, seat)
    other = next(s for s in seats_of(table) if s.seat != seat.seat)
    with override("en"), pytest.raises(PlayError) as refused:
        services.table_discard(token=other.token, cards=cards, version=before[0])
    assert refused.value.message.startswith("It is not your turn")
    assert snapshot(table, seat) == before


def test_the_seat_page_sends_the_chosen_discards_in_one_request():
    table, seat, cards = chooser("sixty-three")
    before = snapshot(table, seat)
    client = Client()
    url = reverse("play:seat_act", args=[seat.token])
    page = client.get(reverse("play:seat", args=[seat.token])).content.decode()
    # The page offers the confirmation (shown by its script) and each card as a choice.
    assert 'name="action" value="discard"' in page and "data-discard-confirm" in page
    for card in cards:
        assert f'value="discard {card}"' in page

    response = client.post(url, {"version": before[0], "action": "discard", "card": cards})
    assert response.status_code == 302
    after = snapshot(table, seat)
    assert after[1] == [*before[1], *(f"discard {card}" for card in cards)]

    # Refused (a card the seat does not hold): 422, why, and nothing changed.
    state = state_of(table)
    assert state.to_act == seat.seat  # ten cards less two: still above six
    first = discards_of(state.legal_actions())[0]
    stranger = next(code for code in ("AS", "AH", "AD", "AC") if code not in after[3])
    response = client.post(
        url,
        {"version": after[0], "action": "discard", "card": [first, stranger]},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 422
    body = response.content.decode()
    assert "Nothing was discarded" in body and card_name(stranger) in body
    assert snapshot(table, seat) == after


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_refusal_is_said_in_the_players_language(lang):
    table, seat, cards = chooser("sixty-three")
    before = snapshot(table, seat)
    stranger = next(code for code in ("AS", "AH", "AD", "AC") if code not in before[3])
    with override(lang):
        with pytest.raises(PlayError) as refused:
            services.table_discard(token=seat.token, cards=[cards[0], stranger], version=before[0])
        template = gettext("Nothing was discarded: %(card)s may not go (%(why)s).")
        name = card_name(stranger)
    assert template != "Nothing was discarded: %(card)s may not go (%(why)s)."
    assert refused.value.message.startswith(template.split("%(card)s")[0] + name)
    assert snapshot(table, seat) == before


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_the_confirmation_and_the_json_answer_in_the_players_language(lang):
    table, seat, cards = chooser("sixty-three")
    before = snapshot(table, seat)
    client = Client(headers={"Accept-Language": lang})
    page = client.get(reverse("play:seat", args=[seat.token])).content.decode()
    with override(lang):
        button = gettext("Discard the chosen cards")
        how = gettext("Tap the cards to let go (tap again to keep one), then confirm.")
    assert button != "Discard the chosen cards" and button in page and how in page

    response = client.post(
        reverse("play:seat_act", args=[seat.token]),
        {"version": before[0], "action": "discard", "card": cards},
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 200 and response.json()["error"] == ""
    assert snapshot(table, seat)[1] == [*before[1], *(f"discard {card}" for card in cards)]

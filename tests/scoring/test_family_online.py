"""Every game of PARTNERSHIP_RULESETS at an online table (RULES.md 7 and 11): created
through the page with its house options, played to the end by bots through
the services with the engine's own scores, every page rendered at every
step, and every action of every phase accepted when legal and refused with
no change when not."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.forms import option_field_name, table_house_options
from scoring.models import DealEvent, OnlineTable
from scoring.rules import PARTNERSHIP_RULESETS, game_winner, new_deal
from scoring.rules.bots import BOTS
from scoring.rules.cards import ALL_CODES, ANY_CARD
from scoring.selectors import bid_text
from scoring.services import PlayError
from scoring.wording import bid_words

from .builders import act, make_table, run_bots, seats_of, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_think")]

GAMES = list(PARTNERSHIP_RULESETS)
#: Moves no game knows.
JUNK = ["bid 99", "play 1Z", "keep please", ""]


def table_form(game: str, kinds=("heuristic",) * 4) -> dict[str, str]:
    """The new-table form as a browser posts it: the game's own house options."""
    data = {"ruleset": game, "length": "target", "target": "", "deals": "", "idle_seconds": "120"}
    for number, kind in enumerate(kinds, start=1):
        data[f"name{number}"] = ""
        data[f"kind{number}"] = kind
    rs = PARTNERSHIP_RULESETS[game]
    for option in table_house_options(game):
        value = getattr(rs, option.name)
        if option.kind is bool:
            if value:
                data[option_field_name(game, option)] = "on"
        else:
            data[option_field_name(game, option)] = str(value)
    return data


def engine_game(table: OnlineTable) -> tuple[tuple[int, int], int | None]:
    """The game's totals and winner, from each stored deck and action log
    replayed by the engine alone."""
    rs = services.table_ruleset(table)
    totals, winner = (0, 0), None
    for deal in table.deals.order_by("number"):
        state = new_deal(rs, dealer=deal.dealer, deck=list(deal.deck))
        for action in deal.events.order_by("seq").values_list("action", flat=True):
            state.apply(action)
        assert state.phase == "done"
        record = state.record()
        team = record["bidder"] % 2
        before = totals
        totals = rs.game_add(totals, state.score(), team)
        made = rs.bid_made(record["bid"], record["bidding_team_points"])
        winner = game_winner(rs, totals, team, made, before=before)
    return totals, winner


@pytest.mark.parametrize("game", GAMES)
def test_bots_play_a_game_made_on_the_page_to_its_end(game, client):
    response = client.post(reverse("play:new"), table_form(game))
    assert response.status_code == 302
    table = OnlineTable.objects.get()
    rs = services.table_ruleset(table)
    assert rs.name == game and rs.target == PARTNERSHIP_RULESETS[game].target
    for _ in range(200):
        run_bots(table)
        if table.status == OnlineTable.Status.FINISHED:
            break
    assert table.status == OnlineTable.Status.FINISHED
    totals, winner = engine_game(table)
    assert (table.score0, table.score1) == totals
    assert table.winner == winner is not None
    for deal in table.deals.all():
        assert (deal.score0, deal.score1) == tuple(deal.record["tally"])


@pytest.mark.parametrize("game", GAMES)
def test_a_house_option_set_on_the_page_is_the_tables(game, client):
    rs = PARTNERSHIP_RULESETS[game]
    data = table_form(game, kinds=("human", "heuristic", "heuristic", "heuristic"))
    # A game with a list of targets is played to one of them; any other, to 40.
    targets = next((o.choices for o in rs.house_options if o.name == "target"), ())
    target = targets[-1] if targets else 40
    data["target"] = str(target)
    changed = {}
    for option in table_house_options(game):
        default = getattr(rs, option.name)
        field = option_field_name(game, option)
        if option.kind is bool:
            changed[option.name] = not default
            if default:
                data.pop(field)
            else:
                data[field] = "on"
        elif option.choices:
            changed[option.name] = next(c for c in option.choices if c != default)
            data[field] = str(changed[option.name])
    assert client.post(reverse("play:new"), data).status_code == 302
    made = services.table_ruleset(OnlineTable.objects.get())
    assert {name: getattr(made, name) for name in changed} == changed
    assert made.target == target


def test_a_target_the_game_does_not_have_is_refused_on_its_field(client):
    data = table_form("pedro-62", kinds=("human", "heuristic", "heuristic", "heuristic"))
    data["target"] = "61"
    response = client.post(reverse("play:new"), data)
    assert response.status_code == 422
    assert "This game is played to" in response.content.decode()
    assert not OnlineTable.objects.exists()


@pytest.mark.parametrize("game", GAMES)
def test_every_action_of_every_phase_is_accepted_when_legal_and_refused_when_not(game):
    """A person at each seat: at every step another seat's move, moves the
    rules refuse (three drawn from those seen so far) and a string no game
    knows change nothing; the engine's legal moves are all accepted (each
    tried on a copy of the table's state)."""
    rng = random.Random(game)
    table = make_table(ruleset=game, deals=1)  # every phase; deal 2 plays them again
    seats = seats_of(table)
    phases = set()
    vocabulary: set[str] = set()
    for step in range(400):
        table.refresh_from_db()
        if table.status == OnlineTable.Status.FINISHED:
            break
        state = state_of(table)
        if state.phase == "done":
            act(table, "next")
            continue
        phases.add(state.phase)
        legal = state.legal_actions()
        vocabulary.update(legal)
        version, events = table.version, DealEvent.objects.count()
        # Three of the moves seen so far that are not legal now, drawn anew
        # each step, and one of the strings no game knows, in turn.
        refused = sorted(vocabulary - set(legal))
        illegal = rng.sample(refused, min(3, len(refused))) + [JUNK[step % len(JUNK)]]
        for action in illegal:
            with pytest.raises(PlayError):
                services.table_act(token=seats[state.to_act].token, action=action, version=version)
        other = seats[(state.to_act + 1) % 4]
        with pytest.raises(PlayError):
            services.table_act(token=other.token, action=legal[0], version=version)
        table.refresh_from_db()
        assert (table.version, DealEvent.objects.count()) == (version, events)
        for action in legal:
            copy = type(state).from_json(state.to_json())
            copy.apply(action)  # the engine takes each; the service takes the one chosen
        act(table, rng.choice(legal))
        table.refresh_from_db()
        assert table.version > version
    assert table.status == OnlineTable.Status.FINISHED
    assert "play" in phases and phases & {"dark", "bid"}


@pytest.mark.parametrize("game", GAMES)
def test_every_page_renders_at_every_step(game):
    rng = random.Random(game)
    table = make_table(("human", "heuristic", "random", "heuristic"), ruleset=game, deals=2)
    client = Client()
    me = seats_of(table)[0]
    for _ in range(500):
        run_bots(table)
        page = client.get(reverse("play:seat", args=[me.token]))
        assert page.status_code == 200
        state = state_of(table)
        if state.phase not in ("done", "play"):
            assert (
                f"{PARTNERSHIP_RULESETS[game].total_points} points a deal" in page.content.decode()
            )
        assert client.get(reverse("play:seat_state", args=[me.token])).status_code == 200
        if table.status == OnlineTable.Status.FINISHED:
            break
        act(table, "next" if state.phase == "done" else rng.choice(state.legal_actions()))
    assert table.status == OnlineTable.Status.FINISHED
    for deal in table.deals.all():
        replay = client.get(reverse("play:seat_replay", args=[me.token, deal.number]))
        assert replay.status_code == 200


def test_every_bot_kind_plays_every_game():
    for game in GAMES:
        table = make_table(tuple(BOTS) * (4 // len(BOTS)), ruleset=game, deals=1)
        run_bots(table)
        assert table.status == OnlineTable.Status.FINISHED


def test_louisianas_top_contracts_are_said_as_numbers():
    rs = PARTNERSHIP_RULESETS["louisiana"]
    assert [bid_words(bid, rs) for bid in rs.top_contracts] == ["28", "56"]
    assert bid_words(
        PARTNERSHIP_RULESETS["monterey-draw"].shoot_bid, PARTNERSHIP_RULESETS["monterey-draw"]
    ) == ("shoot the moon")


def test_a_suit_bid_reads_with_its_suit():
    assert bid_text("bid 7 H", PARTNERSHIP_RULESETS["oregon"]) == "7 ♥"


def test_the_trumps_pedros_bidder_takes_from_the_stock_show_on_every_seats_page():
    table = make_table(("human",) * 4, ruleset="pedro-62", deals=6)
    client = Client()
    seats = seats_of(table)
    for _ in range(400):
        state = state_of(table)
        if state.phase == "done":
            act(table, "next")
            continue
        legal = state.legal_actions()
        seat = state.to_act
        if state.phase == "discard" and seat == state.bidder and len(state.hand(seat)) > 3:
            action = next(a for a in legal if a != "keep")
        elif state.phase == "fill":
            trumps = [a for a in legal if state._ist[ANY_CARD[a[5:]]]]
            action = (trumps or legal)[0]
        else:
            action = legal[0]
        act(table, action)
        state = state_of(table)
        if state.phase == "play" and state.open_cards:
            break
    shown = [ALL_CODES[c] for c in state.open_cards]
    assert shown, "no deal had a trump left in the stock for the bidder"
    for seat in seats:
        page = client.get(reverse("play:seat", args=[seat.token])).content.decode()
        assert "Trumps the bidder took openly from the pack:" in page

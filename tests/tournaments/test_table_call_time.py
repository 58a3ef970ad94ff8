"""Time called at one table: asked for on its own page, confirmed by a tick,
and undone until the round closes, like the round's call.

A table's "Call time" on the round page is a link to a confirmation (the
grid is polled, so a confirmation inside it would be closed by the next
poll); a post without the tick changes nothing.  The table's own call is
undone from its card; a table called with the whole round is undone with
the round's call.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.errors import UserError
from tournaments.models import AuditEntry, DealResult, Party, Round, TableRound
from tournaments.selectors import public as public_selectors

from .builders import deal_enter as enter
from .builders import make_party, tied_table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_memos():
    public_selectors.forget_local()


@pytest.fixture
def three_tables(host) -> tuple[Party, Round]:
    """Round 1 of twelve players: table 1 done, tables 2 and 3 one deal in."""
    party = make_party(host, players=12)
    rnd = services.round1_seat_draw(party=party, seed=5, user=host)
    for deal in range(1, party.deals_per_round + 1):
        enter(party, rnd, 1, deal, host)
    enter(party, rnd, 2, 1, host)
    enter(party, rnd, 3, 1, host)
    party.refresh_from_db()
    return party, rnd


@pytest.fixture
def signed_in(client, host):
    client.force_login(host)
    return client


def called(rnd: Round) -> dict[int, bool]:
    return dict(TableRound.objects.filter(round=rnd).values_list("table", "time_called"))


def version(party: Party) -> int:
    return Party.objects.get(pk=party.pk).version


def url(party: Party, name: str, table: int | None = None) -> str:
    args = [party.slug, 1] if table is None else [party.slug, 1, table]
    return reverse(f"host:{name}", args=args)


def card(page: str, table: int) -> str:
    """The round page's card of ``table``."""
    for part in page.split('<article class="table-card')[1:]:
        if f">Table {table}</a>" in part:
            return part.split("</article>")[0]
    raise AssertionError(f"no card for table {table}")


# --------------------------------------------------------------------- the pages


def test_the_tables_call_is_a_link_to_its_confirmation(signed_in, three_tables):
    party, rnd = three_tables
    page = signed_in.get(url(party, "round")).content.decode()
    two = card(page, 2)
    assert f'href="{url(party, "table_time", 2)}"' in two and "Call time" in two
    assert f'action="{url(party, "table_time", 2)}"' not in page, "no one-tap form"
    # The confirmation names the table and its players, and needs the tick.
    confirm = signed_in.get(url(party, "table_time", 2))
    assert confirm.status_code == 200
    text = confirm.content.decode()
    assert "Call time at table 2?" in text
    assert 'type="checkbox" name="confirm" value="1" required' in text
    assert f'action="{url(party, "table_time", 2)}"' in text
    assert f'href="{url(party, "round")}"' in text  # the way back, changing nothing
    assert called(rnd) == {1: False, 2: False, 3: False}


def test_a_post_without_the_tick_changes_nothing(signed_in, three_tables):
    party, rnd = three_tables
    before = version(party)
    response = signed_in.post(url(party, "table_time", 2), follow=True)
    assert "Tick the box to call time at table 2." in response.content.decode()
    assert called(rnd) == {1: False, 2: False, 3: False} and version(party) == before
    assert not AuditEntry.objects.filter(action="table_call_time").exists()


def test_the_tick_calls_time_and_the_card_offers_the_undo(signed_in, three_tables):
    party, rnd = three_tables
    response = signed_in.post(url(party, "table_time", 2), {"confirm": "1"}, follow=True)
    page = response.content.decode()
    assert "Time called at table 2. You can undo it until the round closes." in page
    assert called(rnd) == {1: False, 2: True, 3: False}
    two = card(page, 2)
    assert f'action="{url(party, "table_time_undo", 2)}"' in two
    assert "Undo: table 2 plays on" in two
    assert "table_time_undo" not in card(page, 3) and "plays on" not in card(page, 3)

    before = version(party)
    response = signed_in.post(url(party, "table_time_undo", 2), follow=True)
    assert "Time is no longer called at table 2: it plays on." in response.content.decode()
    assert called(rnd) == {1: False, 2: False, 3: False}
    assert version(party) == before + 1
    entry = AuditEntry.objects.get(action="table_call_time_undo")
    assert entry.summary == "Undid the call of time on table 2, round 1"
    # Posted twice (a double tap), the second undo changes nothing more.
    response = signed_in.post(url(party, "table_time_undo", 2), follow=True)
    assert "Time has not been called at table 2." in response.content.decode()
    assert version(party) == before + 1


def test_the_confirmation_refuses_a_table_with_nothing_to_call(signed_in, three_tables, host):
    party, rnd = three_tables
    services.table_call_time(round=rnd, table=2, user=host)
    response = signed_in.get(url(party, "table_time", 2), follow=True)
    assert response.redirect_chain, "already called: back to the round"
    response = signed_in.get(url(party, "table_time", 9), follow=True)
    assert "There is no table 9 in this round." in response.content.decode()


# --------------------------------------------------------------------- the undo service


def test_undo_plays_the_table_on_and_keeps_later_deals(host, three_tables):
    party, rnd = three_tables
    services.table_call_time(round=rnd, table=2, user=host)
    enter(party, rnd, 2, 2, host)  # a deal finished after the call still counts
    services.table_call_time_undo(round=rnd, table=2, user=host)
    assert called(rnd)[2] is False
    assert DealResult.objects.filter(round=rnd, table=2, is_current=True).count() == 2
    # Called again after the undo, it is a new call.
    services.table_call_time(round=rnd, table=2, user=host)
    assert called(rnd)[2] is True


def test_a_table_called_with_the_round_is_undone_with_the_round(host, three_tables, signed_in):
    party, rnd = three_tables
    services.round_call_time(round=rnd, user=host)
    before = version(party)
    with pytest.raises(UserError, match="whole round"):
        services.table_call_time_undo(round=rnd, table=2, user=host)
    assert called(rnd) == {1: False, 2: True, 3: True} and version(party) == before
    page = signed_in.get(url(party, "round")).content.decode()
    assert "plays on" not in card(page, 2) and "Undo the call of time" in page


def test_undo_is_refused_once_the_round_closes_or_the_cut_is_recorded(host):
    party, rnd = tied_table(host)
    services.table_call_time(round=rnd, table=1, user=host)
    services.table_record_cut(round=rnd, table=1, team=0, user=host)
    with pytest.raises(UserError, match="cut"):
        services.table_call_time_undo(round=rnd, table=1, user=host)
    services.round_close(round=rnd, user=host, seat_next=False)
    before = version(party)
    with pytest.raises(UserError, match="closed"):
        services.table_call_time_undo(round=rnd, table=1, user=host)
    assert called(rnd) == {1: True} and version(party) == before

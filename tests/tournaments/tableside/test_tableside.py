"""Table-side entry: a table's players enter a deal on a phone, the other team confirms.

An entry is no result until a player of the other team (or the host)
confirms it; the table's link opens only its own table in its own round, and
stops working when the round closes.
"""

from __future__ import annotations

import random
import re
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import make_party, play_round
from tournaments import selectors, services
from tournaments.errors import UserError
from tournaments.models import AuditEntry, DealResult, Party, TableEntry, TableRound
from tournaments.tableside import services as tableside_services
from tournaments.tableside.services import table_entry_confirm

pytestmark = pytest.mark.django_db


def _seated(host, **options):
    party = make_party(host, tableside_entry=True, **options)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    return party, rnd


def _token(rnd, table: int = 1) -> str:
    return TableRound.objects.get(round=rnd, table=table).entry_token


def _deal(party: Party) -> dict[str, int]:
    """A legal deal of the party's game: seat 1 (seat 0) bids one over the minimum."""
    rs = services.party_ruleset(party)
    return {"bidder": 0, "bid": rs.min_bid + 1, "bidding_team_points": rs.total_points - 3}


def _phone(token: str, seat: int) -> Client:
    phone = Client()
    response = phone.post(reverse("tableside:me", args=[token]), {"seat": seat})
    assert response.status_code == 302
    return phone


def _enter(phone: Client, token: str, party: Party, deal: int = 1, **changes):
    data = {"deal": deal, **_deal(party), "trump": "", **changes}
    return phone.post(reverse("tableside:enter", args=[token]), data)


def _check(phone: Client, token: str, deal: int = 1) -> str:
    """The mark of the check screen the phone opens for the deal ("" if none opens)."""
    screen = phone.get(reverse("tableside:hand", args=[token, deal]))
    if screen.status_code != 200:
        return ""
    return re.search(r'name="check" value="([^"]+)"', screen.content.decode()).group(1)


def _confirm(phone: Client, token: str, seat: int, deal: int = 1):
    """The player of ``seat`` taps their name on the deal's check screen."""
    data = {"seat": seat, "check": _check(phone, token, deal)}
    return phone.post(reverse("tableside:confirm", args=[token, deal]), data)


def _standings_total(party: Party) -> int:
    party.refresh_from_db()
    return sum(abs(line.score) for line in selectors.party_standings(party).rows)


def test_an_entry_counts_only_after_the_other_team_confirms(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    first, second = _phone(token, 0), _phone(token, 1)
    page = first.get(reverse("tableside:table", args=[token]))
    assert page.status_code == 200
    version = Party.objects.get(pk=party.pk).version

    assert _enter(first, token, party).status_code == 302
    entry = TableEntry.objects.get()
    assert entry.status == TableEntry.Status.PENDING and entry.entered_seat == 0
    assert not DealResult.objects.exists()
    assert _standings_total(party) == 0
    assert party.version > version  # the players' page updates
    # The opponent's phone shows it, with the way to its check screen.
    shown = second.get(reverse("tableside:table", args=[token])).content.decode()
    assert reverse("tableside:hand", args=[token, 1]) in shown
    assert reverse("tableside:confirm", args=[token, 1]) not in shown

    assert _confirm(second, token, 1).status_code == 302
    result = DealResult.objects.get()
    entry.refresh_from_db()
    assert entry.status == TableEntry.Status.CONFIRMED and entry.result == result
    assert result.source == DealResult.Source.TABLE
    assert (result.bidder, result.bid) == (0, _deal(party)["bid"])
    assert _standings_total(party) > 0
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"tableside_enter", "result_record", "tableside_confirm"} <= actions


def test_the_entering_team_cannot_confirm_its_own_entry(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    first = _phone(token, 0)
    _enter(first, token, party)
    for seat in (0, 2):  # the entering player, then the partner
        _confirm(first, token, seat)
        assert TableEntry.objects.get().status == TableEntry.Status.PENDING
    assert not DealResult.objects.exists()
    page = first.get(reverse("tableside:table", args=[token])).content.decode()
    assert "other team must confirm" in page
    assert reverse("tableside:hand", args=[token, 1]) in page


def test_a_hand_over_screen_lets_an_opponent_confirm_on_the_same_phone(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    phone = _phone(token, 2)
    _enter(phone, token, party)
    screen = phone.get(reverse("tableside:hand", args=[token, 1]))
    assert screen.status_code == 200
    names = selectors.table_sheet(party, rnd, 1).players
    text = screen.content.decode()
    assert names[1] in text and names[3] in text
    assert _confirm(phone, token, 3).status_code == 302
    assert DealResult.objects.filter(source=DealResult.Source.TABLE).count() == 1


def test_the_other_team_may_reject_with_a_reason_and_the_deal_is_entered_again(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    first, second = _phone(token, 0), _phone(token, 1)
    _enter(first, token, party)
    second.post(
        reverse("tableside:reject", args=[token, 1]),
        {"seat": 1, "reason": "She took 9, not 13", "check": _check(second, token)},
    )
    entry = TableEntry.objects.get()
    assert entry.status == TableEntry.Status.REJECTED
    assert (
        "She took 9, not 13" in first.get(reverse("tableside:table", args=[token])).content.decode()
    )
    # Rejected is not confirmed: nothing scored, and no confirmation of it.
    _confirm(second, token, 1)
    assert not DealResult.objects.exists()
    _enter(first, token, party, bidding_team_points=services.party_ruleset(party).total_points - 7)
    statuses = sorted(TableEntry.objects.values_list("status", flat=True))
    assert statuses == [TableEntry.Status.PENDING, TableEntry.Status.SUPERSEDED]


def test_a_pending_entry_cannot_be_entered_twice_and_bad_input_stores_nothing(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    phone = _phone(token, 0)
    rs = services.party_ruleset(party)
    for bad in (
        {"bid": rs.min_bid - 1},
        {"bidding_team_points": rs.total_points + 1},
        {"deal": 99},
    ):
        assert _enter(phone, token, party, **bad).status_code == 422
    assert not TableEntry.objects.exists()
    _enter(phone, token, party)
    again = _enter(_phone(token, 1), token, party)
    assert again.status_code == 422
    assert TableEntry.objects.count() == 1


def test_without_a_seat_a_phone_cannot_enter(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    _enter(Client(), token, party)
    assert not TableEntry.objects.exists()


def test_another_tables_or_rounds_token_is_refused(host):
    party, rnd = _seated(host)
    first = _phone(_token(rnd, 1), 0)
    _enter(first, _token(rnd, 1), party)
    # Table 2's link knows nothing of table 1's entry.
    other = _phone(_token(rnd, 2), 1)
    _confirm(other, _token(rnd, 2), 1)
    assert not DealResult.objects.exists()
    assert TableEntry.objects.get().status == TableEntry.Status.PENDING
    # An unknown token, and another party's token, are no table here.
    assert Client().get(reverse("tableside:table", args=["x" * 22])).status_code == 404
    # Next round's links are new: table 1's round-1 link does not open round 2.
    play_round(party, rnd, host, random.Random(5))
    nxt = services.round_close(round=rnd, user=host)
    assert _token(nxt, 1) != _token(rnd, 1)
    old = Client()
    assert old.get(reverse("tableside:table", args=[_token(rnd, 1)])).status_code == 410
    assert not TableEntry.objects.filter(round=nxt).exists()


def test_a_stale_token_after_the_round_closes_stores_nothing(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    phone = _phone(token, 0)
    _enter(phone, token, party, deal=2)
    play_round(party, rnd, host, random.Random(2))  # deal 2 by the host supersedes it
    services.round_close(round=rnd, user=host)
    before = (TableEntry.objects.count(), DealResult.objects.count())
    assert phone.get(reverse("tableside:table", args=[token])).status_code == 410
    assert _enter(phone, token, party, deal=1).status_code == 410
    assert _confirm(Client(), token, 1, deal=2).status_code == 410
    assert Client().post(reverse("tableside:me", args=[token]), {"seat": 1}).status_code == 410
    assert (TableEntry.objects.count(), DealResult.objects.count()) == before


def test_the_option_off_answers_404_everywhere(host):
    party = make_party(host)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    token = _token(rnd)
    client = Client()
    for name, args in (("table", []), ("hand", [1])):
        assert client.get(reverse(f"tableside:{name}", args=[token, *args])).status_code == 404
    for name, args in (("me", []), ("enter", []), ("confirm", [1]), ("reject", [1])):
        response = client.post(reverse(f"tableside:{name}", args=[token, *args]), {"seat": 0})
        assert response.status_code == 404
    assert not TableEntry.objects.exists()


def test_the_host_sees_entries_on_the_grid_and_confirms_one(host, client):
    party, rnd = _seated(host)
    token = _token(rnd)
    _enter(_phone(token, 0), token, party)
    client.force_login(host)
    grid = client.get(reverse("host:round", args=[party.slug, 1])).content.decode()
    confirm = reverse("host:entry_confirm", args=[party.slug, 1, 1, 1])
    assert confirm in grid and "waiting for the other team" in grid
    assert client.post(confirm).status_code == 302
    result = DealResult.objects.get()
    assert result.entered_by == host and result.source == DealResult.Source.TABLE
    assert TableEntry.objects.get().status == TableEntry.Status.CONFIRMED
    grid = client.get(reverse("host:round", args=[party.slug, 1])).content.decode()
    assert confirm not in grid and "confirmed at the table" in grid
    changes = client.get(reverse("host:audit", args=[party.slug]))
    assert changes.status_code == 200
    assert "entered at the table by" in changes.content.decode()
    assert f"confirmed by {host.username}" in changes.content.decode()


def test_the_host_corrects_an_entry_on_the_tablet_and_the_entry_is_superseded(host, client):
    party, rnd = _seated(host)
    token = _token(rnd)
    _enter(_phone(token, 0), token, party)
    client.force_login(host)
    rs = services.party_ruleset(party)
    response = client.post(
        reverse("host:table", args=[party.slug, 1, 1]),
        {"deal": 1, "bidder": 1, "bid": rs.min_bid, "bidding_team_points": rs.total_points},
    )
    assert response.status_code == 302
    assert TableEntry.objects.get().status == TableEntry.Status.SUPERSEDED
    # The phone's later confirmation changes nothing: the host's entry stands.
    _confirm(_phone(token, 1), token, 1)
    result = DealResult.objects.get()
    assert (result.bidder, result.source) == (1, DealResult.Source.HOST)


def test_the_host_switches_the_option_on_and_sees_the_codes(host, client):
    party = make_party(host)
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    client.force_login(host)
    codes = reverse("host:table_codes", args=[party.slug, 1])
    assert _token(rnd) not in client.get(codes).content.decode()
    client.post(reverse("host:tableside_set", args=[party.slug, 1]), {"on": "1"})
    page = client.get(codes).content.decode()
    assert reverse("tableside:table", args=[_token(rnd)]) in page and "<svg" in page
    assert AuditEntry.objects.filter(action="tableside_set").exists()


@pytest.mark.django_db(transaction=True)
def test_a_phone_confirming_while_the_tablet_enters_stores_one_result(host):
    party, rnd = _seated(host)
    rs = services.party_ruleset(party)
    token = _token(rnd)
    _enter(_phone(token, 0), token, party)
    barrier = threading.Barrier(2)
    outcomes: list[object] = [None, None]

    def phone() -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[0] = table_entry_confirm(
                round=rnd, table=1, deal=1, seat=1, entry_id=TableEntry.objects.get().pk
            )
        except Exception as exc:  # checked below
            outcomes[0] = exc
        finally:
            connection.close()

    def tablet() -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[1] = services.result_record(
                round=rnd,
                table=1,
                deal=1,
                entry=services.DealEntry(bidder=3, bid=rs.min_bid, bidding_team_points=0),
                user=host,
            )
        except Exception as exc:  # checked below
            outcomes[1] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=phone), threading.Thread(target=tablet)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = [o for o in outcomes if isinstance(o, DealResult)]
    refused = [o for o in outcomes if isinstance(o, UserError)]
    assert len(stored) == 1 and len(refused) == 1, outcomes
    assert DealResult.objects.filter(round=rnd, table=1, deal=1).count() == 1
    entry = TableEntry.objects.get()
    if stored[0].source == DealResult.Source.HOST:
        assert entry.status == TableEntry.Status.SUPERSEDED
    else:
        assert entry.status == TableEntry.Status.CONFIRMED and entry.result_id == stored[0].pk


def test_the_phone_page_poll_returns_the_live_part(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    first, second = _phone(token, 0), _phone(token, 1)
    _enter(first, token, party)
    poll = second.get(reverse("tableside:table", args=[token]), headers={"HX-Request": "true"})
    text = poll.content.decode()
    assert poll.status_code == 200 and "HX-Request" in poll["Vary"]
    assert reverse("tableside:hand", args=[token, 1]) in text
    assert "<html" not in text
    # The entry form follows the table too: this phone's next deal is the second.
    assert reverse("tableside:enter", args=[token]) in text and 'id="entry-form-2"' in text


def test_a_confirmation_after_the_deal_was_scored_settles_the_entry(host):
    """While the option was off, the host's entry left the waiting one as it
    was; its confirmation now is refused and marks it superseded for good."""
    party, rnd = _seated(host)
    token = _token(rnd)
    _enter(_phone(token, 0), token, party)
    tableside_services.party_tableside_set(party=party, on=False, user=host)
    rs = services.party_ruleset(party)
    services.result_record(
        round=rnd,
        table=1,
        deal=1,
        entry=services.DealEntry(bidder=1, bid=rs.min_bid, bidding_team_points=0),
        user=host,
    )
    assert TableEntry.objects.get().status == TableEntry.Status.PENDING
    tableside_services.party_tableside_set(party=party, on=True, user=host)
    _confirm(_phone(token, 1), token, 1)
    assert TableEntry.objects.get().status == TableEntry.Status.SUPERSEDED
    assert DealResult.objects.get().source == DealResult.Source.HOST


# --------------------------------------------------------------- the check screen


def _answer(phone: Client, token: str, data: dict, *, confirm: bool = True, deal: int = 1):
    name = "tableside:confirm" if confirm else "tableside:reject"
    return phone.post(reverse(name, args=[token, deal]), data)


def test_the_entering_phone_alone_cannot_confirm_without_the_check_screen(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    phone = _phone(token, 0)
    _enter(phone, token, party)
    # It posts an opponent's seat; then says it is that opponent and posts again.
    refused = _answer(phone, token, {"seat": 1})
    _phone_is(phone, token, 1)
    again = _answer(phone, token, {"seat": 1})
    rejected = _answer(phone, token, {"seat": 3, "reason": "no"}, confirm=False)
    for response in (refused, again, rejected):
        assert response.status_code == 302
        assert response["Location"] == reverse("tableside:hand", args=[token, 1])
    assert TableEntry.objects.get().status == TableEntry.Status.PENDING
    assert not DealResult.objects.exists()
    screen = phone.get(refused["Location"]).content.decode()
    assert "Check the deal on this screen, then tap your own name." in screen


def test_a_forged_or_borrowed_check_is_refused(host):
    party, rnd = _seated(host)
    token, other = _token(rnd, 1), _token(rnd, 2)
    phone, neighbour = _phone(token, 0), _phone(other, 0)
    _enter(phone, token, party)
    _enter(neighbour, other, party)
    entry = TableEntry.objects.get(table=1)
    borrowed = _check(neighbour, other)
    for check in (str(entry.pk), borrowed, _check(phone, token)[:-2] + "xx", ""):
        _answer(phone, token, {"seat": 1, "check": check})
    assert not DealResult.objects.exists()
    assert _confirm(phone, token, 1).status_code == 302
    assert DealResult.objects.get().table == 1


def test_a_check_screen_confirms_only_the_entry_it_showed(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    first, second = _phone(token, 0), _phone(token, 1)
    _enter(first, token, party)
    shown = _check(second, token)
    _answer(second, token, {"seat": 1, "reason": "Not 13", "check": shown}, confirm=False)
    points = services.party_ruleset(party).total_points - 7
    _enter(first, token, party, bidding_team_points=points)
    # The screen of the rejected entry confirms nothing of the new one.
    _answer(second, token, {"seat": 1, "check": shown})
    assert not DealResult.objects.exists()
    assert _confirm(second, token, 1).status_code == 302
    assert DealResult.objects.get().bidding_team_points == points


def test_the_check_screen_shows_the_entering_team_the_values_and_the_other_teams_names(host):
    party, rnd = _seated(host)
    token = _token(rnd)
    phone = _phone(token, 2)
    _enter(phone, token, party)
    names = selectors.table_sheet(party, rnd, 1).players
    text = phone.get(reverse("tableside:hand", args=[token, 1])).content.decode()
    assert f"{names[0]} and {names[2]} entered this deal" in text
    assert f"the bidding team took {_deal(party)['bidding_team_points']}" in text
    for seat in (1, 3):
        assert f"I am {names[seat]}: confirm" in text
    for seat in (0, 2):
        assert f"I am {names[seat]}: confirm" not in text
    assert _confirm(phone, token, 3).status_code == 302
    assert DealResult.objects.get().source == DealResult.Source.TABLE


def test_a_phone_confirms_only_with_the_entry_it_was_shown(host):
    party, rnd = _seated(host)
    table_round = TableRound.objects.get(round=rnd, table=1)
    said = _deal(party)
    entry = tableside_services.table_entry_submit(table_round=table_round, deal=1, seat=0, **said)
    for answer in (
        lambda: table_entry_confirm(round=rnd, table=1, deal=1, seat=1),
        lambda: table_entry_confirm(round=rnd, table=1, deal=1, seat=1, entry_id=entry.pk + 1),
        lambda: tableside_services.table_entry_reject(
            round=rnd, table=1, deal=1, seat=1, reason="no"
        ),
    ):
        with pytest.raises(UserError) as refused:
            answer()
        assert "check" in refused.value.errors
    assert TableEntry.objects.get().status == TableEntry.Status.PENDING
    result = table_entry_confirm(round=rnd, table=1, deal=1, seat=1, entry_id=entry.pk)
    assert result.bid == said["bid"]


def _phone_is(phone: Client, token: str, seat: int) -> None:
    response = phone.post(reverse("tableside:me", args=[token]), {"seat": seat})
    assert response.status_code == 302

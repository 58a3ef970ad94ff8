"""A deal entry form's token belongs to one party, one round, one table and
one deal: sent again for that deal with the same values it is answered with
the stored result; sent with anything else it is refused, keyed
``form_token`` and naming what differs, and nothing is stored or changed.
Nothing of another party is ever told."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.errors import UserError
from tournaments.models import AuditEntry, DealResult
from tournaments.services import DealEntry

from .builders import make_party

pytestmark = pytest.mark.django_db

ENTRY = DealEntry(bidder=1, bid=8, bidding_team_points=10)


@pytest.fixture
def rnd(party, host):
    return services.round1_seat_draw(party=party, seed=3, user=host)


def record(rnd, host, *, table=1, deal=1, entry=ENTRY, token="tablet-1"):
    return services.result_record(
        round=rnd, table=table, deal=deal, entry=entry, user=host, form_token=token
    )


def refused(rnd, host, **kwargs) -> UserError:
    rows = list(DealResult.objects.order_by("pk").values())
    audit = AuditEntry.objects.count()
    with pytest.raises(UserError) as caught:
        record(rnd, host, **kwargs)
    assert list(DealResult.objects.order_by("pk").values()) == rows
    assert AuditEntry.objects.count() == audit
    assert set(caught.value.errors) == {"form_token"}
    assert caught.value.result is None
    return caught.value


def test_the_same_deal_with_the_same_values_is_the_stored_result(rnd, host):
    first = record(rnd, host)
    again = record(rnd, host)
    assert again.pk == first.pk and again.replayed
    assert DealResult.objects.count() == 1


def test_a_token_used_for_deal_1_is_refused_for_deal_3(rnd, host):
    record(rnd, host, deal=1)
    error = refused(rnd, host, deal=3)
    message = error.errors["form_token"]
    assert "round 1, table 1, deal 1" in message
    assert "Deal 3 at table 1 of round 1 was not saved" in message
    assert not DealResult.objects.filter(deal=3).exists()


def test_a_token_used_at_table_1_is_refused_at_table_2(rnd, host):
    record(rnd, host, table=1)
    error = refused(rnd, host, table=2)
    assert "Deal 1 at table 2 of round 1 was not saved" in error.message


def test_the_same_deal_with_other_values_is_refused_and_the_stored_one_stands(rnd, host):
    record(rnd, host)
    error = refused(rnd, host, entry=DealEntry(bidder=1, bid=9, bidding_team_points=10))
    assert "other values (the bid)" in error.message
    error = refused(rnd, host, entry=DealEntry(bidder=3, bid=8, bidding_team_points=11))
    assert "other values (the bidder, the points)" in error.message
    row = DealResult.objects.get()
    assert (row.bidder, row.bid, row.bidding_team_points) == (1, 8, 10)


def test_a_token_of_round_1_is_refused_in_round_2(party, rnd, host):
    record(rnd, host, deal=1)
    rs = services.party_ruleset(party)
    for table in (1, 2):
        for deal in range(1, rs.deals_per_round + 1):
            if (table, deal) == (1, 1):
                continue
            services.result_record(
                round=rnd,
                table=table,
                deal=deal,
                entry=DealEntry(bidder=deal % 4, bid=rs.min_bid, bidding_team_points=deal),
                user=host,
            )
    second = services.round_close(round=rnd, user=host)
    error = refused(second, host, deal=1)
    assert "This form was used for round 1, table 1, deal 1" in error.message
    assert "round 2 was not saved" in error.message


def test_another_partys_token_is_refused_and_tells_nothing_of_that_party(
    party, rnd, host, other_host
):
    record(rnd, host, entry=DealEntry(bidder=2, bid=11, bidding_team_points=13))
    theirs = make_party(other_host, players=4)
    their_round = services.round1_seat_draw(party=theirs, seed=1, user=other_host)
    rows = DealResult.objects.count()
    with pytest.raises(UserError) as caught:
        services.result_record(
            round=their_round,
            table=1,
            deal=1,
            entry=DealEntry(bidder=2, bid=11, bidding_team_points=13),
            user=other_host,
            form_token="tablet-1",
        )
    error = caught.value
    assert set(error.errors) == {"form_token"} and error.result is None
    assert "another party" in error.message
    for secret in (host.username, party.name, "round 1, table 1, deal 1", "13"):
        assert secret not in error.message
    assert DealResult.objects.count() == rows
    assert not DealResult.objects.filter(round__party=theirs).exists()


def test_a_refused_entry_does_not_use_its_token_up(rnd, host):
    with pytest.raises(UserError) as caught:
        record(rnd, host, entry=DealEntry(bidder=1, bid=8, bidding_team_points=99))
    assert "form_token" not in caught.value.errors
    stored = record(rnd, host)
    assert stored.form_token == "tablet-1" and not getattr(stored, "replayed", False)


def test_a_detailed_entry_sent_again_is_the_stored_result(rnd, host):
    rs = services.party_ruleset(rnd.party)
    roles = [role for role, _value in rs.point_cards()]
    cards = {role: i % 2 for i, role in enumerate(roles)}
    entry = DealEntry(bidder=0, bid=rs.min_bid, cards=cards, tally=None)
    first = record(rnd, host, entry=entry)
    again = record(rnd, host, entry=DealEntry(bidder=0, bid=rs.min_bid, cards=dict(cards)))
    assert again.pk == first.pk and again.replayed
    # The same points typed instead of the cards are other values.
    typed = DealEntry(bidder=0, bid=rs.min_bid, bidding_team_points=first.bidding_team_points)
    assert "the cards" in refused(rnd, host, entry=typed).message


def test_a_game_with_the_other_teams_points_replays_its_entry(host):
    party = make_party(host, players=4, ruleset="sixty-three")
    rnd = services.round1_seat_draw(party=party, seed=3, user=host)
    entry = DealEntry(bidder=0, bid=63, bidding_team_points=40, other_team_points=20)
    first = record(rnd, host, entry=entry)
    assert record(rnd, host, entry=entry).pk == first.pk
    other = DealEntry(bidder=0, bid=63, bidding_team_points=40, other_team_points=19)
    assert "the other team's points" in refused(rnd, host, entry=other).message

"""A club member's rating, kept as a history: one row for every round that
moved it (:mod:`tournaments.game.ratings` says how), never a number overwritten.
A row is a round at one of the club's nights, or a game at an online table
where the member had a seat (``online_table``).

The history's order (:data:`HISTORY`): the day, then that day's party
rounds (by party, round), then that day's online games (by table).

A correction (an amended deal that turns a table's round, a deleted party,
a member merge) marks the club's ratings to be worked out again from that
night on (``Club.ratings_from``); a background task does it
(:mod:`tournaments.clubs.services.ratings`).
"""

from __future__ import annotations

from django.db import connection, models
from django.db.models import F, Max, Q
from django.utils.translation import gettext_lazy as _


class RatingUpdate(models.Model):
    """How one round moved one member's rating."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(
        "tournaments.Member", on_delete=models.CASCADE, related_name="rating_updates"
    )
    #: The game rated ("" when the club keeps one rating for all its games).
    game = models.CharField(max_length=32, blank=True)
    #: A party round (its ``table``, ``party`` and ``number`` too), or none
    #: for an online game.
    round = models.ForeignKey(
        "tournaments.Round",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rating_updates",
    )
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    #: An online game (a finished casual table), or none for a party round.
    online_table = models.ForeignKey(
        "scoring.OnlineTable",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rating_updates",
    )
    #: Where the row falls in the club's history: the party's date (the
    #: online game's last day), the party, the round's number (what orders
    #: the rows, :data:`HISTORY`).
    date = models.DateField()
    party = models.ForeignKey(
        "tournaments.Party", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    number = models.PositiveIntegerField(null=True, blank=True)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    #: The member's pair's chance of winning as the ratings saw it, and the
    #: pair's result (1 won, 0.5 drew, 0 lost).
    expected = models.FloatField()
    outcome = models.FloatField()
    #: Rounds the member has been rated for, this one included.
    played = models.PositiveIntegerField()

    class Meta:
        verbose_name = _("rating update")
        verbose_name_plural = _("rating updates")
        ordering = ["club_id", "game", "date", "party_id", "number", "table", "member_id"]
        constraints = [
            models.UniqueConstraint(fields=["member", "round"], name="rating_update_once"),
            models.UniqueConstraint(
                fields=["member", "online_table"],
                condition=Q(online_table__isnull=False),
                name="rating_update_online_once",
            ),
            models.CheckConstraint(
                condition=(
                    Q(
                        round__isnull=False,
                        party__isnull=False,
                        number__isnull=False,
                        table__isnull=False,
                        online_table__isnull=True,
                    )
                    | Q(
                        round__isnull=True,
                        party__isnull=True,
                        number__isnull=True,
                        table__isnull=True,
                        online_table__isnull=False,
                    )
                ),
                name="rating_update_round_or_online",
            ),
            models.CheckConstraint(
                condition=Q(outcome__in=[0.0, 0.5, 1.0]), name="rating_outcome_known"
            ),
        ]
        indexes = [
            models.Index(fields=["club", "date"], name="rating_update_club_date"),
            models.Index(fields=["member", "game", "date"], name="rating_update_member"),
        ]

    def __str__(self) -> str:
        return f"{self.member_id} round {self.round_id}: {self.mu_after:.2f}"


#: The order of a club's history, oldest first: a day's party rounds, then
#: its online games (which have no party nor number).
HISTORY = (
    "date",
    F("party_id").asc(nulls_last=True),
    F("number").asc(nulls_last=True),
    F("online_table_id").asc(nulls_first=True),
)
#: The same, newest first.
HISTORY_NEWEST = (
    F("date").desc(),
    F("party_id").desc(nulls_first=True),
    F("number").desc(nulls_first=True),
    F("online_table_id").desc(nulls_last=True),
)


def latest_rows(rows, *fields: str) -> list[tuple]:
    """``fields`` of each (member, game)'s latest row among ``rows``, after
    the member's id and the game: one query on PostgreSQL (DISTINCT ON).
    Other databases take two: each one's highest ``played`` (the count
    grows by one a row along the history, so it marks the latest), then
    those rows, rather than reading every row of a long history."""
    columns = ("member_id", "game", *fields)
    if connection.vendor == "postgresql":
        last = rows.order_by("member_id", "game", *HISTORY_NEWEST).distinct("member_id", "game")
        return list(last.values_list(*columns))
    newest = {
        (member_id, game): played
        for member_id, game, played in rows.order_by()
        .values("member_id", "game")
        .annotate(last=Max("played"))
        .values_list("member_id", "game", "last")
    }
    if not newest:
        return []
    candidates = rows.filter(
        member_id__in={member_id for member_id, _ in newest}, played__in=set(newest.values())
    )
    return [
        values[:-1]
        for values in candidates.values_list(*columns, "played")
        if newest.get((values[0], values[1])) == values[-1]
    ]

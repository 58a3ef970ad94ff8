"""Online tables: the rows behind Pedro played in the browser (RULES.md section 7).

Writes go through ``scoring.services``; nothing here holds business logic.
The event log is the source of truth: a deal's state is its deck, its dealer
and its :class:`DealEvent` rows replayed through the engine.  Events are only
ever appended, one per action, numbered 1, 2, ... within their deal.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

#: The most seats a table may have: the original Pedro for seven (RULES.md 12.2).
MAX_SEATS = 7


def new_token() -> str:
    """A private link's secret: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


class OnlineTable(models.Model):
    """Four seats (a partnership game) or N seats (RULES.md 12.1) playing
    deal after deal until the game ends."""

    class Mode(models.TextChoices):
        TARGET = "target", _("Play to a target")
        DEALS = "deals", _("A fixed number of deals")
        PARTY = "party", _("A table of a party round")

    class Status(models.TextChoices):
        PLAYING = "playing", _("In play")
        FINISHED = "finished", _("Finished")

    #: The creator's private link: manages the table (seat links, bots).
    creator_token = models.CharField(max_length=32, unique=True, default=new_token)
    #: ``Ruleset.to_json()``: the ruleset's name and every house option.
    ruleset = models.JSONField()
    mode = models.CharField(max_length=8, choices=Mode.choices)
    #: Deals to play for ``deals`` and ``party`` tables (the target is in ``ruleset``).
    deals_total = models.PositiveSmallIntegerField(null=True, blank=True)
    #: A party table: the round (a re-seated round, deleted, takes it along).
    party_round = models.ForeignKey(
        "tournaments.Round",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="online_tables",
    )
    party_table = models.PositiveSmallIntegerField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    #: Who created a casual table: a keyed hash of the client's address
    #: (``pedroparty.clients.client_key``), counted by the creation limits.
    client = models.CharField(max_length=32, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    #: Bumped by every change a player could see: the ETag of every page.
    version = models.PositiveIntegerField(default=1)
    #: The deal in play (or the last one played), 1 first.
    deal_number = models.PositiveSmallIntegerField(default=0)
    #: That deal's row.
    current = models.ForeignKey(
        "OnlineDeal", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: Game scores, team 0 (seats 1 and 3) and team 1 (seats 2 and 4).
    score0 = models.IntegerField(default=0)
    score1 = models.IntegerField(default=0)
    #: An N-seat game (RULES.md 12.1): the running total of each seat, seat
    #: 1 first; empty at a four-seat table, which keeps ``score0``/``score1``.
    totals = models.JSONField(default=list, blank=True)
    #: The team that won (four seats) or, in an N-seat game, the seat.
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Since when the seat to act has been thinking (idle seats go to a bot).
    turn_since = models.DateTimeField()
    #: How long a person may think before the creator may hand the seat to a bot.
    idle_seconds = models.PositiveIntegerField(default=120)
    #: How long a person's link may stay silent (no poll, no move) before a
    #: bot plays their seat while they are away.
    away_seconds = models.PositiveIntegerField(default=60)
    #: Why the table stopped early, in words (e.g. the party round was closed).
    note = models.CharField(max_length=240, blank=True)

    class Meta:
        verbose_name = _("online table")
        verbose_name_plural = _("online tables")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["created_at"], name="online_table_created"),
            models.Index(fields=["client", "created_at"], name="online_table_client_created"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["party_round", "party_table"],
                condition=Q(party_round__isnull=False),
                name="one_online_table_per_party_table",
            ),
            models.CheckConstraint(
                condition=(
                    Q(mode="party", party_round__isnull=False, party_table__gte=1)
                    | (~Q(mode="party") & Q(party_round__isnull=True, party_table__isnull=True))
                ),
                name="online_party_table_iff_party_mode",
            ),
            models.CheckConstraint(
                condition=Q(mode="target") | Q(deals_total__gte=1), name="online_deals_total"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner__lt=MAX_SEATS),
                name="online_winner_range",
            ),
        ]

    def __str__(self) -> str:
        return f"Online table {self.pk}"


class OnlineSeat(models.Model):
    class Kind(models.TextChoices):
        HUMAN = "human", _("A person")
        EASY = "easy", _("Bot: easy")
        HEURISTIC = "heuristic", _("Bot: normal")
        EXPERT = "expert", _("Bot: expert")
        RANDOM = "random", _("Bot: random")

    table = models.ForeignKey(OnlineTable, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    #: The seat's private link: whoever holds it plays this seat.
    token = models.CharField(max_length=32, unique=True, default=new_token)
    #: A bot plays a person's seat for now (the creator handed it over): the
    #: seat and its link stay that person's.  A seat created for a bot has no
    #: person, so nobody may see its hand.
    stand_in = models.BooleanField(default=False)
    #: The bot level that plays this person's seat while they are away.
    away_kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.HEURISTIC)
    #: The stand-in bot plays because the person left (their link went
    #: silent); their next poll gives the seat back to them.
    away = models.BooleanField(default=False)
    #: When the seat's link last polled or moved.
    seen_at = models.DateTimeField(null=True, blank=True)
    #: For a party table: the party player sitting here.
    player = models.ForeignKey(
        "tournaments.Player",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="online_seats",
    )
    #: For a casual table: the club member a signed-in creator said plays
    #: this seat, so the game counts in the member's rating.
    member = models.ForeignKey(
        "tournaments.Member",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="online_seats",
    )

    class Meta:
        verbose_name = _("online seat")
        verbose_name_plural = _("online seats")
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="online_seat_unique"),
            models.CheckConstraint(condition=Q(seat__lt=MAX_SEATS), name="online_seat_range"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.seat + 1} ({self.name})"

    @property
    def is_bot(self) -> bool:
        return self.kind != self.Kind.HUMAN

    @property
    def has_person(self) -> bool:
        """Whether the seat belongs to a person, who may see its hand."""
        return not self.is_bot or self.stand_in


class OnlineDeal(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("In play")
        DONE = "done", _("Played")

    table = models.ForeignKey(OnlineTable, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    dealer = models.PositiveSmallIntegerField()
    #: The 52 cards, top first.  Secret until the deal is over; never sent
    #: to a browser while it is in play.
    deck = models.JSONField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    #: The deal's actions so far, in order: a copy of its events' actions kept
    #: with the deal so that reading the deal takes one row.  The events are
    #: the source of truth; both are written in the same transaction.
    log = models.JSONField(default=list)
    #: The hand-result record (RULES.md 5) the finished deal produced, as the
    #: validator accepted it (with ``deal`` the table's deal number).
    record = models.JSONField(null=True, blank=True)
    score0 = models.SmallIntegerField(null=True, blank=True)
    score1 = models.SmallIntegerField(null=True, blank=True)
    #: An N-seat game: each seat's score for the deal (``score0``/``score1``
    #: stay empty).
    scores = models.JSONField(null=True, blank=True)
    #: For a party table: the result stored in the party.
    result = models.ForeignKey(
        "tournaments.DealResult", null=True, blank=True, on_delete=models.SET_NULL
    )
    #: For a party table: why the party refused the result, if it did.
    party_error = models.CharField(max_length=240, blank=True)
    #: Once the deal is over: the people's moves where the expert's choice
    #: was worth clearly more on average, ``[{"seq", "seat", "action",
    #: "best", "loss"}, ...]``; None until they are worked out.
    review = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("online deal")
        verbose_name_plural = _("online deals")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="online_deal_unique"),
            models.CheckConstraint(condition=Q(dealer__lt=MAX_SEATS), name="online_dealer_range"),
            models.CheckConstraint(condition=Q(number__gte=1), name="online_deal_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table}, deal {self.number}"


class DealEvent(models.Model):
    """One action of one deal, in order.  Append-only: never updated or deleted."""

    class By(models.TextChoices):
        HUMAN = "human", _("A person")
        EASY = "easy", _("Bot: easy")
        HEURISTIC = "heuristic", _("Bot: normal")
        EXPERT = "expert", _("Bot: expert")
        RANDOM = "random", _("Bot: random")

    deal = models.ForeignKey(OnlineDeal, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=16)
    by = models.CharField(max_length=10, choices=By.choices)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("deal event")
        verbose_name_plural = _("deal events")
        ordering = ["deal", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "seq"], name="deal_event_seq_unique"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="deal_event_seq_positive"),
            models.CheckConstraint(condition=Q(seat__lt=MAX_SEATS), name="deal_event_seat_range"),
        ]

    def __str__(self) -> str:
        return f"{self.deal} #{self.seq}: seat {self.seat + 1} {self.action}"

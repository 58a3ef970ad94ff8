"""The party's rows.  Rules that must never break are database constraints too.

Writes go through ``tournaments.services``; nothing here holds business logic.
A deal's result is never overwritten: an amendment adds a new version and
marks the old one not current, so the audit trail keeps every state.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.rules.rulesets import PARTNERSHIP_RULESETS, stored_bounds

from .versions import ShownOnPages

#: Every game a party may play: the rulesets shipped, by id, with their titles.
RULESET_CHOICES = [(name, rs.title) for name, rs in PARTNERSHIP_RULESETS.items()]
MOVEMENT_CHOICES = [
    ("up_down", _("Winners up, losers down")),
    ("winners_up", _("Winners up, losers stay")),
]
#: The host's round clock: its default length and the lengths allowed, in minutes.
ROUND_MINUTES_DEFAULT, ROUND_MINUTES_MIN, ROUND_MINUTES_MAX = 20, 1, 180
SITOUT_CHOICES = [("average", _("Average score of the round")), ("zero", _("No credit"))]
#: What a stored deal may hold under any ruleset shipped; a new game widens it
#: and ``makemigrations`` writes the new constraints.
STORED = stored_bounds()


def _bid_range() -> Q:
    """A bid of one of the rulesets shipped: a plain bid or a top contract."""
    plain = Q(bid__gte=STORED.lowest_bid, bid__lte=STORED.highest_bid)
    return plain | Q(bid__in=STORED.top_bids) if STORED.top_bids else plain


def new_public_token() -> str:
    return secrets.token_urlsafe(9)


def new_table_token() -> str:
    """A table's link for one round: 128 random bits, never reused."""
    return secrets.token_urlsafe(16)


class Party(ShownOnPages):
    page = "party"
    shown_on = {"party": "pk", "season": "season_id"}
    moves_between = ("season",)

    class Status(models.TextChoices):
        SETUP = "setup", _("Registering players")
        RUNNING = "running", _("In play")
        FINISHED = "finished", _("Finished")

    slug = models.SlugField(max_length=80, unique=True)
    public_token = models.CharField(max_length=32, unique=True, default=new_public_token)
    name = models.CharField(max_length=120)
    date = models.DateField()
    venue = models.CharField(max_length=160, blank=True)
    ruleset = models.CharField(max_length=32, choices=RULESET_CHOICES, default="monterey-draw")
    movement = models.CharField(max_length=16, choices=MOVEMENT_CHOICES, default="up_down")
    deals_per_round = models.PositiveSmallIntegerField(default=4)
    sitout_credit = models.CharField(max_length=16, choices=SITOUT_CHOICES, default="average")
    planned_rounds = models.PositiveSmallIntegerField(default=6)
    #: Length of the host's round clock, in minutes.
    round_minutes = models.PositiveSmallIntegerField(default=ROUND_MINUTES_DEFAULT)
    #: Ruleset house options other than deals_per_round (RULES.md sections 3-4).
    house_options = models.JSONField(default=dict, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="parties_owned"
    )
    cohosts = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="parties_cohosted"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SETUP)
    #: Prize tie order set by the host: player ids, first picks first.
    tie_order = models.JSONField(default=list, blank=True)
    #: Bumped by every change that can alter what players or printouts show.
    version = models.PositiveIntegerField(default=1)
    #: The players' page (its link is ``public_token``): open, or 404 to all.
    public_open = models.BooleanField(default=True)
    #: Whether the players' page shows the standings (seats are always shown).
    public_standings = models.BooleanField(default=True)
    #: The hall's Wi-Fi, for the "join the Wi-Fi" QR code on the host's share
    #: screen and the printed table cards; never on a public page.
    wifi_name = models.CharField(max_length=32, blank=True)
    wifi_password = models.CharField(max_length=63, blank=True)
    #: Table-side entry: players enter deals on their phones from the
    #: table's QR code; the other team confirms each one.
    tableside_entry = models.BooleanField(default=False)
    #: The party's language: its printouts are written in it, and the public
    #: board shows it unless that screen's browser picked another one.
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    #: The club that runs the party (None: a party of its own), and the
    #: club's season it counts in (None: in no season).
    club = models.ForeignKey(
        "tournaments.Club",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="parties",
        verbose_name=_("club"),
    )
    season = models.ForeignKey(
        "tournaments.Season",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="parties",
        verbose_name=_("season"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("party")
        verbose_name_plural = _("parties")
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(deals_per_round__gte=1, deals_per_round__lte=12),
                name="party_deals_per_round_range",
            ),
            models.CheckConstraint(
                condition=Q(
                    round_minutes__gte=ROUND_MINUTES_MIN, round_minutes__lte=ROUND_MINUTES_MAX
                ),
                name="party_round_minutes_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"


class Player(ShownOnPages):
    shown_on = {"party": "party_id"}

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=80)
    #: Registration order, 1 first; decides waiting seats and prize tie order.
    order = models.PositiveIntegerField()
    #: Present from this round on (RULES.md 6: arrivals play from the next round).
    arrives_round = models.PositiveIntegerField(default=1)
    #: Absent from this round on, or None while still playing.
    leaves_round = models.PositiveIntegerField(null=True, blank=True)
    registered_at = models.DateTimeField(auto_now_add=True)
    #: The club member this player is, in a club's party (None otherwise).
    member = models.ForeignKey(
        "tournaments.Member",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="players",
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["party_id", "order"]
        constraints = [
            models.UniqueConstraint(fields=["party", "name"], name="player_name_unique_in_party"),
            models.UniqueConstraint(fields=["party", "order"], name="player_order_unique"),
            models.UniqueConstraint(
                fields=["party", "member"],
                condition=Q(member__isnull=False),
                name="player_member_once_in_party",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def present_in(self, round_number: int) -> bool:
        return self.arrives_round <= round_number and (
            self.leaves_round is None or round_number < self.leaves_round
        )

    @classmethod
    def shown_on_for(cls, fields) -> dict[str, str]:
        """The member a player is shows on the season's table only: a party's
        own pages show its players by the names they have there."""
        if fields is not None and set(fields) <= {"member", "member_id"}:
            return {"season": "party__season"}
        return cls.shown_on


class Round(ShownOnPages):
    page = "round"
    shown_on = {"round": "pk", "party": "party_id"}

    class Status(models.TextChoices):
        OPEN = "open", _("In play")
        CLOSED = "closed", _("Closed")

    class Seating(models.TextChoices):
        DRAW = "draw", _("Seeded draw")
        HOST = "host", _("Host's seating")
        MOVEMENT = "movement", _("Movement")
        OVERRIDE = "override", _("Host override")
        RATED = "rated", _("Seeded by rating")

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    seating = models.CharField(max_length=10, choices=Seating.choices)
    seed = models.BigIntegerField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    #: Bumped with every change to this round's results or tables, so a
    #: round's share of the standings is cached until the round changes.
    version = models.PositiveIntegerField(default=1)
    #: When the host's round clock runs out (an absolute instant), or None
    #: while the clock is not running.
    clock_ends_at = models.DateTimeField(null=True, blank=True)
    #: When the host called time for the whole round, and the tables that
    #: call marked (so that undoing it restores exactly those); None if not.
    time_called_at = models.DateTimeField(null=True, blank=True)
    time_called_tables = models.JSONField(null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["party_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["party", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Seat(ShownOnPages):
    shown_on = {"round": "round_id"}

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["round_id", "table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table", "seat"], name="seat_unique"),
            models.UniqueConstraint(fields=["round", "player"], name="seat_player_once"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="seat_range"),
            models.CheckConstraint(condition=Q(table__gte=1), name="seat_table_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.table} seat {self.seat + 1}"


class SitOut(ShownOnPages):
    shown_on = {"round": "round_id"}

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sitouts")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="sitouts")

    class Meta:
        verbose_name = _("sit-out")
        verbose_name_plural = _("sit-outs")
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="sitout_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: sitting out"


class TableRound(ShownOnPages):
    """One table in one round: the host's time call, a recorded cut, the winner."""

    shown_on = {"round": "round_id"}

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    table = models.PositiveSmallIntegerField()
    time_called = models.BooleanField(default=False)
    #: Team (0 or 1) that won the cut of the cards, when the round tied.
    cut_winner = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Team (0 or 1) that won the round, set when the round closes.
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The table's link for table-side entry (``/t/<token>/``): a new one
    #: each round, refused once the round is closed.
    entry_token = models.CharField(max_length=32, unique=True, default=new_table_token)

    class Meta:
        verbose_name = _("table of a round")
        verbose_name_plural = _("tables of rounds")
        ordering = ["round_id", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="table_round_unique"),
            models.CheckConstraint(
                condition=Q(cut_winner__isnull=True) | Q(cut_winner__lte=1), name="cut_team"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner__lte=1), name="winner_team"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.table}"


class DealResult(ShownOnPages):
    """One version of one deal's result at one table in one round."""

    shown_on = {"round": "round_id"}

    class Source(models.TextChoices):
        HOST = "host", _("Host's tablet")
        ONLINE = "online", _("Online table")
        FILE = "file", _("Party file")
        TABLE = "table", _("Table-side entry")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="results")
    table = models.PositiveSmallIntegerField()
    deal = models.PositiveSmallIntegerField()
    version = models.PositiveSmallIntegerField(default=1)
    is_current = models.BooleanField(default=True)
    bidder = models.PositiveSmallIntegerField()
    bid = models.PositiveSmallIntegerField()
    trump = models.CharField(max_length=1, blank=True)
    bidding_team_points = models.PositiveSmallIntegerField()
    #: The other team's points, where the game's point cards can leave play
    #: (RULES.md 11.5); None where they are the rest of the deal's total.
    other_team_points = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Detailed entry: role ("A", "J", "T", "P", "L", "2") -> team that took it.
    cards = models.JSONField(null=True, blank=True)
    #: Scores the host copied from the table's tally, as a cross-check.
    tally = models.JSONField(null=True, blank=True)
    score0 = models.SmallIntegerField()
    score1 = models.SmallIntegerField()
    source = models.CharField(max_length=8, choices=Source.choices, default=Source.HOST)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    #: When the deal was entered: a deal the tablet kept while offline has
    #: the time the host entered it, not the time it was sent.
    entered_at = models.DateTimeField(default=timezone.now)
    #: The entry form's one-time token: a double-tapped submit finds its result.
    form_token = models.CharField(max_length=40, null=True, blank=True, unique=True)
    reason = models.CharField(max_length=240, blank=True)

    class Meta:
        verbose_name = _("deal result")
        verbose_name_plural = _("deal results")
        ordering = ["round_id", "table", "deal", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table", "deal"],
                condition=Q(is_current=True),
                name="one_current_result_per_deal",
            ),
            models.UniqueConstraint(
                fields=["round", "table", "deal", "version"], name="result_version_unique"
            ),
            models.CheckConstraint(condition=Q(deal__gte=1, deal__lte=12), name="deal_range"),
            models.CheckConstraint(condition=Q(bidder__lte=3), name="bidder_seat_range"),
            models.CheckConstraint(condition=_bid_range(), name="bid_range"),
            models.CheckConstraint(
                condition=Q(bidding_team_points__lte=STORED.most_points),
                name="bidding_points_range",
            ),
            models.CheckConstraint(
                condition=Q(other_team_points__isnull=True)
                | Q(other_team_points__lte=STORED.most_points),
                name="other_points_range",
            ),
            models.CheckConstraint(
                condition=Q(trump="") | Q(trump__in=["S", "H", "D", "C"]), name="trump_suit"
            ),
        ]

    def __str__(self) -> str:
        return f"R{self.round.number} T{self.table} D{self.deal} v{self.version}"


class TableEntry(ShownOnPages):
    """A deal entered at the table on a player's phone, waiting for a player
    of the other team to confirm it.  It is no result (and not in the
    standings) until then; a confirmed entry points at the result it made."""

    shown_on = {"round": "round_id"}

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for the other team")
        REJECTED = "rejected", _("Rejected by the other team")
        CONFIRMED = "confirmed", _("Confirmed")
        SUPERSEDED = "superseded", _("Replaced by the host's entry")

    #: An entry still waiting for someone: at most one per deal.
    OPEN = (Status.PENDING, Status.REJECTED)

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="table_entries")
    table = models.PositiveSmallIntegerField()
    deal = models.PositiveSmallIntegerField()
    #: The seat (0-3) of the player who entered it; their team is seat % 2.
    entered_seat = models.PositiveSmallIntegerField()
    bidder = models.PositiveSmallIntegerField()
    bid = models.PositiveSmallIntegerField()
    trump = models.CharField(max_length=1, blank=True)
    bidding_team_points = models.PositiveSmallIntegerField()
    #: The other team's points, where the game's point cards can leave play.
    other_team_points = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    #: Who confirmed or rejected it: a seat of the other team, or the host.
    answered_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    reject_reason = models.CharField(max_length=240, blank=True)
    result = models.ForeignKey(
        DealResult, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("table-side entry")
        verbose_name_plural = _("table-side entries")
        ordering = ["round_id", "table", "deal", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table", "deal"],
                condition=Q(status__in=["pending", "rejected"]),
                name="one_open_table_entry_per_deal",
            ),
            models.CheckConstraint(condition=Q(entered_seat__lte=3), name="entry_seat_range"),
            models.CheckConstraint(condition=Q(bidder__lte=3), name="entry_bidder_range"),
        ]

    def __str__(self) -> str:
        return f"R{self.round.number} T{self.table} D{self.deal} ({self.status})"

    @property
    def team(self) -> int:
        return self.entered_seat % 2


class AuditEntry(models.Model):
    """Who changed what, when: results, amendments, seatings, cuts, time calls."""

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="audit")
    at = models.DateTimeField(auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    action = models.CharField(max_length=40)
    #: The change in English, as it reads for everyone whatever their language.
    summary = models.CharField(max_length=240)
    #: ``summary`` before its values were put in (English, ``%(name)s``
    #: placeholders) and those values, so that the audit page can show the
    #: entry in the reader's language; empty for entries that have none.
    summary_template = models.CharField(max_length=240, blank=True)
    summary_params = models.JSONField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=240, blank=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return self.summary

    def summary_shown(self) -> str:
        """The summary in the active language, when it was stored with its
        template; values listed under ``"_words"`` are translated too."""
        if not self.summary_template:
            return self.summary
        params = dict(self.summary_params or {})
        words = params.pop("_words", [])
        plural, count = params.pop("_plural", None), params.pop("_count", None)
        for key in words:
            if isinstance(params.get(key), str):
                params[key] = gettext(params[key])
        try:
            if plural is not None:
                return ngettext(self.summary_template, plural, params[count]) % params
            return gettext(self.summary_template) % params
        except (KeyError, TypeError, ValueError):
            return self.summary


class Prize(ShownOnPages):
    shown_on = {"party": "party_id"}

    class Kind(models.TextChoices):
        PLACE = "place", _("Picked in rank order")
        LOW_SCORE = "low_score", _("Low score")
        MOST_SHOOTS = "most_shoots", _("Most top contracts made")
        HIGHEST_BID = "highest_bid", _("Highest bid made")
        #: The member who scored the most points above what the ratings
        #: predicted (a club's party; :mod:`tournaments.game.odds`).
        AGAINST_ODDS = "against_odds", _("Best against the odds")

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="prizes")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.PLACE)

    class Meta:
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        ordering = ["party_id", "kind", "position"]
        constraints = [
            models.UniqueConstraint(fields=["party", "position"], name="prize_position_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class PrizeAward(ShownOnPages):
    shown_on = {"party": "prize__party"}

    prize = models.ForeignKey(Prize, on_delete=models.CASCADE, related_name="awards")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="awards")
    #: The player's place in the final standings when the prize was awarded.
    rank = models.PositiveSmallIntegerField()
    score = models.IntegerField()

    class Meta:
        verbose_name = _("prize award")
        verbose_name_plural = _("prize awards")
        ordering = ["prize__position", "rank", "player__order"]
        constraints = [
            models.UniqueConstraint(fields=["prize", "player"], name="award_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.prize} to {self.player}"

"""A scorepad: the score of one home game at one table, kept deal by deal
(:mod:`tournaments.scorepad`).  Nothing else is stored: the totals, whose
deal is next and the winner follow from the game and the deals, in order."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models


def new_pad_token() -> str:
    """A scorepad's private link: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


class Scorepad(models.Model):
    """One table of any game of ``RULESETS`` and its players, in seat order."""

    #: The keeper's private link: enter, amend and delete deals.
    token = models.CharField(max_length=32, unique=True, default=new_pad_token)
    #: The players' read-only link: the live score on their phones.
    view_token = models.CharField(max_length=32, unique=True, default=new_pad_token)
    #: ``Ruleset.to_json()``: the game's name and every house option.
    ruleset = models.JSONField()
    #: The players' names, seat 1 first (seats 0..N-1 in records).
    names = models.JSONField()
    first_dealer = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="scorepads",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    #: Who created it: a keyed hash of the client's address
    #: (``pedroparty.clients.client_key``), counted by the creation limits.
    client = models.CharField(max_length=32, blank=True)
    #: Bumped by every deal entered, amended or deleted: the pages' ETag.
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"{self.ruleset.get('name')}: {', '.join(self.names)}"


class ScorepadDeal(models.Model):
    """One deal's record (RULES.md 12.1.8, or section 5 for four seats) as
    the validator accepted it, and the form that sent it."""

    scorepad = models.ForeignKey(Scorepad, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    record = models.JSONField()
    #: The entry form's token: the same form sent twice stores one deal.
    form_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    amended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("scorepad", "number")
        constraints = [
            models.UniqueConstraint(fields=("scorepad", "number"), name="scorepad_deal_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="scorepad_deal_from_1"),
        ]

    def __str__(self) -> str:
        return f"deal {self.number}"

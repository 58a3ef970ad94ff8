"""A file a host uploaded, loaded in the background (:mod:`tournaments.uploads`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .clubs import Club
from .party import Party


class Upload(models.Model):
    """One uploaded club or party file and its load.

    The file's bytes are kept in the row until the load ends, so that a
    worker on any machine reads them; what the file asks for (its parties,
    rounds, deals and players) is counted when it is received.  The load
    claims the row (queued to loading) and stores the new club or party, or
    the located problem the uploader can fix."""

    class Kind(models.TextChoices):
        CLUB = "club", _("Club file")
        PARTY = "party", _("Party file")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        LOADING = "loading", _("Loading")
        DONE = "done", _("Loaded")
        FAILED = "failed", _("Failed")

    kind = models.CharField(max_length=8, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="uploads"
    )
    filename = models.CharField(max_length=160, blank=True)
    #: The language of the page it was uploaded from: its problems are told in it.
    language = models.CharField(max_length=12, blank=True)
    size = models.PositiveIntegerField(default=0)
    #: The file as uploaded; emptied when the load ends.
    content = models.BinaryField(null=True, blank=True, editable=False)
    parties = models.PositiveIntegerField(default=0)
    rounds = models.PositiveIntegerField(default=0)
    deals = models.PositiveIntegerField(default=0)
    players = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    error = models.TextField(blank=True)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    party = models.ForeignKey(
        Party, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: When it was last queued (received, or queued again when lost).
    created_at = models.DateTimeField(auto_now_add=True)
    #: The load's claim: the task that took the file, and when.
    claimed_by = models.CharField(max_length=64, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    #: Loads started (each claim counts).
    attempts = models.PositiveSmallIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("upload")
        verbose_name_plural = _("uploads")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(
                fields=["user", "status"],
                name="upload_pending",
                condition=Q(status__in=["queued", "loading"]),
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.filename or self.pk} ({self.status})"

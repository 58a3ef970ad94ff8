"""The printables a host asks for: one row a PDF, made in the background."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .party import Party


class Document(models.Model):
    """A printable PDF made in the background, kept with the party version it
    shows.  The bytes live in the database so every web and worker process
    serves the same file; a party change makes it stale (re-made on request)."""

    class Kind(models.TextChoices):
        CERTIFICATES = "certificates", _("Prize certificates")
        TABLE_CARDS = "table_cards", _("Table cards")
        STANDINGS = "standings", _("Final standings")
        MOVEMENT = "movement", _("Movement sheet")
        TALLY_CARDS = "tally_cards", _("Tally cards")
        SCORE_SHEETS = "score_sheets", _("Table score sheets")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RENDERING = "rendering", _("Rendering")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    party = models.ForeignKey(Party, on_delete=models.CASCADE, related_name="documents")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    #: What was asked for (paper, design, which awards, which round ...).
    options = models.JSONField(default=dict, blank=True)
    #: A canonical digest of ``options``: one document per kind, options and version.
    options_key = models.CharField(max_length=64)
    party_version = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    error = models.CharField(max_length=240, blank=True)
    filename = models.CharField(max_length=160, blank=True)
    content = models.BinaryField(null=True, blank=True, editable=False)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    #: When it was last queued (asked for, or asked again).
    created_at = models.DateTimeField(auto_now_add=True)
    #: The render's claim: the task that took the document, and when it last
    #: showed progress.  A claim not renewed for long is taken as lost.
    claimed_by = models.CharField(max_length=64, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    #: Renders started since the host last asked for it (each claim counts).
    render_attempts = models.PositiveSmallIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("printable")
        verbose_name_plural = _("printables")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["party", "kind", "options_key", "party_version"],
                name="document_once_per_version",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.party} (v{self.party_version})"

"""Admin for every party model.

Results, seatings, the audit trail and documents are shown read-only: they
change only through ``tournaments.services``, which validate, lock and audit.
Names, dates, co-hosts, switches, prize names and a club's name may be
corrected here.  Like every write, a correction bumps the version of each
page that shows it (:mod:`tournaments.models.versions`), so the players'
page, the season page and the API show it at once and earlier printouts are
marked out of date.
"""

from django.contrib import admin
from django.utils import translation
from django.utils.translation import gettext_noop

from . import services
from .models import (
    ApiToken,
    AuditEntry,
    Club,
    ClubRole,
    DealResult,
    Document,
    Invitation,
    Member,
    Party,
    PasswordResetLink,
    Player,
    Prize,
    PrizeAward,
    RatingUpdate,
    Round,
    Scorepad,
    ScorepadDeal,
    Season,
    Seat,
    SignupLink,
    SitOut,
    TableEntry,
    TableRound,
    Upload,
)


class ReadOnlyMixin:
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class WritesOnlyChanges:
    """A change form saved as it was writes nothing, so it moves no page's version."""

    def save_model(self, request, obj, form, change) -> None:
        if change and not form.has_changed():
            return
        super().save_model(request, obj, form, change)


class AuditsPartyChanges(WritesOnlyChanges):
    """An admin save or delete of a party's row (the party, its players, its
    prizes) is put in the party's audit trail."""

    @staticmethod
    def party_of(obj) -> Party | None:
        return obj if isinstance(obj, Party) else getattr(obj, "party", None)

    def save_related(self, request, form, formsets, change) -> None:
        # After save_model and the inlines, so one entry covers the whole save.
        super().save_related(request, form, formsets, change)
        changed = list(form.changed_data)
        for formset in formsets:
            if formset.has_changed():
                changed.append(str(formset.model._meta.verbose_name_plural))
        party = self.party_of(form.instance)
        if party is not None and changed:
            with translation.override("en"):  # the audit stores English
                params = {
                    "what": f"{form.instance._meta.verbose_name} {form.instance}",
                    "fields": ", ".join(str(name) for name in changed),
                }
            services.party_admin_change(
                party=party,
                user=request.user,
                summary=gettext_noop("Changed in the admin: %(what)s (%(fields)s)"),
                params=params,
            )

    def delete_model(self, request, obj) -> None:
        party = None if isinstance(obj, Party) else self.party_of(obj)
        super().delete_model(request, obj)
        if party is not None:
            self.audit_deleted(request, party, obj._meta.verbose_name, str(obj))

    def delete_queryset(self, request, queryset) -> None:
        doomed: dict[int, tuple[Party, list[str]]] = {}
        if queryset.model is not Party:  # a deleted party has no audit trail left
            for obj in queryset.select_related("party"):
                doomed.setdefault(obj.party_id, (obj.party, []))[1].append(str(obj))
        super().delete_queryset(request, queryset)
        for party, names in doomed.values():
            self.audit_deleted(
                request, party, queryset.model._meta.verbose_name_plural, ", ".join(names)
            )

    @staticmethod
    def audit_deleted(request, party: Party, kind, names: str) -> None:
        """Put a deletion made in the admin in the party's audit trail; ``kind``
        (a model's lazy verbose name) is written in English, as the audit stores it."""
        with translation.override("en"):
            params = {"what": f"{kind} {names}"}
        services.party_admin_change(
            party=party,
            user=request.user,
            summary=gettext_noop("Deleted in the admin: %(what)s"),
            params=params,
        )


class PlayerInline(admin.TabularInline):
    model = Player
    fields = ("order", "name", "arrives_round", "leaves_round")
    readonly_fields = ("order", "arrives_round", "leaves_round")
    extra = 0
    can_delete = False


class PrizeInline(admin.TabularInline):
    model = Prize
    fields = ("position", "name", "kind")
    readonly_fields = ("position", "kind")
    extra = 0
    can_delete = False


@admin.register(Party)
class PartyAdmin(AuditsPartyChanges, admin.ModelAdmin):
    list_display = ("name", "date", "venue", "owner", "status", "ruleset", "version")
    list_filter = ("status", "ruleset", "movement")
    search_fields = ("name", "venue", "slug", "owner__username")
    readonly_fields = ("slug", "public_token", "status", "version", "created_at", "tie_order")
    filter_horizontal = ("cohosts",)
    inlines = [PlayerInline, PrizeInline]


@admin.register(Player)
class PlayerAdmin(AuditsPartyChanges, admin.ModelAdmin):
    list_display = ("name", "party", "order", "arrives_round", "leaves_round")
    search_fields = ("name", "party__name")
    readonly_fields = ("party", "order", "arrives_round", "leaves_round")


class SeatInline(ReadOnlyMixin, admin.TabularInline):
    model = Seat
    fields = ("table", "seat", "player")
    extra = 0


class SitOutInline(ReadOnlyMixin, admin.TabularInline):
    model = SitOut
    fields = ("player",)
    extra = 0


class TableRoundInline(ReadOnlyMixin, admin.TabularInline):
    model = TableRound
    fields = ("table", "time_called", "cut_winner", "winner")
    extra = 0


@admin.register(Round)
class RoundAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("party", "number", "status", "seating", "seed", "closed_at")
    list_filter = ("status", "seating")
    inlines = [TableRoundInline, SeatInline, SitOutInline]


@admin.register(DealResult)
class DealResultAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = (
        "round",
        "table",
        "deal",
        "version",
        "is_current",
        "bidder",
        "bid",
        "bidding_team_points",
        "score0",
        "score1",
        "source",
        "entered_by",
        "entered_at",
    )
    list_filter = ("is_current", "source")
    search_fields = ("round__party__name",)


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("at", "party", "user", "action", "summary", "reason")
    list_filter = ("action",)
    search_fields = ("party__name", "summary", "reason")


@admin.register(RatingUpdate)
class RatingUpdateAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """A club's rating history, one row a member a round or online game:
    read only, since a recompute rewrites it (tournaments/game/ratings.py)."""

    list_display = (
        "date",
        "club",
        "member",
        "party",
        "number",
        "online_table",
        "mu_before",
        "mu_after",
    )
    list_filter = ("club",)
    search_fields = ("member__name", "party__name")


@admin.register(Prize)
class PrizeAdmin(AuditsPartyChanges, admin.ModelAdmin):
    list_display = ("name", "party", "kind", "position")
    list_filter = ("kind",)
    readonly_fields = ("party", "kind", "position")


@admin.register(PrizeAward)
class PrizeAwardAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("prize", "player", "rank", "score")


@admin.register(Document)
class DocumentAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("party", "kind", "party_version", "status", "created_at", "finished_at")
    list_filter = ("kind", "status")
    exclude = ("content",)


@admin.register(Seat)
class SeatAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("round", "table", "seat", "player")


@admin.register(SitOut)
class SitOutAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("round", "player")


@admin.register(TableRound)
class TableRoundAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("round", "table", "time_called", "cut_winner", "winner")


@admin.register(TableEntry)
class TableEntryAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """Deals entered at the tables: changed only by the players' answers and the host."""

    list_display = ("round", "table", "deal", "status", "entered_seat", "bid", "created_at")
    list_filter = ("status",)


# --- Scorepads ---------------------------------------------------------------
# A home game's score changes through its private link, where every deal is
# checked by the validator; here it is read-only, and the links are not shown.


@admin.register(Scorepad)
class ScorepadAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("id", "created_at", "created_by", "version")
    list_select_related = ("created_by",)
    exclude = ("token", "view_token", "client")


@admin.register(ScorepadDeal)
class ScorepadDealAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("scorepad", "number", "entered_at", "amended_at")
    exclude = ("form_token",)


# --- Clubs -------------------------------------------------------------------
# A club's members, seasons and invitations change through its pages, which
# check names as the club spells them; here they are read-only.


class ClubRoleInline(admin.TabularInline):
    model = ClubRole
    fields = ("user", "role", "granted_at")
    readonly_fields = ("granted_at",)
    extra = 0


@admin.register(Club)
class ClubAdmin(WritesOnlyChanges, admin.ModelAdmin):
    list_display = ("name", "slug", "created_by", "created_at")
    search_fields = ("name", "slug")
    readonly_fields = ("slug", "created_by", "created_at")
    inlines = [ClubRoleInline]


@admin.register(ClubRole)
class ClubRoleAdmin(admin.ModelAdmin):
    list_display = ("club", "user", "role", "granted_at")
    list_filter = ("role",)


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("club", "role", "created_by", "created_at", "expires_at", "used_by")
    exclude = ("token",)


@admin.register(Member)
class MemberAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("name", "club", "created_at")
    search_fields = ("name", "club__name")
    exclude = ("public_token",)


@admin.register(Season)
class SeasonAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("name", "club", "best_of", "public_open", "version")
    exclude = ("public_token",)


@admin.register(ApiToken)
class ApiTokenAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("label", "user", "created_at", "last_used_at", "revoked")
    exclude = ("digest",)


# --- Uploads -----------------------------------------------------------------


@admin.register(Upload)
class UploadAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """Uploaded files and their loads, read-only: a load changes its row, and
    a row being loaded stays locked until its load ends."""

    list_display = ("id", "kind", "filename", "user", "status", "parties", "deals", "created_at")
    list_filter = ("kind", "status")
    search_fields = ("filename", "user__username")
    list_select_related = ("user",)
    exclude = ("content",)

    def get_queryset(self, request):
        return super().get_queryset(request).defer("content")


@admin.register(SignupLink)
class SignupLinkAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """Made on the owner's page (``/owner/accounts/``), shown once."""

    list_display = ("note", "created_by", "created_at", "expires_at", "used_by", "withdrawn")
    exclude = ("digest",)


@admin.register(PasswordResetLink)
class PasswordResetLinkAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """Made on the owner's page (``/owner/accounts/``), shown once."""

    list_display = ("user", "created_by", "created_at", "expires_at", "used_at", "withdrawn")
    exclude = ("digest",)

"""Admin for online tables: looking, not editing.  Play changes only through
``scoring.services``; the event log is append-only."""

from django.contrib import admin

from .models import DealEvent, OnlineDeal, OnlineSeat, OnlineTable


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class SeatInline(admin.TabularInline):
    model = OnlineSeat
    fields = ("seat", "name", "kind", "player")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(OnlineTable)
class OnlineTableAdmin(ReadOnlyAdmin):
    list_display = ("id", "mode", "status", "deal_number", "score0", "score1", "created_at")
    list_filter = ("status", "mode")
    exclude = ("creator_token",)
    inlines = [SeatInline]


@admin.register(OnlineDeal)
class OnlineDealAdmin(ReadOnlyAdmin):
    list_display = ("table", "number", "dealer", "status", "score0", "score1", "party_error")
    list_filter = ("status",)
    exclude = ("deck",)  # a deal in play keeps its secrets, from staff too


@admin.register(DealEvent)
class DealEventAdmin(ReadOnlyAdmin):
    list_display = ("deal", "seq", "seat", "action", "by", "at")
    list_filter = ("by",)

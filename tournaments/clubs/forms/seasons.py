"""The forms of a club's season pages (parsing only: the services check the rules).

Kept beside ``forms.py``, which holds the party's forms, so that the season
pages change in one place."""

from __future__ import annotations

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from ...forms import OneLineErrors
from ...models import Party, Season

#: The most nights a season may count per member (a number no club reaches).
BEST_OF_MAX = 999


def _best_of_field() -> forms.IntegerField:
    return forms.IntegerField(
        required=False,
        min_value=1,
        max_value=BEST_OF_MAX,
        label=_("Count each member's best nights"),
        help_text=_("How many nights count in the total; leave empty to count every night."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class SeasonForm(OneLineErrors, forms.Form):
    """A new season: its name and how many nights count."""

    name = forms.CharField(
        max_length=Season._meta.get_field("name").max_length, label=_("Season name")
    )
    best_of = _best_of_field()


class SeasonBestOfForm(OneLineErrors, forms.Form):
    best_of = _best_of_field()


class SeasonPublicForm(forms.Form):
    """The public season page's switch: open ("1") or closed ("0")."""

    open = forms.TypedChoiceField(
        choices=[("1", _("Open")), ("0", _("Closed"))], coerce=lambda value: value == "1"
    )


class SeasonPartyForm(OneLineErrors, forms.Form):
    """One of the club's parties that counts in no season yet."""

    party = forms.ModelChoiceField(
        queryset=Party.objects.none(),
        to_field_name="slug",
        label=_("Party"),
        empty_label=None,
        error_messages={"invalid_choice": _("Choose one of the club's parties in no season.")},
    )

    def __init__(self, *args, season: Season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["party"].queryset = Party.objects.filter(
            club_id=season.club_id, season__isnull=True
        ).order_by("-date", "-id")
        self.fields["party"].label_from_instance = lambda p: f"{p.name} ({date_format(p.date)})"

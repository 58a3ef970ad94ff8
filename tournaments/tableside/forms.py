"""The forms of table-side entry: the phone's seat and deal, and the host's switch."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext_lazy as _

from scoring.rules import Ruleset
from scoring.wording import bid_words

from ..choices import SEAT_CHOICES, SUIT_CHOICES


class TableSeatForm(forms.Form):
    """Table-side entry: which seat the player at the phone is."""

    seat = forms.TypedChoiceField(
        choices=SEAT_CHOICES,
        coerce=int,
        error_messages={
            key: _("Choose your name.") for key in ("required", "invalid_choice", "invalid")
        },
    )


class TableEntryForm(forms.Form):
    """A deal entered at the table: the host's fields, the party's numbers."""

    deal = forms.IntegerField(min_value=1, max_value=12, widget=forms.HiddenInput)
    bidder = forms.TypedChoiceField(choices=SEAT_CHOICES, coerce=int, label=_("Bidder"))
    bid = forms.TypedChoiceField(choices=(), coerce=int, label=_("Bid"))
    trump = forms.ChoiceField(choices=SUIT_CHOICES, required=False, label=_("Trump (optional)"))
    bidding_team_points = forms.IntegerField(min_value=0, label=_("Points the bidding team took"))

    def __init__(self, *args, ruleset: Ruleset, players: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["bid"].choices = [(b, bid_words(b, ruleset)) for b in ruleset.bids()]
        self.fields["bidder"].choices = [(s, name) for s, name in enumerate(players)]
        points = self.fields["bidding_team_points"]
        points.max_value = ruleset.total_points
        points.validators.append(MaxValueValidator(ruleset.total_points))
        points.widget.attrs.update({"max": ruleset.total_points, "inputmode": "numeric"})
        if ruleset.cards_can_leave_play:
            other = forms.IntegerField(
                min_value=0,
                max_value=ruleset.total_points,
                label=_("Points the other team took"),
            )
            other.widget.attrs.update({"max": ruleset.total_points, "inputmode": "numeric"})
            self.fields["other_team_points"] = other
        if ruleset.suit_bids:
            self.fields["trump"].required = True
            self.fields["trump"].label = _("The bid's suit")


class TablesideSwitchForm(forms.Form):
    """The host switches table-side entry on or off."""

    on = forms.TypedChoiceField(
        choices=[("1", _("On")), ("0", _("Off"))], coerce=lambda value: value == "1"
    )

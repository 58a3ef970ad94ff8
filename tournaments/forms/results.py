"""A deal's result: the entry form, the tally card's deals, amending, the deal asked for."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import wording
from scoring.rules.rulesets import Ruleset

from ..choices import POINT_CARD_NAMES, SEAT_CHOICES, SUIT_CHOICES, TEAM_CHOICES
from ..services import DealEntry
from .common import ROW_NUMBER_MAX

#: The entry page has room for a points button for each value of a deal of
#: up to this many points (a page layout's limit, not a game's number).
POINTS_PAD_MOST = 24


class ResultForm(forms.Form):
    """One deal's result.  Field names are the record's (RULES.md section 5);
    the bids and the most points a deal holds are the party's ``ruleset``'s."""

    form_token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=40)
    waited_ms = forms.IntegerField(required=False, min_value=0, max_value=10**12)
    bidder = forms.TypedChoiceField(choices=SEAT_CHOICES, coerce=int)
    # Any whole number: the validator says which bids the party's game has.
    bid = forms.IntegerField(min_value=0, max_value=ROW_NUMBER_MAX)
    trump = forms.ChoiceField(choices=SUIT_CHOICES, required=False)
    bidding_team_points = forms.IntegerField(required=False, min_value=0)
    #: Where point cards can leave play (RULES.md 11.5): the other team's points.
    other_team_points = forms.IntegerField(required=False, min_value=0)
    detailed = forms.BooleanField(required=False)
    tally0 = forms.IntegerField(required=False, min_value=-99, max_value=99)
    tally1 = forms.IntegerField(required=False, min_value=-99, max_value=99)
    reason = forms.CharField(required=False, max_length=240)

    def __init__(self, *args, ruleset: Ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        _ruleset_fields(self, ruleset)
        #: Whether the page's script may preview the scores (a Monterey-style game).
        self.preview_scores = ruleset.score_method == "monterey" and not (
            ruleset.cards_can_leave_play or ruleset.made_max_scores or ruleset.top_bids
        )
        self.point_roles = [role for role, _value in ruleset.point_cards()]
        for role, value in ruleset.point_cards():
            card = POINT_CARD_NAMES.get(role, role)
            label = _("%(card)s, %(value)d") % {"card": card, "value": value}
            self.fields[f"card_{role}"] = forms.TypedChoiceField(
                choices=[("", "—")] + TEAM_CHOICES,
                coerce=int,
                empty_value=None,
                required=False,
                label=label,
            )

    @property
    def points_pad(self) -> range:
        """The points the entry page offers as buttons, one tap each: every
        value a deal of the ruleset can give, when they fit on the page (up
        to ``POINTS_PAD_MOST``); none for a bigger deal, whose points are typed."""
        total = self.ruleset.total_points
        return range(total + 1) if total <= POINTS_PAD_MOST else range(0)

    def clean(self):
        data = super().clean()
        if (
            not data.get("detailed")
            and data.get("bidding_team_points") is None
            and "bidding_team_points" not in self.errors
        ):
            self.add_error(
                "bidding_team_points", gettext("Enter the points the bidding team took.")
            )
        t0, t1 = data.get("tally0"), data.get("tally1")
        if (t0 is None) != (t1 is None):
            self.add_error(
                "tally1" if t1 is None else "tally0", gettext("Copy both tally scores, or neither.")
            )
        return data

    def deal_entry(self) -> DealEntry:
        """What the host entered, for the service to check and store."""
        data = self.cleaned_data
        cards = None
        if data.get("detailed"):
            # A card left blank is missing from the record, so the validator
            # names it ("Say which team took the left pedro.").
            cards = {
                role: data[f"card_{role}"]
                for role in self.point_roles
                if data.get(f"card_{role}") is not None
            }
        tally = None
        if data.get("tally0") is not None and data.get("tally1") is not None:
            tally = [data["tally0"], data["tally1"]]
        return DealEntry(
            bidder=data["bidder"],
            bid=data["bid"],
            trump=data.get("trump") or None,
            bidding_team_points=data.get("bidding_team_points"),
            other_team_points=data.get("other_team_points"),
            cards=cards,
            tally=tally,
        )


def _ruleset_fields(form: forms.Form, rs: Ruleset) -> None:
    """Give a form the ruleset's bids to offer and its most points a deal
    holds; where point cards can leave play, a field for the other team's
    points (RULES.md 11.5); where the bid names trump, the suit is asked."""
    form.bid_choices = [(b, wording.bid_words(b, rs)) for b in rs.bids()]
    form.ruleset = rs
    if rs.cards_can_leave_play and "other_team_points" not in form.fields:
        form.fields["other_team_points"] = forms.IntegerField(required=False, min_value=0)
    if not rs.cards_can_leave_play:
        form.fields.pop("other_team_points", None)
    for name in ("bidding_team_points", "other_team_points"):
        if name in form.fields:
            points = form.fields[name]
            points.max_value = rs.total_points
            points.validators.append(MaxValueValidator(rs.total_points))
            points.widget.attrs.update(points.widget_attrs(points.widget))


class TallyDealForm(forms.Form):
    """One deal copied from a table's tally card: bidder, bid, points."""

    bidder = forms.TypedChoiceField(choices=SEAT_CHOICES, coerce=int)
    # Any whole number: the validator says which bids the party's game has.
    bid = forms.IntegerField(min_value=0, max_value=ROW_NUMBER_MAX)
    bidding_team_points = forms.IntegerField(min_value=0)
    trump = forms.ChoiceField(choices=SUIT_CHOICES, required=False)

    def __init__(self, *args, ruleset: Ruleset, **kwargs):
        super().__init__(*args, **kwargs)
        _ruleset_fields(self, ruleset)

    def deal_entry(self) -> DealEntry:
        """What the tally card says of the deal, for the service to check."""
        data = self.cleaned_data
        return DealEntry(
            bidder=data["bidder"],
            bid=data["bid"],
            bidding_team_points=data["bidding_team_points"],
            other_team_points=data.get("other_team_points"),
            trump=data.get("trump") or None,
        )


class AmendForm(ResultForm):
    """A new version of a stored result, carrying the version the page showed,
    so a save over a newer amendment is refused instead of replacing it."""

    version = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=1,
        max_value=ROW_NUMBER_MAX,
        error_messages={
            key: _("This page is out of date: open the deal again.")
            for key in ("required", "invalid", "min_value", "max_value")
        },
    )


class DealNumberForm(forms.Form):
    """The deal a table's page is asked for (``?deal=``, or the entry form's)."""

    deal = forms.IntegerField()

    def number(self) -> int:
        """The deal asked for, or 0 for anything not a whole number: the
        service then refuses it, saying which deals there are."""
        return self.cleaned_data["deal"] if self.is_valid() else 0

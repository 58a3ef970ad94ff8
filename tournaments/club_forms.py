"""The forms of a club's pages, and the party form's choice of club and season."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import Role


class ClubForm(forms.Form):
    name = forms.CharField(max_length=120, label=_("Club name"))


class InvitationForm(forms.Form):
    role = forms.ChoiceField(
        choices=Role.choices,
        initial=Role.DOOR,
        widget=forms.RadioSelect,
        label=_("Role"),
        help_text=_(
            "Organiser: everything. Scorer: enters and confirms results and calls time. "
            "Door: registers arrivals and departures."
        ),
    )


class InvitationAccountForm(UserCreationForm):
    """A new helper's account, made from an invitation's link on a phone:
    Django's rules for a username and the site's password validators."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(
            autocomplete="username",
            autocapitalize="none",
            autocorrect="off",
            spellcheck="false",
        )
        # The invitation's club and role come first on a small screen.
        self.fields["username"].widget.attrs.pop("autofocus", None)
        for name in ("password1", "password2"):
            self.fields[name].widget.attrs.update(autocomplete="new-password")


class PartyClubFields:
    """The party form's optional club and season, for a form class that
    inherits this before ``forms.Form``.

    ``clubs``: the clubs the host organises (a party may belong to one);
    ``seasons``: those clubs' seasons.  Without clubs the form has neither
    field.  A season must be one of the chosen club's."""

    def __init__(self, *args, clubs: Sequence = (), seasons: Sequence = (), **kwargs):
        super().__init__(*args, **kwargs)
        self._clubs = {club.pk: club for club in clubs}
        self._seasons = {season.pk: season for season in seasons}
        if not self._clubs:
            return
        self.fields["club"] = forms.TypedChoiceField(
            choices=[("", _("No club: a party of its own"))]
            + [(pk, club.name) for pk, club in self._clubs.items()],
            coerce=int,
            empty_value=None,
            required=False,
            label=_("Club"),
            help_text=_("The club's scorers and door helpers can then help at this party."),
        )
        self.fields["season"] = forms.TypedChoiceField(
            choices=[("", _("No season"))]
            + [(pk, f"{s.club.name}: {s.name}") for pk, s in self._seasons.items()],
            coerce=int,
            empty_value=None,
            required=False,
            label=_("Season"),
        )

    def club(self):
        """The chosen club, or None."""
        return self._clubs.get(self.cleaned_data.get("club"))

    def season(self):
        """The chosen season, or None."""
        return self._seasons.get(self.cleaned_data.get("season"))

    def clean_season(self):
        season = self.cleaned_data.get("season")
        chosen = self._seasons.get(season)
        if chosen is not None and chosen.club_id != self.cleaned_data.get("club"):
            raise forms.ValidationError(_("Choose a season of the party's club."))
        return season

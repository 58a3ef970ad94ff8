"""The forms of a club's pages, and the party form's choice of club and season."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext_lazy as _

from ...models import Role


class ClubForm(forms.Form):
    name = forms.CharField(max_length=120, label=_("Club name"))


class RatingsForm(forms.Form):
    """The club's choice: one rating for all its games, or one a game."""

    per_game = forms.TypedChoiceField(
        choices=[
            ("0", _("One rating for all the club's games")),
            ("1", _("One rating for each game")),
        ],
        coerce=lambda value: value == "1",
        widget=forms.RadioSelect,
        label=_("Ratings"),
    )


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


class ClubPreselectForm(forms.Form):
    """``?club=<slug>`` on the new-party form: the club whose page it came from."""

    club = forms.SlugField(required=False, max_length=80)

    def slug(self) -> str:
        """The club's slug, or "" for none or anything not a slug."""
        return self.cleaned_data["club"] if self.is_valid() else ""


class PartyClubFields:
    """The party form's optional club and season, for a form class that
    inherits this before ``forms.Form``.

    ``clubs``: the clubs the host organises (a party may belong to one);
    ``seasons``: those clubs' seasons, newest first within a club.  Without
    clubs the form has neither field.  A season must be one of the chosen
    club's.  ``club_slug`` preselects that club, if it is one of ``clubs``,
    and its newest season."""

    def __init__(
        self, *args, clubs: Sequence = (), seasons: Sequence = (), club_slug: str = "", **kwargs
    ):
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
        chosen = next((c for c in self._clubs.values() if club_slug and c.slug == club_slug), None)
        if chosen is not None:
            self.fields["club"].initial = chosen.pk
            newest = next((s for s in self._seasons.values() if s.club_id == chosen.pk), None)
            self.fields["season"].initial = newest.pk if newest else None

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

"""A party's forms: the new party (its game and house options, prizes,
club), its hall's Wi-Fi, its language, a party file to load."""

from __future__ import annotations

import datetime

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring import wording
from scoring.rules import PARTNERSHIP_RULESETS
from scoring.rules.rulesets import HouseOption

from ..choices import language_field
from ..clubs.forms.clubs import PartyClubFields
from ..models import (
    MOVEMENT_CHOICES,
    ROUND_MINUTES_DEFAULT,
    ROUND_MINUTES_MAX,
    ROUND_MINUTES_MIN,
    RULESET_CHOICES,
    SITOUT_CHOICES,
    Prize,
)
from ..services import PartySettings
from .common import OneLineErrors, house_option_field

DEFAULT_RULESET = "monterey-draw"
#: What ends a casual game: a party ends with its rounds, so its form leaves them out.
CASUAL_GAME_OPTIONS = ("target", "bid_out")
#: House options a party keeps in its own column rather than with the others.
PARTY_COLUMN_OPTIONS = ("deals_per_round",)


class PartyForm(PartyClubFields, forms.Form):
    name = forms.CharField(max_length=120, label=_("Name"))
    date = forms.DateField(
        initial=datetime.date.today,
        # An ISO value whatever the language: a date input takes no other.
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        label=_("Date"),
    )
    venue = forms.CharField(max_length=160, required=False, label=_("Venue"))
    ruleset = forms.ChoiceField(
        choices=[(name, _(title)) for name, title in RULESET_CHOICES],
        initial=DEFAULT_RULESET,
        label=_("Game"),
    )
    movement = forms.ChoiceField(choices=MOVEMENT_CHOICES, initial="up_down", label=_("Movement"))
    sitout_credit = forms.ChoiceField(
        choices=SITOUT_CHOICES, initial="average", label=_("Sit-out credit")
    )
    planned_rounds = forms.IntegerField(
        min_value=1, max_value=50, initial=6, label=_("Planned rounds")
    )
    round_minutes = forms.IntegerField(
        min_value=ROUND_MINUTES_MIN,
        max_value=ROUND_MINUTES_MAX,
        initial=ROUND_MINUTES_DEFAULT,
        required=False,
        label=_("Round clock (minutes)"),
        help_text=_("How long the round clock runs when you start it."),
    )
    tableside_entry = forms.BooleanField(
        required=False,
        initial=False,
        label=_("Players enter deals at their table on their phones (the other team confirms)"),
    )
    language = language_field()
    prizes = forms.CharField(
        required=False,
        label=_("Prizes"),
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("One prize per line, best first."),
    )

    low_score_prize = forms.CharField(
        required=False, max_length=120, label=_("Low score prize (optional)")
    )
    most_shoots_prize = forms.CharField(
        required=False, max_length=120, label=_("Most top contracts made prize (optional)")
    )
    highest_bid_prize = forms.CharField(
        required=False, max_length=120, label=_("Highest bid made prize (optional)")
    )
    against_odds_prize = forms.CharField(
        required=False,
        max_length=120,
        label=_("Best against the odds prize (optional)"),
        help_text=_(
            "A club's party: the member who scored the most points above what the "
            "ratings of their partners and opponents predicted, round by round."
        ),
    )

    def __init__(self, *args, game: str = "", **kwargs):
        """``game``: the ruleset whose house options the form shows, unless
        the posted data chooses one; else the default game."""
        super().__init__(*args, **kwargs)
        self.fields["most_shoots_prize"].help_text = "; ".join(
            f"{gettext(rs.title)}: {wording.top_contracts_prize(rs)}"
            for rs in PARTNERSHIP_RULESETS.values()
            if rs.top_contracts
        )
        posted = self.data.get("ruleset") if self.is_bound else None
        self.game = next((g for g in (posted, game) if g in PARTNERSHIP_RULESETS), DEFAULT_RULESET)
        rs = PARTNERSHIP_RULESETS[self.game]
        self.option_names = [o.name for o in rs.house_options if o.name not in CASUAL_GAME_OPTIONS]
        # The chosen game's house options, and no other's, follow the round clock's.
        fields = {}
        for name, field in self.fields.items():
            fields[name] = field
            if name == "round_minutes":
                for option in rs.house_options:
                    if option.name in self.option_names:
                        fields[option.name] = house_option_field(option, getattr(rs, option.name))
        self.fields = fields

    @property
    def game_title(self) -> str:
        """The name of the game whose options the form shows, translated."""
        return gettext(PARTNERSHIP_RULESETS[self.game].title)

    def _ruleset_options(self) -> tuple[HouseOption, ...]:
        """The chosen ruleset's options that this form sets."""
        rs = PARTNERSHIP_RULESETS[self.cleaned_data["ruleset"]]
        return tuple(o for o in rs.house_options if o.name in self.option_names)

    def clean(self):
        data = super().clean()
        if data.get("ruleset") in PARTNERSHIP_RULESETS:
            rs = PARTNERSHIP_RULESETS[data["ruleset"]]
            for option in self._ruleset_options():
                if option.name in data and data[option.name] is None:
                    # Left empty (no choice made): the game's own.
                    data[option.name] = getattr(rs, option.name)
            if data.get("most_shoots_prize") and not rs.top_contracts:
                self.add_error(
                    "most_shoots_prize",
                    _(
                        "This game has no top contract (a bid made only with every point): "
                        "leave this prize out."
                    ),
                )
        return data

    def clean_round_minutes(self) -> int:
        minutes = self.cleaned_data["round_minutes"]
        return ROUND_MINUTES_DEFAULT if minutes is None else minutes

    def special_prizes(self) -> dict[str, str]:
        data = self.cleaned_data
        return {
            "low_score": data["low_score_prize"],
            "most_shoots": data["most_shoots_prize"],
            "highest_bid": data["highest_bid_prize"],
            "against_odds": data["against_odds_prize"],
        }

    def house_options(self) -> dict:
        """The chosen ruleset's house options as set, but those kept in the party's column."""
        data = self.cleaned_data
        return {
            option.name: data[option.name]
            for option in self._ruleset_options()
            if option.name not in PARTY_COLUMN_OPTIONS
        }

    def clean_prizes(self) -> str:
        text = self.cleaned_data["prizes"]
        longest = Prize._meta.get_field("name").max_length
        for number, line in enumerate(text.splitlines(), start=1):
            if len(line.strip()) > longest:
                message = ngettext(
                    "Line %(number)d is longer than %(longest)d character: shorten it.",
                    "Line %(number)d is longer than %(longest)d characters: shorten it.",
                    longest,
                )
                raise forms.ValidationError(message % {"number": number, "longest": longest})
        return text

    def prize_names(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["prizes"].splitlines() if line.strip()]

    def settings(self) -> PartySettings:
        """The new party's settings, as the valid form gives them."""
        data = self.cleaned_data
        return PartySettings(
            ruleset=data["ruleset"],
            movement=data["movement"],
            deals_per_round=data["deals_per_round"],
            sitout_credit=data["sitout_credit"],
            planned_rounds=data["planned_rounds"],
            round_minutes=data["round_minutes"],
            house_options=self.house_options(),
            prizes=self.prize_names(),
            special_prizes=self.special_prizes(),
            tableside_entry=data["tableside_entry"],
            language=data["language"],
        )


class WifiForm(OneLineErrors, forms.Form):
    """The hall's Wi-Fi; the service checks the name and password."""

    wifi_name = forms.CharField(required=False, max_length=32, label=_("Network name"))
    # Spaces at either end are part of a password.
    wifi_password = forms.CharField(
        required=False, max_length=63, strip=False, label=_("Password (none for an open network)")
    )


class PartyLanguageForm(forms.Form):
    """The party's language, changed on the players' page screen."""

    language = language_field()


class PartyFileForm(forms.Form):
    file = forms.FileField(
        label=_("File"), help_text=_("A party file (JSON, format pedroparty/1).")
    )

"""Forms of the online-play pages: creating a casual table or a party table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.forms import house_option_field
from tournaments.models import Member

from .models import MAX_SEATS, OnlineSeat
from .rules import RULESETS, RulesetError
from .rules.levels import plays_seats
from .rules.rulesets import HouseOption
from .services import (
    AWAY_CHOICES,
    EMPTY,
    IDLE_CHOICES,
    MAX_DEALS,
    MAX_TARGET,
    SeatSpec,
    duration_text,
)

#: Said in the language of the page that shows the form.
_IDLE_LABELS = [(seconds, lazy(duration_text, str)(seconds)) for seconds in IDLE_CHOICES]
_AWAY_LABELS = [(seconds, lazy(duration_text, str)(seconds)) for seconds in AWAY_CHOICES]
#: The bot levels that may play a person's seat while they are away.
_LEVEL_CHOICES = [
    (OnlineSeat.Kind.EASY, _("Easy bot")),
    (OnlineSeat.Kind.HEURISTIC, _("Normal bot")),
    (OnlineSeat.Kind.EXPERT, _("Expert bot")),
]
_SEATS = range(1, 5)
#: A casual table's seat rows: enough for the largest N-seat game (RULES.md 12.2).
_TABLE_SEATS = range(1, MAX_SEATS + 1)
#: A seat row may be left for a bot to take when the table starts (RULES.md 12.5).
_KIND_CHOICES = [*OnlineSeat.Kind.choices, (EMPTY, _("Empty: a bot sits here at the start"))]
#: Every game a table may play, by its ruleset id.
GAME_CHOICES = [(name, _(rs.title)) for name, rs in RULESETS.items()]
#: House options the table form sets in its own fields (the game's length),
#: or that a casual table does not use (a party's rounds).
_OWN_OPTIONS = ("target", "deals_per_round")


def table_house_options(ruleset: str) -> tuple[HouseOption, ...]:
    """The house options a casual table of ``ruleset`` offers."""
    return tuple(o for o in RULESETS[ruleset].house_options if o.name not in _OWN_OPTIONS)


def option_field_name(ruleset: str, option: HouseOption) -> str:
    return f"{ruleset}-{option.name}"


class SeatKindsMixin:
    """Four ``kind`` fields: the first ``people`` seats persons, the rest normal bots."""

    def add_kinds(self, people: int) -> None:
        for number in _SEATS:
            self.fields[f"kind{number}"] = forms.ChoiceField(
                label=gettext("Seat %(number)s") % {"number": number},
                choices=OnlineSeat.Kind.choices,
                initial=OnlineSeat.Kind.HUMAN if number <= people else OnlineSeat.Kind.HEURISTIC,
            )

    def add_away(self) -> None:
        self.fields["away_seconds"] = forms.TypedChoiceField(
            label=_("A bot plays for a person whose page has been closed for"),
            coerce=int,
            choices=_AWAY_LABELS,
            initial=60,
            # Left out (an older form), the default.
            required=False,
            empty_value=60,
        )

    def kinds(self) -> list[str]:
        return [self.cleaned_data[f"kind{number}"] for number in _SEATS]

    def add_away_levels(self, seats: range = _SEATS) -> None:
        """An ``away`` field a seat (four by default): the bot level that
        plays each person's seat while they are away (left out, the normal
        bot)."""
        for number in seats:
            self.fields[f"away{number}"] = forms.ChoiceField(
                label=gettext("While seat %(number)s's person is away") % {"number": number},
                choices=_LEVEL_CHOICES,
                initial=OnlineSeat.Kind.HEURISTIC,
                required=False,
            )

    def away_kinds(self) -> list[str]:
        return [
            self.cleaned_data[f"away{number}"] or OnlineSeat.Kind.HEURISTIC for number in _SEATS
        ]


class TableForm(SeatKindsMixin, forms.Form):
    ruleset = forms.ChoiceField(
        choices=GAME_CHOICES, initial="monterey-draw", widget=forms.RadioSelect
    )
    length = forms.ChoiceField(
        choices=[("target", _("Play to a score")), ("deals", _("Play a number of deals"))],
        initial="target",
        widget=forms.RadioSelect,
    )
    #: Left empty, the game's own target.
    target = forms.IntegerField(min_value=1, max_value=MAX_TARGET, required=False)
    deals = forms.IntegerField(min_value=1, max_value=MAX_DEALS, initial=4, required=False)
    idle_seconds = forms.TypedChoiceField(
        label=_("A seat may go to a bot after"),
        coerce=int,
        choices=_IDLE_LABELS,
        initial=120,
    )

    def __init__(self, *args, members: Sequence[Member] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: The club members the creator may seat (``selectors.members_seatable``).
        self.members = {member.pk: member for member in members}
        for number in _TABLE_SEATS:
            self.fields[f"name{number}"] = forms.CharField(
                label=gettext("Seat %(number)s name") % {"number": number},
                max_length=40,
                required=False,
            )
            if self.members:
                self.fields[f"member{number}"] = forms.TypedChoiceField(
                    label=gettext("Club member in seat %(number)s") % {"number": number},
                    choices=[("", gettext("Not a club member"))]
                    + [(m.pk, f"{m.name} ({m.club.name})") for m in members],
                    coerce=int,
                    empty_value=None,
                    required=False,
                )
        self.add_kinds(people=1)
        for number in _TABLE_SEATS:
            if number not in _SEATS:
                # Rows for the games of more than four: left out (an older
                # form) or empty, a bot takes the seat.
                self.fields[f"kind{number}"] = forms.ChoiceField(
                    label=gettext("Seat %(number)s") % {"number": number},
                    choices=_KIND_CHOICES,
                    initial=EMPTY,
                    required=False,
                )
            else:
                self.fields[f"kind{number}"].choices = _KIND_CHOICES
        self.add_away()
        self.add_away_levels(_TABLE_SEATS)
        # Each game's house options, its own values first (RULES.md 9, 11, 12).
        for name, rs in RULESETS.items():
            for option in table_house_options(name):
                field = house_option_field(option, getattr(rs, option.name))
                self.fields[option_field_name(name, option)] = field

    def option_groups(self) -> list[tuple[str, str, list]]:
        """(ruleset id, title, bound fields) of each game that has house options."""
        return [
            (name, label, [self[option_field_name(name, o)] for o in table_house_options(name)])
            for name, label in GAME_CHOICES
            if table_house_options(name)
        ]

    def house_options(self) -> dict[str, Any]:
        """The chosen game's house options as set; one left empty keeps the game's own."""
        name = self.cleaned_data["ruleset"]
        options = {}
        for option in table_house_options(name):
            value = self.cleaned_data.get(option_field_name(name, option))
            if value is not None:
                options[option.name] = value
        return options

    def clean(self) -> dict:
        data = super().clean()
        length = data.get("length")
        if length == "deals" and data.get("deals") is None:
            self.add_error("deals", ValidationError(gettext("Give the number of deals.")))
        return data

    def seat_count(self) -> int:
        """The chosen game's seats: four, or the N-seat game's (RULES.md 12.1.1)."""
        name = self.cleaned_data["ruleset"]
        try:
            rs = RULESETS[name].with_options(**self.house_options())
        except RulesetError:
            rs = RULESETS[name]  # the service names what is wrong with the options
        return rs.players if plays_seats(rs) else 4

    def seat_rows(self) -> list[tuple]:
        """(number, name, kind, member or None, away) bound fields of each seat."""
        return [
            (
                number,
                self[f"name{number}"],
                self[f"kind{number}"],
                self[f"member{number}"] if self.members else None,
                self[f"away{number}"],
            )
            for number in _TABLE_SEATS
        ]

    def seat_specs(self) -> list[SeatSpec]:
        """The chosen game's seats, seat 1 first; the rows past them are not used."""
        data = self.cleaned_data
        return [
            SeatSpec(
                data[f"name{n}"],
                data[f"kind{n}"] or EMPTY,
                member=self.members.get(data.get(f"member{n}")),
                away_kind=data[f"away{n}"] or OnlineSeat.Kind.HEURISTIC,
            )
            for n in range(1, self.seat_count() + 1)
        ]

    def game_length(self) -> dict[str, int | None]:
        data = self.cleaned_data
        if data["length"] == "target":
            target = data["target"]
            if target is None:
                target = RULESETS[data["ruleset"]].target
            return {"target": target, "deals": None}
        return {"target": None, "deals": data["deals"]}


class PartyTableForm(SeatKindsMixin, forms.Form):
    table = forms.ChoiceField(label=_("Table"), choices=())
    idle_seconds = forms.TypedChoiceField(
        label=_("A seat may go to a bot after"),
        coerce=int,
        choices=_IDLE_LABELS,
        initial=120,
    )

    def __init__(self, *args, choices=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.choices = {choice.value: choice for choice in choices}
        self.fields["table"].choices = [(c.value, c.label) for c in choices]
        self.add_kinds(people=4)
        self.add_away()
        self.add_away_levels()

    def chosen(self):
        return self.choices[self.cleaned_data["table"]]

    def seat_fields(self) -> list[tuple]:
        """(kind, away level) bound fields of each seat."""
        return [(self[f"kind{number}"], self[f"away{number}"]) for number in _SEATS]


class TableVersionForm(forms.Form):
    """The table version a move or a deal button was sent from."""

    version = forms.IntegerField()

    def number(self) -> int:
        """The version posted, or -1 (never the table's: always stale) when
        it is missing or not a whole number."""
        return self.cleaned_data["version"] if self.is_valid() else -1


class ReplayStepForm(forms.Form):
    """The step of a finished deal's replay to show (``?step=``)."""

    step = forms.IntegerField(required=False)

    def number(self) -> int | None:
        """The step asked for, or None (the replay's end) for anything else."""
        return self.cleaned_data["step"] if self.is_valid() else None

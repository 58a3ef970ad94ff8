"""Forms parse and shape input; the rules are checked by the services."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django import forms
from django.core.validators import MaxValueValidator
from django.db.models import BigIntegerField
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring import wording
from scoring.rules import PARTNERSHIP_RULESETS
from scoring.rules.rulesets import HouseOption, Ruleset

from ..choices import POINT_CARD_NAMES, SEAT_CHOICES, SUIT_CHOICES, TEAM_CHOICES, language_field
from ..clubs.forms.clubs import PartyClubFields
from ..models import (
    MOVEMENT_CHOICES,
    ROUND_MINUTES_DEFAULT,
    ROUND_MINUTES_MAX,
    ROUND_MINUTES_MIN,
    RULESET_CHOICES,
    SITOUT_CHOICES,
    Party,
    Prize,
)
from ..services import DealEntry

DEFAULT_RULESET = "monterey-draw"
#: What ends a casual game: a party ends with its rounds, so its form leaves them out.
CASUAL_GAME_OPTIONS = ("target", "bid_out")
#: The entry page has room for a points button for each value of a deal of
#: up to this many points (a page layout's limit, not a game's number).
POINTS_PAD_MOST = 24
#: House options a party keeps in its own column rather than with the others.
PARTY_COLUMN_OPTIONS = ("deals_per_round",)


def house_option_field(option: HouseOption, initial: object) -> forms.Field:
    """The field a house option makes: a checkbox, a choice of its values
    (each with its label where it has one), or a whole number within its
    bounds; its labels translated."""
    texts = {"label": _(option.label), "initial": initial}
    if option.help_text:
        texts["help_text"] = _(option.help_text)
    if option.kind is bool:
        return forms.BooleanField(required=False, **texts)
    if option.choices:
        labels = [_(label) for label in option.choice_labels] or map(str, option.choices)
        choices = list(zip(option.choices, labels, strict=False))
        return forms.TypedChoiceField(
            choices=choices, coerce=option.kind, required=False, empty_value=None, **texts
        )
    return forms.IntegerField(
        min_value=option.minimum, max_value=option.maximum, required=False, **texts
    )


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
            "A club's party: the member whose rounds went furthest beyond what the "
            "ratings of their partners and opponents predicted."
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


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=80, widget=forms.TextInput(attrs={"autocomplete": "off"}))


class PlayerSuggestForm(forms.Form):
    """The type-ahead's query: the start of a name, and the party it is for."""

    q = forms.CharField(required=False, max_length=80)
    party = forms.SlugField(required=False, max_length=80)


#: The largest id or seed a database column holds; a larger number is no row.
ROW_NUMBER_MAX = BigIntegerField.MAX_BIGINT


class OneLineErrors:
    """For pages that show a form's errors as one line above it."""

    def error_text(self) -> str:
        return " ".join(str(error) for errors in self.errors.values() for error in errors)


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


class SeatDrawForm(OneLineErrors, forms.Form):
    """Round 1 by the seeded draw; without a seed the service picks one."""

    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=ROW_NUMBER_MAX,
        error_messages={"invalid": _("The seed must be a whole number.")},
    )
    by_rating = forms.BooleanField(required=False)


class SeatingForm(OneLineErrors, forms.Form):
    """A seating tapped in by the host: a player id for every seat of every table."""

    def __init__(self, *args, tables: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.table_count = tables
        for table in range(1, tables + 1):
            for seat in range(4):
                message = _("Choose a player for table %(table)d, seat %(seat)d.") % {
                    "table": table,
                    "seat": seat + 1,
                }
                self.fields[f"t{table}s{seat}"] = forms.IntegerField(
                    min_value=1,
                    max_value=ROW_NUMBER_MAX,
                    error_messages={
                        key: message for key in ("required", "invalid", "min_value", "max_value")
                    },
                )

    def tables(self) -> list[list[int]]:
        data = self.cleaned_data
        return [
            [data[f"t{table}s{seat}"] for seat in range(4)]
            for table in range(1, self.table_count + 1)
        ]


class PrizePickForm(OneLineErrors, forms.Form):
    """A player picks a prize: both must be this party's (the service checks the turn)."""

    prize = forms.ModelChoiceField(
        queryset=Prize.objects.none(),
        error_messages={"invalid_choice": _("That is not one of this party's place prizes.")},
    )
    player = forms.ModelChoiceField(
        queryset=Party.objects.none(),
        error_messages={"invalid_choice": _("That is not one of this party's players.")},
    )

    def __init__(self, *args, party: Party, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["prize"].queryset = party.prizes.filter(kind=Prize.Kind.PLACE)
        self.fields["player"].queryset = party.players.all()


class PrizeUnpickForm(OneLineErrors, forms.Form):
    """The place prize pick to put back, by its id (the service checks it is the latest)."""

    undo = forms.IntegerField(min_value=1, max_value=ROW_NUMBER_MAX)


class DocumentAgainForm(forms.Form):
    """Make an earlier document again, with its kind and options."""

    again = forms.ModelChoiceField(
        queryset=Party.objects.none(),
        error_messages={"invalid_choice": _("That document is not one of this party's.")},
    )

    def __init__(self, *args, party: Party, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["again"].queryset = party.documents.defer("content")


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


class PartyFileForm(forms.Form):
    file = forms.FileField(
        label=_("File"), help_text=_("A party file (JSON, format pedroparty/1).")
    )


class CallTimeForm(forms.Form):
    """The host's confirmation that time is called (at a table, or for the round)."""

    confirm = forms.BooleanField(required=True)


class DealNumberForm(forms.Form):
    """The deal a table's page is asked for (``?deal=``, or the entry form's)."""

    deal = forms.IntegerField()

    def number(self) -> int:
        """The deal asked for, or 0 for anything not a whole number: the
        service then refuses it, saying which deals there are."""
        return self.cleaned_data["deal"] if self.is_valid() else 0


class CertificatePreviewForm(forms.Form):
    """The certificate preview's design and paper (codes of ``designs`` and
    ``papers``) and the award it shows, by id (none: the first)."""

    design = forms.ChoiceField()
    paper = forms.ChoiceField()
    award = forms.IntegerField(required=False)

    def __init__(self, *args, designs: Iterable[str], papers: Iterable[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["design"].choices = [(code, code) for code in designs]
        self.fields["paper"].choices = [(code, code) for code in papers]


class CutForm(forms.Form):
    """The team that won the cut at a table still tied."""

    team = forms.TypedChoiceField(choices=TEAM_CHOICES, coerce=int)

    def winner(self) -> int:
        """The team posted, or -1 for anything else: the service refuses it."""
        return self.cleaned_data["team"] if self.is_valid() else -1

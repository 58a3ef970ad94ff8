"""The scorepad's forms: a new scorepad (the game, its house options, the
players in seat order, the first dealer) and the tap-first entry of a deal.
They parse; the rules are the validator's (``services``)."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import wording
from scoring.rules import RULESETS
from scoring.rules.cards import PACK_RANKS, SUITS
from scoring.rules.rulesets import Ruleset

from ..choices import SUIT_CHOICES
from ..forms import house_option_field
from .tally import is_team_game

#: House options that mean nothing at one table: a party's rounds.
PARTY_ONLY_OPTIONS = ("deals_per_round",)


def game_choices() -> list[tuple[str, str]]:
    """Every game, the four-seat partnership games first, titles translated."""
    return [(name, gettext(rs.title)) for name, rs in RULESETS.items()]


class GameForm(forms.Form):
    """The first step: which game, and for a game whose seats vary, how many play."""

    game = forms.ChoiceField(label=_("Game"), choices=())
    players = forms.IntegerField(label=_("Players"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()

    def ruleset(self) -> Ruleset | None:
        """The game with its number of players, when both are known."""
        if not self.is_valid():
            return None
        rs = RULESETS[self.cleaned_data["game"]]
        names = [option.name for option in rs.house_options]
        if "players" not in names:
            return rs
        players = self.cleaned_data.get("players")
        if players is None or not rs.house_option("players").accepts(players):
            return None
        return rs.with_options(players=players)


def player_counts(rs: Ruleset) -> tuple[int, ...]:
    """The seat counts a game allows ((its own) when it has no such option)."""
    for option in rs.house_options:
        if option.name == "players":
            return tuple(range(option.minimum, option.maximum + 1))
    return (rs.players,)


class ScorepadForm(forms.Form):
    """A new scorepad of one game: its house options, the names, the first dealer."""

    def __init__(self, *args: Any, ruleset: Ruleset, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = rs = ruleset
        self.option_names = [
            option.name
            for option in rs.house_options
            if option.name not in PARTY_ONLY_OPTIONS and option.name != "players"
        ]
        for option in rs.house_options:
            if option.name in self.option_names:
                self.fields[option.name] = house_option_field(option, getattr(rs, option.name))
        for seat in range(rs.players):
            self.fields[f"name_{seat}"] = forms.CharField(
                label=gettext("Seat %(seat)d") % {"seat": seat + 1}, max_length=80, required=False
            )
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label=_("Who deals first?"),
            choices=[(s, gettext("Seat %(seat)d") % {"seat": s + 1}) for s in range(rs.players)],
            coerce=int,
            initial=0,
        )

    def name_fields(self) -> list[forms.BoundField]:
        return [self[f"name_{seat}"] for seat in range(self.ruleset.players)]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.option_names]

    def options(self) -> dict[str, Any]:
        """The house options chosen (a blank one keeps the game's own)."""
        chosen = {"players": self.ruleset.players} if "players" in _names(self.ruleset) else {}
        for name in self.option_names:
            value = self.cleaned_data.get(name)
            if value is not None:
                chosen[name] = value
        return chosen

    def names(self) -> list[str]:
        return [self.cleaned_data.get(f"name_{seat}", "") for seat in range(self.ruleset.players)]


def _names(rs: Ruleset) -> list[str]:
    return [option.name for option in rs.house_options]


def new_form_token() -> str:
    return secrets.token_urlsafe(16)


class DealForm(forms.Form):
    """One deal, as a record's fields (RULES.md 12.1.8; section 5 for four
    seats).  Every value is optional here: what is missing or wrong is
    named by the validator, at its field."""

    number = forms.IntegerField(widget=forms.HiddenInput)
    form_token = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)
    bidder = forms.IntegerField(required=False)
    bid = forms.IntegerField(required=False)
    trump = forms.ChoiceField(required=False, choices=SUIT_CHOICES)

    def __init__(self, *args: Any, ruleset: Ruleset, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = rs = ruleset
        self.names = names
        self.team_game = is_team_game(rs)
        self.called = rs.sides == "called"
        self.individual = rs.sides == "individual"
        if self.team_game:
            self.fields["bidding_team_points"] = forms.IntegerField(required=False)
            self.fields["other_team_points"] = forms.IntegerField(required=False)
        elif self.called:
            self.fields["call_rank"] = forms.ChoiceField(
                required=False, choices=[("", "—")] + [(r, r) for r in PACK_RANKS[rs.pack]]
            )
            self.fields["call_suit"] = forms.ChoiceField(required=False, choices=SUIT_CHOICES)
            self.fields["alone"] = forms.BooleanField(required=False)
            self.fields["partner"] = forms.IntegerField(required=False)
            self.fields["side_points"] = forms.IntegerField(required=False)
        else:
            for seat in range(rs.players):
                self.fields[f"seat_points_{seat}"] = forms.IntegerField(required=False)

    # -- what the template lays out as buttons

    def seats(self) -> list[tuple[int, str]]:
        return list(enumerate(self.names))

    def bid_choices(self) -> list[tuple[int, str]]:
        """Each bid and how players say it ("shoot the moon" for the shoot)."""
        return [(bid, wording.bid_words(bid, self.ruleset)) for bid in self.ruleset.bids()]

    def point_choices(self) -> range:
        return range(self.ruleset.total_points + 1)

    def call_ranks(self) -> str:
        return PACK_RANKS[self.ruleset.pack]

    def suits(self) -> str:
        return SUITS

    def seat_point_fields(self) -> list[tuple[str, forms.BoundField]]:
        return [(name, self[f"seat_points_{s}"]) for s, name in enumerate(self.names)]

    # -- the parsed deal

    def entry(self) -> dict[str, Any]:
        """The deal's record fields as given (``cleaned_data`` first)."""
        data = self.cleaned_data
        entry: dict[str, Any] = {
            "bidder": data.get("bidder"),
            "bid": data.get("bid"),
            "trump": data.get("trump") or None,
        }
        rs = self.ruleset
        if self.team_game:
            entry["bidding_team_points"] = data.get("bidding_team_points")
            if rs.cards_can_leave_play:
                entry["other_team_points"] = data.get("other_team_points")
        elif self.called:
            if data.get("alone"):
                entry["alone"] = True
            else:
                rank, suit = data.get("call_rank"), data.get("call_suit")
                entry["call"] = rank + suit if rank and suit else None
                entry["partner"] = data.get("partner")
            taken = data.get("side_points")
            entry["side_points"] = None if taken is None else [taken, rs.total_points - taken]
        else:
            entry["seat_points"] = [data.get(f"seat_points_{s}") for s in range(rs.players)]
        return entry

    def located_errors(self) -> dict[str, str]:
        """The parse errors, keyed by the record field they belong to."""
        located: dict[str, str] = {}
        for name, errors in self.errors.items():
            field = name
            if name.startswith("seat_points_"):
                field = "seat_points"
            elif name in ("call_rank", "call_suit"):
                field = "call"
            located.setdefault(field, " ".join(errors))
        return located


class AmendForm(DealForm):
    """The last deal again, to change it."""

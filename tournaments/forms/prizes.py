"""Picking a place prize and putting the pick back."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import (
    Party,
    Prize,
)
from .common import ROW_NUMBER_MAX, OneLineErrors


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

"""Registering a player, and the type-ahead's query."""

from __future__ import annotations

from django import forms


class PlayerForm(forms.Form):
    name = forms.CharField(max_length=80, widget=forms.TextInput(attrs={"autocomplete": "off"}))


class PlayerSuggestForm(forms.Form):
    """The type-ahead's query: the start of a name, and the party it is for."""

    q = forms.CharField(required=False, max_length=80)
    party = forms.SlugField(required=False, max_length=80)

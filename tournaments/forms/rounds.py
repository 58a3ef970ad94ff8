"""A round's table call time and its cut for the lead."""

from __future__ import annotations

from django import forms

from ..choices import TEAM_CHOICES


class CallTimeForm(forms.Form):
    """The host's confirmation that time is called (at a table, or for the round)."""

    confirm = forms.BooleanField(required=True)


class CutForm(forms.Form):
    """The team that won the cut at a table still tied."""

    team = forms.TypedChoiceField(choices=TEAM_CHOICES, coerce=int)

    def winner(self) -> int:
        """The team posted, or -1 for anything else: the service refuses it."""
        return self.cleaned_data["team"] if self.is_valid() else -1

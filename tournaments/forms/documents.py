"""The party's printed documents: making one again, and the certificate preview."""

from __future__ import annotations

from collections.abc import Iterable

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import (
    Party,
)


class DocumentAgainForm(forms.Form):
    """Make an earlier document again, with its kind and options."""

    again = forms.ModelChoiceField(
        queryset=Party.objects.none(),
        error_messages={"invalid_choice": _("That document is not one of this party's.")},
    )

    def __init__(self, *args, party: Party, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["again"].queryset = party.documents.defer("content")


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

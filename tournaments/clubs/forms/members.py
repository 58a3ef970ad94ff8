"""The forms of a club's members pages and of the players page's member choices."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ...forms import ROW_NUMBER_MAX


def _member_field(label) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=1,
        max_value=ROW_NUMBER_MAX,
        error_messages={"required": _("Choose a member.")},
    )


class MemberPickForm(forms.Form):
    """One of the club's members, by id (the view finds it in the club)."""

    member = _member_field(_("Member"))


class MemberRenameForm(forms.Form):
    member = _member_field(_("Member"))
    name = forms.CharField(label=_("New name"), max_length=80)


class MemberMergeForm(forms.Form):
    """The two members to merge: ``other`` is folded into ``keep``."""

    keep = _member_field(_("Keep"))
    other = _member_field(_("Merge into it"))

    def clean(self):
        data = super().clean()
        if data.get("keep") and data.get("keep") == data.get("other"):
            self.add_error("other", _("Choose two different members to merge."))
        return data


class LookalikeAnswerForm(forms.Form):
    """The host's answer when a name looks like someone already known: the
    same registered player, the same club member, or a new one; none of
    them when the name is just typed."""

    same_player = forms.IntegerField(required=False, min_value=1, max_value=ROW_NUMBER_MAX)
    same_member = forms.IntegerField(required=False, min_value=1, max_value=ROW_NUMBER_MAX)
    new = forms.BooleanField(required=False)

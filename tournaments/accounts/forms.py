"""The forms of host accounts: a new account (from a sign-up link, open
sign-up or a club's invitation), a new password, and the owner's links."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import SetPasswordForm, UserCreationForm
from django.utils.translation import gettext_lazy as _


class AccountForm(UserCreationForm):
    """A new account, made on a phone as often as not: Django's rules for a
    username and the site's password validators.  The sign-up pages and a
    club's invitation page share it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(
            autocomplete="username",
            autocapitalize="none",
            autocorrect="off",
            spellcheck="false",
        )
        # What the link is for comes first on a small screen.
        self.fields["username"].widget.attrs.pop("autofocus", None)
        for name in ("password1", "password2"):
            self.fields[name].widget.attrs.update(autocomplete="new-password")


class NewPasswordForm(SetPasswordForm):
    """The new password a reset link sets, typed twice."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["new_password1"].widget.attrs.pop("autofocus", None)


class SignupLinkForm(forms.Form):
    """A new sign-up link; the note says who it is for."""

    note = forms.CharField(
        label=_("For"),
        max_length=80,
        required=False,
        help_text=_("Whom the link is for, to tell your links apart (optional)."),
    )


class PasswordLinkForm(forms.Form):
    """A new password link for the account ``username``."""

    username = forms.CharField(label=_("Username"), max_length=150)

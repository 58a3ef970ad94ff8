"""Host accounts: the sign-up pages and the new-password page at
/accounts/ (namespace ``account``), and the owner's page at /owner/
(namespace ``owner``), see :mod:`tournaments.accounts.views`."""

from django.urls import path

from pedroparty import converters  # noqa: F401  (registers "token")

from . import views

public_patterns = (
    [
        path("signup/", views.signup, name="signup"),
        path("signup/<token:token>/", views.signup_link, name="signup_link"),
        path("password/<token:token>/", views.password_set, name="password"),
    ],
    "account",
)

owner_patterns = (
    [
        path("accounts/", views.owner_accounts, name="accounts"),
        path(
            "accounts/signup/<int:link_id>/withdraw/",
            views.signup_link_withdraw,
            name="signup_withdraw",
        ),
        path(
            "accounts/password/<int:link_id>/withdraw/",
            views.password_link_withdraw,
            name="password_withdraw",
        ),
    ],
    "owner",
)

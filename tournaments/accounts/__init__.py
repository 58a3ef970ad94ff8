"""Host accounts: open sign-up or a sign-up link, a new password from a link,
and the owner's page that makes and withdraws those links."""

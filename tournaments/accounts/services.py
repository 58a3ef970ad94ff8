"""Host accounts: one made from an owner's sign-up link (or by anyone while
open sign-up is on), a new password from an owner's reset link, and what a
club's invitation shares with them: the checks of a new account and its
making (:func:`account_create`).

The site's owners are its superusers.  A new account is an ordinary host:
not staff, it sees only its own parties and the clubs it is given a role
in.  The links are shown once, when they are made; only their digest is
kept (``models.token_digest``).  A link is used holding its row's lock, so
of two people opening one link at once exactly one gets the account (or
sets the password); a used, withdrawn or expired link changes nothing.
"""

from __future__ import annotations

import datetime
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from ..errors import UserError
from ..models import LinkState, PasswordResetLink, SignupLink, token_digest

#: How long a sign-up link stays valid.
SIGNUP_LINK_DAYS = 7
#: How long a password reset link stays valid.
RESET_LINK_HOURS = 24
#: The longest note an owner may write on a sign-up link.
NOTE_MAX = SignupLink._meta.get_field("note").max_length


def account_link_token() -> str:
    """An unguessable address for an account's link: 192 random bits, the
    longest a link's token may be (``pedroparty.converters``)."""
    return secrets.token_urlsafe(24)


def owner_allow(*, user) -> None:
    """Refuse (``PermissionDenied``) unless ``user`` is one of the site's
    owners (a superuser)."""
    if not (user.is_authenticated and user.is_superuser):
        raise PermissionDenied(gettext("Only the site's owners can do this."))


# --------------------------------------------------------------------- a new account


def username_check(*, username: str) -> str:
    """``username`` as it is stored, if Django's rules for a username take it;
    else :class:`UserError` keyed ``username``."""
    user_model = get_user_model()
    username = user_model.normalize_username((username or "").strip())
    if not username:
        raise UserError({"username": gettext("Choose a username.")})
    try:
        user_model._meta.get_field(user_model.USERNAME_FIELD).run_validators(username)
    except ValidationError as error:
        raise UserError({"username": " ".join(error.messages)}) from None
    return username


def password_check(*, password: str, user, field: str) -> None:
    """Refuse (:class:`UserError` keyed ``field``) a password the site's
    validators refuse for ``user``."""
    try:
        validate_password(password, user=user)
    except ValidationError as error:
        raise UserError({field: " ".join(error.messages)}) from None


def account_create(*, username: str, password: str):
    """A new ordinary user (neither staff nor superuser) named ``username``,
    signing in with ``password``: what a sign-up link and a club's
    invitation both make.

    Refused, with nothing made, for a username Django's rules refuse or one
    already taken (case aside), and for a password the site's validators
    refuse (:class:`UserError` keyed ``username`` or ``password2``).  Should
    be called inside a transaction holding the link's lock; a name taken
    between the check and the insert is refused by the unique index."""
    user_model = get_user_model()
    username = username_check(username=username)
    password_check(password=password, user=user_model(username=username), field="password2")
    taken = user_model.objects.filter(**{f"{user_model.USERNAME_FIELD}__iexact": username})
    if taken.exists():
        raise UserError({"username": gettext("That username is taken: choose another.")})
    try:
        with transaction.atomic():  # a savepoint: the caller's lock is kept
            return user_model.objects.create_user(username=username, password=password)
    except IntegrityError:
        raise UserError({"username": gettext("That username is taken: choose another.")}) from None


# --------------------------------------------------------------------- sign-up links


def signup_link_create(*, user, note: str = "") -> tuple[SignupLink, str]:
    """A one-time link making one host account, valid for
    :data:`SIGNUP_LINK_DAYS` days; returns its row and the token of its
    address, which is never available again.  Owners only."""
    owner_allow(user=user)
    note = " ".join((note or "").split())
    if len(note) > NOTE_MAX:
        raise UserError({"note": gettext("The note is too long.")})
    token = account_link_token()
    link = SignupLink.objects.create(
        digest=token_digest(token),
        note=note,
        created_by=user,
        expires_at=timezone.now() + datetime.timedelta(days=SIGNUP_LINK_DAYS),
    )
    return link, token


def signup_link_refusal(link: SignupLink | None, *, now: datetime.datetime) -> str | None:
    """Why ``link`` (None: no such link) makes no account, or None if it does."""
    if link is None:
        return gettext("This sign-up link is not valid.")
    return {
        LinkState.WITHDRAWN: gettext("This sign-up link was withdrawn."),
        LinkState.USED: gettext("This sign-up link has already been used. Ask for a new one."),
        LinkState.EXPIRED: gettext("This sign-up link has expired. Ask for a new one."),
        None: None,
    }[link.state(now)]


def host_signup(*, token: str | None, username: str, password: str):
    """A new ordinary host account.  With a sign-up link's ``token``: in one
    transaction holding the link's lock, the link is checked, the account
    made and the link used up.  Without one: only while open sign-up is on
    (``HOST_SIGNUP_OPEN``).  A refused link, a taken name or a bad password
    makes nothing and leaves the link as it was."""
    if token is None:
        if not settings.HOST_SIGNUP_OPEN:
            raise UserError(gettext("Accounts are made from a sign-up link only."))
        with transaction.atomic():
            return account_create(username=username, password=password)
    with transaction.atomic():
        link = SignupLink.objects.select_for_update().filter(digest=token_digest(token)).first()
        problem = signup_link_refusal(link, now=timezone.now())
        if problem:
            raise UserError(problem)
        user = account_create(username=username, password=password)
        link.used_by = user
        link.used_at = timezone.now()
        link.save(update_fields=["used_by", "used_at"])
    return user


def signup_link_withdraw(*, user, link_id: int) -> SignupLink:
    """Take back an unused sign-up link; its address then refuses.  Owners only."""
    owner_allow(user=user)
    with transaction.atomic():
        link = SignupLink.objects.select_for_update().filter(pk=link_id).first()
        if link is None:
            raise UserError(gettext("There is no such link."))
        if link.state(timezone.now()) == LinkState.USED:
            raise UserError(gettext("This sign-up link has already been used."))
        if not link.withdrawn:
            link.withdrawn = True
            link.save(update_fields=["withdrawn"])
    return link


# --------------------------------------------------------------------- password reset


def password_reset_link_create(*, user, username: str) -> tuple[PasswordResetLink, str]:
    """A one-time link setting a new password for the user ``username``,
    valid for :data:`RESET_LINK_HOURS` hours; returns its row and the
    token of its address, which is never available again.  An earlier
    unused link for that user is withdrawn.  Owners only."""
    owner_allow(user=user)
    user_model = get_user_model()
    name = (username or "").strip()
    target = user_model.objects.filter(**{f"{user_model.USERNAME_FIELD}__iexact": name}).first()
    if not name or target is None:
        raise UserError({"username": gettext("There is no account of that name.")})
    token = account_link_token()
    with transaction.atomic():
        user_model.objects.select_for_update().filter(pk=target.pk).first()
        PasswordResetLink.objects.filter(user=target, used_at__isnull=True, withdrawn=False).update(
            withdrawn=True
        )
        link = PasswordResetLink.objects.create(
            digest=token_digest(token),
            user=target,
            created_by=user,
            expires_at=timezone.now() + datetime.timedelta(hours=RESET_LINK_HOURS),
        )
    return link, token


def password_reset_refusal(link: PasswordResetLink | None, *, now: datetime.datetime) -> str | None:
    """Why ``link`` (None: no such link) sets no password, or None if it does."""
    if link is None:
        return gettext("This password link is not valid.")
    return {
        LinkState.WITHDRAWN: gettext(
            "This password link was withdrawn or replaced by a newer one."
        ),
        LinkState.USED: gettext("This password link has already been used. Ask for a new one."),
        LinkState.EXPIRED: gettext("This password link has expired. Ask for a new one."),
        None: None,
    }[link.state(now)]


def password_reset(*, token: str, password: str):
    """Set the link's user's new password and use the link up, in one
    transaction holding the link's lock; returns the user.  Every session
    the user had is signed out (a session keeps the password's hash, which
    no longer matches).  Refused, changing nothing, for a used, withdrawn or
    expired link and a password the site's validators refuse (keyed
    ``new_password2``)."""
    with transaction.atomic():
        link = (
            PasswordResetLink.objects.select_for_update()
            .select_related("user")
            .filter(digest=token_digest(token))
            .first()
        )
        problem = password_reset_refusal(link, now=timezone.now())
        if problem:
            raise UserError(problem)
        user = link.user
        password_check(password=password, user=user, field="new_password2")
        user.set_password(password)
        user.save(update_fields=["password"])
        link.used_at = timezone.now()
        link.save(update_fields=["used_at"])
    return user


def password_reset_link_withdraw(*, user, link_id: int) -> PasswordResetLink:
    """Take back an unused password link.  Owners only."""
    owner_allow(user=user)
    with transaction.atomic():
        link = PasswordResetLink.objects.select_for_update().filter(pk=link_id).first()
        if link is None:
            raise UserError(gettext("There is no such link."))
        if link.used_at is not None:
            raise UserError(gettext("This password link has already been used."))
        if not link.withdrawn:
            link.withdrawn = True
            link.save(update_fields=["withdrawn"])
    return link

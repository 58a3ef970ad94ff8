"""A club and who helps run it: creating a club, inviting a helper with a
one-time link, accepting it, withdrawing it, and taking a role back.

What each role may do is :mod:`tournaments.game.roles`.  Two people opening the
same link at once, or two organisers removing each other, are serialised by
row locks: exactly one wins, the other is told why nothing happened.
"""

from __future__ import annotations

import datetime
import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext

from ...accounts.services import account_create, password_check, username_check
from ...errors import UserError
from ...game.roles import ROLE_STRENGTH
from ...models import Club, ClubRole, Invitation, LinkState, Role
from .access import club_allow

#: How long an invitation link stays valid.
INVITATION_DAYS = 7


def club_create(*, name: str, user) -> Club:
    """A new club, with ``user`` as its first organiser."""
    name = (name or "").strip()
    if not name:
        raise UserError({"name": gettext("Give the club a name.")})
    with transaction.atomic():
        club = Club.objects.create(
            name=name,
            slug=f"{slugify(name)[:60] or 'club'}-{secrets.token_hex(3)}",
            created_by=user,
        )
        ClubRole.objects.create(club=club, user=user, role=Role.ORGANISER)
    return club


def invitation_create(*, club: Club, role: str, user) -> Invitation:
    """A one-time link granting ``role`` in ``club``, valid for
    :data:`INVITATION_DAYS` days.  Only an organiser may make one."""
    if role not in Role.values:
        raise UserError({"role": gettext("Choose organiser, scorer or door.")})
    club_allow(club=club, user=user)
    return Invitation.objects.create(
        club=club,
        role=role,
        created_by=user,
        expires_at=timezone.now() + datetime.timedelta(days=INVITATION_DAYS),
    )


def invitation_refusal(invitation: Invitation, *, now: datetime.datetime) -> str | None:
    """Why ``invitation`` can no longer be accepted, or None if it can."""
    return {
        LinkState.WITHDRAWN: gettext("This invitation was withdrawn by the club's organisers."),
        LinkState.USED: gettext("This invitation has already been used. Ask for a new one."),
        LinkState.EXPIRED: gettext("This invitation has expired. Ask for a new one."),
        None: None,
    }[invitation.state(now)]


def _invitation_locked(token: str) -> Invitation:
    """The invitation of ``token``, locked, if it may still be accepted.
    Should be called inside a transaction."""
    invitation = (
        Invitation.objects.select_for_update(of=("self",))
        .select_related("club")
        .filter(token=token)
        .first()
    )
    if invitation is None:
        raise UserError(gettext("This invitation link is not valid."))
    problem = invitation_refusal(invitation, now=timezone.now())
    if problem:
        raise UserError(problem)
    return invitation


def _invitation_grant(invitation: Invitation, *, user) -> ClubRole:
    """Give ``user`` the invitation's role and use the link up.
    Should be called holding the invitation's lock."""
    held = ClubRole.objects.select_for_update().filter(club=invitation.club, user=user).first()
    if held is not None and ROLE_STRENGTH[held.role] >= ROLE_STRENGTH[invitation.role]:
        raise UserError(
            gettext("You already help %(club)s as %(role)s; this invitation would not add to it.")
            % {"club": invitation.club.name, "role": held.get_role_display()}
        )
    if held is None:
        held = ClubRole.objects.create(club=invitation.club, user=user, role=invitation.role)
    else:
        held.role = invitation.role
        held.save(update_fields=["role"])
    invitation.used_by = user
    invitation.used_at = timezone.now()
    invitation.save(update_fields=["used_by", "used_at"])
    return held


def invitation_accept(*, token: str, user) -> ClubRole:
    """Grant the invitation's role to ``user`` and use the link up.

    The invitation's row is locked, so of two people opening one link at once
    exactly one gets the role.  A used, withdrawn or expired link, or a role
    already held that is as strong or stronger, is refused and changes
    nothing (the link stays usable by someone else in the last case)."""
    with transaction.atomic():
        return _invitation_grant(_invitation_locked(token), user=user)


def invitation_accept_new_user(*, token: str, username: str, password: str):
    """A new account for the helper the invitation is for, holding its role.

    In one transaction that holds the invitation's lock, the link is
    checked, the account made (:func:`accounts.account_create`: an ordinary
    host, as from a sign-up link), the role granted and the link used up.
    A used, withdrawn or expired link, a username already taken or a
    password the site's validators refuse creates nothing and leaves the
    link as it was."""
    # The input first, so that a bad name or password is told before the link is locked.
    username = username_check(username=username)
    password_check(password=password, user=get_user_model()(username=username), field="password2")
    with transaction.atomic():
        invitation = _invitation_locked(token)
        user = account_create(username=username, password=password)
        _invitation_grant(invitation, user=user)
    return user


def invitation_withdraw(*, club: Club, invitation_id: int, user) -> None:
    """Take back an unused invitation of ``club``; its link then refuses."""
    club_allow(club=club, user=user)
    with transaction.atomic():
        invitation = (
            Invitation.objects.select_for_update().filter(club=club, pk=invitation_id).first()
        )
        if invitation is None:
            raise UserError(gettext("There is no such invitation."))
        if invitation.used_at is not None:
            raise UserError(gettext("This invitation has already been used."))
        if invitation.withdrawn:
            raise UserError(gettext("This invitation was already withdrawn."))
        invitation.withdrawn = True
        invitation.save(update_fields=["withdrawn"])


def club_role_remove(*, club: Club, role_id: int, user) -> None:
    """Take a helper's role in ``club`` away; never the last organiser's.

    The club's row is locked, so two organisers removing each other at once
    cannot leave the club without one."""
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)
        # Checked holding the lock: an organiser just removed removes no one.
        club_allow(club=club, user=user)
        role = ClubRole.objects.filter(club=club, pk=role_id).first()
        if role is None:
            raise UserError(gettext("That person has no role in this club."))
        organisers = ClubRole.objects.filter(club=club, role=Role.ORGANISER)
        if role.role == Role.ORGANISER and organisers.count() == 1:
            raise UserError(
                gettext("A club keeps at least one organiser: invite another one first.")
            )
        role.delete()

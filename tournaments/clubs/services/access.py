"""Who may do an action at a party: the one check every party service makes.

Each service that changes a party is decorated with :func:`party_action`,
which looks its capability up in :data:`tournaments.game.roles.ACTIONS` by the
service's name and checks it for the ``user`` the service is given, before
the service runs.  So the check belongs to the action, not to the page that
reaches it: a route, a hidden form field, a table-side page, a party file
or an online table all meet the same one.  A refusal raises
``PermissionDenied`` (403, with :func:`refusal`'s sentence) and writes
nothing.

``user=None`` is the site itself acting, never a person: a table's phones
confirming a deal (their table's token is their proof) or an online table
recording its deal.

A club's own actions (its invitations, roles, members and seasons) are
its organisers', checked by :func:`club_allow` in each of those services.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

from ...errors import UserError
from ...game.roles import ACTIONS, CLOSED_ROUND_NEEDS, Can, grants
from ...models import Club, DealResult, Party, Round
from ..selectors.clubs import club_role, party_capabilities

Service = TypeVar("Service", bound=Callable[..., Any])


def refusal(need: Can) -> str:
    """What a helper is told when their role does not reach a page or an action."""
    return {
        Can.ORGANISE: gettext("Only the party's organisers can do this."),
        Can.SCORE: gettext("Only the party's organisers and scorers can do this."),
        Can.DOOR: gettext("Only the party's organisers and door helpers can do this."),
    }[need]


def party_allow(*, party: Party, user, need: Can) -> None:
    """Refuse (``PermissionDenied``) unless ``user`` may do ``need`` at
    ``party``; ``user=None`` is the site itself and is let through."""
    if user is None:
        return
    if need not in party_capabilities(user=user, party=party):
        raise PermissionDenied(refusal(need))


def closed_round_allow(*, round: Round, user) -> None:
    """Refuse a change to ``round`` if it is closed and ``user`` may not
    change a closed round (:data:`tournaments.game.roles.CLOSED_ROUND_NEEDS`).
    Should be called holding the round's lock, on the locked row, so that
    a round closed after the page was opened is refused too."""
    if round.status == Round.Status.CLOSED:
        party_allow(party=round.party, user=user, need=CLOSED_ROUND_NEEDS)


def _party_of(kwargs: dict[str, Any]) -> Party:
    """The party a service's keyword arguments name: ``party``, ``round`` or
    ``result``."""
    if "party" in kwargs:
        return kwargs["party"]
    if "round" in kwargs:
        return kwargs["round"].party
    result: DealResult = kwargs["result"]
    return result.round.party


def party_action(service: Service) -> Service:
    """Check, before ``service`` runs, that its ``user`` may do what
    :data:`tournaments.game.roles.ACTIONS` says its name needs.  Services are
    keyword-only, so the party and the user are found by name."""
    need = ACTIONS[service.__name__]

    @functools.wraps(service)
    def checked(**kwargs: Any) -> Any:
        party_allow(party=_party_of(kwargs), user=kwargs.get("user"), need=need)
        return service(**kwargs)

    checked.need = need  # type: ignore[attr-defined]
    return checked  # type: ignore[return-value]


def club_allow(*, club: Club | int, user) -> None:
    """Refuse (:class:`UserError`) unless ``user`` organises ``club``: the
    check of every action on a club's invitations, roles, members and seasons."""
    if Can.ORGANISE not in grants(club_role(user=user, club=club)):
        raise UserError(gettext("Only the club's organisers can do this."))

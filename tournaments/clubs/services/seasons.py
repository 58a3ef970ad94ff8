"""A club's seasons: made, set, their parties added and removed.  Each
change bumps the season's version through the models
(:mod:`tournaments.models.versions`), as does any change to one of its
parties.

Only an organiser of the season's club may change it.  Two organisers at
once are kept apart by locking the season's row (and the party's, when a
party comes or goes): a party counts in one season at most.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_noop, ngettext

from ...errors import UserError
from ...models import Club, Party, Season
from ...services.common import audit_log
from .access import club_allow

#: The longest season name (the column's length).
NAME_MAX = Season._meta.get_field("name").max_length


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise UserError({"name": gettext("Give the season a name.")})
    if len(name) > NAME_MAX:
        raise UserError(
            {
                "name": ngettext(
                    "A season's name is at most %(max)d character.",
                    "A season's name is at most %(max)d characters.",
                    NAME_MAX,
                )
                % {"max": NAME_MAX}
            }
        )
    return name


def _check_best_of(best_of: int | None) -> None:
    if best_of is not None and best_of < 1:
        raise UserError(
            {"best_of": gettext("Count at least one night, or leave it empty to count them all.")}
        )


def season_create(*, club: Club, name: str, best_of: int | None, user) -> Season:
    """A new season of ``club``, its public page open; its name is unique in the club."""
    club_allow(club=club.pk, user=user)
    name = _clean_name(name)
    _check_best_of(best_of)
    with transaction.atomic():
        # Two organisers naming a season at once: the second waits, then sees it.
        Club.objects.select_for_update().filter(pk=club.pk).first()
        if Season.objects.filter(club=club, name=name).exists():
            raise UserError({"name": gettext("The club already has a season with that name.")})
        return Season.objects.create(club=club, name=name, best_of=best_of)


def _locked(season: Season, user) -> Season:
    """The season's row, locked.  Should be called inside a transaction."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    club_allow(club=season.club_id, user=user)
    return season


def season_best_of_set(*, season: Season, best_of: int | None, user) -> Season:
    """Count each member's best ``best_of`` nights (None: every night)."""
    _check_best_of(best_of)
    with transaction.atomic():
        season = _locked(season, user)
        if season.best_of != best_of:
            season.best_of = best_of
            season.save(update_fields=["best_of"])
    return season


def season_public_set(*, season: Season, open: bool, user) -> Season:
    """Open the public season page, or close it (its link answers 404)."""
    with transaction.atomic():
        season = _locked(season, user)
        if season.public_open != open:
            season.public_open = open
            season.save(update_fields=["public_open"])
    return season


def season_party_add(*, season: Season, party: Party, user) -> None:
    """Count ``party`` in ``season``: one of the club's parties, in no other season."""
    with transaction.atomic():
        # The party first, then the season: the order in which a party's own
        # changes bump them, so the two never wait on each other.
        party = Party.objects.select_for_update().get(pk=party.pk)
        season = _locked(season, user)
        if party.club_id != season.club_id:
            raise UserError({"party": gettext("Only the club's own parties count in its seasons.")})
        if party.season_id == season.pk:
            raise UserError({"party": gettext("The party already counts in this season.")})
        if party.season_id is not None:
            other = Season.objects.get(pk=party.season_id)
            raise UserError(
                {
                    "party": gettext(
                        "The party already counts in the season %(name)s: remove it there first."
                    )
                    % {"name": other.name}
                }
            )
        party.season = season
        party.save(update_fields=["season"])
        audit_log(
            party,
            user,
            "season_add",
            gettext_noop("Counted in the season %(season)s"),
            {"season": season.name},
        )


def season_party_remove(*, season: Season, party: Party, user) -> None:
    """Take ``party`` out of ``season``: its nights no longer count there."""
    with transaction.atomic():
        # The party first, then the season: the order in which a party's own
        # changes bump them, so the two never wait on each other.
        party = Party.objects.select_for_update().get(pk=party.pk)
        season = _locked(season, user)
        if party.season_id != season.pk:
            raise UserError({"party": gettext("The party does not count in this season.")})
        party.season = None
        party.save(update_fields=["season"])
        audit_log(
            party,
            user,
            "season_remove",
            gettext_noop("No longer counted in the season %(season)s"),
            {"season": season.name},
        )

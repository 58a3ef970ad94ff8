"""A club's seasons: made, set, their parties added and removed, and the
version bump every change to a season (or to one of its parties) makes
(:func:`season_bump`, kept in ``versions`` so that ``common`` can call it).

Only an organiser of the season's club may change it.  Two organisers at
once are kept apart by locking the season's row (and the party's, when a
party comes or goes): a party counts in one season at most.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from ..models import Club, Party, Season
from ..roles import Can, grants
from ..selectors.clubs import club_role
from .common import PartyError, _audit
from .versions import season_bump

#: The longest season name (the column's length).
NAME_MAX = Season._meta.get_field("name").max_length


def _check_organiser(club_id: int, user) -> None:
    if Can.ORGANISE not in grants(club_role(user=user, club=club_id)):
        raise PartyError(gettext("Only an organiser of the club can change its seasons."))


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise PartyError({"name": gettext("Give the season a name.")})
    if len(name) > NAME_MAX:
        raise PartyError(
            {"name": gettext("A season's name is at most %(max)d characters.") % {"max": NAME_MAX}}
        )
    return name


def _check_best_of(best_of: int | None) -> None:
    if best_of is not None and best_of < 1:
        raise PartyError(
            {"best_of": gettext("Count at least one night, or leave it empty to count them all.")}
        )


def season_create(*, club: Club, name: str, best_of: int | None, user) -> Season:
    """A new season of ``club``, its public page open; its name is unique in the club."""
    _check_organiser(club.pk, user)
    name = _clean_name(name)
    _check_best_of(best_of)
    with transaction.atomic():
        # Two organisers naming a season at once: the second waits, then sees it.
        Club.objects.select_for_update().filter(pk=club.pk).first()
        if Season.objects.filter(club=club, name=name).exists():
            raise PartyError({"name": gettext("The club already has a season with that name.")})
        return Season.objects.create(club=club, name=name, best_of=best_of)


def _locked(season: Season, user) -> Season:
    """The season's row, locked.  Should be called inside a transaction."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    _check_organiser(season.club_id, user)
    return season


def season_best_of_set(*, season: Season, best_of: int | None, user) -> Season:
    """Count each member's best ``best_of`` nights (None: every night)."""
    _check_best_of(best_of)
    with transaction.atomic():
        season = _locked(season, user)
        if season.best_of != best_of:
            season.best_of = best_of
            season.save(update_fields=["best_of"])
            season_bump(season_ids=[season.pk])
            season.refresh_from_db(fields=["version"])
    return season


def season_public_set(*, season: Season, open: bool, user) -> Season:
    """Open the public season page, or close it (its link answers 404)."""
    with transaction.atomic():
        season = _locked(season, user)
        if season.public_open != open:
            season.public_open = open
            season.save(update_fields=["public_open"])
            season_bump(season_ids=[season.pk])
            season.refresh_from_db(fields=["version"])
    return season


def season_party_add(*, season: Season, party: Party, user) -> None:
    """Count ``party`` in ``season``: one of the club's parties, in no other season."""
    with transaction.atomic():
        # The party first, then the season: the order of a party's own
        # changes (``_bump``), so the two never wait on each other.
        party = Party.objects.select_for_update().get(pk=party.pk)
        season = _locked(season, user)
        if party.club_id != season.club_id:
            raise PartyError(
                {"party": gettext("Only the club's own parties count in its seasons.")}
            )
        if party.season_id == season.pk:
            raise PartyError({"party": gettext("The party already counts in this season.")})
        if party.season_id is not None:
            other = Season.objects.get(pk=party.season_id)
            raise PartyError(
                {
                    "party": gettext(
                        "The party already counts in the season %(name)s: remove it there first."
                    )
                    % {"name": other.name}
                }
            )
        party.season = season
        party.save(update_fields=["season"])
        _audit(
            party,
            user,
            "season_add",
            gettext_noop("Counted in the season %(season)s"),
            {"season": season.name},
        )
        season_bump(season_ids=[season.pk])


def season_party_remove(*, season: Season, party: Party, user) -> None:
    """Take ``party`` out of ``season``: its nights no longer count there."""
    with transaction.atomic():
        # The party first, then the season: the order of a party's own
        # changes (``_bump``), so the two never wait on each other.
        party = Party.objects.select_for_update().get(pk=party.pk)
        season = _locked(season, user)
        if party.season_id != season.pk:
            raise PartyError({"party": gettext("The party does not count in this season.")})
        party.season = None
        party.save(update_fields=["season"])
        _audit(
            party,
            user,
            "season_remove",
            gettext_noop("No longer counted in the season %(season)s"),
            {"season": season.name},
        )
        season_bump(season_ids=[season.pk])

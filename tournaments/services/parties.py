"""Parties: creation, prizes, the players' page switches, the hall's Wi-Fi,
deletion and the admin's changes."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings as django_settings
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import (
    get_language_info,
    gettext,
    gettext_noop,
    ngettext,
)

from scoring.rules import PARTNERSHIP_RULESETS, RULESETS
from scoring.rules.rulesets import RulesetError
from scoring.texts import refusal

from ..choices import active_language
from ..clubs.selectors.clubs import club_role_held, party_deletable_by
from ..clubs.services.access import party_action
from ..clubs.services.ratings import ratings_mark
from ..errors import UserError
from ..game.wifi import NAME_MAX_BYTES as WIFI_NAME_MAX_BYTES
from ..game.wifi import PASSWORD_MAX as WIFI_PASSWORD_MAX
from ..game.wifi import PASSWORD_MIN as WIFI_PASSWORD_MIN
from ..game.wifi import WifiProblem, wifi_check
from ..models import (
    ROUND_MINUTES_DEFAULT,
    ROUND_MINUTES_MAX,
    ROUND_MINUTES_MIN,
    AuditEntry,
    Club,
    Party,
    Prize,
    PrizeAward,
    Role,
    Round,
    Season,
)
from ..selectors import PARTY_LOAD_ACTION
from .common import RULESET_OPTION_NAMES, SPECIAL_PRIZE_POSITION, audit_log


@dataclass(frozen=True)
class PartySettings:
    """How a party is played and shown, as its host sets it up: the party
    form and a party file each give one to ``party_create``.

    ``house_options``: the game's house options by name; ``prizes``: the
    place prizes in order; ``special_prizes``: kind -> prize name
    (``low_score``, ``most_shoots``, ``highest_bid``; RULES.md section 6),
    awarded when the party finishes; ``language``: a code of
    the site's ``LANGUAGES``, by default the one active when it is created."""

    ruleset: str = "monterey-draw"
    movement: str = "up_down"
    deals_per_round: int = 4
    sitout_credit: str = "average"
    planned_rounds: int = 6
    round_minutes: int = ROUND_MINUTES_DEFAULT
    house_options: Mapping[str, Any] = field(default_factory=dict)
    prizes: Sequence[str] = ()
    special_prizes: Mapping[str, str] = field(default_factory=dict)
    tableside_entry: bool = False
    language: str = ""


def party_create(
    *,
    owner,
    name: str,
    date: datetime.date,
    venue: str = "",
    settings: PartySettings = PartySettings(),
    club: Club | None = None,
    season: Season | None = None,
) -> Party:
    """Create a party hosted by ``owner``, set up as ``settings`` says.

    ``club``: a club ``owner`` organises, whose roles then reach the party;
    ``season``: one of that club's seasons, that the party counts in."""
    errors: dict[str, str] = {}
    if club is not None and club_role_held(user=owner, club=club) != Role.ORGANISER:
        errors["club"] = gettext("Choose a club you organise.")
    if season is not None and (club is None or season.club_id != club.pk):
        errors["season"] = gettext("Choose a season of the party's club.")
    language = settings.language or active_language()
    if language not in dict(django_settings.LANGUAGES):
        errors["language"] = gettext("Choose one of the site's languages.")
    special_prizes = {k: v.strip() for k, v in settings.special_prizes.items() if v.strip()}
    special_kinds = [kind for kind in Prize.Kind.values if kind != Prize.Kind.PLACE]
    if set(special_prizes) - set(special_kinds):
        errors["special_prizes"] = gettext("Special prizes are %(kinds)s.") % {
            "kinds": ", ".join(special_kinds)
        }
    name = (name or "").strip()
    if not name:
        errors["name"] = gettext("Give the party a name.")
    prizes = [p.strip() for p in settings.prizes if p.strip()]
    if len(prizes) >= SPECIAL_PRIZE_POSITION:
        errors["prizes"] = _too_many_prizes()
    ruleset = settings.ruleset
    if ruleset in RULESETS and ruleset not in PARTNERSHIP_RULESETS:
        # Movement needs fixed pairs at four-seat tables (RULES.md 12.5).
        errors["ruleset"] = gettext(
            "%(value)s is not played by two fixed pairs at four seats: a party "
            "plays a partnership game."
        ) % {"value": ruleset}
    elif ruleset not in PARTNERSHIP_RULESETS:
        errors["ruleset"] = gettext("Unknown ruleset %(ruleset)r.") % {"ruleset": ruleset}
    if settings.movement not in ("up_down", "winners_up"):
        errors["movement"] = gettext("Movement is 'up_down' or 'winners_up'.")
    if settings.sitout_credit not in ("average", "zero"):
        errors["sitout_credit"] = gettext("Sit-out credit is 'average' or 'zero'.")
    if not isinstance(settings.deals_per_round, int) or not 1 <= settings.deals_per_round <= 12:
        errors["deals_per_round"] = gettext("Deals per round must be %(min)d to %(max)d.") % {
            "min": 1,
            "max": 12,
        }
    if not isinstance(settings.planned_rounds, int) or not 1 <= settings.planned_rounds <= 50:
        errors["planned_rounds"] = gettext("Planned rounds must be %(min)d to %(max)d.") % {
            "min": 1,
            "max": 50,
        }
    minutes = settings.round_minutes
    if not isinstance(minutes, int) or not ROUND_MINUTES_MIN <= minutes <= ROUND_MINUTES_MAX:
        errors["round_minutes"] = ngettext(
            "The round clock runs %(min)d to %(max)d minute.",
            "The round clock runs %(min)d to %(max)d minutes.",
            ROUND_MINUTES_MAX,
        ) % {"min": ROUND_MINUTES_MIN, "max": ROUND_MINUTES_MAX}
    house_options = dict(settings.house_options)
    unknown = set(house_options) - set(RULESET_OPTION_NAMES)
    if unknown:
        errors["house_options"] = gettext("Unknown house option(s): %(names)s.") % {
            "names": ", ".join(sorted(unknown))
        }
    elif settings.ruleset in PARTNERSHIP_RULESETS:
        try:
            PARTNERSHIP_RULESETS[settings.ruleset].with_options(**house_options)
        except RulesetError as exc:
            errors["house_options"] = refusal(exc)
    if errors:
        raise UserError(errors)
    with transaction.atomic():
        party = Party.objects.create(
            slug=_unique_slug(name),
            name=name,
            date=date,
            venue=(venue or "").strip(),
            ruleset=settings.ruleset,
            movement=settings.movement,
            deals_per_round=settings.deals_per_round,
            sitout_credit=settings.sitout_credit,
            planned_rounds=settings.planned_rounds,
            round_minutes=settings.round_minutes,
            house_options=house_options,
            owner=owner,
            tableside_entry=settings.tableside_entry,
            language=language,
            club=club,
            season=season,
        )
        # The season's table and public page key on its version.
        for position, prize in enumerate(prizes, start=1):
            Prize.objects.create(party=party, position=position, name=prize)
        for offset, kind in enumerate(special_kinds):
            if kind in special_prizes:
                Prize.objects.create(
                    party=party,
                    position=SPECIAL_PRIZE_POSITION + offset,
                    name=special_prizes[kind],
                    kind=kind,
                )
        audit_log(
            party, owner, "party_create", gettext_noop("Created the party %(name)s"), {"name": name}
        )
    return party


def _too_many_prizes() -> str:
    # Place prizes take positions 1, 2, ...; special prizes sit from
    # SPECIAL_PRIZE_POSITION on, so the place prizes must end before it.
    most = SPECIAL_PRIZE_POSITION - 1
    return ngettext(
        "A party has at most %(most)d place prize.",
        "A party has at most %(most)d place prizes.",
        most,
    ) % {"most": most}


def _unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "party"
    return f"{base}-{secrets.token_hex(3)}"


@party_action
def prizes_set(*, party: Party, names: Sequence[str], user) -> None:
    """Replace the party's place prizes (before any is awarded)."""
    names = [n.strip() for n in names if n.strip()]
    if len(names) >= SPECIAL_PRIZE_POSITION:
        raise UserError({"prizes": _too_many_prizes()})
    with transaction.atomic():
        if PrizeAward.objects.filter(prize__party=party).exists():
            raise UserError({"prizes": gettext("Prizes have already been awarded.")})
        party.prizes.filter(kind=Prize.Kind.PLACE).delete()
        for position, prize in enumerate(names, start=1):
            Prize.objects.create(party=party, position=position, name=prize)


#: The audit's words for a change of the players' page switches: (page
#: opened, standings shown), None for a switch left as it was.
_PUBLIC_CHANGES = {
    (True, None): gettext_noop("Opened the players' page"),
    (False, None): gettext_noop("Hid the players' page"),
    (None, True): gettext_noop("Showed its standings"),
    (None, False): gettext_noop("Hid its standings"),
    (True, True): gettext_noop("Opened the players' page and showed its standings"),
    (True, False): gettext_noop("Opened the players' page and hid its standings"),
    (False, True): gettext_noop("Hid the players' page and showed its standings"),
    (False, False): gettext_noop("Hid the players' page and hid its standings"),
}


@party_action
def party_language_set(*, party: Party, language: str, user) -> None:
    """Change the party's language: the printouts made from now on are
    written in it, and the board shows it.  Audited; bumps the version so
    the printouts made before are marked out of date."""
    if language not in dict(django_settings.LANGUAGES):
        raise UserError({"language": gettext("Choose one of the site's languages.")})
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        before = party.language
        if before == language:
            return
        Party.objects.filter(pk=party.pk).update(language=language)
        audit_log(
            party,
            user,
            "party_language_set",
            gettext_noop("Set the party's language to %(language)s"),
            {"language": get_language_info(language)["name"]},
            words=("language",),
            before={"language": before},
            after={"language": language},
        )


@party_action
def party_public_set(*, party: Party, open: bool, standings: bool, user) -> None:
    """Open or hide the players' page (hidden, every public URL is 404) and show
    or hide its standings (seats are always shown).  Audited; a change of
    either switch bumps the version, so open phones follow at their next poll."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        before = {"open": party.public_open, "standings": party.public_standings}
        after = {"open": bool(open), "standings": bool(standings)}
        if after == before:
            return
        page = open if after["open"] != before["open"] else None
        shown = standings if after["standings"] != before["standings"] else None
        Party.objects.filter(pk=party.pk).update(
            public_open=after["open"], public_standings=after["standings"]
        )
        summary = _PUBLIC_CHANGES[page, shown]
        audit_log(party, user, "party_public_set", summary, {}, before=before, after=after)


def _wifi_problem_text(problem: WifiProblem) -> str:
    return {
        "no_name": gettext("A password needs the network's name."),
        "name_long": ngettext(
            "A network name is at most %(max)d byte.",
            "A network name is at most %(max)d bytes.",
            WIFI_NAME_MAX_BYTES,
        )
        % {"max": WIFI_NAME_MAX_BYTES},
        "name_unprintable": gettext("The network name has a character that cannot be typed."),
        "password_length": ngettext(
            "A Wi-Fi password is %(min)d to %(max)d character.",
            "A Wi-Fi password is %(min)d to %(max)d characters.",
            WIFI_PASSWORD_MAX,
        )
        % {"min": WIFI_PASSWORD_MIN, "max": WIFI_PASSWORD_MAX},
        "password_characters": gettext(
            "A Wi-Fi password has only letters, digits, spaces and the signs on a keyboard."
        ),
    }[problem.code]


@party_action
def party_wifi_set(*, party: Party, name: str, password: str, user) -> None:
    """Set the hall's Wi-Fi (both empty: none) for the join-the-Wi-Fi QR code
    on the share screen and the table cards. Audited without the password;
    bumps the version, so the table cards are made again with it."""
    try:
        wifi_check(name, password)
    except WifiProblem as problem:
        raise UserError({problem.field: _wifi_problem_text(problem)}) from None
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        before = {"name": party.wifi_name, "password_set": bool(party.wifi_password)}
        after = {"name": name, "password_set": bool(password)}
        if (party.wifi_name, party.wifi_password) == (name, password):
            return
        Party.objects.filter(pk=party.pk).update(wifi_name=name, wifi_password=password)
        if name:
            summary = gettext_noop("Set the hall Wi-Fi to %(name)s")
        else:
            summary = gettext_noop("Removed the hall Wi-Fi")
        audit_log(
            party, user, "party_wifi_set", summary, {"name": name}, before=before, after=after
        )


@party_action
def party_load_record(*, party: Party, user, source: str = "") -> None:
    """Note in a new party's audit trail that it was loaded from a party file
    (``source``: the file's name, if known); the party list shows when."""
    source = "".join(char for char in source if char.isprintable())[:120]
    summary = gettext_noop("Loaded from the party file %(file)s")
    if not source:
        summary = gettext_noop("Loaded from a party file")
    audit_log(party, user, PARTY_LOAD_ACTION, summary, {"file": source})


@party_action
def party_delete(*, party: Party, user) -> str:
    """Delete the party for good, with everything in it: players, rounds,
    results, prizes, printouts and its audit trail.  Only its owner, a
    co-host or an organiser of its club may (not staff as such).  Returns
    the party's name, for the message that confirms it."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if not party_deletable_by(user=user, party=party):
            raise UserError(gettext("Only the party's host or a co-host can delete it."))
        name = party.name
        if party.rounds.filter(status=Round.Status.CLOSED).exists():
            ratings_mark(club_id=party.club_id, since=party.date)
        # A seat or sit-out protects its player: the rounds go first, taking
        # their seats, sit-outs, results and online tables with them.  Its
        # public pages answer 404 and its season drops its nights once this
        # commits (the models' version hook).
        Round.objects.filter(party=party).delete()
        party.delete()
    return name


@party_action
def party_admin_change(
    *, party: Party, user, summary: str, params: dict[str, Any] | None = None
) -> None:
    """Record a change made in the Django admin (a name, a date, a switch, a
    prize) in the party's audit trail.  The change itself bumped the party's
    version (:mod:`tournaments.models.versions`), so the players' page, the
    board and the printouts made before show it or are marked out of date.  ``summary``
    is English: a template marked with ``gettext_noop`` when ``params`` are
    given, kept with them so that the audit page can translate it."""
    with transaction.atomic():
        party = Party.objects.select_for_update().get(pk=party.pk)
        if params is not None:
            audit_log(party, user, "admin_change", summary, params)
        else:
            limit = AuditEntry._meta.get_field("summary").max_length
            audit_log(party, user, "admin_change", summary[:limit])

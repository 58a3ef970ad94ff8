"""Writes of the scorepad: one is created, a deal is entered, the last deal
is amended or deleted.  Every write holds the scorepad's row lock, so two
tablets sending the same deal store it once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from scoring.rules import RULESETS, RulesetError, validate_result
from scoring.texts import refusal, translated

from ..errors import UserError
from ..models import Scorepad, ScorepadDeal
from .selectors import scorepad_creation_wait
from .tally import deal_record, entry_keys, game_of, pad_ruleset

#: The longest name a seat may have on the pad.
NAME_MOST = 40


class ScorepadsLimitReached(Exception):
    """Too many scorepads were made just now: try again in ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"try again in {retry_after} s")
        self.retry_after = retry_after


def scorepad_create(
    *,
    game: str,
    options: Mapping[str, Any],
    names: Sequence[str],
    first_dealer: Any,
    user=None,
    client: str = "",
) -> Scorepad:
    """A new scorepad of ``game`` with its house ``options``, the players
    ``names`` in seat order (as many as the game has seats) and the seat
    that deals first.  ``user`` is the signed-in host, or None: the private
    link is what lets anyone keep it.  ``client`` (the creator's key) is
    counted by the creation limits: :class:`ScorepadsLimitReached` when one
    is reached, before anything is checked or made."""
    wait = scorepad_creation_wait(client=client)
    if wait is not None:
        raise ScorepadsLimitReached(wait)
    if game not in RULESETS:
        raise UserError({"game": gettext("Choose one of the games listed.")})
    try:
        rs = RULESETS[game].with_options(**dict(options))
    except RulesetError as error:
        raise UserError({"options": refusal(error, sentence=True)}) from None
    n = rs.players
    clean = [str(name).strip() for name in names]
    errors: dict[str, str] = {}
    if len(clean) != n or not all(clean):
        errors["names"] = ngettext(
            "Name the %(count)d player, seat 1 first.",
            "Name the %(count)d players, seat 1 first.",
            n,
        ) % {"count": n}
    elif len({name.casefold() for name in clean}) != n:
        errors["names"] = gettext("Give each player a different name.")
    elif any(len(name) > NAME_MOST for name in clean):
        errors["names"] = gettext("A name is at most %(most)d letters.") % {"most": NAME_MOST}
    if type(first_dealer) is not int or not 0 <= first_dealer < n:
        errors["first_dealer"] = gettext("Choose the seat that deals first.")
    if errors:
        raise UserError(errors)
    return Scorepad.objects.create(
        ruleset=rs.to_json(),
        names=clean,
        first_dealer=first_dealer,
        client=client,
        created_by=user if user is not None and user.is_authenticated else None,
    )


def _locked(scorepad: Scorepad) -> tuple[Scorepad, list[ScorepadDeal]]:
    """The scorepad's row, locked, and its deals in order.  Should be called
    inside a transaction."""
    pad = Scorepad.objects.select_for_update().get(pk=scorepad.pk)
    return pad, list(ScorepadDeal.objects.filter(scorepad=pad).order_by("number"))


def _checked(pad: Scorepad, number: int, entry: Mapping[str, Any]) -> dict[str, Any]:
    """The record of deal ``number`` made of ``entry``, as the validator
    accepted it; a :class:`UserError` naming each failing field else."""
    rs = pad_ruleset(pad.ruleset)
    check, record = deal_record(
        rs, names=pad.names, first_dealer=pad.first_dealer, number=number, entry=entry
    )
    errors = validate_result(check, record)
    if errors:
        raise UserError({error.field: translated(error) for error in errors})
    kept = {key: record[key] for key in entry_keys(rs) if record.get(key) is not None}
    return kept | {"dealer": record["dealer"]}


def _bump(pad: Scorepad) -> None:
    Scorepad.objects.filter(pk=pad.pk).update(version=F("version") + 1)


def scorepad_deal_enter(
    *,
    scorepad: Scorepad,
    number: Any,
    entry: Mapping[str, Any],
    form_token: str | None = None,
    user=None,
) -> ScorepadDeal:
    """Validate and store the next deal (``number``, from 1) of the pad.

    The same form token sent again for the same deal with the same values
    (a double tap, two tablets sending one form) returns the stored deal
    with ``replayed`` set and stores nothing; sent for anything else it is
    refused.  A deal already entered is refused, never overwritten; once
    the game has a winner no deal is taken."""
    with transaction.atomic():
        pad, deals = _locked(scorepad)
        rs = pad_ruleset(pad.ruleset)
        if form_token:
            used = ScorepadDeal.objects.filter(form_token=form_token).first()
            if used is not None:
                if used.scorepad_id == pad.pk and used.number == number:
                    try:
                        same = _checked(pad, number, entry) == used.record
                    except UserError:
                        same = False
                    if same:
                        used.replayed = True
                        return used
                raise UserError(
                    {
                        "form_token": gettext(
                            "This form was sent before with other values: look at the deals "
                            "entered and enter this one again if it is missing."
                        )
                    }
                )
        game = game_of(rs, first_dealer=pad.first_dealer, records=[d.record for d in deals])
        if game.winner is not None:
            raise UserError({"deal": gettext("The game is over: no more deals are taken.")})
        expected = len(deals) + 1
        if number != expected:
            raise UserError(
                {
                    "deal": gettext("Deal %(deal)s is already entered; the next deal is %(next)d.")
                    % {"deal": number, "next": expected}
                }
            )
        record = _checked(pad, expected, entry)
        try:
            with transaction.atomic():
                deal = ScorepadDeal.objects.create(
                    scorepad=pad,
                    number=expected,
                    record=record,
                    form_token=form_token or None,
                    entered_by=user if user is not None and user.is_authenticated else None,
                )
        except IntegrityError:
            raise UserError(
                {"form_token": gettext("This form was used before: reload the page.")}
            ) from None
        _bump(pad)
    deal.replayed = False
    return deal


def _last(deals: list[ScorepadDeal], number: Any) -> ScorepadDeal:
    if not deals or deals[-1].number != number:
        raise UserError({"deal": gettext("Only the last deal can be changed.")})
    return deals[-1]


def scorepad_deal_amend(
    *, scorepad: Scorepad, number: Any, entry: Mapping[str, Any], user=None
) -> ScorepadDeal:
    """Replace the last deal's record with ``entry``, checked as a new one."""
    with transaction.atomic():
        pad, deals = _locked(scorepad)
        deal = _last(deals, number)
        deal.record = _checked(pad, deal.number, entry)
        deal.amended_at = timezone.now()
        deal.save(update_fields=["record", "amended_at"])
        _bump(pad)
    return deal


def scorepad_deal_delete(*, scorepad: Scorepad, number: Any, user=None) -> None:
    """Delete the last deal: the game is as it was before it."""
    with transaction.atomic():
        pad, deals = _locked(scorepad)
        _last(deals, number).delete()
        _bump(pad)

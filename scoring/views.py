"""Online play pages.  Each view parses the request, calls one service or
selector and renders; htmx requests get the page's partial.

Nobody signs in to play: a seat's page belongs to whoever holds its private
link, the table's management page to whoever holds the creator's link.  Only
tables of a party need the signed-in host, to create them.

Seat and creator pages answer conditional requests: their ETag is the
table's version, so the one-second poll costs one query and a 304 while
nothing changes.  Every page of a table notes that it is open: the bots of
a table of bots only stop while nobody looks (``scoring.watching``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language, gettext
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
)

from pedroparty.clients import client_key
from pedroparty.context_processors import view_classes
from pedroparty.htmx import render_page, vary_on_htmx
from pedroparty.links import absolute_url
from pedroparty.views import too_many
from tournaments import selectors as party_selectors
from tournaments.models import Round

from . import selectors, services
from .forms import PartyTableForm, ReplayStepForm, TableForm, TableVersionForm
from .models import OnlineSeat, OnlineTable
from .services import PlayError, TablesLimitReached


def _private(response: HttpResponse) -> HttpResponse:
    """Pages behind a private link: never stored by a shared cache, always revalidated."""
    patch_cache_control(response, private=True, no_cache=True)
    return vary_on_htmx(response)


def _language_tag() -> str:
    """The page's language in its ETag ("-es"), nothing for the site's own:
    a page switched to another language must not be answered with a 304."""
    language = get_language()
    return "" if not language or language == settings.LANGUAGE_CODE else f"-{language}"


def _variant(request: HttpRequest) -> str:
    if request.htmx:
        return "game" + _language_tag()
    # A whole page carries the browser's reading-comfort classes on <html>.
    return "-".join(["page", *view_classes(request).split()]) + _language_tag()


def _polled(poll: selectors.TablePoll | None) -> selectors.TablePoll | None:
    """A page's poll is also what notices a table whose bots lost their task
    (Redis was down, a worker died) and queues their turn again, with no
    scheduler to run."""
    if poll is not None and poll.still:
        services.bots_resume(table_id=poll.table_id)
    return poll


def _seat_polled(token: str) -> selectors.TablePoll | None:
    """A seat's poll also says that its person is there (taking the seat
    back from the bot that played while they were away) and notices the
    people who left (``services.seat_presence``)."""
    poll = selectors.seat_poll(token)
    if poll is not None and services.seat_presence(token=token, presence=poll.presence):
        poll = selectors.seat_poll(token)
    return _polled(poll)


def _seat_etag(request: HttpRequest, token: str) -> str | None:
    poll = _seat_polled(token)
    return None if poll is None else f"{poll.etag}-{_variant(request)}"


def _json_etag(request: HttpRequest, token: str) -> str | None:
    poll = _seat_polled(token)
    return None if poll is None else f"{poll.etag}-json"


def _manage_polled(token: str) -> selectors.TablePoll | None:
    """The creator's poll also hands the seats of people gone silent to
    their bots (``services.seats_away``), as a seat's poll does."""
    poll = selectors.manage_poll(token)
    if poll is not None and poll.gone and services.seats_away(table_id=poll.table_id):
        poll = selectors.manage_poll(token)
    return _polled(poll)


def _manage_etag(request: HttpRequest, token: str) -> str | None:
    poll = _manage_polled(token)
    return None if poll is None else f"{poll.etag}-{_variant(request)}"


def _screen(screen: Any) -> dict[str, Any]:
    """A polled page's context: its screen, and the language part of its ETag,
    which the page sends back when it polls."""
    return {"screen": screen, "etag_language": _language_tag()}


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _seat_url(request: HttpRequest) -> Callable[[str], str]:
    return lambda token: absolute_url(request, "play:seat", args=[token])


def _watched(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page of a table: note that it is open (before any 304), so that a
    table of bots only plays while someone looks at it (scoring.watching)."""

    @functools.wraps(view)
    def page(request: HttpRequest, token: str, *args, **kwargs) -> HttpResponse:
        services.table_watch(token=token)
        return view(request, token, *args, **kwargs)

    return page


# --------------------------------------------------------------------- creating tables


@require_http_methods(["GET", "POST"])
def table_new(request: HttpRequest) -> HttpResponse:
    """Create a casual table: no account needed; the creator gets its private link."""
    form = TableForm(request.POST or None, members=selectors.members_seatable(user=request.user))
    if request.method == "POST" and form.is_valid():
        try:
            table = services.table_create(
                ruleset=form.cleaned_data["ruleset"],
                options=form.house_options(),
                seats=form.seat_specs(),
                idle_seconds=form.cleaned_data["idle_seconds"],
                away_seconds=form.cleaned_data["away_seconds"],
                user=request.user,
                client=client_key(request),
                **form.game_length(),
            )
        except TablesLimitReached as error:
            return too_many(request, "play/too_many.html", error.retry_after)
        except PlayError as error:
            for key, message in error.errors.items():
                form.add_error(key if key in form.fields else None, message)
        else:
            return redirect("play:manage", token=table.creator_token)
    status = 422 if form.is_bound and form.errors else 200
    context = {"form": form, "max_target": services.MAX_TARGET, "max_deals": services.MAX_DEALS}
    return render(request, "play/new.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def party_table_new(request: HttpRequest) -> HttpResponse:
    """A host puts one table of an open round of their party online."""
    choices = party_selectors.party_table_choices(request.user)
    form = PartyTableForm(request.POST or None, choices=choices)
    if request.method == "POST" and form.is_valid():
        chosen = form.chosen()
        try:
            table = services.party_table_create(
                round=Round.objects.get(pk=chosen.round_id),
                table=chosen.table,
                kinds=form.kinds(),
                away_kinds=form.away_kinds(),
                idle_seconds=form.cleaned_data["idle_seconds"],
                away_seconds=form.cleaned_data["away_seconds"],
                user=request.user,
            )
        except PlayError as error:
            for key, message in error.errors.items():
                form.add_error(key if key in form.fields else None, message)
        else:
            return redirect("play:manage", token=table.creator_token)
    status = 422 if form.is_bound and form.errors else 200
    return render(request, "play/party_new.html", {"form": form, "choices": choices}, status=status)


# --------------------------------------------------------------------- a seat


@require_GET
@_watched
@condition(etag_func=_seat_etag)
def seat_page(request: HttpRequest, token: str) -> HttpResponse:
    screen = selectors.seat_screen(token)
    if screen is None:
        raise Http404("No such seat")
    return _private(render_page(request, "play/seat.html", _screen(screen), partial="game"))


@require_GET
@_watched
@condition(etag_func=_json_etag)
def seat_state(request: HttpRequest, token: str) -> JsonResponse:
    """The seat's view of the deal and the table's public facts, as JSON."""
    payload = selectors.seat_json(token)
    if payload is None:
        raise Http404("No such seat")
    return _private(JsonResponse(payload))


@require_GET
@_watched
def seat_hint(request: HttpRequest, token: str) -> HttpResponse:
    """The expert's choice for this seat's turn, from its view alone, with
    why; htmx gets the hint's line, a page without it the seat's page with
    the hint shown.  Not at a party's tables."""
    hint = selectors.seat_hint(token)
    if hint is None:
        raise Http404("No hints here")
    screen = selectors.seat_screen(token)
    if screen is None:
        raise Http404("No such seat")
    screen.hint_line = hint.text
    context = _screen(screen) | {"hint": hint}
    return _private(render_page(request, "play/seat.html", context, partial="advice"))


@require_POST
def seat_act(request: HttpRequest, token: str) -> HttpResponse:
    """One move for this seat: 200 and the new state, or 422 and why not.
    ``action=discard`` with a ``card`` field per card sends the discards
    chosen on the page, confirmed together (all of them or none)."""
    error, status, played = "", 200, None
    action = request.POST.get("action", "")
    version = TableVersionForm(request.POST).number()
    try:
        if action == "discard":
            played = services.table_discard(
                token=token, cards=request.POST.getlist("card"), version=version
            )
        else:
            played = services.table_act(token=token, action=action, version=version)
    except OnlineSeat.DoesNotExist:
        raise Http404("No such seat") from None
    except PlayError as exc:
        error, status = exc.message, 422
    notice = ""
    if played is not None and played.bots_waiting:
        notice = gettext(
            "Your move is saved. The bots could not be called to play just now; "
            "they will carry on by themselves in a few seconds, and this page will show it."
        )
    if status == 200 and not notice and not request.htmx and not _wants_json(request):
        return redirect("play:seat", token=token)
    if _wants_json(request):
        payload = selectors.seat_json(token, played)
        if payload is None:  # a seat created for a bot, with a stale version
            raise Http404("No such seat")
        return _private(JsonResponse(payload | {"error": error, "notice": notice}, status=status))
    screen = selectors.seat_screen(token, played)
    if screen is None:
        raise Http404("No such seat")
    screen.error, screen.notice = error, notice
    return _private(
        render_page(request, "play/seat.html", _screen(screen), partial="game", status=status)
    )


@require_GET
@_watched
def seat_replay(request: HttpRequest, token: str, number: int) -> HttpResponse:
    seat = OnlineSeat.objects.select_related("table").filter(token=token).first()
    if seat is None or not seat.has_person:
        raise Http404("No such seat")
    back = reverse("play:seat", args=[token])
    here = reverse("play:seat_replay", args=[token, number])
    return _replay(request, seat.table, number, back, here)


def _replay(request, table: OnlineTable, number: int, back: str, here: str) -> HttpResponse:
    step = ReplayStepForm(request.GET).number()
    screen = selectors.replay_screen(table, number, step)
    if screen is None:
        raise Http404("Only a finished deal can be replayed")
    context = {"screen": screen, "back": back, "here": here}
    return _private(render_page(request, "play/replay.html", context, partial="board"))


# --------------------------------------------------------------------- the creator


@require_GET
@_watched
@condition(etag_func=_manage_etag)
def manage(request: HttpRequest, token: str) -> HttpResponse:
    screen = selectors.manage_screen(token, _seat_url(request))
    if screen is None:
        raise Http404("No such table")
    return _private(render_page(request, "play/manage.html", _screen(screen), partial="table"))


@require_POST
def manage_seat(request: HttpRequest, token: str, seat: int) -> HttpResponse:
    """Hand an idle person's seat to a bot, or give a bot's seat back."""
    kind = request.POST.get("kind", "")
    try:
        if kind == OnlineSeat.Kind.HUMAN:
            services.seat_give_back(creator_token=token, seat=seat - 1)
        else:
            services.seat_hand_to_bot(creator_token=token, seat=seat - 1, kind=kind)
    except OnlineTable.DoesNotExist:
        raise Http404("No such table") from None
    except PlayError as exc:
        messages.error(request, exc.message)
    return redirect("play:manage", token=token)


@require_POST
def manage_next(request: HttpRequest, token: str) -> HttpResponse:
    """The creator deals the next hand."""
    try:
        services.table_deal_next(
            creator_token=token, version=TableVersionForm(request.POST).number()
        )
    except OnlineTable.DoesNotExist:
        raise Http404("No such table") from None
    except PlayError as exc:
        messages.error(request, exc.message)
    return redirect("play:manage", token=token)


@require_GET
@_watched
def manage_replay(request: HttpRequest, token: str, number: int) -> HttpResponse:
    table = OnlineTable.objects.filter(creator_token=token).first()
    if table is None:
        raise Http404("No such table")
    back = reverse("play:manage", args=[token])
    here = reverse("play:manage_replay", args=[token, number])
    return _replay(request, table, number, back, here)

"""The host's pages for a party as a whole: the list of parties, creating,
loading and deleting one, its dashboard, its players, its change log and its
party file.

Each page asks for a capability (:mod:`tournaments.game.roles`): the party's
owner, co-hosts, staff and its club's organisers reach every page, a club's
scorers and door helpers their share; anyone else gets 404, so a party's
existence is not revealed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pedroparty.htmx import render_page

from .. import selectors, services
from ..clubs import selectors as club_selectors
from ..clubs.forms.clubs import ClubPreselectForm
from ..clubs.forms.members import LookalikeAnswerForm, MemberPickForm
from ..errors import UserError
from ..forms import PartyFileForm, PartyForm, PlayerForm, PlayerSuggestForm
from ..game.lookalike import fold
from ..game.roles import Can, grants
from ..models import Club, Member, Party, Player, Upload
from ..partyfile import party_dump
from ..selectors import changes as change_selectors
from ..services import NameLookalike
from ..uploads.views import upload_form_take
from .common import apply_errors, json_download, party_for_host

#: Larger uploads are refused: a 25-table, 10-round night is about 250 kB.
PARTY_FILE_MAX_BYTES = 5 * 1024 * 1024


def _status(form) -> int:
    return 422 if form.is_bound and form.errors else 200


@login_required
@require_GET
def party_list(request: HttpRequest) -> HttpResponse:
    parties = selectors.parties_hosted_by(request.user)
    return render(request, "host/party_list.html", {"parties": parties})


@login_required
@require_http_methods(["GET", "POST"])
def party_create(request: HttpRequest) -> HttpResponse:
    clubs = club_selectors.clubs_organised_by(user=request.user)
    seasons = club_selectors.seasons_of_clubs(clubs=clubs) if clubs else []
    club_slug = ClubPreselectForm(request.GET).slug()
    form = PartyForm(request.POST or None, clubs=clubs, seasons=seasons, club_slug=club_slug)
    note = ""
    if request.method == "POST" and _game_options_asked(request, form):
        # The game is chosen first: its options are shown and nothing is made
        # yet, what was typed kept; the house options start at the game's own.
        if "show_options" not in request.POST:
            note = gettext("Check this game's options, then create the party.")
        kept = {k: v for k, v in request.POST.items() if k not in form.option_names}
        form = PartyForm(initial=kept, game=form.game, clubs=clubs, seasons=seasons)
    elif request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            party = services.party_create(
                owner=request.user,
                name=data["name"],
                date=data["date"],
                venue=data["venue"],
                settings=form.settings(),
                club=form.club(),
                season=form.season(),
            )
        except UserError as error:
            apply_errors(form, error)
        else:
            return redirect("host:players", slug=party.slug)
    return render_page(
        request,
        "host/party_form.html",
        {"form": form, "note": note},
        partial="options",
        status=_status(form),
    )


def _game_options_asked(request: HttpRequest, form: PartyForm) -> bool:
    """Whether the post asks for the chosen game's options ("Show this
    game's options", or the game chosen with JavaScript), or chose another
    game than the one whose options the host was shown."""
    shown = request.POST.get("options_for", form.game)
    return "show_options" in request.POST or shown != form.game


@login_required
@require_GET
def party_dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug, need=None)
    if Can.SCORE not in party.capabilities and Can.DOOR in party.capabilities:
        # A door helper has nothing on the tables page: their page is the players'.
        return redirect("host:players", slug=party.slug)
    board = selectors.round_board(party)
    return render_page(
        request,
        "host/dashboard.html",
        {
            "party": party,
            "board": board,
            "ruleset": services.party_ruleset(party),
            "standings": selectors.party_standings(party),
        },
        partial="grid",
    )


# --------------------------------------------------------------------- players


def _type_ahead(request: HttpRequest, party: Party | None, prefix: str = "") -> list[str]:
    """For a club's party, its members not yet playing; then the host's names
    from earlier parties that are not the club's members, each name once
    (case and accents aside)."""
    names: list[str] = []
    seen: set[str] = set()
    if party is not None:
        members = club_selectors.member_suggestions(party=party, prefix=prefix)
        names, seen = list(members.names), set(members.known)
    for name in selectors.earlier_player_names(request.user, party, prefix=prefix):
        if fold(name) not in seen:
            seen.add(fold(name))
            names.append(name)
    return names


def _member_pages_club(request: HttpRequest, party: Party) -> str:
    """The slug of the party's club when the user may open its members'
    pages (the club's organisers), else "": the roster then links each
    player to their history."""
    if party.club_id is None:
        return ""
    club = Club.objects.only("slug").get(pk=party.club_id)
    return (
        club.slug
        if Can.ORGANISE in grants(club_selectors.club_role(user=request.user, club=club))
        else ""
    )


@login_required
@require_http_methods(["GET", "POST"])
def players(request: HttpRequest, slug: str) -> HttpResponse:
    """Register the players.  A name that looks like someone already known
    is asked about first (nothing is registered until the host answers)."""
    party = party_for_host(request, slug, need=Can.DOOR)
    form = PlayerForm(request.POST or None)
    status = 200
    question = None
    if request.method == "POST":
        if form.is_valid():
            try:
                player = _register_answered(request, party, form.cleaned_data["name"])
            except NameLookalike as asked:
                question = asked
            except UserError as error:
                apply_errors(form, error)
                status = 422
            else:
                if player is not None:
                    messages.success(
                        request, gettext("%(name)s is registered.") % {"name": player.name}
                    )
                form = PlayerForm()
        else:
            status = 422
    previous = None
    if party.club_id is not None and party.status == Party.Status.SETUP:
        previous = club_selectors.previous_club_party(party=party)
    context = {
        "party": party,
        "member_club": _member_pages_club(request, party),
        "form": form,
        "question": question,
        "previous": previous,
        "roster": selectors.player_roster(party),
        "suggestions": _type_ahead(request, party),
    }
    return render_page(request, "host/players.html", context, partial="roster", status=status)


def _register_answered(request: HttpRequest, party: Party, name: str) -> Player | None:
    """Register ``name`` as the host answered about its look-alikes: the
    same registered player (nobody is registered: None), the same club
    member, a new one, or, with no answer yet, asking if it looks alike."""
    answer = LookalikeAnswerForm(request.POST)
    if not answer.is_valid():
        raise UserError({"name": gettext("Choose who it is.")})
    chosen = answer.cleaned_data
    if chosen["same_player"]:
        same = party.players.filter(pk=chosen["same_player"]).first()
        if same is None:
            raise UserError({"name": gettext("That is not one of this party's players.")})
        messages.info(request, gettext("%(name)s is already registered.") % {"name": same.name})
        return None
    if chosen["same_member"]:
        member = Member.objects.filter(pk=chosen["same_member"], club_id=party.club_id).first()
        if member is None or party.club_id is None:
            raise UserError({"name": gettext("Only a member of the party's club can be chosen.")})
        return services.player_register(party=party, name=name, member=member, user=request.user)
    return services.player_register(
        party=party, name=name, user=request.user, ask_if_alike=not chosen["new"]
    )


@login_required
@require_POST
def player_depart(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.DOOR)
    player = get_object_or_404(Player, party=party, pk=player_id)
    if request.POST.get("undo"):
        services.player_rejoin(party=party, player=player, user=request.user)
        messages.success(request, gettext("%(name)s is back in the party.") % {"name": player.name})
    else:
        if services.player_depart(party=party, player=player, user=request.user):
            text = gettext("%(name)s is taken off the list of players.")
        else:
            text = gettext("%(name)s has left the party; the score is kept.")
        messages.success(request, text % {"name": player.name})
    return redirect("host:players", slug=party.slug)


@login_required
@require_POST
def player_relink(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """ "Did you mean John Smith?": the player just registered is that member."""
    party = party_for_host(request, slug, need=Can.DOOR)
    player = get_object_or_404(Player, party=party, pk=player_id)
    form = MemberPickForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.errors["member"][0])
        return redirect("host:players", slug=party.slug)
    member = get_object_or_404(Member, club_id=party.club_id, pk=form.cleaned_data["member"])
    typed = player.name
    try:
        services.player_relink(party=party, player=player, member=member, user=request.user)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("%(name)s is registered instead of %(typed)s.")
            % {"name": member.name, "typed": typed},
        )
    return redirect("host:players", slug=party.slug)


@login_required
@require_POST
def roster_copy(request: HttpRequest, slug: str) -> HttpResponse:
    """ "Copy last night's players": the club's last party's players, in one tap."""
    party = party_for_host(request, slug, need=Can.DOOR)
    try:
        added = services.roster_copy(party=party, user=request.user)
    except UserError as error:
        messages.error(request, error.message)
    else:
        if added:
            text = ngettext(
                "%(count)d player is added from the last party.",
                "%(count)d players are added from the last party.",
                added,
            )
        else:
            text = gettext("Nobody to add: the last party's players are all registered.")
        messages.success(request, text % {"count": added})
    return redirect("host:players", slug=party.slug)


@login_required
@require_GET
def player_suggest(request: HttpRequest) -> JsonResponse:
    """Names for the type-ahead starting with ``q``: for a club's ``party``,
    its members not yet playing (a word of the name may start with ``q``)
    first, then names from the host's earlier parties."""
    form = PlayerSuggestForm(request.GET)
    if not form.is_valid():
        return JsonResponse({"names": [], "errors": form.errors.get_json_data()}, status=400)
    slug = form.cleaned_data["party"]
    party = party_for_host(request, slug, need=Can.DOOR) if slug else None
    names = _type_ahead(request, party, prefix=form.cleaned_data["q"])[:20]
    return JsonResponse({"names": names})


# --------------------------------------------------------------------- the record


@login_required
@require_GET
def audit(request: HttpRequest, slug: str) -> HttpResponse:
    party = party_for_host(request, slug, need=Can.SCORE)
    entries = change_selectors.party_changes(party, ruleset=services.party_ruleset(party))
    return render(request, "host/audit.html", {"party": party, "entries": entries})


@login_required
@require_GET
def party_file(request: HttpRequest, slug: str) -> HttpResponse:
    """The party file (RULES.md section 10) as a JSON download, for the party's hosts."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    return json_download(party_dump(party), party.slug)


@login_required
@require_http_methods(["GET", "POST"])
def party_upload(request: HttpRequest) -> HttpResponse:
    """Create a party from an uploaded party file, owned by the signed-in host.

    A small file is loaded at once and the host goes to the new party; a
    large one is loaded in the background, followed on the upload's page.
    A bad file, whatever it holds, is shown on the form with what is wrong,
    and creates nothing."""
    form = PartyFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        answer = upload_form_take(
            request,
            form,
            kind=Upload.Kind.PARTY,
            max_bytes=PARTY_FILE_MAX_BYTES,
            too_large=gettext("The file is too large for a party file (over %(size)d MB)."),
        )
        if answer is not None:
            return answer
    return render(request, "host/upload.html", {"form": form}, status=_status(form))


@login_required
@require_http_methods(["GET", "POST"])
def party_delete(request: HttpRequest, slug: str) -> HttpResponse:
    """Delete the party, after a page that names it and what will be lost.
    Only its owner or a co-host may (anyone else: 404, staff: 403)."""
    party = party_for_host(request, slug, need=Can.ORGANISE)
    error = ""
    if request.method == "POST":
        try:
            name = services.party_delete(party=party, user=request.user)
        except UserError as exc:
            error = exc.message
        else:
            messages.success(request, gettext("%(name)s is deleted.") % {"name": name})
            return redirect("host:party_list")
    context = {"party": party, "contents": selectors.party_contents(party), "error": error}
    return render(request, "host/party_delete.html", context, status=403 if error else 200)

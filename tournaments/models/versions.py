"""Page versions: every write to a row that a page shows bumps that page's
version, whichever path makes it (a service, the Django admin, a file
loader, a test's bare ``save()``).

Three rows carry the versions that pages, caches, ETags and printouts key
on: a **round** (its share of the standings), a **party** (the players'
page, the board, the party's API document, its printouts) and a **season**
(the season's pages, its API document).  A change of a round is a change of
its party, and a change of a party one of its season.

A model whose rows a page shows derives from :class:`ShownOnPages` and says
where in ``shown_on`` (page kind -> the path from the row to that page's id):

====================================================  =========================
DealResult, Seat, SitOut, TableRound, TableEntry      its round
Round                                                 itself
Player, Prize, PrizeAward                             its party
Party                                                 itself, and the season it
                                                      left when it moves
Season                                                itself
Member                                                the seasons of its parties
Club                                                  its seasons
====================================================  =========================

The hook is on the model and its queryset, so no write path can forget it:
``save()`` and ``delete()``, and the queryset's ``update()``, ``delete()``,
``bulk_create()`` and ``bulk_update()``.  Each bumps the versions in the
same transaction as the write (in one of its own when there is none), with
``UPDATE ... RETURNING`` so that a round's bump names its party and a
party's its season.  What is outside the hook starts from a write inside
it: Django's cascades (deleting a party deletes its rounds) and raw SQL.

**Once per transaction.**  A page already bumped in the current
transaction is not bumped again, so a service that writes ten rows of a
round moves the round and its party by one.  A bump rolled back with its
savepoint is forgotten, and the next write bumps again.  Django's test
cases wrap each test in atomic blocks of their own; those are not the
site's transactions, so a test's bare writes bump one by one, as they would
in autocommit.

**Published on commit.**  Once the transaction commits, the public state of
every party and season it bumped (their version and switches,
:mod:`tournaments.models.page_states`) is read from the row and stored, so every
phone's next poll sees the change, hidden or shown; a deleted party's or
season's is forgotten, and its pages answer 404 at once.

Writes that only set ``version`` are bumps themselves and bump nothing more.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Collection, Iterable, Mapping
from typing import Any, ClassVar

from django.apps import apps
from django.db import models, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from .page_states import (
    PublicState,
    SeasonState,
    public_state_forget,
    public_state_store,
    season_state_forget,
    season_state_store,
)

#: The pages that carry a version, each bumped before the next: a round's
#: bump names its party, a party's its season.
PAGES = ("round", "party", "season")
_MODELS = {"round": "Round", "party": "Party", "season": "Season"}
#: The page above each one, and the field of its row that names it.
_PARENTS = {"round": ("party", "party"), "party": ("season", "season")}
#: Ids in one ``UPDATE ... IN (...)`` at most.
_CHUNK = 500

PagePaths = Mapping[str, str]
Pages = dict[str, set[int]]


def _page_model(kind: str) -> type[models.Model]:
    # Looked up by name: the page models derive from this module's base.
    return apps.get_model("tournaments", _MODELS[kind])


class _Publish:
    """An ``on_commit`` callback: store the public state of the parties and
    seasons a transaction bumped, forget those that are gone.  It is also
    the mark that the bumps it follows still stand (a savepoint rolled back
    drops it from the transaction's callbacks)."""

    def __init__(self) -> None:
        self.parties: dict[int, str] = {}
        self.seasons: dict[int, str] = {}

    def __call__(self) -> None:
        if self.parties:
            party = _page_model("party")
            fields = ("pk", "public_token", "version", "public_open", "public_standings")
            rows = party._base_manager.filter(pk__in=self.parties).only(*fields, "language")
            found = set()
            for row in rows:
                public_state_store(PublicState.of(row))
                found.add(row.pk)
            for pk, token in self.parties.items():
                if pk not in found:
                    public_state_forget(token)
        if self.seasons:
            season = _page_model("season")
            fields = ("pk", "public_token", "version", "public_open")
            found = set()
            for row in season._base_manager.filter(pk__in=self.seasons).only(*fields):
                season_state_store(SeasonState.of(row))
                found.add(row.pk)
            for pk, token in self.seasons.items():
                if pk not in found:
                    season_state_forget(token)


class _Bumped:
    """The pages bumped so far in one transaction of the site's: (kind, id)
    -> the callback that marks the bump, the page above and the version."""

    def __init__(self, key: tuple[int, str | None]) -> None:
        self.key = key
        self.pages: dict[tuple[str, int], tuple[_Publish, int | None, int]] = {}


#: Per database connection (one a thread): the bumps of its transaction.
_bumped_by_connection: weakref.WeakKeyDictionary[BaseDatabaseWrapper, _Bumped] = (
    weakref.WeakKeyDictionary()
)


def _site_transaction(connection: BaseDatabaseWrapper) -> tuple[int, str | None] | None:
    """Which transaction of the site's the connection is in: its outermost
    atomic block that is not a test case's own, with that block's savepoint
    (under a test case's blocks each block of the site's is a savepoint of
    its own); None outside one."""
    for index, block in enumerate(connection.atomic_blocks):
        if not block._from_testcase:
            sid = connection.savepoint_ids[index - 1] if index else None
            return id(block), sid
    return None


def _bumped_here(connection: BaseDatabaseWrapper) -> _Bumped | None:
    """The pages bumped in the current transaction whose bumps still stand;
    None outside a transaction of the site's (every write bumps)."""
    key = _site_transaction(connection)
    if key is None:
        _bumped_by_connection.pop(connection, None)
        return None
    bumped = _bumped_by_connection.get(connection)
    if bumped is None or bumped.key != key:
        bumped = _bumped_by_connection[connection] = _Bumped(key)
        return bumped
    # A callback still waiting for the commit is a bump still standing: a
    # savepoint rolled back takes its callbacks with it (and a block object
    # reused by a later transaction finds its callbacks run and gone).
    waiting = {id(part) for hook in connection.run_on_commit for part in hook}
    bumped.pages = {page: entry for page, entry in bumped.pages.items() if id(entry[0]) in waiting}
    return bumped


def _bump(
    connection: BaseDatabaseWrapper, kind: str, ids: list[int]
) -> list[tuple[int, int, int | None, str | None]]:
    """Add one to the versions of these pages: (id, new version, the page
    above, public token) of each row bumped."""
    model = _page_model(kind)
    meta = model._meta
    quote = connection.ops.quote_name
    pk = quote(meta.pk.column)
    version = quote(meta.get_field("version").column)
    parent = quote(meta.get_field(_PARENTS[kind][1]).column) if kind in _PARENTS else "NULL"
    token = quote(meta.get_field("public_token").column) if kind != "round" else "NULL"
    rows = []
    with connection.cursor() as cursor:
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start : start + _CHUNK]
            cursor.execute(
                f"UPDATE {quote(meta.db_table)} SET {version} = {version} + 1 "
                f"WHERE {pk} IN ({', '.join(['%s'] * len(chunk))}) "
                f"RETURNING {pk}, {version}, {parent}, {token}",
                chunk,
            )
            rows.extend(cursor.fetchall())
    return rows


def pages_changed(pages: Mapping[str, Iterable[int | None]]) -> dict[tuple[str, int], int]:
    """Bump the versions of these pages (kind -> ids) and of the pages above
    them, each once per transaction, and publish their public states once
    the transaction commits.  Returns each page's version now, by (kind, id)."""
    todo = {kind: {pk for pk in pages.get(kind, ()) if pk is not None} for kind in PAGES}
    if not any(todo.values()):
        return {}
    connection = transaction.get_connection()
    bumped = _bumped_here(connection)
    publish = _Publish()
    versions: dict[tuple[str, int], int] = {}
    fresh: list[tuple[str, int, int | None, int]] = []
    for kind in PAGES:
        ids = []
        for pk in sorted(todo[kind]):
            entry = bumped.pages.get((kind, pk)) if bumped is not None else None
            if entry is None:
                ids.append(pk)
                continue
            versions[kind, pk] = entry[2]
            if entry[1] is not None:
                todo[_PARENTS[kind][0]].add(entry[1])
        for pk, version, parent, token in _bump(connection, kind, ids) if ids else ():
            versions[kind, pk] = version
            fresh.append((kind, pk, parent, version))
            if parent is not None:
                todo[_PARENTS[kind][0]].add(parent)
            if kind == "party":
                publish.parties[pk] = token
            elif kind == "season":
                publish.seasons[pk] = token
    if fresh:
        transaction.on_commit(publish, robust=True)
        if bumped is not None:
            for kind, pk, parent, version in fresh:
                bumped.pages[kind, pk] = (publish, parent, version)
    return versions


# ----------------------------------------------------------------- the hooks


def _outside_transaction() -> contextlib.AbstractContextManager:
    """A transaction for a write and its bump when there is none yet."""
    if transaction.get_connection().in_atomic_block:
        return contextlib.nullcontext()
    return transaction.atomic()


def _pages_of_rows(rows: models.QuerySet, paths: PagePaths) -> Pages:
    """The pages of the rows ``rows`` names, by each path: one query."""
    if not paths:
        return {}
    kinds = list(paths)
    rows = rows.order_by()
    # Read, not locked: a lock has no place on the joins a path may take.
    rows.query.select_for_update = False
    pages: Pages = {kind: set() for kind in kinds}
    for values in rows.values_list(*(paths[kind] for kind in kinds)):
        for kind, value in zip(kinds, values, strict=True):
            pages[kind].add(value)
    return pages


def _pages_of_objects(
    model: type[ShownOnPages], objs: list[Any], paths: PagePaths, *, new: bool = False
) -> Pages:
    """The pages of these rows: their own ids and foreign keys as they hold
    them, a path across relations read from the database (one query).  For
    ``new`` rows a path through the rows pointing at them is skipped (none
    can point at a row just made), and so is a new page's own version: it
    starts at its first, which nothing has cached yet."""
    if new and model.page is not None:
        paths = {kind: path for kind, path in paths.items() if kind != model.page}
    pages: Pages = {kind: set() for kind in paths}
    own = {"pk", *(field.attname for field in model._meta.concrete_fields)}
    across = {}
    for kind, path in paths.items():
        if path in own:
            pages[kind].update(getattr(obj, path) for obj in objs)
        elif not (new and model._meta.get_field(path.split("__")[0]).auto_created):
            across[kind] = path
    if across:
        keys = [obj.pk for obj in objs if obj.pk is not None]
        found = _pages_of_rows(model._base_manager.filter(pk__in=keys), across)
        for kind, ids in found.items():
            pages[kind].update(ids)
    return pages


def _merged(*parts: Pages) -> Pages:
    pages: Pages = {}
    for part in parts:
        for kind, ids in part.items():
            pages.setdefault(kind, set()).update(ids)
    return pages


def _moving(
    model: type[ShownOnPages], paths: PagePaths, fields: Collection[str] | None
) -> PagePaths:
    """The paths of ``model.moves_between`` that a write of ``fields`` (None:
    of every field) may move a row along."""
    return {
        kind: paths[kind]
        for kind in model.moves_between
        if kind in paths
        and (fields is None or {paths[kind], paths[kind].removesuffix("_id")} & set(fields))
    }


def _only_version(model: type[ShownOnPages], fields: Collection[str]) -> bool:
    """Whether a write of ``fields`` only sets a page's own version: a bump."""
    return model.page is not None and bool(fields) and set(fields) <= {"version"}


class ShownQuerySet(models.QuerySet):
    """A queryset whose writes bump the versions of the pages that show its rows."""

    def update(self, **kwargs):
        if _only_version(self.model, kwargs):
            return super().update(**kwargs)
        paths = self.model.shown_on_for(kwargs)
        moving = _moving(self.model, paths, kwargs)
        with _outside_transaction():
            pages = _pages_of_rows(self, {**paths, "pk": "pk"} if moving else paths)
            rows = super().update(**kwargs)
            if moving:
                # The pages the rows moved to, as well as those they left.
                moved = self.model._base_manager.filter(pk__in=pages.pop("pk"))
                pages = _merged(pages, _pages_of_rows(moved, moving))
            if rows:
                pages_changed(pages)
        return rows

    def delete(self):
        paths = self.model.shown_on_for(None)
        with _outside_transaction():
            # Before the rows go: a round's bump finds its party from its row.
            pages_changed(_pages_of_rows(self, paths))
            return super().delete()

    def bulk_create(self, objs, *args, **kwargs):
        with _outside_transaction():
            made = super().bulk_create(objs, *args, **kwargs)
            paths = self.model.shown_on_for(None)
            pages_changed(_pages_of_objects(self.model, list(made), paths, new=True))
        return made


class ShownOnPages(models.Model):
    """A row that a page shows: saving or deleting it, or writing it through
    its queryset, bumps the versions of the pages in ``shown_on``.

    A model with a ``version`` of its own (a page) never writes it from a
    ``save()``: a row read before another transaction's bump would put an
    old version back, and two states of the page would share it."""

    #: Where a change of this row shows: page kind ("round", "party",
    #: "season") -> the path from the row to that page's id: "pk", a foreign
    #: key's column ("round_id") or a lookup across relations ("prize__party").
    shown_on: ClassVar[dict[str, str]] = {}
    #: The pages in ``shown_on`` a save may move the row between (a party
    #: moving to another season): the page it leaves is bumped too.
    moves_between: ClassVar[tuple[str, ...]] = ()
    #: The page this row is, for a model with a version of its own ("round",
    #: "party", "season"); None for the rows a page shows.
    page: ClassVar[str | None] = None

    objects = ShownQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs) -> None:
        fields = kwargs.get("update_fields")
        adding = self._state.adding
        if (fields is not None and not fields) or _only_version(type(self), fields or ()):
            return super().save(*args, **kwargs)
        if self.page is not None and not adding and fields is None:
            deferred = self.get_deferred_fields()
            kwargs["update_fields"] = fields = [
                field.name
                for field in self._meta.concrete_fields
                if not field.primary_key
                and field.name != "version"
                and field.attname not in deferred
            ]
        paths = self.shown_on_for(fields)
        moving = _moving(type(self), paths, fields)
        with _outside_transaction():
            left: Pages = {}
            if moving and not adding:
                left = _pages_of_rows(type(self)._base_manager.filter(pk=self.pk), moving)
            super().save(*args, **kwargs)
            pages = _merged(left, _pages_of_objects(type(self), [self], paths, new=adding))
            versions = pages_changed(pages)
        if self.page is not None and (self.page, self.pk) in versions:
            self.version = versions[self.page, self.pk]

    def delete(self, *args, **kwargs):
        with _outside_transaction():
            # Before the row goes: its pages are found from it.
            pages_changed(_pages_of_objects(type(self), [self], self.shown_on_for(None)))
            return super().delete(*args, **kwargs)

    @classmethod
    def shown_on_for(cls, fields: Collection[str] | None) -> dict[str, str]:
        """Where a change of ``fields`` (None: of anything) shows."""
        return cls.shown_on

"""Resources declared, not hand-wired (after Kinto): a model, a colander schema and a few
attributes give a record kind its list, read, create, edit and soft-delete endpoints:

    GET    /api/<kind>/?order&asc&q&page&per_page  every live record (when `list_all`)
    GET    /api/<kind>/<parent kind>/<id>?…          the records of one parent (each of `parents`)
    (`q` searches, `page` pages, declared `filters` filter: smogpanel.listing)
    GET    /api/<kind>/<id>                        one record
    POST   /api/<kind>/                            create (validated by `schema`)
    POST   /api/<kind>/<id>                        edit (`schema` less the `fixed` fields)
    DELETE /api/<kind>/<id>                        soft delete, cascading to child kinds

A plugin subclasses `Resource` only to override the few methods whose behaviour differs.
`Resource` is read in parts, each a module of this package: its lists and search (`lists`, with
the lists kept between requests in `caching`), soft delete and restore (`trash`), the places its
records lie in (`places`) and its routes (`routes`); here, the declarations and one record's
reading, writing and views.
"""

import functools
import string
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from .. import history
from ..authority import Rules, authorize, permissions_of
from ..db import MAX_ID
from ..envelope import ApiError, dumps
from ..events import RecordCreated, RecordDeleted, RecordUpdated
from ..files import file_url, resolve_upload
from ..gazetteer import attach_names
from ..history.entries import shown_name
from ..listing import Filter, column_filter
from ..personal import MASK, hidden_fields, masked, personal_fields
from ..record_etags import carry_version, check_if_match
from ..sorting import Sorting
from .caching import hold_list_cache
from .lists import Lists
from .parts import answer_parts
from .places import Places
from .routes import RecordRoute, Routes, add_resource
from .trash import Trash

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = [
    "Resource",
    "PublicResource",
    "Parent",
    "RecordRoute",
    "MAX_ID",
    "Sorting",
    "Filter",
    "column_filter",
    "resource_of",
]


@functools.lru_cache(maxsize=256)
def _named_in(template):
    """The names a screen template's fields take ("/rank/{rank}/group/{id}": rank, id), parsed once."""
    return tuple(name for _, name, _, _ in string.Formatter().parse(template) if name)


@dataclass(frozen=True)
class Parent:
    kind: str  # the parent's kind, also the path segment of the per-parent list
    field: str  # the foreign key attribute on the child, e.g. "voivodeship_id"
    # The whole Polish message when the chosen parent is missing or deleted, in the noun's own
    # gender: "Wybrane województwo nie istnieje albo zostało usunięte.", "Wybrany powiat …".
    gone: str

    def live(self, request, record_id, field=None):
        """The live parent `record_id`, or a 400 naming `field` (the child's foreign key when
        not given) with `gone`. Import views load their target with it too."""
        model = request.registry["smogpanel.resources"][self.kind].model
        obj = request.db.get(model, record_id) if record_id is not None and record_id <= MAX_ID else None
        if obj is None or obj.deleted is not None:
            raise ApiError.invalid(field or self.field, self.gone)
        return obj


class Resource(Lists, Trash, Places, Routes, Rules):
    """A kind of record and its rules (smogpanel.authority.Rules: `allowed`, `refusals`,
    `record_acl`), asked by every path that reads or writes it."""

    kind: str
    model: type
    schema: type
    label: str = "element"  # Polish, for messages
    fixed: tuple = ()  # fields accepted only at creation (the edit payload ignores them)
    unique: tuple = ()  # fields unique among live records: a clash answers 409 CONFLICT
    sortable: tuple = ("id", "name", "updated")
    default_order: tuple = ("id", False)
    list_all_order: tuple | None = None  # the default of GET /api/<kind>/ when it differs
    # The kinds a record hangs on, each with its per-parent list; deleting a parent deletes the
    # records under it (and restoring it brings them back). The first is the owner: a create
    # names it (a 400 with its `gone` when it is not live) and an edit cannot move the record
    # to another. `parent` is the first (declaring `parent = X` alone is `parents = (X,)`).
    parents: tuple = ()
    parent: Parent | None = None
    list_all: bool = True
    # File fields (smogpanel.schemas.FileNode) by name -> the kinds accepted, e.g.
    # {"logo_path": IMAGES}: a new upload is checked and stored, a kept one stays by its stored
    # name, None removes it; answers add `<name less _path>_url` (e.g. logo_url).
    uploads: dict = {}
    # Every table the lists read (models or names), to keep a list by its query and data version:
    # a repeat costs one indexed read instead of the query and its JSON (smogpanel.data_versions).
    # Empty: never kept. A test compares it with what the list statements read.
    list_reads: tuple = ()
    revert_edits: bool = True  # False: history shows this kind's edits but does not put them back
    # True: fractional numbers in POST bodies reach the schema as Decimals, exactly as typed
    # (smogpanel.validation.exact_body_validator), for values kept as exact decimals.
    exact_numbers: bool = False
    # True: records name a gmina (borough_id) or a voivodeship (voivodeship_id) of the gazetteer,
    # and rows and answers carry its NAME_FIELDS; those named in `sortable` sort lists in the
    # Polish alphabet, `q` finds them, and the lists filter by voivodeship_id and district_id
    # (in SQL the gazetteer gives: the names live in another plugin's tables).
    gazetteer_names: bool = False
    # The list columns `q` searches (those of them the list statement selects), besides the
    # gazetteer's names; and the lists' filters (smogpanel.listing.Filter, e.g. a type).
    searched: tuple = ("name", "internal_name", "email", "teryt", "district_name", "voivodeship_name")
    filters: tuple = ()
    # The path of a record's edit screen in the panel, which history links to: `{id}` and the ids
    # of its parents by kind (`{rank}`, `{rank_group}`) or its own columns (`{rank_entry_id}`).
    # "" : `/<kind>/{id}` for a kind with no parent; None: no screen.
    screen: str | None = ""
    # Routes under one record besides its read, edit and delete (smogpanel.resources.routes.RecordRoute).
    record_routes: tuple = ()

    def screen_path(self, obj, ids):
        """The panel path of `obj`'s edit screen (`ids`: {kind: id} of it and its parents), or None."""
        template = self.screen
        if template == "":
            template = f"/{self.kind}/{{id}}" if self.parent is None else None
        if template is None:
            return None
        values = dict(ids, id=obj.id)
        for name in _named_in(template):  # only the columns it names
            if name not in values:
                values[name] = getattr(obj, name, None)
        try:
            return template.format(**values)
        except (KeyError, ValueError, IndexError):
            return None

    def history_name(self, request, obj):
        """The record's name in history (the log searches it): its name, else its gmina's."""
        return shown_name(request, self, obj)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "parents" in cls.__dict__:
            cls.parent = cls.parents[0] if cls.parents else None
        elif "parent" in cls.__dict__:
            cls.parents = () if cls.parent is None else (cls.parent,)

    def __init__(self):
        self.all_kinds = None  # every registered resource by kind, set when registered
        self._history_fields = None
        self._history_columns_only = None

    # -- reading -----------------------------------------------------------------
    def columns(self):
        """Columns every answer carries: the table's own, less the soft-delete mark."""
        return [c for c in self.model.__table__.columns if c.name != "deleted"]

    def serialize(self, request, obj):
        data = {c.name: getattr(obj, c.key) for c in self.columns()}
        for field in self.uploads:
            stored = data.get(field)
            data[field.removesuffix("_path") + "_url"] = file_url(request, stored) if stored else None
        if self.gazetteer_names:
            attach_names(request, [data])
        return data

    def with_uploads(self, request, data):
        """`data` with its file fields as stored (call after every other check, so a refused
        request stores no file)."""
        data = dict(data)
        for field, kinds in self.uploads.items():
            if field in data:
                data[field] = resolve_upload(request, data[field], kinds, field=field)
        return data

    def load(self, request, record_id, model=None):
        model = model or self.model
        if record_id > MAX_ID:
            raise ApiError("NOT_FOUND")
        obj = request.db.get(model, record_id)
        if obj is None or obj.deleted is not None:
            raise ApiError("NOT_FOUND")
        return obj

    # -- writing -----------------------------------------------------------------
    def edit_schema(self):
        schema = self.schema()
        for name in self.fixed + tuple(parent.field for parent in self.parents):
            if name in schema:
                del schema[name]
        return schema

    def check_parent(self, request, data):
        """The owner (the first parent) is live; another parent too, when the record names one."""
        for index, parent in enumerate(self.parents):
            if index == 0 or data.get(parent.field) is not None:
                parent.live(request, data[parent.field])

    def check_unique(self, request, data, obj=None):
        for field in self.unique:
            if field not in data:
                continue
            column = getattr(self.model, field)
            clash = sa.select(self.model.id).where(column == data[field], self.model.deleted.is_(None))
            if obj is not None:
                clash = clash.where(self.model.id != obj.id)
            if request.db.execute(clash.limit(1)).first() is not None:
                raise ApiError("CONFLICT", [{"name": field, "description": self.conflict_message(field)}])

    def conflict_message(self, field):
        if field == "internal_name":
            return "Ta nazwa wewnętrzna jest już zajęta. Wybierz inną."
        return "Ta wartość jest już zajęta."

    def create(self, request, data):
        self.check_parent(request, data)
        self.check_unique(request, data)
        obj = self.model(**self.with_uploads(request, data))
        request.db.add(obj)
        return obj

    def update(self, request, obj, data):
        self.check_unique(request, data, obj)
        for key, value in self.with_uploads(request, data).items():
            setattr(obj, key, value)
        return obj

    def flush(self, request):
        try:
            request.db.flush()
        except IntegrityError:
            # A concurrent request took a unique value between our check and the write.
            raise ApiError("CONFLICT", [{"name": "", "description": "Ta wartość jest już zajęta."}])

    def view_get(self, request):
        obj = self.load(request, int(request.matchdict["id"]))
        authorize(request, self, "read", obj)
        answer = self.serialize(request, obj)
        carry_version(request, self.history_snapshot(request, obj, answer))  # its ETag, for If-Match
        return dict(self.answer(request, answer), **self.permissions(request, obj), **answer_parts(request, self, obj))

    def permissions(self, request, obj):
        """{may, refused}: what this account may do with the record, and the Polish reason of
        each refusal (a form shows it read-only, saying why). Every answer of a record carries
        them: its GET, its create's and its edit's."""
        allowed = permissions_of(request, self, [obj], reasons=True)[obj.id]
        return {
            "may": [action for action, refusal in allowed.items() if refusal is None],
            "refused": {action: refusal for action, refusal in allowed.items() if refusal is not None},
        }

    def answer(self, request, data):
        """A record's answer as the account may see it: personal fields masked without the
        permission (smogpanel.personal)."""
        return masked(data, hidden_fields(request, self))

    def keep_masked(self, request, **kwargs):
        """Cornice validator of edits, before the body's: a personal field sent back as MASK (the
        form of an account that sees it masked) keeps its stored value."""
        fields = personal_fields(self)
        if not fields or not request.body:
            return
        try:
            body = request.json_body
        except ValueError:
            return  # the body's own validator says what is wrong
        if not isinstance(body, dict) or not any(body.get(field) == MASK for field in fields):
            return
        record_id = int(request.matchdict["id"])
        obj = request.db.get(self.model, record_id) if record_id <= MAX_ID else None
        if obj is None:
            return  # the view answers 404
        kept = {field: getattr(obj, field) for field in fields if body.get(field) == MASK and hasattr(obj, field)}
        request.body = dumps(dict(body, **kept))

    def view_create(self, request):
        authorize(request, self, "create")
        obj = self.create(request, request.validated)
        if self.regional:
            authorize(request, self, "create", obj)  # where it lies, now that it is built
        self.flush(request)
        answer = self.serialize(request, obj)
        # What it was created with: each field given, as [null, value].
        created = history.changes_between({}, self.history_snapshot(request, obj, answer), self.uploads)
        request.registry.notify(RecordCreated(request, self.kind, obj.id, self.history_name(request, obj), created))
        return dict(self.answer(request, answer), **self.permissions(request, obj), **answer_parts(request, self, obj))

    def view_update(self, request):
        obj = self.load(request, int(request.matchdict["id"]))
        return self.edit(request, obj, request.validated)

    def edit(self, request, obj, data, reverts=None):
        """`update` with `data` (validated by `edit_schema`), told as `RecordUpdated` (history) with the fields
        it changed (nothing changed, nothing recorded); answers the record. A request with
        `If-Match` naming an older version of the record is refused first (412, smogpanel.record_etags)."""
        authorize(request, self, "update", obj, data)
        before = self.history_snapshot(request, obj)
        check_if_match(request, self, obj, before)
        self.update(request, obj, data)
        if self.regional and not self.regions_changed:
            authorize(request, self, "update", obj)  # where it lies now: moved out of scope, refused
        self.flush(request)
        answer = self.serialize(request, obj)
        after = self.history_snapshot(request, obj, answer)
        carry_version(request, after)
        changes = history.changes_between(before, after, self.uploads)
        if changes or reverts:
            name = self.history_name(request, obj)
            request.registry.notify(RecordUpdated(request, self.kind, obj.id, name, changes, reverts))
        return dict(self.answer(request, answer), **self.permissions(request, obj), **answer_parts(request, self, obj))

    def history_fields(self):
        """The fields history compares: those of `schema` (what the operator enters), so
        answers' derived fields (a map's summary, a value's gmina name) stay out."""
        if self._history_fields is None:
            self._history_fields = frozenset(node.name for node in self.schema().children)
        return self._history_fields

    def history_snapshot(self, request, obj, answer=None):
        """The compared fields as plain JSON. When they are all the model's own columns they are
        read from the record (sparing `serialize` its queries), before and after alike."""
        fields = self.history_fields()
        if self._history_columns_only is None:
            columns = {c.key for c in self.model.__mapper__.column_attrs}
            self._history_columns_only = fields <= columns
        if self._history_columns_only:
            data = {field: getattr(obj, field) for field in fields}
        else:
            data = answer if answer is not None else self.serialize(request, obj)
        return history.snapshot(self, request, obj, {k: v for k, v in data.items() if k in fields})

    def view_delete(self, request):
        obj = self.load(request, int(request.matchdict["id"]))
        self.remove(request, obj)
        return {"id": obj.id}

    def remove(self, request, obj, reverts=None):
        """`delete` (with its cascade), told as `RecordDeleted` (history records it)."""
        authorize(request, self, "delete", obj)
        self.delete(request, obj)
        self.flush(request)
        request.registry.notify(
            RecordDeleted(request, self.kind, obj.id, self.history_name(request, obj), reverts=reverts)
        )


class PublicResource(Resource):
    """A kind the public sees at /view/<kind>/<internal_name> (maps, timers, rankings, ...):
    the internal name is given once at creation, unique among live records, and sortable."""

    fixed = ("internal_name",)
    unique = ("internal_name",)
    sortable = ("id", "name", "internal_name", "updated")


def add_rules(config, rules):
    """Config directive: `config.add_rules(Rules(kind="calculator_definition", plugin="calculators"))`
    for a kind a plugin writes that is no Resource (smogpanel.authority)."""
    config.registry.setdefault("smogpanel.rules", {})[rules.kind] = rules


def resource_of(request, kind):
    """The Resource declared for `kind` (a request or a registry), e.g. `resource_of(request,
    "map").load(request, map_id)`; KeyError when no plugin declares it."""
    registry = getattr(request, "registry", request)
    return registry["smogpanel.resources"][kind]


def includeme(config):
    config.registry.setdefault("smogpanel.resources", {})
    hold_list_cache(config)
    config.add_directive("add_resource", add_resource)
    config.add_directive("add_rules", add_rules)

"""Resources declared, not hand-wired (after Kinto): a model, a colander schema and a few
attributes give a record kind its list, read, create, edit and soft-delete endpoints:

    GET    /api/<kind>/?order&asc                  every live record (when `list_all`)
    GET    /api/<kind>/<parent kind>/<id>?order&asc the records of one parent
    GET    /api/<kind>/<id>                        one record
    POST   /api/<kind>/                            create (validated by `schema`)
    POST   /api/<kind>/<id>                        edit (`schema` less the `fixed` fields)
    DELETE /api/<kind>/<id>                        soft delete, cascading to child kinds

A plugin subclasses `Resource` only to override the few methods whose behaviour differs.
"""

from dataclasses import dataclass

import sqlalchemy as sa
from cornice import Service
from sqlalchemy.exc import IntegrityError

from . import history
from .db import UTCDateTime, api_timestamp, utcnow
from .envelope import ApiError, dumps
from .files import file_url, resolve_upload
from .gazetteer import NAME_FIELDS, attach_names
from .public.cache import Built, LocalCache, PublicCache, answer
from .record_versions import carry_version, check_if_match
from .regions import polish_sort_key
from .sorting import Sorting
from .validation import body_validator, exact_body_validator
from .versions import engine_of, request_version, table_name, track

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["Resource", "PublicResource", "Parent", "MAX_ID", "Sorting"]

MAX_ID = 2**31 - 1
LIST_CACHE_SIZE = 256  # lists kept per process (each a query string of one kind)


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


class Resource:
    kind: str
    model: type
    schema: type
    label: str = "element"  # Polish, for messages
    fixed: tuple = ()  # fields accepted only at creation (the edit payload ignores them)
    unique: tuple = ()  # fields unique among live records: a clash answers 409 CONFLICT
    sortable: tuple = ("id", "name", "updated")
    default_order: tuple = ("id", False)
    list_all_order: tuple | None = None  # the default of GET /api/<kind>/ when it differs
    parent: Parent | None = None
    list_all: bool = True
    permission: str | None = None  # None: the app's default (signed-in users)
    # File fields (smogpanel.schemas.FileNode) by name -> the kinds accepted, e.g.
    # {"logo_path": IMAGES}: a new upload is checked and stored, a kept one stays by its stored
    # name, None removes it; answers add `<name less _path>_url` (e.g. logo_url).
    uploads: dict = {}
    # Every table the lists read (models or names), to keep a list by its query and data version:
    # a repeat costs one indexed read instead of the query and its JSON (smogpanel.versions).
    # Empty: never kept. A test compares it with what the list statements read.
    list_reads: tuple = ()
    revert_edits: bool = True  # False: history shows this kind's edits but does not put them back
    # True: fractional numbers in POST bodies reach the schema as Decimals, exactly as typed
    # (smogpanel.validation.exact_body_validator), for values kept as exact decimals.
    exact_numbers: bool = False
    # True: records name a gmina (borough_id) or a voivodeship (voivodeship_id) of the gazetteer,
    # and rows and answers carry its NAME_FIELDS; those named in `sortable` sort lists in the
    # Polish alphabet (in Python: the names live in another plugin's tables).
    gazetteer_names: bool = False

    def __init__(self):
        self.all_kinds = None  # every registered resource by kind, set when registered
        self._history_fields = None
        self._history_columns_only = None

    # -- reading -----------------------------------------------------------------
    def columns(self):
        """Columns every answer carries: the table's own, less the soft-delete mark."""
        return [c for c in self.model.__table__.columns if c.name != "deleted"]

    def list_columns(self):
        """`columns()` for list queries: timestamps as `db.api_timestamp` selects them,
        sparing a conversion per cell on long lists."""
        return [api_timestamp(c) if isinstance(c.type, UTCDateTime) else c for c in self.columns()]

    def list_statement(self):
        return sa.select(*self.list_columns()).where(self.model.deleted.is_(None))

    def sorting(self, default=None):
        columns = {c.name: c for c in self.list_statement().selected_columns}
        return Sorting(
            fields={name: name if self.sorted_by_name(name) else columns[name] for name in self.sortable},
            default=default or self.default_order,
            tie_breaker=columns["id"],
        )

    def sorted_by_name(self, order):
        return self.gazetteer_names and order in NAME_FIELDS

    def list_rows(self, request, statement, default_order=None):
        sorting = self.sorting(default_order)
        order, asc = sorting.parse(request.params)
        by_name = self.sorted_by_name(order)
        # Core, not ORM: lists are the hot path and their statements filter deleted rows.
        statement = statement.order_by(*([sorting.tie_breaker] if by_name else sorting.order_by(order, asc)))
        result = request.db.connection().execute(statement)
        keys = tuple(result.keys())
        rows = [dict(zip(keys, row)) for row in result.all()]
        if self.gazetteer_names:
            attach_names(request, rows)
        if by_name:
            rows.sort(key=lambda row: (polish_sort_key(row[order]), row["id"]), reverse=not asc)
        return {"order": order, "asc": asc, "list": rows}

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
        for name in self.fixed + ((self.parent.field,) if self.parent else ()):
            if name in schema:
                del schema[name]
        return schema

    def check_parent(self, request, data):
        if self.parent is not None:
            self.parent.live(request, data[self.parent.field])

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

    # -- soft delete and restore ---------------------------------------------------
    def child_resources(self):
        return [r for r in self.all_kinds.values() if r.parent and r.parent.kind == self.kind]

    def delete(self, request, obj):
        self.cascade(request.db, obj.id, utcnow())
        obj.deleted = obj.deleted or utcnow()

    def cascade(self, db, record_id, stamp):
        """Marks the record and its live descendants with one stamp, so restore can tell
        which children went with it."""
        db.execute(
            sa.update(self.model)
            .where(self.model.id == record_id, self.model.deleted.is_(None))
            .values(deleted=stamp)
            .execution_options(synchronize_session="fetch")
        )
        for child in self.child_resources():
            field = getattr(child.model, child.parent.field)
            ids = (
                db.execute(sa.select(child.model.id).where(field == record_id, child.model.deleted.is_(None)))
                .scalars()
                .all()
            )
            for child_id in ids:
                child.cascade(db, child_id, stamp)

    def restore(self, db, obj):
        """Brings back a soft-deleted record with the descendants deleted together with it.
        Returns a Polish reason when it cannot (a unique value taken meanwhile)."""
        if obj.deleted is None:
            return "Ten element nie jest usunięty."
        for field in self.unique:
            column = getattr(self.model, field)
            taken = db.execute(
                sa.select(self.model.id)
                .where(column == getattr(obj, field), self.model.deleted.is_(None), self.model.id != obj.id)
                .execution_options(include_deleted=True)
            ).first()
            if taken is not None:
                title = next((node.title for node in self.schema().children if node.name == field), field)
                return (
                    f"Nie można przywrócić: wartość „{getattr(obj, field)}” pola „{title}” "
                    f"jest już zajęta przez element {taken.id}."
                )
        if self.parent is not None:
            parent = self.all_kinds[self.parent.kind]
            parent_obj = db.execute(
                sa.select(parent.model)
                .where(parent.model.id == getattr(obj, self.parent.field))
                .execution_options(include_deleted=True)
            ).scalar_one_or_none()
            if parent_obj is not None and parent_obj.deleted is not None:
                from .history import record_name

                named = f" „{record_name(parent_obj)}”" if record_name(parent_obj) else ""
                return (
                    f"Nie można przywrócić: element nadrzędny ({parent.label}{named}, id {parent_obj.id}) "
                    "jest usunięty. Przywróć najpierw jego."
                )
        self.uncascade(db, obj.id, obj.deleted)
        return None

    def uncascade(self, db, record_id, stamp):
        db.execute(
            sa.update(self.model)
            .where(self.model.id == record_id, self.model.deleted == stamp)
            .values(deleted=None)
            .execution_options(synchronize_session="fetch")
        )
        for child in self.child_resources():
            field = getattr(child.model, child.parent.field)
            ids = (
                db.execute(
                    sa.select(child.model.id)
                    .where(field == record_id, child.model.deleted == stamp)
                    .execution_options(include_deleted=True)
                )
                .scalars()
                .all()
            )
            for child_id in ids:
                child.uncascade(db, child_id, stamp)

    # -- views ---------------------------------------------------------------------
    def list_tables(self):
        """The table names of `list_reads`, with the parent's (a per-parent list checks it)."""
        if not self.list_reads:
            return frozenset()
        names = {table_name(item) for item in self.list_reads}
        if self.parent is not None:
            names.add(self.all_kinds[self.parent.kind].model.__table__.name)
        return frozenset(names)

    def kept_list(self, request, build):
        """`build()`'s list, or the same kept from an earlier request while the tables it reads
        keep their version: the envelope's bytes, ETag and compressed copies (public_cache)."""
        tables = self.list_tables()
        if not tables:
            return build()
        params = tuple(sorted(request.params.items()))
        key = ("list", self.kind, request.path_info, params, request_version(request, tables))
        built = request.registry["smogpanel.list_cache"].get_or_build(
            key, lambda: Built.of(dumps({"success": True, "message": build()}))
        )
        return answer(request, built, "application/json", "private, no-cache")

    def view_list(self, request):
        return self.kept_list(request, lambda: self.list_rows(request, self.list_statement(), self.list_all_order))

    def view_list_by_parent(self, request):
        parent = self.all_kinds[self.parent.kind]
        parent_id = int(request.matchdict["parent_id"])

        def build():
            parent.load(request, parent_id)
            field = getattr(self.model, self.parent.field)
            return self.list_rows(request, self.list_statement().where(field == parent_id))

        return self.kept_list(request, build)

    def view_get(self, request):
        obj = self.load(request, int(request.matchdict["id"]))
        answer = self.serialize(request, obj)
        carry_version(request, self.history_snapshot(request, obj, answer))  # its ETag, for If-Match
        return answer

    def view_create(self, request):
        obj = self.create(request, request.validated)
        self.flush(request)
        answer = self.serialize(request, obj)
        # What it was created with: each field given, as [null, value].
        created = history.changes_between({}, self.history_snapshot(request, obj, answer), self.uploads)
        history.record(request, "create", self.kind, obj.id, history.record_name(obj), created)
        return answer

    def view_update(self, request):
        obj = self.load(request, int(request.matchdict["id"]))
        return self.edit(request, obj, request.validated)

    def edit(self, request, obj, data, reverts=None):
        """`update` with `data` (validated by `edit_schema`), recorded in history with the fields
        it changed (nothing changed, nothing recorded); answers the record. A request with
        `If-Match` naming an older version of the record is refused first (412, smogpanel.record_versions)."""
        before = self.history_snapshot(request, obj)
        check_if_match(request, self, obj, before)
        self.update(request, obj, data)
        self.flush(request)
        answer = self.serialize(request, obj)
        after = self.history_snapshot(request, obj, answer)
        carry_version(request, after)
        changes = history.changes_between(before, after, self.uploads)
        if changes or reverts:
            history.record(request, "update", self.kind, obj.id, history.record_name(obj), changes, reverts)
        return answer

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
        """`delete` (with its cascade), recorded in history."""
        self.delete(request, obj)
        self.flush(request)
        history.record(request, "delete", self.kind, obj.id, history.record_name(obj), reverts=reverts)

    # -- registration ----------------------------------------------------------------
    def services(self):
        kind = self.kind
        common = {"renderer": "envelope"}
        if self.permission:
            common["permission"] = self.permission
        collection = Service(name=f"{kind}-collection", path=f"/api/{kind}/", description=f"{kind}: list, create")
        record = Service(name=f"{kind}-record", path=f"/api/{kind}/{{id:\\d+}}", description=f"{kind}: one record")
        if self.list_all:
            collection.add_view("GET", self.view_list, **common)
        validators = (exact_body_validator if self.exact_numbers else body_validator,)
        collection.add_view("POST", self.view_create, schema=self.schema(), validators=validators, **common)
        record.add_view("GET", self.view_get, **common)
        record.add_view("POST", self.view_update, schema=self.edit_schema(), validators=validators, **common)
        record.add_view("DELETE", self.view_delete, **common)
        services = [collection, record]
        if self.parent is not None:
            by_parent = Service(
                name=f"{kind}-by-{self.parent.kind}",
                path=f"/api/{kind}/{self.parent.kind}/{{parent_id:\\d+}}",
                description=f"{kind}: list of one {self.parent.kind}",
            )
            by_parent.add_view("GET", self.view_list_by_parent, **common)
            services.append(by_parent)
        return services


class PublicResource(Resource):
    """A kind the public sees at /view/<kind>/<internal_name> (maps, timers, rankings, ...):
    the internal name is given once at creation, unique among live records, and sortable."""

    fixed = ("internal_name",)
    unique = ("internal_name",)
    sortable = ("id", "name", "internal_name", "updated")


def add_resource(config, resource):
    """Config directive: `config.add_resource(MyResource())`."""
    resources = config.registry.setdefault("smogpanel.resources", {})
    if resource.kind in resources:
        raise ValueError(f"resource kind {resource.kind!r} registered twice")
    if resource.gazetteer_names and resource.list_reads:
        # A kept list would outlive a renamed gmina: the gazetteer's tables are not tracked.
        raise ValueError(f"resource kind {resource.kind!r}: gazetteer_names lists are not kept (list_reads)")
    resources[resource.kind] = resource
    resource.all_kinds = resources
    for service in resource.services():
        config.add_cornice_service(service)
    if resource.list_reads:
        config.action(None, lambda: track(engine_of(config.registry), resource.list_tables()))


def includeme(config):
    config.registry.setdefault("smogpanel.resources", {})
    config.registry["smogpanel.list_cache"] = PublicCache(LocalCache(LIST_CACHE_SIZE))
    config.add_directive("add_resource", add_resource)

"""Resources declared, not hand-wired (after Kinto): a model, a colander schema and a few
attributes give a record kind its list, read, create, edit and soft-delete endpoints:

    GET    /api/<kind>/?order&asc&q&page&per_page  every live record (when `list_all`)
    GET    /api/<kind>/<parent kind>/<id>?…          the records of one parent
    (`q` searches, `page` pages, declared `filters` filter: smogpanel.listing)
    GET    /api/<kind>/<id>                        one record
    POST   /api/<kind>/                            create (validated by `schema`)
    POST   /api/<kind>/<id>                        edit (`schema` less the `fixed` fields)
    DELETE /api/<kind>/<id>                        soft delete, cascading to child kinds

A plugin subclasses `Resource` only to override the few methods whose behaviour differs.
"""

import string
from dataclasses import dataclass
from types import SimpleNamespace

import sqlalchemy as sa
from cornice import Service
from sqlalchemy.exc import IntegrityError

from . import history
from .app_state import hold
from .authority import Context, Rules, authorize, depends_on_record, permission_key, permissions_of
from .bulk_delete import bulk_delete_service
from .db import MAX_ID, UTCDateTime, api_timestamp, utcnow
from .envelope import ApiError, dumps
from .events import RecordCreated, RecordDeleted, RecordUpdated
from .files import file_url, resolve_upload
from .gazetteer import NAME_FIELDS, attach_names, gazetteer
from .history.entries import shown_name
from .list_export import LIST_PARAMS, export_view
from .listing import Filter, column_filter, folded, parse_query, query_schema, search_condition
from .personal import MASK, hidden_fields, mask_rows, masked, personal_fields
from .public.cache import Built, LocalCache, PublicCache, answer
from .record_versions import carry_version, check_if_match
from .regions import polish_order
from .sorting import Sorting
from .validation import body_validator, exact_body_validator
from .versions import engine_of, request_version, table_name, track

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["Resource", "PublicResource", "Parent", "MAX_ID", "Sorting", "Filter", "column_filter", "resource_of"]

# Parts of the core that add to every record's answer and list row without this module knowing
# them (smogpanel.publishing: the publication state): registry lists of
# `part(request, resource, obj) -> dict` and `mark(request, resource, rows)`.
ANSWER_PARTS = "smogpanel.answer_parts"
ROW_MARKS = "smogpanel.row_marks"
LIST_CACHE_SIZE = 256  # lists kept per process (each a query string of one kind)
GMINY_PER_QUERY = 900  # ids per IN (...): under SQLite's bound-parameter limit


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


class Resource(Rules):
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
    parent: Parent | None = None
    list_all: bool = True
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

    @property
    def regional(self):
        """Records of a gmina or voivodeship lie in a voivodeship (smogpanel.authority)."""
        return self.gazetteer_names

    def regions_of(self, request, obj):
        """{voivodeship id} of the record's gmina (`borough_id`) or voivodeship (`voivodeship_id`)."""
        return self._regions_by_place(request, [obj])[obj.id]

    def regions_of_records(self, request, records):
        """{record id: `regions_of` it}: the gminy's voivodeships read in one query. A kind that
        places its records otherwise (its own `regions_of`) is asked record by record, each
        loaded in one query (a list's rows carry only its columns)."""
        if type(self).regions_of is not Resource.regions_of:
            ids = [record.id for record in records]
            loaded = request.db.scalars(
                sa.select(self.model).where(self.model.id.in_(ids)).execution_options(include_deleted=True)
            )
            return {obj.id: self.regions_of(request, obj) for obj in loaded}
        return self._regions_by_place(request, records)

    def _regions_by_place(self, request, records):
        gminy, of_gmina = [getattr(record, "borough_id", None) for record in records], {}
        for start in range(0, len(gminy), GMINY_PER_QUERY):
            of_gmina.update(gazetteer(request).voivodeships_of(request.db, gminy[start : start + GMINY_PER_QUERY]))
        found = {}
        for record in records:
            voivodeship_id = getattr(record, "voivodeship_id", None)
            if voivodeship_id is None:
                voivodeship_id = of_gmina.get(getattr(record, "borough_id", None))
            found[record.id] = frozenset() if voivodeship_id is None else frozenset({voivodeship_id})
        return found

    def with_permissions(self, request, rows):
        """Each row's `may`: the actions (`update`, `delete`) this account may take with it, by
        the kind's rules (smogpanel.authority.permissions_of)."""
        if not rows or "id" not in rows[0]:
            return rows
        if not depends_on_record(request, self):  # one answer for every row: asked once
            allowed = permissions_of(request, self, [SimpleNamespace(id=None)])[None]
            may = [action for action, refusal in allowed.items() if refusal is None]
            for row in rows:
                row["may"] = may
            return rows
        allowed = permissions_of(request, self, [SimpleNamespace(**row) for row in rows])
        for row in rows:
            row["may"] = [action for action, refusal in allowed[row["id"]].items() if refusal is None]
        return rows

    def screen_path(self, obj, ids):
        """The panel path of `obj`'s edit screen (`ids`: {kind: id} of it and its parents), or None."""
        template = self.screen
        if template == "":
            template = f"/{self.kind}/{{id}}" if self.parent is None else None
        if template is None:
            return None
        values = dict(ids, id=obj.id)
        for _, name, _, _ in string.Formatter().parse(template):  # only the columns it names
            if name and name not in values:
                values[name] = getattr(obj, name, None)
        try:
            return template.format(**values)
        except (KeyError, ValueError, IndexError):
            return None

    def history_name(self, request, obj):
        """The record's name in history (the log searches it): its name, else its gmina's."""
        return shown_name(request, self, obj)

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

    def list_filters(self):
        """{name: Filter}: the declared `filters`, and voivodeship and district for gmina-keyed rows."""
        found = {item.name: item for item in self.filters}
        if self.gazetteer_names:
            found.setdefault("voivodeship_id", Filter("voivodeship_id", "Województwo", self._in_voivodeship))
            found.setdefault("district_id", Filter("district_id", "Powiat", self._in_district))
        return found

    def _gminy_where(self, request, condition):
        """Rows whose gmina is one of those `condition(names)` picks from the gazetteer's names."""
        names = gazetteer(request).names_select()
        if names is None:
            return sa.false()
        names = names.subquery("gazetteer_names")
        return self.model.borough_id.in_(sa.select(names.c.id).where(condition(names.c)))

    def _voivodeships_where(self, request, condition):
        """Rows naming a voivodeship itself (no gmina) that `condition(names)` picks."""
        names = gazetteer(request).voivodeship_names_select()
        if names is None or "voivodeship_id" not in self.model.__table__.c:
            return sa.false()
        names = names.subquery("gazetteer_voivodeships")
        return self.model.voivodeship_id.in_(sa.select(names.c.id).where(condition(names.c)))

    def _in_voivodeship(self, request, value):
        return sa.or_(
            self._gminy_where(request, lambda c: c.voivodeship_id == value),
            self._voivodeships_where(request, lambda c: c.id == value),
        )

    def _in_district(self, request, value):
        return self._gminy_where(request, lambda c: c.district_id == value)

    def searched_statement(self, request, statement, query):
        """`statement` narrowed to the filters' and the search's rows."""
        columns = statement.selected_columns
        hidden = hidden_fields(request, self)  # a match on a hidden value would tell it
        fields = [columns[name] for name in self.searched if name in columns and name not in hidden]
        extra = ()
        if self.gazetteer_names:

            def gminy(word):
                return self._gminy_where(
                    request,
                    lambda c: sa.or_(
                        *(folded(column).contains(word, autoescape=True) for column in (c[n] for n in NAME_FIELDS)),
                        c.teryt.contains(word, autoescape=True),
                    ),
                )

            def voivodeships(word):
                return self._voivodeships_where(request, lambda c: folded(c.name).contains(word, autoescape=True))

            extra = (gminy, voivodeships)
        conditions = list(query.conditions)
        if query.words:
            conditions.append(search_condition(query.words, fields, extra))
        return statement.where(*conditions) if conditions else statement

    def name_ordering(self, request, statement, order, asc, tie_breaker):
        """The statement joined to the gazetteer's names and its ORDER BY in the Polish alphabet
        (rows without a name first, as in ascending order an empty name is)."""
        tie = tie_breaker.asc() if asc else tie_breaker.desc()
        names = gazetteer(request).names_select()
        if names is None:
            return statement, [tie]
        names = names.subquery("gazetteer_names")
        statement = statement.outerjoin(names, names.c.id == self.model.borough_id)
        key = names.c[order]
        voivodeships = gazetteer(request).voivodeship_names_select()
        if order == "voivodeship_name" and voivodeships is not None and "voivodeship_id" in self.model.__table__.c:
            voivodeships = voivodeships.subquery("gazetteer_voivodeships")
            statement = statement.outerjoin(voivodeships, voivodeships.c.id == self.model.voivodeship_id)
            key = sa.func.coalesce(key, voivodeships.c.name)
        key = polish_order(key)
        return statement, [key.asc().nulls_first() if asc else key.desc().nulls_last(), tie]

    def relevance(self, request, statement, phrase):
        """(`statement`, its rows' tier for `phrase`, folded): 0 the name (or TERYT code) is
        the phrase, 1 the name starts with it, 2 a later word of the name does, 3 the name holds
        it elsewhere, 4 it was found in another field (a gmina's district or voivodeship, a code).
        The name is the row's own `name`, else its gmina's (or voivodeship's) from the gazetteer."""
        columns = statement.selected_columns
        name = columns["name"] if "name" in columns else None
        code = columns["teryt"] if "teryt" in columns else None
        if name is None and self.gazetteer_names:
            names = gazetteer(request).names_select()
            if names is not None:
                names = names.subquery("gazetteer_relevance")
                statement = statement.outerjoin(names, names.c.id == self.model.borough_id)
                name, code = names.c.borough_name, names.c.teryt
                voivodeships = gazetteer(request).voivodeship_names_select()
                if voivodeships is not None and "voivodeship_id" in self.model.__table__.c:
                    voivodeships = voivodeships.subquery("gazetteer_relevance_voivodeships")
                    statement = statement.outerjoin(voivodeships, voivodeships.c.id == self.model.voivodeship_id)
                    name = sa.func.coalesce(name, voivodeships.c.name)
        if name is None:
            return statement, sa.literal(4)
        name = folded(name)
        tiers = [(name == phrase, 0)]
        if code is not None:
            tiers.append((code == phrase, 0))
        tiers += [
            (name.startswith(phrase, autoescape=True), 1),
            (sa.or_(*(name.contains(mark + phrase, autoescape=True) for mark in (" ", "-", "("))), 2),
            (name.contains(phrase, autoescape=True), 3),
        ]
        return statement, sa.case(*tiers, else_=4)

    def list_rows(self, request, statement, default_order=None):
        """{order, asc, list}, or with `page` {order, asc, page, per_page, total, list}: the
        rows `q` and the filters leave, sorted and paged in the database."""
        params = request.environ.get(LIST_PARAMS, request.params)  # an export's: the list less its own
        sorting = self.sorting(default_order)
        order, asc = sorting.parse(params)
        query = parse_query(request, params, self.list_filters())
        statement = self.searched_statement(request, statement, query)
        connection = request.db.connection()  # Core, not ORM: lists are the hot path
        listing = {"order": order, "asc": asc}
        if query.page is not None:
            counted = sa.select(sa.func.count()).select_from(statement.subquery())
            listing.update(page=query.page, per_page=query.per_page, total=connection.execute(counted).scalar_one())
        if self.sorted_by_name(order):
            statement, ordering = self.name_ordering(request, statement, order, asc, sorting.tie_breaker)
        else:
            ordering = sorting.order_by(order, asc)
        if query.words and not params.get("order"):
            # A search without a sort asked for: the best matches first, each tier in the usual order.
            statement, tier = self.relevance(request, statement, " ".join(query.words))
            ordering = [tier.asc(), *ordering]
            listing["by_relevance"] = True
        statement = statement.order_by(*ordering)
        if query.page is not None:
            statement = statement.limit(query.per_page).offset((query.page - 1) * query.per_page)
        result = connection.execute(statement)
        keys = tuple(result.keys())
        rows = [dict(zip(keys, row)) for row in result.all()]
        if self.gazetteer_names:
            attach_names(request, rows)
        listing["list"] = self.with_permissions(request, rows)
        for mark in request.registry.get(ROW_MARKS, ()):  # e.g. the publication state (smogpanel.publishing)
            mark(request, self, listing["list"])
        return listing

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
                named = f" „{history.record_name(parent_obj)}”" if history.record_name(parent_obj) else ""
                return (
                    f"Nie można przywrócić: element nadrzędny ({parent.label}{named}, id {parent_obj.id}) "
                    "jest usunięty. Przywróć najpierw jego."
                )
        reason = self.deleted_reference(db, obj)
        if reason:
            return reason
        self.uncascade(db, obj.id, obj.deleted)
        return None

    def deleted_reference(self, db, obj):
        """The Polish reason when a field of `obj` refers (`refers_to` in the schema) to a record
        deleted since: restoring it would give a live record pointing at a deleted one (a letter
        whose recipient group is gone), which no form could save."""
        for node in self.schema().children:
            kind, value = getattr(node, "refers_to", None), getattr(obj, node.name, None)
            referred = self.all_kinds.get(kind) if kind else None
            if referred is None or value is None:
                continue
            target = db.execute(
                sa.select(referred.model).where(referred.model.id == value).execution_options(include_deleted=True)
            ).scalar_one_or_none()
            if target is not None and target.deleted is not None:
                named = f" „{history.record_name(target)}”" if history.record_name(target) else ""
                return (
                    f"Nie można przywrócić: pole „{node.title}” wskazuje usunięty element ({referred.label}{named}, "
                    f"id {target.id}). Przywróć najpierw jego."
                )
        return None

    def put_back(self, request, obj, fields):
        """An import's revert: `obj` given back the values an import replaced (`fields`:
        {field: [old, new]} as its history entry keeps them). Here the model's columns; a kind
        whose import changes more (an entry's keyed values) overrides it."""
        columns = {column.key for column in self.model.__mapper__.column_attrs}
        for field, change in fields.items():
            if field in columns and isinstance(change, list) and len(change) == 2:
                setattr(obj, field, change[0])

    def after_import_reverted(self, request, objs):
        """After an import's revert deleted the records it created and put back those it
        changed (`objs`): what the kind recomputes from them (a ranking's places)."""

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
        if "internal_name" in self.model.__table__.c:
            names.add("publication")  # rows carry their publication state (smogpanel.publishing)
        return frozenset(names)

    def kept_list(self, request, build):
        """`build()`'s list (personal fields masked to an account that may not see them), or the
        same kept from an earlier request while the tables it reads keep their version: the
        envelope's bytes, ETag and compressed copies (public_cache)."""
        hidden = hidden_fields(request, self, export=LIST_PARAMS in request.environ)
        if hidden:
            unmasked = build

            def build():
                listing = unmasked()
                mask_rows(listing["list"], hidden)  # rows list_rows built for this answer alone
                return listing

        tables = self.list_tables()
        if not tables or LIST_PARAMS in request.environ:  # an export is a file: built, not kept
            return build()
        params = tuple(sorted(request.params.items()))
        # Masked and unmasked answers are kept apart.
        # Rows carry what the account may do with them: kept per the principals and scope they follow.
        key = (
            "list",
            self.kind,
            request.path_info,
            params,
            bool(hidden),
            permission_key(request, self),
            request_version(request, tables),
        )
        built = request.registry["smogpanel.list_cache"].get_or_build(
            key, lambda: Built.of(dumps({"success": True, "message": build()}))
        )
        return answer(request, built, "application/json", "private, no-cache")

    def view_list(self, request):
        authorize(request, self, "read")
        return self.kept_list(request, lambda: self.list_rows(request, self.list_statement(), self.list_all_order))

    def view_list_by_parent(self, request):
        authorize(request, self, "read")
        parent = self.all_kinds[self.parent.kind]
        parent_id = int(request.matchdict["parent_id"])

        def build():
            parent.load(request, parent_id)
            field = getattr(self.model, self.parent.field)
            return self.list_rows(request, self.list_statement().where(field == parent_id))

        return self.kept_list(request, build)

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
        `If-Match` naming an older version of the record is refused first (412, smogpanel.record_versions)."""
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

    # -- registration ----------------------------------------------------------------
    def context(self, request):
        """The views' context: the kind's rules, which Pyramid asks for each view's permission
        (the action) before the body is validated; a record's own rules are asked in the view."""
        return Context(self)

    def service(self, name, path, description):
        return Service(name=name, path=path, description=description, factory=self.context)

    def services(self):
        kind = self.kind
        common = {"renderer": "envelope"}
        collection = self.service(f"{kind}-collection", f"/api/{kind}/", f"{kind}: list, create")
        record = self.service(f"{kind}-record", f"/api/{kind}/{{id:\\d+}}", f"{kind}: one record")
        if self.list_all:
            collection.add_view("GET", self.view_list, permission="read", **common)
        validators = (exact_body_validator if self.exact_numbers else body_validator,)
        collection.add_view(
            "POST", self.view_create, schema=self.schema(), validators=validators, permission="create", **common
        )
        record.add_view("GET", self.view_get, permission="read", **common)
        record.add_view(
            "POST",
            self.view_update,
            schema=self.edit_schema(),
            validators=(self.keep_masked, *validators),
            permission="update",
            **common,
        )
        record.add_view("DELETE", self.view_delete, permission="delete", **common)
        services = [collection, record]
        if self.parent is not None:
            by_parent = self.service(
                f"{kind}-by-{self.parent.kind}",
                f"/api/{kind}/{self.parent.kind}/{{parent_id:\\d+}}",
                f"{kind}: list of one {self.parent.kind}",
            )
            by_parent.add_view("GET", self.view_list_by_parent, permission="read", **common)
            services.append(by_parent)
        return services


class PublicResource(Resource):
    """A kind the public sees at /view/<kind>/<internal_name> (maps, timers, rankings, ...):
    the internal name is given once at creation, unique among live records, and sortable."""

    fixed = ("internal_name",)
    unique = ("internal_name",)
    sortable = ("id", "name", "internal_name", "updated")


def answer_parts(request, resource, obj):
    """What the `ANSWER_PARTS` add to the record's answer."""
    parts = {}
    for part in request.registry.get(ANSWER_PARTS, ()):
        parts.update(part(request, resource, obj))
    return parts


def plugin_of(plugin_manager, obj):
    """The name of the enabled plugin whose package defines `obj`'s class ("core" for the
    core's own kinds): an editor's domain scope names it."""
    module = type(obj).__module__
    for name, plugin in plugin_manager.list_name_plugin():
        package = getattr(plugin, "__name__", None) or type(plugin).__module__  # a package, module or object
        if module == package or module.startswith(package + "."):
            return name
    return "core"


def add_rules(config, rules):
    """Config directive: `config.add_rules(Rules(kind="calculator_definition", plugin="calculators"))`
    for a kind a plugin writes that is no Resource (smogpanel.authority)."""
    config.registry.setdefault("smogpanel.rules", {})[rules.kind] = rules


def resource_of(request, kind):
    """The Resource declared for `kind` (a request or a registry), e.g. `resource_of(request,
    "map").load(request, map_id)`; KeyError when no plugin declares it."""
    registry = getattr(request, "registry", request)
    return registry["smogpanel.resources"][kind]


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
    resource.plugin = resource.plugin or plugin_of(config.registry.plugin_manager, resource)
    lists = []
    for service in resource.services():
        for method, view, args in service.definitions:
            if method == "GET" and getattr(view, "__name__", "").startswith("view_list"):
                args.setdefault("schema", query_schema(resource))  # `q`, filters and paging in the API document
                lists.append((service, view, args))
        config.add_cornice_service(service)
    # Every list's export (the rows its search leaves, as .xlsx or .csv), and the bulk delete.
    for service, view, _ in lists:
        export = resource.service(
            f"{service.name}-export",
            service.path.rstrip("/") + "/export",
            f"{resource.kind}: the list as a spreadsheet (.xlsx or .csv)",
        )
        export.add_view("GET", export_view(view, resource.kind), permission="read")
        config.add_cornice_service(export)
    # Each row goes through `remove`, which asks the kind's rules (accounts: a super
    # administrator's, never one's own), so every kind gets it.
    config.add_cornice_service(bulk_delete_service(resource))
    if resource.list_reads:
        config.action(None, lambda: track(engine_of(config.registry), resource.list_tables()))


def includeme(config):
    config.registry.setdefault("smogpanel.resources", {})
    config.registry["smogpanel.list_cache"] = hold(config.registry, PublicCache(LocalCache(LIST_CACHE_SIZE)))
    config.add_directive("add_resource", add_resource)
    config.add_directive("add_rules", add_rules)

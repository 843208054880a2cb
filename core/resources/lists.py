"""A resource's lists: the rows `q` and the declared filters leave, sorted and paged in the
database (the query string is read by smogpanel.listing), with what each row's account may do.
Records named by a gmina or voivodeship of the gazetteer (`gazetteer_names`) are searched,
filtered and sorted by the gazetteer's names in SQL: the names live in another plugin's tables.

    GET /api/<kind>/?order&asc&q&page&per_page&<filter>    `view_list`
    GET /api/<kind>/<parent kind>/<id>?…                   `view_list_by_parent`, one a parent
"""

from types import SimpleNamespace

import sqlalchemy as sa

from ..authority import authorize, depends_on_record, permissions_of
from ..db import UTCDateTime, api_timestamp
from ..gazetteer import NAME_FIELDS, attach_names, gazetteer
from ..list_export import LIST_PARAMS
from ..listing import Filter, folded, parse_query, search_condition
from ..personal import hidden_fields
from ..regions import polish_order
from ..sorting import Sorting
from .caching import KeptLists
from .parts import mark_rows


class Lists(KeptLists):
    """The list half of `Resource` (its declarations: `sortable`, `default_order`,
    `list_all_order`, `searched`, `filters`, `gazetteer_names`, `list_reads`)."""

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
        mark_rows(request, self, listing["list"])  # e.g. the publication state (smogpanel.publishing)
        return listing

    def view_list(self, request):
        authorize(request, self, "read")
        return self.kept_list(request, lambda: self.list_rows(request, self.list_statement(), self.list_all_order))

    def view_list_by_parent(self, request):
        """The records of one parent (the first of `parents`)."""
        return self.list_by_parent(request, self.parent)

    def list_by_parent(self, request, parent):
        """The records under `parent` (one of `parents`) whose id the path names, once that
        parent is found live."""
        authorize(request, self, "read")
        parent_id = int(request.matchdict["parent_id"])

        def build():
            self.all_kinds[parent.kind].load(request, parent_id)
            field = getattr(self.model, parent.field)
            return self.list_rows(request, self.list_statement().where(field == parent_id))

        return self.kept_list(request, build)

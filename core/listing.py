"""What every resource list reads besides `?order=&asc=` (smogpanel.sorting): a search `q`,
the filters a resource declares, and `page`/`per_page`. Search, filters and paging run in the
database, on SQLite and PostgreSQL alike.

    GET /api/<kind>/…?q=zakop&voivodeship_id=6&page=2&per_page=50

Search ignores case and the Polish letters: `fold` maps 'Łódź' and 'LODZ' to 'lodz', and the
same folding runs in SQL (`folded(column)`): a function registered on every SQLite connection
(this module's Python `fold`) and `lower(translate(…))` on PostgreSQL, both with one table of
letters, so both databases find the same rows. Measured on the 2,477-row lists (bench/lists.py):
folding in the query costs a few milliseconds, so no folded copy of the names is stored.
"""

import sqlite3
from dataclasses import dataclass

import colander
import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.visitors import InternalTraversal

from .db import MAX_ID
from .envelope import ApiError

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["Filter", "column_filter", "fold", "folded"]

PER_PAGE, MAX_PER_PAGE, MAX_PAGE = 50, 1000, 1_000_000
MAX_QUERY = 100  # characters of `q`
MAX_WORDS = 5  # words of `q` (each must match some searched field)
# Sorting, searching and paging: what every list reads besides its declared filters.
COMMON = ("order", "asc", "q", "page", "per_page")
NO_CONTROL_CHARACTERS = r"^[^\x00-\x1f]*$"  # a search's text, as the API description states it

# The Polish letters (and a few others of place names) and their plain forms: the one table
# both databases fold with. Other characters are only lower-cased.
ACCENTED = "ĄĆĘŁŃÓŚŹŻąćęłńóśźżÄÖÜÉäöüé"
PLAIN = "ACELNOSZZacelnoszzAOUEaoue"
_TABLE = str.maketrans(ACCENTED, PLAIN)
SQLITE_FUNCTION = "smogpanel_fold"


def fold(text):
    """'Łódź' -> 'lodz': what search compares (None stays None)."""
    return None if text is None else str(text).translate(_TABLE).lower()


@event.listens_for(sa.engine.Engine, "connect")
def _on_connect(dbapi_connection, _record):
    if isinstance(dbapi_connection, sqlite3.Connection):
        dbapi_connection.create_function(SQLITE_FUNCTION, 1, fold, deterministic=True)


class folded(sa.sql.expression.ColumnElement):
    """`column` folded as `fold` does, in SQL: `folded(Model.name).contains(fold(q))`."""

    inherit_cache = True
    type = sa.String()
    _traverse_internals = [("column", InternalTraversal.dp_clauseelement)]

    def __init__(self, column):
        self.column = column


@compiles(folded)
def _compile_plain(element, compiler, **kw):  # PostgreSQL and any other database
    translated = sa.func.translate(sa.cast(element.column, sa.String), ACCENTED, PLAIN)
    return compiler.process(sa.func.lower(translated), **kw)


@compiles(folded, "sqlite")
def _compile_sqlite(element, compiler, **kw):
    return compiler.process(getattr(sa.func, SQLITE_FUNCTION)(element.column), **kw)


@dataclass(frozen=True)
class Filter:
    """A list filter a resource declares, `?<name>=<value>`: `where(value)` gives the SQL
    condition. `choices` (a tuple) limits the value to those; else it is an id (a whole
    number). `label` names it in the Polish message of a wrong value and in the API document."""

    name: str
    label: str
    where: object  # callable(request, value) -> SQL condition
    choices: tuple | None = None

    def parse(self, raw):
        if self.choices is not None:
            if raw not in self.choices:
                allowed = ", ".join(self.choices)
                raise ApiError.invalid(self.name, f"{self.label}: nieznana wartość „{raw}”. Dozwolone: {allowed}.")
            return raw
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 10 or int(raw) > MAX_ID:
            raise ApiError.invalid(self.name, f"{self.label}: podaj identyfikator (liczbę całkowitą).")
        return int(raw)


def column_filter(name, label, column, choices=None):
    """A filter on one column's equality."""
    return Filter(name, label, lambda _request, value: column == value, choices)


@dataclass(frozen=True)
class ListQuery:
    """What a list request asks for besides the sort: words to find, filters' conditions, and
    a page (None: the whole list)."""

    words: tuple
    conditions: tuple
    page: int | None
    per_page: int


def _whole_number(params, name, maximum, default):
    raw = params.get(name)
    if raw in (None, ""):
        return default
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12 or not 1 <= int(raw) <= maximum:
        raise ApiError.invalid(name, f"Podaj liczbę całkowitą od 1 do {maximum}.")
    return int(raw)


def parse_query(request, params, filters):
    """The request's `q`, filters (`{name: Filter}`) and page; a parameter the list does not
    know is a 400 naming what it does know (a typo must not silently show every row)."""
    known = set(COMMON) | set(filters)
    unknown = sorted(name for name in params if name not in known)
    if unknown:
        allowed = ", ".join(sorted(filters)) or "brak"
        raise ApiError.invalid(
            unknown[0],
            f"Nieznany parametr listy „{unknown[0]}”. Filtry tej listy: {allowed}; "
            "poza nimi: q, order, asc, page, per_page.",
        )
    q = params.get("q") or ""
    if len(q) > MAX_QUERY:
        raise ApiError.invalid("q", f"Szukany tekst może mieć najwyżej {MAX_QUERY} znaków.")
    if any(ord(ch) < 32 for ch in q):  # PostgreSQL refuses NUL in a text; no name holds control characters
        raise ApiError.invalid("q", "Szukany tekst nie może zawierać znaków sterujących.")
    words = tuple(dict.fromkeys(fold(q).split()))
    if len(words) > MAX_WORDS:
        raise ApiError.invalid("q", f"Szukaj najwyżej {MAX_WORDS} słowami naraz.")
    conditions = tuple(
        filters[name].where(request, filters[name].parse(params[name])) for name in sorted(filters) if params.get(name)
    )
    page = _whole_number(params, "page", MAX_PAGE, None)
    per_page = _whole_number(params, "per_page", MAX_PER_PAGE, PER_PAGE)
    return ListQuery(words, conditions, page, per_page)


def search_condition(words, fields, extra=()):
    """Every word found in some field (folded, anywhere in it): `fields` are SQL expressions,
    `extra(word)` more conditions of a word (e.g. gminy found by the gazetteer)."""
    conditions = []
    for word in words:
        found = [folded(field).contains(word, autoescape=True) for field in fields]
        found.extend(condition(word) for condition in extra)
        conditions.append(sa.or_(*found) if found else sa.false())
    return sa.and_(*conditions)


def query_schema(resource):
    """The list's query string for the API document (the views read and check it themselves,
    with Polish errors): cornice describes a view's `querystring` node."""
    query = colander.MappingSchema(name="querystring")
    query.add(
        colander.SchemaNode(
            colander.String(),
            name="q",
            missing=colander.drop,
            # As the view checks it: its length, and no control character (below U+0020).
            validator=colander.All(colander.Length(max=MAX_QUERY), colander.Regex(NO_CONTROL_CHARACTERS)),
            description="szukany tekst: nazwy (także gminy, powiatu, województwa) i kody TERYT, "
            "bez względu na wielkość liter i polskie znaki; kilka słów: każde musi się znaleźć; "
            "bez `order` najlepiej pasujące najpierw (nazwa, jej początek, słowo nazwy, inne pola)",
        )
    )
    for name, item in sorted(resource.list_filters().items()):
        node = colander.SchemaNode(
            colander.String() if item.choices is not None else colander.Integer(),
            name=name,
            missing=colander.drop,
            validator=colander.OneOf(item.choices) if item.choices is not None else colander.Range(0, MAX_ID),
            description=f"filtr: {item.label}",
        )
        query.add(node)
    query.add(
        colander.SchemaNode(
            colander.Integer(),
            name="page",
            missing=colander.drop,
            validator=colander.Range(1, MAX_PAGE),
            description="strona, od 1: odpowiedź {order, asc, page, per_page, total, list}; "
            "bez niej cała lista {order, asc, list}",
        )
    )
    query.add(
        colander.SchemaNode(
            colander.Integer(),
            name="per_page",
            missing=colander.drop,
            validator=colander.Range(1, MAX_PER_PAGE),
            description=f"wierszy na stronę (z `page`), do {MAX_PER_PAGE}, domyślnie {PER_PAGE}",
        )
    )
    schema = colander.MappingSchema()
    schema.add(query)
    return schema

"""The sixteen voivodeships with their two-letter codes (SPEC section 3), shared by every
plugin that stores or imports values per voivodeship; and sorting names in the Polish
alphabet, in Python (`polish_sort_key`) and in SQL (`polish_order`)."""

import sqlite3
import unicodedata
from functools import lru_cache

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.visitors import InternalTraversal

from .names import normalise

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = [
    "VOIVODESHIPS",
    "CODES",
    "TERYT_OF",
    "CODE_OF_TERYT",
    "NAME_OF",
    "normalise",
    "voivodeship_code",
    "polish_sort_key",
    "polish_order",
]

VOIVODESHIPS = (
    ("ds", "dolnośląskie"),
    ("kp", "kujawsko-pomorskie"),
    ("lb", "lubelskie"),
    ("ls", "lubuskie"),
    ("ld", "łódzkie"),
    ("mp", "małopolskie"),
    ("mz", "mazowieckie"),
    ("op", "opolskie"),
    ("pk", "podkarpackie"),
    ("pl", "podlaskie"),
    ("pm", "pomorskie"),
    ("sl", "śląskie"),
    ("sk", "świętokrzyskie"),
    ("wm", "warmińsko-mazurskie"),
    ("wp", "wielkopolskie"),
    ("zp", "zachodniopomorskie"),
)
CODES = tuple(code for code, _ in VOIVODESHIPS)
# The voivodeships' TERYT codes (WOJ in GUS's TERC register): the even numbers 02..32 in the
# alphabetical order of their names, the order of VOIVODESHIPS above.
TERYT_OF = {
    "ds": "02",
    "kp": "04",
    "lb": "06",
    "ls": "08",
    "ld": "10",
    "mp": "12",
    "mz": "14",
    "op": "16",
    "pk": "18",
    "pl": "20",
    "pm": "22",
    "sl": "24",
    "sk": "26",
    "wm": "28",
    "wp": "30",
    "zp": "32",
}
CODE_OF_TERYT = {teryt: code for code, teryt in TERYT_OF.items()}
NAME_OF = dict(VOIVODESHIPS)

_BY_KEY = {}
for _code, _name in VOIVODESHIPS:
    _BY_KEY[_code] = _code
    _BY_KEY[normalise(_name)] = _code
    _BY_KEY["wojewodztwo " + normalise(_name)] = _code
    _BY_KEY["woj. " + normalise(_name)] = _code


for _code, _teryt in TERYT_OF.items():
    _BY_KEY[_teryt] = _code
    _BY_KEY[str(int(_teryt))] = _code  # a spreadsheet's number cell drops the leading zero


def voivodeship_code(text):
    """The code of a voivodeship written by name (any case, with or without diacritics,
    optionally prefixed 'województwo'/'woj.'), by its two-letter code or by its TERYT code
    ('12', or the number 12 of a spreadsheet cell); None if it is none of them."""
    if isinstance(text, float) and text.is_integer():
        text = int(text)
    return _BY_KEY.get(normalise(text))


_POLISH_ALPHABET = "aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż"
_LETTERS = 0x110000  # letters rank after every code point: spaces, hyphens and digits come first
_POLISH_RANK = {letter: _LETTERS + index for index, letter in enumerate(_POLISH_ALPHABET)}


@lru_cache(maxsize=1024)
def _rank(ch):
    """A character's place: a Polish letter by the alphabet; another letter as its base letter
    ('é' as 'e') or after 'ż'; anything else (a space, a hyphen, a digit) before every letter,
    by code point. So 'Biała' < 'Biała Podlaska' < 'Białaczów', as PostgreSQL's ICU collation
    orders them: SQLite and PostgreSQL list names with spaces and hyphens alike."""
    if ch in _POLISH_RANK:
        return _POLISH_RANK[ch]
    if not ch.isalpha():
        return ord(ch)
    base = unicodedata.normalize("NFD", ch)[0]
    return _POLISH_RANK.get(base, _LETTERS + len(_POLISH_ALPHABET) + ord(ch))


def polish_sort_key(text):
    """Sorts names in Python as a Polish reader expects: 'Lubin' < 'Łódź' < 'Żywiec' (see `_rank`
    for the other characters)."""
    return [_rank(ch) for ch in (text or "").lower()]


# -- Polish order in the database ----------------------------------------------------------------
# SQLite sorts by code point ('Zabrze' < 'Łódź'): a collation of that name is registered on
# every SQLite connection, comparing by `polish_sort_key` (then by code point: a total order).
# PostgreSQL: ICU's Polish collation when the server has it (any build with ICU), else the
# database's own (docs/deployment.md: create it with a Polish locale).
SQLITE_COLLATION = "smogpanel_pl"
POSTGRESQL_COLLATIONS = ("pl-PL-x-icu", "pl-x-icu", "pl_PL.utf8", "pl_PL.UTF-8")
_postgresql_collation = {}  # "name": the collation found on the server, None when none is there


@lru_cache(maxsize=65536)
def _cached_key(text):
    return (tuple(polish_sort_key(text)), text)


def polish_compare(left, right):
    """-1, 0 or 1: the SQLite collation's comparison."""
    a, b = _cached_key(left), _cached_key(right)
    return (a > b) - (a < b)


@event.listens_for(sa.engine.Engine, "connect")
def _on_connect(dbapi_connection, _record):
    if isinstance(dbapi_connection, sqlite3.Connection):
        dbapi_connection.create_collation(SQLITE_COLLATION, polish_compare)
    elif "name" not in _postgresql_collation and type(dbapi_connection).__module__.startswith("psycopg"):
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("SELECT collname FROM pg_collation WHERE collname LIKE 'pl%'")
            found = {row[0] for row in cursor.fetchall()}
        finally:
            cursor.close()
            dbapi_connection.rollback()
        _postgresql_collation["name"] = next((name for name in POSTGRESQL_COLLATIONS if name in found), None)


class polish_order(sa.sql.expression.ColumnElement):
    """`column` to ORDER BY in the Polish alphabet, on SQLite and PostgreSQL alike:
    `Sorting(fields={"name": polish_order(Model.name)})`."""

    inherit_cache = True
    _traverse_internals = [("column", InternalTraversal.dp_clauseelement)]

    def __init__(self, column):
        self.column = column
        self.type = column.type


@compiles(polish_order)
def _compile_plain(element, compiler, **kw):
    return compiler.process(element.column, **kw)


@compiles(polish_order, "sqlite")
def _compile_sqlite(element, compiler, **kw):
    return compiler.process(sa.collate(element.column, SQLITE_COLLATION), **kw)


@compiles(polish_order, "postgresql")
def _compile_postgresql(element, compiler, **kw):
    name = _postgresql_collation.get("name")
    return compiler.process(sa.collate(element.column, name) if name else element.column, **kw)

"""Searches: a public "find your gmina's programme" tool with keys, entries per gmina and an
import (SPEC 2.7, 3 Search and Search entry, 5, 7 Searches, 9)."""

from pathlib import Path

from smogpanel.hookspecs import Remote, hookimpl

from . import public, views
from .imports import WPG_XLS
from .public import SEARCH
from .references import references
from .seed import add_demo_data


@hookimpl
def smogpanel_includeme(config):
    views.includeme(config)
    public.includeme(config)


@hookimpl
def smogpanel_remote():
    return Remote(name="searches", label="Wyszukiwarki", path="/search", order=30)


@hookimpl
def smogpanel_migrations():
    return str(Path(__file__).parent / "migrations")


@hookimpl
def smogpanel_import_types():
    return [WPG_XLS]


@hookimpl
def smogpanel_public_kinds():
    return [SEARCH]


@hookimpl(trylast=True)  # after the hierarchy's demo gminy exist
def smogpanel_demo_data(db, gazetteer):
    add_demo_data(db, gazetteer)


@hookimpl
def smogpanel_references(db, kind, ids):
    return references(db, kind, ids)

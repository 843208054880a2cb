"""Graphs: public BAR, CIRCLE, LINE and MULTILINE charts with groups, entries, goals and imports
(SPEC 2.9, 3 Graph ..., 5, 7 Graphs, 9)."""

from pathlib import Path

from smogpanel.hookspecs import Remote, hookimpl

from . import views
from .imports import IMPORT_TYPES
from .public import GRAPH
from .seed import add_demo_data


@hookimpl
def smogpanel_includeme(config):
    views.includeme(config)


@hookimpl
def smogpanel_remote():
    return Remote(name="graphs", label="Wykresy", path="/graph", order=50)


@hookimpl
def smogpanel_migrations():
    return str(Path(__file__).parent / "migrations")


@hookimpl
def smogpanel_import_types():
    return list(IMPORT_TYPES)


@hookimpl
def smogpanel_public_kinds():
    return [GRAPH]


@hookimpl
def smogpanel_demo_data(db):
    add_demo_data(db)

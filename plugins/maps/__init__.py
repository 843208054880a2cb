"""Maps and measurements: per-voivodeship values, spreadsheet import and export, public map
(SPEC sections 2.3, 3, 4, 5 and 7 "Maps and measurements")."""

from pathlib import Path

from smogpanel.hookspecs import Remote, hookimpl

from . import views
from .imports import CP_XLS, CP_XLS_2025
from .public import MAP_KIND
from .seed import add_demo_data


@hookimpl
def smogpanel_includeme(config):
    views.includeme(config)


@hookimpl
def smogpanel_remote():
    return Remote(name="maps", label="Mapy", path="/map", order=40)


@hookimpl
def smogpanel_migrations():
    return str(Path(__file__).parent / "migrations")


@hookimpl
def smogpanel_import_types():
    return [CP_XLS, CP_XLS_2025]


@hookimpl
def smogpanel_public_kinds():
    return [MAP_KIND]


@hookimpl
def smogpanel_demo_data(db):
    add_demo_data(db)

"""Calculators: the heating-cost calculator, its one shared (versioned) definition, the
definition's imports and export, and the public widget (SPEC 2.8, 3, 4, 5, 7 "Calculators")."""

from pathlib import Path

from smogpanel.hookspecs import Remote, hookimpl

from . import views
from .imports import IMPORT_TYPES
from .public import CALCULATOR
from .seed import add_demo_data


@hookimpl
def smogpanel_includeme(config):
    views.includeme(config)


@hookimpl
def smogpanel_remote():
    return Remote(name="calculators", label="Kalkulatory", path="/calculator", order=60)


@hookimpl
def smogpanel_migrations():
    return str(Path(__file__).parent / "migrations")


@hookimpl
def smogpanel_import_types():
    return IMPORT_TYPES


@hookimpl
def smogpanel_public_kinds():
    return [CALCULATOR]


@hookimpl
def smogpanel_demo_data(db):
    add_demo_data(db)

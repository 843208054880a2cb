"""The administrative hierarchy voivodeship > district > borough: the first plugin and the
reference for all others."""

from pathlib import Path

from smogpanel.hookspecs import Remote, hookimpl

from . import teryt_views, views
from .gazetteer import HierarchyGazetteer
from .seed import add_demo_data, seed_voivodeships


@hookimpl
def smogpanel_includeme(config):
    views.includeme(config)
    teryt_views.max_gone_percent(config.registry.settings)  # a bad setting stops the start, not an import
    config.add_import(teryt_views.TerytImport())


@hookimpl
def smogpanel_import_types():
    return [teryt_views.TERYT_TERC]


@hookimpl
def smogpanel_cli_commands(commands):
    teryt_views.add_commands(commands)


@hookimpl
def smogpanel_remote():
    return Remote(name="hierarchy", label="Województwa", path="/voivodeship", order=10)


@hookimpl
def smogpanel_migrations():
    return str(Path(__file__).parent / "migrations")


@hookimpl
def smogpanel_seed(db):
    seed_voivodeships(db)


@hookimpl
def smogpanel_demo_data(db):
    add_demo_data(db)


@hookimpl
def smogpanel_gazetteer():
    return HierarchyGazetteer()

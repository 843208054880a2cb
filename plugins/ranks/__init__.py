"""Rankings: gminy and voivodeships rankings with groups, entries, values, places computed
from points, spreadsheet imports and a public table (SPEC sections 2.6, 3, 4, 5, 7, 9)."""

from pathlib import Path

from smogpanel.hookspecs import Remote, hookimpl

from .imports import IMPORT_TYPES, RankDefinitionImport, RankValueImport
from .public import RANK_KIND
from .references import references
from .seed import add_demo_data
from .values import RankValueResource
from .views import RankEntryResource, RankGroupResource, RankResource


@hookimpl
def smogpanel_includeme(config):
    for resource in (RankResource(), RankGroupResource(), RankEntryResource(), RankValueResource()):
        config.add_resource(resource)
    config.add_import(RankValueImport())
    config.add_import(RankDefinitionImport())


@hookimpl
def smogpanel_remote():
    return Remote(name="ranks", label="Rankingi", path="/rank", order=20)


@hookimpl
def smogpanel_migrations():
    return str(Path(__file__).parent / "migrations")


@hookimpl
def smogpanel_import_types():
    return list(IMPORT_TYPES)


@hookimpl
def smogpanel_public_kinds():
    return [RANK_KIND]


@hookimpl(trylast=True)  # after the hierarchy's demo gminy exist
def smogpanel_demo_data(db, gazetteer):
    add_demo_data(db, gazetteer)


@hookimpl
def smogpanel_references(db, kind, ids):
    return references(db, kind, ids)

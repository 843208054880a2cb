"""The administrative hierarchy voivodeship > district > borough: the first plugin and the
reference for all others."""

from smogpanel.hookspecs import Plugin, Remote, hookimpl

from . import teryt_views, views
from .gazetteer import HierarchyGazetteer
from .seed import add_demo_data, seed_voivodeships


def includeme(config):
    views.includeme(config)
    teryt_views.max_gone_percent(config.registry.settings)  # a bad setting stops the start, not an import


PLUGIN = Plugin(
    remote=Remote(name="hierarchy", label="Województwa", path="/voivodeship", order=10),
    imports=(teryt_views.TerytImport,),
    includes=(includeme,),
    import_types=(teryt_views.TERYT_TERC,),
    demo_data=add_demo_data,
)


@hookimpl
def smogpanel_cli_commands(commands):
    teryt_views.add_commands(commands)


@hookimpl
def smogpanel_seed(db):
    seed_voivodeships(db)


@hookimpl
def smogpanel_gazetteer():
    return HierarchyGazetteer()

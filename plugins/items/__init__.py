"""Items: records of an item type contributed by a plugin, with hooks that integrations may fill
(SPEC 2.11, 3 Item/Item type, 5 Item, 7 items). Types and integrations come from the
`smogpanel_item_types` and `smogpanel_integrations` hooks; this plugin adds two plain types."""

from smogpanel.hookspecs import Plugin, Remote, ScheduledJob, hookimpl

from . import cli, views
from .public import ITEM
from .references import references
from .seed import add_demo_data
from .types import BUILT_IN

PLUGIN = Plugin(
    remote=Remote(name="items", label="Elementy", path="/item", order=90),
    includes=(views.includeme,),
    public_kinds=(ITEM,),
    demo_data=add_demo_data,
    demo_data_last=True,
    references=references,
)


@hookimpl
def smogpanel_item_types():
    return BUILT_IN


@hookimpl
def smogpanel_cli_commands(commands):
    cli.add_commands(commands)


@hookimpl
def smogpanel_jobs(settings):
    from .refresh import refresh_job

    # GIOŚ publishes hourly; an hour by default (smogpanel.integrations.refresh_interval, seconds).
    interval = int(float(settings.get("smogpanel.integrations.refresh_interval") or 3600))
    return [
        ScheduledJob(code="items.refresh", title="Odświeżanie integracji elementów", run=refresh_job, interval=interval)
    ]

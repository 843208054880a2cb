"""The item types and integrations of the enabled plugins, collected once when the app starts
(`smogpanel_item_types`, `smogpanel_integrations`), and the items plugin's own two types."""

import logging

from smogpanel.item_types import BOROUGH, TEXT, VOIVODESHIP, ItemType, ItemTypeHook
from smogpanel.regions import polish_sort_key

log = logging.getLogger(__name__)

# Built in, so the panel offers types with no other plugin installed.
BOROUGH_NOTE = ItemType(
    code="borough-note",
    display_name="Komunikat dla gminy",
    hooks=(
        ItemTypeHook("gmina", "Gmina", BOROUGH),
        ItemTypeHook("title", "Tytuł", TEXT),
        ItemTypeHook("text", "Treść", TEXT),
    ),
)
VOIVODESHIP_NOTE = ItemType(
    code="voivodeship-note",
    display_name="Komunikat dla województwa",
    hooks=(
        ItemTypeHook("voivodeship", "Województwo", VOIVODESHIP),
        ItemTypeHook("title", "Tytuł", TEXT),
        ItemTypeHook("text", "Treść", TEXT),
    ),
)
BUILT_IN = [BOROUGH_NOTE, VOIVODESHIP_NOTE]


class Catalogue:
    """Item types by code and integrations by code. A second declaration of a code is
    ignored with a warning (the first plugin keeps it), so one bad plugin never stops the app."""

    def __init__(self, type_groups, integration_groups):
        self.types = {}
        for item_type in (t for group in type_groups for t in (group or ())):
            if item_type.code in self.types:
                log.warning("item type %r declared twice; the second is ignored", item_type.code)
                continue
            self.types[item_type.code] = item_type
        self.integrations = {}
        for integration in (i for group in integration_groups for i in (group or ())):
            self.integrations.setdefault(integration.code, integration)

    def sorted_types(self, asc=True):
        return sorted(self.types.values(), key=lambda t: (polish_sort_key(t.display_name), t.code), reverse=not asc)


def catalogue(registry):
    return registry["smogpanel.items.catalogue"]


def includeme(config):
    hook = config.registry.plugin_manager.hook
    config.registry["smogpanel.items.catalogue"] = Catalogue(hook.smogpanel_item_types(), hook.smogpanel_integrations())

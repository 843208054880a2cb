"""What a plugin declares to add item types and integrations (SPEC 3, "Item type"): the
types `smogpanel_item_types` and `smogpanel_integrations` return and what an integration's
`fetch` gets and answers.

They live in the core, not in the items plugin that shows and refreshes items, because a
plugin never imports another plugin: a third-party plugin (examples/smogpanel-airquality)
declares its item types and integrations with these alone."""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

__all__ = [
    "TEXT",
    "BOROUGH",
    "VOIVODESHIP",
    "INTEGRATION",
    "HOOK_TYPES",
    "ItemTypeHook",
    "ItemType",
    "IntegrationCall",
    "Reading",
    "Integration",
]

# The types of an item type's hooks (SPEC 3, enumerations): what the panel's form offers for each.
TEXT = "TEXT"  # free text typed by the operator
BOROUGH = "BOROUGH"  # a live gmina of the hierarchy (its id), checked through the gazetteer
VOIVODESHIP = "VOIVODESHIP"  # a live voivodeship (its id), checked through the gazetteer
INTEGRATION = "INTEGRATION"  # filled by an integration, read-only in the panel
HOOK_TYPES = (TEXT, BOROUGH, VOIVODESHIP, INTEGRATION)


@dataclass(frozen=True)
class ItemTypeHook:
    """One property of an item type. `name` is its stable code within the type (stored with
    every item's value, so never rename it: a renamed hook is a removed one plus a new one)."""

    name: str  # e.g. "station_id"
    display_name: str  # Polish label in the form and on the public widget, e.g. "Stacja pomiarowa"
    type: str  # one of HOOK_TYPES
    integration: str | None = None  # INTEGRATION hooks: the code of the integration filling it
    unit: str = ""  # shown after a number on the public widget, e.g. "µg/m³"
    # How the public widget shows the value: "text" (default), "number" (with the unit), or
    # "badge" (a value {"label": "Dobry", "color": "#b0dd10"}: the label on that colour).
    display: str = "text"

    def __post_init__(self):
        if self.type not in HOOK_TYPES:
            raise ValueError(f"hook {self.name!r}: type must be one of {HOOK_TYPES}, not {self.type!r}")
        if (self.type == INTEGRATION) != bool(self.integration):
            raise ValueError(f"hook {self.name!r}: an INTEGRATION hook (and only one) names its integration")


@dataclass(frozen=True)
class ItemType:
    """A kind of item the panel offers (read-only there: SPEC 3 "Item type"). `code` is its
    stable id (`item_type_id` in the API; stored with every item, so never change it)."""

    code: str  # e.g. "airquality"
    display_name: str  # Polish, e.g. "Jakość powietrza"
    hooks: tuple[ItemTypeHook, ...]

    def hook(self, name):
        return next((hook for hook in self.hooks if hook.name == name), None)


@dataclass(frozen=True)
class IntegrationCall:
    """What an integration's `fetch` gets for one item: the item's own values by hook name
    (TEXT as text, BOROUGH and VOIVODESHIP as ids), a bounded HTTP client
    (`smogpanel.http_source.HttpSource`: timeouts and retries set by the operator) and the
    app's settings (e.g. the source's address)."""

    inputs: dict
    http: Any
    settings: dict


@dataclass(frozen=True)
class Reading:
    """An integration's answer: values by INTEGRATION hook name, the time of the reading at the
    source (None: now) and a Polish name of the source shown with the values.

    A source may give some values and fail others: `errors` {hook name: Polish text} names the
    values it could not read (each keeps its last good value, the panel shows the error beside
    it), so one failed value never drops the rest. `notes` {hook name: short Polish text} says
    where a value came from (e.g. "stanowisko 2750"), shown beside it in the panel."""

    values: dict
    read_at: datetime | None = None
    source: str = ""
    notes: dict = field(default_factory=dict)
    errors: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Integration:
    """Fills INTEGRATION hooks from an outside source. `fetch(call: IntegrationCall)` returns
    a `Reading`, or raises (`smogpanel.http_source.SourceError` with a Polish message, or any
    exception) when the source fails: the item then keeps its last good values and the error is
    recorded and shown to the operator."""

    code: str  # e.g. "gios"
    fetch: Callable
    display_name: str = ""  # Polish, e.g. "GIOŚ: jakość powietrza"
    source: str = ""  # Polish name of the source, e.g. "GIOŚ"
    extra: dict = field(default_factory=dict)

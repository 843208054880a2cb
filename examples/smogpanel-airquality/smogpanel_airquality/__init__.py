"""smogpanel-airquality: a third-party Smogpanel plugin, installed on its own
(`pip install ./examples/smogpanel-airquality`). It adds the item type 'Jakość powietrza' and
the integration 'gios' that fills its PM10, PM2.5 and air-quality index from GIOŚ's public
API, and one screen of its own (/airquality, the index's categories: a remote built from web/
on the installable @smogpanel/kit into static/remote/). It imports only the core
(`smogpanel.hookspecs`, `smogpanel.item_types`, `smogpanel.http_source`); nothing in the core or
the built-in plugins imports it."""

from smogpanel.hookspecs import Remote, hookimpl
from smogpanel.item_types import BOROUGH, INTEGRATION, TEXT, Integration, ItemType, ItemTypeHook

from .gios import SOURCE, fetch_air_quality

AIR_QUALITY = ItemType(
    code="airquality",
    display_name="Jakość powietrza",
    hooks=(
        ItemTypeHook("gmina", "Gmina", BOROUGH),
        ItemTypeHook("station_id", "Identyfikator stacji pomiarowej GIOŚ", TEXT),
        ItemTypeHook("index", "Indeks jakości powietrza", INTEGRATION, integration="gios", display="badge"),
        ItemTypeHook("pm10", "PM10", INTEGRATION, integration="gios", unit="µg/m³", display="number"),
        ItemTypeHook("pm25", "PM2,5", INTEGRATION, integration="gios", unit="µg/m³", display="number"),
    ),
)

GIOS = Integration(code="gios", fetch=fetch_air_quality, display_name="GIOŚ: jakość powietrza", source=SOURCE)


@hookimpl
def smogpanel_item_types():
    return [AIR_QUALITY]


@hookimpl
def smogpanel_integrations():
    return [GIOS]


@hookimpl
def smogpanel_remote():
    # Before 'Elementy' (90), the last of the spec's navigation: the screen explains an item type.
    return Remote(name="airquality", label="Jakość powietrza", path="/airquality", order=85)

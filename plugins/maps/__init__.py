"""Maps and measurements: per-voivodeship values, spreadsheet import and export, public map
(SPEC sections 2.3, 3, 4, 5 and 7 "Maps and measurements")."""

from smogpanel.hookspecs import Plugin, Remote

from . import views
from .imports import CP_XLS, CP_XLS_2025
from .public import MAP_KIND
from .seed import add_demo_data

PLUGIN = Plugin(
    remote=Remote(name="maps", label="Mapy", path="/map", order=40),
    includes=(views.includeme,),
    import_types=(CP_XLS, CP_XLS_2025),
    public_kinds=(MAP_KIND,),
    demo_data=add_demo_data,
)

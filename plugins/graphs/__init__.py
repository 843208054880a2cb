"""Graphs: public BAR, CIRCLE, LINE and MULTILINE charts with groups, entries, goals and imports
(SPEC 2.9, 3 Graph ..., 5, 7 Graphs, 9)."""

from smogpanel.hookspecs import Plugin, Remote

from . import views
from .imports import IMPORT_TYPES
from .public import GRAPH
from .seed import add_demo_data

PLUGIN = Plugin(
    remote=Remote(name="graphs", label="Wykresy", path="/graph", order=50),
    includes=(views.includeme,),
    import_types=tuple(IMPORT_TYPES),
    public_kinds=(GRAPH,),
    demo_data=add_demo_data,
)

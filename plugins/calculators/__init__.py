"""Calculators: the heating-cost calculator, its one shared (versioned) definition, the
definition's imports and export, and the public widget (SPEC 2.8, 3, 4, 5, 7 "Calculators")."""

from smogpanel.hookspecs import Plugin, Remote

from . import views
from .imports import IMPORT_TYPES
from .public import CALCULATOR
from .seed import add_demo_data

PLUGIN = Plugin(
    remote=Remote(name="calculators", label="Kalkulatory", path="/calculator", order=60),
    includes=(views.includeme,),
    import_types=tuple(IMPORT_TYPES),
    public_kinds=(CALCULATOR,),
    demo_data=add_demo_data,
)

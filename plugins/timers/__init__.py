"""Timers: countdown widgets with a style, texts and a deadline, shown on partner sites
(SPEC 2.4, 3 Timer, 5 Timer, 7 Timers and Embed snippets)."""

from smogpanel.hookspecs import Plugin, Remote

from . import views
from .public import TIMER
from .seed import add_demo_data

PLUGIN = Plugin(
    remote=Remote(name="timers", label="Liczniki", path="/timer", order=70),
    includes=(views.includeme,),
    public_kinds=(TIMER,),
    demo_data=add_demo_data,
)

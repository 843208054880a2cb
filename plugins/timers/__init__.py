"""Timers: countdown widgets with a style, texts and a deadline, shown on partner sites
(SPEC 2.4, 3 Timer, 5 Timer, 7 Timers and Embed snippets)."""

from pathlib import Path

from smogpanel.hookspecs import Remote, hookimpl

from . import views
from .public import TIMER
from .seed import add_demo_data


@hookimpl
def smogpanel_includeme(config):
    views.includeme(config)


@hookimpl
def smogpanel_remote():
    return Remote(name="timers", label="Liczniki", path="/timer", order=70)


@hookimpl
def smogpanel_migrations():
    return str(Path(__file__).parent / "migrations")


@hookimpl
def smogpanel_public_kinds():
    return [TIMER]


@hookimpl
def smogpanel_demo_data(db):
    add_demo_data(db)

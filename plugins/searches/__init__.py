"""Searches: a public "find your gmina's programme" tool with keys, entries per gmina and an
import (SPEC 2.7, 3 Search and Search entry, 5, 7 Searches, 9)."""

from smogpanel.hookspecs import Plugin, Remote

from . import public, views
from .imports import WPG_XLS
from .public import SEARCH
from .references import references
from .seed import add_demo_data

PLUGIN = Plugin(
    remote=Remote(name="searches", label="Wyszukiwarki", path="/search", order=30),
    includes=(views.includeme, public.includeme),
    import_types=(WPG_XLS,),
    public_kinds=(SEARCH,),
    demo_data=add_demo_data,
    demo_data_last=True,  # after the hierarchy's demo gminy exist
    references=references,
)

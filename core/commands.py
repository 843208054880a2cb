"""Deprecated since 3.9, removed in 4.0: use smogpanel.plugin_commands (what a plugin's command uses)."""

from .deprecation import moved
from .plugin_commands import plugin_app

# What a plugin may import from here, until 4.0 (docs/plugins.md, "What a plugin may import")
__all__ = ["plugin_app"]

moved("smogpanel.commands", "smogpanel.plugin_commands")

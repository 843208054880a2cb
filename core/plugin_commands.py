"""What a plugin's command on the `smogpanel` command line uses (`smogpanel_cli_commands`): the
app built from the settings, or a Polish error when the plugin is disabled. Write in
`smogpanel.db.own_transaction(app.registry)`."""

import sys

from .cli.app import build_app

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["plugin_app"]


def plugin_app(settings, name):
    """The app for a plugin's command, or None (and a Polish error printed) when the plugin
    `name` is not enabled by the settings."""
    app = build_app(settings)
    if not app.registry.plugin_manager.has_plugin(name):
        print(f"Wtyczka {name} jest wyłączona w ustawieniach (smogpanel.plugins).", file=sys.stderr)
        return None
    return app

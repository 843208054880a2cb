"""The plugin manager: built-in and third-party plugins found through entry points, filtered
by `smogpanel.plugins` / `SMOGPANEL_PLUGINS`, and `GET /api/plugins` for the shell."""

from importlib.metadata import entry_points

import pluggy

from .hookspecs import ENTRY_POINT_GROUP, PROJECT, HookSpecs
from .openapi import describe_route, envelope_responses


def build_plugin_manager(enabled=None, extra=()):
    """A plugin manager with the installed plugins named in `enabled` (all when None) and
    `extra` (name, plugin) pairs, e.g. from tests."""
    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(HookSpecs)
    installed = {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}
    wanted = list(installed) if enabled is None else enabled
    unknown = [name for name in wanted if name not in installed and name not in dict(extra)]
    if unknown:
        raise ValueError(
            f"Unknown plugin(s) in SMOGPANEL_PLUGINS: {', '.join(unknown)}. Installed: {', '.join(sorted(installed))}"
        )
    for name in wanted:
        if name in installed:
            manager.register(installed[name].load(), name=name)
    for name, plugin in extra:
        manager.register(plugin, name=name)
    return manager


def parse_enabled(value):
    """`SMOGPANEL_PLUGINS` / `smogpanel.plugins`: comma- or space-separated names; unset or
    empty = every installed plugin; `none` = no plugin at all."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return list(value)
    names = [part.strip() for part in value.replace(",", " ").split()]
    if names == ["none"]:
        return []
    return names or None


def list_plugins(request):
    """GET /api/plugins: the enabled plugins' remotes in navigation order."""
    remotes = [remote for remote in request.registry.plugin_manager.hook.smogpanel_remote() if remote]
    return sorted((remote.describe() for remote in remotes), key=lambda r: (r["order"], r["name"]))


def includeme(config):
    config.add_route("api-plugins", "/api/plugins")
    config.add_view(list_plugins, route_name="api-plugins", request_method="GET", renderer="envelope")

    describe_route(
        config,
        "/api/plugins",
        "GET",
        {
            "summary": "Włączone wtyczki panelu (moduły zdalne powłoki) w kolejności nawigacji.",
            "responses": envelope_responses(),
        },
    )
    manager = config.registry.plugin_manager
    manager.hook.smogpanel_includeme(config=config)

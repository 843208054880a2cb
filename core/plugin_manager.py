"""The plugin manager: built-in and third-party plugins found through entry points, filtered
by `smogpanel.plugins` / `SMOGPANEL_PLUGINS`, and `GET /api/plugins` for the shell."""

import inspect
import types
from importlib.metadata import entry_points
from pathlib import Path

import pluggy

from .hookspecs import ENTRY_POINT_GROUP, PROJECT, HookSpecs, Plugin
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
            manager.register(with_declared_hooks(installed[name].load()), name=name)
    for name, plugin in extra:
        manager.register(with_declared_hooks(plugin), name=name)
    return manager


def with_declared_hooks(plugin):
    """`plugin` (a module or object, as an entry point loads it) with the hooks its `PLUGIN`
    declares, as one object registered under the plugin's name; unchanged without one."""
    declared = getattr(plugin, "PLUGIN", None)
    if not isinstance(declared, Plugin):
        return plugin
    folder = Path(inspect.getfile(plugin)).parent if isinstance(plugin, types.ModuleType) else Path(".")
    hooks = declared.hooks(folder)
    written = sorted(name for name in hooks if callable(getattr(plugin, name, None)))
    if written:
        raise TypeError(
            f"{getattr(plugin, '__name__', plugin)}: {', '.join(written)} declared in PLUGIN and written too"
        )
    merged = types.ModuleType(getattr(plugin, "__name__", "plugin"), getattr(plugin, "__doc__", None))
    merged.__dict__.update(vars(plugin))
    merged.__dict__.update(hooks)
    return merged


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

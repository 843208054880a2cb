"""`smogpanel routes`: every route with its methods, the plugin that serves it and the code
that answers it (`file:object`), so a URL leads to its code in one step.

Pyramid's `proutes` names the generic `Resource.view_create` for every declared resource; here
the resource class a plugin declared comes first, and the inherited method after it.
"""

import inspect
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class RouteRow:
    method: str  # "GET", "POST", ... or "*" for a view that takes any method
    pattern: str
    plugin: str  # the plugin's name, or "core"
    code: str  # e.g. "plugins/timers/views.py:TimerResource.view_create"


def route_rows(app):
    """One row per route and method, in registration order (the order Pyramid matches)."""
    owners = _plugin_modules(app.registry.plugin_manager)
    rows = []
    for route in app.registry.introspector.get_category("routes"):
        pattern = route["introspectable"]["pattern"]
        for related in route["related"]:
            if related.category_name != "views" or _is_fallback(related):
                continue
            target = inspect.unwrap(related["callable"])
            module = _module_of(target)
            for method in _methods(related["request_methods"]):
                rows.append(RouteRow(method, pattern, _owner(module, owners), _code(target)))
    # HEAD goes with every GET (Pyramid and Cornice add it): listed once, as the GET.
    gets = {(row.pattern, row.code) for row in rows if row.method == "GET"}
    return [row for row in rows if not (row.method == "HEAD" and (row.pattern, row.code) in gets)]


def format_rows(rows):
    widths = [max([len(getattr(row, name)) for row in rows] + [0]) for name in ("method", "pattern", "plugin")]
    return "\n".join(
        f"{row.method:<{widths[0]}}  {row.pattern:<{widths[1]}}  {row.plugin:<{widths[2]}}  {row.code}" for row in rows
    )


def _is_fallback(view):
    # Cornice answers unsupported methods with a 405 view of its own on every service's route.
    return getattr(view["callable"], "__name__", "") == "_fallback_view"


def _methods(request_methods):
    if request_methods is None:
        return ("*",)
    if isinstance(request_methods, str):
        request_methods = (request_methods,)
    return tuple(request_methods)


def _plugin_modules(manager):
    return sorted(
        ((getattr(plugin, "__name__", ""), name) for name, plugin in manager.list_name_plugin()),
        key=lambda pair: -len(pair[0]),
    )


def _owner(module, owners):
    for prefix, name in owners:
        if prefix and (module == prefix or module.startswith(prefix + ".")):
            return name
    return "core" if module.split(".")[0] == "smogpanel" else module.split(".")[0]


def _module_of(target):
    owner = getattr(target, "__self__", None)
    if owner is not None and not inspect.ismodule(owner):
        return type(owner).__module__
    return getattr(target, "__module__", None) or type(target).__module__


def _code(target):
    owner = getattr(target, "__self__", None)
    if owner is not None and not inspect.ismodule(owner):
        cls = type(owner)
        func = target.__func__
        declared = f"{_file(cls)}:{cls.__qualname__}.{func.__name__}"
        if func.__qualname__ != f"{cls.__qualname__}.{func.__name__}":
            return f"{declared} ({_file(func)}:{func.__qualname__})"
        return declared
    if inspect.isfunction(target):
        return f"{_file(target)}:{target.__qualname__}"
    cls = type(target)  # a callable object, e.g. a static view
    return f"{_file(cls)}:{cls.__qualname__}"


def _file(obj):
    try:
        path = inspect.getsourcefile(obj) or inspect.getfile(obj)
    except TypeError:
        return "?"
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative

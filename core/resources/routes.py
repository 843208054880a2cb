"""A resource's routes, registered by `config.add_resource(resource)`:

    GET    /api/<kind>/                       `view_list` (when `list_all`)
    GET    /api/<kind>/<parent kind>/<id>     the records of one parent, one route a declared parent
    GET    <each list>/export                 the list as a spreadsheet (smogpanel.list_export)
    POST   /api/<kind>/                       `view_create`
    GET    /api/<kind>/<id>                   `view_get`
    <any>  /api/<kind>/<id>/<segment>         each of `record_routes` (e.g. an item's refresh)
    POST   /api/<kind>/<id>                   `view_update`
    DELETE /api/<kind>/<id>                   `view_delete`
    POST   /api/<kind>/bulk-delete            smogpanel.bulk_delete

A list is declared with `add_list(service, view)`: its query string (`q`, filters, paging) is
described in the API document and it gets an export beside it. A resource with routes of its
own overrides `services()`, calling `super().services()` and `add_list` for its own lists.
"""

import warnings
from dataclasses import dataclass

from cornice import Service

from ..authority import Context
from ..bulk_delete import bulk_delete_service
from ..data_versions import engine_of, track
from ..list_export import export_view
from ..listing import query_schema
from ..validation import body_validator, exact_body_validator

COMMON = {"renderer": "envelope"}


@dataclass(frozen=True)
class RecordRoute:
    """A route under one record, `<method> /api/<kind>/<id>/<segment>`, declared in a resource's
    `record_routes`: `view` a method name of the resource or a function of the request;
    `permission` the action Pyramid asks the kind's rules for first (None: the view asks)."""

    segment: str  # e.g. "refresh"
    method: str
    view: object
    description: str
    permission: str | None = None
    service_name: str = ""  # default: <kind>-<segment>


class Routes:
    """The routes half of `Resource` (its declarations: `kind`, `list_all`, `parents`,
    `exact_numbers`)."""

    def context(self, request):
        """The views' context: the kind's rules, which Pyramid asks for each view's permission
        (the action) before the body is validated; a record's own rules are asked in the view."""
        return Context(self)

    def service(self, name, path, description):
        return Service(name=name, path=path, description=description, factory=self.context)

    def add_list(self, service, view):
        """`view` answers GET on `service` as a list: asked for `read`, its query string in the
        API document, and an export beside it (`<path>/export`)."""
        service.add_view("GET", view, schema=query_schema(self), permission="read", **COMMON)
        service.list_views = (*getattr(service, "list_views", ()), view)

    def parent_list_view(self, parent):
        """The view of the records under `parent`: `view_list_by_parent` for the first parent
        (a subclass may override it), `list_by_parent` for the others."""
        if parent is self.parent:
            return self.view_list_by_parent

        def view(request):
            return self.list_by_parent(request, parent)

        view.__name__ = f"view_list_by_{parent.kind}"
        view.__doc__ = f"The records of one {parent.kind}."
        return view

    def services(self):
        kind = self.kind
        collection = self.service(f"{kind}-collection", f"/api/{kind}/", f"{kind}: list, create")
        record = self.service(f"{kind}-record", f"/api/{kind}/{{id:\\d+}}", f"{kind}: one record")
        if self.list_all:
            self.add_list(collection, self.view_list)
        validators = (exact_body_validator if self.exact_numbers else body_validator,)
        collection.add_view(
            "POST", self.view_create, schema=self.schema(), validators=validators, permission="create", **COMMON
        )
        record.add_view("GET", self.view_get, permission="read", **COMMON)
        record.add_view(
            "POST",
            self.view_update,
            schema=self.edit_schema(),
            validators=(self.keep_masked, *validators),
            permission="update",
            **COMMON,
        )
        record.add_view("DELETE", self.view_delete, permission="delete", **COMMON)
        services = [collection, record]
        for route in self.record_routes:
            name, path = route.service_name or f"{kind}-{route.segment}", f"/api/{kind}/{{id:\\d+}}/{route.segment}"
            # Without a permission the view asks the rules itself: no context to ask them first.
            service = (
                self.service(name, path, route.description)
                if route.permission
                else Service(name=name, path=path, description=route.description)
            )
            view = getattr(self, route.view) if isinstance(route.view, str) else route.view
            service.add_view(route.method, view, permission=route.permission, **COMMON)
            services.append(service)
        for parent in self.parents:
            by_parent = self.service(
                f"{kind}-by-{parent.kind}",
                f"/api/{kind}/{parent.kind}/{{parent_id:\\d+}}",
                f"{kind}: list of one {parent.kind}",
            )
            self.add_list(by_parent, self.parent_list_view(parent))
            services.append(by_parent)
        return services


def plugin_of(plugin_manager, obj):
    """The name of the enabled plugin whose package defines `obj`'s class ("core" for the
    core's own kinds): an editor's domain scope names it."""
    module = type(obj).__module__
    for name, plugin in plugin_manager.list_name_plugin():
        package = getattr(plugin, "__name__", None) or type(plugin).__module__  # a package, module or object
        if module == package or module.startswith(package + "."):
            return name
    return "core"


def list_views_of(service, resource):
    """The views `add_list` declared on `service`; a GET view named `view_list…` added by hand
    counts too, with a DeprecationWarning (until 4.0)."""
    declared = getattr(service, "list_views", ())
    found = []
    for method, view, args in service.definitions:
        if method != "GET":
            continue
        if view in declared:
            found.append(view)
        elif getattr(view, "__name__", "").startswith("view_list"):
            warnings.warn(
                f"{resource.kind}: a list view found by its name ({view.__name__}) is deprecated since 3.9: "
                "declare it with Resource.add_list(service, view)",
                DeprecationWarning,
                stacklevel=2,
            )
            args.setdefault("schema", query_schema(resource))
            found.append(view)
    return found


def add_resource(config, resource):
    """Config directive: `config.add_resource(MyResource())`."""
    resources = config.registry.setdefault("smogpanel.resources", {})
    if resource.kind in resources:
        raise ValueError(f"resource kind {resource.kind!r} registered twice")
    if resource.gazetteer_names and resource.list_reads:
        # A kept list would outlive a renamed gmina: the gazetteer's tables are not tracked.
        raise ValueError(f"resource kind {resource.kind!r}: gazetteer_names lists are not kept (list_reads)")
    resources[resource.kind] = resource
    resource.all_kinds = resources
    resource.plugin = resource.plugin or plugin_of(config.registry.plugin_manager, resource)
    lists = []
    for service in resource.services():
        lists.extend((service, view) for view in list_views_of(service, resource))
        config.add_cornice_service(service)
    # Every list's export (the rows its search leaves, as .xlsx or .csv), and the bulk delete.
    for service, view in lists:
        export = resource.service(
            f"{service.name}-export",
            service.path.rstrip("/") + "/export",
            f"{resource.kind}: the list as a spreadsheet (.xlsx or .csv)",
        )
        export.add_view("GET", export_view(view, resource.kind), permission="read")
        config.add_cornice_service(export)
    # Each row goes through `remove`, which asks the kind's rules (accounts: a super
    # administrator's, never one's own), so every kind gets it.
    config.add_cornice_service(bulk_delete_service(resource))
    if resource.list_reads:
        config.action(None, lambda: track(engine_of(config.registry), resource.list_tables()))

"""Every hook a plugin may implement, with when it is called, what it returns and an
example. `docs/plugins.md` documents each one (a test fails otherwise). The manager that
calls them is built by the app factory (`smogpanel.plugin_manager`), never at import time.

(The design named this module `core/plugins.py`; that name is taken by the `plugins/`
package, `smogpanel.plugins`, so the hooks live here, as in Datasette.)

A plugin is a module (or object) registered under the entry point group `smogpanel.plugins`;
its functions decorated with `hookimpl` implement the hooks below. The types the item hooks
return (`ItemType`, `Integration`, ...) are in `smogpanel.item_types`.
"""
from dataclasses import dataclass
from typing import Callable

import pluggy

PROJECT = "smogpanel"
ENTRY_POINT_GROUP = "smogpanel.plugins"
__all__ = ["hookimpl", "Remote", "ScheduledJob"]  # what a plugin imports from here

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@dataclass(frozen=True)
class Remote:
    """A plugin's federated micro-frontend as the shell sees it in `GET /api/plugins`."""

    name: str  # the plugin's name, e.g. "hierarchy"
    label: str  # Polish navigation label, e.g. "Województwa"
    path: str  # where its screens start, e.g. "/voivodeship"
    order: int  # position in the navigation bar (the spec's order: 10, 20, ...)
    module: str = "./routes"  # the exposed module the shell loads

    def describe(self, static_prefix="/plugins"):
        return {
            "name": self.name,
            "label": self.label,
            "path": self.path,
            "order": self.order,
            "entry": f"{static_prefix}/{self.name}/remote/remoteEntry.js",
            "scope": f"smogpanel_{self.name}",
            "module": self.module,
        }


@dataclass(frozen=True)
class ScheduledJob:
    """Periodic work the server runs on its own (`smogpanel serve`, `smogpanel worker`): once
    per tick of `interval` seconds however many processes or servers run the scheduler
    (`smogpanel.ops.jobs`). `run(registry)` does the work, writing in transactions of its own
    (`smogpanel.db.own_transaction(registry)`), and returns a short Polish summary or None; an
    exception is the run's error, recorded and shown in 'Zadania'."""

    code: str  # stable id, "<plugin>.<job>", e.g. "items.refresh"; `smogpanel.jobs.<code>.interval` overrides
    title: str  # Polish, e.g. "Odświeżanie integracji elementów"
    run: Callable
    interval: int  # seconds between ticks, e.g. 3600


class HookSpecs:
    @hookspec
    def smogpanel_includeme(self, config):
        """Add the plugin's routes, services and resources to the Pyramid configurator.

        Called once by the app factory for every enabled plugin, after the core is set up.
        Returns nothing.

        Example::

            @hookimpl
            def smogpanel_includeme(config):
                config.add_resource(VoivodeshipResource())
        """

    @hookspec
    def smogpanel_remote(self):
        """The plugin's admin micro-frontend, or None when it has no screens.

        Called when the shell asks `GET /api/plugins`. Returns a `Remote`.

        Example::

            @hookimpl
            def smogpanel_remote():
                return Remote(name="hierarchy", label="Województwa", path="/voivodeship", order=10)
        """

    @hookspec
    def smogpanel_migrations(self):
        """The folder of the plugin's alembic revisions (its own branch), or None.

        Called by `smogpanel init` (and the test set-up) to migrate only enabled plugins.
        Returns an absolute path.

        Example::

            @hookimpl
            def smogpanel_migrations():
                return str(Path(__file__).parent / "migrations")
        """

    @hookspec
    def smogpanel_import_types(self):
        """The spreadsheet import types the plugin owns. Returns a list of
        `smogpanel.spreadsheets.imports.ImportType` (code, Polish label, columns, parser).

        Called when the app starts, to fill the import registry behind
        `GET /api/import/<TYPE>/template` and the plugin's own import endpoints.

        Example::

            @hookimpl
            def smogpanel_import_types():
                return [ImportType(code="CP_XLS", label="Raport Czyste Powietrze", ...)]
        """

    @hookspec
    def smogpanel_public_kinds(self):
        """The record kinds the plugin shows to the public. Returns a list of
        `smogpanel.public.PublicKind` (kind, loader of the public payload, embed bundle).

        Called when the app starts; `GET /api/public/<kind>/<internal_name>` and
        `/view/<kind>/<internal_name>` answer 404 for kinds no enabled plugin returns.

        Example::

            @hookimpl
            def smogpanel_public_kinds():
                return [PublicKind(kind="timer", load=timer_payload)]
        """

    @hookspec
    def smogpanel_seed(self, db):
        """Write the records every installation needs (e.g. the sixteen voivodeships).

        Called by `smogpanel init` after migrating, in one transaction; must be idempotent
        (running init twice adds nothing). Returns nothing.

        Example::

            @hookimpl
            def smogpanel_seed(db):
                if not db.scalar(select(Voivodeship.id).limit(1)):
                    db.add_all(Voivodeship(name=n) for n in NAMES)
        """

    @hookspec(firstresult=True)
    def smogpanel_gazetteer(self):
        """How other plugins find live gminy, districts and voivodeships without importing the
        plugin that keeps them: a `smogpanel.gazetteer.Gazetteer` (by ids, every gmina, an
        index by name + district + voivodeship, the voivodeships). Only the hierarchy's keeper
        implements it; the first answer is used, and with none the empty gazetteer answers.

        Called once when the app starts (`smogpanel.gazetteer.gazetteer(request)` gives it to
        views) and by `smogpanel init --demo` (the `gazetteer` of `smogpanel_demo_data`).

        Example::

            @hookimpl
            def smogpanel_gazetteer():
                return HierarchyGazetteer()
        """

    @hookspec
    def smogpanel_references(self, db, kind, ids):
        """Which of the hierarchy's units the plugin's live records refer to, so that the
        hierarchy never retires a unit something still needs (`smogpanel hierarchy
        import-teryt --retire-gone`). `kind` is "borough", "district" or "voivodeship", `ids`
        their record ids. Returns `{id: [Polish description, ...]}` for the ids it refers to
        (ids it does not refer to are left out; {} for a kind it never holds), each naming the
        record, e.g. 'ranking „Ranking gmin 2025”'. Read-only; called in the import's
        transaction.

        Example::

            @hookimpl
            def smogpanel_references(db, kind, ids):
                if kind != "borough":
                    return {}
                rows = db.execute(select(Note.borough_id, Note.title).where(Note.borough_id.in_(ids)))
                return {borough_id: [f"notatka „{title}”"] for borough_id, title in rows}
        """

    @hookspec
    def smogpanel_demo_data(self, db, gazetteer):
        """Add sample content that shows the plugin off, for `smogpanel init --demo`.

        Called after every plugin's `smogpanel_seed`, in the same transaction, only when no
        demo data was written before; `gazetteer` finds the gminy other plugins' demo data
        added (take it only if needed: a hook implementation may name fewer arguments).
        Returns nothing.

        Example::

            @hookimpl
            def smogpanel_demo_data(db):
                db.add(Timer(name="Do końca sezonu grzewczego", ...))
        """

    @hookspec
    def smogpanel_cli_commands(self, commands):
        """Add the plugin's commands to the `smogpanel` command line: `commands` is the
        argparse sub-parsers object of `smogpanel`; add one parser named after the plugin and,
        under it, the plugin's commands, each with `set_defaults(run=function)`. The function
        is called as `run(settings, args)` and returns the exit code; it builds the app with
        `smogpanel.cli.plugin_app(settings, "<plugin>")` (a Polish error when the plugin is
        disabled) and writes in `smogpanel.db.own_transaction(app.registry)`.

        Called every time `smogpanel` starts, for every installed plugin (the settings that
        enable plugins are read only after the command line is parsed). Returns nothing.

        Example::

            @hookimpl
            def smogpanel_cli_commands(commands):
                hierarchy = commands.add_parser("hierarchy").add_subparsers(required=True)
                teryt = hierarchy.add_parser("import-teryt", help="wczytaj plik TERC")
                teryt.add_argument("file")
                teryt.set_defaults(run=import_teryt)
        """

    @hookspec
    def smogpanel_item_types(self):
        """The item types the plugin adds (SPEC 3 "Item type": read-only in the panel).
        Returns a list of `ItemType` (stable code, Polish display name, hooks each with a
        stable name, a Polish display name and a type among TEXT, BOROUGH, VOIVODESHIP and
        INTEGRATION; an INTEGRATION hook names the integration that fills it).

        Called when the app starts (`GET /api/item_type/` lists the enabled plugins' types).
        A type or hook that disappears in a new version never breaks stored items: they keep
        its values, shown as no longer offered, until the item is saved again.

        Example::

            @hookimpl
            def smogpanel_item_types():
                return [ItemType(code="airquality", display_name="Jakość powietrza", hooks=(
                    ItemTypeHook("gmina", "Gmina", BOROUGH),
                    ItemTypeHook("station_id", "Stacja pomiarowa GIOŚ", TEXT),
                    ItemTypeHook("pm10", "PM10", INTEGRATION, integration="gios", unit="µg/m³"),
                ))]
        """

    @hookspec
    def smogpanel_integrations(self):
        """The integrations the plugin adds: a list of `Integration` (stable code, `fetch`
        function). `fetch(call)` gets an `IntegrationCall` (the item's inputs, a bounded HTTP
        client, the settings) and returns a `Reading` (values it could not read in its
        `errors`, the others stored) or raises when nothing could be read.

        Called when the app starts; `smogpanel integrations refresh` and the panel's 'Odśwież'
        action call `fetch` for every item whose type has INTEGRATION hooks naming it.

        Example::

            @hookimpl
            def smogpanel_integrations():
                return [Integration(code="gios", fetch=fetch_air_quality, source="GIOŚ")]
        """

    @hookspec
    def smogpanel_jobs(self, settings):
        """The periodic jobs the plugin declares: a list of `ScheduledJob` (stable code, Polish
        title, `run(registry)`, interval in seconds, which may come from `settings`).

        Called when the scheduler starts (`smogpanel serve` unless `smogpanel.scheduler = off`,
        `smogpanel worker`) and by `smogpanel jobs`. Each job's tick runs once across every
        process and server sharing the database (a database lock decides); its last run,
        duration, outcome and error are stored and shown to super administrators ('Zadania').

        Example::

            @hookimpl
            def smogpanel_jobs(settings):
                hours = int(settings.get("smogpanel.timers.cleanup_hours") or 24)
                return [ScheduledJob(code="timers.cleanup", title="Porządkowanie liczników",
                                     run=clean_up_timers, interval=hours * 3600)]
        """

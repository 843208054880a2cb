"""Every hook a plugin may implement, with when it is called, what it returns and an
example. Each docstring is the one statement of what its hook does: `docs/plugins.md` starts
each hook's section with the same words under the same signature (core/tests/test_app.py
fails otherwise) and adds the details. The manager that
calls them is built by the app factory (`smogpanel.plugin_manager`), never at import time.

A plugin is a module (or object) registered under the entry point group `smogpanel.plugins`;
its functions decorated with `hookimpl` implement the hooks below. The types the item hooks
return (`ItemType`, `Integration`, ...) are in `smogpanel.item_types`.
"""

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pluggy

PROJECT = "smogpanel"
ENTRY_POINT_GROUP = "smogpanel.plugins"
__all__ = ["hookimpl", "Remote", "ScheduledJob", "Plugin"]  # what a plugin imports from here

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
    # Optional: `details(registry, started, finished)` -> a dict joined to the job's row in
    # 'Zadania' (GET /api/job/) for its last run, e.g. the scheduled publishes found late.
    details: Callable | None = None


class HookSpecs:
    @hookspec
    def smogpanel_includeme(self, config):
        """Add the plugin's resources, Cornice services and routes to the Pyramid configurator.
        Called once by the app factory for every enabled plugin, after the core is configured.
        Returns nothing.

        Parameters:

        - `config` (`pyramid.config.Configurator`): the app's configurator, the core's directives on
          it (`config.add_resource`, `config.add_rules`, Cornice's `config.add_cornice_service`);
          its `registry.settings` are the resolved settings.

        Example::

            @hookimpl
            def smogpanel_includeme(config):
                config.add_resource(VoivodeshipResource())
        """

    @hookspec
    def smogpanel_remote(self):
        """The plugin's admin micro-frontend for the shell, listed by `GET /api/plugins`: a
        `smogpanel.hookspecs.Remote`, or `None` when the plugin has no screens.

        Example::

            @hookimpl
            def smogpanel_remote():
                return Remote(name="hierarchy", label="Województwa", path="/voivodeship", order=10)
        """

    @hookspec
    def smogpanel_migrations(self):
        """The folder holding the plugin's alembic revisions (its own branch), as an absolute path,
        or `None`. Its first revision has `branch_labels = ("<plugin name>",)` and
        `down_revision = None`. `smogpanel init` (and the test set-up) upgrades the core branch and
        the enabled plugins' branches to their heads: a disabled plugin's tables are not made.

        Example::

            @hookimpl
            def smogpanel_migrations():
                return str(Path(__file__).parent / "migrations")
        """

    @hookspec
    def smogpanel_import_types(self):
        """The spreadsheet import types the plugin owns: a list of
        `smogpanel.spreadsheets.imports.ImportType` (code, Polish label, columns, parser). Called when
        the app starts; fills the import registry behind `GET /api/import/<TYPE>/template` and the
        plugin's own import endpoints (see `docs/imports.md`).

        Example::

            @hookimpl
            def smogpanel_import_types():
                return [ImportType(code="CP_XLS", label="Raport Czyste Powietrze", ...)]
        """

    @hookspec
    def smogpanel_public_kinds(self):
        """The kinds the plugin shows to the public: a list of `smogpanel.public.PublicKind`
        (`kind`, `load(request, internal_name)` returning the public payload or `None`, the plugin
        whose `static/embed/embed.js` renders it, a page title, and `shows`: every table the payload
        is read from, as models, tables or names, with `smogpanel.public.GAZETTEER` for the names read
        through the gazetteer; optionally `funnel`, the steps after a view the plugin counts with
        `smogpanel.reach.count_event`, and `parts(request, internal_name)`, the plugin's own endpoints
        beside the payload as `{part: payload}`, frozen with each published version). Called when the
        app starts; `GET /api/public/<kind>/<name>` and `/view/<kind>/<name>[/embed/<uuid>]` answer 404
        for any kind no enabled plugin returns.

        Example::

            @hookimpl
            def smogpanel_public_kinds():
                return [PublicKind(kind="timer", load=timer_payload)]
        """

    @hookspec
    def smogpanel_seed(self, db):
        """Write the records every installation needs (the hierarchy plugin adds the sixteen
        voivodeships). Called by `smogpanel init` after migrating, in one transaction; must be
        idempotent (running init twice adds nothing). Returns nothing.

        Parameters:

        - `db` (`sqlalchemy.orm.Session`): the session of `smogpanel init`'s transaction (committed
          by the caller; do not commit).

        Example::

            @hookimpl
            def smogpanel_seed(db):
                if not db.scalar(select(Voivodeship.id).limit(1)):
                    db.add_all(Voivodeship(name=n) for n in NAMES)
        """

    @hookspec(firstresult=True)
    def smogpanel_gazetteer(self):
        """How plugins find live gminy, districts and voivodeships without importing the plugin
        that keeps them (rankings and searches of gminy): a `smogpanel.gazetteer.Gazetteer`. Only the
        hierarchy plugin implements it; the first answer is used, and with none (the hierarchy
        disabled) the empty gazetteer answers (no gminy). Called once when the app starts (views get
        it with `smogpanel.gazetteer.gazetteer(request)`) and by `smogpanel init --demo` (the
        `gazetteer` of `smogpanel_demo_data`).

        Example::

            @hookimpl
            def smogpanel_gazetteer():
                return HierarchyGazetteer()
        """

    @hookspec
    def smogpanel_references(self, db, kind, ids):
        """Which of the hierarchy's units (`kind`: `"borough"`, `"district"` or `"voivodeship"`;
        `ids`: their record ids) the plugin's live records refer to, as `{id: [Polish description,
        ...]}`, each naming the record (e.g. 'ranking „Ranking gmin 2025”'); ids it does not refer to
        are left out, and a kind it never holds gives `{}`. The hierarchy asks it before `smogpanel
        hierarchy import-teryt --retire-gone` soft-deletes units gone from the TERYT register: a unit
        any plugin names is kept and listed with these descriptions. Read-only; called in the
        import's transaction.

        Parameters:

        - `db` (`sqlalchemy.orm.Session`): the import's session; read only.
        - `kind` (`str`): `"borough"`, `"district"` or `"voivodeship"`.
        - `ids` (`list[int]`): record ids of that kind, at most a few thousand (the register's
          gminy).

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
        """Sample content that shows the plugin off, for `smogpanel init --demo`: called after every
        plugin's `smogpanel_seed`, in the same transaction, once per installation (the core remembers
        that demo data was written). `gazetteer` finds the gminy other plugins' demo data added; an
        implementation may leave it out (pluggy passes only the arguments named), and one that uses
        other plugins' demo gminy takes it and runs with `@hookimpl(trylast=True)`. Returns nothing.

        Parameters:

        - `db` (`sqlalchemy.orm.Session`): the session of `smogpanel init --demo`'s transaction
          (committed by the caller).
        - `gazetteer` (`smogpanel.gazetteer.Gazetteer`): finds the gminy, districts and voivodeships
          written so far (optional: leave the parameter out if unused).

        Example::

            @hookimpl
            def smogpanel_demo_data(db):
                db.add(Timer(name="Do końca sezonu grzewczego", ...))
        """

    @hookspec
    def smogpanel_cli_commands(self, commands):
        """The plugin's commands on the `smogpanel` command line. `commands` is the argparse
        sub-parsers object of `smogpanel`: add one parser named after the plugin and the plugin's
        commands under it, each with `set_defaults(run=function)`; `run(settings, args)` returns the
        exit code. Build the app with `smogpanel.plugin_commands.plugin_app(settings, "<plugin>")` (it
        prints a Polish error and returns `None` when the plugin is disabled) and write in
        `smogpanel.db.own_transaction(app.registry)`. Called at every start of `smogpanel`, for every
        installed plugin (which plugins are enabled is known only once the settings are read).
        Returns nothing.

        Parameters:

        - `commands` (`argparse._SubParsersAction`): the sub-parsers of `smogpanel`; add one parser
          named after the plugin.

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
        """The item types the plugin adds: a list of `smogpanel.item_types.ItemType` (a stable
        `code`, the API's `item_type_id`; a Polish `display_name`; `hooks`, each an
        `ItemTypeHook(name, display_name, type)` with a stable name and a type among `TEXT`,
        `BOROUGH`, `VOIVODESHIP` and `INTEGRATION`, an INTEGRATION hook naming the integration that
        fills it). Called when the app starts; `GET /api/item_type/` lists the enabled plugins' types
        sorted by name. A type or hook that disappears in a new version never breaks stored items:
        they keep its values, shown as no longer offered, until the item is saved again.

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
        """The integrations the plugin adds: a list of
        `smogpanel.item_types.Integration(code, fetch, display_name, source)`. `fetch(call)` gets an
        `IntegrationCall` (the item's inputs, a bounded HTTP client, the settings) and returns a
        `Reading` (the values it could not read in its `errors`, the others stored) or raises when
        nothing could be read. Called when the app starts; `smogpanel integrations refresh`, the
        `items.refresh` job and the panel's 'Odśwież' action call `fetch` for every item whose type
        has INTEGRATION hooks naming it.

        Example::

            @hookimpl
            def smogpanel_integrations():
                return [Integration(code="gios", fetch=fetch_air_quality, source="GIOŚ")]
        """

    @hookspec
    def smogpanel_jobs(self, settings):
        """Periodic work the server does on its own: a list of
        `smogpanel.hookspecs.ScheduledJob(code, title, run, interval)` (a stable code, a Polish title,
        `run(registry)`, the interval in seconds, which may come from `settings`). Called when the
        scheduler starts (`smogpanel serve` unless `smogpanel.scheduler = off`, `smogpanel worker`)
        and by `smogpanel jobs`. Each job's tick runs once across every process and server sharing
        the database (a database lock decides); its last run, duration, outcome and error are stored
        and shown to super administrators ('Zadania'). An optional `details(registry, started, finished)`
        returns a dict joined to the job's row in `GET /api/job/` for its last run (the core's
        `core.publications` lists there the publishes it found late, `late`).

        Parameters:

        - `settings` (`dict[str, str]`): the resolved settings (ini file, then `SMOGPANEL_*`
          variables), e.g. for an interval.

        Example::

            @hookimpl
            def smogpanel_jobs(settings):
                hours = int(settings.get("smogpanel.timers.cleanup_hours") or 24)
                return [ScheduledJob(code="timers.cleanup", title="Porządkowanie liczników",
                                     run=clean_up_timers, interval=hours * 3600)]
        """


# -- a plugin declared as data ------------------------------------------------------------------
# What most plugins say through the same few hooks, said once: `PLUGIN = Plugin(...)` in the
# package; the manager (smogpanel.plugin_manager.with_declared_hooks) gives it the hooks it stands
# for (docs/plugins.md, "Declaring a plugin"). Resources and imports are classes: each app builds
# its own.
@dataclass(frozen=True)
class Plugin:
    remote: Remote | None = None
    resources: tuple = ()  # Resource classes, added in this order (config.add_resource)
    imports: tuple = ()  # Import classes (config.add_import)
    includes: tuple = ()  # callables (config) for the rest: hand-written services, settings checked
    import_types: tuple = ()  # ImportType, as smogpanel_import_types returns them
    public_kinds: tuple = ()  # PublicKind
    demo_data: Callable | None = None  # (db) or (db, gazetteer): what `smogpanel init --demo` adds
    demo_data_last: bool = False  # after the other plugins' demo data (e.g. the hierarchy's gminy)
    references: Callable | None = None  # (db, kind, ids), as smogpanel_references

    def hooks(self, folder):
        """{hook name: implementation} of what is declared; `folder`: the plugin's package."""
        found = {}

        def includeme(config):
            for resource in self.resources:
                config.add_resource(resource())
            for an_import in self.imports:
                config.add_import(an_import())
            for include in self.includes:
                include(config)

        if self.resources or self.imports or self.includes:
            found["smogpanel_includeme"] = hookimpl(includeme)
        if self.remote is not None:
            found["smogpanel_remote"] = hookimpl(lambda: self.remote)
        migrations = Path(folder) / "migrations"
        if migrations.is_dir():
            found["smogpanel_migrations"] = hookimpl(lambda: str(migrations))
        if self.import_types:
            found["smogpanel_import_types"] = hookimpl(lambda: list(self.import_types))
        if self.public_kinds:
            found["smogpanel_public_kinds"] = hookimpl(lambda: list(self.public_kinds))
        if self.demo_data is not None:
            found["smogpanel_demo_data"] = hookimpl(trylast=self.demo_data_last)(_demo_data(self.demo_data))
        if self.references is not None:
            references = self.references
            found["smogpanel_references"] = hookimpl(lambda db, kind, ids: references(db, kind, ids))
        return found


def _demo_data(add):
    """The hook's implementation with the arguments `add` takes (pluggy passes them by name)."""
    if "gazetteer" in inspect.signature(add).parameters:
        return lambda db, gazetteer: add(db, gazetteer)
    return lambda db: add(db)

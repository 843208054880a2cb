"""A plugin declared as data (`PLUGIN = Plugin(...)`, smogpanel.hookspecs) gets the hooks it
stands for, alongside the hooks it still writes as functions; a hook both declared and written
is refused when the manager is built."""

import types

import pytest

from smogpanel.hookspecs import Plugin, Remote, hookimpl
from smogpanel.plugin_manager import build_plugin_manager


def module_with(plugin, **functions):
    module = types.ModuleType("declared_example")
    module.__file__ = __file__  # its folder (core/tests) has no migrations/: none declared
    module.PLUGIN = plugin
    for name, function in functions.items():
        setattr(module, name, function)
    return module


def test_a_declared_plugin_answers_its_hooks_and_keeps_those_it_writes():
    added, seeded = [], []

    class Config:
        def add_resource(self, resource):
            added.append(("resource", type(resource).__name__))

        def add_import(self, an_import):
            added.append(("import", type(an_import).__name__))

    class ExampleResource:
        pass

    class ExampleImport:
        pass

    @hookimpl
    def smogpanel_seed(db):
        seeded.append(db)

    remote = Remote(name="example", label="Przykład", path="/example", order=99)
    plugin = Plugin(
        remote=remote,
        resources=(ExampleResource,),
        imports=(ExampleImport,),
        includes=(lambda config: added.append(("include", None)),),
        public_kinds=("a public kind",),
        demo_data=lambda db, gazetteer: seeded.append((db, gazetteer)),
        demo_data_last=True,
    )
    manager = build_plugin_manager(enabled=[], extra=[("example", module_with(plugin, smogpanel_seed=smogpanel_seed))])

    assert manager.hook.smogpanel_remote() == [remote]
    assert manager.hook.smogpanel_public_kinds() == [["a public kind"]]
    assert manager.hook.smogpanel_migrations() == []  # no migrations/ folder beside it
    manager.hook.smogpanel_includeme(config=Config())
    assert added == [("resource", "ExampleResource"), ("import", "ExampleImport"), ("include", None)]
    manager.hook.smogpanel_seed(db="db")
    manager.hook.smogpanel_demo_data(db="db", gazetteer="places")
    assert seeded == ["db", ("db", "places")]
    assert manager.get_plugin("example").__name__ == "declared_example"  # still named as its module


def test_a_hook_declared_and_written_too_is_refused():
    @hookimpl
    def smogpanel_remote():
        return None

    plugin = Plugin(remote=Remote(name="example", label="Przykład", path="/example", order=99))
    with pytest.raises(TypeError, match="smogpanel_remote declared in PLUGIN and written too"):
        build_plugin_manager(enabled=[], extra=[("example", module_with(plugin, smogpanel_remote=smogpanel_remote))])


def test_every_built_in_plugin_declares_its_migrations_through_its_folder():
    manager = build_plugin_manager()
    folders = manager.hook.smogpanel_migrations()
    for name in ("calculators", "graphs", "hierarchy", "items", "letters", "maps", "ranks", "searches", "timers"):
        assert any(folder.endswith(f"plugins/{name}/migrations") for folder in folders), name

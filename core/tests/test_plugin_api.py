"""The stated plugin API (docs/plugins.md, "What a plugin may import"): a plugin's own code imports
from the core only the modules listed there, only the names in each one's `__all__`, and never
another plugin. A plugin's tests may import more: see TESTS_MAY_ALSO_IMPORT.

Read with `ast` from the files themselves, nothing imported: the failure names the file, the line
and the module or name, for the built-in plugins and the example third-party one alike."""

import ast
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core"
DOCS = ROOT / "docs" / "plugins.md"

# A plugin's tests run inside the whole app: they may also import the testing helpers
# (smogpanel.testing and its modules), other plugins (to set up the records theirs refer to, e.g.
# the hierarchy's gminy under a ranking) and these core modules, to drive the app as its operator
# does (the command line, the app factory and its settings, the core's own tables).
TESTS_MAY_ALSO_IMPORT = {
    "smogpanel",
    "smogpanel.cli",
    "smogpanel.models",
    "smogpanel.plugin_manager",
    "smogpanel.settings",
    "smogpanel.migrate",
    "smogpanel.web",
}


def declared_modules():
    """The modules listed under "What a plugin may import": one `- \\`smogpanel.x\\`` a line."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## What a plugin may import", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^- `(smogpanel(?:\.\w+)*)`", section, flags=re.MULTILINE)


def source_of(module):
    relative = Path(*module.split(".")[1:])
    for path in (CORE / relative.with_suffix(".py"), CORE / relative / "__init__.py"):
        if path.is_file():
            return path
    raise AssertionError(f"{module} is listed in docs/plugins.md but there is no such core module")


def is_core_module(name):
    return (CORE / f"{name}.py").is_file() or (CORE / name / "__init__.py").is_file()


def public_names(module):
    """The module's `__all__`, read from its source."""
    for node in ast.parse(source_of(module).read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError(f"{module} is listed in docs/plugins.md but declares no __all__")


def plugin_files():
    """(plugin name, file) for every module of every plugin and of the example plugin."""
    for folder in sorted(p for p in (ROOT / "plugins").iterdir() if (p / "__init__.py").is_file()):
        yield from ((folder.name, path) for path in sorted(folder.rglob("*.py")) if "node_modules" not in path.parts)
    for folder in sorted((ROOT / "examples").iterdir()):
        yield from ((folder.name, path) for path in sorted(folder.rglob("*.py")) if "node_modules" not in path.parts)


def is_test_code(path):
    return "tests" in path.parts or path.name == "conftest.py"


def imports_of(path):
    """(line, module, names) for each absolute import of `smogpanel...` in the file."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "smogpanel":
            yield node.lineno, node.module, [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "smogpanel":
                    yield node.lineno, alias.name, []


def problems_of(plugin, path, declared, root=ROOT):
    where = path.relative_to(root).as_posix()
    for line, module, names in imports_of(path):
        # `from smogpanel import history` names the module smogpanel.history; `import main` the package
        modules = (
            [f"smogpanel.{name}" if is_core_module(name) else "smogpanel" for name in names]
            if module == "smogpanel"
            else [module]
        )
        for named in modules:
            if named.startswith("smogpanel.plugins."):
                other = named.split(".")[2]
                if other != plugin and not is_test_code(path):
                    yield f"{where}:{line}: imports another plugin, {named} (a plugin never imports another plugin)"
                continue
            if is_test_code(path):
                if named in declared or named.startswith("smogpanel.testing") or named in TESTS_MAY_ALSO_IMPORT:
                    continue
                yield f"{where}:{line}: a test imports {named}, neither the plugin API nor a testing helper"
                continue
            if named not in declared:
                yield f"{where}:{line}: imports {named}, which is not in the plugin API (docs/plugins.md)"
            elif module != "smogpanel":
                hidden = sorted(set(names) - public_names(module))
                if hidden:
                    yield f"{where}:{line}: imports {', '.join(hidden)} from {module}, not in its __all__"


def raw_registry_reaches(plugin, path, root=ROOT):
    """`registry["smogpanel.…"]` (or .get/.setdefault) of a key the core owns: a plugin uses the
    typed accessor instead (`resource_of`, `import_limits`, `gazetteer`, ...). Keys under the
    plugin's own name (`smogpanel.<plugin>.…`) are its own."""
    where = path.relative_to(root).as_posix()
    nodes = sorted(ast.walk(ast.parse(path.read_text(encoding="utf-8"))), key=lambda n: getattr(n, "lineno", 0))
    for node in nodes:
        key = owner = None
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            key, owner = node.slice.value, node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            if node.func.attr in ("get", "setdefault") and isinstance(node.args[0], ast.Constant):
                key, owner = node.args[0].value, node.func.value
        if owner is None or not ast.unparse(owner).endswith("registry"):  # settings are no registry
            continue
        if isinstance(key, str) and key.startswith("smogpanel.") and not key.startswith(f"smogpanel.{plugin}."):
            yield f"{where}:{node.lineno}: reads the core's registry key {key!r} (use its accessor)"


def test_plugins_reach_the_cores_registry_only_through_accessors():
    problems = [
        problem
        for plugin, path in plugin_files()
        if not is_test_code(path)
        for problem in raw_registry_reaches(plugin, path)
    ]
    assert problems == []


def test_the_declared_modules_exist_and_say_what_they_offer():
    declared = declared_modules()
    deprecated = [
        module
        for module in declared
        if "deprecated since" in DOCS.read_text(encoding="utf-8").split(f"- `{module}` —")[1].split("\n")[0]
    ]
    # a small, stated API (authority and record versions joined it), and the 3.8 names until 4.0
    assert 10 <= len(declared) - len(deprecated) <= 30, declared
    for module in declared:
        assert public_names(module), module


def test_plugins_import_only_the_plugin_api_and_never_another_plugin():
    declared = set(declared_modules())
    problems = [problem for plugin, path in plugin_files() for problem in problems_of(plugin, path, declared)]
    assert problems == []


def test_the_check_catches_a_plugin_reaching_past_the_api(tmp_path):
    plugin = tmp_path / "plugins" / "notes"
    plugin.mkdir(parents=True)
    (plugin / "views.py").write_text(
        "from smogpanel.cli import main\nfrom smogpanel.plugins.maps.models import Map\n"
        "from smogpanel.db import Engine\nfrom smogpanel.db import Base\n"
    )
    problems = list(problems_of("notes", plugin / "views.py", set(declared_modules()), root=tmp_path))
    assert problems == [
        "plugins/notes/views.py:1: imports smogpanel.cli, which is not in the plugin API (docs/plugins.md)",
        "plugins/notes/views.py:2: imports another plugin, smogpanel.plugins.maps.models (a plugin never imports "
        "another plugin)",
        "plugins/notes/views.py:3: imports Engine from smogpanel.db, not in its __all__",
    ]


def test_the_check_catches_a_raw_reach_into_the_cores_registry(tmp_path):
    plugin = tmp_path / "plugins" / "notes"
    plugin.mkdir(parents=True)
    (plugin / "views.py").write_text(
        'a = request.registry["smogpanel.resources"]["map"]\n'
        'b = settings.get("smogpanel.notes_interval")\n'
        'c = config.registry.setdefault("smogpanel.notes.cache", {})\n'
        'd = request.registry.get("smogpanel.import_limits")\n'
    )
    assert list(raw_registry_reaches("notes", plugin / "views.py", root=tmp_path)) == [
        "plugins/notes/views.py:1: reads the core's registry key 'smogpanel.resources' (use its accessor)",
        "plugins/notes/views.py:4: reads the core's registry key 'smogpanel.import_limits' (use its accessor)",
    ]


def test_the_example_plugins_python_and_screen_versions_agree():
    example = ROOT / "examples" / "smogpanel-airquality"
    python = re.search(r"^version = (\S+)$", (example / "setup.cfg").read_text(encoding="utf-8"), re.MULTILINE)
    web = json.loads((example / "web" / "package.json").read_text(encoding="utf-8"))["version"]
    assert python.group(1) == web

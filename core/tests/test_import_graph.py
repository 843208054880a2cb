"""The core's modules import one another without a circle: a circle means no module of it can be
read, changed or tested without the others, and an import moved into a function only hides it.

The graph is read with `ast` from the files (nothing imported), every module of the package
`smogpanel` but its tests and migrations, and counts an import wherever it is written: at module
level and inside functions alike. `from smogpanel.x import y` is an edge to the module
`smogpanel.x.y` when there is one, else to `smogpanel.x`. A failure names each circle as the
path of its imports, with their lines.

Units (a subpackage, or a top-level module, of the core) import one another without a circle
either: the core is read in layers (docs/core.md), each unit using only those below it. And
no module imports another's private name (`_x`): what two modules share is public where it
lives."""

import ast
import os
import re
from pathlib import Path

CORE = Path(__file__).resolve().parents[1]
LAYERS_DOC = CORE.parent / "docs" / "core.md"
SKIPPED = ("tests", "migrations")

# Where an import of the app's own modules may stay inside a function, and why (none breaks a
# circle: the graph above counts them). Anything else belongs at the top of its module.
LAZY_IMPORTS_ALLOWED = {
    "__init__.py": "`main` builds the app; every `import smogpanel.x` runs this file first",
    "cli/": "each command loads only what it uses, so `smogpanel --help` and a typo answer at once",
    "spreadsheets/workbook_child.py": "the reading process starts with as little as it can (its docstring)",
    "testing/": "the pytest plugin loads with every test run; its fixtures import what they use",
}


def module_files():
    """{module name: (path, is a package)} of the core."""
    found = {}
    for path in sorted(CORE.rglob("*.py")):
        relative = path.relative_to(CORE)
        if relative.parts[0] in SKIPPED:
            continue
        parts = list(relative.with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        found[".".join(["smogpanel", *parts])] = (path, package)
    return found


def imports_in(path):
    """(import node, whether it is inside a function) for every import in the file."""

    def walk(node, in_function):
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, in_function
            yield from walk(child, inside)

    yield from walk(ast.parse(path.read_text(encoding="utf-8")), False)


def targets(node, module, package, modules):
    """The core modules an import statement names."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            parts = (module if package else module.rpartition(".")[0]).split(".")
            parts = parts[: len(parts) - node.level + 1]
            base = ".".join([*parts, base] if base else parts)
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
    for name in names:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name.startswith("smogpanel") and name != module:
            yield name


def import_graph():
    """{module: {imported module: first line}}."""
    modules = module_files()
    graph = {module: {} for module in modules}
    for module, (path, package) in modules.items():
        for node, _ in imports_in(path):
            for target in targets(node, module, package, modules):
                graph[module].setdefault(target, node.lineno)
    return graph


def circles(graph):
    """Each strongly connected group of more than one module (Tarjan), sorted."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(module):
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in graph[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(groups)


def path_around(graph, group):
    """One circle through the group's first module, as 'a (line) → b (line) → … → a'."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        module = queue.pop(0)
        for target in sorted(graph[module]):
            if target == start:
                way = paths[module] + [start]
                return " → ".join(
                    f"{name} (line {graph[name][way[i + 1]]})" if i + 1 < len(way) else name
                    for i, name in enumerate(way)
                )
            if target in members and target not in paths:
                paths[target] = paths[module] + [target]
                queue.append(target)
    return " → ".join(group)


def test_the_core_imports_without_a_circle():
    graph = import_graph()
    assert len(graph) > 50, "the core's modules were not found"
    found = [path_around(graph, group) for group in circles(graph)]
    assert found == [], "import circles in the core:\n" + "\n".join(found)


def test_a_circle_is_found_and_named():
    graph = {"a": {"b": 3}, "b": {"c": 7}, "c": {"a": 9}, "d": {"a": 1}}
    assert circles(graph) == [["a", "b", "c"]]
    assert path_around(graph, ["a", "b", "c"]) == "a (line 3) → b (line 7) → c (line 9) → a"


def test_the_app_imports_its_own_modules_at_the_top_of_each_module():
    modules = module_files()
    lazy = []
    for module, (path, package) in modules.items():
        where = path.relative_to(CORE).as_posix()
        if any(
            where == allowed or (allowed.endswith("/") and where.startswith(allowed))
            for allowed in LAZY_IMPORTS_ALLOWED
        ):
            continue
        for node, in_function in imports_in(path):
            if in_function and any(targets(node, module, package, modules)):
                lazy.append(f"core/{where}:{node.lineno}: {ast.unparse(node)}")
    assert lazy == [], "imports of the app's modules inside functions:\n" + "\n".join(lazy)


def unit_of(module):
    """`smogpanel.history.views` -> `smogpanel.history`: a subpackage or a top-level module."""
    return ".".join(module.split(".")[:2])


def unit_graph(graph):
    """{unit: {imported unit: "module (line)" of its first import}} of the module graph."""
    units = {}
    for module, imported in sorted(graph.items()):
        unit = unit_of(module)
        units.setdefault(unit, {})
        for target, line in sorted(imported.items()):
            other = unit_of(target)
            if other not in (unit, "smogpanel"):  # the package's own __init__ builds the app: above all
                units[unit].setdefault(other, f"{module}:{line}")
                units.setdefault(other, {})
    return units


def test_the_cores_units_import_without_a_circle():
    units = unit_graph(import_graph())
    assert len(units) > 40, "the core's units were not found"
    found = []
    for group in circles(units):
        members = set(group)
        ties = [
            f"{unit} → {target} ({where})"
            for unit in group
            for target, where in units[unit].items()
            if target in members
        ]
        found.append(f"{', '.join(group)}:\n    " + "\n    ".join(ties))
    assert found == [], "import circles between the core's units:\n" + "\n".join(found)


def test_a_circle_between_units_is_found():
    graph = {
        "smogpanel.a.x": {"smogpanel.b": 3},
        "smogpanel.a.y": {},
        "smogpanel.b": {"smogpanel.a.y": 5},
        "smogpanel.c": {"smogpanel.a.x": 1},
    }
    units = unit_graph(graph)
    assert units == {
        "smogpanel.a": {"smogpanel.b": "smogpanel.a.x:3"},
        "smogpanel.b": {"smogpanel.a": "smogpanel.b:5"},
        "smogpanel.c": {"smogpanel.a": "smogpanel.c:1"},
    }
    assert circles(units) == [["smogpanel.a", "smogpanel.b"]]


def private_imports(path):
    """`from x import _name` of another module's private names (not dunders), as written."""
    for node, _ in imports_in(path):
        if isinstance(node, ast.ImportFrom):
            if any(alias.name.startswith("_") and not alias.name.startswith("__") for alias in node.names):
                yield f"{node.lineno}: {ast.unparse(node)}"


def python_files(root):
    """The .py files under `root`, not descending into node_modules (a screen's packages)."""
    for folder, folders, files in os.walk(root):
        folders[:] = [name for name in folders if name != "node_modules"]
        yield from (Path(folder) / name for name in files if name.endswith(".py"))


def test_no_core_module_imports_a_private_name_of_another():
    found = []
    for root in (CORE, CORE.parent / "plugins"):
        for path in sorted(python_files(root)):
            found += [f"{path.relative_to(CORE.parent).as_posix()}:{line}" for line in private_imports(path)]
    assert found == [], "private names imported from another module:\n" + "\n".join(found)


def test_a_private_import_is_found(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("from a import _day, public\nfrom b import __version__\nimport _c\n", encoding="utf-8")
    assert list(private_imports(source)) == ["1: from a import _day, public"]


def declared_layers():
    """{unit: layer number} from the table of docs/core.md."""
    found = {}
    for line in LAYERS_DOC.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^\| (\d+)\. [^|]+\| (.+) \|$", line)
        if match:
            for name in re.findall(r"`(\w+)`", match.group(2)):
                found["smogpanel" if name == "smogpanel" else f"smogpanel.{name}"] = int(match.group(1))
    return found


def test_every_unit_imports_only_its_own_layer_and_those_below():
    units = unit_graph(import_graph())
    layers = declared_layers()
    assert sorted(set(units) - set(layers)) == [], "units docs/core.md does not place"
    up = [
        f"{where}: {unit} (layer {layers[unit]}) imports {target} (layer {layers[target]})"
        for unit, imported in sorted(units.items())
        for target, where in imported.items()
        if layers[target] > layers[unit]
    ]
    assert up == [], "imports pointing up a layer (docs/core.md):\n" + "\n".join(up)

"""The core's modules import one another without a circle: a circle means no module of it can be
read, changed or tested without the others, and an import moved into a function only hides it.

The graph is read with `ast` from the files (nothing imported), every module of the package
`smogpanel` but its tests and migrations, and counts an import wherever it is written: at module
level and inside functions alike. `from smogpanel.x import y` is an edge to the module
`smogpanel.x.y` when there is one, else to `smogpanel.x`. A failure names each circle as the
path of its imports, with their lines."""

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[1]
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

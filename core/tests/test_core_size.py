"""The core is read a file at a time: no module is longer than a reader takes in whole, and no
class does more than a reader can hold. Read with `ast` from the files, nothing
imported; the core's tests and migrations are not counted."""

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[1]
SKIPPED = ("tests", "migrations")
MAX_LINES = 450
MAX_METHODS = 30  # a class's own, not those it inherits


def core_files():
    for path in sorted(CORE.rglob("*.py")):
        if path.relative_to(CORE).parts[0] not in SKIPPED:
            yield path


def too_long(paths, root=CORE, limit=MAX_LINES):
    found = []
    for path in paths:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            found.append(f"{path.relative_to(root).as_posix()}: {lines} lines")
    return found


def too_many_methods(source, where, limit=MAX_METHODS):
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            methods = [n for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
            if len(methods) > limit:
                found.append(f"{where}:{node.lineno}: class {node.name} has {len(methods)} methods of its own")
    return found


def test_no_core_file_is_longer_than_a_reader_takes_in_whole():
    found = too_long(core_files())
    assert found == [], f"core files over {MAX_LINES} lines:\n" + "\n".join(found)


def test_no_core_class_has_more_than_thirty_methods_of_its_own():
    found = []
    for path in core_files():
        found += too_many_methods(path.read_text(encoding="utf-8"), path.relative_to(CORE).as_posix())
    assert found == [], "\n".join(found)


def test_the_checks_find_a_long_file_and_a_large_class(tmp_path):
    long = tmp_path / "long.py"
    long.write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    short = tmp_path / "short.py"
    short.write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    assert too_long([long, short], root=tmp_path) == [f"long.py: {MAX_LINES + 1} lines"]
    large = "class Big:\n" + "".join(f"    def m{i}(self):\n        pass\n" for i in range(MAX_METHODS + 1))
    inherited = "class Small(Big):\n" + "".join(f"    def m{i}(self):\n        pass\n" for i in range(MAX_METHODS))
    assert too_many_methods(large, "big.py") == [f"big.py:1: class Big has {MAX_METHODS + 1} methods of its own"]
    assert too_many_methods(inherited, "small.py") == []

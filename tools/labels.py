"""Labels written twice: the `label:` strings of each plugin's screens (`web/src`, tests left out)
that repeat a string of the same plugin's Python (tests left out). Forms drawn from the schema
(GET /api/form/<kind>) need neither copy on the screen; core/tests/test_form_labels.py holds each
plugin to its allowance.

    python3 tools/labels.py [ROOT]     # a table per plugin; ROOT defaults to this checkout
    python3 tools/labels.py --list     # and the repeated labels themselves
"""

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# `label: 'Nazwa'` or `label: "Nazwa"` (a template literal is built, not written twice)
LABEL = re.compile(r"""\blabel:\s*(['"])((?:(?!\1)[^\\\n]|\\.)*)\1""")


def screen_labels(plugin):
    """Every `label:` string of the plugin's screens, in file order."""
    labels = []
    for path in sorted((plugin / "web" / "src").rglob("*.js*")):
        if ".test." in path.name:
            continue
        labels += [match.group(2) for match in LABEL.finditer(path.read_text(encoding="utf-8"))]
    return labels


def python_strings(plugin):
    """Every string constant of the plugin's Python, tests left out."""
    strings = set()
    for path in plugin.rglob("*.py"):
        if "tests" in path.relative_to(plugin).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                strings.add(node.value)
    return strings


def repeated(root=ROOT):
    """{plugin: (labels on its screens, those its Python writes too)}."""
    found = {}
    for plugin in sorted((root / "plugins").iterdir()):
        if not (plugin / "web" / "src").is_dir():
            continue
        labels, strings = screen_labels(plugin), python_strings(plugin)
        found[plugin.name] = (labels, [label for label in labels if label in strings])
    return found


def main(argv):
    root = Path(next((arg for arg in argv if not arg.startswith("-")), ROOT))
    found = repeated(root)
    print(f"{'plugin':<14}{'labels':>8}{'twice':>7}")
    for name, (labels, twice) in found.items():
        print(f"{name:<14}{len(labels):>8}{len(twice):>7}")
        if "--list" in argv and twice:
            print("    " + ", ".join(sorted(set(twice))))
    total, twice = (sum(len(pair[i]) for pair in found.values()) for i in (0, 1))
    print(f"{'all':<14}{total:>8}{twice:>7}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""What the installed dependencies force on an installation (docs/deployment.md, "setuptools
stays below 82"): the commands print no deprecation of theirs, and the pin is lifted as soon
as it can be."""

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

PINNING = ("pyramid", "cornice")  # the dependencies that still import pkg_resources


def imports_pkg_resources(package):
    folder = Path(importlib.util.find_spec(package).origin).parent
    for source in folder.rglob("*.py"):
        if "tests" in source.parts:
            continue
        for node in ast.walk(ast.parse(source.read_bytes())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name.split(".")[0] == "pkg_resources" for name in names):
                return f"{source.relative_to(folder.parent)}:{node.lineno}"
    return None


def test_the_setuptools_pin_is_lifted_once_no_dependency_needs_it():
    still = {package: imports_pkg_resources(package) for package in PINNING}
    assert any(still.values()), (
        "Neither Pyramid nor Cornice imports pkg_resources any more: lift the setuptools pin "
        "(setup.cfg's test extra), the warning filter in core/__init__.py and the section "
        "'setuptools stays below 82' of docs/deployment.md."
    )


def test_a_command_prints_its_own_output_and_no_deprecation_warning():
    command = Path(sys.executable).with_name("smogpanel")
    answer = subprocess.run([str(command), "--help"], capture_output=True, text=True, timeout=120, check=True)
    assert answer.stdout.startswith("usage: smogpanel")
    assert "pkg_resources" not in answer.stderr and "Warning" not in answer.stderr, answer.stderr

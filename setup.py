"""Packages are listed here because setup.cfg cannot map `core` and `plugins` to
`smogpanel` and `smogpanel.plugins` while discovering subpackages.

The wheel carries what the app opens at run time and nothing of the test suites: no `tests`
packages, no test fixtures (the hierarchy's demo register is run-time data: `init --demo`
loads it). The testing package `smogpanel.testing` (core/testing/) is no test suite: it ships as the
documented testing API a plugin outside this repository tests with, registered as a pytest plugin
(setup.cfg), and the app never imports it. `core/tests/test_wheel.py` builds the wheel and checks
all three."""

from setuptools import find_namespace_packages, setup

SKIP = [
    "*node_modules*",
    "web",
    "web.*",
    "*.web",
    "*.web.*",
    "tests",
    "tests.*",
    "*.tests",
    "*.tests.*",
    "*__pycache__*",
    "static",
    "static.*",
    "*.static",
    "*.static.*",
    "fixtures",
    "*.fixtures",
]


def packages_under(folder, prefix):
    found = find_namespace_packages(folder, exclude=SKIP)
    return [prefix] + [f"{prefix}.{name}" for name in found]


setup(
    packages=packages_under("core", "smogpanel") + packages_under("plugins", "smogpanel.plugins"),
    package_data={
        "": ["*.mako", "*.ini", "*.html", "*.json", "static/**/*", "templates/*"],
        "smogpanel.plugins.hierarchy": ["fixtures/terc_sample.csv"],  # the demo's register
    },
    exclude_package_data={"": ["README.md"], "smogpanel.plugins.hierarchy": ["fixtures/README.md"]},
)

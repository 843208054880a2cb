"""Packages are listed here because setup.cfg cannot map `core` and `plugins` to
`smogpanel` and `smogpanel.plugins` while discovering subpackages."""
from setuptools import find_namespace_packages, setup

SKIP = ["*node_modules*", "*.web", "*.web.*", "*.tests.*.__pycache__", "*__pycache__*"]


def packages_under(folder, prefix):
    found = find_namespace_packages(folder, exclude=SKIP)
    return [prefix] + [f"{prefix}.{name}" for name in found]


setup(
    packages=packages_under("core", "smogpanel") + packages_under("plugins", "smogpanel.plugins"),
    package_data={"": ["*.mako", "*.ini", "*.md", "*.html", "*.json", "static/**/*", "templates/*"]},
)

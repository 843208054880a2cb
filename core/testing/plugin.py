"""The pytest plugin (setup.cfg's `pytest11` entry point): the fixtures of `smogpanel.testing`'s
modules and the suite's markers. Loaded by name through `pytest_plugins` so pytest rewrites their
asserts; none of them imports a test-only library at import time (see the package's docstring)."""

pytest_plugins = [
    "smogpanel.testing.workers",
    "smogpanel.testing.collector",
    "smogpanel.testing.markers",
    "smogpanel.testing.app",
    "smogpanel.testing.browser",
    "smogpanel.testing.mail",
    "smogpanel.testing.databases",
]

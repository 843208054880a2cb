"""pytest names test modules after their folders (`plugins/hierarchy/tests/test_api.py` →
`plugins.hierarchy.tests.test_api`) and imports the parent packages under those names. The
code's real names are `smogpanel.plugins.*` and `smogpanel.*`, so the folder names are
aliased to the installed modules: each module (and each SQLAlchemy table) exists once.

The fixtures come from the pytest plugin `smogpanel.testing.plugin` (setup.cfg's `pytest11`
entry point), as they come to a plugin outside this repository."""

import importlib
import sys
from importlib.metadata import entry_points

import smogpanel
import smogpanel.plugins

sys.modules.setdefault("core", smogpanel)
sys.modules.setdefault("plugins", smogpanel.plugins)
for _entry_point in entry_points(group="smogpanel.plugins"):
    _module = importlib.import_module(_entry_point.value)
    if _module.__name__.startswith("smogpanel.plugins."):
        sys.modules.setdefault("plugins." + _module.__name__.rsplit(".", 1)[1], _module)

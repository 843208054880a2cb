"""Every plugin-API module that moved in 3.9 keeps working until 4.0: importing the old one
warns (DeprecationWarning) naming the new place, and each name it offers is the new module's
(docs/plugins.md, "Deprecated in 3.9")."""

import importlib
import subprocess
import sys
import warnings
from types import SimpleNamespace

import colander
import pytest
from cornice import Service

from smogpanel.history.fields import Field, fields_of
from smogpanel.resources import Resource
from smogpanel.resources.routes import list_views_of

MOVED = {
    "smogpanel.keyed": "smogpanel.keyed_values",
    "smogpanel.record_versions": "smogpanel.record_etags",
    "smogpanel.commands": "smogpanel.plugin_commands",
    "smogpanel.versions": "smogpanel.data_versions",
}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_warns_naming_its_new_place_and_offers_the_same_names(old):
    new = importlib.import_module(MOVED[old])
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=rf"^{old} is deprecated since 3\.9: use {MOVED[old]}$"):
        module = importlib.import_module(old)
    names = getattr(module, "__all__", None) or [name for name in vars(new) if not name.startswith("_")]
    assert names
    for name in names:
        assert getattr(module, name) is getattr(new, name), name


def test_the_new_modules_import_without_a_warning():
    """In a process of its own: the new modules are imported once, as an app imports them."""
    script = (
        "import warnings; warnings.simplefilter('always'); "
        "caught = warnings.catch_warnings(record=True); found = caught.__enter__(); "
        f"import {', '.join(sorted(MOVED.values()))}; "
        "print([str(w.message) for w in found if 'deprecated since' in str(w.message)])"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


class Listed(Resource):
    kind = "listed"

    def view_list_by_hand(self, request):
        return {}


def test_a_list_view_found_by_its_name_still_gets_its_export_with_a_warning():
    resource = Listed()
    service = Service(name="listed-by-hand", path="/api/listed/by-hand")
    service.add_view("GET", resource.view_list_by_hand)
    with pytest.warns(DeprecationWarning, match=r"declare it with Resource\.add_list\(service, view\)"):
        assert list_views_of(service, resource) == [resource.view_list_by_hand]


def test_a_declared_list_view_is_found_without_a_warning():
    resource = Listed()
    resource.list_filters = dict  # no model: the query string's filters are none
    service = Service(name="listed-declared", path="/api/listed/declared")
    resource.add_list(service, resource.view_list_by_hand)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        assert list_views_of(service, resource) == [resource.view_list_by_hand]


def test_fields_beside_the_form_set_on_a_resource_still_show_with_a_warning():
    class Noted(Listed):
        schema = colander.MappingSchema
        history_fields_beside_form = {"note": Field("note", "Notatka")}

    request = SimpleNamespace(registry={})
    with pytest.warns(DeprecationWarning, match=r"Resource\.history_fields_beside_form is deprecated since 3\.9"):
        assert fields_of(Noted(), request)["note"].title == "Notatka"

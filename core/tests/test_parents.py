"""Every declared parent answers a missing record with its own whole message, in the
gender of its noun (not one template for all: "Wybrane powiat" was the bug)."""

from types import SimpleNamespace

import pytest

from smogpanel.envelope import ApiError

GONE = {
    "district": ("voivodeship_id", "Wybrane województwo nie istnieje albo zostało usunięte."),
    "borough": ("district_id", "Wybrany powiat nie istnieje albo został usunięty."),
    "checkpoint": ("map_id", "Wybrana mapa nie istnieje albo została usunięta."),
    "search_entry": ("search_id", "Wybrana wyszukiwarka nie istnieje albo została usunięta."),
    "graph_group": ("graph_id", "Wybrany wykres nie istnieje albo został usunięty."),
    "graph_entry": ("graph_group_id", "Wybrana grupa nie istnieje albo została usunięta."),
    "recipient": ("recipient_group_id", "Wybrana grupa adresatów nie istnieje albo została usunięta."),
    "rank_group": ("rank_id", "Wybrany ranking nie istnieje albo został usunięty."),
    "rank_entry": ("rank_group_id", "Wybrana grupa nie istnieje albo została usunięta."),
    "rank_value": ("rank_group_id", "Wybrana grupa nie istnieje albo została usunięta."),
}


@pytest.fixture
def resources(make_app):
    return make_app().registry["smogpanel.resources"]


def test_every_kind_with_a_parent_is_listed_here(resources):
    assert {kind for kind, resource in resources.items() if resource.parent} == set(GONE)


@pytest.mark.parametrize("kind", sorted(GONE))
def test_a_missing_parent_answers_its_message(resources, db, kind):
    parent = resources[kind].parent
    request = SimpleNamespace(registry={"smogpanel.resources": resources}, db=db)
    field, message = GONE[kind]
    for missing in (999999, 2**40):
        with pytest.raises(ApiError) as refused:
            parent.live(request, missing)
        assert refused.value.errors == [{"name": field, "description": message}]
    with pytest.raises(ApiError) as refused:
        parent.live(request, 999999, field="id")  # a list's parent is named by the path
    assert refused.value.errors == [{"name": "id", "description": message}]

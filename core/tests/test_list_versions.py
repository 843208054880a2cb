"""Lists kept by data version: every resource that keeps its lists declares every table they
read, and a write is seen in the next list at once."""

import sqlalchemy as sa

from smogpanel.data_versions import TABLE
from smogpanel.testing.app import TablesRead


def test_every_kept_list_declares_every_table_it_reads(api, connection):
    resources = [r for r in api.app.app.registry["smogpanel.resources"].values() if r.list_reads]
    assert {"voivodeship", "district", "borough"} <= {r.kind for r in resources}
    voivodeship = api.get("/api/voivodeship/")["message"]["list"][0]
    district = api.post("/api/district/", {"name": "powiat", "voivodeship_id": voivodeship["id"]})["message"]
    api.post("/api/borough/", {"name": "Gmina", "district_id": district["id"]})
    for resource in resources:
        paths = [f"/api/{resource.kind}/"] if resource.list_all else []
        if resource.parent is not None:
            parent = resource.all_kinds[resource.parent.kind].model
            parent_id = connection.execute(sa.select(sa.func.max(parent.id)).where(parent.deleted.is_(None))).scalar()
            paths.append(f"/api/{resource.kind}/{resource.parent.kind}/{parent_id}")
        with TablesRead(connection.engine) as read:
            for path in paths:
                api.get(path)
        # Not the list's: the sign-in's own reads (the account and its session) and the versions.
        undeclared = read.names - resource.list_tables() - {TABLE.name, "user_account", "user_session"}
        assert not undeclared, f"{resource.kind}'s lists read {sorted(undeclared)} but list_reads does not name them"


def test_a_write_is_seen_in_the_next_list(api):
    voivodeship = api.get("/api/voivodeship/")["message"]["list"][0]
    district = api.post("/api/district/", {"name": "powiat", "voivodeship_id": voivodeship["id"]})["message"]
    borough = api.post("/api/borough/", {"name": "Stara", "district_id": district["id"]})["message"]
    names = lambda: {row["name"] for row in api.get("/api/borough/")["message"]["list"]}  # noqa: E731
    by_parent = lambda: [row["name"] for row in api.get(f"/api/borough/district/{district['id']}")["message"]["list"]]  # noqa: E731
    assert "Stara" in names() and by_parent() == ["Stara"]
    api.post(f"/api/borough/{borough['id']}", {"name": "Nowa", "district_id": district["id"]})
    assert "Nowa" in names() and "Stara" not in names() and by_parent() == ["Nowa"]
    api.post(f"/api/voivodeship/{voivodeship['id']}", {"name": "zmienione"})  # a name the list shows
    assert {
        row["voivodeship_name"] for row in api.get("/api/borough/")["message"]["list"] if row["name"] == "Nowa"
    } == {"zmienione"}
    api.delete(f"/api/district/{district['id']}")  # a deleted parent takes its gminy out
    assert "Nowa" not in names()
    assert api.get(f"/api/borough/district/{district['id']}", status=404)["message"] == "NOT_FOUND"

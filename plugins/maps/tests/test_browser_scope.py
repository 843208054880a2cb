"""The measurement form of an editor limited to voivodeships: the cells of the others,
the name, the source and the hidden flag read-only, a note saying which it may change, and a save
of its own cells goes through (the server takes the others sent back unchanged)."""

import uuid
from datetime import date

import sqlalchemy as sa
from playwright.sync_api import expect

from smogpanel.plugins.maps.models import Checkpoint, CheckpointValue, Map, MapPropertyKey
from smogpanel.testing.browser import sign_in
from smogpanel.testing.serve import add_accounts

SUCCESS = "Operacja została zakończona :)"


def test_a_voivodeship_editor_changes_only_its_cells_in_the_measurement_form(page, live_server):
    email = live_server.unique("krakow").replace(" ", "-").lower() + "@example.pl"
    with live_server.session_factory() as db:
        # the hierarchy's table by name: a plugin's test imports no other plugin
        malopolskie = db.execute(sa.text("SELECT id FROM voivodeship WHERE code = 'mp'")).scalar_one()
    add_accounts(
        live_server.session_factory,
        [email],
        password=live_server.password,
        firstname="Kamil",
        scope_voivodeships=str(malopolskie),
    )
    with live_server.session_factory() as db, db.begin():
        a_map = Map(name=live_server.unique("Mapa"), internal_name=f"zakres-{uuid.uuid4().hex[:8]}")
        db.add(a_map)
        db.flush()
        key = MapPropertyKey(map_id=a_map.id, name="Wnioski", property_type_name="STATISTIC", position=0)
        checkpoint = Checkpoint(map_id=a_map.id, name="Marzec", captured=date(2025, 3, 31), hidden=0, source="")
        db.add_all([key, checkpoint])
        db.flush()
        db.add(CheckpointValue(checkpoint_id=checkpoint.id, key_id=key.id, mp=10, mz=20))
        ids = a_map.id, checkpoint.id, key.id

    sign_in(page, live_server, email, land=f"/map/{ids[0]}/checkpoint/{ids[1]}")
    expect(page.get_by_text("Twoje konto zmienia tylko wartości województw: małopolskie.")).to_be_visible(
        timeout=15_000
    )
    cells = page.get_by_role("group", name="Wnioski")
    expect(cells.get_by_label("mazowieckie")).to_be_disabled()
    expect(cells.get_by_label("mazowieckie")).to_have_value("20")
    expect(page.get_by_label("Nazwa")).to_be_disabled()
    cells.get_by_label("małopolskie").fill("11.5")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    with live_server.session_factory() as db:
        stored = db.execute(sa.select(CheckpointValue).filter_by(checkpoint_id=ids[1], key_id=ids[2])).scalar_one()
        assert (stored.mp, stored.mz) == (11.5, 20)

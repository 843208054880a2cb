"""Demo items for `smogpanel init --demo`: one of each built-in type, placed in gminy and
voivodeships the hierarchy's demo data added."""

from .models import Item
from .types import BOROUGH_NOTE, VOIVODESHIP_NOTE
from .values import hook_meta


def _values(item_type, **values):
    return {hook.name: dict(hook_meta(hook), value=values.get(hook.name)) for hook in item_type.hooks}


def add_demo_data(db, gazetteer):
    boroughs = gazetteer.all_boroughs(db)
    voivodeships = gazetteer.voivodeships(db)
    krakow = next((i for i, n in boroughs.items() if n["borough_name"] == "Kraków"), next(iter(boroughs), None))
    malopolska = next(
        (i for i, v in voivodeships.items() if v["name"] == "małopolskie"), next(iter(voivodeships), None)
    )
    items = []
    if krakow is not None:
        items.append(
            Item(
                name="Zakaz palenia węglem w Krakowie",
                internal_name="krakow-zakaz-wegla",
                item_type_id=BOROUGH_NOTE.code,
                item_type_name=BOROUGH_NOTE.display_name,
                integration_state={},
                hook_values=_values(
                    BOROUGH_NOTE,
                    gmina=krakow,
                    title="W Krakowie nie wolno palić węglem ani drewnem",
                    text="Uchwała antysmogowa obowiązuje od 1 września 2019 r.",
                ),
            )
        )
    if malopolska is not None:
        items.append(
            Item(
                name="Uchwała antysmogowa dla Małopolski",
                internal_name="malopolska-uchwala",
                item_type_id=VOIVODESHIP_NOTE.code,
                item_type_name=VOIVODESHIP_NOTE.display_name,
                integration_state={},
                hook_values=_values(
                    VOIVODESHIP_NOTE,
                    voivodeship=malopolska,
                    title="Kotły bezklasowe już zakazane",
                    text="Od 2023 r. w Małopolsce nie wolno używać kotłów niespełniających norm klasy 3 i 4.",
                ),
            )
        )
    db.add_all(items)
    db.flush()

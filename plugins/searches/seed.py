"""A demo search for `smogpanel init --demo`: 'Dotacje do wymiany pieca' with four keys and an
entry for every demo gmina. The texts are examples, marked as such: no real programme's
amounts or dates are claimed."""

from .models import Search, SearchEntry, SearchKey
from .values import VALUES

KEYS = (
    ("Dotacja", 0, "TOP", "Przykład: dotacja na wymianę starego pieca na ogrzewanie niskoemisyjne w gminie {name}."),
    ("Kto może skorzystać", 0, "LEFT", "Przykład: właściciele domów jednorodzinnych i mieszkań."),
    ("Jak złożyć wniosek", 0, "RIGHT", "Przykład: wniosek w urzędzie gminy {name} albo przez internet."),
    ("Kontakt", 1, "BOTTOM", "Przykład: urząd gminy {name}, wydział ochrony środowiska."),
)


def add_demo_data(db, gazetteer):
    search = Search(
        name="Dotacje do wymiany pieca",
        internal_name="dotacje-do-wymiany-pieca",
        source="Dane przykładowe – zastąp je danymi gmin (import WPG_XLS).",
    )
    db.add(search)
    db.flush()
    keys = [
        SearchKey(search_id=search.id, name=name, hide_name=hide, search_key_place_name=place, position=position)
        for position, (name, hide, place, _) in enumerate(KEYS)
    ]
    db.add_all(keys)
    db.flush()
    gminy = sorted(gazetteer.all_boroughs(db).items())
    entries = [SearchEntry(search_id=search.id, borough_id=borough_id) for borough_id, _ in gminy]
    db.add_all(entries)
    db.flush()
    VALUES.write_values(
        db,
        {
            entry.id: {key.id: text.format(name=names["borough_name"]) for key, (*_, text) in zip(keys, KEYS)}
            for entry, (_, names) in zip(entries, gminy)
        },
        existing={},
    )

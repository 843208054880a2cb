"""The voivodeship half of an editor's scope (smogpanel.authority asks it): whether the
voivodeships a write touches lie inside the account's, and the Polish refusal naming those that
do not, for one record or for an import's rows."""

from .gazetteer import gazetteer
from .regions import polish_sort_key

# A record of a regional kind that lies in no voivodeship (an item with no gmina).
NO_REGION = "Ten element nie dotyczy żadnej gminy ani województwa: Twoje konto może go tylko czytać."
# A record that lies in every voivodeship (a measurement), or a change of what they all share
# (a measurement's name or date).
EVERY_REGION = (
    "Ta zmiana dotyczy wszystkich województw, a Twoje konto zmienia tylko dane województw ze swojego zakresu."
)
MAX_ROWS_NAMED = 50  # as many as an import's other errors (smogpanel.spreadsheets.cells)


def outside_scope(scope, regions, lies_in=True):
    """Whether a write touching `regions` is refused to an account scoped to `scope` (what
    `region_refusal` decides, without naming anything: a list asks it of every row)."""
    if not regions:
        return lies_in
    return bool(regions - scope)


def region_refusal(request, scope, regions, lies_in=True):
    """None when a write touching the voivodeships `regions` (ids) may go ahead for an account
    scoped to `scope`, else its Polish reason naming those outside. `lies_in`: `regions` are
    where the record lies (`Rules.regions_of`: none means a record of no voivodeship, read-only);
    False: they are what the write changes (`Rules.regions_changed`: none means nothing of any
    voivodeship changes)."""
    if not outside_scope(scope, regions, lies_in):
        return None
    if not regions:
        return NO_REGION
    outside = regions - scope
    known = gazetteer(request).voivodeships(request.db)
    if known and set(known) <= regions:
        return EVERY_REGION
    names = sorted((known.get(i, {}).get("name") or f"id {i}" for i in outside), key=polish_sort_key)
    whose = "województwa" if len(names) == 1 else "województw"
    subject = "Ten wiersz dotyczy" if lies_in else "Ta zmiana dotyczy danych"
    return f"{subject} {whose} spoza zakresu Twojego konta: {', '.join(names)}."


def scope_note(request, scope):
    """'Twoje konto zmienia tylko dane województw: małopolskie.': what a read-only form says
    beside the reason."""
    known = gazetteer(request).voivodeships(request.db)
    names = sorted((known.get(i, {}).get("name") or f"id {i}" for i in scope), key=polish_sort_key)
    return f"Twoje konto zmienia tylko dane województw: {', '.join(names)}."


def rows_refusals(request, scope, rows):
    """[{name, description}] naming each row out of `scope` as an import's errors name rows
    ("5:5", "Wiersz 5: …"), at most MAX_ROWS_NAMED and a count of the rest. `rows`: (line, gmina
    id or None, voivodeship id or None); a gmina's voivodeship is read in one query."""
    places, db = gazetteer(request), request.db
    of_gmina = places.voivodeships_of(db, [borough_id for _, borough_id, _ in rows])
    outside = [
        (line, borough_id, voivodeship_id if borough_id is None else of_gmina.get(borough_id))
        for line, borough_id, voivodeship_id in rows
        if (voivodeship_id if borough_id is None else of_gmina.get(borough_id)) not in scope
    ]
    if not outside:
        return []
    shown = outside[:MAX_ROWS_NAMED]
    voivodeships = places.voivodeships(db)
    gminy = places.boroughs_by_ids(db, [borough_id for _, borough_id, _ in shown if borough_id is not None])
    errors = []
    for line, borough_id, voivodeship_id in shown:
        voivodeship = voivodeships.get(voivodeship_id, {}).get("name") or "nieznane"
        if borough_id is not None:
            gmina = gminy.get(borough_id, {}).get("borough_name") or f"id {borough_id}"
            place = f"gmina {gmina} (województwo {voivodeship}) leży"
        else:
            place = f"województwo {voivodeship} jest"
        errors.append({"name": f"{line}:{line}", "description": f"Wiersz {line}: {place} poza zakresem Twojego konta."})
    if len(outside) > MAX_ROWS_NAMED:
        errors.append({"name": "", "description": f"…i {len(outside) - MAX_ROWS_NAMED} innych wierszy."})
    count = len(outside)
    rows_word = (
        "wiersz dotyczy"
        if count == 1
        else ("wiersze dotyczą" if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14 else "wierszy dotyczy")
    )
    summary = (
        f"Import odrzucony w całości, nic nie zapisano: {count} {rows_word} gmin lub województw spoza zakresu "
        "Twojego konta."
    )
    return [{"name": "file", "description": summary}, *errors]

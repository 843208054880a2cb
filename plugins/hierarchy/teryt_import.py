"""The TERC import: an upsert of voivodeships, districts and gminy by their TERYT code.

- a unit whose code no live record has is added; if a live record without a code (added by
  hand) has its name under the same parent, that record takes the code instead ("coded"), so
  values other plugins hold for it stay where they are;
- a unit whose record has another name (or, rarely, another parent) is renamed in place; when
  the record's old name is in the file under another code, name and code change at once (a
  record that carried a wrong code): renamed all the same, but reported apart
  (`renamed_recoded`, with the old name's code) so the operator checks the values it holds;
- a live record with a code the file lacks is reported as gone; with `retire_gone` it is
  soft-deleted unless something refers to it (the `smogpanel_references` hook: rankings,
  searches, items...) or a unit under it stays, and then it is listed as kept, with why;
- a unit whose record an operator deleted in the panel stays deleted (reported as such);
- RODZ 4, 5, 8 and 9 (parts of urban-rural gminy, districts of cities) are no gminy.

Before anything is written the file must be the whole register in its official variant
(`terc_checks`), and a run that would report more than `max_gone_percent` of the live units
with a code as gone stops (`TooManyGone`) unless `accept_removals`: a wrong file must not
turn into hundreds of gone gminy. Running it twice changes nothing the second time. Writes in
the caller's transaction, in a savepoint that `dry_run` and a refusal roll back.
"""

from collections import Counter
from dataclasses import dataclass, field

import sqlalchemy as sa

from smogpanel.db import utcnow
from smogpanel.regions import CODE_OF_TERYT, normalise

from .models import Borough, District, Voivodeship
from .terc import NotTerc
from .terc_checks import NAME_OF_WOJ, check_register

LEVELS = (
    ("voivodeship", Voivodeship, None, "województwo"),
    ("district", District, "voivodeship_id", "powiat"),
    ("borough", Borough, "district_id", "gmina"),
)
LABEL = {level: label for level, _, _, label in LEVELS}
LISTED = 500  # units listed per kind of change in a report (counts are always whole)
MAX_GONE_PERCENT = 2.0  # the default of the setting smogpanel.hierarchy.max_gone_percent
_CHUNK = 500  # ids per IN (...)


class TooManyGone(NotTerc):
    """The run would report too many live units as gone; nothing was written."""


def max_gone_percent(settings):
    """The setting `smogpanel.hierarchy.max_gone_percent` (a number of percent from 0 to 100,
    e.g. 2 or 0.5; 0 stops every run that would report a unit as gone)."""
    value = settings.get("smogpanel.hierarchy.max_gone_percent")
    value = str(MAX_GONE_PERCENT if value is None or str(value).strip() == "" else value).strip()
    try:
        number = float(value.rstrip("%").replace(",", "."))
    except ValueError:
        raise ValueError(f"smogpanel.hierarchy.max_gone_percent: „{value}” nie jest liczbą.")
    if not 0 <= number <= 100:  # also NaN; inf or -1 would turn the check off or refuse every run
        raise ValueError(f"smogpanel.hierarchy.max_gone_percent: „{value}” nie jest odsetkiem od 0 do 100.")
    return number


@dataclass
class Report:
    added: list = field(default_factory=list)
    renamed: list = field(default_factory=list)
    renamed_recoded: list = field(default_factory=list)  # renamed, its old name under another code
    coded: list = field(default_factory=list)
    gone: list = field(default_factory=list)
    deleted_here: list = field(default_factory=list)
    retired: list = field(default_factory=list)  # gone units soft-deleted by `retire_gone`
    kept: list = field(default_factory=list)  # gone units `retire_gone` kept: {..., "reasons": [...]}
    unchanged: int = 0
    not_gminy: int = 0  # RODZ 4, 5, 8, 9 rows
    dry_run: bool = False

    def as_dict(self):
        return {
            "added": len(self.added),
            "renamed": len(self.renamed),
            "renamed_recoded": len(self.renamed_recoded),
            "coded": len(self.coded),
            "unchanged": self.unchanged,
            "gone": len(self.gone),
            "deleted_here": len(self.deleted_here),
            "retired": len(self.retired),
            "kept": len(self.kept),
            "not_gminy": self.not_gminy,
            "dry_run": self.dry_run,
            "changes": {
                key: getattr(self, key)[:LISTED]
                for key in ("added", "renamed", "renamed_recoded", "coded", "gone", "deleted_here", "retired", "kept")
            },
        }

    def summary(self):
        """One Polish line, as the CLI prints it."""
        recoded = (
            ""
            if not self.renamed_recoded
            else (
                "UWAGA: zmieniono nazwę jednostek, których dawna nazwa ma w rejestrze inny kod – sprawdź ich wartości: "
                + "; ".join(
                    f"{item['teryt']} „{item['old_name']}” → „{item['name']}” (kod „{item['old_name']}”: "
                    f"{item['old_name_teryt']})"
                    for item in self.renamed_recoded[:LISTED]
                )
                + ". "
            )
        )
        if self.dry_run:  # nothing was written: what the import would do
            counts = (
                f"Zostanie dodanych: {len(self.added)}, zmieni nazwę: {len(self.renamed)}, otrzyma kod: "
                f"{len(self.coded)}, bez zmian: {self.unchanged}, nie ma już w rejestrze: {len(self.gone)}, "
                f"usunięte w panelu (zostaną pominięte): {len(self.deleted_here)}."
                + (
                    f" Zostanie wycofanych: {len(self.retired)}, zostanie (są odwołania): {len(self.kept)}."
                    if self.retired or self.kept
                    else ""
                )
            )
        else:
            counts = (
                f"Dodano: {len(self.added)}, zmieniono nazwę: {len(self.renamed)}, nadano kod: "
                f"{len(self.coded)}, bez zmian: {self.unchanged}, nie ma już w rejestrze: {len(self.gone)}, "
                f"usunięte w panelu (pominięte): {len(self.deleted_here)}."
                + (
                    f" Wycofano: {len(self.retired)}, zostawiono (są odwołania): {len(self.kept)}."
                    if self.retired or self.kept
                    else ""
                )
            )
        return recoded + counts


def _register_name(unit):
    # The register writes voivodeships in capitals ('MAŁOPOLSKIE'); Poland writes them in lower case.
    return unit.name.lower() if unit.level == "voivodeship" else unit.name


def import_terc(
    db,
    units,
    dry_run=False,
    accept_removals=False,
    retire_gone=False,
    max_gone_percent=MAX_GONE_PERCENT,
    references=None,
):
    """Applies `units` (from `terc.read_terc`) and returns the `Report`. Raises NotTerc,
    writing nothing, for a file that is not the whole official register, and TooManyGone for
    a run over the share of gone units without `accept_removals`. `references(level, ids)`
    gives {id: [Polish reasons]} of the units something refers to (for `retire_gone`)."""
    check_register(units)
    with db.begin_nested() as savepoint:
        live = _live_with_code(db)
        report = _apply(db, units)
        refusal = None if accept_removals else _too_many_gone(report.gone, live, max_gone_percent)
        if retire_gone and not refusal:
            _retire(db, report, references or (lambda level, ids: {}))
        report.dry_run = dry_run
        if refusal or dry_run:
            savepoint.rollback()
    if refusal:
        raise TooManyGone([refusal])
    return report


def _live_with_code(db):
    return sum(
        db.scalar(
            sa.select(sa.func.count()).select_from(model).where(model.teryt.is_not(None), model.deleted.is_(None))
        )
        for _, model, _, _ in LEVELS
    )


def _percent(value):
    """'2 %', '0,5 %': a number as Polish writes it, the sign after a (non-breaking) space."""
    return f"{value:.1f}".replace(".", ",").removesuffix(",0") + "\u00a0%"


def _too_many_gone(gone, live, limit):
    """The Polish refusal when `gone` is over `limit` percent of the `live` units with a code."""
    if not gone or len(gone) * 100 <= limit * live:
        return None
    per_woj = Counter(change["teryt"][:2] for change in gone)
    where = ", ".join(f"{NAME_OF_WOJ.get(woj, woj)} ({count})" for woj, count in sorted(per_woj.items()))
    return (
        f"Po tym imporcie {len(gone)} z {live} jednostek z kodem TERYT ({_percent(len(gone) * 100 / live)}) "
        f"nie byłoby już w rejestrze, a dopuszczalne jest {_percent(limit)}. Województwa: {where}. "
        "To zwykle znak niewłaściwego pliku; jeśli plik jest właściwy (np. po zmianie podziału kraju), "
        "zaimportuj go ponownie ze zgodą na ubytki (w panelu „Zgoda na ubytki”, w wierszu poleceń "
        "--accept-removals). Nic nie zapisano."
    )


def _retire(db, report, references):
    """Soft-deletes the gone units nothing refers to, gminy first, so a powiat whose gminy all
    went goes too; lists the others as kept, with the reasons."""
    stamp = utcnow()
    children = {"district": Borough.district_id, "voivodeship": District.voivodeship_id}
    for level, model, _, _ in reversed(LEVELS):
        gone = [change for change in report.gone if change["level"] == level]
        if not gone:
            continue
        ids = [change["id"] for change in gone]
        reasons = {key: list(value) for key, value in references(level, ids).items()}
        if level in children:
            column = children[level]
            for parent_id, count in _counts(db, column, ids):
                unit = "gminy" if level == "district" else "powiaty"
                reasons.setdefault(parent_id, []).append(f"zostają w nim {unit}: {count}")
        retire = []
        for change in gone:
            if reasons.get(change["id"]):
                report.kept.append({**change, "reasons": reasons[change["id"]]})
            else:
                report.retired.append(change)
                retire.append(change["id"])
        for start in range(0, len(retire), _CHUNK):
            db.execute(
                sa.update(model)
                .where(model.id.in_(retire[start : start + _CHUNK]), model.deleted.is_(None))
                .values(deleted=stamp)
                .execution_options(synchronize_session=False)
            )


def _counts(db, column, ids):
    """(parent id, live children) for the parents in `ids`."""
    table = column.class_
    rows = []
    for start in range(0, len(ids), _CHUNK):
        rows += db.execute(
            sa.select(column, sa.func.count())
            .where(column.in_(ids[start : start + _CHUNK]), table.deleted.is_(None))
            .group_by(column)
        ).all()
    return rows


def _apply(db, units):
    report = Report(not_gminy=sum(1 for unit in units if unit.level is None))
    parents = {}  # teryt -> id of the live parent record (None: deleted in the panel)
    stamp = utcnow()
    for level, model, parent_field, _label in LEVELS:
        mine = [unit for unit in units if unit.level == level]
        in_file_by_name = {(unit.parent_teryt, normalise(_register_name(unit))): unit.teryt for unit in mine}
        parent_col = getattr(model, parent_field) if parent_field else sa.literal(None)
        kind_col = getattr(model, "kind", sa.literal(None))
        rows = db.execute(
            sa.select(
                model.id, model.name, model.teryt, model.deleted, parent_col.label("parent"), kind_col.label("kind")
            ).execution_options(include_deleted=True)
        ).all()
        live = {row.teryt: row for row in rows if row.teryt and row.deleted is None}
        deleted = {row.teryt for row in rows if row.teryt and row.deleted is not None} - set(live)
        uncoded = {}
        for row in rows:
            if row.teryt is None and row.deleted is None:
                uncoded.setdefault((row.parent, normalise(row.name)), []).append(row)
        if parent_field:
            _check_parents(mine, parents, level)
        inserts, updates, ids = [], [], {}
        for unit in mine:
            name = _register_name(unit)
            parent_id = parents.get(unit.parent_teryt) if parent_field else None
            entry = {"level": level, "teryt": unit.teryt, "name": name}
            row = live.get(unit.teryt)
            if row is not None:
                ids[unit.teryt] = row.id
                if row.name != name or (parent_field and row.parent != parent_id and parent_id is not None):
                    change = {"id": row.id, "name": name, "updated": stamp}
                    if parent_field and parent_id is not None:
                        change[parent_field] = parent_id
                    updates.append(change)
                    # the old name under another code the panel has no unit of that name for (not a
                    # namesake already there, as Bolesławiec miejska beside Bolesławiec wiejska)
                    elsewhere = in_file_by_name.get((unit.parent_teryt, normalise(row.name)))
                    namesake = live.get(elsewhere)
                    if (
                        elsewhere
                        and elsewhere != unit.teryt
                        and not (namesake is not None and normalise(namesake.name) == normalise(row.name))
                    ):
                        report.renamed_recoded.append(
                            {**entry, "id": row.id, "old_name": row.name, "old_name_teryt": elsewhere}
                        )
                    else:
                        report.renamed.append({**entry, "id": row.id, "old_name": row.name})
                else:
                    report.unchanged += 1
                continue
            if unit.teryt in deleted or (parent_field and parent_id is None):
                ids[unit.teryt] = None
                report.deleted_here.append(entry)
                continue
            claim = uncoded.get((parent_id, normalise(name)))
            if claim:
                # namesakes of one parent (Bolesławiec miejska and wiejska): the one of this kind first
                record_id = claim.pop(next((i for i, r in enumerate(claim) if r.kind == unit.rodz), 0)).id
                ids[unit.teryt] = record_id
                updates.append({"id": record_id, "name": name, "teryt": unit.teryt, "updated": stamp})
                report.coded.append({**entry, "id": record_id})
                continue
            values = {"name": name, "teryt": unit.teryt, "created": stamp, "updated": stamp}
            if parent_field:
                values[parent_field] = parent_id
            else:
                values["code"] = CODE_OF_TERYT[unit.woj]
            inserts.append(values)
            report.added.append(entry)
        if updates:
            db.execute(sa.update(model), updates)
        if inserts:
            db.execute(sa.insert(model), inserts)
            new = dict(
                db.execute(
                    sa.select(model.teryt, model.id).where(model.teryt.is_not(None), model.deleted.is_(None))
                ).all()
            )
            ids.update((teryt, new[teryt]) for teryt in (v["teryt"] for v in inserts))
        in_file = {unit.teryt for unit in mine}
        for teryt, row in sorted(live.items()):
            if teryt not in in_file:
                report.gone.append({"level": level, "teryt": teryt, "name": row.name, "id": row.id})
        for teryt, row in live.items():
            ids.setdefault(teryt, row.id)
        parents = ids
    db.flush()
    return report


def _check_parents(units, parents, level):
    missing = [unit for unit in units if unit.parent_teryt not in parents]
    if missing:
        upper = "województwa" if level == "district" else "powiatu"
        raise NotTerc(
            [
                f"Wiersz {unit.line}: brak {upper} o kodzie {unit.parent_teryt} ani w pliku, ani w bazie "
                f"({LABEL[level]} „{unit.name}”)."
                for unit in missing[:20]
            ]
        )

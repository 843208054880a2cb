"""The hierarchy's resources: every endpoint of SPEC section 7 "Hierarchy"."""

import sqlalchemy as sa

from smogpanel.gazetteer import same_name_qualifiers, shown_name
from smogpanel.regions import polish_order
from smogpanel.resources import Parent, Resource, Sorting

from .models import Borough, District, Voivodeship
from .schemas import BoroughSchema, DistrictSchema, VoivodeshipSchema


class TerytCoded(Resource):
    """The TERYT code is the register's (the import writes it, the API only shows it): a
    record added by hand has none. Unique among live records, so a deleted record whose code
    a live one took meanwhile (re-imported) is not restored."""

    sortable = ("id", "name", "updated", "teryt")

    def sorting(self, default=None):
        """Names in the Polish alphabet on every database ('Lubin' < 'Łódź' < 'Żywiec')."""
        sorting = super().sorting(default)
        fields = dict(sorting.fields, name=polish_order(sorting.fields["name"]))
        return Sorting(fields=fields, default=sorting.default, tie_breaker=sorting.tie_breaker)

    def restore(self, db, obj):
        if obj.deleted is not None and obj.teryt is not None:
            taken = db.execute(
                sa.select(self.model.id).where(
                    self.model.teryt == obj.teryt, self.model.deleted.is_(None), self.model.id != obj.id
                )
            ).first()
            if taken is not None:
                return f"Nie można przywrócić: kod TERYT {obj.teryt} ma już element {taken.id}."
        return super().restore(db, obj)


class VoivodeshipResource(TerytCoded):
    kind = "voivodeship"
    model = Voivodeship
    schema = VoivodeshipSchema
    label = "województwo"
    list_reads = (Voivodeship,)


class DistrictResource(TerytCoded):
    kind = "district"
    model = District
    schema = DistrictSchema
    label = "powiat"
    screen = "/voivodeship/{voivodeship}/district/{id}"
    parent = Parent("voivodeship", "voivodeship_id", "Wybrane województwo nie istnieje albo zostało usunięte.")
    list_reads = (District,)


class BoroughResource(TerytCoded):
    kind = "borough"
    model = Borough
    schema = BoroughSchema
    label = "gmina"
    screen = "/voivodeship/{voivodeship}/district/{district}/borough/{id}"
    parent = Parent("district", "district_id", "Wybrany powiat nie istnieje albo został usunięty.")
    list_all_order = ("name", True)
    list_reads = (Borough, District, Voivodeship)

    def list_statement(self):
        """Rows carry their district's and voivodeship's names: selects of boroughs
        (rankings, searches) show where a gmina lies."""
        return (
            sa.select(
                *self.list_columns(),
                District.name.label("district_name"),
                District.voivodeship_id.label("voivodeship_id"),
                Voivodeship.name.label("voivodeship_name"),
            )
            .join(District, District.id == Borough.district_id)
            .join(Voivodeship, Voivodeship.id == District.voivodeship_id)
            .where(Borough.deleted.is_(None))
        )

    def list_rows(self, request, statement, default_order=None):
        """Rows carry `label`: the name as the panel's gmina picker shows it, with the kind and
        the TERYT code when another gmina of that name lies in the same district (a list holds
        all the gminy of a district, or all of them)."""
        listing = super().list_rows(request, statement, default_order)
        rows = listing["list"]
        qualifiers = same_name_qualifiers(
            ((row["id"], row["name"], row["district_id"], row["teryt"], row["kind"]) for row in rows), with_code=True
        )
        for row in rows:
            row["label"] = shown_name(row["name"], qualifiers.get(row["id"]))
        return listing


def includeme(config):
    config.add_resource(VoivodeshipResource())
    config.add_resource(DistrictResource())
    config.add_resource(BoroughResource())

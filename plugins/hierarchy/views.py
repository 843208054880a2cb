"""The hierarchy's resources: every endpoint of SPEC section 7 "Hierarchy"."""
import sqlalchemy as sa

from smogpanel.resources import Parent, Resource

from .models import Borough, District, Voivodeship
from .schemas import BoroughSchema, DistrictSchema, VoivodeshipSchema


class VoivodeshipResource(Resource):
    kind = "voivodeship"
    model = Voivodeship
    schema = VoivodeshipSchema
    label = "województwo"


class DistrictResource(Resource):
    kind = "district"
    model = District
    schema = DistrictSchema
    label = "powiat"
    parent = Parent("voivodeship", "voivodeship_id", "województwo")


class BoroughResource(Resource):
    kind = "borough"
    model = Borough
    schema = BoroughSchema
    label = "gmina"
    parent = Parent("district", "district_id", "powiat")
    list_all_order = ("name", True)

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


def includeme(config):
    config.add_resource(VoivodeshipResource())
    config.add_resource(DistrictResource())
    config.add_resource(BoroughResource())

import colander

from smogpanel.schemas import Id, Text


class VoivodeshipSchema(colander.MappingSchema):
    name = Text("Nazwa")


class DistrictSchema(colander.MappingSchema):
    name = Text("Nazwa")
    voivodeship_id = Id("Województwo", refers_to="voivodeship")


class BoroughSchema(colander.MappingSchema):
    name = Text("Nazwa")
    district_id = Id("Powiat", refers_to="district")

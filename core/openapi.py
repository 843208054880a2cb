"""`GET /api/openapi.json`: the API described from the Cornice services and their colander
schemas (cornice_swagger, Swagger/OpenAPI 2.0), so the document cannot drift from the code."""
import re

import colander
from cornice_swagger import CorniceSwagger
from cornice_swagger.converters.schema import (
    BooleanTypeConverter, IntegerTypeConverter, NumberTypeConverter, StringTypeConverter, TypeConversionDispatcher,
)
from pyramid.security import NO_PERMISSION_REQUIRED

from . import PRODUCT, __version__
from .numbers import Number
from .schemas import Boolean, Flag
from .validation import body_validator

_REGEX_PLACEHOLDER = re.compile(r"\{(\w+):[^}]+\}")


def _body_of_our_validator(schema, args):
    """cornice_swagger reads `schema` as {body, querystring, path}; our validator checks the
    body with it, so say so."""
    if body_validator in args.get("validators", ()) and isinstance(schema, colander.SchemaNode):
        wrapper = colander.SchemaNode(colander.Mapping())
        body = schema.clone()
        body.name = "body"
        wrapper.add(body)
        return wrapper
    return schema


class _TypeDispatcher(TypeConversionDispatcher):
    """cornice_swagger matches colander types by exact class; plugins subclass them (and add
    their own), so look along the type's MRO and describe anything unknown as a string
    rather than fail the whole document."""

    def __call__(self, schema_node):
        for kind in type(schema_node.typ).__mro__:
            converter = self.converters.get(kind)
            if converter is not None:
                return converter(self)(schema_node)
        return self.default_converter(self)(schema_node)


class _Generator(CorniceSwagger):
    # Class attributes: CorniceSwagger reads them when it is built.
    type_converter = _TypeDispatcher
    custom_type_converters = {Flag: IntegerTypeConverter, Boolean: BooleanTypeConverter, Number: NumberTypeConverter}
    default_type_converter = StringTypeConverter


def openapi_document(request):
    cached = request.registry.get("smogpanel.openapi")
    if cached is None:
        # This app's services only (Cornice's global list spans every app built in the process).
        generator = _Generator(list(request.registry.cornice_services.values()))
        generator.schema_transformers = [_body_of_our_validator]
        generator.summary_docstrings = True
        document = generator.generate(title=f"{PRODUCT} API", version=__version__, base_path="/")
        document["paths"] = {_REGEX_PLACEHOLDER.sub(r"{\1}", path): item for path, item in document["paths"].items()}
        document["securityDefinitions"] = {"bearer": {"type": "apiKey", "name": "Authorization", "in": "header"}}
        document["security"] = [{"bearer": []}]
        request.registry["smogpanel.openapi"] = cached = document
    return cached


def includeme(config):
    config.add_route("api-openapi", "/api/openapi.json")
    config.add_view(openapi_document, route_name="api-openapi", request_method="GET",
                    renderer="json", permission=NO_PERMISSION_REQUIRED)

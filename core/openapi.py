"""`GET /api/openapi.json`: the API described from the Cornice services and their colander
schemas (cornice_swagger), so the document cannot drift from the code."""
from cornice_swagger import CorniceSwagger
from pyramid.security import NO_PERMISSION_REQUIRED

from . import PRODUCT, __version__


def openapi_document(request):
    cached = request.registry.get("smogpanel.openapi")
    if cached is None:
        # This app's services only (Cornice's global list spans every app built in the process).
        generator = CorniceSwagger(list(request.registry.cornice_services.values()))
        generator.summary_docstrings = True
        cached = generator.generate(title=f"{PRODUCT} API", version=__version__, base_path="/")
        cached["securityDefinitions"] = {
            "bearer": {"type": "apiKey", "name": "Authorization", "in": "header"}
        }
        request.registry["smogpanel.openapi"] = cached
    return cached


def includeme(config):
    config.add_route("api-openapi", "/api/openapi.json")
    config.add_view(openapi_document, route_name="api-openapi", request_method="GET",
                    renderer="json", permission=NO_PERMISSION_REQUIRED)

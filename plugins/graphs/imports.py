"""The graph imports (filled in by the next step)."""
from smogpanel.envelope import ApiError


def import_graph(request, graph, name, type_name, file):
    raise ApiError.invalid("type", "Nieznany typ pliku.")

"""Rankings: gminy and voivodeships rankings with groups, entries, values, places computed
from points, spreadsheet imports and a public table (SPEC sections 2.6, 3, 4, 5, 7, 9)."""

from smogpanel.hookspecs import Plugin, Remote

from .imports import IMPORT_TYPES, RankDefinitionImport, RankValueImport
from .public import RANK_KIND
from .references import references
from .seed import add_demo_data
from .values import RankValueResource
from .views import RankEntryResource, RankGroupResource, RankResource

PLUGIN = Plugin(
    remote=Remote(name="ranks", label="Rankingi", path="/rank", order=20),
    resources=(RankResource, RankGroupResource, RankEntryResource, RankValueResource),
    imports=(RankValueImport, RankDefinitionImport),
    import_types=tuple(IMPORT_TYPES),
    public_kinds=(RANK_KIND,),
    demo_data=add_demo_data,
    demo_data_last=True,  # after the hierarchy's demo gminy exist
    references=references,
)

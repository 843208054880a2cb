"""Lists kept between requests: a list whose kind declares `list_reads` (every table it reads)
is kept by its query string and the data version of those tables (smogpanel.data_versions), so a
repeat costs one indexed read instead of the query and its JSON. A version only grows: nothing
is invalidated, old lists fall out of the process's LRU."""

from ..answer_cache import Built, LocalCache, PublicCache, answer
from ..app_state import hold
from ..authority import permission_key
from ..data_versions import request_version, table_name
from ..envelope import dumps
from ..list_export import LIST_PARAMS
from ..personal import hidden_fields, mask_rows

LIST_CACHE_SIZE = 256  # lists kept per process (each a query string of one kind)
LIST_CACHE = "smogpanel.list_cache"


def hold_list_cache(config):
    config.registry[LIST_CACHE] = hold(config.registry, PublicCache(LocalCache(LIST_CACHE_SIZE)))


class KeptLists:
    """What `Lists` keeps: `kept_list(request, build)`."""

    def list_tables(self):
        """The table names of `list_reads`, with the parents' (a per-parent list checks its parent)."""
        if not self.list_reads:
            return frozenset()
        names = {table_name(item) for item in self.list_reads}
        if self.parents:
            names.update(self.all_kinds[parent.kind].model.__table__.name for parent in self.parents)
        if "internal_name" in self.model.__table__.c:
            names.add("publication")  # rows carry their publication state (smogpanel.publishing)
        return frozenset(names)

    def kept_list(self, request, build):
        """`build()`'s list (personal fields masked to an account that may not see them), or the
        same kept from an earlier request while the tables it reads keep their version: the
        envelope's bytes, ETag and compressed copies (public_cache)."""
        hidden = hidden_fields(request, self, export=LIST_PARAMS in request.environ)
        if hidden:
            unmasked = build

            def build():
                listing = unmasked()
                mask_rows(listing["list"], hidden)  # rows list_rows built for this answer alone
                return listing

        tables = self.list_tables()
        if not tables or LIST_PARAMS in request.environ:  # an export is a file: built, not kept
            return build()
        params = tuple(sorted(request.params.items()))
        # Masked and unmasked answers are kept apart.
        # Rows carry what the account may do with them: kept per the principals and scope they follow.
        key = (
            "list",
            self.kind,
            request.path_info,
            params,
            bool(hidden),
            permission_key(request, self),
            request_version(request, tables),
        )
        built = request.registry[LIST_CACHE].get_or_build(
            key, lambda: Built.of(dumps({"success": True, "message": build()}))
        )
        return answer(request, built, "application/json", "private, no-cache")

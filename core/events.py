"""What the core tells when a record is written: one Pyramid event per write, notified in the
request's transaction (`request.registry.notify(event)`), for whoever subscribes with
`config.add_subscriber(handler, RecordChanged)` (or one of its subclasses).

History (smogpanel.history) is such a subscriber, as Kinto's history plugin listens to Kinto's
`ResourceChanged`: the Resource machinery emits `RecordCreated`, `RecordUpdated` and
`RecordDeleted`, reverting a delete `RecordRestored`, `run_import` `RecordsImported`, and a
plugin that writes a record by hand emits the same event, so its write is in history too:

    request.registry.notify(RecordUpdated(request, "item", item.id, item.name, changes))

A subscriber runs before `notify` returns, in the same transaction: what it writes commits or
vanishes with the write it is told about, and when it raises, the request fails and nothing is
written (history refuses a write nobody authorised, smogpanel.authority's `check_asked`).

This module imports nothing of the app, so any module may emit these events."""

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["RecordChanged", "RecordCreated", "RecordUpdated", "RecordDeleted", "RecordRestored", "RecordsImported"]


class RecordChanged:
    """A record of `kind` was written by `request` (the web request). `record_id` and `name` say
    which record (`name`: what history shows; `record_id` None: no one record, e.g. a whole
    register imported); `changes` is `{field: [old, new]}` (smogpanel.history's
    `changes_between`) or, for an import, what it did; `reverts`: the id of the history entry
    the write undoes, when it is a revert."""

    action = ""  # one of smogpanel.history.ACTIONS, named by each subclass
    # RecordsImported only: the counts come with the endpoint's answer (`import_result`).
    counts_from_answer = False
    creates = None

    def __init__(self, request, kind, record_id, name="", changes=None, reverts=None):
        self.request = request
        self.kind = kind
        self.record_id = record_id
        self.name = name or ""
        self.changes = changes or {}
        self.reverts = reverts

    def __repr__(self):
        return f"<{type(self).__name__} {self.kind} {self.record_id}>"


class RecordCreated(RecordChanged):
    action = "create"


class RecordUpdated(RecordChanged):
    action = "update"


class RecordDeleted(RecordChanged):
    action = "delete"


class RecordRestored(RecordChanged):
    action = "restore"


class RecordsImported(RecordChanged):
    """A file was imported into the record (or, `record_id` None, into the kind). `changes`:
    `{"file", "type", "type_label"}` and the counts `created`, `updated`, `skipped`.
    `counts_from_answer=True` (what `run_import` emits, before the rows are written): the
    counts are read from the endpoint's answer (`import_result`) when it is rendered, still in
    the request's transaction. `creates`: the kind of the one record the import creates and
    answers as `id`, so reverting the import deletes it."""

    action = "import"

    def __init__(self, request, kind, record_id, name="", changes=None, creates=None, counts_from_answer=False):
        super().__init__(request, kind, record_id, name, changes)
        self.creates = creates
        self.counts_from_answer = counts_from_answer

"""Parts of the core that add to every record's answer and list row without the resources
knowing them (smogpanel.publishing: the publication state), registered in the registry:
`ANSWER_PARTS`, a list of `part(request, resource, obj) -> dict`, and `ROW_MARKS`, a list of
`mark(request, resource, rows)` that add to a list's rows in place."""

ANSWER_PARTS = "smogpanel.answer_parts"
ROW_MARKS = "smogpanel.row_marks"


def answer_parts(request, resource, obj):
    """What the `ANSWER_PARTS` add to the record's answer."""
    parts = {}
    for part in request.registry.get(ANSWER_PARTS, ()):
        parts.update(part(request, resource, obj))
    return parts


def mark_rows(request, resource, rows):
    """The `ROW_MARKS` applied to a list's rows."""
    for mark in request.registry.get(ROW_MARKS, ()):
        mark(request, resource, rows)

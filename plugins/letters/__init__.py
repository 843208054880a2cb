"""Letters: advocacy letters residents read on a partner page and send, under their own name,
to every recipient of the letter's group (SPEC 2.10, 3 Letter/Recipient group/Recipient,
5 Letter/Recipient, 7 Letters and recipients; docs/letters.md)."""

from smogpanel.hookspecs import Plugin, Remote, ScheduledJob, hookimpl

from . import cli, erasure, sending, views
from .public import LETTER
from .seed import add_demo_data

PLUGIN = Plugin(
    remote=Remote(name="letters", label="Listy", path="/letter", order=80),
    includes=(views.includeme, sending.includeme, erasure.includeme),
    public_kinds=(LETTER,),
    demo_data=add_demo_data,
)


@hookimpl
def smogpanel_jobs():
    return [
        ScheduledJob(
            code="letters.purge",
            title="Usuwanie niepotwierdzonych zgłoszeń listów",
            run=sending.purge_job,
            interval=24 * 3600,
        ),
        ScheduledJob(
            code="letters.retention",
            title="Usuwanie danych nadawców po okresie przechowywania",
            run=erasure.retention_job,
            interval=24 * 3600,
        ),
    ]


@hookimpl
def smogpanel_cli_commands(commands):
    cli.add_commands(commands)

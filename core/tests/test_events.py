"""The write events (smogpanel.events): a plugin subscribing to them, as history does, hears each
write of a record through the API with what history records of it, in the write's request."""

from pyramid.config import Configurator

from smogpanel.events import RecordChanged, RecordCreated, RecordDeleted, RecordRestored, RecordUpdated
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import history_of, registry_of


def subscribe(testapp, event_class):
    """What a plugin's `includeme` does: `config.add_subscriber`; returns the events heard."""
    heard = []
    config = Configurator(registry=registry_of(testapp))
    config.add_subscriber(heard.append, event_class)
    config.commit()
    return heard


def test_a_subscriber_hears_each_write_with_what_history_records(testapp, api):
    heard = subscribe(testapp, RecordChanged)
    timer = add_timer(api)
    api.post(f"/api/timer/{timer['id']}", timer_edit(timer, name="Do wiosny"))
    api.delete(f"/api/timer/{timer['id']}")
    assert [(type(event), event.kind, event.record_id) for event in heard] == [
        (RecordCreated, "timer", timer["id"]),
        (RecordUpdated, "timer", timer["id"]),
        (RecordDeleted, "timer", timer["id"]),
    ]
    assert heard[1].changes == {"name": ["Do końca sezonu", "Do wiosny"]}
    assert heard[1].name == "Do wiosny" and heard[1].request.method == "POST"
    entries = history_of(api, "timer", timer["id"])
    assert [entry["action"] for entry in entries] == ["delete", "update", "create"]
    assert entries[1]["changes"] == heard[1].changes


def test_reverting_a_delete_is_told_as_a_restore_naming_the_entry_it_reverts(testapp, api):
    restored = subscribe(testapp, RecordRestored)
    timer = add_timer(api)
    api.delete(f"/api/timer/{timer['id']}")
    delete = history_of(api, "timer", timer["id"])[0]
    api.post(f"/api/history/{delete['id']}/revert")
    assert [(event.kind, event.record_id, event.reverts) for event in restored] == [
        ("timer", timer["id"], delete["id"])
    ]

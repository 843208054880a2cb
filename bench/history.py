"""What recording history costs writes, against the same writes without it in the same run.

    .venv/bin/python bench/history.py [--rounds 7] [--writes 60] [--database-url URL] [--log-only]

1. Single writes through the app: `POST /api/timer/<id>` (an edit: the record's answer read
   before and after, the changed fields diffed, an entry written) and `POST /api/rank_value/<id>`
   (an edit of one gmina's value in a 2,477-value group: places recomputed), each with history
   and without it, interleaved (the machine's noise hits both alike), medians compared.
   Target ≤ 1.10×.
2. RB_XLS import of 2,477 gminy, `POST /api/rank_value/import`, with history (one entry naming
   the file, its type and the counts) and without it, interleaved. Target ≤ 1.3×.
3. Reading the log: `GET /api/history/?kind=rank_value&per_page=50` (50 edits of gminy's
   values: each entry's rows in the form's words, the record named with its group, ranking and
   gmina, and what a revert would do) against the same page as stored (`readable_entries`
   left out), interleaved. Target ≤ 2× (a page is read by a person, not by a loop).

"Without" runs today's Resource edit less history's own steps (copied below: the rules, If-Match,
the ETag, the write event and the answer's parts stay, as they are not history's) and run_import
with `history.record` doing nothing, in the same process on the same database. Prints times and ratios; asserts nothing.
SMOGPANEL_BENCH_CLOCK=cpu times this thread's CPU instead of the wall clock (timing.py).
"""

import argparse
import contextlib
import statistics
import tempfile

from common import GMINY, build, upload
from ranks import add_group, values_file
from timing import line, timed


# -- the write paths without history ----------------------------------------------------------
def _edit(self, request, obj, data, reverts=None):
    """Resource.edit less what history alone adds (the diff, the record's name and its entry).
    The rules, If-Match and the ETag stay: they are not history's, and they read the same
    snapshots (`history_snapshot` is also the record's version). So do the event, told with no
    changes (publishing subscribes to it: in immediate mode a public record's save publishes a
    version; history's subscriber records nothing here), and the answer's parts (its
    publication state): a baseline without them counted publishing's work as history's."""
    from smogpanel.authority import authorize
    from smogpanel.events import RecordUpdated
    from smogpanel.record_etags import carry_version, check_if_match
    from smogpanel.resources.parts import answer_parts

    authorize(request, self, "update", obj, data)
    check_if_match(request, self, obj, self.history_snapshot(request, obj))
    self.update(request, obj, data)
    if self.regional and not self.regions_changed:
        authorize(request, self, "update", obj)
    self.flush(request)
    answer = self.serialize(request, obj)
    carry_version(request, self.history_snapshot(request, obj, answer))
    request.registry.notify(RecordUpdated(request, self.kind, obj.id, "", {}, reverts))
    return dict(self.answer(request, answer), **self.permissions(request, obj), **answer_parts(request, self, obj))


@contextlib.contextmanager
def without_history():
    """The views are bound when the app is built, but look these up on every call."""
    from smogpanel import history
    from smogpanel.resources import Resource

    saved = Resource.edit, history.record
    # The write events are still told (smogpanel.events); history's subscriber records nothing.
    Resource.edit, history.record = _edit, lambda *args, **kwargs: None
    try:
        yield
    finally:
        Resource.edit, history.record = saved


def both(function, with_times, without_times, first_with=True):
    def measured_with():
        with_times.append(timed(function))

    def measured_without():
        with without_history():
            without_times.append(timed(function))

    for measure in (measured_with, measured_without) if first_with else (measured_without, measured_with):
        measure()


def bench_writes(app, headers, places, writes):
    timer = {
        "name": "Do końca sezonu",
        "internal_name": "bench-timer",
        "timer_style_name": "SEA",
        "text_above": "Zostało",
        "deadline": "2031-01-01",
        "countdown": True,
        "text_below": "Ogrzewaj czysto.",
        "logo_path": None,
        "hidden_brand": 0,
    }
    timer_id = app.post_json("/api/timer/", timer, headers=headers).json["message"]["id"]
    group = add_group(app, headers, "bench-writes")
    app.post_json(
        "/api/rank_value/import",
        {"rank_group_id": group["id"], "type": "RB_XLS", "file": upload(values_file(places, 1))},
        headers=headers,
    )
    value = app.get(f"/api/rank_value/rank_group/{group['id']}", headers=headers).json["message"]["list"][0]
    counter = iter(range(10**6))

    def edit_timer():
        body = dict(timer, text_below=f"Ogrzewaj czysto {next(counter)}.")
        del body["internal_name"]
        app.post_json(f"/api/timer/{timer_id}", body, headers=headers)

    def edit_value():
        app.post_json(
            f"/api/rank_value/{value['id']}",
            {"value": next(counter), "points": next(counter) % 997, "place": None},
            headers=headers,
        )

    print(f"Single writes, {writes} interleaved requests each (medians):")
    for label, function in (
        ("POST /api/timer/<id>", edit_timer),
        ("POST /api/rank_value/<id> (2,477-value group)", edit_value),
    ):
        for _ in range(3):
            both(function, [], [])  # warm-up
        with_times, without_times = [], []
        for index in range(writes):
            both(function, with_times, without_times, first_with=index % 2 == 0)
        baseline = statistics.median(without_times)
        line(f"{label} without history (baseline)", baseline)
        line(f"{label} with history", statistics.median(with_times), baseline)


def bench_import(app, headers, places, rounds):
    files = [values_file(places, version) for version in (1, 2)]
    with_times, without_times = [], []
    for round_ in range(rounds):
        pair = ((with_times, True), (without_times, False))
        for times, recording in pair if round_ % 2 else pair[::-1]:  # either goes first as often
            group = add_group(app, headers, f"bench-import-{round_}-{int(recording)}")
            body = {"rank_group_id": group["id"], "type": "RB_XLS", "file": upload(files[0])}

            def request():
                answer = app.post_json("/api/rank_value/import", body, headers=headers).json["message"]
                assert answer["created"] == GMINY, answer

            if recording:
                times.append(timed(request))
            else:
                with without_history():
                    times.append(timed(request))
    baseline = statistics.median(without_times)
    print(f"RB_XLS import of {GMINY:,} gminy, median of {rounds} interleaved rounds:")
    line("POST /api/rank_value/import without history (baseline)", baseline)
    line("POST /api/rank_value/import with history", statistics.median(with_times), baseline)


def bench_log(app, headers, places, rounds):
    from smogpanel.history import views

    group = add_group(app, headers, "bench-log")
    app.post_json(
        "/api/rank_value/import",
        {"rank_group_id": group["id"], "type": "RB_XLS", "file": upload(values_file(places, 1))},
        headers=headers,
    )
    values = app.get(f"/api/rank_value/rank_group/{group['id']}?per_page=50&page=1", headers=headers).json["message"]
    for index, value in enumerate(values["list"]):
        app.post_json(
            f"/api/rank_value/{value['id']}", {"value": index + 0.5, "points": index, "place": None}, headers=headers
        )

    def read():
        answer = app.get("/api/history/?kind=rank_value&per_page=50", headers=headers).json["message"]
        assert len(answer["list"]) == 50, answer["total"]

    plain = views.readable_entries
    with_times, without_times = [], []
    for round_ in range(rounds + 2):
        for readable in (True, False) if round_ % 2 else (False, True):
            views.readable_entries = plain if readable else (lambda request, entries: {})
            try:
                seconds = timed(read)
            finally:
                views.readable_entries = plain
            if round_ >= 2:  # two warm-up rounds
                (with_times if readable else without_times).append(seconds)
    baseline = statistics.median(without_times)
    print(f"The history log, a page of 50 rank value edits, median of {rounds} interleaved rounds:")
    line("GET /api/history/ as stored (baseline)", baseline)
    line("GET /api/history/ in the form's words", statistics.median(with_times), baseline)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--writes", type=int, default=60)
    parser.add_argument("--database-url")
    parser.add_argument("--log-only", action="store_true", help="only part 3, reading the log")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
        app, headers, places = build(url, ["hierarchy", "ranks", "timers"])
        if not args.log_only:
            bench_writes(app, headers, places, args.writes)
            bench_import(app, headers, places, args.rounds)
        bench_log(app, headers, places, args.rounds * 3)


if __name__ == "__main__":
    main()

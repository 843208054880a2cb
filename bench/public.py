"""Public widget serving against a hello-world ceiling, side by side in one run.

    .venv/bin/python bench/public.py [--seconds 5] [--rounds 3] [--connections 8]
                                     [--counting all|on|off|control] [--beacons 200]
                                     [--flush-seconds 1]

Starts the panel as a user does (`smogpanel init --demo`, then `smogpanel serve`, on a fresh
SQLite file and a free port) and a bare WSGI hello-world as the ceiling, configured at its best
(waitress with as many threads as connections; gunicorn with a worker per core and as many
threads as connections, when installed: the faster one is the ceiling). Then, with wrk
(Debian's `wrk`; `make bench` installs it) and rounds interleaved because the machine is noisy:
the public timer, map and rank payloads, their 304s, the embed pages and an embed bundle, all
with `Accept-Encoding: gzip, br` as browsers send it. Prints requests/s, p50 and p99 latency
(median over the rounds) and each one's ratio to the ceiling, with the targets:
payloads >= 0.5x the ceiling with p99 < 50 ms, 304s >= 0.7x, the map within 1.5x of the timer.
Nothing is asserted: the figures go to docs/performance.md.

Counting views (smogpanel.reach) must not slow the public answer. With `--counting all` (the
default) each panel target is measured three times in the same round, one after the other:
"off", as before counting existed (no beacon arrives, so no count is held and no flush runs);
"on", while a second wrk sends the view beacon (`POST /api/reach/hit`, from 50 partner origins)
at about `--beacons` per second and the panel writes its counts every `--flush-seconds` (1, not
the default 60, so that flushes fall inside each measurement); and "control", while the second wrk sends as
many requests that count nothing (the partner loader, a static file answered before Pyramid
as the beacon is). On a machine whose cores the client and server share, "on" against
"control" is what counting itself costs, "control" against "off" what any extra request costs.
The three take turns in first place from round to round. The report gives the ratios.
"""

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
HELLO = """
def app(environ, start_response):
    body = b'{"success": true, "message": "hello"}'
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
    return [body]
"""
ENCODINGS = "gzip, br"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.status
        except urllib.error.HTTPError as error:  # it answers, if not with 200
            return error.code
        except Exception:
            time.sleep(0.2)
    raise RuntimeError(f"nothing answers at {url}")


def get(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def wrk(url, seconds, connections, headers=()):
    command = ["wrk", f"-t{min(2, connections)}", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for header in (f"Accept-Encoding: {ENCODINGS}", *headers):
        command += ["-H", header]
    output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    latency = {p: to_ms(v) for p, v in re.findall(r"^\s+(50|99)%\s+([\d.]+\w+)", output, re.M)}
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = re.search(r"Socket errors: (.*)", output)
    return {
        "rate": rate,
        "p50": latency.get("50"),
        "p99": latency.get("99"),
        "bad": int(bad.group(1)) if bad else 0,
        "socket": errors.group(1) if errors else "",
    }


def to_ms(text):
    number, unit = re.match(r"([\d.]+)(\w+)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def start(command, env=None, cwd=None):
    # The server's log goes to a file: a pipe nobody reads fills up (waitress warns of its task
    # queue under load) and the server then blocks on writing it, answering nothing (0 req/s).
    log = tempfile.NamedTemporaryFile("w", dir=cwd, prefix=Path(command[0]).name + "-", suffix=".log", delete=False)
    return subprocess.Popen(command, env={**os.environ, **(env or {})}, cwd=cwd, stdout=subprocess.DEVNULL, stderr=log)


def start_ceilings(folder, connections):
    """The hello-world servers: {label: (process, url)}."""
    (folder / "hello.py").write_text(HELLO)
    servers = {}
    port = free_port()
    servers[f"waitress hello-world, {connections} threads"] = (
        start(
            [str(BIN / "waitress-serve"), f"--listen=127.0.0.1:{port}", f"--threads={connections}", "hello:app"],
            cwd=folder,
        ),
        f"http://127.0.0.1:{port}/",
    )
    if (BIN / "gunicorn").exists():
        port = free_port()
        servers[f"gunicorn hello-world, {os.cpu_count()} workers x {connections} threads"] = (
            start(
                [
                    str(BIN / "gunicorn"),
                    "-b",
                    f"127.0.0.1:{port}",
                    "-w",
                    str(os.cpu_count()),
                    "--threads",
                    str(connections),
                    "hello:app",
                ],
                cwd=folder,
            ),
            f"http://127.0.0.1:{port}/",
        )
    return servers


UNCOUNTED_SCRIPT = """
delay = function() return %(delay)d end
"""
BEACON_SCRIPT = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, '{"k":"timer","n":"%(name)s","s":"https://gmina' .. (n %% 50) .. '.example.pl"}')
end
delay = function() return %(delay)d end
"""
BEACON_CONNECTIONS = 2


def start_beacons(folder, base, name, per_second, seconds, counted=True):
    """A wrk sending view beacons (or, not `counted`, as many GETs of the partner loader) at
    about `per_second` (each connection waits between them)."""
    script = folder / ("beacon.lua" if counted else "uncounted.lua")
    delay = max(1, round(1000 * BEACON_CONNECTIONS / per_second))
    script.write_text((BEACON_SCRIPT if counted else UNCOUNTED_SCRIPT) % {"name": name, "delay": delay})
    url = base + ("/api/reach/hit" if counted else "/static/embeds/loader.js")
    command = ["wrk", "-t1", f"-c{BEACON_CONNECTIONS}", f"-d{seconds + 1}s", "-s", str(script), url]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def beacon_rate(process):
    output = process.communicate()[0]
    found = re.search(r"Requests/sec:\s+([\d.]+)", output)
    return float(found.group(1)) if found else float("nan")


def start_panel(folder, flush_seconds):
    database = f"sqlite:///{folder / 'panel.sqlite'}"
    env = {"SMOGPANEL_DATABASE_URL": database, "SMOGPANEL_HOST": "127.0.0.1", "SMOGPANEL_PORT": str(free_port())}
    smogpanel = str(BIN / "smogpanel")
    # development.ini, with the counts written every `flush_seconds`: a flush inside every measurement.
    ini = folder / "bench.ini"
    flush = f"[app:main]\nsmogpanel.reach_flush_seconds = {flush_seconds}\n"
    ini.write_text((ROOT / "development.ini").read_text().replace("[app:main]\n", flush, 1))
    subprocess.run(
        [smogpanel, "-c", str(ini), "init", "--demo"],
        env={**os.environ, **env},
        check=True,
        capture_output=True,
        cwd=folder,
    )
    process = start([smogpanel, "-c", str(ini), "serve"], env=env, cwd=folder)
    return process, f"http://127.0.0.1:{env['SMOGPANEL_PORT']}", database


def demo_names(database):
    import sqlalchemy as sa

    engine = sa.create_engine(database)
    with engine.connect() as connection:
        names = {}
        for kind, table in (("timer", "timer"), ("map", "map"), ("rank", "rank")):
            try:
                names[kind] = connection.exec_driver_sql(
                    f"SELECT internal_name FROM {table} WHERE deleted IS NULL ORDER BY id LIMIT 1"
                ).scalar()
            except Exception:
                names[kind] = None
    engine.dispose()
    return {kind: name for kind, name in names.items() if name}


def targets(base, names):
    """[(label, url, extra headers, group)]; group: what the target is compared with."""
    found = []
    for kind, name in names.items():
        url = f"{base}/api/public/{kind}/{name}"
        status, headers, _body = get(url, {"Accept-Encoding": ENCODINGS})
        found.append((f"{kind} payload", url, (), "payload"))
        if status == 200 and headers.get("ETag"):
            found.append((f"{kind} payload, 304", url, (f"If-None-Match: {headers['ETag']}",), "304"))
    for kind in ("timer", "map"):
        if kind in names:
            found.append((f"{kind} embed page", f"{base}/view/{kind}/{names[kind]}/embed/bench", (), "page"))
    if "timer" in names:
        _status, _headers, page = get(f"{base}/view/timer/{names['timer']}")
        bundle = re.search(rb'<script src="([^"]+)"', page).group(1).decode()
        found.append(("timer embed bundle", base + bundle, (), "static"))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--counting", choices=("all", "on", "off", "control"), default="all")
    parser.add_argument("--beacons", type=int, default=200, help="view beacons per second while counting")
    parser.add_argument("--flush-seconds", type=int, default=1, help="the panel's smogpanel.reach_flush_seconds")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is missing: apt-get install wrk (make bench installs it)")
    folder = Path(tempfile.mkdtemp(prefix="smogpanel-bench-public-"))
    processes = []
    try:
        ceilings = start_ceilings(folder, args.connections)
        processes += [process for process, _url in ceilings.values()]
        panel, base, database = start_panel(folder, args.flush_seconds)
        processes.append(panel)
        for _process, url in ceilings.values():
            wait_for(url)
        wait_for(base + "/api/plugins")
        names = demo_names(database)
        plan = [(label, url, (), "ceiling") for label, (_p, url) in ceilings.items()]
        modes = tuple(COUNTING) if args.counting == "all" else (args.counting,)
        for label, url, headers, group in targets(base, names):
            plan += [(f"{label}{COUNTING[mode]}", url, headers, group) for mode in modes]
        results = {label: [] for label, *_rest in plan}
        beacons = {"on": [], "control": []}
        for round_number in range(args.rounds):
            for label, url, headers, _group in in_turn(plan, round_number):
                mode = next((mode for mode, tail in COUNTING.items() if label.endswith(tail)), "off")
                sender = None
                if mode != "off":
                    sender = start_beacons(
                        folder, base, names["timer"], args.beacons, args.seconds, counted=mode == "on"
                    )
                results[label].append(wrk(url, args.seconds, args.connections, headers))
                if sender is not None:
                    beacons[mode].append(beacon_rate(sender))
            print(f"round {round_number + 1}/{args.rounds} done", file=sys.stderr, flush=True)
        report(plan, results, args, beacons)
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(folder, ignore_errors=True)


COUNTING = {"off": ", counting off", "on": ", counting on", "control": ", uncounted load"}


def in_turn(plan, round_number):
    """The plan in the round's order: a target's modes (off, on, control) take turns in first
    place, so none is always measured last (on a loaded machine, which one waits matters)."""
    ordered, group = [], []
    for step in [*plan, None]:
        base = step and next((step[0][: -len(t)] for t in COUNTING.values() if step[0].endswith(t)), None)
        if group and (base is None or base != group[0][0]):
            turn = round_number % len(group[1])
            ordered += group[1][turn:] + group[1][:turn]
            group = []
        if base is None:
            ordered += [step] if step else []
        else:
            group = group or [base, []]
            group[1].append(step)
    return ordered


def median(runs, field):
    values = [run[field] for run in runs if run[field] is not None]
    return statistics.median(values) if values else float("nan")


def report(plan, results, args, beacons):
    ceiling = max(median(results[label], "rate") for label, *_r, group in plan if group == "ceiling")
    print(
        f"\n{args.connections} connections, {args.seconds} s x {args.rounds} interleaved rounds, "
        f"{os.cpu_count()} cores; ceiling = the faster hello-world ({ceiling:,.0f} req/s)\n"
    )
    print(f"{'what':<44} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'x ceiling':>10} {'errors':>7}  target")
    rates = {}
    for label, _url, _headers, group in plan:
        runs = results[label]
        rate, p50, p99 = median(runs, "rate"), median(runs, "p50"), median(runs, "p99")
        rates[label] = rate
        errors = sum(run["bad"] for run in runs)
        ratio = rate / ceiling
        goal = {"payload": (0.5, "payload >= 0.5x, p99 < 50 ms"), "304": (0.7, "304 >= 0.7x")}.get(group)
        verdict = ""
        if goal:
            met = ratio >= goal[0] and (group != "payload" or p99 < 50)
            verdict = f"{'met' if met else 'MISSED'}: {goal[1]}"
        print(f"{label:<44} {rate:>9,.0f} {p50:>8.2f} {p99:>8.2f} {ratio:>10.2f} {errors:>7}  {verdict}")
    targets_measured = [label[: -len(COUNTING["on"])] for label in rates if label.endswith(COUNTING["on"])]
    if targets_measured and beacons["on"]:
        sent = ", ".join(f"{mode} {statistics.median(rates_):,.0f}/s" for mode, rates_ in beacons.items() if rates_)
        print(f"\nrequests/s ratios (the second wrk's median rate: {sent}; target: on / off >= 0.95)")
        print(f"{'what':<44} {'on/off':>7} {'control/off':>12} {'on/control':>11}")
        for label in targets_measured:
            on, off, control = (rates.get(label + COUNTING[mode], float("nan")) for mode in ("on", "off", "control"))
            print(f"{label:<44} {on / off:>7.3f} {control / off:>12.3f} {on / control:>11.3f}")
    timer = next(
        (rates[f"timer payload{mode}"] for mode in ("", *COUNTING.values()) if f"timer payload{mode}" in rates), None
    )
    map_ = next(
        (rates[f"map payload{mode}"] for mode in ("", *COUNTING.values()) if f"map payload{mode}" in rates), None
    )
    if timer and map_:
        slower = timer / map_
        print(
            f"\nmap payload is {slower:.2f}x slower than the timer's "
            f"({'met' if slower <= 1.5 else 'MISSED'}: within 1.5x)"
        )


if __name__ == "__main__":
    main()

"""The installable package: the wheel `pip wheel .` builds from a built tree holds what the app
opens at run time and nothing of the test suites, and installed into a fresh venv it runs
`init --demo` and serves the shell, every remote and every embed. docs/deployment.md,
"Installing", gives these steps; the one difference is that the fresh venv takes the
dependencies from this project's venv instead of downloading them again."""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from smogpanel.testing.app import TEST_SECRET
from smogpanel.testing.serve import free_port

pytestmark = [
    pytest.mark.slow,  # builds the wheel and installs it in a virtualenv of its own
    pytest.mark.own_database,  # its databases are SQLite files of the installed copy's
]

ROOT = Path(__file__).resolve().parents[2]
BUILT = [ROOT / "core" / "static" / "shell", *sorted((ROOT / "plugins").glob("*/static"))]
DEMO_ADMIN = ("admin@smogpanel.local", "smogpanel-demo")
RUN_TIME_DATA = {"smogpanel/plugins/hierarchy/fixtures/terc_sample.csv"}  # the demo's register


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The wheel, built from a copy of the tree (the suites on both databases run side by side,
    and setuptools writes build/ where it builds)."""
    if not (ROOT / "core" / "static" / "shell" / "index.html").is_file():
        pytest.fail("the front end is not built: run `npm run build` (make setup does)")
    source = tmp_path_factory.mktemp("source") / "smogpanel"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, tracked.decode().split("\0")):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    for folder in [ROOT / "core" / "static", *BUILT[1:]]:
        shutil.copytree(folder, source / folder.relative_to(ROOT), dirs_exist_ok=True)
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(dist),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    return next(dist.glob("smogpanel-*.whl"))


def built_files():
    """Every file `npm run build` (and the compression after it) left in the package folders,
    as the wheel names it."""
    names = set()
    for path in (ROOT / "core" / "static").rglob("*"):
        if path.is_file():
            names.add("smogpanel/" + path.relative_to(ROOT / "core").as_posix())
    for path in (ROOT / "plugins").glob("*/static/**/*"):
        if path.is_file():
            names.add("smogpanel/" + path.relative_to(ROOT).as_posix())
    return names


def test_the_wheel_holds_the_built_front_end_and_the_migrations_but_no_tests(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert not [n for n in names if "/tests/" in n or "/fixtures/" in n and n not in RUN_TIME_DATA]
    assert RUN_TIME_DATA <= names
    assert built_files() - names == set()
    migrations = {
        "smogpanel/" + p.relative_to(ROOT / "core").as_posix() for p in (ROOT / "core" / "migrations").rglob("*.py")
    }
    migrations |= {
        "smogpanel/" + p.relative_to(ROOT).as_posix() for p in (ROOT / "plugins").glob("*/migrations/**/*.py")
    }
    assert migrations - names == set()
    assert "smogpanel/migrations/script.py.mako" in names
    assert "smogpanel/plugins/calculators/demo_definition.json" in names
    assert not [
        n for n in names if "node_modules" in n or "/web/" in n or "airquality" in n
    ]  # the example plugin is its own distribution


# Run from this tree: `init --demo`, the app built and its first pages, with an audit hook that
# records every file opened under core/ and plugins/ other than code.
OPEN_AT_RUN_TIME = """
import json, os, sys
roots = tuple(os.path.join(sys.argv[1], folder) + os.sep for folder in ("core", "plugins"))
opened = set()
def record(event, args):
    if event == "open" and isinstance(args[0], str):
        path = os.path.realpath(args[0])
        if path.startswith(roots) and not path.endswith((".py", ".pyc")) and "__pycache__" not in path:
            opened.add(os.path.relpath(path, sys.argv[1]))
sys.addaudithook(record)
from smogpanel.cli import main
main(["-c", "production.ini", "init", "--demo"])
import webtest
from pyramid.paster import get_app
app = webtest.TestApp(get_app("production.ini"))
for path in ("/", "/view/timer/koniec-sezonu-grzewczego", "/api/import/"):
    app.get(path, status="*")
print(json.dumps(sorted(opened)))
"""


def test_every_file_the_app_opens_at_run_time_is_in_the_wheel(wheel, tmp_path):
    """What the package data must hold is read from the app, not written down: a data file a
    plugin starts to open (a register, a demo definition, a manifest) and the wheel leaves out
    fails here, not at an operator's first `init --demo`."""
    shutil.copy(ROOT / "production.ini", tmp_path / "production.ini")
    env = {k: v for k, v in os.environ.items() if not k.startswith("SMOGPANEL_")}
    env.update(
        SMOGPANEL_DATABASE_URL=f"sqlite:///{tmp_path / 'opened.sqlite'}",
        SMOGPANEL_SECRET=TEST_SECRET,
        SMOGPANEL_PUBLIC_URL="https://panel.example.pl",
    )
    done = subprocess.run(
        [sys.executable, "-c", OPEN_AT_RUN_TIME, str(ROOT)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    opened = {
        "smogpanel/" + (name.removeprefix("core/") if name.startswith("core/") else name)
        for name in json.loads(done.stdout.strip().splitlines()[-1])
    }
    assert RUN_TIME_DATA <= opened  # the demo's register, the one fixture the wheel keeps
    assert "smogpanel/static/shell/index.html" in opened
    assert opened - set(zipfile.ZipFile(wheel).namelist()) == set()


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """A fresh venv with the wheel installed; its dependencies come from this venv through a
    folder of links that leaves out the editable installs of this tree."""
    place = tmp_path_factory.mktemp("installed")
    venv = place / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "--quiet",
            "--no-deps",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    dependencies = place / "dependencies"
    dependencies.mkdir()
    ours = ("smogpanel", "__editable__", "_smogpanel", "__pycache__")
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if not entry.name.lower().startswith(ours) and not entry.name.endswith(".pth"):
            (dependencies / entry.name).symlink_to(entry)
    site = next((venv / "lib").glob("python3*/site-packages"))
    (site / "dependencies.pth").write_text(str(dependencies) + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("SMOGPANEL_")}
    env.update(
        SMOGPANEL_DATABASE_URL=f"sqlite:///{place / 'smogpanel.sqlite'}",
        SMOGPANEL_SECRET=TEST_SECRET,
        SMOGPANEL_PUBLIC_URL="https://panel.example.pl",
        PYTHONDONTWRITEBYTECODE="1",
    )
    shutil.copy(ROOT / "production.ini", place / "production.ini")
    return venv, place, env


def test_the_installed_wheel_runs_init_demo_from_its_own_files(installed):
    venv, place, env = installed
    done = subprocess.run(
        [str(venv / "bin" / "smogpanel"), "-c", "production.ini", "init", "--demo"],
        cwd=place,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "Konto demonstracyjne" in done.stdout
    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import smogpanel; print(smogpanel.__file__)"],
        cwd=place,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(str(venv)), where  # the wheel's files, not this tree's


# What only the `test` extra installs: the app must run without any of it.
TEST_ONLY = ("pytest", "_pytest", "webtest", "aiosmtpd", "playwright", "xlwt", "schemathesis")
BUILD_THE_APP_AND_SAY_WHAT_IT_IMPORTED = f"""
import sys
from smogpanel.cli import main
main(["-c", "production.ini", "routes"])
print("IMPORTED", sorted(m for m in sys.modules
                         if m.startswith("smogpanel.testing") or m.split(".")[0] in {TEST_ONLY!r}))
"""


def test_the_wheel_ships_the_testing_package_with_its_pytest_entry_point_and_the_app_never_imports_it(installed, wheel):
    """smogpanel.testing ships as the documented testing API (docs/plugins.md, "Testing a plugin"),
    registered as a pytest plugin; the app, built and listing its routes, imports neither it nor
    any test-only library (docs/deployment.md, "Installing")."""
    archive = zipfile.ZipFile(wheel)
    assert {"smogpanel/testing/__init__.py", "smogpanel/testing/plugin.py"} <= set(archive.namelist())
    entry_points = next(n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt"))
    assert "[pytest11]\nsmogpanel = smogpanel.testing.plugin" in archive.read(entry_points).decode()
    venv, place, env = installed
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-c", BUILD_THE_APP_AND_SAY_WHAT_IT_IMPORTED],
        cwd=place,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "IMPORTED []" in done.stdout, done.stdout[-500:]


def get(port, path, token=None, body=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    data = None
    if body is not None:
        data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data, headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.mark.live  # `smogpanel serve` from the installed wheel
def test_the_installed_wheel_serves_the_shell_every_remote_and_every_embed(installed, wheel):
    venv, place, env = installed
    subprocess.run(
        [str(venv / "bin" / "smogpanel"), "-c", "production.ini", "init", "--demo"],
        cwd=place,
        env=env,
        capture_output=True,
        check=True,
        timeout=300,
    )
    port = free_port()
    server = subprocess.Popen(
        [str(venv / "bin" / "smogpanel"), "-c", "production.ini", "serve", "--workers", "1", "--port", str(port)],
        cwd=place,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        for _ in range(300):
            try:
                status, page = get(port, "/")
                break
            except OSError:
                time.sleep(0.1)
        assert status == 200 and b'id="smogpanel-config"' in page
        token = json.loads(get(port, "/api/auth/login", body=dict(zip(("email", "password"), DEMO_ADMIN)))[1])[
            "message"
        ]
        remotes = json.loads(get(port, "/api/plugins", token)[1])["message"]
        assert {r["name"] for r in remotes} >= {"hierarchy", "maps", "timers", "ranks", "letters", "items"}
        for remote in remotes:
            assert get(port, remote["entry"])[0] == 200, remote
        names = zipfile.ZipFile(wheel).namelist()
        # The share images' scripts are run by the panel under Node, never served (docs/embeds.md).
        scripts = {n for n in names if "/static/image/" in n}
        assert {
            "smogpanel/plugins/maps/static/image/image.js",
            "smogpanel/plugins/graphs/static/image/image.js",
            "smogpanel/plugins/ranks/static/image/image.js",
            "smogpanel/plugins/calculators/static/image/image.js",
        } <= scripts
        served = [n for n in names if "/static/" in n and n not in scripts and not n.endswith((".gz", ".br"))]
        for name in served:
            url = (
                "/" + name.removeprefix("smogpanel/").replace("/static/", "/", 1)
                if "/plugins/" in name
                else "/" + name.removeprefix("smogpanel/")
            )
            assert get(port, url)[0] == 200, url
        status, public = get(port, "/view/timer/koniec-sezonu-grzewczego")
        assert status == 200 and b"/plugins/timers/embed/embed." in public
    finally:
        server.terminate()
        server.wait(30)

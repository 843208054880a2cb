"""The `smogpanel` command pauses Python's garbage collector while it starts (smogpanel.startup):
once its app is built the collector runs again, with what the start built frozen out of its
sight. A command run inside another program (a test calling `smogpanel.cli.main`) leaves that
program's collector as it was."""

import gc
import importlib.metadata
import subprocess
import sys
import textwrap

from smogpanel.cli.app import build_app

PROBE = textwrap.dedent(
    """
    import gc, sys
    from smogpanel import startup
    from smogpanel.cli.app import build_app

    startup.pause_collector()
    paused = not gc.isenabled()
    build_app({"sqlalchemy.url": sys.argv[1]})
    print(paused, gc.isenabled(), gc.get_freeze_count())
    """
)


def test_the_console_script_pauses_the_collector_until_its_app_is_built(tmp_path):
    (script,) = importlib.metadata.entry_points(group="console_scripts", name="smogpanel")
    assert script.value == "smogpanel.cli:run"
    url = f"sqlite:///{tmp_path / 'probe.sqlite'}"
    answer = subprocess.run([sys.executable, "-c", PROBE, url], capture_output=True, text=True, check=True)
    paused, running, frozen = answer.stdout.split()
    assert (paused, running) == ("True", "True")
    assert int(frozen) > 100_000  # the modules and the app's configuration


def test_an_app_built_inside_another_program_leaves_its_collector_alone(tmp_path):
    frozen = gc.get_freeze_count()  # the test run's own (smogpanel.testing.collector)
    build_app({"sqlalchemy.url": f"sqlite:///{tmp_path / 'probe.sqlite'}"})
    assert gc.isenabled()
    assert gc.get_freeze_count() <= frozen  # nothing more frozen (frozen objects that die leave it)

"""Smogpanel: the administration panel's Pyramid application."""

import warnings

# Pyramid 2.1 and Cornice 6.1 (the newest releases) still import pkg_resources, whose import
# warns over two lines on every `smogpanel` command. Only that message is silenced, here
# because this runs before either is imported; docs/deployment.md ("setuptools") says why the
# pin stays and core/tests/test_dependencies.py fails once it can be lifted.
warnings.filterwarnings("ignore", message="pkg_resources is deprecated as an API", category=UserWarning)

from .release import PRODUCT, __version__  # noqa: E402, F401 (after the filter; named as smogpanel.__version__)


def main(global_config=None, **settings):
    """The WSGI app. Settings come from the ini file (Pyramid style), then `SMOGPANEL_*`
    environment variables; `smogpanel.plugin_objects` may add (name, plugin) pairs (tests).

    The app's modules are imported here, not at the top: every `import smogpanel.x` (the CLI, a
    plugin, a test) runs this file first, and must not load the whole app with it."""
    from pyramid.config import Configurator

    from .plugin_manager import build_plugin_manager, parse_enabled
    from .settings import resolve

    settings = resolve(settings)
    extra = settings.pop("smogpanel.plugin_objects", ())
    manager = build_plugin_manager(parse_enabled(settings.get("smogpanel.plugins")), extra)
    with Configurator(settings=settings) as config:
        config.registry.plugin_manager = manager
        config.add_translation_dirs("colander:locale/")
        config.include("cornice")
        config.commit()  # so the envelope's error views below replace Cornice's own
        config.include(".envelope")
        config.include(".malformed_requests")
        config.include(".db")
        config.include(".security")
        config.include(".client_address")
        config.include(".resources")
        config.include(".web")
        config.include(".compression")
        config.include(".mail")
        config.include(".users")
        config.include(".files")
        config.include(".gazetteer")
        config.include(".spreadsheets.imports")
        config.include(".importing")
        config.include(".history")  # its subscribers to the write events (smogpanel.events)
        config.include(".history.views")
        config.include(".public")
        config.include(".publishing")  # drafts, versions, schedules of the public records
        config.include(".reach")
        config.include(".openapi")
        config.include(".forms")
        config.include(".plugin_manager")
        config.include(".ops.jobs")
        config.include(".ops.health")
        config.include(".ops.readiness")
        config.include(".ops.metrics")
        config.include(".ops.database_metrics")
    from .malformed_requests import RejectMalformedAddresses
    from .ops.access_log import AccessLog
    from .ops.metrics import RequestMetrics
    from .ops.replay import replay_public_answers
    from .reach.beacon import answer_beacons
    from .web import serve_static_files

    app = config.make_wsgi_app()
    return AccessLog(
        RequestMetrics(
            RejectMalformedAddresses(
                serve_static_files(replay_public_answers(answer_beacons(app, app.registry), app.registry))
            )
        )
    )

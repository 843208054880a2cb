"""What every command of the `smogpanel` command line starts from: the settings (the ini file
and `SMOGPANEL_*` overrides, exactly as the web app reads them) and the app built from them."""

import sqlalchemy as sa

DEMO_ADMIN = ("admin@smogpanel.local", "smogpanel-demo")


def load_settings(config_path):
    from ..settings import resolve

    if config_path:
        from pyramid.paster import get_appsettings, setup_logging

        setup_logging(config_path)
        return resolve(dict(get_appsettings(config_path, name="main")))
    return resolve({})


def build_app(settings):
    from .. import main
    from ..startup import started

    app = main({}, **settings)
    started()  # the command's collector runs again, what it keeps frozen (smogpanel.startup)
    return app


def session_factory(app):
    return app.registry["db.session_factory"]


def safe_url(url):
    """The database URL without its password, for messages."""
    return sa.engine.make_url(url).render_as_string(hide_password=True)

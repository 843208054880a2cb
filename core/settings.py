"""Settings: the ini file's app section, then `SMOGPANEL_*` environment overrides."""
import os

ENVIRONMENT_OVERRIDES = {
    "SMOGPANEL_DATABASE_URL": "sqlalchemy.url",
    "SMOGPANEL_SECRET": "smogpanel.secret",
    "SMOGPANEL_PLUGINS": "smogpanel.plugins",
    "SMOGPANEL_SMTP_URL": "smogpanel.smtp_url",
    "SMOGPANEL_MAIL_FROM": "smogpanel.mail_from",
    "SMOGPANEL_PUBLIC_URL": "smogpanel.public_url",
    "SMOGPANEL_ENVIRONMENT": "smogpanel.environment",
    "SMOGPANEL_SUPPORT_URL": "smogpanel.support_url",
    "SMOGPANEL_MAX_UPLOAD_BYTES": "smogpanel.max_upload_bytes",
    "SMOGPANEL_TOKEN_TTL": "smogpanel.token_ttl",
}

DEFAULTS = {
    "sqlalchemy.url": "sqlite:///var/smogpanel.sqlite",
    "smogpanel.environment": "development",
    "smogpanel.mail_from": "Smogpanel <no-reply@localhost>",
    "smogpanel.mail_dir": "var/mail",
    "smogpanel.max_upload_bytes": str(5 * 1024 * 1024),
    "smogpanel.token_ttl": "600",
    "smogpanel.support_url": "",
    "pyramid.default_locale_name": "pl",
    "retry.attempts": "3",
}


def normalise_database_url(url):
    """Plain `postgresql://` URLs (as PostgreSQL tools write them) use psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def resolve(settings, environ=None):
    environ = os.environ if environ is None else environ
    resolved = dict(DEFAULTS)
    resolved.update({k: v for k, v in settings.items() if v is not None})
    for variable, key in ENVIRONMENT_OVERRIDES.items():
        if environ.get(variable):
            resolved[key] = environ[variable]
    if isinstance(resolved.get("sqlalchemy.url"), str):
        resolved["sqlalchemy.url"] = normalise_database_url(resolved["sqlalchemy.url"])
    return resolved

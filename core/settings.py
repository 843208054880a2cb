"""Settings: the ini file's app section, then `SMOGPANEL_*` environment overrides."""

import os
from urllib.parse import urlsplit

from pyramid.exceptions import ConfigurationError

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
    "SMOGPANEL_REDIS_URL": "smogpanel.redis_url",
    "SMOGPANEL_PUBLIC_CACHE_CONTROL": "smogpanel.public_cache_control",
    "SMOGPANEL_PUBLIC_LICENCE": "smogpanel.public_licence",
    "SMOGPANEL_SHARE_IMAGE_NODE": "smogpanel.share_image.node",
    "SMOGPANEL_INTEGRATIONS_TIMEOUT": "smogpanel.integrations.timeout",
    "SMOGPANEL_INTEGRATIONS_RETRIES": "smogpanel.integrations.retries",
    "SMOGPANEL_INTEGRATIONS_WORKERS": "smogpanel.integrations.workers",
    "SMOGPANEL_INTEGRATIONS_BUDGET": "smogpanel.integrations.budget",
    "SMOGPANEL_TRUSTED_PROXIES": "smogpanel.trusted_proxies",
    "SMOGPANEL_SCHEDULER": "smogpanel.scheduler",
    "SMOGPANEL_INTEGRATIONS_REFRESH_INTERVAL": "smogpanel.integrations.refresh_interval",
    "SMOGPANEL_METRICS_ALLOW": "smogpanel.metrics.allow",
    "SMOGPANEL_METRICS_TOKEN": "smogpanel.metrics.token",
    "SMOGPANEL_HISTORY_KEEP_DAYS": "smogpanel.history.keep_days",
    "SMOGPANEL_REACH_KEEP_DAYS": "smogpanel.reach.keep_days",
    "SMOGPANEL_LETTERS_KEEP_CONFIRMED_DAYS": "smogpanel.letters.keep_confirmed_days",
    "SMOGPANEL_BACKUP_KEY": "smogpanel.backup.key",
    "SMOGPANEL_TWO_FACTOR": "smogpanel.two_factor",
    "SMOGPANEL_PUBLISHING": "smogpanel.publishing",
    "SMOGPANEL_PUBLISHING_PREVIEW_DAYS": "smogpanel.publishing.preview_days",
}
DEFAULT_LISTEN = ("127.0.0.1", "6543")  # as `smogpanel serve` and the ini files listen

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
    # Public payloads and embed pages: browsers keep them a minute, a CDN five, and may show a
    # stale one for ten more while it asks again (docs/deployment.md).
    "smogpanel.public_cache_control": "public, max-age=60, s-maxage=300, stale-while-revalidate=600",
    # The licence line of public data downloads when the operator set none for the record.
    "smogpanel.public_licence": "CC BY 4.0",
}


def normalise_database_url(url):
    """Plain `postgresql://` URLs (as PostgreSQL tools write them) use psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def public_url(settings):
    """The panel's public address, for links sent by e-mail: `smogpanel.public_url`, never the
    request's Host header (which anyone can forge). Without it, outside production, the
    address the server listens on (`smogpanel.listen`, set by `smogpanel serve`, else
    SMOGPANEL_HOST/SMOGPANEL_PORT or 127.0.0.1:6543); in production the app refuses to start
    (`check_public_url`)."""
    configured = (settings.get("smogpanel.public_url") or "").strip()
    if configured:
        return configured.rstrip("/")
    listen = settings.get("smogpanel.listen") or "{}:{}".format(
        os.environ.get("SMOGPANEL_HOST") or DEFAULT_LISTEN[0], os.environ.get("SMOGPANEL_PORT") or DEFAULT_LISTEN[1]
    )
    host, _, port = listen.rpartition(":")
    if host in ("", "0.0.0.0", "::", "[::]"):
        host = "127.0.0.1"
    return f"http://{host}:{port}"


def check_public_url(settings):
    """Stops the start when the public address is missing in production, or is no http(s) URL."""
    configured = (settings.get("smogpanel.public_url") or "").strip()
    if not configured:
        if settings.get("smogpanel.environment") == "production":
            raise ConfigurationError(
                "Refusing to start in production without the panel's public address "
                "(used in links sent by e-mail): set SMOGPANEL_PUBLIC_URL, "
                "e.g. https://panel.example.pl."
            )
        return
    parts = urlsplit(configured)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ConfigurationError(
            f"smogpanel.public_url (SMOGPANEL_PUBLIC_URL) must be an http(s) address such as "
            f"https://panel.example.pl, not {configured!r}."
        )


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

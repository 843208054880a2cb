"""Short-lived links a browser can follow without the Bearer token (downloads it navigates
to, e.g. a map's export): the query carries an expiry and an HMAC of (purpose, subject,
expiry) made with the app's secret. Nothing is stored, so nothing piles up."""

import hashlib
import hmac
import time
from urllib.parse import urlencode

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["signed_query", "is_valid"]

DEFAULT_TTL = 300


def _signature(secret, purpose, subject, expires):
    message = f"{purpose}\n{subject}\n{expires}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def _secret(registry):
    return registry["smogpanel.tokens"].secret


def signed_query(registry, purpose, subject, ttl=DEFAULT_TTL):
    """`expires=...&signature=...` for a link to `subject` (e.g. a record id) for `purpose`."""
    expires = int(time.time()) + ttl
    return urlencode({"expires": expires, "signature": _signature(_secret(registry), purpose, subject, expires)})


def is_valid(registry, purpose, subject, params):
    """True for an unexpired link signed for this purpose and subject."""
    try:
        expires = int(params.get("expires", ""))
    except ValueError:
        return False
    if expires < time.time():
        return False
    expected = _signature(_secret(registry), purpose, subject, expires)
    signature = params.get("signature", "")
    # compare_digest takes ASCII text only (a forged link may carry anything: a 403, never a 500).
    return signature.isascii() and hmac.compare_digest(expected, signature)

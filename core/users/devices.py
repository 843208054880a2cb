"""Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
that signed in to an account successfully gets a cookie signed for that account's e-mail. Its
failed sign-ins and restore requests count under the device, not under the e-mail, so someone
guessing an operator's password from elsewhere locks out only unknown clients, never the owner's
own browser, and a device that guesses wrong too often locks out itself alone.

The cookie: `<nonce>.<HMAC-SHA256(secret, "device\\n<e-mail>\\n<nonce>")>`, HttpOnly,
SameSite=Strict, Secure when the panel is served over HTTPS, for the sign-in endpoints only,
renewed at every successful sign-in. It holds no e-mail and no session: alone it signs nobody in.
"""

import hashlib
import hmac
import secrets

COOKIE = "smogpanel_device"
PATH = "/api/auth/"
MAX_AGE = 365 * 24 * 3600


def _signature(secret, email, nonce):
    message = f"device\n{email}\n{nonce}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def known_device(request, email):
    """The nonce of this browser's device cookie when it was issued for `email` (normalised),
    else None (no cookie, another account's, altered or forged)."""
    value = request.cookies.get(COOKIE, "")
    nonce, _, signature = value.partition(".")
    if not nonce or not signature or len(value) > 200:
        return None
    expected = _signature(request.registry["smogpanel.tokens"].secret, email, nonce)
    return nonce if hmac.compare_digest(expected, signature) else None


def remember_device(request, email):
    """Sets a fresh device cookie for `email` on the response (after a successful sign-in)."""
    nonce = secrets.token_urlsafe(18)
    value = f"{nonce}.{_signature(request.registry['smogpanel.tokens'].secret, email, nonce)}"
    request.response.set_cookie(
        COOKIE,
        value,
        max_age=MAX_AGE,
        path=PATH,
        httponly=True,
        samesite="Strict",
        secure=request.registry.settings.get("smogpanel.public_url", "").startswith("https://"),
    )

"""The HTTP client integrations read their sources with (`IntegrationCall.http`): every request
has a timeout, a bounded number of retries and a bounded answer size, so one slow or broken
source can never hold a refresh for long. Failures are `SourceError` with a Polish message
the panel shows to the operator.

    http = HttpSource(timeout=5, retries=2).within(20)
    data = http.get_json("https://api.gios.gov.pl/pjp-api/v1/rest/aqindex/getIndex/52")

An integration makes several requests in a row (GIOŚ: the index, the sensors, then each
sensor's data), so a source that answers the first and then hangs would cost the timeout and
retries once per request. `within(seconds)` gives a client whose requests, retries and waits
all end by one deadline: one refresh of one item costs at most its budget.

Settings (ini, or the environment's SMOGPANEL_INTEGRATIONS_TIMEOUT / _RETRIES / _BUDGET):
`smogpanel.integrations.timeout` (seconds per request, default 5, at most 60),
`smogpanel.integrations.retries` (further attempts after a failed one, default 2, at most 5),
`smogpanel.integrations.budget` (seconds for every request of one item's integration, default
20, at most 300).
"""

import json
import socket
import ssl
import time
import urllib.error
import urllib.parse
import urllib.request

from .release import __version__

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["HttpSource", "SourceError", "budget_of"]

DEFAULT_TIMEOUT = 5.0
DEFAULT_RETRIES = 2
MAX_TIMEOUT = 60.0
MAX_RETRIES = 5
DEFAULT_BUDGET = 20.0
MAX_BUDGET = 300.0
MAX_BYTES = 2 * 1024 * 1024  # an answer larger than this is no answer of an air-quality API
BACKOFF = 0.2  # seconds before the first retry, doubled for each next one


class SourceError(Exception):
    """A source that failed: `str(error)` is the Polish message shown to the operator.
    `status` is the HTTP status of an error answer (None otherwise) and `document` its body
    when that body is JSON (APIs explain a refused request there, e.g. `{"error_code": ...}`)."""

    def __init__(self, message, status=None, document=None):
        super().__init__(message)
        self.status = status
        self.document = document


def unreachable(url, reason):
    """Why `url` could not be reached, in words the operator can act on (never the system's
    '[Errno -2] Name or service not known')."""
    host = urllib.parse.urlsplit(url).hostname or url
    start = "Nie można połączyć się ze źródłem: "
    if isinstance(reason, socket.gaierror):
        return f"{start}nie znaleziono serwera „{host}” – sprawdź adres źródła i dostęp serwera panelu do internetu"
    if isinstance(reason, ConnectionRefusedError):
        return f"{start}serwer „{host}” nie przyjmuje połączeń – usługa źródła nie działa albo adres jest błędny"
    if isinstance(reason, ssl.SSLError):
        return f"{start}nie udało się nawiązać bezpiecznego połączenia (HTTPS) z serwerem „{host}”"
    return f"{start}serwer „{host}” jest nieosiągalny"


def _number(settings, key, default, low, high, cast=float):
    try:
        value = cast(settings.get(key, default))
    except (TypeError, ValueError):
        value = default
    return min(max(value, low), high)


def budget_of(settings):
    """Seconds one item's integration may spend on its source (`smogpanel.integrations.budget`)."""
    return _number(settings, "smogpanel.integrations.budget", DEFAULT_BUDGET, 0.1, MAX_BUDGET)


def seconds(value):
    return f"{max(round(value, 1), 0.1):g}".replace(".", ",")  # Polish decimal comma: '0,5 s'


class HttpSource:
    def __init__(self, timeout=DEFAULT_TIMEOUT, retries=DEFAULT_RETRIES, backoff=BACKOFF, budget=None):
        self.timeout = min(max(float(timeout), 0.05), MAX_TIMEOUT)
        self.retries = min(max(int(retries), 0), MAX_RETRIES)
        self.backoff = backoff
        self.budget = budget
        self.deadline = None if budget is None else time.monotonic() + budget

    @classmethod
    def from_settings(cls, settings):
        return cls(
            timeout=_number(settings, "smogpanel.integrations.timeout", DEFAULT_TIMEOUT, 0.05, MAX_TIMEOUT),
            retries=_number(settings, "smogpanel.integrations.retries", DEFAULT_RETRIES, 0, MAX_RETRIES, int),
        )

    def within(self, budget):
        """The same client with a deadline `budget` seconds from now for all its requests."""
        return HttpSource(self.timeout, self.retries, self.backoff, budget=min(max(float(budget), 0.1), MAX_BUDGET))

    def _left(self):
        """Seconds before the deadline (None: no deadline); a SourceError once it has passed."""
        if self.deadline is None:
            return None
        left = self.deadline - time.monotonic()
        if left <= 0.01:
            raise SourceError(
                f"Źródło nie odpowiedziało w czasie przeznaczonym na odświeżenie ({seconds(self.budget)} s)."
            )
        return left

    def get_json(self, url):
        """The JSON document at `url`; retried on timeouts, refused connections and 5xx answers
        (never on 4xx or a malformed document, which a retry would not mend). A 4xx answer is a
        SourceError with its `status` and, when its body is JSON, that `document`."""
        last = None
        for attempt in range(self.retries + 1):
            if attempt:
                wait = self.backoff * 2 ** (attempt - 1)
                left = self._left()
                time.sleep(wait if left is None else min(wait, left))
            left = self._left()
            try:
                return self._get_json_once(url, self.timeout if left is None else min(self.timeout, left))
            except _Retryable as error:
                last = error
        self._left()  # the deadline cut the last attempt short: say so
        raise SourceError(f"{last} (próby: {self.retries + 1})")

    def _get_json_once(self, url, timeout):
        request = urllib.request.Request(
            url,
            headers={
                "Accept": "application/json, application/ld+json",
                "User-Agent": f"Smogpanel/{__version__}",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                body = response.read(MAX_BYTES + 1)
        except urllib.error.HTTPError as error:
            if error.code >= 500:
                raise _Retryable(f"Źródło odpowiedziało błędem serwera {error.code}")
            raise SourceError(
                f"Źródło odpowiedziało błędem {error.code} dla {url}", status=error.code, document=_json_or_none(error)
            )
        except TimeoutError:
            raise _Retryable(f"Źródło nie odpowiedziało w ciągu {seconds(timeout)} s")
        except urllib.error.URLError as error:
            if isinstance(error.reason, (socket.timeout, TimeoutError)):
                raise _Retryable(f"Źródło nie odpowiedziało w ciągu {seconds(timeout)} s")
            raise _Retryable(unreachable(url, error.reason))
        except (ConnectionError, OSError) as error:
            raise _Retryable(f"Połączenie ze źródłem zostało przerwane ({error.__class__.__name__})")
        if len(body) > MAX_BYTES:
            raise SourceError("Odpowiedź źródła jest zbyt duża.")
        try:
            return json.loads(body)
        except (ValueError, UnicodeDecodeError):
            raise SourceError("Źródło odpowiedziało czymś, co nie jest poprawnym JSON-em.")


def _json_or_none(error):
    """The JSON body of an error answer, or None (no body, too large, not JSON)."""
    try:
        body = error.read(MAX_BYTES + 1)
        return json.loads(body) if len(body) <= MAX_BYTES else None
    except (OSError, ValueError, UnicodeDecodeError):
        return None


class _Retryable(Exception):
    pass

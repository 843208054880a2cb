"""The HTTP client integrations read their sources with (`IntegrationCall.http`): every request
has a timeout, a bounded number of retries and a bounded answer size, so one slow or broken
source can never hold a refresh for long. Failures are `SourceError` with a Polish message
the panel shows to the operator.

    http = HttpSource(timeout=5, retries=2)
    data = http.get_json("https://api.gios.gov.pl/pjp-api/v1/rest/aqindex/getIndex/52")

Settings (ini, or the environment's SMOGPANEL_INTEGRATIONS_TIMEOUT / _RETRIES):
`smogpanel.integrations.timeout` (seconds per request, default 5, at most 60),
`smogpanel.integrations.retries` (further attempts after a failed one, default 2, at most 5).
"""
import json
import socket
import time
import urllib.error
import urllib.request

from . import __version__

DEFAULT_TIMEOUT = 5.0
DEFAULT_RETRIES = 2
MAX_TIMEOUT = 60.0
MAX_RETRIES = 5
MAX_BYTES = 2 * 1024 * 1024  # an answer larger than this is no answer of an air-quality API
BACKOFF = 0.2  # seconds before the first retry, doubled for each next one


class SourceError(Exception):
    """A source that failed: `str(error)` is the Polish message shown to the operator."""


def _number(settings, key, default, low, high, cast=float):
    try:
        value = cast(settings.get(key, default))
    except (TypeError, ValueError):
        value = default
    return min(max(value, low), high)


class HttpSource:
    def __init__(self, timeout=DEFAULT_TIMEOUT, retries=DEFAULT_RETRIES, backoff=BACKOFF):
        self.timeout = min(max(float(timeout), 0.05), MAX_TIMEOUT)
        self.retries = min(max(int(retries), 0), MAX_RETRIES)
        self.backoff = backoff

    @classmethod
    def from_settings(cls, settings):
        return cls(
            timeout=_number(settings, "smogpanel.integrations.timeout", DEFAULT_TIMEOUT, 0.05, MAX_TIMEOUT),
            retries=_number(settings, "smogpanel.integrations.retries", DEFAULT_RETRIES, 0, MAX_RETRIES, int),
        )

    def get_json(self, url):
        """The JSON document at `url`; retried on timeouts, refused connections and 5xx answers
        (never on 4xx or a malformed document, which a retry would not mend)."""
        last = None
        for attempt in range(self.retries + 1):
            if attempt:
                time.sleep(self.backoff * 2 ** (attempt - 1))
            try:
                return self._get_json_once(url)
            except _Retryable as error:
                last = error
        raise SourceError(f"{last} (próby: {self.retries + 1})")

    def _get_json_once(self, url):
        request = urllib.request.Request(url, headers={
            "Accept": "application/json, application/ld+json",
            "User-Agent": f"Smogpanel/{__version__}",
        })
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                body = response.read(MAX_BYTES + 1)
        except urllib.error.HTTPError as error:
            if error.code >= 500:
                raise _Retryable(f"Źródło odpowiedziało błędem serwera {error.code}")
            raise SourceError(f"Źródło odpowiedziało błędem {error.code} dla {url}")
        except (socket.timeout, TimeoutError):
            raise _Retryable(f"Źródło nie odpowiedziało w ciągu {self.timeout:g} s")
        except urllib.error.URLError as error:
            if isinstance(error.reason, (socket.timeout, TimeoutError)):
                raise _Retryable(f"Źródło nie odpowiedziało w ciągu {self.timeout:g} s")
            raise _Retryable(f"Nie można połączyć się ze źródłem ({error.reason})")
        except (ConnectionError, OSError) as error:
            raise _Retryable(f"Połączenie ze źródłem zostało przerwane ({error.__class__.__name__})")
        if len(body) > MAX_BYTES:
            raise SourceError("Odpowiedź źródła jest zbyt duża.")
        try:
            return json.loads(body)
        except (ValueError, UnicodeDecodeError):
            raise SourceError("Źródło odpowiedziało czymś, co nie jest poprawnym JSON-em.")


class _Retryable(Exception):
    pass

"""Built answers (a public payload's JSON envelope, an embed page, a list) with their ETag and
their gzip and brotli bytes, cached by what they show and its data version: in the process (an LRU), and across
processes in Redis when `smogpanel.redis_url` is set. A version only grows, so an entry never
needs invalidating; old ones fall out of the LRU and expire in Redis.

Redis is an optimisation: when it is down or slow the answer is built here, never a 500.
"""

import gzip
import hashlib
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass

import brotli
from pyramid.response import Response

from .counters import cache_lookup

log = logging.getLogger(__name__)

DEFAULT_SIZE = 512
REDIS_TTL_SECONDS = 24 * 3600
REDIS_TIMEOUT_SECONDS = 0.2
# Smaller answers are sent as they are: compressing them saves less than the header costs.
MIN_COMPRESSED = 1024


@dataclass(frozen=True)
class Built:
    body: bytes
    etag: str
    gzip: bytes | None = None
    brotli: bytes | None = None

    @classmethod
    def of(cls, body):
        etag = hashlib.blake2b(body, digest_size=16).hexdigest()
        if len(body) < MIN_COMPRESSED:
            return cls(body, etag)
        return cls(body, etag, gzip.compress(body, 6, mtime=0), brotli.compress(body, quality=5))

    def encoded(self, request):
        """(bytes, Content-Encoding or None) for the request's Accept-Encoding: brotli, then
        gzip, when the client names them (no header: the bytes as they are)."""
        if "Accept-Encoding" not in request.headers or self.gzip is None:
            return self.body, None
        offered = {name for name, _quality in request.accept_encoding.acceptable_offers(("br", "gzip"))}
        if "br" in offered:
            return self.brotli, "br"
        if "gzip" in offered:
            return self.gzip, "gzip"
        return self.body, None


def answer(request, built, content_type, cache_control):
    """`built` as the response: 304 when the client has it, else its best encoding."""
    if built.etag in request.if_none_match:
        response = Response(status=304)
    else:
        body, encoding = built.encoded(request)
        response = Response(body=body, content_type=content_type, charset="utf-8")
        if encoding:
            response.content_encoding = encoding
    # Weak: the same ETag for every encoding of one content (RFC 9110 8.8.1).
    response.headers["ETag"] = f'W/"{built.etag}"'
    response.headers["Cache-Control"] = cache_control
    response.headers["Vary"] = "Accept-Encoding"
    return response


class LocalCache:
    """A thread-safe LRU of `Built` answers."""

    def __init__(self, size=DEFAULT_SIZE):
        self.size = size
        self.entries = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            entry = self.entries.get(key)
            if entry is not None:
                self.entries.move_to_end(key)
            return entry

    def put(self, key, entry):
        with self.lock:
            self.entries[key] = entry
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)

    def forget(self):
        with self.lock:
            self.entries.clear()


class RedisCache:
    """The same, shared by every process: a hash per answer (body, etag, gzip, brotli)."""

    FIELDS = ("body", "etag", "gzip", "brotli")

    def __init__(self, url, prefix):
        # the Redis client only when smogpanel.redis_url names a server
        import redis

        self.client = redis.Redis.from_url(
            url, socket_timeout=REDIS_TIMEOUT_SECONDS, socket_connect_timeout=REDIS_TIMEOUT_SECONDS
        )
        self.prefix = prefix

    def _key(self, key):
        return self.prefix + ":".join(str(part) for part in key)

    def get(self, key):
        try:
            values = self.client.hmget(self._key(key), self.FIELDS)
        except Exception as error:  # any Redis failure: build the answer here instead
            log.warning("Redis unavailable for public cache: %s", error)
            return None
        if values[0] is None:
            return None
        body, etag, gz, br = values
        return Built(body, etag.decode(), gz or None, br or None)

    def put(self, key, entry):
        mapping = {"body": entry.body, "etag": entry.etag, "gzip": entry.gzip or b"", "brotli": entry.brotli or b""}
        try:
            with self.client.pipeline() as pipe:
                pipe.hset(self._key(key), mapping=mapping)
                pipe.expire(self._key(key), REDIS_TTL_SECONDS)
                pipe.execute()
        except Exception as error:
            log.warning("Redis unavailable for public cache: %s", error)


class PublicCache:
    """The local LRU in front of Redis (when configured)."""

    def __init__(self, local, shared=None, name="payload"):
        self.local = local
        self.shared = shared
        self.name = name  # in /metrics: smogpanel_public_cache_lookups{cache=name}

    def forget(self):
        """Forgets this process's entries; Redis's are keyed by the installation's id and expire."""
        self.local.forget()

    def get_or_build(self, key, build):
        """The cached `Built` for `key`, or `build()`'s (None: nothing to cache, e.g. not found)."""
        shared = self.shared
        entry = self.local.get(key)
        if entry is not None:
            cache_lookup(self.name, "hit")
            return entry
        if shared is not None:
            entry = shared.get(key)
            if entry is not None:
                cache_lookup(self.name, "hit")
                self.local.put(key, entry)
                return entry
        cache_lookup(self.name, "miss")
        entry = build()
        if entry is not None:
            self.local.put(key, entry)
            if shared is not None:
                shared.put(key, entry)
        return entry


def make_caches(settings, namespace, installation=None):
    """(payloads, pages) from settings: `smogpanel.public_cache_size` entries each in the
    process; payloads also in Redis at `smogpanel.redis_url` (SMOGPANEL_REDIS_URL) when set
    and the database's `installation` id is known, under `namespace` (deployments of different
    code: a payload's shape may change with it) and that id (of different databases).
    Pages stay in the process: they are cheap to build from a payload, and an embed's uuid,
    part of their key, is the client's to multiply."""
    size = int(settings.get("smogpanel.public_cache_size") or DEFAULT_SIZE)
    url = settings.get("smogpanel.redis_url")
    shared = RedisCache(url, f"smogpanel:{namespace}:{installation}:") if url and installation else None
    return PublicCache(LocalCache(size), shared, "payload"), PublicCache(LocalCache(size), name="page")

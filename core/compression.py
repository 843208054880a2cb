"""JSON answers of the API over 1 KB, compressed for clients that accept it: brotli quality 3,
else gzip level 1. These low levels compress a long list in a small part of the time it takes
to build it; higher ones cost about twice the time for a fifth less (figures:
docs/performance.md, "Compressing API answers").

Answers that already carry a Content-Encoding (public payloads come compressed from their
cache) and built files (WhiteNoise, precompressed at build time) are left as they are.
"""

import gzip

import brotli

MIN_BYTES = 1024
BROTLI_QUALITY = 3
GZIP_LEVEL = 1


def _encoding(request):
    if "Accept-Encoding" not in request.headers:
        return None
    offered = {name for name, _quality in request.accept_encoding.acceptable_offers(("br", "gzip"))}
    return "br" if "br" in offered else "gzip" if "gzip" in offered else None


def compress_response(request, response):
    if (
        response.content_encoding
        or response.status_int == 304
        or not response.content_type
        or "json" not in response.content_type
        or response.content_length is None
        or response.content_length < MIN_BYTES
    ):
        return response
    response.vary = tuple(dict.fromkeys((*(response.vary or ()), "Accept-Encoding")))
    encoding = _encoding(request)
    if encoding is None:
        return response
    body = response.body
    response.body = (
        brotli.compress(body, quality=BROTLI_QUALITY) if encoding == "br" else gzip.compress(body, GZIP_LEVEL, mtime=0)
    )
    response.content_encoding = encoding
    etag = response.headers.get("ETag")
    if etag and not etag.startswith("W/"):  # one tag for every encoding of the same content
        response.headers["ETag"] = "W/" + etag
    return response


def compress_tween_factory(handler, registry):
    def tween(request):
        return compress_response(request, handler(request))

    return tween


def includeme(config):
    config.add_tween("smogpanel.compression.compress_tween_factory")

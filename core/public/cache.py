"""Built answers and their caches live in smogpanel.answer_cache (the resources' lists keep
theirs there too); named here for the public side's own modules."""

from ..answer_cache import Built, LocalCache, PublicCache, RedisCache, answer, make_caches

__all__ = ["Built", "LocalCache", "PublicCache", "RedisCache", "answer", "make_caches"]

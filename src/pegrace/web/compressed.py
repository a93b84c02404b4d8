"""Answers gzipped for browsers that accept it, each body compressed once and kept: the
page's scripts, its style and the games' catalog are most of a first visit's bytes, and a
phone on a slow line waits for every one of them.
"""

from __future__ import annotations

import gzip
import hashlib
from functools import lru_cache
from pathlib import Path

from starlette.responses import FileResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

# text worth compressing; pictures in these formats already are
COMPRESSIBLE = frozenset({".js", ".css", ".svg", ".json", ".html", ".txt"})
SMALLEST = 512  # below this gzip's own header is most of the saving


def accepts_gzip(scope: Scope) -> bool:
    for name, value in scope.get("headers", ()):
        if name == b"accept-encoding":
            return b"gzip" in value[:512]
    return False


@lru_cache(maxsize=64)
def gzipped(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=9, mtime=0)


def answer(
    scope: Scope, body: bytes, media_type: str, headers: dict[str, str] | None = None
) -> Response:
    """``body`` as it is, or gzipped when the browser accepts it (kept for the next asker)."""
    headers = {**(headers or {}), "Vary": "Accept-Encoding"}
    if len(body) >= SMALLEST and accepts_gzip(scope):
        headers["Content-Encoding"] = "gzip"
        return Response(gzipped(body), media_type=media_type, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


def kept_json(scope: Scope, gzipped_body: bytes) -> Response:
    """A kept answer gzipped in a worker (heavy.py): sent as it is to a browser that accepts
    gzip, else unpacked (a few milliseconds for a long game's, and rare: every browser
    accepts it)."""
    headers = {"Vary": "Accept-Encoding"}
    if accepts_gzip(scope):
        headers["Content-Encoding"] = "gzip"
        return Response(gzipped_body, media_type="application/json", headers=headers)
    return Response(gzip.decompress(gzipped_body), media_type="application/json", headers=headers)


@lru_cache(maxsize=16)
def digest_tag(body: bytes) -> str:
    """A weak ETag naming ``body`` (weak: the gzipped bytes are not the same as its own)."""
    return f'W/"{hashlib.sha256(body).hexdigest()[:20]}"'


def held_tags(scope: Scope) -> set[str]:
    """The ETags the browser says it holds (If-None-Match), weak or not, without "W/"."""
    for name, value in scope.get("headers", ()):
        if name == b"if-none-match":
            return {
                tag.strip().removeprefix("W/") for tag in value[:512].decode("latin-1").split(",")
            }
    return set()


def made_file(scope: Scope, body: bytes, media_type: str) -> Response:
    """A file made by the server once (the games' style) answered as a static file is: its
    ETag, 304 to a browser that holds it already, gzipped where the browser accepts it."""
    tag = digest_tag(body)
    if tag.removeprefix("W/") in held_tags(scope):
        return Response(status_code=304, headers={"ETag": tag, "Vary": "Accept-Encoding"})
    return answer(scope, body, media_type, {"ETag": tag})


@lru_cache(maxsize=64)
def file_bytes(path: str, modified: float, size: int) -> bytes:
    """A static file's contents, read again when it changes (its time or size)."""
    return Path(path).read_bytes()


class CompressedStatic(StaticFiles):
    """The page's static files (ETag, 304 and HEAD as Starlette serves them), text gzipped."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if (
            not isinstance(response, FileResponse)
            or response.status_code != 200
            or scope["method"] != "GET"
            or Path(response.path).suffix not in COMPRESSIBLE
            or not accepts_gzip(scope)
        ):
            return response
        stat = response.stat_result
        if stat is None:
            return response
        body = file_bytes(str(response.path), stat.st_mtime, stat.st_size)
        headers = {
            key: value
            for key, value in response.headers.items()
            if key not in ("content-length", "content-type", "accept-ranges")
        }
        if len(body) >= SMALLEST and "etag" in headers:  # not the same bytes as the file's
            headers["etag"] = "W/" + headers["etag"]
        return answer(scope, body, response.media_type or "text/plain", headers)

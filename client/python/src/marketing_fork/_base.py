"""What the sync and async clients share: requests, retries, errors."""

from __future__ import annotations

import email.utils
import time
import uuid
from typing import Any, Dict, List, Mapping, Optional, Tuple

import httpx

from .errors import (
    APIError,
    AuthenticationError,
    MarketingForkError,
    RateLimitError,
    ValidationError,
)

__version__ = "0.1.0"

USER_AGENT = f"marketing-fork-python/{__version__}"

#: statuses retried (besides network errors); no other 4xx is ever retried
RETRY_STATUSES = frozenset({429, 502, 503, 504})
#: the longest a single Retry-After is honoured for, in seconds
MAX_RETRY_AFTER = 60.0
#: exponential backoff (0.25 s, 0.5 s, 1 s, ... up to 8 s) when no Retry-After applies
BACKOFF_BASE = 0.25
BACKOFF_MAX = 8.0


def new_idempotency_key() -> str:
    return uuid.uuid4().hex


def parse_retry_after(value: Optional[str]) -> Optional[float]:
    """Seconds from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        secs = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when is None:
            return None
        secs = when.timestamp() - time.time()
    if secs != secs:  # NaN
        return None
    return max(secs, 0.0)


def retry_wait(attempt: int, response: Optional[httpx.Response], max_retry_after: float = MAX_RETRY_AFTER) -> float:
    """How long to sleep before retry number ``attempt`` (0-based), as the Go
    SDK does: the server's Retry-After on a 429 or 503, else exponential
    backoff; never more than ``max_retry_after``."""
    if response is not None and response.status_code in (429, 503):
        ra = parse_retry_after(response.headers.get("Retry-After"))
        if ra is not None:
            return min(ra, max_retry_after)
    return min(BACKOFF_BASE * (2**attempt), BACKOFF_MAX, max_retry_after)


def should_retry(response: httpx.Response, unsafe: bool = False) -> bool:
    """Whether an answer is worth another try. ``unsafe`` calls (not
    idempotent, e.g. issuing a key) are retried only where the server did
    nothing: 429 and 503."""
    if unsafe:
        return response.status_code in (429, 503)
    return response.status_code in RETRY_STATUSES


def error_from_response(response: httpx.Response) -> MarketingForkError:
    """The exception for an error answer."""
    status = response.status_code
    request_id = response.headers.get("X-Request-Id")
    try:
        body: Any = response.json()
    except ValueError:
        body = None
    detail: Any = None
    typ = ""
    if isinstance(body, dict):
        detail = body.get("detail")
        typ = str(body.get("type") or "")
        request_id = str(body.get("request_id") or request_id or "") or None
    if status == 422:
        items = detail if isinstance(detail, list) else []
        msg = "; ".join(
            f"{'.'.join(str(p) for p in it.get('loc', []))}: {it.get('msg', '')}" for it in items if isinstance(it, dict)
        )
        return ValidationError(
            status, typ or "validation_error", msg or "validation error", request_id, errors=items, body=body
        )
    if not isinstance(detail, str) or not detail:
        text = response.text.strip() if body is None else ""
        detail = text[:500] or response.reason_phrase or f"HTTP {status}"
    if status == 401:
        return AuthenticationError(status, typ or "unauthorized", detail, request_id, body=body)
    if status == 429:
        return RateLimitError(
            status,
            typ or "rate_limited",
            detail,
            request_id,
            retry_after=parse_retry_after(response.headers.get("Retry-After")),
            body=body,
        )
    return APIError(status, typ or "http_error", detail, request_id, body=body)


def decode(response: httpx.Response) -> Any:
    if response.status_code >= 400:
        raise error_from_response(response)
    try:
        return response.json()
    except ValueError as exc:
        raise APIError(
            response.status_code,
            "invalid_response",
            f"expected JSON, got {response.headers.get('Content-Type', 'no content type')}",
            response.headers.get("X-Request-Id"),
        ) from exc


def decode_any(response: httpx.Response) -> Any:
    """The answer's JSON where it is JSON, its text otherwise (a kept
    fork's page, an export to a tool that takes HTML)."""
    if response.status_code >= 400:
        raise error_from_response(response)
    if "json" in response.headers.get("Content-Type", ""):
        return decode(response)
    return response.text


def fork_path(fork_id: str, rest: str = "") -> str:
    """The path of a kept fork, its id escaped."""
    from urllib.parse import quote

    return "/v1/forks/" + quote(fork_id, safe="") + rest


def list_params(cursor: Optional[str], limit: Optional[int]) -> Dict[str, str]:
    params: Dict[str, str] = {}
    if cursor:
        params["cursor"] = cursor
    if limit is not None:
        params["limit"] = str(limit)
    return params


class BaseClient:
    """Configuration and request building shared by Client and AsyncClient."""

    def __init__(
        self,
        base_url: str = "http://localhost:8080",
        api_key: Optional[str] = None,
        sandbox: bool = False,
        timeout: float = 30.0,
        retries: int = 2,
        *,
        max_retry_after: float = MAX_RETRY_AFTER,
        headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        if retries < 0:
            raise ValueError("retries must be >= 0")
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.sandbox = sandbox
        self.timeout = timeout
        self.retries = retries
        self.max_retry_after = max_retry_after
        self._extra_headers = dict(headers or {})

    def _headers(self, auth: bool = True) -> Dict[str, str]:
        h = {"Accept": "application/json", "User-Agent": USER_AGENT}
        h.update(self._extra_headers)
        if auth and self.api_key:
            h["Authorization"] = f"Bearer {self.api_key}"
        if auth and self.sandbox:
            h["X-Sandbox"] = "true"
        return h

    @staticmethod
    def _fork_body(
        url: Optional[str],
        profile: Optional[str],
        language_layer: Optional[str],
        source_language: Optional[str],
        target_language: Optional[str],
        html: Optional[str],
        strict: Optional[bool] = None,
        keep: Optional[List[str]] = None,
        glossary: Optional[Dict[str, str]] = None,
        avoid: Optional[List[str]] = None,
        voice: Optional[str] = None,
    ) -> Dict[str, Any]:
        body: Dict[str, Any] = {}
        for k, v in (
            ("url", url),
            ("html", html),
            ("profile", profile),
            ("language_layer", language_layer),
            ("source_language", source_language),
            ("target_language", target_language),
            ("strict", strict),
            ("keep", list(keep) if keep is not None else None),
            ("glossary", dict(glossary) if glossary is not None else None),
            ("avoid", list(avoid) if avoid is not None else None),
            ("voice", voice),
        ):
            if v is not None:
                body[k] = v
        return body

    def _fork_headers(self, idempotency_key: Optional[str]) -> Tuple[Dict[str, str], str]:
        key = idempotency_key or new_idempotency_key()
        h = self._headers()
        h["Content-Type"] = "application/json"
        h["Idempotency-Key"] = key
        return h, key

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r}, sandbox={self.sandbox!r}, retries={self.retries!r})"

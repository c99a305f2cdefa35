"""Exceptions raised by the Marketing Fork client."""

from __future__ import annotations

from typing import Any, List, Optional

__all__ = [
    "MarketingForkError",
    "AuthenticationError",
    "ValidationError",
    "RateLimitError",
    "APIError",
    "NetworkError",
]


class MarketingForkError(Exception):
    """Base of every error the client raises.

    ``status`` is the HTTP status (0 when no answer arrived), ``type`` the
    server's error type (e.g. ``"unauthorized"``, ``"rate_limited"``),
    ``detail`` a human-readable message and ``request_id`` the server's
    request ID (``X-Request-Id``) when known.
    """

    def __init__(
        self,
        status: int,
        type: str,
        detail: str,
        request_id: Optional[str] = None,
        *,
        body: Any = None,
    ) -> None:
        self.status = status
        self.type = type
        self.detail = detail
        self.request_id = request_id
        self.body = body
        super().__init__(self._message())

    def _message(self) -> str:
        parts = [f"{self.status} {self.type}: {self.detail}" if self.status else f"{self.type}: {self.detail}"]
        if self.request_id:
            parts.append(f"(request {self.request_id})")
        return " ".join(parts)


class AuthenticationError(MarketingForkError):
    """401: the API key is missing, unknown or revoked."""


class ValidationError(MarketingForkError):
    """422: the request was invalid; ``errors`` holds FastAPI-style items
    (``{"type", "loc", "msg", "input", "ctx"}``)."""

    def __init__(
        self,
        status: int,
        type: str,
        detail: str,
        request_id: Optional[str] = None,
        *,
        errors: Optional[List[dict]] = None,
        body: Any = None,
    ) -> None:
        self.errors: List[dict] = list(errors or [])
        super().__init__(status, type, detail, request_id, body=body)


class RateLimitError(MarketingForkError):
    """429: a quota is used up; ``retry_after`` is the seconds to wait (float)."""

    def __init__(
        self,
        status: int,
        type: str,
        detail: str,
        request_id: Optional[str] = None,
        *,
        retry_after: Optional[float] = None,
        body: Any = None,
    ) -> None:
        self.retry_after = retry_after
        super().__init__(status, type, detail, request_id, body=body)


class APIError(MarketingForkError):
    """Any other error answer (or a network failure, with status 0)."""


class NetworkError(APIError):
    """The server could not be reached (after the retries); status is 0."""

"""The synchronous and asynchronous Marketing Fork clients."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Dict, List, Optional, Union

import httpx

from ._base import BaseClient, decode, decode_any, fork_path, list_params, retry_wait, should_retry
from .errors import NetworkError
from .models import Health, KeyIssued, MetricsReport, ForkResult, ProfileList, Status

__all__ = ["Client", "AsyncClient"]


def _network_error(exc: httpx.TransportError) -> NetworkError:
    typ = "timeout" if isinstance(exc, httpx.TimeoutException) else "network_error"
    return NetworkError(0, typ, f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__)


def _ask_params(query: str, mode: Optional[str]) -> Dict[str, str]:
    params = {"query": query, "streaming": "false"}
    if mode is not None:
        params["mode"] = mode
    return params


class Client(BaseClient):
    """A client for the Marketing Fork API.

    >>> with Client("http://localhost:8080", sandbox=True) as mf:
    ...     res = mf.fork(profile="skeptic", language_layer="plain")

    Network errors, 502/503/504 and 429 are retried up to ``retries`` times
    (429 and others honouring Retry-After, bounded); no other 4xx is retried.
    """

    def __init__(
        self,
        base_url: str = "http://localhost:8080",
        api_key: Optional[str] = None,
        sandbox: bool = False,
        timeout: float = 30.0,
        retries: int = 2,
        *,
        http_client: Optional[httpx.Client] = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(base_url, api_key, sandbox, timeout, retries, **kwargs)
        self._owns_http = http_client is None
        self._http = http_client or httpx.Client(timeout=timeout)

    # -- plumbing ---------------------------------------------------------

    def _request(self, method: str, path: str, *, unsafe: bool = False, **kw: Any) -> httpx.Response:
        url = self.base_url + path
        attempt = 0
        while True:
            try:
                resp = self._http.request(method, url, **kw)
            except httpx.TransportError as exc:
                if unsafe or attempt >= self.retries:
                    raise _network_error(exc) from exc
                time.sleep(retry_wait(attempt, None, self.max_retry_after))
                attempt += 1
                continue
            if should_retry(resp, unsafe) and attempt < self.retries:
                wait = retry_wait(attempt, resp, self.max_retry_after)
                resp.close()
                time.sleep(wait)
                attempt += 1
                continue
            return resp

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- endpoints --------------------------------------------------------

    def fork(
        self,
        url: Optional[str] = None,
        profile: Optional[str] = None,
        language_layer: Optional[str] = None,
        source_language: Optional[str] = None,
        target_language: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        *,
        html: Optional[str] = None,
        strict: Optional[bool] = None,
        keep: Optional[List[str]] = None,
        glossary: Optional[Dict[str, str]] = None,
        avoid: Optional[List[str]] = None,
        voice: Optional[str] = None,
    ) -> ForkResult:
        """POST /v1/fork. One Idempotency-Key (yours, or a fresh uuid4 hex)
        is sent on the first try and every retry. ``strict=True`` asks for
        a 502 instead of a fork that still fails its checks. ``keep``,
        ``glossary`` and ``avoid`` are the brand's own words, checked on
        the fork (checks ``keep``, ``glossary``, ``avoid``); ``voice`` guides
        the writer."""
        body = self._fork_body(url, profile, language_layer, source_language, target_language, html, strict, keep, glossary, avoid, voice)
        headers, _ = self._fork_headers(idempotency_key)
        resp = self._request("POST", "/v1/fork", json=body, headers=headers)
        data = decode(resp)
        return ForkResult.from_dict(
            data,
            replayed=resp.headers.get("Idempotent-Replayed", "").lower() == "true",
            request_id=resp.headers.get("X-Request-Id"),
        )

    def profiles(self) -> ProfileList:
        """GET /v1/profiles: the 12 profiles and 4 language layers."""
        return ProfileList.from_dict(decode(self._request("GET", "/v1/profiles", headers=self._headers())))

    def status(self) -> Status:
        """GET /v1/status."""
        return decode(self._request("GET", "/v1/status", headers=self._headers()))  # type: ignore[no-any-return]

    def health(self) -> Health:
        """GET /health."""
        return decode(self._request("GET", "/health", headers=self._headers()))  # type: ignore[no-any-return]

    def metrics(self) -> MetricsReport:
        """GET /metrics (JSON)."""
        return decode(self._request("GET", "/metrics", headers=self._headers()))  # type: ignore[no-any-return]

    def ask(self, query: str, mode: Optional[str] = None) -> Dict[str, Any]:
        """GET /ask with streaming=false: an NLWeb answer ({"_meta", "results", ...})."""
        return decode(  # type: ignore[no-any-return]
            self._request("GET", "/ask", params=_ask_params(query, mode), headers=self._headers())
        )

    def get_key(self, label: Optional[str] = None) -> KeyIssued:
        """POST /get-key: a new free API key (shown once). Does not set it on
        this client; use ``Client(api_key=key.api_key)``."""
        headers = self._headers(auth=False)
        body: Union[Dict[str, str], None] = {"label": label} if label is not None else {}
        resp = self._request("POST", "/get-key", json=body, headers=headers, unsafe=True)
        return KeyIssued.from_dict(decode(resp))


    # -- kept forks ---------------------------------------------------------

    def get_fork(self, fork_id: str) -> ForkResult:
        """GET /v1/forks/{id}: a fork made with this key, as fork answered it."""
        resp = self._request("GET", fork_path(fork_id), headers=self._headers())
        return ForkResult.from_dict(decode(resp), request_id=resp.headers.get("X-Request-Id"))

    def list_forks(self, cursor: Optional[str] = None, limit: Optional[int] = None) -> Dict[str, Any]:
        """GET /v1/forks: a page of this key's kept forks, newest first
        (``{"forks": [...], "next_cursor": "..."}``; pass ``next_cursor`` on)."""
        return decode(self._request("GET", "/v1/forks", params=list_params(cursor, limit), headers=self._headers()))  # type: ignore[no-any-return]

    def delete_fork(self, fork_id: str) -> None:
        """DELETE /v1/forks/{id}."""
        resp = self._request("DELETE", fork_path(fork_id), headers=self._headers())
        if resp.status_code >= 400:
            decode(resp)

    def fork_page(self, fork_id: str) -> str:
        """GET /v1/forks/{id}/page: the variant page to host, as HTML."""
        return str(decode_any(self._request("GET", fork_path(fork_id, "/page"), headers=self._headers())))

    def export_fork(self, fork_id: str, format: str) -> Any:
        """GET /v1/forks/{id}/export: the fork for an A/B testing tool
        (growthbook, optimizely, posthog, unbounce or patch)."""
        return decode_any(self._request("GET", fork_path(fork_id, "/export"), params={"format": format}, headers=self._headers()))

    def drift(self, fork_id: str) -> Dict[str, Any]:
        """GET /v1/forks/{id}/drift: whether the live page still matches the
        page the fork was made from."""
        return decode(self._request("GET", fork_path(fork_id, "/drift"), headers=self._headers()))  # type: ignore[no-any-return]

class AsyncClient(BaseClient):
    """The asyncio twin of :class:`Client`; every endpoint method is a coroutine.

    >>> async with AsyncClient("http://localhost:8080", sandbox=True) as mf:
    ...     res = await mf.fork(profile="skeptic")
    """

    def __init__(
        self,
        base_url: str = "http://localhost:8080",
        api_key: Optional[str] = None,
        sandbox: bool = False,
        timeout: float = 30.0,
        retries: int = 2,
        *,
        http_client: Optional[httpx.AsyncClient] = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(base_url, api_key, sandbox, timeout, retries, **kwargs)
        self._owns_http = http_client is None
        self._http = http_client or httpx.AsyncClient(timeout=timeout)

    async def _request(self, method: str, path: str, *, unsafe: bool = False, **kw: Any) -> httpx.Response:
        url = self.base_url + path
        attempt = 0
        while True:
            try:
                resp = await self._http.request(method, url, **kw)
            except httpx.TransportError as exc:
                if unsafe or attempt >= self.retries:
                    raise _network_error(exc) from exc
                await asyncio.sleep(retry_wait(attempt, None, self.max_retry_after))
                attempt += 1
                continue
            if should_retry(resp, unsafe) and attempt < self.retries:
                wait = retry_wait(attempt, resp, self.max_retry_after)
                await resp.aclose()
                await asyncio.sleep(wait)
                attempt += 1
                continue
            return resp

    async def aclose(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    async def fork(
        self,
        url: Optional[str] = None,
        profile: Optional[str] = None,
        language_layer: Optional[str] = None,
        source_language: Optional[str] = None,
        target_language: Optional[str] = None,
        idempotency_key: Optional[str] = None,
        *,
        html: Optional[str] = None,
        strict: Optional[bool] = None,
        keep: Optional[List[str]] = None,
        glossary: Optional[Dict[str, str]] = None,
        avoid: Optional[List[str]] = None,
        voice: Optional[str] = None,
    ) -> ForkResult:
        body = self._fork_body(url, profile, language_layer, source_language, target_language, html, strict, keep, glossary, avoid, voice)
        headers, _ = self._fork_headers(idempotency_key)
        resp = await self._request("POST", "/v1/fork", json=body, headers=headers)
        data = decode(resp)
        return ForkResult.from_dict(
            data,
            replayed=resp.headers.get("Idempotent-Replayed", "").lower() == "true",
            request_id=resp.headers.get("X-Request-Id"),
        )

    async def profiles(self) -> ProfileList:
        return ProfileList.from_dict(decode(await self._request("GET", "/v1/profiles", headers=self._headers())))

    async def status(self) -> Status:
        return decode(await self._request("GET", "/v1/status", headers=self._headers()))  # type: ignore[no-any-return]

    async def health(self) -> Health:
        return decode(await self._request("GET", "/health", headers=self._headers()))  # type: ignore[no-any-return]

    async def metrics(self) -> MetricsReport:
        return decode(await self._request("GET", "/metrics", headers=self._headers()))  # type: ignore[no-any-return]

    async def ask(self, query: str, mode: Optional[str] = None) -> Dict[str, Any]:
        return decode(  # type: ignore[no-any-return]
            await self._request("GET", "/ask", params=_ask_params(query, mode), headers=self._headers())
        )

    async def get_key(self, label: Optional[str] = None) -> KeyIssued:
        headers = self._headers(auth=False)
        body: Dict[str, str] = {"label": label} if label is not None else {}
        resp = await self._request("POST", "/get-key", json=body, headers=headers, unsafe=True)
        return KeyIssued.from_dict(decode(resp))

    # -- kept forks ---------------------------------------------------------

    async def get_fork(self, fork_id: str) -> ForkResult:
        """GET /v1/forks/{id}: a fork made with this key, as fork answered it."""
        resp = await self._request("GET", fork_path(fork_id), headers=self._headers())
        return ForkResult.from_dict(decode(resp), request_id=resp.headers.get("X-Request-Id"))

    async def list_forks(self, cursor: Optional[str] = None, limit: Optional[int] = None) -> Dict[str, Any]:
        """GET /v1/forks: a page of this key's kept forks, newest first
        (``{"forks": [...], "next_cursor": "..."}``; pass ``next_cursor`` on)."""
        return decode(await self._request("GET", "/v1/forks", params=list_params(cursor, limit), headers=self._headers()))  # type: ignore[no-any-return]

    async def delete_fork(self, fork_id: str) -> None:
        """DELETE /v1/forks/{id}."""
        resp = await self._request("DELETE", fork_path(fork_id), headers=self._headers())
        if resp.status_code >= 400:
            decode(resp)

    async def fork_page(self, fork_id: str) -> str:
        """GET /v1/forks/{id}/page: the variant page to host, as HTML."""
        return str(decode_any(await self._request("GET", fork_path(fork_id, "/page"), headers=self._headers())))

    async def export_fork(self, fork_id: str, format: str) -> Any:
        """GET /v1/forks/{id}/export: the fork for an A/B testing tool
        (growthbook, optimizely, posthog, unbounce or patch)."""
        return decode_any(await self._request("GET", fork_path(fork_id, "/export"), params={"format": format}, headers=self._headers()))

    async def drift(self, fork_id: str) -> Dict[str, Any]:
        """GET /v1/forks/{id}/drift: whether the live page still matches the
        page the fork was made from."""
        return decode(await self._request("GET", fork_path(fork_id, "/drift"), headers=self._headers()))  # type: ignore[no-any-return]

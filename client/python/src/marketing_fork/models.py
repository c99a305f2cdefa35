"""Typed shapes of the Marketing Fork API's answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, TypedDict

__all__ = [
    "ForkRequest",
    "ForkedBlock",
    "LedgerEntry",
    "Check",
    "Profile",
    "Layer",
    "ForkResult",
    "ProfileList",
    "KeyIssued",
    "Health",
    "ProviderInfo",
    "StatusCounts",
    "Status",
    "ForkCounts",
    "EndpointCount",
    "MetricsReport",
]


class ForkRequest(TypedDict, total=False):
    url: str
    html: str
    profile: str
    language_layer: str
    source_language: str
    target_language: str
    strict: bool
    keep: List[str]
    glossary: Dict[str, str]
    avoid: List[str]
    voice: str


class ForkedBlock(TypedDict, total=False):
    id: int
    role: str
    source: str
    text: str
    path: str
    href: str
    rationale: str
    verbatim: bool
    #: Why the block keeps its source text (the checks the provider's
    #: drafts of it failed); absent when the block is the provider's.
    fallback: str


class LedgerEntry(TypedDict, total=False):
    status: str
    kind: str
    text: str
    value: str
    block: int
    amount: float
    currency: str
    unit: str
    rule: str
    to: str


class Check(TypedDict, total=False):
    name: str
    #: "passed", "failed" or "skipped" (the check could not measure this
    #: fork; ``details`` says why). A skipped check is never passed.
    status: str
    passed: bool
    details: str
    blocks: List[int]


class Profile(TypedDict, total=False):
    name: str
    title: str
    description: str
    motivations: List[str]
    objections: List[str]
    proof: List[str]
    pattern: Dict[str, Any]
    headline_strategy: str
    cta_strategy: str
    prefer: List[str]
    avoid: List[str]


class Layer(TypedDict, total=False):
    name: str
    title: str
    description: str
    rules: List[Dict[str, Any]]


class Health(TypedDict, total=False):
    status: str
    store: str
    version: str


class ProviderInfo(TypedDict, total=False):
    name: str
    version: str
    translates: bool


class StatusCounts(TypedDict, total=False):
    keys_issued: int
    forks_served: int
    sandbox_forks: int


class Status(TypedDict, total=False):
    version: str
    provider: ProviderInfo
    store: str
    started_at: str
    uptime_seconds: int
    counts: StatusCounts


class ForkCounts(TypedDict, total=False):
    production: int
    sandbox: int
    replayed: int


class EndpointCount(TypedDict, total=False):
    route: str
    method: str
    # "class" is a keyword: present in the dict, not declarable here
    count: int


class MetricsReport(TypedDict, total=False):
    endpoints: List[EndpointCount]
    forks: ForkCounts
    keys_issued: int


def _list(v: Any) -> list:
    return list(v) if isinstance(v, list) else []


@dataclass
class ForkResult:
    """A fork: the forked blocks, the offer ledger, the checks, the page as
    HTML and Markdown. ``sandbox`` is true for sample output, ``replayed``
    when the server answered from its idempotency store. ``raw`` holds the
    whole JSON answer (analysis, metrics, experiment, changes, ...)."""

    request: ForkRequest
    passed: bool
    checks_run: int
    checks_skipped: List[str]
    blocks: List[ForkedBlock]
    ledger: List[LedgerEntry]
    checks: List[Check]
    html: str
    markdown: str
    sandbox: bool
    replayed: bool
    raw: Dict[str, Any] = field(repr=False)
    request_id: Optional[str] = None
    #: How many blocks keep their source text because the provider's
    #: drafts of them failed verification (each block's ``fallback`` says why).
    fallbacks: int = 0
    #: The tokens the fork's drafts cost (``prompt_tokens``,
    #: ``completion_tokens``), for a provider that counts them.
    usage: Optional[Dict[str, int]] = None
    #: The kept fork's id (``fk_…``) when the server keeps keyed forks:
    #: for ``get_fork``, ``fork_page``, ``export_fork`` and ``drift``.
    id: Optional[str] = None

    @classmethod
    def from_dict(cls, data: Dict[str, Any], *, replayed: bool = False, request_id: Optional[str] = None) -> "ForkResult":
        return cls(
            request=dict(data.get("request") or {}),  # type: ignore[arg-type]
            passed=bool(data.get("passed", False)),
            checks_run=int(data.get("checks_run") or 0),
            checks_skipped=[str(n) for n in _list(data.get("checks_skipped"))],
            blocks=_list(data.get("blocks")),
            ledger=_list(data.get("ledger")),
            checks=_list(data.get("checks")),
            html=str(data.get("html") or ""),
            markdown=str(data.get("markdown") or ""),
            sandbox=bool(data.get("sandbox", False)),
            replayed=replayed,
            raw=data,
            request_id=request_id,
            fallbacks=int(data.get("fallbacks") or 0),
            usage=dict(data["usage"]) if isinstance(data.get("usage"), dict) else None,
            id=str(data["id"]) if data.get("id") else None,
        )

    @property
    def failed_checks(self) -> List[Check]:
        """The checks that ran and failed (skipped ones are not failures)."""
        return [c for c in self.checks if c.get("status", "failed" if not c.get("passed") else "passed") == "failed"]


@dataclass
class ProfileList:
    """The 12 audience profiles and the 4 language layers, defaults first."""

    profiles: List[Profile]
    layers: List[Layer]
    raw: Dict[str, Any] = field(repr=False)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "ProfileList":
        return cls(profiles=_list(data.get("profiles")), layers=_list(data.get("layers")), raw=data)

    @property
    def profile_names(self) -> List[str]:
        return [p.get("name", "") for p in self.profiles]

    @property
    def layer_names(self) -> List[str]:
        return [layer.get("name", "") for layer in self.layers]


@dataclass
class KeyIssued:
    """A new API key, shown once: only its hash is stored on the server."""

    api_key: str
    key_id: str
    prefix: str
    created_at: str
    note: str
    raw: Dict[str, Any] = field(repr=False)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "KeyIssued":
        return cls(
            api_key=str(data.get("api_key", "")),
            key_id=str(data.get("key_id", "")),
            prefix=str(data.get("prefix", "")),
            created_at=str(data.get("created_at", "")),
            note=str(data.get("note", "")),
            raw=data,
        )

    def __repr__(self) -> str:  # keep the secret out of logs
        return f"KeyIssued(key_id={self.key_id!r}, prefix={self.prefix!r}, created_at={self.created_at!r})"

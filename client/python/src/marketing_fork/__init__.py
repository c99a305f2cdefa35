"""Python client for the Marketing Fork API.

    from marketing_fork import Client
    with Client("http://localhost:8080", sandbox=True) as mf:
        print(mf.fork(profile="skeptic", language_layer="plain").markdown)
"""

from ._base import __version__
from .client import AsyncClient, Client
from .errors import (
    APIError,
    AuthenticationError,
    MarketingForkError,
    NetworkError,
    RateLimitError,
    ValidationError,
)
from .models import (
    Check,
    ForkedBlock,
    ForkRequest,
    ForkResult,
    Health,
    KeyIssued,
    Layer,
    LedgerEntry,
    MetricsReport,
    Profile,
    ProfileList,
    Status,
)

__all__ = [
    "__version__",
    "Client",
    "AsyncClient",
    "MarketingForkError",
    "AuthenticationError",
    "ValidationError",
    "RateLimitError",
    "APIError",
    "NetworkError",
    "ForkResult",
    "ForkRequest",
    "ForkedBlock",
    "LedgerEntry",
    "Check",
    "Profile",
    "Layer",
    "ProfileList",
    "KeyIssued",
    "Health",
    "Status",
    "MetricsReport",
]

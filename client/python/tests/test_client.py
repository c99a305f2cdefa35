"""The client against the real Go server (built and started by conftest.py),
plus unit tests of retries and errors against scripted local servers."""

from __future__ import annotations

import json
import re
import time
import uuid

import pytest

from marketing_fork import (
    APIError,
    AsyncClient,
    AuthenticationError,
    Client,
    ForkResult,
    MarketingForkError,
    NetworkError,
    RateLimitError,
    ValidationError,
)

PROFILES = {
    "enthusiast", "skeptic", "bargain-hunter", "busy-professional", "executive", "expert",
    "beginner", "cautious", "status-seeker", "eco-conscious", "parent", "early-adopter",
}  # fmt: skip
LAYERS = {"everyday", "professional", "technical", "plain"}

JSON = {"Content-Type": "application/json"}


# -- the scenarios, against the real server -----------------------------------


def test_health_status_metrics(server: str) -> None:
    with Client(server) as mf:
        assert mf.health()["status"] == "ok"
        st = mf.status()
        assert st["version"] and "counts" in st
        forks = mf.metrics()["forks"]
        assert set(forks) >= {"production", "sandbox", "replayed"}


def test_profiles(server: str) -> None:
    with Client(server) as mf:
        pl = mf.profiles()
    assert len(pl.profiles) == 12
    assert len(pl.layers) == 4
    assert set(pl.profile_names) == PROFILES
    assert set(pl.layer_names) == LAYERS
    assert pl.raw["profiles"][0]["name"] == pl.profiles[0]["name"]


def test_sandbox_fork_without_key(server: str) -> None:
    with Client(server, sandbox=True) as mf:
        res = mf.fork(profile="skeptic", language_layer="plain")
    assert isinstance(res, ForkResult)
    assert res.sandbox is True
    assert res.replayed is False
    assert res.request["profile"] == "skeptic"
    assert res.request["language_layer"] == "plain"
    assert res.blocks and res.ledger and res.checks
    assert res.html and res.markdown
    assert res.raw["sandbox"] is True


def test_sandbox_fork_with_brand(server: str) -> None:
    with Client(server, sandbox=True) as mf:
        res = mf.fork(keep=["ZZ-not-on-the-page"], avoid=["cheap"], glossary={"zzterm": "yyterm"}, voice="Warm.")
    assert res.request["keep"] == ["ZZ-not-on-the-page"] and res.request["voice"] == "Warm."
    brand = {c["name"]: c["status"] for c in res.checks if c["name"] in ("keep", "glossary", "avoid")}
    assert brand == {"keep": "passed", "glossary": "passed", "avoid": "passed"}, res.checks


def test_get_key_then_fork_loopback_page(server: str, landing_page: str) -> None:
    key = Client(server).get_key(label="python-client-test")
    assert key.api_key and key.key_id and key.prefix
    assert key.api_key not in repr(key)
    with Client(server, api_key=key.api_key) as mf:
        res = mf.fork(url=landing_page, profile="bargain-hunter", target_language="en-GB")
    assert res.sandbox is False
    assert res.passed is True, res.failed_checks
    assert all(c["status"] in ("passed", "failed", "skipped") for c in res.checks), res.checks
    assert res.checks_run == sum(1 for c in res.checks if c["status"] != "skipped") > 0
    assert res.fallbacks == sum(1 for b in res.blocks if b.get("fallback"))
    assert res.checks_skipped == [c["name"] for c in res.checks if c["status"] == "skipped"]
    assert res.request["url"] == landing_page
    assert any("19" in (e.get("text") or "") for e in res.ledger), res.ledger
    assert any(b.get("role") == "cta" and b.get("href") == "https://ledgerly.example/signup" for b in res.blocks)
    assert "19" in res.markdown


def test_validation_error(server: str) -> None:
    with Client(server, sandbox=True) as mf:
        with pytest.raises(ValidationError) as ei:
            mf.fork(profile="astronaut")
    err = ei.value
    assert isinstance(err, MarketingForkError)
    assert err.status == 422
    assert err.errors, "422 without items"
    item = next(i for i in err.errors if i["loc"] == ["body", "profile"])
    assert item["type"] == "enum"
    assert item["input"] == "astronaut"
    assert {"type", "loc", "msg"} <= set(item)


def test_authentication_error(server: str, landing_page: str) -> None:
    with Client(server, api_key="mfk_not_a_real_key") as mf:
        with pytest.raises(AuthenticationError) as ei:
            mf.fork(url=landing_page, profile="skeptic")
    err = ei.value
    assert err.status == 401
    assert err.type
    assert err.detail
    assert err.request_id


def test_rate_limit_error(server: str, landing_page: str) -> None:
    key = Client(server).get_key(label="rate-limit").api_key
    with Client(server, api_key=key, retries=0) as mf:
        with pytest.raises(RateLimitError) as ei:
            for _ in range(10):  # 3 a minute on this server
                mf.fork(url=landing_page, profile="parent")
    err = ei.value
    assert err.status == 429
    assert err.type == "rate_limited"
    assert err.retry_after is not None and err.retry_after > 0
    assert err.request_id


def test_idempotent_retry(server: str, landing_page: str) -> None:
    key = Client(server).get_key(label="idempotency").api_key
    with Client(server, api_key=key) as mf:
        before = mf.metrics()["forks"]
        idem = uuid.uuid4().hex
        first = mf.fork(url=landing_page, profile="executive", language_layer="professional", idempotency_key=idem)
        second = mf.fork(url=landing_page, profile="executive", language_layer="professional", idempotency_key=idem)
        after = mf.metrics()["forks"]
    assert first.replayed is False
    assert second.replayed is True
    assert second.raw == first.raw
    assert after["production"] == before["production"] + 1
    assert after["replayed"] == before["replayed"] + 1


def test_ask(server: str) -> None:
    with Client(server) as mf:
        ans = mf.ask("which profiles are there?")
    assert "_meta" in ans and ans["results"]


# -- the async client -----------------------------------------------------------


@pytest.mark.asyncio
async def test_async_profiles(server: str) -> None:
    async with AsyncClient(server) as mf:
        pl = await mf.profiles()
        health = await mf.health()
    assert len(pl.profiles) == 12 and len(pl.layers) == 4
    assert health["status"] == "ok"


@pytest.mark.asyncio
async def test_async_sandbox_fork(server: str) -> None:
    async with AsyncClient(server, sandbox=True) as mf:
        res = await mf.fork(profile="beginner", language_layer="everyday")
        with pytest.raises(ValidationError) as ei:
            await mf.fork(profile="astronaut")
    assert res.sandbox is True and res.markdown
    assert ei.value.errors[0]["type"] == "enum"


# -- retries, against scripted local servers -----------------------------------


def test_retry_honours_retry_after(stub) -> None:  # type: ignore[no-untyped-def]
    s = stub(
        [
            (429, {**JSON, "Retry-After": "1"}, b'{"detail":"slow down","status":429,"type":"rate_limited","request_id":"r1"}'),
            (200, JSON, b'{"status":"ok","store":"stub","version":"0"}'),
        ]
    )
    with Client(s.url, retries=2) as mf:
        t0 = time.monotonic()
        health = mf.health()
        elapsed = time.monotonic() - t0
    assert health["status"] == "ok"
    assert elapsed >= 1.0
    assert len(s.requests) == 2


def test_fork_reuses_idempotency_key_across_retries(stub) -> None:  # type: ignore[no-untyped-def]
    body = json.dumps({"request": {"profile": "skeptic"}, "passed": True, "blocks": [], "sandbox": False}).encode()
    s = stub([(503, {"Retry-After": "0"}, b"unavailable"), (502, {"Retry-After": "0"}, b""), (200, JSON, body)])
    with Client(s.url, api_key="k", retries=2) as mf:
        res = mf.fork(profile="skeptic")
    assert res.passed is True
    keys = [h.get("Idempotency-Key") for _, _, h in s.requests]
    assert len(keys) == 3
    assert keys[0] and re.fullmatch(r"[0-9a-f]{32}", keys[0])
    assert keys == [keys[0]] * 3
    assert s.requests[0][2]["Authorization"] == "Bearer k"


def test_fork_sends_given_idempotency_key_and_new_ones_otherwise(stub) -> None:  # type: ignore[no-untyped-def]
    s = stub([(200, JSON, b'{"passed": true}')])
    with Client(s.url) as mf:
        mf.fork(profile="skeptic", idempotency_key="mine-1")
        mf.fork(profile="skeptic")
        mf.fork(profile="skeptic")
    keys = [h.get("Idempotency-Key") for _, _, h in s.requests]
    assert keys[0] == "mine-1"
    assert keys[1] != keys[2]


@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 422])
def test_other_4xx_never_retried(stub, status: int) -> None:  # type: ignore[no-untyped-def]
    s = stub([(status, JSON, b'{"detail":"no","status":%d,"type":"x","request_id":"r"}' % status)])
    with Client(s.url, retries=3) as mf:
        with pytest.raises(MarketingForkError) as ei:
            mf.fork(profile="skeptic")
    assert ei.value.status == status
    assert len(s.requests) == 1


def test_gives_up_after_retries(stub) -> None:  # type: ignore[no-untyped-def]
    s = stub([(504, {**JSON, "Retry-After": "0"}, b'{"detail":"timeout","status":504,"type":"upstream_timeout","request_id":"r9"}')])
    with Client(s.url, retries=2) as mf:
        with pytest.raises(APIError) as ei:
            mf.status()
    assert ei.value.status == 504 and ei.value.type == "upstream_timeout" and ei.value.request_id == "r9"
    assert len(s.requests) == 3


def test_rate_limit_without_retries_raises(stub) -> None:  # type: ignore[no-untyped-def]
    s = stub([(429, {**JSON, "Retry-After": "7"}, b'{"detail":"later","status":429,"type":"rate_limited","request_id":"r"}')])
    with Client(s.url, retries=0) as mf:
        with pytest.raises(RateLimitError) as ei:
            mf.fork(profile="skeptic")
    assert ei.value.retry_after == 7.0
    assert len(s.requests) == 1


def test_network_error_is_retried_then_raised() -> None:
    import socket

    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with Client(f"http://127.0.0.1:{port}", retries=1, timeout=2) as mf:
        with pytest.raises(NetworkError) as ei:
            mf.health()
    assert isinstance(ei.value, APIError) and ei.value.status == 0


@pytest.mark.asyncio
async def test_async_retry_honours_retry_after(stub) -> None:  # type: ignore[no-untyped-def]
    s = stub(
        [
            (429, {**JSON, "Retry-After": "1"}, b'{"detail":"slow down","status":429,"type":"rate_limited","request_id":"r1"}'),
            (200, JSON, b'{"passed": true, "sandbox": true}'),
        ]
    )
    async with AsyncClient(s.url, sandbox=True) as mf:
        t0 = time.monotonic()
        res = await mf.fork(profile="skeptic")
        elapsed = time.monotonic() - t0
    assert res.passed and res.sandbox
    assert elapsed >= 1.0
    keys = [h.get("Idempotency-Key") for _, _, h in s.requests]
    assert len(keys) == 2 and keys[0] == keys[1]
    assert s.requests[0][2].get("X-Sandbox") == "true"


def test_get_key_retried_only_where_nothing_was_issued(stub) -> None:  # type: ignore[no-untyped-def]
    issued = b'{"api_key":"mfk_x","key_id":"key_1","prefix":"mfk_x","created_at":"now","note":"shown once"}'
    s = stub([(503, {"Retry-After": "0"}, b""), (200, JSON, issued)])
    with Client(s.url) as mf:
        assert mf.get_key(label="a").api_key == "mfk_x"
    assert len(s.requests) == 2
    assert "Authorization" not in s.requests[0][2]

    s2 = stub([(502, {}, b"bad gateway"), (200, JSON, issued)])
    with Client(s2.url) as mf:
        with pytest.raises(APIError) as ei:
            mf.get_key()
    assert ei.value.status == 502 and len(s2.requests) == 1


def test_kept_fork_to_experiment(server: str, landing_page: str) -> None:
    """A keyed fork is kept: fetched again, listed, hosted as a page,
    exported to an A/B tool, checked for drift and deleted."""
    key = Client(server).get_key(label="kept").api_key
    with Client(server, api_key=key) as mf:
        # A cautious reader's fork puts the page's guarantee in its hero: a
        # variant to export (a fork that changes nothing is refused, below).
        res = mf.fork(url=landing_page, profile="cautious", target_language="en-GB")
        assert res.id and res.id.startswith("fk_"), res.raw.keys()
        again = mf.get_fork(res.id)
        assert again.id == res.id and again.html == res.html
        listed = mf.list_forks(limit=10)
        assert res.id in [f["id"] for f in listed["forks"]]
        page = mf.fork_page(res.id)
        assert "<html" in page.lower() and "19" in page
        patch = mf.export_fork(res.id, "patch")
        assert isinstance(patch, (dict, list)) and patch
        growthbook = mf.export_fork(res.id, "growthbook")
        assert isinstance(growthbook, dict) and "experiment" in growthbook
        same = mf.fork(url=landing_page, profile="busy-professional")
        with pytest.raises(APIError) as refused:
            mf.export_fork(same.id, "growthbook")
        assert refused.value.status == 409 and refused.value.type == "no_variant", refused.value
        drift = mf.drift(res.id)
        assert isinstance(drift, dict) and drift
        mf.delete_fork(res.id)
        with pytest.raises(APIError) as err:
            mf.get_fork(res.id)
        assert err.value.status == 404


@pytest.mark.asyncio
async def test_async_kept_fork(server: str, landing_page: str) -> None:
    key = (await AsyncClient(server).get_key(label="kept-async")).api_key
    async with AsyncClient(server, api_key=key) as mf:
        res = await mf.fork(url=landing_page, profile="cautious")
        assert res.id
        assert (await mf.get_fork(res.id)).id == res.id
        assert "<html" in (await mf.fork_page(res.id)).lower()
        await mf.delete_fork(res.id)

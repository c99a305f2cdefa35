"""The client's models against the server's OpenAPI document: every field a
model reads or sends must be a property of the schema it stands for, so a
field renamed on the server fails here, not in a user's program, and a
field added to the request is one the client can send."""

from __future__ import annotations

import dataclasses
import json
import typing
import urllib.request
from typing import Any, Dict, Set

import pytest

from marketing_fork import models

# Each model, and the OpenAPI schema it stands for.
TYPED = {
    "ForkRequest": "ForkRequest",
    "ForkedBlock": "ForkedBlock",
    "LedgerEntry": "LedgerEntry",
    "Check": "Check",
    "Profile": "Profile",
    "Layer": "Layer",
    "Health": "Health",
    "ProviderInfo": "ProviderInfo",
    "StatusCounts": "StatusCounts",
    "Status": "Status",
    "ForkCounts": "ForkCounts",
    "EndpointCount": "EndpointCount",
    "MetricsReport": "MetricsReport",
}
# Dataclasses: the schema, and the fields the client adds itself.
DATACLASSES = {
    "ForkResult": ("ForkResponse", {"raw", "replayed", "request_id"}),
    "ProfileList": ("ProfileList", {"raw"}),
    "KeyIssued": ("KeyIssued", {"raw"}),
}


@pytest.fixture(scope="module")
def document(server: str) -> Dict[str, Any]:
    with urllib.request.urlopen(server + "/openapi.json", timeout=30) as r:
        return json.load(r)


def properties(doc: Dict[str, Any], name: str) -> Set[str]:
    """The property names of a schema, following $ref and allOf."""
    schema = doc["components"]["schemas"][name]
    seen: Set[str] = set()

    def walk(s: Dict[str, Any]) -> None:
        if "$ref" in s:
            walk(doc["components"]["schemas"][s["$ref"].rsplit("/", 1)[-1]])
        for part in s.get("allOf", []):
            walk(part)
        seen.update(s.get("properties", {}).keys())

    walk(schema)
    assert seen, f"schema {name} has no properties"
    return seen


def test_every_model_is_checked() -> None:
    names = set(models.__all__)
    assert names == set(TYPED) | set(DATACLASSES), "a model is not mapped to its OpenAPI schema in this test"


@pytest.mark.parametrize("model,schema", sorted(TYPED.items()))
def test_typed_dict_fields_exist(document: Dict[str, Any], model: str, schema: str) -> None:
    fields = set(typing.get_type_hints(getattr(models, model)).keys())
    missing = fields - properties(document, schema)
    assert not missing, f"{model} reads or sends {sorted(missing)}, which /openapi.json's {schema} does not have"


@pytest.mark.parametrize("model,spec", sorted(DATACLASSES.items()))
def test_dataclass_fields_exist(document: Dict[str, Any], model: str, spec: Any) -> None:
    schema, own = spec
    fields = {f.name for f in dataclasses.fields(getattr(models, model))} - own
    missing = fields - properties(document, schema)
    assert not missing, f"{model} reads {sorted(missing)}, which /openapi.json's {schema} does not have"


def test_request_sends_every_field(document: Dict[str, Any]) -> None:
    """What the client sends is the whole request: a field added to the
    server's ForkRequest must be added to the client's."""
    sent = set(typing.get_type_hints(models.ForkRequest).keys())
    missing = properties(document, "ForkRequest") - sent
    assert not missing, f"ForkRequest lacks {sorted(missing)} that /openapi.json's ForkRequest accepts"


def test_fork_sends_what_the_request_has(document: Dict[str, Any]) -> None:
    """The body Client.fork builds, with every argument given, names only
    ForkRequest's fields, and all of them."""
    from marketing_fork._base import BaseClient

    body = BaseClient._fork_body("https://example.com/", "skeptic", "plain", "en", "en-GB", "<html></html>", True, ["Acme"], {"sign up": "register"}, ["cheap"], "Warm.")
    assert set(body) == properties(document, "ForkRequest")

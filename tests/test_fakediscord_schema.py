"""The offline Discord's schema checks: pruning unions speeds them up and refuses the same.

``schema._validator`` prunes union branches that cannot match before jsonschema evaluates
them. These tests hold it to the plain Draft 2020-12 validator on the same schema: the same
verdict on valid and on invalid payloads (hypothesis generates message bodies, most of them
broken in some way), and invalid payloads are still reported with a readable problem.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tests.fakediscord import schema

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"


def plain(operation: str) -> Draft202012Validator:
    """The unpruned validator of ``operation``: the reference the pruned one must agree with."""
    subset = schema._subset()
    root = dict(subset["operations"][operation])
    root["components"] = subset["components"]
    return Draft202012Validator(root)


def button(label: str = "Play", custom_id: str = "x:1") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def message(components: list[Any]) -> dict[str, Any]:
    return {"content": "Tour 3", "embeds": [{"title": "Plateau", "description": "é" * 50}],
            "components": components, "allowed_mentions": {"parse": []}}


def test_valid_message_and_callback_pass() -> None:
    body = message([{"type": 1, "components": [button(), button("Pass", "x:2")]}])
    assert schema.validate(EDIT, body) == []
    assert schema.validate(CALLBACK, {"type": 4, "data": body}) == []
    assert schema.validate(CALLBACK, {"type": 7, "data": body}) == []


def test_invalid_payloads_are_still_refused() -> None:
    row = {"type": 1, "components": [button("x" * 81)]}  # a label over 80 characters
    assert any("schema" in p for p in schema.validate(EDIT, message([row])))
    unknown = {"type": 1, "components": [{"type": 99, "label": "?"}]}  # no such component
    assert any("schema" in p for p in schema.validate(EDIT, message([unknown])))
    no_style = {"type": 1, "components": [{"type": 2, "label": "Play", "custom_id": "a"}]}
    assert any("schema" in p for p in schema.validate(EDIT, message([no_style])))
    assert any("schema" in p for p in schema.validate(CALLBACK, {"type": 42}))
    assert any("schema" in p for p in schema.validate(CALLBACK, {"type": "4", "data": None}))
    bad_row = {"type": 1, "components": [button()] * 6}  # six buttons in a row
    assert any("schema" in p for p in schema.validate(EDIT, message([bad_row])))


def test_pruning_keeps_every_branch_when_none_could_match() -> None:
    branches = schema._subset()["components"]["schemas"]["MessageComponentTypes"]["oneOf"]
    assert schema.pruned(branches, 99) is branches
    assert [b["const"] for b in schema.pruned(branches, 2)] == [2]


values = st.one_of(st.none(), st.booleans(), st.integers(-2, 20), st.sampled_from(
    ["", "x", "Play", "x" * 81, "1"]))
components = st.recursive(
    st.fixed_dictionaries({"type": st.one_of(st.integers(0, 20), st.sampled_from(["2", None]))},
                          optional={"style": values, "label": values, "custom_id": values,
                                    "options": st.lists(values, max_size=2)}),
    lambda inner: st.fixed_dictionaries({"type": st.sampled_from([1, 17, 9, "1"]),
                                         "components": st.lists(inner, max_size=6)}),
    max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(components, max_size=3), kind=st.sampled_from([4, 7, 5, 9, 42, "4"]))
def test_pruned_validator_agrees_with_plain_jsonschema(rows: list[Any], kind: Any) -> None:
    body = message(rows)
    assert schema._validator(EDIT).is_valid(body) == plain(EDIT).is_valid(body)
    callback = {"type": kind, "data": body}
    assert schema._validator(CALLBACK).is_valid(callback) == plain(CALLBACK).is_valid(callback)

"""Validate request bodies against Discord's OpenAPI schema, plus limits it does not state.

The schemas come from ``discord_openapi_subset.json`` (vendored from Discord's OpenAPI
description by ``vendor_schema.py``; MIT licence in ``LICENSE-discord-api``). Each problem
is returned as one readable string; the server collects them in ``FakeDiscord.schema_errors``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import best_match

SUBSET_PATH = Path(__file__).resolve().parent / "discord_openapi_subset.json"

IS_COMPONENTS_V2 = 1 << 15


@cache
def _subset() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SUBSET_PATH.read_text(encoding="utf-8"))
    schemas = data["components"]["schemas"]
    # The description types snowflakes as decimal strings, but Discord's API also takes
    # JSON integers there, and discord.py relies on it (attachment ids are sent as 0, 1...).
    schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"],
                                          {"type": "integer", "minimum": 0}]}
    return data


# --- union pruning ---------------------------------------------------------------------------
# Discord's unions (oneOf/anyOf) are discriminated: each branch is either a bare ``const``
# (an enum value) or a ``$ref`` to an object that requires a ``type`` listed in its ``enum``.
# A branch whose constant or ``type`` the instance cannot match fails for certain, so
# evaluating it only costs time (it was two thirds of a whole match through the fake). The
# keywords below drop those branches before running jsonschema's own oneOf/anyOf on the
# rest: the verdict is the same (the dropped branches could not have been valid), and when
# no branch is left the whole union is evaluated as before, so the error reported for a bad
# payload is unchanged.

_MISSING = object()
_Branch = tuple[Any, frozenset[Any] | None]  # (a constant, or None) and (type values, or None)


def _branch_key(branch: Any) -> _Branch:
    """What a union branch demands of an instance, as far as pruning is concerned."""
    if not isinstance(branch, dict):
        return (_MISSING, None)
    if set(branch) <= {"const", "description", "title"} and isinstance(branch.get("const"),
                                                                          (int, str)):
        return (branch["const"], None)
    ref = branch.get("$ref")
    prefix = "#/components/schemas/"
    if set(branch) == {"$ref"} and isinstance(ref, str) and ref.startswith(prefix):
        target = _subset()["components"]["schemas"].get(ref[len(prefix):], {})
        kind = (target.get("properties") or {}).get("type") or {}
        values = kind.get("enum")
        if ("type" in (target.get("required") or ()) and target.get("type") == "object"
                and isinstance(values, list)
                and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in values)):
            return (_MISSING, frozenset(values))
    return (_MISSING, None)


_KEYS: dict[int, tuple[list[Any], list[_Branch]]] = {}


def _keys(branches: list[Any]) -> list[_Branch]:
    """Pruning keys of a union's branches, computed once per union (schemas never change)."""
    hit = _KEYS.get(id(branches))
    if hit is None or hit[0] is not branches:
        hit = (branches, [_branch_key(b) for b in branches])
        _KEYS[id(branches)] = hit
    return hit[1]


def _plain(value: Any) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool)


def _may_match(key: _Branch, instance: Any) -> bool:
    const, kinds = key
    if const is not _MISSING and _plain(instance):
        return bool(instance == const)
    if kinds is not None and isinstance(instance, dict):
        kind = instance.get("type", _MISSING)
        return kind is not _MISSING and (not _plain(kind) or kind in kinds)
    return True


def pruned(branches: list[Any], instance: Any) -> list[Any]:
    """The branches of a union that ``instance`` could still satisfy (all if none could)."""
    keys = _keys(branches)
    kept = [b for b, key in zip(branches, keys, strict=True) if _may_match(key, instance)]
    return kept or branches


def _union(keyword: str) -> Any:
    original = Draft202012Validator.VALIDATORS[keyword]

    def check(validator: Any, branches: list[Any], instance: Any, schema: Any) -> Any:
        return original(validator, pruned(branches, instance), instance, schema)

    return check


_Validator = validators.extend(Draft202012Validator,
                               {"oneOf": _union("oneOf"), "anyOf": _union("anyOf")})


@cache
def _validator(operation: str) -> Any:
    """The compiled validator of one route, built once (with its reference resolution)."""
    subset = _subset()
    schema = dict(subset["operations"][operation])
    schema["components"] = subset["components"]
    return _Validator(schema)


def operations() -> list[str]:
    return sorted(_subset()["operations"])


def validate(operation: str, body: Any) -> list[str]:
    """Return the problems of ``body`` sent to ``operation`` (e.g. ``"POST /channels/..."``)."""
    problems: list[str] = []
    errors = list(_validator(operation).iter_errors(body))
    if errors:
        err = best_match(errors)
        where = "/".join(str(p) for p in err.absolute_path) or "<body>"
        problems.append(f"{operation}: schema: {where}: {err.message[:300]}")
    problems.extend(f"{operation}: limit: {p}" for p in check_limits(operation, body))
    return problems


# --- limits that the OpenAPI description leaves out or states loosely ---------------------


def check_limits(operation: str, body: Any) -> list[str]:
    out: list[str] = []
    if not isinstance(body, (dict, list)):
        return out
    if "/commands" in operation:
        for cmd in body if isinstance(body, list) else [body]:
            if isinstance(cmd, dict):
                _check_command(cmd, out)
        return out
    if not isinstance(body, dict):
        return out
    if operation.startswith("POST /interactions/"):
        kind = body.get("type")
        data = body.get("data") or {}
        if kind == 8:
            _check_choices(data.get("choices") or [], out, "data.choices")
        elif kind == 9:
            _check_modal(data, out)
        elif kind in (4, 7):
            _check_message(data, out, "data.")
        return out
    _check_message(body, out, "")
    return out


def _check_message(msg: dict[str, Any], out: list[str], prefix: str) -> None:
    content = msg.get("content")
    if isinstance(content, str) and len(content) > 2000:
        out.append(f"{prefix}content has {len(content)} characters (max 2000)")
    embeds = msg.get("embeds") or []
    if len(embeds) > 10:
        out.append(f"{prefix}embeds: {len(embeds)} embeds (max 10)")
    total = 0
    for i, embed in enumerate(embeds):
        total += _check_embed(embed, out, f"{prefix}embeds/{i}")
    if total > 6000:
        out.append(f"{prefix}embeds: {total} characters in all (max 6000)")
    components = msg.get("components") or []
    v2 = bool((msg.get("flags") or 0) & IS_COMPONENTS_V2)
    if not v2 and len(components) > 5:
        out.append(f"{prefix}components: {len(components)} action rows (max 5)")
    seen: set[str] = set()
    for i, row in enumerate(components):
        _check_component(row, out, f"{prefix}components/{i}", seen, top=True)


def _check_embed(embed: dict[str, Any], out: list[str], where: str) -> int:
    limits = {"title": 256, "description": 4096}
    total = 0
    for key, cap in limits.items():
        text = embed.get(key) or ""
        total += len(text)
        if len(text) > cap:
            out.append(f"{where}.{key} has {len(text)} characters (max {cap})")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        out.append(f"{where}.fields: {len(fields)} fields (max 25)")
    for j, field in enumerate(fields):
        name, value = field.get("name") or "", field.get("value") or ""
        total += len(name) + len(value)
        if not name or len(name) > 256:
            out.append(f"{where}.fields/{j}.name has {len(name)} characters (1..256)")
        if not value or len(value) > 1024:
            out.append(f"{where}.fields/{j}.value has {len(value)} characters (1..1024)")
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    total += len(footer) + len(author)
    if len(footer) > 2048:
        out.append(f"{where}.footer.text has {len(footer)} characters (max 2048)")
    if len(author) > 256:
        out.append(f"{where}.author.name has {len(author)} characters (max 256)")
    return total


def _check_component(
    comp: dict[str, Any], out: list[str], where: str, seen: set[str], *, top: bool = False
) -> None:
    kind = comp.get("type")
    custom_id = comp.get("custom_id")
    if isinstance(custom_id, str):
        if not 1 <= len(custom_id) <= 100:
            out.append(f"{where}.custom_id has {len(custom_id)} characters (1..100)")
        if custom_id in seen:
            out.append(f"{where}.custom_id {custom_id!r} is used twice in one message")
        seen.add(custom_id)
    if kind == 1:
        children = comp.get("components") or []
        buttons = [c for c in children if c.get("type") == 2]
        others = [c for c in children if c.get("type") != 2]
        if len(buttons) > 5:
            out.append(f"{where}: {len(buttons)} buttons in one action row (max 5)")
        if others and (buttons or len(others) > 1):
            out.append(f"{where}: a select must be alone in its action row")
        if not children:
            out.append(f"{where}: empty action row")
        for k, child in enumerate(children):
            _check_component(child, out, f"{where}/{k}", seen)
    elif kind == 2:
        label = comp.get("label") or ""
        if len(label) > 80:
            out.append(f"{where}.label has {len(label)} characters (max 80)")
        if comp.get("style") == 5 and not comp.get("url"):
            out.append(f"{where}: link button without url")
        if comp.get("style") != 5 and comp.get("style") != 6 and not custom_id:
            out.append(f"{where}: button without custom_id")
        if not label and not comp.get("emoji"):
            out.append(f"{where}: button without label or emoji")
    elif kind in (3, 5, 6, 7, 8):
        options = comp.get("options") or []
        if kind == 3 and not 1 <= len(options) <= 25:
            out.append(f"{where}: {len(options)} select options (1..25)")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            out.append(f"{where}: duplicate select option values")
        for k, opt in enumerate(options):
            for key in ("label", "value", "description"):
                text = opt.get(key) or ""
                if len(text) > 100:
                    out.append(f"{where}.options/{k}.{key} has {len(text)} characters (max 100)")
        placeholder = comp.get("placeholder") or ""
        if len(placeholder) > 150:
            out.append(f"{where}.placeholder has {len(placeholder)} characters (max 150)")
        max_values = comp.get("max_values") or 1
        if kind == 3 and options and max_values > len(options):
            out.append(f"{where}.max_values {max_values} exceeds {len(options)} options")
    for key in ("components",):
        if kind != 1 and isinstance(comp.get(key), list):
            for k, child in enumerate(comp[key]):
                _check_component(child, out, f"{where}/{k}", seen)
    if isinstance(comp.get("component"), dict):
        _check_component(comp["component"], out, f"{where}.component", seen)
    if isinstance(comp.get("accessory"), dict):
        _check_component(comp["accessory"], out, f"{where}.accessory", seen)


def _check_modal(data: dict[str, Any], out: list[str]) -> None:
    title = data.get("title") or ""
    if not 1 <= len(title) <= 45:
        out.append(f"data.title has {len(title)} characters (1..45)")
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        out.append(f"data.components: {len(components)} rows (1..5)")
    custom_id = data.get("custom_id") or ""
    if not 1 <= len(custom_id) <= 100:
        out.append(f"data.custom_id has {len(custom_id)} characters (1..100)")
    seen: set[str] = set()
    for i, row in enumerate(components):
        _check_component(row, out, f"data.components/{i}", seen)


def _check_choices(choices: list[Any], out: list[str], where: str) -> None:
    if len(choices) > 25:
        out.append(f"{where}: {len(choices)} choices (max 25)")
    for k, choice in enumerate(choices):
        name = choice.get("name") or ""
        if not 1 <= len(name) <= 100:
            out.append(f"{where}/{k}.name has {len(name)} characters (1..100)")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            out.append(f"{where}/{k}.value has {len(value)} characters (max 100)")


def _check_command(cmd: dict[str, Any], out: list[str]) -> None:
    name = cmd.get("name") or ""
    where = f"command {name!r}"
    if cmd.get("type", 1) == 1:
        if not 1 <= len(name) <= 32 or name != name.lower():
            out.append(f"{where}: name must be 1..32 lower-case characters")
        description = cmd.get("description") or ""
        if not 1 <= len(description) <= 100:
            out.append(f"{where}: description has {len(description)} characters (1..100)")
    _check_options(cmd.get("options") or [], out, where)


def _check_options(options: list[Any], out: list[str], where: str) -> None:
    if len(options) > 25:
        out.append(f"{where}: {len(options)} options (max 25)")
    required_done = False
    for opt in options:
        owhere = f"{where} option {opt.get('name')!r}"
        description = opt.get("description") or ""
        if not 1 <= len(description) <= 100:
            out.append(f"{owhere}: description has {len(description)} characters (1..100)")
        if opt.get("type") in (1, 2):
            _check_options(opt.get("options") or [], out, owhere)
            continue
        if opt.get("required"):
            if required_done:
                out.append(f"{owhere}: required option after an optional one")
        else:
            required_done = True
        _check_choices(opt.get("choices") or [], out, f"{owhere}.choices")
        if opt.get("choices") and opt.get("autocomplete"):
            out.append(f"{owhere}: choices and autocomplete together")

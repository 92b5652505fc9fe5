"""The house's layers (ARCHITECTURE.md, issue 27), checked on the sources' imports.

- ``referee/`` (the application layer) imports no ``discord`` and no ``cogs``;
- ``sandbox/`` (the browser page, which must never touch Discord) imports no ``cogs`` and
  no ``discord``; ``bench/`` imports no ``cogs`` but in the benches that measure the
  Discord surface itself (:data:`DISCORD_BENCHES`);
- no import circles among the product's modules (``bot.py``, ``cogs``, ``referee``,
  ``engine``, ``db``, ``sandbox``).

Every import counts: at module level, inside a function (a late import does not break a
circle, it hides it) and under ``if TYPE_CHECKING:``. The engine's own purity (no
``discord``, ``db``, ``cogs``, ``referee``, no I/O) is ``tests/engine/test_core.py``'s.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]

PRODUCT = ("bot.py", "cogs", "referee", "engine", "db", "sandbox")

DISCORD_BENCHES = {
    "bench/hand_bench.py": "the hand and board payloads as cogs.table sends them",
    "bench/leaderboard_bench.py": "the leaderboard embeds of cogs.ladder_render",
    "bench/memory_bench.py": "the whole bot's memory, cogs loaded",
}
"""Benches whose subject is the Discord surface (``cogs/``), with what each measures."""

_SCAN = r"""
import ast, json, pathlib, sys
root = pathlib.Path(sys.argv[1])
out = {}
for top in sys.argv[2:]:
    paths = [root / top] if top.endswith(".py") else sorted((root / top).rglob("*.py"))
    for path in paths:
        rel = path.relative_to(root)
        parts = list(rel.with_suffix("").parts)
        package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [[a.name] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package[:len(package) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                found.append([base, *(a.name for a in node.names)])
        out[rel.as_posix()] = {"module": ".".join(parts), "imports": found}
print(json.dumps(out))
"""


def scan(*tops: str) -> dict[str, dict[str, object]]:
    """``path -> {module, imports}`` of every source under ``tops``; each import is
    ``[module]`` or ``[module, name, ...]`` (``from module import name``). Parsed in a fresh
    interpreter: CPython 3.11.7's ``ast.parse`` can fail after an unrelated RecursionError
    in the same process (see tests/engine/test_core.py)."""
    done = subprocess.run([sys.executable, "-c", _SCAN, str(ROOT), *tops],
                          capture_output=True, text=True, check=True)
    found: dict[str, dict[str, object]] = json.loads(done.stdout)
    return found


def tops_imported(info: dict[str, object]) -> set[str]:
    """The top-level packages a file imports."""
    imports: list[list[str]] = info["imports"]  # type: ignore[assignment]
    return {i[0].split(".")[0] for i in imports}


def offenders(tops: tuple[str, ...], banned: set[str],
              allowed: dict[str, str] | None = None) -> list[str]:
    """``path imports package`` for every banned import under ``tops``."""
    return [f"{path} imports {name}" for path, info in sorted(scan(*tops).items())
            for name in sorted(tops_imported(info) & banned)
            if path not in (allowed or {})]


def test_the_referee_layer_imports_no_discord_and_no_cogs() -> None:
    assert offenders(("referee",), {"discord", "cogs"}) == []


def test_the_sandbox_and_the_benches_import_no_cogs() -> None:
    assert offenders(("sandbox",), {"discord", "cogs"}) == []
    assert offenders(("bench",), {"cogs"}, DISCORD_BENCHES) == []
    for path in DISCORD_BENCHES:
        assert (ROOT / path).exists(), f"{path} is gone: take it off DISCORD_BENCHES"


def import_graph() -> dict[str, set[str]]:
    """module -> the product's modules it imports (``from a import b`` is ``a.b`` when
    that is a module, else ``a``)."""
    files = scan(*PRODUCT)
    modules = {str(info["module"]) for info in files.values()}
    graph: dict[str, set[str]] = {}
    for info in files.values():
        edges: set[str] = set()
        imports: list[list[str]] = info["imports"]  # type: ignore[assignment]
        for base, *names in imports:
            subs = {f"{base}.{n}" for n in names} & modules
            edges |= subs
            if len(subs) < len(names) or not names:
                edges.add(base)
        graph[str(info["module"])] = edges & modules
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (or a module importing
    itself): Tarjan's algorithm, iterative."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.append(member)
                        if member == node:
                            break
                    if len(part) > 1 or node in graph[node]:
                        found.append(sorted(part))
    return found


def test_circles_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "d"}, "e": set()}
    assert sorted(circles(graph)) == [["a", "b", "c"], ["d"]]


def test_no_import_circles_in_the_product() -> None:
    graph = import_graph()
    assert {"bot", "cogs.table", "referee.service", "engine.games", "db", "sandbox.server"} \
        <= set(graph)
    assert circles(graph) == []

"""The sandbox's HTTP API: seat tokens, refusals, the spectator view, whole matches.

Every test talks to the real aiohttp application over 127.0.0.1 (no browser); the
state is read back from the SQLite store only to check what the pages showed.
"""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from engine.games import REGISTRY
from referee.render.base import Choice
from referee.render.registry import renderer_for
from referee.snapshots import load_state
from sandbox.server import SANDBOX, make_app
from sandbox.tables import Sandbox

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[TestClient[Any, Any]]:
    """A client of a fresh sandbox whose data folder is ``tmp_path``."""
    app = make_app(tmp_path)
    async with TestClient(TestServer(app, host="127.0.0.1")) as c:
        c.app[SANDBOX].ai_rng.seed(7)
        c.app[SANDBOX].referee.new_seed = lambda: 6  # the same (short) matches every run
        yield c


async def open_table(client: TestClient[Any, Any], game: str = "sushido",
                     **extra: Any) -> tuple[int, list[str]]:
    """Open a table; its match id and the seat tokens (None for an AI seat)."""
    answer = await client.post("/api/tables", json={"game": game, **extra})
    assert answer.status == 200, await answer.text()
    data = await answer.json()
    tokens = [s["url"].split("seat=")[1] if s["url"] else None for s in data["seats"]]
    return data["match"], tokens


async def page(client: TestClient[Any, Any], match: int, token: str | None) -> Any:
    """One page's answer (asserting it was served)."""
    answer = await client.get(f"/api/tables/{match}",
                              params={"seat": token} if token else None)
    assert answer.status == 200, await answer.text()
    return await answer.json()


async def stored_state(client: TestClient[Any, Any], match: int) -> tuple[Any, Any]:
    """The game and the stored state of a match (what the pages must never show whole)."""
    rec = await client.app[SANDBOX].store.get_match(match)
    assert rec is not None
    game = REGISTRY[rec.game]
    return game, await load_state(client.app[SANDBOX].store, game, rec)


async def click(client: TestClient[Any, Any], match: int, token: str | None,
                aid: str, version: int, nonce: int | None = None) -> tuple[int, Any]:
    """One click; its status and answer."""
    answer = await client.post(f"/api/tables/{match}/act", json={
        "seat": token, "aid": aid, "version": version, "nonce": nonce})
    return answer.status, await answer.json()


async def test_every_game_is_offered_with_its_options(client: TestClient[Any, Any]) -> None:
    data = await (await client.get("/api/games")).json()
    offered = {g["id"]: g for g in data["games"]}
    assert set(offered) == set(REGISTRY)
    duel = offered["sushido"]["options"][0]
    assert duel["key"] == "duel" and duel["label"] == "Duel"
    assert [c["value"] for c in duel["choices"]] == ["iaijutsu", "entrainement", "rencontre"]
    assert duel["choices"][0]["label"] == "Iaijutsu (1 round)"  # the bot's /challenge words
    assert data["ai_levels"] == ["easy", "normal", "hard", "expert"]
    for gid, game in REGISTRY.items():  # every seat count, every option but the deck list
        assert (offered[gid]["seats"], offered[gid]["max_seats"]) == (game.min_seats,
                                                                      game.max_seats)
        keys = {o["key"] for o in offered[gid]["options"]}
        assert keys == set(game.options_model.model_fields) - {"decks"}
        assert (offered[gid]["decks"] is not None) == ("decks" in keys | set(
            game.options_model.model_fields))
        assert all(o["label"] != o["key"] for o in offered[gid]["options"])
    assert offered["kingdom_of_loathing"]["max_seats"] == 4
    assert offered["mortal_kombat"]["max_seats"] == 6
    fr = {g["id"]: g for g in (await (await client.get(
        "/api/games", params={"lang": "fr"})).json())["games"]}
    kp = next(o for o in fr["mortal_kombat"]["options"] if o["key"] == "kp")
    assert kp["label"].startswith("PK") and kp["choices"][0]["label"] == "30 PK"
    for path in ("/", "/t/1"):
        answer = await client.get(path)
        assert answer.status == 200 and "<html" in await answer.text()


@pytest.mark.parametrize(("payload", "words"), [
    ({"game": "chess"}, "Pick one of the games"),
    ({"game": "world_of_fighters", "options": {"bouts": 2}}, "bouts must be 1 or 3"),
    ({"game": "sushido", "options": {"duel": "x", "extra": 1}}, "Invalid options"),
    ({"game": "sushido", "names": ["Ann", " Ann "]}, "different name"),
    ({"game": "sushido", "ai": "godlike"}, "The AI levels are easy, normal, hard"),
    ({"game": "sushido", "options": [1]}, "options are not valid"),
])
async def test_a_bad_table_is_refused_in_words_and_nothing_is_stored(
        client: TestClient[Any, Any], payload: dict[str, Any], words: str) -> None:
    answer = await client.post("/api/tables", json=payload)
    assert answer.status == 400
    assert words in (await answer.json())["error"]
    missing = await client.get("/api/tables/1")
    assert missing.status == 404
    assert "no such table" in (await missing.json())["error"]


async def test_each_token_shows_its_seat_view_and_no_token_the_spectators(
        client: TestClient[Any, Any]) -> None:
    match, tokens = await open_table(client, names=["Ann", "Ben"])
    other, other_tokens = await open_table(client)
    first = await page(client, match, tokens[0])
    for aid in ("f-manta", "f-kujira"):  # both pick: hands are dealt
        seat = 0 if aid == "f-manta" else 1
        status, _ = await click(client, match, tokens[seat], aid,
                                (await page(client, match, tokens[seat]))["version"])
        assert status == 200
    game, state = await stored_state(client, match)
    for seat, token in enumerate(tokens):
        shown = await page(client, match, token)
        assert shown["seat"] == seat and shown["names"] == ["Ann", "Ben"]
        assert shown["view"] == game.view(state, seat).model_dump(mode="json")
        assert shown["public"] == game.view(state, None).model_dump(mode="json")
        assert shown["secret"]["me"]["hand"] == shown["view"]["me"]["hand"] != []
    watcher = await page(client, match, None)
    assert watcher["seat"] is None and watcher["actions"] == [] and watcher["secret"] == {}
    assert watcher["view"] == game.view(state, None).model_dump(mode="json")
    assert watcher["view"]["me"] is None
    assert first["picture"] and first["prompt"] == "Choose your fighter."
    # A token is one seat of one table: another table's, or a made-up one, is refused.
    for token in (other_tokens[0], "0" * 32, tokens[0][:-1]):
        answer = await client.get(f"/api/tables/{match}", params={"seat": token})
        assert answer.status == 403
        assert "seat link is not valid" in (await answer.json())["error"]
    assert (await page(client, other, other_tokens[1]))["seat"] == 1


async def test_refusals_are_clear_and_change_nothing(client: TestClient[Any, Any]) -> None:
    match, tokens = await open_table(client)
    before = await client.app[SANDBOX].store.get_match(match)
    cases = [
        (None, "f-manta", 0, 403, "Spectators cannot play"),
        (tokens[0], "f-nobody", 0, 400, "not available"),
        (tokens[0], "f-manta", 5, 409, "board has changed"),
        (tokens[0], "", 0, 400, "does not exist"),
    ]
    for token, aid, version, status, words in cases:
        got, answer = await click(client, match, token, aid, version)
        assert (got, words in answer["error"]) == (status, True), answer
    for raw in (b"{not json", b"[1, 2]"):
        answer = await client.post(f"/api/tables/{match}/act", data=raw)
        assert answer.status == 400 and "JSON" in (await answer.json())["error"]
    answer = await client.post(f"/api/tables/{match}/act", json={
        "seat": tokens[0], "aid": "f-manta", "version": "0"})
    assert answer.status == 400 and "version" in (await answer.json())["error"]
    for path in ("/api/tables/99", "/api/tables/abc", "/api/tables/1" + "9" * 30):
        assert (await client.get(path)).status == 404
    after = await client.app[SANDBOX].store.get_match(match)
    assert after == before
    # The same click sent twice is applied once; a second click on the old board is stale.
    assert (await click(client, match, tokens[0], "f-manta", 0, nonce=42))[0] == 200
    status, answer = await click(client, match, tokens[0], "f-manta", 0, nonce=42)
    assert status == 409 and "Already done" in answer["error"]
    status, answer = await click(client, match, tokens[0], "f-kani", 0, nonce=43)
    assert status == 409 and "board has changed" in answer["error"]
    status, answer = await click(client, match, tokens[0], "f-kani", 1, nonce=44)
    assert status == 409 and "already committed" in answer["error"]
    assert (await client.app[SANDBOX].store.get_match(match)).version == 1  # type: ignore[union-attr]


async def play_random(client: TestClient[Any, Any], match: int, tokens: list[str | None],
                      rng: random.Random, limit: int = 3000) -> Any:
    """Play a match over HTTP: a random open human seat clicks a random button, until
    the end. Checks at each step that each seat's page shows its own view only."""
    for _ in range(limit):
        pages = [await page(client, match, t) if t else None for t in tokens]
        live = [p for p in pages if p is not None]
        if live[0]["status"] != "active":
            return live[0]
        game, state = await stored_state(client, match)
        for seat, shown in enumerate(pages):
            if shown is not None and shown["version"] == state.version:
                assert shown["view"] == game.view(state, seat).model_dump(mode="json")
        ready = [(s, p) for s, p in enumerate(pages) if p is not None and p["actions"]
                 and any(not a["interrupt"] for a in p["actions"])]
        if not ready:
            await asyncio.sleep(0.02)  # the AI is thinking
            continue
        seat, shown = rng.choice(ready)
        choice = rng.choice([a for a in shown["actions"] if not a["interrupt"]])
        status, answer = await click(client, match, tokens[seat], choice["aid"],
                                     shown["version"], nonce=rng.randrange(1, 2**60))
        assert status in (200, 409), answer  # 409: the AI moved in between
    raise AssertionError("the match did not end")


async def test_a_whole_sushido_match_over_http(client: TestClient[Any, Any]) -> None:
    match, tokens = await open_table(client, options={"duel": "iaijutsu"},
                                     names=["Ann", "Ben"])
    final = await play_random(client, match, list(tokens), random.Random(3))
    _game, state = await stored_state(client, match)
    assert state.result is not None and final["status"] == "finished"
    winner = ["Ann", "Ben"][state.result.winners[0]]
    assert winner in final["result"] and "Seat" not in final["result"]
    assert final["actions"] == []
    # The lines are the bot's (its renderer's), and each seat is told its own draws only:
    # its private lines are the renderer's words for the events addressed to it.
    from engine.core import Event
    from referee.render.registry import renderer_for

    rows = await client.app[SANDBOX].store.events(match)
    last = max(r.version for r in rows)
    renderer = renderer_for("sushido")
    for seat, token in enumerate(tokens):
        lines = (await page(client, match, token))["narration"]
        mine = [Event(kind=r.kind, data=r.data, audience=tuple(r.audience))
                for r in rows if r.audience is not None and seat in r.audience
                and r.version == last]
        told = [x["text"] for x in lines if x["private"] and x["version"] == last]
        assert told == (renderer.narrate(mine, ["Ann", "Ben"]) if mine else [])
        assert any(x["private"] for x in lines) and not any("Seat" in x["text"] for x in lines)
    status, answer = await click(client, match, tokens[0], "f-manta", state.version)
    assert status == 409 and "over" in answer["error"]


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
async def test_every_game_plays_against_the_ai(
        client: TestClient[Any, Any], game_id: str) -> None:
    """The AI answers every decision it is asked (a World of Fighters match to the end;
    other games for a few dozen clicks, then the human forfeits)."""
    match, tokens = await open_table(client, game_id, ai="easy", names=["Ann"])
    assert tokens[1] is None  # nobody gets the AI seat's link
    clicks = 10_000 if game_id == "world_of_fighters" else 60
    try:
        final = await play_random(client, match, list(tokens), random.Random(5), clicks)
    except AssertionError as exc:
        assert "did not end" in str(exc)
        answer = await client.post(f"/api/tables/{match}/forfeit", json={"seat": tokens[0]})
        assert answer.status == 200
        final = await page(client, match, tokens[0])
        assert "Hajime (AI, easy)" in final["result"] and "Ann" in final["result"]
    assert final["status"] == "finished" and final["names"] == ["Ann", "Hajime (AI, easy)"]
    log = await client.app[SANDBOX].store.action_log(match)
    assert any(entry.seat == 1 and entry.action for entry in log)  # the AI played


async def test_forfeit_ends_the_match_in_names(client: TestClient[Any, Any]) -> None:
    match, tokens = await open_table(client, "world_of_fighters", names=["Ann", "Ben"])
    answer = await client.post(f"/api/tables/{match}/forfeit", json={})
    assert answer.status == 403
    answer = await client.post(f"/api/tables/{match}/forfeit", json={"seat": tokens[1]})
    assert answer.status == 200
    final = await page(client, match, None)
    assert final["status"] == "finished" and final["result"] == "🏆 Ann wins: Ben forfeited."
    assert final["narration"][-1]["text"] == "🏳️ Ben leaves the ring."  # the bot's line
    # in French: the page's picker (?lang=fr), or the browser's Accept-Language
    fr = await (await client.get(f"/api/tables/{match}", params={"lang": "fr"})).json()
    assert fr["result"] == "🏆 Ann gagne : Ben a abandonné." and fr["lang"] == "fr"
    fr = await (await client.get(f"/api/tables/{match}",
                                 headers={"Accept-Language": "fr-FR,fr;q=0.9"})).json()
    assert fr["result"].startswith("🏆 Ann gagne")


async def test_links_survive_a_restart_of_the_sandbox(tmp_path: Path) -> None:
    first = Sandbox(tmp_path)
    await first.open()
    rec, tokens = await first.create("sushido", {}, ["Ann", "Ben"])
    await first.close()
    again = Sandbox(tmp_path)
    await again.open()
    try:
        shown = await again.page(rec.id, tokens[1])
        assert shown["seat"] == 1 and shown["names"] == ["Ann", "Ben"]
    finally:
        await again.close()


async def test_an_ai_due_when_the_sandbox_stopped_plays_after_a_restart(
        tmp_path: Path) -> None:
    first = Sandbox(tmp_path)
    await first.open()
    rec, tokens = await first.create("world_of_fighters", {}, ["Ann"], "easy")
    await first.close()  # before the AI seat had its turn
    again = Sandbox(tmp_path)
    await again.open()
    try:
        stored = await again.store.get_match(rec.id)
        assert stored is not None and stored.version == 0  # nobody has picked yet
        for _ in range(200):
            shown = await again.page(rec.id, tokens[0])
            if "Hajime (AI, easy)" in shown["committed"]:
                break
            await asyncio.sleep(0.02)
        else:
            raise AssertionError("the AI seat never played after the restart")
    finally:
        await again.close()


def test_the_sandbox_never_starts_the_bot() -> None:
    """The sandbox uses the bot's catalog and renderers (which build on discord.py's
    types) but never the bot, its cogs of commands, or a connection to Discord."""
    code = ("import sys, sandbox.server, sandbox.__main__; "
            "sys.exit(1 if any(m in sys.modules for m in ('bot', 'cogs.table', "
            "'cogs.lobby', 'discord.ext.commands', 'discord.ext.tasks')) else 0)")
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


async def test_texts_and_refusals_speak_the_pages_language(
        client: TestClient[Any, Any]) -> None:
    fr = await (await client.get("/api/texts", params={"lang": "fr"})).json()
    assert fr["lang"] == "fr" and fr["texts"]["forfeit"] == "Abandonner"
    assert fr["texts"]["level.hard"] == "difficile"
    assert {x["code"] for x in fr["languages"]} == {"en-US", "fr"}
    en = await (await client.get("/api/texts")).json()
    assert en["lang"] == "en-US" and en["texts"]["forfeit"] == "Forfeit"
    assert set(en["texts"]) == set(fr["texts"])  # every text is translated
    by_header = await (await client.get("/api/texts",
                                        headers={"Accept-Language": "fr-CA"})).json()
    assert by_header["lang"] == "fr"
    answer = await client.post("/api/tables", params={"lang": "fr"}, json={"game": "chess"})
    assert answer.status == 400
    assert (await answer.json())["error"] == "Choisissez un des jeux de la liste."
    games = await (await client.get("/api/games", params={"lang": "fr"})).json()
    assert all(g["name"] for g in games["games"])
    match, tokens = await open_table(client, "world_of_fighters", ai="hard", names=["Ann"])
    shown = await (await client.get(f"/api/tables/{match}",
                                    params={"seat": tokens[0], "lang": "fr"})).json()
    assert shown["names"] == ["Ann", "Hajime (IA, difficile)"]
    stale = await client.post(f"/api/tables/{match}/act", params={"lang": "fr"},
                              json={"seat": None, "aid": "x", "version": 0})
    assert stale.status == 403 and "spectateurs" in (await stale.json())["error"].lower()


SEATINGS = [(gid, n) for gid, game in sorted(REGISTRY.items())
            for n in range(game.min_seats, game.max_seats + 1)]


@pytest.mark.parametrize(("game_id", "seats"), SEATINGS)
async def test_every_game_and_seat_count_opens_draws_and_plays(
        client: TestClient[Any, Any], game_id: str, seats: int) -> None:
    """Every seat count of every game: a person in the first and last seats, the AI in
    the others; each page is the bot's board, hand and controls (no raw view shown), the
    picture is drawn in the page's language, and the AI seats play."""
    ai: list[str | None] = [None] + ["easy"] * (seats - 1)
    ai[-1] = None  # a second person at the far end of the table
    match, tokens = await open_table(client, game_id, seats=seats, ai=ai, names=["Ann"])
    assert [t is None for t in tokens] == [a is not None for a in ai]
    shown = await page(client, match, tokens[0])
    assert len(shown["names"]) == seats and shown["names"][0] == "Ann"
    assert shown["board"]["title"] and shown["hand"]["title"]
    humans = [await page(client, match, t) for t in tokens if t is not None]
    for group in [g for p in humans for g in p["controls"]]:
        assert group["title"] and all(c["label"] for c in group["choices"])
    watcher = await page(client, match, None)
    assert watcher["hand"] is None and watcher["controls"] == [] and watcher["cards"] == []
    assert shown["picture"]
    for lang in ("en-US", "fr"):
        png = await client.get(f"/api/tables/{match}/board.png", params={"lang": lang})
        assert png.status == 200 and png.content_type == "image/png"
        assert (await png.read()).startswith(b"\x89PNG")
    fr = await (await client.get(f"/api/tables/{match}",
                                 params={"seat": tokens[0], "lang": "fr"})).json()
    assert fr["prompt"] != shown["prompt"] or fr["board"] != shown["board"]
    try:
        final = await play_random(client, match, list(tokens), random.Random(seats), 40)
    except AssertionError as exc:
        assert "did not end" in str(exc)
        final = None
    log = await client.app[SANDBOX].store.action_log(match)
    assert any(entry.seat == 1 and entry.action for entry in log)  # an AI seat played
    if final is None:
        for token in tokens:
            if token is not None and (await page(client, match, token))["status"] == "active":
                answer = await client.post(f"/api/tables/{match}/forfeit",
                                           json={"seat": token})
                assert answer.status == 200


async def test_seat_counts_outside_the_game_are_refused(client: TestClient[Any, Any]) -> None:
    for game, seats in (("sushido", 3), ("kingdom_of_loathing", 5), ("mortal_kombat", 1),
                        ("mortal_kombat", 7), ("epic_battles", "2")):
        answer = await client.post("/api/tables", json={"game": game, "seats": seats})
        assert answer.status == 400, game
        assert "is played by" in (await answer.json())["error"]
    answer = await client.post("/api/tables", params={"lang": "fr"},
                               json={"game": "kingdom_of_loathing", "seats": 5})
    assert (await answer.json())["error"] == "Kingdom of Loathing se joue de 2 à 4 joueurs."
    answer = await client.post("/api/tables", json={"game": "mortal_kombat", "seats": 3,
                                                    "ai": [None, "easy", "godlike"]})
    assert answer.status == 400 and "AI levels" in (await answer.json())["error"]


def deck_list(game_id: str, deck: Any) -> str:
    """A deck as the list a player pastes (``3 Low Kick`` a line)."""
    names = {cid: n for n, cid in REGISTRY[game_id].deck_names().items()}  # type: ignore[attr-defined]
    return "\n".join(f"{n} {names[cid]}" for cid, n in deck.cards.items())


@pytest.mark.parametrize("game_id", ["mortal_kombat", "epic_battles"])
async def test_decks_are_lists_codes_precons_or_saved_never_raw_json(
        client: TestClient[Any, Any], game_id: str) -> None:
    from sandbox import decks

    game: Any = REGISTRY[game_id]
    leaders = game.deck_leaders()
    first, second = sorted(leaders)[:2]
    deck = decks.precon(game_id, leaders[first], 50)
    text = deck_list(game_id, deck)
    # a pasted list with its leader, and a leader's precon
    match, _tokens = await open_table(client, game_id, decks=[
        {"text": text, "leader": first}, {"leader": second}])
    rec = await client.app[SANDBOX].store.get_match(match)
    assert rec is not None
    codes = rec.options["decks"]
    assert decks.read(game_id, codes[0], None) == deck
    assert decks.read(game_id, codes[1], None).leader == leaders[second]
    # a pasted code, a saved deck, and nothing (pick a fighter in the match)
    answer = await client.post("/api/decks", json={"game": game_id, "name": "Mine",
                                                   "text": text, "leader": first})
    assert answer.status == 200 and (await answer.json())["size"] == deck.size
    saved = await (await client.get("/api/decks", params={"game": game_id})).json()
    assert saved["decks"] == [{"name": "Mine", "leader": first, "size": deck.size}]
    match, _tokens = await open_table(client, game_id, decks=[{"saved": "Mine"}, ""])
    rec = await client.app[SANDBOX].store.get_match(match)
    assert rec is not None and rec.options["decks"] == [codes[0], ""]
    match, _tokens = await open_table(client, game_id, decks=[codes[0], ""])
    match, _tokens = await open_table(client, game_id, decks=["", ""])
    rec = await client.app[SANDBOX].store.get_match(match)
    assert rec is not None and rec.options["decks"] == []
    # refusals in words
    for bad, words in (([{"text": "3 Nothing Kard", "leader": first}], "Unknown"),
                       ([{"saved": "Nope"}], "No deck is saved"),
                       ("x", "one deck per seat"),
                       ([{"text": text, "leader": "Nobody"}], "Unknown leader")):
        answer = await client.post("/api/tables", json={"game": game_id, "decks": bad})
        assert answer.status == 400, bad
        assert words in (await answer.json())["error"], (bad, await answer.json())


async def test_open_tables_are_listed_with_spectator_links_only(
        client: TestClient[Any, Any]) -> None:
    first, _ = await open_table(client, names=["Ann", "Ben"])
    second, tokens = await open_table(client, "kingdom_of_loathing", seats=3,
                                      ai=[None, "easy", None])
    listed = (await (await client.get("/api/tables")).json())["tables"]
    assert [x["match"] for x in listed] == [second, first]
    assert listed[1]["names"] == ["Ann", "Ben"] and listed[0]["names"][1].startswith("Hajime")
    assert all(x["watch"] == f"/t/{x['match']}" and "seat" not in str(x) for x in listed)
    await client.post(f"/api/tables/{first}/forfeit", json={"seat": (await open_table(
        client))[1][0]})  # another table's seat: refused, nothing listed changes
    assert len((await (await client.get("/api/tables")).json())["tables"]) == 3
    for token in tokens:
        if token:
            await client.post(f"/api/tables/{second}/forfeit", json={"seat": token})
    listed = (await (await client.get("/api/tables")).json())["tables"]
    assert second not in [x["match"] for x in listed]


async def test_a_page_waits_for_the_match_to_move(client: TestClient[Any, Any]) -> None:
    match, tokens = await open_table(client, names=["Ann", "Ben"])
    shown = await page(client, match, tokens[1])

    async def later() -> None:
        await asyncio.sleep(0.3)
        await click(client, match, tokens[0], "f-manta", shown["version"], nonce=9)

    loop = asyncio.get_running_loop()
    started = loop.time()
    task = asyncio.create_task(later())
    answer = await client.get(f"/api/tables/{match}", params={
        "seat": tokens[1], "after": str(shown["version"]), "status": "active", "wait": "9"})
    moved = await answer.json()
    await task
    assert moved["version"] == shown["version"] + 1
    assert 0.25 < loop.time() - started < 5
    same = await client.get(f"/api/tables/{match}", params={
        "seat": tokens[1], "after": str(moved["version"]), "status": "active"})
    assert await same.json() == {"same": True}  # asked without waiting: nothing moved


@pytest.mark.parametrize(("game_id", "wanted"), [("epic_battles", "chain"),
                                                 ("sushido", "chain"),
                                                 ("kingdom_of_loathing", "multi")])
async def test_the_controls_are_the_bots_chains_and_multi_selects(
        client: TestClient[Any, Any], game_id: str, wanted: str) -> None:
    """A seat's controls are what the bot offers (``Game.offered``: a decision with its
    follow-ups as one choice, the parts of a multi-select), grouped as the bot groups
    them; a multi-select says how many parts it takes, and its parts picked together
    (joined by ``join``) are one click, as Discord sends them."""
    match, tokens = await open_table(client, game_id, names=["Ann", "Ben"])
    rng = random.Random(11)
    seen = False
    for _ in range(400):
        game, state = await stored_state(client, match)
        if state.result is not None:
            break
        pages = [await page(client, match, t) for t in tokens]
        ready = []
        for seat, shown in enumerate(pages):
            if shown["version"] != state.version:
                continue
            choices = [c["aid"] for g in shown["controls"] for c in g["choices"]
                       if not c["interrupt"]]
            prompt = game.prompts(state).get(seat)
            offered = [Choice(aid=a.aid, label=game.label(state, seat, a))
                       for a in game.offered(state, seat)
                       if prompt is not None and not prompt.committed]
            bots = [c.aid for g in renderer_for(game_id).groups(
                [(a.kind, c) for a, c in zip(game.offered(state, seat), offered,
                                              strict=False)]) for c in g.choices]
            assert choices == bots, (seat, choices, bots)  # as the bot's hand shows them
            for g in shown["controls"]:
                assert g["min"] <= g["max"] and (g["multi"] or g["max"] == 1)
            if offered:
                ready.append((seat, shown))
        if not ready:
            continue
        seat, shown = rng.choice(ready)
        aid = rng.choice([a for a in shown["actions"] if not a["interrupt"]])["aid"]
        multi = [g for g in shown["controls"] if g["multi"] and g["max"] >= 2]
        if wanted == "chain" and any(a["aid"].startswith("t=") for a in shown["actions"]):
            seen = True
            aid = next(a["aid"] for a in shown["actions"] if a["aid"].startswith("t="))
        if wanted == "multi" and multi:
            assert shown["join"] == "+"
            seen = True
            aid = shown["join"].join(c["aid"] for c in multi[0]["choices"][:2])
        status, answer = await click(client, match, tokens[seat], aid, shown["version"],
                                     nonce=rng.randrange(1, 2**60))
        assert status == 200, (aid, answer)
        if seen:
            break
    assert seen, f"no {wanted} was offered"

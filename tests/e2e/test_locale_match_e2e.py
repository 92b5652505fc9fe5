"""A whole match in French and in English: every text the players read is in their language.

A French server with two French players, then an English server with two English players,
play a whole World of Fighters match (best of three) and a whole Sushido match
(Entraînement) through the real bot and the offline Discord: the challenge, the opening
line, the board (every edit), the narration, the result, every private hand and control,
/matches, /forfeit's question and a refusal. No
text may hold a fragment of the other language's catalog (checked whole-word, as
``test_i18n_e2e`` does), nor "Seat", a raw id or "square N".
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.harness import Player, bot_running, challenge_accepted, idle, pin_engine_seed, press
from tests.e2e.test_i18n_e2e import FRENCH_ONLY, assert_speaks
from tests.e2e.test_play_feel_e2e import BAD_WORDS, RAW_ID, WRAPPED
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message

GAMES = {"world_of_fighters": {"bouts": 3}, "sushido": {"duel": "entrainement"}}


def strings(obj: Any) -> Iterator[str]:
    """Every string a payload shows (contents, embed texts, labels, placeholders)."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for key, value in obj.items():
            if key not in ("custom_id", "url", "value", "id", "type", "style", "proxy_url",
                           "filename", "allowed_mentions", "attachments", "flags", "nonce",
                           "emoji", "image", "thumbnail"):
                yield from strings(value)
    elif isinstance(obj, list):
        for item in obj:
            yield from strings(item)


def shown_texts(messages: list[Message]) -> list[str]:
    """Each message's every version (creation and edits) as one text."""
    out = []
    for msg in messages:
        bodies = msg.history or [{"content": msg.content, "embeds": msg.embeds,
                                  "components": msg.components}]
        out.extend("\n".join(strings(body)) for body in bodies)
    return out


async def play_in(fake: FakeDiscord, tmp_path: pathlib.Path, locale: str,
                  game: str) -> list[str]:
    """A whole match of ``game`` in ``locale``; every text the players were shown."""
    fake.locale = locale  # the server's language: the public thread speaks it
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    for user in (alice, bob, carol):
        user.locale = locale
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, game,
                                                   **GAMES[game])
        extra = [await (await alice.slash("matches")).response(),
                 await (await bob.slash("forfeit")).response(),
                 await press(carol, board, f"hj:act:{match_id}")]
        assert all(res.ephemeral for res in extra)
        player = Player(fake, bot, match_id, board, [alice, bob], seed=2, check_leaks=False)
        await player.play()
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished"
        thread = fake.threads(fake.channel)[-1]
        messages = (fake.messages(fake.channel) + fake.messages(thread)
                    + alice.ephemerals() + bob.ephemerals() + carol.ephemerals())
        texts = shown_texts(messages)
        texts += [res.content or "" for res in extra]
    assert fake.schema_errors == [] and fake.handler_errors == []
    return texts


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("locale", ["fr", "en-US"])
async def test_a_whole_match_speaks_the_players_language(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
        locale: str, game: str) -> None:
    pin_engine_seed(monkeypatch, 5)  # World of Fighters: a K.O., then a Ring Out
    texts = await play_in(fake_discord, tmp_path, locale, game)
    assert len(texts) > 50
    for text in texts:
        assert_speaks(text, locale)
        bare = WRAPPED.sub("", text)
        assert not BAD_WORDS.search(bare) and not RAW_ID.search(bare), text[:500]
    everything = "\n".join(texts)
    own = {"world_of_fighters": ("Manche 1", "Bout 1"),
           "sushido": ("le premier à 2 rounds", "first to 2 rounds")}[game]
    if locale == "fr":
        for french in ("défie", "Accepter", "Le match commence", "Agir", "Voir ma main",
                       "Votre coin", "Fin du match", "Revanche", own[0], "gagne",
                       "Vous ne jouez pas dans ce match", "Abandonner le match"):
            assert french in everything, french
    else:
        assert not any(f in everything for f in FRENCH_ONLY if len(f) > 8)
        for english in ("challenges", "Accept", "The match is on", "Your corner",
                        "Match over", "Rematch", own[1], "wins",
                        "You are not playing in this match", "Forfeit"):
            assert english in everything, english

"""Saved-deck helpers (cogs/saved_decks.py) on Mortal Kombat: names, codes or lists,
edits, the checks before saving (nothing illegal is stored), and the deck-size rule when
an opponent brings a saved deck; refusals in French too."""

from __future__ import annotations

import pathlib

import pytest

from cogs import saved_decks
from db import SqliteStore
from db.base import ChallengeRecord
from engine.core import EngineError
from engine.core.decks import Deck
from engine.games.mortal_kombat.decks import precon, to_code
from referee import decks
from referee.i18n import Refusal, reason

MK = "mortal_kombat"
ALICE, BOB = 1, 2


@pytest.fixture
async def store(tmp_path: pathlib.Path) -> SqliteStore:
    s = SqliteStore(str(tmp_path / "d.sqlite3"))
    await s.open()
    yield s  # type: ignore[misc]
    await s.close()


def names() -> dict[str, str]:
    return {cid: n for n, cid in decks.builder(MK).deck_names().items()}


def test_names_are_tidied_and_bounded() -> None:
    assert saved_decks.check_name("  Ice   wall ") == "Ice wall"
    for bad in ("", "   ", "x" * 33):
        with pytest.raises(Refusal, match="1 to 32 characters"):
            saved_decks.check_name(bad)


def test_a_deck_is_read_from_a_code_or_a_list() -> None:
    code = to_code(precon("kano"))
    assert saved_decks.looks_like_code(MK, " mk1-abc") and not saved_decks.looks_like_code(
        MK, "3 Low Kick")
    assert saved_decks.read_deck(MK, code, None) == precon("kano")
    listed = ", ".join(decks.listing(MK, precon("kano")).splitlines())
    assert saved_decks.read_deck(MK, listed, "Kano") == precon("kano")
    with pytest.raises(EngineError, match="code"):
        saved_decks.read_deck(MK, "MK1-garbage", None)


def test_edits_add_and_remove_by_name_and_refuse_what_is_not_there() -> None:
    deck = precon("goro")
    first = next(iter(deck.cards))
    out = saved_decks.edited(MK, deck, "2 Low Kick", f"1 {names()[first]}")
    assert out.size == deck.size + 1 and out.cards.get(first, 0) == deck.cards[first] - 1
    with pytest.raises(Refusal, match="cannot be taken out"):
        saved_decks.edited(MK, deck, None, f"{deck.cards[first] + 1} {names()[first]}")
    with pytest.raises(EngineError, match="Unknown kard"):
        saved_decks.edited(MK, deck, "Banana", None)
    with pytest.raises(Refusal, match="empty"):
        saved_decks.edited(MK, Deck(cards={first: 1}, leader="goro"), None,
                           f"1 {names()[first]}")


async def test_an_illegal_deck_is_not_saved_and_the_refusal_speaks_french(
        store: SqliteStore) -> None:
    over = decks.typed_deck(decks.builder(MK), "17 Adrenaline, 33 Low Kick", "kano")
    with pytest.raises(Refusal) as caught:
        await saved_decks.store_deck(store, ALICE, MK, "x", over, "advanced")
    english, french = reason(caught.value, "en-US"), reason(caught.value, "fr")
    assert "Not saved" in english and "At most 4 of one Special Effect" in english
    assert "Non enregistré" in french and "At most 4" not in french, french
    assert await store.user_decks(ALICE) == []
    code, new = await saved_decks.store_deck(store, ALICE, MK, "Kano", precon("kano"), None)
    assert new and code == to_code(precon("kano"))


async def test_at_most_so_many_decks_per_game(store: SqliteStore) -> None:
    for i in range(saved_decks.MAX_DECKS):
        await store.save_deck(ALICE, MK, f"d{i}", to_code(precon("kano")))
    with pytest.raises(Refusal, match="delete one first"):
        await saved_decks.store_deck(store, ALICE, MK, "one more", precon("kano"), None)
    # replacing an existing one is still fine
    _, new = await saved_decks.store_deck(store, ALICE, MK, "D0", precon("goro"), None)
    assert not new


def challenge(options: dict[str, object]) -> ChallengeRecord:
    return ChallengeRecord(id=1, guild_id=1, channel_id=1, challenger_id=ALICE,
                           opponent_id=BOB, game=MK, options=options, expires_at=1e12)


async def test_the_opponents_deck_must_match_the_challengers_size(store: SqliteStore) -> None:
    await store.save_deck(BOB, MK, "Big", to_code(precon("kano", 60)))
    await store.save_deck(BOB, MK, "Goro", to_code(precon("goro")))
    built = challenge({"decks": [to_code(precon("subzero")), ""], "deck_size": 50})
    with pytest.raises(Refusal) as caught:
        await saved_decks.opponent_deck_options(store, built, "Big")
    assert "yours has 60 kards, the challenger's 50" in reason(caught.value, "en-US")
    assert "le vôtre compte 60 kartes" in reason(caught.value, "fr")
    opts = await saved_decks.opponent_deck_options(store, built, "goro")
    assert opts == {"decks": [to_code(precon("subzero")), to_code(precon("goro"))],
                    "deck_size": 50}
    # a challenger on a precon gets one of the opponent's deck's size
    free = await saved_decks.opponent_deck_options(store, challenge({}), "Big")
    assert free == {"decks": ["", to_code(precon("kano", 60))], "deck_size": 60}
    with pytest.raises(Refusal, match="no saved"):  # only the opponent's own decks
        await saved_decks.opponent_deck_options(store, challenge({}), "Ice")


async def test_an_epic_battles_opponent_brings_a_saved_deck_of_any_character(
        store: SqliteStore) -> None:
    from cogs.lobby import built_deck_options
    from engine.games import REGISTRY
    from engine.games.epic_battles.decks import precon as eb_precon
    from engine.games.epic_battles.decks import to_code as eb_code

    eb = "epic_battles"
    mine, theirs = eb_code(eb_precon("ryu")), eb_code(eb_precon("sub_zero"))
    assert built_deck_options(eb, mine, None) == {"decks": [mine, ""]}  # no size option
    await store.save_deck(BOB, eb, "Ice", theirs)
    ch = ChallengeRecord(id=2, guild_id=1, channel_id=1, challenger_id=ALICE,
                         opponent_id=BOB, game=eb, options={"decks": [mine, ""]},
                         expires_at=1e12)
    opts = await saved_decks.opponent_deck_options(store, ch, "ice")
    assert opts == {"decks": [mine, theirs]}
    REGISTRY[eb].parse_options(opts)  # the match options it makes are valid
    with pytest.raises(EngineError, match="exactly 59 cards"):
        built_deck_options(eb, eb_code(Deck(cards={"hadoken": 4}, leader="ryu")), None)


def test_the_challenge_says_built_deck_only_when_one_is_brought() -> None:
    from cogs.lobby import check_options
    from engine.games import REGISTRY
    from referee.lobby_text import challenge_text

    def text(game: str, raw: dict[str, object]) -> str:
        options = REGISTRY[game].parse_options(check_options(game, raw)).model_dump(
            mode="json")
        return challenge_text(ChallengeRecord(id=1, guild_id=1, channel_id=1,
                                              challenger_id=ALICE, opponent_id=BOB,
                                              game=game, options=options, expires_at=1e12), "")

    assert "built deck" not in text("epic_battles", {"bouts": 1})
    assert "One round" in text("epic_battles", {"bouts": 1})
    assert "built deck" not in text(MK, {})
    from engine.games.epic_battles.decks import precon as eb_precon
    from engine.games.epic_battles.decks import to_code as eb_code

    code = eb_code(eb_precon("ryu"))
    assert "your own built deck" in text("epic_battles", {"decks": [code, ""]})
    assert code not in text("epic_battles", {"decks": [code, ""]})

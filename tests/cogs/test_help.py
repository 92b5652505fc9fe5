"""``/help`` teaches (issue 31): every command the bot defines and, per game, a short "how
a turn goes", in English and French; ``/rules`` points to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs.library import help_embed
from engine.games import REGISTRY
from referee.i18n import t

COGS = Path(__file__).parents[2] / "cogs"
LOCALES = ("en-US", "fr")


def command_keys() -> set[str]:
    """Every ``cmd.<command>[.<sub>].name`` a cog defines (options aside)."""
    found: set[str] = set()
    for path in COGS.glob("*.py"):
        found |= set(re.findall(r'L\("(cmd\.[a-z_]+(?:\.[a-z_]+)?\.name)"\)',
                                path.read_text("utf-8")))
    return {k for k in found if ".opt." not in k}


def spelled(loc: str, key: str) -> str:
    """``/tournament create`` for ``cmd.tournament.create.name`` in ``loc``."""
    parts = key.split(".")[1:-1]
    if len(parts) == 1:
        return "/" + t(loc, f"cmd.{parts[0]}.name")
    return f"/{t(loc, f'cmd.{parts[0]}.name')} {t(loc, f'cmd.{parts[0]}.{parts[1]}.name')}"


def test_the_commands_are_found() -> None:
    keys = command_keys()
    assert {"cmd.deck.import.name", "cmd.tournament.create.name", "cmd.practice.name",
            "cmd.privacy.leaderboard.name", "cmd.settings.turn_timer.name",
            "cmd.replay.name"} <= keys


@pytest.mark.parametrize("loc", LOCALES)
def test_help_names_every_command_and_subcommand(loc: str) -> None:
    embed = help_embed(loc)
    text = embed.description or ""
    groups = {k.split(".")[1] for k in command_keys() if k.count(".") == 3}
    for key in sorted(command_keys()):
        name = key.split(".")[1]
        if key.count(".") == 2 and name in groups:
            continue  # a group is named by its subcommands
        assert f"**{spelled(loc, key)}**" in text, (loc, spelled(loc, key))
    rematch = t(loc, "table.rematch")
    assert f"**{rematch}**" in text
    assert len(embed) <= 6000 and len(text) <= 4096


@pytest.mark.parametrize("loc", LOCALES)
def test_help_tells_how_a_turn_goes_in_each_game(loc: str) -> None:
    fields = {f.name: f.value for f in help_embed(loc).fields}
    assert len(fields) == len(REGISTRY)
    for gid in REGISTRY:
        value = t(loc, f"help.turn.{gid}")
        assert value in fields.values() and 60 < len(value) <= 400
        assert value != t("fr" if loc == "en-US" else "en-US", f"help.turn.{gid}")


@pytest.mark.parametrize("loc", LOCALES)
def test_rules_point_to_help(loc: str) -> None:
    assert f"/{t(loc, 'cmd.help.name')}" in t(loc, "rules.help_link")

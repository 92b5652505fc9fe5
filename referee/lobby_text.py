"""A challenge's public text and a match's jump link: what the lobby (:mod:`cogs.lobby`),
the seating (:mod:`cogs.seating`) and the reconciler (:mod:`cogs.reconcile`) say about a
match being set up."""

from __future__ import annotations

from db.base import ChallengeRecord, MatchRecord
from engine.games import REGISTRY
from referee.i18n import DEFAULT, t
from referee.option_words import options_text


def match_link(rec: MatchRecord) -> str:
    """A jump link to a match's board (or its channel)."""
    guild = rec.guild_id if rec.guild_id is not None else "@me"
    if rec.thread_id and rec.message_id:
        return f"https://discord.com/channels/{guild}/{rec.thread_id}/{rec.message_id}"
    return f"https://discord.com/channels/{guild}/{rec.channel_id}"


def challenge_text(ch: ChallengeRecord, status: str | None = None,
                   loc: str = DEFAULT) -> str:
    """The public text of a challenge message (in the server's language ``loc``)."""
    game = REGISTRY[ch.game].name
    opts = options_text(ch.options, loc)
    head = t(loc, "lobby.challenge", challenger=f"<@{ch.challenger_id}>",
             opponent=f"<@{ch.opponent_id}>", game=game)
    head += f" · {opts}" if opts else ""
    if status is None:
        return f"{head}.\n" + t(loc, "lobby.expires", when=f"<t:{int(ch.expires_at)}:R>")
    return f"{head}.\n{status}"

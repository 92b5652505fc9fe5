"""A challenge's public text and a match's jump link: what the lobby (:mod:`cogs.lobby`),
the seating (:mod:`cogs.seating`) and the reconciler (:mod:`cogs.reconcile`) say about a
match being set up."""

from __future__ import annotations

from collections.abc import Collection

from db.base import ChallengeRecord, MatchRecord
from engine.games import REGISTRY
from referee.ai_seats import mention
from referee.i18n import DEFAULT, and_list, game_name, t
from referee.option_words import options_text

MATCHES_SHOWN = 20
"""Most live matches one ``/matches`` answer lists (the caller's first, then the newest)."""


def match_link(rec: MatchRecord) -> str:
    """A jump link to a match's board (or its channel)."""
    guild = rec.guild_id if rec.guild_id is not None else "@me"
    if rec.thread_id and rec.message_id:
        return f"https://discord.com/channels/{guild}/{rec.thread_id}/{rec.message_id}"
    return f"https://discord.com/channels/{guild}/{rec.channel_id}"


def live_match_line(rec: MatchRecord, waiting: Collection[int], left: Collection[int],
                    viewer: int, loc: str = DEFAULT) -> str:
    """One live match as ``/matches`` lists it: a star when ``viewer`` still plays in it, its
    number and game, its players by name (those who ``left`` struck through), whose move
    it is (the seats ``waiting`` to decide; "your move" when one is the viewer's) and a link
    to its thread (the public view, which anyone may watch)."""
    names = [mention(u, loc) for u in rec.seats]
    players = ", ".join(t(loc, "lobby.matches_left", who=n) if s in left else n
                        for s, n in enumerate(names))
    if any(rec.seats[s] == viewer for s in waiting if 0 <= s < len(rec.seats)):
        turn = t(loc, "lobby.matches_your_move")
    elif waiting:
        turn = t(loc, "lobby.matches_to_play", who=and_list(
            loc, [names[s] for s in sorted(waiting) if 0 <= s < len(names)]))
    else:
        turn = t(loc, "lobby.matches_starting")
    mine = any(u == viewer and s not in left for s, u in enumerate(rec.seats))
    return t(loc, "lobby.matches_line", mark="⭐ " if mine else "", id=rec.id,
             game=game_name(rec.game, loc), players=players, turn=turn, link=match_link(rec))


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

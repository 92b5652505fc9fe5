"""Embeds and pagers of the ladder (no I/O): leaderboard, profile, history.

Names are mentions (``<@id>``): in an embed they render as the member's name without
pinging anyone. Every pager is a :class:`cogs.router.StaticView` whose Prev/Next custom
ids carry the target page, so any click is answered by re-reading the store.
"""

from __future__ import annotations

import discord

from cogs import ids
from cogs.router import StaticView
from db.ladder_queries import BoardPage, GameProfile, HistoryPage, MatchSummary
from db.ratings import PROVISIONAL_GAMES, PROVISIONAL_SIGMA, display_rating
from engine.games import REGISTRY

PAGE_SIZE = 10
"""Rows per leaderboard or history page."""
PROVISIONAL_MARK = "❔"
COLOR = 0xF1C40F
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
MAX_GAME_FIELDS = 12
"""Games shown in full on a profile (an embed holds 25 fields and 6,000 characters)."""


def game_name(game_id: str) -> str:
    """The human name of a game (its id if the game is no longer registered)."""
    game = REGISTRY.get(game_id)
    return game.name if game is not None else game_id


def pages_of(total: int, size: int = PAGE_SIZE) -> int:
    """How many pages ``total`` rows fill (at least 1)."""
    return max(1, -(-total // size))


def pager(kind: str, fields: list[object], page: int, pages: int) -> StaticView:
    """Prev / ``page/pages`` / Next buttons; ids are ``hj:<kind>:<fields>:<page>:<p|n>``."""
    view = StaticView()
    view.add_item(discord.ui.Button(
        label="Prev", emoji="◀️", disabled=page <= 0,
        custom_id=ids.make(kind, *fields, max(0, page - 1), "p")))
    view.add_item(discord.ui.Button(
        label=f"{page + 1}/{pages}", disabled=True, custom_id=ids.make(kind, *fields, page, "i")))
    view.add_item(discord.ui.Button(
        label="Next", emoji="▶️", disabled=page >= pages - 1,
        custom_id=ids.make(kind, *fields, min(pages - 1, page + 1), "n")))
    return view


def streak_text(streak: int) -> str:
    """``3 wins``, ``2 losses`` or ``-``."""
    if streak > 0:
        return f"🔥 {streak} win{'s' if streak > 1 else ''}"
    if streak < 0:
        return f"{-streak} loss{'es' if streak < -1 else ''}"
    return "-"


def when(ts: float) -> str:
    """A Discord timestamp (renders in the reader's time zone)."""
    return f"<t:{int(ts)}:d>"


# ---------------------------------------------------------------- leaderboard
def leaderboard_embed(page: BoardPage, where: str) -> discord.Embed:
    """One leaderboard page: rank, player, rating, games, provisional mark."""
    embed = discord.Embed(title=f"🏆 {game_name(page.game)} · {where}", color=COLOR)
    if not page.rows:
        embed.description = ("No rated players yet: finish a rated match to appear here."
                             if page.total == 0 else "Nobody on this page.")
    else:
        lines = []
        for row in page.rows:
            rank = MEDALS.get(row.rank, f"`#{row.rank}`")
            mark = f" {PROVISIONAL_MARK}" if row.provisional else ""
            lines.append(f"{rank} <@{row.user_id}> · **{row.rating}**{mark} · "
                         f"{row.games} game{'s' if row.games != 1 else ''}")
        embed.description = "\n".join(lines)
    pages = pages_of(page.total, page.limit)
    embed.set_footer(text=(f"Page {page.offset // page.limit + 1}/{pages} · {page.total} "
                           f"player{'s' if page.total != 1 else ''} · {PROVISIONAL_MARK} "
                           f"provisional (under {PROVISIONAL_GAMES} games or still uncertain)"))
    return embed


def leaderboard_view(page: BoardPage, scope_code: str) -> StaticView:
    """The leaderboard pager (``scope_code`` is ``s`` for this server, ``g`` for global)."""
    return pager("lb", [scope_code, page.game], page.offset // page.limit,
                 pages_of(page.total, page.limit))


# ------------------------------------------------------------------ matches
def result_word(m: MatchSummary, user_id: int) -> str:
    """``Won``, ``Lost``, ``Draw``, ``Forfeited`` or ``2nd`` for ``user_id`` in ``m``."""
    mine = m.result_of(user_id)
    if mine is None:
        return "?"
    if mine.forfeited:
        return "Forfeited"
    ranks = [s.rank for s in m.seats]
    if len(set(ranks)) == 1:
        return "Draw"
    if mine.rank == min(ranks):
        return "Won"
    if len(m.seats) > 2:
        return {2: "2nd", 3: "3rd"}.get(mine.rank, f"{mine.rank}th")
    return "Lost"


def match_line(m: MatchSummary, user_id: int, *, with_game: bool = True) -> str:
    """One finished match as a line: result, fighter, opponents, date, link."""
    mine = m.result_of(user_id)
    rivals = ", ".join(
        f"<@{s.user_id}>" + (f" ({s.label})" if s.label else "")
        for s in m.seats if s.user_id != user_id)
    fighter = f" as {mine.label}" if mine is not None and mine.label else ""
    game = f"{game_name(m.game)} · " if with_game else ""
    unrated = " · unrated" if not m.rated else ""
    return (f"**{result_word(m, user_id)}**{fighter} vs {rivals or 'nobody'} · {game}"
            f"{when(m.finished_at)}{unrated} · [#{m.match_id}]({m.link})")


def history_embed(page: HistoryPage, user_id: int, game: str | None) -> discord.Embed:
    """One page of a player's finished matches."""
    what = game_name(game) if game else "All games"
    embed = discord.Embed(title=f"📜 Match history · {what}", color=COLOR)
    if not page.matches:
        embed.description = f"<@{user_id}> has no finished match here yet."
    else:
        embed.description = f"<@{user_id}>\n" + "\n".join(
            match_line(m, user_id, with_game=game is None) for m in page.matches)
    embed.set_footer(text=f"Page {page.offset // page.limit + 1}/"
                          f"{pages_of(page.total, page.limit)} · {page.total} "
                          f"match{'es' if page.total != 1 else ''} · "
                          "/replay <match> to watch one")
    return embed


def history_view(page: HistoryPage, user_id: int, game: str | None) -> StaticView:
    """The history pager."""
    return pager("hi", [user_id, game or "_all"], page.offset // page.limit,
                 pages_of(page.total, page.limit))


# ------------------------------------------------------------------ profile
def profile_embed(user_id: int, name: str, where: str,
                  games: list[tuple[str, GameProfile, GameProfile | None]],
                  recent: list[MatchSummary], hidden: bool) -> discord.Embed:
    """Rating, rank, record, streak and favourite fighter per game, then the last matches.

    ``games`` holds ``(game id, profile in this scope, global profile or None)``.
    """
    embed = discord.Embed(title=f"🥋 {name}", color=COLOR,
                          description=f"<@{user_id}> · ratings on {where}")
    if not games:
        embed.description = f"<@{user_id}> has no rated match on {where} yet."
    for game, prof, world in games[:MAX_GAME_FIELDS]:
        r = prof.rating
        mark = f" {PROVISIONAL_MARK} provisional" if r.provisional else ""
        rank = "hidden" if hidden else f"#{prof.rank} of {prof.listed}"
        lines = [
            f"Rating **{display_rating(r.mu, r.sigma)}**{mark} · rank {rank}",
            f"{r.wins} W · {r.losses} L · {r.draws} D ({r.games} games)",
            f"Streak: {streak_text(r.streak)}",
            f"Favourite fighter: {prof.favourite or '-'}",
        ]
        if world is not None and world is not prof:
            wrank = "" if hidden else f", #{world.rank}"
            lines.append(f"Global: {display_rating(world.rating.mu, world.rating.sigma)}"
                         f"{wrank}")
        embed.add_field(name=game_name(game), value="\n".join(lines), inline=True)
    if len(games) > MAX_GAME_FIELDS:
        embed.add_field(name="More games", value=", ".join(
            game_name(g) for g, _, _ in games[MAX_GAME_FIELDS:])[:1024], inline=False)
    if recent:
        lines = [match_line(m, user_id) for m in recent]
        while lines and len("\n".join(lines)) > 1024:
            lines.pop()  # keep whole lines (a cut link would not render)
        if lines and len(embed) + len("\n".join(lines)) < 5800:
            embed.add_field(name="Last matches", value="\n".join(lines), inline=False)
    if hidden:
        embed.set_footer(text="Hidden from leaderboards (/privacy leaderboard show)")
    else:
        embed.set_footer(text=f"{PROVISIONAL_MARK} provisional: under {PROVISIONAL_GAMES} "
                              f"games or sigma above {PROVISIONAL_SIGMA}")
    return embed

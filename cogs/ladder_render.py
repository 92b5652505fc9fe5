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
from referee.ai_seats import mention
from referee.i18n import DEFAULT, t
from referee.ladder_text import COLOR, game_name, when

PAGE_SIZE = 10
"""Rows per leaderboard or history page."""
PROVISIONAL_MARK = "❔"
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
MAX_GAME_FIELDS = 12
"""Games shown in full on a profile (an embed holds 25 fields and 6,000 characters)."""


def pages_of(total: int, size: int = PAGE_SIZE) -> int:
    """How many pages ``total`` rows fill (at least 1)."""
    return max(1, -(-total // size))


def pager(kind: str, fields: list[object], page: int, pages: int, *,
          loc: str = DEFAULT, ends: bool = False) -> StaticView:
    """Prev / ``page/pages`` / Next buttons; ids are ``hj:<kind>:<fields>:<page>:<p|n>``.
    With ``ends``, First and Last around them (``f``, ``l``): a long replay."""
    view = StaticView()
    if ends:
        view.add_item(discord.ui.Button(
            emoji="⏮️", disabled=page <= 0, custom_id=ids.make(kind, *fields, 0, "f")))
    view.add_item(discord.ui.Button(
        label=t(loc, "button.prev"), emoji="◀️", disabled=page <= 0,
        custom_id=ids.make(kind, *fields, max(0, page - 1), "p")))
    view.add_item(discord.ui.Button(
        label=f"{page + 1}/{pages}", disabled=True, custom_id=ids.make(kind, *fields, page, "i")))
    view.add_item(discord.ui.Button(
        label=t(loc, "button.next"), emoji="▶️", disabled=page >= pages - 1,
        custom_id=ids.make(kind, *fields, min(pages - 1, page + 1), "n")))
    if ends:
        view.add_item(discord.ui.Button(
            emoji="⏭️", disabled=page >= pages - 1,
            custom_id=ids.make(kind, *fields, max(0, pages - 1), "l")))
    return view


def jump_menu(view: StaticView, kind: str, fields: list[object], page: int,
              options: list[tuple[int, str]], loc: str = DEFAULT) -> StaticView:
    """Add to ``view`` a menu of pages to jump to (``options``: page and label, the page
    shown marked), on a row of its own; its id is ``hj:<kind>:<fields>``, the chosen
    option's value the page (0-based). Nothing is added when there is one page."""
    if len(options) < 2:
        return view
    view.add_item(discord.ui.Select(
        placeholder=t(loc, "replay.jump"), custom_id=ids.make(kind, *fields), row=1,
        options=[discord.SelectOption(label=label[:100], value=str(p), default=p == page)
                 for p, label in options[:25]]))
    return view


def streak_text(streak: int, loc: str = DEFAULT) -> str:
    """``🔥 3 wins``, ``2 losses`` or ``-``."""
    if streak > 0:
        return t(loc, "streak.wins", count=streak)
    if streak < 0:
        return t(loc, "streak.losses", count=-streak)
    return "-"


# ---------------------------------------------------------------- leaderboard
def leaderboard_embed(page: BoardPage, where: str, *, loc: str = DEFAULT) -> discord.Embed:
    """One leaderboard page: rank, player, rating, games, provisional mark."""
    embed = discord.Embed(title=t(loc, "board.title", game=game_name(page.game, loc),
                                  where=where), color=COLOR)
    if not page.rows:
        embed.description = t(loc, "board.empty" if page.total == 0 else "board.empty_page")
    else:
        lines = []
        for row in page.rows:
            rank = MEDALS.get(row.rank, f"`#{row.rank}`")
            mark = f" {PROVISIONAL_MARK}" if row.provisional else ""
            lines.append(f"{rank} <@{row.user_id}> · **{row.rating}**{mark} · "
                         + t(loc, "board.games", count=row.games))
        embed.description = "\n".join(lines)
    pages = pages_of(page.total, page.limit)
    embed.set_footer(text=t(loc, "board.footer", page=page.offset // page.limit + 1,
                            pages=pages, players=t(loc, "board.players", count=page.total),
                            mark=PROVISIONAL_MARK, min_games=PROVISIONAL_GAMES))
    return embed


def leaderboard_view(page: BoardPage, scope_code: str, *, loc: str = DEFAULT) -> StaticView:
    """The leaderboard pager (``scope_code`` is ``s`` for this server, ``g`` for global)."""
    return pager("lb", [scope_code, page.game], page.offset // page.limit,
                 pages_of(page.total, page.limit), loc=loc)


# ------------------------------------------------------------------ matches
def result_word(m: MatchSummary, user_id: int, loc: str = DEFAULT) -> str:
    """``Won``, ``Lost``, ``Draw``, ``Forfeited`` or ``2nd`` for ``user_id`` in ``m``."""
    mine = m.result_of(user_id)
    if mine is None:
        return t(loc, "result.unknown")
    if mine.forfeited:
        return t(loc, "result.forfeited")
    ranks = [s.rank for s in m.seats]
    if len(set(ranks)) == 1:
        return t(loc, "result.draw")
    if mine.rank == min(ranks):
        return t(loc, "result.won")
    if len(m.seats) > 2:
        key = {2: "result.second", 3: "result.third"}.get(mine.rank, "result.nth")
        return t(loc, key, rank=mine.rank)
    return t(loc, "result.lost")


def match_line(m: MatchSummary, user_id: int, *, with_game: bool = True,
               loc: str = DEFAULT) -> str:
    """One finished match as a line: result, fighter, opponents, date, link."""
    mine = m.result_of(user_id)
    rivals = ", ".join(
        mention(s.user_id, loc) + (f" ({s.label})" if s.label else "")
        for s in m.seats if s.user_id != user_id)
    fighter = (t(loc, "match.as_fighter", fighter=mine.label)
               if mine is not None and mine.label else "")
    return t(loc, "match.line", result=result_word(m, user_id, loc), fighter=fighter,
             rivals=rivals or t(loc, "match.nobody"),
             game=f"{game_name(m.game, loc)} · " if with_game else "",
             date=when(m.finished_at), unrated="" if m.rated else t(loc, "match.unrated"),
             id=m.match_id, link=m.link)


def history_embed(page: HistoryPage, user_id: int, game: str | None, *,
                  loc: str = DEFAULT) -> discord.Embed:
    """One page of a player's finished matches."""
    what = game_name(game, loc) if game else t(loc, "history.all_games")
    embed = discord.Embed(title=t(loc, "history.title", what=what), color=COLOR)
    if not page.matches:
        embed.description = t(loc, "history.empty", user=f"<@{user_id}>")
    else:
        embed.description = f"<@{user_id}>\n" + "\n".join(
            match_line(m, user_id, with_game=game is None, loc=loc) for m in page.matches)
    embed.set_footer(text=t(loc, "history.footer", page=page.offset // page.limit + 1,
                            pages=pages_of(page.total, page.limit),
                            matches=t(loc, "history.matches", count=page.total)))
    return embed


def history_view(page: HistoryPage, user_id: int, game: str | None, *,
                 loc: str = DEFAULT) -> StaticView:
    """The history pager."""
    return pager("hi", [user_id, game or "_all"], page.offset // page.limit,
                 pages_of(page.total, page.limit), loc=loc)


# ------------------------------------------------------------------ profile
def profile_embed(user_id: int, name: str, where: str,
                  games: list[tuple[str, GameProfile, GameProfile | None]],
                  recent: list[MatchSummary], hidden: bool, *,
                  loc: str = DEFAULT) -> discord.Embed:
    """Rating, rank, record, streak and favourite fighter per game, then the last matches.

    ``games`` holds ``(game id, profile in this scope, global profile or None)``.
    """
    user = f"<@{user_id}>"
    embed = discord.Embed(title=f"🥋 {name}", color=COLOR,
                          description=t(loc, "profile.ratings_on", user=user, where=where))
    if not games:
        embed.description = t(loc, "profile.empty", user=user, where=where)
    for game, prof, world in games[:MAX_GAME_FIELDS]:
        r = prof.rating
        mark = t(loc, "profile.provisional", mark=PROVISIONAL_MARK) if r.provisional else ""
        rank = (t(loc, "profile.hidden") if hidden
                else t(loc, "profile.rank", rank=prof.rank, listed=prof.listed))
        lines = [
            t(loc, "profile.rating_line", rating=display_rating(r.mu, r.sigma), mark=mark,
              rank=rank),
            t(loc, "profile.record", wins=r.wins, losses=r.losses, draws=r.draws,
              games=t(loc, "board.games", count=r.games)),
            t(loc, "profile.streak", streak=streak_text(r.streak, loc)),
            t(loc, "profile.favourite", fighter=prof.favourite or "-"),
        ]
        if world is not None and world is not prof:
            wrank = "" if hidden else f", #{world.rank}"
            lines.append(t(loc, "profile.global",
                           rating=display_rating(world.rating.mu, world.rating.sigma),
                           rank=wrank))
        embed.add_field(name=game_name(game, loc), value="\n".join(lines), inline=True)
    if len(games) > MAX_GAME_FIELDS:
        embed.add_field(name=t(loc, "profile.more_games"), value=", ".join(
            game_name(g, loc) for g, _, _ in games[MAX_GAME_FIELDS:])[:1024], inline=False)
    if recent:
        lines = [match_line(m, user_id, loc=loc) for m in recent]
        while lines and len("\n".join(lines)) > 1024:
            lines.pop()  # keep whole lines (a cut link would not render)
        if lines and len(embed) + len("\n".join(lines)) < 5800:
            embed.add_field(name=t(loc, "profile.last_matches"), value="\n".join(lines),
                            inline=False)
    if hidden:
        embed.set_footer(text=t(loc, "profile.hidden_footer"))
    else:
        embed.set_footer(text=t(loc, "profile.footer", mark=PROVISIONAL_MARK,
                                min_games=PROVISIONAL_GAMES, sigma=PROVISIONAL_SIGMA))
    return embed

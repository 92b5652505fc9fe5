"""The sandbox in a real browser: headless Chromium plays whole matches of every game,
in English and in French, against the AI and at tables of three or more tabs.

Runs the real server (``python -m sandbox``) and drives Debian's ``chromium`` through
``chromedriver`` with Selenium (a dev dependency). Where the browser is missing and this
is root on Debian, it is installed with ``apt-get install -y chromium chromium-driver``;
where it cannot be, the test is skipped, saying why.

Every page the test sees (the start page, each seat's tab, the spectator's) is checked:

- no text that looks like an internal id: ``snake_case`` keys, card ids such as ``b01``,
  ``mu1``, ``baraka4``, action ids such as ``f-manta``, a dict or ``None``;
- no raw Markdown (``**``, ``__``, backquotes, ``<:emoji:1>``);
- in French, no English word (a list of common ones) once the game's card, fighter and
  character names and the players' names are taken out;
- the board picture is there (and drawn, at the end of each match);
- no hidden card of one seat in another seat's tab or the spectator's: each seat's hand
  (read as that seat through the API, the AI seats' too) minus what the spectator page
  shows is that seat's secret, and no other page shows any of it, nor its private lines.

Matches are short (options: one round, a small round cap) and the AI plays at its
fastest level. ``HAJIME_SANDBOX_SCREENSHOT=1`` also saves a picture of every game's page
in both languages (``docs/img/sandbox-<game>-<lang>.png``) and the README's picture,
``docs/img/sandbox.png`` (Mortal Kombat in English).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import html
import importlib
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "docs" / "img"
SCREENSHOT = IMAGES / "sandbox.png"
README_SHOT = ("mortal_kombat", "en-US")
"""Which game's page (and language) is the README's picture."""
SEED = 6
"""The matches' first seed (``python -m sandbox --seed``): the same matches every run."""

SHORT = {
    "sushido": {"duel": "iaijutsu"},
    "world_of_fighters": {"bouts": "1"},
    "kingdom_of_loathing": {"round_cap": "3"},
    "mortal_kombat": {"kp": "30"},
    "epic_battles": {"rounds": "1"},
}
"""Options for short matches, as the start page's fields take them."""

VS_AI = [(game, lang, seats) for game in SHORT for lang, seats in (
    ("en-US", 2), ("fr", 3 if game in ("kingdom_of_loathing", "mortal_kombat") else 2))]
"""Every game in both languages against the AI (in French, the games of more than two
players at three seats: one person, two AIs)."""

TABS = [("sushido", "en-US", 2), ("kingdom_of_loathing", "fr", 3),
        ("mortal_kombat", "en-US", 3)]
"""Tables of tabs (plus a spectator's tab), one game per seat-count family: two seats
only, up to four, up to six (a Mortal Kombat Brawl)."""


def browser_paths() -> tuple[str, str] | None:
    """Chromium and its driver, if installed."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (chromium, driver) if chromium and driver else None


def install_browser() -> str:
    """Try to install Debian's chromium and chromium-driver; '' or why it failed."""
    if shutil.which("apt-get") is None:
        return "no apt-get on this machine"
    if os.geteuid() != 0:
        return "not root, so apt-get cannot install chromium"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "install", "-y", "-q", "chromium", "chromium-driver"],
                ["apt-get", "update", "-q"],
                ["apt-get", "install", "-y", "-q", "chromium", "chromium-driver"]):
        try:
            done = subprocess.run(cmd, env=env, capture_output=True, timeout=600, check=False)
        except subprocess.TimeoutExpired:
            return f"{' '.join(cmd)} took more than 10 minutes"
        if done.returncode == 0 and cmd[1] == "install" and browser_paths():
            return ""
    return "apt-get could not install chromium and chromium-driver"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    """A headless Chromium under Selenium (installed if possible, else the test skips)."""
    webdriver = pytest.importorskip(
        "selenium.webdriver", reason="selenium is not installed (pip install -e '.[dev]')")
    paths = browser_paths()
    if paths is None:
        why = install_browser()
        paths = browser_paths()
        if paths is None:
            pytest.skip(f"no browser for the sandbox test: {why}")
    chromium, chromedriver = paths
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--disable-gpu", "--window-size=1280,1100",
                 "--disable-background-timer-throttling",
                 "--disable-renderer-backgrounding",
                 "--disable-backgrounding-occluded-windows"):
        options.add_argument(flag)
    from selenium.webdriver.chrome.service import Service

    browser = webdriver.Chrome(options=options, service=Service(executable_path=chromedriver))
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The real sandbox server on a free port of 127.0.0.1; its base URL and data folder."""
    folder = tmp_path_factory.mktemp("sandbox")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = folder / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "sandbox", "--port", str(port), "--data", str(folder),
             "--seed", str(SEED)], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(400):
            try:
                urllib.request.urlopen(f"{base}/api/games", timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None:
                    raise AssertionError(log.read_text()) from None
                time.sleep(0.05)
        yield base, folder
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def api(base: str, path: str, **query: Any) -> Any:
    """A JSON answer of the server."""
    url = f"{base}{path}"
    if query:
        url += "?" + urllib.parse.urlencode(query)
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def wait(what: Any, timeout: float = 30.0, step: float = 0.03) -> Any:
    """Poll ``what()`` until it is truthy; its value."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = what()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out waiting for {what}")


def seat_token(folder: Path, match: int, seat: int) -> str:
    """A seat's link key (as the sandbox makes it; the test reads AI seats' hands)."""
    key = bytes.fromhex((folder / "sandbox.key").read_text().strip())
    return hmac.new(key, f"{match}:{seat}".encode(), hashlib.sha256).hexdigest()[:32]


# ---------------------------------------------------------------------- page checks
SNAPSHOT = """
const texts = (sel) => [...document.querySelectorAll(sel)].map((e) => e.innerText);
const pic = document.getElementById("picture");
return {
  version: document.body.dataset.version || "",
  status: document.body.dataset.status || "",
  seat: document.body.dataset.seat || "",
  lang: document.documentElement.lang,
  text: document.body.innerText,
  secretOf: [...document.querySelectorAll("[data-secret-of]")]
      .map((e) => e.dataset.secretOf).filter((s) => s !== ""),
  hand: texts("#hand, #cards"),
  own: texts("#secret, #actions, #prompt, #narration li.private"),
  aids: [...document.querySelectorAll("[data-aid], [data-part]")]
      .map((b) => b.dataset.aid || b.dataset.part).filter((a) => a),
  buttons: [...document.querySelectorAll("button.action:not(.interrupt):not(:disabled)")]
      .map((b) => b.dataset.aid).concat(
    ...[...document.querySelectorAll("fieldset.multi")].map((f) => {
      const parts = [...f.querySelectorAll("button.part:not(:disabled)")]
          .map((b) => b.dataset.part);
      const least = Number(f.dataset.min);  // each part alone, or the first ones needed
      return least <= 1 ? parts : (parts.length >= least
          ? [parts.slice(0, least).join("+")] : []);
    })).filter((a) => a),
  picture: pic ? {hidden: pic.hidden, src: pic.getAttribute("src") || "",
                  width: pic.complete ? pic.naturalWidth : 0} : null,
  multi: document.querySelectorAll("fieldset.multi").length,
  result: (document.getElementById("result") || {}).innerText || "",
  message: (document.getElementById("message") || {}).innerText || "",
};
"""

INTERNAL = [
    (re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"), "a snake_case key"),
    (re.compile(r"\b[a-z]+\d+[a-z]?\b"), "a card id"),
    (re.compile(r"(?<![\w'’-])(?:None|null|undefined|NaN|True|False)(?![\w'’-])"),
     "a raw value"),
    (re.compile(r"\[object |\{['\"]|['\"]:\s|\{\}|\[\]"), "a dict or a list"),
]
MARKDOWN = re.compile(r"\*\*|__|~~|`|<a?:\w+:\d+>|^#{1,3} |\|\|", re.M)
ENGLISH = frozenset([
    "the", "and", "your", "you", "with", "of", "is", "are", "has", "have", "this", "that",
    "these", "those", "wins", "won", "win", "player", "players", "choose", "chooses",
    "chosen", "waiting", "wait", "nothing", "decide", "decision", "forfeit", "forfeited",
    "attack", "attacks", "block", "blocks", "pass", "passes", "discard", "draws", "hand",
    "cards", "card", "turn", "turns", "left", "their", "they", "them", "who", "what",
    "when", "which", "while", "will", "would", "should", "could", "none", "only", "see",
    "shows", "shown", "here", "there", "from", "into", "onto", "over", "under", "after",
    "before", "again", "still"])  # not "round": the French Sushido texts' own word
"""Common English words that are not French (a French page must not hold them, beyond
card, fighter and character names)."""


@functools.cache
def names_of(game_id: str) -> list[str]:
    """Every card, fighter and character name of a game (longest first): a French page
    may show them as they are printed."""
    from engine.games import REGISTRY

    game: Any = REGISTRY[game_id]
    names = {e.name for e in game.catalog()}
    for hook in ("deck_names", "deck_leaders"):
        if hasattr(game, hook):
            names |= set(getattr(game, hook)())
    data = importlib.import_module(f"engine.games.{game_id}.data")
    if hasattr(data, "content"):  # places, monsters, stats... named in the game's data

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                for key, inner in value.items():
                    if key == "name" and isinstance(inner, str):
                        names.add(inner)
                    walk(inner)
            elif isinstance(value, list):
                for inner in value:
                    walk(inner)

        walk(data.content().model_dump())
    return sorted(names, key=len, reverse=True)


def game_names() -> list[str]:
    """The games' names (product names, the same in every language)."""
    from engine.games import REGISTRY
    from referee.i18n import game_name

    return [game_name(gid, lang) for gid in REGISTRY for lang in ("en-US", "fr")]


def text_of(fragment: str) -> str:
    """An HTML fragment of the API as the text a page shows (whitespace collapsed)."""
    return squash(html.unescape(re.sub(r"<[^>]+>", " ", fragment.replace("<br>", "\n"))))


def squash(text: str) -> str:
    """Whitespace collapsed (a page's innerText and an API text compare equal)."""
    return " ".join(text.split())


def check_page(snap: dict[str, Any], game_id: str | None, lang: str,
               people: list[str], where: str) -> None:
    """The checks every page passes (see the module's docstring)."""
    text = snap["text"]
    for aid in snap["aids"]:
        if not re.search(r"[-_\d]", aid):
            continue  # a plain word ("accept", "pass") is not an id once shown
        assert not re.search(rf"(?<![\w-]){re.escape(aid)}(?![\w-])", text), \
            f"{where}: the action id {aid!r} shows as text"
    for pattern, what in INTERNAL:
        found = pattern.search(text)
        assert found is None, f"{where}: {what} shows: {found.group(0)!r} in " \
                              f"{text[max(0, found.start() - 80):found.end() + 80]!r}"
    found = MARKDOWN.search(text)
    assert found is None, f"{where}: raw Markdown {found.group(0)!r} in " \
                          f"{text[max(0, found.start() - 80):found.end() + 80]!r}"
    if lang == "fr":
        assert snap["lang"] == "fr", f"{where}: the page is not in French"
        rest = text
        allowed = [*people, "English", "Français", "Hajime", *game_names()]
        for gid in ([game_id] if game_id else list(SHORT)):
            allowed += names_of(gid)
        for name in sorted(allowed, key=len, reverse=True):
            rest = rest.replace(name, " ")
        english = sorted({w for w in re.findall(r"[^\W\d_]+", rest)
                          if w.lower() in ENGLISH})
        lines = [line for line in rest.splitlines() if any(w in line for w in english)]
        assert not english, f"{where}: English words on a French page: {english} in " \
                            f"{lines[:4]}"
    if snap["picture"] is not None and snap["version"]:
        assert not snap["picture"]["hidden"] and "board.png" in snap["picture"]["src"], \
            f"{where}: no board picture"


def secrets_of(base: str, folder: Path, match: int, seats: int,
               lang: str, pages: dict[int, Any] | None = None
               ) -> tuple[dict[int, list[str]], int]:
    """Each seat's secret texts now (its hand's fields and card texts and its private
    lines, read through the API as that seat, minus what the spectator is shown), and
    the version they are of."""
    watcher = api(base, f"/api/tables/{match}", lang=lang)
    public = squash(" ".join([text_of(watcher["board"]["description"])]
                             + [text_of(f["name"] + " " + f["value"])
                                for f in watcher["board"]["fields"]]
                             + [text_of(n["html"]) for n in watcher["narration"]]))
    out: dict[int, list[str]] = {}
    version = watcher["version"]
    for seat in range(seats):
        page = api(base, f"/api/tables/{match}", seat=seat_token(folder, match, seat),
                   lang=lang)
        if page["version"] != version:
            return secrets_of(base, folder, match, seats, lang, pages)  # moved: again
        if pages is not None:
            pages[seat] = page
        hand = page["hand"] or {"fields": []}
        pieces = [text_of(f["value"]) for f in hand["fields"]]
        pieces += [text_of(c["html"]) for c in page["cards"]]
        pieces += [text_of(n["html"]) for n in page["narration"] if n["private"]]
        out[seat] = [p for p in pieces if len(p) >= 6 and p not in public]
    return out, version


def check_secrets(secrets: dict[int, list[str]], snaps: dict[int | None, dict[str, Any]],
                  where: str) -> None:
    """No page shows another seat's secret (a text its own hand also shows is its own)."""
    for viewer, snap in snaps.items():
        text = squash(snap["text"])
        own = squash(" ".join(snap["own"]))  # its own hand and choices
        assert set(snap["secretOf"]) <= ({str(viewer)} if viewer is not None else set()), \
            f"{where}: the page of seat {viewer} holds another seat's hand"
        for seat, pieces in secrets.items():
            if seat == viewer:
                continue
            for piece in pieces:
                assert piece not in text or piece in own, \
                    f"{where}: seat {viewer}'s page shows seat {seat}'s secret {piece!r}"


# ---------------------------------------------------------------------- helpers
def snapshot(browser: Any, tab: str) -> dict[str, Any]:
    """What one tab shows, in one round trip."""
    browser.switch_to.window(tab)
    snap: dict[str, Any] = browser.execute_script(SNAPSHOT)
    return snap


def start_page(browser: Any, base: str, lang: str) -> dict[str, Any]:
    """The start page in ``lang`` (the language picker's choice), once drawn."""
    browser.get(base + "/")
    browser.execute_script(f"localStorage.setItem('hajime-sandbox-lang', '{lang}');")
    browser.get(base + "/")
    wait(lambda: browser.execute_script("return document.body.dataset.ready === '1'"))
    snap: dict[str, Any] = browser.execute_script(SNAPSHOT)
    return snap


def fill_form(browser: Any, game_id: str, seats: int, names: list[str]) -> Any:
    """The game's form with short options, ``seats`` seats and the players' names."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    form = browser.find_element(By.CSS_SELECTOR, f"form[data-game={game_id}]")
    for key, value in SHORT[game_id].items():
        field = form.find_element(By.NAME, key)
        if field.tag_name == "select":
            Select(field).select_by_value(value)
        else:
            field.clear()
            field.send_keys(value)
    count = form.find_elements(By.CSS_SELECTOR, "select.seat-count")
    if count and count[0].is_displayed():
        Select(count[0]).select_by_value(str(seats))
    fields = form.find_elements(By.CSS_SELECTOR, "input.name")
    assert len(fields) == seats
    for field, name in zip(fields, names, strict=False):
        field.clear()
        field.send_keys(name)
    return form


def bring_deck(browser: Any, game_id: str, picker: Any, lang: str) -> None:
    """Pick the first seat's deck on the start page: the first leader's precon, or (in
    French) that precon pasted as a list with its leader."""
    from selenium.webdriver.support.ui import Select

    from engine.games import REGISTRY
    from sandbox.decks import precon

    game: Any = REGISTRY[game_id]
    leader = sorted(game.deck_leaders())[0]
    if lang != "fr":
        Select(picker).select_by_value(f"precon:{leader}")
        return
    Select(picker).select_by_value("paste")
    deck = precon(game_id, game.deck_leaders()[leader], 50)
    names = {cid: n for n, cid in game.deck_names().items()}
    listing = "\n".join(f"{n} {names[cid]}" for cid, n in deck.cards.items())
    row = picker.find_element("xpath", "ancestor::div[@class='seat']")
    Select(row.find_element("css selector", "select.deck-leader")).select_by_value(leader)
    browser.execute_script("arguments[0].value = arguments[1];",
                           row.find_element("css selector", "textarea.deck-text"), listing)


def shoot(browser: Any, game_id: str, lang: str) -> None:
    """Save the page's picture (with ``HAJIME_SANDBOX_SCREENSHOT=1``)."""
    IMAGES.mkdir(parents=True, exist_ok=True)
    path = IMAGES / f"sandbox-{game_id}-{'fr' if lang == 'fr' else 'en'}.png"
    browser.save_screenshot(str(path))
    if (game_id, lang) == README_SHOT:
        shutil.copyfile(path, SCREENSHOT)


def click(browser: Any, tab: str, aid: str, version: str) -> bool:
    """Click one of the tab's buttons (a real click event on the button) if the tab still
    shows ``version``; whether it did. An ``aid`` of a multi-select's parts (joined by
    ``+``, as the page sends them) picks each part, then the group's confirm button."""
    browser.switch_to.window(tab)
    done: bool = browser.execute_script("""
        if (document.body.dataset.version !== arguments[1]) return false;
        const b = document.querySelector(`button.action[data-aid="${arguments[0]}"]`);
        if (b && !b.disabled) { b.click(); return true; }
        const parts = arguments[0].split("+").map(
            (p) => document.querySelector(`button.part[data-part="${p}"]`));
        if (!parts.length || parts.some((p) => !p || p.disabled)) return false;
        const box = parts[0].closest("fieldset.multi");
        for (const p of parts) p.click();
        const confirm = box.querySelector("button.confirm");
        if (confirm.disabled || confirm.dataset.aid !== arguments[0]) return false;
        confirm.click();
        return true;""", aid, version)
    return done


class Chooser:
    """What a person in a seat clicks: what the engine's easiest AI would choose from
    that seat (read from the sandbox's store, as another process may), so that matches
    end in a few dozen clicks; a random button when the AI's choice is not on the page."""

    def __init__(self, folder: Path, game_id: str, seed: str) -> None:
        import asyncio

        from db.sqlite import SqliteStore
        from engine.ai import make
        from engine.games import REGISTRY

        self.loop = asyncio.new_event_loop()
        self.store = SqliteStore(str(folder / "sandbox.db"))
        self.loop.run_until_complete(self.store.open())
        self.game = REGISTRY[game_id]
        self.agent = make(game_id, "easy")
        self.rng = random.Random(seed)

    def choose(self, match: int, seat: int, version: str, buttons: list[str]) -> str:
        """The button to click."""
        from engine.ai import decide
        from referee.snapshots import load_state

        async def read() -> Any:
            rec = await self.store.get_match(match)
            if rec is None or str(rec.version) != version:
                return None
            return await load_state(self.store, self.game, rec)

        state = self.loop.run_until_complete(read())
        if state is not None:
            action = decide(self.game, state, seat, self.agent, self.rng)
            if action is not None and action.aid in buttons:
                return str(action.aid)
            if action is not None:  # offered with its follow-ups (a chain), or a part
                first = [b for b in buttons if re.split(r"[.+=]", b.removeprefix("t="))[:1]
                         == [action.aid]]
                found = first or [b for b in buttons if action.aid in re.split(r"[.+=]", b)]
                if found:
                    return str(self.rng.choice(found))
        return self.rng.choice(buttons)

    def options(self, match: int) -> dict[str, Any]:
        """The stored options of a match."""
        rec = self.loop.run_until_complete(self.store.get_match(match))
        assert rec is not None
        return dict(rec.options)

    def close(self) -> None:
        self.loop.run_until_complete(self.store.close())
        self.loop.close()


@pytest.fixture
def chooser(server: tuple[str, Path], request: pytest.FixtureRequest) -> Iterator[Any]:
    """A :class:`Chooser` for the test's game."""
    made: list[Chooser] = []

    def make(game_id: str) -> Chooser:
        made.append(Chooser(server[1], game_id, request.node.name))
        return made[-1]

    yield make
    for c in made:
        c.close()


SCREENSHOTS = bool(os.environ.get("HAJIME_SANDBOX_SCREENSHOT"))
LIMIT = 3000
"""Most clicks one match may take."""
EVERY = 4
"""At a table of tabs, every tab is looked at (and checked) every this many clicks; in
between, the tab about to click."""


# ---------------------------------------------------------------------- the tests
@pytest.mark.timeout(1800)  # installing the browser may take minutes on a fresh machine
@pytest.mark.parametrize(("game_id", "lang", "seats"), VS_AI)
def test_a_whole_match_against_the_ai(driver: Any, server: tuple[str, Path], chooser: Any,
                                      game_id: str, lang: str, seats: int) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    base, folder = server
    people = ["Ann"]
    check_page(start_page(driver, base, lang), None, lang, people, "the start page")
    form = fill_form(driver, game_id, seats, people)
    Select(form.find_element(By.CSS_SELECTOR, "select.level")).select_by_value("easy")
    decks = form.find_elements(By.CSS_SELECTOR, "div.seat[data-seat='0'] select.deck")
    if decks:  # Ann brings a deck: a leader's precon in English, a pasted list in French
        bring_deck(driver, game_id, decks[0], lang)
    form.find_element(By.CSS_SELECTOR, "button.vs-ai").click()
    wait(lambda: "/t/" in driver.current_url and "seat=" in driver.current_url)
    match = int(driver.current_url.split("/t/")[1].split("?")[0])
    tab = driver.current_window_handle
    pick = chooser(game_id)
    if decks:  # the deck Ann brought is her match's (its code), the AI's is picked in play
        brought = pick.options(match)["decks"]
        assert brought[0].startswith(("MK1-", "EB1-")) and brought[1:] == [""] * (seats - 1)
    names = api(base, f"/api/tables/{match}", lang=lang)["names"]
    assert len(names) == seats and names[0] == "Ann"
    shot = not SCREENSHOTS
    clicks = 0
    last = ""
    for _ in range(LIMIT):
        snap = wait(lambda last=last: (s := snapshot(driver, tab))["version"] != last and s)
        if snap["status"] == "active" and not snap["buttons"]:
            last = snap["version"]  # the AI is deciding: wait for the match to move
            check_page(snap, game_id, lang, names, f"{game_id} {lang} v{last}")
            continue
        where = f"{game_id} {lang} v{snap['version']}"
        check_page(snap, game_id, lang, names, where)
        secrets, version = secrets_of(base, folder, match, seats, lang)
        if str(version) == snap["version"]:
            check_secrets(secrets, {0: snap}, where)
        if snap["status"] != "active":
            break
        if not shot and (clicks >= 12 or (snap["multi"] and clicks >= 3)):  # a multi-select
            shoot(driver, game_id, lang)
            shot = True
        aid = pick.choose(match, 0, snap["version"], snap["buttons"])
        if click(driver, tab, aid, snap["version"]):
            last = snap["version"]
            clicks += 1
    else:
        raise AssertionError("the match did not end")
    final = api(base, f"/api/tables/{match}", lang=lang)
    assert final["status"] == "finished" and final["result"]
    snap = wait(lambda: (s := snapshot(driver, tab))["picture"]["width"] > 0 and s)
    if not shot:  # a match shorter than a dozen clicks: its last page
        shoot(driver, game_id, lang)
    assert squash(snap["result"]) == squash(text_of(final["result_html"]))
    assert snap["buttons"] == [] and snap["message"] == ""
    assert clicks > 3


@pytest.mark.timeout(1800)
@pytest.mark.parametrize(("game_id", "lang", "seats"), TABS)
def test_a_whole_match_at_a_table_of_tabs(driver: Any, server: tuple[str, Path],
                                          chooser: Any, game_id: str, lang: str,
                                          seats: int) -> None:
    from selenium.webdriver.common.by import By

    base, folder = server
    people = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:seats]
    check_page(start_page(driver, base, lang), None, lang, people, "the start page")
    form = fill_form(driver, game_id, seats, people)
    form.find_element(By.CSS_SELECTOR, "button.open-table").click()
    links = wait(lambda: driver.find_elements(By.CSS_SELECTOR, "a.seat-link"))
    urls = [a.get_attribute("href") for a in links]
    watch = driver.find_element(By.CSS_SELECTOR, "a.watch-link").get_attribute("href")
    assert len(urls) == seats and all("seat=" in u for u in urls) and "seat=" not in watch
    match = int(urls[0].split("/t/")[1].split("?")[0])
    tabs: dict[int | None, str] = {}
    for seat, url in enumerate(urls):
        if seat:
            driver.switch_to.new_window("tab")
        driver.get(url)
        tabs[seat] = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(base + "/")  # the open tables list links to the spectator's page
    link = wait(lambda: [a for a in driver.find_elements(By.CSS_SELECTOR, "a.table-link")
                         if a.get_attribute("href").endswith(f"/t/{match}")])
    link[0].click()
    tabs[None] = driver.current_window_handle
    rng = random.Random(f"{game_id}-{lang}-tabs")
    pick = chooser(game_id)
    for step in range(LIMIT):
        now = api(base, f"/api/tables/{match}")
        pages: dict[int, Any] = {}
        secrets, version = secrets_of(base, folder, match, seats, lang, pages)
        ready = [s for s in range(seats)
                 if any(not a["interrupt"] for a in pages[s]["actions"])]
        seat = rng.choice(ready) if ready else None
        # every tab every few steps (and at the end), else the tab about to click
        every = step % EVERY == 0 or now["status"] != "active"
        looked = [s for s in tabs if every or s == seat]
        snaps = {s: wait(lambda tab=tabs[s], now=now: (x := snapshot(driver, tab))["version"]
                         == str(now["version"]) and x["status"] == now["status"] and x)
                 for s in looked}
        for s, snap in snaps.items():
            assert snap["seat"] == ("" if s is None else str(s))
            check_page(snap, game_id, lang, people, f"{game_id} tabs, seat {s}, step {step}")
        if version == now["version"]:
            check_secrets(secrets, snaps, f"{game_id} tabs, step {step}")
        if now["status"] != "active":
            break
        if None in snaps:
            assert snaps[None]["buttons"] == [] and snaps[None]["hand"] == ["", ""]
        assert seat is not None, "the match is live but no seat has a button"
        aid = pick.choose(match, seat, snaps[seat]["version"], snaps[seat]["buttons"])
        assert click(driver, tabs[seat], aid, snaps[seat]["version"])
        wait(lambda now=now: api(base, f"/api/tables/{match}")["version"] > now["version"])
    else:
        raise AssertionError("the match did not end")
    final = api(base, f"/api/tables/{match}")
    assert final["status"] == "finished"
    for seat, tab in tabs.items():
        snap = snapshot(driver, tab)
        assert snap["buttons"] == [] and snap["result"], seat
        assert any(name in snap["result"] for name in people)
    for seat, tab in tabs.items():
        if seat != 0:
            driver.switch_to.window(tab)
            driver.close()
    driver.switch_to.window(tabs[0])

"""The Epic Battles state machine: the :class:`Game` contract for this game.

Prompts: the simultaneous secret character pick; the simultaneous secret Set (both, always)
and Discard (those above 3) commits; otherwise the head of ``state.asks``. Legal actions per
decision are in :mod:`legal`; the flow (tasks run until a decision is needed) in
:mod:`flow`; the 12 steps in :mod:`attack`; what each viewer sees in :mod:`views`.

Timeout defaults (documented, deterministic): pick -> the first character of the roster;
Set -> set nothing; Discard -> the newest cards of the hand; flip -> none; order -> the
first; act -> pass; link -> end the combo; block -> no block; steal, search, reveal -> no;
swap -> stop.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar, get_args

from pydantic import BaseModel, TypeAdapter

from engine.core import (
    CatalogEntry,
    Event,
    Game,
    IllegalAction,
    Prompt,
    Rng,
    chains,
    private_with_twin,
)
from engine.core.chains import Chain
from engine.core.decks import Deck
from engine.core.views import Shared
from engine.games.epic_battles import attack, decks, flow, legal
from engine.games.epic_battles.data import characters
from engine.games.epic_battles.effects import (
    RoundOver,
    act_next,
    ask,
    check_decks,
    name,
    note,
    other,
    push,
    put_energy,
    say,
    who,
)
from engine.games.epic_battles.model import (
    Action,
    AnyAction,
    Ask,
    Attack,
    Block,
    Discard,
    EbState,
    Flip,
    Note,
    Options,
    Order,
    Pass,
    Pick,
    Reveal,
    Search,
    SetCards,
    Side,
    Steal,
    Swap,
    set_event,
)
from engine.games.epic_battles.views import EbView, build_view, shared_view, view_with

GAME_ID = "epic_battles"

TEXTS = {
    "pick": "Choose your character (its preconstructed deck).",
    "set": "Set events face down and kamidogu face up (or nothing).",
    "discard": "Discard down to 3 cards.",
    "flip": "Flip set events now (or none).",
    "order": "Choose which flipped event resolves next.",
    "act": "Attack or pass.",
    "link": "Link another attack into your combo, or end it.",
    "block": "Block this attack, or take it.",
    "steal": "Your combo hit: take one of your rival's kamidogu, or not.",
    "search": "Search your deck for a card (you may find nothing).",
    "swap": "Switch a weapon of your hand with a card of your energy pile, or stop.",
    "reveal": "Reveal the event you just drew and set it, or keep it in hand.",
}


_make = Event.make


_EVENTS: dict[int, tuple[Note, Event]] = {}
"""The note event of each (shared) note object seen, by its id; the note is kept with its
event, so the id stays its own while it is here (checked by identity)."""


@lru_cache(maxsize=4096)
def _committed(seat: int, mask: int) -> tuple[Event, ...]:
    """A Set or Discard commit's private event and its public twin, made once per seat
    and mask and then shared (events are frozen; nothing changes their data)."""
    return tuple(private_with_twin("committed", (seat,), {"mask": mask}, {"seat": seat}))


@lru_cache(maxsize=8192)
def _note_event(key: str, seats: tuple[int, ...], cards: tuple[str, ...], n: int,
                what: str) -> Event:
    """The public ``note`` event of a note, made once per content and then shared, as the
    notes themselves are: events are frozen and nothing changes their data (~2 us saved
    per note on the bot's path)."""
    return _make("note", None, {"key": key, "seats": list(seats), "cards": list(cards),
                                "n": n, "what": what})


_PROMPTS: dict[tuple[int, str, bool, bool], Prompt] = {}
"""Every prompt this game makes, built once (prompts are frozen: they can be shared)."""


def _prompt(seat: int, kind: str, simultaneous: bool = False,
            committed: bool = False) -> Prompt:
    key = (seat, kind, simultaneous, committed)
    made = _PROMPTS.get(key)
    if made is None:
        made = _PROMPTS[key] = Prompt(seat=seat, kind=kind, text=TEXTS[kind],
                                      simultaneous=simultaneous, committed=committed)
    return made


_ASKED = {(s, kind): _prompt(s, kind) for s in (0, 1) for kind in get_args(
    Ask.model_fields["kind"].annotation)}
"""The prompt of each queued decision of each seat."""


def follows(before: EbState, after: EbState, seat: int, ev: list[Event]) -> bool:
    """Whether the decision ``after`` asks is a follow-up of ``seat``'s last one that may
    be chosen with it (issue 31, :mod:`engine.core.chains`): the same seat decides again,
    and nothing came between but what it could foresee: no card drawn, searched or
    shuffled (no randomness used, no deck changed but by losing its top cards face up,
    see :func:`_only_milled`), no new card in its hand, the rival's hand untouched.

    Not into a simultaneous commit, with one exception: the pass that ends the Battle step
    may come with the passer's own Discard (nothing happens between them; the chain is
    sealed like the commit it ends in, see :meth:`EpicBattles.seals`)."""
    if after.result is not None or before.rng != after.rng or before.round != after.round:
        return False
    asked = GAME.prompt(before, seat)
    if asked is None or asked.committed:  # not a step of this seat's own
        return False
    prompt = GAME.prompt(after, seat)
    if prompt is None or prompt.committed:
        return False
    if prompt.simultaneous and not (prompt.kind == "discard" and before.phase == "battle"):
        return False
    if not _only_milled(before, after):
        return False
    mine_before, mine_after = before.sides[seat].hand, after.sides[seat].hand
    if any(mine_after.count(c) > mine_before.count(c) for c in set(mine_after)):
        return False
    return after.sides[other(seat)].hand == before.sides[other(seat)].hand


def _only_milled(before: EbState, after: EbState) -> bool:
    """Every deck as it was, or short of its top cards only (damage, chip, "discards the
    top card"): those go face up to their owner's discard pile, random cards shown to all
    whose number the seat could foresee from the printed damage; what a choice can do
    depends on a discard pile's size at most (a recovery), never on which cards it holds,
    so seeing them first would change no choice's options **(decision)**.
    A card that reached a hand is caught by the hand checks of :func:`follows`."""
    for s in (0, 1):
        b, a = before.sides[s].deck, after.sides[s].deck
        if a != b and (len(a) >= len(b) or b[:len(a)] != a):
            return False
    return True


def _chain(steps: tuple[str, ...]) -> Chain:
    return Chain.of(steps=steps)


class EpicBattles(Game[EbState, AnyAction]):
    """Epic Battles TCG: decks are health bars; the first to win two rounds wins."""

    id: ClassVar[str] = GAME_ID
    name: ClassVar[str] = "Epic Battles TCG"
    legal_when_asked: ClassVar[bool] = True
    options_model = Options
    state_model = EbState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Action)

    def setup(self, options: BaseModel, seats: int, seed: int) -> EbState:
        """A new match waiting for both character picks."""
        if not isinstance(options, Options):
            options = Options.model_validate(options.model_dump())
        for seat, code in enumerate(options.decks):
            if not code:
                continue
            problems = decks.validate(decks.from_code(code))
            if problems:
                which = ("first", "second")[seat]
                raise IllegalAction(f"The {which} player's deck is not legal: "
                                    f"{' '.join(problems)}")
        return EbState(game=GAME_ID, seats=2, rng=Rng(seed=seed), options=options,
                       sides=[Side(), Side()])

    def prompts(self, state: EbState) -> dict[int, Prompt]:
        """Who must decide now (see the module docstring)."""
        if state.result is not None:
            return {}
        if state.phase == "pick":
            return {s: _prompt(s, "pick", True, s in state.picks) for s in (0, 1)}
        if state.asks:
            head = state.asks[0]
            return {head.seat: _prompt(head.seat, head.kind)}
        if state.phase == "set":
            return {s: _prompt(s, "set", True, s in state.commits) for s in (0, 1)}
        if state.phase == "discard":
            return {s: _prompt(s, "discard", True, s in state.commits)
                    for s in flow.discarders(state)}
        return {}  # pragma: no cover - run() always stops at a decision

    def prompt(self, state: EbState, seat: int) -> Prompt | None:
        """:meth:`prompts` of one seat, building only that one (on every click's path)."""
        if state.result is not None:
            return None
        asks = state.asks  # none while characters are picked
        if asks:
            head = asks[0]
            return _ASKED[seat, head.kind] if head.seat == seat else None
        if state.phase == "pick":
            return _prompt(seat, "pick", True, seat in state.picks) if seat in (0, 1) else None
        if state.phase == "set":
            return _prompt(seat, "set", True, seat in state.commits) if seat in (0, 1) else None
        if state.phase == "discard" and seat in flow.discarders(state):
            return _prompt(seat, "discard", True, seat in state.commits)
        return None

    def legal(self, state: EbState, seat: int) -> list[AnyAction]:
        """Every legal action of ``seat`` now."""
        prompt = self.prompt(state, seat)
        if prompt is None or prompt.committed:
            return []
        return legal.actions(state, seat, prompt.kind)

    def offered(self, state: EbState, seat: int) -> list[AnyAction]:
        """The legal actions, with a decision merged with its follow-ups of the same seat
        when nothing is learnt between them (:func:`follows`; issue 31): an attack with the
        "when you attack" events flipped at its step 3, flipped events with their order."""
        legal_now = self.listed(state, seat)
        prompt = self.prompt(state, seat)
        if not legal_now or prompt is None or prompt.simultaneous:
            return legal_now
        return chains.expand(self, state, seat, list(legal_now), follows, _chain)

    def compound(self, state: EbState, seat: int, aid: str) -> AnyAction | None:
        """A chain (:meth:`offered`) by its id, if ``seat`` may play it now."""
        steps = chains.steps_of(aid)
        prompt = self.prompt(state, seat)
        if steps is None or len(steps) < 2 or prompt is None or prompt.simultaneous:
            return None
        if not chains.chain_ok(self, state, seat, steps, follows):
            return None
        return Chain.of(steps=steps)

    def seals(self, action: Any) -> bool:
        """A chain holding a secret commit (the Battle-ending pass with the passer's
        Discard, :func:`follows`; a Set, should one ever join a chain) is sealed like the
        commit itself."""
        if not isinstance(action, dict) or action.get("kind") != "chain":
            return False
        return any(str(step).startswith(("dc-", "set-")) for step in action.get("steps", ()))

    def _apply(self, state: EbState, seat: int, action: AnyAction) -> list[Event]:
        if type(action) is Chain:  # each step tells its own events
            return chains.play(self, state, seat, action.steps)
        start = len(state.log)
        state.__dict__["notes"] = []  # as Mutable.__setattr__ does, inline (every action)
        state.__pydantic_fields_set__.add("notes")
        try:
            events = self._step(state, seat, action)
        except RoundOver as over:
            events = flow.end_round(state, over.losers)
        if state.todo and not state.asks and state.result is None:  # else run() stops
            events += flow.run(state)
        lines = state.log[start:]  # the log may be a new one (a new turn): as it reads
        if lines:
            events.append(_make("log", None, {"lines": lines}))
        for n in state.notes:
            known = _EVENTS.get(id(n))
            if known is None or known[0] is not n:
                known = _EVENTS[id(n)] = (n, _note_event(n.key, tuple(n.seats),
                                                         tuple(n.cards), n.n, n.what))
                if len(_EVENTS) > 8192:
                    _EVENTS.clear()
            events.append(known[1])
        return events

    def _step(self, state: EbState, seat: int, action: AnyAction) -> list[Event]:
        # Answers first (most actions), by how often they come. Commits and picks are
        # only asked when no decision is queued (see :meth:`prompts`).
        asks = state.asks
        if asks:
            head = asks.pop(0)
            # exact type tests, the frequent first (a failed isinstance on a model is slower)
            if type(action) is Pass:
                self._pass(state, seat, head.kind)
            elif type(action) is Flip:
                flow.do_flip(state, seat, action.mask, action.spare, head.window)
            elif type(action) is Attack:
                attack.play_attack(state, seat, action.card, action.spare)
            elif type(action) is Block:
                attack.do_block(state, seat, action.mask, action.spare)
            elif isinstance(action, Order):
                flow.resolve_event(state, action.index)
            elif isinstance(action, Steal):
                attack.steal(state, seat, action.index)
            elif isinstance(action, Search):
                self._search(state, seat, action.card)
            elif isinstance(action, Swap):
                self._swap(state, seat, action, head.left)
            elif isinstance(action, Reveal) and action.yes:
                side = state.sides[seat]
                side.hand.remove(head.card)
                side.events.append(set_event(head.card, True))
                say(state, f"{who(state, seat)} reveals {name(head.card)} and sets it.")
                note(state, "reveal", [seat], [head.card])
            return []
        if isinstance(action, Pick):
            state.picks[seat] = action.character
            events = private_with_twin("picked", (seat,), {"character": action.character},
                                       {"seat": seat})
            return events + (flow.start_match(state) if len(state.picks) == 2 else [])
        assert isinstance(action, (SetCards, Discard))
        state.commits[seat] = action.mask
        events = list(_committed(seat, action.mask))
        if isinstance(action, SetCards) and len(state.commits) == 2:
            events += flow.set_cards(state)
        elif isinstance(action, Discard) and set(state.commits) == set(
                flow.discarders(state)):
            flow.discard_cards(state)
        return events

    @staticmethod
    def _pass(state: EbState, seat: int, kind: str) -> None:
        if kind == "link":
            attack.end_action(state)
            return
        state.__dict__["passes"] += 1  # as Mutable.__setattr__ assigns it, inline
        state.__pydantic_fields_set__.add("passes")
        say(state, f"{who(state, seat)} passes.")
        note(state, "pass", [seat], [], state.passes)
        if state.passes >= 2:
            push(state, [flow.ENTER_DISCARD])
        else:
            act_next(state, other(seat))

    @staticmethod
    def _search(state: EbState, seat: int, cid: str | None) -> None:
        side = state.sides[seat]
        if cid is not None:
            side.deck.remove(cid)
            side.hand.append(cid)
        state.rng.shuffle(side.deck)
        say(state, f"{who(state, seat)} searches the deck"
                   f"{' and takes a card' if cid else ' and takes nothing'}; shuffled.")
        note(state, "search", [seat], [], 1 if cid else 0)
        check_decks(state)

    @staticmethod
    def _swap(state: EbState, seat: int, action: Swap, left: int) -> None:
        if action.card is None:
            return
        side = state.sides[seat]
        taken = side.energy.pop(action.index)
        side.hand.remove(action.card)
        side.hand.append(taken)
        put_energy(state, seat, action.card)
        say(state, f"{who(state, seat)} switches {name(action.card)} with {name(taken)} "
                   f"of the energy pile.")
        note(state, "swap", [seat], [action.card, taken])
        if left > 1:
            ask(state, legal.swap_ask(seat, left - 1))

    def view(self, state: EbState, viewer: int | None) -> EbView:
        """What ``viewer`` may see (``None``: a spectator)."""
        return build_view(self, state, viewer)

    def view_shared(self, state: EbState) -> Shared:
        """The viewer-independent fields of the views (:func:`views.shared_view`), with
        the prompts remembered for this version (:meth:`asked`)."""
        return shared_view(state, self.asked(state))

    def view_with(self, state: EbState, viewer: int | None, shared: Shared) -> EbView:
        """:meth:`view` from :meth:`view_shared`'s fields."""
        return view_with(state, viewer, shared)

    def timeout_action(self, state: EbState, seat: int) -> AnyAction:
        """The documented default (see the module docstring)."""
        acts = self.legal(state, seat)
        if not acts:
            raise ValueError("this seat has nothing to decide")
        if isinstance(acts[0], Discard):
            hand = len(state.sides[seat].hand)
            newest = sum(1 << i for i in range(3, hand))
            return next((a for a in acts if isinstance(a, Discard) and a.mask == newest),
                        acts[0])
        for a in acts:
            if isinstance(a, Pass) or (isinstance(a, Reveal) and not a.yes) or (
                    isinstance(a, Swap | Search) and a.card is None):
                return a
        return acts[0]

    def label(self, state: EbState, seat: int, action: AnyAction) -> str:
        """Button text in the game's own words (a chain: its steps', joined by " → ")."""
        if type(action) is Chain:
            out: list[str] = []
            s = state
            for i, step in enumerate(action.steps):
                found = next((a for a in self.legal(s, seat) if a.aid == step), None)
                if found is None:
                    return " → ".join([*out, step])
                out.append(legal.label(s, seat, found))
                if i + 1 < len(action.steps):
                    s = self.clone(s)
                    self._apply(s, seat, found)
            return " → ".join(out)
        return legal.label(state, seat, action)

    def explain_illegal(self, state: EbState, seat: int, action: AnyAction) -> str:
        """A sharper reason for the common mistakes."""
        return legal.explain(state, seat, action)

    def catalog(self) -> list[CatalogEntry]:
        """Characters and cards for ``/card``."""
        from engine.games.epic_battles.catalog import catalog

        return catalog()

    # ------------------------------------------------------- deck building hooks
    deck_tag: ClassVar[str] = decks.TAG
    card_word: ClassVar[str] = "card"
    """How deck texts name this game's cards."""

    def deck_universe(self) -> list[str]:
        """Card then character ids in data order (what deck codes refer to)."""
        return decks.universe()

    def deck_names(self) -> dict[str, str]:
        """The printed names of the cards that go in a deck -> their ids."""
        return decks.names()

    def deck_leaders(self) -> dict[str, str]:
        """Characters' names -> their ids (a deck's leader is its character)."""
        return decks.leaders()

    def deck_precon(self, leader: str) -> Deck:
        """The preconstructed deck of a character."""
        return decks.precon(leader)

    def validate_deck(self, deck: Deck, options: Any) -> list[str]:
        """Every broken deck limit (the :class:`DeckRules` hook; no option changes them)."""
        return decks.validate(deck)

    # ---------------------------------------------------------------- simulator
    def turns(self, state: EbState) -> int:
        """Turns played over the whole match."""
        return state.turns_played

    def sim_labels(self, state: EbState) -> list[str]:
        """Character names per seat."""
        return [characters()[s.character].name if s.character else "?"
                for s in state.sides]

    def sim_weight(self, state: EbState, seat: int, action: AnyAction) -> float:
        """Random play attacks, blocks and flips more often than it passes."""
        if isinstance(action, Pass):
            return 0.5
        if isinstance(action, Attack) or (isinstance(action, Block) and action.mask):
            return 3.0
        return 1.0

    def greedy(self, state: EbState, seat: int) -> AnyAction:
        """The greedy agent's choice (see :mod:`agent`)."""
        from engine.games.epic_battles.agent import choose

        chosen: AnyAction = choose(self, state, seat)
        return chosen

    def greedy_action(self, state: EbState, seat: int, rng: object = None) -> AnyAction:
        """The simulator's ``--agent greedy`` hook: :meth:`greedy` (it needs no ``rng``)."""
        return self.greedy(state, seat)


GAME = EpicBattles()

"""The Mortal Kombat Kard Game state machine: the :class:`Game` contract (2 to 6 seats).

Phases: ``pick`` (simultaneous secret Kombatant pick) -> per turn ``discard``
(simultaneous Discard/Draw, skipped on a round's first turn) -> ``act`` (the initiative
holder: step, Special Effects, attack, finisher or pass) -> ``boost`` (Special Effects
on the attack) -> ``respond`` (the defender, always asked) -> maybe ``kombo``/``burn``
-> ``breaker`` (the defender, always asked) and ``followup``. Rules live in
:mod:`combat` and :mod:`flow`; the choices in :mod:`moves`; views in :mod:`views`.

Timeout defaults (documented, deterministic): pick -> the first Kombatant; Discard/Draw
-> discard nothing; act -> pass; boost -> go; respond -> take the hit; burn -> stop;
kombo -> the first fitting kard (or the end when none fits); breaker -> none; follow-up -> none.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from engine.core import (
    CatalogEntry,
    Event,
    Game,
    IllegalAction,
    Prompt,
    Rng,
    private_with_twin,
    public,
)
from engine.core.decks import Deck
from engine.core.views import Shared
from engine.games.mortal_kombat import area, combat, decks, moves
from engine.games.mortal_kombat.area import next_question
from engine.games.mortal_kombat.brawl import close_action, end_turn
from engine.games.mortal_kombat.combat import _discard_table
from engine.games.mortal_kombat.data import kard, kombatants
from engine.games.mortal_kombat.flow import discard_draw, name, start_round
from engine.games.mortal_kombat.model import Act, Fighter, MkState, Options, act
from engine.games.mortal_kombat.seats import in_match, leave_group, left_of, standing, target_of
from engine.games.mortal_kombat.views import MkView, build_view, shared_view, view_with

GAME_ID = "mortal_kombat"
DEFENDER_TIMER = 0.25
"""The defender's share of the turn timer (decision: a short timer, the same whether or
not they hold anything, so being asked reveals nothing)."""

_TEXTS = {
    "pick": "Choose your Kombatant.",
    "discard": "Discard up to two kards (you refill to eight, then draw one).",
    "act": "Your action: attack, play a Special Effect, move or pass.",
    "boost": "Add Special Effects to your attack, or go.",
    "respond": "You are attacked: defend, counter, or take the hit.",
    "burn": "Burn attack kards for more hits, or stop.",
    "kombo": "Lay the next kard of your Kombo.",
    "breaker": "Break it with a kard, or not.",
    "followup": "Your Follow-up: an attack they cannot defend, or none.",
}


class MortalKombat(Game[MkState, Act]):
    """The Mortal Kombat Kard Game: two-player mode, or a Brawl of three to six
    (:mod:`brawl`), Starter/Basic/Advanced rules."""

    id: ClassVar[str] = GAME_ID
    name: ClassVar[str] = "Mortal Kombat Kard Game"
    legal_when_asked: ClassVar[bool] = True
    max_seats: ClassVar[int] = 6
    options_model = Options
    state_model = MkState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Act)

    # ------------------------------------------------------------------ contract
    def seated_options(self, options: BaseModel, seats: int) -> BaseModel:
        """A Brawl (three or more seats) always plays the Infinity Rule (the rulebook)."""
        if seats > 2 and getattr(options, "timer", "infinity") != "infinity":
            return options.model_copy(update={"timer": "infinity"})
        return options

    def setup(self, options: BaseModel, seats: int, seed: int) -> MkState:
        """A new match waiting for every Kombatant pick; who starts is a seeded draw.
        A Brawl (three or more seats) always plays the Infinity Rule (the rulebook)."""
        if not isinstance(options, Options):
            options = Options.model_validate(options.model_dump())
        if options.decks and len(options.decks) != seats:
            raise IllegalAction("Give a deck code for each player, or none.")
        options = self.seated_options(options, seats)
        assert isinstance(options, Options)
        fighters = [Fighter(kp=options.kp) for _ in range(seats)]
        for seat, code in enumerate(options.decks):
            if not code:
                continue  # this player picks any Kombatant and plays its precon
            which = ("first", "second", "third", "fourth", "fifth", "sixth")[seat]
            deck = decks.from_code(code)
            problems = decks.validate(deck, options)
            if problems:
                raise IllegalAction(f"The {which} player's deck is not legal: "
                                    + " ".join(problems))
            fighters[seat].decklist = deck.ids()
            fighters[seat].kombatant = None
        state = MkState(game=GAME_ID, seats=seats, rng=Rng(seed=seed), options=options,
                        fighters=fighters)
        state.initiative = state.rng.below(seats)
        return state

    def _asked(self, state: MkState) -> int | None:
        """The one seat deciding in a sequential phase."""
        ex = state.exchange
        if state.phase in ("act",):
            return state.initiative
        if state.phase == "followup":
            return state.followup_for
        if ex is None:
            return None
        if state.phase in ("respond", "breaker"):
            return target_of(state, ex)
        return ex.attacker

    def prompts(self, state: MkState) -> dict[int, Prompt]:
        """Every seat in ``pick``/``discard`` (still in the match, still standing);
        otherwise the one seat the rules ask."""
        if state.result is not None or state.phase == "over":
            return {}
        text = _TEXTS[state.phase]
        if state.phase == "pick":
            return {s: Prompt(seat=s, kind="pick", text=text, simultaneous=True,
                              committed=s in state.picks) for s in in_match(state)}
        if state.phase == "discard":
            return {s: Prompt(seat=s, kind="discard", text=text, simultaneous=True,
                              committed=s in state.discards) for s in standing(state)}
        seat = self._asked(state)
        assert seat is not None
        return {seat: Prompt(seat=seat, kind=state.phase, text=text)}

    def legal(self, state: MkState, seat: int) -> list[Act]:
        """Every legal action of ``seat`` now."""
        prompt = self.prompts(state).get(seat)
        if prompt is None or prompt.committed:
            return []
        phase = state.phase
        if phase == "pick":
            if state.options.decks and state.options.decks[seat]:
                leader = decks.from_code(state.options.decks[seat]).leader
                return [act("pick", a=leader)]
            return [act("pick", a=k) for k in kombatants()]
        choices = {
            "discard": moves.discard_choices, "act": moves.act_choices,
            "boost": moves.boost_choices, "respond": moves.respond_choices,
            "burn": moves.burn_choices, "kombo": moves.kombo_choices,
            "breaker": moves.breaker_choices, "followup": moves.followup_choices,
        }[phase]
        return choices(state, seat)

    def _apply(self, state: MkState, seat: int, action: Act) -> list[Event]:
        if len(state.notes) > 12:  # the last 12 lines are kept
            state.notes = state.notes[-12:]
        kind = action.kind
        if kind == "pick":
            return self._pick(state, seat, action)
        if kind == "aim":
            assert action.b is not None
            state.aim = int(action.b)
            return [public("aimed", seat=seat, target=state.aim)]
        if kind == "dd":
            state.discards[seat] = [x for x in (action.a, action.b) if x]
            events = private_with_twin("discard_chosen", (seat,),
                                       {"kards": state.discards[seat]}, {"seat": seat})
            if len(state.discards) < len(standing(state)):
                return events
            return events + discard_draw(state)
        if kind == "pass":
            return combat.pass_action(state, seat)
        if kind == "step":
            return combat.step(state, seat)
        if kind in ("at", "ak", "fx", "cm"):
            return combat.declare(state, seat, action)
        if kind == "se":
            assert action.a is not None
            return combat.play_se(state, seat, action.a)
        if kind == "go":
            state.phase = "respond"
            return [public("attack_ready", seat=seat)]
        if kind in ("take", "bl", "ev", "ct", "sc", "fr"):
            return area.answer(state, seat, action)
        if kind == "bn":
            return combat.burn(state, seat, action.a)
        if kind == "kn":
            return combat.kombo_next(state, seat, action.a)
        if kind == "br":
            return combat.breaker(state, seat, action.a)
        return combat.followup(state, seat, action.a)

    def _pick(self, state: MkState, seat: int, action: Act) -> list[Event]:
        assert action.a is not None
        state.picks[seat] = action.a
        events = private_with_twin("kombatant_picked", (seat,), {"kombatant": action.a},
                                   {"seat": seat})
        if len(state.picks) < len(in_match(state)):
            return events
        return events + self.reveal(state)

    def reveal(self, state: MkState) -> list[Event]:
        """Every pick is in: the Kombatants are shown and the first round starts."""
        for s in in_match(state):
            f = state.fighters[s]
            f.kombatant = state.picks[s]
            if not f.decklist:
                f.decklist = decks.precon(f.kombatant, state.options.deck_size).ids()
        state.picks = {}
        events = [public("kombatants_revealed",
                         kombatants=[f.kombatant for f in state.fighters])]
        if state.initiative not in in_match(state):
            state.initiative = in_match(state)[0]
        return events + start_round(state)

    def on_leave(self, state: MkState, seat: int) -> list[Event]:
        """A seat left a Brawl: it is knocked out and play goes on (:func:`leave`)."""
        return leave(state, seat)

    def view(self, state: MkState, viewer: int | None) -> MkView:
        """What ``viewer`` may see (``None``: a spectator, the public view)."""
        return build_view(state, viewer)

    def view_shared(self, state: MkState) -> Shared:
        """The viewer-independent fields of the views (:func:`views.shared_view`)."""
        return shared_view(state)

    def view_with(self, state: MkState, viewer: int | None, shared: Shared) -> MkView:
        """:meth:`view` from :meth:`view_shared`'s fields."""
        return view_with(state, viewer, shared)

    def timeout_action(self, state: MkState, seat: int) -> Act:
        """The documented default (see the module docstring)."""
        legal = self.legal(state, seat)
        if not legal:
            raise ValueError("this seat has nothing to decide")
        return legal[0]

    def label(self, state: MkState, seat: int, action: Act) -> str:
        """Button text in the game's words: ``"Block: High Block"``, ``"Pass"``.

        It depends on the action alone (its kind and kards): remembered by them (every
        listed action is labelled on each Act click)."""
        fields = action.__dict__
        return _label(fields["kind"], fields["a"], fields["b"])

    def explain_illegal(self, state: MkState, seat: int, action: Act) -> str:
        """A sharper reason for the common mistakes."""
        hand = state.fighters[seat].hand
        if action.kind == "aim":
            return "Attack a Kombatant still standing."
        for x in (action.a, action.b):
            if x and action.kind not in ("pick",) and x not in hand:
                try:
                    label = kard(x).name
                except KeyError:
                    return "There is no such kard."
                return f"You hold no {label}."
        if action.a and action.kind in ("at", "ct", "fu", "kn"):
            k = kard(action.a)
            if not moves.usable(state, seat, k):
                return f"{k.name} is another Kombatant's Special Move (Advanced rules)."
        return super().explain_illegal(state, seat, action)

    def catalog(self) -> list[CatalogEntry]:
        """Kombatants and kards for ``/card``."""
        from engine.games.mortal_kombat.catalog import catalog

        return catalog()

    deck_tag: ClassVar[str] = decks.TAG
    card_word: ClassVar[str] = "kard"
    """How deck texts name this game's cards."""

    def deck_universe(self) -> list[str]:
        """Kard ids in data order (what deck codes refer to)."""
        return decks.universe()

    def deck_names(self) -> dict[str, str]:
        """``/card`` names of the kards that go in a deck -> their ids."""
        from engine.games.mortal_kombat.catalog import entries

        return {e.name: kid for kid, e in entries().items() if kard(kid).type != "kombatant"}

    def deck_leaders(self) -> dict[str, str]:
        """The 20 Kombatants by name."""
        return {k.name: k.id for k in kombatants().values()}

    def sealed(self, seed: int, leader: str) -> tuple[list[str], Deck]:
        """A seeded Sealed pool from the whole set and the 50-kard deck built from it
        (Basic rules)."""
        pool = decks.sealed_pool(seed)
        return pool, decks.sealed_deck(pool, leader)

    def validate_deck(self, deck: Deck, options: Any) -> list[str]:
        """Every broken deck limit at the options' level (the :class:`DeckRules` hook)."""
        opts = options if isinstance(options, Options) else self.parse_options(options)
        assert isinstance(opts, Options)
        return decks.validate(deck, opts)

    def clone(self, state: MkState) -> MkState:
        """A deep copy, container by container (leaves are immutable): much faster than a
        generic deep copy; a property test checks ``apply`` never mutates its input."""
        fighters = [f.model_copy(update={"hand": list(f.hand), "deck": list(f.deck),
                                         "discard": list(f.discard)})
                    for f in state.fighters]
        return state.model_copy(update={
            "rng": state.rng.model_copy(),
            "picks": dict(state.picks),
            "fighters": fighters,
            "discards": {k: list(v) for k, v in state.discards.items()},
            "exchange": state.exchange.model_copy(deep=True) if state.exchange else None,
            "modifiers": [m.model_copy() for m in state.modifiers],
            "out": list(state.out), "down": list(state.down), "spent": list(state.spent),
            "groups": [list(g) for g in state.groups],
            "round_turns": list(state.round_turns),
            "round_winners": list(state.round_winners),
            "notes": list(state.notes),
        })

    def timer_share(self, state: MkState) -> float:
        """A defender's answer (respond, breaker) gets a quarter of the turn timer: it is
        a quick yes/no with *take the hit* / *no breaker* as the default."""
        return DEFENDER_TIMER if state.phase in ("respond", "breaker") else 1.0

    # ---------------------------------------------------------------- simulator
    def turns(self, state: MkState) -> int:
        """Turns played over the whole match."""
        return state.turns_played

    def sim_labels(self, state: MkState) -> list[str]:
        """Kombatant names per seat."""
        return [kombatants()[f.kombatant].name if f.kombatant else "?"
                for f in state.fighters]

    def greedy_action(self, state: MkState, seat: int, rng: Rng) -> Act:
        """The greedy simulator agent's choice (see :mod:`agents`)."""
        from engine.games.mortal_kombat.agents import greedy_action

        return greedy_action(state, seat, rng)

    def sim_weight(self, state: MkState, seat: int, action: Act) -> float:
        """Random play attacks and defends more often than it passes or waits."""
        if action.kind in ("at", "ak", "fx", "bl", "ev", "ct", "sc", "fr", "kn"):
            return 4.0
        if action.kind in ("dd", "bn", "br", "fu") and action.a is not None:
            return 2.0
        if action.kind == "aim":
            return 0.5
        return 1.0


@lru_cache(maxsize=8192)
def _label(k: str, a_id: str | None, b_id: str | None) -> str:
    """:meth:`MortalKombat.label` of an action of kind ``k`` with kards ``a_id`` and
    ``b_id``, remembered by them (kards never change)."""
    a = kard(a_id).name if a_id else None
    b = kard(b_id).name if b_id and k != "aim" else None
    fixed = {"pass": "Pass", "step": "Move (-1 Speed)", "go": "Go", "take": "Take the hit"}
    if k == "aim":
        return f"Target {a}"
    if k in fixed:
        return fixed[k]
    if k == "pick":
        return a or "?"
    if k == "dd":
        return "Keep everything" if a is None else f"Discard {a}" + (f" and {b}" if b
                                                                     else "")
    words = {"at": "Attack: {a}", "ak": "Kombo: {a} + {b}", "fx": "Finish: {a}",
             "cm": "Copy Move", "se": "Play {a}", "bl": "Block: {a}", "ev": "Evade: {a}",
             "ct": "Counter: {a}", "sc": "Counter: {a}", "fr": "Friendship: {a}",
             "bn": "Burn {a}", "kn": "Kombo: {a}", "br": "Break: {a}",
             "fu": "Follow-up: {a}"}
    if a is None:
        return {"bn": "Stop burning", "br": "No breaker", "fu": "No Follow-up",
                "kn": "End the Kombo"}[k]
    return words[k].format(a=a, b=b)


GAME = MortalKombat()


def leave(state: MkState, seat: int) -> list[Event]:
    """``seat`` left (already in :attr:`MkState.left`): it is knocked out and play goes on
    (an exchange it is part of is dropped, its kards discarded). Here rather than in
    :mod:`brawl`, which :mod:`combat` uses: it needs the exchange (:mod:`combat`,
    :mod:`area`) and the reveal (:data:`GAME`)."""
    f = state.fighters[seat]
    f.kp = min(f.kp, 0)
    state.picks.pop(seat, None)
    state.discards.pop(seat, None)
    state.notes.append(f"{name(state, seat)} leaves the fight.")
    events: list[Event] = []
    if state.phase == "pick":
        if state.picks and len(state.picks) >= len(in_match(state)):
            events += GAME.reveal(state)
        return events
    if seat not in state.down and seat not in state.out:
        state.down.append(seat)
        leave_group(state, seat)
    up = standing(state)
    if state.initiative == seat and state.phase != "act" and up:
        # the next actor left between actions (e.g. during Discard/Draw): the seat at
        # its left acts instead, and starts the turn if the leaver was to
        state.initiative = left_of(state, seat, up)
        if state.turn_starter == seat:
            state.turn_starter = state.initiative
    if state.aim in (seat, state.initiative) and state.initiative is not None:
        state.aim = left_of(state, state.initiative, up)  # aim on, as a new actor's
    ex = state.exchange
    if ex is not None and seat in ex.queue and seat != target_of(state, ex):
        ex.queue.remove(seat)
        ex.hit = [s for s in ex.hit if s != seat]
        return events
    if ex is not None and ex.stage and seat == ex.target and seat != ex.attacker:
        ex.queue = [s for s in ex.queue if s != seat]
        return events + next_question(state)
    involved = (ex is not None and seat in (ex.attacker, target_of(state, ex))) or \
        state.followup_for == seat or (state.phase == "act" and state.initiative == seat)
    if involved:
        _discard_table(state)
        return events + close_action(state, keep=False)
    if len(standing(state)) <= 1:
        return events + end_turn(state)
    if state.phase == "discard" and len(state.discards) >= len(standing(state)):
        return events + discard_draw(state)
    return events

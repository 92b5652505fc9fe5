"""The Sushido game object: prompts, legal actions, apply, timeouts, labels, sim weights."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from engine.core import CatalogEntry, Event, Game, Prompt, Rng, chains, private_with_twin, public
from engine.core.chains import Chain
from engine.core.views import Shared
from engine.games.sushido import flow, resolve
from engine.games.sushido.data import content
from engine.games.sushido.effects import card_text, contact, fighter, in_arena, super_combo
from engine.games.sushido.log import log_events
from engine.games.sushido.model import (
    LEGACY_AIDS,
    Accept,
    Action,
    AnyAction,
    Boost,
    Break,
    BreakT,
    CardT,
    Declare,
    DeclareT,
    EscapeT,
    Hajime,
    Oppose,
    OpposeT,
    Options,
    Parry,
    ParryT,
    PickFighter,
    Place,
    Play,
    PlayT,
    Reveal,
    Seat,
    StepDir,
    StepT,
    Surplus,
    SurplusT,
    SushidoState,
    Task,
    UseSuperCombo,
    fast_copy,
)
from engine.games.sushido.placements import (
    SHOWN,
    SHOWS,
    hajime_label,
    hajimes,
    placements,
    places,
)
from engine.games.sushido.views import SushidoView, build_view, shared_view, view_with

_PROMPT_TEXT: dict[str, str] = {
    "pick": "Choose your fighter.",
    "hajime": "Place 2 cards face down, in order. Hajime!",
    "reveal": "Reveal 0, 1 or 2 of your cards; the rest go to your chain.",
    "declare": "Announce a Combo or a Kata, or pass.",
    "answer": "Your rival announced: answer with a Kata, or not.",
    "oppose": "Oppose your rival's Kata with your chain?",
    "boost": "Spend 1 Super to double this card?",
    "step": "Move: advance (push in contact) or step back.",
    "break": "Block: choose a chain card to discard.",
    "parry": "Parry the incoming Hit with a revealed Block?",
    "play": "Play your next revealed card.",
    "surplus": "Your chain is longer than the Kata: choose a card to discard.",
    "escape": "You lose the round at the end of this turn: use your Super Combo to "
              "escape, or accept.",
}


def task_kind(t: Task) -> str:
    """The prompt kind of a decision task."""
    if isinstance(t, DeclareT):
        return "answer" if t.answer else "declare"
    if isinstance(t, CardT):
        return "boost"
    return t.t


def task_seat(t: Task) -> int:
    """The seat a decision task asks."""
    seat: int = getattr(t, "seat")  # noqa: B009 - every decision task has a seat
    return seat


def _together(state: SushidoState, s: int) -> Prompt:
    """The prompt of seat ``s`` while both decide at once (pick, Hajime, reveal)."""
    if state.phase == "pick":
        return Prompt(seat=s, kind="pick", text=_PROMPT_TEXT["pick"], simultaneous=True,
                      committed=state.seat[s].pick is not None)
    # A seat that has placed its cards chooses what to reveal at once (decision): it
    # learns nothing by waiting, and both choices stay hidden until both are in.
    me = state.seat[s]
    kind = "hajime" if me.commit is None else "reveal"
    return Prompt(seat=s, kind=kind, text=_PROMPT_TEXT[kind], simultaneous=True,
                  committed=me.commit is not None and me.reveal is not None)


def _asked(state: SushidoState, t: Task, seat: int) -> Prompt:
    """The prompt of the seat that the front decision task ``t`` asks."""
    kind = task_kind(t)
    text = _PROMPT_TEXT[kind]
    if kind == "escape":
        text = ("K.-O.! " if state.seat[seat].life <= 0 else "Ring Out! ") + text
    return Prompt(seat=seat, kind=kind, text=text)




_QUIET = frozenset({"card", "damage", "guard", "guarded", "heal", "kata_clash", "kata_end",
                    "move", "passive", "push", "push_fails", "super_gain", "super_spend",
                    "whiff", "break_nothing"})
"""Events that only tell what a seat could foresee from what it saw before (a revealed or
face-up card resolving: moves, pushes, damage, guards, Super): none shows a hidden card."""


def follows(before: SushidoState, after: SushidoState, seat: int, ev: list[Event]) -> bool:
    """Whether the decision ``after`` asks is a follow-up of ``seat``'s last one that may
    be chosen with it (issue 31, :mod:`engine.core.chains`): the same seat decides again in
    the turn's resolution (not the escape, whose other answer is the Super Combo), and
    nothing came between but what that seat could foresee: no hidden card shown (a chain,
    a break), no draw or shuffle, and nobody else deciding (their one-choice decisions are
    answered by the referee from public facts); and no full gauge (a Super Combo may
    interrupt at any moment: each step stays a moment to use it)."""
    if after.result is not None or after.phase != "resolve" or before.rng != after.rng:
        return False
    if any(st.gauge >= 5 for st in after.seat):  # a Super Combo may come between: ask
        return False
    t = resolve.front_decision(after)
    if t is None or isinstance(t, EscapeT) or task_seat(t) != seat:
        return False
    return all(e.kind in _QUIET for e in ev)


def _chain(steps: tuple[str, ...]) -> Chain:
    return Chain.of(steps=steps)


_SUPER_COMBO = UseSuperCombo.of()
_SUPER_AID = _SUPER_COMBO.aid
_TURN_PHASES = ("hajime", "reveal", "resolve")
"""The phases of a turn, when the Super Combo may interrupt."""


def _super_combo_act(state: SushidoState, seat: int, action: Any, ev: list[Event]) -> None:
    super_combo(state, seat, ev)
    resolve.run(state, ev)  # a pending decision left without a choice runs its default


def _pick(state: SushidoState, seat: int, action: PickFighter, ev: list[Event]) -> None:
    first, second = state.seat
    state.seat[seat].pick = action.fighter
    ev += private_with_twin("pick", (seat,), {"fighter": action.fighter}, {"seat": seat})
    if first.pick is not None and second.pick is not None:
        ev.append(public("picks", fighters=[first.pick, second.pick]))
        flow.start_match(state, ev)


def _hajime(state: SushidoState, seat: int, action: Hajime, ev: list[Event]) -> None:
    me = state.seat[seat]
    for c in action.cards:
        me.hand.remove(c)
    me.commit = list(action.cards)
    ev += private_with_twin("hajime", (seat,), {"cards": list(action.cards)},
                            {"seat": seat, "count": len(action.cards)})
    first, second = state.seat
    if first.commit is not None and second.commit is not None:
        ev.append(public("hajime_all"))
        state.phase = "reveal"
        if first.reveal is not None and second.reveal is not None:
            flow.resolve_reveal(state, ev)
            resolve.run(state, ev)


def _place(state: SushidoState, seat: int, action: Place, ev: list[Event]) -> None:
    _hajime(state, seat, Hajime.of(cards=action.cards), ev)
    if state.result is None and state.phase in ("hajime", "reveal"):
        _reveal(state, seat, Reveal.of(show=action.show), ev)


def _reveal(state: SushidoState, seat: int, action: Reveal, ev: list[Event]) -> None:
    state.seat[seat].reveal = action.show
    ev += private_with_twin("reveal_commit", (seat,), {"show": action.show}, {"seat": seat})
    first, second = state.seat
    if state.phase == "reveal" and first.reveal is not None and second.reveal is not None:
        flow.resolve_reveal(state, ev)
        resolve.run(state, ev)


_ACTS: dict[type, Callable[[SushidoState, int, Any, list[Event]], None]] = {
    UseSuperCombo: _super_combo_act, PickFighter: _pick, Hajime: _hajime, Reveal: _reveal,
    Place: _place,
}
"""The actions that are not the answer to a decision of the turn's queue, by type."""


class Sushido(Game[SushidoState, AnyAction]):
    """Gyojin Fighter Sushido!: two fighters, a shared deck, chains, Combos and Katas."""

    id: ClassVar[str] = "sushido"
    name: ClassVar[str] = "Gyojin Fighter Sushido!"
    options_model = Options
    state_model = SushidoState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(Action)
    legacy_aids: ClassVar[dict[str, str]] = LEGACY_AIDS

    # ---------------------------------------------------------------- contract
    def setup(self, options: BaseModel, seats: int, seed: int) -> SushidoState:
        """A new match, waiting for both fighter picks."""
        assert isinstance(options, Options)
        if seats != 2:
            raise ValueError("Sushido is a 2-player game")
        return SushidoState(game=self.id, seats=2, rng=Rng(seed=seed), duel=options.duel,
                            target=flow.TARGET[options.duel], seat=[Seat(), Seat()])

    def prompts(self, state: SushidoState) -> dict[int, Prompt]:
        """Both seats in pick/Hajime/reveal (simultaneous); else the front decision's seat."""
        if state.result is not None:
            return {}
        if state.phase in ("pick", "hajime", "reveal"):
            return {s: _together(state, s) for s in (0, 1)}
        t = resolve.front_decision(state)
        if t is None:
            return {}
        seat = task_seat(t)
        return {seat: _asked(state, t, seat)}

    def prompt(self, state: SushidoState, seat: int) -> Prompt | None:
        """:meth:`prompts` of one seat, building only that one (on every click's path)."""
        if state.result is not None:
            return None
        if state.phase in ("pick", "hajime", "reveal"):
            return _together(state, seat) if seat in (0, 1) else None
        t = resolve.front_decision(state)
        if t is None or task_seat(t) != seat:
            return None
        return _asked(state, t, seat)

    def legal(self, state: SushidoState, seat: int) -> list[AnyAction]:
        """The seat's prompted choices (the Super Combo is an interrupt: :meth:`interrupts`)."""
        if state.result is not None:
            return []
        me = state.seat[seat]
        out: list[AnyAction] = []
        if state.phase == "pick":
            if me.pick is None:
                out = [PickFighter.of(fighter=f) for f in sorted(content().fighters)]
            return out
        if state.phase in ("hajime", "reveal"):
            if me.commit is None:
                n = min(2, len(me.hand))
                hand = tuple(me.hand)
                return [*hajimes(hand, n), *places(hand, n)]  # as _placements lists them
            if me.reveal is not None:
                return []
            out = [Reveal.of(show=s) for s in SHOWS[len(me.commit)]]
        else:
            t = resolve.front_decision(state)
            if t is None or task_seat(t) != seat:
                return []
            out = resolve.options(state, t)
        return out

    def _placing(self, state: SushidoState, seat: int) -> tuple[int, ...] | None:
        """The hand of a seat choosing its placement now (its listing is then the hand's
        shared :func:`placements`), else ``None``."""
        if state.result is None and state.phase in ("hajime", "reveal"):
            me = state.seat[seat]
            if me.commit is None:
                return tuple(me.hand)
        return None

    def _indexed(self, state: SushidoState, seat: int,
                 ) -> tuple[list[AnyAction], dict[str, AnyAction]]:
        """The listing of a seat choosing its placement is its hand's (shared, built once
        per hand); any other, :meth:`legal`'s."""
        hand = self._placing(state, seat)
        if hand is None:
            return super()._indexed(state, seat)
        listed, index, _ = placements(hand, min(2, len(hand)))
        return listed, index

    def _is_legal(self, state: SushidoState, seat: int, action: AnyAction) -> bool:
        """A placement is looked up in its hand's shared index (a replayed Hajime or Place
        is checked against up to 210 placements otherwise); anything else as
        :meth:`Game._is_legal` checks it."""
        hand = self._placing(state, seat)
        if hand is not None:
            found = placements(hand, min(2, len(hand)))[1].get(action.aid)
            if found is not None and (found is action or found == action):
                return True
        return super()._is_legal(state, seat, action)

    def labels(self, state: SushidoState, seat: int, actions: list[AnyAction]) -> list[str]:
        """The labels of a hand's shared placements (:func:`placements`) are worded once
        (they name cards only); any other actions are labelled one by one."""
        hand = self._placing(state, seat)
        if hand is not None:
            listed, _, labels = placements(hand, min(2, len(hand)))
            if actions is listed:
                return labels
        return super().labels(state, seat, actions)

    def offered(self, state: SushidoState, seat: int) -> list[AnyAction]:
        """The legal actions, with a mid-turn decision merged with its follow-ups of the
        same seat when nothing is learnt between them (:func:`follows`): a Move played or
        doubled with its steps, a Block with the chain card it breaks, a seat's two revealed
        cards played at once, a Kata's cards doubled or not at once (issue 31)."""
        legal = self.listed(state, seat)
        if state.phase != "resolve" or not legal:
            return legal
        t = resolve.front_decision(state)
        if t is None or isinstance(t, EscapeT) or task_seat(t) != seat \
                or any(st.gauge >= 5 for st in state.seat):
            return legal
        return chains.expand(self, state, seat, list(legal), follows, _chain)

    def compound(self, state: SushidoState, seat: int, aid: str) -> AnyAction | None:
        """A chain (:meth:`offered`) by its id, if ``seat`` may play it now."""
        steps = chains.steps_of(aid)
        if steps is None or len(steps) < 2 or state.phase != "resolve":
            return None
        if not chains.chain_ok(self, state, seat, steps, follows):
            return None
        return Chain.of(steps=steps)

    def interrupts(self, state: SushidoState, seat: int) -> list[AnyAction]:
        """With a full gauge, the Super Combo at any moment of a turn: while the rival alone
        decides, after committing, and before the turn ends to escape a K.-O. or Ring Out."""
        if state.result is None and state.phase in ("hajime", "reveal", "resolve") \
                and state.seat[seat].gauge >= 5:
            return [UseSuperCombo.of()]
        return []

    def explain_unavailable(self, state: SushidoState, seat: int, aid: str) -> str | None:
        """Why the Super Combo is refused (the gauge, the moment)."""
        if aid != UseSuperCombo().aid or state.result is not None:
            return None
        gauge = state.seat[seat].gauge
        if gauge < 5:
            return (f"Your Super gauge is at {gauge}/5: the Super Combo needs a full gauge "
                    "(S-U-P-E-R).")
        return "The Super Combo can be used only during a turn, once the fighters are chosen."

    def _apply(self, state: SushidoState, seat: int, action: AnyAction) -> list[Event]:
        if type(action) is Chain:  # each step logs its own events
            return chains.play(self, state, seat, action.steps)
        ev: list[Event] = []
        act = _ACTS.get(type(action))
        if act is None:  # the answer to the front decision of the turn's queue
            resolve.decide(state, seat, action, ev)
        else:
            act(state, seat, action, ev)
        log_events(state, ev)
        return ev

    def find(self, state: SushidoState, seat: int, aid: str) -> AnyAction | None:
        """:meth:`Game.find` without building the seat's prompt or its interrupts (on the
        path of every click): the Super Combo's id is checked against the gauge and the
        moment, any other id against the seat's remembered listing (:meth:`legal` lists
        nothing for a seat that is not asked, or has committed)."""
        if state.result is not None:
            return None
        aid = LEGACY_AIDS.get(aid, aid)
        if aid == _SUPER_AID:  # never among the legal actions: only an interrupt
            if state.phase in _TURN_PHASES and state.seat[seat].gauge >= 5:
                return _SUPER_COMBO
            return None
        if seat not in (0, 1):
            return None
        # legal() is empty for a seat that is not asked or has committed (no prompt built)
        found = self._lookup(state, seat, aid)
        if found is None and aid.startswith(chains.HEAD):
            found = self._compound_if_asked(state, seat, aid)
        return found

    def view(self, state: SushidoState, viewer: int | None) -> SushidoView:
        """What a seat (or a spectator, ``None``) may see; see :mod:`views`."""
        prompts = self.prompts(state)
        return build_view(state, viewer, {s: (p.kind, p.committed) for s, p in prompts.items()})

    def view_shared(self, state: SushidoState) -> Shared:
        """The viewer-independent fields of the views (:func:`views.shared_view`), from
        the prompts remembered for this version (:meth:`asked`)."""
        prompts = self.asked(state)
        return shared_view(state, {s: (p.kind, p.committed) for s, p in prompts.items()})

    def view_with(self, state: SushidoState, viewer: int | None,
                  shared: Shared) -> SushidoView:
        """:meth:`view` from :meth:`view_shared`'s fields."""
        return view_with(state, viewer, shared)

    def clone(self, state: SushidoState) -> SushidoState:
        """A deep, independent copy (faster than ``copy.deepcopy``; see ``fast_copy``)."""
        new: SushidoState = fast_copy(state)
        return new

    def turns(self, state: SushidoState) -> int:
        """Turns played over the whole match."""
        return state.turns_total

    def sim_labels(self, state: SushidoState) -> list[str]:
        """Fighter names per seat."""
        return [content().fighters[s.fighter].name if s.fighter else "?" for s in state.seat]

    # --------------------------------------------------------------- defaults
    def timeout_action(self, state: SushidoState, seat: int) -> AnyAction:
        """Documented defaults: first fighter by id, first two cards, reveal both, pass,
        don't oppose/boost, advance, break the rival's first chain card, parry, play the
        first revealed card unboosted (Block as guard), discard the last surplus chain card,
        accept a K.-O. or Ring Out."""
        me = state.seat[seat]
        if state.phase == "pick":
            return PickFighter(fighter=sorted(content().fighters)[0])
        if state.phase in ("hajime", "reveal"):
            return Hajime(cards=tuple(me.hand[:2])) if me.commit is None else Reveal(show="both")
        t = resolve.front_decision(state)
        if isinstance(t, DeclareT):
            return Declare(choice="pass")
        if isinstance(t, OpposeT):
            return Oppose(yes=False)
        if isinstance(t, CardT):
            return Boost(yes=False)
        if isinstance(t, StepT):
            return StepDir(dir="adv")
        if isinstance(t, ParryT):
            return Parry(yes=True)
        if isinstance(t, PlayT):
            return next(a for a in resolve.options(state, t)
                        if isinstance(a, Play) and not a.boost and a.mode in ("", "guard"))
        if isinstance(t, EscapeT):
            return Accept()
        if isinstance(t, SurplusT):
            k = state.kata
            return Surplus(index=len(k.dfn) - 1 if k else 0)
        if isinstance(t, BreakT):
            return resolve.options(state, t)[0]
        return self.legal(state, seat)[0]

    def catalog(self) -> list[CatalogEntry]:
        """Fighters and card types for ``/card``."""
        from engine.games.sushido.catalog import catalog

        return catalog()

    def label(self, state: SushidoState, seat: int, action: AnyAction) -> str:
        """Button text for an action (dispatched on the action's exact class: every
        action class is final, and ``isinstance`` against a pydantic model class that
        misses goes through pydantic's metaclass check; every listed action is labelled
        on each Act click)."""
        a = action
        if type(a) is PickFighter:
            f = content().fighters[a.fighter]
            return f"{f.name} ({f.weight.capitalize()}, {f.life} life)"
        if type(a) is Hajime:  # up to 42 placements listed on every Act click
            return hajime_label(a.cards)
        if type(a) is Place:
            return f"{hajime_label(a.cards)}, {SHOWN[a.show]}"
        if type(a) is Reveal:
            cards = state.seat[seat].commit or []
            pick = {"none": [], "first": cards[:1], "second": cards[1:2], "both": cards}[a.show]
            if not pick:
                return "Reveal none (all to my chain)"
            rest = " (the other to my chain)" if len(pick) < len(cards) else ""
            which = {"first": "1st", "second": "2nd", "both": "both"}[a.show]
            return f"Reveal {which}: {', '.join(card_text(c) for c in pick)}{rest}"
        if type(a) is Declare:
            t = resolve.front_decision(state)
            if isinstance(t, DeclareT) and t.answer:
                return "Answer with Kata" if a.choice == "kata" else "No answer"
            if a.choice == "combo":
                size = len(state.seat[seat].chain)
                combo = resolve.combo_of_size(state, seat, size)
                return f"Combo! ({size} cards: {combo.name if combo else '?'})"
            return "Kata!" if a.choice == "kata" else "Pass"
        if type(a) is Oppose:
            return "Oppose with my chain" if a.yes else "Let the Kata through"
        if type(a) is Boost:
            t = resolve.front_decision(state)
            what = card_text(t.card) if isinstance(t, CardT) else "this card"
            return f"Double {what} (1 Super)" if a.yes else f"Play {what} as is"
        if type(a) is StepDir:
            return ("Advance (push)" if contact(state) else "Advance") if a.dir == "adv" \
                else "Step back"
        if type(a) is Break:  # chains are face down to their owner too: positions only
            whose = "my" if a.owner == seat else "my rival's"
            size = len(state.seat[a.owner].chain)
            return f"Break {whose} chain card {a.index + 1} of {size}"
        if type(a) is Surplus:
            k = state.kata
            card = card_text(k.dfn[a.index]) if k and a.index < len(k.dfn) else "?"
            return f"Discard {card} (card {a.index + 1})"
        if type(a) is Parry:
            return "Parry with Block" if a.yes else "Take the Hit"
        if type(a) is Play:
            text = f"Play {card_text(a.card)}"
            if a.step:
                push = " (push)" if a.step == "adv" and contact(state) else ""
                return text + (f": advance{push}" if a.step == "adv" else ": step back")
            if a.mode:
                text += " as guard" if a.mode == "guard" else " to break a chain"
            return text + (" doubled (1 Super)" if a.boost else "")
        if type(a) is Accept:
            return "Accept the K.-O." if in_arena(state.seat[seat].pos) else \
                "Accept the Ring Out"
        if type(a) is Chain:  # each step's label where it is chosen, on a copy
            return " → ".join(_chain_labels(self, state, seat, a.steps))
        return f"SUPER COMBO: {fighter(state, seat).super_combo.name}"

    def sim_weight(self, state: SushidoState, seat: int, action: AnyAction) -> float:
        """Random agent: loves working Combos and Super Combos, often boosts and parries."""
        a = action
        if isinstance(a, UseSuperCombo):
            return 30.0
        if isinstance(a, Declare):
            if a.choice == "combo":
                return 60.0 if resolve.combo_fits(state, seat, state.seat[seat].chain) else 0.05
            return 1.5 if a.choice == "kata" else 1.0
        if isinstance(a, Boost):
            return 1.5 if a.yes else 1.0
        if isinstance(a, Play):
            return 0.8 if a.boost else 1.0
        if isinstance(a, Parry):
            return 3.0 if a.yes else 1.0
        if isinstance(a, StepDir):
            return 3.0 if a.dir == "adv" else 1.0
        if isinstance(a, Place):
            return 0.0  # the same choices as a Hajime then a reveal: played that way
        return 1.0


def _chain_labels(game: Sushido, state: SushidoState, seat: int,
                  steps: tuple[str, ...]) -> list[str]:
    """The label of each step of a chain, where it is chosen (played on a copy)."""
    out: list[str] = []
    s = state
    for i, step in enumerate(steps):
        action = next((a for a in game.legal(s, seat) if a.aid == step), None)
        if action is None:
            return [*out, step]
        out.append(game.label(s, seat, action))
        if i + 1 < len(steps):
            s = game.clone(s)
            game._apply(s, seat, action)
    return out


__all__ = ["Sushido", "task_kind", "task_seat"]

"""The Kingdom of Loathing :class:`~engine.core.Game`: prompts, legal actions, apply.

One seat decides at a time (``state.actor``). Menus stay small: multi-card plays are one
action (a maneuver with all cards of its stat) or a sub-decision that adds one card at a
time (``pick`` / ``add`` / ``go``); discards and mojo are one card (by code) per action,
so no list ever enumerates card subsets. Every kind of action has at most 25 options
except ``sell``/``equip`` (one per item in the display case), which a UI pages.

Timeout defaults (harmless): end the phase (``fight``, ``nomove``, ``nokill``, ``keep``),
leave a card choice (``go`` if cards are chosen, else ``back``), ``noroll``, ``pass``; a
hand over six cards discards its lowest card.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, TypeAdapter

from engine.core import CatalogEntry, Event, Game, Prompt, private_with_twin, public
from engine.core.views import Shared
from engine.games.kingdom_of_loathing import choices, data, flow
from engine.games.kingdom_of_loathing.effects import card_value, killable, meat_drop, run
from engine.games.kingdom_of_loathing.model import (
    HAND_SIZE,
    MANEUVER_STAT,
    MANEUVERS,
    Act,
    KolState,
    Options,
    act,
)
from engine.games.kingdom_of_loathing.views import KolView, build_view, shared_view, view_with

PROMPTS = {
    "noncombat": "Non-combat phase: equip, sell, use, train, buff... then go to combat.",
    "combat": "Combat: use combat items and skills, then play a maneuver.",
    "choose": "Choose the cards of your maneuver.",
    "kill": "Pick a monster to kill.",
    "discard": "End of turn: discard any cards, then draw to six.",
    "rollover": "Rollover: you may replace one card of your discard pile.",
    "rollto": "Rollover: what does it become?",
    "offer": "March on the Tower, or pass?",
}


def spell_amounts(mojo: int) -> list[int]:
    """Mojo amounts offered to a spell (1 to 5, and everything)."""
    return sorted({*range(1, min(mojo, 5) + 1), mojo}) if mojo >= 1 else []


class KingdomOfLoathing(Game[KolState, Act]):
    """The Kingdom of Loathing card game for 2 to 4 seats."""

    id: ClassVar[str] = "kingdom_of_loathing"
    name: ClassVar[str] = "Kingdom of Loathing"
    legal_when_asked: ClassVar[bool] = True
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    options_model = Options
    state_model = KolState
    action_adapter: ClassVar[TypeAdapter[Act]] = TypeAdapter(Act)

    def setup(self, options: BaseModel, seats: int, seed: int) -> KolState:
        """A new match (see :func:`flow.setup`)."""
        assert isinstance(options, Options)
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError("2 to 4 seats")
        return flow.setup(options, seats, seed)

    def prompts(self, state: KolState) -> dict[int, Prompt]:
        """The one seat deciding now."""
        if state.result is not None:
            return {}
        return {state.actor: Prompt(seat=state.actor, kind=state.phase,
                                    text=PROMPTS.get(state.phase, ""))}

    # ------------------------------------------------------------------- legal
    def legal(self, state: KolState, seat: int) -> list[Act]:
        """The actor's legal actions in the current phase."""
        if state.result is not None or seat != state.actor:
            return []
        p = state.players[seat]
        ph = state.phase
        out: list[Act] = []
        if ph == "noncombat":
            for c in p.items:
                if data.slot(c) and c not in p.equipped:
                    out.append(act("equip", ref=c))
            for c in p.equipped:
                out.append(act("unequip", ref=c))
            for c in p.items:
                out.append(act("sell", ref=c))
            for c in p.items:
                if data.item(c).kind in ("food", "booze"):
                    out.append(act("use", ref=c))
            for s in state.trainer:
                if s is not None and data.skills()[s].cost <= p.meat:
                    out.append(act("train", ref=s))
            for s in p.skills:
                sk = data.skills()[s]
                if (sk.kind == "noncombat" and s not in p.used and sk.mojo <= p.mojo
                        and sk.effect is not None and sk.effect.type != "pulverize"):
                    out.append(act("cast", ref=s))
                if sk.kind == "buff" and s not in p.buffs_on and sk.mojo <= p.mojo:
                    out.append(act("buff", ref=s))
            if self._pulverizer(state, seat) is not None:
                out += [act("smash", ref=c) for c in p.items if data.item(c).power > 0]
            out += self._mojo(p.hand)
            if state.heap:
                top = data.item(state.heap[-1])
                if top.cost is not None and top.cost <= p.meat:
                    out.append(act("dive", ref=state.heap[-1]))
            out.append(act("fight"))
        elif ph == "combat":
            for c in p.items:
                if data.item(c).kind == "combat":
                    out.append(act("use", ref=c))
            for s in p.skills:
                sk = data.skills()[s]
                if s in p.used:
                    continue
                if sk.kind == "combat" and sk.mojo <= p.mojo:
                    out.append(act("cast", ref=s))
                if sk.kind == "spell":
                    out += [act("spell", ref=s, n=n) for n in spell_amounts(p.mojo)]
            out += self._mojo(p.hand)
            for m in MANEUVERS:
                cards = sorted((c for c in p.hand if c[:2] == MANEUVER_STAT[m]), reverse=True)
                if cards:
                    out.append(act("man", ref=m, cards=tuple(cards)))
                if len(cards) >= 2:
                    out.append(act("pick", ref=m))
            out.append(act("nomove"))
        elif ph == "choose":
            chosen_m = state.combat.choosing
            assert chosen_m is not None
            left = list(p.hand)
            for c in state.combat.chosen:
                left.remove(c)
            for c in sorted({c for c in left if c[:2] == MANEUVER_STAT[chosen_m]}):
                out.append(act("add", ref=c))
            if state.combat.chosen:
                out.append(act("go"))
            out.append(act("back"))
        elif ph == "kill":
            for loc, pile in enumerate(state.locations):
                if pile and loc not in state.refresh and killable(state, seat, pile[0]):
                    out.append(act("kill", ref=str(loc)))
            out.append(act("nokill"))
        elif ph == "discard":
            out += [act("disc", ref=c) for c in sorted(set(p.hand))]
            if len(p.hand) <= HAND_SIZE:
                out.append(act("keep"))
        elif ph == "rollover":
            out += [act("roll", ref=c) for c in flow.roll_choices(state, seat)]
            out.append(act("noroll"))
        elif ph == "rollto":
            assert state.roll_card is not None
            out += [act("rollto", ref=c)
                    for c in flow.roll_targets(state, state.roll_card)]
        elif ph == "offer":
            out += [act("march"), act("pass")]
        return out

    @staticmethod
    def _pulverizer(state: KolState, seat: int) -> str | None:
        """The seat's Pulverize skill it can use now (unused this turn, mojo paid)."""
        p = state.players[seat]
        for s in p.skills:
            sk = data.skills()[s]
            if (sk.effect is not None and sk.effect.type == "pulverize"
                    and s not in p.used and sk.mojo <= p.mojo):
                return s
        return None

    @staticmethod
    def _mojo(hand: list[str]) -> list[Act]:
        return [act("mojo", ref=c) for c in sorted({c for c in hand if c[:2] == "my"})]

    # ----------------------------------------------------------------- offered
    def offered(self, state: KolState, seat: int) -> list[Act]:
        """Fewer, richer choices than :meth:`legal` (see :mod:`.choices`)."""
        return choices.offered(self, state, seat)

    def compound(self, state: KolState, seat: int, aid: str) -> Act | None:
        """A compound choice (``do``, see :mod:`.choices`) legal now, by its id."""
        return choices.compound(self, state, seat, aid)

    # ------------------------------------------------------------------- apply
    def _apply(self, state: KolState, seat: int, action: Act) -> list[Event]:
        """Apply one legal action of the actor."""
        p = state.players[seat]
        k, ref = action.kind, action.ref
        if k == "do":
            return choices.apply(self, state, seat, action)
        ev = [public(k, seat=seat, ref=ref, n=action.n)]
        if k == "equip":
            sl = data.slot(ref)
            p.equipped = [c for c in p.equipped if data.slot(c) != sl] + [ref]
        elif k == "unequip":
            p.equipped.remove(ref)
        elif k == "sell":
            p.items.remove(ref)
            if ref in p.equipped:
                p.equipped.remove(ref)
            p.meat += data.item(ref).autosell
            p.escrow.append(ref)
        elif k == "use":
            p.items.remove(ref)
            p.escrow.append(ref)
            eff = data.item(ref).effect
            assert eff is not None
            did = run(state, seat, eff, ref)
            ev = [public(k, seat=seat, ref=ref, n=action.n, **did)]
            return ev + self._after_effect(state, seat)
        elif k == "train":
            p.meat -= data.skills()[ref].cost
            p.skills.append(ref)
            state.trainer = [None if s == ref else s for s in state.trainer]
            state.trained = True
        elif k in ("cast", "spell"):
            sk = data.skills()[ref]
            spent = action.n if k == "spell" else sk.mojo
            p.mojo -= spent
            p.used.append(ref)
            assert sk.effect is not None
            did = run(state, seat, sk.effect, ref, spent)
            ev = [public(k, seat=seat, ref=ref, n=action.n, **did)]
            return ev + self._after_effect(state, seat)
        elif k == "smash":
            skill = self._pulverizer(state, seat)
            assert skill is not None
            sk = data.skills()[skill]
            p.mojo -= sk.mojo
            p.used.append(skill)
            state.target = ref
            assert sk.effect is not None
            did = run(state, seat, sk.effect, skill)
            return [public(k, seat=seat, ref=ref, skill=skill, **did)]
        elif k == "buff":
            p.mojo -= data.skills()[ref].mojo
            p.buffs_on.append(ref)
        elif k == "mojo":
            p.hand.remove(ref)
            p.discard.append(ref)
            p.mojo += card_value(ref)
        elif k == "dive":
            state.heap.pop()
            p.meat -= data.item(ref).cost or 0
            self._gain_item(p.items, p.equipped, ref)
        elif k == "fight":
            p.mojo = 0
            if state.march is not None:
                return ev + flow.march_next(state)
            state.phase = "combat"
        elif k == "man":
            for c in action.cards:
                p.hand.remove(c)
            p.played.extend(action.cards)
            self._maneuver(state, ref, list(action.cards))
            ev = [public("man", seat=seat, ref=ref, cards=sorted(action.cards, reverse=True))]
            return ev + self._after_maneuver(state, seat)
        elif k == "pick":
            state.combat.choosing = ref  # type: ignore[assignment]
            state.combat.chosen = []
            state.phase = "choose"
        elif k == "add":  # the card is still in the hand: only its owner learns which
            state.combat.chosen.append(ref)
            return private_with_twin("add", (seat,), {"ref": ref}, {"seat": seat})
        elif k == "go":
            cards = sorted(state.combat.chosen, reverse=True)
            for c in cards:
                p.hand.remove(c)
            p.played.extend(cards)
            m = state.combat.choosing
            assert m is not None
            self._maneuver(state, m, cards)
            ev = [public("man", seat=seat, ref=m, cards=cards)]
            return ev + self._after_maneuver(state, seat)
        elif k == "back":
            state.combat.choosing = None
            state.combat.chosen = []
            state.phase = "combat"
        elif k == "nomove":
            state.combat.done = True
            return ev + self._after_maneuver(state, seat)
        elif k == "kill":
            return ev + self._kill(state, seat, int(ref))
        elif k == "nokill":
            flow.end_combat(state, seat)
        elif k == "disc":
            p.hand.remove(ref)
            p.discard.append(ref)
        elif k == "keep":
            return ev + flow.refill(state, seat)
        elif k == "roll":
            state.roll_card = ref
            state.phase = "rollto"
        elif k in ("rollto", "noroll"):
            if k == "rollto":
                assert state.roll_card is not None
                flow.replace_card(state, seat, state.roll_card, ref)
            state.roll_card = None
            flow.reshuffle(state, seat)
            if flow.draw(state, seat):
                return ev + flow.after_draw(state, seat)
        elif k == "march":
            return ev + flow.start_march(state, seat)
        elif k == "pass":
            return ev + flow.pass_offer(state)
        return ev

    @staticmethod
    def _gain_item(items: list[str], equipped: list[str], card: str) -> None:
        """A new item joins the display case; equipment is equipped if its slot is free."""
        items.append(card)
        sl = data.slot(card)
        if sl and not any(data.slot(c) == sl for c in equipped):
            equipped.append(card)

    @staticmethod
    def _maneuver(state: KolState, maneuver: str, cards: list[str]) -> None:
        c = state.combat
        c.maneuver = maneuver  # type: ignore[assignment]
        c.cards = cards
        c.choosing = None
        c.chosen = []
        c.done = True

    @staticmethod
    def _after_maneuver(state: KolState, seat: int) -> list[Event]:
        if state.march is not None:
            return flow.march_score(state, seat)
        state.phase = "kill"
        return []

    @staticmethod
    def _after_effect(state: KolState, seat: int) -> list[Event]:
        """Draw what a draw effect asked for (a rollover may interrupt)."""
        if state.pending_draw > 0:
            state.resume = "noncombat"
            flow.draw(state, seat)
        return []

    def _kill(self, state: KolState, seat: int, loc: int) -> list[Event]:
        """Loot: meat (plus meat drop), a stat card to the discard, the item."""
        p = state.players[seat]
        card = state.locations[loc].pop(0)
        m = data.cards()[card].monster
        gain = m.meat + meat_drop(p)
        p.meat += gain
        if state.piles.get(m.stat, 0) > 0:
            state.piles[m.stat] -= 1
            p.discard.append(m.stat)
        self._gain_item(p.items, p.equipped, card)
        p.kills += 1
        state.refresh.append(loc)
        state.last = f"killed {m.name}"
        flow.end_combat(state, seat)
        return [public("loot", seat=seat, card=card, meat=gain, stat=m.stat)]

    # --------------------------------------------------------------- leaving
    def on_leave(self, state: KolState, seat: int) -> list[Event]:
        """The seat's cards freeze; it ranks last; the Certificate and turn pass on."""
        was_actor = state.actor == seat
        had_certificate = state.certificate == seat
        if had_certificate:
            state.certificate = flow.next_active(state, seat)
        if len(flow.active(state)) == 1:
            return flow.win_alone(state)
        m = state.march
        if m is not None:
            if seat in m.order:
                i = m.order.index(seat)
                m.order.remove(seat)
                m.scores.pop(seat, None)
                m.bars.pop(seat, None)
                if was_actor:
                    flow.cleanup(state, seat)
                    state.pending_draw = 0
                    state.roll_card = None
                    m.index -= 1
                    return flow.march_next(state)
                if i < m.index:
                    m.index -= 1
            return []
        if not was_actor:
            return []
        if state.phase == "offer":
            state.actor = flow.next_active(state, seat)
            if state.actor == state.certificate:
                return flow.start_turn(state, state.certificate)
            return []
        flow.cleanup(state, seat)
        state.pending_draw = 0
        state.roll_card = None
        if had_certificate:  # the round goes on with the new holder's turn
            flow.update_map(state)
            state.turns += 1
            return flow.start_turn(state, state.certificate)
        return flow.finish_turn(state)

    # ------------------------------------------------------------- the rest
    def view(self, state: KolState, viewer: int | None) -> KolView:
        """What ``viewer`` may see (``None``: a spectator)."""
        return build_view(state, viewer)

    def view_shared(self, state: KolState) -> Shared:
        """The viewer-independent fields of the views (:func:`views.shared_view`)."""
        return shared_view(state)

    def view_with(self, state: KolState, viewer: int | None, shared: Shared) -> KolView:
        """:meth:`view` from :meth:`view_shared`'s fields."""
        return view_with(state, viewer, shared)

    def timeout_action(self, state: KolState, seat: int) -> Act:
        """The documented harmless default (see the module docstring)."""
        legal = self.legal(state, seat)
        kinds = {a.kind: a for a in legal}
        for k in ("fight", "nomove", "nokill", "keep", "go", "back", "noroll", "pass"):
            if k in kinds:
                return kinds[k]
        if state.phase == "discard":
            low = min(state.players[seat].hand, key=lambda c: (card_value(c), c))
            return act("disc", ref=low)
        return legal[0]

    def label(self, state: KolState, seat: int, action: Act) -> str:
        """A short button text in the game's words (a compound: its parts' labels, joined
        by " → "; ``fight`` folded into a combat choice is not named)."""
        k, ref = action.kind, action.ref
        if k == "do":
            return self._compound_label(state, seat, action)
        if k in ("equip", "unequip", "sell", "use", "dive"):
            it = data.item(ref)
            verb = {"equip": "Equip", "unequip": "Unequip", "sell": "AutoSell",
                    "use": "Use", "dive": "Buy from the Heap"}[k]
            extra = (f" (+{it.autosell} meat)" if k == "sell"
                     else f" ({it.cost} meat)" if k == "dive" else "")
            return f"{verb} {it.name}{extra}"
        if k in ("train", "cast", "buff", "spell"):
            sk = data.skills()[ref]
            if k == "train":
                return f"Train {sk.name} ({sk.cost} meat)"
            if k == "spell":
                return f"Cast {sk.name} with {action.n} mojo"
            return f"{'Switch on' if k == 'buff' else 'Use'} {sk.name} ({sk.mojo} mojo)"
        if k == "smash":
            it = data.item(ref)
            return f"Pulverize {it.name} (power {it.power})"
        if k in ("mojo", "add", "disc", "roll", "rollto"):
            verb = {"mojo": "Mojo from", "add": "Add", "disc": "Discard",
                    "roll": "Replace", "rollto": "Take"}[k]
            return f"{verb} {data.stat_name(ref)}"
        if k == "man":
            total = sum(card_value(c) for c in action.cards)
            return f"{ref.capitalize()} with all {len(action.cards)} cards ({total})"
        if k == "pick":
            return f"{ref.capitalize()}: choose cards"
        if k == "kill":
            pile = state.locations[int(ref)]
            return f"Kill {data.cards()[pile[0]].monster.name}" if pile else "Kill"
        return {"fight": "To combat", "go": "Play the chosen cards", "back": "Back",
                "nomove": "No maneuver", "nokill": "Kill nothing", "keep": "Draw to six",
                "noroll": "No replacement", "march": "March on the Tower",
                "pass": "Pass"}.get(k, k)

    def _compound_label(self, state: KolState, seat: int, action: Act) -> str:
        """The label of a compound choice: a chain's steps on a copy (a kill names the
        monster at that location then; ``fight`` unnamed), joined by " → "; a
        multi-select's parts, joined by ", "."""
        out: list[str] = []
        if action.ref == choices.CHAIN:
            s = self.clone(state)
            for i, step in enumerate(action.cards):
                found = next((a for a in self.legal(s, seat) if a.aid == step), None)
                if found is None:
                    return " → ".join([*out, step])
                if found.kind != "fight":
                    out.append(self.label(s, seat, found))
                if i + 1 < len(action.cards):
                    self._apply(s, seat, found)
            return " → ".join(out) or self.label(state, seat, act("fight"))
        fought: KolState | None = None
        for piece in action.cards:
            head, _, aid = piece.partition("=")
            aid = aid.split(choices.COPY, 1)[0]
            s = state
            if head == choices.STEP1 and state.phase == "noncombat":
                if fought is None:
                    fought = self.clone(state)
                    self._apply(fought, seat, act("fight"))
                s = fought
            found = next((a for a in self.legal(s, seat) if a.aid == aid), None)
            out.append(self.label(s, seat, found) if found is not None else aid)
        return ", ".join(out)

    def explain_illegal(self, state: KolState, seat: int, action: Act) -> str:
        """A sharper reason for the common refusals."""
        p = state.players[seat]
        if action.kind == "dive":
            return "Only the Heap's top item can be bought, at its price, if you have the meat."
        if action.kind == "train" and action.ref in state.trainer:
            return "You do not have enough meat to train that skill."
        if action.kind in ("cast", "buff", "spell") and action.ref in p.skills:
            return "Not enough mojo, or that skill was already used this turn."
        if action.kind == "kill":
            return "Your combat score does not beat that monster."
        if action.kind == "smash":
            return ("Pulverize needs the skill, its mojo, an item with power, and is used "
                    "once a turn.")
        if action.kind == "keep":
            return "Discard down to six cards first."
        return "That move is not allowed right now."

    def sim_weight(self, state: KolState, seat: int, action: Act) -> float:
        """Random play: end phases readily so random matches move on."""
        if action.kind in ("fight", "keep", "pass"):
            return 4.0
        if action.kind == "march":  # rarely: random Marches fail and end games early
            return 0.2
        if action.kind in ("unequip", "disc", "back"):
            return 0.3
        return 1.0

    def sim_labels(self, state: KolState) -> list[str]:
        """Turn-order position: ``p1`` (first player, 5 meat) to ``p4``."""
        return [f"p{(s - state.first_player) % state.seats + 1}" for s in range(state.seats)]

    def turns(self, state: KolState) -> int:
        """Turns played."""
        return state.turns

    def catalog(self) -> list[CatalogEntry]:
        """Every monster/item card, skill and newbie item."""
        out = []
        for c in data.content().cards:
            m, it = c.monster, c.item
            out.append(CatalogEntry(name=m.name, kind="monster", text=(
                f"Power {m.power}{' ' + m.element if m.element else ''} · "
                f"{m.meat} meat · {data.stat_name(m.stat)}\n{m.text}")))
            out.append(CatalogEntry(name=it.name, kind="item", text=f"{it.kind}: {it.text}"))
        for s in data.content().skills:
            out.append(CatalogEntry(name=s.name, kind="skill",
                                    text=f"{s.kind}, {s.cost} meat: {s.text}"))
        for n in data.content().newbie:
            out.append(CatalogEntry(name=n.name, kind="item", text=f"newbie {n.kind}: {n.text}"))
        return out


GAME = KingdomOfLoathing()

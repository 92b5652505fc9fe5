"""A tiny simultaneous game used to test the engine core on its own.

Both seats commit a number 1-3 at once; the higher scores a point; first to 3 points.
Once per match each seat may shout **Bonus!** at any moment (an interrupt): +1 point.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core import ActionBase, BaseState, Event, Game, Outcome, Prompt, Rng, public
from engine.core.events import private_with_twin


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: int = 3


class Pick(ActionBase):
    kind: Literal["pick"] = "pick"
    n: int

    @property
    def aid(self) -> str:
        return f"p{self.n}"


class Bonus(ActionBase):
    kind: Literal["bonus"] = "bonus"

    @property
    def aid(self) -> str:
        return "bonus"


Action = Annotated[Pick | Bonus, Field(discriminator="kind")]


class ToyState(BaseState):
    target: int
    scores: list[int]
    commits: dict[int, Pick] = {}
    round: int = 0
    bonus_used: list[int] = []


class ToyView(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scores: list[int]
    committed: list[int]
    my_commit: int | None


class Toy(Game[ToyState, Pick | Bonus]):
    id: ClassVar[str] = "toy"
    name: ClassVar[str] = "Toy"
    options_model = Options
    state_model = ToyState
    action_adapter: ClassVar[TypeAdapter[Pick | Bonus]] = TypeAdapter(Action)

    def setup(self, options: BaseModel, seats: int, seed: int) -> ToyState:
        assert isinstance(options, Options)
        return ToyState(game="toy", seats=seats, rng=Rng(seed=seed), target=options.target,
                        scores=[0] * seats)

    def prompts(self, state: ToyState) -> dict[int, Prompt]:
        if state.result:
            return {}
        return {s: Prompt(seat=s, kind="pick", text="Pick 1-3", simultaneous=True,
                          committed=s in state.commits) for s in range(state.seats)}

    def legal(self, state: ToyState, seat: int) -> list[Pick | Bonus]:
        if state.result or seat in state.commits:
            return []
        return [Pick(n=n) for n in (1, 2, 3)]

    def interrupts(self, state: ToyState, seat: int) -> list[Pick | Bonus]:
        if state.result or seat in state.bonus_used:
            return []
        return [Bonus()]

    def explain_unavailable(self, state: ToyState, seat: int, aid: str) -> str | None:
        if aid == "bonus" and seat in state.bonus_used:
            return "You already used your bonus."
        return None

    def _apply(self, state: ToyState, seat: int, action: Pick | Bonus) -> list[Event]:
        if isinstance(action, Bonus):
            state.bonus_used.append(seat)
            state.scores[seat] += 1
            return [public("bonus", seat=seat), *self._check_end(state)]
        state.commits[seat] = action
        events = private_with_twin("committed", (seat,), {"n": action.n}, {"seat": seat})
        if len(state.commits) < state.seats:
            return events
        picks = {s: c.n for s, c in state.commits.items()}
        state.commits = {}
        state.round += 1
        best = max(picks.values())
        top = [s for s, n in picks.items() if n == best]
        if len(top) == 1:
            state.scores[top[0]] += 1
        events.append(public("reveal", picks={str(k): v for k, v in picks.items()}))
        return events + self._check_end(state)

    def _check_end(self, state: ToyState) -> list[Event]:
        winners = [s for s in range(state.seats) if state.scores[s] >= state.target]
        if winners:
            state.result = Outcome.win(winners[0], state.seats, "points")
        return []

    def view(self, state: ToyState, viewer: int | None) -> ToyView:
        mine = state.commits.get(viewer) if viewer is not None else None
        return ToyView(scores=list(state.scores), committed=sorted(state.commits),
                       my_commit=mine.n if mine else None)

    def timeout_action(self, state: ToyState, seat: int) -> Pick:
        return Pick(n=1)

    def label(self, state: ToyState, seat: int, action: Pick | Bonus) -> str:
        return "Bonus!" if isinstance(action, Bonus) else str(action.n)


TOY = Toy()

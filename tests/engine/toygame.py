"""A tiny simultaneous game used to test the engine core on its own.

Both seats commit a number 1-3 at once; the higher scores a point; first to 3 points.
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


Action = Annotated[Pick, Field(discriminator="kind")]


class ToyState(BaseState):
    target: int
    scores: list[int]
    commits: dict[int, Pick] = {}
    round: int = 0


class ToyView(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scores: list[int]
    committed: list[int]
    my_commit: int | None


class Toy(Game[ToyState, Pick]):
    id: ClassVar[str] = "toy"
    name: ClassVar[str] = "Toy"
    options_model = Options
    state_model = ToyState
    action_adapter: ClassVar[TypeAdapter[Pick]] = TypeAdapter(Action)

    def setup(self, options: BaseModel, seats: int, seed: int) -> ToyState:
        assert isinstance(options, Options)
        return ToyState(game="toy", seats=seats, rng=Rng(seed=seed), target=options.target,
                        scores=[0] * seats)

    def prompts(self, state: ToyState) -> dict[int, Prompt]:
        if state.result:
            return {}
        return {s: Prompt(seat=s, kind="pick", text="Pick 1-3", simultaneous=True,
                          committed=s in state.commits) for s in range(state.seats)}

    def legal(self, state: ToyState, seat: int) -> list[Pick]:
        if state.result or seat in state.commits:
            return []
        return [Pick(n=n) for n in (1, 2, 3)]

    def _apply(self, state: ToyState, seat: int, action: Pick) -> list[Event]:
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
        winners = [s for s in range(state.seats) if state.scores[s] >= state.target]
        if winners:
            state.result = Outcome.win(winners[0], state.seats, "points")
        return events

    def view(self, state: ToyState, viewer: int | None) -> ToyView:
        mine = state.commits.get(viewer) if viewer is not None else None
        return ToyView(scores=list(state.scores), committed=sorted(state.commits),
                       my_commit=mine.n if mine else None)

    def timeout_action(self, state: ToyState, seat: int) -> Pick:
        return Pick(n=1)

    def label(self, state: ToyState, seat: int, action: Pick) -> str:
        return str(action.n)


TOY = Toy()

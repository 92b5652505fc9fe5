"""A tiny turn-based game for 2-4 seats, to test seats leaving an N-seat match.

Seats take turns in seat order; on its turn a seat scores 1 or 2 points; the first to
reach the target wins. A seat that leaves is skipped and the turn passes on.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter

from engine.core import ActionBase, BaseState, Event, Game, Prompt, Rng, public


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: int = 5


class Score(ActionBase):
    kind: Literal["score"] = "score"
    n: int

    @property
    def aid(self) -> str:
        return f"s{self.n}"


class TurnState(BaseState):
    target: int
    scores: list[int]
    turn: int = 0


class Turns(Game[TurnState, Score]):
    id: ClassVar[str] = "toyturns"
    name: ClassVar[str] = "Turns"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    options_model = Options
    state_model = TurnState
    action_adapter: ClassVar[TypeAdapter[Score]] = TypeAdapter(Score)

    def setup(self, options: BaseModel, seats: int, seed: int) -> TurnState:
        assert isinstance(options, Options)
        return TurnState(game=self.id, seats=seats, rng=Rng(seed=seed),
                         target=options.target, scores=[0] * seats)

    def prompts(self, state: TurnState) -> dict[int, Prompt]:
        if state.result:
            return {}
        return {state.turn: Prompt(seat=state.turn, kind="score", text="Score 1 or 2")}

    def legal(self, state: TurnState, seat: int) -> list[Score]:
        if state.result or seat != state.turn:
            return []
        return [Score.of(n=1), Score.of(n=2)]

    def _apply(self, state: TurnState, seat: int, action: Score) -> list[Event]:
        state.scores[seat] += action.n
        if state.scores[seat] >= state.target:
            rest = sorted((s for s in state.in_play() if s != seat),
                          key=lambda s: -state.scores[s])
            state.result = self.placed(state, [[seat], *([s] for s in rest)], "points")
            return [public("match_over", winner=seat)]
        self._pass_turn(state)
        return [public("scored", seat=seat, n=action.n)]

    def on_leave(self, state: TurnState, seat: int) -> list[Event]:
        if state.turn == seat:
            self._pass_turn(state)
        return [public("turn", seat=state.turn)]

    @staticmethod
    def _pass_turn(state: TurnState) -> None:
        nxt = (state.turn + 1) % state.seats
        while nxt in state.left:
            nxt = (nxt + 1) % state.seats
        state.turn = nxt

    def view(self, state: TurnState, viewer: int | None) -> BaseModel:
        return state

    def timeout_action(self, state: TurnState, seat: int) -> Score:
        return Score.of(n=1)

    def label(self, state: TurnState, seat: int, action: Score) -> str:
        return f"Score {action.n}"


TURNS = Turns()

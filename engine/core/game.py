"""The ``Game`` base class: the contract every game fulfils, and the checks they share.

A game is one object (registered in :data:`engine.games.REGISTRY`) with pure methods:
``setup``, ``prompts``, ``legal``, ``apply``, ``view``, ``outcome``, ``timeout`` and
``concede``. ``apply`` never mutates its input; it returns a new state and the events.

The shared wrapper does the checks every game needs, in one place: the match is not
over, the seat is being asked to decide, the action is among the legal ones (so a game's
``_apply`` may assume legality), and the version grows by one.

**Interrupts** are actions a seat may take without being prompted: Sushido's Super Combo
("at any moment of a turn"), later Mortal Kombat's and Epic Battles' reactions. A game
lists them in :meth:`Game.interrupts`; they go through the same :meth:`Game.apply` /
:meth:`Game.act` wrapper, with the same version guard and error tree, and are accepted
whether or not the seat has a prompt (even after it has committed). A game's ``_apply``
must leave its prompts coherent afterwards (e.g. a pending decision that no longer has a
choice runs its default).

**Offered choices** (issue 31: fewer decisions a turn, nothing learnt or lost): what a
player is shown (:meth:`Game.offered`, the bot's controls) may differ from the legal
actions the AI and the simulator choose from. A game may merge a decision with its
follow-up when nothing is learnt between them (one choice instead of two), or offer the
parts of several choices to pick at once (a multi-select: the chosen parts' ids joined by
:data:`JOIN`). Such a *compound* action is not listed by :meth:`Game.legal`; the game says
whether its id is legal now (:meth:`Game.compound`), and it goes through the same
:meth:`Game.apply` / :meth:`Game.act` wrapper, with the same checks.
"""

from __future__ import annotations

import weakref
from abc import ABC, abstractmethod
from collections import OrderedDict
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from engine.core.errors import (
    IllegalAction,
    MatchOver,
    NotYourDecision,
    StaleAction,
    UnknownAction,
)
from engine.core.events import Event, public
from engine.core.outcome import Outcome
from engine.core.prompts import Prompt
from engine.core.state import BaseState

S = TypeVar("S", bound=BaseState)

JOIN = "+"
"""Joins the ids of the parts a player picked in one multi-select into one action id
(:meth:`Game.compound` reads it back). No game's action id contains it."""


class CatalogEntry(BaseModel):
    """One thing a player can look up: a card, a fighter, a character."""

    name: str
    kind: str
    """``card``, ``fighter``, ``character``..."""
    text: str
    """A few lines in the game's own words (Markdown allowed)."""


A = TypeVar("A", bound=BaseModel)

_Listing = tuple[weakref.ref[BaseState], int, dict[int, Any]]
_LISTED: OrderedDict[int, _Listing] = OrderedDict()
"""The legal actions last listed per state object (see :meth:`Game.listed`): by ``id``,
with a weak reference to the state (an ``id`` reused by a new object does not match; the
referee's check that nobody else holds a cached state is not fooled), its version, and
per seat the list with the same actions by id (and under :data:`_PROMPTS`, the prompts:
:meth:`Game.asked`)."""
_LISTED_SIZE = 256
_PROMPTS = -1
"""The key of a state's remembered prompts among its listings (seats are 0 and up)."""
_VIEWS = -2
"""The key of a state's remembered views (:meth:`Game.viewed`) among its listings."""
_SHARED = -3
"""The key of the viewer-independent part of its views (:meth:`Game.view_shared`)."""


def _among(action: BaseModel, actions: list[Any]) -> bool:
    """``action in actions``, quicker: an action is a frozen model without private or
    extra fields, so pydantic's ``==`` comes down to the same class and equal fields
    (``apply`` checks every replayed action against the legal ones)."""
    if action.__pydantic_private__ is not None or action.__pydantic_extra__ is not None:
        return action in actions
    cls, fields = type(action), action.__dict__
    for other in actions:
        if other is action or (type(other) is cls and other.__dict__ == fields):
            return True
    return False


class Game(ABC, Generic[S, A]):
    """One game's rules. Subclasses fill the class attributes and abstract methods."""

    id: ClassVar[str]
    """Registry key and the value of ``state.game`` (e.g. ``"sushido"``)."""
    name: ClassVar[str]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    options_model: ClassVar[type[BaseModel]]
    state_model: ClassVar[type[BaseState]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    legacy_aids: ClassVar[dict[str, str]] = {}
    """Action ids of an older version (still on live buttons) -> the current id they mean."""
    legal_when_asked: ClassVar[bool] = False
    """True when :meth:`legal` is empty for any seat that has no prompt or has committed
    (a property test checks it for every game that says so): :meth:`find` then looks the
    id up in the seat's listing without building its prompt first (on every click)."""

    _no_interrupts: ClassVar[bool] = True
    """Whether the game keeps the default :meth:`interrupts` (none): :meth:`find` skips
    the call (set for each subclass)."""
    _no_compound: ClassVar[bool] = True
    """Whether the game keeps the default :meth:`compound` (none)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Note whether the subclass lists interrupts (:attr:`_no_interrupts`) and accepts
        compound actions (:attr:`_no_compound`)."""
        super().__init_subclass__(**kwargs)
        cls._no_interrupts = cls.interrupts is Game.interrupts
        cls._no_compound = cls.compound is Game.compound

    # ----------------------------------------------------------------- to implement
    @abstractmethod
    def setup(self, options: BaseModel, seats: int, seed: int) -> S:
        """A new match. The first prompt is usually the simultaneous choice of fighters."""

    @abstractmethod
    def prompts(self, state: S) -> dict[int, Prompt]:
        """Every seat that must decide now (empty once the match is over)."""

    @abstractmethod
    def legal(self, state: S, seat: int) -> list[A]:
        """The legal actions of a seat now (empty if it has nothing to decide)."""

    @abstractmethod
    def _apply(self, state: S, seat: int, action: A) -> list[Event]:
        """Apply a legal action to ``state`` (a private copy: mutate freely)."""

    @abstractmethod
    def view(self, state: S, viewer: int | None) -> BaseModel:
        """What ``viewer`` (a seat, or ``None`` for a spectator) may see, by allow-list."""

    @abstractmethod
    def timeout_action(self, state: S, seat: int) -> A:
        """The documented default a seat gets when its decision times out."""

    @abstractmethod
    def label(self, state: S, seat: int, action: A) -> str:
        """A short human label for a legal action (for buttons and logs)."""

    def view_shared(self, state: S) -> Any:
        """The part of every viewer's :meth:`view` that does not depend on the viewer
        (see :mod:`engine.core.views`), for :meth:`view_with`; ``None`` (the default)
        for a game that does not split its views."""
        return None

    def view_with(self, state: S, viewer: int | None, shared: Any) -> BaseModel:
        """:meth:`view` from its viewer-independent part ``shared`` (what
        :meth:`view_shared` gave for this state at this version); by default
        :meth:`view` itself."""
        return self.view(state, viewer)

    def viewed(self, state: S, viewer: int | None) -> BaseModel:
        """:meth:`view`, remembered for this state object at its version like
        :meth:`listed` (and forgotten with it), its viewer-independent part built once
        for every viewer (:meth:`view_shared`). The bot's path: a click builds the views
        of several seats and the board on one version. Views are read-only and may share
        parts: do not change them."""
        memo = self._listing(state)[2]
        views: dict[int | None, BaseModel] | None = memo.get(_VIEWS)
        if views is None:
            views = memo[_VIEWS] = {}
        got = views.get(viewer)
        if got is None:
            if _SHARED not in memo:
                memo[_SHARED] = self.view_shared(state)
            got = views[viewer] = self.view_with(state, viewer, memo[_SHARED])
        return got

    def prompt(self, state: S, seat: int) -> Prompt | None:
        """The prompt of one seat, if it must decide now: ``prompts(state).get(seat)``.

        Games may override it to build only that seat's prompt (it is on the path of every
        click); a test checks that it always agrees with :meth:`prompts`.
        """
        return self.prompts(state).get(seat)

    def offered(self, state: S, seat: int) -> list[A]:
        """The choices a player is shown for its prompt (the bot's controls): by default
        its legal actions (:meth:`listed`).

        A game may show fewer, richer choices instead (see the module docstring): a
        decision merged with its follow-up when nothing is learnt between them, or the
        parts of a multi-select. Every such choice must be accepted by :meth:`compound`
        (or be legal), and every legal way to play must stay reachable through them.
        """
        return self.listed(state, seat)

    def compound(self, state: S, seat: int, aid: str) -> A | None:
        """The compound action (see :meth:`offered`) whose id is ``aid``, if it is legal
        for ``seat`` now; ``None`` otherwise (the default: a game without any)."""
        return None

    def seals(self, action: Any) -> bool:
        """Whether a logged action (its JSON, as :meth:`perform` logs it) ends in a sealed
        commit although the prompt it answered was not simultaneous: a compound action
        (a chain, see :meth:`offered`) whose last step commits a secret choice. Such an
        action is sealed like an answer to a simultaneous prompt (its commitment is shown
        before the reveal). Default: never."""
        return False

    def interrupts(self, state: S, seat: int) -> list[A]:
        """Actions ``seat`` may take now without being prompted (default: none).

        They are legal whether or not the seat has a prompt, also after it committed;
        :meth:`legal` never lists them, so a prompt's choices stay what the rules ask.
        """
        return []

    def explain_unavailable(self, state: S, seat: int, aid: str) -> str | None:
        """Why the action id ``aid`` (e.g. an interrupt's) is not available to ``seat`` now.

        ``None`` (the default) falls back to the generic refusals.
        """
        return None

    # ------------------------------------------------------------------ provided
    def outcome(self, state: S) -> Outcome | None:
        """The result once the match is over, else ``None``."""
        return state.result

    def turns(self, state: S) -> int:
        """How many turns were played (for the simulator's figures)."""
        return state.version

    def sim_labels(self, state: S) -> list[str]:
        """One label per seat (fighter name) for the simulator's win rates."""
        return [f"seat{i}" for i in range(state.seats)]

    def catalog(self) -> list[CatalogEntry]:
        """Every card, fighter or character, for look-ups (``/card``)."""
        return []

    def sim_weight(self, state: S, seat: int, action: A) -> float:
        """Relative weight of an action for the random simulator agent."""
        return 1.0

    def timer_share(self, state: S) -> float:
        """The share of the turn timer the pending decision gets (1.0: all of it).

        A game gives a quick answer a short timer (Mortal Kombat's defender); the
        referee sets the deadline at ``turn seconds * timer_share``."""
        return 1.0

    def explain_illegal(self, state: S, seat: int, action: A) -> str:
        """Why ``action`` is not legal now; games override for sharper reasons."""
        return "That move is not allowed right now."

    def parse_options(self, raw: dict[str, Any] | None) -> BaseModel:
        """Validate match options (duel type...) from plain data.

        Keys starting with ``_`` belong to the table, not the game (the AI seats of a
        match, a rematch's seat order): they are left out."""
        mine = {k: v for k, v in (raw or {}).items() if not str(k).startswith("_")}
        try:
            return self.options_model.model_validate(mine)
        except ValidationError as exc:
            msg = exc.errors()[0]["msg"]
            raise IllegalAction(f"Invalid options for {self.name}: {msg}") from exc

    def seated_options(self, options: BaseModel, seats: int) -> BaseModel:
        """The options a match of ``seats`` players actually plays (what the table shows):
        ``options`` unless the rules force some of them at that many seats."""
        return options

    def parse_action(self, payload: Any) -> A:
        """Validate an action from plain data (e.g. a stored log entry)."""
        try:
            action: A = self.action_adapter.validate_python(payload)
        except ValidationError as exc:
            raise UnknownAction("That action does not exist in this game.") from exc
        return action

    def dump(self, state: S) -> str:
        """The state as JSON (exact round-trip with :meth:`load`).

        pydantic-core's serializer called directly: the same bytes as ``model_dump_json``
        without its Python wrapper (a few microseconds on every action of the bot).
        """
        return state.__pydantic_serializer__.to_json(state).decode()

    def load(self, raw: str | bytes) -> S:
        """A state from :meth:`dump`'s JSON."""
        state: S = self.state_model.model_validate_json(raw)  # type: ignore[assignment]
        return state

    def clone(self, state: S) -> S:
        """A deep, independent copy of a state."""
        return state.model_copy(deep=True)

    def apply(
        self, state: S, seat: int, action: A, *, owned: bool = False
    ) -> tuple[S, list[Event]]:
        """Check and apply one seat's action; returns the new state and its events.

        The input is never mutated, unless ``owned`` says the caller holds the only
        reference (a state it just loaded): then the copy is skipped and the state is
        updated in place, which halves the cost of an action in the bot.
        """
        if state.result is not None:
            raise MatchOver("This match is over.")
        if self._no_interrupts or not _among(action, self.interrupts(state, seat)):
            prompt = self.prompt(state, seat)
            if prompt is None or prompt.committed:
                reason = self.explain_unavailable(state, seat, action.aid)  # type: ignore[attr-defined]
                if reason:
                    raise IllegalAction(reason)
            self._check_prompted(prompt)
            if not self._is_legal(state, seat, action) and (
                    self._no_compound
                    or self.compound(state, seat, action.aid) != action):  # type: ignore[attr-defined]
                raise IllegalAction(self.explain_illegal(state, seat, action))
        return self._play(state, seat, action, owned)

    def _is_legal(self, state: S, seat: int, action: A) -> bool:
        """``action in self.legal(state, seat)`` (for :meth:`apply`; a game whose listing
        is shared and indexed, see :meth:`_indexed`, may look it up instead)."""
        return _among(action, self.legal(state, seat))

    def _play(self, state: S, seat: int, action: A, owned: bool) -> tuple[S, list[Event]]:
        """Apply an action already known to be legal (or an available interrupt)."""
        new = state if owned else self.clone(state)
        _LISTED.pop(id(new), None)  # changed in place: its listed actions are stale
        events = self._apply(new, seat, action)
        fields = new.__dict__  # ``new.version += 1`` as Mutable.__setattr__ does it
        fields["version"] += 1
        new.__pydantic_fields_set__.add("version")
        return new, events

    def perform(
        self, state: S, seat: int, aid: str, expected_version: int | None = None,
        *, owned: bool = False,
    ) -> tuple[A, S, list[Event]]:
        """:meth:`act` that also returns the action played, checking legality only once.

        The bot's path: the action is looked up among the seat's legal actions and
        interrupts (:meth:`find`) and applied without listing them a second time; any
        refusal is :meth:`act`'s, with the same precise reason.
        """
        action = self.find(state, seat, aid)
        if action is None or (expected_version is not None
                              and expected_version != state.version):
            self.act(state, seat, aid, expected_version)  # raises the precise refusal
            raise UnknownAction("That choice is not available any more.")  # pragma: no cover
        new, events = self._play(state, seat, action, owned)
        return action, new, events

    def act(
        self, state: S, seat: int, aid: str, expected_version: int | None = None,
        *, owned: bool = False,
    ) -> tuple[S, list[Event]]:
        """Apply the legal action or interrupt whose id is ``aid`` (what a button carries)."""
        if state.result is not None:
            raise MatchOver("This match is over.")
        if expected_version is not None:
            self.check_version(state, expected_version)
        aid = self.legacy_aids.get(aid, aid)
        for action in self.interrupts(state, seat):
            if action.aid == aid:  # type: ignore[attr-defined]
                return self._play(state, seat, action, owned)
        prompt = self.prompt(state, seat)
        if prompt is not None and not prompt.committed:
            for action in self.legal(state, seat):
                if action.aid == aid:  # type: ignore[attr-defined]
                    return self._play(state, seat, action, owned)
            made = None if self._no_compound else self.compound(state, seat, aid)
            if made is not None:
                return self._play(state, seat, made, owned)
        reason = self.explain_unavailable(state, seat, aid)
        if reason:
            raise IllegalAction(reason)
        self._check_prompted(prompt)
        raise UnknownAction("That choice is not available any more.")

    @staticmethod
    def _check_prompted(prompt: Prompt | None) -> None:
        """Refuse a seat that is not asked to decide, or has already committed."""
        if prompt is None:
            raise NotYourDecision("You have nothing to decide right now.")
        if prompt.committed:
            raise NotYourDecision("You have already committed; waiting for the rest of the table.")

    def listed(self, state: S, seat: int) -> list[A]:
        """:meth:`legal`, remembered for this state object at its version.

        The bot lists a seat's legal actions to draw its controls (the Act click) and
        again to find the one a control click names (:meth:`find`), usually on the same
        cached state: the second listing is then free. States change only through
        :meth:`_play` (which forgets them) or as copies; a caller that changes a state by
        hand must use :meth:`legal`. The returned list is shared: do not change it.

        The actions are indexed by id as they are listed (the Act click draws a control
        per action, with its id, anyway), so :meth:`find` is one look-up.
        """
        return self._listed(state, seat)[0]

    def _listed(self, state: S, seat: int) -> tuple[list[A], dict[str, A]]:
        """:meth:`listed` and its index by action id (the first action of an id wins, as
        a scan of the list would find it)."""
        hit = self._listing(state)
        got = hit[2].get(seat)
        if got is None:
            got = hit[2][seat] = self._indexed(state, seat)
        return got

    def _indexed(self, state: S, seat: int) -> tuple[list[A], dict[str, A]]:
        """:meth:`legal` and its index by action id, built (for :meth:`_listed`). A game
        whose listing for a common case is the same for many states (Sushido's placements
        of one hand) may give a shared pair instead: neither may be changed."""
        actions = self.legal(state, seat)
        index: dict[str, A] = {}
        for action in actions:
            index.setdefault(action.aid, action)  # type: ignore[attr-defined]
        return actions, index

    def labels(self, state: S, seat: int, actions: list[A]) -> list[str]:
        """:meth:`label` of each action (the bot labels a hand's controls at once: a game
        may remember the labels of a listing it shares, see :meth:`_indexed`)."""
        label = self.label
        return [label(state, seat, a) for a in actions]

    def asked(self, state: S) -> dict[int, Prompt]:
        """:meth:`prompts`, remembered for this state object at its version like
        :meth:`listed` (and forgotten with it). The bot asks a committed state for its
        prompts several times per click (who decides before and after, the hands, the
        board, the pings); the rules themselves call :meth:`prompts`, never this, as a
        state changes in place while an action is applied. The dict is shared: do not
        change it."""
        memo = self._listing(state)[2]
        got: dict[int, Prompt] | None = memo.get(_PROMPTS)
        if got is None:
            got = memo[_PROMPTS] = self.prompts(state)
        return got

    @staticmethod
    def _listing(state: BaseState) -> _Listing:
        """The remembered listings of this state object at its version (new if none)."""
        key = id(state)
        hit = _LISTED.get(key)
        if hit is None or hit[0]() is not state or hit[1] != state.version:
            hit = (weakref.ref(state), state.version, {})
            _LISTED[key] = hit
            while len(_LISTED) > _LISTED_SIZE:
                _LISTED.popitem(last=False)
        else:
            _LISTED.move_to_end(key)
        return hit

    def find(self, state: S, seat: int, aid: str) -> A | None:
        """The legal action or interrupt of ``seat`` whose id is ``aid``, if any."""
        if state.result is not None:
            return None
        aid = self.legacy_aids.get(aid, aid)
        if not self._no_interrupts:
            for action in self.interrupts(state, seat):
                if action.aid == aid:  # type: ignore[attr-defined]
                    return action
        if not self.legal_when_asked:
            prompt = self.prompt(state, seat)
            if prompt is None or prompt.committed:
                return None
        found = self._lookup(state, seat, aid)
        if found is None and not self._no_compound:
            found = self._compound_if_asked(state, seat, aid)
        return found

    def _compound_if_asked(self, state: S, seat: int, aid: str) -> A | None:
        """:meth:`compound` for a seat that is asked and has not committed."""
        prompt = self.prompt(state, seat)
        if prompt is None or prompt.committed:
            return None
        return self.compound(state, seat, aid)

    def _lookup(self, state: S, seat: int, aid: str) -> A | None:
        """The action of id ``aid`` in the seat's listing (:meth:`_listed`), the usual case
        (the Act click listed it on this state) checked inline: one call, not three."""
        key = id(state)
        hit = _LISTED.get(key)
        if hit is not None and hit[0]() is state and hit[1] == state.version:
            got: tuple[list[A], dict[str, A]] | None = hit[2].get(seat)
            if got is not None:
                _LISTED.move_to_end(key)
                return got[1].get(aid)
        return self._listed(state, seat)[1].get(aid)

    def timeout(self, state: S, seat: int) -> tuple[S, list[Event]]:
        """Apply the game's documented default for a seat whose decision timed out."""
        new, events = self.apply(state, seat, self.timeout_action(state, seat))
        return new, [public("timeout", seat=seat), *events]

    def concede(self, state: S, seat: int, reason: str = "forfeit") -> tuple[S, list[Event]]:
        """``seat`` leaves the match (forfeit, or too many timeouts).

        With two seats in play the match ends and the other wins. In an N-seat match
        with two or more others still playing, the seat *leaves* and play goes on: it
        joins :attr:`BaseState.left` (ranked below everyone still playing) and the
        game's :meth:`on_leave` skips its turns and passes its markers on.
        """
        if state.result is not None:
            raise MatchOver("This match is over.")
        if seat in state.left or not 0 <= seat < state.seats:
            raise NotYourDecision("You have already left this match.")
        new = self.clone(state)
        staying = [s for s in new.in_play() if s != seat]
        new.left = (*new.left, seat)
        if len(staying) >= 2:
            events = [public("seat_left", seat=seat, reason=reason), *self.on_leave(new, seat)]
            new.version += 1
            return new, events
        new.result = self.placed(new, [staying], reason, self._concede_summary(reason))
        new.version += 1
        return new, [public("match_over", reason=reason, ranks=list(new.result.ranks),
                            forfeited=list(new.result.forfeited))]

    @staticmethod
    def _concede_summary(reason: str) -> str:
        return ("By forfeit." if reason == "forfeit"
                else "On time: the other player let too many decisions time out.")

    def on_leave(self, state: S, seat: int) -> list[Event]:
        """Take ``seat`` out of play in an N-seat match (``state`` is a private copy).

        Called by :meth:`concede` when two or more seats stay: skip the seat's turns,
        pass its markers on, drop its pending decisions, so that :meth:`prompts` no
        longer asks it anything. Games with ``max_seats > 2`` must override this.
        """
        raise NotImplementedError(f"{self.name} has no rule for a seat leaving mid-match")

    @staticmethod
    def placed(state: BaseState, groups: list[list[int]], reason: str, summary: str = "",
               ) -> Outcome:
        """The outcome for the seats still playing, ranked in ``groups`` (best first),
        with the seats that left below them (the first to leave last), rated as losses."""
        leavers = [[s] for s in reversed(state.left)]
        playing = [[s for s in g if s not in state.left] for g in groups]
        return Outcome.placed([g for g in playing if g] + leavers, state.seats, reason,
                              summary, forfeited=tuple(state.left))

    def check_version(self, state: S, expected: int) -> None:
        """Raise :class:`StaleAction` when ``expected`` is not the state's version."""
        if expected != state.version:
            raise StaleAction("That board has changed since this was shown; look again.")

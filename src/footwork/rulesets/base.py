"""The Ruleset protocol: what a game's movement chapter plugs into the engine.

A ruleset is a small class found by id. It brings its option, map and stat
models (pydantic, so files are validated with a path to each fault), its
commands and events, and the pure functions ``decide``/``answer``/``evolve``
plus the hooks the engine calls at turn and round boundaries. It knows
nothing of the CLI, files or storage.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from footwork.engine.choices import Option
from footwork.engine.codec import JSON, to_jsonable
from footwork.engine.commands import Answer, Command
from footwork.engine.events import Event
from footwork.engine.rolling import Roller
from footwork.engine.seats import Seat, scrub
from footwork.engine.state import Actor, Pending, State

A = TypeVar("A", bound=Actor)


@dataclass(frozen=True, slots=True)
class Query(Generic[A]):
    """A read-only question about a state: ``answer(state, *args) -> JSON``."""

    help: str
    params: tuple[str, ...]
    answer: Callable[..., JSON]


@dataclass(frozen=True, slots=True)
class ActorSetup:
    """An actor as an encounter declares it; ``stats`` is the ruleset's validated model."""

    id: str
    side: str
    at: str
    stats: BaseModel


class Ruleset(ABC, Generic[A]):
    """Base class of every ruleset. Subclasses set the class attributes and the methods."""

    id: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    options_model: ClassVar[type[BaseModel]]
    map_model: ClassVar[type[BaseModel]]
    stats_model: ClassVar[type[BaseModel]]
    commands: ClassVar[tuple[type[Command], ...]]
    events: ClassVar[tuple[type[Event], ...]]
    #: the name of the referee's pseudo-actor, who answers rulings
    gm: ClassVar[str] = "gm"

    @abstractmethod
    def build(
        self, options: BaseModel, map_spec: BaseModel, actors: Sequence[ActorSetup]
    ) -> tuple[Any, dict[str, A]]:
        """Build the fixed space and the starting actors; raise ``ScenarioError`` with a path."""

    def initial_world(self, space: Any, options: BaseModel) -> Mapping[str, Any]:
        """The ruleset's own starting state beyond the actors (``State.world``)."""
        return {}

    @abstractmethod
    def decide(self, state: State[A], command: Command, roller: Roller) -> Sequence[Event]:
        """Validate and resolve one of this ruleset's commands (never ``end_turn``/``answer``)."""

    @abstractmethod
    def answer(
        self, state: State[A], pending: Pending, answer: Answer, roller: Roller
    ) -> Sequence[Event]:
        """Continue the resolution that stopped with ``pending``."""

    @abstractmethod
    def evolve(self, state: State[A], event: Event) -> State[A]:
        """Fold one event (the engine's turn events too) into the state."""

    @abstractmethod
    def options(self, state: State[A], actor_id: str) -> Sequence[Option]:
        """What ``actor_id`` may do now, as full commands with costs and odds."""

    def on_turn_start(self, state: State[A], actor_id: str, roller: Roller) -> Sequence[Event]:
        """Events when ``actor_id``'s turn begins (start-of-turn effects)."""
        return ()

    def on_turn_end(self, state: State[A], actor_id: str, roller: Roller) -> Sequence[Event]:
        """Events when ``actor_id``'s turn ends (end-of-activation rolls, for instance)."""
        return ()

    def on_round_end(self, state: State[A], roller: Roller) -> Sequence[Event]:
        """Events when a round ends (effects that resolve last in the round)."""
        return ()

    def lint(self, state: State[A]) -> list[tuple[str, str]]:
        """Warnings about a valid but doubtful encounter, as (path, message) pairs."""
        return []

    def secrets(self, state: State[A], seat: Seat) -> frozenset[str]:
        """The actor and place ids hidden from ``seat`` (never the game master) in
        ``state``. :class:`footwork.engine.view.View` leaves out everything naming them."""
        return frozenset()

    def view_space(self, state: State[A], body: Mapping[str, JSON],
                   hidden: frozenset[str]) -> Mapping[str, JSON]:
        """The map (``space_json``) without what would show the ``hidden`` places.
        By default every entry naming one goes; a ruleset whose drawing shows hidden
        places in other ways (walls, regions) leaves those out too."""
        return scrub(dict(body), hidden)  # type: ignore[no-any-return]

    def queries(self) -> Mapping[str, Query[A]]:
        """Named read-only questions about a state, for the library and `footwork query`."""
        return {}

    def takes_turns(self, state: State[A], actor_id: str) -> bool:
        """Whether the actor still gets turns (a removed actor is skipped)."""
        return True

    #: the ruleset's events after which an actor may no longer take turns
    #: (:meth:`takes_turns` turning false: a body lost, knocked out); the engine then
    #: looks whether the turn's holder left the scene. None: not declared, so the engine
    #: folds every command's events to look. A ruleset that keeps the default
    #: :meth:`takes_turns` needs nothing here.
    scene_exits: ClassVar[frozenset[type[Event]] | None] = None

    #: fields of an actor that say where it stands and that a build does not always set
    #: from the place alone (a climber's wall, say): the game master's fiat placement
    #: takes them from a fresh build at the new place, whatever the actor had
    placed_fields: ClassVar[frozenset[str]] = frozenset()

    def placed_stats(self, actor: A, stats: BaseModel) -> BaseModel:
        """The stats the game master's fiat builds ``actor`` from at a new place: by
        default as the file declared them; a ruleset whose characters change in play
        what a place accepts (a spans character that took off or landed) brings that in."""
        return stats

    def placed(self, state: State[A], actor_id: str) -> Sequence[Event]:
        """What the rules make follow at once from the game master's fiat putting
        ``actor_id`` where ``state`` (the placement already folded) has it: the
        ruleset's own events (a partnership the distance ends, a drowning the dry
        ground ends), appended to the fiat's. By default nothing."""
        return ()

    def added(self, state: State[A], actor_id: str) -> Sequence[Event]:
        """What the rules make follow at once from the game master's fiat bringing
        ``actor_id`` in where ``state`` (the arrival already folded) has it. A ruleset
        whose new character may stand where a placement would set it down (a body
        added in the air, which falls) tells the two apart here. By default what a
        placement there makes follow (:meth:`placed`)."""
        return self.placed(state, actor_id)

    def actor_json(self, state: State[A], actor: A) -> dict[str, JSON]:
        """The actor as the state JSON shows it; rulesets may add derived fields."""
        body: dict[str, JSON] = to_jsonable(actor)
        return body

    def space_json(self, space: Any) -> Mapping[str, JSON]:
        """The map as plain data, for renderers: ``places``, ``links``, ``positions``."""
        return {}

    def place_ids(self, space: Any) -> tuple[str, ...]:
        """Every place id of the map (destinations a command may name)."""
        return tuple(str(p["id"]) for p in self.space_json(space).get("places", []))

    @classmethod
    def readme_path(cls) -> Path:
        import inspect

        return Path(inspect.getfile(cls)).parent / "README.md"

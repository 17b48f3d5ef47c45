"""Movement as one path through the rules: the skeleton every ruleset fills in.

Every cause of movement (an own move, a run, a climb, a drop, a throw or shove, a pin
placement, a current, a wave, an elevator, a drift, a fall, a leap, a jump attack, a
spill-over) is turned into a :class:`Path` of :class:`Step` values, and every step
passes through the same ordered stages of rules:

1. **leaving**: what holds the actor where it is (a threshold, a pin, a whirlpool, a
   climbing face);
2. **crossing**: the link, opening, gap or reach between the two places;
3. **entering**: limits, capacity, difficult terrain, occupied or hidden places;
4. **arriving**: the surface under the arrival, support or a fall, its damage.

What is owed at the end of an activation, a turn and a round (rolls, drift, breath,
falls in progress) stays with the ruleset's turn and round hooks.

A rule is a function ``rule(walk, step) -> Ruling``. It reads the state as it is at
that step (the events of the earlier steps already folded in) and answers with the
events it produces and, if the path cannot go on, a stop. A rule never looks at the
cause to decide what the text makes independent of it: it calls :meth:`Walk.refuse`,
which refuses the whole command when the mover chose the path (nothing changes) and
stops the path before the step when the movement is forced. So a full zone, a held
threshold or a missing link rules the same way whatever brought the actor there, and
only how the ruling shows depends on the cause. Where the text does make the cause
matter, the rule reads ``walk.path.cause`` and its ruleset's README lists the
exception with its rule id.

The core knows no ruleset: places are whatever the ruleset uses (a zone id, a cell),
events are the ruleset's own, and the state is folded by the ruleset's ``evolve``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from footwork.engine.events import Event
from footwork.engine.rolling import Roller
from footwork.errors import IllegalCommand

S = TypeVar("S")
P = TypeVar("P")

#: the stages every step passes, in order
STAGES = ("leaving", "crossing", "entering", "arriving")


@dataclass(frozen=True, slots=True)
class Step(Generic[P]):
    """One move from one place to the next, in one mode (walk, climb, swim, fly, drop,
    fall, drift...). ``height`` and ``point`` are for rulesets that place an actor more
    finely than by its place (a height band, a spot in metres)."""

    frm: P
    to: P
    mode: str
    height: float | None = None
    point: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class Path(Generic[P]):
    """Where a cause of movement takes ``actor``: its steps in order.

    ``cause`` names what moves it (``move``, ``run``, ``throw``, ``current``, ``fall``...,
    the ruleset's words); ``forced`` is true when the actor did not choose it (a throw,
    a current, a fall): a step the rules forbid then stops the path instead of
    refusing the command. ``by`` is whoever caused it, when someone did."""

    actor: str
    cause: str
    steps: tuple[Step[P], ...]
    forced: bool = False
    by: str | None = None


@dataclass(frozen=True, slots=True)
class Stop:
    """The path ends at this step: ``before`` it (the actor stays where the step began)
    or after it (the actor arrived and can go no further, as when a fall begins)."""

    reason: str
    message: str
    rules: tuple[str, ...] = ()
    before: bool = True


@dataclass(frozen=True, slots=True)
class Ruling:
    """What one rule says of one step: the events it produces, and a stop if the path
    cannot go on."""

    events: tuple[Event, ...] = ()
    stop: Stop | None = None


#: a rule passes the step and produces nothing
PASS = Ruling()

Rule = Callable[["Walk[S, P]", Step[P]], Ruling]


@dataclass
class Walk(Generic[S, P]):
    """A path being ruled: the state as it is now, the events so far, the roller."""

    path: Path[P]
    state: S
    roller: Roller
    evolve: Callable[[S, Event], S]
    events: list[Event] = field(default_factory=list)
    #: the steps taken so far
    taken: int = 0

    def refuse(self, reason: str, message: str, rules: Sequence[str] = ()) -> Ruling:
        """The rules forbid this step: refuse the command if the mover chose the path,
        stop the path before the step if it is forced (the same ruling either way)."""
        if not self.path.forced:
            raise IllegalCommand(reason, message, tuple(rules))
        return Ruling(stop=Stop(reason, message, tuple(rules)))

    def stop_after(self, reason: str, message: str, rules: Sequence[str] = (),
                   events: Sequence[Event] = ()) -> Ruling:
        """The actor arrives but the path ends here (a fall begins, a check failed)."""
        return Ruling(tuple(events), Stop(reason, message, tuple(rules), before=False))

    def add(self, events: Sequence[Event]) -> None:
        """Record ``events`` and fold them into the state the next rules read."""
        for event in events:
            self.state = self.evolve(self.state, event)
            self.events.append(event)


@dataclass(frozen=True, slots=True)
class Walked(Generic[S, P]):
    """The outcome of a path: every event in order, the state after them, how many
    steps were taken, and the stop that ended it early (``None``: it went all the way)."""

    events: tuple[Event, ...]
    state: S
    taken: int
    stop: Stop | None
    #: the stage and rule that stopped the path, for the log and the tests
    stopped_by: str | None = None


@dataclass(frozen=True)
class Pipeline(Generic[S, P]):
    """A ruleset's ordered rules for every step, and how a step is recorded.

    ``moved(walk, step)`` gives the events that put the actor at ``step.to`` (the
    ruleset's own "moved" event); it runs after entering and before arriving, so the
    arriving rules see the actor in its new place."""

    leaving: tuple[Rule[S, P], ...]
    crossing: tuple[Rule[S, P], ...]
    entering: tuple[Rule[S, P], ...]
    arriving: tuple[Rule[S, P], ...]
    moved: Callable[[Walk[S, P], Step[P]], Sequence[Event]]
    evolve: Callable[[S, Event], S]

    def stages(self) -> tuple[tuple[str, tuple[Rule[S, P], ...]], ...]:
        return (("leaving", self.leaving), ("crossing", self.crossing),
                ("entering", self.entering), ("arriving", self.arriving))

    def walk(self, state: S, path: Path[P], roller: Roller) -> Walked[S, P]:
        """Rule every step of ``path`` in order. Raises :class:`IllegalCommand` when a
        rule refuses a path the mover chose; a forced path stops instead."""
        return self.follow(Walk(path, state, roller, self.evolve))

    def follow(self, walk: Walk[S, P], *, through: str = "arriving") -> Walked[S, P]:
        """Rule the steps of ``walk`` (a ruleset's own :class:`Walk` may carry what its
        cause brings) through the stages up to ``through``: a check that rolls nothing
        stops after ``entering``, before anything is moved."""
        stages = self.stages()[:STAGES.index(through) + 1]
        for step in walk.path.steps:
            for stage, rules in stages:
                if stage == "arriving":
                    walk.add(self.moved(walk, step))
                for rule in rules:
                    ruling = rule(walk, step)
                    walk.add(ruling.events)
                    if ruling.stop is not None:
                        if not ruling.stop.before or stage == "arriving":
                            walk.taken += 1
                        return Walked(tuple(walk.events), walk.state, walk.taken,
                                      ruling.stop, f"{stage}:{_name(rule)}")
            walk.taken += 1
        return Walked(tuple(walk.events), walk.state, walk.taken, None)

    def rule_step(self, state: S, path: Path[P], step: Step[P], roller: Roller
                  ) -> Walked[S, P] | IllegalCommand:
        """The ruling of one step alone, as data (a refusal is returned, not raised):
        what the property tests compare across causes."""
        try:
            return self.walk(state, Path(path.actor, path.cause, (step,), path.forced,
                                         path.by), roller)
        except IllegalCommand as exc:
            return exc


def _name(rule: Callable[..., object]) -> str:
    return getattr(rule, "__name__", type(rule).__name__)

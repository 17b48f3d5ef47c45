"""The game master's fiat on an encounter's map (:class:`footwork.engine.gm.Cast`).

A character is built exactly as the ruleset builds a file's actors (``Ruleset.build``
on the encounter's map spec), so a place the map does not have, or a spot outside it,
is refused in the file's own words. Placing a character keeps everything it has
(what it spent this turn, its wounds) and changes only what depends on where it
stands: the fields in which the ruleset's build at the new place differs from its
build where the character stands now (and where it started), for instance a grid
cell's row, column and height, a point inside a zone, or a span's height.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from pydantic import BaseModel, ValidationError

from footwork.engine.state import Actor, State, fast_replace
from footwork.errors import IllegalCommand, ScenarioError, excerpt
from footwork.rulesets.base import ActorSetup, Ruleset

#: the stats field a ruleset drawn to scale takes for an exact spot (sitemaps)
POINT = "point"


class EncounterCast:
    """Builds characters for ``gm_place`` and ``gm_add`` on one encounter's map."""

    def __init__(self, ruleset: Ruleset[Any], options: BaseModel, map_spec: BaseModel,
                 actors: list[ActorSetup]) -> None:
        self.ruleset = ruleset
        self.options = options
        self.map_spec = map_spec
        #: each file actor as declared (its stats and where it started)
        self.declared = {a.id: a for a in actors}

    def make(self, state: State[Any], actor_id: str, side: str, at: str,
             stats: Mapping[str, Any], point: tuple[float, float] | None) -> Actor:
        model = self._stats(stats)
        return self._build(ActorSetup(actor_id, side, at, model), point,
                           around=self._others(state, actor_id))

    def place(self, state: State[Any], actor: Actor, to: str,
              point: tuple[float, float] | None) -> Actor:
        declared = self._setup_of(actor)
        # built as it is now where play changed what a place accepts (a mode, say)
        setup = ActorSetup(declared.id, declared.side, declared.at,
                           self.ruleset.placed_stats(actor, declared.stats))
        moved = self._build(ActorSetup(actor.id, actor.side, to, setup.stats), point,
                            around=self._others(state, actor.id))
        # what depends on the place: fields in which a build at the new place differs
        # from a build where it stands now, or where it started (a build in the same
        # place as now would hide them)
        changed = {"at"}
        for where in {actor.at, setup.at}:
            try:
                ref = self._build(ActorSetup(actor.id, actor.side, where, setup.stats), None)
            except IllegalCommand:
                continue  # out of the scene, for instance: nothing to compare with there
            changed |= {f.name for f in fields(moved)
                        if getattr(moved, f.name) != getattr(ref, f.name)}
        changed |= self.ruleset.placed_fields  # where it stands, whatever it had
        changed -= {"id", "side"}
        return fast_replace(actor, **{name: getattr(moved, name) for name in changed})

    # -- internals ------------------------------------------------------------------

    def _setup_of(self, actor: Actor) -> ActorSetup:
        """How ``actor`` was declared; a character added during play is built like the
        first file actor of its side (its own stats are not kept beyond the log)."""
        found = self.declared.get(actor.id)
        if found is not None:
            return found
        same = [a for a in self.declared.values() if a.side == actor.side]
        first = (same or list(self.declared.values()))[0]
        return ActorSetup(actor.id, actor.side, actor.at, first.stats)

    def _others(self, state: State[Any], actor_id: str) -> tuple[ActorSetup, ...]:
        """On a map of spots, everyone else where they stand now, so that an arrival
        is checked as a file's start is (a spot asked for clear of their circles, a zone
        not full) or put where the ruleset puts one beside them; elsewhere nobody, so
        that no limit of a place applies."""
        first = next(iter(self.declared.values()))
        if POINT not in type(first.stats).model_fields:
            return ()
        out = []
        for other in state.actors.values():
            spot = getattr(other, POINT, None)
            if other.id == actor_id or spot is None:
                continue
            stats = self._setup_of(other).stats.model_copy(update={POINT: tuple(spot)})
            out.append(ActorSetup(other.id, other.side, other.at, stats))
        return tuple(out)

    def _stats(self, stats: Mapping[str, Any]) -> BaseModel:
        try:
            return self.ruleset.stats_model.model_validate_json(
                json.dumps(dict(stats), allow_nan=False), strict=True)
        except (TypeError, ValueError) as exc:
            if isinstance(exc, ValidationError):
                err = exc.errors()[0]
                path = ".".join(str(p) for p in err["loc"])
                what = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
                raise IllegalCommand("bad_actor", f"stats.{path}: {what}") from None
            raise IllegalCommand("bad_actor", "stats: expected plain JSON values") from None

    def _build(self, setup: ActorSetup, point: tuple[float, float] | None,
               around: tuple[ActorSetup, ...] = ()) -> Actor:
        """``setup`` built by the ruleset (at ``point`` if given, else its free spot)
        after ``around``, so that a spot asked for is checked against where they stand
        (a circle on another's, a full zone: refused as at a file's start). One of them
        that cannot be built where play left it (carried into a full zone, say) is left
        out, not the arrival's own check: a spot the arrival could not start at is
        refused, never built alone (the s34 fiat review)."""
        others = list(around)
        while True:
            try:
                return self._build_among(setup, point, tuple(others))
            except _OtherFailed as failed:
                del others[failed.index]

    def _build_among(self, setup: ActorSetup, point: tuple[float, float] | None,
                     around: tuple[ActorSetup, ...]) -> Actor:
        stats = setup.stats
        spots = POINT in type(stats).model_fields
        if point is not None and not spots:
            raise IllegalCommand("no_spots", f"a {self.ruleset.id} map places by place, "
                                 "not by point: leave point out")
        if spots:  # the spot asked for, else where the ruleset puts an arrival
            stats = stats.model_copy(update={POINT: None if point is None else (
                float(point[0]), float(point[1]))})
        try:
            _, built = self.ruleset.build(self.options, self.map_spec,
                                          [*around,
                                           ActorSetup(setup.id, setup.side, setup.at, stats)])
        except ScenarioError as exc:
            index = _actor_index(exc.path)
            if index is not None and index < len(around):
                raise _OtherFailed(index) from None
            reason = _reason(exc.detail)
            head = (f"no such place {excerpt(setup.at)!r}" if reason == "no_such_place"
                    else f"{setup.id} cannot be put at {excerpt(setup.at)!r}")
            raise IllegalCommand(reason, f"{head}: {excerpt(exc.detail, 160)}") from None
        actor: Actor = built[setup.id]
        return actor


class _OtherFailed(Exception):
    """One of the characters built before the arrival does not build where it stands."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


def _actor_index(path: str) -> int | None:
    """The index ``i`` of a build error's path ``actors[i]...``, or None."""
    found = re.match(r"actors\[(\d+)\]", path)
    return int(found.group(1)) if found else None


def _reason(detail: str) -> str:
    """``no_such_place`` for a place the map does not have, else ``bad_place``."""
    words = detail.lower()
    unknown = ("unknown" in words or "off the map" in words or "expected a cell" in words
               or "not a cell" in words)
    return "no_such_place" if unknown else "bad_place"

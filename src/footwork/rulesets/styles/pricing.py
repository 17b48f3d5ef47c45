"""The exact price of a plan before it is sent: the read-only query ``price``.

``price ACTOR PLAN`` rules a Move's ``plan`` exactly as ``decide`` would, by running the
ruleset's own Move (route_plan, then every step through the pipeline) on the state as
it is, and changes nothing. It never rolls or reveals the table's dice: the Move is
decided with a private roller that is not the encounter's seeded generator, whatever it
rolls is dropped, and each check a roll would make is reported with its exact odds
(:func:`~footwork.rulesets.styles.falls.damage_odds`) instead.

PLAN is the ``plan`` of a ``move`` command as JSON (``[{"style": "walk", "to": [1, 4]},
{"style": "jump", "to": [1, 6]}]``; a mapping ``{"plan": [...], "dash": true}`` prices a
Dash too) or in a compact text: segments separated by spaces, each ``STYLE:ROW,COL``
or ``STYLE:ROW,COL,Z``, waypoints before the end joined by ``>`` (``walk:1,2>1,4``);
a leading word ``dash`` prices a Dash.

The answer (JSON): ``ok`` (decide accepts the Move), ``certain`` (no roll), ``cost`` (the
pool the Move spends), ``pool`` and ``pool_left`` (before and after), ``segments`` (one
per plan segment, in order: ``style``, ``to``, ``status`` ``moved`` / ``refused`` /
``not_reached``, and when moved its ``cost``, ``pool_left``, ``cap_left`` in its style
and ``left`` of every style), ``stop`` (where the Move ends early: a fall, with its
segment, reason, rule ids, height and what it lands in), ``checks`` (the rolls with their
exact odds), ``hazards`` (hazard cells set off), ``decision`` (a decision the Move asks
for, such as a Sneaking Test, with its consequences) and, when refused, ``refused``:
decide's reason, message and rule ids for the whole plan, and the first segment whose
plan so far is refused. The segments before it are priced as the plan that ends with
them would be (each a Move decide accepts), so a page can show what is affordable and
mark the segment that is not.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from footwork.engine.codec import JSON
from footwork.engine.commands import Command, command_from_json
from footwork.engine.events import DecisionRequested, Event
from footwork.engine.rolling import Roller
from footwork.engine.state import CONSEQUENCES, State
from footwork.errors import IllegalCommand, InvalidCommand, excerpt
from footwork.rulesets.styles import events as ev
from footwork.rulesets.styles.commands import STYLES_COMMANDS, Move
from footwork.rulesets.styles.falls import damage_odds
from footwork.rulesets.styles.model import StyleActor
from footwork.rulesets.styles.options import StylesOptions

StylesState = State[StyleActor]
Decide = Callable[[StylesState, Command, Roller], Sequence[Event]]
Evolve = Callable[[StylesState, Event], StylesState]

_KINDS = {c.name: c for c in STYLES_COMMANDS}


def parse_plan(text: str) -> tuple[list[Any], bool]:
    """PLAN as JSON or compact text: the segments (as a command's ``plan`` JSON) and
    whether it is a Dash."""
    body = text.strip()
    if body[:1] in ("[", "{"):
        try:
            data = json.loads(body)
        except ValueError as exc:
            raise InvalidCommand(f"the plan is not valid JSON: {excerpt(str(exc), 60)}",
                                 path="plan") from None
        if isinstance(data, Mapping):
            extra = set(data) - {"plan", "dash"}
            if extra:
                raise InvalidCommand(f"unknown field {sorted(extra)[0]!r}; a plan mapping "
                                     "takes: plan, dash", path="plan")
            dash = data.get("dash", False)
            if not isinstance(dash, bool):
                raise InvalidCommand("dash must be true or false", path="plan.dash")
            data = data.get("plan")
        else:
            dash = False
        if not isinstance(data, list):
            raise InvalidCommand("expected a list of segments", path="plan")
        return data, dash
    words = body.split()
    dash = bool(words) and words[0] == "dash"
    segments: list[Any] = []
    for i, word in enumerate(words[1:] if dash else words):
        style, sep, rest = word.partition(":")
        cells = rest.split(">")
        try:
            points = [[float(x) if "." in x else int(x) for x in cell.split(",")]
                      for cell in cells]
        except ValueError:
            points = []
        if not sep or not points or any(len(p) != 2 for p in points[:-1]) \
                or len(points[-1]) not in (2, 3):
            raise InvalidCommand(f"expected STYLE:ROW,COL or STYLE:ROW,COL,Z (waypoints "
                                 f"joined by >), not {excerpt(word, 40)!r}", path=f"plan[{i}]")
        seg: dict[str, Any] = {"style": style, "to": points[-1]}
        if len(points) > 1:
            seg["via"] = points[:-1]
        segments.append(seg)
    return segments, dash


def price(decide: Decide, evolve: Evolve, state: StylesState, actor_id: str,
          plan_text: str) -> JSON:
    """The answer of the ``price`` query (see the module)."""
    plan, dash = parse_plan(plan_text)

    def command(segments: Sequence[Any]) -> Command:
        return command_from_json({"do": "move", "actor": actor_id, "plan": list(segments),
                                  "dash": dash}, _KINDS, where="price")

    whole = command(plan)  # a malformed plan is an error of the query, as of the command
    assert isinstance(whole, Move)
    styles = [str(s.style) for s in whole.plan or ()]
    targets: list[JSON] = [list(s.to) for s in whole.plan or ()]
    try:
        events = _decide(decide, state, whole)
    except IllegalCommand as exc:
        refused: dict[str, JSON] = {"reason": exc.reason, "message": exc.detail,
                                    "rules": list(exc.rules), "segment": None}
        # the longest plan so far that decide accepts, and the first segment that is not
        done: Sequence[Event] = ()
        for k in range(1, len(plan)):
            try:
                done = _decide(decide, state, command(plan[:k]))
            except IllegalCommand as part:
                refused["segment"] = k - 1
                refused["segment_reason"] = part.reason
                refused["segment_message"] = part.detail
                refused["segment_rules"] = list(part.rules)
                break
        else:
            if plan:
                refused["segment"] = len(plan) - 1
                refused["segment_reason"] = exc.reason
                refused["segment_message"] = exc.detail
                refused["segment_rules"] = list(exc.rules)
        out = _answer(evolve, state, actor_id, styles, targets, done)
        at = refused["segment"]
        segs = out["segments"]
        assert isinstance(segs, list)
        if isinstance(at, int) and at < len(segs):
            seg = segs[at]
            assert isinstance(seg, dict)
            seg.clear()
            seg.update({"style": styles[at], "to": targets[at], "status": "refused",
                        "reason": refused.get("segment_reason"),
                        "message": refused.get("segment_message"),
                        "rules": refused.get("segment_rules")})
        out.update(ok=False, certain=True, refused=refused)
        return out
    out = _answer(evolve, state, actor_id, styles, targets, events)
    out.update(ok=True, refused=None)
    return out


def _n(x: float) -> float | int:
    """A figure of the answer: whole numbers as ints, others to 9 decimals (as the
    ``moved`` events write a segment's cost)."""
    x = round(float(x), 9)
    return int(x) if x.is_integer() else x


def _decide(decide: Decide, state: StylesState, command: Command) -> Sequence[Event]:
    """decide's Move on ``state``, with the engine's own gates, rolling privately: the
    encounter's seeded generator is never touched, and no rolled face is reported."""
    if state.ended:
        raise IllegalCommand("encounter_over", "the encounter is over: no actor can act")
    pending = state.pending
    if pending is not None:
        raise IllegalCommand("decision_pending", f"{pending.actor} must first answer: "
                             f"{pending.prompt} ({' / '.join(pending.choices)})")
    return decide(state, command, Roller(random.Random(0)))


def _answer(evolve: Evolve, state: StylesState, actor_id: str, styles: Sequence[str],
            targets: Sequence[JSON], events: Sequence[Event]) -> dict[str, JSON]:
    """Fold ``events`` (a Move decide accepted, or none) into the priced segments."""
    o: StylesOptions = state.options
    actor = state.actors.get(actor_id)
    pool = 0.0 if actor is None else max(0.0, actor.pool() - actor.pool_spent)
    segments: list[JSON] = []
    checks: list[JSON] = []
    hazards: list[JSON] = []
    stop: JSON = None
    decision: JSON = None
    dashed = False
    cost = 0.0
    now = state
    for e in events:
        now = evolve(now, e)
        if isinstance(e, ev.Dashed):
            dashed = True
            a = now.actors[actor_id]
            pool = max(0.0, a.pool() - a.pool_spent)
        elif isinstance(e, ev.Moved):
            a = now.actors[actor_id]
            left = a.left()
            i = len(segments)
            cost += e.cost
            segments.append({
                "style": e.style, "to": targets[i] if i < len(targets) else None,
                "status": "moved", "cost": _n(e.cost),
                "end": [e.row, e.col, _n(e.z)], "mode": e.mode,
                "pool_left": _n(max(0.0, a.pool() - a.pool_spent)),
                "cap_left": _n(max(0.0, left.get(e.style, 0.0))),
                "left": {k: _n(max(0.0, v)) for k, v in left.items()},
                "rules": list(e.rules)})
        elif isinstance(e, ev.Fell):
            odds = damage_odds(o.fall, e.distance, e.into)
            if odds is not None:
                checks.append(odds.to_json())
            stop = {"reason": "fell", "segment": max(0, len(segments) - 1),
                    "message": f"{actor_id} falls {_n(e.distance)}u into {e.into} at "
                               f"row {e.row}, col {e.col}",
                    "row": e.row, "col": e.col, "z": _n(e.z),
                    "distance": _n(e.distance), "into": e.into, "rules": list(e.rules)}
        elif isinstance(e, ev.HazardTriggered):
            hazards.append({"row": e.row, "col": e.col, "tags": list(e.tags),
                            "rules": list(e.rules)})
        elif isinstance(e, DecisionRequested):
            decision = {"kind": e.kind, "actor": e.actor, "prompt": e.prompt,
                        "choices": list(e.choices), "rules": list(e.rules),
                        "consequences": e.context.get(CONSEQUENCES)}
    for i in range(len(segments), len(styles)):
        segments.append({"style": styles[i], "to": targets[i], "status": "not_reached"})
    after = now.actors.get(actor_id)
    return {"actor": actor_id, "dash": dashed, "certain": not checks,
            "cost": _n(cost), "pool": _n(pool),
            "pool_left": _n(max(0.0, after.pool() - after.pool_spent))
            if after is not None else 0,
            "segments": segments, "stop": stop, "checks": checks, "hazards": hazards,
            "decision": decision}


__all__ = ["parse_plan", "price"]

"""Invariants of the `spans` ruleset on random encounters and random play.

Each example builds a random connected span graph with random grounds, surfaces
(the Skysea included), stairs and features, places 2–4 random actors on it,
loads it as an encounter file (JSON), then plays up to 25 commands: most are
taken from ``options()`` (answers included), the rest are random and often
illegal. After every step the state must still make sense:

- a refused command raises a :class:`FootworkError` and changes nothing;
- replaying the log from the initial state gives the live state;
- guard, stamina, awareness and life are never negative;
- every actor stands on a map place, at or above its span's ground, and a
  grounded actor that is not partway up a climb stands at its place's top;
- there is at most one pending decision, and it belongs to an actor (or ``gm``);
- a removed actor never starts a turn;
- no feature holds more actors than its capacity;
- every option listed is accepted by ``decide``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footwork.dice import parse_dice
from footwork.engine import Engine, Session, State, TurnStarted
from footwork.engine.events import Event, event_from_json, event_to_json
from footwork.errors import FootworkError
from footwork.scenario import encounter_from_text

DICE = ("d4", "d6", "d8", "d6+1", "d4-1", "2d6kl1")
SURFACES = ("hard", "hard", "soft", "water", "skysea")
ABILITIES = ("leaf_on_the_wind", "ride_wind", "untether")
FEATURE_KINDS = ("cover", "threshold", "on_high")
GM = "gm"
RESOURCES = ("guard", "stamina", "awareness", "life")

# -- encounters ------------------------------------------------------------------------


@st.composite
def span_maps(draw: st.DrawFn) -> dict[str, Any]:
    """A connected map of 2–8 spans: a random tree plus a few extra links."""
    n = draw(st.integers(2, 8))
    spans = [f"s{i}" for i in range(n)]
    pairs: list[tuple[str, str]] = []
    for i in range(1, n):
        pairs.append((spans[draw(st.integers(0, i - 1))], spans[i]))
    extra = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=n))
    seen = {frozenset(p) for p in pairs}
    for i, j in extra:
        key = frozenset((spans[i], spans[j]))
        if i != j and key not in seen:
            seen.add(key)
            pairs.append((spans[i], spans[j]))
    neighbours: dict[str, list[str]] = {s: [] for s in spans}
    links: list[dict[str, Any]] = []
    for a, b in pairs:
        neighbours[a].append(b)
        neighbours[b].append(a)
        links.append({"a": a, "b": b, "stairs": draw(st.booleans())})
    grounds = {s: draw(st.integers(0, 3)) for s in spans}
    body: list[dict[str, Any]] = []
    fid = 0
    for s in spans:
        features: list[dict[str, Any]] = []
        for _ in range(draw(st.integers(0, 3))):
            kind = draw(st.sampled_from(FEATURE_KINDS))
            feature: dict[str, Any] = {"id": f"f{fid}", "kind": kind}
            fid += 1
            if kind == "on_high":
                if draw(st.booleans()):
                    feature["height"] = grounds[s] + draw(st.integers(1, 3))
                feature["access"] = draw(st.sampled_from(["run", "climb"]))
            if kind == "threshold" and neighbours[s]:
                feature["guards"] = draw(
                    st.lists(st.sampled_from(neighbours[s]), unique=True, max_size=2))
            cap = draw(st.none() | st.integers(1, 2))
            if cap is not None:
                feature["capacity"] = cap
            features.append(feature)
        body.append({"id": s, "ground": grounds[s], "surface": draw(st.sampled_from(SURFACES)),
                     "features": features})
    return {"spans": body, "links": links}


def _places(map_data: Mapping[str, Any]) -> dict[str, tuple[int, int, int | None]]:
    """place id -> (ground of its span, top height, capacity) for the generator's own use."""
    out: dict[str, tuple[int, int, int | None]] = {}
    for span in map_data["spans"]:
        g = span["ground"]
        out[span["id"]] = (g, g, None)
        for f in span["features"]:
            top = f.get("height", g + 1) if f["kind"] == "on_high" else g
            out[f["id"]] = (g, top, f.get("capacity"))
    return out


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    map_data = draw(span_maps())
    places = _places(map_data)
    default_capacity = draw(st.none() | st.integers(1, 2))
    options: dict[str, Any] = {
        "run": {"unpaid_struggle": draw(st.sampled_from(["as_fail", "no_move"]))},
        "struggle": {"allow_negative": draw(st.booleans()),
                     "paid_gives": draw(st.sampled_from(["full_success", "single_move"]))},
        "climb": {"fail_falls": draw(st.booleans()), "allow_down": draw(st.booleans()),
                  "hands_needed": draw(st.sampled_from([2, 2, 1, 0]))},
        "fly": {"diagonal": draw(st.booleans())},
        "threshold": {"block": draw(st.sampled_from(["until_cleared", "off"]))},
        "fall": {"jump_target_maneuver": draw(st.booleans())},
        "feature": {"default_capacity": default_capacity},
        "turn": {"movement_actions": draw(st.sampled_from([1, 1, 2]))},
        "life": {"zero": draw(st.sampled_from(["defeated", "defeated", "guide"])),
                 "defeated_takes_room": draw(st.booleans()),
                 "defeated_targetable": draw(st.booleans())},
    }
    occupancy: dict[str, int] = {}
    actors: list[dict[str, Any]] = []
    for i in range(draw(st.integers(2, 4))):
        free = []
        for p, (_, _, cap) in places.items():
            limit = cap if cap is not None else (
                default_capacity if p not in {s["id"] for s in map_data["spans"]} else None)
            if limit is None or occupancy.get(p, 0) < limit:
                free.append(p)
        at = draw(st.sampled_from(sorted(free)))
        occupancy[at] = occupancy.get(at, 0) + 1
        _, top, _ = places[at]
        mode = draw(st.sampled_from(["grounded", "grounded", "grounded", "floating", "flying"]))
        if mode == "grounded" and {"id": at, "surface": "skysea"}.items() <= next(
                (s.items() for s in map_data["spans"] if s["id"] == at), {}.items()):
            mode = "flying"  # R003-26: nobody stands on the open Skysea (the s32 review)
        stats: dict[str, Any] = {
            "dice": {d: draw(st.sampled_from(DICE))
                     for d in draw(st.lists(st.sampled_from(["attack", "brace", "maneuver"]),
                                            unique=True))},
            "guard": draw(st.integers(0, 3)),
            "stamina": draw(st.integers(0, 3)),
            "awareness": draw(st.integers(0, 3)),
            "life": draw(st.integers(0, 6)),
            "armor": draw(st.integers(0, 2)),
            "hands_free": draw(st.integers(0, 2)),
            "abilities": draw(st.lists(st.sampled_from(ABILITIES), unique=True)),
            "mode": mode,
            "can_fly": mode == "flying" or draw(st.booleans()),
        }
        if mode != "grounded" and at.startswith("s"):
            stats["height"] = top + draw(st.integers(0, 2))
        actors.append({"id": f"a{i}", "side": draw(st.sampled_from(["red", "blue"])),
                       "at": at, "stats": stats})
    order = draw(st.permutations([a["id"] for a in actors]))
    return {"footwork": 1, "ruleset": "spans", "seed": draw(st.integers(0, 2**16)),
            "options": options, "map": map_data, "actors": actors, "order": list(order)}


# -- invariants ------------------------------------------------------------------------


def fills_room(opts: Any, actor: Any) -> bool:
    """A003-06 and the s33 review: a body counts against a feature's capacity unless lost
    in the Skysea, or defeated (life 0 under ``life.zero: defeated``) while
    ``life.defeated_takes_room`` is off."""
    down = actor.life <= 0 and opts.life.zero == "defeated"
    return not actor.removed and (not down or opts.life.defeated_takes_room)


def snapshot(state: State[Any]) -> tuple[Any, ...]:
    """Everything about a state a command could change (actors are frozen values)."""
    return (dict(state.actors), state.pending, state.round, state.turn, state.version)


def problems(state: State[Any]) -> list[str]:
    """Every invariant of a single state that does not hold (an empty list: all hold)."""
    found: list[str] = []
    m = state.space
    # A003-04: with `struggle.allow_negative` a struggle may be paid below zero, on purpose
    resources = ("life",) if state.options.struggle.allow_negative else RESOURCES
    for a in state.actors.values():
        for resource in resources:
            if getattr(a, resource) < 0:
                found.append(f"negative: {a.id}.{resource} = {getattr(a, resource)}")
        if a.at not in m:
            found.append(f"unknown place: {a.id} at {a.at!r}")
            continue
        if a.height < m.ground(a.at):
            found.append(f"underground: {a.id} at height {a.height}, below the ground "
                         f"{m.ground(a.at)} of {a.at}")
        if a.mode == "grounded" and a.climbing is None and not a.removed \
                and a.height != m.top(a.at):
            found.append(f"hovering: grounded {a.id} at height {a.height} on {a.at} "
                         f"whose top is {m.top(a.at)}")
    pending = state.pending
    if pending is not None and (
            not pending.choices or (pending.actor != GM and pending.actor not in state.actors)):
        found.append(f"bad pending: {pending}")
    for place in m.graph:
        capacity = place.props.get("capacity")
        if place.parent is not None and capacity is not None:
            inside = [a.id for a in state.actors.values()
                      if a.at == place.id and fills_room(state.options, a)]
            if len(inside) > int(capacity):
                found.append(f"over capacity: {place.id} (capacity {capacity}) holds {inside}")
    return found


def turn_problems(state_after: State[Any], events: tuple[Event, ...]) -> list[str]:
    """A removed actor must never start a turn."""
    return [f"removed turn: removed {e.actor} gets a turn" for e in events
            if isinstance(e, TurnStarted) and state_after.actors[e.actor].removed]


def check_options(engine: Engine[Any], state: State[Any]) -> None:
    for actor in (*state.actors, GM):
        for option in engine.options(state, actor):
            try:
                engine.decide(state, engine.parse(option.command))
            except FootworkError as exc:  # pragma: no cover - a failure is the finding
                raise AssertionError(f"listed option {option.command} refused: {exc}") from exc


# -- random commands ---------------------------------------------------------------------


Draw = Callable[..., Any]


def with_roll(draw: Draw, state: State[Any], command: dict[str, Any]) -> dict[str, Any]:
    """Sometimes supply the faces of the command's roll, to reach every band."""
    die = command.get("die")
    if die is None or not draw(st.booleans()):
        return command
    actor = state.actors[command["actor"]]
    dice = parse_dice(actor.dice[die])
    faces = [draw(st.integers(1, sides)) for sides in dice.faces()]
    return {**command, "roll": faces}


def junk(draw: Draw, state: State[Any]) -> dict[str, Any]:
    """A random command, often illegal."""
    actors = [*state.actors, GM, "nobody"]
    places = [p.id for p in state.space.graph] + ["nowhere"]
    actor = draw(st.sampled_from(actors))
    die = draw(st.sampled_from(["attack", "brace", "maneuver"]))
    roll = draw(st.none() | st.lists(st.integers(-1, 9), max_size=3))
    kind = draw(st.sampled_from([
        "run", "climb", "fly", "float", "move", "drop", "jump_attack", "take_off", "untether",
        "land", "hands", "free_action", "end_turn", "answer",
    ]))
    cmd: dict[str, Any] = {"do": kind, "actor": actor}
    if kind in ("run", "climb"):
        cmd.update(die=die, to=draw(st.sampled_from(places)))
    elif kind in ("fly", "float", "move"):
        if draw(st.booleans()):
            cmd["to"] = draw(st.sampled_from(places))
        else:
            cmd["direction"] = draw(st.sampled_from(["up", "down"]))
        if kind == "fly":
            cmd["die"] = die
    elif kind == "drop":
        if draw(st.booleans()):
            cmd["to"] = draw(st.sampled_from(places))
    elif kind == "jump_attack":
        cmd["target"] = draw(st.sampled_from(actors))
        hit = draw(st.none() | st.booleans())
        if hit is not None:
            cmd["hit"] = hit
    elif kind == "hands":
        cmd["free"] = draw(st.integers(-1, 3))
    elif kind == "free_action":
        cmd["action"] = draw(st.sampled_from(["run", "Fly", "shout", "draw a sword"]))
    elif kind == "answer":
        choice = draw(st.sampled_from(["pay", "decline", "none", "ride_wind", "untether",
                                       "keep", "reroll", "first", "second", "hit", "miss",
                                       "bogus"]))
        cmd = {"answer": choice}
        if draw(st.booleans()):
            cmd["actor"] = actor
    if roll is not None and kind in ("run", "climb", "fly", "drop", "jump_attack", "answer"):
        cmd["roll"] = roll
    return cmd


def next_command(draw: Draw, engine: Engine[Any], state: State[Any]) -> dict[str, Any]:
    who = state.pending.actor if state.pending is not None else state.current
    listed = [dict(o.command) for o in engine.options(state, who)]
    if listed and draw(st.integers(0, 9)) < 7:
        command = draw(st.sampled_from(listed))
        if command.get("do") == "end_turn" and len(listed) > 1 and draw(st.booleans()):
            command = draw(st.sampled_from(listed))  # end turns a little less often
        return with_roll(draw, state, command)
    return junk(draw, state)


# -- the property ------------------------------------------------------------------------


def load(data: dict[str, Any]) -> Session[Any]:
    encounter = encounter_from_text(json.dumps(data), "gen.json")
    return encounter.session()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters(), st.data())
def test_random_play_keeps_the_invariants(encounter: dict[str, Any], data: st.DataObject) -> None:
    session = load(encounter)
    engine = session.engine
    assert problems(session.state) == []
    assert turn_problems(session.state, session.opening) == []
    for _ in range(data.draw(st.integers(1, 25), label="steps")):
        state = session.state
        check_options(engine, state)
        command = next_command(data.draw, engine, state)
        data.draw(st.just(command), label="command")
        before = snapshot(state)
        count = len(session.history)
        try:
            events = session.do(command)
        except FootworkError:
            assert session.state is state
            assert snapshot(session.state) == before
            assert len(session.history) == count
            continue
        assert turn_problems(session.state, events) == []
        assert problems(session.state) == []
        assert engine.replay(session.initial, session.events) == session.state
    check_options(engine, session.state)
    decoded = [event_from_json(json.loads(json.dumps(event_to_json(e))), engine.event_kinds)
               for e in session.events]
    assert engine.replay(session.initial, decoded) == session.state


def test_generated_encounters_load() -> None:
    """The generator's files are valid encounters (a sanity check of the generator)."""

    @settings(max_examples=30, deadline=None)
    @given(encounters())
    def inner(encounter: dict[str, Any]) -> None:
        session = load(encounter)
        assert session.state.actors
        assert problems(session.state) == []

    inner()


# -- minimal reproductions of what the random play found ---------------------------------


def small(spans: list[dict[str, Any]], actors: list[dict[str, Any]],
          links: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"footwork": 1, "ruleset": "spans", "map": {"spans": spans, "links": links or []},
            "actors": actors}


def play_all(encounter: dict[str, Any], commands: list[dict[str, Any]]) -> Session[Any]:
    """Play ``commands`` (refusals allowed), checking every invariant after each."""
    session = load(encounter)
    for command in commands:
        state = session.state
        try:
            events = session.do(command)
        except FootworkError:
            assert session.state is state
            continue
        assert problems(session.state) == []
        assert turn_problems(session.state, events) == []
        assert session.engine.replay(session.initial, session.events) == session.state
    return session


def test_the_guide_gives_no_character_commands() -> None:
    """Found: `{do: hands, actor: gm}` crashed with KeyError('gm') instead of a refusal."""
    session = load(small([{"id": "deck"}], [{"id": "ada", "at": "deck"}]))
    with pytest.raises(FootworkError):
        session.do({"do": "hands", "actor": "gm", "free": 0})


def test_a_dropping_flier_is_not_grounded_in_mid_air() -> None:
    """Found: a flier's drop emitted ModeChanged(grounded) before the fall's pending
    decision, leaving a grounded actor at height 2 over a ground of 0."""
    flier = {"mode": "flying", "can_fly": True, "height": 2, "abilities": ["ride_wind"]}
    session = play_all(small([{"id": "deck"}], [{"id": "ada", "at": "deck", "stats": flier}]),
                       [{"do": "drop", "actor": "ada"}])
    assert session.state.pending is not None and session.state.pending.kind == "avoid_fall"


def test_a_jump_attack_respects_the_capacity_where_it_lands() -> None:
    """Found: a jump attack landed the jumper in its target's full feature (A003-06)."""
    spans = [{"id": "deck", "features": [
        {"id": "mast", "kind": "on_high", "height": 2, "access": "run"},
        {"id": "nets", "kind": "cover", "capacity": 1}]}]
    actors = [{"id": "ada", "side": "red", "at": "mast"},
              {"id": "bo", "side": "blue", "at": "nets"}]
    for hit in (True, False):
        play_all(small(spans, actors), [{"do": "jump_attack", "actor": "ada", "target": "bo",
                                         "hit": hit, "roll": [3]}])


def test_a_jump_attack_never_lands_in_mid_air() -> None:
    """The jumper lands where its target is: never on a floating target's empty air."""
    spans = [{"id": "deck", "features": [
        {"id": "mast", "kind": "on_high", "height": 3, "access": "run"}]}]
    actors: list[dict[str, Any]] = [
        {"id": "ada", "side": "red", "at": "mast"},
        {"id": "bo", "side": "blue", "at": "deck",
               "stats": {"mode": "floating", "height": 1}}]
    play_all(small(spans, actors),
             [{"do": "jump_attack", "actor": "ada", "target": "bo", "hit": True}])


def test_two_climbers_cannot_overfill_a_feature() -> None:
    """Found: capacity was checked only when a climb started, so two clingers heading for a
    capacity-1 mast both arrived."""
    spans = [{"id": "deck", "features": [
        {"id": "mast", "kind": "on_high", "height": 2, "capacity": 1}]}]
    actors = [{"id": "ada", "side": "red", "at": "deck"}, {"id": "bo", "side": "red", "at": "deck"}]
    climb = [{"do": "climb", "actor": who, "die": "attack", "to": "mast", "roll": [6]}
             for who in ("ada", "bo")]
    ends = [{"do": "end_turn", "actor": who} for who in ("ada", "bo")]
    play_all(small(spans, actors), [climb[0], ends[0], climb[1], ends[1], climb[0], ends[0],
                                    climb[1]])


def test_no_turn_starts_once_everyone_is_gone() -> None:
    """When every actor has left the scene the encounter ends: no new round, no turn."""
    spans: list[dict[str, Any]] = [{"id": "deck", "ground": 1}, {"id": "sky", "surface": "skysea"}]
    session = play_all(small(spans, [{"id": "ada", "at": "deck"}], [{"a": "deck", "b": "sky"}]),
                       [{"do": "drop", "actor": "ada", "to": "sky"},
                        {"do": "end_turn", "actor": "ada"}])
    assert session.state.ended and session.state.round == 1
    assert session.options("ada") == ()
    with pytest.raises(FootworkError, match="encounter_over"):
        session.do({"do": "end_turn", "actor": "ada"})


def test_a_file_cannot_start_over_capacity() -> None:
    """A003-06: a file whose actors start over a feature's capacity is refused."""
    spans = [{"id": "deck", "features": [{"id": "nets", "kind": "cover", "capacity": 1}]}]
    actors = [{"id": "ada", "at": "nets"}, {"id": "bo", "at": "nets"}]
    with pytest.raises(FootworkError, match=r"actors\[1\]\.at: nets holds at most 1"):
        load(small(spans, actors))

"""The `spans` movement pipeline (issue 16) on random encounters and random play.

(a) a step from the same place to the same place in the same mode gets the same ruling
    whatever caused it (the README lists where the text makes the cause matter);
(b) a held threshold bars a crossing both ways;
(c) what the state JSON says an actor may not do, decide refuses;
(d) every command that puts an actor into a place honours the same entry rules: room
    (A003-06), a threshold held by a foe (R003-20), a held crossing (R003-20, A003-16),
    checked here by an oracle written apart from the pipeline.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from footwork.engine import State
from footwork.engine.movement import Path, Step
from footwork.engine.rolling import Roller
from footwork.errors import FootworkError
from footwork.rulesets.spans.geometry import Position
from footwork.rulesets.spans.pipeline import JUMP_HIT, JUMP_MISS, here, holding

from .test_spans_properties import encounters, fills_room, load, next_command

#: the causes that can take each mode's step (issue 16, "the same ruling whatever the
#: cause"); the forced ones are ruled as stops, reported alike
CAUSES: dict[str, tuple[tuple[str, bool], ...]] = {
    "run": (("run", False), ("move", False), ("shove", True)),
    "fly": (("fly", False), ("move", False)),
    "float": (("float", False), ("move", False)),
    "climb": (("climb", False),),
    "drop": (("drop", False),),
    "fall": (("fall", True), ("failed climb", True)),
    "jump": ((JUMP_HIT, False), (JUMP_MISS, False)),
}
MANEUVERS = ("Evade", "Outflank", "Stand fast")


def _mover(session: Any) -> Any:
    return session.engine.ruleset.mover


def _play(data: st.DataObject, session: Any, steps: int) -> None:
    for _ in range(steps):
        command = next_command(data.draw, session.engine, session.state)
        try:
            session.do(command)
        except FootworkError:
            continue


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters(), st.data())
def test_same_step_same_ruling_whatever_the_cause(encounter: dict[str, Any],
                                                  data: st.DataObject) -> None:
    """(a) issue 16: the entry ruling of a step depends on its places and mode only."""
    session = load(encounter)
    _play(data, session, data.draw(st.integers(0, 8)))
    state, mover = session.state, _mover(session)
    m = state.space
    who = data.draw(st.sampled_from(sorted(state.actors)))
    actor = state.actors[who]
    place = data.draw(st.sampled_from(sorted(p.id for p in m.graph)))
    height = m.top(place) + data.draw(st.integers(0, 1))
    # a mode one cause alone can take (climb, drop) would pass by construction
    mode = data.draw(st.sampled_from(sorted(k for k, v in CAUSES.items() if len(v) > 1)))
    step = Step(here(actor), Position(place, height), mode)
    rulings = set()
    for cause, forced in CAUSES[mode]:
        refusal = mover.verdict(state, Path(who, cause, (step,), forced))
        rulings.add(None if refusal is None else (refusal.reason, refusal.rules))
    assert len(rulings) == 1, (step, rulings)
    event(f"(a) {mode}: {'allowed' if rulings == {None} else 'refused'}")


@st.composite
def held_crossings(draw: st.DrawFn) -> tuple[Any, str]:
    """Two linked spans A and B at random grounds, a threshold in one of them guarding
    the way to the other, stood in by ``h``: a foe of the mover ``m`` in most examples
    (else an ally), with ``threshold.block`` on in most. ``m`` and its ally ``s`` (who
    shoves) stand on one side; which side is drawn."""
    ga, gb = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    inside = draw(st.sampled_from(["A", "B"]))
    other = "B" if inside == "A" else "A"
    spans = [{"id": sid, "ground": g, "surface": draw(st.sampled_from(["hard", "soft"])),
              "features": [{"id": "T", "kind": "threshold", "guards": [other]}]
              if sid == inside else []} for sid, g in (("A", ga), ("B", gb))]
    held = draw(st.sampled_from(["blue", "blue", "blue", "red"]))
    block = draw(st.sampled_from(["until_cleared", "until_cleared", "until_cleared", "off"]))
    side = draw(st.sampled_from(["A", "B"]))
    stats = {"dice": {"attack": "d6", "maneuver": "d6", "brace": "d6"}, "hands_free": 2,
             "stamina": 3}
    encounter = {
        "footwork": 1, "ruleset": "spans", "seed": 1,
        "options": {"climb": {"allow_down": draw(st.booleans())},
                    "threshold": {"block": block}},
        "map": {"spans": spans, "links": [{"a": "A", "b": "B", "stairs": draw(st.booleans())}]},
        "actors": [{"id": "m", "side": "red", "at": side, "stats": stats},
                   {"id": "s", "side": "red", "at": side, "stats": stats},
                   {"id": "h", "side": held, "at": "T", "stats": {}}]}
    event(f"(b) threshold {'held by a foe' if held == 'blue' else 'held by an ally'}, "
          f"block {block}")
    return load(encounter), side


def _commands(to: str) -> dict[str, dict[str, Any]]:
    """Every command that can carry ``m`` across to ``to``: its own Run, Climb or Drop,
    or a shove by its ally (a forced cause)."""
    return {"run": {"do": "run", "actor": "m", "die": "attack", "to": to, "roll": [6]},
            "climb": {"do": "climb", "actor": "m", "die": "attack", "to": to, "roll": [6]},
            "drop": {"do": "drop", "actor": "m", "to": to},
            "shove": {"do": "shove", "actor": "s", "target": "m", "to": to}}


def _reason(session: Any, state: State[Any], command: dict[str, Any]) -> str | None:
    engine = session.engine
    try:
        engine.ruleset.decide(state, engine.parse(command), Roller(random.Random(1)))
    except FootworkError as exc:
        return str(getattr(exc, "reason", exc))
    return None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(held_crossings())
def test_a_held_crossing_is_barred_both_ways(case: tuple[Any, str]) -> None:
    """(b) R003-20, A003-16: a threshold held by a foe bars the crossing between its span
    and the one it guards both ways, for every command that would otherwise cross (Run,
    Climb, Drop, a shove) with ``threshold_blocked``; held by an ally, or with
    ``threshold.block: off``, it bars nothing. (a) for the run mode: a Run and a shove
    over the same step get the same ruling."""
    session, _ = case
    base = session.state
    m = base.space
    foe_holds = base.actors["h"].side != "red" and base.options.threshold.block != "off"
    ally_holds = base.update_actor("h", side="red")
    for frm, to in (("A", "B"), ("B", "A")):
        state = base.update_actor("m", at=frm, height=m.top(frm)).update_actor(
            "s", at=frm, height=m.top(frm))
        free = ally_holds.update_actor("m", at=frm, height=m.top(frm)).update_actor(
            "s", at=frm, height=m.top(frm))
        mover = state.actors["m"]
        for mode in ("run", "climb", "drop", "shove"):
            there = holding(state, mover, Position(frm, m.top(frm)), Position(to, m.top(to)),
                            mode)
            back = holding(state, mover, Position(to, m.top(to)), Position(frm, m.top(frm)),
                           mode)
            assert there == back, (mode, frm, to, there, back)
            assert (there is not None) == foe_holds, (mode, there)
        rulings = {}
        for name, command in _commands(to).items():
            held = _reason(session, state, command)
            open_ = _reason(session, free, command)
            rulings[name] = held
            assert open_ != "threshold_blocked", (name, frm, to)
            if not foe_holds:
                assert held == open_, (name, frm, to, held, open_)
            elif open_ is None:
                event(f"(b) {name} {frm}->{to} would cross: barred by the foe")
                assert held == "threshold_blocked", (name, frm, to, held)
            else:
                assert held in (open_, "threshold_blocked"), (name, frm, to, held, open_)
        if m.ground(frm) == m.ground(to):  # (a) the same run step by its own Run or a shove
            assert rulings["run"] == rulings["shove"], (frm, to, rulings)


def _refused(session: Any, state: State[Any], command: dict[str, Any]) -> bool:
    engine = session.engine
    try:
        engine.ruleset.decide(state, engine.parse(command), Roller(random.Random(1)))
    except FootworkError:
        return True
    return False


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters(), st.data())
def test_state_flags_agree_with_decide(encounter: dict[str, Any], data: st.DataObject) -> None:
    """(c) A003-22, R003-18, R003-21, R003-33, R003-35: may_hide false, a blocked maneuver,
    no free action left: decide refuses each."""
    session = load(encounter)
    _play(data, session, data.draw(st.integers(0, 10)))
    if session.state.pending is not None:
        return
    who = session.state.current
    body = session.to_json(log=False)["actors"][who]
    defeated = body["life"] == 0 and session.state.options.life.zero == "defeated"
    if body.get("removed") or defeated:  # defeated: refused everything (s32 review)
        return
    cond = body["conditions"]
    state = session.state.update_actor(who, bonus=True, done=False)
    for name in MANEUVERS:
        spelled = data.draw(st.sampled_from([name, name.lower(), name.replace(" ", "_")]))
        refused = _refused(session, state, {"do": "free_action", "actor": who,
                                            "action": spelled})
        assert refused == (name in cond["blocked_maneuvers"]), (name, cond)
    hidden = _refused(session, state, {"do": "free_action", "actor": who, "action": "Hide"})
    assert hidden == (not cond["may_hide"]), cond
    spent = state.update_actor(who, bonus=False)
    assert _refused(session, spent, {"do": "free_action", "actor": who, "action": "shout"})


def _entry_faults(before: State[Any], after: State[Any], command: dict[str, Any]) -> list[str]:
    """The oracle: every actor that arrived somewhere had the right to enter it."""
    m = before.space
    opts = before.options
    faults: list[str] = []
    for aid, was in before.actors.items():
        now = after.actors[aid]
        if now.removed or (now.at, now.height) == (was.at, was.height):
            continue
        place = m.place(now.at)
        others = [a for a in before.actors.values()
                  if a.at == now.at and a.id != aid and fills_room(opts, a)]
        cap = place.props.get("capacity")
        if place.parent is not None and cap is not None and now.at != was.at \
                and len(others) >= int(cap):
            faults.append(f"{aid} entered full {now.at}")
        if opts.threshold.block == "off":
            continue
        foes = {a.id for a in before.actors.values() if a.side != was.side and not a.removed
                and a.climbing is None and (a.life > 0 or opts.life.zero == "guide")}
        # R003-29: a jump attack lands on the holder, decided at once or by the GM's answer
        pending = before.pending
        jumped = (command.get("do") == "jump_attack" and command.get("actor") == aid) or (
            pending is not None and pending.kind == "jump_attack"
            and pending.context.get("actor") == aid) or (
            # a missed jump's fall may finish on a later answer (avoid, Leaf on the Wind)
            pending is not None and pending.context.get("cause") == JUMP_MISS
            and pending.context.get("actor") == aid)
        if place.kind == "threshold" and now.at != was.at and not jumped \
                and any(o.id in foes for o in others):
            faults.append(f"{aid} entered {now.at}, held by a foe")
        a, b = m.span_of(was.at), m.span_of(now.climbing or now.at)
        if a == b or was.mode != "grounded":
            continue  # airborne crossings depend on height: see the README's reading
        for span, other in ((a, b), (b, a)):
            for f in m.features(span):
                fp = m.place(f)
                if fp.kind == "threshold" and other in fp.props.get("guards", []) and any(
                        x.at == f and x.id in foes for x in before.actors.values()):
                    faults.append(f"{aid} crossed {a}->{b} past the held {f}")
    return faults


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters(), st.data())
def test_every_way_in_honours_the_entry_rules(encounter: dict[str, Any],
                                              data: st.DataObject) -> None:
    """(d) issue 10: run, move, climb, float, fly, drop, jump attack, fall and shove all
    honour room, held thresholds and held crossings."""
    session = load(encounter)
    places = sorted(p.id for p in session.state.space.graph)
    for _ in range(data.draw(st.integers(1, 20))):
        before = session.state
        if before.pending is None and data.draw(st.integers(0, 4)) == 0:
            command: dict[str, Any] = {
                "do": "shove", "actor": before.current,
                "target": data.draw(st.sampled_from(sorted(before.actors))),
                "to": data.draw(st.sampled_from(places))}
        else:
            command = next_command(data.draw, session.engine, before)
        try:
            session.do(command)
        except FootworkError:
            assert session.state is before
            continue
        assert _entry_faults(before, session.state, command) == [], command


def _grounded_mover(data: st.DataObject, session: Any) -> tuple[State[Any], str] | None:
    """A state where a random grounded actor, not clinging, may still move (a movement
    action and a bonus move both left), or None when nobody fits."""
    state = session.state
    who = [a.id for a in state.actors.values()
           if a.mode == "grounded" and a.climbing is None and not a.removed]
    if not who:
        return None
    mover = data.draw(st.sampled_from(sorted(who)))
    return state.update_actor(mover, bonus=True, done=False, movement_actions=0), mover


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters(), st.data())
def test_a_footed_step_is_ruled_alike_by_run_move_and_shove(encounter: dict[str, Any],
                                                            data: st.DataObject) -> None:
    """(e) issue 23, R003-13, R003-23, A003-06: a grounded step from where the actor
    stands to a place (off a climb-only feature to a level span included) gets the same
    ruling whether the actor runs, takes its bonus move, or is shoved there by someone
    beside it: each reads the step's heights, none the feature's access alone. Rule questions:
    where the Run finds nothing underfoot going down, the shove is a fall there, ruled
    as a drop there (``fall.shove_over_edge``)."""
    session = load(encounter)
    _play(data, session, data.draw(st.integers(0, 6)))
    picked = _grounded_mover(data, session)
    if picked is None or session.state.pending is not None:
        return
    state, who = picked
    # a defeated mover is refused its own steps but may be shoved (the s32 review)
    state = state.update_actor(who, life=max(1, state.actors[who].life))
    mover = state.actors[who]
    others = sorted(a for a in state.actors if a != who)
    shover = data.draw(st.sampled_from(others))
    beside = state.update_actor(shover, at=mover.at, height=mover.height, mode="grounded",
                                climbing=None, done=False, removed=False, life=3,
                                side=data.draw(st.sampled_from(["red", "blue"])))
    to = data.draw(st.sampled_from(sorted(p.id for p in state.space.graph)))
    ran = _reason(session, beside, {"do": "run", "actor": who, "die": "attack", "to": to,
                                    "roll": [6]})
    moved = _reason(session, beside, {"do": "move", "actor": who, "to": to})
    assert ran == moved, (to, ran, moved)
    shoved = _reason(session, beside, {"do": "shove", "actor": shover, "target": who,
                                       "to": to})
    if shoved not in ("cannot_target", "unknown_actor"):
        if ran in ("no_surface", "needs_climb") and shoved != ran:
            # rule questions (fall.shove_over_edge: fall): where the step has nothing under the
            # target's feet, going down, the shoved falls there: ruled as the drop there
            dropped = _reason(session, beside, {"do": "drop", "actor": who, "to": to})
            if dropped is None:  # a drop there is accepted: so is the shove's fall
                assert shoved is None, (to, ran, shoved)
            event(f"(e) shove over an edge: {shoved or 'a fall'}")
            return
        assert shoved == ran, (to, ran, shoved)
    event(f"(e) run/move/shove: {'allowed' if ran is None else ran}")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters(), st.data())
def test_a_climb_from_ground_level_feature_is_a_climb_from_its_ground(
        encounter: dict[str, Any], data: st.DataObject) -> None:
    """(f) issue 23, A003-06, R003-07: standing in cover or a threshold at its span's
    ground, a Climb reaches exactly the places a Climb from the open span reaches (the
    feature and the span themselves aside): leaving the feature is part of the move."""
    from footwork.rulesets.spans.geometry import candidates, climb_step, legal

    session = load(encounter)
    state = session.state
    m = state.space
    low = [p.id for p in m.graph if p.parent is not None and p.elevation == m.ground(p.id)]
    if not low:
        return
    feature = data.draw(st.sampled_from(sorted(low)))
    who = data.draw(st.sampled_from(sorted(state.actors)))
    span = m.span_of(feature)
    reach = {}
    for at in (feature, span):
        placed = state.update_actor(who, at=at, height=m.top(at), mode="grounded",
                                    climbing=None, removed=False)
        actor = placed.actors[who]
        found = legal(lambda p, s=placed, a=actor: climb_step(s, a, p), candidates(placed, actor))
        # where each climb ends (the place to climb back to is where it began: ignored)
        reach[at] = {p: (pos.at, pos.height, pos.climbing) for p, pos in found.items()
                     if p not in (feature, span)}
    assert reach[feature] == reach[span], (feature, reach)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters(), st.data())
def test_a_partway_climb_can_be_climbed_back(encounter: dict[str, Any],
                                             data: st.DataObject) -> None:
    """(g) issue 23, A003-10: whichever way a climb goes (up a feature, up or down to an
    adjacent span), once partway the climber may climb back to where it began (down only
    with ``climb.allow_down``) and the climb back arrives there, at its height."""
    from footwork.rulesets.spans.geometry import candidates, climb_step, legal

    session = load(encounter)
    state = session.state
    who = data.draw(st.sampled_from(sorted(state.actors)))
    opts = state.options
    for start in sorted(p.id for p in state.space.graph):
        placed = state.update_actor(who, at=start, height=state.space.top(start),
                                    mode="grounded", climbing=None, climb_from=None,
                                    removed=False, hands_free=2)
        actor = placed.actors[who]
        reach = legal(lambda p, s=placed, a=actor: climb_step(s, a, p),
                      candidates(placed, actor))
        for target, pos in reach.items():
            if pos.climbing is None:
                continue  # arrived in one height: nothing to turn back from
            hanging = placed.update_actor(who, at=pos.at, height=pos.height,
                                          climbing=pos.climbing, climb_from=pos.origin)
            assert pos.origin == start, (start, target, pos)
            goes_down = state.space.top(start) < pos.height
            try:
                back = climb_step(hanging, hanging.actors[who], start)
            except FootworkError as exc:
                assert goes_down and not opts.climb.allow_down, (start, target, exc)
                continue
            event("(g) climbed back")
            if abs(pos.height - state.space.top(start)) == 1:
                assert (back.at, back.height, back.climbing) == (
                    start, state.space.top(start), None), (start, target, back)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters(), st.data())
def test_a_jump_lands_on_the_surface_under_the_foe(encounter: dict[str, Any],
                                                   data: st.DataObject) -> None:
    """(h) issue 23, R003-25, R003-26, R003-29, A003-21: a jump attack's fall lands where
    the foe stands, so a miss never loses the jumper in the Skysea (the foe stands on
    something there), and the guard damage of that fall is the same whoever takes it:
    the foe on a hit, the jumper on a miss (equal armour)."""
    session = load(encounter)
    _play(data, session, data.draw(st.integers(0, 8)))
    state = session.state
    if state.pending is not None:
        return
    who = state.current
    jumps = [o.command for o in session.options(who) if o.command["do"] == "jump_attack"]
    if not jumps:
        return
    target = data.draw(st.sampled_from(jumps))["target"]
    if state.space.surface(state.actors[target].at) == "skysea":
        return  # a foe "standing" on the open sky: a start only random files make
    state = state.update_actor(who, armor=state.actors[target].armor)
    ruleset = session.engine.ruleset
    guard = {}
    for hit in (True, False):
        command = session.engine.parse({"do": "jump_attack", "actor": who, "target": target,
                                        "hit": hit})
        events = ruleset.decide(state, command, Roller(random.Random(1)))
        assert not [e for e in events if e.type == "lost_in_skysea"], (hit, events)
        hurt = [e for e in events if e.type == "damaged"]
        if hurt:
            guard[hit] = hurt[0].guard
    if len(guard) == 2:
        event("(h) hit and miss both dealt damage")
        assert guard[True] == guard[False], guard


def _landing(session: Any, state: State[Any], command: dict[str, Any]) -> Any:
    """Where the fall a command causes lands (the Fell event's place), or the refusal."""
    engine = session.engine
    try:
        events = engine.ruleset.decide(state, engine.parse(command), Roller(random.Random(1)))
    except FootworkError as exc:
        return ("refused", getattr(exc, "reason", str(exc)))
    return tuple((e.onto, e.heights) for e in events if e.type == "fell")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters(), st.data())
def test_a_fall_off_a_climb_lands_at_its_foot_whatever_the_cause(
        encounter: dict[str, Any], data: st.DataObject) -> None:
    """(i) issue 23, A003-09, A003-10, R003-25: partway up or down a climb, letting go, a
    failed climb on and a failed climb back (``climb.fail_falls``) all fall onto the same
    place, the foot of the climb (a deck under a mast, never the sky beside it)."""
    from footwork.rulesets.spans.geometry import candidates, climb_step, legal

    encounter["options"]["climb"] = {"fail_falls": True, "allow_down": True,
                                     "hands_needed": 2}
    session = load(encounter)
    state = session.state
    m = state.space
    who = data.draw(st.sampled_from(sorted(state.actors)))
    start = data.draw(st.sampled_from(sorted(p.id for p in m.graph)))
    placed = state.update_actor(who, at=start, height=m.top(start), mode="grounded",
                                climbing=None, climb_from=None, removed=False, hands_free=2,
                                done=False, bonus=False, movement_actions=0,
                                dice={"attack": "d6", "brace": "d6", "maneuver": "d6"})
    actor = placed.actors[who]
    partway = [(t, p) for t, p in legal(lambda p: climb_step(placed, actor, p),
                                        candidates(placed, actor)).items()
               if p.climbing is not None]
    if not partway:
        return
    target, pos = data.draw(st.sampled_from(partway))
    hanging = placed.update_actor(who, at=pos.at, height=pos.height, climbing=pos.climbing,
                                  climb_from=pos.origin)
    falls = {
        "drop": _landing(session, hanging, {"do": "drop", "actor": who, "roll": [6]}),
        "fail on": _landing(session, hanging, {"do": "climb", "actor": who, "die": "brace",
                                               "to": target, "roll": [1, 6]}),
        "fail back": _landing(session, hanging, {"do": "climb", "actor": who,
                                                 "die": "brace", "to": start,
                                                 "roll": [1, 6]}),
    }
    # the entry rules may refuse a command as a whole (a full feature, a held threshold
    # at the place climbed to): that is not a fall; every fall there is lands alike
    landed = {k: v for k, v in falls.items() if not (v and v[0] == "refused")}
    assert len(set(landed.values())) <= 1, (start, target, falls)
    event(f"(i) off a climb: {len(landed)} causes fell alike")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters(), st.data())
def test_stopping_flight_where_one_can_land_is_landing(encounter: dict[str, Any],
                                                       data: st.DataObject) -> None:
    """(j) issue 23, R003-30, A003-10: an airborne actor at the height of the place it is
    at (a span's ground, a feature's top) that stops flying by a drop ends exactly where
    `land` puts it, with no fall; where `land` is refused (the open Skysea) the drop is
    a fall."""
    session = load(encounter)
    state = session.state
    m = state.space
    who = data.draw(st.sampled_from(sorted(state.actors)))
    place = data.draw(st.sampled_from(sorted(p.id for p in m.graph)))
    hover = state.update_actor(who, at=place, height=m.top(place),
                               mode=data.draw(st.sampled_from(["flying", "floating"])),
                               climbing=None, climb_from=None, removed=False, done=False,
                               bonus=False, movement_actions=0,
                               life=max(1, state.actors[who].life))  # not defeated (s32)
    engine = session.engine
    results = {}
    for command in ({"do": "drop", "actor": who}, {"do": "land", "actor": who}):
        try:
            events = engine.ruleset.decide(hover, engine.parse(command),
                                           Roller(random.Random(1)))
        except FootworkError:
            results[command["do"]] = None
            continue
        after = hover
        for e in events:
            after = engine.ruleset.evolve(after, e)
        a = after.actors[who]
        results[command["do"]] = (a.at, a.height, a.mode, a.removed,
                                  any(e.type == "fell" for e in events))
    if results["land"] is None:
        assert m.surface(place) == "skysea", results
        return
    event("(j) drop = land")
    assert results["drop"] == results["land"] == (place, m.top(place), "grounded", False,
                                                  False), results

"""The s31 cause-by-condition review of `cultivation`, worked by hand from the text before
footwork was run (README, "The s31 review"): where a step changes band or mode, the
ruling follows what the step does to the character, not a flag of the link it takes."""

from __future__ import annotations

from typing import Any

from ._helpers import a, actor, of_type, refused, session, types

BANDS = {"bands": {"enabled": True}}
#: a cliff top 10 m over the yard (a drop), and a roof 5 m up the yard's sheer wall (20)
CLIFF: list[dict[str, Any]] = [{"id": "cliff", "floor_m": 10}, {"id": "yard"},
                               {"id": "roof", "floor_m": 5, "dt": 8}]
CLIFF_LINKS: list[Any] = [{"a": "cliff", "b": "yard", "one_way": True, "drop": True},
                          {"a": "yard", "b": "roof", "climb": "sheer"}]


def _cliff(*actors: dict[str, Any], **options: Any) -> Any:
    return session(list(actors), zones=CLIFF, links=CLIFF_LINKS, options={**BANDS, **options})


def test_a_flier_in_the_air_flies_over_a_drop_R000_77_R000_39() -> None:
    """R000-77: with flight a character keeps to an air band by its own movement; R000-39
    is a fall into a lower zone. ada, Flying (she can fly), goes over the cliff's edge: she
    flies down into the yard for 1 Speed (A000-10), still Flying, with no fall and no
    damage (it used to start a 10 m fall that landed her on the ground, hurt). Thrown over
    the same edge, kite (a flier too) flies on as well. bo, who cannot fly, still falls."""
    s = _cliff(actor("ada", "cliff", band="flying", abilities=["fly"]))
    (offered,) = [o for o in s.options("ada") if o.command.get("to") == "yard"]
    assert offered.risk is not None and offered.risk.fall is None  # options agree
    events = s.do({"do": "move", "actor": "ada", "to": "yard"})
    assert types(events) == ["speed_spent", "moved"]
    assert (a(s, "ada").at, a(s, "ada").band, a(s, "ada").aura) == ("yard", "flying", 10)
    s = _cliff(actor("ada", "cliff", band="flying", abilities=["fly"]),
               actor("kite", "cliff", side="x", band="flying", abilities=["fly"]))
    s.do({"do": "throw", "actor": "ada", "target": "kite", "to": "yard"})
    s.do({"answer": "defend", "roll": [15]})  # Earth 0 + 15 against Earth defence 10
    assert (a(s, "kite").at, a(s, "kite").band, a(s, "kite").fall_onto) == ("yard", "flying",
                                                                            None)
    s = _cliff(actor("bo", "cliff"))
    assert "fall_started" in types(s.do({"do": "move", "actor": "bo", "to": "yard"}))


def test_a_flier_in_the_air_does_not_climb_R000_37_R000_77() -> None:
    """R000-37: the climb Challenge is for entering a zone by climbing. ada, Flying, flies
    up to the roof: she meets the roof's own Difficult Terrain 8 (R000-22) but not the
    sheer wall's 20 (it used to be the 20 she rolled against). bo, on the ground, climbs:
    20 it is."""
    s = _cliff(actor("ada", "yard", band="flying", abilities=["fly"]))
    (rolled,) = of_type(s.do({"do": "move", "actor": "ada", "to": "roof", "roll": [10]}),
                        "rolled")
    assert "climb" not in rolled.check and "Difficult Terrain entering roof" in rolled.check
    assert a(s, "ada").at == "roof" and not a(s, "ada").action_spent
    s = _cliff(actor("bo", "yard"))
    (rolled,) = of_type(s.do({"do": "move", "actor": "bo", "to": "roof", "roll": [10]}),
                        "rolled")
    assert "climb" in rolled.check


def test_a_flier_failing_the_terrain_pays_the_action_not_a_climbers_fall_A000_30() -> None:
    """A000-30 (``climb.on_failure: fall``): a climber who fails falls back. ada flies, so
    failing the roof's Difficult Terrain 8 (a d20 of 1) is paid like any DT: her Action
    (R000-24), and she is on the roof; no fall."""
    s = _cliff(actor("ada", "yard", band="flying", abilities=["fly"]),
               climb={"on_failure": "fall"})
    events = s.do({"do": "move", "actor": "ada", "to": "roof", "roll": [1]})
    assert "fall_started" not in types(events) and "action_spent" in types(events)
    assert a(s, "ada").at == "roof" and a(s, "ada").band == "flying"


def test_a_whirlpool_keeps_a_diver_from_rising_out_by_walking_R000_60() -> None:
    """R000-60: a whirlpool prevents every upward move. ada, Underwater in the whirlpool,
    tries to swim across to the ford, whose water only reaches the Swimming band: getting
    there would lift her a band (the ford has no Underwater), so it is refused, as a band
    shift up is (it used to let her out, lifted to Swimming). Without the whirlpool she
    swims across (2 Speed, R000-44: the Sprint)."""
    zones: list[dict[str, Any]] = [
        {"id": "pool", "water_m": 12, "tile": {"kind": "whirlpool"}},
        {"id": "ford", "water_m": 1.5}]
    s = session([actor("ada", "pool", band="underwater")], zones=zones,
                links=[["pool", "ford"]], options=BANDS)
    s.do({"do": "sprint", "actor": "ada"})
    refused(s, {"do": "move", "actor": "ada", "to": "ford"}, "whirlpool", "R000-60")
    assert {"do": "move", "actor": "ada", "to": "ford"} not in [o.command for o in
                                                                s.options("ada")]
    zones[0] = {"id": "pool", "water_m": 12}
    s = session([actor("ada", "pool", band="underwater")], zones=zones,
                links=[["pool", "ford"]], options=BANDS)
    s.do({"do": "sprint", "actor": "ada"})
    s.do({"do": "move", "actor": "ada", "to": "ford"})
    assert (a(s, "ada").at, a(s, "ada").band) == ("ford", "swimming")


def test_a_drop_into_deep_water_costs_one_speed_A000_10() -> None:
    """Checked, no change: R000-44 makes a swimming border cost 2, but A000-10, the rule
    about drops, says a drop costs 1 (falling in is easy, R000-39): ada drops 5 m into the
    lagoon with her Speed of 1 and keeps her Action."""
    zones = [{"id": "ledge", "floor_m": 5}, {"id": "lagoon", "water_m": 6}]
    s = session([actor("ada", "ledge")], zones=zones,
                links=[{"a": "ledge", "b": "lagoon", "one_way": True, "drop": True}])
    s.do({"do": "move", "actor": "ada", "to": "lagoon"})
    assert (a(s, "ada").at, a(s, "ada").spent, a(s, "ada").action_spent) == ("lagoon", 1, False)


def test_spill_over_counts_only_the_zones_a_whirlpool_lets_the_scattered_reach_R000_60(
) -> None:
    """R000-35, A000-09: with spill-over, those inside a full zone are scattered among
    its neighbours by a die counted clockwise, re-rolled past the last; R000-60: a
    whirlpool lets nobody in it move upward. lin walks into the whirlpool pool (limit 1)
    where ko is; its neighbours are the gate (level) and a ledge 2 m up. The ledge is no
    place ko can be put, so the d6 counts the gate alone: a 2 is re-rolled, then 1, the
    gate. (It used to count the ledge, and a 2 left ko in the pool, two in a pool for
    one.)"""
    zones = [{"id": "gate"}, {"id": "pool", "water_m": 0.5, "limit": 1,
                              "tile": {"kind": "whirlpool"}}, {"id": "ledge", "floor_m": 2}]
    s = session([actor("lin", "gate"), actor("ko", "pool", side="x")], zones=zones,
                links=[["gate", "pool"], ["pool", "ledge"]],
                options={"limit": {"mode": "spillover"}})
    events = s.do({"do": "move", "actor": "lin", "to": "pool", "roll": [2, 1]})
    assert [r.outcome for r in of_type(events, "rolled")] == ["re-roll", "gate"]
    assert (a(s, "lin").at, a(s, "ko").at) == ("pool", "gate")

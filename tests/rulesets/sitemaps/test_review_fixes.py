"""Rulings settled after review: each pins behaviour the first version got wrong."""

from __future__ import annotations

from ._helpers import actor, move, of_type, refused, session


def test_a_walk_inside_an_l_shaped_zone_costs_nothing_R004_13_R004_18() -> None:
    """R004-13, R004-18: a way inside one zone stays in it, around its own corner, even
    when a straight line would clip the neighbour in its notch."""
    zones = [{"id": "b", "polygon": [[0, 0], [8, 0], [8, 8], [4, 8], [4, 4], [0, 4]]},
             {"id": "c", "rect": [0, 4, 4, 4]}]
    s = session([actor("hero", "b", [6, 7])], zones=zones, openings=[{"between": ["b", "c"]}])
    events = move(s, "hero", "b", [1, 1])
    (moved,) = of_type(events, "moved")
    assert moved.zones == 0 and s.state.actors["hero"].zones_moved == 0


def test_any_usable_route_will_do_R004_18_R004_29() -> None:
    """R004-18, R004-29: when the first shortest way is turbulent water an overloaded
    character cannot swim, the dry way of the same length over the bridge is taken."""
    zones = [{"id": "a", "rect": [0, 0, 4, 6]},
             {"id": "river", "rect": [4, 0, 4, 4], "water": {"turbulent": True}},
             {"id": "bridge", "rect": [4, 4, 4, 2]},
             {"id": "c", "rect": [8, 0, 4, 6]}]
    openings = [{"between": ["a", "river"]}, {"between": ["river", "c"]},
                {"between": ["a", "bridge"]}, {"between": ["bridge", "c"]}]
    s = session([actor("hero", "a", [1, 1], bulk=8)], zones=zones, openings=openings)
    events = move(s, "hero", "c", [10, 1], rush=True)
    (moved,) = of_type(events, "moved")
    assert moved.zones == 2 and s.state.actors["hero"].at == "c"
    assert not of_type(events, "rolled")  # no swim roll: the river was never entered


def test_only_the_gm_reveals_R004_02() -> None:
    """R004-02: revealing a zone is the game master's."""
    zones = [{"id": "hall", "rect": [0, 0, 6, 4]},
             {"id": "den", "rect": [6, 0, 4, 4], "revealed": False}]
    s = session([actor("ada", "hall", [2, 2])], zones=zones, openings=[])
    refused(s, {"do": "reveal", "actor": "ada", "zone": "den"}, "gm_only", "R004-02")
    s.do({"do": "reveal", "actor": "gm", "zone": "den"})
    assert "den" in s.state.world["revealed"]


def test_the_player_view_names_no_hidden_character_R004_02() -> None:
    """R004-02: a character in an unrevealed zone appears nowhere in the player view:
    not in the order, the log, nor a pending decision it is asked."""
    zones = [{"id": "hall", "rect": [0, 0, 6, 4]},
             {"id": "den", "rect": [6, 0, 4, 4], "revealed": False}]
    s = session([actor("hero", "hall", [2, 2]), actor("lurker", "den", [7, 2], side="foes")],
                zones=zones, openings=[{"between": ["hall", "den"]}])
    move(s, "hero", "hall", [5, 2])  # within the lurker's reach: it is asked to pin
    view = s.to_json(view="player")
    text = str(view)
    assert "lurker" not in text
    assert view["pending"] is None  # not even that someone hidden is asked
    assert view["order"] == ["hero"]


def test_drifting_drowners_do_not_land_on_each_other_A004_13_A004_06() -> None:
    """A004-13, A004-06: two characters drifting in one round take distinct free spots."""
    zones = [{"id": "ford", "rect": [0, 0, 6, 4], "water": {"turbulent": True,
                                                            "current": "pool"}},
             {"id": "pool", "rect": [6, 0, 4, 4], "water": {"current": None}}]
    s = session([actor("a1", "ford", [1, 1], AGI=0), actor("a2", "ford", [4, 3], AGI=0)],
                zones=zones, openings=[{"between": ["ford", "pool"]}])
    s.do({"do": "end_turn", "actor": "a1"})
    s.do({"do": "end_turn", "actor": "a2"})  # both fail their swim rolls, then drift
    p1, p2 = s.state.actors["a1"].point, s.state.actors["a2"].point
    assert s.state.actors["a1"].at == s.state.actors["a2"].at == "pool"
    assert ((p1[0] - p2[0]) ** 2 + (p1[1] - p2[1]) ** 2) ** 0.5 >= 2.0


def test_one_fall_per_failed_balance_A004_09() -> None:
    """A004-09: a failed balance roll is the fall; a character left on the rough edge
    (no `below`) does not roll again at the end of the same activation."""
    zones = [{"id": "ledge", "rect": [0, 0, 6, 4]}, {"id": "yard", "rect": [6, 0, 6, 4]}]
    rough = [{"rect": [0, 0, 6, 4], "qualities": ["narrow"]}]
    s = session([actor("ada", "ledge", [2, 2], AGI=10)], zones=zones,
                openings=[{"between": ["ledge", "yard"]}], rough=rough)
    events = move(s, "ada", "yard", [9, 2], roll=[20])  # stepping off: 20 fails
    assert [e.type for e in events if e.type in ("rolled", "fell")] == ["rolled", "fell"]
    assert s.state.actors["ada"].fell
    ended = s.do({"do": "end_turn", "actor": "ada"})
    assert not of_type(ended, "rolled")

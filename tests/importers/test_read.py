"""Reading Universal VTT and Foundry scenes into a floor plan, and refusing hostile files."""

from __future__ import annotations

import base64
import json

import pytest

from footwork import limits
from footwork.errors import ScenarioError
from footwork.importers import MapFileError, read_map
from footwork.space.floorplan import DoorState, WallKind
from tests.importers.maps import ROOM_WALLS, cave, dumps, dungeondraft, foundry, png


def test_uvtt_walls_are_moved_from_the_origin_of_a_cropped_export() -> None:
    plan = read_map(dumps(dungeondraft()), "two-rooms.dd2vtt")
    assert (plan.width, plan.height, plan.pixels_per_square) == (12, 8, 4)
    plain = {(w.a, w.b) for w in plan.walls if w.kind is WallKind.WALL}
    first = ROOM_WALLS[0]
    assert (tuple(map(float, first[0])), tuple(map(float, first[1]))) in plain
    # a closed portal is a door, an open one a window (blocks movement)
    assert [(d.a, d.b, d.state) for d in plan.doors] == [((5, 3), (5, 4), DoorState.CLOSED)]
    assert [(w.a, w.b) for w in plan.walls if w.kind is WallKind.WINDOW] == [((2, 6), (3, 6))]
    assert plan.obstacles[0][0] == (9, 4)
    assert plan.picture is not None and plan.picture.kind == "png"
    assert (plan.picture.width_px, plan.picture.height_px) == (48, 32)


def test_a_cave_of_long_polylines_is_simplified() -> None:
    doc = cave(points=2000)
    plan = read_map(dumps(doc), "cave.uvtt")
    assert 0 < len(plan.walls) < 1000  # far fewer segments than the file's 2,500 points
    xs = [p for w in plan.walls for p in (w.a[0], w.b[0])]
    assert 1.5 < min(xs) < 2.5 and 17.5 < max(xs) < 18.5  # the shape is kept


def test_foundry_walls_lose_the_scene_padding_and_keep_what_they_stop() -> None:
    plan = read_map(dumps(foundry()), "vault.json")
    assert (plan.width, plan.height) == (10, 6)
    kinds = {(w.a, w.b): (w.kind, w.passable_from) for w in plan.walls}
    assert kinds[((1, 1), (6, 1))] == (WallKind.WALL, None)  # padding 300/200 px taken off
    assert kinds[((2, 5), (3, 5))] == (WallKind.WINDOW, None)
    assert kinds[((4, 3), (4, 5))] == (WallKind.WALL, "left")
    assert kinds[((2, 1), (2, 2))] == (WallKind.SIGHT, None)
    assert {(d.a, d.secret) for d in plan.doors} == {((1, 2), False), ((4, 2), True)}
    assert any("--picture" in n for n in plan.notes)


def _with(doc: dict[str, object], **changes: object) -> bytes:
    return dumps({**doc, **changes})


@pytest.mark.parametrize(("data", "expected"), [
    (b'{"resolution": {"map_size": {"x": NaN, "y": 2}}}', "x.dd2vtt:1: NaN is not a number"),
    (b"[1, 2", "x.dd2vtt:1: not JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "x.dd2vtt: nested too deeply"),
    (_with(dungeondraft(), image="bm90IGEgcGljdHVyZQ=="),
     "x.dd2vtt: image: not a picture; expected PNG, JPEG or WebP"),
    (_with(dungeondraft(), image="@@@"), "x.dd2vtt: image: not base64"),
    (_with(dungeondraft(), line_of_sight=[[{"x": 1e300, "y": 0}, {"x": 0, "y": 0}]]),
     "x.dd2vtt: line_of_sight[0][0].x: 1e+300 is out of range"),
    (_with(dungeondraft(), portals=[{"bounds": [{"x": 1, "y": 1}]}]),
     "x.dd2vtt: portals[0].bounds: expected 2 points, got 1"),
    (_with(dungeondraft(), resolution={"map_size": {"x": 0, "y": 3}, "pixels_per_grid": 9}),
     "x.dd2vtt: resolution.map_size.x: expected a number above 0"),
    (_with(dungeondraft(), line_of_sight=[[{"x": "a", "y": 0}]]),
     'x.dd2vtt: line_of_sight[0][0].x: expected a number, got "a"'),
])
def test_hostile_uvtt_files_get_one_line(data: bytes, expected: str) -> None:
    with pytest.raises(MapFileError) as err:
        read_map(data, "x.dd2vtt")
    assert str(err.value).startswith(expected)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(("change", "expected"), [
    ({"grid": {"size": 100, "type": 2}}, "s.json: grid.type: 2 is a hex grid"),
    ({"walls": [{"c": [0, 0, 1]}]}, "s.json: walls[0].c: expected [x0, y0, x1, y1]"),
    ({"walls": [{"c": [0, 0, 1, 1], "door": 7}]}, "s.json: walls[0].door: 7 is not one of"),
    ({"padding": -1}, "s.json: padding: expected a fraction from 0 to 0.5"),
    ({"width": float("inf")}, "s.json:1: Infinity is not a number"),
])
def test_hostile_foundry_scenes_get_one_line(change: dict[str, object], expected: str) -> None:
    text = json.dumps({**foundry(), **change}).encode()
    with pytest.raises(MapFileError) as err:
        read_map(text, "s.json")
    assert str(err.value).startswith(expected)


def test_limits_bound_points_bytes_and_the_picture_before_the_work() -> None:
    with limits.using(limits.Limits(map_points=100)), pytest.raises(ScenarioError) as err:
        read_map(dumps(cave(points=400)), "cave.uvtt")
    assert "wall, door and obstacle points are over the limit of 100" in str(err.value)
    with limits.using(limits.Limits(map_file_bytes=1000)), pytest.raises(ScenarioError):
        read_map(dumps(dungeondraft()), "x.dd2vtt")
    with limits.using(limits.Limits(picture_pixels=100)), pytest.raises(ScenarioError) as err:
        read_map(dumps(dungeondraft()), "x.dd2vtt")
    assert "image: 1,536 pixels of picture are over the limit of 100" in str(err.value)
    # a PNG header that claims a huge picture is refused on its header alone
    huge = base64.b64encode(png(4, 3)[:16] + (60_000).to_bytes(4, "big") * 2).decode()
    with pytest.raises(ScenarioError) as err:
        read_map(dumps({**dungeondraft(), "image": huge}), "x.dd2vtt")
    assert "pixels of picture are over the limit" in str(err.value)

"""`footwork import`: an encounter file and its picture, or one line and nothing written."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from footwork.cli.app import app
from footwork.scenario import load_encounter
from tests.importers.maps import dumps, dungeondraft, foundry, png

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("import")
    (folder / "two-rooms.dd2vtt").write_bytes(dumps(dungeondraft()))
    code, out, err = invoke("import", str(folder / "two-rooms.dd2vtt"), "--ruleset", "styles",
                            "-o", str(folder / "rooms.yaml"))
    assert code == 0, err
    assert "wrote" in out
    return folder


def test_the_encounter_plays_and_names_its_picture(imported: Path) -> None:
    text = (imported / "rooms.yaml").read_text()
    assert text.startswith("# Imported by `footwork import` from two-rooms.dd2vtt")
    assert "#   - walls are edges between cells (map.edges)" in text
    code, out, _ = invoke("run", str(imported / "rooms.yaml"))
    assert code == 0 and "ok:" in out
    encounter = load_encounter(imported / "rooms.yaml")
    picture = encounter.session().engine.ruleset.space_json(
        encounter.initial.space)["picture"]
    data = (imported / "rooms.png").read_bytes()
    assert picture == {"file": "rooms.png", "width": 12.0, "height": 8.0, "x": 0.0, "y": 0.0,
                       "sha256": hashlib.sha256(data).hexdigest()}
    assert data.startswith(b"\x89PNG")


def test_render_draws_the_picture_under_the_grid(imported: Path) -> None:
    (imported / "out").mkdir()
    code, _, err = invoke("render", str(imported / "rooms.yaml"), "-o",
                          str(imported / "out" / "rooms.svg"))
    assert code == 0, err
    svg = (imported / "out" / "rooms.svg").read_text()
    # the href leads from the drawing's folder to the picture; it spans 24 x 16 cells
    assert '<image class="picture" href="../rooms.png"' in svg
    assert 'fill-opacity="0.4"' in svg
    assert svg.index('class="picture"') < svg.index('class="cells"')


@pytest.mark.parametrize(("doc", "args", "expected"), [
    (b'{"resolution": NaN}', (), "NaN is not a number"),
    ({**dungeondraft(), "image": "aGVsbG8="}, (), "image: not a picture"),
    (dungeondraft(), ("--cell", "0.4"), "map.cell_size"),
    (dungeondraft(), ("--objects", "soft"), "--objects 'soft': expected block or passable"),
    (dungeondraft(), ("--limit", "cells=50"), "grid cells are over the limit of 50"),
])
def test_a_refused_import_says_one_line_and_writes_nothing(
        tmp_path: Path, doc: object, args: tuple[str, ...], expected: str) -> None:
    (tmp_path / "m.dd2vtt").write_bytes(doc if isinstance(doc, bytes) else dumps(doc))
    limit = [a for a in args if a.startswith("cells")]
    rest = [a for a in args if a != "--limit" and not a.startswith("cells")]
    code, _, err = invoke(*(["--limit", *limit] if limit else []), "import",
                          str(tmp_path / "m.dd2vtt"), "-r", "styles",
                          "-o", str(tmp_path / "out.yaml"), *rest)
    assert code == 2
    assert expected in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.dd2vtt"]


def test_a_foundry_scene_takes_its_picture_from_picture(tmp_path: Path) -> None:
    (tmp_path / "vault.json").write_bytes(dumps(foundry()))
    (tmp_path / "vault.png").write_bytes(png(40, 24))
    code, _, err = invoke("import", str(tmp_path / "vault.json"), "-r", "allowances",
                          "-o", str(tmp_path / "vault.yaml"), "--picture",
                          str(tmp_path / "vault.png"), "--per-square", "1")
    assert code == 0, err
    encounter = load_encounter(tmp_path / "vault.yaml")
    grid = encounter.session().engine.ruleset.space_json(encounter.initial.space)["grid"]
    assert (grid["rows"], grid["cols"], grid["cell_size"]) == (6, 10, 1.5)  # type: ignore[index]
    (tmp_path / "fake.png").write_bytes(b"GIF89a not a png")
    code, _, err = invoke("import", str(tmp_path / "vault.json"), "-r", "allowances",
                          "-o", str(tmp_path / "v2.yaml"), "--picture",
                          str(tmp_path / "fake.png"))
    assert code == 2 and "fake.png: not a picture" in err
    assert not (tmp_path / "v2.yaml").exists()


@pytest.mark.parametrize(("shift", "ruleset"), [
    ({"background": {"src": "vault.webp", "offsetX": 50, "offsetY": -100}}, "allowances"),
    ({"background": None, "img": "vault.webp", "shiftX": 50, "shiftY": -100}, "sitemaps"),
])
def test_a_foundry_background_offset_moves_the_picture_not_the_walls(
        tmp_path: Path, shift: dict[str, object], ruleset: str) -> None:
    # Foundry draws the background from the padding corner less its offset (v10+
    # background.offsetX/Y, v9 shiftX/Y); the grid and the walls stay where they are
    (tmp_path / "vault.json").write_bytes(dumps({**foundry(), **shift}))
    (tmp_path / "vault.png").write_bytes(png(40, 24))
    code, _, err = invoke("import", str(tmp_path / "vault.json"), "-r", ruleset, "-o",
                          str(tmp_path / "vault.yaml"), "--picture", str(tmp_path / "vault.png"))
    assert code == 0, err
    shifted = load_encounter(tmp_path / "vault.yaml")
    ref = shifted.session().engine.ruleset.space_json(shifted.initial.space)["picture"]
    # 50 px of a 100 px square east is half a square of 1.5 m west; 100 px north, one south
    assert (ref["x"], ref["y"]) == (-0.75, 1.5)  # type: ignore[index]
    (tmp_path / "plain.json").write_bytes(dumps(foundry()))
    code, _, err = invoke("import", str(tmp_path / "plain.json"), "-r", ruleset, "-o",
                          str(tmp_path / "plain.yaml"), "--picture", str(tmp_path / "vault.png"))
    assert code == 0, err
    plain = load_encounter(tmp_path / "plain.yaml")
    space = plain.session().engine.ruleset.space_json(plain.initial.space)
    assert (space["picture"]["x"], space["picture"]["y"]) == (0, 0)  # type: ignore[index]
    assert {k: v for k, v in space.items() if k != "picture"} == {
        k: v for k, v in shifted.session().engine.ruleset.space_json(
            shifted.initial.space).items() if k != "picture"}
    drawn = {}
    for name in ("vault", "plain"):
        code, _, err = invoke("render", str(tmp_path / f"{name}.yaml"), "-o",
                              str(tmp_path / f"{name}.svg"))
        assert code == 0, err
        svg = (tmp_path / f"{name}.svg").read_text()
        # nobody stands on an import yet: the title names no one's turn
        assert "'s turn" not in svg and "— round 1<" in svg
        if ruleset == "allowances":  # cut at the grid, not spilling over the rulers
            assert 'clip-path="url(#clip-picture)"' in svg
        drawn[name] = re.search(r'<image class="picture" [^>]*x="([-\d.]+)" y="([-\d.]+)"',
                                svg)
    assert drawn["vault"] and drawn["plain"]
    # on the drawing: half a square left of the plain import's, one square down
    dx = float(drawn["vault"][1]) - float(drawn["plain"][1])
    dy = float(drawn["vault"][2]) - float(drawn["plain"][2])
    assert dx < 0 < dy and dy == pytest.approx(-2 * dx, abs=0.2)

"""The builder's endpoints (no browser): the schema and tags a ruleset's forms and palette
are made from, the loader's faults as the builder checks a draft (the same list as the
lobby's upload), and the round trip of what the builder writes: an example of each
ruleset opened and saved as YAML and as JSON gives the same data, and plays as the file
does (`footwork run`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footwork.scenario import encounter_from_text, play
from footwork.scenario.source import parse_text, read_file
from footwork.server.app import create_app
from footwork.server.tables import example_files
from footwork.store import open_store

#: one example of each ruleset (each kind of map)
EXAMPLES = ["cultivation/courtyard-duel", "spans/boarding-action", "sitemaps/tavern-brawl",
            "styles/bob-dash", "allowances/eric-jump"]
#: the one whose saved file is played through
PLAYED = "sitemaps/tavern-brawl"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    store = open_store(str(tmp_path_factory.mktemp("build") / "footwork.db"))
    with TestClient(create_app(store)) as test_client:
        yield test_client
    store.close()


def test_the_page_is_served_with_its_scripts(client: TestClient) -> None:
    page = client.get("/build")
    assert page.status_code == 200
    assert '<script type="module" src="/web/build.js">' in page.text
    assert "<script>" not in page.text and " on" + "click=" not in page.text  # CSP-ready
    for name in ["build.js", "buildmodel.js", "buildform.js", "buildgrid.js",
                 "buildgraph.js", "buildpolygons.js", "buildfaults.js", "buildsave.js",
                 "build.css"]:
        assert client.get(f"/web/{name}").status_code == 200, name
    assert 'href="/build"' in client.get("/").text  # the lobby links to it


def test_the_schema_and_the_tags_the_rules_read(client: TestClient) -> None:
    styles = client.get("/api/rulesets/styles/schema").json()
    assert styles["schema"]["title"] == "footwork encounter (styles)"
    assert styles["schema"]["$defs"]["CellSpec"]["properties"]["surface"]["enum"] == [
        "floor", "wall", "water", "void"]
    # the hazard and sight tags of styles' options, the cover and burrow tags of allowances
    assert {"mine", "hazard", "obscured"} <= set(styles["tags"])
    allowances = client.get("/api/rulesets/allowances/schema").json()
    assert {"low_cover", "high_cover", "rock"} <= set(allowances["tags"])
    assert client.get("/api/rulesets/spans/schema").json()["tags"] == []
    unknown = client.get("/api/rulesets/chess/schema")
    assert unknown.status_code == 400
    assert "chess" in unknown.json()["message"] and "\n" not in unknown.json()["message"]


def test_a_draft_is_checked_with_the_loaders_own_faults(client: TestClient) -> None:
    data = client.get("/api/build/examples/styles/bob-dash").json()["encounter"]
    good = client.post("/api/build/check", json={"encounter": data}).json()
    assert good["faults"] == []
    assert "<svg" in good["svg"] and 'data-map="grid"' in good["svg"]
    bare = client.post("/api/build/check", json={"encounter": data, "draw": False}).json()
    assert bare == {"faults": [], "svg": None}  # a grid's builder draws its own
    bad = {**data, "actors": [{"id": "bob", "at": "1,1", "stats": {"hooks": -1}},
                              {"id": "pip", "at": "0,0", "stats": {"heigth": 2}}]}
    found = client.post("/api/build/check", json={"encounter": bad}).json()
    assert found["svg"] is None
    paths = [f["path"] for f in found["faults"]]
    assert paths == ["actors[0].stats.hooks", "actors[1].stats.heigth"]
    # the lobby refuses the same file with the same list (one function makes both)
    import json

    upload = client.post("/api/tables", json={"encounter": json.dumps(bad), "format": "json"})
    assert upload.status_code == 400
    assert upload.json()["faults"] == found["faults"]
    # a name that is wrong once the file is well typed: an actor off the map
    off = {**data, "actors": [{"id": "bob", "at": "9,9"}]}
    assert client.post("/api/build/check", json={"encounter": off}).json()["faults"]


def test_bad_input_is_one_line_and_changes_nothing(client: TestClient) -> None:
    before = client.get("/api/tables").json()
    reply = client.post("/api/build/parse", json={"text": "map: [1,", "name": "mine.yaml"})
    assert reply.status_code == 400
    assert reply.json()["message"].startswith("mine.yaml:1:")
    assert client.post("/api/build/parse", json={"text": "- 1\n"}).status_code == 400
    # a fault with no line says so (null), as the refusal's schema documents
    unread = client.post("/api/tables", json={"encounter": "just words"})
    assert unread.status_code == 400
    assert [f["line"] for f in unread.json()["faults"]] == [None]
    assert client.post("/api/build/check", json={"encounter": [1]}).status_code == 400
    assert client.post("/api/build/file", json={"encounter": {}, "format": "toml"}
                       ).status_code == 400
    assert client.get("/api/build/examples/styles/nope").status_code == 400
    steps = client.post("/api/build/file", json={"encounter": {"steps": "go"}})
    assert steps.status_code == 400 and steps.json()["message"].startswith("steps:")
    assert client.get("/api/tables").json() == before


@pytest.mark.parametrize("example", EXAMPLES)
def test_an_example_opened_and_saved_is_the_same_file(client: TestClient, example: str
                                                      ) -> None:
    """Item 3 of the builder: what the page opens (the file as JSON data) and saves
    (`/api/build/file`) is the same data, as YAML and as JSON, and plays the same."""
    original = read_file(example_files()[example]).data
    opened = client.get(f"/api/build/examples/{example}").json()["encounter"]
    assert opened == original
    for form in ("yaml", "json"):
        text = client.post("/api/build/file", json={"encounter": opened, "format": form}).text
        assert parse_text(text, f"saved.{form}").data == original, form
        encounter = encounter_from_text(text, f"saved.{form}")  # loads as `footwork run` does
        # the same data plays the same: played once here (the examples' own tests play
        # every file; a styles search costs seconds on a busy machine)
        if form == "yaml" and example == PLAYED:
            assert play(encounter).ok
    # and the text of an upload opens as the same data
    parsed = client.post("/api/build/parse", json={
        "text": example_files()[example].read_text(encoding="utf-8"),
        "name": f"{example}.yaml"}).json()["encounter"]
    assert parsed == original


def test_a_blank_grid_of_rows_as_a_block_stays_a_block(client: TestClient) -> None:
    data: dict[str, Any] = {"footwork": 1, "ruleset": "styles",
                            "map": {"rows": "..\n.#\n"},
                            "actors": [{"id": "a", "at": "0,0"}]}
    text = client.post("/api/build/file", json={"encounter": data}).text
    assert "rows: |\n" in text and "steps" not in text
    assert encounter_from_text(text, "block.yaml").source.data == data

"""The command line: exit codes, one-line errors (never a traceback), and its outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from footwork.cli.app import app

from ..conftest import example_files

ROOT = Path(__file__).resolve().parents[2]
BOARDING = ROOT / "examples" / "spans" / "boarding-action.yaml"
FIRST_STEP = "  - {do: run, actor: ada, die: maneuver, to: gangplank, roll: [6]}"

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def variant(tmp_path: Path, old: str, new: str, name: str = "case.yaml") -> Path:
    text = BOARDING.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("example", example_files(), ids=lambda p: p.name)
def test_run_examples_exit_zero(example: Path) -> None:
    """Every shipped example runs green and prints its log with rule ids."""
    code, out, _ = invoke("run", str(example))
    assert code == 0
    assert "ok:" in out and "[R00" in out


def test_run_failed_expectation_exits_one_with_a_diff(tmp_path: Path) -> None:
    path = variant(tmp_path, "guard: 1, life: 5}", "guard: 9, life: 5}")
    code, _, err = invoke("run", "--quiet", str(path))
    assert code == 1
    assert "actors.skarn.guard: expected 9, got 1" in err


def test_run_refused_step_exits_one(tmp_path: Path) -> None:
    """A command the rules refuse (not adjacent) fails the run with its reason and rule."""
    path = variant(tmp_path, FIRST_STEP, "  - {do: run, actor: ada, die: maneuver, to: kestrel}")
    code, _, err = invoke("run", "-q", str(path))
    assert code == 1
    assert "kestrel is not adjacent to dawnrunner (not_adjacent) [R003-13]" in err


def test_run_expected_refusal_that_is_accepted_fails(tmp_path: Path) -> None:
    path = variant(tmp_path, "  - expect_error: {do: move, actor: ada, to: kestrel}",
                   "  - expect_error: {do: move, actor: ada, to: dawnrunner}")
    code, _, err = invoke("run", "-q", str(path))
    assert code == 1
    assert "expected a refusal, but it was accepted" in err


def test_run_refused_for_another_reason_fails(tmp_path: Path) -> None:
    path = variant(tmp_path, "    reason: threshold_blocked", "    reason: feature_full")
    code, _, err = invoke("run", "-q", str(path))
    assert code == 1
    assert "refused for 'threshold_blocked', expected 'feature_full'" in err


BAD_FILES = [
    # (what, old, new, expected one-line message)
    ("unknown ruleset", "ruleset: spans", "ruleset: chess",
     ":4: ruleset: unknown ruleset 'chess'; expected one of: "),
    ("unknown place", "    at: quarterdeck", "    at: poopdeck",
     ":53: actors[3].at: unknown place 'poopdeck'"),
    ("wrong type", "stamina: 3}", "stamina: lots}",
     ":47: actors[1].stats.stamina: input should be a whole number"),
    ("unknown option", "seed: 7", "seed: 7\noptions: {run: {unpaid: fail}}",
     "options.run.unpaid: unknown field"),
    ("bad option value", "seed: 7", "seed: 7\noptions: {cover: {blocks: nobody}}",
     "options.cover.blocks: input should be 'all_not_in_feature' or 'other_spans_only'"),
    ("unknown actor in a step", FIRST_STEP, "  - {do: run, actor: zed, die: maneuver, to: deck}",
     ":58: steps[0].actor: unknown actor 'zed'"),
    ("unknown place in a step", FIRST_STEP, "  - {do: run, actor: ada, die: maneuver, to: moon}",
     ":58: steps[0].to: unknown place 'moon'"),
    ("unknown command", FIRST_STEP, "  - {do: sprint, actor: ada}",
     ":58: steps[0]: unknown command 'sprint'; expected one of:"),
    ("unknown command field", FIRST_STEP,
     "  - {do: run, actor: ada, die: maneuver, to: gangplank, speed: 3}",
     ":58: steps[0].speed: unknown field; command 'run' takes: actor, die, to, roll"),
    ("missing command field", FIRST_STEP, "  - {do: run, actor: ada, to: gangplank}",
     ":58: steps[0].die: missing field"),
    ("bad die name", FIRST_STEP, "  - {do: run, actor: ada, die: luck, to: gangplank}",
     ":58: steps[0].die: input should be 'attack', 'brace' or 'maneuver'"),
    ("bad dice notation", "{dice: {maneuver: d8}, awareness: 2}",
     "{dice: {maneuver: 2x8}, awareness: 2}", "actors[0].stats.dice"),
    ("order not a permutation", "order: [ada, vex, brin, skarn]", "order: [ada, vex]",
     ":55: order: order must list every actor exactly once"),
    ("two steps in one", FIRST_STEP, "  - {do: end_turn, actor: ada, expect: {}}",
     ":58: steps[0]: a step has exactly one of"),
    ("bad format version", "footwork: 1", "footwork: 2", ":3: footwork: input should be 1"),
    ("link in a wrong form", "    - [dawnrunner, gangplank]", "    - [dawnrunner]",
     "map.links[0]: input should be a mapping"),
    ("feature height", "{id: kestrel-mast, kind: on_high, height: 2,",
     "{id: kestrel-mast, kind: on_high, height: 0,",
     "map.spans[2].features[0].height: an on-high feature must stand above"),
]


@pytest.mark.parametrize(("what", "old", "new", "message"), BAD_FILES,
                         ids=[case[0] for case in BAD_FILES])
def test_invalid_files_exit_two_with_one_line(
    tmp_path: Path, what: str, old: str, new: str, message: str
) -> None:
    """Invalid input: exit 2, one line naming file, line, path and what was expected."""
    path = variant(tmp_path, old, new)
    for command in ("run", "state"):
        code, out, err = invoke(command, str(path))
        assert code == 2, what
        lines = err.strip().splitlines()
        assert len(lines) == 1, err
        assert lines[0].startswith(f"error: {path}"), err
        assert message in lines[0]
        assert "Traceback" not in out + err


def test_malformed_yaml(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("footwork: 1\nruleset: spans\nmap: {spans: [\n", encoding="utf-8")
    code, _, err = invoke("run", str(path))
    assert code == 2
    assert err.startswith(f"error: {path}:4: invalid YAML")


def test_malformed_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"footwork": 1,\n "ruleset": }', encoding="utf-8")
    code, _, err = invoke("run", str(path))
    assert code == 2
    assert err.startswith(f"error: {path}:2: invalid JSON")


@pytest.mark.parametrize(("text", "where", "words"), [
    ('{"footwork": 1, "ruleset": "spans",}', ":1: invalid JSON: column 36:",
     "expected a key in double quotes"),
    ('{"footwork": 1, "ruleset": "spans"', ":1: invalid JSON: column 35:",
     "expected a comma between two entries"),
    ('{"footwork" 1}', ":1: invalid JSON: column 13:", "expected a colon after the key"),
    ('{"footwork": 1}\nmore', ":2: invalid JSON: column 1:",
     "more text after the end of the document; found 'more'"),
    ('{"footwork": "1', ":1: invalid JSON: column 14:", "a string is not closed"),
])
def test_json_syntax_errors_read_plainly(tmp_path: Path, text: str, where: str,
                                         words: str) -> None:
    """A JSON syntax fault names its line and column and says what was expected in a
    map-maker's words, not the parser's."""
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    code, _, err = invoke("run", str(path))
    assert code == 2
    assert err.startswith(f"error: {path}{where}")
    assert words in err and "Expecting" not in err
    assert err.count("\n") <= 1


def test_json_encounters_are_accepted(tmp_path: Path) -> None:
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(BOARDING.read_text(encoding="utf-8"))
    path = tmp_path / "boarding.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert invoke("run", "-q", str(path))[0] == 0


def test_yaml_1_2_booleans(tmp_path: Path) -> None:
    """YAML 1.2: `no` is a string, not false (so an id `no` stays an id)."""
    path = variant(tmp_path, "  - id: brin\n", "  - id: no\n")
    text = path.read_text(encoding="utf-8")
    text = text.replace("[ada, vex, brin, skarn]", "[ada, vex, no, skarn]")
    text = text.replace("actor: brin", "actor: no").replace("brin: {", "no: {")
    path.write_text(text, encoding="utf-8")
    code, _, err = invoke("run", "-q", str(path))
    assert code == 0, err


def test_missing_file() -> None:
    code, _, err = invoke("run", "no/such/file.yaml")
    assert code == 2
    assert err.strip() == "error: no/such/file.yaml: no such file"


def test_bad_die_value_is_refused(tmp_path: Path) -> None:
    """A face the die cannot show is refused with the die and the range."""
    path = variant(tmp_path, FIRST_STEP,
                   "  - {do: run, actor: ada, die: maneuver, to: gangplank, roll: [9]}")
    code, _, err = invoke("run", "-q", str(path))
    assert code == 1
    assert "roll[0]: 9 is not a face of d8 (expected 1 to 8)" in err


@pytest.mark.parametrize(
    ("new", "reason"),
    [
        ("  - {answer: pay}", "there is no decision to answer (nothing_pending)"),
        ("  - {do: run, actor: vex, die: attack, to: gangplank}",
         "it is ada's turn, not vex's (not_your_turn)"),
    ],
)
def test_refusals_name_the_reason(tmp_path: Path, new: str, reason: str) -> None:
    path = variant(tmp_path, FIRST_STEP, new)
    code, _, err = invoke("run", "-q", str(path))
    assert code == 1
    assert reason in err


def test_answer_from_the_wrong_actor(tmp_path: Path) -> None:
    path = variant(tmp_path, "  - {answer: pay}\n", "  - {answer: pay, actor: ada}\n")
    code, _, err = invoke("run", "-q", str(path))
    assert code == 1
    assert "the pending decision is vex's, not ada's (not_your_decision)" in err


def test_state_prints_the_documented_json() -> None:
    code, out, _ = invoke("state", str(BOARDING))
    assert code == 0
    state = json.loads(out)
    assert set(state) >= {"ruleset", "round", "turn", "actors", "pending", "log"}
    assert state["actors"]["skarn"]["at"] == "cargo-nets"
    assert all({"event", "text", "rules"} <= set(e) for e in state["log"])


def test_state_after_some_steps() -> None:
    code, out, _ = invoke("state", str(BOARDING), "--steps", "0", "--no-log")
    assert code == 0
    state = json.loads(out)
    assert "log" not in state
    assert state["actors"]["ada"]["at"] == "dawnrunner"


def test_options_lists_destinations_costs_and_exact_odds() -> None:
    code, out, _ = invoke("options", str(BOARDING), "--actor", "ada", "--steps", "0", "--json")
    assert code == 0
    found = json.loads(out)
    runs = [o for o in found if o["command"].get("do") == "run"]
    assert {o["to"] for o in runs} == {"gangplank"}
    maneuver = next(o for o in runs if o["command"]["die"] == "maneuver")
    assert maneuver["cost"] == "movement action"
    odds = maneuver["checks"][0]["odds"]  # Ada's Maneuver die is a d8
    assert {k: v["exact"] for k, v in odds.items()} == {
        "success": "1/2", "struggle": "1/4", "fail": "1/4"}


def test_options_table_and_unknown_actor() -> None:
    code, out, _ = invoke("options", str(BOARDING), "--actor", "ada", "--steps", "0")
    assert code == 0 and "gangplank" in out and "1/2" in out
    code, _, err = invoke("options", str(BOARDING), "--actor", "zed")
    assert code == 2
    assert "no actor 'zed'; expected one of: ada, brin, vex, skarn" in err


def test_rulesets_lists_spans_and_shows_its_docs() -> None:
    code, out, _ = invoke("rulesets")
    assert code == 0 and "spans" in out
    code, out, _ = invoke("rulesets", "spans")
    assert code == 0 and "R003-04" in out
    code, _, err = invoke("rulesets", "chess")
    assert code == 2 and "unknown ruleset 'chess'" in err


def test_schema_describes_files_and_steps() -> None:
    code, out, _ = invoke("schema", "--ruleset", "spans")
    assert code == 0
    schema = json.loads(out)
    assert {"footwork", "ruleset", "map", "actors", "steps"} <= set(schema["properties"])
    titles = {v["title"] for v in schema["properties"]["steps"]["items"]["anyOf"]}
    assert {"run", "climb", "answer", "expect", "expect_error"} <= titles


def test_schema_validates_the_examples() -> None:
    """The printed schema accepts every example (checked with jsonschema when available)."""
    jsonschema = pytest.importorskip("jsonschema")
    from ruamel.yaml import YAML

    schema = json.loads(invoke("schema")[1])
    for example in sorted((ROOT / "examples" / "spans").glob("*.yaml")):
        jsonschema.validate(YAML(typ="safe").load(example.read_text(encoding="utf-8")), schema)


def test_query_lists_and_answers_ruleset_questions() -> None:
    """`footwork query` asks the ruleset's read-only questions (R003-17 cover from beyond)."""
    code, out, _ = invoke("query", str(BOARDING))
    assert code == 0 and "target ATTACKER TARGET melee|ranged" in out
    code, out, _ = invoke("query", str(BOARDING), "target", "vex", "ada", "ranged")
    assert code == 0
    assert json.loads(out) == {"allowed": False, "reason": "ada is in cover",
                               "rules": ["R003-17", "A003-15"]}
    code, out, _ = invoke("query", str(BOARDING), "on_high", "skarn", "ada", "--steps", "0")
    assert code == 0 and json.loads(out)["on_high"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["range", "a", "b"], "spans has no query 'range'; expected one of: conditions, on_high"),
        (["target", "vex", "ada"], "target takes 3 argument(s): ATTACKER TARGET melee|ranged"),
        (["target", "vex", "zed", "melee"], "no actor 'zed'"),
        (["target", "vex", "ada", "psychic"], "attack: expected melee or ranged, got 'psychic'"),
    ],
)
def test_query_errors_are_one_line(args: list[str], message: str) -> None:
    code, _, err = invoke("query", str(BOARDING), *args)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1


def test_state_views() -> None:
    code, out, _ = invoke("state", str(BOARDING), "--view", "player", "--no-log")
    assert code == 0 and json.loads(out)["view"] == "players"
    code, out, _ = invoke("state", str(BOARDING), "--seat", "side:crew", "--no-log")
    assert code == 0 and json.loads(out)["view"] == "side:crew"
    code, _, err = invoke("state", str(BOARDING), "--view", "god")
    assert code == 2 and "seat 'god': expected gm, players, side:NAME or actor:ID" in err


def _yaml_samples() -> list[tuple[str, str]]:
    """Every complete encounter shown in a README (a ```yaml block that starts a file)."""
    import re

    found = []
    readmes = [ROOT / "README.md", *sorted(ROOT.glob("src/footwork/rulesets/*/README.md"))]
    for readme in readmes:
        blocks = re.findall(r"```yaml\n(.*?)```", readme.read_text("utf-8"), re.S)
        for i, block in enumerate(blocks):
            if block.lstrip().startswith("footwork:"):
                found.append((f"{readme.relative_to(ROOT)}#{i}", block))
    return found


@pytest.mark.parametrize(("where", "text"), _yaml_samples(), ids=lambda v: str(v)[:40])
def test_readme_encounters_run_green(tmp_path: Path, where: str, text: str) -> None:
    """Documentation is part of the feature: every encounter a README shows runs green."""
    path = tmp_path / "sample.yaml"
    path.write_text(text, encoding="utf-8")
    code, _, err = invoke("run", "-q", str(path))
    assert code == 0, f"{where}: {err}"


def test_a_one_shot_command_never_compiles_a_search_but_a_long_lived_one_may(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`footwork options` asks one search: numba compiling beside it would hold the
    interpreter for seconds, so one-shot commands run the pure search (the same answers);
    the policy is back to the environment's afterwards."""
    from footwork.cli import app as cli
    from footwork.space import compiled

    monkeypatch.delenv("FOOTWORK_COMPILED", raising=False)
    seen: list[str] = []
    real = compiled.kernel

    def spy(*args: object) -> object:
        seen.append(compiled.policy())
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(compiled, "kernel", spy)
    ruined = Path(__file__).resolve().parents[2] / "examples" / "styles" / "ruined-tower.yaml"
    result = CliRunner().invoke(cli.app, ["options", str(ruined),
                                          "--actor", "ada"])
    assert result.exit_code == 0, result.output
    assert seen and set(seen) == {"off"}
    assert compiled.policy() == "background"
    assert "serve" in cli.LONG_LIVED and "play" in cli.LONG_LIVED


def test_doctor_says_whether_grids_are_searched_compiled(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`footwork doctor` tells a user whether this install searches grids compiled (numba
    is a main dependency) and where compiled code is cached; with the search turned off
    it says so and compiles nothing."""
    from footwork.space import compiled

    code, text, _ = invoke("doctor")
    assert code == 0
    assert f"kernels cached in {compiled.cache_dir()}" in text
    assert "grid kernels: ready" in text
    monkeypatch.setenv("FOOTWORK_COMPILED", "off")
    code, text, _ = invoke("doctor")
    assert code == 0 and "compiled search: off" in text and "grid kernels" not in text


def test_serve_starts_the_compile_and_says_when_grids_are_searched_compiled(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`footwork serve` starts compiling the grid searches at start-up (from the disk
    cache when warm) and prints a line once they are in use: how a user tells."""
    import threading

    from footwork.cli import app as cli
    from footwork.space import compiled

    line = cli._warm_grid_searches()
    assert line.startswith("compiled search: numba ") and "in the background" in line
    assert compiled.wait(300)
    for thread in threading.enumerate():
        if thread.name == "footwork-compiled-report":
            thread.join(10)
    assert "compiled search: ready: grids are searched compiled" in capsys.readouterr().out

"""Every CLI output a player seat receives goes through the seat's view (R004-02, R000-66).

The tavern brawl keeps its kitchen unrevealed, with the cook inside: a player seat's
state, options, map and queries never name either; the game master's name both.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .test_cli import ROOT, invoke

TAVERN = ROOT / "examples" / "sitemaps" / "tavern-brawl.yaml"
SECRETS = ("kitchen", "cook")


@pytest.mark.parametrize("seat", ["players", "side:patrons", "actor:mira"])
def test_a_player_seat_receives_nothing_hidden_R004_02(tmp_path: Path, seat: str) -> None:
    code, state, _ = invoke("state", str(TAVERN), "--seat", seat, "--steps", "0")
    assert code == 0
    body = json.loads(state)
    assert "version" not in body and set(body["actors"]) == {"mira", "dov", "bruno"}
    svg = tmp_path / "map.svg"
    code, _, _ = invoke("render", str(TAVERN), "-o", str(svg), "--seat", seat, "--steps", "0")
    assert code == 0
    drawn = svg.read_text()
    outputs = [state, drawn]
    if seat != "players":  # the players seat as a whole commands nobody
        code, options, _ = invoke("options", str(TAVERN), "-a", "mira", "--json", "--seat", seat,
                                  "--steps", "0")
        assert code == 0 and json.loads(options)
        outputs.append(options)
    for text in outputs:
        for name in SECRETS:
            assert name not in text, (seat, name)


def test_the_game_master_sees_everything() -> None:
    code, state, _ = invoke("state", str(TAVERN), "--steps", "0")
    assert code == 0 and "cook" in json.loads(state)["actors"]
    code, options, _ = invoke("options", str(TAVERN), "-a", "mira", "--json", "--steps", "0")
    assert code == 0 and "kitchen" in options


def test_a_seat_gets_options_only_for_its_own_characters() -> None:
    code, _, err = invoke("options", str(TAVERN), "-a", "bruno", "--seat", "side:patrons",
                          "--steps", "0")
    assert code == 2 and "does not command 'bruno'" in err


def test_a_hidden_actor_is_as_unknown_as_one_that_does_not_exist_R004_02() -> None:
    hidden = invoke("query", str(TAVERN), "range", "mira", "cook", "--seat", "players",
                    "--steps", "0")
    missing = invoke("query", str(TAVERN), "range", "mira", "nobody", "--seat", "players",
                     "--steps", "0")
    assert hidden[0] == missing[0] == 2
    assert hidden[2].replace("cook", "nobody") == missing[2]
    code, out, _ = invoke("query", str(TAVERN), "range", "mira", "cook", "--steps", "0")
    assert code == 0 and json.loads(out)
    code, _, err = invoke("options", str(TAVERN), "-a", "cook", "--seat", "players",
                          "--steps", "0")
    assert code == 2 and "no actor 'cook'" in err and "cook," not in err


def test_limits_are_set_on_the_command_line(tmp_path: Path) -> None:
    code, _, err = invoke("--limit", "file_bytes=100", "state", str(TAVERN))
    assert code == 2 and "--limit file_bytes=N" in err and len(err.strip().splitlines()) == 1
    code, _, err = invoke("--limit", "cels=3", "state", str(TAVERN))
    assert code == 2 and "unknown limit 'cels'" in err
    code, _, _ = invoke("--limit", "file_bytes=100000", "state", str(TAVERN), "--no-log")
    assert code == 0


@pytest.mark.parametrize(("command", "seat", "words"), [
    (["state"], "side:patron", "seat side:patron: no side 'patron' in the file; expected "
                               "one of: patrons, house"),
    (["options"], "actor:mirra", "seat actor:mirra: no actor 'mirra' in the file"),
    (["query", "range", "mira", "dov"], "side:nobody", "no side 'nobody'"),
    (["render", "-o", "map.svg"], "actor:nobody", "no actor 'nobody'"),
])
def test_a_seat_that_names_nobody_in_the_file_is_refused(
        tmp_path: Path, command: list[str], seat: str, words: str) -> None:
    args = [command[0], str(TAVERN), *command[1:], "--seat", seat, "--steps", "0"]
    args = [str(tmp_path / a) if a == "map.svg" else a for a in args]
    code, out, err = invoke(*args)
    assert (code, out) == (2, "") and err.count("\n") == 1 and words in err, err
    assert not (tmp_path / "map.svg").exists()

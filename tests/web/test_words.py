"""Every label in the game's words, in a real browser: examples played through the API,
then the page's visible text (the characters, the decision, the log) and every option
of the character to move, as the list and the tooltip write it, are walked for raw
patterns: "zone(s)", bracketed coordinates or faces, "(flight -1 m)", snake_case words
(a choice's internal name; the table's own place and character ids are kept), lengths
as the API writes them ("2.828u", "4 m (4 m of overland, 4 m of burrow)"), "at: [x, y]"
(session 33); and a pin's rolls named (they were two bare "d20" lines)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from ruamel.yaml import YAML

from tests.web.conftest import Server, Table, open_table

ROOT = Path(__file__).resolve().parents[2]
#: a choice named in snake_case, zone(s), a grid plan, d100 degrees, faces rolled
EXAMPLES = ["sitemaps/tavern-brawl", "allowances/lake-battle", "spans/boarding-action",
            "cultivation/courtyard-duel", "styles/ruined-tower"]
RAW = {
    "a plural in brackets": re.compile(r"\(s\)"),
    "bracketed numbers": re.compile(r"\[-?\d"),
    "a bracketed cell": re.compile(r"\(-?\d+,-?\d+\)"),
    # an Allowance spent as "flight -1 m" (a height below the surface, "at -1 m", and a
    # spot's "y -2 m" are no distance)
    "a negative distance": re.compile(r"(?<!at )(?<![xy] )-\d+(?:\.\d+)? m\b"),
    "a snake_case word": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),
    # styles' lengths as the API writes them ("2.828u"), not "2.83 u"
    "a length in u glued to its number": re.compile(r"\d(?:\.\d+)?u\b"),
    # an Allowance spent said twice ("4 m (4 m of overland, 4 m of burrow)")
    "a length said twice": re.compile(
        r"\b(\d+(?:\.\d+)?) m \(\1 m of [a-z]+(?:, \1 m of [a-z]+)*\)"),
    # how the API takes a spot ("answer place with at: [x, y]")
    "a spot as the API takes it": re.compile(r"at: \[x, y\]"),
}

#: the texts the page shows: its panels, and each option of the actor to move written
#: by the page's own words module (as the list, the tooltip and the ruler write it)
_TEXTS = """async ([key, actor]) => {
  const words = await import('/web/words.js');
  const out = [document.querySelector('.table').innerText];
  if (actor) {
    const base = location.pathname.replace('/t/', '/api/tables/');
    const reply = await fetch(`${base}/options?actor=${encodeURIComponent(actor)}`,
                              {headers: {Authorization: `Bearer ${key}`}});
    for (const option of await reply.json()) out.push(words.describe(option).innerText ||
                                                       words.describe(option).textContent);
  }
  return out;
}"""


def played(server: Server, example: str) -> Table:
    """A table of ``example`` with the example's own steps played through the API (up
    to the first the table refuses), so that its log has rolls, falls and answers."""
    table = server.table(example)
    data = YAML(typ="safe").load((ROOT / "examples" / f"{example}.yaml").read_text())
    for i, step in enumerate(data.get("steps") or []):
        if "do" not in step and "answer" not in step:
            continue
        command = dict(step)
        if "answer" in command and "actor" not in command:
            command["actor"] = table.state()["pending"]["actor"]
        reply = httpx.post(f"{server.url}/api/tables/{table.id}/commands",
                           headers={"Authorization": f"Bearer {table.secrets['gm']}"},
                           json={"version": table.state()["version"], "command": command,
                                 "command_id": f"words-{i}"}, timeout=30)
        if reply.status_code != 200:
            break
    return table


def raw_words(texts: list[str], ids: set[str]) -> list[str]:
    """Each raw pattern found, with the text around it."""
    found = []
    for text in texts:
        for what, pattern in RAW.items():
            for match in pattern.finditer(text):
                if what == "a snake_case word" and match.group(0) in ids:
                    continue
                start = max(0, match.start() - 40)
                found.append(f"{what}: …{text[start:match.end() + 40]}…")
    return found


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_page_speaks_in_the_game_s_words(server: Server, page: Page, example: str) -> None:
    table = played(server, example)
    state: dict[str, Any] = table.state()
    open_table(page, table.link())
    page.click('#panels [data-panel="log-panel"]')
    texts: list[str] = page.evaluate(_TEXTS, [table.secrets["gm"], state["turn"]])
    page.click('#panels [data-panel="play"]')
    texts.append(page.locator(".table").inner_text())
    ids = set(state["actors"]) | set(page.evaluate(
        "[...document.querySelectorAll('#map [data-place]')].map(e => e.dataset.place)"))
    assert len(texts) > 2, "the options were written"
    assert raw_words(texts, ids) == []


def test_a_pin_names_its_rolls_and_a_spot_is_picked_in_words(server: Server,
                                                              page: Page) -> None:
    """Bruno may pin Mira: the choice to pin listed two identical "d20: pass …" lines
    (Mira's STR and AGI, unnamed); placing her said "answer place with at: [x, y]"."""
    table = server.table("sitemaps/tavern-brawl")
    table.send({"do": "move", "actor": "mira", "to": "street-west", "at": [4, -2]})
    open_table(page, table.link())
    pin = page.locator('#decision-choices button[data-choice="pin"]')
    checks = pin.locator(".option-check")
    expect(checks).to_have_text([re.compile(r"^STR 8 \(resist a pin\), d20: pass 2/5"),
                                 re.compile(r"^AGI 12 \(resist a pin\), d20: pass 3/5")])
    table.send({"answer": "pin", "actor": "bruno"})
    table.send({"answer": "AGI", "roll": [15]})
    prompt = page.locator("#decision-prompt")
    # the two ways are the two buttons: the free spot nearest, or one picked on the map
    expect(prompt).to_have_text("place mira anywhere within 2 m of bruno")
    expect(page.locator('#decision-choices button[data-choice="place"]')).to_contain_text(
        "the free spot nearest to where it stopped")
    expect(page.locator("#decision")).not_to_contain_text("[x, y]")
    page.locator("#decision-choices button[data-point-choice]").click()
    expect(page.locator("#status")).to_have_text(
        "Click the spot on the map (place mira anywhere within 2 m of bruno); Esc cancels.")

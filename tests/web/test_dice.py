"""Dice rolled at the table, in a real browser: the dialog asks for faces only when the
command rolls a die (a climb does; paying to keep climbing and ending the turn do not)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.conftest import Server, Table, click_place, open_table, wait_until


def rolls(table: Table) -> int:
    """How many rolls the table's log holds."""
    return sum(line["event"] == "rolled" for line in table.get("log", limit=1000)["lines"])


def test_the_dice_dialog_opens_only_when_a_roll_is_due(server: Server, page: Page) -> None:
    table = server.table("spans/cliff-climb")
    open_table(page, table.link())
    page.check('input[name="dice"][value="table"]')
    dialog = page.locator("#dice-dialog")
    # a climb rolls a die (the one of the first way offered): the dialog names it
    page.click('.actor-button[data-actor="tamsin"]')
    page.wait_for_selector('#map .fw-reach[data-place="outcrop"]')
    click_place(page, '#map .fw-reach[data-place="outcrop"]')
    expect(dialog).to_be_visible()
    expect(page.locator("#dice-what")).to_contain_text(re.compile(r"tamsin rolls 1d\d for climb"))
    page.fill("#dice-faces", "4")
    page.click("#dice-send")
    expect(dialog).to_be_hidden()
    # a 4 (bands 3-4) is a struggle: paying or declining rolls nothing
    struggle = wait_until(lambda: (s := table.state())["pending"] and s, "the struggle")
    assert struggle["pending"]["kind"] == "struggle"
    rolled = rolls(table)
    page.click('#decision-choices button[data-choice="pay"]')
    paid = wait_until(lambda: (s := table.state())["pending"] is None and s, "the answer")
    expect(dialog).to_be_hidden()
    assert paid["actors"]["tamsin"] != struggle["actors"]["tamsin"]  # paid, climbed on
    assert rolls(table) == rolled  # and no die was rolled by footwork instead
    # nor does ending her turn
    expect(page.locator('.actor-button[data-actor="tamsin"]')).to_have_attribute(
        "aria-pressed", "true")
    page.locator("#options .option-button", has_text="end").first.click()
    wait_until(lambda: table.state()["turn"] == "oro", "the end of tamsin's turn")
    expect(dialog).to_be_hidden()
    assert rolls(table) == rolled

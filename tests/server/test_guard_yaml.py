"""ruamel's warnings never reach the server's stderr with excerpts of a submitted file
(issue 24, item 12): a file ruamel warns about is refused with the fault in our words
(its lines, no excerpt), and no warning escapes to be printed."""

from __future__ import annotations

import warnings

from fastapi.testclient import TestClient

SECRET_LOOKING = "the-text-of-a-strangers-file"
TEXT = f"""footwork: 1
ruleset: spans
title: &x {SECRET_LOOKING}
name: &x again
"""


def test_a_file_ruamel_warns_about_is_a_fault_and_nothing_is_printed(
        client: TestClient) -> None:
    with warnings.catch_warnings(record=True) as escaped:
        warnings.simplefilter("always")
        reply = client.post("/api/tables", json={"encounter": TEXT})
    assert reply.status_code == 400
    body = reply.json()
    assert body["faults"] == [{"line": 4, "path": "",
                               "message": "invalid YAML: an anchor is defined again (first "
                                          "at line 3): give each anchor its own name"}]
    assert SECRET_LOOKING not in reply.text
    shown = [str(w.message) for w in escaped]
    assert not any(SECRET_LOOKING in text or "anchor" in text for text in shown), shown

"""Words, server side (issue 21, item 7): rule texts rendered from Markdown for the page
(HTML, raw HTML escaped), table rows that stand alone written as list items, every
shipped example with a title."""

from __future__ import annotations

from fastapi.testclient import TestClient

from footwork.markdown import passage_markdown, to_html


def test_a_rule_comes_as_markdown_and_as_html_without_raw_markup(client: TestClient) -> None:
    passages = client.get("/api/rules/R003-04").json()
    assert passages
    for passage in passages:
        assert "|" not in passage["text"].replace("\\|", "")
        html = passage["html"]
        assert "**" not in html and "`" not in html and "| " not in html
        assert html.startswith(("<p>", "<ul>", "<ol>", "<table>", "<h"))
    assert any("<strong>" in p["html"] for p in passages)


def test_a_rulesets_documentation_renders_as_html(client: TestClient) -> None:
    reply = client.get("/api/rulesets/spans", params={"format": "html"})
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/html")
    assert "<table>" in reply.text and "<h1>" in reply.text
    assert client.get("/api/rulesets/spans").text.startswith("#")


def test_raw_html_and_script_links_never_pass() -> None:
    html = to_html('<script>alert(1)</script> [x](javascript:alert(1)) **bold**')
    assert "<script>" not in html and "href" not in html
    assert "<strong>bold</strong>" in html


def test_lone_table_rows_become_list_items_and_whole_tables_stay() -> None:
    assert passage_markdown("| `run` | `die`, `to` | R003-02 |") == \
        "- `run` — `die`, `to` — R003-02"
    assert passage_markdown("| Run | d8 |") == "- **Run** — d8"
    table = "| a | b |\n|---|---|\n| 1 | 2 |"
    assert passage_markdown(table) == table


def test_every_example_has_a_title(client: TestClient) -> None:
    examples = client.get("/api/examples").json()
    assert len(examples) >= 15
    for example in examples:
        assert example["title"] and example["title"] != example["name"], example
        assert "/" not in example["title"], example

"""The paths taken this turn, rebuilt from the log (``footwork.engine.trails``): what a
page opened in the middle of a turn draws, for each seat only what it may see."""

from __future__ import annotations

from pathlib import Path

from footwork.engine.trails import turn_paths
from footwork.scenario import load_encounter

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_a_move_this_turn_is_a_path_until_the_turn_ends_or_is_undone() -> None:
    session = load_encounter(EXAMPLES / "styles" / "ruined-tower.yaml").session()
    actor = session.state.current
    start = session.state.actors[actor].at
    assert turn_paths(session, session.view("gm")) == {}
    moves = [o for o in session.options(actor) if o.to and not o.checks]
    session.do(moves[0].command)
    there = session.state.actors[actor].at
    assert there != start
    assert turn_paths(session, session.view("gm")) == {actor: [start, there]}
    # a second move goes on from there, in order
    more = [o for o in session.options(actor) if o.to and not o.checks and o.to != start]
    if more:
        session.do(more[0].command)
        path = turn_paths(session, session.view("gm"))[actor]
        assert path[:2] == [start, there] and path[-1] == session.state.actors[actor].at
        session.undo()
    session.undo()
    assert turn_paths(session, session.view("gm")) == {}
    session.do(moves[0].command)
    session.do({"do": "end_turn", "actor": actor})
    assert turn_paths(session, session.view("gm")) == {}  # a new turn starts afresh


def test_a_seat_gets_no_path_through_what_is_hidden_from_it_A004_17() -> None:
    """A004-17: the kitchen is hidden from the players; the cook walks out of it into
    the taproom. The game master sees the whole path; the players see no path at all
    (it would start in the hidden kitchen), and nothing names the kitchen."""
    session = load_encounter(EXAMPLES / "sitemaps" / "tavern-brawl.yaml").session()
    for actor in ("mira", "dov", "bruno"):
        session.do({"do": "end_turn", "actor": actor})
    assert session.state.current == "cook"
    option = next(o for o in session.options("cook") if o.to == "taproom")
    session.do(option.command)
    if session.state.pending is not None:  # mira may pin the cook on the way: she lets pass
        session.do({"answer": "let_pass"})
    assert turn_paths(session, session.view("gm")) == {"cook": ["kitchen", "taproom"]}
    players = turn_paths(session, session.view("players"))
    assert "cook" not in players and "kitchen" not in str(players)

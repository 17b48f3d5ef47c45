"""Issue 25: a caller that keeps what a seat perceived (the table server's seat logs)
gives it to ``View.state_json`` as a :class:`Seen`, and nothing is replayed; without one
the replay of the whole history judges the log and the turn, as before."""

from __future__ import annotations

import json

from footwork.engine.seats import Seat
from footwork.engine.view import Seen, last_turn
from footwork.scenario import encounter_from_text
from tests.support import UNSEEN_KATO

#: Kato, unseen by the jade side (R000-66), takes the first turn of every round
UNSEEN = UNSEEN_KATO


def test_a_seen_seat_reads_the_state_the_replay_gives_without_replaying() -> None:
    session = encounter_from_text(UNSEEN).session()
    jade = Seat.parse("side:jade")
    for command in ({"do": "move", "actor": "kato", "to": "hall"},
                    {"do": "end_turn", "actor": "kato"}, {"do": "end_turn", "actor": "lin"}):
        session.do(command)
    assert session.actor_to_move == "kato"  # round 2: Kato's turn, hidden from jade
    view = session.view(jade)
    lines, turn = view._replay(session.initial, session.batches)
    assert turn == "lin" == last_turn(lines, None)  # the last turn jade saw begin
    replayed = view.state_json(session.state, session.initial, session.batches)
    assert replayed["turn"] == "lin"
    kept = view.state_json(session.state, seen=Seen(turn=turn, lines=lines))
    assert json.dumps(kept) == json.dumps(replayed)
    # without the lines, a state with its log still replays them; without the log not
    assert json.dumps(view.state_json(session.state, session.initial, session.batches,
                                      seen=Seen(turn=turn))) == json.dumps(replayed)
    bare = view.state_json(session.state, log=False, seen=Seen(turn=turn))
    assert json.dumps(bare) == json.dumps({k: v for k, v in replayed.items() if k != "log"})
    # what is given is what is told: no replay stands behind it
    assert view.state_json(session.state, log=False, seen=Seen(turn=None))["turn"] is None

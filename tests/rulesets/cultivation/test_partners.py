"""Partners and joint moves (R000-07..15; A000-07, A000-33)."""

from __future__ import annotations

from typing import Any

from ._helpers import a, actor, at, cited, end_turns, of_type, refused, session


def paired(*extra: dict[str, Any], **options: Any) -> Any:
    s = session([actor("ada", "a", air=4), actor("bo", "a", earth=4), *extra],
                options=options or None)
    s.do({"do": "partner", "actor": "ada", "target": "bo"})
    s.do({"answer": "accept"})
    return s


def test_naming_a_partner_is_a_free_declaration_R000_07() -> None:
    """R000-07: a Partner is an ally in the same zone; naming it costs no Action."""
    s = paired()
    assert a(s, "ada").partner == "bo" and a(s, "ada").action_spent is False


def test_the_ally_must_consent_R000_08() -> None:
    """R000-08: the ally is asked (a pending decision) and may refuse."""
    s = session([actor("ada", "a"), actor("bo", "a")])
    s.do({"do": "partner", "actor": "ada", "target": "bo"})
    assert s.state.pending.actor == "bo" and s.state.pending.kind == "partner"
    s.do({"answer": "refuse"})
    assert a(s, "ada").partner is None and a(s, "bo").partner is None


def test_partnership_is_mutual_and_exclusive_R000_09() -> None:
    """R000-09: both name each other; a third character cannot join either (no chains)."""
    s = paired(actor("cy", "a"))
    assert a(s, "bo").partner == "ada"
    refused(s, {"do": "partner", "actor": "ada", "target": "cy"}, "already_partnered", "R000-09")
    end_turns(s, "ada", "bo")
    refused(s, {"do": "partner", "actor": "cy", "target": "bo"}, "already_partnered", "R000-09")


def test_partnering_across_zones_or_with_a_foe_is_refused_R000_07_R000_10() -> None:
    """R000-07, R000-10: the ally must share the zone and be an ally."""
    s = session([actor("ada", "a"), actor("bo", "b"), actor("foe", "a", side="bad")])
    refused(s, {"do": "partner", "actor": "ada", "target": "bo"}, "not_same_zone", "R000-10")
    refused(s, {"do": "partner", "actor": "ada", "target": "foe"}, "not_ally", "R000-07")
    refused(s, {"do": "partner", "actor": "ada", "target": "ada"}, "self_partner")


def test_partnership_ends_when_one_moves_away_R000_10() -> None:
    """R000-10: moving alone into another zone ends the partnership at once."""
    s = paired()
    events = s.do({"do": "move", "actor": "ada", "to": "b"})
    ended = of_type(events, "partnership_ended")
    assert ended and "R000-10" in cited(ended)
    assert a(s, "bo").partner is None


def test_breaking_a_partnership_is_a_free_declaration_A000_33() -> None:
    """A000-33: either may end the partnership, at no cost, during its turn."""
    s = paired()
    s.do({"do": "unpartner", "actor": "ada"})
    assert a(s, "ada").partner is None and a(s, "bo").partner is None
    refused(s, {"do": "unpartner", "actor": "ada"}, "no_partner", "A000-33")


def test_joint_move_moves_both_and_spends_both_R000_11_R000_12() -> None:
    """R000-11, R000-12: the first to act moves both; both Moves are spent; the partner
    keeps its Action (A000-07)."""
    s = paired()
    s.do({"do": "joint_move", "actor": "ada", "to": "b"})
    assert at(s, "ada") == at(s, "bo") == "b"
    assert a(s, "bo").spent == 1 and a(s, "ada").partner == "bo"
    end_turns(s, "ada")
    refused(s, {"do": "move", "actor": "bo", "to": "c"}, "move_over", "R000-12")
    assert a(s, "bo").action_spent is False


def test_joint_move_after_the_partner_acted_is_refused_R000_11_A000_07() -> None:
    """R000-11, A000-07: both must still have their turn: a partner that ended its turn
    (or moved) cannot be moved jointly this round."""
    s = session([actor("bo", "a"), actor("ada", "a")])
    s.do({"do": "partner", "actor": "bo", "target": "ada"})
    s.do({"answer": "accept"})
    end_turns(s, "bo")
    refused(s, {"do": "joint_move", "actor": "ada", "to": "b"}, "partner_acted", "R000-11")


def test_joint_move_needs_speed_for_both_R000_13_A000_07() -> None:
    """R000-13, A000-07: several zones only if each partner has the Speed; the joint budget
    is the lower of the two, and the partner may Sprint with its own Action."""
    s = paired()
    s.do({"do": "sprint", "actor": "ada"})
    s.do({"do": "joint_move", "actor": "ada", "to": "b"})
    # ada has Speed 3 left over; it is bo whose Speed is used up (R000-13, s32 review)
    refused(s, {"do": "joint_move", "actor": "ada", "to": "c"}, "partner_too_slow", "R000-13")
    s = paired()
    s.do({"do": "sprint", "actor": "ada"})
    s.do({"do": "joint_move", "actor": "ada", "to": "b", "partner_sprints": True})
    s.do({"do": "joint_move", "actor": "ada", "to": "c"})
    assert at(s, "bo") == "c" and a(s, "bo").action_spent is True


def test_each_partner_challenges_at_an_obstacle_R000_14_R000_15() -> None:
    """R000-14, R000-15: at Difficult Terrain each partner rolls its own Challenge, with the
    partnership bonus (`partners.challenge_bonus`, effects defined elsewhere)."""
    s = paired(partners={"challenge_bonus": 2})
    s.do({"do": "move", "actor": "ada", "to": "b"})  # ends the partnership; set it up in b
    s = session([actor("ada", "b", air=4), actor("bo", "b", earth=4)],
                options={"partners": {"challenge_bonus": 2}})
    s.do({"do": "partner", "actor": "ada", "target": "bo"})
    s.do({"answer": "accept"})
    events = s.do({"do": "joint_move", "actor": "ada", "to": "r", "roll": [10, 10]})
    rolls = of_type(events, "rolled")
    assert [(r.actor, r.total) for r in rolls] == [("ada", 16), ("bo", 16)]
    assert "R000-14" in cited(rolls)


def test_joint_block_stops_both_or_splits_A000_07() -> None:
    """A000-07: when one partner fails a crossing it cannot pay, both stop (default) or the
    pair splits (`partners.joint_block: split`) and the partnership ends."""
    for mode, ada_at, partner in (("stop_both", "b", "bo"), ("split", "r", None)):
        s = session([actor("ada", "b", air=4), actor("bo", "b", earth=0)],
                    options={"partners": {"joint_block": mode}})
        s.do({"do": "partner", "actor": "ada", "target": "bo"})
        s.do({"answer": "accept"})
        s.do({"do": "sprint", "actor": "ada"})
        s.do({"do": "joint_move", "actor": "ada", "to": "r", "partner_sprints": True,
              "roll": [15, 1]})
        assert at(s, "ada") == ada_at and at(s, "bo") == "b"
        assert a(s, "ada").partner == partner

"""Assertions shared by the rule-by-rule tests of every ruleset."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from footwork.engine import Session
from footwork.engine.events import Event
from footwork.errors import IllegalCommand


def types(events: Iterable[Event]) -> list[str]:
    return [e.type for e in events]


def of_type(events: Iterable[Event], kind: str) -> list[Any]:
    return [e for e in events if e.type == kind]


def cited(events: Iterable[Event]) -> set[str]:
    return {r for e in events for r in e.rules}


def refused(
    s: Session[Any], command: Mapping[str, Any], reason: str, *rules: str
) -> IllegalCommand:
    """``command`` is refused for ``reason`` citing ``rules``, and nothing changes."""
    before = s.state
    history = len(s.history)
    with pytest.raises(IllegalCommand) as info:
        s.do(command)
    assert info.value.reason == reason, info.value
    assert set(rules) <= set(info.value.rules), info.value.rules
    assert s.state is before or s.state == before
    assert len(s.history) == history
    return info.value

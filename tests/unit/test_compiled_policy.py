"""The dispatch policy of the compiled searches (footwork.space.compiled): a search never
waits for a compilation unless asked to; the pure search answers meanwhile."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from footwork.space import compiled, kernels


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[dict[str, Any], threading.Event]]:
    """A kernel module whose "compilation" waits for an event and returns a sentinel."""
    gate = threading.Event()

    def build(namespace: Any, functions: Any, entry: str) -> Any:
        gate.wait(5)
        return ("compiled", entry)

    monkeypatch.setattr(kernels, "build_kernel", build)
    namespace: dict[str, Any] = {"__name__": f"fake_kernel_{id(gate)}"}
    yield namespace, gate
    gate.set()
    compiled.wait(5)
    compiled.set_policy(None)


def test_background_answers_none_until_ready(fake: tuple[dict[str, Any], threading.Event]
                                             ) -> None:
    namespace, gate = fake
    compiled.set_policy("background")
    assert compiled.kernel(namespace, (), "_search") is None  # no wait: pure search now
    assert compiled.status(namespace, "_search") == "compiling"
    assert compiled.kernel(namespace, (), "_search") is None
    gate.set()
    assert compiled.wait(5)
    assert compiled.kernel(namespace, (), "_search") == ("compiled", "_search")
    assert compiled.status(namespace, "_search") == "ready"


def test_wait_compiles_on_the_first_ask(fake: tuple[dict[str, Any], threading.Event]) -> None:
    namespace, gate = fake
    gate.set()
    compiled.set_policy("wait")
    assert compiled.kernel(namespace, (), "_search") == ("compiled", "_search")


def test_off_never_compiles(fake: tuple[dict[str, Any], threading.Event]) -> None:
    namespace, _ = fake
    compiled.set_policy("off")
    assert compiled.kernel(namespace, (), "_search") is None
    assert kernels.load_kernel(namespace, (), "_search") is None
    assert compiled.status(namespace, "_search") == "cold"


def test_policy_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled.set_policy(None)
    monkeypatch.setenv("FOOTWORK_COMPILED", "OFF")
    assert compiled.policy() == "off"
    monkeypatch.setenv("FOOTWORK_COMPILED", "nonsense")
    assert compiled.policy() == "background"
    with pytest.raises(ValueError, match="unknown policy"):
        compiled.set_policy("sometimes")  # type: ignore[arg-type]

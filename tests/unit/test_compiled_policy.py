"""The dispatch policy of the compiled searches (footwork.space.compiled): a search never
waits for a compilation unless asked to; the pure search answers meanwhile."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
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


def test_the_cache_is_the_users_unless_numba_cache_dir_says(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import platformdirs

    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    assert compiled.cache_dir() == Path(platformdirs.user_cache_dir("footwork")) / "numba"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert compiled.cache_dir() == tmp_path
    assert compiled.use_cache_dir() == tmp_path  # a user's own setting is kept


def test_compiled_code_lands_in_the_users_cache_folder(tmp_path: Path) -> None:
    """A fresh process (no NUMBA_CACHE_DIR) caches what numba compiles under footwork's
    folder of the user's cache directory, not beside the sources: a site-packages folder
    may be read-only, and the next process loads it from there."""
    module = tmp_path / "src" / "tiny_kernel.py"
    module.parent.mkdir()
    module.write_text("import numba\n\n@numba.njit(cache=True)\n"
                      "def double(x):\n    return 2 * x\n", encoding="utf-8")
    code = ("import sys; from footwork.space import compiled; folder = compiled.use_cache_dir();"
            f" sys.path.insert(0, {str(module.parent)!r}); import tiny_kernel;"
            " assert tiny_kernel.double(21) == 42; print(folder)")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    folder = Path(done.stdout.strip())
    assert folder == tmp_path / "cache" / "footwork" / "numba"
    assert list(folder.rglob("tiny_kernel.double-*.nbi")), "nothing cached there"
    assert not list(module.parent.rglob("*.nbi")), "cached beside the source"


def test_asking_for_a_kernel_never_waits_for_another_ones_compile(
        fake: tuple[dict[str, Any], threading.Event]) -> None:
    """Under ``background`` a search asks for two kernels (its own and the core search):
    while the first compiles, asking for the second starts it and returns at once (the
    compile lock is not held by an ask), so the pure search answers without waiting."""
    namespace, gate = fake
    other: dict[str, Any] = {"__name__": f"{namespace['__name__']}_other"}
    compiled.set_policy("background")
    assert compiled.kernel(namespace, (), "_search") is None  # its compile waits on gate
    done = threading.Event()

    def ask() -> None:
        compiled.kernel(other, (), "_search")
        done.set()

    threading.Thread(target=ask, daemon=True).start()
    assert done.wait(2), "asking for a second kernel waited for the first one's compile"
    assert compiled.status(other, "_search") == "compiling"
    gate.set()
    assert compiled.wait(5)


def test_without_numba_the_report_says_the_pure_searches_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    compiled.set_policy("off")
    try:
        assert compiled.report().startswith("compiled search: off")
    finally:
        compiled.set_policy(None)
    monkeypatch.setitem(sys.modules, "numba", None)  # `import numba` now fails
    assert compiled.numba_version() is None
    assert compiled.report().startswith("compiled search: unavailable")

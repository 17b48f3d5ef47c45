"""When the compiled (numba) searches are used: never at the price of a wait.

A compiled kernel answers a bounded search in tens of microseconds where the pure search
takes a millisecond or two, but loading numba takes about half a second and compiling a
kernel several seconds (about 1 s more from numba's on-disk cache). A table or a bot asks
thousands of times and gains; a one-shot command asks once or twice and would only wait.
So a caller asks :func:`kernel` before each search and runs the pure search (the same
answer, the oracle of the tests) whenever it gets None:

- ``background`` (the default): the first ask starts compiling the kernel in a
  background thread (from the disk cache when it is warm) and returns None; later asks
  return the compiled kernel once it is ready. Nobody waits for it.
- ``wait``: compile on the first ask and return the kernel (what the tests of the
  kernels do, through :func:`footwork.space.kernels.load_kernel`).
- ``off``: never compile: the pure searches only, as without numba.

The policy is the environment variable ``FOOTWORK_COMPILED`` or :func:`set_policy`.
:func:`warm_up` starts the background compile ahead of the first search (a server at
start-up); :func:`wait` blocks until the background compiles are done (benchmarks).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, MutableMapping, Sequence
from typing import Any, Literal

__all__ = ["Policy", "kernel", "policy", "set_policy", "status", "wait", "warm_up"]

Policy = Literal["background", "wait", "off"]
_POLICIES: tuple[Policy, ...] = ("background", "wait", "off")

_policy: Policy | None = None
#: one lock for every compile: numba compiles one thing at a time anyway, and a blocking
#: caller and a background thread must not compile the same kernel twice
_lock = threading.RLock()
#: per kernel (its module namespace's name and its entry): the dispatcher, None while it is
#: not ready, or False when it cannot be compiled (no numba)
_ready: dict[tuple[str, str], Any] = {}
_threads: dict[tuple[str, str], threading.Thread] = {}


def policy() -> Policy:
    """The policy in force: :func:`set_policy`'s, else ``FOOTWORK_COMPILED``, else
    ``background``."""
    if _policy is not None:
        return _policy
    env = os.environ.get("FOOTWORK_COMPILED", "background").strip().lower()
    return env if env in _POLICIES else "background"


def set_policy(value: Policy | None) -> None:
    """Set the policy for this process (None: back to the environment's)."""
    global _policy
    if value is not None and value not in _POLICIES:
        raise ValueError(f"unknown policy {value!r}; expected one of: {', '.join(_POLICIES)}")
    _policy = value


def _key(namespace: MutableMapping[str, Any], entry: str) -> tuple[str, str]:
    return (str(namespace.get("__name__", id(namespace))), entry)


def compile_now(namespace: MutableMapping[str, Any],
                functions: Sequence[tuple[str, str | list[str]]], entry: str,
                build: Callable[[], Any]) -> Any:
    """Compile a kernel (``build`` does it and returns the entry dispatcher or None) once
    per process, under the compile lock; returns the dispatcher or None."""
    key = _key(namespace, entry)
    with _lock:
        found = _ready.get(key)
        if found is None:
            try:
                found = build()
            except Exception:  # a kernel that fails to compile: the pure search answers
                found = None
            _ready[key] = found if found is not None else False
    return found or None


def kernel(namespace: MutableMapping[str, Any],
           functions: Sequence[tuple[str, str | list[str]]], entry: str) -> Any:
    """The compiled ``entry`` of a kernel module, or None when the caller should run the
    pure search now: the policy is ``off``, numba is missing, or (``background``) the
    kernel is still being compiled in a background thread, started by this call."""
    from footwork.space.kernels import build_kernel

    mode = policy()
    if mode == "off":
        return None
    key = _key(namespace, entry)
    found = _ready.get(key)
    if found is not None:
        return found or None
    if mode == "wait":
        return compile_now(namespace, functions, entry,
                           lambda: build_kernel(namespace, functions, entry))
    warm_up(namespace, functions, entry)
    return None


def warm_up(namespace: MutableMapping[str, Any],
            functions: Sequence[tuple[str, str | list[str]]], entry: str) -> None:
    """Start compiling a kernel in a background thread (once; nothing if it is ready)."""
    from footwork.space.kernels import build_kernel

    key = _key(namespace, entry)
    with _lock:
        if key in _ready or key in _threads:
            return
        thread = threading.Thread(
            target=compile_now, name=f"footwork-compile-{entry}", daemon=True,
            args=(namespace, functions, entry,
                  lambda: build_kernel(namespace, functions, entry)))
        _threads[key] = thread
    thread.start()


def status(namespace: MutableMapping[str, Any], entry: str) -> str:
    """``ready``, ``compiling``, ``absent`` (cannot be compiled) or ``cold``."""
    key = _key(namespace, entry)
    found = _ready.get(key)
    if found is False:
        return "absent"
    if found is not None:
        return "ready"
    return "compiling" if key in _threads else "cold"


def wait(timeout: float | None = None) -> bool:
    """Block until the background compiles started so far are done; whether they are."""
    for thread in list(_threads.values()):
        thread.join(timeout)
    return not any(t.is_alive() for t in _threads.values())

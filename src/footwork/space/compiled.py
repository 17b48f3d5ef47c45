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

Compiled code is cached on disk where a user's files go, not beside the installed sources
(a site-packages folder may not be writable, and an editable install would fill the
checkout): :func:`cache_dir`, the user's cache folder (platformdirs) unless
``NUMBA_CACHE_DIR`` says otherwise. :func:`use_cache_dir` points numba at it before it is
imported, so that a second process loads the kernels in about a second instead of
compiling them. :func:`report` says in one line what a process uses (``footwork doctor``).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, MutableMapping, Sequence
from pathlib import Path
from typing import Any, Literal

__all__ = ["Policy", "cache_dir", "compiled_all", "kernel", "numba_version", "policy", "report",
           "set_policy", "status", "use_cache_dir", "wait", "warm_up"]

Policy = Literal["background", "wait", "off"]
_POLICIES: tuple[Policy, ...] = ("background", "wait", "off")

_policy: Policy | None = None
#: one lock for every compile: numba compiles one thing at a time anyway, and a blocking
#: caller and a background thread must not compile the same kernel twice
_lock = threading.RLock()
#: guards the tables below, never held while compiling: a search asking whether a kernel
#: is ready (and starting its compile) must not wait for another kernel's compile
_tables = threading.Lock()
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


def cache_dir() -> Path:
    """Where compiled kernels are cached: ``NUMBA_CACHE_DIR`` when it is set, else the
    ``numba`` folder of footwork's folder in the user's cache directory."""
    given = os.environ.get("NUMBA_CACHE_DIR", "").strip()
    if given:
        return Path(given)
    import platformdirs

    return Path(platformdirs.user_cache_dir("footwork")) / "numba"


def use_cache_dir() -> Path:
    """Point numba's cache at :func:`cache_dir` (before numba is imported: it reads
    ``NUMBA_CACHE_DIR`` then; and into its config if it is already loaded). Never
    overrides a ``NUMBA_CACHE_DIR`` the user set."""
    folder = cache_dir()
    os.environ.setdefault("NUMBA_CACHE_DIR", str(folder))
    config = sys.modules.get("numba.core.config")
    if config is not None and not getattr(config, "CACHE_DIR", ""):
        config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]  # numba loaded first
    return folder


def numba_version() -> str | None:
    """numba's version when it can be imported (this imports it, about 0.5 s), else None."""
    use_cache_dir()
    try:
        import numba  # type: ignore[import-not-found, unused-ignore]
    except (ImportError, OSError):  # OSError: llvmlite's library cannot be mapped
        return None
    return str(numba.__version__)


def report() -> str:
    """One line: whether the grid searches run compiled in this process, and why not."""
    mode = policy()
    version = numba_version()
    if version is None:
        return "compiled search: unavailable (numba cannot be imported): pure-Python searches"
    if mode == "off":
        return f"compiled search: off (FOOTWORK_COMPILED=off): numba {version} not used"
    return (f"compiled search: numba {version}, policy {mode}, kernels cached in "
            f"{cache_dir()}")


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
            with _tables:
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
    with _tables:  # not the compile lock: a compile under way must not hold this ask
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


def compiled_all() -> bool:
    """Did every kernel asked for so far compile (none absent or failed)?"""
    return bool(_ready) and all(found is not False for found in _ready.values())


def wait(timeout: float | None = None) -> bool:
    """Block until the background compiles started so far are done; whether they are."""
    for thread in list(_threads.values()):
        thread.join(timeout)
    return not any(t.is_alive() for t in _threads.values())

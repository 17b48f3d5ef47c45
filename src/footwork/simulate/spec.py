"""What a study asks for, parsed from text into immutable values (one-line errors).

``--policy`` takes ``SPEC`` (everyone), ``ACTOR=SPEC`` or ``side:NAME=SPEC``, where SPEC is
``random``, ``cautious``, ``toward:PLACE`` or ``module:function``. ``--vary`` takes
``PATH=V1,V2,...`` where PATH is a ruleset option (``climb.fail_falls``, or with an
``options.`` prefix) or an actor's stat (``actors.ID.stats.NAME``).
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from footwork.errors import FootworkError, excerpt
from footwork.rulesets.registry import get_ruleset
from footwork.simulate.policies import PolicyError

#: the built-in policies (a spec with a colon that is not ``toward:`` is a hook)
BUILT_IN = ("random", "cautious")
#: the most values one ``--vary`` may list
MAX_VALUES = 20


class StudyError(FootworkError):
    """A study that cannot run as asked: a bad --vary, --runs, --rounds..."""


Scalar = str | int | float | bool | None


@dataclass(frozen=True, slots=True)
class PolicyRule:
    """``who`` ("" for everyone, an actor id, or ``side:NAME``) plays by ``spec``."""

    who: str
    spec: str


@dataclass(frozen=True, slots=True)
class Vary:
    """One study per value of ``path``, side by side."""

    path: tuple[str, ...]
    values: tuple[Scalar, ...]

    @property
    def name(self) -> str:
        return ".".join(self.path)


def parse_policies(texts: Sequence[str]) -> tuple[PolicyRule, ...]:
    """``["random", "ada=toward:pier"]`` as rules; a later rule for the same ``who`` wins."""
    rules: list[PolicyRule] = []
    for text in texts:
        who, eq, spec = text.partition("=")
        if not eq:
            who, spec = "", text
        who, spec = who.strip(), spec.strip()
        check_spec(spec, where=f"--policy {text}")
        if who.startswith("side:") and not who[5:]:
            raise PolicyError(f"--policy {text}: expected side:NAME=SPEC")
        rules.append(PolicyRule(who, spec))
    return tuple(rules)


def check_spec(spec: str, *, where: str) -> None:
    kind, colon, arg = spec.partition(":")
    if spec in BUILT_IN or (kind == "toward" and arg):
        return
    if colon and kind and arg and kind != "toward":
        return  # module:function, imported where the runs are played
    raise PolicyError(f"{where}: expected random, cautious, toward:PLACE or "
                      f"module:function, got {excerpt(spec, 60)!r}")


def parse_vary(text: str) -> Vary:
    """``climb.fail_falls=false,true`` or ``actors.ada.stats.guard=3,4``."""
    path, eq, values = text.partition("=")
    parts = tuple(p for p in path.strip().split(".") if p)
    if not eq or not parts or not values.strip():
        raise StudyError(f"--vary {excerpt(text, 60)}: expected PATH=V1,V2,... "
                         "(a ruleset option or actors.ID.stats.NAME)")
    if parts[0] == "options":
        parts = parts[1:]
    found = tuple(scalar(v.strip()) for v in values.split(","))
    if len(found) > MAX_VALUES:
        raise StudyError(f"--vary {parts}: at most {MAX_VALUES} values, got {len(found)}")
    return Vary(parts, found)


def scalar(text: str) -> Scalar:
    """A value as a YAML file would read it: whole numbers, numbers, true/false, null,
    else text."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("null", "none", "~"):
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def varied(data: Mapping[str, Any], vary: Vary, value: Scalar) -> dict[str, Any]:
    """A copy of an encounter's data with ``vary.path`` set to ``value``; an unknown path
    is a one-line :class:`StudyError` naming what was expected."""
    out = copy.deepcopy(dict(data))
    where = f"--vary {vary.name}"
    if vary.path[0] == "actors":
        if len(vary.path) != 4 or vary.path[2] != "stats":
            raise StudyError(f"{where}: expected actors.ID.stats.NAME")
        aid, stat = vary.path[1], vary.path[3]
        actors = [a for a in out.get("actors", []) if isinstance(a, dict)]
        actor = next((a for a in actors if a.get("id") == aid), None)
        if actor is None:
            ids = ", ".join(str(a.get("id")) for a in actors)
            raise StudyError(f"{where}: no actor {aid!r}; expected one of: {excerpt(ids, 120)}")
        stats = get_ruleset(str(out.get("ruleset"))).stats_model.model_fields
        if stat not in stats:
            raise StudyError(f"{where}: no stat {stat!r}; expected one of: "
                             f"{excerpt(', '.join(stats), 160)}")
        actor.setdefault("stats", {})[stat] = value
        return out
    ruleset = get_ruleset(str(out.get("ruleset")))
    node: Any = ruleset.options_model().model_dump(mode="json")
    for i, part in enumerate(vary.path):
        if not isinstance(node, dict) or part not in node:
            known = ", ".join(sorted(node)) if isinstance(node, dict) else "no deeper field"
            at = ".".join(vary.path[:i]) or "the options"
            raise StudyError(f"{where}: the {ruleset.id} ruleset has no option "
                             f"{'.'.join(vary.path[:i + 1])!r}; {at} has: "
                             f"{excerpt(known, 160)} (or vary actors.ID.stats.NAME)")
        node = node[part]
    if isinstance(node, dict):
        raise StudyError(f"{where}: {vary.name!r} is a group of options; vary one of: "
                         f"{excerpt(', '.join(sorted(node)), 160)}")
    options = out.setdefault("options", {})
    if not isinstance(options, dict):
        raise StudyError(f"{where}: the file's options are not a mapping")
    target = options
    for part in vary.path[:-1]:
        nxt = target.get(part)
        if not isinstance(nxt, dict):
            nxt = target[part] = {}
        target = nxt
    target[vary.path[-1]] = value
    return out


def run_seed(seed: int, run: int) -> int:
    """The seed of run ``run`` of a study seeded ``seed``: a hash, so that neighbouring
    runs share nothing, and the same on every executor and machine."""
    digest = hashlib.blake2b(f"footwork-study/{seed}/{run}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")

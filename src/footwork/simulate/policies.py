"""Policies: how an actor picks one of its options when a study plays on by itself.

A policy is a function ``(state, actor_id, options) -> option``; the built-in ones also
take the run's generator (random draws come from the run's seed, never the global one).
The same policy answers the actor's pending decisions (their options are the answers).

- ``random``: uniform over the options (ending the turn is one of them);
- ``cautious``: the least risky options by their exact odds (see :func:`risk_key`),
  one of them at random;
- ``toward:PLACE``: the option that ends nearest PLACE by the ruleset's own distance,
  the least risky among equals; when nothing gets nearer, it ends the turn;
- ``module:function``: a hook, called as ``function(state, actor_id, options)``, that
  returns one of the options, its index, or a command mapping.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from footwork.engine.choices import Option
from footwork.engine.state import State
from footwork.errors import FootworkError, excerpt
from footwork.simulate.distance import Distance, nearest

#: outcome names a cautious actor counts as going wrong
BAD_OUTCOMES = ("fail", "disaster", "miss", "fumble")
#: the option every actor has while it is its turn
END_TURN = "end_turn"


class PolicyError(FootworkError):
    """A policy that cannot be built, or a hook that raised or answered nonsense."""


class Chooser(Protocol):
    def __call__(self, state: State[Any], actor: str, options: Sequence[Option],
                 rng: random.Random) -> Option: ...


def risk_key(option: Option) -> tuple[Fraction, ...]:
    """How risky an option is, compared lexicographically with exact fractions: the
    chance of leaving the scene, then of falling (an undecided fall counts as certain)
    weighted by its height, then of a check going wrong, then of losing the action or
    turn, then the hazards entered."""
    risk = option.risk
    fall = Fraction(0)
    if risk.fall is not None:
        chance = Fraction(1) if risk.fall.chance is None else risk.fall.chance
        fall = chance * (1 + Fraction(risk.fall.distance).limit_denominator(1000))
    wrong = sum((p for check in option.checks for name, p in check.odds.items()
                 if any(bad in name.lower() for bad in BAD_OUTCOMES)), Fraction(0))
    loses = risk.loses.chance if risk.loses is not None else Fraction(0)
    return (risk.leaves_scene, fall, wrong, loses, Fraction(len(risk.hazards)))


def _ends_turn(option: Option) -> bool:
    return option.command.get("do") == END_TURN


def choose_random(state: State[Any], actor: str, options: Sequence[Option],
                  rng: random.Random) -> Option:
    return options[rng.randrange(len(options))]


def choose_cautious(state: State[Any], actor: str, options: Sequence[Option],
                    rng: random.Random) -> Option:
    keys = [risk_key(o) for o in options]
    least = min(keys)
    ties = [i for i, k in enumerate(keys) if k == least]
    return options[ties[rng.randrange(len(ties))]]


@dataclass(frozen=True)
class Toward:
    """``toward:PLACE``: nearest ``place`` by ``distance``, least risky among equals."""

    place: str
    distance: Distance

    def __call__(self, state: State[Any], actor: str, options: Sequence[Option],
                 rng: random.Random) -> Option:
        here = state.actors[actor].at if actor in state.actors else None
        now = nearest(self.distance, here, self.place)
        tos = _destinations(options)
        gaps = [now if to is None else nearest(self.distance, to, self.place) for to in tos]
        best = min(gaps)
        if state.pending is None and (best >= now or math.isinf(best)):
            ending = next((o for o in _eager(options) if _ends_turn(o)), None)
            if ending is not None:  # nothing gets nearer: wait for the next turn
                return ending
        ties = [i for i, g in enumerate(gaps) if g == best]
        return min((options[i] for i in ties), key=risk_key)


def _destinations(options: Sequence[Option]) -> list[str | None]:
    """Each option's ``to`` without building a grid's lazy options."""
    reach = getattr(options, "reachable", None)
    eager = getattr(options, "eager", None)
    if eager is None:
        return [o.to for o in options]
    return [*(reach.to if reach is not None else ()), *(o.to for o in eager)]


def _eager(options: Sequence[Option]) -> Sequence[Option]:
    eager: Sequence[Option] | None = getattr(options, "eager", None)
    return options if eager is None else eager


@dataclass(frozen=True)
class Hook:
    """A designer's own policy, ``module:function``."""

    name: str
    function: Callable[..., Any]

    def __call__(self, state: State[Any], actor: str, options: Sequence[Option],
                 rng: random.Random) -> Option:
        try:
            picked = self.function(state, actor, options)
        except Exception as exc:  # a hook is user code: any fault is reported in one line
            raise PolicyError(f"policy {self.name} raised {type(exc).__name__}: "
                              f"{one_line(str(exc))} (actor {actor})") from None
        if isinstance(picked, Option):
            return picked
        if isinstance(picked, int) and not isinstance(picked, bool) and (
                0 <= picked < len(options)):
            return options[picked]
        if isinstance(picked, Mapping):
            return Option(command=dict(picked), label="hook's command", cost="")
        raise PolicyError(f"policy {self.name} returned {one_line(repr(picked))}; "
                          f"expected one of the options, its index (0..{len(options) - 1}) "
                          f"or a command mapping (actor {actor})")


def one_line(text: str, limit: int = 160) -> str:
    """User text (a hook's message) as one short line."""
    return excerpt(" ".join(text.split()), limit)


def load_hook(spec: str) -> Hook:
    """The function named ``module:function``, or a one-line :class:`PolicyError`."""
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # any failure importing the designer's module
        raise PolicyError(f"--policy {spec}: cannot import {module_name!r}: "
                          f"{type(exc).__name__}: {one_line(str(exc))}") from None
    function = getattr(module, attr, None)
    if not callable(function):
        raise PolicyError(f"--policy {spec}: {module_name!r} has no function {attr!r}")
    return Hook(spec, function)

"""What a seat at the table may see: the one place that builds every output for a viewer.

A seat is the game master, the players as a group, one side, or one actor. The
ruleset says which names (actor and place ids) are hidden from a seat in a state
(:meth:`Ruleset.secrets`); everything a seat receives passes through :class:`View`:
the state JSON, the log, options, pending decisions, query answers, the map and
refusals. Three principles:

- nothing that names a hidden thing leaves: a log line, an option or a pending
  decision that mentions one is left out whole; a field that holds one is emptied;
- what a seat is offered is found in the state as it perceives it (:meth:`View.perceived`,
  without the actors hidden from it, on the map as it knows it), so an option never
  changes with where a hidden actor stands (a move's region has no hole at a hidden
  character's spot) nor with what lies in the places hidden from it;
- a seat's command is ruled on the map as the seat knows it (:meth:`View.charted`): the
  places hidden from it are listed in the state under :data:`UNKNOWN_PLACES`, and a
  ruleset's path search goes around them (a character cannot plan a way through a room
  nobody on its side has seen); the actors stay, so the rules still count them;
- the log is judged as it happened: each command's events are shown or not by
  what the seat could perceive once that command was resolved, so a later reveal
  never brings back earlier lines (history is not rewritten).
"""

from __future__ import annotations

import dataclasses
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic

from footwork.engine.choices import Option, Options
from footwork.engine.codec import JSON, to_jsonable
from footwork.engine.commands import Command, command_to_json
from footwork.engine.events import DecisionRequested, Event, TurnStarted, event_to_json
from footwork.engine.machine import Engine
from footwork.engine.seats import GM, PLAYERS, Seat, mentions, scrub
from footwork.engine.state import A, State, fast_replace
from footwork.errors import FootworkError, IllegalCommand, excerpt

__all__ = ["GM", "PLAYERS", "UNKNOWN_PLACES", "Seat", "Seen", "View", "last_turn", "mentions",
           "scrub"]

#: the key of ``State.world`` under which a state as a seat knows it (:meth:`View.charted`,
#: :meth:`View.perceived`) holds the ids of the places hidden from that seat, a frozenset.
#: A ruleset whose moves search a way through places treats them as impassable: a way may
#: not pass through one (whether it may end in one is the ruleset's call). Absent for the
#: game master and wherever nothing is hidden.
UNKNOWN_PLACES = "footwork.unknown_places"

#: states as a seat knows them, most recently used last: (id(state), hidden) -> (state,
#: charted); the state is held so that its id cannot be reused while it is kept. Asking
#: again about the same state gives the same object, so the engine's options cache holds.
_CHARTED: OrderedDict[tuple[int, frozenset[str]], tuple[State[Any], State[Any]]] = OrderedDict()
_CHARTED_KEPT = 16
_charted_lock = threading.Lock()

@dataclasses.dataclass(frozen=True, slots=True)
class Seen:
    """What a seat perceived of the history so far, as a caller that keeps it knows it
    (the table server keeps every read seat's log as commands come: server/seatlogs.py).
    Given to :meth:`View.state_json`, it spares the replay of the whole history that
    judging the log and the turn otherwise takes (issue 25: a read in time independent
    of the log's length)."""

    #: whose turn the seat last saw begin (the actor of its last ``turn_started`` line)
    turn: str | None
    #: the seat's log lines; None when not at hand (then a state with its log replays)
    lines: Sequence[dict[str, JSON]] | None = None


def last_turn(lines: Sequence[Mapping[str, JSON]], before: str | None) -> str | None:
    """Whose turn a seat last saw begin once it has seen ``lines`` (one command's, in
    order), ``before`` if none of them starts a turn."""
    return next((str(line["actor"]) for line in reversed(lines)
                 if line["event"] == TurnStarted.type), before)


class View(Generic[A]):
    """Everything a seat receives from an encounter, built in one place."""

    def __init__(self, engine: Engine[A], seat: Seat = GM) -> None:
        self.engine = engine
        self.seat = seat

    def secrets(self, state: State[A]) -> frozenset[str]:
        """The actor and place ids hidden from this seat in ``state``."""
        if self.seat.is_gm:
            return frozenset()
        return frozenset(self.engine.ruleset.secrets(state, self.seat))

    # -- the log --------------------------------------------------------------------

    def log(self, initial: State[A], batches: Iterable[Sequence[Event]]
            ) -> list[dict[str, JSON]]:
        """The log lines this seat perceived, each batch (the events of one command)
        judged by what was hidden once it was resolved."""
        return self._replay(initial, batches)[0]

    def _replay(self, initial: State[A], batches: Iterable[Sequence[Event]]
                ) -> tuple[list[dict[str, JSON]], str | None]:
        """The seat's log, and whose turn the seat last saw begin."""
        lines: list[dict[str, JSON]] = []
        turn: str | None = None
        state = initial
        for batch in batches:
            state = self.engine.replay(state, batch)
            shown = self.batch_lines(state, batch)
            lines += shown
            turn = last_turn(shown, turn)
        return lines, turn

    def batch_lines(self, after: State[A], batch: Sequence[Event],
                    events_json: Sequence[Mapping[str, JSON]] | None = None
                    ) -> list[dict[str, JSON]]:
        """The log lines of one command's events that this seat perceives, judged by
        what is hidden in ``after``, the state once they are folded in. ``events_json``: the
        events' JSON (:func:`event_to_json` of each), when the caller has made it
        already (the table server, for its store: issue 24 item 4); read, not changed."""
        lines = ([{**event_to_json(event), "text": event.describe()} for event in batch]
                 if events_json is None else
                 [{**body, "text": event.describe()}
                  for event, body in zip(batch, events_json, strict=True)])
        if self.seat.is_gm:
            return lines
        hidden = self.secrets(after)
        return [shown for event, line in zip(batch, lines, strict=True)
                if (shown := _seen_line(line, hidden) or _unsourced(event, hidden))
                is not None]

    # -- the state ------------------------------------------------------------------

    def state_json(self, state: State[A], initial: State[A] | None = None,
                   batches: Sequence[Sequence[Event]] | None = None, *,
                   log: bool = True, seen: Seen | None = None) -> dict[str, JSON]:
        """The documented state JSON as this seat may see it.

        For a seat other than the game master, the log and the turn are judged as they
        were seen: from ``seen`` when the caller keeps what the seat perceived (no
        replay), else by replaying ``initial`` and ``batches`` (the events of each
        command so far; the log too when ``seen`` holds no lines and ``log`` is asked);
        ``version`` is left out, since its steps would count hidden events.
        """
        ruleset = self.engine.ruleset
        body: dict[str, JSON] = {
            "ruleset": state.ruleset,
            "round": state.round,
            "turn": None if state.ended else state.current,
            "ended": state.ended,
            "order": list(state.order),
            "actors": {aid: ruleset.actor_json(state, a) for aid, a in state.actors.items()},
            "pending": to_jsonable(state.pending),
            "world": to_jsonable(state.world),
            "version": state.version,
        }
        if self.seat.is_gm:
            if log and batches is not None:  # the game master's log is every event
                body["log"] = [{**event_to_json(e), "text": e.describe()}
                               for batch in batches for e in batch]
            body["view"] = str(self.seat)
            return body
        hidden = self.secrets(state)
        if seen is not None and (seen.lines is not None or not log):
            lines, seen_turn = list(seen.lines or ()), seen.turn
        elif batches is None or initial is None:
            lines, seen_turn = [], None
        else:
            lines, seen_turn = self._replay(initial, batches)
        del body["version"]
        body["actors"] = {aid: scrub(entry, hidden)
                          for aid, entry in body["actors"].items()
                          if aid not in hidden}
        body["order"] = [a for a in state.order if a not in hidden]
        if body["turn"] in hidden:
            body["turn"] = seen_turn if seen_turn not in hidden else None
        body["pending"] = _seen_pending(body["pending"], hidden)
        body["world"] = scrub(body["world"], hidden)
        if log:
            body["log"] = lines
        body["view"] = str(self.seat)
        return body

    # -- options, queries, the map, refusals -----------------------------------------

    def options(self, state: State[A], actor_id: str) -> Options:
        """What ``actor_id`` may do now, if this seat commands it, found in the state as
        the seat perceives it (:meth:`perceived`: where a move may end does not show
        where a hidden character stands); none that names a hidden thing (a move into
        an unrevealed zone).

        When nothing is hidden from the seat, the engine's lazy :class:`Options` is
        passed on as it is; otherwise every option is built to be judged."""
        if not self.seat.is_gm and not self.seat.controls(state, actor_id):
            return Options()
        if self.seat.is_gm:
            return self.engine.options(state, actor_id)
        hidden = self.secrets(state)
        if not hidden:
            return self.engine.options(state, actor_id)
        if actor_id in hidden:
            return Options()
        found = self.engine.options(self.perceived(state, hidden), actor_id)
        return Options(shown for o in found
                       if (shown := _seen_option(o, hidden)) is not None)

    def perceived(self, state: State[A], hidden: frozenset[str] | None = None
                  ) -> State[A]:
        """``state`` as this seat perceives it, for what the seat is offered: the actors
        hidden from it (``hidden``, by default :meth:`secrets`) are not there, so nothing
        found in it (a move's region and spot, its cost, checks and risks) changes with
        where they stand or what they do; and the map is the one the seat knows
        (:meth:`charted`), so no way is found through a place hidden from it. Whose turn
        it is stays: a hidden actor whose turn it is keeps its place in the order (its id
        only), so that turn is still nobody else's. The game master perceives ``state``
        itself."""
        if self.seat.is_gm:
            return state
        if hidden is None:
            hidden = self.secrets(state)
        gone = hidden.intersection(state.actors)
        state = self.charted(state, hidden)
        if not gone:
            return state
        current = state.current if state.order else None
        order = tuple(a for a in state.order if a not in gone or a == current)
        return fast_replace(
            state, actors={aid: a for aid, a in state.actors.items() if aid not in gone},
            order=order, turn=order.index(current) if current is not None else state.turn)

    def charted(self, state: State[A], hidden: frozenset[str] | None = None
                ) -> State[A]:
        """``state`` on the map as this seat knows it, for ruling what the seat sends and
        finding what it is offered: the places hidden from it (``hidden``, by default
        :meth:`secrets`, less the actors) are listed in ``world`` under
        :data:`UNKNOWN_PLACES`, for the ruleset's path search to go around; everything
        else (every actor among them) is as it is. The same state for the same ``state``
        and places (kept for the last few asked). The game master's map is ``state``'s."""
        if self.seat.is_gm:
            return state
        if hidden is None:
            hidden = self.secrets(state)
        places = hidden.difference(state.actors)
        if not places:
            return state
        key = (id(state), places)
        with _charted_lock:
            held = _CHARTED.get(key)
            if held is not None and held[0] is state:
                _CHARTED.move_to_end(key)
                return held[1]
        charted = fast_replace(state, world={**state.world, UNKNOWN_PLACES: places})
        with _charted_lock:
            _CHARTED[key] = (state, charted)
            _CHARTED.move_to_end(key)
            while len(_CHARTED) > _CHARTED_KEPT:
                _CHARTED.popitem(last=False)
        return charted

    def plan(self, state: State[A], actor_id: str, to: str) -> Option | None:
        """The option that moves ``actor_id`` to ``to``, as :meth:`options` lists it for
        this seat (built alone when nothing is hidden from the seat); None when there
        is none or the seat does not command the actor."""
        if not self.seat.is_gm and not self.seat.controls(state, actor_id):
            return None
        if not self.seat.is_gm and self.secrets(state):
            return self.options(state, actor_id).find(to)
        return self.engine.plan(state, actor_id, to)

    def known(self, state: State[A], name: str) -> bool:
        """Whether ``name`` is an actor or place this seat may name (not hidden)."""
        return name not in self.secrets(state)

    def query(self, state: State[A], name: str, args: Sequence[str]) -> JSON:
        """A ruleset query as this seat may ask it: naming a hidden actor or place is
        refused exactly as naming one that does not exist; the answer is scrubbed."""
        queries = self.engine.ruleset.queries()
        query = queries.get(name)
        if query is None:
            raise FootworkError(f"unknown query {excerpt(name)!r}; expected one of: "
                                f"{', '.join(sorted(queries))}")
        if len(args) != len(query.params):
            raise FootworkError(f"{name} takes {len(query.params)} argument(s): "
                                f"{' '.join(query.params)}")
        if self.seat.is_gm:
            return query.answer(state, *args)
        hidden = self.secrets(state)
        names = set(state.actors) | set(self.engine.ruleset.place_ids(state.space))
        unseen = [arg for arg in args if arg in hidden or arg not in names]

        def unknown() -> FootworkError:
            # the same words whether the name is hidden or does not exist at all
            return FootworkError(f"no actor or place {excerpt(unseen[0])!r}")

        if any(arg in hidden for arg in args):
            raise unknown()
        try:  # on the map as the seat knows it (a count of zones goes round unseen ones)
            answer = query.answer(self.charted(state, hidden), *args)
        except FootworkError as exc:
            if unseen:
                raise unknown() from None
            if mentions(str(exc), hidden):
                raise FootworkError(f"query {name}: no answer") from None
            raise
        return scrub(answer, hidden)

    def space_json(self, state: State[A]) -> Mapping[str, JSON]:
        """The map as this seat may see it (hidden places and what marks them left out)."""
        body = self.engine.ruleset.space_json(state.space)
        if self.seat.is_gm:
            return body
        return self.engine.ruleset.view_space(state, body, self.secrets(state))

    def decide(self, state: State[A], command: Command | Mapping[str, JSON]
               ) -> tuple[Event, ...]:
        """Decide ``command`` sent by this seat, on the map as the seat knows it
        (:meth:`charted`: no way through a place hidden from it).

        A player seat's names are resolved against its view before any rule runs: each
        hidden name the command holds is replaced by a stand-in that names nothing, so
        the rules see exactly what they see for a made-up name, and the refusal (its
        reason, its words with the name put back, the rule ids) is the same. The work
        is the same too: stand-ins are made for every string the seat cannot name,
        hidden or made-up alike, and the rules are asked once (one path, issue 24 item
        6). So a player never names what is hidden from it: not a character it does not
        know of (the game master sends a ``sense`` for it, R000-71), nor an unrevealed
        place (the game master moves a character into one, which reveals it, A004-17);
        an accepted name would tell that it exists. A refusal that names a hidden thing
        the seat did not send itself (whose turn it is) keeps its reason code and says
        no more."""
        engine = self.engine
        if self.seat.is_gm:
            return engine.decide(state, command)
        hidden = self.secrets(state)
        ruled = self.charted(state, hidden) if hidden else state
        checked = engine.checked(command)
        body = command_to_json(checked)
        names = set(state.actors) | set(engine.ruleset.place_ids(state.space))
        taken = names | hidden
        unknown = sorted({text for key, value in body.items() if key != "do"
                          for text in _strings(value) if text not in names or text in hidden})
        stand_ins = {text: _stand_in(text, taken) for text in unknown}
        named = {name: stand_ins.get(name) or _stand_in(name, taken)
                 for name in sorted(hidden) if mentions(body, frozenset({name}))}
        # every unknown string is swapped (a made-up one for itself), so that both
        # kinds of name cost the same substitutions on the way in and back
        swaps = {**{text: text for text in unknown}, **named}
        # nothing to swap: the checked value itself (not its JSON, parsed once more)
        sent: Command | Mapping[str, JSON] = _swapped(body, swaps) if swaps else checked
        try:
            events = engine.decide(ruled, sent)
        except IllegalCommand as exc:
            refused: FootworkError = exc
        except FootworkError as exc:
            refused = exc
        else:
            # a field where any text is accepted (a reason): the original stands
            return engine.decide(ruled, body) if named else events
        detail = refused.detail if isinstance(refused, IllegalCommand) else str(refused)
        told = _swapped_back(detail, swaps)
        if mentions(detail, hidden):  # a hidden thing the seat did not name itself
            if isinstance(refused, IllegalCommand):
                raise IllegalCommand(refused.reason, "refused: not possible now") from None
            raise FootworkError("refused: not possible now") from None
        if isinstance(refused, IllegalCommand):
            raise IllegalCommand(refused.reason, told, refused.rules) from None
        raise FootworkError(told) from None

    def refusal(self, state: State[A], exc: IllegalCommand) -> IllegalCommand:
        """A refusal as this seat may read it: one that names a hidden thing keeps its
        reason code and says no more."""
        if self.seat.is_gm or not mentions(exc.detail, self.secrets(state)):
            return exc
        return IllegalCommand(exc.reason, "refused: not possible now")


def _neutral(actor: JSON, choices: JSON) -> str:
    """The words of a decision asked by something hidden from the seat: whose decision
    it is and its choices, naming no one else."""
    picks = " / ".join(str(c) for c in choices) if isinstance(choices, list | tuple) else ""
    return f"{actor} must decide ({picks}); what asks it is hidden from you"


def _seen_line(line: dict[str, JSON], hidden: frozenset[str]) -> dict[str, JSON] | None:
    """A log line as a player seat sees it: whole, or left out when it names a hidden
    thing; but a decision asked of a character the seat perceives is always told (its
    source scrubbed, issue 24 item 2), so its log, version, live messages, state and
    options agree that a decision waits."""
    if not mentions(line, hidden):
        return line
    if line.get("event") != DecisionRequested.type or line.get("actor") in hidden:
        return None
    return {"event": line["event"], "rules": line.get("rules", []), "actor": line["actor"],
            "kind": line.get("kind"), "choices": line.get("choices", []),
            "prompt": _neutral(line["actor"], line.get("choices")),
            "context": scrub(line.get("context", {}), hidden),
            "text": _neutral(line["actor"], line.get("choices"))}


def _unsourced(event: Event, hidden: frozenset[str]) -> dict[str, JSON] | None:
    """The line of an event that happened to a character the seat perceives, caused by
    one it does not (a hidden thrower, its ``source`` field): told with the cause left
    out, in words that name no one, so the seat's log says where its character went
    (issue 24). None for any other line, or when more than the cause is hidden."""
    field = type(event).source
    if (field is None or getattr(event, "actor", None) in hidden
            or getattr(event, field, None) not in hidden):
        return None
    emptied: dict[str, Any] = {field: None}
    plain = dataclasses.replace(event, **emptied)
    line = {**event_to_json(plain), "text": f"{plain.describe()}; its cause is hidden from you"}
    return None if mentions(line, hidden) else line


def _seen_pending(pending: JSON, hidden: frozenset[str]) -> JSON:
    """The pending decision as a player seat sees it: none when it is asked of a
    character hidden from the seat; else with what names a hidden thing scrubbed (the
    prompt in words that name no one)."""
    if not isinstance(pending, Mapping) or not mentions(pending, hidden):
        return pending
    if pending.get("actor") in hidden or mentions(pending.get("choices"), hidden):
        return None
    seen = dict(scrub(pending, hidden))
    seen["prompt"] = _neutral(pending.get("actor"), pending.get("choices"))
    return seen


def _seen_option(option: Option, hidden: frozenset[str]) -> Option | None:
    """An option as a player seat is offered it: none that names a hidden thing (a move
    into an unrevealed zone), but an answer to its own decision is always offered, in
    words that name no one (the odds of a hidden character's roll would tell its
    stats: left out)."""
    if not mentions(option.to_json(), hidden):
        return option
    if "answer" not in option.command or mentions(option.command, hidden):
        return None
    return Option(command=option.command, label=f"answer {option.command['answer']}",
                  cost="", rules=option.rules)


def _stand_in(name: str, taken: set[str]) -> str:
    """A name of the same length and kind of characters as ``name`` that names nothing
    (letters and digits shifted), so a refusal quoting it reads as one quoting ``name``."""
    for shift in range(1, 26):
        out = "".join(
            chr((ord(c) - base + shift) % size + base) if c.isascii() and c.isalnum() else c
            for c in name
            for base, size in [(ord("0"), 10) if c.isdigit() else
                               (ord("A"), 26) if c.isupper() else (ord("a"), 26)])
        # a plain substring test first: the word test only where one is found
        if out != name and not any(t in out and mentions(out, frozenset({t}))
                                   for t in taken):
            return out
    return "~" * len(name)


def _swapped(value: JSON, names: Mapping[str, str]) -> JSON:
    """``value`` with every string that is one of ``names`` replaced by its stand-in."""
    if isinstance(value, str):
        for name, stand_in in names.items():
            value = _word_swap(value, name, stand_in)
        return value
    if isinstance(value, Mapping):
        return {k: _swapped(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_swapped(v, names) for v in value]
    return value


def _swapped_back(text: str, names: Mapping[str, str]) -> str:
    """``text`` with each stand-in of ``names`` (name -> stand-in) put back."""
    for name, stand_in in names.items():
        text = _word_swap(text, stand_in, name)
    return text


def _strings(value: JSON) -> Iterable[str]:
    """Every string ``value`` holds (not its keys)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _word_swap(text: str, old: str, new: str) -> str:
    return re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", lambda _: new, text)

"""The structured event log of one game, used by ``replay`` and the golden traces.

Engines receive ``trace=None`` when tracing is off and guard every call with ``if trace:``, so
no event is built and no string is formatted in a normal run.
"""
from __future__ import annotations

import json

from automa.core.strategy import Strategy


class Trace:
    """An append-only list of events; each event is a flat dict with a ``kind``."""

    __slots__ = ("events",)

    def __init__(self):
        self.events: list[dict] = []

    def __bool__(self) -> bool:
        return True

    def event(self, kind: str, **fields) -> None:
        """Record one event. ``rule`` names the rule ID that made an automa decision."""
        self.events.append({"kind": kind, **fields})


def event_line(event: dict) -> str:
    """One event as a readable log line; a player's decision with its ``label`` (the choice in words,
    automa.core.registry.Game.describe) shows that instead of its fields."""
    if event.get("label") is not None:
        return f"{'decision':<14} {event['decision']}: {event['label']}  (of {event['options']})"
    fields = " ".join(f"{k}={_fmt(v)}" for k, v in event.items() if k not in ("kind", "rule"))
    rule = f"  [{event['rule']}]" if event.get("rule") else ""
    return f"{event['kind']:<14} {fields}{rule}"


class Labelling(Strategy):
    """A strategy that plays as ``inner`` does and puts each of its choices in words (``describe(view,
    kind, choice)``), appended to ``labels`` in the order the decisions come."""

    def __init__(self, inner: Strategy, describe, labels: list):
        super().__init__(inner.rng)
        self.inner, self.describe, self.labels = inner, describe, labels
        self.name, self.searches = inner.name, inner.searches

    def choose(self, decision):
        choice = self.inner.choose(decision)
        self.labels.append(self.describe(decision.view, decision.kind, choice))
        return choice

    def rank(self, decision):
        return self.inner.rank(decision)


def label_decisions(events: list[dict], labels: list[str]) -> None:
    """Give the player's decision events their labels, in order (:class:`Labelling`)."""
    decisions = (e for e in events if e["kind"] == "decision")
    for event, label in zip(decisions, labels):
        event["label"] = label


def event_json(event: dict) -> str:
    return json.dumps(event, sort_keys=False, default=str)


def _fmt(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(map(str, value)) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{v}" for k, v in value.items()) + "}"
    return str(value)

"""The structured event log of one game, used by ``replay`` and the golden traces.

Engines receive ``trace=None`` when tracing is off and guard every call with ``if trace:``, so
no event is built and no string is formatted in a normal run.
"""
from __future__ import annotations

import json


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
    """One event as a readable log line."""
    fields = " ".join(f"{k}={_fmt(v)}" for k, v in event.items() if k not in ("kind", "rule"))
    rule = f"  [{event['rule']}]" if event.get("rule") else ""
    return f"{event['kind']:<14} {fields}{rule}"


def event_json(event: dict) -> str:
    return json.dumps(event, sort_keys=False, default=str)


def _fmt(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(map(str, value)) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{v}" for k, v in value.items()) + "}"
    return str(value)

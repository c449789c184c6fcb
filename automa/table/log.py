"""A game's log in sentences: what ``log`` tells at a prompt of ``automa-sim play`` and what ``replay
FILE`` prints for a saved game (docs/play.md): the player's decisions in words, every other event in
the game's sentence (its ``tell``).
"""
from __future__ import annotations

from typing import Any, Callable

from automa.core.registry import Game, get_game
from automa.core.trace import Labelling, Trace, label_decisions
from automa.table.line import wrap
from automa.table.saved import Saved, replay


def sentences(entry: Game, events: list[dict], labels: list[str], view_at: Callable[[int], Any]) -> list[str]:
    """A game's events in words, as ``log`` tells them: the player's decisions as ``you: LABEL`` (their
    ``labels`` in order), every other event in the game's sentence (``tell`` with the view
    ``view_at(i)`` of event ``i``), none for an event it does not tell."""
    events = [dict(e) for e in events]
    label_decisions(events, labels)
    told = (f"  you: {e['label']}" if e.get("label") else entry.tell(view_at(i), e) for i, e in enumerate(events))
    return [text for text in told if text]


class Noting(Labelling):
    """:class:`Labelling` that also notes each decision's view and how many events came before it."""

    def __init__(self, inner, describe, labels: list, trace: Trace, seen: list):
        super().__init__(inner, describe, labels)
        self.trace, self.seen = trace, seen

    def choose(self, decision):
        self.seen.append((len(self.trace.events), decision.view))
        return super().choose(decision)


def narrate_saved(saved: Saved) -> tuple[list[str], dict | None]:
    """A saved game told as ``log`` tells it (``replay FILE``): its sentences, each event with the view of
    the decision that follows it (the last decision's after it), wrapped at 80 columns, and its
    ``games.csv`` row (None if unfinished)."""
    entry, trace, labels, seen = get_game(saved.game), Trace(), [], []
    final = replay(saved, trace, lambda script: Noting(script, entry.describe, labels, trace, seen))

    def view_at(i: int):
        return next((view for at, view in seen if at > i), seen[-1][1] if seen else None)

    lines = sentences(entry, trace.events, labels, view_at)
    return [x for text in lines for x in wrap(text, 4)], final

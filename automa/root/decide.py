"""Asking the scripted player: the one place a human seat's choice is made.

Every rule area that leaves the human a choice calls :func:`choose` with a short ``kind`` (listed in
docs/decisions.md) and the legal choices: plain values (ints, strings, tuples of them, or ``PASS`` for an
optional action not taken), hashable and in a stable order. A single
legal choice is taken without asking. The game's ``ask`` (set by the turn loop for the real game, by
the rollout for a copy) puts the rest to the strategy.
"""
from __future__ import annotations

from automa.root.state import Game

PASS = ("pass",)            # "do not" (docs/decisions.md); the core has no shared one yet


def one_per_name(game: Game, cards: list[int]) -> list[int]:
    """The first card of each name among ``cards``, in their order: copies of a card are one choice."""
    seen, out = set(), []
    for k in cards:
        if game.cards[k].key not in seen:
            seen.add(game.cards[k].key)
            out.append(k)
    return out


def choose(game: Game, kind: str, choices: list | tuple):
    """The player's choice among ``choices`` for a decision of ``kind``."""
    if not choices:
        raise ValueError(f"no legal choice for {kind}")
    if len(choices) == 1:
        return choices[0]
    return game.ask(game, kind, tuple(choices))

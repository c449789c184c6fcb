"""Fixtures for the Rurik tests: data loaded once, matches in a chosen state, a scripted strategy.

``make_match(**options)`` gives a Match whose state is ``setup.new_state`` (the Rebellion's
pieces, board and deck, an empty map): tests then edit the state by hand. ``region(name)`` turns a
region name into its index. ``Scripted`` answers decisions from a queue (or a callable per kind).
"""
from __future__ import annotations

import random
from collections import deque

import pytest

from automa.core.registry import get_game
from automa.rurik import data as rdata
from automa.rurik import module_hooks
from automa.rurik import setup as rsetup
from automa.rurik.match import Match
from automa.rurik.state import ModState
from automa.core.strategy import Strategy

_DATA = rdata.load()


class Scripted(Strategy):
    """A test strategy: pops its answers from a queue; an answer may be a callable
    ``f(decision) -> choice``. With an empty queue it takes the first choice (or ``default``)."""

    name = "scripted"

    def __init__(self, answers=(), default=None):
        super().__init__(random.Random(0))
        self.answers = deque(answers)
        self.default = default
        self.asked = []

    def choose(self, decision):
        self.asked.append((decision.kind, list(decision.choices)))
        if self.answers:
            a = self.answers.popleft()
            return a(decision) if callable(a) else a
        if self.default is not None:
            return self.default(decision)
        return decision.choices[0]


def options(**given):
    return get_game("rurik").resolve_options(given)


def make_match(strategy=None, trace=None, data=None, **given) -> Match:
    """A Match with a blank state from ``setup.new_state`` (nothing on the map); with ``modules=...``
    an empty ``ModState`` (no epic card laid out, no faction: tests set them) and the modules' hooks."""
    opts = options(**given)
    m = Match(data or _DATA, opts, None, strategy or Scripted(), random.Random(1),
              random.Random(2), trace, module_hooks(opts["modules"]))
    m.s = rsetup.new_state(m)
    m.s.neutral = [0] * 8
    m.s.sides[1].supply = 16
    if m.hooks.modules:
        m.s.mod = ModState()
    return m


def region(name: str) -> int:
    return _DATA.regions.index(name)


def card_index(card_id: int) -> int:
    return next(i for i, c in enumerate(_DATA.cards) if c.id == card_id)


@pytest.fixture
def data():
    return _DATA


@pytest.fixture
def mk():
    return make_match


@pytest.fixture
def R():
    return region

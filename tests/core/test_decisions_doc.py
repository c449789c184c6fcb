"""docs/decisions.md lists every decision kind each engine can ask, and nothing else.

The kinds are collected from the engines' source (every ``decide(m, "kind", ...)`` and
``run.choose("kind", ...)``, and Rurik's action-point kinds, ``choices.CHOICES``) and, as a check on
that scan, from games played with every module by a strategy that records what it is asked.
"""
import re
from pathlib import Path

import pytest

from automa.run.runner import prepare
from automa.core.seeding import game_streams
from automa.run.simulate import resolve
from automa.rurik.choices import CHOICES
from automa.core.strategy import Strategy

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "decisions.md").read_text()
CALL = {"rurik": r"(?<!def )\bdecide\(", "stroganov": r"\.choose\(", "root": r"(?<!def )\bchoose\("}
LITERAL = {"rurik": r"\bdecide\(m, \"(\w+)\"", "stroganov": r"\.choose\(\"(\w+)\"",
           "root": r"\bchoose\(\s*game, \"(\w+)\""}
# kinds passed by variable: Rurik's spend(m, action, ...), Root's Birdsong steps of the Alliance
DYNAMIC = {"rurik": set(CHOICES), "stroganov": set(), "root": {"alliance_revolt", "alliance_spread"}}
ALL_MODULES = {
    "rurik": [{"modules": "epic,warfare,factions", "player_leader": leader, "rebel_leader": "maria"}
              for leader in ("theofana", "sviatoslav", "mstislav")],
    "stroganov": [{"modules": "merchant,hunting_plan,landscapes,diplomacy", "opponent": o} for o in ("ivan", "katyusha")],
    "root": [{"faction": f} for f in ("marquise", "eyrie", "alliance", "vagabond")],
}


def documented(game: str) -> set[str]:
    """The kinds in the first column of the tables of ``## game``."""
    section = re.search(rf"^## {game}\n(.*?)(?=^## |\Z)", DOC, re.S | re.M).group(1)
    return set(re.findall(r"^\| `(\w+)` \|", section, re.M))


def from_source(game: str) -> set[str]:
    kinds, calls = set(), 0
    for path in (ROOT / "automa" / game).rglob("*.py"):
        text = path.read_text()
        kinds |= set(re.findall(LITERAL[game], text))
        calls += len(re.findall(CALL[game], text)) - len(re.findall(LITERAL[game], text))
    assert calls == (1 if DYNAMIC[game] else 0), "a decision kind is passed by variable: list it in DYNAMIC"
    return kinds | DYNAMIC[game]


class Recorder(Strategy):
    """Plays uniformly at random and records every kind it is asked."""

    seen: set = set()

    def choose(self, decision):
        Recorder.seen.add(decision.kind)
        return self.uniform(decision.choices)


@pytest.mark.parametrize("game", ["rurik", "stroganov", "root"])
def test_every_kind_an_engine_can_ask_is_documented(game):
    assert len(from_source(game)) >= {"rurik": 23, "stroganov": 12, "root": 49}[game]
    assert documented(game) == from_source(game)


@pytest.mark.parametrize("game", ["rurik", "stroganov", "root"])
def test_the_kinds_asked_in_games_with_every_module_are_documented(game):
    Recorder.seen = set()
    for options in ALL_MODULES[game]:
        spec = resolve(game, "random", options, 5)
        ctx = prepare(spec)
        for i in range(4):
            streams = game_streams(5, i)
            spec.game.play(ctx, spec.options, Recorder(streams.strategy), streams, None)
    assert len(Recorder.seen) >= {"rurik": 15, "stroganov": 8, "root": 25}[game] and Recorder.seen <= documented(game)
